# SPDX-License-Identifier: BSD-3-Clause
"""benchmark: the CPU and GPU time of a function, as ``cupyx.profiler.benchmark``
measures them, with options CuPy lacks: no synchronization between repeats,
an L2 flush before each repeat, replays of a captured CUDA graph of the
function, and percentiles of the result.

Note [Benchmark timing]: a repeat records a start event on each device's
current stream, calls the function, records an end event, and reads the host
clock around that (the CPU time: launching, not waiting). With ``sync=True``
(CuPy's way) it then waits for the end events, so each repeat starts on idle
devices and its GPU time is the function's alone. With ``sync=False`` the
repeats are queued back to back and waited for once at the end: the host's
launch overhead overlaps the device's work, as in a real program, and a
repeat's GPU time runs from its start event to its end event (it may include
waiting behind the repeat before it, when the host outruns the device)."""
import math
import time

import numpy

from gpuarray._array_creation.from_shape import empty
from gpuarray.cuda import runtime
from gpuarray.cuda.device import Device, get_device_id
from gpuarray.cuda.stream import Event, Stream, get_current_stream, get_elapsed_time

__all__ = ["BenchmarkResult", "benchmark"]


class BenchmarkResult:
    """Times recorded by `benchmark`, with CuPy's attributes and printed form.

    Attributes
    ----------
    name : str
        The benchmark's name.
    cpu_times : numpy.ndarray
        Seconds of host time per repeat, shape ``(n,)``.
    gpu_times : numpy.ndarray
        Seconds between the events around each repeat, shape
        ``(len(devices), n)``.
    devices : tuple of int
        The devices timed, in the order of `gpu_times`' rows.
    """

    def __init__(self, name, cpu_times, gpu_times, devices):
        self.name = name
        self.cpu_times = numpy.asarray(cpu_times, dtype=numpy.float64)
        self.gpu_times = numpy.asarray(gpu_times, dtype=numpy.float64).reshape(len(devices), -1)
        self.devices = tuple(devices)

    def percentile(self, q):
        """The `q`-th percentiles (0-100, a number or a sequence) of the CPU and
        each device's GPU times, in seconds: ``{"CPU": ..., "GPU-0": ..., ...}``."""
        result = {"CPU": numpy.percentile(self.cpu_times, q)}
        for device, times in zip(self.devices, self.gpu_times):
            result[f"GPU-{device}"] = numpy.percentile(times, q)
        return result

    @property
    def median(self):
        """The medians of the CPU and GPU times, as `percentile(50)` gives them."""
        return self.percentile(50)

    @staticmethod
    def _column(label, times):
        us = times * 1e6
        text = f"    {label}:{us.mean():9.03f} us"
        if us.size > 1:
            text += f"   +/-{us.std():6.03f} (min:{us.min():9.03f} / max:{us.max():9.03f}) us"
        return text

    def to_str(self, show_gpu=False):
        """One line: the name, then mean, deviation, min and max of the CPU
        times (and of each device's GPU times with `show_gpu`), in µs."""
        columns = [self._column("CPU", self.cpu_times)]
        if show_gpu:
            columns += [self._column(f"GPU-{d}", t) for d, t in zip(self.devices, self.gpu_times)]
        return f"{self.name:<20s}:" + " ".join(columns)

    def __str__(self):
        return self.to_str(show_gpu=True)

    def __repr__(self):
        return f"<BenchmarkResult {self.name!r}: {self.cpu_times.size} repeats>"


def _l2_flusher(devices):
    """A function overwriting twice each device's L2 cache size, on its current
    stream: what a repeat reads next comes from memory, not from the cache."""
    buffers = []
    for device in devices:
        with Device(device):
            size = 2 * max(int(runtime.getDeviceProperties(device)["l2CacheSize"]), 1)
            buffers.append((device, empty(size, dtype=numpy.uint8)))

    def flush():
        for device, buffer in buffers:
            with Device(device):
                buffer.fill(0)
    return flush


def _check_arguments(func, n_repeat, n_warmup, max_duration):
    if not callable(func):
        raise TypeError(f"func must be callable, not {type(func).__name__}")
    for label, value, low in (("n_repeat", n_repeat, 1), ("n_warmup", n_warmup, 0)):
        if not isinstance(value, (int, numpy.integer)) or isinstance(value, bool) or value < low:
            raise ValueError(f"{label} must be an int >= {low}, not {value!r}")
    if not max_duration > 0:
        raise ValueError(f"max_duration must be positive, not {max_duration!r}")


