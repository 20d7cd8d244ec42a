# SPDX-License-Identifier: BSD-3-Clause
"""Sorting and searching: sort, argsort, lexsort, partition, argpartition,
sort_complex, searchsorted, and the ndarray methods sort, argsort, partition,
argpartition and searchsorted, with NumPy 2's signatures and errors.

The engine sorts along the last axis of a C-contiguous array (cpp/kernels/
sort.hpp: radix sort of order-preserving keys, Note [Sort keys]); here the
sorted axis is moved last and made contiguous. Every sort is stable whatever
`kind` asks for (a valid result for every kind), NaNs sort last (also -NaN),
complex numbers lexicographically as NumPy's. partition and argpartition
sort fully: a sorted array is a valid partition for every kth."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray import _core
from gpuarray._array_creation.from_data import asarray, ascontiguousarray
from gpuarray._array_creation.from_shape import zeros
from gpuarray._array_manipulation.axes import moveaxis
from gpuarray._core import ndarray
from gpuarray._sorting_searching.sort_kernels import _gather, _searchsorted

__all__ = ["sort", "argsort", "lexsort", "partition", "argpartition", "sort_complex", "searchsorted"]


def _check_kind(kind, stable, order):
    """NumPy's checks of sort's kind=, stable= and order= (every kind sorts stably here)."""
    if kind is not None and stable is not None:
        raise ValueError("`kind` and keyword parameters can't be provided at the same time. Use only one of them.")
    if kind is not None and (not isinstance(kind, str) or kind[:1].lower() not in ("q", "h", "m", "s")):
        raise ValueError(f"sort kind must be one of 'quick', 'heap', or 'stable' (got {kind!r})")
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")


def _along_last_axis(a, axis, engine):
    """engine(C-contiguous array with `axis` last), moved back; axis=None sorts the flattened array."""
    if axis is None:
        a, axis = a.ravel(), 0
    axis = normalize_axis_index(operator.index(axis), a.ndim)
    result = engine(ascontiguousarray(moveaxis(a, axis, -1)))
    return moveaxis(result, -1, axis)


def _sort_values(a):
    return _core._sort_last_axis(a)


def _argsort_positions(a):
    return _core._argsort_last_axis([a])


def sort(a, axis=-1, kind=None, order=None, *, stable=None):
    """Return a sorted copy of an array.

    Parameters
    ----------
    a : array_like
        Array to sort.
    axis : int or None, optional
        Axis to sort along (default -1, the last); None sorts the flattened
        array.
    kind : {'quicksort', 'mergesort', 'heapsort', 'stable'}, optional
        Accepted for NumPy compatibility (only the first letter is checked):
        every kind gives the same stable sort here.
    order : None, optional
        Field order for structured arrays in NumPy; gpuarray has no structured
        dtypes, so only None is accepted.
    stable : bool, optional
        Accepted for NumPy compatibility; the sort is always stable. Cannot be
        given together with `kind`.

    Returns
    -------
    sorted_array : ndarray
        A sorted copy of `a`, of its shape and dtype (1-D for ``axis=None``).

    Raises
    ------
    ValueError
        If both `kind` and `stable` are given, `kind` is not a known sort kind,
        or `order` is not None.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    The axis sorted along is moved last and copied into a contiguous array,
    which the engine sorts with a radix sort of order-preserving keys; the
    result is moved back. Every sort is stable, whatever `kind` or `stable`
    ask for. The order is NumPy's: NaNs sort last (including negative NaNs),
    complex numbers lexicographically by real, then imaginary part. Nothing is
    read back to the host.

    See Also
    --------
    argsort, lexsort, partition, searchsorted, ndarray.sort

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 4], [3, 1]])
    >>> xp.sort(a)
    array([[1, 4],
           [1, 3]])
    >>> xp.sort(a, axis=None)
    array([1, 1, 3, 4])
    >>> xp.sort(a, axis=0)
    array([[1, 1],
           [3, 4]])
    >>> xp.sort(xp.array([3.0, xp.nan, 1.0, -xp.inf]))
    array([-inf,   1.,   3.,  nan])
    """
    _check_kind(kind, stable, order)
    return _along_last_axis(asarray(a), axis, _sort_values)


def argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    """Indices that would sort an array.

    Parameters
    ----------
    a : array_like
        Array to sort.
    axis : int or None, optional
        Axis to sort along (default -1, the last); None sorts the flattened
        array.
    kind : {'quicksort', 'mergesort', 'heapsort', 'stable'}, optional
        Accepted for NumPy compatibility (only the first letter is checked):
        every kind gives the same stable sort here.
    order : None, optional
        Field order for structured arrays in NumPy; gpuarray has no structured
        dtypes, so only None is accepted.
    stable : bool, optional
        Accepted for NumPy compatibility; the sort is always stable. Cannot be
        given together with `kind`.

    Returns
    -------
    index_array : ndarray of int64
        Indices along `axis` such that ``take_along_axis(a, index_array,
        axis)`` is sorted; equal elements keep their original order. A 0-d
        `a` gives ``array([0])``, as in NumPy.

    Raises
    ------
    ValueError
        If both `kind` and `stable` are given, `kind` is not a known sort kind,
        or `order` is not None.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    The axis sorted along is moved last and copied into a contiguous array,
    which the engine sorts with a radix sort of order-preserving keys; the
    result is moved back. Every sort is stable, whatever `kind` or `stable`
    ask for. The order is NumPy's: NaNs sort last (including negative NaNs),
    complex numbers lexicographically by real, then imaginary part. Nothing is
    read back to the host.

    See Also
    --------
    sort, lexsort, argpartition, ndarray.argsort

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.argsort(xp.array([3, 1, 2]))
    array([1, 2, 0])
    >>> x = xp.array([[0, 3], [2, 2]])
    >>> xp.argsort(x, axis=0)
    array([[0, 1],
           [1, 0]])
    >>> xp.argsort(x, axis=1)
    array([[0, 1],
           [0, 1]])
    >>> xp.argsort(xp.array([2, 1, 2, 1]), stable=True)
    array([1, 3, 0, 2])
    """
    _check_kind(kind, stable, order)
    a = asarray(a)
    if a.ndim == 0:
        return zeros(1, numpy.int64)
    return _along_last_axis(a, axis, _argsort_positions)


def lexsort(keys, axis=-1):
    """Indirect stable sort by several keys.

    Sorts by the last key first, breaking ties with the key before it, and so
    on: ``keys[-1]`` is the primary key.

    Parameters
    ----------
    keys : sequence of array_like, or 2-D array
        Keys of one shape; a 2-D array gives its rows as the keys. A single
        scalar is one key.
    axis : int, optional
        Axis to sort along (default -1, the last).

    Returns
    -------
    indices : ndarray of int64
        Indices along `axis` that sort the keys; a 0-d array for 0-d keys.

    Raises
    ------
    TypeError
        If `keys` is an empty sequence.
    ValueError
        If the keys differ in shape.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    The keys are sorted together on the device by the same stable radix sort
    as `argsort` (each key moved to have `axis` last and made contiguous);
    NaNs sort last in each key. Nothing is read back to the host.

    See Also
    --------
    argsort, sort

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([1, 5, 1, 4, 3, 4, 4])
    >>> b = xp.array([9, 4, 0, 4, 0, 2, 1])
    >>> xp.lexsort((b, a))
    array([2, 0, 4, 6, 5, 3, 1])
    >>> xp.lexsort(xp.array([[1, 2, 1], [3, 3, 1]]))
    array([2, 0, 1])
    """
    if isinstance(keys, (list, tuple)) or (isinstance(keys, (ndarray, numpy.ndarray)) and keys.ndim != 0):
        keys = [asarray(k) for k in keys]  # an array's keys are its subarrays along the first axis
    else:
        keys = [asarray(keys)]  # one scalar key
    if not keys:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    shape = keys[0].shape
    if any(k.shape != shape for k in keys):
        raise ValueError("all keys need to be the same shape")
    if len(shape) == 0:
        return zeros((), numpy.int64)
    axis = normalize_axis_index(operator.index(axis), len(shape))
    moved = [ascontiguousarray(moveaxis(k, axis, -1)) for k in keys]
    return moveaxis(_core._argsort_last_axis(moved), -1, axis)


def _check_kth(kth, length):
    """NumPy's validation of partition's kth (an int or a sequence of ints) for an axis of `length`."""
    kth = numpy.asarray(kth)
    if kth.dtype.kind not in "iu":
        raise TypeError("Partition index must be integer")
    if kth.ndim > 1:
        raise ValueError("kth array must have dimension <= 1")
    for k in kth.reshape(-1).tolist():
        if not -length <= k < length:
            raise ValueError(f"kth(={k if k >= 0 else k + length}) out of bounds ({length})")


def _partition_axis(a, kth, axis, kind, order):
    if kind != "introselect":
        raise ValueError(f"partition kind must be 'introselect' (got {kind!r})")
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")
    if axis is None:
        a, axis = a.ravel(), 0
    axis = normalize_axis_index(operator.index(axis), a.ndim)
    _check_kth(kth, a.shape[axis])
    return a, axis


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """Return a partitioned copy of an array.

    In the copy the element at position `kth` is the one a sort would put
    there; no element before it is larger and no element after it is smaller.

    Parameters
    ----------
    a : array_like
        Array to partition.
    kth : int or sequence of ints
        Position(s) along `axis` of the element(s) to put in sorted place;
        negative values count from the end.
    axis : int or None, optional
        Axis to partition along (default -1, the last); None uses the
        flattened array.
    kind : {'introselect'}, optional
        Selection algorithm; only NumPy's name 'introselect' is accepted (the
        array is sorted regardless).
    order : None, optional
        Field order for structured arrays in NumPy; gpuarray has no structured
        dtypes, so only None is accepted.

    Returns
    -------
    partitioned_array : ndarray
        A copy of `a` partitioned at `kth`, of its shape and dtype (1-D for
        ``axis=None``).

    Raises
    ------
    TypeError
        If `kth` is not integer.
    ValueError
        If `kth` is out of range or has more than one dimension, `kind` is not
        'introselect', or `order` is not None.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    There is no selection algorithm here: the array is fully sorted along
    `axis` (stably, with NaNs last), which is a valid partition for every
    `kth`. The result is therefore one of the arrangements NumPy allows, but
    the elements on either side of the kth position generally appear in
    another order than NumPy's. Code should rely only on the partition
    property.

    See Also
    --------
    argpartition, sort, ndarray.partition

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([7, 1, 7, 7, 1, 5, 7, 2, 3, 2, 6, 2, 3, 0])
    >>> p = xp.partition(a, 4)
    >>> int(p[4])
    2
    >>> bool(xp.all(p[:4] <= p[4])) and bool(xp.all(p[5:] >= p[4]))
    True
    >>> p = xp.partition(a, (4, -1))
    >>> int(p[4]), int(p[-1])
    (2, 7)
    """
    a, axis = _partition_axis(asarray(a), kth, axis, kind, order)
    return _along_last_axis(a, axis, _sort_values)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """Indices that would partition an array.

    Parameters
    ----------
    a : array_like
        Array to partition; a 0-d array is treated as one element.
    kth : int or sequence of ints
        Position(s) along `axis` of the element(s) to put in sorted place;
        negative values count from the end.
    axis : int or None, optional
        Axis to partition along (default -1, the last); None uses the
        flattened array.
    kind : {'introselect'}, optional
        Selection algorithm; only NumPy's name 'introselect' is accepted (the
        array is sorted regardless).
    order : None, optional
        Field order for structured arrays in NumPy; gpuarray has no structured
        dtypes, so only None is accepted.

    Returns
    -------
    index_array : ndarray of int64
        Indices along `axis` such that ``take_along_axis(a, index_array,
        axis)`` is partitioned at `kth` (see `partition`).

    Raises
    ------
    TypeError
        If `kth` is not integer.
    ValueError
        If `kth` is out of range or has more than one dimension, `kind` is not
        'introselect', or `order` is not None.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    There is no selection algorithm here: the array is fully sorted along
    `axis` (stably, with NaNs last), which is a valid partition for every
    `kth`. The result is therefore one of the arrangements NumPy allows, but
    the elements on either side of the kth position generally appear in
    another order than NumPy's. Code should rely only on the partition
    property. Here the indices returned are those of a stable
    sort.

    See Also
    --------
    partition, argsort, ndarray.argpartition

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([3, 4, 2, 1])
    >>> i = xp.argpartition(x, 3)
    >>> int(x[i][3])
    4
    >>> i = xp.argpartition(x, (1, 3))
    >>> int(x[i][1]), int(x[i][3])
    (2, 4)
    """
    a = asarray(a)
    if a.ndim == 0:
        a = a.reshape(1)  # NumPy partitions a 0-d array as one element
    a, axis = _partition_axis(a, kth, axis, kind, order)
    return _along_last_axis(a, axis, _argsort_positions)


def sort_complex(a):
    """Sort an array as complex numbers, real part first, then imaginary part.

    Parameters
    ----------
    a : array_like
        Array to sort (along its last axis).

    Returns
    -------
    out : ndarray of complex
        The sorted array; complex input keeps its dtype, 8- and 16-bit
        integers give complex64 and other real dtypes complex128, as in NumPy.

    Notes
    -----
    Sorts with `sort` along the last axis, then converts; see `sort` for the
    order of NaNs.

    See Also
    --------
    sort

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.sort_complex(xp.array([5, 3, 6, 2, 1]))
    array([1.+0.j, 2.+0.j, 3.+0.j, 5.+0.j, 6.+0.j])
    >>> xp.sort_complex(xp.array([1 + 2j, 2 - 1j, 3 - 2j, 3 - 3j, 3 + 5j]))
    array([1.+2.j, 2.-1.j, 3.-3.j, 3.-2.j, 3.+5.j])
    """
    b = sort(a)
    if b.dtype.kind == "c":
        return b
    return b.astype(numpy.complex64 if b.dtype.char in "bhBH" else numpy.complex128)


def searchsorted(a, v, side="left", sorter=None):
    """Find where elements would be inserted to keep a sorted array sorted.

    For each element of `v`, the index ``i`` such that inserting it before
    ``a[i]`` keeps `a` sorted.

    Parameters
    ----------
    a : array_like
        1-D array, sorted in ascending order (NumPy's order: NaNs last) unless
        `sorter` is given.
    v : array_like
        Values to look up, of any shape.
    side : {'left', 'right'}, optional
        'left' (default): the index of the first suitable place, before equal
        elements; 'right': the last, after equal elements.
    sorter : array_like of int, optional
        Indices that sort `a` (such as ``argsort(a)``).

    Returns
    -------
    indices : ndarray of int64
        Insertion indices, of `v`'s shape (a 0-d device array for scalar `v`,
        where NumPy gives a scalar).

    Raises
    ------
    ValueError
        If `side` is not 'left' or 'right', `a` is not 1-D, or `sorter` does
        not have ``a.size`` elements.
    TypeError
        If `sorter` is not of an integer dtype.

    Notes
    -----
    `a` and `v` are compared in their common dtype, on the device, one binary
    search per element of `v`. With `sorter`, `a` is first gathered into
    sorted order. Unlike NumPy, the values in `sorter` are not checked to lie
    in range; out-of-range indices give undefined results.

    See Also
    --------
    sort, argsort, histogram

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([1, 2, 3, 4, 5])
    >>> int(xp.searchsorted(a, 3))
    2
    >>> int(xp.searchsorted(a, 3, side="right"))
    3
    >>> xp.searchsorted(a, xp.array([-10, 10, 2, 3]))
    array([0, 5, 1, 2])
    >>> u = xp.array([40, 10, 30, 20])
    >>> xp.searchsorted(u, xp.array([25]), sorter=xp.argsort(u))
    array([2])
    """
    a, v = asarray(a), asarray(v)
    if side not in ("left", "right"):
        raise ValueError(f"search side must be 'left' or 'right' (got {side!r})")
    if a.ndim != 1:
        raise ValueError("object too deep for desired array" if a.ndim > 1
                         else "object of too small depth for desired array")
    if sorter is not None:
        sorter = asarray(sorter)
        if sorter.dtype.kind not in "iu":
            raise TypeError("sorter must only contain integers")
        if sorter.size != a.size:
            raise ValueError("sorter.size must equal a.size")
        a = _gather(a, sorter.astype(numpy.int64, copy=False).reshape(-1))
    common = numpy.promote_types(a.dtype, v.dtype)
    a, v = a.astype(common, copy=False), v.astype(common, copy=False)
    return _searchsorted(a, v, side == "right")
