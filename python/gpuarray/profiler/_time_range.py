# SPDX-License-Identifier: BSD-3-Clause
"""time_range and profile, as ``cupyx.profiler`` has them: NVTX ranges around
code (a context manager and a decorator) and the profiler's collection switch."""
import contextlib
import functools

from gpuarray.cuda import nvtx
from gpuarray.cuda import profiler as cuda_profiler
from gpuarray.cuda import runtime

__all__ = ["profile", "time_range"]


class time_range(contextlib.ContextDecorator):
    """An NVTX range around a ``with`` block or each call of a function.

    Parameters
    ----------
    message : str, optional
        The range's name; as a decorator, the function's name by default.
    color_id : int, optional
        A color of the palette (`gpuarray.cuda.nvtx.PALETTE`, taken in turn).
    argb_color : int, optional
        The color as 0xAARRGGBB; takes precedence over `color_id`.
    sync : bool, optional
        Wait for the device when the range opens and when it closes, so that
        it spans the device work launched inside it (default False).

    Raises
    ------
    ValueError
        If a message is missing outside a decorator, or a color is invalid.

    Notes
    -----
    Nsight Systems shows the ranges on the calling thread's timeline; without a
    profiler attached they cost a branch each.

    See Also
    --------
    benchmark, profile

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.profiler import time_range
    >>> with time_range("normalize", color_id=0):
    ...     x = xp.arange(10.0)
    ...     y = x / x.sum()
    >>> @time_range()
    ... def step(v):
    ...     return v * 2
    >>> float(step(x).sum())
    90.0
    """

    def __init__(self, message=None, color_id=None, argb_color=None, *, sync=False):
        if argb_color is not None:
            self._push = functools.partial(nvtx.RangePushC, color=argb_color)
            nvtx._argb(argb_color)
        else:
            self._push = functools.partial(nvtx.RangePush, id_color=-1 if color_id is None else color_id)
            nvtx._palette_color(-1 if color_id is None else color_id)
        self.message = message
        self.sync = sync

    def __call__(self, func):
        if self.message is None:
            self.message = func.__name__
        return super().__call__(func)

    def __enter__(self):
        if self.message is None:
            raise ValueError("time_range needs a message when used as a context manager")
        if self.sync:
            runtime.deviceSynchronize()
        self._push(self.message)
        return self

    def __exit__(self, *exc):
        if self.sync:
            runtime.deviceSynchronize()
        nvtx.RangePop()
        return False


@contextlib.contextmanager
def profile():
    """Collects profiling data only inside the ``with`` block (cudaProfilerStart
    and cudaProfilerStop; start the profiler with collection off, e.g.
    ``nsys profile --capture-range=cudaProfilerApi``).

    Parameters
    ----------
        It takes none.

    Returns
    -------
    context : contextlib context manager
        Starts collection on entry and stops it on exit (also on an exception).

    Raises
    ------
    CUDARuntimeError
        If the CUDA runtime refuses (no device or driver).

    See Also
    --------
    time_range

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.profiler import profile
    >>> with profile():
    ...     total = xp.ones(1000).sum()
    """
    with cuda_profiler.profile():
        yield
