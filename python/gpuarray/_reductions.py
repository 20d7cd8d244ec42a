# SPDX-License-Identifier: BSD-3-Clause
"""Reductions: sum, prod, max, min, argmax, argmin, all, any, mean, var, std,
count_nonzero, ptp and their nan-variants, as functions and ndarray methods.
Each is one call into the engine's reduction planner (`_core._reduce`); the
results are 0-d arrays where NumPy gives scalars (CuPy's convention)."""
import numpy

from gpuarray import _core
from gpuarray._core import ndarray
from gpuarray._creation import asarray
from gpuarray._manipulation import broadcast_to

__all__ = ["sum", "prod", "max", "min", "amax", "amin", "argmax", "argmin", "all", "any", "mean", "var", "std",
           "count_nonzero", "ptp", "nansum", "nanprod", "nanmax", "nanmin", "nanargmax", "nanargmin", "nanmean",
           "nanvar", "nanstd"]

_NoValue = numpy._NoValue


def _array(a):
    return a if isinstance(a, ndarray) else asarray(a)


def _mask(where, a=None):
    """The where= mask as a bool array, or None for True."""
    if where is True:
        return None
    return _array(where).astype(numpy.bool_, copy=False)


def _check_out(out):
    if out is not None and not isinstance(out, ndarray):
        raise TypeError(f"out must be a gpuarray.ndarray, got {type(out).__name__}")
    return out


def _reduce(name, a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True, ddof=0):
    return _core._reduce(name, _array(a), axis, dtype, _check_out(out), bool(keepdims),
                         None if initial is _NoValue else initial, _mask(where, a), ddof)


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Sum of the elements over `axis` (small integers add in int64, float16 in float32)."""
    return _reduce("sum", a, axis, dtype, out, keepdims, initial, where)


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Product of the elements over `axis`."""
    return _reduce("prod", a, axis, dtype, out, keepdims, initial, where)


