# SPDX-License-Identifier: BSD-3-Clause
"""Basic slicing of array arguments in fused functions.

Note [Views in fuse]
A fused function's arguments stand for one element each (Note [Fusing by
translation]), so ``x[1:] - x[:-1]`` has no meaning inside the kernel. It
does before it: each subscript of an argument by basic indices (integers,
slices, ``...``, ``None``; bounds that are literals, closure or global
constants, or Python-number arguments) becomes a new parameter of the
translated function, and each call computes that view with gpuarray's own
indexing and passes it to the kernel; the kernel then broadcasts the views
as it broadcasts arguments. An argument that is only sliced is left out of
the kernel (its shape would not broadcast with its views). A view may be
updated in place (``x[1:] += y``, Note [In-place updates in fuse]) when the
function uses its argument only through views. Index arrays, array-valued
bounds and other subscripts run unfused."""
import ast
import copy

import numpy

from gpuarray.jit import _types


class ViewUnfusable(Exception):
    """Why a function's subscripts keep it unfused."""


_INDEX_NODES = (ast.Constant, ast.Slice, ast.Tuple, ast.UnaryOp, ast.USub, ast.UAdd, ast.BinOp, ast.Add, ast.Sub,
                ast.Mult, ast.FloorDiv, ast.Name, ast.Load)


class _Views(ast.NodeTransformer):
    """Subscripts of arguments (or of their views) to names of new parameters."""

    def __init__(self, parameters, types, func):
        self.parameters, self.types = list(parameters), list(types)
        self.known = set(parameters)
        self.func = func
        self.specs = []   # (name, the subscript's code, the parent's name)

    def _check_index(self, index, text):
        for sub in ast.walk(index):
            if not isinstance(sub, _INDEX_NODES):
                raise ViewUnfusable(f"the subscript {text} is not basic indexing by constants")
            if isinstance(sub, ast.Name) and sub.id in self.known:
                position = self.parameters.index(sub.id)
                if not isinstance(self.types[position], _types.WeakScalar):
                    raise ViewUnfusable(f"the subscript {text} uses argument {sub.id!r}, which is no Python number")

    def visit_Subscript(self, node):
        node = self.generic_visit(node)
        if not (isinstance(node.value, ast.Name) and node.value.id in self.known):
            return node
        parent = node.value.id
        parent_type = self.types[self.parameters.index(parent)]
        if not isinstance(parent_type, numpy.dtype):
            raise ViewUnfusable(f"{ast.unparse(node)} subscripts argument {parent!r}, which is no array")
        text = ast.unparse(node)
        self._check_index(node.slice, text)
        name = f"_ga_view{len(self.specs)}"
        load = copy.copy(node)
        load.ctx = ast.Load()
        code = compile(ast.fix_missing_locations(ast.Expression(load)), f"<fuse view {text}>", "eval")
        self.specs.append((name, code, parent))
        self.parameters.append(name)
        self.types.append(parent_type)
        self.known.add(name)
        return ast.copy_location(ast.Name(name, node.ctx), node)


class ViewLayout:
    """What a call passes the kernel: the kept arguments (`kept`, indices of the call's arguments),
    then the views the body uses (`used`), each computed from `specs` (a view's parameter name, code
    and parent) in order."""

    def __init__(self, parameters, kept, specs, used, func):
        self.parameters, self.kept, self.specs, self.used, self.func = parameters, kept, specs, used, func

    def arguments(self, args):
        """The kernel's arguments for a call with `args`: the kept ones, then the used views, each
        computed with gpuarray's basic indexing from the arguments and the earlier views."""
        scope = dict(zip(self.parameters, args))
        closure = dict(zip(self.func.__code__.co_freevars, (c.cell_contents for c in self.func.__closure__ or ())))
        for name, code, _ in self.specs:
            scope[name] = eval(code, self.func.__globals__, {**closure, **scope})   # basic indexing only
        return [args[i] for i in self.kept] + [scope[name] for name in self.used]


def rewrite(node, parameters, types, func):
    """(`node` with argument subscripts as new parameters, their types, the ViewLayout), or None where
    the function subscripts no argument."""
    views = _Views(parameters, types, func)
    node = ast.fix_missing_locations(views.visit(copy.deepcopy(node)))
    if not views.specs:
        return None
    body_names = {sub.id for statement in node.body for sub in ast.walk(statement) if isinstance(sub, ast.Name)}
    # An argument the body no longer uses whole is left out (Python numbers stay: slice bounds read them).
    kept = [i for i, p in enumerate(parameters) if p in body_names or not isinstance(types[i], numpy.dtype)]
    used = [name for name, _, _ in views.specs if name in body_names]
    node.args = copy.copy(node.args)
    node.args.args = [ast.arg(parameters[i]) for i in kept] + [ast.arg(name) for name in used]
    view_types = dict(zip(views.parameters[len(parameters):], views.types[len(parameters):]))
    new_types = [types[i] for i in kept] + [view_types[name] for name in used]
    return node, new_types, ViewLayout(list(parameters), kept, views.specs, used, func)


def check_updated_views(layout, updated):
    """Refuses an in-place update of a view whose argument the body also uses whole."""
    kept_names = {layout.parameters[i] for i in layout.kept}
    parents = {name: parent for name, _, parent in layout.specs}
    for name in parents:
        root = name
        while root in parents:
            root = parents[root]
        if name in updated and root in kept_names:
            raise ViewUnfusable(f"a view of argument {root!r} is updated in place and {root!r} is used whole")


__all__ = ["ViewLayout", "ViewUnfusable", "check_updated_views", "rewrite"]
