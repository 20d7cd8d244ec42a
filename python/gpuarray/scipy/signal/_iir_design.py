# SPDX-License-Identifier: BSD-3-Clause
"""IIR filter design: butter, cheby1, cheby2, ellip, bessel and iirfilter,
SciPy's own on the host (``_host_scipy``). The coefficients are a few
numbers found by sequential root-finding; they come back as SciPy returns
them, NumPy arrays, ready for lfilter/sosfilt or gpuarray.asarray."""
from gpuarray.scipy.signal._host_scipy import scipy_signal, to_host

__all__ = ["butter", "cheby1", "cheby2", "ellip", "bessel", "iirfilter"]


def butter(N, Wn, btype='low', analog=False, output='ba', fs=None):
    """Butterworth digital and analog filter design.

    Parameters
    ----------
    N : int
        The order of the filter.
    Wn : array_like
        Critical frequency or frequencies (a scalar, or a pair for band
        filters), normalised to Nyquist = 1 unless `fs` is given.
    btype : {'lowpass', 'highpass', 'bandpass', 'bandstop'}, optional
        The type of filter.
    analog : bool, optional
        Design an analog filter if True, else digital (default).
    output : {'ba', 'zpk', 'sos'}, optional
        Numerator/denominator, zeros/poles/gain, or second-order sections.
    fs : float, optional
        The sampling frequency of the digital system.

    Returns
    -------
    filter : tuple of numpy.ndarray or numpy.ndarray
        ``(b, a)``, ``(z, p, k)`` or ``sos`` as `output` asks, NumPy arrays
        on the host, exactly SciPy's.

    Raises
    ------
    ValueError
        SciPy's, for bad orders, frequencies or types.

    Notes
    -----
    Calls scipy.signal.butter on the host (imported on first use): the
    design is a small sequential computation. Device arrays given as
    `Wn` are read back first.

    See Also
    --------
    lfilter, sosfilt, freqz

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.butter(4, 0.2)
    >>> b.shape
    (5,)
    """
    return scipy_signal().butter(N, to_host(Wn), btype=btype, analog=analog, output=output, fs=fs)


def cheby1(N, rp, Wn, btype='low', analog=False, output='ba', fs=None):
    """Chebyshev type I digital and analog filter design.

    Parameters
    ----------
    N : int
        The order of the filter.
    rp : float
        Maximum ripple in the passband, in dB.
    Wn : array_like
        Critical frequency or frequencies (a scalar, or a pair for band
        filters), normalised to Nyquist = 1 unless `fs` is given.
    btype : {'lowpass', 'highpass', 'bandpass', 'bandstop'}, optional
        The type of filter.
    analog : bool, optional
        Design an analog filter if True, else digital (default).
    output : {'ba', 'zpk', 'sos'}, optional
        Numerator/denominator, zeros/poles/gain, or second-order sections.
    fs : float, optional
        The sampling frequency of the digital system.

    Returns
    -------
    filter : tuple of numpy.ndarray or numpy.ndarray
        ``(b, a)``, ``(z, p, k)`` or ``sos`` as `output` asks, NumPy arrays
        on the host, exactly SciPy's.

    Raises
    ------
    ValueError
        SciPy's, for bad orders, frequencies or types.

    Notes
    -----
    Calls scipy.signal.cheby1 on the host (imported on first use): the
    design is a small sequential computation. Device arrays given as
    `Wn` are read back first.

    See Also
    --------
    lfilter, sosfilt, freqz

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.cheby1(4, 1, 0.2)
    >>> b.shape
    (5,)
    """
    return scipy_signal().cheby1(N, rp, to_host(Wn), btype=btype, analog=analog, output=output, fs=fs)


def cheby2(N, rs, Wn, btype='low', analog=False, output='ba', fs=None):
    """Chebyshev type II digital and analog filter design.

    Parameters
    ----------
    N : int
        The order of the filter.
    rs : float
        Minimum attenuation in the stopband, in dB.
    Wn : array_like
        Critical frequency or frequencies (a scalar, or a pair for band
        filters), normalised to Nyquist = 1 unless `fs` is given.
    btype : {'lowpass', 'highpass', 'bandpass', 'bandstop'}, optional
        The type of filter.
    analog : bool, optional
        Design an analog filter if True, else digital (default).
    output : {'ba', 'zpk', 'sos'}, optional
        Numerator/denominator, zeros/poles/gain, or second-order sections.
    fs : float, optional
        The sampling frequency of the digital system.

    Returns
    -------
    filter : tuple of numpy.ndarray or numpy.ndarray
        ``(b, a)``, ``(z, p, k)`` or ``sos`` as `output` asks, NumPy arrays
        on the host, exactly SciPy's.

    Raises
    ------
    ValueError
        SciPy's, for bad orders, frequencies or types.

    Notes
    -----
    Calls scipy.signal.cheby2 on the host (imported on first use): the
    design is a small sequential computation. Device arrays given as
    `Wn` are read back first.

    See Also
    --------
    lfilter, sosfilt, freqz

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.cheby2(4, 40, 0.2)
    >>> b.shape
    (5,)
    """
    return scipy_signal().cheby2(N, rs, to_host(Wn), btype=btype, analog=analog, output=output, fs=fs)


