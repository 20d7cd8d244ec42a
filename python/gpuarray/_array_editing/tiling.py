# SPDX-License-Identifier: BSD-3-Clause
"""Tiling and repeating: tile, repeat (and ndarray.repeat), resize.

Uniform repetition is one broadcast copy: the result, viewed with an extra
axis per repeated one, is assigned a stride-0 view of the input. Per-element
repeats gather along the axis: the source index of each output position is a
binary search of the cumulative repeats (the total, their last element, is
the one value read back to size the result)."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray._array_creation.from_data import array, asarray, ascontiguousarray
from gpuarray._array_creation.from_shape import empty, zeros_like
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.shapes import ravel
from gpuarray._core import ndarray
from gpuarray._math.scans import cumsum
from gpuarray._reduction.extrema import min as _min
from gpuarray._sorting_searching.sorting import searchsorted
from gpuarray._user_kernels.elementwise_kernel import ElementwiseKernel

__all__ = ["tile", "repeat", "resize"]

# y[o, j, k] = src[o, index[j], k] for C-contiguous src (outer, n, inner) and y (outer, m, inner).
_gather_along_axis = ElementwiseKernel(
    "raw T src, raw int64 index, int64 n, int64 m, int64 inner", "T y",
    """const long long k = i % inner;
    const long long rest = i / inner;
    y = src[((rest / m) * n + index[rest % m]) * inner + k];""",
    "ga_gather_along_axis")


def gather_along_axis(a, index, axis):
    """A new C-contiguous array: `a` with the slices along `axis` taken in the order the
    1-D device int64 array `index` lists (values in range: not checked)."""
    shape = a.shape[:axis] + (index.size,) + a.shape[axis + 1:]
    out = empty(shape, a.dtype)
    if out.size:
        inner = 1
        for n in a.shape[axis + 1:]:
            inner *= n
        _gather_along_axis(ascontiguousarray(a), ascontiguousarray(index), a.shape[axis], index.size, inner, out)
    return out


def _with_repeat_axis(a, axis, count):
    """A view of `a` with an axis of extent `count` and stride 0 after `axis`."""
    return a._view(a.shape[:axis + 1] + (count,) + a.shape[axis + 1:],
                   a.strides[:axis + 1] + (0,) + a.strides[axis + 1:])


def tile(A, reps):
    """An array made by repeating `A` the number of times given by `reps`.

    Parameters
    ----------
    A : array_like
        The tile.
    reps : int or sequence of ints
        Repetitions along each axis, aligned with `A`'s last axes; the one
        with fewer entries gains leading ones.

    Returns
    -------
    ndarray
        ``max(A.ndim, len(reps))`` dimensions.

    See Also
    --------
    repeat, broadcast_to

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.tile(xp.array([0, 1]), 3)
    array([0, 1, 0, 1, 0, 1])
    >>> xp.tile(xp.array([0, 1]), (2, 2))
    array([[0, 1, 0, 1],
           [0, 1, 0, 1]])
    """
    try:
        reps = tuple(reps)
    except TypeError:
        reps = (reps,)
    reps = tuple(operator.index(r) for r in reps)
    if all(r == 1 for r in reps) and isinstance(A, ndarray):
        return array(A, copy=True, ndmin=len(reps))  # NumPy's shortcut: a copy keeping A's layout
    # NumPy's ndmin puts the missing axes in front.
    a = array(A, copy=None, ndmin=len(reps))
    reps = (1,) * (a.ndim - len(reps)) + reps
    shape = tuple(n * r for n, r in zip(a.shape, reps))
    out = empty(shape, a.dtype)
    if out.size:
        # out as (r0, n0, r1, n1, ...) receives a view of a with stride 0 on each r axis.
        interleaved = [e for r, n in zip(reps, a.shape) for e in (r, n)]
        source_strides = [e for s in a.strides for e in (0, s)]
        out.reshape(tuple(interleaved))._copy_from(a._view(tuple(interleaved), tuple(source_strides)))
    return out


def _repeat_counts(repeats, n):
    """repeats as either a Python int (uniform) or a device int64 array of n counts.
    NumPy casts the counts to intp under 'safe' rules, except a Python number, which it
    truncates; a single count applies to every element."""
    if isinstance(repeats, (int, float, numpy.integer)):
        count = int(repeats)
        if count < 0:
            raise ValueError("negative dimensions are not allowed")
        return count
    if not isinstance(repeats, (ndarray, numpy.ndarray)) and numpy.size(repeats) == 0:
        repeats = numpy.zeros(0, numpy.intp)  # an empty list means no counts, not float64 ones
    counts = asarray(repeats)
    if not numpy.can_cast(counts.dtype, numpy.intp, "safe"):
        raise TypeError(f"Cannot cast array data from {counts.dtype!r} to dtype('int64') according to the rule "
                        "'safe'")
    if counts.ndim > 1:
        raise ValueError("setting an array element with a sequence. The requested array would exceed the maximum "
                         "number of dimension of 1.")
    counts = counts.reshape(-1).astype(numpy.int64, copy=False)
    if counts.size == 1:
        count = int(counts.get()[0])
        if count < 0:
            raise ValueError("negative dimensions are not allowed")
        return count
    if counts.size != n:
        raise ValueError(f"operands could not be broadcast together with shape ({n},) ({counts.size},)")
    if n and int(_min(counts).get()) < 0:
        raise ValueError("repeats may not contain negative values.")
    return counts


def repeat(a, repeats, axis=None):
    """Each element of an array repeated.

    Parameters
    ----------
    a : array_like
        Input.
    repeats : int or array_like of ints
        How many times: one count for all, or one per element along `axis`.
    axis : int, optional
        The axis along which to repeat; None (default) repeats the elements
        of the flattened array.

    Returns
    -------
    ndarray
        The repeated array.

    Raises
    ------
    ValueError
        A count is negative, or the counts do not match the axis.

    See Also
    --------
    tile, ndarray.repeat

    Notes
    -----
    Per-element counts are read back to the host to size the result.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.repeat(xp.array([1, 2]), 3)
    array([1, 1, 1, 2, 2, 2])
    >>> xp.repeat(xp.array([[1, 2], [3, 4]]), [1, 2], axis=0)
    array([[1, 2],
           [3, 4],
           [3, 4]])
    """
    a = asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    else:
        axis = normalize_axis_index(operator.index(axis), a.ndim)
    n = a.shape[axis]
    counts = _repeat_counts(repeats, n)
    if isinstance(counts, int):
        out = empty(a.shape[:axis] + (n * counts,) + a.shape[axis + 1:], a.dtype)
        if out.size:
            # out viewed as (..., n, counts, ...) receives a with a stride-0 axis.
            split_shape = a.shape[:axis + 1] + (counts,) + a.shape[axis + 1:]
            out.reshape(split_shape)._copy_from(_with_repeat_axis(a, axis, counts))
        return out
    ends = cumsum(counts)
    total = int(ends[-1].get()) if n else 0
    # Output position j comes from the first element whose cumulative count exceeds j.
    index = searchsorted(ends, arange(total, dtype=numpy.int64), side="right")
    return gather_along_axis(a, index, axis)


def resize(a, new_shape):
    """A new array of a given shape, filled with the array's elements repeated as often as needed.

    Parameters
    ----------
    a : array_like
        Input, read flattened.
    new_shape : int or tuple of ints
        The shape of the result.

    Returns
    -------
    ndarray
        The result; zeros when `a` is empty.

    Raises
    ------
    ValueError
        A dimension of `new_shape` is negative.

    See Also
    --------
    ndarray.resize, reshape, tile

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.resize(xp.array([1, 2, 3]), (2, 4))
    array([[1, 2, 3, 1],
           [2, 3, 1, 2]])
    >>> xp.resize(xp.arange(4), 2)
    array([0, 1])
    """
    try:
        new_shape = (operator.index(new_shape),)
    except TypeError:
        new_shape = tuple(operator.index(n) for n in new_shape)
    a = ravel(asarray(a))
    size = 1
    for n in new_shape:
        if n < 0:
            raise ValueError("all elements of `new_shape` must be non-negative")
        size *= n
    if a.size == 0 or size == 0:
        return zeros_like(a, shape=new_shape)
    out = empty(size, a.dtype)
    whole, rest = divmod(size, a.size)
    if whole:
        out[:whole * a.size].reshape(whole, a.size)._copy_from(a._view((whole, a.size), (0, a.itemsize)))
    if rest:
        out[whole * a.size:]._copy_from(a[:rest])
    return out.reshape(new_shape)
