# SPDX-License-Identifier: BSD-3-Clause
"""Membership and set operations: isin (and the deprecated in1d),
intersect1d, union1d, setdiff1d and setxor1d, with NumPy's algorithms,
results and dtypes. isin sorts the test elements and finds each element by a
binary search in them (nothing is read back to the host); the set operations
build on unique (_set_routines/unique.py) and on sorts, with runs of equal values found by
elementwise flags and compacted with gpuarray.flatnonzero (which
synchronizes: the result's size comes to the host)."""
import warnings

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._set_routines.unique import _compress, _flatnonzero, unique
from gpuarray._sorting_searching.sort_kernels import _contains, _gather
from gpuarray._sorting_searching.sorting import argsort, sort
from gpuarray._ufunc.ufuncs import add, bitwise_and, equal, not_equal, subtract

__all__ = ["isin", "in1d", "intersect1d", "union1d", "setdiff1d", "setxor1d"]


def _concatenate(*arrays):
    """The arrays flattened end to end, in their promoted dtype (numpy.concatenate(..., axis=None))."""
    arrays = [asarray(a) for a in arrays]
    out = empty(sum(a.size for a in arrays), numpy.result_type(*[a.dtype for a in arrays]))
    start = 0
    for a in arrays:
        out[start:start + a.size] = a.reshape(-1)
        start += a.size
    return out


def _check_isin_kind(kind, *arrays):
    if kind not in (None, "sort", "table"):
        raise ValueError(f"Invalid kind: '{kind}'. Please use None, 'sort' or 'table'.")
    if kind == "table" and any(a.dtype.kind not in "biu" for a in arrays):
        raise ValueError("The 'table' method is only supported for boolean or integer arrays. "
                         "Please select 'sort' or None for kind.")


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    """Test whether each element of an array is in a second array.

    Parameters
    ----------
    element : array_like
        Input array; the result has its shape.
    test_elements : array_like
        The values to look for (flattened).
    assume_unique : bool, optional
        Accepted for NumPy compatibility; it changes nothing here.
    invert : bool, optional
        If True, return whether each element is *not* in `test_elements`.
    kind : {None, 'sort', 'table'}, optional
        Accepted for NumPy compatibility: every kind gives the same binary
        search, but 'table' is refused for non-integer dtypes as in NumPy.

    Returns
    -------
    isin : ndarray of bool
        Of `element`'s shape: True where the element equals some test element
        (False there with ``invert=True``).

    Raises
    ------
    ValueError
        If `kind` is not None, 'sort' or 'table', or is 'table' and either
        array is not of a boolean or integer dtype.

    Notes
    -----
    Both arrays are compared in their promoted dtype, with ``==``: NaN is in
    nothing. The test elements are sorted and each element is found by a
    binary search in them, whatever `kind` says (NumPy may build a lookup
    table for integers instead). Nothing is read back to the host.

    See Also
    --------
    in1d, intersect1d, setdiff1d, searchsorted

    Examples
    --------
    >>> import gpuarray as xp
    >>> element = xp.array([[0, 2], [4, 6]])
    >>> xp.isin(element, xp.array([1, 2, 4, 8]))
    array([[False,  True],
           [ True, False]])
    >>> xp.isin(element, xp.array([1, 2, 4, 8]), invert=True)
    array([[ True, False],
           [False,  True]])
    >>> xp.isin(xp.array([1, 2, 3]), xp.array([2.5, 3.0]))
    array([False, False,  True])
    >>> xp.isin(xp.array([1.0, xp.nan]), xp.array([xp.nan, 1.0]))
    array([ True, False])
    """
    element, test = asarray(element), asarray(test_elements)
    _check_isin_kind(kind, element, test)
    common = numpy.result_type(element.dtype, test.dtype)
    table = sort(test.astype(common, copy=False).reshape(-1))
    return _contains(table, element.astype(common, copy=False), bool(invert))


