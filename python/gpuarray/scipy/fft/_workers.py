# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fft's ``workers``: the per-thread default and its context manager.

The GPU runs every transform as one cuFFT execution, so the number of
workers changes nothing here; it is still checked and remembered as SciPy
does, so that code written for SciPy runs unchanged and gets SciPy's errors."""
import contextlib
import operator
import os
import threading

__all__ = ["get_workers", "set_workers"]

_config = threading.local()
_CPU_COUNT = os.cpu_count() or 1


def checked_workers(workers):
    """SciPy's reading of a `workers` argument: None is the thread's default, a
    negative count wraps around from the number of CPUs, zero is refused."""
    if workers is None:
        return get_workers()
    workers = operator.index(workers)
    if workers < 0:
        if workers < -_CPU_COUNT:
            raise ValueError(f"workers value out of range; got {workers}, must not be less than {-_CPU_COUNT}")
        return workers + 1 + _CPU_COUNT
    if workers == 0:
        raise ValueError("workers must not be zero")
    return workers


def get_workers():
    """Return the default number of workers of the calling thread.

    Parameters
    ----------

    Returns
    -------
    workers : int
        What ``workers=None`` means to a transform: 1, unless a
        `set_workers` block of this thread says otherwise.

    Notes
    -----
    cuFFT runs each transform on the whole GPU: the value changes nothing in
    gpuarray and is kept for code written for SciPy. The setting is per
    thread and separate from ``scipy.fft.get_workers()``.

    See Also
    --------
    set_workers : The context manager that changes it.
    scipy.fft.get_workers : SciPy's own.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> fft.get_workers()
    1
    >>> with fft.set_workers(4):
    ...     fft.get_workers()
    4
    """
    return getattr(_config, "default_workers", 1)


@contextlib.contextmanager
def set_workers(workers):
    """Context manager for the default number of workers of `gpuarray.scipy.fft`.

    Parameters
    ----------
    workers : int
        The default for the transforms called inside the ``with`` block of
        this thread. A negative value counts back from the number of CPUs
        (-1 is all of them), as in SciPy.

    Returns
    -------
    context : contextmanager
        Restores the previous default on exit.

    Raises
    ------
    ValueError
        If `workers` is zero or below minus the number of CPUs.
    TypeError
        If `workers` is not an integer.

    Notes
    -----
    The GPU ignores the number: it is accepted for compatibility with
    SciPy code (see `get_workers`).

    See Also
    --------
    get_workers
    scipy.fft.set_workers : SciPy's own.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> with fft.set_workers(2):
    ...     y = fft.fft(xp.ones(8))
    ...     fft.get_workers()
    2
    >>> fft.get_workers()
    1
    """
    old = get_workers()
    _config.default_workers = checked_workers(operator.index(workers))
    try:
        yield
    finally:
        _config.default_workers = old
