# SPDX-License-Identifier: BSD-3-Clause
"""ndarray.resize: change an array's shape and size in place, as NumPy's.

The array object keeps its identity and gets new device memory: the engine's
`ndarray._adopt(other)` makes it take over another array's memory and layout.
Note [Resize reference check] says what refcheck can and cannot see."""
import operator
import sys

from gpuarray._core import ndarray

# Note [Resize reference check]: NumPy refuses to resize an array that something else
# refers to, because a view would keep pointing at the freed memory. gpuarray counts the
# same Python references: views hold their owner as `base`, so an array with views has
# more references than the caller's name, this function's argument and getrefcount's own
# (3 below). It cannot see users of the memory that hold no reference to the array
# object: a MemoryPointer taken from `a.data`, a DLPack or CUDA Array Interface consumer
# (a PyTorch tensor, a CuPy array) and raw pointers given to kernels. Those keep the old
# memory alive (it is freed only when they let go, so nothing dangles) but no longer see
# the array's contents after the resize.
_OWN_REFERENCES = 3


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
        objects refer to (views of it, other names); see Notes.

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
    a Fortran-contiguous array); a larger array is filled with zeros after
    them, a smaller one keeps the first ones. The result is C-contiguous.
    The array gets new device memory (one zero fill and one device copy, no
    transfer); the old memory returns to the pool once nothing uses it.

    `refcheck` counts Python references to the array object, as NumPy's
    does, so views and other names are found. It cannot see users of the
    device memory that hold no reference to the array: a `MemoryPointer`
    from ``a.data``, arrays or tensors of other libraries sharing it through
    DLPack or ``__cuda_array_interface__``, pointers passed to raw kernels.
    They keep the old memory alive, so nothing dangles, but they no longer
    see the array's contents. The count also depends on how the method is
    called: through ``functools.partial`` or other wrappers holding the
    array, pass ``refcheck=False``.

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
    if not new_shape or (len(new_shape) == 1 and new_shape[0] is None):
        return None
    shape = _new_shape(new_shape)
    if self.base is not None:
        raise ValueError("cannot resize this array: it does not own its data")
    if not (self._c_contiguous or self._f_contiguous):
        raise ValueError("resize only works on single-segment arrays")
    if refcheck and sys.getrefcount(self) > _OWN_REFERENCES:
        raise ValueError("cannot resize an array that references or is referenced\n"
                         "by another object in this way.\n"
                         "Use the gpuarray.resize function to get a new resized copy or\n"
                         " set refcheck=False to disable this check")
    size = 1
    for n in shape:
        size *= n
    resized = ndarray((size,), self.dtype)
    kept = min(size, self.size)
    if kept:
        in_memory_order = self if self._c_contiguous else self.T
        resized[:kept] = in_memory_order.reshape(-1)[:kept]
    if kept < size:
        resized[kept:] = 0
    self._adopt(resized.reshape(shape))
