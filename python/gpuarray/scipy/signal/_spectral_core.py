# SPDX-License-Identifier: BSD-3-Clause
"""The windowed-segment transforms behind SciPy's spectral estimators (its
_spectral_helper): segments of the signal as a strided view, detrended,
windowed and transformed by one batched cuFFT call; cross spectra, scaling
and the one-sided doubling on the device. The window is made by
get_window (on the device) or taken as given."""
import warnings

import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._detrend import detrend as detrend_along
from gpuarray.scipy.signal.windows import get_window

__all__ = ["spectral_helper", "triage_segments", "boundary_extension"]


def triage_segments(window, nperseg, input_length):
    """(window on the device, nperseg), as SciPy's _triage_segments."""
    if isinstance(window, (str, tuple)):
        if nperseg is None:
            nperseg = 256
        if nperseg > input_length:
            warnings.warn(f"nperseg = {nperseg:d} is greater than input length  = {input_length:d}, using "
                          f"nperseg = {input_length:d}", stacklevel=3)
            nperseg = input_length
        return get_window(window, nperseg), nperseg
    win = xp.asarray(window)
    if win.ndim != 1:
        raise ValueError("window must be 1-D")
    if input_length < win.shape[-1]:
        raise ValueError("window is longer than input signal")
    if nperseg is None:
        nperseg = win.shape[0]
    elif nperseg != win.shape[0]:
        raise ValueError("value specified for nperseg is different from length of window")
    return win, nperseg


def boundary_extension(x, n, kind):
    """x (last axis) extended by n samples at each end: 'even', 'odd', 'constant' or 'zeros'."""
    if n < 1:
        return x
    if n > x.shape[-1] - 1 and kind in ("even", "odd"):
        raise ValueError(f"The extension length n ({n}) is too big. It must not exceed x.shape[axis]-1, which is "
                         f"{x.shape[-1] - 1}.")
    if kind == "zeros":
        zeros = xp.zeros(x.shape[:-1] + (n,), dtype=x.dtype)
        return xp.concatenate([zeros, x, zeros], axis=-1)
    first, last = x[..., :1], x[..., -1:]
    if kind == "constant":
        left = xp.broadcast_to(first, x.shape[:-1] + (n,))
        right = xp.broadcast_to(last, x.shape[:-1] + (n,))
    else:
        left = x[..., n:0:-1]
        right = x[..., -2:-(n + 2):-1]
        if kind == "odd":
            left = 2 * first - left
            right = 2 * last - right
    return xp.concatenate([left, x, right], axis=-1)


def _segment_transforms(x, win, detrend, nperseg, noverlap, nfft, sides, axis):
    step = nperseg - noverlap
    seg = x[..., None] if nperseg == 1 and noverlap == 0 else xp.segments(xp.ascontiguousarray(x), nperseg, step)
    if detrend is not False and detrend is not None:
        if callable(detrend):
            if axis != -1:
                seg = xp.moveaxis(detrend(xp.moveaxis(seg, -1, axis)), axis, -1)
            else:
                seg = detrend(seg)
        else:
            seg = detrend_along(seg, type=detrend, axis=-1)
    seg = win * seg
    if sides == "twosided":
        return xp.fft(seg, n=nfft)
    return xp.rfft(seg.real if seg.dtype.kind == "c" else seg, n=nfft)


