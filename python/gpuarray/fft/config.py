# SPDX-License-Identifier: BSD-3-Clause
"""cuFFT plan caches, with CuPy's interface (``cupy.fft.config``).

Each thread has one cache per device; a repeated transform of the same shape,
layout and dtype finds its plan there and plans nothing (see Note [FFT plan
cache] in cpp/libs/fft_plan_cache.hpp)."""

__all__ = ["get_plan_cache", "set_plan_cache_size", "get_plan_cache_size", "set_plan_cache_max_memsize",
           "get_plan_cache_max_memsize", "clear_plan_cache", "show_plan_cache_info"]


def get_plan_cache():
    """The calling thread's plan cache for the current device: ``get_size``/``set_size``
    (plans; 0 disables), ``get_memsize``/``set_memsize`` (work-area bytes; -1 is no
    limit), ``get_curr_size``, ``get_curr_memsize``, ``clear()``, ``show_info()``."""
    from gpuarray._base import libs as _libs  # lazily: cuFFT is loaded on first use
    return _libs.fft.get_plan_cache()


def set_plan_cache_size(size):
    get_plan_cache().set_size(size)


def get_plan_cache_size():
    return get_plan_cache().get_size()


def set_plan_cache_max_memsize(size):
    get_plan_cache().set_memsize(size)


def get_plan_cache_max_memsize():
    return get_plan_cache().get_memsize()


def clear_plan_cache():
    get_plan_cache().clear()


def show_plan_cache_info():
    get_plan_cache().show_info()
