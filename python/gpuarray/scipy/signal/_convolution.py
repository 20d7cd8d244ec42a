# SPDX-License-Identifier: BSD-3-Clause
"""N-D convolution and correlation with SciPy's semantics: convolve,
correlate, fftconvolve, choose_conv_method and correlation_lags.

method='auto' follows SciPy: the FFT where it is faster, except for
integers whose products could exceed float64's 53 bits and for booleans;
"faster" is gpuarray's cost model of its own two paths (Note [Convolution
cost model] in _conv_core), not SciPy's CPU constants, so 'auto' picks the
FFT much earlier than SciPy does (accuracy: Note [Direct correlation])."""
import time
import warnings

import numpy

from gpuarray.cuda import runtime
from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._conv_core import (
    apply_mode, direct_convolve, direct_seconds, fft_convolve, fft_seconds, inputs_swap_needed, normalized_axes,
    reverse_and_conj,
)

__all__ = ["convolve", "correlate", "fftconvolve", "choose_conv_method", "correlation_lags"]

_METHOD_MESSAGE = "Acceptable method flags are 'auto', 'direct', or 'fft'."
_MODE_MESSAGE = "Acceptable mode flags are 'valid', 'same', or 'full'."


def _freq_axes(in1, in2, mode, axes):
    """SciPy's axis preparation of the FFT path: the convolved axes (those of
    length 1 in either operand broadcast instead), a check that the others
    broadcast, and the swap 'valid' may need."""
    s1, s2 = in1.shape, in2.shape
    given = axes is not None
    axes = normalized_axes(in1.ndim, axes)
    if given and not axes:
        raise ValueError("when provided, axes cannot be empty")
    axes = [a for a in axes if s1[a] != 1 and s2[a] != 1]
    if not all(s1[a] == s2[a] or s1[a] == 1 or s2[a] == 1 for a in range(in1.ndim) if a not in axes):
        raise ValueError(f"incompatible shapes for in1 and in2: {s1} and {s2}")
    if inputs_swap_needed(mode, s1, s2, axes=axes):
        in1, in2 = in2, in1
    return in1, in2, axes


def fftconvolve(in1, in2, mode="full", axes=None):
    """Convolve two N-dimensional arrays using FFT.

    Parameters
    ----------
    in1 : array_like
        First input.
    in2 : array_like
        Second input, with as many dimensions as `in1`.
    mode : {'full', 'valid', 'same'}, optional
        The full convolution (default), only the outputs that do not depend
        on zero padding ('valid'), or the centre part the size of `in1`
        ('same').
    axes : int or sequence of int or None, optional
        The axes to convolve over (default all); along the others the
        inputs must match or have length 1, and broadcast.

    Returns
    -------
    out : ndarray
        The convolution, on the device: real for real inputs (integers give
        float64, float32 stays float32), complex otherwise.

    Raises
    ------
    ValueError
        For inputs of different dimensionality, shapes that do not
        broadcast, or a bad mode, with SciPy's messages.

    Notes
    -----
    cuFFT transforms at 7-smooth lengths (SciPy pads to 5-smooth real /
    11-smooth complex lengths for pocketfft), so values agree with SciPy to
    rounding. The error of every output is about eps times the norms of
    both inputs.

    See Also
    --------
    convolve, oaconvolve

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> abs(signal.fftconvolve(xp.array([1.0, 2.0, 3.0]), xp.array([0.0, 1.0, 0.5]))).round(6).tolist()
    [0.0, 1.0, 2.5, 4.0, 1.5]
    >>> signal.fftconvolve(xp.ones((4, 5)), xp.ones((2, 2)), mode='valid').shape
    (3, 4)
    """
    in1, in2 = xp.asarray(in1), xp.asarray(in2)
    if in1.ndim == in2.ndim == 0:
        return in1 * in2
    if in1.ndim != in2.ndim:
        raise ValueError("in1 and in2 should have the same dimensionality")
    if in1.size == 0 or in2.size == 0:
        return xp.asarray(numpy.array([]))
    in1, in2, axes = _freq_axes(in1, in2, mode, axes)
    s1, s2 = in1.shape, in2.shape
    shape = [max(s1[i], s2[i]) if i not in axes else s1[i] + s2[i] - 1 for i in range(in1.ndim)]
    return apply_mode(fft_convolve(in1, in2, axes, shape), s1, s2, mode, axes)


def _integer_precision_ok(volume, kernel):
    """SciPy's guard for integers: the largest possible output must fit float64's mantissa."""
    largest = int(xp.max(xp.abs(volume))) * int(xp.max(xp.abs(kernel))) * min(volume.size, kernel.size)
    return largest <= 2 ** numpy.finfo(numpy.float64).nmant - 1


