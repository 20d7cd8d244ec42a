# SPDX-License-Identifier: BSD-3-Clause
"""NVTX ranges and marks, named as in ``cupy.cuda.nvtx``: what Nsight Systems
shows on the calling thread's timeline. NVTX is header-only in the engine
(cpp/cuda/profiler.hpp): without a profiler attached each call is a no-op
costing a branch, and none needs a GPU."""
from gpuarray import _core

__all__ = ["Mark", "MarkC", "RangePush", "RangePushC", "RangePop", "PALETTE"]

# Colors of the `id_color` arguments (0xAARRGGBB), taken in turn by id.
PALETTE = (0xFF1F77B4, 0xFFFF7F0E, 0xFF2CA02C, 0xFFD62728, 0xFF9467BD,
           0xFF8C564B, 0xFFE377C2, 0xFF7F7F7F, 0xFFBCBD22, 0xFF17BECF)


def _palette_color(id_color):
    """The ARGB color of `id_color` (-1: the tool's default)."""
    if id_color == -1:
        return 0
    if not isinstance(id_color, int) or id_color < 0:
        raise ValueError(f"id_color must be -1 or a non-negative int, not {id_color!r}")
    return PALETTE[id_color % len(PALETTE)]


def _argb(color):
    if not isinstance(color, int) or not 0 <= color <= 0xFFFFFFFF:
        raise ValueError(f"color must be an int 0xAARRGGBB in [0, 2**32), not {color!r}")
    return color


def Mark(message, id_color=-1):
    """Marks an instant on the profiler's timeline, colored from the palette.

    Parameters
    ----------
    message : str
        The mark's name.
    id_color : int, optional
        An index into `PALETTE` (taken modulo its length); -1 (default)
        leaves the color to the tool.

    Returns
    -------
    None

    Raises
    ------
    ValueError
        `id_color` is neither -1 nor a non-negative int.

    See Also
    --------
    MarkC, RangePush, gpuarray.profiler.time_range

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cuda.nvtx.Mark("data loaded", id_color=2)
    >>> xp.cuda.nvtx.Mark("checkpoint")
    """
    _core.nvtx_mark(str(message), _palette_color(id_color))


def MarkC(message, color=0):
    """Marks an instant on the profiler's timeline in a given color.

    Parameters
    ----------
    message : str
        The mark's name.
    color : int, optional
        The color as 0xAARRGGBB.

    Returns
    -------
    None

    Raises
    ------
    ValueError
        `color` is not an int in [0, 2**32).

    See Also
    --------
    Mark

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cuda.nvtx.MarkC("solver converged", 0xFF00FF00)
    >>> xp.cuda.nvtx.MarkC("no color given")
    """
    _core.nvtx_mark(str(message), _argb(color))


def RangePush(message, id_color=-1):
    """Opens a nested range on this thread's timeline, colored from the palette.

    Parameters
    ----------
    message : str
        The range's name.
    id_color : int, optional
        An index into `PALETTE`; -1 (default) leaves the color to the tool.

    Returns
    -------
    None

    See Also
    --------
    RangePop, RangePushC, gpuarray.profiler.time_range

    Notes
    -----
    Close each range with `RangePop` on the same thread;
    ``gpuarray.profiler.time_range`` does both as a context manager.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cuda.nvtx.RangePush("step", id_color=0)
    >>> y = xp.ones(1024) * 2
    >>> xp.cuda.nvtx.RangePop()
    """
    _core.nvtx_range_push(str(message), _palette_color(id_color))


def RangePushC(message, color=0):
    """Opens a nested range on this thread's timeline in a given color.

    Parameters
    ----------
    message : str
        The range's name.
    color : int, optional
        The color as 0xAARRGGBB.

    Returns
    -------
    None

    Raises
    ------
    ValueError
        `color` is not an int in [0, 2**32).

    See Also
    --------
    RangePush, RangePop

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cuda.nvtx.RangePushC("load", 0xFFFF0000)
    >>> xp.cuda.nvtx.RangePop()
    """
    _core.nvtx_range_push(str(message), _argb(color))


def RangePop():
    """Closes this thread's innermost range.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    None

    See Also
    --------
    RangePush, RangePushC

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cuda.nvtx.RangePush("outer")
    >>> xp.cuda.nvtx.RangePush("inner")
    >>> xp.cuda.nvtx.RangePop()
    >>> xp.cuda.nvtx.RangePop()
    """
    _core.nvtx_range_pop()