def in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None):
    """Test whether each element of a flattened array is in a second array.

    Deprecated: use `isin`, which keeps the input's shape. NumPy deprecated
    `in1d` in 2.0 and removed it in 2.4; gpuarray keeps it for old code.

    Parameters
    ----------
    ar1 : array_like
        Input array, flattened.
    ar2 : array_like
        The values to look for (flattened).
    assume_unique : bool, optional
        Accepted for NumPy compatibility; it changes nothing here.
    invert : bool, optional
        If True, return whether each element is *not* in `ar2`.
    kind : {None, 'sort', 'table'}, optional
        Accepted for NumPy compatibility, as in `isin`.

    Returns
    -------
    in1d : ndarray of bool
        1-D, of `ar1`'s size: ``isin(ar1.reshape(-1), ar2, ...)``.

    Raises
    ------
    ValueError
        If `kind` is not None, 'sort' or 'table', or is 'table' and either
        array is not of a boolean or integer dtype.

    Warns
    -----
    DeprecationWarning
        On every call.

    Notes
    -----
    A binary search in the sorted `ar2`, as in `isin`; nothing is read back
    to the host.

    See Also
    --------
    isin

    Examples
    --------
    >>> import gpuarray as xp
    >>> ar1 = xp.array([[0, 2], [4, 6]])
    >>> xp.in1d(ar1, xp.array([1, 2, 4, 8]))
    array([False,  True,  True, False])
    >>> xp.in1d(ar1, xp.array([1, 2, 4, 8]), invert=True)
    array([ True, False, False,  True])
    """
    warnings.warn("`in1d` is deprecated. Use `np.isin` instead.", DeprecationWarning, stacklevel=2)
    return isin(asarray(ar1).reshape(-1), ar2, assume_unique, invert, kind=kind)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """Find the sorted unique values that are in both of two arrays.

    Parameters
    ----------
    ar1, ar2 : array_like
        Input arrays, flattened.
    assume_unique : bool, optional
        If True, the inputs are taken to hold no repeated values, which skips
        finding their unique values; if they do hold repeats, the result may
        be wrong.
    return_indices : bool, optional
        If True, also return the indices into the flattened arrays of the
        first occurrence of each common value.

    Returns
    -------
    intersect1d : ndarray
        The sorted common unique values, 1-D, in the arrays' promoted dtype.
    comm1 : ndarray of int64, optional
        Index of each value's first occurrence in the flattened `ar1`. Only
        with ``return_indices=True``.
    comm2 : ndarray of int64, optional
        Index of each value's first occurrence in the flattened `ar2`. Only
        with ``return_indices=True``.

    Notes
    -----
    NumPy's algorithm: the unique values of both arrays are concatenated and
    sorted (stably, with an argsort for `return_indices`), and a value is
    common where it equals its successor. Finding the unique values and the
    common ones compacts flags with `flatnonzero`, which reads a size back to
    the host and so waits for the device.

    See Also
    --------
    union1d, setdiff1d, setxor1d, isin, unique

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.intersect1d(xp.array([1, 3, 4, 3]), xp.array([3, 1, 2, 1]))
    array([1, 3])
    >>> xp.intersect1d(xp.array([1, 3, 4, 3]), xp.array([3, 1, 2, 1]), return_indices=True)
    (array([1, 3]), array([0, 1]), array([1, 0]))
    >>> xp.intersect1d(xp.array([[5, 1], [2, 7]]), xp.array([7.0, 5.0]))
    array([5., 7.])
    """
    ar1, ar2 = asarray(ar1), asarray(ar2)
    if assume_unique:
        ar1, ar2 = ar1.reshape(-1), ar2.reshape(-1)
    elif return_indices:
        (ar1, ind1), (ar2, ind2) = unique(ar1, return_index=True), unique(ar2, return_index=True)
    else:
        ar1, ar2 = unique(ar1), unique(ar2)
    aux = _concatenate(ar1, ar2)
    if return_indices:
        order = argsort(aux)
        aux = _gather(aux, order)
    else:
        aux = sort(aux)
    pairs = equal(aux[1:], aux[:-1])
    first = _flatnonzero(pairs)
    values = _gather(aux, first)
    if not return_indices:
        return values
    ar1_indices = _gather(order, first)
    ar2_indices = subtract(_gather(order, add(first, 1)), ar1.size)
    if not assume_unique:
        ar1_indices, ar2_indices = _gather(ind1, ar1_indices), _gather(ind2, ar2_indices)
    return values, ar1_indices, ar2_indices


