# SPDX-License-Identifier: BSD-3-Clause
"""Savitzky-Golay filtering: savgol_coeffs (a small least-squares solve on
the host, uploaded) and savgol_filter (a direct pass per coefficient on
the device, with ndimage's edge modes; 'interp' replaces the edges by the
polynomial fitted to the first and last windows, a fixed linear map of
those samples made on the host and applied by one matrix product)."""
import math
import operator

import numpy

from gpuarray.scipy.signal import _array_ops as xp

__all__ = ["savgol_coeffs", "savgol_filter"]

_PAD_MODES = {"mirror": "reflect", "nearest": "edge", "wrap": "wrap", "constant": "constant"}


def _host_coeffs(window_length, polyorder, deriv=0, delta=1.0, pos=None, use="conv"):
    if polyorder >= window_length:
        raise ValueError("polyorder must be less than window_length.")
    halflen, rem = divmod(window_length, 2)
    if pos is None:
        pos = halflen - 0.5 if rem == 0 else halflen
    if not 0 <= pos < window_length:
        raise ValueError("pos must be nonnegative and less than window_length.")
    if use not in ("conv", "dot"):
        raise ValueError("`use` must be 'conv' or 'dot'")
    if deriv > polyorder:
        return numpy.zeros(window_length)
    t = numpy.arange(-pos, window_length - pos, dtype=numpy.float64)
    if use == "conv":
        t = t[::-1]
    design = t ** numpy.arange(polyorder + 1, dtype=numpy.float64).reshape(-1, 1)
    target = numpy.zeros(polyorder + 1)
    target[deriv] = math.factorial(deriv) / delta ** deriv
    return numpy.linalg.lstsq(design, target, rcond=None)[0]


def savgol_coeffs(window_length, polyorder, deriv=0, delta=1.0, pos=None, use="conv"):
    """Compute the coefficients for a 1-D Savitzky-Golay FIR filter.

    Parameters
    ----------
    window_length : int
        The length of the filter window.
    polyorder : int
        The order of the polynomial fitted; less than `window_length`.
    deriv : int, optional
        The order of the derivative to compute (default 0).
    delta : float, optional
        The sample spacing (used when `deriv` > 0).
    pos : int or None, optional
        The evaluation point within the window (default its middle).
    use : {'conv', 'dot'}, optional
        Coefficients for a convolution (reversed) or a dot product.

    Returns
    -------
    coeffs : ndarray
        The filter coefficients, float64, on the device.

    Raises
    ------
    ValueError
        For `polyorder` >= `window_length`, a `pos` outside the window, or
        an unknown `use`.

    Notes
    -----
    A least-squares solve of a (polyorder + 1) x window_length Vandermonde
    system on the host, uploaded. SciPy returns a NumPy array.

    See Also
    --------
    savgol_filter

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> xp.asnumpy(signal.savgol_coeffs(5, 2)).round(5).tolist()
    [-0.08571, 0.34286, 0.48571, 0.34286, -0.08571]
    >>> xp.asnumpy(signal.savgol_coeffs(5, 2, deriv=1)).round(5).tolist()
    [0.2, 0.1, 0.0, -0.1, -0.2]
    """
    return xp.asarray(_host_coeffs(window_length, polyorder, deriv, delta, pos, use))


def _edge_map(window_length, polyorder, deriv, delta, rows):
    """The linear map from a window's samples to the `deriv`-th derivative of
    their least-squares polynomial at positions `rows` (host float64)."""
    t = numpy.arange(window_length, dtype=numpy.float64)
    powers = numpy.arange(polyorder + 1)
    fit = numpy.linalg.pinv(t[:, None] ** powers[None, :])
    falling = numpy.array([math.perm(int(k), deriv) if k >= deriv else 0 for k in powers], dtype=numpy.float64)
    at = numpy.asarray(rows, dtype=numpy.float64)[:, None]
    evaluate = falling[None, :] * at ** numpy.maximum(powers - deriv, 0)[None, :]
    return evaluate @ fit / delta ** deriv


def savgol_filter(x, window_length, polyorder, deriv=0, delta=1.0, axis=-1, mode="interp", cval=0.0):
    """Apply a Savitzky-Golay filter to an array.

    Parameters
    ----------
    x : array_like
        The data to be filtered (integers are filtered as float64).
    window_length : int
        The length of the filter window.
    polyorder : int
        The order of the polynomial fitted; less than `window_length`.
    deriv : int, optional
        The order of the derivative to compute (default 0).
    delta : float, optional
        The sample spacing (used when `deriv` > 0).
    axis : int, optional
        The axis along which the filter is applied (default -1).
    mode : {'interp', 'mirror', 'constant', 'nearest', 'wrap'}, optional
        Edge handling: polynomial fits of the end windows ('interp',
        default), or ndimage's extension modes.
    cval : scalar, optional
        The value past the edges for 'constant'.

    Returns
    -------
    y : ndarray
        The filtered data, float32 or float64, on the device.

    Raises
    ------
    ValueError
        For an unknown mode, 'interp' with a window longer than the data,
        or `savgol_coeffs`' errors.

    See Also
    --------
    savgol_coeffs

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> x = xp.array([2.0, 2.0, 5.0, 2.0, 1.0, 0.0, 1.0, 4.0, 9.0])
    >>> xp.asnumpy(signal.savgol_filter(x, 5, 2)).round(5).tolist()
    [1.65714, 3.17143, 3.54286, 2.85714, 0.65714, 0.17143, 1.0, 4.0, 9.0]
    >>> xp.asnumpy(signal.savgol_filter(x, 5, 2, mode='nearest')).round(5).tolist()[:3]
    [1.74286, 3.02857, 3.54286]
    """
    if mode not in ("mirror", "constant", "nearest", "interp", "wrap"):
        raise ValueError("mode must be 'mirror', 'constant', 'nearest' 'wrap' or 'interp'.")
    x = xp.asarray(x)
    if x.dtype not in (numpy.float64, numpy.float32):
        x = x.astype(numpy.float64)
    coeffs = _host_coeffs(window_length, polyorder, deriv=deriv, delta=delta)
    axis = operator.index(axis)
    moved = xp.moveaxis(x, axis, -1)
    n = moved.shape[-1]
    if mode == "interp" and window_length > n:
        raise ValueError("If mode is 'interp', window_length must be less than or equal to the size of x.")
    length = coeffs.shape[0]
    pad_mode = "constant" if mode == "interp" else _PAD_MODES[mode]
    fill = 0.0 if mode == "interp" else cval
    if pad_mode == "constant":
        extended = xp.pad(moved, [(0, 0)] * (moved.ndim - 1) + [(length, length)], mode="constant",
                          constant_values=fill)
    else:
        extended = xp.pad(moved, [(0, 0)] * (moved.ndim - 1) + [(length, length)], mode=pad_mode)
    centre = length // 2
    y = xp.zeros(moved.shape, dtype=x.dtype)
    weights = coeffs.astype(x.dtype)
    for j in range(length):
        start = length + centre - j
        xp.add(y, extended[..., start:start + n] * weights[j], out=y)
    if mode == "interp":
        half = window_length // 2
        left = _edge_map(window_length, polyorder, deriv, delta, numpy.arange(half)).astype(x.dtype)
        right = _edge_map(window_length, polyorder, deriv, delta,
                          numpy.arange(window_length - half, window_length)).astype(x.dtype)
        if half:
            y[..., :half] = xp.matmul(moved[..., :window_length], xp.asarray(left.T))
            y[..., n - half:] = xp.matmul(moved[..., n - window_length:], xp.asarray(right.T))
    return xp.moveaxis(y, -1, axis)
