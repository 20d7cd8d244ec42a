# SPDX-License-Identifier: BSD-3-Clause
"""Reductions: sum, prod, max, min, argmax, argmin, all, any, mean, var, std,
count_nonzero, ptp and their nan-variants, as functions and ndarray methods.
Each is one call into the engine's reduction planner (`_core._reduce`); the
results are 0-d arrays where NumPy gives scalars (CuPy's convention)."""
import math
import warnings

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray import _core
from gpuarray._copying import copyto
from gpuarray._core import ndarray
from gpuarray._creation import asarray
from gpuarray._joining import stack
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


# Note [Empty-slice warnings]
# NumPy's mean and var warn "Mean of empty slice" / "Degrees of freedom <= 0
# for slice" when a slice has no elements (no more than ddof), and their
# division by a zero count then raises floating-point warnings ("invalid
# value encountered in divide", "divide by zero encountered in scalar
# divide", ...). gpuarray gives the same warnings in NumPy's order; the
# floating-point ones come from that division done by NumPy itself on host
# stand-ins (_divide_as_numpy), so np.errstate (ignore, raise, call) treats
# them as it treats NumPy's. With where=True the counts are shapes and
# nothing is read from the device, except where NumPy's warning depends on
# the values: a sum of squares divided by zero (var with ddof >= n > 0) is
# "invalid" when zero and a "divide by zero" when positive. A where= mask,
# and the non-NaN counts of nanmean and nanvar, are data: one small array of
# flags is read after the reduction. The nan-variants divide under
# np.errstate(all="ignore") in NumPy: they give their own warnings only.

def _slices(a, axis):
    """(elements per slice, number of slices) of a reduction of `a` over `axis`."""
    axes = _axes(a, axis)
    return (math.prod(a.shape[ax] for ax in axes),
            math.prod(extent for ax, extent in enumerate(a.shape) if ax not in axes))


def _axes(a, axis):
    if axis is None:
        return set(range(a.ndim))
    return {normalize_axis_index(ax, a.ndim) for ax in (axis if isinstance(axis, tuple) else (axis,))}


def _scalar_sum(a, axis, out, keepdims):
    """Whether NumPy's sum inside mean or var is a scalar here: its division is
    then a scalar one, whose warnings say "scalar divide"."""
    return out is None and not keepdims and len(_axes(a, axis)) == a.ndim


def _divide_as_numpy(dtype, scalar, sums, count):
    """NumPy's division of sums by a zero count, done by NumPy on host stand-ins
    for the sums (0: a zero sum, 1: a positive one) so that the same
    floating-point warnings come, under the caller's np.errstate."""
    if scalar:
        numpy.dtype(dtype).type(sums[0]) / count
    else:
        stand_in = numpy.array(sums, dtype=dtype)
        numpy.true_divide(stand_in, count, out=stand_in, casting="unsafe")


def _zero_count(ddof):
    """max(n - ddof, 0) where it is 0, in the dtype NumPy's var divides by."""
    return numpy.result_type(numpy.intp, ddof).type(0)


def _warn(message):
    warnings.warn(message, RuntimeWarning, stacklevel=3)


def _flags(*conditions):
    """Whether each device bool array holds a true element, in one device-to-host copy."""
    return stack([c.any() for c in conditions]).get()


def _ufunc(name, *args):
    return _core._ufunc_call(name, args, None, None, None, True)


def _zero_or_positive(total, divided_by_zero=True):
    """Device bool arrays: which of the sums of squares `total` divided by zero
    (where divided_by_zero holds) are zero, and which positive and finite."""
    zero = _ufunc("logical_and", total == 0, divided_by_zero)
    positive = _ufunc("logical_and", _ufunc("logical_and", total > 0, _ufunc("isfinite", total)), divided_by_zero)
    return zero, positive


def _sum_dtype(a, dtype, out):
    """The dtype of the sum NumPy's mean divides."""
    if out is not None:
        return out.dtype
    return numpy.dtype(numpy.float32) if a.dtype == numpy.float16 and dtype is None else _mean_dtype(a, dtype)


