# SPDX-License-Identifier: BSD-3-Clause
"""Array creation from shapes, fill values, host data and other device arrays
(NumPy's semantics; device arrays and CUDA Array Interface objects are used
without a trip through the host)."""
import operator

import numpy

from gpuarray import _core
from gpuarray._core import ndarray
from gpuarray._cuda_array_interface import from_cuda_array_interface
from gpuarray._device_arg import accepts_device, device_scope

__all__ = [
    "array", "asarray", "asanyarray", "ascontiguousarray", "asfortranarray", "copy",
    "empty", "zeros", "ones", "full", "empty_like", "zeros_like", "ones_like", "full_like",
]

# Recent NumPy gives every new empty array zero strides; gpuarray follows the NumPy it runs with.
_ZERO_STRIDES_FOR_EMPTY = numpy.empty((0,)).strides == (0,)
_core._set_zero_strides_for_empty_arrays(_ZERO_STRIDES_FOR_EMPTY)


def _order_char(order):
    """NumPy's `order` argument ('C', 'F', 'A' or 'K', either case; None means 'K'), upper-cased."""
    if order is None:
        return "K"
    if isinstance(order, str) and len(order) == 1 and order.upper() in "CFAK":
        return order.upper()
    raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")


# ---------------------------------------------------------------- from shapes

# empty and zeros pass the constructor's arguments by position: pybind11 matches
# keywords more slowly, and zeros(16) should take at most 3 µs of host time.

@accepts_device
def empty(shape, dtype=None, order="C"):
    """A new array of `shape` and `dtype` (float64 if None), its contents left uninitialized."""
    return ndarray(shape, dtype, None, None, "C" if order is None else order)


@accepts_device
def zeros(shape, dtype=None, order="C"):
    """A new array of `shape` and `dtype` (float64 if None) filled with zeros."""
    return _core._zeros(shape, dtype, "C" if order is None else order)


@accepts_device
def ones(shape, dtype=None, order="C"):
    """A new array of `shape` and `dtype` (float64 if None) filled with ones."""
    a = empty(shape, dtype, order)
    a._fill(1)
    return a


@accepts_device
def full(shape, fill_value, dtype=None, order="C"):
    """A new array of `shape` filled with `fill_value` (broadcast); `dtype` defaults to the
    dtype NumPy gives `fill_value`."""
    if dtype is None:
        dtype = fill_value.dtype if isinstance(fill_value, ndarray) else numpy.asarray(fill_value).dtype
    a = empty(shape, dtype, order)
    _copyto(a, fill_value)
    return a


def _copyto(a, value):
    """``a[...] = value`` with numpy.copyto's unsafe casting, as numpy.full and full_like
    fill (a Python int must still fit the dtype)."""
    if isinstance(value, ndarray):
        a._copy_from(value)
        return
    host = numpy.empty(numpy.shape(value), a.dtype)
    numpy.copyto(host, value, casting="unsafe")
    if host.ndim == 0:
        a._fill(host)
    else:
        a[...] = host


# ------------------------------------------------------------ like an array

def _like_layout(shape, strides, c_contiguous, f_contiguous, new_shape, itemsize, order):
    """How NumPy's *_like functions lay out a new array of `new_shape` made like a
    prototype of `shape` and `strides`: 'C', 'F', or (order 'K' with a prototype in
    neither order) the byte strides of a dense array whose axes are ordered as the
    prototype's, by decreasing |stride| (stable)."""
    order = _order_char(order)
    if order == "A":
        return "F" if f_contiguous and not c_contiguous else "C"
    if order != "K":
        return order
    if len(new_shape) != len(shape) or c_contiguous or len(shape) <= 1:
        return "C"
    if _ZERO_STRIDES_FOR_EMPTY and 0 in new_shape:
        return "C"  # all strides 0, whatever the order
    if f_contiguous:
        return "F"
    slowest_first = sorted(range(len(shape)), key=lambda i: abs(strides[i]), reverse=True)  # stable
    out = [0] * len(shape)
    stride = itemsize
    for axis in reversed(slowest_first):
        out[axis] = stride
        stride *= new_shape[axis]
    return tuple(out)