def spectral_helper(x, y, fs=1.0, window="hann", nperseg=None, noverlap=None, nfft=None, detrend="constant",
                    return_onesided=True, scaling="density", axis=-1, mode="psd", boundary=None, padded=False):
    """(freqs, times, result) as SciPy's _spectral_helper, on the device;
    `y is x` marks an auto spectrum."""
    if mode not in ("psd", "stft"):
        raise ValueError(f"Unknown value for mode {mode}, must be one of: {{'psd', 'stft'}}")
    if boundary not in ("even", "odd", "constant", "zeros", None):
        raise ValueError(f"Unknown boundary option '{boundary}', must be one of: "
                         "['even', 'odd', 'constant', 'zeros', None]")
    same = y is x
    if not same and mode != "psd":
        raise ValueError("x and y must be equal if mode is 'stft'")
    axis = int(axis)
    x = xp.asarray(x)
    if not same:
        y = xp.asarray(y)
        out_dtype = numpy.result_type(x.dtype, y.dtype, numpy.complex64)
        x_outer, y_outer = list(x.shape), list(y.shape)
        x_outer.pop(axis)
        y_outer.pop(axis)
        try:
            outer = numpy.broadcast_shapes(tuple(x_outer), tuple(y_outer))
        except ValueError as e:
            raise ValueError("x and y cannot be broadcast together.") from e
        if x.size == 0 or y.size == 0:
            empty = xp.moveaxis(xp.empty(outer + (min(x.shape[axis], y.shape[axis]),)), -1, axis)
            return empty, empty, empty
    else:
        out_dtype = numpy.result_type(x.dtype, numpy.complex64)
        if x.size == 0:
            return xp.empty(x.shape), xp.empty(x.shape), xp.empty(x.shape)
    if x.ndim > 1 and axis != -1:
        x = xp.moveaxis(x, axis, -1)
        if not same and y.ndim > 1:
            y = xp.moveaxis(y, axis, -1)
    if not same and x.shape[-1] != y.shape[-1]:
        if x.shape[-1] < y.shape[-1]:
            x = xp.concatenate([x, xp.zeros(x.shape[:-1] + (y.shape[-1] - x.shape[-1],))], axis=-1)
        else:
            y = xp.concatenate([y, xp.zeros(y.shape[:-1] + (x.shape[-1] - y.shape[-1],))], axis=-1)
    if nperseg is not None:
        nperseg = int(nperseg)
        if nperseg < 1:
            raise ValueError("nperseg must be a positive integer")
    win, nperseg = triage_segments(window, nperseg, x.shape[-1])
    if nfft is None:
        nfft = nperseg
    elif nfft < nperseg:
        raise ValueError("nfft must be greater than or equal to nperseg.")
    else:
        nfft = int(nfft)
    noverlap = nperseg // 2 if noverlap is None else int(noverlap)
    if noverlap >= nperseg:
        raise ValueError("noverlap must be less than nperseg.")
    step = nperseg - noverlap
    if boundary is not None:
        x = boundary_extension(x, nperseg // 2, boundary)
        if not same:
            y = boundary_extension(y, nperseg // 2, boundary)
    if padded:
        extra = (-(x.shape[-1] - nperseg) % step) % nperseg
        x = xp.concatenate([x, xp.zeros(x.shape[:-1] + (extra,), dtype=x.dtype)], axis=-1)
        if not same:
            y = xp.concatenate([y, xp.zeros(y.shape[:-1] + (extra,), dtype=y.dtype)], axis=-1)
    if numpy.result_type(win.dtype, numpy.complex64) != out_dtype:
        win = win.astype(out_dtype)
    w = xp.asnumpy(win).astype(numpy.complex128 if win.dtype.kind == "c" else numpy.float64)
    if scaling == "density":
        scale = 1.0 / (fs * (w * w).sum())
    elif scaling == "spectrum":
        scale = 1.0 / w.sum() ** 2
    else:
        raise ValueError(f"Unknown scaling: {scaling!r}")
    if mode == "stft":
        scale = numpy.sqrt(scale)
    sides = "twosided"
    if return_onesided:
        if x.dtype.kind == "c" or (not same and y.dtype.kind == "c"):
            warnings.warn("Input data is complex, switching to return_onesided=False", stacklevel=3)
        else:
            sides = "onesided"
    freqs = numpy.fft.fftfreq(nfft, 1 / fs) if sides == "twosided" else numpy.fft.rfftfreq(nfft, 1 / fs)
    result = _segment_transforms(x, win, detrend, nperseg, noverlap, nfft, sides, axis)
    if not same:
        result = xp.conjugate(result) * _segment_transforms(y, win, detrend, nperseg, noverlap, nfft, sides, axis)
    elif mode == "psd":
        result = xp.conjugate(result) * result
    factor = numpy.full(result.shape[-1], scale)
    if sides == "onesided" and mode == "psd":
        factor[1:] *= 2
        if nfft % 2 == 0:
            factor[-1] /= 2  # the unpaired Nyquist bin
    result = (result * xp.asarray(factor.astype(result.real.dtype))).astype(out_dtype)
    times = numpy.arange(nperseg / 2, x.shape[-1] - nperseg / 2 + 1, nperseg - noverlap) / float(fs)
    if boundary is not None:
        times -= (nperseg / 2) / fs
    if same and mode != "stft":
        result = result.real
    if axis < 0:
        axis -= 1
    result = xp.moveaxis(result, -1, axis)
    return xp.asarray(freqs), xp.asarray(times), result

