# SPDX-License-Identifier: BSD-3-Clause
"""The ndarray methods of sorting.py's functions: ``a.sort()`` and
``a.partition()`` (in place), ``a.argsort()``, ``a.argpartition()`` and
``a.searchsorted()``, attached by _methods/ndarray_methods.py."""
from gpuarray._sorting_searching.sorting import (
    _along_last_axis, _check_kind, _partition_axis, _sort_values, argpartition, argsort, searchsorted,
)


def _sort_in_place(self, axis=-1, kind=None, order=None, *, stable=None):
    """Sorts the array in place.

    Parameters
    ----------
    axis : int, optional
        The axis to sort along (the last by default).
    kind : {'quicksort', 'mergesort', 'heapsort', 'stable'}, optional
        Accepted for NumPy's signature: every kind gives the same (stable)
        order here.
    order : None
        Field names for structured arrays, which gpuarray does not have.
    stable : bool, optional
        Accepted for the array API (the sort is always stable).

    Returns
    -------
    None

    Raises
    ------
    TypeError
        `axis` is None (NumPy's error: the method sorts one axis).

    See Also
    --------
    gpuarray.sort, ndarray.argsort, ndarray.partition

    Notes
    -----
    NaNs sort to the end, as NumPy's. The values are sorted into a new
    buffer and copied back.

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[3, 1, 2], [9, 7, 8]])
    >>> a.sort()
    >>> a
    array([[1, 2, 3],
           [7, 8, 9]])
    >>> a.sort(axis=0); a[0]
    array([1, 2, 3])
    """
    _check_kind(kind, stable, order)
    if axis is None:
        raise TypeError("an integer is required for the axis")
    self[...] = _along_last_axis(self, axis, _sort_values)


def _partition_in_place(self, kth, axis=-1, kind="introselect", order=None):
    """Partitions the array in place around the `kth` element(s).

    Parameters
    ----------
    kth : int or sequence of ints
        The position(s) that end up holding the value a full sort puts
        there, smaller values before and larger after.
    axis : int, optional
        The axis (the last by default).
    kind : {'introselect'}, optional
        NumPy's only kind.
    order : None
        Field names for structured arrays, which gpuarray does not have.

    Returns
    -------
    None

    Raises
    ------
    ValueError
        A `kth` is out of range.

    See Also
    --------
    gpuarray.partition, ndarray.sort, ndarray.argpartition

    Notes
    -----
    The result is a full sort, which is a valid partition for every `kth`.

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([7, 1, 5, 3])
    >>> a.partition(1)
    >>> int(a[1])
    3
    >>> bool((a[:1] <= a[1]).all() and (a[2:] >= a[1]).all())
    True
    """
    if axis is None:
        raise TypeError("an integer is required for the axis")
    a, axis = _partition_axis(self, kth, axis, kind, order)
    self[...] = _along_last_axis(a, axis, _sort_values)


def _argsort_method(self, axis=-1, kind=None, order=None, *, stable=None):
    """The indices that sort the array: ``gpuarray.argsort(a, axis, kind, order, stable=stable)``.

    Parameters
    ----------
    axis : int or None, optional
        The axis (the last by default); None sorts the flattened array.
    kind : {'quicksort', 'mergesort', 'heapsort', 'stable'}, optional
        Accepted for NumPy's signature (the order is always stable).
    order : None
        Field names for structured arrays, which gpuarray does not have.
    stable : bool, optional
        Accepted for the array API.

    Returns
    -------
    ndarray
        int64 indices of the array's shape.

    See Also
    --------
    gpuarray.argsort, ndarray.sort, gpuarray.take_along_axis

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.array([30, 10, 20]).argsort()
    array([1, 2, 0])
    >>> xp.array([[2, 1], [0, 3]]).argsort(axis=0)
    array([[1, 0],
           [0, 1]])
    """
    return argsort(self, axis, kind, order, stable=stable)


def _argpartition_method(self, kth, axis=-1, kind="introselect", order=None):
    """The indices that partition the array: ``gpuarray.argpartition(a, kth, axis, kind, order)``.

    Parameters
    ----------
    kth : int or sequence of ints
        The position(s) to partition around.
    axis : int or None, optional
        The axis (the last by default); None works on the flattened array.
    kind : {'introselect'}, optional
        NumPy's only kind.
    order : None
        Field names for structured arrays, which gpuarray does not have.

    Returns
    -------
    ndarray
        int64 indices of the array's shape.

    See Also
    --------
    gpuarray.argpartition, ndarray.argsort

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([7, 1, 5, 3])
    >>> int(a[a.argpartition(1)[1]])
    3
    >>> a.argpartition(0).shape
    (4,)
    """
    return argpartition(self, kth, axis, kind, order)


def _searchsorted_method(self, v, side="left", sorter=None):
    """Where values would be inserted to keep this sorted 1-D array sorted.

    Parameters
    ----------
    v : array_like
        The values to place.
    side : {'left', 'right'}, optional
        For equal values, the first ('left') or last suitable position.
    sorter : 1-D array_like of ints, optional
        Indices that sort the array (from argsort), when it is not sorted.

    Returns
    -------
    ndarray
        int64 positions, of `v`'s shape.

    See Also
    --------
    gpuarray.searchsorted, gpuarray.digitize

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([1, 2, 2, 5])
    >>> a.searchsorted(xp.array([2, 3, 6]))
    array([1, 3, 4])
    >>> int(a.searchsorted(2, side='right'))
    3
    """
    return searchsorted(self, v, side, sorter)
