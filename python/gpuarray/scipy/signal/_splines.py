# SPDX-License-Identifier: BSD-3-Clause
"""1-D B-spline helpers: cspline1d and qspline1d (spline coefficients by
causal and anti-causal first/second-order recursions, run with `lfilter` /
`sosfilt` on the device from SciPy's mirror-symmetric starting values),
cspline1d_eval and qspline1d_eval (the closed-form cubic and quadratic
B-spline bases at mirror-reflected positions), and gauss_spline."""
import math

import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._forward_backward import sosfilt
from gpuarray.scipy.signal._lfilter import lfilter

__all__ = ["cspline1d", "qspline1d", "cspline1d_eval", "qspline1d_eval", "gauss_spline", "sepfir2d"]


def _first_order_coeffs(signal, pole, gain):
    """The spline coefficients of the all-pole pair 1 / ((1 - pole z^-1)(1 - pole z)), times `gain`."""
    k = signal.shape[0]
    powers = xp.asarray(pole ** numpy.arange(k))
    start = xp.sum(powers * signal).reshape(1)
    if k == 1:
        return (pole / (pole - 1) * (signal[0] + pole * start)).reshape(1)
    # causal pass: y+[k] = x[k] + pole y+[k-1], with y+[-1] = sum_j pole^j x[j]
    forward, _ = lfilter([1.0], [1.0, -pole], signal, zi=pole * start)
    last = pole / (pole - 1) * forward[k - 1:k]
    # anti-causal pass: c[k] = pole (c[k+1] - y+[k]), from c[K-1] = pole / (pole - 1) y+[K-1]
    backward, _ = lfilter([-pole], [1.0, -pole], forward[-2::-1], zi=pole * last)
    return xp.concatenate([backward[::-1], last]) * gain


def _smooth_coeff_terms(lamb):
    xi = 1 - 96 * lamb + 24 * lamb * math.sqrt(3 + 144 * lamb)
    omega = math.atan2(math.sqrt(144 * lamb - 1), math.sqrt(xi))
    rho = (24 * lamb - 1 - math.sqrt(xi)) / (24 * lamb)
    rho *= math.sqrt((48 * lamb + 24 * lamb * math.sqrt(3 + 144 * lamb)) / xi)
    return rho, omega


def _causal_response(k, cs, rho, omega):
    return cs / numpy.sin(omega) * rho ** k * numpy.sin(omega * (k + 1)) * (k > -1)


def _symmetric_response(k, cs, rho, omega):
    c0 = cs * cs * (1 + rho * rho) / (1 - rho * rho) / (1 - 2 * rho * rho * numpy.cos(2 * omega) + rho ** 4)
    gamma = (1 - rho * rho) / (1 + rho * rho) / numpy.tan(omega)
    ak = numpy.abs(k)
    return c0 * rho ** ak * (numpy.cos(omega * ak) + gamma * numpy.sin(omega * ak))


def _smoothing_coeffs(signal, lamb):
    rho, omega = _smooth_coeff_terms(lamb)
    cs = 1 - 2 * rho * numpy.cos(omega) + rho * rho
    k = numpy.arange(signal.shape[0])
    a1, a2 = -2 * rho * numpy.cos(omega), rho * rho
    sos = numpy.array([[cs, 0, 0, 1, a1, a2]])
    h0 = _causal_response(0, cs, rho, omega)
    first_two = signal[0] * h0
    y2 = first_two + xp.sum(xp.asarray(_causal_response(k + 1, cs, rho, omega)) * signal)
    y1 = first_two + signal[1] * _causal_response(1, cs, rho, omega) + xp.sum(
        xp.asarray(_causal_response(k + 2, cs, rho, omega)) * signal)
    # the direct-form II transposed state after outputs y1 (newest) and y2
    state = xp.stack([-(a1 * y1 + a2 * y2), -(a2 * y1)]).reshape(1, 2)
    forward, _ = sosfilt(sos, signal[2:], zi=state)
    forward = xp.concatenate([y2.reshape(1), y1.reshape(1), forward])
    reversed_ = signal[::-1]
    z2 = xp.sum(xp.asarray(_symmetric_response(k, cs, rho, omega) + _symmetric_response(k + 1, cs, rho, omega))
                * reversed_)
    z1 = xp.sum(xp.asarray(_symmetric_response(k - 1, cs, rho, omega) + _symmetric_response(k + 2, cs, rho, omega))
                * reversed_)
    state = xp.stack([-(a1 * z1 + a2 * z2), -(a2 * z1)]).reshape(1, 2)
    backward, _ = sosfilt(sos, forward[-3::-1], zi=state)
    return xp.concatenate([backward[::-1], z1.reshape(1), z2.reshape(1)])


