# SPDX-License-Identifier: BSD-3-Clause
"""Extrema: max, min (amax, amin), ptp, nanmax and nanmin, as functions and
ndarray methods. Each is one call into the engine's reduction planner (ptp
two, max and min); the results are 0-d arrays where NumPy gives scalars
(CuPy's convention)."""
from gpuarray import _core
from gpuarray._reduction.reductions import _NoValue, _array, _reduce

__all__ = ["max", "min", "amax", "amin", "ptp", "nanmax", "nanmin"]


def max(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Largest element over the given axes.

    NaN propagates: a slice holding a NaN gives NaN (see `nanmax` to skip
    NaNs). `amax` is the same function.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to reduce over; None (default) reduces every element.
    out : ndarray, optional
        Device array of the result's shape (and a dtype it can take) to write
        the result into.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    initial : scalar, optional
        Value taking part in every slice, as if it were one more element;
        needed for empty slices and with `where`.
    where : array_like of bool, optional
        Elements to include (broadcast against `a`); needs `initial`.

    Returns
    -------
    max : ndarray
        The largest values, of `a`'s dtype. A full reduction gives a 0-d device
        array where NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If a slice is empty and `initial` is not given, `where` is given
        without `initial`, `out` does not have the result's shape, or an axis
        is repeated.

    Notes
    -----
    One device reduction with the `maximum` ufunc, started from the dtype's
    lowest value so that the work splits over blocks; the result does not
    depend on the order. Nothing is read back to the host.

    See Also
    --------
    nanmax, min, argmax, ptp, maximum, ndarray.max

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(2, 3)
    >>> int(xp.max(a))
    5
    >>> xp.max(a, axis=0)
    array([3, 4, 5])
    >>> xp.max(a, axis=1, initial=4)
    array([4, 5])
    >>> xp.max(a, axis=1, where=a < 4, initial=-1)
    array([2, 3])
    >>> float(xp.max(xp.array([1.0, xp.nan, 3.0])))
    nan
    """
    return _reduce("max", a, axis, None, out, keepdims, initial, where)


def min(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Smallest element over the given axes.

    NaN propagates: a slice holding a NaN gives NaN (see `nanmin` to skip
    NaNs). `amin` is the same function.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to reduce over; None (default) reduces every element.
    out : ndarray, optional
        Device array of the result's shape (and a dtype it can take) to write
        the result into.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    initial : scalar, optional
        Value taking part in every slice, as if it were one more element;
        needed for empty slices and with `where`.
    where : array_like of bool, optional
        Elements to include (broadcast against `a`); needs `initial`.

    Returns
    -------
    min : ndarray
        The smallest values, of `a`'s dtype. A full reduction gives a 0-d
        device array where NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If a slice is empty and `initial` is not given, `where` is given
        without `initial`, `out` does not have the result's shape, or an axis
        is repeated.

    Notes
    -----
    One device reduction with the `minimum` ufunc, started from the dtype's
    highest value so that the work splits over blocks; the result does not
    depend on the order. Nothing is read back to the host.

    See Also
    --------
    nanmin, max, argmin, ptp, minimum, ndarray.min

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(2, 3)
    >>> int(xp.min(a))
    0
    >>> xp.min(a, axis=0)
    array([0, 1, 2])
    >>> xp.min(a, axis=1, initial=4)
    array([0, 3])
    >>> xp.min(a, axis=1, where=a > 1, initial=9)
    array([2, 3])
    >>> float(xp.min(xp.array([1.0, xp.nan, 3.0])))
    nan
    """
    return _reduce("min", a, axis, None, out, keepdims, initial, where)


amax, amin = max, min


def ptp(a, axis=None, out=None, keepdims=False):
    """Range of the values (maximum minus minimum) over the given axes.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to reduce over; None (default) reduces every element.
    out : ndarray, optional
        Device array of the result's shape to write the difference into.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.

    Returns
    -------
    ptp : ndarray
        ``max(a) - min(a)`` in `a`'s dtype: for integers the difference wraps
        around on overflow, as in NumPy. A slice holding a NaN gives NaN.
        A full reduction gives a 0-d device array where NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    ValueError
        If a slice is empty or an axis is repeated.

    Notes
    -----
    Two device reductions, `max` and `min`, and a `subtract`; nothing is read
    back to the host.

    See Also
    --------
    max, min, subtract

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[4, 9, 2, 10], [6, 9, 7, 12]])
    >>> int(xp.ptp(a))
    10
    >>> xp.ptp(a, axis=1)
    array([8, 6])
    >>> xp.ptp(a, axis=0)
    array([2, 0, 5, 2])
    >>> int(xp.ptp(xp.array([-128, 127], dtype=xp.int8)))
    -1
    """
    a = _array(a)
    hi = _core._reduce("max", a, axis, None, None, bool(keepdims), None, None, 0)
    lo = _core._reduce("min", a, axis, None, None, bool(keepdims), None, None, 0)
    return _core._ufunc_call("subtract", (hi, lo), out, None, None, True)


def nanmax(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Largest element over the given axes, skipping NaNs.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to reduce over; None (default) reduces every element.
    out : ndarray, optional
        Device array of the result's shape (and a dtype it can take) to write
        the result into.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    initial : scalar, optional
        Value taking part in every slice, as if it were one more element;
        needed for empty slices and with `where`.
    where : array_like of bool, optional
        Elements to include (broadcast against `a`); needs `initial`.

    Returns
    -------
    nanmax : ndarray
        The largest values that are not NaN, of `a`'s dtype; NaN for a slice
        holding only NaNs. A full reduction gives a 0-d device array where
        NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If a slice is empty and `initial` is not given, `where` is given
        without `initial`, `out` does not have the result's shape, or an axis
        is repeated.

    Notes
    -----
    One device reduction with the `fmax` ufunc, which keeps the number
    when one operand is NaN. NumPy warns "All-NaN slice encountered" for a
    slice holding only NaNs; this function does not, since that would read
    the result back to the host. Nothing is read back.

    See Also
    --------
    max, nanmin, nanargmax, fmax

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1.0, xp.nan], [3.0, 2.0]])
    >>> float(xp.nanmax(a))
    3.0
    >>> xp.nanmax(a, axis=0)
    array([3., 2.])
    >>> xp.nanmax(a, axis=1)
    array([1., 3.])
    """
    return _reduce("nanmax", a, axis, None, out, keepdims, initial, where)


def nanmin(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Smallest element over the given axes, skipping NaNs.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to reduce over; None (default) reduces every element.
    out : ndarray, optional
        Device array of the result's shape (and a dtype it can take) to write
        the result into.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    initial : scalar, optional
        Value taking part in every slice, as if it were one more element;
        needed for empty slices and with `where`.
    where : array_like of bool, optional
        Elements to include (broadcast against `a`); needs `initial`.

    Returns
    -------
    nanmin : ndarray
        The smallest values that are not NaN, of `a`'s dtype; NaN for a slice
        holding only NaNs. A full reduction gives a 0-d device array where
        NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If a slice is empty and `initial` is not given, `where` is given
        without `initial`, `out` does not have the result's shape, or an axis
        is repeated.

    Notes
    -----
    One device reduction with the `fmin` ufunc, which keeps the number
    when one operand is NaN. NumPy warns "All-NaN slice encountered" for a
    slice holding only NaNs; this function does not, since that would read
    the result back to the host. Nothing is read back.

    See Also
    --------
    min, nanmax, nanargmin, fmin

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1.0, xp.nan], [3.0, 2.0]])
    >>> float(xp.nanmin(a))
    1.0
    >>> xp.nanmin(a, axis=0)
    array([1., 2.])
    >>> xp.nanmin(a, axis=1)
    array([1., 2.])
    """
    return _reduce("nanmin", a, axis, None, out, keepdims, initial, where)
