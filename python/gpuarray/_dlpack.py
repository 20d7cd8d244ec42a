# SPDX-License-Identifier: BSD-3-Clause
"""DLPack exchange (https://dmlc.github.io/dlpack/latest/python_spec.html and the array
API's from_dlpack): ``ndarray.__dlpack__``/``__dlpack_device__``, ``from_dlpack`` for any
producer and ``fromDlpack``/``ndarray.toDlpack`` as CuPy spells them. The structs and
capsules are C++ (cpp/core/dlpack.hpp, cpp/bindings/interop.cpp); this module does the
stream handshake and picks the capsule kind.

Note [DLPack streams]
The consumer passes the stream it will use (`stream`: None or 1 for the legacy default
stream, 2 for the per-thread one, a handle otherwise, -1 for "do not synchronize"); the
producer makes that stream wait for the work queued on its own current stream, with an
event, so neither side blocks the host."""
import numpy

from gpuarray import _core
from gpuarray._core import ndarray
from gpuarray._cuda_array_interface import LEGACY_DEFAULT_STREAM, protocol_stream
from gpuarray.cuda.device import Device, get_device_id
from gpuarray.cuda.stream import Event, ExternalStream, get_current_stream

__all__ = ["from_dlpack", "fromDlpack"]

# DLDeviceType values (dlpack.h).
CPU = 1
CUDA = 2
CUDA_MANAGED = 13
_NO_SYNC = -1


def _device_of(a):
    return a.data.device_id if a.data.ptr else get_device_id()


def _dlpack_device(self):
    """(kDLCUDA, device id) as the DLPack Python API names where the data is."""
    return (CUDA, _device_of(self))


def _order_consumer_stream(self, stream):
    """The producer's half of Note [DLPack streams]."""
    if stream == _NO_SYNC:
        return
    if stream is None:
        stream = LEGACY_DEFAULT_STREAM
    if not isinstance(stream, int) or isinstance(stream, bool) or stream == 0 or stream < _NO_SYNC:
        raise ValueError(f"__dlpack__: stream {stream!r} is not a CUDA stream as DLPack names them "
                         "(None, -1, 1 for the legacy default stream, 2 for the per-thread one, or a handle; "
                         "0 is disallowed)")
    device = _device_of(self)
    producer = _core.current_stream_ptr(device)
    consumer = 0 if stream == LEGACY_DEFAULT_STREAM else stream
    if consumer == producer:
        return
    event = Event(disable_timing=True)
    with Device(device):
        event.record(ExternalStream(producer, device))
        ExternalStream(consumer, device).wait_event(event)


def _dlpack(self, *, stream=None, max_version=None, dl_device=None, copy=None):
    """A DLPack capsule viewing this array: versioned ("dltensor_versioned", with the
    read-only and copied flags) when the consumer's `max_version` is (1, 0) or later,
    legacy ("dltensor") otherwise. `dl_device` (kDLCPU, 0) exports a host copy when
    `copy` allows it; `copy=True` exports a device copy."""
    versioned = max_version is not None and tuple(max_version) >= (1, 0)
    if dl_device is not None and tuple(dl_device) != _dlpack_device(self):
        if tuple(dl_device) != (CPU, 0):
            raise BufferError(f"__dlpack__: cannot export to device {tuple(dl_device)}; the array is on "
                              f"{_dlpack_device(self)} and only a host copy, (1, 0), can be made")
        if copy is False:
            raise BufferError("__dlpack__: dl_device=(kDLCPU, 0) needs a copy to the host, which copy=False forbids")
        host = self.get()  # synchronous: the host copy is complete when the capsule is made
        return host.__dlpack__(max_version=max_version) if versioned else host.__dlpack__()
    source = self.copy() if copy else self  # queued before the event the consumer waits for
    _order_consumer_stream(source, stream)
    return _core._to_dlpack(source, versioned, bool(copy))


def _to_dlpack(self):
    """CuPy's toDlpack(): a legacy capsule, for a consumer using the legacy default stream."""
    return self.__dlpack__()


