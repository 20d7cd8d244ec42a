# SPDX-License-Identifier: BSD-3-Clause
"""Conversions between filter representations (transfer function, zeros/
poles/gain, second-order sections), SciPy's own on the host: polynomial
roots and products of a few coefficients. Device arrays are read back
first; the results are SciPy's NumPy arrays."""
from gpuarray.scipy.signal._host_scipy import scipy_signal, to_host

__all__ = ["zpk2tf", "tf2zpk", "zpk2sos", "sos2zpk", "tf2sos", "sos2tf"]



def zpk2tf(z, p, k):
    """Return polynomial transfer function representation from zeros and poles.

    Parameters
    ----------
    z : array_like
        Zeros of the transfer function.
    p : array_like
        Poles of the transfer function.
    k : float
        System gain.

    Returns
    -------
    b, a : numpy.ndarray
        Numerator and denominator polynomial coefficients (host arrays).

    Notes
    -----
    Calls scipy.signal.zpk2tf on the host.

    See Also
    --------
    tf2zpk

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.zpk2tf([1.0], [0.5], 2.0)
    >>> b.tolist(), a.tolist()
    ([2.0, -2.0], [1.0, -0.5])
    """
    return scipy_signal().zpk2tf(to_host(z), to_host(p), to_host(k))


def tf2zpk(b, a):
    """Return zero, pole, gain (z, p, k) representation from a numerator, denominator representation.

    Parameters
    ----------
    b : array_like
        Numerator polynomial coefficients.
    a : array_like
        Denominator polynomial coefficients.

    Returns
    -------
    z, p, k : numpy.ndarray, numpy.ndarray, float
        Zeros, poles and gain (host values).

    Notes
    -----
    Calls scipy.signal.tf2zpk on the host.

    See Also
    --------
    zpk2tf

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> z, p, k = signal.tf2zpk([2.0, -2.0], [1.0, -0.5])
    >>> z.tolist(), p.tolist(), float(k)
    ([1.0], [0.5], 2.0)
    """
    return scipy_signal().tf2zpk(to_host(b), to_host(a))


def zpk2sos(z, p, k, pairing=None, *, analog=False):
    """Return second-order sections from zeros, poles, and gain of a system.

    Parameters
    ----------
    z : array_like
        Zeros of the transfer function.
    p : array_like
        Poles of the transfer function.
    k : float
        System gain.
    pairing : {None, 'nearest', 'keep_odd', 'minimal'}, optional
        How poles and zeros are paired into sections (SciPy's rules).
    analog : bool, optional
        Whether the system is analog.

    Returns
    -------
    sos : numpy.ndarray
        Array of second-order filter coefficients, shape ``(n_sections, 6)``.

    Notes
    -----
    Calls scipy.signal.zpk2sos on the host.

    See Also
    --------
    sos2zpk, sosfilt

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.zpk2sos([1.0], [0.5], 2.0).tolist()
    [[2.0, -2.0, 0.0, 1.0, -0.5, 0.0]]
    """
    return scipy_signal().zpk2sos(to_host(z), to_host(p), to_host(k), pairing=pairing, analog=analog)


def sos2zpk(sos):
    """Return zeros, poles, and gain of a series of second-order sections.

    Parameters
    ----------
    sos : array_like
        Array of second-order filter coefficients, shape ``(n_sections, 6)``.

    Returns
    -------
    z, p, k : numpy.ndarray, numpy.ndarray, float
        Zeros, poles and gain (host values).

    Notes
    -----
    Calls scipy.signal.sos2zpk on the host.

    See Also
    --------
    zpk2sos

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> z, p, k = signal.sos2zpk([[2.0, -2.0, 0.0, 1.0, -0.5, 0.0]])
    >>> float(k)
    2.0
    """
    return scipy_signal().sos2zpk(to_host(sos))


def tf2sos(b, a, pairing=None, *, analog=False):
    """Return second-order sections from transfer function representation.

    Parameters
    ----------
    b : array_like
        Numerator polynomial coefficients.
    a : array_like
        Denominator polynomial coefficients.
    pairing : {None, 'nearest', 'keep_odd', 'minimal'}, optional
        How poles and zeros are paired into sections.
    analog : bool, optional
        Whether the system is analog.

    Returns
    -------
    sos : numpy.ndarray
        Array of second-order filter coefficients.

    Notes
    -----
    Calls scipy.signal.tf2sos on the host.

    See Also
    --------
    sos2tf

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.tf2sos([2.0, -2.0], [1.0, -0.5]).tolist()
    [[2.0, -2.0, 0.0, 1.0, -0.5, 0.0]]
    """
    return scipy_signal().tf2sos(to_host(b), to_host(a), pairing=pairing, analog=analog)


def sos2tf(sos):
    """Return a single transfer function from a series of second-order sections.

    Parameters
    ----------
    sos : array_like
        Array of second-order filter coefficients.

    Returns
    -------
    b, a : numpy.ndarray
        Numerator and denominator polynomial coefficients (host arrays).

    Notes
    -----
    Calls scipy.signal.sos2tf on the host.

    See Also
    --------
    tf2sos

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.sos2tf([[2.0, -2.0, 0.0, 1.0, -0.5, 0.0]])
    >>> b.tolist()
    [2.0, -2.0, 0.0]
    """
    return scipy_signal().sos2tf(to_host(sos))
