# SPDX-License-Identifier: BSD-3-Clause
"""An array as Python objects, bodies of ndarray methods attached by
_methods/ndarray_methods.py: item (no argument, a flat index or a multi-index), tolist,
the one-element conversions (int, float, complex, bool, operator.index),
len and iteration over the first axis (views, no device work). item,
tolist and the conversions read values back to the host (a
synchronization); the offset of the element `item` names is pure host
arithmetic (``_item_offset``), tested without a GPU."""
import operator

import numpy

__all__ = []


def _index_arg(i):
    if isinstance(i, (bool, numpy.bool_)):
        raise TypeError("an integer is required")
    return operator.index(i)


def _item_offset(shape, strides, args):
    """The byte offset of the element that a.item(*args) names: nothing (size-1 arrays), a flat
    C-order index, or one index per axis (also given as one tuple)."""
    if len(args) == 1 and isinstance(args[0], tuple):
        args = args[0]
    if len(args) == len(shape):
        offset = 0
        for axis, (i, n, s) in enumerate(zip(args, shape, strides)):
            i = _index_arg(i)
            if not -n <= i < n:
                raise IndexError(f"index {i} is out of bounds for axis {axis} with size {n}")
            offset += (i % n) * s
        return offset
    size = 1
    for n in shape:
        size *= n
    if not args:
        if size != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        return 0
    if len(args) > 1:
        raise ValueError("incorrect number of indices for array")
    flat = _index_arg(args[0])
    if not -size <= flat < size:
        raise IndexError(f"index {flat} is out of bounds for size {size}")
    flat %= size
    offset = 0
    for n, s in zip(reversed(shape), reversed(strides)):
        flat, i = divmod(flat, n)
        offset += i * s
    return offset


def _item(self, *args):
    """One element of the array as a Python scalar, copied to the host.

    Parameters
    ----------
    *args : int or tuple of ints
        None for a one-element array, a flat index, or one index per axis.

    Returns
    -------
    int, float, complex or bool
        The Python scalar of the element's value.

    Raises
    ------
    ValueError
        No index is given and the array has more than one element.
    IndexError
        The index is out of range.

    See Also
    --------
    ndarray.tolist, ndarray.get

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(2, 3)
    >>> a.item(4), a.item((0, 2))
    (4, 2)
    >>> xp.array([2.5]).item()
    2.5
    """
    return self._view((), (), _item_offset(self.shape, self.strides, args))._download().item()


def _tolist(self):
    """The array as nested Python lists of Python scalars, copied to the host.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    list or scalar
        Nested lists (a Python scalar for a 0-d array).

    See Also
    --------
    ndarray.item, ndarray.get

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.arange(4).reshape(2, 2).tolist()
    [[0, 1], [2, 3]]
    >>> xp.array(1.5).tolist()
    1.5
    """
    return self._download().tolist()


def _host_stand_in(self):
    """What the scalar conversions convert: the value on the host when the array has one element,
    else a host array of the same shape and dtype that needs no transfer, so that NumPy itself
    decides which shapes and dtypes convert and raises its own errors."""
    if self.size == 1:
        return self._download()
    return numpy.broadcast_to(numpy.zeros((), self.dtype), self.shape)


def _len(self):
    if not self.shape:
        raise TypeError("len() of unsized object")
    return self.shape[0]


def _iter(self):
    """Views of the array's slices along the first axis (0-d arrays for a 1-d array)."""
    if not self.shape:
        raise TypeError("iteration over a 0-d array")
    shape, strides = self.shape[1:], self.strides[1:]
    return (self._view(shape, strides, i * self.strides[0]) for i in range(self.shape[0]))