def choose_conv_method(in1, in2, mode="full", measure=False):
    """Find the fastest convolution/correlation method.

    Parameters
    ----------
    in1 : array_like
        First input.
    in2 : array_like
        Second input, with as many dimensions as `in1`.
    mode : {'full', 'valid', 'same'}, optional
        The output the convolution would keep.
    measure : bool, optional
        If True, time both methods on the device and return the faster with
        the times.

    Returns
    -------
    method : str
        'fft' or 'direct'.
    times : dict, optional
        Seconds per method (only with `measure`).

    Notes
    -----
    SciPy's rules, gpuarray's costs: 'direct' for booleans and for integers
    whose largest possible output exceeds 2**52 (the FFT would round it);
    otherwise the cheaper path by the cost model of Note [Convolution cost
    model] (estimated for an H100), which counts a kernel launch per tap of the
    direct N-D loop. For integer inputs the check reads their maxima back
    to the host.

    See Also
    --------
    convolve, correlate

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.choose_conv_method(xp.ones(10), xp.ones(3))
    'direct'
    >>> signal.choose_conv_method(xp.ones((512, 512)), xp.ones((31, 31)))
    'fft'
    """
    volume, kernel = xp.asarray(in1), xp.asarray(in2)
    if measure:
        times = {}
        for method in ("fft", "direct"):
            times[method] = _time(lambda: convolve(volume, kernel, mode=mode, method=method))
        return ("fft" if times["fft"] < times["direct"] else "direct"), times
    kinds = (volume.dtype.kind, kernel.dtype.kind)
    if any(k in "ui" for k in kinds) and volume.size and kernel.size:
        if not _integer_precision_ok(volume, kernel):
            return "direct"
    if "b" in kinds:
        return "direct"
    if not all(k in "uifc" for k in kinds):
        return "direct"
    if volume.ndim == 0 or volume.size == 0 or kernel.size == 0:
        return "direct"
    itemsize = numpy.result_type(volume.dtype, kernel.dtype, numpy.float32).itemsize
    complex_ = "c" in kinds
    direct = direct_seconds(volume.shape, kernel.shape, itemsize, mode)
    fft = fft_seconds(volume.shape, kernel.shape, itemsize, complex_)
    return "fft" if fft < direct else "direct"


def _time(call, repeats=3):
    """Seconds of the fastest of a few synchronized calls (after one warm-up)."""
    call()
    runtime.deviceSynchronize()
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        call()
        runtime.deviceSynchronize()
        best = min(best, time.perf_counter() - t)
    return best


def convolve(in1, in2, mode="full", method="auto"):
    """Convolve two N-dimensional arrays.

    Parameters
    ----------
    in1 : array_like
        First input.
    in2 : array_like
        Second input, with as many dimensions as `in1`.
    mode : {'full', 'valid', 'same'}, optional
        The full convolution (default), the outputs that do not depend on
        zero padding ('valid'), or the centre part the size of `in1`
        ('same').
    method : {'auto', 'direct', 'fft'}, optional
        Direct sums, the FFT, or the one `choose_conv_method` picks (default).

    Returns
    -------
    out : ndarray
        The convolution in the inputs' common dtype (integers are rounded
        back from the FFT path), on the device.

    Raises
    ------
    ValueError
        For inputs of different dimensionality, 'valid' where neither input
        is as large as the other, or a bad mode or method.

    Warns
    -----
    RuntimeWarning
        When the FFT path gives NaN or inf in its first output (SciPy's
        check: one such input spreads over the whole result).

    Notes
    -----
    'direct' sums each output's products (1-D: gpuarray.convolve's tiled
    kernel; N-D: one pass per tap of the smaller input, so its time grows
    with the number of taps); 'fft' transforms with cuFFT. SciPy's 'auto'
    picks by CPU timings; here by the GPU cost model of `choose_conv_method`.

    See Also
    --------
    correlate, fftconvolve, choose_conv_method

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.convolve(xp.array([1, 2, 3]), xp.array([0, 1, 2])).tolist()
    [0, 1, 4, 7, 6]
    >>> signal.convolve(xp.ones((3, 3)), xp.ones((2, 2)), mode='same', method='direct').tolist()
    [[1.0, 2.0, 2.0], [2.0, 4.0, 4.0], [2.0, 4.0, 4.0]]
    """
    volume, kernel = xp.asarray(in1), xp.asarray(in2)
    if volume.ndim == kernel.ndim == 0:
        return volume * kernel
    if volume.ndim != kernel.ndim:
        raise ValueError("volume and kernel should have the same dimensionality")
    if method not in ("auto", "direct", "fft"):
        raise ValueError(_METHOD_MESSAGE)
    if mode not in ("full", "same", "valid"):
        raise ValueError(_MODE_MESSAGE)
    if inputs_swap_needed(mode, volume.shape, kernel.shape):
        volume, kernel = kernel, volume
    if method == "auto":
        method = choose_conv_method(volume, kernel, mode=mode)
    if method == "fft":
        out = fftconvolve(volume, kernel, mode=mode)
        dtype = numpy.result_type(volume.dtype, kernel.dtype)
        if dtype.kind in "ui":
            out = xp.around(out)
        if out.size:
            first = out.reshape(-1)[0]
            if bool(xp.isnan(first)) or bool(xp.isinf(first)):
                warnings.warn("Use of fft convolution on input with NAN or inf results in NAN or inf output. "
                              "Consider using method='direct' instead.", category=RuntimeWarning, stacklevel=2)
        return out.astype(dtype, copy=False)
    return direct_convolve(volume, kernel, mode)


