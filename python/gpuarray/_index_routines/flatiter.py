# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.flatiter, the type of ``a.flat``: a device array seen as 1-D in C order.

Indexing reads and writes the device (a gather, a copy or a scatter per call, never a
copy of single elements to the host). Iterating yields host scalars, as NumPy's
flatiter does: the first step copies the whole array to the host once, and the rest
read that copy."""
import operator

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.shapes import _flatten, ravel
from gpuarray._base.python_conversions import _item_offset
from gpuarray._core import ndarray
from gpuarray._index_routines.indexing import take
from gpuarray._index_routines.put import put
from gpuarray._sorting_searching.searching import flatnonzero

__all__ = ["flatiter"]

_INDEX_TYPES = "only integers, slices (`:`), ellipsis (`...`) and integer or boolean arrays are valid indices"


def _coords(index, shape):
    """The C-order multi-index of flat position `index`; the past-the-end position carries
    into the first axis, as NumPy's flatiter.coords does after the last element."""
    coords = []
    for n in reversed(shape[1:]):
        index, c = divmod(index, n) if n else (index, 0)
        coords.append(c)
    if shape:
        coords.append(index)
    return tuple(reversed(coords))


class flatiter:
    """Flat iterator over a device array, as NumPy's ``numpy.flatiter``.

    ``a.flat`` returns one; it cannot be created directly. It indexes the
    array as if it were 1-D in C order, whatever its layout: ``a.flat[i]``
    reads, ``a.flat[idx] = v`` writes, and ``for x in a.flat`` visits every
    element.

    Instances come from ``ndarray.flat`` (or ``broadcast.iters``); calling
    ``flatiter(...)`` raises TypeError, as NumPy's does.

    Attributes
    ----------
    base : ndarray
        The array iterated over.
    index : int
        The flat position of the next element iteration yields.
    coords : tuple of int
        The multi-index of that position.

    Notes
    -----
    Indexing takes an integer, a slice, ``...``, an integer array of any
    shape or a 1-D boolean array of ``a.size`` elements, as NumPy's. The
    result is a new device array: a 0-d array for an integer, where NumPy
    returns a scalar, so no value is read back to the host. Assignment
    repeats the values cyclically when they are fewer than the positions
    (NumPy's rule, not broadcasting); with repeated positions one of the
    values remains, unspecified which (NumPy keeps the last). An integer
    index takes a single value: a sequence or array of any size (even one)
    raises NumPy's ValueError, as does a value that does not convert to the
    dtype. Indexing and assignment reset `index` to 0, as NumPy's do.
    NumPy 2.4 still accepts, with a DeprecationWarning, float and 0-d
    boolean indices; gpuarray raises IndexError for them.

    Iteration yields NumPy scalars, as NumPy's flatiter does. The first
    step copies the whole array to the host in one transfer (a
    synchronization), and the following steps read that copy, so writes to
    the array during an iteration are not seen; the copy is dropped when
    indexing resets the iterator. Element-by-element loops stay slow
    compared with array operations.

    See Also
    --------
    ndarray.flat, ndarray.flatten, ndenumerate, broadcast

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(2, 3)
    >>> fl = a.T.flat
    >>> fl[1:4]
    array([3, 1, 4])
    >>> a.flat[[0, 5]] = 9
    >>> a
    array([[9, 1, 2],
           [3, 4, 9]])
    >>> [int(x) for x in a.flat]
    [9, 1, 2, 3, 4, 9]
    """
    __slots__ = ("_array", "_base", "_index", "_host")
    __hash__ = None

    def __init__(self, *args, **kwargs):
        raise TypeError("cannot create 'gpuarray.flatiter' instances")

    @classmethod
    def _over(cls, array, base=None):
        """The flat iterator over `array` (reporting `base` as its base when given)."""
        it = object.__new__(cls)
        it._array, it._base, it._index, it._host = array, array if base is None else base, 0, None
        return it

    @property
    def base(self):
        return self._base

    @property
    def index(self):
        return self._index

    @property
    def coords(self):
        return _coords(self._index, self._array.shape)

    def __len__(self):
        return self._array.size

    def __iter__(self):
        return self

    def __next__(self):
        if self._index >= self._array.size:
            raise StopIteration
        if self._host is None:
            self._host = self._array._download().reshape(-1)
        value = self._host[self._index]
        self._index += 1
        return value

    def _reset(self):
        self._index, self._host = 0, None

    def copy(self):
        """Get a copy of the iterator's base array as a 1-D device array.

        Returns
        -------
        out : ndarray
            The elements of `base` in C order, in a new array (for the
            iterators of a `broadcast`, the input before broadcasting, as
            NumPy's).

        See Also
        --------
        ndarray.flatten

        Examples
        --------
        >>> import gpuarray as xp
        >>> xp.arange(4).reshape(2, 2).T.flat.copy()
        array([0, 2, 1, 3])
        """
        return _flatten(self._base)

    def _positions(self, key):
        """`key` as what selects flat positions: ('all',), ('int', i), ('slice', s),
        ('mask', device bool array) or ('array', integer indices); NumPy's IndexErrors."""
        size = self._array.size
        if isinstance(key, tuple):
            if len(key) > 1:
                raise IndexError("too many indices for flat iterator: flat iterator is 1-dimensional, "
                                 f"but {len(key)} were indexed")
            if not key:
                return ("all",)
            key = key[0]
        if key is Ellipsis:
            return ("all",)
        if isinstance(key, slice):
            return ("slice", key)
        if isinstance(key, (bool, numpy.bool_)) or key is None or isinstance(key, (float, numpy.floating)):
            raise IndexError(_INDEX_TYPES)
        if not isinstance(key, (ndarray, numpy.ndarray, list, tuple)):
            try:
                i = operator.index(key)
            except TypeError:
                raise IndexError(_INDEX_TYPES) from None
            if not -size <= i < size:
                raise IndexError(f"index {i} is out of bounds for size {size}")
            return ("int", i % size)
        if not isinstance(key, ndarray):
            key = numpy.asarray(key)
            if key.size == 0 and key.dtype.kind == "f":
                key = key.astype(numpy.intp)  # [] indexes nothing, as in NumPy
            if key.ndim == 0 and key.dtype.kind in "iu":
                return self._positions(int(key))  # a 0-d integer array is an integer index, as in NumPy
        if key.dtype.kind == "b":
            if key.ndim == 0:  # NumPy 2.4 deprecates these; gpuarray refuses them
                raise IndexError(_INDEX_TYPES)
            if key.ndim > 1:
                raise IndexError("too many indices for flat iterator: flat iterator is 1-dimensional, "
                                 f"but {key.ndim} were indexed")
            if key.shape[0] != size:
                raise IndexError("boolean index did not match indexed flat iterator along axis 0; size of axis "
                                 f"is {size} but size of corresponding boolean axis is {key.shape[0]}")
            return ("mask", asarray(key))
        if key.dtype.kind not in "iu":
            raise IndexError("arrays used as indices must be of integer (or boolean) type")
        return ("array", asarray(key))

    def __getitem__(self, key):
        kind, *arg = self._positions(key)
        self._reset()
        a = self._array
        if kind == "all":
            return _flatten(a)
        if kind == "int":
            return a._view((), (), _item_offset(a.shape, a.strides, (arg[0],))).copy()
        flat = ravel(a)
        if kind == "array":
            return take(flat, arg[0])
        selected = flat[arg[0]]
        # A basic slice of a contiguous array is a view; flat indexing always copies.
        return selected.copy() if kind == "slice" and selected.base is not None else selected

    def __setitem__(self, key, value):
        kind, *arg = self._positions(key)
        self._reset()
        a = self._array
        if not a._writeable:
            raise ValueError("underlying array is read-only")
        size = a.size
        if kind == "int" or (kind == "array" and arg[0].ndim == 0):
            _set_single_item(a, arg[0], value)
            return
        if kind == "all":
            positions = arange(size)
        elif kind == "slice":
            positions = arange(*arg[0].indices(size))
        elif kind == "mask":
            positions = flatnonzero(arg[0])
        else:
            positions = arg[0]
        put(a, positions, value)

    def __delitem__(self, key):
        raise TypeError("Cannot delete iterator elements")

    def __array__(self, *args, **kwargs):
        raise TypeError("Implicit conversion to a NumPy array is not allowed. "
                        "Please use `.copy().get()` to construct a NumPy array explicitly.")

    # NumPy compares the flattened array; so does this (a device result).
    def __eq__(self, other):
        return _flatten(self._array) == other

    def __ne__(self, other):
        return _flatten(self._array) != other

    def __lt__(self, other):
        return _flatten(self._array) < other

    def __le__(self, other):
        return _flatten(self._array) <= other

    def __gt__(self, other):
        return _flatten(self._array) > other

    def __ge__(self, other):
        return _flatten(self._array) >= other