def _masked_mean(a, axis, dtype, keepdims, where):
    """(mean over the elements `where` selects, their count per slice)."""
    result_dtype = _mean_dtype(a, dtype)
    acc = numpy.dtype(numpy.float32) if result_dtype == numpy.float16 else result_dtype
    total = _reduce("sum", a, axis, acc, None, keepdims, _NoValue, where)
    count = _count(a, axis, keepdims, where)
    return (total / count).astype(result_dtype, copy=False), count


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Arithmetic mean over `axis` (integers in float64, float16 through float32),
    with NumPy's warnings for empty slices (Note [Empty-slice warnings])."""
    a = _array(a)
    if where is True:
        _warn_empty_mean(a, axis, dtype, out, keepdims)
        return _core._reduce("mean", a, axis, dtype, _check_out(out), bool(keepdims), None, None, 0)
    result, count = _masked_mean(a, axis, dtype, keepdims, where)
    if count.size and _flags(count == 0)[0]:
        _warn("Mean of empty slice")
        _divide_as_numpy(_sum_dtype(a, dtype, out), _scalar_sum(a, axis, out, keepdims), [0], numpy.intp(0))
    return _into(result, out)


def _warn_empty_mean(a, axis, dtype, out, keepdims):
    """NumPy's warnings for mean(where=True), from shapes alone."""
    n, slices = _slices(a, axis)
    if n == 0:
        _warn("Mean of empty slice")
        if slices:
            _divide_as_numpy(_sum_dtype(a, dtype, out), _scalar_sum(a, axis, out, keepdims), [0], numpy.intp(0))


def _into(result, out):
    if out is None:
        return result
    _check_out(out)[...] = result
    return out


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=_NoValue, correction=_NoValue):
    """Variance over `axis`: mean of |x - mean(x)|^2, divided by n - ddof, with
    NumPy's warnings where n <= ddof (Note [Empty-slice warnings])."""
    return _var_std("var", a, axis, dtype, out, ddof, keepdims, where, mean, correction)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=_NoValue, correction=_NoValue):
    """Standard deviation over `axis`: the square root of var."""
    return _var_std("std", a, axis, dtype, out, ddof, keepdims, where, mean, correction)


def _warn_few_degrees(a, axis, dtype, out, ddof, keepdims, mean_given):
    """NumPy's warnings for var(where=True) that shapes decide: slices with no
    more than ddof elements, and the divisions by zero counts of empty ones.
    Returns whether non-empty slices are divided by zero too, which warns by
    their sums of squares (Note [Empty-slice warnings])."""
    n, slices = _slices(a, axis)
    if ddof < n:
        return False
    _warn("Degrees of freedom <= 0 for slice")
    if n == 0 and slices:
        if not mean_given:
            _divide_as_numpy(_mean_dtype(a, dtype), False, [0], numpy.intp(0))
        _warn_divided_sums(a, axis, dtype, out, keepdims, ddof, True, False)
    return n > 0 and slices > 0


def _warn_divided_sums(a, axis, dtype, out, keepdims, ddof, has_zero, has_positive):
    """The floating-point warnings of NumPy's var dividing sums of squares by a
    zero count, some of them zero (has_zero), some positive (has_positive)."""
    if not (has_zero or has_positive):
        return
    # NumPy sums the squares in `out`'s dtype, `dtype`, float64 for integers, else the input's real dtype.
    squares = out.dtype if out is not None else numpy.dtype(dtype) if dtype is not None else \
        numpy.dtype(_mean_dtype(a, None).char.lower())
    _divide_as_numpy(squares, _scalar_sum(a, axis, out, keepdims), [0] * bool(has_zero) + [1] * bool(has_positive),
                     _zero_count(ddof))


