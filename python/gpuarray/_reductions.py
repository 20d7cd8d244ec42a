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
