# SPDX-License-Identifier: BSD-3-Clause
"""The length rules every SciPy window shares: M checked, M <= 1 answered
with ones, and the periodic (``sym=False``) window computed as the symmetric
window one sample longer with its last sample dropped."""
import numpy

from gpuarray.scipy.signal import _array_ops as xp

__all__ = ["short_window", "extended_length", "truncated", "positions"]


def short_window(M):
    """SciPy's check of M: a ValueError unless M is a non-negative integer;
    the window of ones when M <= 1 (then the formulas do not apply), else None."""
    if int(M) != M or M < 0:
        raise ValueError("Window length M must be a non-negative integer")
    if M <= 1:
        return xp.ones(int(M), dtype=numpy.float64)
    return None


def extended_length(M, sym):
    """The length the formulas are evaluated at: M + 1 for a periodic window."""
    return int(M) if sym else int(M) + 1


def truncated(w, sym):
    """The window as returned: a periodic one loses its last sample."""
    return w if sym else w[:-1]


def positions(M):
    """0, 1, ..., M - 1 as float64 on the device."""
    return xp.arange(0, M, dtype=numpy.float64)