def _consumer_stream(device_id):
    """The current stream of `device_id` (where the data is, so where the view will be used)
    as the consumer names it to a producer (Note [DLPack streams])."""
    return protocol_stream(_core.current_stream_ptr(device_id))


def _requested_device(device):
    """from_dlpack's `device`: None, a gpuarray.cuda.Device, or a DLPack (type, id) pair on CUDA."""
    if device is None or isinstance(device, Device):
        return device
    if isinstance(device, tuple) and len(device) == 2 and device[0] == CUDA:
        return Device(device[1])
    raise ValueError(f"from_dlpack: device must be None, a gpuarray.cuda.Device or (kDLCUDA=2, id), not {device!r}")


def _from_host_producer(obj, copy):
    if copy is False:
        raise BufferError("from_dlpack: the data is in host memory and copy=False forbids copying it to the device")
    from gpuarray._creation import array
    return array(numpy.from_dlpack(obj), copy=True)


def _capsule(obj, stream, copy, device):
    """obj.__dlpack__ with the newest signature the producer takes (DLPack 1.0 producers
    take all four keywords, some only `max_version` besides `stream`, older ones only
    `stream`), and whether the producer was asked for `copy` itself."""
    newest = dict(stream=stream, max_version=_core._DLPACK_VERSION, copy=copy, dl_device=(CUDA, device))
    try:
        return obj.__dlpack__(**newest), True
    except TypeError:
        pass
    try:
        return obj.__dlpack__(stream=stream, max_version=_core._DLPACK_VERSION), False
    except TypeError:
        return obj.__dlpack__(stream=stream), False


def from_dlpack(obj, /, *, device=None, copy=None):
    """A gpuarray array sharing the memory of `obj`, any object with ``__dlpack__`` and
    ``__dlpack_device__`` (CuPy, PyTorch, JAX, NumPy, ...), or a DLPack capsule. Host data
    is copied to the device unless `copy` is False (then BufferError); `copy=True` always
    copies. The current stream is ordered after the producer's work (Note [DLPack streams])."""
    target = _requested_device(device)
    if not hasattr(obj, "__dlpack__"):
        out = fromDlpack(obj)
        out = out.copy() if copy else out
        return out if target is None else _to_device(out, target)
    kind, dev_id = obj.__dlpack_device__()
    if kind == CPU:
        out = _from_host_producer(obj, copy)
        return out if target is None else _to_device(out, target)
    if kind not in (CUDA, CUDA_MANAGED):
        raise BufferError(f"from_dlpack: {type(obj).__name__} is on DLPack device type {kind}, which gpuarray "
                          "cannot read (CUDA, CUDA managed and host memory are supported)")
    capsule, copy_honoured = _capsule(obj, _consumer_stream(dev_id), copy, dev_id)
    out = _core._from_dlpack_capsule(capsule, obj)
    if copy and not copy_honoured:
        with Device(dev_id):
            out = out.copy()
    return out if target is None else _to_device(out, target)


def _to_device(a, device):
    """`a` on `device`: itself when already there, else a copy made on that device."""
    source_device = _device_of(a)
    if source_device == device.id:
        return a
    with Device(source_device):
        source = a.copy()  # C-ordered, as `out` is
        get_current_stream().synchronize()  # the copy below runs on the other device's stream
    with device:
        out = ndarray(a.shape, a.dtype)
        out.data.copy_from_device(source.data, a.nbytes)
    return out


def fromDlpack(capsule):
    """CuPy's fromDlpack: a gpuarray array viewing the tensor in a DLPack capsule (legacy
    or versioned). The producer of a bare capsule cannot be asked to order streams: it
    must have finished writing, or written on the legacy default stream."""
    kind, _ = _core._dlpack_capsule_device(capsule)
    if kind == CPU:
        raise BufferError("fromDlpack: the capsule holds host memory; pass the producing array to "
                          "gpuarray.from_dlpack, which copies it to the device")
    return _core._from_dlpack_capsule(capsule)


ndarray.__dlpack__ = _dlpack
ndarray.__dlpack_device__ = _dlpack_device
ndarray.toDlpack = _to_dlpack
