# SPDX-License-Identifier: BSD-3-Clause
"""Streams and events with CuPy's API.

``with stream:`` makes the stream current for the calling thread on its
device (see Note [Current stream] in cpp/cuda/stream.hpp); every launch,
copy and allocation that names no stream uses the current one. As in CUDA and
CuPy, a ``Stream(non_blocking=True)`` does not wait for work queued on the
default (null) stream: order it after arrays made there with
``stream.wait_event(get_current_stream().record())``."""
import threading

from gpuarray import _core
from gpuarray.cuda import _captures
from gpuarray.cuda import graph as _graph
from gpuarray.cuda.device import Device

_local = threading.local()
_CUDA_STREAM_PER_THREAD = 2


__all__ = ["Stream", "ExternalStream", "Event", "get_current_stream", "get_elapsed_time"]


def _stack():
    s = getattr(_local, "stream_stack", None)
    if s is None:
        s = _local.stream_stack = []
    return s


def _current():
    """The calling thread's current stream objects by device. Holding them
    keeps a stream alive while it is current here, whichever thread drops
    the last other reference (destroying it would leave this thread launching
    on a dead handle)."""
    c = getattr(_local, "current", None)
    if c is None:
        c = _local.current = {}
    return c


class _BaseStream:
    __slots__ = ("_impl", "device_id", "__weakref__")

    @property
    def ptr(self):
        """The cudaStream_t handle as an int."""
        return self._impl.ptr

    @property
    def done(self):
        """True when all work queued on the stream has finished."""
        return self._impl.done

    def synchronize(self):
        """Waits for all work queued on the stream."""
        self._impl.synchronize()

    def record(self, event=None):
        """Records `event` (a new Event if None) on this stream and returns it."""
        if event is None:
            event = Event()
        event.record(self)
        return event

    def wait_event(self, event):
        """Makes later work on this stream wait for `event`."""
        self._impl.wait_event(event._impl)

    def begin_capture(self, mode=None):
        """Starts recording the work queued on this stream into a CUDA graph
        instead of running it (`gpuarray.cuda.graph` has the rules). `mode`:
        None or 'global' (CUDA's default), 'thread_local' or 'relaxed' (or
        the runtime's streamCaptureMode* values). The legacy null stream
        cannot be captured."""
        mode = _graph.capture_mode(mode)
        with Device(self.device_id):
            _core.begin_graph_capture(self.ptr, mode)
        _captures.begin(self.ptr)

    def end_capture(self):
        """Ends the capture begun by `begin_capture` and returns the recorded
        work as a `Graph`; raises CUDARuntimeError when the capture was
        invalidated."""
        with Device(self.device_id):
            try:
                impl = _core.end_graph_capture(self.ptr)
            finally:
                record = _captures.end(self.ptr)
            return _graph.Graph(impl, record)

    def is_capturing(self):
        """True while the stream is being captured."""
        return _core.is_capturing(self.ptr)

    def use(self):
        """Makes this stream current for the calling thread."""
        _core.set_current_stream(self.device_id, self.ptr)
        _current()[self.device_id] = self
        return self

    def __enter__(self):
        dev = self.device_id
        _stack().append((dev, _core.current_stream_ptr(dev), get_current_stream(dev)))
        _core.set_current_stream(dev, self.ptr)
        _current()[dev] = self
        return self

    def __exit__(self, *exc):
        dev, ptr, previous = _stack().pop()
        _core.set_current_stream(dev, ptr)
        _local.current[dev] = previous

    def __eq__(self, other):
        return isinstance(other, _BaseStream) and other.ptr == self.ptr and other.device_id == self.device_id

    def __hash__(self):
        return hash((self.ptr, self.device_id))


