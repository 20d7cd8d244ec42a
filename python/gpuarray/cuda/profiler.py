# SPDX-License-Identifier: BSD-3-Clause
"""The CUDA profiler's collection switch, named as in ``cupy.cuda.profiler``:
with a profiler started with collection off (``nsys profile
--capture-range=cudaProfilerApi``), only the work between `start` and `stop`
is recorded."""
import contextlib

from gpuarray import _core

__all__ = ["start", "stop", "profile"]


def start():
    """Starts the CUDA profiler's collection (cudaProfilerStart).

    Parameters
    ----------
        It takes none.

    Returns
    -------
    None

    See Also
    --------
    stop, profile, gpuarray.profiler.time_range

    Notes
    -----
    Useful under a profiler started with collection off, such as ``nsys
    profile --capture-range=cudaProfilerApi``; otherwise it does nothing
    visible.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cuda.profiler.start()
    >>> y = xp.ones(1 << 20).sum()
    >>> xp.cuda.profiler.stop()
    """
    _core.profiler_start()


def stop():
    """Stops the CUDA profiler's collection (cudaProfilerStop).

    Parameters
    ----------
        It takes none.

    Returns
    -------
    None

    See Also
    --------
    start, profile

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cuda.profiler.start()
    >>> xp.cuda.profiler.stop()
    """
    _core.profiler_stop()


@contextlib.contextmanager
def profile():
    """A context manager that collects profiling data inside its block only.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    context manager
        `start` on entry, `stop` on exit (also on an exception).

    See Also
    --------
    start, stop, gpuarray.profiler.time_range

    Examples
    --------
    >>> import gpuarray as xp
    >>> with xp.cuda.profiler.profile():
    ...     y = xp.ones(1 << 20) * 2
    >>> float(y[0])
    2.0
    """
    start()
    try:
        yield
    finally:
        stop()
