# SPDX-License-Identifier: BSD-3-Clause
"""fourier_gaussian, fourier_uniform, fourier_ellipsoid and fourier_shift:
multiplications of an array already in the Fourier domain by the transform
of a Gaussian, a box, an ellipsoid or a shift. The frequencies of each axis
(fftfreq, or k / n along `axis` for a real transform of length n) are
computed on the host and broadcast; one elementwise product on the device."""
import operator

import numpy

from gpuarray.scipy.ndimage import _array_ops as xp
from gpuarray.scipy.ndimage._support import as_array, check_axis, sequence, to_device

__all__ = ["fourier_gaussian", "fourier_uniform", "fourier_ellipsoid", "fourier_shift"]


def _output(output, x, complex_only):
    """SciPy's output dtype rule of the Fourier filters (or the caller's array)."""
    dtype = numpy.dtype(x.dtype)
    allowed = (numpy.complex64, numpy.complex128) if complex_only else \
        (numpy.complex64, numpy.complex128, numpy.float32, numpy.float64)
    if output is None:
        if dtype.type in allowed[:2] or (not complex_only and dtype.type == numpy.float32):
            return dtype, None
        return numpy.dtype(numpy.complex128 if complex_only else numpy.float64), None
    if isinstance(output, type):
        if output not in allowed:
            raise RuntimeError("output type not supported")
        return numpy.dtype(output), None
    if tuple(output.shape) != tuple(x.shape):
        raise RuntimeError("output shape not correct")
    return numpy.dtype(output.dtype), output


def _frequencies(x, n, axis):
    """Per axis, the host float64 frequencies broadcasting over x's shape."""
    n = operator.index(n)
    result = []
    for k, extent in enumerate(x.shape):
        if k == axis and n > 0:
            f = numpy.arange(extent, dtype=numpy.float64) / n
        else:
            f = numpy.fft.fftfreq(extent) if extent else numpy.zeros(0)
        view = [1] * x.ndim
        view[k] = extent
        result.append(f.reshape(view))
    return result


def _apply(x, factor, dtype, out):
    values = to_device(x)
    if numpy.dtype(values.dtype).kind not in "fc":
        values = values.astype(numpy.float64)
    result = (values * xp.asarray(factor) if isinstance(factor, numpy.ndarray) else values * factor).astype(dtype)
    if out is None:
        return result
    out[...] = result
    return out


def _factor_product(parts):
    total = numpy.ones((1,) * len(parts)) if parts else numpy.ones(())
    for part in parts:
        total = total * part
    return total


def fourier_gaussian(input, sigma, n=-1, axis=-1, output=None):
    """Multidimensional Gaussian fourier filter.

    Multiplies the input, a Fourier transform, by exp(-2 pi^2 sigma^2 f^2)
    along every axis.

    Parameters
    ----------
    input : array_like
        The input array (a Fourier transform).
    sigma : float or sequence
        The Gaussian's standard deviation, one or one per axis.
    n : int, optional
        If >= 0, the input is the real transform of a signal of length n
        along `axis`. Default -1 (a complex transform).
    axis : int, optional
        The axis of the real transform. Default -1.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (complex64,
        complex128, float32 or float64).

    Returns
    -------
    fourier_gaussian : ndarray
        The filtered input (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For an unsupported output dtype or a wrong output shape.

    See Also
    --------
    scipy.ndimage.fourier_gaussian, gaussian_filter

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.fourier_gaussian(xp.ones(4), 1).round(4).tolist()
    [1.0, 0.2912, 0.0072, 0.2912]
    """
    x = as_array(input)
    dtype, out = _output(output, x, False)
    axis = check_axis(axis, x.ndim)
    sigmas = [float(s) for s in sequence(sigma, x.ndim)]
    parts = [numpy.exp(-2.0 * numpy.pi ** 2 * s * s * f * f) for s, f in zip(sigmas, _frequencies(x, n, axis))]
    return _apply(x, _factor_product(parts), dtype, out)


