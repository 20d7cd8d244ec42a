# SPDX-License-Identifier: BSD-3-Clause
"""Joining arrays along an axis: concatenate (and its alias concat), stack and
append, with NumPy 2's signatures, result dtypes, memory layouts and errors.

concatenate allocates the result once and copies each input into its slice
of the result: one elementwise copy kernel per input (a cast when the dtypes
differ), so joining runs at copy bandwidth. stack and append reshape their
inputs into views and call concatenate, as do the *stack functions
(_array_manipulation/stacking.py) and block (_array_manipulation/block.py)."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_manipulation.shapes import ravel
from gpuarray._base.dtypes import result_type
from gpuarray._core import ndarray

__all__ = ["concatenate", "concat", "stack", "append"]

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
    """Join a sequence of arrays along an existing axis.

    ``concat`` is the same function under the Array API's name.

    Parameters
    ----------
    arrays : sequence of array_like
        The arrays to join; they must have the same number of dimensions and
        the same shape except along `axis` (any shapes when `axis` is None).
        Host data is copied to the device first.
    axis : int or None, optional
        The axis to join along (default 0); None flattens every input first.
    out : ndarray, optional
        A gpuarray array of the result's shape to write into; its dtype is the
        result's dtype. Cannot be given together with `dtype`.
    dtype : data-type, optional
        Dtype of the result; by default the `result_type` of the inputs.
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        How the inputs may be cast to the result dtype (default
        'same_kind').

    Returns
    -------
    res : ndarray
        The joined array (`out` itself when given).

    Raises
    ------
    ValueError
        If `arrays` is empty, the inputs are 0-d (and `axis` is not None), the
        numbers of dimensions or the extents off `axis` differ, `casting` is
        not a known rule, or `out` has the wrong shape or is read-only.
    TypeError
        If both `out` and `dtype` are given, `out` is not a gpuarray array, or
        an input cannot be cast to the result dtype under `casting`.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    The result is allocated once and each non-empty input is copied into its
    slice of it by one elementwise kernel (which also casts when the dtypes
    differ), so joining runs at copy bandwidth; nothing is read back to the
    host. The result's memory layout follows the inputs', as in NumPy
    (Fortran-ordered inputs give a Fortran-ordered result). NumPy accepts any
    array as `out`; here it must be a gpuarray array on the device.

    See Also
    --------
    stack, vstack, hstack, dstack, column_stack, block, append, split

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2], [3, 4]])
    >>> b = xp.array([[5, 6]])
    >>> xp.concatenate((a, b))
    array([[1, 2],
           [3, 4],
           [5, 6]])
    >>> xp.concatenate((a, b.T), axis=1)
    array([[1, 2, 5],
           [3, 4, 6]])
    >>> xp.concatenate((a, b), axis=None)
    array([1, 2, 3, 4, 5, 6])
    >>> xp.concat([xp.array([1, 2]), xp.array([0.5])])
    array([1. , 2. , 0.5])
    >>> xp.concatenate([xp.array([1, 2]), xp.array([3])], dtype=xp.float32)
    array([1., 2., 3.], dtype=float32)
    >>> out = xp.zeros(5, dtype=xp.int64)
    >>> xp.concatenate([xp.array([1, 2]), xp.array([3, 4, 5])], out=out) is out
    True
    >>> out
    array([1, 2, 3, 4, 5])
    """
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
    """Join a sequence of arrays of one shape along a new axis.

    Parameters
    ----------
    arrays : sequence of array_like
        The arrays to stack, all of the same shape; host data is copied to the
        device first.
    axis : int, optional
        Position of the new axis in the result (default 0); negative values
        count from the end of the result's axes.
    out : ndarray, optional
        A gpuarray array of the result's shape to write into; its dtype is the
        result's dtype. Cannot be given together with `dtype`.
    dtype : data-type, optional
        Dtype of the result; by default the `result_type` of the inputs.
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        How the inputs may be cast to the result dtype (default
        'same_kind').

    Returns
    -------
    stacked : ndarray
        An array with one more dimension than the inputs, whose extent along
        `axis` is the number of inputs (`out` itself when given).

    Raises
    ------
    ValueError
        If `arrays` is empty or the inputs' shapes differ, and as
        `concatenate` for `casting` and `out`.
    TypeError
        As `concatenate`, for `out`, `dtype` and casting.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    Each input becomes a view with an extent-1 axis at `axis` (stride 0, as
    NumPy's ``a[:, newaxis]``), and `concatenate` joins the views: one copy
    kernel per input, nothing read back to the host.

    See Also
    --------
    concatenate, vstack, hstack, dstack, column_stack, block, unstack, split

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([1, 2, 3])
    >>> b = xp.array([4, 5, 6])
    >>> xp.stack((a, b))
    array([[1, 2, 3],
           [4, 5, 6]])
    >>> xp.stack((a, b), axis=-1)
    array([[1, 4],
           [2, 5],
           [3, 6]])
    >>> xp.stack([xp.zeros((2, 3)), xp.ones((2, 3))], axis=1).shape
    (2, 2, 3)
    """
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


def append(arr, values, axis=None):
    """Append values to the end of an array.

    Parameters
    ----------
    arr : array_like
        The array to append to; host data is copied to the device first.
    values : array_like
        The values to append. With an `axis` they must have the shape of `arr`
        except along `axis`; without one any shape is accepted.
    axis : int or None, optional
        The axis to append along; None (default) flattens both `arr` and
        `values` first.

    Returns
    -------
    append : ndarray
        A new array (never `arr` itself, which is left unchanged): 1-D when
        `axis` is None. Its dtype is the `result_type` of `arr` and `values`.

    Raises
    ------
    ValueError
        If, with an `axis`, the numbers of dimensions or the extents off
        `axis` differ (as `concatenate`).
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    Implemented as `concatenate` of the two: the result is allocated anew
    and both are copied into it, so appending in a loop copies the whole
    array each time. Nothing is read back to the host.

    See Also
    --------
    concatenate, insert, delete

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.append(xp.array([1, 2, 3]), xp.array([[4, 5], [6, 7]]))
    array([1, 2, 3, 4, 5, 6, 7])
    >>> xp.append(xp.array([[1, 2], [3, 4]]), xp.array([[5, 6]]), axis=0)
    array([[1, 2],
           [3, 4],
           [5, 6]])
    >>> xp.append(xp.array([1, 2]), 3.5)
    array([1. , 2. , 3.5])
    """
    arr = asarray(arr)
    values = asarray(values)
    if axis is None:
        if arr.ndim != 1:
            arr = ravel(arr)
        return concatenate((arr, ravel(values)), 0)
    return concatenate((arr, values), axis)
