# SPDX-License-Identifier: BSD-3-Clause
"""Changing the sampling rate: resample (Fourier method), resample_poly
(polyphase FIR through upfirdn) and decimate (anti-aliasing filter, then
every q-th sample). The filters are designed on the host (firwin, cheby1:
SciPy's, a few dozen coefficients); the signal work is on the device."""
import math
import operator

import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._forward_backward import filtfilt, sosfilt, sosfiltfilt
from gpuarray.scipy.signal._host_scipy import scipy_signal, to_host
from gpuarray.scipy.signal._lfilter import lfilter
from gpuarray.scipy.signal._upfirdn import upfirdn
from gpuarray.scipy.signal.windows import get_window

__all__ = ["resample", "resample_poly", "decimate"]

_UPFIRDN_MODES = ("constant", "wrap", "edge", "smooth", "symmetric", "reflect", "antisymmetric", "antireflect",
                  "line")


def _window_weights(window, n):
    """The spectral weights of `window` for n bins, as SciPy's resample makes them (host float64)."""
    if callable(window):
        return numpy.asarray(window(numpy.fft.fftfreq(n)), dtype=numpy.float64)
    if hasattr(window, "shape"):
        if window.shape != (n,):
            raise ValueError(f"window.shape={window.shape} != ({n},), i.e., window length is not equal to "
                             "number of frequency bins!")
        return numpy.array(to_host(window), dtype=numpy.float64)
    return numpy.fft.fftshift(xp.asnumpy(get_window(window, n)))


