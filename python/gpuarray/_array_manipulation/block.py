# SPDX-License-Identifier: BSD-3-Clause
"""block: an array assembled from nested lists of blocks, with NumPy 2's
result and errors (tuples, empty lists, mismatched depths). The innermost
lists join along the last axis and each enclosing level along the axis
before, by nested calls of concatenate (_array_manipulation/joining.py)."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_manipulation.joining import concatenate
from gpuarray._core import ndarray

__all__ = ["block"]


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
    """Assemble an array from nested lists of blocks.

    The innermost lists are joined along the last axis, the next level out
    along the second-to-last, and so on; blocks with fewer dimensions than
    the result get leading axes of extent 1.

    Parameters
    ----------
    arrays : nested list of array_like or scalar
        The blocks, in lists nested to the same depth everywhere (tuples are
        not accepted). A bare array or scalar gives a copy of it.

    Returns
    -------
    block_array : ndarray
        The assembled array, with as many dimensions as the larger of the list
        depth and the blocks' largest dimension count.

    Raises
    ------
    TypeError
        If `arrays` or one of its lists holds a tuple.
    ValueError
        If a list is empty, the list depths differ, or the blocks' shapes do
        not fit together (as `concatenate`).

    Notes
    -----
    Each list is joined by its own `concatenate`, inner lists first, so every
    level of nesting allocates an intermediate array and copies the data once
    more (NumPy copies large blocks straight into the result). Nothing is read
    back to the host.

    See Also
    --------
    concatenate, stack, vstack, hstack, dstack

    Examples
    --------
    >>> import gpuarray as xp
    >>> A = xp.eye(2, dtype=xp.int64)
    >>> B = xp.zeros((2, 1), dtype=xp.int64)
    >>> xp.block([[A, B], [xp.array([[7, 8]]), xp.array([[9]])]])
    array([[1, 0, 0],
           [0, 1, 0],
           [7, 8, 9]])
    >>> xp.block([xp.array([1, 2]), 3, xp.array([4])])
    array([1, 2, 3, 4])
    >>> xp.block([[1, 2], [3, 4]])
    array([[1, 2],
           [3, 4]])
    """
    list_depth, max_ndim, _ = _block_info(arrays)
    result = _block_assemble(arrays, 0, list_depth, max(list_depth, max_ndim))
    return result.copy() if list_depth == 0 else result