def _new_like(prototype, dtype, order, shape):
    """An uninitialized array laid out like `prototype` as NumPy's empty_like lays it out."""
    if isinstance(prototype, ndarray):
        c_contiguous, f_contiguous = prototype._c_contiguous, prototype._f_contiguous
    else:
        prototype = numpy.asarray(prototype)  # only its shape, dtype and layout are read
        c_contiguous, f_contiguous = prototype.flags.c_contiguous, prototype.flags.f_contiguous
    dtype = prototype.dtype if dtype is None else numpy.dtype(dtype)
    if shape is None:
        shape = prototype.shape
    else:
        shape = tuple(map(operator.index, shape if numpy.iterable(shape) else (shape,)))
    layout = _like_layout(prototype.shape, prototype.strides, c_contiguous, f_contiguous, shape,
                          dtype.itemsize, order)
    if isinstance(layout, tuple):
        return ndarray(shape, dtype, strides=layout)
    return ndarray(shape, dtype, order=layout)


@accepts_device
def empty_like(prototype, dtype=None, order="K", subok=None, shape=None):
    """A new uninitialized array with the shape, dtype and memory order of `prototype`
    (each overridable as in NumPy)."""
    return _new_like(prototype, dtype, order, shape)


@accepts_device
def zeros_like(a, dtype=None, order="K", subok=None, shape=None):
    """zeros with the shape, dtype and memory order of `a` (see empty_like)."""
    out = _new_like(a, dtype, order, shape)
    out.data.memset_async(0, out.nbytes)  # dense: its bytes start at element 0
    return out


@accepts_device
def ones_like(a, dtype=None, order="K", subok=None, shape=None):
    """ones with the shape, dtype and memory order of `a` (see empty_like)."""
    out = _new_like(a, dtype, order, shape)
    out._fill(1)
    return out


@accepts_device
def full_like(a, fill_value, dtype=None, order="K", subok=None, shape=None):
    """`fill_value` (cast unsafely, broadcast) with the shape, dtype and memory order of `a`."""
    out = _new_like(a, dtype, order, shape)
    _copyto(out, fill_value)
    return out


# ------------------------------------------------------------- from objects

def array(obj, dtype=None, copy=True, order="K", ndmin=0):
    """A device array holding `obj`: host data (anything numpy.array takes), a gpuarray
    array (copied on the device) or an object exporting device memory through
    ``__cuda_array_interface__`` or DLPack (viewed in place). `copy` as in NumPy 2: True
    always copies, None copies when needed, False raises ValueError when a copy is
    needed (always for host data)."""
    order = _order_char(order)
    if isinstance(obj, ndarray):
        out = _from_device(obj, dtype, copy, order)
    elif hasattr(obj, "__cuda_array_interface__"):
        out = _from_device(from_cuda_array_interface(obj), dtype, copy, order)
    elif not isinstance(obj, numpy.ndarray) and _exports_device_dlpack(obj):
        from gpuarray._dlpack import from_dlpack
        out = _from_device(from_dlpack(obj), dtype, copy, order)
    elif copy is False:
        raise ValueError("Unable to avoid copy while creating an array as requested: "
                         "host data has to be copied to the device (use asarray to allow the copy)")
    else:
        out = _from_host(obj, dtype, order)
    return out if out.ndim >= ndmin else _prepend_ones(out, ndmin, order)


def _exports_device_dlpack(obj):
    """Whether `obj` exports CUDA memory through DLPack (JAX arrays and others without the
    CUDA Array Interface); host producers (NumPy, CPU tensors) take the host path."""
    dlpack_device = getattr(obj, "__dlpack_device__", None)
    if dlpack_device is None or not hasattr(obj, "__dlpack__"):
        return False
    from gpuarray._dlpack import CUDA, CUDA_MANAGED
    return dlpack_device()[0] in (CUDA, CUDA_MANAGED)


