# SPDX-License-Identifier: BSD-3-Clause
"""Time-frequency analysis: spectrogram, stft and istft with SciPy's
(legacy-API) semantics. The forward transforms are one batched cuFFT call
over strided segments (``_spectral_core``); istft overlap-adds the
inverse-transformed segments with one strided add per segment offset class
(``ceil(nperseg / step)`` adds, not one per segment)."""
import warnings

import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._spectral_core import spectral_helper, triage_segments
from gpuarray.scipy.signal.windows import get_window

__all__ = ["spectrogram", "stft", "istft"]


def spectrogram(x, fs=1.0, window=("tukey_periodic", 0.25), nperseg=None, noverlap=None, nfft=None,
                detrend="constant", return_onesided=True, scaling="density", axis=-1, mode="psd"):
    """Compute a spectrogram with consecutive Fourier transforms (legacy function).

    Parameters
    ----------
    x : array_like
        Time series of measurement values.
    fs : float, optional
        Sampling frequency (default 1.0).
    window : str or tuple or array_like, optional
        Window of each segment (default a periodic Tukey window, 0.25).
    nperseg : int, optional
        Length of each segment (default 256, or the window's length).
    noverlap : int, optional
        Overlap of the segments (default an eighth of a segment).
    nfft : int, optional
        Length of the FFT (default `nperseg`).
    detrend : str or function or False, optional
        How each segment is detrended (default 'constant').
    return_onesided : bool, optional
        One-sided spectrum for real data (default True).
    scaling : {'density', 'spectrum'}, optional
        Power spectral density or power spectrum.
    axis : int, optional
        Axis of the time series (default -1).
    mode : {'psd', 'complex', 'magnitude', 'angle', 'phase'}, optional
        What is returned per segment and frequency.

    Returns
    -------
    f : ndarray
        Array of sample frequencies.
    t : ndarray
        Array of segment times.
    Sxx : ndarray
        Spectrogram of `x` (last axis: the segment times), on the device.

    Raises
    ------
    ValueError
        For an unknown mode, or SciPy's segment and scaling errors.

    See Also
    --------
    stft, welch

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> f, t, s = signal.spectrogram(xp.ones(1000), nperseg=100)
    >>> s.shape
    (51, 11)
    """
    modes = ["psd", "complex", "magnitude", "angle", "phase"]
    if mode not in modes:
        raise ValueError(f"unknown value for mode {mode}, must be one of {modes}")
    x = xp.asarray(x)
    window, nperseg = triage_segments(window, nperseg, input_length=x.shape[axis])
    if noverlap is None:
        noverlap = nperseg // 8
    if mode == "psd":
        return spectral_helper(x, x, fs, window, nperseg, noverlap, nfft, detrend, return_onesided, scaling, axis,
                               mode="psd")
    freqs, times, sxx = spectral_helper(x, x, fs, window, nperseg, noverlap, nfft, detrend, return_onesided,
                                        scaling, axis, mode="stft")
    if mode == "magnitude":
        sxx = xp.abs(sxx)
    elif mode in ("angle", "phase"):
        sxx = xp.angle(sxx)
        if mode == "phase":
            sxx = xp.unwrap(sxx, axis=axis - 1 if axis < 0 else axis)
    return freqs, times, sxx


