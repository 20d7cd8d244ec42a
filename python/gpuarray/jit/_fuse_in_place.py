# SPDX-License-Identifier: BSD-3-Clause
"""In-place updates of array arguments in fused functions.

Note [In-place updates in fuse]
NumPy's ``x += expr`` and ``ufunc(a, b, out=x)`` write into the array x. A
fused function that does so to an array argument is rewritten before
translation: ``ufunc(a, b, out=x)`` becomes ``x = ufunc(a, b)``, marked
``in_place_update`` so that the translator casts the value into x's dtype
with NumPy's same_kind rule (as it does for ``x += expr``; any other
assignment to an argument still runs unfused), and the final ``return``
gains x's final value as one more result. The elementwise kernel writes that
result into x itself: each element is read before it is written, as in
NumPy. The call returns what the function returned, x itself where the
function returned x. Where another argument shares memory with an updated
one (NumPy would see the update through it), where the arrays broadcast to
a shape other than x's, or where x is not a writeable gpuarray array, the
call runs unfused, and NumPy's semantics or errors come from there."""
import ast
import copy

import numpy

from gpuarray._array_creation.from_shape import empty
from gpuarray._base.memory_overlap import may_share_memory
from gpuarray._core import ndarray


class InPlaceUnfusable(Exception):
    """Why a function with in-place updates runs unfused."""


def _out_target(call):
    """The `out=` keyword's value of a call, or None."""
    for keyword in call.keywords:
        if keyword.arg == "out":
            return keyword.value
    return None


def updated_arguments(node, parameters):
    """The parameters of `node` (a FunctionDef) that ``p op= ...`` or ``...(out=p)`` update, in order."""
    updated = []
    for sub in ast.walk(node):
        name = None
        if isinstance(sub, ast.AugAssign) and isinstance(sub.target, ast.Name):
            name = sub.target.id
        elif isinstance(sub, ast.Call) and isinstance(_out_target(sub), ast.Name):
            name = _out_target(sub).id
        if name in parameters and name not in updated:
            updated.append(name)
    return [p for p in parameters if p in updated]


class _OutToAssignment(ast.NodeTransformer):
    """``ufunc(a, b, out=p)`` as a statement, or returned, to the marked ``p = ufunc(a, b)``."""

    def __init__(self, updated):
        self.updated = updated

    def _assignment(self, call):
        target = _out_target(call)
        if not isinstance(target, ast.Name) or target.id not in self.updated:
            raise InPlaceUnfusable(f"out={ast.unparse(target)} is not an array argument")
        plain = copy.copy(call)
        plain.keywords = [k for k in call.keywords if k.arg != "out"]
        assign = ast.Assign(targets=[ast.Name(target.id, ast.Store())], value=self.generic_visit(plain))
        assign.in_place_update = True
        return ast.copy_location(assign, call), target.id

    def visit_Expr(self, node):
        if isinstance(node.value, ast.Call) and _out_target(node.value) is not None:
            return self._assignment(node.value)[0]
        return self.generic_visit(node)

    def visit_Return(self, node):
        if isinstance(node.value, ast.Call) and _out_target(node.value) is not None:
            assign, name = self._assignment(node.value)
            return [assign, ast.copy_location(ast.Return(ast.Name(name, ast.Load())), node)]
        return self.generic_visit(node)

    def visit_Call(self, node):
        if _out_target(node) is not None:
            raise InPlaceUnfusable(f"out= inside an expression ({ast.unparse(node)})")
        return self.generic_visit(node)


class InPlaceLayout:
    """How the kernel's results map back: `returned` lists ("value", k) or ("argument", parameter index)
    per returned item, `as_tuple` whether the function returned a tuple, `n_values` the results the
    kernel writes to new arrays, `updated` the indices of the parameters it writes in place."""

    def __init__(self, returned, as_tuple, n_values, updated):
        self.returned, self.as_tuple, self.n_values, self.updated = returned, as_tuple, n_values, updated


def rewrite(node, parameters, updated):
    """(a copy of `node` whose final return also gives the updated parameters' values, its InPlaceLayout)."""
    node = _OutToAssignment(set(updated)).visit(copy.deepcopy(node))
    ast.fix_missing_locations(node)
    returns = [sub for sub in ast.walk(node) if isinstance(sub, ast.Return)]
    final = node.body[-1] if isinstance(node.body[-1], ast.Return) else None
    if len(returns) > (final is not None):
        raise InPlaceUnfusable("a return before the end of a function that updates an argument in place")
    value = final.value if final is not None else None
    items = [] if value is None else list(value.elts) if isinstance(value, ast.Tuple) else [value]
    returned, results = [], []
    for item in items:
        if isinstance(item, ast.Name) and item.id in updated:
            returned.append(("argument", parameters.index(item.id)))
        else:
            returned.append(("value", len(results)))
            results.append(item)
    n_values = len(results)
    results += [ast.Name(p, ast.Load()) for p in updated]
    result = results[0] if len(results) == 1 else ast.Tuple(results, ast.Load())
    new_return = ast.copy_location(ast.Return(result), final if final is not None else node.body[-1])
    node.body = (node.body[:-1] if final is not None else node.body) + [new_return]
    ast.fix_missing_locations(node)
    layout = InPlaceLayout(returned, isinstance(value, ast.Tuple), n_values, [parameters.index(p) for p in updated])
    return node, layout


def run(kernel, layout, value_dtypes, args):
    """Calls `kernel` writing the updated arguments in place (Note [In-place updates in fuse])."""
    arrays = [a for a in args if isinstance(a, ndarray)]
    shape = numpy.broadcast_shapes(*[a.shape for a in arrays])
    targets = [args[i] for i in layout.updated]
    for index, target in zip(layout.updated, targets):
        if not isinstance(target, ndarray) or not target.flags.writeable:
            raise InPlaceUnfusable(f"argument {index} is updated in place but is not a writeable gpuarray array")
        if target.shape != shape:
            raise InPlaceUnfusable(f"argument {index} of shape {target.shape} is updated in place, but the "
                                   f"arguments broadcast to {shape}")
        for other, a in enumerate(args):
            if other != index and isinstance(a, ndarray) and may_share_memory(a, target):
                raise InPlaceUnfusable(f"argument {other} shares memory with argument {index}, which is updated "
                                       "in place")
    values = [empty(shape, dtype) for dtype in value_dtypes]
    kernel(*args, *values, *targets)
    returned = [values[k] if kind == "value" else args[k] for kind, k in layout.returned]
    if layout.as_tuple:
        return tuple(returned)
    return returned[0] if returned else None


__all__ = ["InPlaceLayout", "InPlaceUnfusable", "rewrite", "run", "updated_arguments"]
