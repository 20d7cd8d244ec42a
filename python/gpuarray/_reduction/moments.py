# SPDX-License-Identifier: BSD-3-Clause
"""mean, var and std, as functions and ndarray methods, with NumPy 2's
where=, mean= and correction= arguments. Without where= and mean= each is one
call into the engine's reduction planner, which makes both passes of var;
with them the mean, the squared deviations and the counts are composed
here. NumPy's empty-slice warnings are _reduction/empty_slice_warnings.py's."""
import numpy

from gpuarray import _core
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._reduction.empty_slice_warnings import (
    _divide_as_numpy, _flags, _scalar_sum, _slices, _sum_dtype, _ufunc, _warn, _warn_divided_sums, _warn_empty_mean,
    _warn_few_degrees, _warn_masked_degrees, _zero_or_positive,
)
from gpuarray._reduction.reductions import _NoValue, _array, _check_out, _mean_dtype, _reduce

__all__ = ["mean", "var", "std"]


def _count(a, axis, keepdims, where):
    """Elements taking part per output: where's true entries, else the product of the reduced extents."""
    mask = broadcast_to(_array(where).astype(numpy.bool_, copy=False), a.shape)
    return _core._reduce("count_nonzero", mask, axis, None, None, bool(keepdims), None, None, 0)