def stft(x, fs=1.0, window="hann_periodic", nperseg=256, noverlap=None, nfft=None, detrend=False,
         return_onesided=True, boundary="zeros", padded=True, axis=-1, scaling="spectrum"):
    """Compute the Short Time Fourier Transform (legacy function).

    Parameters
    ----------
    x : array_like
        Time series of measurement values.
    fs : float, optional
        Sampling frequency (default 1.0).
    window : str or tuple or array_like, optional
        Window of each segment (default 'hann_periodic').
    nperseg : int, optional
        Length of each segment (default 256).
    noverlap : int, optional
        Overlap of the segments (default half a segment).
    nfft : int, optional
        Length of the FFT (default `nperseg`).
    detrend : str or function or False, optional
        How each segment is detrended (default False: not at all).
    return_onesided : bool, optional
        One-sided spectrum for real data (default True).
    boundary : {'zeros', 'even', 'odd', 'constant', None}, optional
        Extension of half a segment at both ends (default 'zeros').
    padded : bool, optional
        Zero-pad the end to a whole number of segments (default True).
    axis : int, optional
        Axis of the time series (default -1).
    scaling : {'spectrum', 'psd'}, optional
        Magnitude or power-density scaling of the transform.

    Returns
    -------
    f : ndarray
        Array of sample frequencies.
    t : ndarray
        Array of segment times.
    Zxx : ndarray
        STFT of `x`, on the device.

    Raises
    ------
    ValueError
        For an unknown scaling or boundary, or SciPy's segment errors.

    See Also
    --------
    istft, spectrogram

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> f, t, z = signal.stft(xp.ones(100), nperseg=20)
    >>> z.shape
    (11, 11)
    """
    if scaling == "psd":
        scaling = "density"
    elif scaling != "spectrum":
        raise ValueError(f"Parameter {scaling=} not in ['spectrum', 'psd']!")
    x = xp.asarray(x)
    return spectral_helper(x, x, fs, window, nperseg, noverlap, nfft, detrend, return_onesided, scaling=scaling,
                           axis=axis, mode="stft", boundary=boundary, padded=padded)


