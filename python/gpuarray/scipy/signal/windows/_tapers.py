# SPDX-License-Identifier: BSD-3-Clause
"""Windows given piecewise by elementary functions of the sample index:
boxcar, triang, bartlett, parzen, bohman, barthann, cosine, tukey and
lanczos. Computed on the device from SciPy's definitions."""
import math

import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal.windows._lengths import extended_length, positions, short_window, truncated
from gpuarray.scipy.signal.windows._cosine_sums import hann

__all__ = ["boxcar", "triang", "bartlett", "parzen", "bohman", "barthann", "cosine", "tukey", "lanczos"]


def boxcar(M, sym=True):
    """Boxcar or rectangular window: M ones.

    Parameters
    ----------
    M : int
        Number of points in the output window.
    sym : bool, optional
        Accepted for symmetry with the other windows; it changes nothing.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    See Also
    --------
    triang, get_window

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.boxcar(3)).tolist()
    [1.0, 1.0, 1.0]
    """
    short = short_window(M)
    if short is not None:
        return short
    return xp.ones(extended_length(M, sym), dtype=numpy.float64)[:int(M)]


def triang(M, sym=True):
    """Triangular window, nonzero at both ends (unlike `bartlett`).

    Parameters
    ----------
    M : int
        Number of points in the output window.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) window.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    See Also
    --------
    bartlett

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.triang(4)).tolist()
    [0.25, 0.75, 0.75, 0.25]
    """
    short = short_window(M)
    if short is not None:
        return short
    n = extended_length(M, sym)
    k = positions(n)
    # distance from the centre (n - 1) / 2, against a half-width of n / 2 (even n) or (n + 1) / 2 (odd n)
    half = n / 2.0 if n % 2 == 0 else (n + 1) / 2.0
    w = 1.0 - xp.abs(k - (n - 1) / 2.0) / half
    return truncated(w, sym)


def bartlett(M, sym=True):
    """Bartlett window, triangular with zeros at both ends.

    Parameters
    ----------
    M : int
        Number of points in the output window.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) window.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    See Also
    --------
    triang

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.bartlett(5)).tolist()
    [0.0, 0.5, 1.0, 0.5, 0.0]
    """
    short = short_window(M)
    if short is not None:
        return short
    n = extended_length(M, sym)
    k = positions(n)
    rising = 2.0 * k / (n - 1)
    w = xp.where(k <= (n - 1) / 2.0, rising, 2.0 - rising)
    return truncated(w, sym)


def parzen(M, sym=True):
    """Parzen window, a piecewise cubic.

    Parameters
    ----------
    M : int
        Number of points in the output window.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) window.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    See Also
    --------
    bohman

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.parzen(3)).round(4).tolist()
    [0.0741, 1.0, 0.0741]
    """
    short = short_window(M)
    if short is not None:
        return short
    n = extended_length(M, sym)
    r = xp.abs(positions(n) - (n - 1) / 2.0)
    u = r / (n / 2.0)
    inner = 1.0 - 6.0 * u ** 2 + 6.0 * u ** 3
    outer = 2.0 * (1.0 - u) ** 3
    return truncated(xp.where(r <= (n - 1) / 4.0, inner, outer), sym)


def bohman(M, sym=True):
    """Bohman window: ``(1 - |x|) cos(pi |x|) + sin(pi |x|) / pi`` on ``[-1, 1]``.

    Parameters
    ----------
    M : int
        Number of points in the output window.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) window.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    See Also
    --------
    parzen

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.bohman(5)).round(4).tolist()
    [0.0, 0.3183, 1.0, 0.3183, 0.0]
    """
    short = short_window(M)
    if short is not None:
        return short
    n = extended_length(M, sym)
    x = xp.abs(xp.linspace(-1.0, 1.0, n, dtype=numpy.float64))
    w = (1.0 - x) * xp.cos(numpy.pi * x) + xp.sin(numpy.pi * x) / numpy.pi
    # both ends are exactly zero (the formula leaves rounding there)
    w[0] = 0.0
    w[-1] = 0.0
    return truncated(w, sym)


def barthann(M, sym=True):
    """Modified Bartlett-Hann window.

    Parameters
    ----------
    M : int
        Number of points in the output window.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) window.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    See Also
    --------
    bartlett, hann

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.barthann(3)).round(4).tolist()
    [0.0, 1.0, 0.0]
    """
    short = short_window(M)
    if short is not None:
        return short
    n = extended_length(M, sym)
    f = xp.abs(positions(n) / (n - 1.0) - 0.5)
    return truncated(0.62 - 0.48 * f + 0.38 * xp.cos(2.0 * numpy.pi * f), sym)


def cosine(M, sym=True):
    """Cosine (sine) window: ``sin(pi (n + 0.5) / M)``.

    Parameters
    ----------
    M : int
        Number of points in the output window.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) window.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    See Also
    --------
    hann

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.cosine(3)).round(4).tolist()
    [0.5, 1.0, 0.5]
    """
    short = short_window(M)
    if short is not None:
        return short
    n = extended_length(M, sym)
    return truncated(xp.sin(numpy.pi / n * (positions(n) + 0.5)), sym)


def tukey(M, alpha=0.5, sym=True):
    """Tukey (tapered cosine) window: flat in the middle, cosine tapers of
    total fraction `alpha` at the ends.

    Parameters
    ----------
    M : int
        Number of points in the output window.
    alpha : float, optional
        Fraction of the window inside the tapers: 0 gives a boxcar, 1 a Hann
        window. Default 0.5.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) window.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    See Also
    --------
    hann, boxcar

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.tukey(5)).round(4).tolist()
    [0.0, 1.0, 1.0, 1.0, 0.0]
    """
    short = short_window(M)
    if short is not None:
        return short
    if alpha <= 0:
        return xp.ones(int(M), dtype=numpy.float64)
    if alpha >= 1.0:
        return hann(M, sym=sym)
    n = extended_length(M, sym)
    k = positions(n)
    width = int(math.floor(alpha * (n - 1) / 2.0))
    rising = 0.5 * (1.0 + xp.cos(numpy.pi * (-1.0 + 2.0 * k / alpha / (n - 1))))
    falling = 0.5 * (1.0 + xp.cos(numpy.pi * (-2.0 / alpha + 1.0 + 2.0 * k / alpha / (n - 1))))
    w = xp.where(k <= width, rising, xp.where(k >= n - width - 1, falling, 1.0))
    return truncated(w, sym)


def lanczos(M, sym=True):
    """Lanczos (sinc) window: ``sinc(2 n / (M - 1) - 1)``, made exactly symmetric.

    Parameters
    ----------
    M : int
        Number of points in the output window.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) window.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    See Also
    --------
    cosine

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.lanczos(5)).round(4).tolist()
    [0.0, 0.6366, 1.0, 0.6366, 0.0]
    """
    short = short_window(M)
    if short is not None:
        return short
    n = extended_length(M, sym)
    # the right half, mirrored, so both halves are bit-identical
    right = xp.sinc(2.0 * xp.arange(n // 2 + n % 2, n, dtype=numpy.float64) / (n - 1) - 1.0)
    middle = [xp.ones(1, dtype=numpy.float64)] if n % 2 else []
    w = xp.concatenate([right[::-1]] + middle + [right])
    return truncated(w, sym)
