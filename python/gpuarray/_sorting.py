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
from gpuarray._core import ndarray
from gpuarray._creation import asarray, ascontiguousarray, zeros
from gpuarray._manipulation import moveaxis
from gpuarray._sort_kernels import _gather, _searchsorted, kernel_for

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
    """A sorted copy of `a` along `axis` (the flattened array for None)."""
    _check_kind(kind, stable, order)
    return _along_last_axis(asarray(a), axis, _sort_values)


def argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    """int64 indices that sort `a` along `axis` (the flattened array for None);
    stable: equal elements keep their order. A 0-d array gives [0], as NumPy."""
    _check_kind(kind, stable, order)
    a = asarray(a)
    if a.ndim == 0:
        return zeros(1, numpy.int64)
    return _along_last_axis(a, axis, _argsort_positions)


def _sort_in_place(self, axis=-1, kind=None, order=None, *, stable=None):
    """ndarray.sort: sorts the array in place along `axis`."""
    _check_kind(kind, stable, order)
    if axis is None:
        raise TypeError("an integer is required for the axis")
    self[...] = _along_last_axis(self, axis, _sort_values)


def lexsort(keys, axis=-1):
    """int64 indices sorting by several keys along `axis`: keys[-1] is the primary
    key, keys[-2] the next, ...; a 2-D array gives its rows as the keys. Stable."""
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
    """A copy of `a` with the kth elements in their sorted places, smaller ones
    before and larger ones after: here the fully sorted array."""
    a, axis = _partition_axis(asarray(a), kth, axis, kind, order)
    return _along_last_axis(a, axis, _sort_values)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """Indices that partition `a` (see partition): here those that sort it."""
    a = asarray(a)
    if a.ndim == 0:
        a = a.reshape(1)  # NumPy partitions a 0-d array as one element
    a, axis = _partition_axis(a, kth, axis, kind, order)
    return _along_last_axis(a, axis, _argsort_positions)


def _partition_in_place(self, kth, axis=-1, kind="introselect", order=None):
    """ndarray.partition: partitions (here: sorts) the array in place."""
    if axis is None:
        raise TypeError("an integer is required for the axis")
    a, axis = _partition_axis(self, kth, axis, kind, order)
    self[...] = _along_last_axis(a, axis, _sort_values)


def sort_complex(a):
    """`a` flattened along its last axis, sorted and returned as complex (complex64
    for 8- and 16-bit integers, complex128 for other real dtypes), as NumPy."""
    b = sort(a)
    if b.dtype.kind == "c":
        return b
    return b.astype(numpy.complex64 if b.dtype.char in "bhBH" else numpy.complex128)


def searchsorted(a, v, side="left", sorter=None):
    """Indices where the elements of `v` would be inserted into the sorted 1-D
    `a` to keep it sorted: before equal elements (side='left') or after them
    ('right'), in NumPy's order (NaNs last). `sorter` (int indices) sorts `a`.
    Both are compared in their common dtype; the result is int64 of v's shape.
    Unlike NumPy, indices of `sorter` out of range are not checked."""
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
    return kernel_for(_searchsorted, common)(a, v, side == "right")


def _argsort_method(self, axis=-1, kind=None, order=None, *, stable=None):
    """ndarray.argsort: see argsort."""
    return argsort(self, axis, kind, order, stable=stable)


def _argpartition_method(self, kth, axis=-1, kind="introselect", order=None):
    """ndarray.argpartition: see argpartition."""
    return argpartition(self, kth, axis, kind, order)


def _searchsorted_method(self, v, side="left", sorter=None):
    """ndarray.searchsorted: see searchsorted."""
    return searchsorted(self, v, side, sorter)


ndarray.sort = _sort_in_place
ndarray.argsort = _argsort_method
ndarray.partition = _partition_in_place
ndarray.argpartition = _argpartition_method
ndarray.searchsorted = _searchsorted_method
