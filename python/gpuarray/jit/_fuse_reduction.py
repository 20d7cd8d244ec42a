# SPDX-License-Identifier: BSD-3-Clause
"""The reduction a fused function ends in, and what is applied to its result.

Note [Reductions in fuse]
A fused function whose ``return`` holds one reduction call over an
elementwise expression runs as one ReductionKernel: ``xp.sum(expr, axis=,
keepdims=)`` (prod, max, min, all, any, mean; ``numpy.*``, ``gpuarray.*``
or the method spelling ``expr.sum(axis)``). Whatever the return does with
the reduced value (``xp.sqrt(xp.sum(x * x))``, ``2 * xp.max(...)``) is
translated as a second device function of that value alone and runs in the
kernel's post-map, once per output element: so it may use constants but
not the arguments, which are per input element. ``xp.linalg.norm(expr)``
(a vector 2-norm: no ``ord``, an integer axis or none) is the sum of the
squares of expr in floating point followed by a square root, as NumPy
computes it. A mean with such a composition, or two reductions, run
unfused."""
import ast
import copy
import inspect
import types

import numpy

# reduction name -> (reduce_expr, identity or None)
REDUCTIONS = {"sum": ("a + b", "0"), "prod": ("a * b", "1"), "max": ("ga::jit::maximum(a, b)", None),
              "min": ("ga::jit::minimum(a, b)", None), "all": ("a && b", "true"), "any": ("a || b", "false"),
              "mean": ("a + b", "0"), "amax": ("ga::jit::maximum(a, b)", None),
              "amin": ("ga::jit::minimum(a, b)", None)}
REDUCED = "_ga_reduced"   # the post-map function's parameter: the reduced value
_NUMPY = "_ga_numpy"      # numpy, as the post-map function's globals name it


class ReductionUnfusable(Exception):
    """Why a function's reduction keeps it unfused."""


class Reduction:
    """`kind` over the ast `reduced`, with `axis` and `keepdims`; `post`: the ast applied to the
    reduced value (a function of REDUCED), or None."""

    def __init__(self, kind, reduced, axis, keepdims, post=None):
        self.kind, self.reduced, self.axis, self.keepdims, self.post = kind, reduced, axis, keepdims, post


def _static_value(node, func):
    """A keyword value known without running the function: a literal, a global or a closure constant."""
    try:
        return ast.literal_eval(node)
    except ValueError:
        pass
    if isinstance(node, ast.Name):
        closure = dict(zip(func.__code__.co_freevars, (c.cell_contents for c in func.__closure__ or ())))
        for scope in (closure, func.__globals__):
            if node.id in scope:
                return scope[node.id]
    raise ReductionUnfusable(f"{ast.unparse(node)} is not known before the call")


def _module_of(node, func):
    if not isinstance(node, ast.Name):
        return None
    closure = dict(zip(func.__code__.co_freevars, (c.cell_contents for c in func.__closure__ or ())))
    return closure.get(node.id, func.__globals__.get(node.id))


def _array_module(module):
    return module is numpy or getattr(module, "__name__", None) == "gpuarray"


def _options(call, positional, names, allowed, what):
    options = dict(zip(names, positional))
    for k in call.keywords:
        options[k.arg] = k.value
    if set(options) - allowed:
        raise ReductionUnfusable(f"{what}() with {sorted(set(options) - allowed)}")
    return options


def _reduction_call(call, func):
    """A Reduction for a call node ``<module>.<reduction>(expr, ...)`` or ``expr.<reduction>(...)``, or None."""
    target = call.func
    if not isinstance(target, ast.Attribute) or target.attr not in REDUCTIONS:
        return None
    module = _module_of(target.value, func)
    if _array_module(module):
        if not call.args:
            return None
        reduced, positional = call.args[0], call.args[1:]
    elif inspect.ismodule(module):
        return None   # another library's function: not one the translator knows
    else:
        reduced, positional = target.value, call.args   # a method: expr.sum(axis)
    options = _options(call, positional, ["axis", "dtype", "out", "keepdims"], {"axis", "keepdims"}, target.attr)
    axis = _static_value(options["axis"], func) if "axis" in options else None
    keepdims = bool(_static_value(options["keepdims"], func)) if "keepdims" in options else False
    return Reduction(target.attr, reduced, axis, keepdims)


