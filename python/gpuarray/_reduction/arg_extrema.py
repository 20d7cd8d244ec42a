# SPDX-License-Identifier: BSD-3-Clause
"""Positions of the extrema: argmax, argmin, nanargmax and nanargmin, as
functions and ndarray methods, with NumPy 2's keepdims and its all-NaN
error. Each is one call into the engine's reduction planner; the
nan-variants read back one flag to raise on an all-NaN slice."""
import numpy

from gpuarray import _core
from gpuarray._reduction.reductions import _array, _check_out

__all__ = ["argmax", "argmin", "nanargmax", "nanargmin"]


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
    """Indices of the largest values over an axis.

    Ties give the first position; NaN counts as the largest value, so a
    slice holding NaNs gives the position of its first NaN.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int or None, optional
        Axis to search along; None (default) searches the flattened array.
    out : ndarray, optional
        Device array of the result's shape to write the indices into.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1 (all of
        them with ``axis=None``).

    Returns
    -------
    index_array : ndarray
        int64 indices. A full reduction gives a 0-d device array where NumPy
        gives a scalar.

    Raises
    ------
    TypeError
        If `axis` is not an integer or None, or `out` is not a
        gpuarray.ndarray.
    numpy.exceptions.AxisError
        If `axis` is out of range.
    ValueError
        If a slice is empty, or `out` does not have the result's shape.

    Notes
    -----
    One device reduction of (value, position) pairs in which the smaller
    position wins ties, so the result does not depend on the order. With
    ``axis=None`` the positions are those of the flattened array in C order,
    whatever the layout of `a`. Nothing is read back to the host.

    See Also
    --------
    max, nanargmax, argmin, ndarray.argmax

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(2, 3) + 10
    >>> int(xp.argmax(a))
    5
    >>> xp.argmax(a, axis=0)
    array([1, 1, 1])
    >>> xp.argmax(a, axis=1, keepdims=True)
    array([[2],
           [2]])
    >>> int(xp.argmax(xp.array([1, 3, 3, 2])))
    1
    >>> int(xp.argmax(xp.array([1.0, xp.nan, 3.0, xp.nan])))
    1
    """
    return _arg("argmax", a, axis, out, keepdims)


def argmin(a, axis=None, out=None, *, keepdims=False):
    """Indices of the smallest values over an axis.

    Ties give the first position; NaN counts as the smallest value, so a
    slice holding NaNs gives the position of its first NaN.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int or None, optional
        Axis to search along; None (default) searches the flattened array.
    out : ndarray, optional
        Device array of the result's shape to write the indices into.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1 (all of
        them with ``axis=None``).

    Returns
    -------
    index_array : ndarray
        int64 indices. A full reduction gives a 0-d device array where NumPy
        gives a scalar.

    Raises
    ------
    TypeError
        If `axis` is not an integer or None, or `out` is not a
        gpuarray.ndarray.
    numpy.exceptions.AxisError
        If `axis` is out of range.
    ValueError
        If a slice is empty, or `out` does not have the result's shape.

    Notes
    -----
    One device reduction of (value, position) pairs in which the smaller
    position wins ties, so the result does not depend on the order. With
    ``axis=None`` the positions are those of the flattened array in C order,
    whatever the layout of `a`. Nothing is read back to the host.

    See Also
    --------
    min, nanargmin, argmax, ndarray.argmin

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[4, 2, 3], [1, 5, 1]])
    >>> int(xp.argmin(a))
    3
    >>> xp.argmin(a, axis=0)
    array([1, 0, 1])
    >>> xp.argmin(a, axis=1)
    array([1, 0])
    >>> int(xp.argmin(xp.array([1.0, xp.nan, 0.0, xp.nan])))
    1
    """
    return _arg("argmin", a, axis, out, keepdims)


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    """Indices of the largest values over an axis, skipping NaNs.

    Ties give the first position. NaNs are skipped; a slice holding only
    NaNs raises ValueError.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int or None, optional
        Axis to search along; None (default) searches the flattened array.
    out : ndarray, optional
        Device array of the result's shape to write the indices into.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1 (all of
        them with ``axis=None``).

    Returns
    -------
    index_array : ndarray
        int64 indices. A full reduction gives a 0-d device array where NumPy
        gives a scalar.

    Raises
    ------
    TypeError
        If `axis` is not an integer or None.
    numpy.exceptions.AxisError
        If `axis` is out of range.
    ValueError
        If a slice is empty or holds only NaNs.

    Notes
    -----
    The reduction maps NaN to a "missing" position (the largest int64);
    checking the result for it is a second, small reduction whose flag is read
    back to the host, which waits for the device. A given `out` is written
    after that check, by a copy.

    See Also
    --------
    argmax, nanmax, argmin, ndarray.argmax

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[xp.nan, 4.0], [2.0, 3.0]])
    >>> int(xp.nanargmax(a))
    1
    >>> xp.nanargmax(a, axis=0)
    array([1, 0])
    >>> xp.nanargmax(a, axis=1)
    array([1, 1])
    """
    a = _array(a)
    return _finish_nanarg(_arg("nanargmax", a, axis, None, keepdims), out)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    """Indices of the smallest values over an axis, skipping NaNs.

    Ties give the first position. NaNs are skipped; a slice holding only
    NaNs raises ValueError.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int or None, optional
        Axis to search along; None (default) searches the flattened array.
    out : ndarray, optional
        Device array of the result's shape to write the indices into.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1 (all of
        them with ``axis=None``).

    Returns
    -------
    index_array : ndarray
        int64 indices. A full reduction gives a 0-d device array where NumPy
        gives a scalar.

    Raises
    ------
    TypeError
        If `axis` is not an integer or None.
    numpy.exceptions.AxisError
        If `axis` is out of range.
    ValueError
        If a slice is empty or holds only NaNs.

    Notes
    -----
    The reduction maps NaN to a "missing" position (the largest int64);
    checking the result for it is a second, small reduction whose flag is read
    back to the host, which waits for the device. A given `out` is written
    after that check, by a copy.

    See Also
    --------
    argmin, nanmin, argmax, ndarray.argmin

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[xp.nan, 4.0], [2.0, 3.0]])
    >>> int(xp.nanargmin(a))
    2
    >>> xp.nanargmin(a, axis=0)
    array([1, 1])
    >>> xp.nanargmin(a, axis=1)
    array([1, 0])
    """
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
