# SPDX-License-Identifier: BSD-3-Clause
"""ndarray.resize: change an array's shape and size in place, as NumPy's.

The array object keeps its identity and gets new device memory: the engine's
`ndarray._adopt(other)` makes it take over another array's memory and layout.
Note [Resize reference check] says what refcheck can and cannot see."""
import gc
import operator
import sys
import types

from gpuarray._core import ndarray

# Note [Resize reference check]: NumPy refuses to resize an array that something else
# refers to, because a view would keep pointing at the freed memory. gpuarray counts the
# same Python references: views hold their owner as `base`, so an array with views has
# more references than the caller's name and the call itself. How many references the
# call itself holds depends on the interpreter (3.14's borrowed loads hold fewer) and on
# the call's form: ``a.resize(3)`` hands `a` straight to the method, while
# ``a.resize(*shape)`` or ``f = a.resize; f(3)`` keep a bound method object, one more
# reference. NumPy, whose check runs in C, sees one reference for either form. So the
# count is compared with a baseline measured once in this interpreter on a plain
# ``obj.method()`` call from a function holding `obj` in one name, and when it is over,
# one is taken off if a bound `resize` method of the array exists (found with
# gc.get_referrers, a walk over the tracked objects, paid only then). Only one: a second
# bound method is a reference NumPy counts too. (A plain call while a bound method is
# stored, ``f = a.resize; a.resize(3)``, passes here and not in NumPy: the two forms
# cannot be told apart from the counts.) It cannot see users of the memory
# that hold no reference to the array object: a MemoryPointer taken from `a.data`, a
# DLPack or CUDA Array Interface consumer (a PyTorch tensor, a CuPy array) and raw
# pointers given to kernels. Those keep the old memory alive (it is freed only when they
# let go, so nothing dangles) but no longer see the array's contents after the resize.


class _ReferenceProbe:
    def count(self):
        # Counted exactly as _resize counts `self` (a parameter passed to getrefcount).
        return sys.getrefcount(self)


def _plain_call_references():
    probe = _ReferenceProbe()
    return probe.count()


_OWN_REFERENCES = _plain_call_references()


def _other_references(array, count):
    """References to `array` beyond the caller's name and the call (`count` as
    sys.getrefcount gave it inside _resize); see Note [Resize reference check]."""
    if count <= _OWN_REFERENCES:
        return 0
    calling_through_a_bound_method = any(
        type(r) is types.MethodType and r.__self__ is array and r.__func__ is _resize for r in gc.get_referrers(array))
    return max(count - calling_through_a_bound_method - _OWN_REFERENCES, 0)


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
    an array that is Fortran- but not C-contiguous); a larger array is
    filled with zeros after them, a smaller one keeps the first ones. The
    new shape is laid out in that same order, as in NumPy: a Fortran array
    stays Fortran-contiguous. The array gets new device memory (one zero
    fill and one device copy, no transfer) and still owns its data; the old
    memory returns to the pool once nothing uses it. Resized to 0-d, the
    array is both C- and F-contiguous, as every 0-d array; NumPy leaves
    the flag of the other order False there.

    `refcheck` counts Python references to the array object, as NumPy's
    does, so views and other names are found. It cannot see users of the
    device memory that hold no reference to the array: a `MemoryPointer`
    from ``a.data``, arrays or tensors of other libraries sharing it through
    DLPack or ``__cuda_array_interface__``, pointers passed to raw kernels.
    They keep the old memory alive, so nothing dangles, but they no longer
    see the array's contents. Calling through a bound method
    (``a.resize(*shape)``, ``f = a.resize; f(3)``) counts as NumPy's; other
    wrappers holding the array (``functools.partial``) count as references:
    pass ``refcheck=False`` there.

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
    if refcheck and _other_references(self, sys.getrefcount(self)):
        raise ValueError("cannot resize an array that references or is referenced\n"
                         "by another object in this way.\n"
                         "Use the gpuarray.resize function to get a new resized copy or\n"
                         " set refcheck=False to disable this check")
    # NumPy keeps the elements in memory order and lays the new shape out in the same order:
    # Fortran for an array that is Fortran- but not C-contiguous, C otherwise.
    fortran = self._f_contiguous and not self._c_contiguous
    resized = ndarray(shape, self.dtype, order="F" if fortran else "C")
    if resized.size:
        resized_in_memory_order = (resized.T if fortran else resized).reshape(-1)
        kept = min(resized.size, self.size)
        if kept:
            resized_in_memory_order[:kept] = (self.T if fortran else self).reshape(-1)[:kept]
        if kept < resized.size:
            resized_in_memory_order[kept:] = 0
    # `resized` owns its memory (no base), so the array keeps owning its data.
    self._adopt(resized)
