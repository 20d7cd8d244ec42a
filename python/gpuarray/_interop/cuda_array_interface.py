# SPDX-License-Identifier: BSD-3-Clause
"""The CUDA Array Interface, version 3
(https://numba.readthedocs.io/en/stable/cuda/cuda_array_interface.html):
``ndarray.__cuda_array_interface__`` exports an array, and
``_from_cuda_array_interface`` views any exporter's memory without a copy."""
import numpy

from gpuarray import _core
from gpuarray._core import ndarray
from gpuarray.cuda.device import get_device_id
from gpuarray.cuda.memory import MemoryPointer, UnownedMemory
from gpuarray.cuda.stream import Event, ExternalStream, get_current_stream

# The protocol's names for the default streams (0 is disallowed: it is ambiguous).
LEGACY_DEFAULT_STREAM = 1
PER_THREAD_DEFAULT_STREAM = 2
__all__ = []
_DEVICE_KINDS = "biufc"  # bool, ints, unsigned ints, floats, complex: the dtypes gpuarray has


def protocol_stream(handle):
    """A cudaStream_t handle as the interop protocols name it: the legacy null stream is 1."""
    return LEGACY_DEFAULT_STREAM if handle == 0 else handle


def _export(self):
    """Version 3 of the interface. `stream` is the current stream, on which the data may
    still be being written, so that a consumer on another stream can wait for it. A
    zero-size array's pointer is 0, as the protocol asks."""
    return {
        "shape": self.shape,
        "typestr": self.dtype.str,
        "descr": [("", self.dtype.str)],
        "data": (self.data.ptr if self.size else 0, not self._writeable),
        "strides": None if self._c_contiguous else self.strides,
        "version": 3,
        "stream": protocol_stream(_core.current_stream_ptr(_array_device(self))),
    }


def _array_device(a):
    """The device holding `a`'s memory (the current one for an empty array with none)."""
    return a.data.device_id if a.data.ptr else get_device_id()


def wait_for_producer(stream, device_id):
    """Makes the current stream of `device_id` wait for the work queued so far on `stream`
    (a protocol stream number: 1, 2 or a handle) without blocking the host."""
    consumer = get_current_stream(device_id)
    handle = 0 if stream == LEGACY_DEFAULT_STREAM else stream
    if handle == consumer.ptr:
        return  # stream order already guarantees it
    event = Event(disable_timing=True)
    event.record(ExternalStream(handle, device_id))
    consumer.wait_event(event)


def _dtype(typestr):
    """The gpuarray dtype an exporter's typestr names; TypeError naming it otherwise."""
    try:
        dtype = numpy.dtype(typestr)
    except TypeError:
        raise TypeError(f"__cuda_array_interface__: typestr {typestr!r} is not a NumPy type string") from None
    if dtype.kind not in _DEVICE_KINDS or dtype.itemsize > 16:
        raise TypeError(f"__cuda_array_interface__: typestr {typestr!r} ({dtype}) has no gpuarray dtype")
    if not dtype.isnative:
        raise TypeError(f"__cuda_array_interface__: typestr {typestr!r} is not in native byte order, "
                        "which gpuarray arrays need")
    return dtype


def extent(shape, strides, itemsize):
    """Byte offsets (low, high) of the memory an array spans, relative to its element 0."""
    if 0 in shape:
        return 0, 0
    if strides is None:
        return 0, itemsize * int(numpy.prod(shape))
    low = sum((n - 1) * s for n, s in zip(shape, strides) if s < 0)
    high = sum((n - 1) * s for n, s in zip(shape, strides) if s > 0)
    return low, high + itemsize


def from_cuda_array_interface(obj):
    """A zero-copy view of the device memory `obj` exports through the CUDA Array Interface
    (any version: the fields read here mean the same in all of them). The view keeps `obj`
    alive as its base and is read-only when the export is; the current stream waits for
    the exporter's stream (version 3) before any later work touches the data."""
    desc = obj.__cuda_array_interface__
    shape = tuple(desc["shape"])
    dtype = _dtype(desc["typestr"])
    if desc.get("mask") is not None:
        raise ValueError("__cuda_array_interface__: masked arrays are not supported")
    stream = desc.get("stream")
    if stream == 0:
        raise ValueError("__cuda_array_interface__: stream 0 is disallowed by the protocol "
                         "(1 is the legacy default stream, 2 the per-thread one)")
    ptr, readonly = desc["data"]
    strides = desc.get("strides")
    if strides is not None:
        strides = tuple(strides)
    low, high = extent(shape, strides, dtype.itemsize)
    # A null pointer (zero-size export) has no device to look up: it is on the current one.
    mem = UnownedMemory(ptr + low, high - low, obj, get_device_id() if ptr == 0 else -1)
    if stream is not None:
        wait_for_producer(stream, mem.device_id)
    a = ndarray(shape, dtype, memptr=MemoryPointer(mem, -low), strides=strides)
    a._set_base(obj)
    if readonly:
        a.flags.writeable = False
    return a
