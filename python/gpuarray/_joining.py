# SPDX-License-Identifier: BSD-3-Clause
"""Joining arrays: concatenate (and its alias concat), stack, vstack, hstack,
dstack, column_stack, row_stack, block and append, with NumPy 2's
signatures, result dtypes, memory layouts and errors.

concatenate allocates the result once and copies each input into its slice
of the result: one elementwise copy kernel per input (a cast when the dtypes
differ), so joining runs at copy bandwidth. Every other routine here reshapes
its inputs into views and calls concatenate."""
import operator
import warnings

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray._core import ndarray
from gpuarray._creation import array, asarray
from gpuarray._dtypes import result_type
from gpuarray._manipulation import atleast_1d, atleast_2d, atleast_3d, ravel

__all__ = ["concatenate", "concat", "stack", "vstack", "hstack", "dstack", "column_stack", "block", "append"]
if hasattr(numpy, "row_stack"):  # deprecated in NumPy 2.0; gone where NumPy dropped it
    __all__.append("row_stack")

_CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")


def _check_casting(casting):
    if casting not in _CASTINGS:
        raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' "
                         f"(got {casting!r})")


def _check_shapes(arrays, axis):
    """NumPy's checks: equal dimension counts, equal extents except along `axis`."""
    first = arrays[0]
    for i, arr in enumerate(arrays[1:], 1):
        if arr.ndim != first.ndim:
            raise ValueError("all the input arrays must have same number of dimensions, but the array at index 0 "
                             f"has {first.ndim} dimension(s) and the array at index {i} has {arr.ndim} "
                             "dimension(s)")
        for d in range(first.ndim):
            if d != axis and arr.shape[d] != first.shape[d]:
                raise ValueError("all the input array dimensions except for the concatenation axis must match "
                                 f"exactly, but along dimension {d}, the array at index 0 has size "
                                 f"{first.shape[d]} and the array at index {i} has size {arr.shape[d]}")


def _joint_axis_order(shapes, strides):
    """The axes, slowest-varying first, that NumPy's concatenate lays its result out in:
    an insertion sort from C order where an axis moves outward past another only when
    every input whose extents along both are not 1 has the larger |stride| on it."""
    order = list(range(len(shapes[0])))
    for i in range(1, len(order)):
        ax = order[i]
        pos = i
        for j in range(i - 1, -1, -1):
            other = order[j]
            verdicts = [abs(st[ax]) > abs(st[other]) for sh, st in zip(shapes, strides)
                        if sh[ax] != 1 and sh[other] != 1]
            if not verdicts:
                continue  # no input has an opinion: look further out
            if all(verdicts):
                pos = j
            else:
                break
        order.insert(pos, order.pop(i))
    return order


def _joint_strides(shape, itemsize, shapes, strides):
    """Byte strides of a dense result of `shape` laid out in the inputs' common axis order."""
    result = [0] * len(shape)
    step = itemsize
    for ax in reversed(_joint_axis_order(shapes, strides)):
        result[ax] = step
        step *= shape[ax]
    return tuple(result)


def _check_out(out, shape, axis_none):
    if not isinstance(out, ndarray):
        raise TypeError(f"out must be a gpuarray.ndarray, not {type(out).__name__}")
    if out.ndim != len(shape):
        raise ValueError("Output array must be 1D" if axis_none else "Output array has wrong dimensionality")
    if out.shape != tuple(shape):
        raise ValueError("Output array is the wrong shape")
    if not out._writeable:
        raise ValueError("output array is read-only")


