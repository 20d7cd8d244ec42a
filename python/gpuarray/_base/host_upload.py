# SPDX-License-Identifier: BSD-3-Clause
"""Host data to a new device array, laid out as NumPy lays out its own copy.

The base of array creation: array/asarray (_array_creation/from_data.py) and from_dlpack of a
host producer (_interop/dlpack.py) both upload through _from_host, so neither needs the
other for it."""
import numpy

from gpuarray import _core
from gpuarray._core import ndarray

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