flatiter.__module__ = "gpuarray"


def _set_single_item(a, position, value):
    """``a.flat[i] = value``: one element takes one value, as in NumPy, which refuses a
    sequence (even of one element) and wraps any failed conversion of the value in its
    ValueError("Error setting single item of array.")."""
    if isinstance(value, (list, tuple)):
        value_ndim = 1
    elif isinstance(value, (ndarray, numpy.ndarray)):
        value_ndim = value.ndim
    else:
        value_ndim = numpy.ndim(value)
    if value_ndim:
        raise ValueError("Error setting single item of array.")
    if not isinstance(value, ndarray):
        # NumPy's own conversion of a host value to one element: its errors, warnings and results
        # (None is NaN in a float array, "5" is 5), without a device round trip.
        item = numpy.empty((), a.dtype)
        try:
            item[()] = value
        except (TypeError, OverflowError, ValueError) as exc:
            raise ValueError("Error setting single item of array.") from exc
        value = item[()]
    put(a, [position] if isinstance(position, int) else position, value)


def _flat(self):
    """ndarray.flat: a flatiter over the array."""
    return flatiter._over(self)


def _set_flat(self, value):
    """``a.flat = value``: every element, the values repeated cyclically (NumPy's rule)."""
    flatiter._over(self)[...] = value
