# SPDX-License-Identifier: BSD-3-Clause
"""Sums, products and truth tests: sum, prod, nansum, nanprod, all, any and
count_nonzero, as functions and ndarray methods, and the argument handling
that every reduction module shares (where= masks, out= checks, the dtype mean
computes in). Each is one call into the engine's reduction planner
(`_core._reduce`); the results are 0-d arrays where NumPy gives scalars
(CuPy's convention).

The other reductions build on this module: _reduction/extrema.py (max, min, ptp and
their nan-variants), _reduction/arg_extrema.py (argmax, argmin, nanargmax,
nanargmin), moments.py (mean, var, std), nan_moments.py (nanmean,
nanvar, nanstd) and _reduction/empty_slice_warnings.py (NumPy's warnings for empty
slices)."""
import numpy

from gpuarray import _core
from gpuarray._array_creation.from_data import asarray
from gpuarray._core import ndarray

__all__ = ["sum", "prod", "all", "any", "count_nonzero", "nansum", "nanprod"]

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


def _mean_dtype(a, dtype):
    if dtype is not None:
        return numpy.dtype(dtype)
    return numpy.dtype(numpy.float64) if a.dtype.kind in "biu" else a.dtype


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Sum of the elements over the given axes.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to reduce over; None (default) reduces every element.
    dtype : data-type, optional
        Dtype to accumulate in and return. By default booleans and integers
        narrower than int64 add in int64 (uint64 for unsigned), other dtypes
        in their own.
    out : ndarray, optional
        Device array of the result's shape (and a dtype it can take) to write
        the result into.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    initial : scalar, optional
        Starting value added once to each sum.
    where : array_like of bool, optional
        Elements to include (broadcast against `a`); the others count as 0.

    Returns
    -------
    sum_along_axis : ndarray
        The sums. A full reduction gives a 0-d device array where NumPy gives a
        scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If `out` does not have the result's shape or an axis is repeated.

    Notes
    -----
    One device reduction: each block adds its share in a tree and, for long
    reductions with few outputs, a second kernel adds the partial sums. That
    order differs from NumPy's pairwise summation, so floating results may
    differ from NumPy's in the last bits. float16 input is added in float32
    and rounded to float16 once at the end (NumPy rounds each partial sum to
    float16), so float16 results can differ more. Nothing is read back to the
    host.

    See Also
    --------
    nansum, prod, mean, cumsum, ndarray.sum

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2, 3], [4, 5, 6]])
    >>> int(xp.sum(a))
    21
    >>> xp.sum(a, axis=0)
    array([5, 7, 9])
    >>> xp.sum(a, axis=1, keepdims=True)
    array([[ 6],
           [15]])
    >>> int(xp.sum(a, initial=10))
    31
    >>> int(xp.sum(a, where=a % 2 == 1))
    9
    >>> xp.sum(xp.array([100, 100], dtype=xp.int8)).dtype
    dtype('int64')
    """
    return _reduce("sum", a, axis, dtype, out, keepdims, initial, where)


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Product of the elements over the given axes.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to reduce over; None (default) reduces every element.
    dtype : data-type, optional
        Dtype to multiply in and return. By default booleans and integers
        narrower than int64 multiply in int64 (uint64 for unsigned), other
        dtypes in their own.
    out : ndarray, optional
        Device array of the result's shape (and a dtype it can take) to write
        the result into.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    initial : scalar, optional
        Starting value multiplied once into each product.
    where : array_like of bool, optional
        Elements to include (broadcast against `a`); the others count as 1.

    Returns
    -------
    product_along_axis : ndarray
        The products; 1 for an empty slice. A full reduction gives a 0-d device
        array where NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If `out` does not have the result's shape or an axis is repeated.

    Notes
    -----
    One device reduction, multiplying in a tree order that differs from
    NumPy's, so floating results may differ from NumPy's in the last bits;
    float16 input is multiplied in float32 and rounded once at the end.
    Integer overflow wraps around, as in NumPy. Nothing is read back to the
    host.

    See Also
    --------
    nanprod, sum, cumprod, ndarray.prod

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2], [3, 4]])
    >>> int(xp.prod(a))
    24
    >>> xp.prod(a, axis=1)
    array([ 2, 12])
    >>> xp.prod(a, axis=0, where=a > 1)
    array([3, 8])
    >>> float(xp.prod(xp.array([], dtype=xp.float64)))
    1.0
    """
    return _reduce("prod", a, axis, dtype, out, keepdims, initial, where)


def all(a, axis=None, out=None, keepdims=False, *, where=True):
    """Test whether every element over the given axes is true.

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
    where : array_like of bool, optional
        Elements to include (broadcast against `a`); the others count as
        True.

    Returns
    -------
    all : ndarray
        Booleans (unless `out` has another dtype); True for an empty slice. A
        full reduction gives a 0-d device array where NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If `out` does not have the result's shape or an axis is repeated.

    Notes
    -----
    One device reduction with the `logical_and` ufunc over every element: it
    does not stop early at the first false element. Nothing is read back to
    the host.

    See Also
    --------
    any, count_nonzero, logical_and, ndarray.all

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[True, False], [True, True]])
    >>> bool(xp.all(a))
    False
    >>> xp.all(a, axis=0)
    array([ True, False])
    >>> xp.all(a, axis=1, keepdims=True)
    array([[False],
           [ True]])
    >>> bool(xp.all(xp.array([1.0, xp.nan, -2.0])))
    True
    >>> bool(xp.all(xp.array([])))
    True
    """
    return _reduce("all", a, axis, None, out, keepdims, _NoValue, where)


