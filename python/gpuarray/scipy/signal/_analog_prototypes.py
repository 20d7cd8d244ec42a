# SPDX-License-Identifier: BSD-3-Clause
"""Analog lowpass prototypes (buttap, cheb1ap, cheb2ap, ellipap, besselap),
the lowpass-to-X frequency transforms in transfer-function and
zeros/poles/gain form, and findfreqs: SciPy's own on the host (root
finding and polynomial arithmetic on a few coefficients); results are
NumPy arrays, as SciPy returns them."""
from gpuarray.scipy.signal._host_scipy import scipy_signal, to_host

__all__ = ["buttap", "cheb1ap", "cheb2ap", "ellipap", "besselap", "lp2lp", "lp2hp", "lp2bp", "lp2bs",
           "lp2lp_zpk", "lp2hp_zpk", "lp2bp_zpk", "lp2bs_zpk", "findfreqs"]


def buttap(N):
    """Return (z,p,k) for analog prototype of Nth-order Butterworth filter.

    Parameters
    ----------
    N : int
        The order of the filter.

    Returns
    -------
    z, p, k : numpy.ndarray, numpy.ndarray, float
        Zeros, poles and gain of the prototype (cutoff 1 rad/s).

    Notes
    -----
    scipy.signal.buttap on the host (a few coefficients).

    See Also
    --------
    butter, cheb1ap

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> z, p, k = signal.buttap(2)
    >>> p.round(4).tolist()
    [(-0.7071+0.7071j), (-0.7071-0.7071j)]
    """
    return scipy_signal().buttap(N)


def cheb1ap(N, rp):
    """Return (z,p,k) for Nth-order Chebyshev type I analog lowpass filter.

    Parameters
    ----------
    N : int
        The order of the filter.
    rp : float
        Passband ripple in dB.

    Returns
    -------
    z, p, k : numpy.ndarray, numpy.ndarray, float
        Zeros, poles and gain of the prototype.

    Notes
    -----
    scipy.signal.cheb1ap on the host (a few coefficients).

    See Also
    --------
    cheby1, buttap

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> z, p, k = signal.cheb1ap(2, 1)
    >>> round(float(k), 6)
    0.982613
    """
    return scipy_signal().cheb1ap(N, rp)


def cheb2ap(N, rs):
    """Return (z,p,k) for Nth-order Chebyshev type II analog lowpass filter.

    Parameters
    ----------
    N : int
        The order of the filter.
    rs : float
        Stopband attenuation in dB.

    Returns
    -------
    z, p, k : numpy.ndarray, numpy.ndarray, float
        Zeros, poles and gain of the prototype.

    Notes
    -----
    scipy.signal.cheb2ap on the host (a few coefficients).

    See Also
    --------
    cheby2, buttap

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> z, p, k = signal.cheb2ap(2, 40)
    >>> len(z), len(p)
    (2, 2)
    """
    return scipy_signal().cheb2ap(N, rs)


def ellipap(N, rp, rs):
    """Return (z,p,k) of Nth-order elliptic analog lowpass filter.

    Parameters
    ----------
    N : int
        The order of the filter.
    rp : float
        Passband ripple in dB.
    rs : float
        Stopband attenuation in dB.

    Returns
    -------
    z, p, k : numpy.ndarray, numpy.ndarray, float
        Zeros, poles and gain of the prototype.

    Notes
    -----
    scipy.signal.ellipap on the host (a few coefficients).

    See Also
    --------
    ellip, buttap

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> z, p, k = signal.ellipap(3, 1, 40)
    >>> len(z), len(p)
    (2, 3)
    """
    return scipy_signal().ellipap(N, rp, rs)


def besselap(N, norm='phase'):
    """Return (z,p,k) for analog prototype of an Nth-order Bessel filter.

    Parameters
    ----------
    N : int
        The order of the filter.
    norm : {'phase', 'delay', 'mag'}, optional
        The frequency normalisation.

    Returns
    -------
    z, p, k : numpy.ndarray, numpy.ndarray, float
        Zeros, poles and gain of the prototype.

    Notes
    -----
    scipy.signal.besselap on the host (a few coefficients).

    See Also
    --------
    bessel, buttap

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> z, p, k = signal.besselap(2)
    >>> p.round(4).tolist()
    [(-0.866+0.5j), (-0.866-0.5j)]
    """
    return scipy_signal().besselap(N, norm=norm)