def union1d(ar1, ar2):
    """Find the sorted unique values that are in either of two arrays.

    Parameters
    ----------
    ar1, ar2 : array_like
        Input arrays, flattened.

    Returns
    -------
    union1d : ndarray
        The sorted unique values of both arrays, 1-D, in their promoted dtype.

    Notes
    -----
    `unique` of the two arrays concatenated; its compaction reads the number
    of values back to the host, waiting for the device. NaNs count as one
    value, as in `unique`.

    See Also
    --------
    intersect1d, setdiff1d, setxor1d, unique

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.union1d(xp.array([-1, 0, 1]), xp.array([-2, 0, 2]))
    array([-2, -1,  0,  1,  2])
    >>> xp.union1d(xp.array([[3, 1], [1, 2]]), xp.array([2.5]))
    array([1. , 2. , 2.5, 3. ])
    """
    return unique(_concatenate(ar1, ar2))


def setdiff1d(ar1, ar2, assume_unique=False):
    """Find the unique values of one array that are not in a second array.

    Parameters
    ----------
    ar1 : array_like
        Input array, flattened.
    ar2 : array_like
        The values to leave out.
    assume_unique : bool, optional
        If True, the inputs are taken to hold no repeated values: `ar1` is not
        made unique (repeats in it stay) and keeps its order.

    Returns
    -------
    setdiff1d : ndarray
        The values of `ar1` not in `ar2`, 1-D, in `ar1`'s dtype; sorted
        unless `assume_unique` is True.

    Notes
    -----
    Both arrays are made unique (unless `assume_unique`), then `ar1`'s values
    are kept where ``isin(..., invert=True)`` holds. The compactions read
    sizes back to the host and so wait for the device.

    See Also
    --------
    intersect1d, union1d, setxor1d, isin

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.setdiff1d(xp.array([5, 2, 3, 2, 4, 1]), xp.array([3, 4, 5, 6]))
    array([1, 2])
    >>> xp.setdiff1d(xp.array([5, 2, 3, 1]), xp.array([3, 4]), assume_unique=True)
    array([5, 2, 1])
    >>> xp.setdiff1d(xp.array([1, 2, 3]), xp.array([2.0]))
    array([1, 3])
    """
    if assume_unique:
        ar1 = asarray(ar1).reshape(-1)
    else:
        ar1, ar2 = unique(ar1), unique(ar2)
    return _compress(ar1, isin(ar1, ar2, assume_unique=True, invert=True))


def setxor1d(ar1, ar2, assume_unique=False):
    """Find the sorted unique values that are in exactly one of two arrays.

    Parameters
    ----------
    ar1, ar2 : array_like
        Input arrays, flattened.
    assume_unique : bool, optional
        If True, the inputs are taken to hold no repeated values, which skips
        finding their unique values; if they do hold repeats, the result may
        be wrong.

    Returns
    -------
    setxor1d : ndarray
        The sorted values in only one of the arrays, 1-D, in their promoted
        dtype.

    Notes
    -----
    NumPy's algorithm: the unique values of both arrays are concatenated and
    sorted, and a value is kept where it differs from both neighbours. The
    compactions read sizes back to the host and so wait for the device.

    See Also
    --------
    intersect1d, union1d, setdiff1d, unique

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.setxor1d(xp.array([1, 2, 3, 2, 4]), xp.array([2, 3, 5, 7, 5]))
    array([1, 4, 5, 7])
    >>> xp.setxor1d(xp.array([1, 2]), xp.array([2.5, 1.0]))
    array([2. , 2.5])
    """
    if not assume_unique:
        ar1, ar2 = unique(ar1), unique(ar2)
    aux = _concatenate(ar1, ar2)
    if aux.size == 0:
        return aux
    aux = sort(aux)
    flag = empty(aux.size + 1, numpy.bool_)  # flag[i]: aux[i - 1] != aux[i], True at both ends
    flag[0] = flag[-1] = True
    not_equal(aux[1:], aux[:-1], out=flag[1:-1])
    return _compress(aux, bitwise_and(flag[1:], flag[:-1]))