def concatenate(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """The arrays joined along an existing `axis` (the flattened arrays for None). The
    result has result_type of the inputs (or `dtype`, or out's dtype); each input must
    cast to it under `casting`."""
    if out is not None and dtype is not None:
        raise TypeError("concatenate() only takes `out` or `dtype` as an argument, but both were provided.")
    _check_casting(casting)
    arrays = [asarray(a) for a in arrays]
    if not arrays:
        raise ValueError("need at least one array to concatenate")
    axis_none = axis is None
    if axis_none:
        arrays, axis = [ravel(a) for a in arrays], 0
    elif arrays[0].ndim == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    axis = normalize_axis_index(operator.index(axis), arrays[0].ndim)
    _check_shapes(arrays, axis)
    shape = list(arrays[0].shape)
    shape[axis] = sum(a.shape[axis] for a in arrays)
    if out is not None:
        _check_out(out, shape, axis_none)
        target = out.dtype
    else:
        target = result_type(*arrays) if dtype is None else numpy.dtype(dtype)
    for a in arrays:
        if not numpy.can_cast(a.dtype, target, casting):
            raise TypeError(f"Cannot cast array data from {a.dtype!r} to {target!r} according to the rule "
                            f"{casting!r}")
    if out is None:
        out = ndarray(tuple(shape), target, strides=_joint_strides(shape, target.itemsize, [a.shape for a in arrays],
                                                           [a.strides for a in arrays]))
    step = out.strides[axis]
    start = 0
    for a in arrays:
        n = a.shape[axis]
        if n and a.size:
            # out's slice [start, start + n) along `axis`: the input's shape, out's strides.
            out._view(a.shape, out.strides, start * step)._copy_from(a)
        start += n
    return out


concat = concatenate


def stack(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """The arrays, all of one shape, joined along a new `axis`."""
    arrays = [asarray(a) for a in arrays]
    if not arrays:
        raise ValueError("need at least one array to stack")
    if any(a.shape != arrays[0].shape for a in arrays[1:]):
        raise ValueError("all input arrays must have the same shape")
    axis = normalize_axis_index(operator.index(axis), arrays[0].ndim + 1)
    # Each input gains an extent-1 axis (stride 0, as NumPy's a[:, newaxis]) at `axis`.
    expanded = [a._view(a.shape[:axis] + (1,) + a.shape[axis:], a.strides[:axis] + (0,) + a.strides[axis:])
                for a in arrays]
    return concatenate(expanded, axis, out, dtype=dtype, casting=casting)


def _sequence(tup):
    """NumPy refuses generators and other non-sequences in the *stack functions."""
    if not hasattr(tup, "__getitem__"):
        raise TypeError('arrays to stack must be passed as a "sequence" type such as list or tuple.')
    return tup


def vstack(tup, *, dtype=None, casting="same_kind"):
    """The arrays joined along the first axis, 1-D arrays as rows."""
    return concatenate([atleast_2d(a) for a in _sequence(tup)], 0, dtype=dtype, casting=casting)


def hstack(tup, *, dtype=None, casting="same_kind"):
    """The arrays joined along the second axis (the first for 1-D arrays)."""
    arrays = [atleast_1d(a) for a in _sequence(tup)]
    axis = 0 if arrays and arrays[0].ndim == 1 else 1
    return concatenate(arrays, axis, dtype=dtype, casting=casting)


def dstack(tup):
    """The arrays joined along the third axis (1-D arrays become (1, N, 1), 2-D (M, N, 1))."""
    return concatenate([atleast_3d(a) for a in _sequence(tup)], 2)


def column_stack(tup):
    """1-D arrays as columns of a 2-D array; 2-D arrays joined along the second axis."""
    arrays = []
    for a in _sequence(tup):
        a = asarray(a)
        arrays.append(array(a, copy=None, ndmin=2).T if a.ndim < 2 else a)
    return concatenate(arrays, 1)


def row_stack(tup, *, dtype=None, casting="same_kind"):
    """vstack, under the name NumPy 2 deprecates."""
    warnings.warn("`row_stack` alias is deprecated. Use `np.vstack` directly.", DeprecationWarning, stacklevel=2)
    return vstack(tup, dtype=dtype, casting=casting)


def append(arr, values, axis=None):
    """`values` joined to the end of `arr` along `axis` (both flattened when None)."""
    arr = asarray(arr)
    values = asarray(values)
    if axis is None:
        if arr.ndim != 1:
            arr = ravel(arr)
        return concatenate((arr, ravel(values)), 0)
    return concatenate((arr, values), axis)


# ---- block ----

def _block_info(arrays, index="", depth=0):
    """(list depth, largest array ndim) of a nested list, with NumPy's errors for tuples,
    empty lists and leaves at unequal depths."""
    if isinstance(arrays, tuple):
        raise TypeError(f"{'arrays' + index} is a tuple. Only lists can be used to arrange blocks, and np.block "
                        "does not allow implicit conversion from tuple to ndarray.")
    if not isinstance(arrays, list):
        return depth, arrays.ndim if isinstance(arrays, ndarray) else numpy.ndim(arrays), "arrays" + index
    if not arrays:
        raise ValueError(f"List at {'arrays' + index} cannot be empty")
    first_depth, max_ndim, first_index = None, 0, None
    for i, item in enumerate(arrays):
        d, nd, where = _block_info(item, f"{index}[{i}]", depth + 1)
        if first_depth is None:
            first_depth, first_index = d, where
        elif d != first_depth:
            raise ValueError(f"List depths are mismatched. First element was at depth {first_depth}, but there is "
                             f"an element at depth {d} ({where})")
        max_ndim = max(max_ndim, nd)
    return first_depth, max_ndim, first_index


def _block_assemble(arrays, depth, list_depth, ndim):
    """Nested concatenates: the innermost lists join along the last axis, the outermost
    along axis -list_depth; leaves get leading extent-1 axes up to `ndim`."""
    if not isinstance(arrays, list):
        a = asarray(arrays)
        return a.reshape((1,) * (ndim - a.ndim) + a.shape)
    parts = [_block_assemble(item, depth + 1, list_depth, ndim) for item in arrays]
    return concatenate(parts, axis=depth - list_depth)


def block(arrays):
    """An array assembled from nested lists of blocks (NumPy's block)."""
    list_depth, max_ndim, _ = _block_info(arrays)
    result = _block_assemble(arrays, 0, list_depth, max(list_depth, max_ndim))
    return result.copy() if list_depth == 0 else result
