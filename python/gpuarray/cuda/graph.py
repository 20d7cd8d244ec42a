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
during the capture, naming itself, except the checks of the linear-algebra
routines, which run after a replay (``graph.check_errors()``), and the random
numbers, which advance on every replay (Note [Replayed host state] in
cuda/_captures.py)."""
from gpuarray import _core
from gpuarray.cuda._captures import CaptureRecord

__all__ = ["Graph", "capture_mode"]

# CUDA's cudaStreamCaptureMode values, by CuPy's names and by ours.
_MODES = {"global": 0, "thread_local": 1, "relaxed": 2}


def capture_mode(mode):
    """The cudaStreamCaptureMode value of a capture mode given by name or number.

    Parameters
    ----------
    mode : str or int or None
        None or 'global' (CUDA's default), 'thread_local', 'relaxed', or one
        of ``gpuarray.cuda.runtime.streamCaptureMode*`` (0, 1, 2).

    Returns
    -------
    int
        The runtime's value.

    Raises
    ------
    ValueError
        An unknown mode.

    See Also
    --------
    gpuarray.cuda.Stream.begin_capture, Graph

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cuda.graph.capture_mode('relaxed')
    2
    >>> xp.cuda.graph.capture_mode(None) == xp.cuda.runtime.streamCaptureModeGlobal
    True
    """
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
    launch, ``debug_dot_str(flags=0)`` gives its Graphviz text,
    ``check_errors()`` raises what the captured linear-algebra routines would
    have raised in the last replay. The memory the captured work allocated
    stays reserved for the graph until it is garbage collected."""

    __slots__ = ("_impl", "_record", "_launched_on")

    def __init__(self, impl, record=None):
        self._impl = impl
        self._record = CaptureRecord() if record is None else record
        self._launched_on = None  # the stream pointer of the last launch

    def _stream_ptr(self, stream):
        return _core.current_stream_ptr(self._impl.device_id) if stream is None else stream.ptr

    def launch(self, stream=None):
        """Replays the graph on `stream` (the current stream if None). Random
        numbers drawn in the graph are new on every replay."""
        for counter in self._record.counters.values():
            counter.before_replay(stream)
        self._launched_on = self._stream_ptr(stream)
        self._impl.launch(self._launched_on)

    def check_errors(self):
        """Raises the error a captured routine met in the last replay, as the
        routine raises it outside a graph (numpy.linalg.LinAlgError for a
        singular matrix, a Cholesky factor of a matrix that is not positive
        definite, no convergence). Waits for the replay; does nothing when
        the graph holds no such routine.

        Examples
        --------
        >>> import gpuarray as xp
        >>> s = xp.cuda.Stream(non_blocking=True)
        >>> a = xp.eye(3)
        >>> b = xp.ones(3)
        >>> with s:
        ...     s.begin_capture()
        ...     x = xp.linalg.solve(a, b)
        ...     g = s.end_capture()
        >>> g.launch(s)
        >>> g.check_errors()
        >>> a[...] = 0
        >>> g.launch(s)
        >>> g.check_errors()
        Traceback (most recent call last):
        ...
        numpy.linalg.LinAlgError: Singular matrix
        """
        if not self._record.checks or self._launched_on is None:
            return
        _core.Stream.borrowed(self._launched_on, self.device_id).synchronize()
        for check in self._record.checks:
            check()

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
