# SPDX-License-Identifier: BSD-3-Clause
"""The CUDA profiler's collection switch, named as in ``cupy.cuda.profiler``:
with a profiler started with collection off (``nsys profile
--capture-range=cudaProfilerApi``), only the work between `start` and `stop`
is recorded."""
import contextlib

from gpuarray import _core

__all__ = ["start", "stop", "profile"]


def start():
    """Starts the profiler's collection (cudaProfilerStart)."""
    _core.profiler_start()


def stop():
    """Stops the profiler's collection (cudaProfilerStop)."""
    _core.profiler_stop()


@contextlib.contextmanager
def profile():
    """Collects profiling data inside the ``with`` block only."""
    start()
    try:
        yield
    finally:
        stop()