def _masked_mean(a, axis, dtype, keepdims, where):
    """(mean over the elements `where` selects, their count per slice)."""
    result_dtype = _mean_dtype(a, dtype)
    acc = numpy.dtype(numpy.float32) if result_dtype == numpy.float16 else result_dtype
    total = _reduce("sum", a, axis, acc, None, keepdims, _NoValue, where)
    count = _count(a, axis, keepdims, where)
    return (total / count).astype(result_dtype, copy=False), count


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Arithmetic mean of the elements over the given axes.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to reduce over; None (default) reduces every element.
    dtype : data-type, optional
        Dtype to accumulate in and return; by default float64 for boolean and
        integer input, else `a`'s dtype (float16 is summed in float32).
    out : ndarray, optional
        Device array of the result's shape (and a dtype it can take) to write
        the result into.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    where : array_like of bool, optional
        Elements to include (broadcast against `a`); each mean divides by the
        number of elements it includes.

    Returns
    -------
    m : ndarray
        The means; NaN for an empty slice. A full reduction gives a 0-d device
        array where NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If `out` does not have the result's shape or an axis is repeated.

    Warns
    -----
    RuntimeWarning
        "Mean of empty slice" when a slice has no elements, followed by
        NumPy's "invalid value encountered in divide" when there is an output
        element (subject to ``numpy.errstate``).

    Notes
    -----
    Without `where`, one device reduction that sums and divides by the slice
    length, and the warnings are decided from the shape alone: nothing is
    read back to the host. With `where`, the sums and the counts of included
    elements are two reductions and one flag (whether a count is zero) is read
    back, which waits for the device. The summation order differs from
    NumPy's pairwise summation, so floating results may differ from NumPy's in
    the last bits.

    See Also
    --------
    nanmean, average, median, sum, var, std, ndarray.mean

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2], [3, 4]])
    >>> float(xp.mean(a))
    2.5
    >>> xp.mean(a, axis=0)
    array([2., 3.])
    >>> xp.mean(a, axis=1, keepdims=True)
    array([[1.5],
           [3.5]])
    >>> float(xp.mean(a, where=a > 1))
    3.0
    >>> xp.mean(xp.array([1, 2], dtype=xp.float32)).dtype
    dtype('float32')
    """
    a = _array(a)
    if where is True:
        _warn_empty_mean(a, axis, dtype, out, keepdims)
        return _core._reduce("mean", a, axis, dtype, _check_out(out), bool(keepdims), None, None, 0)
    result, count = _masked_mean(a, axis, dtype, keepdims, where)
    if count.size and _flags(count == 0)[0]:
        _warn("Mean of empty slice")
        _divide_as_numpy(_sum_dtype(a, dtype, out), _scalar_sum(a, axis, out, keepdims), [0], numpy.intp(0))
    return _into(result, out)


def _into(result, out):
    if out is None:
        return result
    _check_out(out)[...] = result
    return out


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=_NoValue, correction=_NoValue):
    """Variance of the elements over the given axes.

    The mean of the squared absolute deviations from the mean,
    ``mean(abs(x - x.mean())**2)``, with the sum divided by ``N - ddof``
    instead of N.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to reduce over; None (default) reduces every element.
    dtype : data-type, optional
        Dtype to compute in; by default float64 for boolean and integer input,
        else `a`'s dtype (float16 in float32). The result is real: complex
        input gives its real dtype.
    out : ndarray, optional
        Device array of the result's shape (and a dtype it can take) to write
        the result into.
    ddof : int or float, optional
        "Delta degrees of freedom": the sum of squared deviations is divided by
        ``N - ddof``, N being the number of elements included (default 0).
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    where : array_like of bool, optional
        Elements to include (broadcast against `a`).
    mean : array_like, optional
        Precomputed mean of `a`, of the shape a keepdims=True mean has, so
        that it is not computed again.
    correction : int or float, optional
        The Array API name of `ddof`; give at most one of the two.

    Returns
    -------
    variance : ndarray
        The variances; inf or NaN where ``N - ddof`` is not positive.
        A full reduction gives a 0-d device array where NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If both `ddof` and `correction` are given, `out` does not have the
        result's shape, or an axis is repeated.

    Warns
    -----
    RuntimeWarning
        "Degrees of freedom <= 0 for slice" where ``N - ddof`` is not
        positive, followed by NumPy's floating-point warnings of the division
        ("invalid value encountered in divide", "divide by zero ...", subject
        to ``numpy.errstate``).

    Notes
    -----
    Two passes on the device: a mean (unless `mean` is given), then a sum of
    ``abs(x - mean)**2`` over the broadcast pair. Without `where` and `mean`
    both passes are inside one engine call and nothing is read back to the
    host, except where ``N <= ddof`` with ``N > 0``: choosing NumPy's warning
    then takes one more variance and a read of two flags. With `where`, the
    counts of included elements are a further reduction and a few flags are
    read back, which waits for the device. Summation order differs from
    NumPy's, so floating results may differ from NumPy's in the last bits.

    See Also
    --------
    nanvar, std, mean, cov, ndarray.var

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2], [3, 4]])
    >>> float(xp.var(a))
    1.25
    >>> xp.var(a, axis=0)
    array([1., 1.])
    >>> xp.var(a, axis=1)
    array([0.25, 0.25])
    >>> float(xp.var(a, ddof=1))
    1.6666666666666667
    >>> float(xp.var(a, where=a > 1))
    0.6666666666666666
    """
    return _var_std("var", a, axis, dtype, out, ddof, keepdims, where, mean, correction)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=_NoValue, correction=_NoValue):
    """Standard deviation of the elements over the given axes.

    The square root of the variance: ``sqrt(mean(abs(x - x.mean())**2))``
    with the sum divided by ``N - ddof`` instead of N.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to reduce over; None (default) reduces every element.
    dtype : data-type, optional
        Dtype to compute in; by default float64 for boolean and integer input,
        else `a`'s dtype (float16 in float32). The result is real: complex
        input gives its real dtype.
    out : ndarray, optional
        Device array of the result's shape (and a dtype it can take) to write
        the result into.
    ddof : int or float, optional
        "Delta degrees of freedom": the sum of squared deviations is divided by
        ``N - ddof``, N being the number of elements included (default 0).
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    where : array_like of bool, optional
        Elements to include (broadcast against `a`).
    mean : array_like, optional
        Precomputed mean of `a`, of the shape a keepdims=True mean has, so
        that it is not computed again.
    correction : int or float, optional
        The Array API name of `ddof`; give at most one of the two.

    Returns
    -------
    standard_deviation : ndarray
        The standard deviations; inf or NaN where ``N - ddof`` is not positive.
        A full reduction gives a 0-d device array where NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If both `ddof` and `correction` are given, `out` does not have the
        result's shape, or an axis is repeated.

    Warns
    -----
    RuntimeWarning
        "Degrees of freedom <= 0 for slice" where ``N - ddof`` is not
        positive, followed by NumPy's floating-point warnings of the division
        ("invalid value encountered in divide", "divide by zero ...", subject
        to ``numpy.errstate``).

    Notes
    -----
    Two passes on the device: a mean (unless `mean` is given), then a sum of
    ``abs(x - mean)**2`` over the broadcast pair. Without `where` and `mean`
    both passes are inside one engine call and nothing is read back to the
    host, except where ``N <= ddof`` with ``N > 0``: choosing NumPy's warning
    then takes one more variance and a read of two flags. With `where`, the
    counts of included elements are a further reduction and a few flags are
    read back, which waits for the device. Summation order differs from
    NumPy's, so floating results may differ from NumPy's in the last bits.

    See Also
    --------
    nanstd, var, mean, cov, ndarray.std

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 3], [2, 6]])
    >>> round(float(xp.std(a)), 6)
    1.870829
    >>> xp.std(a, axis=0)
    array([0.5, 1.5])
    >>> xp.std(a, axis=1, keepdims=True)
    array([[1.],
           [2.]])
    >>> float(xp.std(xp.array([1.0, 3.0]), ddof=1)) == 2 ** 0.5
    True
    """
    return _var_std("std", a, axis, dtype, out, ddof, keepdims, where, mean, correction)


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
