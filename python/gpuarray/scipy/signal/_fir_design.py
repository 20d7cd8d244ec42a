# SPDX-License-Identifier: BSD-3-Clause
"""FIR filter design (firwin, firwin2) and frequency responses (freqz,
freqz_sos, sosfreqz), SciPy's own on the host: the designs are a window
times a sinc or an inverse DFT of a few hundred points, and the responses
polynomial evaluations on a frequency grid. Coefficients come back as
SciPy returns them (NumPy arrays); a response asked for with device
coefficients comes back on the device."""
from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._host_scipy import scipy_signal, to_host

__all__ = ["firwin", "firwin2", "remez", "firls", "minimum_phase", "freqz", "freqz_sos", "sosfreqz"]


def firwin(numtaps, cutoff, *, width=None, window="hamming", pass_zero=True, scale=True, fs=None):
    """FIR filter design using the window method.

    Parameters
    ----------
    numtaps : int
        Length of the filter (number of coefficients).
    cutoff : float or 1-D array_like
        Cutoff frequency (or band edges), normalised to Nyquist = 1 unless
        `fs` is given.
    width : float or None, optional
        Approximate transition width; selects a Kaiser window when given.
    window : str or tuple of string and parameter values, optional
        The window (any `get_window` name; default 'hamming').
    pass_zero : {True, False, 'bandpass', 'lowpass', 'highpass', 'bandstop'}, optional
        Whether the DC gain is 1 (True) or 0, or the filter type.
    scale : bool, optional
        Scale so the passband's centre has gain 1.
    fs : float, optional
        The sampling frequency.

    Returns
    -------
    h : numpy.ndarray
        The filter coefficients, SciPy's (a host array).

    Raises
    ------
    ValueError
        SciPy's, for inconsistent cutoffs, lengths or types.

    Notes
    -----
    Calls scipy.signal.firwin on the host (imported on first use); device
    arrays given as `cutoff` are read back.

    See Also
    --------
    firwin2, lfilter, upfirdn

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> h = signal.firwin(31, 0.3)
    >>> h.shape, round(float(h.sum()), 6)
    ((31,), 1.0)
    """
    return scipy_signal().firwin(numtaps, to_host(cutoff), width=width, window=window, pass_zero=pass_zero,
                                 scale=scale, fs=fs)


def firwin2(numtaps, freq, gain, *, nfreqs=None, window="hamming", antisymmetric=False, fs=None):
    """FIR filter design using the window method, from a sampled gain curve.

    Parameters
    ----------
    numtaps : int
        The number of taps.
    freq : array_like, 1-D
        Frequency points of the gain curve, increasing from 0 to Nyquist.
    gain : array_like
        The gain at each frequency point.
    nfreqs : int, optional
        Size of the interpolation grid.
    window : str or tuple of string and parameter values, or float, optional
        The window (default 'hamming').
    antisymmetric : bool, optional
        Whether the response is antisymmetric (type III/IV filters).
    fs : float, optional
        The sampling frequency.

    Returns
    -------
    taps : numpy.ndarray
        The filter coefficients, SciPy's (a host array).

    Raises
    ------
    ValueError
        SciPy's, for inconsistent frequencies, gains or lengths.

    Notes
    -----
    Calls scipy.signal.firwin2 on the host.

    See Also
    --------
    firwin

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> taps = signal.firwin2(21, [0.0, 0.5, 1.0], [1.0, 1.0, 0.0])
    >>> taps.shape
    (21,)
    """
    return scipy_signal().firwin2(numtaps, to_host(freq), to_host(gain), nfreqs=nfreqs, window=window,
                                  antisymmetric=antisymmetric, fs=fs)


def remez(numtaps, bands, desired, *, weight=None, type="bandpass", maxiter=25, grid_density=16, fs=None):
    """Calculate the minimax optimal filter using the Remez exchange algorithm.

    Parameters
    ----------
    numtaps : int
        The number of taps.
    bands : array_like
        Band edges, increasing, in pairs.
    desired : array_like
        The desired gain in each band.
    weight : array_like, optional
        A relative weight for each band.
    type : {'bandpass', 'differentiator', 'hilbert'}, optional
        The type of filter.
    maxiter : int, optional
        Maximum number of iterations (default 25).
    grid_density : int, optional
        Grid density (default 16).
    fs : float, optional
        The sampling frequency.

    Returns
    -------
    out : numpy.ndarray
        The filter coefficients, SciPy's (a host array).

    Notes
    -----
    scipy.signal.remez on the host: the exchange iterations are sequential.

    See Also
    --------
    firls, firwin

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.remez(11, [0.0, 0.1, 0.2, 0.5], [1.0, 0.0]).shape
    (11,)
    """
    return scipy_signal().remez(numtaps, to_host(bands), to_host(desired), weight=to_host(weight), type=type,
                                maxiter=maxiter, grid_density=grid_density, fs=fs)