def _var_std(name, a, axis, dtype, out, ddof, keepdims, where, mean_value, correction, skip_nan=False):
    """var or std. skip_nan: nanvar's (where masks the NaNs out): its own
    warning, and NaN for slices without degrees of freedom."""
    a = _array(a)
    if correction is not _NoValue:
        if ddof != 0:
            raise ValueError("ddof and correction can't be provided simultaneously.")
        ddof = correction
    mean_given = mean_value is not _NoValue
    sums_needed = where is True and _warn_few_degrees(a, axis, dtype, out, ddof, keepdims, mean_given)
    if where is True and not mean_given:
        result = _core._reduce(name, a, axis, dtype, _check_out(out), bool(keepdims), None, None, float(ddof))
        if sums_needed:  # the sums of squares are n times the variance with ddof 0
            variance = _core._reduce("var", a, axis, dtype, None, False, None, None, 0.0)
            _warn_divided_sums(a, axis, dtype, out, keepdims, ddof, *_flags(*_zero_or_positive(variance)))
        return result
    result_dtype = _mean_dtype(a, dtype)
    acc = numpy.dtype(numpy.float32) if result_dtype == numpy.float16 else result_dtype
    count = None
    if not mean_given:
        if where is True:
            mean_value = _core._reduce("mean", a, axis, acc, None, True, None, None, 0)
        else:
            mean_value, count = _masked_mean(a, axis, acc, True, where)
    dev = _core._ufunc_call("subtract", (a, mean_value), None, acc, None, True)
    sq = _ufunc("multiply", dev, _ufunc("conjugate", dev))
    if sq.dtype.kind == "c":
        sq = sq.real
    total = _reduce("sum", sq, axis, None, None, keepdims, _NoValue, where)
    if where is True:
        n = _slices(a, axis)[0]
        result = total / (n - ddof if n > ddof else 0)
        if sums_needed:
            _warn_divided_sums(a, axis, dtype, out, keepdims, ddof, *_flags(*_zero_or_positive(total)))
    else:
        count = _count(a, axis, keepdims, where) if count is None else count.reshape(total.shape)
        result = total / _ufunc("maximum", count - ddof, 0)
        _warn_masked_degrees(a, axis, dtype, out, keepdims, ddof, count, total, result, mean_given, skip_nan)
    if name == "std":
        result = _ufunc("sqrt", result)
    real = numpy.dtype(result_dtype.char.lower()) if result_dtype.kind == "c" else result_dtype
    return _into(result.astype(real, copy=False), out)


def _warn_masked_degrees(a, axis, dtype, out, keepdims, ddof, count, total, result, mean_given, skip_nan):
    """var's warnings where where= decides the counts (one read of flags);
    nanvar's (skip_nan) and its NaN, in place, for slices without degrees of freedom."""
    n, slices = _slices(a, axis)
    if not slices:
        return
    no_dof = count <= ddof
    if skip_nan:
        if n <= ddof or _flags(no_dof)[0]:
            _warn("Degrees of freedom <= 0 for slice.")
            copyto(result, numpy.nan, where=no_dof)
        return
    empty, any_no_dof, has_zero, has_positive = _flags(count == 0, no_dof, *_zero_or_positive(total, no_dof))
    if any_no_dof:
        _warn("Degrees of freedom <= 0 for slice")
    if empty and not mean_given:
        _divide_as_numpy(_mean_dtype(a, dtype), False, [0], numpy.intp(0))
    _warn_divided_sums(a, axis, dtype, out, keepdims, ddof, has_zero, has_positive)


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
    """mean of the elements that are not NaN: NaN, and NumPy's warning, for a
    slice without any (Note [Empty-slice warnings])."""
    a = _array(a)
    if a.dtype.kind in "biu":
        return mean(a, axis, dtype, out, keepdims, where=where)
    n, slices = _slices(a, axis)
    result, count = _masked_mean(a, axis, dtype, keepdims, _not_nan(a, where))
    if slices and (n == 0 or _flags(count == 0)[0]):
        _warn("Mean of empty slice")
    return _into(result, out)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=_NoValue,
           correction=_NoValue):
    """var of the elements that are not NaN; NaN, and NumPy's warning, for a
    slice with no more than ddof of them."""
    a = _array(a)
    if a.dtype.kind in "biu":
        return var(a, axis, dtype, out, ddof, keepdims, where=where, mean=mean, correction=correction)
    return _var_std("var", a, axis, dtype, out, ddof, keepdims, _not_nan(a, where), mean, correction, True)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=_NoValue,
           correction=_NoValue):
    """std of the elements that are not NaN (see nanvar)."""
    a = _array(a)
    if a.dtype.kind in "biu":
        return std(a, axis, dtype, out, ddof, keepdims, where=where, mean=mean, correction=correction)
    return _var_std("std", a, axis, dtype, out, ddof, keepdims, _not_nan(a, where), mean, correction, True)


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