def fourier_uniform(input, size, n=-1, axis=-1, output=None):
    """Multidimensional uniform fourier filter.

    Multiplies the input, a Fourier transform, by the transform of a box of
    the given size: sin(pi size f) / (pi size f) along every axis.

    Parameters
    ----------
    input : array_like
        The input array (a Fourier transform).
    size : float or sequence
        The box's size, one or one per axis.
    n : int, optional
        If >= 0, the input is the real transform of a signal of length n
        along `axis`. Default -1.
    axis : int, optional
        The axis of the real transform. Default -1.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype.

    Returns
    -------
    fourier_uniform : ndarray
        The filtered input (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For an unsupported output dtype or a wrong output shape.

    See Also
    --------
    scipy.ndimage.fourier_uniform, uniform_filter

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.fourier_uniform(xp.ones(4), 2).round(4).tolist()
    [1.0, 0.6366, 0.0, 0.6366]
    """
    x = as_array(input)
    dtype, out = _output(output, x, False)
    axis = check_axis(axis, x.ndim)
    sizes = [float(s) for s in sequence(size, x.ndim)]
    parts = [numpy.sinc(s * f) for s, f in zip(sizes, _frequencies(x, n, axis))]
    return _apply(x, _factor_product(parts), dtype, out)


def fourier_ellipsoid(input, size, n=-1, axis=-1, output=None):
    """Multidimensional ellipsoid Fourier filter.

    Multiplies the input, a Fourier transform, by the transform of an
    ellipsoid of the given size (a box in 1-D, a disc in 2-D, a ball in 3-D).

    Parameters
    ----------
    input : array_like
        The input array (a Fourier transform), at most 3-D.
    size : float or sequence
        The ellipsoid's size, one or one per axis.
    n : int, optional
        If >= 0, the input is the real transform of a signal of length n
        along `axis`. Default -1.
    axis : int, optional
        The axis of the real transform. Default -1.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype.

    Returns
    -------
    fourier_ellipsoid : ndarray
        The filtered input (`output` itself when an array was given).

    Raises
    ------
    NotImplementedError
        For inputs of more than 3 dimensions (as SciPy).
    RuntimeError
        For an unsupported output dtype or a wrong output shape.

    See Also
    --------
    scipy.ndimage.fourier_ellipsoid, fourier_uniform

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.fourier_ellipsoid(xp.ones(4), 2).round(4).tolist()
    [1.0, 0.6366, 0.0, 0.6366]
    """
    x = as_array(input)
    if x.ndim > 3:
        raise NotImplementedError("Only 1d, 2d and 3d inputs are supported")
    dtype, out = _output(output, x, False)
    if x.size == 0:
        return _apply(x, 1.0, dtype, out)
    axis = check_axis(axis, x.ndim)
    sizes = [float(s) for s in sequence(size, x.ndim)]
    squared = 0.0
    for s, f in zip(sizes, _frequencies(x, n, axis)):
        squared = squared + (numpy.pi * s * f) ** 2
    r = numpy.sqrt(numpy.broadcast_to(squared, tuple(x.shape)) if x.ndim else numpy.asarray(squared))
    with numpy.errstate(divide="ignore", invalid="ignore"):
        if x.ndim == 1:
            factor = numpy.where(r > 0, numpy.sin(r) / r, 1.0)
        elif x.ndim == 2:
            rd = xp.asarray(r)
            j = xp.j1(rd)
            factor = xp.where(rd > 0, 2.0 * j / xp.where(rd > 0, rd, 1.0), 1.0)
            return _apply(x, factor, dtype, out)
        elif x.ndim == 3:
            factor = numpy.where(r > 0, 3.0 * (numpy.sin(r) - r * numpy.cos(r)) / r ** 3, 1.0)
        else:
            factor = numpy.ones(())
    return _apply(x, factor, dtype, out)


def fourier_shift(input, shift, n=-1, axis=-1, output=None):
    """Multidimensional Fourier shift filter.

    Multiplies the input, a Fourier transform, by exp(-2 pi i shift f) along
    every axis: the transform of the shifted signal.

    Parameters
    ----------
    input : array_like
        The input array (a Fourier transform).
    shift : float or sequence
        The shift, one or one per axis.
    n : int, optional
        If >= 0, the input is the real transform of a signal of length n
        along `axis`. Default -1.
    axis : int, optional
        The axis of the real transform. Default -1.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (complex64 or
        complex128).

    Returns
    -------
    fourier_shift : ndarray
        The shifted transform (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For an unsupported output dtype or a wrong output shape.

    See Also
    --------
    scipy.ndimage.fourier_shift, shift

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.fourier_shift(xp.ones(4), 1).real.round(4).tolist()
    [1.0, 0.0, -1.0, 0.0]
    """
    x = as_array(input)
    dtype, out = _output(output, x, True)
    axis = check_axis(axis, x.ndim)
    shifts = [float(s) for s in sequence(shift, x.ndim)]
    phase = 0.0
    for s, f in zip(shifts, _frequencies(x, n, axis)):
        phase = phase + (-2.0 * numpy.pi * s) * f
    factor = numpy.exp(1j * numpy.asarray(phase))
    return _apply(x, factor, dtype, out)
