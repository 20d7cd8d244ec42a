# SPDX-License-Identifier: BSD-3-Clause
"""Where the nonzero elements are and choosing by a condition: nonzero (and
the ndarray method), flatnonzero, argwhere, extract, and where with one or
three arguments, with NumPy 2's semantics.

The positions come from CUB's stream compaction over a byte mask
(cpp/kernels/compaction.cpp); the result's size is the one value copied to
the host (CuPy does the same). where(cond, x, y) is one elementwise kernel.
Arguments are gpuarray arrays or Python or NumPy scalars; NumPy arrays and
lists raise TypeError, as ufuncs do."""
import numpy

from gpuarray import _core
from gpuarray._array_creation.from_shape import empty
from gpuarray._array_manipulation.broadcasting import broadcast_shapes
from gpuarray._array_manipulation.shapes import ravel
from gpuarray._base.dtypes import result_type
from gpuarray._core import ndarray
from gpuarray._ufunc.rounding import _asarray, _check

__all__ = ["nonzero", "flatnonzero", "argwhere", "extract", "where"]

_NoValue = numpy._NoValue


def nonzero(a):
    """The indices of the nonzero elements: one int64 array per dimension (columns
    of one (count, ndim) array, as NumPy's). A 0-d array raises ValueError (NumPy 2)."""
    a = _asarray(a)
    if a.ndim == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() "
                         "instead. If the context of this error is of the form `arr[nonzero(cond)]`, just use "
                         "`arr[cond]`.")
    if a.ndim == 1:
        return (_core._flat_nonzero(a),)
    coords = _core._argwhere(a)
    return tuple(coords[:, k] for k in range(a.ndim))


def flatnonzero(a):
    """The indices of the nonzero elements of the flattened array."""
    return _core._flat_nonzero(_asarray(a))


def argwhere(a):
    """The indices of the nonzero elements as a (count, a.ndim) int64 array; a 0-d
    array gives shape (1, 0) or (0, 0), as NumPy's."""
    a = _asarray(a)
    if a.ndim == 0:
        return _core._argwhere(a.reshape(1))[:, :0]
    return _core._argwhere(a)


def extract(condition, arr):
    """The elements of the flattened `arr` where the flattened `condition` is nonzero."""
    condition, arr = _asarray(condition), _asarray(arr)
    positions = _core._flat_nonzero(condition)
    if condition.size > arr.size and positions.size:
        last = int(positions[-1].get())
        if last >= arr.size:
            raise IndexError(f"index {last} is out of bounds for axis 0 with size {arr.size}")
    return _core._take_flat(ravel(arr), positions)


def _scalar_in(value, dtype):
    """A Python or NumPy scalar as a NumPy scalar of `dtype`, converted as NumPy's where
    converts it: a Python int must fit (OverflowError, as NumPy 2.5), others cast."""
    if isinstance(value, int) and not isinstance(value, bool):
        return numpy.asarray(value, dtype=dtype)[()]
    return numpy.asarray(value).astype(dtype)[()]


def where(condition, x=_NoValue, y=_NoValue):
    """where(condition): nonzero(condition). where(condition, x, y): x where the
    condition is nonzero, else y, broadcast together; the dtype is result_type(x, y)
    with Python scalars weak (NEP 50)."""
    if x is _NoValue and y is _NoValue:
        return nonzero(condition)
    if x is _NoValue or y is _NoValue:
        raise ValueError("either both or neither of x and y should be given")
    condition = _asarray(condition)
    x, y = _check(x), _check(y)
    dtype = result_type(x, y)
    shape = broadcast_shapes(condition.shape, getattr(x, "shape", ()), getattr(y, "shape", ()))
    out = empty(shape, dtype)
    _core._where(condition, x if isinstance(x, ndarray) else _scalar_in(x, dtype),
                 y if isinstance(y, ndarray) else _scalar_in(y, dtype), out)
    return out