def lp2lp(b, a, wo=1.0):
    """Transform a lowpass filter prototype to a different frequency.

    Parameters
    ----------
    b : array_like
        Numerator polynomial coefficients.
    a : array_like
        Denominator polynomial coefficients.
    wo : float, optional
        Desired cutoff, as angular frequency (default 1).

    Returns
    -------
    b, a : numpy.ndarray
        Numerator and denominator of the transformed filter.

    Notes
    -----
    scipy.signal.lp2lp on the host (a few coefficients).

    See Also
    --------
    lp2hp, lp2lp_zpk

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.lp2lp([1.0], [1.0, 1.0], 2.0)
    >>> b.tolist(), a.tolist()
    ([2.0], [1.0, 2.0])
    """
    return scipy_signal().lp2lp(to_host(b), to_host(a), wo=wo)


def lp2hp(b, a, wo=1.0):
    """Transform a lowpass filter prototype to a highpass filter.

    Parameters
    ----------
    b : array_like
        Numerator polynomial coefficients.
    a : array_like
        Denominator polynomial coefficients.
    wo : float, optional
        Desired cutoff, as angular frequency (default 1).

    Returns
    -------
    b, a : numpy.ndarray
        Numerator and denominator of the transformed filter.

    Notes
    -----
    scipy.signal.lp2hp on the host (a few coefficients).

    See Also
    --------
    lp2lp, lp2hp_zpk

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.lp2hp([1.0], [1.0, 1.0], 2.0)
    >>> b.tolist(), a.tolist()
    ([1.0, 0.0], [1.0, 2.0])
    """
    return scipy_signal().lp2hp(to_host(b), to_host(a), wo=wo)


def lp2bp(b, a, wo=1.0, bw=1.0):
    """Transform a lowpass filter prototype to a bandpass filter.

    Parameters
    ----------
    b : array_like
        Numerator polynomial coefficients.
    a : array_like
        Denominator polynomial coefficients.
    wo : float, optional
        Desired passband center, as angular frequency.
    bw : float, optional
        Desired passband width, as angular frequency.

    Returns
    -------
    b, a : numpy.ndarray
        Numerator and denominator of the transformed filter.

    Notes
    -----
    scipy.signal.lp2bp on the host (a few coefficients).

    See Also
    --------
    lp2bs, lp2bp_zpk

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.lp2bp([1.0], [1.0, 1.0], 1.0, 0.5)
    >>> a.tolist()
    [1.0, 0.5, 1.0]
    """
    return scipy_signal().lp2bp(to_host(b), to_host(a), wo=wo, bw=bw)


def lp2bs(b, a, wo=1.0, bw=1.0):
    """Transform a lowpass filter prototype to a bandstop filter.

    Parameters
    ----------
    b : array_like
        Numerator polynomial coefficients.
    a : array_like
        Denominator polynomial coefficients.
    wo : float, optional
        Desired stopband center, as angular frequency.
    bw : float, optional
        Desired stopband width, as angular frequency.

    Returns
    -------
    b, a : numpy.ndarray
        Numerator and denominator of the transformed filter.

    Notes
    -----
    scipy.signal.lp2bs on the host (a few coefficients).

    See Also
    --------
    lp2bp, lp2bs_zpk

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.lp2bs([1.0], [1.0, 1.0], 1.0, 0.5)
    >>> b.tolist()
    [1.0, 0.0, 1.0]
    """
    return scipy_signal().lp2bs(to_host(b), to_host(a), wo=wo, bw=bw)


def lp2lp_zpk(z, p, k, wo=1.0):
    """Transform a lowpass filter prototype to a different frequency (zeros, poles, gain).

    Parameters
    ----------
    z : array_like
        Zeros of the analog filter.
    p : array_like
        Poles of the analog filter.
    k : float
        Gain of the analog filter.
    wo : float, optional
        Desired cutoff, as angular frequency.

    Returns
    -------
    z, p, k : numpy.ndarray, numpy.ndarray, float
        Zeros, poles and gain of the transformed filter.

    Notes
    -----
    scipy.signal.lp2lp_zpk on the host (a few coefficients).

    See Also
    --------
    lp2lp

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> z, p, k = signal.lp2lp_zpk([], [-1.0], 1.0, 2.0)
    >>> p.tolist(), float(k)
    ([-2.0], 2.0)
    """
    return scipy_signal().lp2lp_zpk(to_host(z), to_host(p), k, wo=wo)