def _norm_call(call, func):
    """A Reduction for ``<module>.linalg.norm(expr, axis=, keepdims=)`` (a vector 2-norm), or None."""
    target = call.func
    if not (isinstance(target, ast.Attribute) and target.attr == "norm" and isinstance(target.value, ast.Attribute)
            and target.value.attr == "linalg" and _array_module(_module_of(target.value.value, func))):
        return None
    if not call.args:
        return None
    options = _options(call, call.args[1:], ["ord", "axis", "keepdims"], {"ord", "axis", "keepdims"}, "norm")
    if "ord" in options and _static_value(options["ord"], func) not in (None, 2):
        raise ReductionUnfusable("norm() with an ord other than 2")
    axis = _static_value(options["axis"], func) if "axis" in options else None
    if axis is not None and not isinstance(axis, int):
        raise ReductionUnfusable("norm() over several axes (a matrix norm)")
    keepdims = bool(_static_value(options["keepdims"], func)) if "keepdims" in options else False
    # NumPy's norm converts integers to float first: (expr * 1.0) ** 2 keeps float32 float32
    squares = ast.BinOp(ast.BinOp(call.args[0], ast.Mult(), ast.Constant(1.0)), ast.Pow(), ast.Constant(2))
    root = ast.Call(ast.Attribute(ast.Name(_NUMPY, ast.Load()), "sqrt", ast.Load()), [ast.Name(REDUCED, ast.Load())],
                    [])
    return Reduction("sum", squares, axis, keepdims, root)


class _Replace(ast.NodeTransformer):
    def __init__(self, target, replacement):
        self.target, self.replacement = target, replacement

    def visit_Call(self, node):
        if node is self.target:
            return self.replacement
        return self.generic_visit(node)


def trailing_reduction(node, func, parameters):
    """The Reduction of `node`'s (a FunctionDef's) final return (Note [Reductions in fuse]), or None."""
    last = node.body[-1] if node.body else None
    if not isinstance(last, ast.Return) or last.value is None:
        return None
    found = []
    for sub in ast.walk(last.value):
        if isinstance(sub, ast.Call):
            reduction = _reduction_call(sub, func) or _norm_call(sub, func)
            if reduction is not None:
                found.append((sub, reduction))
    if not found:
        return None
    if len(found) > 1:
        raise ReductionUnfusable("more than one reduction in the returned value")
    call, reduction = found[0]
    if call is last.value:
        return reduction
    if reduction.kind == "mean":
        raise ReductionUnfusable("a mean inside a larger expression")
    inner = reduction.post or ast.Name(REDUCED, ast.Load())
    position = list(ast.walk(last.value)).index(call)   # the same node in the copy: the same walk order
    value = copy.deepcopy(last.value)
    post = _Replace(list(ast.walk(value))[position], inner).visit(value)
    used = {sub.id for sub in ast.walk(post) if isinstance(sub, ast.Name)} & set(parameters)
    if used:
        raise ReductionUnfusable(f"the reduced value is combined with argument {sorted(used)[0]!r}, which is per "
                                 "element of the input")
    reduction.post = ast.fix_missing_locations(ast.copy_location(post, last.value))
    return reduction


def post_function(reduction, func, location):
    """(a FunctionDef of REDUCED returning the post-map expression, a function-like object whose globals
    and closure the translator resolves its names in)."""
    node = ast.FunctionDef(name="post", args=ast.arguments(posonlyargs=[], args=[ast.arg(REDUCED)], vararg=None,
                                                           kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]),
                           body=[ast.Return(reduction.post)], decorator_list=[], returns=None)
    if "type_params" in ast.FunctionDef._fields:   # Python 3.12
        node.type_params = []
    node = ast.fix_missing_locations(ast.copy_location(node, location))
    scope = types.SimpleNamespace(__globals__={**func.__globals__, _NUMPY: numpy}, __code__=func.__code__,
                                  __closure__=func.__closure__, __name__=func.__name__)
    return node, scope


__all__ = ["REDUCED", "REDUCTIONS", "Reduction", "ReductionUnfusable", "post_function", "trailing_reduction"]