def _captured(func, args, kwargs):
    """A function replaying one captured call of ``func(*args, **kwargs)`` on
    the current stream (the arguments are read in place at each replay)."""
    current = get_current_stream()
    side = Stream(non_blocking=True)
    side.wait_event(current.record())
    side.begin_capture()
    try:
        with side:
            func(*args, **kwargs)
    except BaseException:
        side.end_capture()
        raise
    graph = side.end_capture()
    graph.upload(current)
    return lambda: graph.launch(current)


def benchmark(func, args=(), kwargs={}, n_repeat=10000, *, name=None, n_warmup=10, max_duration=math.inf,
              devices=None, sync=True, flush_l2=False, graph=False):
    """Times ``func(*args, **kwargs)`` on the host and on the devices.

    Parameters
    ----------
    func : callable
        The function to time.
    args : tuple, optional
        Positional arguments of `func`.
    kwargs : dict, optional
        Keyword arguments of `func`.
    n_repeat : int, optional
        Number of timed calls (default 10000).
    name : str, optional
        The result's name (default ``func.__name__``).
    n_warmup : int, optional
        Untimed calls before the timed ones (default 10).
    max_duration : float, optional
        Seconds after which no further repeat starts (default unlimited); at
        least one repeat runs.
    devices : tuple of int, optional
        Devices whose current streams are timed (default the current device).
    sync : bool, optional
        True (CuPy's way): wait for the devices after every repeat. False:
        queue all repeats and wait once at the end (Note [Benchmark timing]).
    flush_l2 : bool, optional
        Overwrite twice each device's L2 cache before each repeat, untimed, so
        that every repeat reads its inputs from memory (default False).
    graph : bool, optional
        Capture one call of `func` into a CUDA graph after the warm-up calls
        and time replays of the graph (default False): the host time is then
        one graph launch, whatever `func` launches (docs/graphs.md says what
        can be captured).

    Returns
    -------
    result : BenchmarkResult
        ``cpu_times`` (seconds, shape ``(n,)``) and ``gpu_times`` (seconds,
        shape ``(len(devices), n)``), ``n <= n_repeat``; printing it gives
        CuPy's one-line summary in µs.

    Raises
    ------
    TypeError
        If `func` is not callable.
    ValueError
        If `n_repeat` < 1, `n_warmup` < 0 or `max_duration` <= 0.
    CUDARuntimeError
        With `graph`, when `func` does something a graph cannot record.

    See Also
    --------
    time_range

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.profiler import benchmark
    >>> a = xp.ones(1 << 20, dtype=xp.float32)
    >>> result = benchmark(xp.sum, (a,), n_repeat=20)
    >>> result.cpu_times.shape, result.gpu_times.shape
    ((20,), (1, 20))
    >>> str(result).startswith("sum")
    True
    """
    _check_arguments(func, n_repeat, n_warmup, max_duration)
    devices = (get_device_id(),) if devices is None else tuple(int(d) for d in devices)
    name = getattr(func, "__name__", type(func).__name__) if name is None else str(name)
    flush = _l2_flusher(devices) if flush_l2 else None
    for _ in range(n_warmup):
        func(*args, **kwargs)
    if graph:
        func, args, kwargs = _captured(func, args, kwargs), (), {}
    for device in devices:
        Device(device).synchronize()

    def record(events):
        for device, event in zip(devices, events):
            with Device(device):
                event.record()

    cpu_times, pairs = [], []
    started = time.perf_counter()
    for _ in range(n_repeat):
        if flush is not None:
            flush()
        starts, ends = [Event() for _ in devices], [Event() for _ in devices]
        t0 = time.perf_counter()
        record(starts)
        func(*args, **kwargs)
        record(ends)
        t1 = time.perf_counter()
        cpu_times.append(t1 - t0)
        pairs.append((starts, ends))
        if sync:
            for event in ends:
                event.synchronize()
        if time.perf_counter() - started >= max_duration:
            break
    for _, ends in pairs[-1:]:
        for event in ends:
            event.synchronize()
    gpu_times = [[get_elapsed_time(starts[i], ends[i]) * 1e-3 for starts, ends in pairs]
                 for i in range(len(devices))]
    return BenchmarkResult(name, cpu_times, gpu_times, devices)