def correlate(in1, in2, mode="full", method="auto"):
    """Cross-correlate two N-dimensional arrays.

    Parameters
    ----------
    in1 : array_like
        First input.
    in2 : array_like
        Second input, with as many dimensions as `in1`.
    mode : {'full', 'valid', 'same'}, optional
        The full correlation (default), the outputs that do not depend on
        zero padding ('valid'), or the centre part the size of `in1`
        ('same').
    method : {'auto', 'direct', 'fft'}, optional
        As in `convolve`.

    Returns
    -------
    out : ndarray
        ``z[k] = sum_l in1[l] conj(in2[l - k])`` over the lags `mode` keeps,
        in the inputs' common dtype, on the device.

    Raises
    ------
    ValueError
        For inputs of different dimensionality or a bad mode or method.

    Notes
    -----
    The convolution of `in1` with `in2` reversed and conjugated, by the
    method `convolve` uses; 'direct' in 'full' and 'valid' modes with a
    larger `in2` is the swapped correlation reversed and conjugated, as in
    SciPy.

    See Also
    --------
    convolve, correlation_lags

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.correlate(xp.array([1.0, 2.0, 3.0]), xp.array([0.0, 1.0, 0.5])).tolist()
    [0.5, 2.0, 3.5, 3.0, 0.0]
    >>> signal.correlate(xp.array([1.0, 2.0, 3.0]), xp.array([0.0, 1.0, 0.5]), mode='valid').tolist()
    [3.5]
    """
    in1, in2 = xp.asarray(in1), xp.asarray(in2)
    if in1.ndim == in2.ndim == 0:
        return in1 * (xp.conjugate(in2) if in2.dtype.kind == "c" else in2)
    if in1.ndim != in2.ndim:
        raise ValueError("in1 and in2 should have the same dimensionality")
    if mode not in ("full", "same", "valid"):
        raise ValueError(_MODE_MESSAGE)
    if method in ("fft", "auto"):
        return convolve(in1, reverse_and_conj(in2), mode, method)
    if method != "direct":
        raise ValueError(_METHOD_MESSAGE)
    swapped = (mode == "full" and in2.size > in1.size) or inputs_swap_needed(mode, in1.shape, in2.shape)
    if swapped:
        in1, in2 = in2, in1
    out = direct_convolve(in1, reverse_and_conj(in2), mode)
    return reverse_and_conj(out) if swapped else out


def correlation_lags(in1_len, in2_len, mode="full"):
    """Calculates the lag / displacement indices array for 1D cross-correlation.

    Parameters
    ----------
    in1_len : int
        Length of the first input.
    in2_len : int
        Length of the second input.
    mode : {'full', 'valid', 'same'}, optional
        The correlation mode the lags are for.

    Returns
    -------
    lags : numpy.ndarray
        The lag of each output of `correlate` in that mode, a host array
        (as SciPy returns; it is small and made on the host).

    Raises
    ------
    ValueError
        For an unknown mode.

    See Also
    --------
    correlate

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.correlation_lags(3, 2).tolist()
    [-1, 0, 1, 2]
    >>> signal.correlation_lags(5, 3, mode='same').tolist()
    [-1, 0, 1, 2, 3]
    """
    if mode == "full":
        return numpy.arange(-in2_len + 1, in1_len)
    if mode == "same":
        lags = numpy.arange(-in2_len + 1, in1_len)
        mid, bound = lags.size // 2, in1_len // 2
        return lags[mid - bound:mid + bound + in1_len % 2]
    if mode == "valid":
        bound = in1_len - in2_len
        return numpy.arange(bound + 1) if bound >= 0 else numpy.arange(bound, 1)
    raise ValueError(f"Mode {mode} is invalid")