def any(a, axis=None, out=None, keepdims=False, *, where=True):
    """Test whether any element over the given axes is true.

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
    where : array_like of bool, optional
        Elements to include (broadcast against `a`); the others count as
        False.

    Returns
    -------
    any : ndarray
        Booleans (unless `out` has another dtype); False for an empty slice. A
        full reduction gives a 0-d device array where NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If `out` does not have the result's shape or an axis is repeated.

    Notes
    -----
    One device reduction with the `logical_or` ufunc over every element: it
    does not stop early at the first true element. Nothing is read back to
    the host.

    See Also
    --------
    all, count_nonzero, logical_or, ndarray.any

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[True, False], [False, False]])
    >>> bool(xp.any(a))
    True
    >>> xp.any(a, axis=0)
    array([ True, False])
    >>> xp.any(a, axis=1, where=xp.array([False, True]))
    array([False, False])
    >>> bool(xp.any(xp.array([0, 0, 3])))
    True
    >>> bool(xp.any(xp.array([])))
    False
    """
    return _reduce("any", a, axis, None, out, keepdims, _NoValue, where)


def count_nonzero(a, axis=None, *, keepdims=False):
    """Count the nonzero elements over the given axes.

    An element counts when it is true as a bool: nonzero numbers, NaN
    included, and complex numbers with a nonzero part.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to reduce over; None (default) reduces every element.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.

    Returns
    -------
    count : ndarray
        int64 counts. A full reduction gives a 0-d device array where NumPy
        gives a Python int.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    ValueError
        If an axis is repeated.

    Notes
    -----
    One device reduction adding ``1 if x else 0`` in int64; nothing is read
    back to the host.

    See Also
    --------
    nonzero, any, all, sum

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[0, 1, 7, 0], [3, 0, 2, 19]])
    >>> int(xp.count_nonzero(a))
    5
    >>> xp.count_nonzero(a, axis=0)
    array([1, 1, 2, 1])
    >>> xp.count_nonzero(a, axis=1, keepdims=True)
    array([[2],
           [3]])
    """
    return _core._reduce("count_nonzero", _array(a), axis, None, None, bool(keepdims), None, None, 0)


def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Sum of the elements over the given axes, treating NaN as 0.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to reduce over; None (default) reduces every element.
    dtype : data-type, optional
        Dtype to accumulate in and return, as for `sum`.
    out : ndarray, optional
        Device array of the result's shape (and a dtype it can take) to write
        the result into.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    initial : scalar, optional
        Starting value added once into each sum.
    where : array_like of bool, optional
        Elements to include (broadcast against `a`); the others count as 0.

    Returns
    -------
    nansum : ndarray
        The sums; 0 for a slice that is empty or all NaN. A full reduction
        gives a 0-d device array where NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If `out` does not have the result's shape or an axis is repeated.

    Notes
    -----
    One device reduction whose per-element step replaces NaN by 0 (integer
    input has none); the order differs from NumPy's, so floating results may
    differ from NumPy's in the last bits. Nothing is read back to the host.

    See Also
    --------
    sum, nanprod, nanmean, isnan

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1.0, xp.nan], [3.0, 4.0]])
    >>> float(xp.nansum(a))
    8.0
    >>> xp.nansum(a, axis=0)
    array([4., 4.])
    >>> xp.nansum(a, axis=1)
    array([1., 7.])
    >>> float(xp.nansum(xp.array([xp.nan, xp.nan])))
    0.0
    """
    return _reduce("nansum", a, axis, dtype, out, keepdims, initial, where)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Product of the elements over the given axes, treating NaN as 1.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to reduce over; None (default) reduces every element.
    dtype : data-type, optional
        Dtype to accumulate in and return, as for `prod`.
    out : ndarray, optional
        Device array of the result's shape (and a dtype it can take) to write
        the result into.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    initial : scalar, optional
        Starting value multiplied once into each product.
    where : array_like of bool, optional
        Elements to include (broadcast against `a`); the others count as 1.

    Returns
    -------
    nanprod : ndarray
        The products; 1 for a slice that is empty or all NaN. A full reduction
        gives a 0-d device array where NumPy gives a scalar.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If `out` does not have the result's shape or an axis is repeated.

    Notes
    -----
    One device reduction whose per-element step replaces NaN by 1 (integer
    input has none); the order differs from NumPy's, so floating results may
    differ from NumPy's in the last bits. Nothing is read back to the host.

    See Also
    --------
    prod, nansum, nanmean, isnan

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[2.0, xp.nan], [3.0, 4.0]])
    >>> float(xp.nanprod(a))
    24.0
    >>> xp.nanprod(a, axis=0)
    array([6., 4.])
    >>> xp.nanprod(a, axis=1)
    array([ 2., 12.])
    >>> float(xp.nanprod(xp.array([xp.nan])))
    1.0
    """
    return _reduce("nanprod", a, axis, dtype, out, keepdims, initial, where)
