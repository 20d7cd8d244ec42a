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
from gpuarray._base.device_arg import device_scope
from gpuarray._base.host_upload import _from_host
from gpuarray._core import ndarray
from gpuarray._interop.cuda_array_interface import LEGACY_DEFAULT_STREAM, protocol_stream
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


def _host_capsule(host, versioned):
    """A capsule of NumPy's over `host`, a host copy gpuarray made for the consumer: the
    versioned one carries the is-copied flag, which NumPy sets only for its own copies."""
    if not versioned:
        return host.__dlpack__()
    capsule = host.__dlpack__(max_version=(1, 0))
    _core._mark_dlpack_copied(capsule)
    return capsule


def _dlpack(self, *, stream=None, max_version=None, dl_device=None, copy=None):
    """A DLPack capsule viewing this array: versioned ("dltensor_versioned", with the
    read-only and copied flags) when the consumer's `max_version` is (1, 0) or later,
    legacy ("dltensor") otherwise. `dl_device` (kDLCPU, 0) exports a host copy when
    `copy` allows it (`stream` must then be None: the copy is complete when the capsule
    is made); `copy=True` exports a device copy."""
    versioned = max_version is not None and tuple(max_version) >= (1, 0)
    if dl_device is not None and tuple(dl_device) != _dlpack_device(self):
        if tuple(dl_device) != (CPU, 0):
            raise BufferError(f"__dlpack__: cannot export to device {tuple(dl_device)}; the array is on "
                              f"{_dlpack_device(self)} and only a host copy, (1, 0), can be made")
        if copy is False:
            raise BufferError("__dlpack__: dl_device=(kDLCPU, 0) needs a copy to the host, which copy=False forbids")
        if stream is not None:
            raise ValueError(f"__dlpack__: stream must be None for dl_device=(kDLCPU, 0), not {stream!r}: "
                             "the host has no streams (the copy is synchronous)")
        return _host_capsule(self.get(), versioned)
    source = self.copy() if copy else self  # queued before the event the consumer waits for
    _order_consumer_stream(source, stream)
    return _core._to_dlpack(source, versioned, bool(copy))


def _to_dlpack(self):
    """CuPy's toDlpack(): the array as a legacy DLPack capsule.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    PyCapsule
        A "dltensor" capsule viewing the array, for one consumer.

    See Also
    --------
    gpuarray.fromDlpack, ndarray.__dlpack__

    Notes
    -----
    The consumer is assumed to use the legacy default stream; with a modern
    consumer pass the array itself (``torch.from_dlpack(a)``), which orders
    the streams.

    Examples
    --------
    >>> import gpuarray as xp
    >>> capsule = xp.arange(3).toDlpack()
    >>> type(capsule).__name__
    'PyCapsule'
    >>> xp.fromDlpack(capsule)
    array([0, 1, 2])
    """
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


class _CapsuleProducer:
    """A bare capsule dressed as a producer, for consumers that take only objects with
    ``__dlpack__`` (numpy.from_dlpack): it hands out the capsule whatever it is asked,
    which the consumer then checks (name, version, device)."""

    def __init__(self, capsule):
        self._capsule = capsule
        self._device = tuple(_core._dlpack_capsule_device(capsule))

    def __dlpack__(self, **kwargs):
        return self._capsule

    def __dlpack_device__(self):
        return self._device


def _from_host_producer(obj, copy, target):
    """A device copy of a host producer's data, on `target` (None: the current device)."""
    if copy is False:
        raise BufferError("from_dlpack: the data is in host memory and copy=False forbids copying it to the device")
    with device_scope(target, "from_dlpack()"):
        return _from_host(numpy.from_dlpack(obj), None, "K")


def _capsule(obj, stream, copy, dl_device):
    """obj.__dlpack__ with the newest signature the producer takes (DLPack 1.0 producers
    take all four keywords, some only `max_version` besides `stream`, older ones only
    `stream`), and whether the producer was asked for `copy` itself."""
    newest = dict(stream=stream, max_version=_core._DLPACK_VERSION, copy=copy, dl_device=dl_device)
    try:
        return obj.__dlpack__(**newest), True
    except TypeError:
        pass
    try:
        return obj.__dlpack__(stream=stream, max_version=_core._DLPACK_VERSION), False
    except TypeError:
        return obj.__dlpack__(stream=stream), False