def resample(x, num, t=None, axis=0, window=None, domain="time"):
    """Resample `x` to `num` samples using the Fourier method along the given axis.

    Parameters
    ----------
    x : array_like
        The data to be resampled.
    num : int
        The number of samples in the resampled signal.
    t : array_like, optional
        Equally spaced sample positions of `x`; if given, the positions of
        the resampled signal are returned too.
    axis : int, optional
        The axis that is resampled (default 0).
    window : array_like, callable, str, float, or tuple, optional
        Spectral weighting of the Fourier coefficients (SciPy's forms).
    domain : {'time', 'freq'}, optional
        Whether `x` holds samples ('time', default) or their FFT ('freq').

    Returns
    -------
    resampled_x : ndarray
        The resampled array, on the device.
    resampled_t : ndarray
        The new sample positions, when `t` is given.

    Raises
    ------
    ValueError
        For an unknown domain or a window of the wrong length.

    Notes
    -----
    cuFFT transforms; the weights of a named window are made by
    `get_window` and folded on the host (n numbers).

    See Also
    --------
    resample_poly, decimate

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.resample(xp.array([1.0, 1.0, 1.0, 1.0]), 8).round(6).tolist()
    [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
    >>> signal.resample(xp.ones((6, 2)), 3).shape
    (3, 2)
    """
    if domain not in ("time", "freq"):
        raise ValueError(f"Parameter {domain=} not in ('time', 'freq')!")
    x = xp.asarray(x)
    if x.ndim > 1:
        x = xp.moveaxis(x, axis, -1)
    n_x = x.shape[-1]
    scale = n_x / num
    m = min(num, n_x)
    m2 = m // 2 + 1
    weights = None if window is None else _window_weights(window, n_x)
    if domain == "time" and x.dtype.kind != "c":
        spectrum = xp.rfft(x)
        n_spectrum = spectrum.shape[-1]
        if weights is not None:
            folded = weights.copy()
            folded[1:n_spectrum] += weights[-n_spectrum + 1:][::-1] if n_spectrum > 1 else 0
            folded[1:n_spectrum] /= 2
            spectrum = spectrum * xp.asarray(folded[:n_spectrum].astype(spectrum.real.dtype))
        spectrum = spectrum[..., :m2]
        if m % 2 == 0 and num != n_x:
            factor = numpy.ones(spectrum.shape[-1])
            factor[m // 2] = 2 if num < n_x else 0.5
            spectrum = spectrum * xp.asarray(factor.astype(spectrum.real.dtype))
        out = xp.irfft(spectrum / spectrum.real.dtype.type(scale), n=num)
    else:
        spectrum = xp.fft(x) if domain == "time" else x
        if weights is not None:
            spectrum = spectrum * xp.asarray(weights.astype(spectrum.real.dtype))
        kept = xp.zeros(spectrum.shape[:-1] + (num,), dtype=spectrum.dtype)
        kept[..., :m2] = spectrum[..., :m2]
        if m2 < m:
            kept[..., m2 - m:] = spectrum[..., m2 - m:]
        if m % 2 == 0:
            if num < n_x:
                kept[..., -m // 2] = kept[..., -m // 2] + spectrum[..., -m // 2]
            elif n_x < num:
                kept[..., m // 2] = kept[..., m // 2] / 2
                kept[..., num - m // 2] = kept[..., m // 2]
        out = xp.ifft(kept / spectrum.real.dtype.type(scale), n=num)
    if out.ndim > 1:
        out = xp.moveaxis(out, -1, axis)
    if t is not None:
        t = numpy.asarray(to_host(t))
        positions = t[0] + (t[1] - t[0]) * scale * numpy.arange(num)
        return out, xp.asarray(positions)
    return out


def _host_median(x, axis):
    return xp.asarray(numpy.median(xp.asnumpy(x), axis=axis, keepdims=True))


def resample_poly(x, up, down, axis=0, window=("kaiser", 5.0), padtype="constant", cval=None):
    """Resample `x` along the given axis using polyphase filtering.

    Parameters
    ----------
    x : array_like
        The data to be resampled.
    up : int
        The upsampling factor.
    down : int
        The downsampling factor.
    axis : int, optional
        The axis that is resampled (default 0).
    window : str, tuple, or array_like, optional
        The window of the designed low-pass filter (default Kaiser, beta 5),
        or the FIR filter's coefficients themselves (a list or array).
    padtype : str, optional
        How the signal is extended: an `upfirdn` mode, or 'mean', 'median',
        'minimum', 'maximum' (that statistic removed first and added back).
    cval : float, optional
        The value outside the signal for padtype 'constant'.

    Returns
    -------
    resampled_x : ndarray
        The resampled array, ``ceil(n * up / down)`` samples along `axis`,
        on the device.

    Raises
    ------
    ValueError
        For non-integer or non-positive factors, a 2-D window, `cval` with
        another padtype, or an unknown padtype.

    Notes
    -----
    The filter is designed by SciPy's firwin on the host; `upfirdn` does
    the filtering on the device. 'median' reads the data back to the host
    for NumPy's median.

    See Also
    --------
    upfirdn, resample, decimate

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.resample_poly(xp.ones(10), 3, 2).shape
    (15,)
    >>> signal.resample_poly(xp.arange(8.0), 1, 2, window=[1.0]).tolist()
    [0.0, 2.0, 4.0, 6.0]
    """
    x = xp.asarray(x)
    if up != int(up):
        raise ValueError("up must be an integer")
    if down != int(down):
        raise ValueError("down must be an integer")
    up, down = int(up), int(down)
    if up < 1 or down < 1:
        raise ValueError("up and down must be >= 1")
    if cval is not None and padtype != "constant":
        raise ValueError("cval has no effect when padtype is ", padtype)
    g = math.gcd(up, down)
    up //= g
    down //= g
    if up == down == 1:
        return xp.copy(x)
    axis = operator.index(axis)
    n_in = x.shape[axis]
    n_out = -(-n_in * up // down)
    if isinstance(window, (list, numpy.ndarray, xp.ndarray)):
        h = numpy.array(to_host(window))
        if h.ndim > 1:
            raise ValueError("window must be 1-D")
        half_len = (h.size - 1) // 2
    else:
        max_rate = max(up, down)
        half_len = 10 * max_rate
        h = scipy_signal().firwin(2 * half_len + 1, 1.0 / max_rate, window=window)
        if x.dtype.kind in "fc":
            h = h.astype(x.dtype)
    h = h * up
    pre_pad = down - half_len % down
    pre_remove = (half_len + pre_pad) // down
    post_pad = 0
    while ((n_in - 1) * up + h.shape[0] + pre_pad + post_pad + down - 1) // down < n_out + pre_remove:
        post_pad += 1
    h = numpy.concatenate([numpy.zeros(pre_pad, h.dtype), h, numpy.zeros(post_pad, h.dtype)])
    statistics = {"mean": lambda a: xp.mean(a, axis=axis, keepdims=True),
                  "median": lambda a: _host_median(a, axis),
                  "minimum": lambda a: xp.min(a, axis=axis, keepdims=True),
                  "maximum": lambda a: xp.max(a, axis=axis, keepdims=True)}
    kwargs = {"mode": "constant", "cval": 0}
    background = None
    if padtype in statistics:
        background = statistics[padtype](x)
        x = x - background
    elif padtype in _UPFIRDN_MODES:
        kwargs = {"mode": padtype}
        if padtype == "constant":
            kwargs["cval"] = 0 if cval is None else cval
    else:
        raise ValueError("padtype must be one of: maximum, mean, median, minimum, " + ", ".join(_UPFIRDN_MODES))
    y = upfirdn(h, x, up, down, axis=axis, **kwargs)
    index = [slice(None)] * x.ndim
    index[axis] = slice(pre_remove, pre_remove + n_out)
    y = y[tuple(index)]
    if background is not None:
        y = y + background
    return y


def decimate(x, q, n=None, ftype="iir", axis=-1, zero_phase=True):
    """Downsample the signal after applying an anti-aliasing filter.

    Parameters
    ----------
    x : array_like
        The input signal.
    q : int
        The downsampling factor.
    n : int, optional
        The order of the filter (default 8 for 'iir', 20 * q for 'fir').
    ftype : str {'iir', 'fir'} or ``dlti`` instance, optional
        A Chebyshev type I filter of order `n` ('iir'), a Hamming-window FIR
        of `n` + 1 taps ('fir'), or a SciPy ``dlti`` system.
    axis : int, optional
        The axis along which to decimate (default -1).
    zero_phase : bool, optional
        Filter forward and backward (True, default) or forward only.

    Returns
    -------
    y : ndarray
        The down-sampled signal, on the device (float64 for integer input).

    Raises
    ------
    ValueError
        For an invalid `ftype`.

    Notes
    -----
    The filter is designed by SciPy on the host; filtering (`sosfiltfilt`,
    `sosfilt`, `resample_poly` or `upfirdn`) runs on the device.

    See Also
    --------
    resample_poly, sosfiltfilt

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.decimate(xp.ones(40), 4).shape
    (10,)
    >>> signal.decimate(xp.ones(40), 4, ftype='fir').shape
    (10,)
    """
    x = xp.asarray(x)
    q = operator.index(q)
    if n is not None:
        n = operator.index(n)
    result_type = x.dtype
    if result_type.kind not in "fc" or result_type == numpy.float16:
        result_type = numpy.dtype(numpy.float64)
    sps = scipy_signal()
    use_sos = True
    if isinstance(ftype, str) and ftype == "fir":
        if n is None:
            n = 20 * q
        b, a = sps.firwin(n + 1, 1.0 / q, window="hamming").astype(result_type), numpy.ones(1, result_type)
    elif isinstance(ftype, str) and ftype == "iir":
        sos = sps.cheby1(8 if n is None else n, 0.05, 0.8 / q, output="sos").astype(result_type)
    elif isinstance(ftype, sps.dlti):
        system = ftype._as_zpk()
        if system.poles.shape[0] == 0:
            system = ftype._as_tf()
            b, a = system.num, system.den
            ftype = "fir"
        elif numpy.any(numpy.iscomplex(system.poles)) or numpy.iscomplex(system.gain):
            use_sos = False
            system = ftype._as_tf()
            b, a = system.num, system.den
        else:
            sos = sps.zpk2sos(system.zeros, system.poles, system.gain).astype(result_type)
    else:
        raise ValueError("invalid ftype")
    x = x.astype(result_type, copy=False) if x.dtype.kind not in "fc" else x
    index = [slice(None)] * x.ndim
    if ftype == "fir":
        b = numpy.asarray(b) / numpy.asarray(a)
        if zero_phase:
            return resample_poly(x, 1, q, axis=axis, window=b)
        n_out = x.shape[axis] // q + bool(x.shape[axis] % q)
        y = upfirdn(b, x, up=1, down=q, axis=axis)
        index[axis] = slice(None, n_out)
        return y[tuple(index)]
    if zero_phase:
        y = sosfiltfilt(sos, x, axis=axis) if use_sos else filtfilt(b, a, x, axis=axis)
    else:
        y = sosfilt(sos, x, axis=axis) if use_sos else lfilter(b, a, x, axis=axis)
    index[axis] = slice(None, None, q)
    return y[tuple(index)]
