# SPDX-License-Identifier: BSD-3-Clause
"""unique (return_index, return_inverse, return_counts, axis, equal_nan) and
NumPy 2's unique_all / unique_counts / unique_inverse / unique_values, with
NumPy's algorithms, results and dtypes.

Everything is a sort (stable, so first occurrences come first) followed by
elementwise flags of where runs of equal values start, compacted with
gpuarray.flatnonzero (which synchronizes: the result's size comes to the
host). Counts are differences of run starts and inverse indices a binary
search of them, so no scan or reduction is needed. unique_values and
unique_counts return sorted values (NumPy's may come in any order)."""
import collections
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray._array_creation.from_data import asarray, ascontiguousarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.axes import moveaxis
from gpuarray._sorting_searching.searching import flatnonzero
from gpuarray._sorting_searching.sort_kernels import _gather, _row_starts, _run_starts, _scatter
from gpuarray._sorting_searching.sorting import argsort, lexsort, searchsorted, sort
from gpuarray._ufunc.ufuncs import add, multiply, subtract

__all__ = ["unique", "unique_all", "unique_counts", "unique_inverse", "unique_values"]

UniqueAllResult = collections.namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])
UniqueCountsResult = collections.namedtuple("UniqueCountsResult", ["values", "counts"])
UniqueInverseResult = collections.namedtuple("UniqueInverseResult", ["values", "inverse_indices"])


def _flatnonzero(mask):
    # gpuarray._sorting_searching.searching is written alongside this module (stream compaction on CUB).
    return flatnonzero(mask)


def _compress(values, mask):
    """values[mask] for 1-D arrays."""
    return _gather(values, _flatnonzero(mask))


def _run_ends(starts, n):
    """For run starts (sorted int64 positions in 0..n-1), where each run ends: the next start, n for the last."""
    ends = empty(starts.size, numpy.int64)
    if starts.size:
        ends[:-1] = starts[1:]
        ends[-1] = n
    return ends


def _unique_runs(aux, starts_mask, perm, return_index, return_inverse, return_counts):
    """unique's results from the sorted values `aux` (1-D, or 2-D rows), where runs start and the sorting perm."""
    n = starts_mask.size
    starts = _flatnonzero(starts_mask)
    results = [_take_rows(aux, starts)]
    if return_index:
        results.append(_gather(perm, starts))
    if return_inverse:
        run_of_sorted = subtract(searchsorted(starts, arange(n, dtype=numpy.int64), side="right"), 1)
        inverse = empty(n, numpy.int64)
        _scatter(perm, run_of_sorted, inverse)
        results.append(inverse)
    if return_counts:
        results.append(subtract(_run_ends(starts, n), starts))
    return results


def _take_rows(a, rows):
    """a[rows] for a 1-D or 2-D C-contiguous `a` and int64 `rows`."""
    if a.ndim == 1:
        return _gather(a, rows)
    columns = a.shape[1]
    flat_index = add(multiply(rows.reshape(-1, 1), columns), arange(columns, dtype=numpy.int64))
    return _gather(a, flat_index)


def _unique_flat(ar, return_index, return_inverse, return_counts, equal_nan):
    ar = ar.reshape(-1)
    if return_index or return_inverse:
        perm = argsort(ar)
        aux = _gather(ar, perm)
    else:
        perm, aux = None, sort(ar)
    starts = _run_starts(aux, bool(equal_nan), size=aux.size)
    return _unique_runs(aux, starts, perm, return_index, return_inverse, return_counts)