def istft(Zxx, fs=1.0, window="hann_periodic", nperseg=None, noverlap=None, nfft=None, input_onesided=True,
          boundary=True, time_axis=-1, freq_axis=-2, scaling="spectrum"):
    """Perform the inverse Short Time Fourier transform (legacy function).

    Parameters
    ----------
    Zxx : array_like
        STFT of the signal to be reconstructed (at least 2-D).
    fs : float, optional
        Sampling frequency (default 1.0).
    window : str or tuple or array_like, optional
        The window used for the STFT (default 'hann_periodic').
    nperseg : int, optional
        Samples per segment (default from the frequency axis).
    noverlap : int, optional
        Overlap of the segments (default half a segment).
    nfft : int, optional
        Length of the FFT used (default from the frequency axis).
    input_onesided : bool, optional
        Whether `Zxx` is one-sided (real signal; default True).
    boundary : bool, optional
        Whether the STFT extended the signal at its ends (default True).
    time_axis : int, optional
        Axis of the segments (default -1).
    freq_axis : int, optional
        Axis of the frequencies (default -2).
    scaling : {'spectrum', 'psd'}, optional
        The scaling the STFT used.

    Returns
    -------
    t : ndarray
        Array of output data times.
    x : ndarray
        The reconstructed signal, on the device.

    Raises
    ------
    ValueError
        For input below 2-D, equal axes, or SciPy's segment errors.

    Warns
    -----
    UserWarning
        When the NOLA condition fails (SciPy's warning).

    See Also
    --------
    stft

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> f, t, z = signal.stft(xp.arange(100.0), nperseg=20)
    >>> t2, x = signal.istft(z, nperseg=20)
    >>> bool(xp.allclose(x[:100], xp.arange(100.0)))
    True
    """
    Zxx = xp.asarray(Zxx)
    if Zxx.dtype.kind != "c":
        Zxx = Zxx + 0j
    freq_axis, time_axis = int(freq_axis), int(time_axis)
    if Zxx.ndim < 2:
        raise ValueError("Input stft must be at least 2d!")
    if freq_axis == time_axis:
        raise ValueError("Must specify differing time and frequency axes!")
    nseg = Zxx.shape[time_axis]
    n_default = 2 * (Zxx.shape[freq_axis] - 1) if input_onesided else Zxx.shape[freq_axis]
    if nperseg is None:
        nperseg = n_default
    else:
        nperseg = int(nperseg)
        if nperseg < 1:
            raise ValueError("nperseg must be a positive integer")
    if nfft is None:
        nfft = nperseg if input_onesided and nperseg == n_default + 1 else n_default
    elif nfft < nperseg:
        raise ValueError("nfft must be greater than or equal to nperseg.")
    else:
        nfft = int(nfft)
    noverlap = nperseg // 2 if noverlap is None else int(noverlap)
    if noverlap >= nperseg:
        raise ValueError("noverlap must be less than nperseg.")
    step = nperseg - noverlap
    if time_axis != Zxx.ndim - 1 or freq_axis != Zxx.ndim - 2:
        freq_axis %= Zxx.ndim
        time_axis %= Zxx.ndim
        outer = [k for k in range(Zxx.ndim) if k not in (time_axis, freq_axis)]
        Zxx = Zxx.transpose(tuple(outer + [freq_axis, time_axis]))
    if isinstance(window, str) or type(window) is tuple:
        win = xp.asnumpy(get_window(window, nperseg))
    else:
        win = numpy.asarray(xp.asnumpy(window) if isinstance(window, xp.ndarray) else window)
        if win.ndim != 1:
            raise ValueError("window must be 1-D")
        if win.shape[0] != nperseg:
            raise ValueError(f"window must have length of {nperseg}")
    segments = (xp.irfft if input_onesided else xp.ifft)(Zxx, axis=-2, n=nfft)[..., :nperseg, :]
    if numpy.result_type(win.dtype, segments.dtype) != segments.dtype:
        win = win.astype(segments.dtype)
    if scaling == "spectrum":
        gain = win.sum()
    elif scaling == "psd":
        gain = numpy.sqrt(fs * numpy.sum(win ** 2))
    else:
        raise ValueError(f"Parameter {scaling=} not in ['spectrum', 'psd']!")
    # windowed segments, time-major: (..., nseg, nperseg)
    weighted = xp.swapaxes(segments, -1, -2) * xp.asarray((win * gain).astype(segments.dtype))
    length = nperseg + (nseg - 1) * step
    out = xp.zeros(Zxx.shape[:-2] + (length,), dtype=segments.dtype)
    # overlap-add: segments i, i + c, i + 2c, ... (c = ceil(nperseg / step)) do not overlap each other
    classes = -(-nperseg // step)
    for first in range(min(classes, nseg)):
        group = weighted[..., first::classes, :]
        count = group.shape[-2]
        span = out[..., first * step:first * step + (count - 1) * classes * step + nperseg]
        stride = classes * step
        if stride >= nperseg:
            padded = xp.concatenate([group, xp.zeros(group.shape[:-1] + (stride - nperseg,), dtype=group.dtype)],
                                    axis=-1)
            flat = padded.reshape(group.shape[:-2] + (count * stride,))[..., :span.shape[-1]]
            xp.add(span, flat, out=span)
    norm = numpy.zeros(length, dtype=numpy.float64)
    for k in range(nseg):
        norm[k * step:k * step + nperseg] += numpy.abs(win) ** 2
    if boundary:
        out = out[..., nperseg // 2:-(nperseg // 2)]
        norm = norm[nperseg // 2:-(nperseg // 2)]
    if numpy.sum(norm > 1e-10) != len(norm):
        warnings.warn("NOLA condition failed, STFT may not be invertible."
                      + (" Possibly due to missing boundary" if not boundary else ""), stacklevel=2)
    out = out / xp.asarray(numpy.where(norm > 1e-10, norm, 1.0).astype(segments.real.dtype))
    if input_onesided:
        out = out.real
    if out.ndim > 1 and time_axis != Zxx.ndim - 1:
        if freq_axis < time_axis:
            time_axis -= 1
        out = xp.moveaxis(out, -1, time_axis)
    times = numpy.arange(out.shape[0]) / float(fs)
    return xp.asarray(times), out
