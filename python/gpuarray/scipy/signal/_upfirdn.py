# SPDX-License-Identifier: BSD-3-Clause
"""upfirdn: upsample, FIR filter, downsample along an axis, with SciPy's
signal extensions at the ends.

The signal is extended by the samples the filter reaches past each end
(gpuarray.pad for the modes NumPy's pad knows, a few elementwise
expressions for SciPy's own: antisymmetric, smooth, line), upsampled by
zero insertion, filtered by a direct pass per tap (a filter longer than 64
taps goes through the FFT), and every `down`-th output kept."""
import operator

import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._conv_core import fft_convolve
from gpuarray.scipy.signal._host_scipy import to_host

__all__ = ["upfirdn"]

_MODES = ("constant", "wrap", "edge", "smooth", "symmetric", "reflect", "antisymmetric", "antireflect", "line")
_NUMPY_MODES = {"wrap": "wrap", "edge": "edge", "symmetric": "symmetric", "reflect": "reflect"}
_DIRECT_TAPS = 64


def _extend(x, npad, mode, cval):
    """x (batch, n) extended by npad samples at both ends of its last axis."""
    if npad == 0:
        return x
    widths = [(0, 0), (npad, npad)]
    if mode == "constant":
        return xp.pad(x, widths, mode="constant", constant_values=cval)
    if mode in _NUMPY_MODES:
        return xp.pad(x, widths, mode=_NUMPY_MODES[mode])
    if mode == "antireflect":
        return xp.pad(x, widths, mode="reflect", reflect_type="odd")
    n = x.shape[-1]
    m = xp.arange(1, npad + 1, dtype=numpy.float64).astype(x.dtype)
    first, last = x[:, :1], x[:, n - 1:]
    if mode == "antisymmetric":
        # the symmetric extension with the sign flipped in every other period of 2n... n samples
        period = numpy.floor_divide(numpy.arange(-npad, n + npad), n)
        sign = numpy.where(period % 2 == 0, 1.0, -1.0).astype(x.real.dtype)
        return xp.pad(x, widths, mode="symmetric") * xp.asarray(sign)
    else:
        if mode == "smooth":
            left_slope = x[:, 1:2] - first if n > 1 else xp.zeros_like(first)
            right_slope = last - x[:, n - 2:n - 1] if n > 1 else xp.zeros_like(last)
        else:  # line: the slope through the first and last samples
            left_slope = right_slope = (last - first) / (n - 1) if n > 1 else xp.zeros_like(first)
        left = first - left_slope * m[::-1]
        right = last + right_slope * m
    return xp.concatenate([left, x, right], axis=-1)


def upfirdn_along_last(h, x2, up, down, mode, cval, dtype):
    """upfirdn of x2 (device, (batch, n)) with host taps h, in `dtype`."""
    batch, n = x2.shape
    padded_taps = -(-h.shape[0] // up) * up
    taps = numpy.concatenate([h, numpy.zeros(padded_taps - h.shape[0])]).astype(dtype)
    full_length = (n - 1) * up + h.shape[0] if n else 0
    out_length = -(-full_length // down)
    if out_length == 0:
        return xp.zeros((batch, 0), dtype=dtype)
    npad = padded_taps // up - 1
    extended = _extend(x2.astype(dtype, copy=False), npad, mode, cval)
    m = extended.shape[-1]
    upsampled = xp.zeros((batch, (m - 1) * up + 1), dtype=dtype)
    upsampled[:, ::up] = extended
    start = npad * up
    stop = start + full_length
    if padded_taps <= _DIRECT_TAPS:
        # outputs start .. stop of the full convolution, a pass per tap
        y = xp.zeros((batch, full_length), dtype=dtype)
        length = upsampled.shape[-1]
        for j in range(padded_taps):
            if taps[j] == 0:
                continue
            lo, hi = max(start, j), min(stop, j + length)
            if lo < hi:
                window = y[:, lo - start:hi - start]
                xp.add(window, upsampled[:, lo - j:hi - j] * taps[j], out=window)
    else:
        full_shape = [batch, upsampled.shape[-1] + padded_taps - 1]
        y = fft_convolve(upsampled, xp.asarray(taps.reshape(1, -1)), [1], full_shape)[:, start:stop]
    return y[:, ::down]


def upfirdn(h, x, up=1, down=1, axis=-1, mode="constant", cval=0):
    """Upsample, FIR filter, and downsample.

    Parameters
    ----------
    h : array_like
        1-D FIR (finite-impulse response) filter coefficients.
    x : array_like
        Input signal array.
    up : int, optional
        Upsampling rate (default 1).
    down : int, optional
        Downsampling rate (default 1).
    axis : int, optional
        The axis of `x` to filter along (default -1).
    mode : str, optional
        Signal extension at the ends: 'constant' (default, `cval`),
        'symmetric', 'reflect', 'edge', 'wrap', 'antisymmetric',
        'antireflect', 'smooth' or 'line', as SciPy.
    cval : float, optional
        The value outside the signal for 'constant'.

    Returns
    -------
    y : ndarray
        The output: the upsampled signal filtered by `h` (the full
        convolution), every `down`-th sample, in the common dtype of `h`,
        `x` and float32, on the device.

    Raises
    ------
    ValueError
        For an `h` that is not 1-D and non-empty, rates below 1, or an
        unknown mode.

    Notes
    -----
    Zero insertion and a direct pass per tap (up to 64 taps; the FFT
    beyond), then decimation; SciPy's polyphase loop computes only the kept
    outputs, so this does about `down` times its arithmetic.

    See Also
    --------
    resample_poly, lfilter

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.upfirdn([1, 1, 1], xp.array([1.0, 1.0, 1.0])).tolist()
    [1.0, 2.0, 3.0, 2.0, 1.0]
    >>> signal.upfirdn([1], xp.array([1.0, 2.0, 3.0]), up=2).tolist()
    [1.0, 0.0, 2.0, 0.0, 3.0]
    """
    h = numpy.asarray(to_host(h))
    if h.ndim != 1 or h.size == 0:
        raise ValueError("h must be 1-D with non-zero length")
    x = xp.asarray(x)
    dtype = numpy.result_type(h.dtype, x.dtype, numpy.float32)
    up, down = int(up), int(down)
    if up < 1 or down < 1:
        raise ValueError("Both up and down must be >= 1")
    if mode not in _MODES:
        raise ValueError(f"Unknown mode: {mode}")
    axis = operator.index(axis)
    if x.ndim == 0:
        x = x.reshape(1)
    moved = xp.moveaxis(x, axis, -1)
    shape = moved.shape
    y = upfirdn_along_last(h, moved.reshape(-1, shape[-1]), up, down, mode, cval, dtype)
    return xp.moveaxis(y.reshape(shape[:-1] + (y.shape[-1],)), -1, axis)
