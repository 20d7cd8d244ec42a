# SPDX-License-Identifier: BSD-3-Clause
"""CUDA graphs made by stream capture, with CuPy's API: ``stream.begin_capture()``,
the work to record, ``graph = stream.end_capture()``, then ``graph.launch()``
as often as needed (Note [Stream capture] in cpp/cuda/graph.hpp).

Between begin and end nothing runs: kernels, copies between device arrays and
library calls are recorded. Arrays made during the capture live in memory
private to the graph (Note [Graph-private arenas] in
cpp/memory/device_pool.hpp): each replay writes them again, and they stay
valid after the capture, as the graph's outputs. Inputs made before the
capture are read in place at every replay, so the caller keeps them alive and
refills them to feed new data. What must wait for the device (reading a value
back, a boolean mask's size, a synchronization) raises CUDARuntimeError
during the capture, naming itself."""
from gpuarray import _core

__all__ = ["Graph", "capture_mode"]

# CUDA's cudaStreamCaptureMode values, by CuPy's names and by ours.
_MODES = {"global": 0, "thread_local": 1, "relaxed": 2}


def capture_mode(mode):
    """The cudaStreamCaptureMode value of `mode`: None or 'global' (the default,
    CUDA's), 'thread_local', 'relaxed', or one of the runtime's
    streamCaptureMode* ints."""
    if mode is None:
        return _MODES["global"]
    if isinstance(mode, str):
        if mode not in _MODES:
            raise ValueError(f"capture mode must be one of {sorted(_MODES)}, not {mode!r}")
        return _MODES[mode]
    if isinstance(mode, int) and not isinstance(mode, bool) and mode in _MODES.values():
        return mode
    raise ValueError(f"capture mode must be one of {sorted(_MODES)} or 0, 1, 2, not {mode!r}")


class Graph:
    """An instantiated CUDA graph, returned by ``Stream.end_capture()``.

    ``launch(stream=None)`` replays it on `stream` (the current stream if
    None), ``upload(stream=None)`` prepares it on the device ahead of the first
    launch, ``debug_dot_str(flags=0)`` gives its Graphviz text. The memory the
    captured work allocated stays reserved for the graph until it is garbage
    collected."""

    __slots__ = ("_impl",)

    def __init__(self, impl):
        self._impl = impl

    def _stream_ptr(self, stream):
        return _core.current_stream_ptr(self._impl.device_id) if stream is None else stream.ptr

    def launch(self, stream=None):
        """Replays the graph on `stream` (the current stream if None)."""
        self._impl.launch(self._stream_ptr(stream))

    def upload(self, stream=None):
        """Uploads the graph to the device on `stream`, so that the first launch
        pays no setup."""
        self._impl.upload(self._stream_ptr(stream))

    def debug_dot_str(self, flags=0):
        """The graph in Graphviz's dot language (cudaGraphDebugDotPrint with `flags`)."""
        return self._impl.debug_dot(int(flags))

    @property
    def device_id(self):
        return self._impl.device_id

    def __repr__(self):
        return f"<Graph on device {self.device_id}>"
