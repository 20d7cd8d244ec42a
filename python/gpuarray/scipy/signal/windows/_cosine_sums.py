# SPDX-License-Identifier: BSD-3-Clause
"""Windows that are sums of cosines, ``w = sum_k a_k cos(k x)`` over
``x = linspace(-pi, pi, M)``: general_cosine and the named ones (Hann,
Hamming, Blackman, Nuttall, Blackman-Harris, flat top). Computed on the
device: one cosine per term."""
import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal.windows._lengths import extended_length, short_window, truncated

__all__ = ["general_cosine", "general_hamming", "hann", "hamming", "blackman", "nuttall", "blackmanharris",
           "flattop"]


def _cosine_sum(M, a, sym):
    short = short_window(M)
    if short is not None:
        return short
    n = extended_length(M, sym)
    x = xp.linspace(-numpy.pi, numpy.pi, n, dtype=numpy.float64)
    w = xp.zeros(n, dtype=numpy.float64)
    for k, coefficient in enumerate(a):
        w = w + float(coefficient) * xp.cos(k * x)
    return truncated(w, sym)


def general_cosine(M, a, sym=True):
    """Generic weighted sum of cosine terms window.

    Parameters
    ----------
    M : int
        Number of points in the output window (0 gives an empty array).
    a : array_like
        Weighting coefficients ``a_0, a_1, ...`` of the cosine terms (host
        values).
    sym : bool, optional
        True (default): a symmetric window for filter design; False: a
        periodic window for spectral analysis.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    Raises
    ------
    ValueError
        If `M` is not a non-negative integer.

    Notes
    -----
    ``w = sum_k a[k] cos(k x)`` with ``x`` from ``-pi`` to ``pi`` in M
    steps, evaluated on the device (one cosine per coefficient).

    See Also
    --------
    hann, blackman, get_window

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.general_cosine(5, [0.5, 0.5])).round(3).tolist()
    [0.0, 0.5, 1.0, 0.5, 0.0]
    """
    return _cosine_sum(M, numpy.asarray(a, dtype=numpy.float64).reshape(-1), sym)


def general_hamming(M, alpha, sym=True):
    """Generalized Hamming window, ``alpha - (1 - alpha) cos(2 pi n / (M - 1))``.

    Parameters
    ----------
    M : int
        Number of points in the output window.
    alpha : float
        The window coefficient.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) window.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    See Also
    --------
    hamming, hann

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.general_hamming(3, 0.6)).round(3).tolist()
    [0.2, 1.0, 0.2]
    """
    return _cosine_sum(M, [alpha, 1.0 - alpha], sym)


def hann(M, sym=True):
    """Hann window, the generalized Hamming window with ``alpha = 0.5``.

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
    hamming, general_hamming

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.hann(5)).round(3).tolist()
    [0.0, 0.5, 1.0, 0.5, 0.0]
    """
    return _cosine_sum(M, [0.5, 0.5], sym)


def hamming(M, sym=True):
    """Hamming window, the generalized Hamming window with ``alpha = 0.54``.

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
    hann, general_hamming

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.hamming(3)).round(3).tolist()
    [0.08, 1.0, 0.08]
    """
    return _cosine_sum(M, [0.54, 0.46], sym)


def blackman(M, sym=True):
    """Blackman window, a three-term cosine sum (0.42, 0.5, 0.08).

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
    blackmanharris, nuttall, general_cosine

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.blackman(3)).round(3).tolist()
    [-0.0, 1.0, -0.0]
    """
    return _cosine_sum(M, [0.42, 0.50, 0.08], sym)


def nuttall(M, sym=True):
    """Minimum 4-term Blackman-Harris window according to Nuttall.

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
    blackmanharris, general_cosine

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.nuttall(3)).round(4).tolist()
    [0.0004, 1.0, 0.0004]
    """
    return _cosine_sum(M, [0.3635819, 0.4891775, 0.1365995, 0.0106411], sym)


def blackmanharris(M, sym=True):
    """Minimum 4-term Blackman-Harris window.

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
    nuttall, blackman

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.blackmanharris(3)).round(5).tolist()
    [6e-05, 1.0, 6e-05]
    """
    return _cosine_sum(M, [0.35875, 0.48829, 0.14128, 0.01168], sym)


def flattop(M, sym=True):
    """Flat top window, a five-term cosine sum.

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
    general_cosine

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.flattop(3)).round(4).tolist()
    [-0.0004, 1.0, -0.0004]
    """
    return _cosine_sum(M, [0.21557895, 0.41663158, 0.277263158, 0.083578947, 0.006947368], sym)
