# SPDX-License-Identifier: BSD-3-Clause
"""Array creation and host transfers."""
import numpy

from gpuarray import _core
from gpuarray._core import ndarray

_core._set_zero_strides_for_empty_arrays(numpy.empty((0,)).strides == (0,))


def empty(shape, dtype=float, order="C"):
    """A new array of `shape` and `dtype`, its contents left uninitialized."""
    return ndarray(shape, dtype, order=order)


def zeros(shape, dtype=float, order="C"):
    """A new array of `shape` and `dtype` filled with zeros."""
    a = ndarray(shape, dtype, order=order)
    a.data.memset_async(0, a.nbytes)
    return a


def array(obj, dtype=None, copy=True):
    """A new device array holding `obj` (anything numpy.array accepts, or a gpuarray array)."""
    if isinstance(obj, ndarray):
        if dtype is None or numpy.dtype(dtype) == obj.dtype:
            if not copy:
                return obj
            out = ndarray(obj.shape, obj.dtype)
            out.data.copy_from_device(obj.data, obj.nbytes)
            return out
        obj = obj.get()
    host = numpy.asarray(obj, dtype=dtype)
    out = ndarray(host.shape, host.dtype)
    out._upload(host)
    return out


def asarray(obj, dtype=None):
    """`obj` as a device array: no copy when it already is one of the right dtype."""
    return array(obj, dtype=dtype, copy=False)


def asnumpy(a):
    """A NumPy array with the contents of `a` (a device array or anything NumPy accepts)."""
    if isinstance(a, ndarray):
        return a._download()
    return numpy.asarray(a)


def _get(self, stream=None, order="C", out=None, blocking=True):
    """The array's contents as a NumPy array on the host."""
    host = self._download()
    if out is not None:
        out[...] = host
        return out
    return host


def _set(self, arr, stream=None):
    """Copies the host array `arr` (same shape and dtype) into this array."""
    arr = numpy.asarray(arr)
    if arr.shape != self.shape:
        raise ValueError(f"Shape mismatch. Old shape: {self.shape}, new shape: {arr.shape}")
    if arr.dtype != self.dtype:
        raise TypeError(f"{arr.dtype} array cannot be set to {self.dtype} array")
    self._upload(arr)


def _astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
    """A copy of the array converted to `dtype` (NumPy's casting rules and
    memory orders); with copy=False the array itself when nothing changes."""
    dtype = numpy.dtype(dtype)
    if not numpy.can_cast(self.dtype, dtype, casting):
        raise TypeError(f"Cannot cast array data from {self.dtype!r} to {dtype!r} "
                        f"according to the rule '{casting}'")
    if not copy and dtype == self.dtype and (
            order in "KkAa" or (order in "Cc" and self._c_contiguous) or (order in "Ff" and self._f_contiguous)):
        return self
    return self._astype(dtype, order)


def _repr(self):
    return repr(self._download())


def _str(self):
    return str(self._download())


def _array(self, *args, **kwargs):
    raise TypeError(
        "Implicit conversion to a NumPy array is not allowed. "
        "Please use `.get()` to construct a NumPy array explicitly.")


ndarray.astype = _astype
ndarray.fill = ndarray._fill
ndarray.get = _get
ndarray.set = _set
ndarray.__repr__ = _repr
ndarray.__str__ = _str
ndarray.__array__ = _array
