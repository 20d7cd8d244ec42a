# SPDX-License-Identifier: BSD-3-Clause
"""copyto (assignment with a casting rule and a mask) and require (an array
with the asked-for flags, copied only when it lacks them)."""
import numpy

from gpuarray import _core
from gpuarray._array_creation.from_data import array, asarray
from gpuarray._core import ndarray
from gpuarray._interop.cuda_array_interface import extent as _extent

__all__ = ["copyto", "require"]

_CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")


def _shares_memory(a, b):
    """Whether the byte ranges the two arrays span intersect (then the source is copied
    first, as NumPy does, so that no element is read after it was overwritten)."""
    if a.size == 0 or b.size == 0:
        return False
    a_low, a_high = _extent(a.shape, a.strides, a.itemsize)
    b_low, b_high = _extent(b.shape, b.strides, b.itemsize)
    a_ptr, b_ptr = a.data.ptr, b.data.ptr
    return a_ptr + a_low < b_ptr + b_high and b_ptr + b_low < a_ptr + a_high


def _source(src, dst, casting):
    """`src` as a device array, or as a 0-d host value of dst's dtype for scalars;
    NumPy's casting errors (a Python scalar is weak: its kind and value decide)."""
    if isinstance(src, ndarray):
        if not numpy.can_cast(src.dtype, dst.dtype, casting):
            raise TypeError(f"Cannot cast array data from {src.dtype!r} to {dst.dtype!r} according to the rule "
                            f"{casting!r}")
        return src.copy() if _shares_memory(src, dst) else src
    if numpy.ndim(src) == 0:
        # NumPy itself converts the scalar: its weak-scalar rules, errors and value.
        value = numpy.empty((), dst.dtype)
        numpy.copyto(value, src, casting=casting)
        return value
    host = numpy.asarray(src)
    if not numpy.can_cast(host.dtype, dst.dtype, casting):
        raise TypeError(f"Cannot cast array data from {host.dtype!r} to {dst.dtype!r} according to the rule "
                        f"{casting!r}")
    return asarray(host)


def _mask(where):
    """copyto's `where` as a bool device array: arrays must already be bool (NumPy casts
    them 'safe'), other values are converted to bool."""
    if isinstance(where, (ndarray, numpy.ndarray)):
        if where.dtype != numpy.bool_:
            raise TypeError(f"Cannot cast array data from {where.dtype!r} to dtype('bool') according to the rule "
                            "'safe'")
        return asarray(where)
    return asarray(numpy.asarray(where, dtype=numpy.bool_))


def copyto(dst, src, casting="same_kind", where=True):
    """Copies `src` (broadcast) into `dst` where `where` is True, casting under `casting`."""
    if not isinstance(dst, ndarray):
        raise TypeError(f"copyto() argument 1 must be a gpuarray.ndarray, not {type(dst).__name__}")
    if casting not in _CASTINGS:
        raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' "
                         f"(got {casting!r})")
    if not dst._writeable:
        raise ValueError("assignment destination is read-only")
    src = _source(src, dst, casting)
    if where is True:
        if isinstance(src, ndarray):
            dst._copy_from(src)
        else:
            dst._fill(src)
        return
    mask = _mask(where)
    # dst is also the select's "else" operand: each element is read, then written, by one thread.
    _core._where(mask, src, dst, dst)


_REQUIREMENTS = {"C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C", "F": "F", "F_CONTIGUOUS": "F",
                 "FORTRAN": "F", "A": "A", "ALIGNED": "A", "W": "W", "WRITEABLE": "W", "O": "O",
                 "OWNDATA": "O", "E": "E", "ENSUREARRAY": "E"}


def require(a, dtype=None, requirements=None, *, like=None):
    """`a` as a device array of `dtype` satisfying `requirements` ('C', 'F', 'A', 'W',
    'O', 'E' or their long names; a string is read as letters, as NumPy reads it), copied
    only when it does not already."""
    if not requirements:
        return asarray(a, dtype=dtype)
    wanted = {_REQUIREMENTS[r.upper()] for r in requirements}
    wanted.discard("E")  # gpuarray has no subclasses to turn into base-class arrays
    if {"C", "F"} <= wanted:
        raise ValueError('Cannot specify both "C" and "F" order')
    order = "C" if "C" in wanted else "F" if "F" in wanted else "A"
    wanted -= {"C", "F"}
    arr = array(a, dtype=dtype, copy=None, order=order)
    for flag in wanted:
        if not arr.flags[flag]:
            return arr.copy(order)
    return arr
