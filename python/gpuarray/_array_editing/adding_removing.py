# SPDX-License-Identifier: BSD-3-Clause
"""Adding and removing elements: insert, delete and trim_zeros, with NumPy 2's
semantics and errors (append is in _array_manipulation/joining.py, resize in tiling.py).

The positions (`obj`) are small and live on the host: a device `obj` is read
back once. One position or a slice is a few block copies; a list of positions
becomes a map of source slices along the axis, built on the device, and one
gather."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

from gpuarray._array_creation.from_data import array, asarray
from gpuarray._array_creation.from_shape import empty, ones, zeros
from gpuarray._array_creation.ranges import arange
from gpuarray._array_editing.tiling import gather_along_axis
from gpuarray._array_manipulation.axes import moveaxis
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._array_manipulation.joining import concatenate
from gpuarray._array_manipulation.shapes import ravel
from gpuarray._core import ndarray
from gpuarray._reduction.extrema import max as _max, min as _min
from gpuarray._sorting_searching.searching import argwhere, flatnonzero
from gpuarray._sorting_searching.sort_kernels import _scatter
from gpuarray._sorting_searching.sorting import searchsorted
from gpuarray._ufunc.ufuncs import add, logical_not

__all__ = ["insert", "delete", "trim_zeros"]


def _order(arr):
    """The memory order NumPy gives insert's and delete's result: F only for an array
    that is Fortran- and not C-contiguous."""
    return "F" if arr._f_contiguous and not arr._c_contiguous else "C"


def _along(axis, ndim, index):
    """A basic index selecting `index` (a slice) along `axis`, everything along the others."""
    return (slice(None),) * axis + (index,) + (slice(None),) * (ndim - axis - 1)


def _flat_and_axis(arr, axis):
    """insert's and delete's array and axis: the flattened array along 0 when axis is None."""
    arr = asarray(arr)
    if axis is None:
        return (arr if arr.ndim == 1 else ravel(arr)), 0
    return arr, normalize_axis_index(operator.index(axis), arr.ndim)


def _host_positions(obj):
    """`obj` as a host array (a device one is read back)."""
    return obj.get() if isinstance(obj, ndarray) else numpy.array(obj)


# ---- insert ----

def _insert_block(arr, axis, index, values):
    """insert at one position: the slices before and after it, `values` between."""
    ndim = arr.ndim
    numnew = values.shape[axis]
    shape = list(arr.shape)
    shape[axis] += numnew
    new = empty(shape, arr.dtype, _order(arr))
    new[_along(axis, ndim, slice(None, index))] = arr[_along(axis, ndim, slice(None, index))]
    new[_along(axis, ndim, slice(index, index + numnew))] = values
    new[_along(axis, ndim, slice(index + numnew, None))] = arr[_along(axis, ndim, slice(index, None))]
    return new


def insert(arr, obj, values, axis=None):
    """The array with values inserted before given positions along an axis.

    Parameters
    ----------
    arr : array_like
        Input.
    obj : int, slice, sequence of ints or array of bool
        The positions before which to insert.
    values : array_like
        The values, broadcast to the inserted slices and cast to `arr`'s type.
    axis : int, optional
        The axis; None (default) inserts into the flattened array.

    Returns
    -------
    ndarray
        A new array (`arr` is not changed).

    Raises
    ------
    IndexError
        A position is out of range.

    See Also
    --------
    delete, append, concatenate

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.insert(xp.arange(4), 1, 9)
    array([0, 9, 1, 2, 3])
    >>> xp.insert(xp.zeros((2, 2), dtype=int), 2, [5, 6], axis=1)
    array([[0, 0, 5],
           [0, 0, 6]])
    """
    arr, axis = _flat_and_axis(arr, axis)
    n = arr.shape[axis]
    if isinstance(obj, slice):
        indices = numpy.arange(*obj.indices(n), dtype=numpy.intp)
    else:
        indices = _host_positions(obj)
        if indices.dtype == numpy.bool_:
            if indices.ndim != 1:
                raise ValueError("boolean array argument obj to insert must be one dimensional")
            indices = numpy.flatnonzero(indices)
        elif indices.ndim > 1:
            raise ValueError("index array argument obj to insert must be one dimensional or scalar")
    if indices.size == 1:
        index = indices.item()
        if not -n <= index <= n:
            raise IndexError(f"index {obj} is out of bounds for axis {axis} with size {n}")
        index += n if index < 0 else 0
        values = array(values, copy=None, ndmin=arr.ndim, dtype=arr.dtype)
        if indices.ndim == 0:
            # A scalar position takes values[k] as the k-th new slice (as arr[:, i:i+1] = ...).
            values = moveaxis(values, 0, axis)
        return _insert_block(arr, axis, index, values)
    if indices.size == 0 and not isinstance(obj, (numpy.ndarray, ndarray)):
        indices = indices.astype(numpy.intp)
    if indices.dtype.kind not in "iu":
        raise IndexError("arrays used as indices must be of integer (or boolean) type")
    indices = indices.astype(numpy.int64)
    bad = indices[(indices < -n) | (indices > n)]
    if bad.size:
        raise IndexError(f"index {bad[0]} is out of bounds for axis {axis} with size {n}")
    indices[indices < 0] += n
    numnew = indices.size
    # The k-th value goes before old element indices[k]; equal positions keep their order.
    rank = numpy.empty(numnew, numpy.int64)
    rank[numpy.argsort(indices, kind="stable")] = numpy.arange(numnew)
    new_positions = indices + rank
    slot_shape = arr.shape[:axis] + (numnew,) + arr.shape[axis + 1:]
    values = broadcast_to(array(values, copy=None, dtype=arr.dtype), slot_shape)
    # source[j]: the slice of concatenate((arr, values), axis) that lands at position j.
    source = empty(n + numnew, numpy.int64)
    if n:
        old = arange(n, dtype=numpy.int64)
        old_positions = add(old, searchsorted(asarray(numpy.sort(indices)), old, side="right"))
        _scatter(old_positions, old, source)
    if numnew:
        _scatter(asarray(new_positions), arange(n, n + numnew, dtype=numpy.int64), source)
    return gather_along_axis(concatenate((arr, values), axis), source, axis)


# ---- delete ----

def _delete_slice(arr, axis, obj):
    """delete of a slice: the parts before and after it, and for a step above 1 the runs
    of step - 1 kept elements between the deleted ones (one two-axis view each side)."""
    n = arr.shape[axis]
    start, stop, step = obj.indices(n)
    span = range(start, stop, step)
    count = len(span)
    if count <= 0:
        return arr.copy(_order(arr))
    # The deleted positions, lowest first, end at the last of them (not at `stop`).
    step, start, stop = abs(step), min(span[0], span[-1]), max(span[0], span[-1]) + 1
    ndim = arr.ndim
    shape = list(arr.shape)
    shape[axis] -= count
    new = empty(shape, arr.dtype, _order(arr))
    new[_along(axis, ndim, slice(None, start))] = arr[_along(axis, ndim, slice(None, start))]
    new[_along(axis, ndim, slice(stop - count, None))] = arr[_along(axis, ndim, slice(stop, None))]
    if step > 1 and count > 1:
        runs, run = count - 1, step - 1
        split = arr.shape[:axis] + (runs, run) + arr.shape[axis + 1:]
        src_stride, dst_stride = arr.strides[axis], new.strides[axis]
        kept = arr._view(split, arr.strides[:axis] + (step * src_stride, src_stride) + arr.strides[axis + 1:],
                         (start + 1) * src_stride)
        new._view(split, new.strides[:axis] + (run * dst_stride, dst_stride) + new.strides[axis + 1:],
                  start * dst_stride)._copy_from(kept)
    return new


def _keep_mask(obj, n, axis):
    """A device bool array of n entries: False at the positions `obj` deletes."""
    if isinstance(obj, ndarray) and obj.dtype == numpy.bool_:
        if obj.shape != (n,):
            raise ValueError(f"boolean array argument obj to delete must be one dimensional and match the axis "
                             f"length of {n}")
        return logical_not(obj)
    positions = _host_positions(obj)
    if positions.size == 0 and not isinstance(obj, (numpy.ndarray, ndarray)):
        positions = positions.astype(numpy.intp)
    if positions.dtype == numpy.bool_:
        if positions.shape != (n,):
            raise ValueError(f"boolean array argument obj to delete must be one dimensional and match the axis "
                             f"length of {n}")
        return asarray(~positions)
    if positions.dtype.kind not in "iu":
        raise IndexError("arrays used as indices must be of integer (or boolean) type")
    positions = positions.astype(numpy.int64).reshape(-1)
    bad = positions[(positions < -n) | (positions >= n)]
    if bad.size:
        raise IndexError(f"index {bad[0]} is out of bounds for axis {axis} with size {n}")
    keep = ones(n, numpy.bool_)
    if positions.size:
        _scatter(asarray(positions % n), zeros(positions.size, numpy.bool_), keep)
    return keep


def delete(arr, obj, axis=None):
    """The array without the slices at given positions along an axis.

    Parameters
    ----------
    arr : array_like
        Input.
    obj : int, slice, sequence of ints or array of bool
        The positions to remove.
    axis : int, optional
        The axis; None (default) deletes from the flattened array.

    Returns
    -------
    ndarray
        A new array (`arr` is not changed).

    Raises
    ------
    IndexError
        A position is out of range.

    See Also
    --------
    insert, compress

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.delete(xp.arange(5), [0, 2])
    array([1, 3, 4])
    >>> xp.delete(xp.arange(6).reshape(2, 3), 1, axis=1)
    array([[0, 2],
           [3, 5]])
    """
    arr, axis = _flat_and_axis(arr, axis)
    n = arr.shape[axis]
    if isinstance(obj, slice):
        return _delete_slice(arr, axis, obj)
    if isinstance(obj, (int, numpy.integer)) and not isinstance(obj, (bool, numpy.bool_)):
        if not -n <= obj < n:
            raise IndexError(f"index {obj} is out of bounds for axis {axis} with size {n}")
        obj = int(obj) % n
        return _delete_slice(arr, axis, slice(obj, obj + 1))
    return gather_along_axis(arr, flatnonzero(_keep_mask(obj, n, axis)), axis)


# ---- trim_zeros ----

def trim_zeros(filt, trim="fb", axis=None):
    """The array without its leading and/or trailing zeros.

    Parameters
    ----------
    filt : array_like
        Input.
    trim : str, optional
        'f' trims the front, 'b' the back, 'fb' (default) both.
    axis : None or int or tuple of ints, optional
        The axes to trim; None (default) trims every axis, keeping the
        bounding box of the nonzero elements.

    Returns
    -------
    ndarray
        A view of `filt`.

    See Also
    --------
    nonzero

    Notes
    -----
    The bounds are read back to the host.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.trim_zeros(xp.array([0, 0, 1, 2, 0]))
    array([1, 2])
    >>> xp.trim_zeros(xp.array([0, 1, 0]), trim='b')
    array([0, 1])
    """
    trim = trim.lower()
    if trim not in {"fb", "bf", "f", "b"}:
        raise ValueError(f"unexpected character(s) in `trim`: {trim!r}")
    filt = asarray(filt)
    axes = range(filt.ndim) if axis is None else normalize_axis_tuple(axis, filt.ndim, argname="axis")
    if not axes:
        return filt
    coords = argwhere(filt)
    if coords.shape[0] == 0:
        start = stop = [0] * filt.ndim  # all zero: an empty slice on every trimmed axis
    else:
        start = _min(coords, axis=0).get().tolist() if "f" in trim else [None] * filt.ndim
        stop = [s + 1 for s in _max(coords, axis=0).get().tolist()] if "b" in trim else [None] * filt.ndim
    return filt[tuple(slice(start[ax], stop[ax]) if ax in axes else slice(None) for ax in range(filt.ndim))]