def firls(numtaps, bands, desired, *, weight=None, fs=None):
    """FIR filter design using least-squares error minimization.

    Parameters
    ----------
    numtaps : int
        The number of taps (odd).
    bands : array_like
        Band edges, in pairs.
    desired : array_like
        The desired gain at the start and end of each band.
    weight : array_like, optional
        A relative weight for each band.
    fs : float, optional
        The sampling frequency.

    Returns
    -------
    coeffs : numpy.ndarray
        The filter coefficients, SciPy's (a host array).

    Notes
    -----
    scipy.signal.firls on the host (a small linear solve).

    See Also
    --------
    remez, firwin

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.firls(11, [0.0, 0.2, 0.3, 1.0], [1.0, 1.0, 0.0, 0.0]).shape
    (11,)
    """
    return scipy_signal().firls(numtaps, to_host(bands), to_host(desired), weight=to_host(weight), fs=fs)


def minimum_phase(h, method="homomorphic", n_fft=None, *, half=True):
    """Convert a linear-phase FIR filter to minimum phase.

    Parameters
    ----------
    h : array_like
        Linear-phase FIR filter coefficients.
    method : {'homomorphic', 'hilbert'}, optional
        The conversion method.
    n_fft : int, optional
        The FFT length (default a power of two well above ``len(h)``).
    half : bool, optional
        For 'homomorphic': a filter of half the length (the square root of
        the magnitude response) if True.

    Returns
    -------
    h_minimum : numpy.ndarray
        The minimum-phase filter, SciPy's (a host array).

    Notes
    -----
    scipy.signal.minimum_phase on the host; device coefficients are read
    back first.

    See Also
    --------
    firwin, remez

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.minimum_phase(signal.firwin(11, 0.3)).shape
    (6,)
    """
    return scipy_signal().minimum_phase(to_host(h), method=method, n_fft=n_fft, half=half)


def _on_device_if(result, inputs):
    """Results on the device when any input was a device array."""
    if any(isinstance(v, xp.ndarray) for v in inputs):
        return tuple(xp.asarray(r) for r in result)
    return result


def freqz(b, a=1, worN=512, whole=False, plot=None, fs=6.283185307179586, include_nyquist=False):
    """Compute the frequency response of a digital filter.

    Parameters
    ----------
    b : array_like
        Numerator of the filter.
    a : array_like, optional
        Denominator of the filter (default 1: an FIR filter).
    worN : int or array_like, optional
        Number of frequencies (default 512), or the frequencies themselves.
    whole : bool, optional
        Frequencies over the whole circle (0 to fs) instead of up to Nyquist.
    plot : callable, optional
        Called with ``(w, h)``, as SciPy.
    fs : float, optional
        The sampling frequency (default 2*pi).
    include_nyquist : bool, optional
        Include the Nyquist frequency when `worN` is an int and `whole` False.

    Returns
    -------
    w : ndarray
        The frequencies.
    h : ndarray
        The complex response at `w`.

    Notes
    -----
    Evaluated by scipy.signal.freqz on the host (the coefficients are few;
    the grid is small). When `b`, `a` or `worN` is a device array, `w` and
    `h` come back as device arrays; otherwise as SciPy's NumPy arrays.

    See Also
    --------
    freqz_sos, firwin

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> w, h = signal.freqz(xp.array([0.5, 0.5]), worN=4)
    >>> xp.asnumpy(abs(h)).round(4).tolist()
    [1.0, 0.9239, 0.7071, 0.3827]
    """
    result = scipy_signal().freqz(to_host(b), to_host(a), worN=to_host(worN), whole=whole, plot=plot, fs=fs,
                                  include_nyquist=include_nyquist)
    return _on_device_if(result, (b, a, worN))


def freqz_sos(sos, worN=512, whole=False, fs=6.283185307179586):
    """Compute the frequency response of a digital filter in SOS format.

    Parameters
    ----------
    sos : array_like
        Second-order sections, shape ``(n_sections, 6)``.
    worN : int or array_like, optional
        Number of frequencies (default 512), or the frequencies themselves.
    whole : bool, optional
        Frequencies over the whole circle instead of up to Nyquist.
    fs : float, optional
        The sampling frequency (default 2*pi).

    Returns
    -------
    w : ndarray
        The frequencies.
    h : ndarray
        The complex response at `w`.

    Notes
    -----
    scipy.signal.freqz_sos on the host; device inputs give device results.

    See Also
    --------
    freqz, sosfilt

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> w, h = signal.freqz_sos([[0.5, 0.5, 0.0, 1.0, 0.0, 0.0]], worN=2)
    >>> abs(h).round(4).tolist()
    [1.0, 0.7071]
    """
    result = scipy_signal().freqz_sos(to_host(sos), worN=to_host(worN), whole=whole, fs=fs)
    return _on_device_if(result, (sos, worN))


def sosfreqz(sos, worN=512, whole=False, fs=6.283185307179586):
    """Compute the frequency response of a digital filter in SOS format (legacy name of `freqz_sos`).

    Parameters
    ----------
    sos : array_like
        Second-order sections, shape ``(n_sections, 6)``.
    worN : int or array_like, optional
        Number of frequencies (default 512), or the frequencies themselves.
    whole : bool, optional
        Frequencies over the whole circle instead of up to Nyquist.
    fs : float, optional
        The sampling frequency (default 2*pi).

    Returns
    -------
    w : ndarray
        The frequencies.
    h : ndarray
        The complex response at `w`.

    See Also
    --------
    freqz_sos

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> w, h = signal.sosfreqz([[0.5, 0.5, 0.0, 1.0, 0.0, 0.0]], worN=2)
    >>> w.shape
    (2,)
    """
    return freqz_sos(sos, worN=worN, whole=whole, fs=fs)