class Stream(_BaseStream):
    """A CUDA stream. ``Stream(null=True)`` is the legacy default stream,
    ``Stream(ptds=True)`` the per-thread default stream; otherwise a new
    stream is created on the current device."""

    __slots__ = ()
    null = None  # set below: the legacy null stream of the current device

    def __init__(self, null=False, non_blocking=False, ptds=False, priority=0):
        if null and ptds:
            raise ValueError("a stream cannot be both the null stream and the per-thread stream")
        dev = _core.get_device() if (null or ptds) else None
        if null:
            self._impl = _core.Stream.borrowed(0, dev)
        elif ptds:
            self._impl = _core.Stream.borrowed(_CUDA_STREAM_PER_THREAD, dev)
        else:
            self._impl = _core.Stream(non_blocking, priority)
        self.device_id = self._impl.device_id

    def __repr__(self):
        return f"<Stream {self.ptr:#x} (device {self.device_id})>"


class ExternalStream(_BaseStream):
    """A stream created elsewhere (PyTorch, CuPy, ...), used by its handle."""

    __slots__ = ()

    def __init__(self, ptr, device_id=None):
        if device_id is None:
            device_id = _core.get_device()
        self._impl = _core.Stream.borrowed(int(ptr), device_id)
        self.device_id = device_id


class _NullStream:
    """``Stream.null``: the legacy default stream of whichever device is current."""

    def __get__(self, obj, cls):
        return Stream(null=True)


Stream.null = _NullStream()


def get_current_stream(device_id=None):
    """The calling thread's current stream on a device.

    Parameters
    ----------
    device_id : int, optional
        The device; None (default) is the current device.

    Returns
    -------
    Stream
        The stream work is queued on: the one a ``with stream:`` block
        made current, else the default stream.

    See Also
    --------
    Stream, Stream.use

    Examples
    --------
    >>> import gpuarray as xp
    >>> s = xp.cuda.Stream()
    >>> with s:
    ...     xp.cuda.get_current_stream() == s
    True
    """
    if device_id is None:
        device_id = _core.get_device()
    current = getattr(_local, "current", {}).get(device_id)
    if current is not None and current.ptr == _core.current_stream_ptr(device_id):
        return current
    ptr = _core.current_stream_ptr(device_id)
    if ptr == 0:
        return Stream(null=True)
    return ExternalStream(ptr, device_id)


class Event:
    """A CUDA event for ordering and timing (`block` makes synchronize() sleep
    instead of spin; `interprocess` requires `disable_timing`)."""

    __slots__ = ("_impl",)

    def __init__(self, block=False, disable_timing=False, interprocess=False):
        if interprocess and not disable_timing:
            raise ValueError("an interprocess event must be created with disable_timing=True")
        self._impl = _core.Event(block, disable_timing, interprocess)

    @property
    def ptr(self):
        return self._impl.ptr

    @property
    def device_id(self):
        return self._impl.device_id

    @property
    def done(self):
        """True when the work the event waits for has finished."""
        return self._impl.done

    def record(self, stream=None):
        """Records the event on `stream` (the current stream if None)."""
        if stream is None:
            stream = get_current_stream()
        self._impl.record(stream.ptr)

    def synchronize(self):
        self._impl.synchronize()

    def __repr__(self):
        return f"<Event {self.ptr:#x}>"


def get_elapsed_time(start_event, end_event):
    """The time between two recorded events.

    Parameters
    ----------
    start_event, end_event : Event
        Events recorded (``Event.record``) on a stream, `start_event` first;
        both must have completed.

    Returns
    -------
    float
        Milliseconds from `start_event` to `end_event`, with the GPU's
        timer (about half a microsecond resolution).

    See Also
    --------
    Event, gpuarray.profiler.benchmark

    Examples
    --------
    >>> import gpuarray as xp
    >>> start, end = xp.cuda.Event(), xp.cuda.Event()
    >>> start.record()
    >>> a = xp.ones(1 << 20).sum()
    >>> end.record(); end.synchronize()
    >>> xp.cuda.get_elapsed_time(start, end) >= 0
    True
    """
    return _core.elapsed_time(start_event._impl, end_event._impl)