def max(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Largest element over `axis`; NaN propagates."""
    return _reduce("max", a, axis, None, out, keepdims, initial, where)


def min(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Smallest element over `axis`; NaN propagates."""
    return _reduce("min", a, axis, None, out, keepdims, initial, where)


amax, amin = max, min


def all(a, axis=None, out=None, keepdims=False, *, where=True):
    """Whether every element over `axis` is true."""
    return _reduce("all", a, axis, None, out, keepdims, _NoValue, where)


def any(a, axis=None, out=None, keepdims=False, *, where=True):
    """Whether any element over `axis` is true."""
    return _reduce("any", a, axis, None, out, keepdims, _NoValue, where)


def _arg(name, a, axis, out, keepdims):
    if axis is not None and not isinstance(axis, (int, numpy.integer)):
        raise TypeError(f"'{type(axis).__name__}' object cannot be interpreted as an integer")
    a = _array(a)
    if axis is None and keepdims:
        result = _core._reduce(name, a, None, None, None, False, None, None, 0)
        result = result.reshape((1,) * a.ndim)
        if out is not None:
            out[...] = result
            return out
        return result
    return _core._reduce(name, a, axis, None, _check_out(out), bool(keepdims), None, None, 0)


def argmax(a, axis=None, out=None, *, keepdims=False):
    """Position of the largest element (the first one; the first NaN if any)."""
    return _arg("argmax", a, axis, out, keepdims)


def argmin(a, axis=None, out=None, *, keepdims=False):
    """Position of the smallest element (the first one; the first NaN if any)."""
    return _arg("argmin", a, axis, out, keepdims)


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    """argmax ignoring NaN; ValueError when a slice is all NaN."""
    a = _array(a)
    return _finish_nanarg(_arg("nanargmax", a, axis, None, keepdims), out)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    """argmin ignoring NaN; ValueError when a slice is all NaN."""
    a = _array(a)
    return _finish_nanarg(_arg("nanargmin", a, axis, None, keepdims), out)


def _finish_nanarg(result, out):
    # An all-NaN slice keeps the "missing" position, the largest int64.
    if result.size and bool(_core._reduce("any", result == numpy.iinfo(numpy.int64).max, None, None, None, False,
                                          None, None, 0).get()):
        raise ValueError("All-NaN slice encountered")
    if out is not None:
        out[...] = result
        return out
    return result


def _count(a, axis, keepdims, where):
    """Elements taking part per output: where's true entries, else the product of the reduced extents."""
    mask = broadcast_to(_array(where).astype(numpy.bool_, copy=False), a.shape)
    return _core._reduce("count_nonzero", mask, axis, None, None, bool(keepdims), None, None, 0)


def _mean_dtype(a, dtype):
    if dtype is not None:
        return numpy.dtype(dtype)
    return numpy.dtype(numpy.float64) if a.dtype.kind in "biu" else a.dtype


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Arithmetic mean over `axis` (integers in float64, float16 through float32)."""
    a = _array(a)
    if where is True:
        return _core._reduce("mean", a, axis, dtype, _check_out(out), bool(keepdims), None, None, 0)
    result_dtype = _mean_dtype(a, dtype)
    acc = numpy.dtype(numpy.float32) if result_dtype == numpy.float16 else result_dtype
    total = _reduce("sum", a, axis, acc, None, keepdims, _NoValue, where)
    result = (total / _count(a, axis, keepdims, where)).astype(result_dtype, copy=False)
    return _into(result, out)


def _into(result, out):
    if out is None:
        return result
    _check_out(out)[...] = result
    return out


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=_NoValue, correction=_NoValue):
    """Variance over `axis`: mean of |x - mean(x)|^2, divided by n - ddof."""
    return _var_std("var", a, axis, dtype, out, ddof, keepdims, where, mean, correction)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=_NoValue, correction=_NoValue):
    """Standard deviation over `axis`: the square root of var."""
    return _var_std("std", a, axis, dtype, out, ddof, keepdims, where, mean, correction)


def _var_std(name, a, axis, dtype, out, ddof, keepdims, where, mean_value, correction):
    a = _array(a)
    if correction is not _NoValue:
        if ddof != 0:
            raise ValueError("ddof and correction can't be provided simultaneously.")
        ddof = correction
    if where is True and mean_value is _NoValue:
        return _core._reduce(name, a, axis, dtype, _check_out(out), bool(keepdims), None, None, float(ddof))
    result_dtype = _mean_dtype(a, dtype)
    acc = numpy.dtype(numpy.float32) if result_dtype == numpy.float16 else result_dtype
    if mean_value is _NoValue:
        mean_value = mean(a, axis, acc, keepdims=True, where=where)
    dev = _core._ufunc_call("subtract", (a, mean_value), None, acc, None, True)
    sq = _core._ufunc_call("multiply", (dev, _core._ufunc_call("conjugate", (dev,), None, None, None, True)),
                           None, None, None, True)
    if sq.dtype.kind == "c":
        sq = sq.real
    count = _count(a, axis, keepdims, where) if where is not True else None
    total = _reduce("sum", sq, axis, None, None, keepdims, _NoValue, where)
    n = count if count is not None else _reduced_count(a, axis)
    denom = _core._ufunc_call("maximum", (n - ddof, 0), None, None, None, True) if isinstance(n, ndarray) \
        else (n - ddof if n > ddof else 0)
    result = total / denom
    if name == "std":
        result = _core._ufunc_call("sqrt", (result,), None, None, None, True)
    real = numpy.dtype(result_dtype.char.lower()) if result_dtype.kind == "c" else result_dtype
    return _into(result.astype(real, copy=False), out)


def _reduced_count(a, axis):
    if axis is None:
        return a.size
    axes = axis if isinstance(axis, tuple) else (axis,)
    n = 1
    for ax in axes:
        n *= a.shape[numpy.lib.array_utils.normalize_axis_index(ax, a.ndim)]
    return n


def count_nonzero(a, axis=None, *, keepdims=False):
    """Number of nonzero (true) elements over `axis`, as int64."""
    return _core._reduce("count_nonzero", _array(a), axis, None, None, bool(keepdims), None, None, 0)


def ptp(a, axis=None, out=None, keepdims=False):
    """Range of values (max - min) over `axis`."""
    a = _array(a)
    hi = _core._reduce("max", a, axis, None, None, bool(keepdims), None, None, 0)
    lo = _core._reduce("min", a, axis, None, None, bool(keepdims), None, None, 0)
    return _core._ufunc_call("subtract", (hi, lo), out, None, None, True)


def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """sum with NaN counted as zero."""
    return _reduce("nansum", a, axis, dtype, out, keepdims, initial, where)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """prod with NaN counted as one."""
    return _reduce("nanprod", a, axis, dtype, out, keepdims, initial, where)


def nanmax(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """max ignoring NaN (NaN where a slice is all NaN)."""
    return _reduce("nanmax", a, axis, None, out, keepdims, initial, where)


def nanmin(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """min ignoring NaN (NaN where a slice is all NaN)."""
    return _reduce("nanmin", a, axis, None, out, keepdims, initial, where)


def _not_nan(a, where):
    keep = _core._ufunc_call("logical_not", (_core._ufunc_call("isnan", (a,), None, None, None, True),), None, None,
                             None, True)
    if where is not True:
        keep = _core._ufunc_call("logical_and", (keep, _array(where)), None, None, None, True)
    return keep


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """mean of the elements that are not NaN (NaN for an all-NaN slice)."""
    a = _array(a)
    if a.dtype.kind in "biu":
        return mean(a, axis, dtype, out, keepdims, where=where)
    return mean(a, axis, dtype, out, keepdims, where=_not_nan(a, where))


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=_NoValue,
           correction=_NoValue):
    """var of the elements that are not NaN."""
    a = _array(a)
    if a.dtype.kind in "biu":
        return var(a, axis, dtype, out, ddof, keepdims, where=where, mean=mean, correction=correction)
    return var(a, axis, dtype, out, ddof, keepdims, where=_not_nan(a, where), mean=mean, correction=correction)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=_NoValue,
           correction=_NoValue):
    """std of the elements that are not NaN."""
    a = _array(a)
    if a.dtype.kind in "biu":
        return std(a, axis, dtype, out, ddof, keepdims, where=where, mean=mean, correction=correction)
    return std(a, axis, dtype, out, ddof, keepdims, where=_not_nan(a, where), mean=mean, correction=correction)


def _method(fn):
    def method(self, *args, **kwargs):
        return fn(self, *args, **kwargs)
    method.__name__ = fn.__name__
    method.__doc__ = fn.__doc__
    return method


# sum and prod are bound in C++ (the small-op path); the others take their
# arguments in NumPy's method order through the functions.
for _fn in (max, min, all, any, argmax, argmin, mean, var, std):
    setattr(ndarray, _fn.__name__, _method(_fn))
del _fn
_core._bind_reduction_methods(ndarray)
