# SPDX-License-Identifier: BSD-3-Clause
"""cuFFT plan caches, with CuPy's interface (``cupy.fft.config``).

Each thread has one cache per device; a repeated transform of the same shape,
layout and dtype finds its plan there and plans nothing (see Note [FFT plan
cache] in cpp/libs/fft_plan_cache.hpp)."""

__all__ = ["get_plan_cache", "set_plan_cache_size", "get_plan_cache_size", "set_plan_cache_max_memsize",
           "get_plan_cache_max_memsize", "clear_plan_cache", "show_plan_cache_info"]


def get_plan_cache():
    """The calling thread's cuFFT plan cache for the current device.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    PlanCache
        With CuPy's methods: ``get_size``/``set_size`` (plans; 0 disables the
        cache), ``get_memsize``/``set_memsize`` (work-area bytes; -1 is no
        limit), ``get_curr_size``, ``get_curr_memsize``, ``clear()`` and
        ``show_info()``.

    See Also
    --------
    set_plan_cache_size, clear_plan_cache, show_plan_cache_info

    Notes
    -----
    Each thread has one cache per device; a repeated transform of the same
    shape, layout and dtype finds its plan there. cuFFT is loaded on the
    first call.

    Examples
    --------
    >>> import gpuarray as xp
    >>> cache = xp.fft.config.get_plan_cache()
    >>> _ = xp.fft.fft(xp.ones(1024))
    >>> cache.get_curr_size() >= 1
    True
    """
    from gpuarray._base import libs as _libs  # lazily: cuFFT is loaded on first use
    return _libs.fft.get_plan_cache()


def set_plan_cache_size(size):
    """Sets how many plans the current thread's cache for the current device keeps.

    Parameters
    ----------
    size : int
        The number of plans; 0 disables the cache.

    Returns
    -------
    None

    See Also
    --------
    get_plan_cache_size, set_plan_cache_max_memsize

    Examples
    --------
    >>> import gpuarray as xp
    >>> previous = xp.fft.config.get_plan_cache_size()
    >>> xp.fft.config.set_plan_cache_size(4)
    >>> xp.fft.config.get_plan_cache_size()
    4
    >>> xp.fft.config.set_plan_cache_size(previous)
    """
    get_plan_cache().set_size(size)


def get_plan_cache_size():
    """How many plans the current thread's cache for the current device keeps.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    int
        The limit (0: the cache is disabled).

    See Also
    --------
    set_plan_cache_size

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.fft.config.get_plan_cache_size() >= 0
    True
    """
    return get_plan_cache().get_size()


def set_plan_cache_max_memsize(size):
    """Sets the work-area bytes the current thread's plans on the current device may hold.

    Parameters
    ----------
    size : int
        Bytes; -1 means no limit.

    Returns
    -------
    None

    See Also
    --------
    get_plan_cache_max_memsize, set_plan_cache_size

    Examples
    --------
    >>> import gpuarray as xp
    >>> previous = xp.fft.config.get_plan_cache_max_memsize()
    >>> xp.fft.config.set_plan_cache_max_memsize(1 << 30)
    >>> xp.fft.config.get_plan_cache_max_memsize()
    1073741824
    >>> xp.fft.config.set_plan_cache_max_memsize(previous)
    """
    get_plan_cache().set_memsize(size)


def get_plan_cache_max_memsize():
    """The work-area bytes the current thread's plans on the current device may hold.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    int
        Bytes; -1 means no limit.

    See Also
    --------
    set_plan_cache_max_memsize

    Examples
    --------
    >>> import gpuarray as xp
    >>> isinstance(xp.fft.config.get_plan_cache_max_memsize(), int)
    True
    """
    return get_plan_cache().get_memsize()


def clear_plan_cache():
    """Destroys every plan in the current thread's cache for the current device.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    None

    See Also
    --------
    get_plan_cache

    Examples
    --------
    >>> import gpuarray as xp
    >>> _ = xp.fft.fft(xp.ones(64))
    >>> xp.fft.config.clear_plan_cache()
    >>> xp.fft.config.get_plan_cache().get_curr_size()
    0
    """
    get_plan_cache().clear()


def show_plan_cache_info():
    """Prints the current thread's plan cache for the current device: sizes, limits, plans.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    None
        The report goes to standard output.

    See Also
    --------
    get_plan_cache

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.fft.config.show_plan_cache_info()  # doctest: +SKIP
    """
    get_plan_cache().show_info()
