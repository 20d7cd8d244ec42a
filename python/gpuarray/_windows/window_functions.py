# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's window functions ("Window functions" in its reference): bartlett,
blackman, hamming, hanning and kaiser, computed on the device with NumPy's
formulas.

Each is a few elementwise kernels over NumPy's sample positions, so the
values are NumPy's up to the last bits of cos and of the Bessel function."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import ones
from gpuarray._array_creation.ranges import arange
from gpuarray._math.special_functions import i0
from gpuarray._sorting_searching.searching import where
from gpuarray._ufunc.ufuncs import cos, sqrt

__all__ = ["bartlett", "blackman", "hamming", "hanning", "kaiser"]


def _positions(M):
    """NumPy's preamble: (M as a NumPy scalar of the result dtype, None) when
    the window is empty or one sample long, else (M, the positions n)."""
    values = numpy.array([0.0, M])  # as NumPy: M's type decides the dtype (float64 for numbers)
    M = values[1]
    if M < 1:
        return M, asarray(numpy.array([], dtype=values.dtype))
    if M == 1:
        return M, ones(1, dtype=values.dtype)
    return M, None


def _cosine_window(M, *coefficients):
    """sum_k c_k cos(k pi n / (M - 1)) over NumPy's positions n (c_0 first)."""
    M, short = _positions(M)
    if short is not None:
        return short
    phase = numpy.pi * arange(1 - M, M, 2) / (M - 1)
    window = coefficients[0] + coefficients[1] * cos(phase)
    for k, c in enumerate(coefficients[2:], start=2):
        window = window + c * cos(k * phase)
    return window


def bartlett(M):
    """Return the Bartlett (triangular) window.

    Parameters
    ----------
    M : int
        Number of points in the output window. Zero or less gives an empty
        array.

    Returns
    -------
    out : ndarray
        The window, float64, with its maximum of one in the middle (for an
        odd `M`) and zeros at both ends.

    Notes
    -----
    ``1 - |n| / (M - 1)`` over NumPy's sample positions ``n = 1 - M, 3 - M,
    ..., M - 1``, computed on the device in two elementwise kernels; the
    values are NumPy's.

    See Also
    --------
    blackman, hamming, hanning

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.bartlett(5)
    array([0. , 0.5, 1. , 0.5, 0. ])
    >>> xp.bartlett(1)
    array([1.])
    >>> xp.bartlett(0)
    array([], dtype=float64)
    """
    M, short = _positions(M)
    if short is not None:
        return short
    n = arange(1 - M, M, 2)
    return where(n <= 0, 1 + n / (M - 1), 1 - n / (M - 1))


def blackman(M):
    """Return the Blackman window.

    Parameters
    ----------
    M : int
        Number of points in the output window. Zero or less gives an empty
        array.

    Returns
    -------
    out : ndarray
        The window, float64, with its maximum of one in the middle (for an
        odd `M`).

    Notes
    -----
    ``0.42 + 0.5 cos(pi n / (M - 1)) + 0.08 cos(2 pi n / (M - 1))`` over
    NumPy's sample positions ``n = 1 - M, 3 - M, ..., M - 1``, computed on
    the device. The end values are zero up to rounding (NumPy's are about
    -1.4e-17), and may differ from NumPy's in that last bit.

    See Also
    --------
    bartlett, hamming, hanning

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.blackman(5)[1:4]
    array([0.34, 1.  , 0.34])
    >>> xp.blackman(1)
    array([1.])
    """
    return _cosine_window(M, 0.42, 0.5, 0.08)


def hamming(M):
    """Return the Hamming window.

    Parameters
    ----------
    M : int
        Number of points in the output window. Zero or less gives an empty
        array.

    Returns
    -------
    out : ndarray
        The window, float64, with its maximum of one in the middle (for an
        odd `M`) and 0.08 at both ends.

    Notes
    -----
    ``0.54 + 0.46 cos(pi n / (M - 1))`` over NumPy's sample positions
    ``n = 1 - M, 3 - M, ..., M - 1``, computed on the device.

    See Also
    --------
    bartlett, blackman, hanning

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.hamming(5)
    array([0.08, 0.54, 1.  , 0.54, 0.08])
    """
    return _cosine_window(M, 0.54, 0.46)


def hanning(M):
    """Return the Hann (Hanning) window.

    Parameters
    ----------
    M : int
        Number of points in the output window. Zero or less gives an empty
        array.

    Returns
    -------
    out : ndarray
        The window, float64, with its maximum of one in the middle (for an
        odd `M`) and zeros at both ends.

    Notes
    -----
    ``0.5 + 0.5 cos(pi n / (M - 1))`` over NumPy's sample positions
    ``n = 1 - M, 3 - M, ..., M - 1``, computed on the device.

    See Also
    --------
    bartlett, blackman, hamming

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.hanning(5)
    array([0. , 0.5, 1. , 0.5, 0. ])
    """
    return _cosine_window(M, 0.5, 0.5)


def kaiser(M, beta):
    """Return the Kaiser window.

    ``I0(beta * sqrt(1 - (2n / (M - 1) - 1)**2)) / I0(beta)`` for ``n = 0 ...
    M - 1``, where I0 is the modified Bessel function of order 0.

    Parameters
    ----------
    M : int
        Number of points in the output window. Zero or less gives an empty
        array.
    beta : float
        Shape parameter: 0 is rectangular, about 5 similar to hamming, about
        8.6 to blackman.

    Returns
    -------
    out : ndarray
        The window, float64, with its maximum of one in the middle (for an
        odd `M`).

    Notes
    -----
    NumPy's formula, computed on the device with `i0` (CUDA's Bessel
    function, within a few ulp of NumPy's).

    See Also
    --------
    bartlett, blackman, hamming, hanning, i0

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.kaiser(5, 0.0)
    array([1., 1., 1., 1., 1.])
    >>> xp.kaiser(5, 14.0).round(6)
    array([8.00000e-06, 1.64932e-01, 1.00000e+00, 1.64932e-01, 8.00000e-06])
    """
    values = numpy.array([0.0, M, beta])  # as NumPy: the dtype comes from all three
    M, beta = values[1], values[2]
    if M == 1:
        return ones(1, dtype=values.dtype)
    alpha = (M - 1) / 2.0  # first: NumPy's errors for odd M come before any device work
    n = arange(0, M)
    return i0(beta * sqrt(1 - ((n - alpha) / alpha) ** 2.0)) / i0(asarray(beta))
