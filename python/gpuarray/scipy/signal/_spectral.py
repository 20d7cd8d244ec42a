# SPDX-License-Identifier: BSD-3-Clause
"""Power and cross spectral density estimates: periodogram, welch, csd and
coherence, with SciPy's defaults, scalings, averages and errors. Segments
are transformed together (``_spectral_core``); the average over segments
is a device reduction ('median' sorts on the device)."""
import warnings

import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._spectral_core import spectral_helper
from gpuarray.scipy.signal.windows import get_window

__all__ = ["periodogram", "welch", "csd", "coherence"]


def _median_bias(n):
    """The bias of the median of n chi-squared(2) periodogram values against their mean."""
    ii_2 = 2 * numpy.arange(1.0, (n - 1) // 2 + 1)
    return 1 + numpy.sum(1.0 / (ii_2 + 1) - 1.0 / ii_2)


def periodogram(x, fs=1.0, window="boxcar", nfft=None, detrend="constant", return_onesided=True,
                scaling="density", axis=-1):
    """Estimate power spectral density using a periodogram.

    Parameters
    ----------
    x : array_like
        Time series of measurement values.
    fs : float, optional
        Sampling frequency (default 1.0).
    window : str or tuple or array_like, optional
        Window (default 'boxcar'); an array must be as long as the segment.
    nfft : int, optional
        Length of the FFT (default the signal's length; shorter cuts the
        signal).
    detrend : str or function or False, optional
        How each segment is detrended (default 'constant').
    return_onesided : bool, optional
        One-sided spectrum for real data (default True).
    scaling : {'density', 'spectrum'}, optional
        Power spectral density (V**2/Hz) or power spectrum (V**2).
    axis : int, optional
        Axis along which the periodogram is computed (default -1).

    Returns
    -------
    f : ndarray
        Array of sample frequencies.
    Pxx : ndarray
        Power spectral density or power spectrum of `x`, on the device.

    Raises
    ------
    ValueError
        For a window array of the wrong size, or SciPy's errors of `welch`.

    See Also
    --------
    welch, csd

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> f, p = signal.periodogram(xp.array([1.0, -1.0, 1.0, -1.0]))
    >>> xp.asnumpy(p).round(6).tolist()
    [0.0, 0.0, 4.0]
    """
    x = xp.asarray(x)
    if x.size == 0:
        return xp.empty(x.shape), xp.empty(x.shape)
    if window is None:
        window = "boxcar"
    n = x.shape[axis]
    if nfft is None:
        nperseg = n
    elif nfft == n:
        nperseg = nfft
    elif nfft > n:
        nperseg = n
    else:
        index = [slice(None)] * x.ndim
        index[axis] = slice(None, nfft)
        x = x[tuple(index)]
        nperseg = nfft
        nfft = None
    if hasattr(window, "size") and window.size != nperseg:
        raise ValueError("the size of the window must be the same size of the input on the specified axis")
    return welch(x, fs=fs, window=window, nperseg=nperseg, noverlap=0, nfft=nfft, detrend=detrend,
                 return_onesided=return_onesided, scaling=scaling, axis=axis)


def welch(x, fs=1.0, window="hann_periodic", nperseg=None, noverlap=None, nfft=None, detrend="constant",
          return_onesided=True, scaling="density", axis=-1, average="mean"):
    """Estimate power spectral density using Welch's method.

    Parameters
    ----------
    x : array_like
        Time series of measurement values.
    fs : float, optional
        Sampling frequency (default 1.0).
    window : str or tuple or array_like, optional
        Window of each segment (default 'hann_periodic').
    nperseg : int, optional
        Length of each segment (default 256, or the window's length).
    noverlap : int, optional
        Overlap of the segments (default half a segment).
    nfft : int, optional
        Length of the FFT (default `nperseg`).
    detrend : str or function or False, optional
        How each segment is detrended (default 'constant').
    return_onesided : bool, optional
        One-sided spectrum for real data (default True).
    scaling : {'density', 'spectrum'}, optional
        Power spectral density or power spectrum.
    axis : int, optional
        Axis along which the estimate is computed (default -1).
    average : {'mean', 'median'}, optional
        How the segments' periodograms are averaged.

    Returns
    -------
    f : ndarray
        Array of sample frequencies.
    Pxx : ndarray
        Power spectral density or power spectrum of `x`, on the device.

    Raises
    ------
    ValueError
        SciPy's, for bad segment lengths, overlaps, scalings or averages.

    See Also
    --------
    periodogram, csd

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> f, p = signal.welch(xp.ones(64), nperseg=16)
    >>> f.shape, p.shape
    ((9,), (9,))
    """
    freqs, pxx = csd(x, x, fs=fs, window=window, nperseg=nperseg, noverlap=noverlap, nfft=nfft, detrend=detrend,
                     return_onesided=return_onesided, scaling=scaling, axis=axis, average=average)
    return freqs, pxx.real


def csd(x, y, fs=1.0, window="hann_periodic", nperseg=None, noverlap=None, nfft=None, detrend="constant",
        return_onesided=True, scaling="density", axis=-1, average="mean"):
    """Estimate the cross power spectral density, Pxy, using Welch's method.

    Parameters
    ----------
    x : array_like
        Time series of measurement values.
    y : array_like
        Time series of measurement values (the same object as `x` for an
        auto spectrum).
    fs : float, optional
        Sampling frequency (default 1.0).
    window : str or tuple or array_like, optional
        Window of each segment (default 'hann_periodic').
    nperseg : int, optional
        Length of each segment (default 256, or the window's length).
    noverlap : int, optional
        Overlap of the segments (default half a segment).
    nfft : int, optional
        Length of the FFT (default `nperseg`).
    detrend : str or function or False, optional
        How each segment is detrended (default 'constant').
    return_onesided : bool, optional
        One-sided spectrum for real data (default True).
    scaling : {'density', 'spectrum'}, optional
        Cross spectral density or cross spectrum.
    axis : int, optional
        Axis along which the estimate is computed (default -1).
    average : {'mean', 'median'}, optional
        How the segments' estimates are averaged.

    Returns
    -------
    f : ndarray
        Array of sample frequencies.
    Pxy : ndarray
        Cross spectral density or cross power spectrum, on the device.

    Raises
    ------
    ValueError
        SciPy's, for shapes that do not broadcast, bad segment lengths,
        overlaps, scalings or averages.

    Warns
    -----
    UserWarning
        When `nperseg` exceeds the signal's length (it is shortened).

    See Also
    --------
    welch, coherence

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> f, p = signal.csd(xp.ones(64), xp.ones(64), nperseg=16)
    >>> p.dtype
    dtype('complex128')
    """
    same = y is x
    axis = int(axis)
    x = xp.asarray(x)
    if not same:
        y = xp.asarray(y)
        x_outer, y_outer = list(x.shape), list(y.shape)
        x_outer.pop(axis)
        y_outer.pop(axis)
        try:
            outer = numpy.broadcast_shapes(tuple(x_outer), tuple(y_outer))
        except ValueError as e:
            raise ValueError("x and y cannot be broadcast together.") from e
        if x.size == 0 or y.size == 0:
            empty = xp.moveaxis(xp.empty(outer + (min(x.shape[axis], y.shape[axis]),)), -1, axis)
            return empty, empty
    elif x.size == 0:
        return xp.empty(x.shape), xp.empty(x.shape)
    n = x.shape[axis] if same else max(x.shape[axis], y.shape[axis])
    if isinstance(window, (str, tuple)):
        nperseg = int(nperseg) if nperseg is not None else 256
        if nperseg < 1:
            raise ValueError(f"Parameter {nperseg=} is not a positive integer!")
        if n < nperseg:
            warnings.warn(f"{nperseg=} is greater than signal length max(len(x), len(y)) = {n}, using "
                          f"nperseg = {n}", stacklevel=2)
            nperseg = n
        win = get_window(window, nperseg)
    else:
        win = xp.asarray(window)
        if nperseg is None:
            nperseg = len(win)
    if nperseg != len(win):
        raise ValueError(f"{nperseg=} does not equal {len(win)=}")
    nfft = int(nfft) if nfft is not None else nperseg
    if nfft < nperseg:
        raise ValueError(f"{nfft=} must be greater than or equal to {nperseg=}!")
    noverlap = int(noverlap) if noverlap is not None else nperseg // 2
    if noverlap >= nperseg:
        raise ValueError(f"{noverlap=} must be less than {nperseg=}!")
    if scaling not in ("spectrum", "density"):
        raise ValueError(f"Parameter {scaling=} not in {{'spectrum': 'magnitude', 'density': 'psd'}}!")
    if average not in ("mean", "median"):
        raise ValueError(f"Parameter {average=} must be 'median' or 'mean'!")
    complex_x = x.dtype.kind == "c"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # csd switches to two-sided for complex data silently
        _, _, pxy = spectral_helper(x, x if same else y, fs, win, nperseg, noverlap, nfft, detrend,
                                    return_onesided and not complex_x, scaling, axis, "psd")
    freqs = numpy.fft.rfftfreq(nfft, 1 / fs) if return_onesided and not complex_x else numpy.fft.fftfreq(nfft,
                                                                                                        1 / fs)
    if pxy.ndim > 0 and pxy.shape[-1] > 1:
        if average == "median":
            bias = _median_bias(pxy.shape[-1])
            if pxy.dtype.kind == "c":
                pxy = xp.median(pxy.real, axis=-1) + xp.median(pxy.imag, axis=-1) * 1j
            else:
                pxy = xp.median(pxy, axis=-1)
            pxy = pxy / bias
        else:
            pxy = xp.mean(pxy, axis=-1)
    else:
        pxy = pxy.reshape(pxy.shape[:-1])
    out_dtype = numpy.result_type(x.dtype, numpy.complex64) if same else numpy.result_type(
        x.dtype, y.dtype, numpy.complex64)
    pxy = pxy.astype(out_dtype)
    if same:
        pxy = pxy.real
    return xp.asarray(freqs), pxy


def coherence(x, y, fs=1.0, window="hann_periodic", nperseg=None, noverlap=None, nfft=None, detrend="constant",
              axis=-1):
    """Estimate the magnitude squared coherence estimate, Cxy.

    Parameters
    ----------
    x : array_like
        Time series of measurement values.
    y : array_like
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
        How each segment is detrended (default 'constant').
    axis : int, optional
        Axis along which the coherence is computed (default -1).

    Returns
    -------
    f : ndarray
        Array of sample frequencies.
    Cxy : ndarray
        ``|Pxy|**2 / (Pxx Pyy)``, on the device.

    See Also
    --------
    csd, welch

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> x = xp.sin(xp.arange(256.0))
    >>> f, c = signal.coherence(x, 2 * x, nperseg=64)
    >>> bool(abs(float(c[10]) - 1.0) < 1e-9)
    True
    """
    freqs, pxx = welch(x, fs=fs, window=window, nperseg=nperseg, noverlap=noverlap, nfft=nfft, detrend=detrend,
                       axis=axis)
    _, pyy = welch(y, fs=fs, window=window, nperseg=nperseg, noverlap=noverlap, nfft=nfft, detrend=detrend,
                   axis=axis)
    _, pxy = csd(x, y, fs=fs, window=window, nperseg=nperseg, noverlap=noverlap, nfft=nfft, detrend=detrend,
                 axis=axis)
    return freqs, xp.abs(pxy) ** 2 / pxx / pyy