def ellip(N, rp, rs, Wn, btype='low', analog=False, output='ba', fs=None):
    """Elliptic (Cauer) digital and analog filter design.

    Parameters
    ----------
    N : int
        The order of the filter.
    rp : float
        Maximum ripple in the passband, in dB.
    rs : float
        Minimum attenuation in the stopband, in dB.
    Wn : array_like
        Critical frequency or frequencies (a scalar, or a pair for band
        filters), normalised to Nyquist = 1 unless `fs` is given.
    btype : {'lowpass', 'highpass', 'bandpass', 'bandstop'}, optional
        The type of filter.
    analog : bool, optional
        Design an analog filter if True, else digital (default).
    output : {'ba', 'zpk', 'sos'}, optional
        Numerator/denominator, zeros/poles/gain, or second-order sections.
    fs : float, optional
        The sampling frequency of the digital system.

    Returns
    -------
    filter : tuple of numpy.ndarray or numpy.ndarray
        ``(b, a)``, ``(z, p, k)`` or ``sos`` as `output` asks, NumPy arrays
        on the host, exactly SciPy's.

    Raises
    ------
    ValueError
        SciPy's, for bad orders, frequencies or types.

    Notes
    -----
    Calls scipy.signal.ellip on the host (imported on first use): the
    design is a small sequential computation. Device arrays given as
    `Wn` are read back first.

    See Also
    --------
    lfilter, sosfilt, freqz

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.ellip(4, 1, 40, 0.2)
    >>> b.shape
    (5,)
    """
    return scipy_signal().ellip(N, rp, rs, to_host(Wn), btype=btype, analog=analog, output=output, fs=fs)


def bessel(N, Wn, btype='low', analog=False, output='ba', norm='phase', fs=None):
    """Bessel/Thomson digital and analog filter design.

    Parameters
    ----------
    N : int
        The order of the filter.
    Wn : array_like
        Critical frequency or frequencies (a scalar, or a pair for band
        filters), normalised to Nyquist = 1 unless `fs` is given.
    btype : {'lowpass', 'highpass', 'bandpass', 'bandstop'}, optional
        The type of filter.
    analog : bool, optional
        Design an analog filter if True, else digital (default).
    output : {'ba', 'zpk', 'sos'}, optional
        Numerator/denominator, zeros/poles/gain, or second-order sections.
    norm : {'phase', 'delay', 'mag'}, optional
        Critical frequency normalisation of the Bessel filter.
    fs : float, optional
        The sampling frequency of the digital system.

    Returns
    -------
    filter : tuple of numpy.ndarray or numpy.ndarray
        ``(b, a)``, ``(z, p, k)`` or ``sos`` as `output` asks, NumPy arrays
        on the host, exactly SciPy's.

    Raises
    ------
    ValueError
        SciPy's, for bad orders, frequencies or types.

    Notes
    -----
    Calls scipy.signal.bessel on the host (imported on first use): the
    design is a small sequential computation. Device arrays given as
    `Wn` are read back first.

    See Also
    --------
    lfilter, sosfilt, freqz

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.bessel(4, 0.2)
    >>> b.shape
    (5,)
    """
    return scipy_signal().bessel(N, to_host(Wn), btype=btype, analog=analog, output=output, norm=norm, fs=fs)


def iirfilter(N, Wn, rp=None, rs=None, btype='band', analog=False, ftype='butter', output='ba', fs=None):
    """IIR digital and analog filter design given order and critical points.

    Parameters
    ----------
    N : int
        The order of the filter.
    Wn : array_like
        Critical frequency or frequencies (a scalar, or a pair for band
        filters), normalised to Nyquist = 1 unless `fs` is given.
    rp : float
        Maximum ripple in the passband, in dB.
    rs : float
        Minimum attenuation in the stopband, in dB.
    btype : {'lowpass', 'highpass', 'bandpass', 'bandstop'}, optional
        The type of filter.
    analog : bool, optional
        Design an analog filter if True, else digital (default).
    ftype : str, optional
        The IIR family: 'butter', 'cheby1', 'cheby2', 'ellip' or 'bessel'.
    output : {'ba', 'zpk', 'sos'}, optional
        Numerator/denominator, zeros/poles/gain, or second-order sections.
    fs : float, optional
        The sampling frequency of the digital system.

    Returns
    -------
    filter : tuple of numpy.ndarray or numpy.ndarray
        ``(b, a)``, ``(z, p, k)`` or ``sos`` as `output` asks, NumPy arrays
        on the host, exactly SciPy's.

    Raises
    ------
    ValueError
        SciPy's, for bad orders, frequencies or types.

    Notes
    -----
    Calls scipy.signal.iirfilter on the host (imported on first use): the
    design is a small sequential computation. Device arrays given as
    `Wn` are read back first.

    See Also
    --------
    butter, cheby1, ellip

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.iirfilter(4, [0.1, 0.3], ftype='butter')
    >>> b.shape
    (9,)
    """
    return scipy_signal().iirfilter(N, to_host(Wn), rp=rp, rs=rs, btype=btype, analog=analog, ftype=ftype,
                                     output=output, fs=fs)
