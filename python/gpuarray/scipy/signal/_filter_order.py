# SPDX-License-Identifier: BSD-3-Clause
"""Filter order selection: buttord, cheb1ord, cheb2ord, ellipord (the least
IIR order meeting a pass/stop specification) and the Kaiser-window FIR
estimates kaiser_beta, kaiser_atten, kaiserord. SciPy's own on the host:
closed-form or small scalar searches on a few numbers."""
from gpuarray.scipy.signal._host_scipy import scipy_signal, to_host

__all__ = ["buttord", "cheb1ord", "cheb2ord", "ellipord", "kaiser_beta", "kaiser_atten", "kaiserord"]


def buttord(wp, ws, gpass, gstop, analog=False, fs=None):
    """Butterworth filter order selection.

    Parameters
    ----------
    wp : float or array_like
        Passband edge frequency (or pair), normalised to Nyquist = 1 unless
        `fs` is given.
    ws : float or array_like
        Stopband edge frequency (or pair).
    gpass : float
        Maximum loss in the passband (dB).
    gstop : float
        Minimum attenuation in the stopband (dB).
    analog : bool, optional
        Analog filter (frequencies in rad/s) if True.
    fs : float, optional
        The sampling frequency.

    Returns
    -------
    ord : int
        The lowest order meeting the specification.
    wn : ndarray or float
        The Butterworth natural frequency, for `butter`.

    Raises
    ------
    ValueError
        SciPy's, for inconsistent band edges.

    Notes
    -----
    scipy.signal.buttord on the host.

    See Also
    --------
    butter, cheb1ord

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.buttord(0.2, 0.3, 3, 40)[0]
    11
    """
    return scipy_signal().buttord(to_host(wp), to_host(ws), gpass, gstop, analog=analog, fs=fs)


def cheb1ord(wp, ws, gpass, gstop, analog=False, fs=None):
    """Chebyshev type I filter order selection.

    Parameters
    ----------
    wp : float or array_like
        Passband edge frequency (or pair).
    ws : float or array_like
        Stopband edge frequency (or pair).
    gpass : float
        Maximum loss in the passband (dB).
    gstop : float
        Minimum attenuation in the stopband (dB).
    analog : bool, optional
        Analog filter if True.
    fs : float, optional
        The sampling frequency.

    Returns
    -------
    ord : int
        The lowest order meeting the specification.
    wn : ndarray or float
        The natural frequency, for `cheby1`.

    Notes
    -----
    scipy.signal.cheb1ord on the host.

    See Also
    --------
    cheby1, buttord

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.cheb1ord(0.2, 0.3, 3, 40)[0]
    6
    """
    return scipy_signal().cheb1ord(to_host(wp), to_host(ws), gpass, gstop, analog=analog, fs=fs)


def cheb2ord(wp, ws, gpass, gstop, analog=False, fs=None):
    """Chebyshev type II filter order selection.

    Parameters
    ----------
    wp : float or array_like
        Passband edge frequency (or pair).
    ws : float or array_like
        Stopband edge frequency (or pair).
    gpass : float
        Maximum loss in the passband (dB).
    gstop : float
        Minimum attenuation in the stopband (dB).
    analog : bool, optional
        Analog filter if True.
    fs : float, optional
        The sampling frequency.

    Returns
    -------
    ord : int
        The lowest order meeting the specification.
    wn : ndarray or float
        The natural frequency, for `cheby2`.

    Notes
    -----
    scipy.signal.cheb2ord on the host.

    See Also
    --------
    cheby2, buttord

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.cheb2ord(0.2, 0.3, 3, 40)[0]
    6
    """
    return scipy_signal().cheb2ord(to_host(wp), to_host(ws), gpass, gstop, analog=analog, fs=fs)


def ellipord(wp, ws, gpass, gstop, analog=False, fs=None):
    """Elliptic (Cauer) filter order selection.

    Parameters
    ----------
    wp : float or array_like
        Passband edge frequency (or pair).
    ws : float or array_like
        Stopband edge frequency (or pair).
    gpass : float
        Maximum loss in the passband (dB).
    gstop : float
        Minimum attenuation in the stopband (dB).
    analog : bool, optional
        Analog filter if True.
    fs : float, optional
        The sampling frequency.

    Returns
    -------
    ord : int
        The lowest order meeting the specification.
    wn : ndarray or float
        The natural frequency, for `ellip`.

    Notes
    -----
    scipy.signal.ellipord on the host.

    See Also
    --------
    ellip, buttord

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.ellipord(0.2, 0.3, 3, 40)[0]
    4
    """
    return scipy_signal().ellipord(to_host(wp), to_host(ws), gpass, gstop, analog=analog, fs=fs)


def kaiser_beta(a):
    """Compute the Kaiser parameter `beta`, given the attenuation `a`.

    Parameters
    ----------
    a : float
        The desired attenuation in the stopband and maximum ripple in the
        passband, in dB (positive).

    Returns
    -------
    beta : float
        The `beta` parameter of the Kaiser window.

    Notes
    -----
    scipy.signal.kaiser_beta on the host (Kaiser's empirical formula).

    See Also
    --------
    kaiserord, kaiser_atten

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> round(float(signal.kaiser_beta(50)), 6)
    4.533514
    """
    return scipy_signal().kaiser_beta(a)


def kaiser_atten(numtaps, width):
    """Compute the attenuation of a Kaiser FIR filter.

    Parameters
    ----------
    numtaps : int
        The number of taps.
    width : float
        The desired width of the transition region, normalised to Nyquist = 1.

    Returns
    -------
    a : float
        The attenuation of the ripple, in dB.

    Notes
    -----
    scipy.signal.kaiser_atten on the host.

    See Also
    --------
    kaiserord, kaiser_beta

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> round(float(signal.kaiser_atten(31, 0.1)), 4)
    29.4856
    """
    return scipy_signal().kaiser_atten(numtaps, width)


def kaiserord(ripple, width):
    """Determine the filter window parameters for the Kaiser window method.

    Parameters
    ----------
    ripple : float
        Upper bound for the deviation of the response from the desired one,
        in dB (positive).
    width : float
        Width of the transition region, normalised to Nyquist = 1.

    Returns
    -------
    numtaps : int
        The length of the Kaiser window.
    beta : float
        The beta parameter of the Kaiser window.

    Raises
    ------
    ValueError
        SciPy's, for a ripple below 8 dB.

    Notes
    -----
    scipy.signal.kaiserord on the host.

    See Also
    --------
    kaiser_beta, firwin

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.kaiserord(60, 0.1)[0]
    74
    """
    return scipy_signal().kaiserord(ripple, width)
