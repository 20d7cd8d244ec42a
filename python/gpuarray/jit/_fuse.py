# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.fuse: an array function run as one kernel.

Note [Fusing by translation]
A fused function is written for arrays, but the arithmetic of an elementwise
chain is the same for one element: the jit translator reads the function
with each array argument standing for one element of its dtype, each Python
number as a weakly typed scalar (Note [Types in jit kernels]), and makes a
``__device__`` function. An ElementwiseKernel calling it does NumPy's
broadcasting and allocation; a function ending in ``return
xp.sum(<elementwise>, axis=..., keepdims=...)`` (or prod, max, min, all,
any, mean) becomes one ReductionKernel whose map is the device function,
and what the return does with the reduced value (a square root, a scale;
``linalg.norm``) its post-map (Note [Reductions in fuse] in
_fuse_reduction.py).
An elementwise function that updates array arguments in place (``x +=
...``, ``ufunc(..., out=x)``) writes them from the same kernel (Note
[In-place updates in fuse] in _fuse_in_place.py), and basic slices of
arguments become views passed to the kernel (Note [Views in fuse] in
_fuse_views.py). Constructs that are not elementwise on arrays (truth
values, Python's min/max, array attributes, fancy indexing, other
assignments to arguments) make the translation fail: the function then runs unfused, as written, with
gpuarray's array functions, so results are the same either way, and the
reason is logged on the ``gpuarray.fuse`` logger at DEBUG level. One plan is
kept per signature of argument types; the engine caches the compiled code."""
import ast
import copy
import functools
import logging

import numpy

from gpuarray._core import ndarray
from gpuarray._user_kernels.elementwise_kernel import ElementwiseKernel
from gpuarray._user_kernels.reduction_kernel import ReductionKernel
from gpuarray.jit import _emit, _fuse_in_place, _fuse_reduction, _fuse_views, _types
from gpuarray.jit import _ir as ir
from gpuarray.jit._errors import JitError
from gpuarray.jit._names import cpp_identifier
from gpuarray.jit._source import ParsedFunction, parse_function
from gpuarray.jit._translate import FunctionTranslator, Module
from gpuarray.jit._values import coerce

log = logging.getLogger("gpuarray.fuse")

_SCALARS = {int: _types.WeakScalar(int), float: _types.WeakScalar(float)}


class _NotFusable(Exception):
    """Why a call runs unfused."""


def _arg_type(value):
    t = type(value)
    if t is ndarray or isinstance(value, ndarray):
        return _types.check_dtype(value.dtype, "fuse argument")
    if t is bool or isinstance(value, numpy.bool_):
        return _types.BOOL
    if t in _SCALARS:
        return _SCALARS[t]
    if isinstance(value, numpy.generic):
        return _types.check_dtype(value.dtype, "fuse argument")
    raise _NotFusable(f"argument of type {type(value).__name__} (fused functions take gpuarray arrays and scalars)")


class _Plan:
    """The kernel of one argument-type signature and how to call it."""

    def __init__(self, kernel, reduction=None, axis=None, keepdims=False, in_place=None, value_dtypes=(),
                 views=None):
        self.kernel, self.reduction, self.axis, self.keepdims = kernel, reduction, axis, keepdims
        self.in_place, self.value_dtypes, self.views = in_place, value_dtypes, views

    def run(self, args):
        if self.views is not None:   # Note [Views in fuse]
            try:
                args = self.views.arguments(args)
            except Exception as error:   # the unfused call raises NumPy's IndexError, ...
                raise _NotFusable(f"the subscripts of the arguments raised {type(error).__name__}: {error}")
        if self.in_place is not None:
            try:
                return _fuse_in_place.run(self.kernel, self.in_place, self.value_dtypes, args)
            except _fuse_in_place.InPlaceUnfusable as why:
                raise _NotFusable(str(why)) from None
        if self.reduction is None:
            return self.kernel(*args)
        arrays = [a for a in args if isinstance(a, ndarray)]
        shape = numpy.broadcast_shapes(*[a.shape for a in arrays])
        axes = _normalized_axes(self.axis, len(shape))
        count = 1
        for d in axes:
            count *= shape[d]
        if count == 0 and self.reduction in ("max", "min", "amax", "amin"):
            raise _NotFusable("an empty reduction without identity (NumPy's error comes from the unfused call)")
        result = self.kernel(*args, axis=self.axis, keepdims=self.keepdims)
        if self.reduction == "mean":
            result = result / count if count else result / 0.0   # NumPy's nan for an empty mean
        return result


def _normalized_axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    axes = axis if isinstance(axis, tuple) else (axis,)
    return tuple(a % ndim if ndim else a for a in axes)


class Fusion:
    """A function fused into one kernel per signature of argument types: what ``fuse`` makes.

    Parameters
    ----------
    func : callable
        The array function (positional arguments: gpuarray arrays and scalars).
    kernel_name : str, optional
        The kernel's name; by default the function's.

    Notes
    -----
    Calling it runs the fused kernel, or the function itself where it cannot
    be fused (Note [Fusing by translation]); the reason is logged on the
    ``gpuarray.fuse`` logger at DEBUG level.

    See Also
    --------
    fuse : the decorator.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.jit._fuse import Fusion
    >>> def axpy(a, x, y):
    ...     return a * x + y
    >>> Fusion(axpy, kernel_name="axpy")(2.0, xp.arange(3.0), xp.ones(3))
    array([1., 3., 5.])
    """

    def __init__(self, func, kernel_name=None):
        if not callable(func) or not hasattr(func, "__code__"):
            raise TypeError(f"fuse decorates a Python function, got {type(func).__name__}")
        functools.update_wrapper(self, func)
        self.func = func
        self.kernel_name = kernel_name or getattr(func, "__name__", "fused")
        self._plans = {}

    def __repr__(self):
        return f"<gpuarray.fuse {self.kernel_name!r}>"

    def __call__(self, *args):
        try:
            if not any(isinstance(a, ndarray) for a in args):
                raise _NotFusable("no gpuarray array among the arguments")
            key = tuple(_arg_type(a) for a in args)
            plan = self._plans.get(key)
            if plan is None:
                plan = self._plans[key] = self._plan(key)
            if isinstance(plan, str):
                raise _NotFusable(plan)
            return plan.run(args)
        except _NotFusable as why:
            log.debug("%s runs unfused: %s", self.kernel_name, why)
            return self.func(*args)

    def _plan(self, types):
        """A _Plan for these argument types, or the reason (str) the function cannot be fused."""
        try:
            return self._make_plan(types)
        except (_NotFusable, _fuse_in_place.InPlaceUnfusable, _fuse_views.ViewUnfusable,
                _fuse_reduction.ReductionUnfusable, JitError) as why:
            return str(why)

    def _make_plan(self, types):
        parsed = parse_function(self.func)
        if not isinstance(parsed.node, ast.FunctionDef):
            raise _NotFusable("fuse takes functions defined with def")
        parameters = [a.arg for a in parsed.node.args.args]
        types = list(types)
        views = _fuse_views.rewrite(parsed.node, parameters, types, self.func)   # Note [Views in fuse]
        if views is not None:
            node, types, views = views
            parsed = ParsedFunction(node, parsed.filename, parsed.name)
            parameters = [a.arg for a in node.args.args]
        updated = _fuse_in_place.updated_arguments(parsed.node, parameters)
        if updated and views is not None:
            _fuse_views.check_updated_views(views, updated)
        in_place = None
        if updated:   # Note [In-place updates in fuse]
            for name in updated:
                if not isinstance(types[parameters.index(name)], numpy.dtype):
                    raise _NotFusable(f"argument {name!r} is a Python number: updating it rebinds a name")
            if _fuse_reduction.trailing_reduction(parsed.node, self.func, parameters) is not None:
                raise _NotFusable("an in-place update in a function that ends in a reduction")
            node, in_place = _fuse_in_place.rewrite(parsed.node, parameters, updated)
            parsed = ParsedFunction(node, parsed.filename, parsed.name)
        reduction = _fuse_reduction.trailing_reduction(parsed.node, self.func, parameters)
        node = parsed.node
        if reduction is not None:   # Note [Reductions in fuse]
            node = copy.deepcopy(node)
            node.body[-1] = ast.copy_location(ast.Return(value=reduction.reduced), node.body[-1])
            parsed = ParsedFunction(node, parsed.filename, parsed.name)
        module = Module()
        name = cpp_identifier(self.kernel_name) if self.kernel_name.isidentifier() else "fused"
        translator = FunctionTranslator(self.func, parsed, list(types), module, is_kernel=False,
                                        cpp_name=f"fused_{name}")
        translator.fuse_mode = True
        translator.in_place_parameters = frozenset(updated)
        translator.allow_tuple_return = reduction is None
        function = translator.translate()
        if function.return_type is None or isinstance(function.return_type, _types.ArrayType):
            raise _NotFusable("the function returns no array value")
        preamble, _ = _emit.emit_device_functions(module.functions + [function], module.uses_half)
        params = [ir.Var(f"in{k}", t.dtype if isinstance(t, _types.WeakScalar) else t) for k, t in enumerate(types)]
        in_params = ", ".join(f"{p.type.name} {p.name}" for p in params)
        if in_place is not None:
            results = function.return_type if isinstance(function.return_type, tuple) else (function.return_type,)
            return _Plan(self._elementwise(function, params, in_params, preamble, name), in_place=in_place,
                         value_dtypes=results[:in_place.n_values], views=views)
        if reduction is None:
            return _Plan(self._elementwise(function, params, in_params, preamble, name), views=views)
        kernel = self._reduction(reduction, function, params, in_params, module, parsed, name)
        return _Plan(kernel, reduction.kind, reduction.axis, reduction.keepdims, views=views)

    def _elementwise(self, function, params, in_params, preamble, name):
        results = function.return_type if isinstance(function.return_type, tuple) else (function.return_type,)
        out_params = ", ".join(f"{d.name} out{k}" for k, d in enumerate(results))
        if isinstance(function.return_type, tuple):
            temps = [ir.Var(f"_ga_r{k}", d) for k, d in enumerate(results)]
            operation = " ".join(f"{_types.cpp_name(t.type)} {t.name};" for t in temps)
            operation += f" {_emit.expr(ir.Call(function.name, params + temps, None))};"
            operation += " " + " ".join(f"out{k} = {t.name};" for k, t in enumerate(temps))
        else:
            operation = f"out0 = {_emit.expr(ir.Call(function.name, params, results[0]))};"
        return ElementwiseKernel(in_params, out_params, operation, name=f"fused_{name}", preamble=preamble,
                                 return_tuple=len(results) > 1)

    def _reduction(self, reduction, function, params, in_params, module, parsed, name):
        kind = reduction.kind
        element = function.return_type
        probe = numpy.zeros(1, element)
        if kind in ("all", "any"):
            out = accumulate = _types.BOOL
        elif kind in ("max", "min", "amax", "amin"):
            out = accumulate = element
        else:
            out = getattr(numpy, kind)(probe).dtype   # NumPy's result type: sum of int8 is int64
            accumulate = out
        if accumulate == _types.FLOAT16:
            accumulate = numpy.dtype(numpy.float32)   # summed in float32, rounded once at the end
        mapped = coerce(ir.Call(function.name, params, element), accumulate, None)
        reduce_expr, identity = _fuse_reduction.REDUCTIONS[kind]
        reduced = ir.Var("a", accumulate) if out == accumulate else ir.Cast(ir.Var("a", accumulate), out)
        functions = module.functions + [function]
        if reduction.post is not None:   # Note [Reductions in fuse]: applied to each reduced value
            node, scope = _fuse_reduction.post_function(reduction, self.func, parsed.node.body[-1])
            post = FunctionTranslator(scope, ParsedFunction(node, parsed.filename, parsed.name), [out], module,
                                      is_kernel=False, cpp_name=f"fused_{name}_post")
            post.fuse_mode = True
            post_function = post.translate()
            if not isinstance(post_function.return_type, numpy.dtype):
                raise _NotFusable("the value applied to the reduced result is not one number")
            functions = module.functions + [function, post_function]
            reduced = ir.Call(post_function.name, [reduced], post_function.return_type)
            out = post_function.return_type
        preamble, _ = _emit.emit_device_functions(functions, module.uses_half)
        post_map = f"out0 = {_emit.expr(reduced)};"
        return ReductionKernel(in_params, f"{out.name} out0", _emit.expr(mapped), reduce_expr, post_map, identity,
                               name=f"fused_{name}", reduce_type=accumulate.name, preamble=preamble)


def fuse(*args, **kwargs):
    """Fuses an array function into one GPU kernel per signature of argument types.

    Parameters
    ----------
    *args
        The function, when used as ``@fuse`` without parentheses.
    **kwargs
        ``kernel_name``: the kernel's name (by default the function's).

    Returns
    -------
    Fusion or callable
        The fused function (or a decorator making it).

    Notes
    -----
    The function is translated with each array argument standing for one of
    its elements (Note [Fusing by translation]): chains of arithmetic,
    comparisons, ufuncs, ``where`` and ``clip`` over arrays and scalars,
    with NumPy's broadcasting and type rules, run as one elementwise kernel;
    a function ending in ``return xp.sum(expr, axis=..., keepdims=...)``
    (``prod``, ``max``, ``min``, ``all``, ``any``, ``mean``, or the method
    spelling) runs as one reduction kernel. An elementwise function may
    update its array arguments in place (``x += ...``, ``xp.add(a, b,
    out=x)`` as a statement or returned): the kernel writes them. Basic
    slices of arguments (``x[1:] - x[:-1]``) are computed before the kernel
    and passed to it as views. Anything else runs unfused, with the same
    results, and the reason is logged on the ``gpuarray.fuse`` logger
    (DEBUG): fancy indexing, array attributes, truth
    values of arrays, host (NumPy) arrays, an update with a trailing
    reduction, an updated array that another argument overlaps.

    See Also
    --------
    gpuarray.vectorize : a scalar function applied elementwise.
    gpuarray.jit.rawkernel : kernels written in Python.

    Examples
    --------
    >>> import gpuarray as xp
    >>> @xp.fuse()
    ... def squared_distance(x, y):
    ...     return xp.sum((x - y) ** 2, axis=-1)
    >>> squared_distance(xp.ones((2, 3)), xp.zeros(3))
    array([3., 3.])
    """
    if args and callable(args[0]) and len(args) == 1:
        return Fusion(args[0], **kwargs)
    if args:
        raise TypeError("fuse takes the function, or keyword arguments only")
    extra = set(kwargs) - {"kernel_name"}
    if extra:
        raise TypeError(f"fuse() got unexpected keyword arguments {sorted(extra)}")
    return functools.partial(Fusion, **kwargs)


__all__ = ["Fusion", "fuse"]