def _unique_along(ar, axis, return_index, return_inverse, return_counts):
    """unique of the subarrays along `axis`, compared as NumPy compares them: element
    by element in order (NaN equal to nothing), sorted lexicographically."""
    ar = moveaxis(ar, axis, 0)
    shape = ar.shape
    rows = ascontiguousarray(ar).reshape(shape[0], -1)
    columns = rows.shape[1]
    if columns:
        keys = ascontiguousarray(rows.T[::-1])  # the first column is the primary key: lexsort's last
        perm = lexsort([keys[j] for j in range(columns)])
    else:
        perm = arange(shape[0], dtype=numpy.int64)
    aux = ascontiguousarray(_take_rows(rows, perm))
    starts = empty(shape[0], numpy.bool_)
    _row_starts(aux, columns, starts)
    results = _unique_runs(aux, starts, perm, return_index, return_inverse, return_counts)
    values = results[0].reshape((results[0].shape[0],) + shape[1:])
    results[0] = moveaxis(values, 0, axis)
    return results


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True,
           sorted=True):
    """Find the sorted unique elements of an array.

    The array is flattened unless `axis` is given, in which case its subarrays
    along `axis` are the elements. Optionally also returns where each unique
    element first occurs, the indices that rebuild the input, and how often
    each one occurs.

    Parameters
    ----------
    ar : array_like
        Input array.
    return_index : bool, optional
        If True, also return the index (into the flattened `ar`, or along
        `axis`) of the first occurrence of each unique element.
    return_inverse : bool, optional
        If True, also return the indices of the unique array that rebuild `ar`.
    return_counts : bool, optional
        If True, also return how many times each unique element occurs.
    axis : int or None, optional
        Axis whose subarrays are compared (default None: the flattened array).
    equal_nan : bool, optional
        If True (default), all NaNs count as one element; for complex input,
        every value with a NaN real or imaginary part does. Ignored when
        `axis` is given, where NaN equals nothing (as in NumPy).
    sorted : bool, optional
        Accepted for NumPy compatibility; the unique elements are sorted
        either way.

    Returns
    -------
    unique : ndarray
        The sorted unique elements (for `axis`, the unique subarrays in
        lexicographic order along it).
    unique_indices : ndarray of int64, optional
        Index of each unique element's first occurrence. Only with
        ``return_index=True``.
    unique_inverse : ndarray of int64, optional
        Indices into `unique` that rebuild `ar`: of `ar`'s shape when `axis`
        is None (as in NumPy 2), 1-D along `axis` otherwise. Only with
        ``return_inverse=True``.
    unique_counts : ndarray of int64, optional
        Number of occurrences of each unique element. Only with
        ``return_counts=True``.

    Raises
    ------
    numpy.exceptions.AxisError
        If `axis` is out of range for `ar`.
    TypeError
        If `axis` is not an integer.

    Notes
    -----
    The elements are sorted with a stable sort (a lexicographic sort of the
    rows for `axis`), so the first occurrence of a value comes first in its
    run of equal values. Flags where runs start are compacted with
    `flatnonzero`, which reads the number of unique elements back to the host
    and so waits for the device. Counts are the distances between run starts
    and the inverse is a binary search of them. NumPy may return unsorted
    values for ``sorted=False``; here they are always sorted.

    See Also
    --------
    unique_all, unique_counts, unique_inverse, unique_values, sort, bincount

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([[3, 1, 3], [2, 1, 3]])
    >>> xp.unique(x)
    array([1, 2, 3])
    >>> xp.unique(x, return_counts=True)
    (array([1, 2, 3]), array([2, 1, 3]))
    >>> u, index, inverse = xp.unique(xp.array([2, 3, 2, 1]), return_index=True, return_inverse=True)
    >>> index
    array([3, 0, 1])
    >>> inverse
    array([1, 2, 1, 0])
    >>> xp.take(u, inverse)
    array([2, 3, 2, 1])
    >>> xp.unique(xp.array([[1, 0], [2, 1], [1, 0]]), axis=0)
    array([[1, 0],
           [2, 1]])
    >>> xp.unique(xp.array([1.0, xp.nan, 2.0, xp.nan]))
    array([ 1.,  2., nan])
    >>> xp.unique(xp.array([1.0, xp.nan, 2.0, xp.nan]), equal_nan=False)
    array([ 1.,  2., nan, nan])
    """
    ar = asarray(ar)
    if axis is None:
        results = _unique_flat(ar, return_index, return_inverse, return_counts, equal_nan)
        if return_inverse:
            i = 1 + bool(return_index)
            results[i] = results[i].reshape(ar.shape)
    else:
        axis = normalize_axis_index(operator.index(axis), ar.ndim)
        results = _unique_along(ar, axis, return_index, return_inverse, return_counts)
    return results[0] if len(results) == 1 else tuple(results)


