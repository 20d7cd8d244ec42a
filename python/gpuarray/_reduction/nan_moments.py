# SPDX-License-Identifier: BSD-3-Clause
"""nanmean, nanvar and nanstd: mean, var and std over the elements that are
not NaN, with NumPy 2's arguments and warnings. The NaNs become a where=
mask for moments.py's computations; integer and boolean input, which has
no NaN, goes to mean, var and std themselves."""
from gpuarray import _core
from gpuarray._reduction.empty_slice_warnings import _flags, _slices, _warn
from gpuarray._reduction.moments import _into, _masked_mean, _var_std, mean, std, var
from gpuarray._reduction.reductions import _NoValue, _array

__all__ = ["nanmean", "nanvar", "nanstd"]


def _not_nan(a, where):
    keep = _core._ufunc_call("logical_not", (_core._ufunc_call("isnan", (a,), None, None, None, True),), None, None,
                             None, True)
    if where is not True:
        keep = _core._ufunc_call("logical_and", (keep, _array(where)), None, None, None, True)
    return keep


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Arithmetic mean over the given axes of the elements that are not NaN.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to reduce over; None (default) reduces every element.
    dtype : data-type, optional
        Dtype to accumulate in and return, as for `mean`.
    out : ndarray, optional
        Device array of the result's shape (and a dtype it can take) to write
        the result into.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    where : array_like of bool, optional
        Elements to include (broadcast against `a`), besides skipping NaNs.

    Returns
    -------
    m : ndarray
        The means; NaN for a slice without non-NaN elements. A full reduction
        gives a 0-d device array where NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If an axis is repeated.

    Warns
    -----
    RuntimeWarning
        "Mean of empty slice" when a slice has no non-NaN elements.

    Notes
    -----
    Boolean and integer input has no NaN and goes to `mean`. For other
    dtypes the not-NaN mask is computed on the device and the sums and counts
    are two masked reductions; to decide the warning, one flag (whether a
    count is zero) is read back to the host, which waits for the device.
    Summation order differs from NumPy's, so floating results may differ from
    NumPy's in the last bits.

    See Also
    --------
    mean, nansum, nanvar, nanstd, nanmedian

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1.0, xp.nan], [3.0, 4.0]])
    >>> round(float(xp.nanmean(a)), 6)
    2.666667
    >>> xp.nanmean(a, axis=0)
    array([2., 4.])
    >>> xp.nanmean(a, axis=1)
    array([1. , 3.5])
    """
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
    """Variance over the given axes of the elements that are not NaN.

    N, in ``N - ddof``, counts the non-NaN elements of each slice (see `var`).

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
        Elements to include (broadcast against `a`), besides skipping NaNs.
    mean : array_like, optional
        Precomputed mean of `a`, of the shape a keepdims=True mean has, so
        that it is not computed again.
    correction : int or float, optional
        The Array API name of `ddof`; give at most one of the two.

    Returns
    -------
    variance : ndarray
        The variances, real for complex input; NaN where there are no more than
        `ddof` non-NaN elements. A full reduction gives a 0-d device array
        where NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If both `ddof` and `correction` are given, or an axis is repeated.

    Warns
    -----
    RuntimeWarning
        "Degrees of freedom <= 0 for slice." where a slice has no more than
        `ddof` non-NaN elements.

    Notes
    -----
    Boolean and integer input has no NaN and goes to `var`. For other
    dtypes the not-NaN mask is computed on the device, then the masked mean,
    the counts and the masked sum of squared deviations are device
    reductions; one flag (whether some slice lacks degrees of freedom) is read
    back to the host, which waits for the device. Summation order differs
    from NumPy's, so floating results may differ from NumPy's in the last
    bits.

    See Also
    --------
    var, nanstd, nanmean

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1.0, xp.nan], [3.0, 4.0]])
    >>> xp.nanvar(a, axis=0)
    array([1., 0.])
    >>> xp.nanvar(a, axis=1)
    array([0.  , 0.25])
    >>> float(xp.nanvar(xp.array([1.0, xp.nan, 3.0])))
    1.0
    """
    a = _array(a)
    if a.dtype.kind in "biu":
        return var(a, axis, dtype, out, ddof, keepdims, where=where, mean=mean, correction=correction)
    return _var_std("var", a, axis, dtype, out, ddof, keepdims, _not_nan(a, where), mean, correction, True)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=_NoValue,
           correction=_NoValue):
    """Standard deviation over the given axes of the elements that are not NaN.

    N, in ``N - ddof``, counts the non-NaN elements of each slice (see `std`).

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
        Elements to include (broadcast against `a`), besides skipping NaNs.
    mean : array_like, optional
        Precomputed mean of `a`, of the shape a keepdims=True mean has, so
        that it is not computed again.
    correction : int or float, optional
        The Array API name of `ddof`; give at most one of the two.

    Returns
    -------
    standard_deviation : ndarray
        The standard deviations, real for complex input; NaN where there are no
        more than `ddof` non-NaN elements. A full reduction gives a 0-d device
        array where NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If both `ddof` and `correction` are given, or an axis is repeated.

    Warns
    -----
    RuntimeWarning
        "Degrees of freedom <= 0 for slice." where a slice has no more than
        `ddof` non-NaN elements.

    Notes
    -----
    Boolean and integer input has no NaN and goes to `std`. For other
    dtypes the not-NaN mask is computed on the device, then the masked mean,
    the counts and the masked sum of squared deviations are device
    reductions; one flag (whether some slice lacks degrees of freedom) is read
    back to the host, which waits for the device. Summation order differs
    from NumPy's, so floating results may differ from NumPy's in the last
    bits.

    See Also
    --------
    std, nanvar, nanmean

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1.0, xp.nan], [3.0, 5.0]])
    >>> xp.nanstd(a, axis=0)
    array([1., 0.])
    >>> xp.nanstd(a, axis=1)
    array([0., 1.])
    >>> float(xp.nanstd(xp.array([1.0, xp.nan, 3.0])))
    1.0
    """
    a = _array(a)
    if a.dtype.kind in "biu":
        return std(a, axis, dtype, out, ddof, keepdims, where=where, mean=mean, correction=correction)
    return _var_std("std", a, axis, dtype, out, ddof, keepdims, _not_nan(a, where), mean, correction, True)
