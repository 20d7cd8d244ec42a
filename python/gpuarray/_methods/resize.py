# SPDX-License-Identifier: BSD-3-Clause
"""ndarray.resize: change an array's shape and size in place, as NumPy's.

The array object keeps its identity and gets new device memory: the engine's
``ndarray._adopt(other)`` makes it take over another array's memory, layout
and base. Note [Resize reference check] says how refcheck counts."""
import operator
import sys

import numpy

from gpuarray import cuda
from gpuarray._core import ndarray
from gpuarray._methods.reference_count import other_references, plain_call_references

# Note [Resize reference check]: NumPy refuses to resize an array that something else
# refers to (a view would keep pointing at freed memory), by reading the array's reference
# count in C, where a plain call ``a.resize(3)`` shows two: the caller's name and the call's.
# Here sys.getrefcount reads it inside the Python method, and what the call adds there is
# not a constant. Where the count is read matters: read as an argument of another call, the
# array already pushed for that call holds one more reference where loads take strong
# references (3.11 to 3.13; 3.14's borrowed loads take none). The first ndarray.resize
# read it that way and compared it with a baseline read in a statement of its own, so it
# refused plain calls on 3.11 and 3.12 alike (4 against 3; tests/core/test_resize.py);
# only the GPU machines ran calls that should pass. The interpreter's call machinery may
# add references too (a PEP 523 frame hook adds one). So the count is read first, in a
# statement of its own, and compared with a baseline measured at every call the same way:
# on a new ndarray (no device memory) held by one name, through a method with resize's
# parameters attached to ndarray as resize is, reading its count in the same statement
# (gpuarray/_methods/reference_count.py). Whatever the interpreter adds to a plain call, it adds to
# both. A call through a bound method object (``a.resize(*shape)``, ``f = a.resize;
# f(3)``) holds one reference more, the bound method's; it is taken off when a bound
# `resize` of the array exists (gc.get_referrers, a walk over the tracked objects, paid only
# when the count is over). NumPy sees one reference for those forms too. One is taken off,
# never two: a second bound method is a reference NumPy counts as well. (A plain call while
# a bound method is stored, ``f = a.resize; a.resize(3)``, passes here and not in NumPy:
# the two cannot be told apart from the counts.) tests/core/test_resize.py runs the counting
# on this interpreter and on a Python 3.12 one when there is one. The check cannot see
# users of the memory that hold no reference to the array object: a MemoryPointer from
# ``a.data``, DLPack or CUDA Array Interface consumers, raw kernels. They keep the old
# memory alive (nothing dangles) but no longer see the array's contents. As in NumPy, a
# resize that keeps the number of elements only changes the shape, keeps the memory and
# checks nothing.

_REFUSED = ("cannot resize an array that references or is referenced\n"
            "by another object in this way.\n"
            "Use the gpuarray.resize function to get a new resized copy or\n"
            " set refcheck=False to disable this check")


def _probe():
    """A new ndarray without device memory, for plain_call_references."""
    return ndarray((0,), numpy.uint8, memptr=cuda.MemoryPointer(cuda.UnownedMemory(0, 0, None, 0), 0))


def _allocate(shape, dtype, order):
    if 0 not in shape:
        return ndarray(shape, dtype, order=order)
    # An empty result keeps dense strides (a size-0 extent counted as 1), as NumPy's resize
    # leaves them; NumPy's new empty arrays, and so the constructor's, have zero strides.
    strides, step = [0] * len(shape), numpy.dtype(dtype).itemsize
    for axis in (reversed(range(len(shape))) if order == "C" else range(len(shape))):
        strides[axis] = step
        step *= max(shape[axis], 1)
    return ndarray(shape, dtype, strides=tuple(strides))


def _new_shape(args):
    if len(args) == 1 and not isinstance(args[0], int) and hasattr(args[0], "__iter__"):
        args = tuple(args[0])
    shape = tuple(operator.index(n) for n in args)
    if any(n < 0 for n in shape):
        raise ValueError("negative dimensions not allowed")
    return shape