def _check_placement(dev_id, target, copy, what):
    """Whether the data on CUDA device `dev_id` must be copied to `target`; BufferError
    when it must and `copy` is False."""
    moving = target is not None and target.id != dev_id
    if moving and copy is False:
        raise BufferError(f"from_dlpack: {what} is on CUDA device {dev_id} and device={target!r} asks for "
                          "another; the copy between devices is what copy=False forbids")
    return moving


def _placed(view, dev_id, target, moving, copy):
    """The imported `view` where from_dlpack's `device` and `copy` want it."""
    if moving:
        return _to_device(view, target)
    if copy:
        with Device(dev_id):
            return view.copy()
    return view


def from_dlpack(obj, /, *, device=None, copy=None):
    """A gpuarray array over the memory of another library's array, through DLPack.

    Parameters
    ----------
    obj : object
        Anything with ``__dlpack__`` and ``__dlpack_device__`` (CuPy, PyTorch,
        JAX, Numba's device arrays, NumPy, ...), or a DLPack capsule.
    device : Device, optional
        Where the result must be; None (default) keeps the data where it is.
        A different GPU means a copy between the devices.
    copy : bool, optional
        None (default) shares device memory and copies host data; True
        always copies; False never does, and raises BufferError when a copy
        would be needed.

    Returns
    -------
    ndarray
        A view of `obj`'s memory (its ``base`` keeps the producer alive), or
        a copy. Data on another GPU is viewed there; ``.device`` says which.

    Raises
    ------
    BufferError
        `copy` is False and host data or another device needs a copy, or the
        producer refuses the export.

    See Also
    --------
    fromDlpack, asarray, ndarray.__dlpack__

    Notes
    -----
    The current stream is ordered after the producer's work: gpuarray passes
    its stream to ``__dlpack__`` and the producer records an event on its
    own, as the standard asks (Note [DLPack streams]).

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> a = xp.arange(4.0)
    >>> b = xp.from_dlpack(a)
    >>> b[0] = 7; a
    array([7., 1., 2., 3.])
    >>> xp.from_dlpack(np.arange(3))
    array([0, 1, 2])
    """
    target = _requested_device(device)
    if not hasattr(obj, "__dlpack__"):  # a bare capsule
        kind, dev_id = _core._dlpack_capsule_device(obj)
        if kind != CPU:
            moving = _check_placement(dev_id, target, copy, "the capsule's tensor")
            return _placed(fromDlpack(obj), dev_id, target, moving, copy)
        obj = _CapsuleProducer(obj)
    kind, dev_id = obj.__dlpack_device__()
    if kind == CPU:
        return _from_host_producer(obj, copy, target)
    if kind not in (CUDA, CUDA_MANAGED):
        raise BufferError(f"from_dlpack: {type(obj).__name__} is on DLPack device type {kind}, which gpuarray "
                          "cannot read (CUDA, CUDA managed and host memory are supported)")
    moving = _check_placement(dev_id, target, copy, type(obj).__name__)
    ask_copy = None if moving else copy  # a move copies anyway: a view is all it needs
    capsule, copy_honoured = _capsule(obj, _consumer_stream(dev_id), ask_copy, (kind, dev_id))
    view = _core._from_dlpack_capsule(capsule, obj)
    return _placed(view, dev_id, target, moving, copy and not copy_honoured)


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
    """CuPy's legacy form: a gpuarray array viewing the tensor in a DLPack capsule.

    Parameters
    ----------
    capsule : PyCapsule
        A "dltensor" or "dltensor_versioned" capsule, not yet consumed; it is
        renamed ``"used_..."`` as the standard asks.

    Returns
    -------
    ndarray
        A view of the tensor's memory.

    Raises
    ------
    ValueError
        The capsule was already consumed.

    See Also
    --------
    from_dlpack, ndarray.toDlpack

    Notes
    -----
    A bare capsule's producer cannot be asked to order streams: it must have
    finished writing, or written on the legacy default stream. Prefer
    `from_dlpack` on the producer's array.

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(3)
    >>> b = xp.fromDlpack(a.toDlpack())
    >>> b
    array([0, 1, 2])
    >>> b.data.ptr == a.data.ptr
    True
    """
    kind, _ = _core._dlpack_capsule_device(capsule)
    if kind == CPU:
        raise BufferError("fromDlpack: the capsule holds host memory, which cannot be viewed from the "
                          "device; gpuarray.from_dlpack(capsule) copies it to the device")
    return _core._from_dlpack_capsule(capsule)