def cspline1d(signal, lamb=0.0):
    """Compute cubic spline coefficients for rank-1 array.

    Parameters
    ----------
    signal : ndarray
        A rank-1 array of equally spaced samples.
    lamb : float, optional
        Smoothing coefficient (default 0: interpolation).

    Returns
    -------
    c : ndarray
        The cubic spline coefficients (mirror-symmetric boundaries), on the
        device.

    Notes
    -----
    The causal and anti-causal recursions run as `lfilter` (or, smoothing,
    `sosfilt`) on the device, started from SciPy's mirror-symmetric sums.

    See Also
    --------
    cspline1d_eval, qspline1d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> c = signal.cspline1d(xp.array([0.0, 1.0, 4.0, 9.0, 16.0]))
    >>> xp.asnumpy(signal.cspline1d_eval(c, xp.array([2.0]))).round(6).tolist()
    [4.0]
    """
    signal = xp.asarray(signal)
    if lamb != 0.0:
        return _smoothing_coeffs(signal, lamb)
    return _first_order_coeffs(signal, -2 + math.sqrt(3), 6.0)


def qspline1d(signal, lamb=0.0):
    """Compute quadratic spline coefficients for rank-1 array.

    Parameters
    ----------
    signal : ndarray
        A rank-1 array of equally spaced samples.
    lamb : float, optional
        Smoothing coefficient; must be 0 (as SciPy).

    Returns
    -------
    c : ndarray
        The quadratic spline coefficients, on the device.

    Raises
    ------
    ValueError
        If `lamb` is not 0.

    See Also
    --------
    qspline1d_eval, cspline1d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> c = signal.qspline1d(xp.array([0.0, 1.0, 4.0, 9.0, 16.0]))
    >>> xp.asnumpy(signal.qspline1d_eval(c, xp.array([3.0]))).round(6).tolist()
    [9.0]
    """
    if lamb != 0.0:
        raise ValueError("Smoothing quadratic splines not supported yet.")
    return _first_order_coeffs(xp.asarray(signal), -3 + 2 * math.sqrt(2.0), 8.0)


def _mirrored(newx, n):
    """Positions reflected into [0, n - 1] about both ends (SciPy's recursive mirror symmetry)."""
    period = 2 * (n - 1)
    t = xp.abs(newx) % period if period else xp.abs(newx)
    return xp.where(t > n - 1, period - t, t)


def _cubic_basis(x):
    a = xp.abs(x)
    inner = 2.0 / 3.0 - a * a + a * a * a / 2.0
    outer = (2.0 - a) ** 3 / 6.0
    return xp.where(a < 1, inner, xp.where(a < 2, outer, 0.0))


def _quadratic_basis(x):
    a = xp.abs(x)
    return xp.where(a < 0.5, 0.75 - a * a, xp.where(a < 1.5, (a - 1.5) ** 2 / 2.0, 0.0))


def _spline_eval(cj, newx, dx, x0, basis, reach, terms, dtype):
    newx = (xp.asarray(newx) - x0) / float(dx)
    cj = xp.asarray(cj)
    if cj.size == 0:
        raise ValueError("Spline coefficients 'cj' must not be empty.")
    if newx.size == 0:
        return xp.zeros(newx.shape, dtype=dtype if dtype is not None else cj.dtype)
    n = cj.shape[0]
    t = _mirrored(newx, n)
    first = xp.floor(t - reach).astype(numpy.int64) + 1
    result = xp.zeros(t.shape, dtype=numpy.result_type(cj.dtype, numpy.float64))
    for i in range(terms):
        j = first + i
        result = result + xp.take(cj, xp.clip(j, 0, n - 1)) * basis(t - j)
    return result.astype(dtype if dtype is not None else cj.dtype)


def cspline1d_eval(cj, newx, dx=1.0, x0=0):
    """Evaluate a cubic spline at the new set of points.

    Parameters
    ----------
    cj : ndarray
        Cubic spline coefficients (from `cspline1d`).
    newx : ndarray
        New set of points.
    dx : float, optional
        Old sample spacing.
    x0 : int, optional
        Old origin.

    Returns
    -------
    res : ndarray
        The spline at `newx` (mirror-symmetric outside the samples), in
        `cj`'s dtype, on the device.

    Raises
    ------
    ValueError
        If `cj` is empty.

    See Also
    --------
    cspline1d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> c = signal.cspline1d(xp.array([1.0, 2.0, 3.0, 4.0]))
    >>> xp.asnumpy(signal.cspline1d_eval(c, xp.array([0.5, 1.5]))).round(6).tolist()
    [1.449396, 2.499412]
    """
    return _spline_eval(cj, newx, dx, x0, _cubic_basis, 2.0, 4, None)


