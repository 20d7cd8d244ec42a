# SPDX-License-Identifier: BSD-3-Clause
"""Special-purpose IIR designs (iirnotch, iirpeak, iircomb) and iirdesign
(the order and family chosen from a pass/stop specification): SciPy's own
on the host, NumPy coefficients returned as SciPy returns them."""
from gpuarray.scipy.signal._host_scipy import scipy_signal, to_host

__all__ = ["iirnotch", "iirpeak", "iircomb", "iirdesign", "gammatone"]


def iirnotch(w0, Q, fs=2.0):
    """Design second-order IIR notch digital filter.

    Parameters
    ----------
    w0 : float
        Frequency to remove (normalised to Nyquist = 1 unless `fs` is given).
    Q : float
        Quality factor: `w0` over the -3 dB bandwidth.
    fs : float, optional
        The sampling frequency (default 2.0).

    Returns
    -------
    b, a : numpy.ndarray
        Numerator and denominator of the filter.

    Raises
    ------
    ValueError
        SciPy's, for `w0` outside (0, fs/2).

    Notes
    -----
    scipy.signal.iirnotch on the host.

    See Also
    --------
    iirpeak, iircomb

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.iirnotch(60.0, 30.0, 1000.0)
    >>> b.round(4).tolist()
    [0.9938, -1.8479, 0.9938]
    """
    return scipy_signal().iirnotch(w0, Q, fs=fs)


def iirpeak(w0, Q, fs=2.0):
    """Design second-order IIR peak (resonant) digital filter.

    Parameters
    ----------
    w0 : float
        Frequency to keep (normalised to Nyquist = 1 unless `fs` is given).
    Q : float
        Quality factor: `w0` over the -3 dB bandwidth.
    fs : float, optional
        The sampling frequency (default 2.0).

    Returns
    -------
    b, a : numpy.ndarray
        Numerator and denominator of the filter.

    Notes
    -----
    scipy.signal.iirpeak on the host.

    See Also
    --------
    iirnotch

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.iirpeak(60.0, 30.0, 1000.0)
    >>> b.round(5).tolist()
    [0.00624, 0.0, -0.00624]
    """
    return scipy_signal().iirpeak(w0, Q, fs=fs)


def iircomb(w0, Q, ftype="notch", fs=2.0, *, pass_zero=False):
    """Design IIR notching or peaking digital comb filter.

    Parameters
    ----------
    w0 : float
        The fundamental frequency of the comb (normalised to Nyquist = 1
        unless `fs` is given); ``fs / w0`` must be an integer.
    Q : float
        Quality factor.
    ftype : {'notch', 'peak'}, optional
        Notches or peaks at the harmonics.
    fs : float, optional
        The sampling frequency (default 2.0).
    pass_zero : bool, optional
        Whether the notches/peaks sit between the harmonics (True) or on them.

    Returns
    -------
    b, a : numpy.ndarray
        Numerator and denominator of the filter.

    Notes
    -----
    scipy.signal.iircomb on the host.

    See Also
    --------
    iirnotch, iirpeak

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.iircomb(50.0, 30.0, fs=1000.0)
    >>> b.shape
    (21,)
    """
    return scipy_signal().iircomb(w0, Q, ftype=ftype, fs=fs, pass_zero=pass_zero)


def iirdesign(wp, ws, gpass, gstop, analog=False, ftype="ellip", output="ba", fs=None):
    """Complete IIR digital and analog filter design.

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
    ftype : str, optional
        The family: 'ellip' (default), 'butter', 'cheby1', 'cheby2' or
        'bessel'.
    output : {'ba', 'zpk', 'sos'}, optional
        The representation returned.
    fs : float, optional
        The sampling frequency.

    Returns
    -------
    filter : tuple of numpy.ndarray or numpy.ndarray
        ``(b, a)``, ``(z, p, k)`` or ``sos``, as SciPy returns them.

    Notes
    -----
    scipy.signal.iirdesign on the host.

    See Also
    --------
    iirfilter, buttord

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.iirdesign(0.2, 0.3, 1, 40)
    >>> b.shape
    (5,)
    """
    return scipy_signal().iirdesign(to_host(wp), to_host(ws), gpass, gstop, analog=analog, ftype=ftype,
                                    output=output, fs=fs)


def gammatone(freq, ftype, order=None, numtaps=None, fs=None):
    """Gammatone filter design.

    Parameters
    ----------
    freq : float
        Centre frequency of the filter.
    ftype : {'fir', 'iir'}
        The filter kind.
    order : int, optional
        The order (FIR only; default 4).
    numtaps : int, optional
        Length of the FIR filter (default ``fs * 0.015``).
    fs : float, optional
        The sampling frequency (default 2).

    Returns
    -------
    b, a : numpy.ndarray
        Numerator and denominator of the filter.

    Raises
    ------
    ValueError
        SciPy's, for a frequency outside (0, fs/2) or a bad type.

    Notes
    -----
    scipy.signal.gammatone on the host.

    See Also
    --------
    iirpeak

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.gammatone(440, 'fir', fs=16000)
    >>> b.shape
    (240,)
    """
    return scipy_signal().gammatone(freq, ftype, order=order, numtaps=numtaps, fs=fs)