def unique_all(x):
    """Find the unique elements of an array with their indices, inverse and counts.

    The Array API's ``unique(x, return_index=True, return_inverse=True,
    return_counts=True, equal_nan=False)``, as a named tuple.

    Parameters
    ----------
    x : array_like
        Input array, flattened.

    Returns
    -------
    out : namedtuple
        ``UniqueAllResult(values, indices, inverse_indices, counts)``: the
        sorted unique values, the flat index of each one's first occurrence,
        the indices into `values` that rebuild `x` (of `x`'s shape), and the
        number of occurrences of each value (int64 arrays).

    Notes
    -----
    Every NaN is a distinct value. Built on `unique`: a stable sort and a
    compaction that reads the number of unique values back to the host,
    waiting for the device.

    See Also
    --------
    unique, unique_counts, unique_inverse, unique_values

    Examples
    --------
    >>> import gpuarray as xp
    >>> result = xp.unique_all(xp.array([3, 1, 3, 2, 1, 3]))
    >>> result.values
    array([1, 2, 3])
    >>> result.indices
    array([1, 3, 0])
    >>> result.inverse_indices
    array([2, 0, 2, 1, 0, 2])
    >>> result.counts
    array([2, 1, 3])
    >>> xp.unique_all(xp.array([[2, 1], [1, 2]])).inverse_indices
    array([[1, 0],
           [0, 1]])
    """
    return UniqueAllResult(*unique(x, True, True, True, equal_nan=False))


def unique_counts(x):
    """Find the unique elements of an array and how often each occurs.

    The Array API's ``unique(x, return_counts=True, equal_nan=False)``, as a
    named tuple.

    Parameters
    ----------
    x : array_like
        Input array, flattened.

    Returns
    -------
    out : namedtuple
        ``UniqueCountsResult(values, counts)``: the sorted unique values and
        the number of occurrences of each (int64).

    Notes
    -----
    Every NaN is a distinct value, with a count of 1. The values are always
    sorted (NumPy's may come in any order). Built on `unique`: a stable sort
    and a compaction that reads the number of unique values back to the host,
    waiting for the device.

    See Also
    --------
    unique, unique_all, unique_inverse, unique_values, bincount

    Examples
    --------
    >>> import gpuarray as xp
    >>> values, counts = xp.unique_counts(xp.array([3, 1, 3, 2, 1, 3]))
    >>> values
    array([1, 2, 3])
    >>> counts
    array([2, 1, 3])
    >>> result = xp.unique_counts(xp.array([1.0, xp.nan, xp.nan]))
    >>> result.values
    array([ 1., nan, nan])
    >>> result.counts
    array([1, 1, 1])
    """
    return UniqueCountsResult(*unique(x, return_counts=True, equal_nan=False))


def unique_inverse(x):
    """Find the unique elements of an array and the indices that rebuild it.

    The Array API's ``unique(x, return_inverse=True, equal_nan=False)``, as a
    named tuple.

    Parameters
    ----------
    x : array_like
        Input array, flattened.

    Returns
    -------
    out : namedtuple
        ``UniqueInverseResult(values, inverse_indices)``: the sorted unique
        values and the int64 indices into them that rebuild `x`, of `x`'s
        shape.

    Notes
    -----
    Every NaN is a distinct value. Built on `unique`: a stable sort and a
    compaction that reads the number of unique values back to the host,
    waiting for the device.

    See Also
    --------
    unique, unique_all, unique_counts, unique_values, take

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([[2, 1], [1, 2]])
    >>> values, inverse_indices = xp.unique_inverse(x)
    >>> values
    array([1, 2])
    >>> inverse_indices
    array([[1, 0],
           [0, 1]])
    >>> xp.take(values, inverse_indices)
    array([[2, 1],
           [1, 2]])
    """
    return UniqueInverseResult(*unique(x, return_inverse=True, equal_nan=False))


def unique_values(x):
    """Find the unique elements of an array.

    The Array API's ``unique(x, equal_nan=False)``.

    Parameters
    ----------
    x : array_like
        Input array, flattened.

    Returns
    -------
    out : ndarray
        The unique values, 1-D, in `x`'s dtype.

    Notes
    -----
    Every NaN is a distinct value. The values come sorted: NumPy's
    `unique_values` uses a hash table for some dtypes and may return them in
    any order. Built on `unique`: a sort and a compaction that reads the
    number of unique values back to the host, waiting for the device.

    See Also
    --------
    unique, unique_all, unique_counts, unique_inverse

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.unique_values(xp.array([3, 1, 3, 2, 1, 3]))
    array([1, 2, 3])
    >>> xp.unique_values(xp.array([2.0, xp.nan, 1.0, xp.nan]))
    array([ 1.,  2., nan, nan])
    """
    return unique(x, equal_nan=False)