def _resize(self, *new_shape, refcheck=True):
    """Change shape and size of the array in place.

    Parameters
    ----------
    *new_shape : int or tuple of int
        The new shape, as separate integers or one tuple. No shape (or
        None) leaves the array as it is.
    refcheck : bool, optional
        If True (default), refuse to resize an array that other Python
        objects refer to (views of it, other names) when its size in bytes
        changes; see Notes.

    Returns
    -------
    None

    Raises
    ------
    ValueError
        If the array does not own its memory, is contiguous in neither C
        nor Fortran order, a dimension is negative, or `refcheck` finds
        other references.
    TypeError
        If a dimension is not an integer.

    Notes
    -----
    The elements keep their order in memory (C order, or Fortran order for
    an array that is Fortran- but not C-contiguous); a larger array is
    filled with zeros after them, a smaller one keeps the first ones. The
    new shape is laid out in that same order, as in NumPy. A new size gets
    new device memory (one zero fill and one device copy, no transfer) and
    the array still owns its data; the old memory returns to the pool once
    nothing uses it. The same size in bytes keeps the memory and changes
    only the shape, with no reference check, as NumPy does. Resized to 0-d,
    the array is both C- and F-contiguous, as every 0-d array.

    `refcheck` counts Python references to the array object, as NumPy's
    does, so views and other names are found; how the count is read on
    every Python version is Note [Resize reference check] in
    gpuarray/_methods/resize.py. It cannot see users of the device memory that hold
    no reference to the array: a `MemoryPointer` from ``a.data``, arrays or
    tensors of other libraries sharing it through DLPack or
    ``__cuda_array_interface__``, pointers passed to raw kernels. They keep
    the old memory alive, so nothing dangles, but they no longer see the
    array's contents. Calling through a bound method (``a.resize(*shape)``,
    ``f = a.resize; f(3)``) counts as NumPy's; other wrappers holding the
    array (``functools.partial``) count as references: pass
    ``refcheck=False`` there.

    See Also
    --------
    resize, reshape

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[0, 1], [2, 3]])
    >>> a.resize((2, 3))
    >>> a
    array([[0, 1, 2],
           [3, 0, 0]])
    >>> a.resize(4, refcheck=False)
    >>> a
    array([0, 1, 2, 3])
    """
    count = sys.getrefcount(self)  # first, in a statement of its own: as count_own_references reads it
    if not new_shape or (len(new_shape) == 1 and new_shape[0] is None):
        return None
    shape = _new_shape(new_shape)
    if self.base is not None:
        raise ValueError("cannot resize this array: it does not own its data")
    if not (self._c_contiguous or self._f_contiguous):
        raise ValueError("resize only works on single-segment arrays")
    # NumPy keeps the elements in memory order and lays the new shape out in the same order:
    # Fortran for an array that is Fortran- but not C-contiguous, C otherwise.
    fortran = self._f_contiguous and not self._c_contiguous
    size = int(numpy.prod(shape))
    if size == self.size == 0:  # no data, no references to check: NumPy's dense strides for the new shape
        self._adopt(_allocate(shape, self.dtype, "F" if fortran else "C"))
        return None
    if size == self.size:
        reshaped = self.reshape(shape, order="F" if fortran else "C")  # a view: same memory
        self._adopt(reshaped)
        self._set_base(None)  # the view's base was this array: it owns its data still
        return None
    writeable = self._writeable  # NumPy resizes read-only arrays and keeps them read-only
    if refcheck and other_references(self, count, plain_call_references(_probe), _resize):
        raise ValueError(_REFUSED)
    resized = _allocate(shape, self.dtype, "F" if fortran else "C")
    if resized.size:
        resized_in_memory_order = (resized.T if fortran else resized).reshape(-1)
        kept = min(resized.size, self.size)
        if kept:
            resized_in_memory_order[:kept] = (self.T if fortran else self).reshape(-1)[:kept]
        if kept < resized.size:
            resized_in_memory_order[kept:] = 0
    # `resized` owns its memory (no base), so the array keeps owning its data.
    self._adopt(resized)
    self._writeable = writeable
