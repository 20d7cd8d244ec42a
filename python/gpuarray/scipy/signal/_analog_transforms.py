# SPDX-License-Identifier: BSD-3-Clause
"""Analog-to-digital transforms and normalisation of transfer functions:
bilinear, bilinear_zpk and normalize, SciPy's own on the host (polynomial
arithmetic on a few coefficients)."""
from gpuarray.scipy.signal._host_scipy import scipy_signal, to_host

__all__ = ["bilinear", "bilinear_zpk", "normalize"]


def bilinear(b, a, fs=1.0):
    """Calculate a digital IIR filter from an analog transfer function by use of a bilinear transform.

    Parameters
    ----------
    b : array_like
        Numerator of the analog filter.
    a : array_like
        Denominator of the analog filter.
    fs : float, optional
        The sampling frequency (default 1.0).

    Returns
    -------
    b, a : numpy.ndarray
        Numerator and denominator of the digital filter.

    Notes
    -----
    scipy.signal.bilinear on the host.

    See Also
    --------
    bilinear_zpk

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.bilinear([1.0], [1.0, 1.0])
    >>> b.round(4).tolist()
    [0.3333, 0.3333]
    """
    return scipy_signal().bilinear(to_host(b), to_host(a), fs=fs)


def bilinear_zpk(z, p, k, fs):
    """Return a digital IIR filter from an analog one using a bilinear transform.

    Parameters
    ----------
    z : array_like
        Zeros of the analog filter.
    p : array_like
        Poles of the analog filter.
    k : float
        Gain of the analog filter.
    fs : float
        The sampling frequency.

    Returns
    -------
    z, p, k : numpy.ndarray, numpy.ndarray, float
        Zeros, poles and gain of the digital filter.

    Notes
    -----
    scipy.signal.bilinear_zpk on the host.

    See Also
    --------
    bilinear

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> z, p, k = signal.bilinear_zpk([], [-1.0], 1.0, 2.0)
    >>> p.tolist(), round(float(k), 4)
    ([0.6], 0.2)
    """
    return scipy_signal().bilinear_zpk(to_host(z), to_host(p), to_host(k), fs)


def normalize(b, a):
    """Normalize numerator/denominator of a continuous-time transfer function.

    Parameters
    ----------
    b : array_like
        Numerator (1-D, or 2-D for several numerators).
    a : array_like
        Denominator (1-D).

    Returns
    -------
    num : numpy.ndarray
        The numerator, divided by the leading denominator coefficient.
    den : numpy.ndarray
        The denominator, with a leading 1.

    Warns
    -----
    BadCoefficients
        SciPy's warning for leading numerator coefficients near zero.

    Notes
    -----
    scipy.signal.normalize on the host.

    See Also
    --------
    tf2zpk

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> num, den = signal.normalize([2.0, 4.0], [2.0, 1.0])
    >>> num.tolist(), den.tolist()
    ([1.0, 2.0], [1.0, 0.5])
    """
    return scipy_signal().normalize(to_host(b), to_host(a))
