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
    """Marks an instant on the timeline, named `message`, colored from the
    palette by `id_color` (-1: the tool's default)."""
    _core.nvtx_mark(str(message), _palette_color(id_color))


def MarkC(message, color=0):
    """Marks an instant on the timeline in the ARGB `color` (0xAARRGGBB)."""
    _core.nvtx_mark(str(message), _argb(color))


def RangePush(message, id_color=-1):
    """Opens a nested range named `message` on this thread (close it with
    `RangePop`); colored from the palette by `id_color`."""
    _core.nvtx_range_push(str(message), _palette_color(id_color))


def RangePushC(message, color=0):
    """Opens a nested range named `message` in the ARGB `color`."""
    _core.nvtx_range_push(str(message), _argb(color))


def RangePop():
    """Closes this thread's innermost range."""
    _core.nvtx_range_pop()