def _from_device(a, dtype, copy, order):
    """`a`, or a device copy of it where dtype, order or copy=True ask for one."""
    if dtype is not None:
        dtype = numpy.dtype(dtype)
        if not dtype.isnative:  # device arrays are native: asking for a byte order is no reason to copy
            dtype = dtype.newbyteorder("=")
    cast = dtype is not None and dtype != a.dtype
    if cast or copy or not (order in "KA" or (order == "C" and a._c_contiguous)
                            or (order == "F" and a._f_contiguous)):
        if copy is False:
            raise ValueError("Unable to avoid copy while creating an array as requested")
        if cast:  # NumPy casts keeping the layout for 'A' too ('A' is 'F' only when 'K' is)
            return a._astype(dtype, "K" if order == "A" else order)
        return a.copy(order)
    return a


def _host_source(obj, dtype, order):
    """`obj` on the host as numpy.array(obj, dtype, order=order) makes it (in native byte
    order), and the layout of NumPy's copy of it ('C', 'F' or strides), which the device
    array takes: the strides of `host` itself when `host` is a new array NumPy made."""
    host = numpy.array(obj, dtype=dtype, order=order, copy=None)
    if host is obj and (host.flags.c_contiguous or host.flags.f_contiguous):
        # Uploaded in place: lay the device copy out as NumPy lays out a copy.
        layout = _like_layout(host.shape, host.strides, host.flags.c_contiguous, host.flags.f_contiguous,
                              host.shape, host.itemsize, order)
    else:
        if host is obj:
            host = numpy.array(host, order=order)
        layout = host.strides
    if not host.dtype.isnative:
        host = host.astype(host.dtype.newbyteorder("="))  # keeps the memory order of the axes
    return host, layout


def _from_host(obj, dtype, order):
    """A new device array with the values, dtype and strides numpy.array(obj) would have."""
    host, layout = _host_source(obj, dtype, order)
    if isinstance(layout, tuple):
        out = ndarray(host.shape, host.dtype, strides=layout)
    else:
        out = ndarray(host.shape, host.dtype, order=layout)
    if out.nbytes:
        # Both are dense blocks starting at element 0 with their axes in the same memory order.
        out.data.copy_from_host(host.ravel(order="K"), out.nbytes)
    return out


def _prepend_ones(a, ndmin, order):
    """A view of `a` with leading length-1 axes up to `ndmin` dimensions, strided as NumPy's ndmin."""
    if order == "F" or (a._f_contiguous and not a._c_contiguous) or a.ndim == 0:
        stride = a.itemsize
    else:
        stride = a.strides[0] * a.shape[0]
    n = ndmin - a.ndim
    return a._view((1,) * n + a.shape, (stride,) * n + a.strides)


def asarray(a, dtype=None, order=None, *, device=None, copy=None):
    """`a` as a device array, copied only when needed (see array). With `device` (a
    gpuarray.cuda.Device) the result is on that device: a device array elsewhere is
    copied there, which copy=False forbids (ValueError)."""
    if device is None:
        return array(a, dtype, copy=copy, order=order)
    with device_scope(device, "asarray()"):
        out = array(a, dtype, copy=copy, order=order)
    if out.device == device:
        return out
    if copy is False:
        raise ValueError(f"asarray: the array is on {out.device!r} and device={device!r} needs a copy "
                         "between devices, which copy=False forbids")
    return out.to_device(device)


def asanyarray(a, dtype=None, order=None, *, copy=None):
    """asarray: gpuarray has no ndarray subclasses to pass through."""
    return array(a, dtype, copy=copy, order=order)


def ascontiguousarray(a, dtype=None):
    """`a` as a C-contiguous device array of at least one dimension, copied only when needed."""
    return array(a, dtype, copy=None, order="C", ndmin=1)


def asfortranarray(a, dtype=None):
    """`a` as a Fortran-contiguous device array of at least one dimension, copied only when needed."""
    return array(a, dtype, copy=None, order="F", ndmin=1)


def copy(a, order="K", subok=False):
    """A new device array with the contents of `a` (memory order as in numpy.copy)."""
    return array(a, copy=True, order=order)
