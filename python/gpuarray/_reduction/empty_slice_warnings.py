# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's warnings for reductions over empty slices and slices without
degrees of freedom (Note [Empty-slice warnings]), for mean and var
(moments.py) and their nan-variants (nan_moments.py): decided from shapes
where NumPy's warning depends on shapes alone, from one read of device flags
where it depends on the values."""
import math
import warnings

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray import _core
from gpuarray._array_manipulation.copying import copyto
from gpuarray._array_manipulation.joining import stack
from gpuarray._reduction.reductions import _mean_dtype

__all__ = []


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


def _warn_empty_mean(a, axis, dtype, out, keepdims):
    """NumPy's warnings for mean(where=True), from shapes alone."""
    n, slices = _slices(a, axis)
    if n == 0:
        _warn("Mean of empty slice")
        if slices:
            _divide_as_numpy(_sum_dtype(a, dtype, out), _scalar_sum(a, axis, out, keepdims), [0], numpy.intp(0))


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