def lp2hp_zpk(z, p, k, wo=1.0):
    """Transform a lowpass filter prototype to a highpass filter (zeros, poles, gain).

    Parameters
    ----------
    z : array_like
        Zeros of the analog filter.
    p : array_like
        Poles of the analog filter.
    k : float
        Gain of the analog filter.
    wo : float, optional
        Desired cutoff, as angular frequency.

    Returns
    -------
    z, p, k : numpy.ndarray, numpy.ndarray, float
        Zeros, poles and gain of the transformed filter.

    Notes
    -----
    scipy.signal.lp2hp_zpk on the host (a few coefficients).

    See Also
    --------
    lp2hp

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> z, p, k = signal.lp2hp_zpk([], [-1.0], 1.0, 2.0)
    >>> z.tolist(), p.tolist()
    ([0.0], [-2.0])
    """
    return scipy_signal().lp2hp_zpk(to_host(z), to_host(p), k, wo=wo)


def lp2bp_zpk(z, p, k, wo=1.0, bw=1.0):
    """Transform a lowpass filter prototype to a bandpass filter (zeros, poles, gain).

    Parameters
    ----------
    z : array_like
        Zeros of the analog filter.
    p : array_like
        Poles of the analog filter.
    k : float
        Gain of the analog filter.
    wo : float, optional
        Desired passband center.
    bw : float, optional
        Desired passband width.

    Returns
    -------
    z, p, k : numpy.ndarray, numpy.ndarray, float
        Zeros, poles and gain of the transformed filter.

    Notes
    -----
    scipy.signal.lp2bp_zpk on the host (a few coefficients).

    See Also
    --------
    lp2bp

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> z, p, k = signal.lp2bp_zpk([], [-1.0], 1.0, 1.0, 0.5)
    >>> len(z), len(p)
    (1, 2)
    """
    return scipy_signal().lp2bp_zpk(to_host(z), to_host(p), k, wo=wo, bw=bw)


def lp2bs_zpk(z, p, k, wo=1.0, bw=1.0):
    """Transform a lowpass filter prototype to a bandstop filter (zeros, poles, gain).

    Parameters
    ----------
    z : array_like
        Zeros of the analog filter.
    p : array_like
        Poles of the analog filter.
    k : float
        Gain of the analog filter.
    wo : float, optional
        Desired stopband center.
    bw : float, optional
        Desired stopband width.

    Returns
    -------
    z, p, k : numpy.ndarray, numpy.ndarray, float
        Zeros, poles and gain of the transformed filter.

    Notes
    -----
    scipy.signal.lp2bs_zpk on the host (a few coefficients).

    See Also
    --------
    lp2bs

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> z, p, k = signal.lp2bs_zpk([], [-1.0], 1.0, 1.0, 0.5)
    >>> len(z), len(p)
    (2, 2)
    """
    return scipy_signal().lp2bs_zpk(to_host(z), to_host(p), k, wo=wo, bw=bw)


def findfreqs(num, den, N, kind='ba'):
    """Find array of frequencies for computing the response of an analog filter.

    Parameters
    ----------
    num : array_like
        Numerator (or zeros, for kind 'zp').
    den : array_like
        Denominator (or poles).
    N : int
        The number of frequencies.
    kind : {'ba', 'zp'}, optional
        The meaning of `num` and `den`.

    Returns
    -------
    w : numpy.ndarray
        A logarithmic grid of angular frequencies around the filter's features.

    Notes
    -----
    scipy.signal.findfreqs on the host (a few coefficients).

    See Also
    --------
    freqs

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.findfreqs([1.0], [1.0, 1.0], 4).tolist()
    [0.01, 0.1, 1.0, 10.0]
    """
    return scipy_signal().findfreqs(to_host(num), to_host(den), N, kind=kind)