def qspline1d_eval(cj, newx, dx=1.0, x0=0):
    """Evaluate a quadratic spline at the new set of points.

    Parameters
    ----------
    cj : ndarray
        Quadratic spline coefficients (from `qspline1d`).
    newx : ndarray
        New set of points.
    dx : float, optional
        Old sample spacing.
    x0 : int, optional
        Old origin.

    Returns
    -------
    res : ndarray
        The spline at `newx` (mirror-symmetric outside the samples), float64,
        on the device.

    Raises
    ------
    ValueError
        If `cj` is empty.

    See Also
    --------
    qspline1d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> c = signal.qspline1d(xp.array([1.0, 2.0, 3.0, 4.0]))
    >>> xp.asnumpy(signal.qspline1d_eval(c, xp.array([1.0, 2.0]))).round(6).tolist()
    [2.0, 3.0]
    """
    return _spline_eval(cj, newx, dx, x0, _quadratic_basis, 1.5, 3, numpy.float64)


def gauss_spline(x, n):
    """Gaussian approximation to B-spline basis function of order n.

    Parameters
    ----------
    x : array_like
        A knot vector.
    n : int
        The order of the spline; must be non-negative.

    Returns
    -------
    res : ndarray
        The Gaussian of variance ``(n + 1) / 12`` at `x`, on the device.

    See Also
    --------
    cspline1d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> xp.asnumpy(signal.gauss_spline(xp.array([0.0, 1.0]), 3)).round(4).tolist()
    [0.691, 0.1542]
    """
    x = xp.asarray(x)
    variance = (n + 1) / 12.0
    return 1 / math.sqrt(2 * math.pi * variance) * xp.exp(-x ** 2 / 2 / variance)


def _symmetric_fir(image, taps, axis):
    """ndimage.convolve1d(image, taps, axis, mode='reflect'): one pass per tap over a symmetric extension."""
    length = taps.shape[0]
    centre = length // 2
    moved = xp.moveaxis(image, axis, -1)
    n = moved.shape[-1]
    extended = xp.pad(moved, [(0, 0)] * (moved.ndim - 1) + [(length, length)], mode="symmetric")
    out = xp.zeros(moved.shape, dtype=image.dtype)
    for j in range(length):
        start = length + centre - j
        xp.add(out, extended[..., start:start + n] * taps[j], out=out)
    return xp.moveaxis(out, -1, axis)


def sepfir2d(input, hrow, hcol):
    """Convolve with a 2-D separable FIR filter.

    Parameters
    ----------
    input : ndarray
        The 2-D input (integers are filtered as float64, float16 as float32).
    hrow : array_like
        The 1-D filter along the rows (applied along the last axis).
    hcol : array_like
        The 1-D filter along the columns (applied along the first axis).

    Returns
    -------
    output : ndarray
        The filtered image, mirror-symmetric at the edges (the edge sample
        repeated), on the device.

    Raises
    ------
    ValueError
        For an input that is not 2-D or filters that are not 1-D and of odd
        length.

    Notes
    -----
    One pass per tap along each axis over a symmetric extension.

    See Also
    --------
    convolve2d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.sepfir2d(xp.ones((3, 4)), [1.0, 2.0, 1.0], [1.0]).tolist()
    [[4.0, 4.0, 4.0, 4.0], [4.0, 4.0, 4.0, 4.0], [4.0, 4.0, 4.0, 4.0]]
    """
    image = xp.asarray(input)
    if image.dtype == numpy.float16:
        image = image.astype(numpy.float32)
    elif image.dtype.kind not in "fc":
        image = image.astype(numpy.float64)
    if image.ndim != 2:
        raise ValueError("input must be 2-D")
    hrow = numpy.asarray(xp.asnumpy(hrow) if isinstance(hrow, xp.ndarray) else hrow)
    hcol = numpy.asarray(xp.asnumpy(hcol) if isinstance(hcol, xp.ndarray) else hcol)
    if hrow.ndim != 1 or hcol.ndim != 1:
        raise ValueError("hrow and hcol must be 1-D")
    if hrow.shape[0] % 2 == 0 or hcol.shape[0] % 2 == 0:
        raise ValueError("hrow and hcol must be odd length")
    out = _symmetric_fir(image, hrow.astype(image.dtype), 1)
    return _symmetric_fir(out, hcol.astype(image.dtype), 0)
