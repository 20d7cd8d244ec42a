# SPDX-License-Identifier: BSD-3-Clause
"""Derivative filters: prewitt, sobel, laplace, their generic forms over a
user's derivative function, and the Gaussian Laplacian and gradient
magnitude. Each is a few 1-D correlations (or the caller's derivative) with
the partial results kept in the output's dtype, as SciPy does."""
import numpy

from gpuarray.scipy.ndimage import _array_ops as xp
from gpuarray.scipy.ndimage._correlate import correlate1d
from gpuarray.scipy.ndimage._smoothing import gaussian_filter
from gpuarray.scipy.ndimage._support import (
    as_array, check_axes, check_axis, filter_mode, output_array, sequence, to_device,
)

__all__ = ["prewitt", "sobel", "laplace", "generic_laplace", "generic_gradient_magnitude", "gaussian_laplace",
           "gaussian_gradient_magnitude"]


def _output_for(x, output):
    """An array to write into: the caller's, or a new one of the output dtype."""
    dtype, out = output_array(output, x)
    return out if out is not None else xp.empty(tuple(x.shape), dtype=dtype)


def _edge_filter(input, axis, output, mode, cval, smoothing):
    x = as_array(input)
    axis = check_axis(axis, x.ndim)
    modes = [filter_mode(m) for m in sequence(mode, x.ndim)]
    out = _output_for(x, output)
    x = to_device(x)
    correlate1d(x, [-1, 0, 1], axis, out, modes[axis], cval, 0)
    for other in range(x.ndim):
        if other != axis:
            correlate1d(out, smoothing, other, out, modes[other], cval, 0)
    return out


def prewitt(input, axis=-1, output=None, mode="reflect", cval=0.0):
    """Calculate a Prewitt filter.

    The central difference [-1, 0, 1] along `axis`, smoothed by [1, 1, 1]
    along every other axis.

    Parameters
    ----------
    input : array_like
        The input array.
    axis : int, optional
        The axis of the derivative. Default is -1.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    mode : str or sequence, optional
        How the input is extended past its edges (see correlate1d), one
        mode or one per axis.
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.

    Returns
    -------
    prewitt : ndarray
        The filtered array (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For an unknown mode or a wrong `output`.

    See Also
    --------
    scipy.ndimage.prewitt, sobel

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.prewitt(xp.asarray([[0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 1, 1]]), axis=1).tolist()
    [[0, 3, 3, 0], [0, 3, 3, 0], [0, 3, 3, 0]]
    """
    return _edge_filter(input, axis, output, mode, cval, [1, 1, 1])


def sobel(input, axis=-1, output=None, mode="reflect", cval=0.0):
    """Calculate a Sobel filter.

    The central difference [-1, 0, 1] along `axis`, smoothed by [1, 2, 1]
    along every other axis.

    Parameters
    ----------
    input : array_like
        The input array.
    axis : int, optional
        The axis of the derivative. Default is -1.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    mode : str or sequence, optional
        How the input is extended past its edges (see correlate1d), one
        mode or one per axis.
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.

    Returns
    -------
    sobel : ndarray
        The filtered array (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For an unknown mode or a wrong `output`.

    See Also
    --------
    scipy.ndimage.sobel, prewitt

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.sobel(xp.asarray([[0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 1, 1]]), axis=1).tolist()
    [[0, 4, 4, 0], [0, 4, 4, 0], [0, 4, 4, 0]]
    """
    return _edge_filter(input, axis, output, mode, cval, [1, 2, 1])


def generic_laplace(input, derivative2, output=None, mode="reflect", cval=0.0, extra_arguments=(),
                    extra_keywords=None, *, axes=None):
    """N-D Laplace filter using a provided second derivative function.

    The sum over `axes` of ``derivative2(input, axis, output, mode, cval,
    *extra_arguments, **extra_keywords)``.

    Parameters
    ----------
    input : array_like
        The input array.
    derivative2 : callable
        Called as above; returns the second derivative along `axis` (the
        first call writes into `output`, the later ones get its dtype).
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    mode : str or sequence, optional
        How the input is extended past its edges, one mode or one per axis.
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.
    extra_arguments : sequence, optional
        Extra positional arguments of `derivative2`.
    extra_keywords : dict, optional
        Extra keyword arguments of `derivative2`.
    axes : tuple of int or None, optional
        The axes to sum over. Default: every axis.

    Returns
    -------
    generic_laplace : ndarray
        The filtered array (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For a wrong `output` or mode sequence.

    See Also
    --------
    scipy.ndimage.generic_laplace, laplace

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> def d2(input, axis, output, mode, cval):
    ...     return ndimage.correlate1d(input, [1, -2, 1], axis, output, mode, cval)
    >>> ndimage.generic_laplace(xp.asarray([[0, 0, 0], [0, 1, 0], [0, 0, 0]]), d2, mode="constant").tolist()
    [[0, 1, 0], [1, -4, 1], [0, 1, 0]]
    """
    x = as_array(input)
    extra_keywords = {} if extra_keywords is None else extra_keywords
    axes = check_axes(axes, x.ndim)
    out = _output_for(x, output)
    x = to_device(x)
    if not axes:
        out[...] = x
        return out
    modes = sequence(mode, len(axes))
    derivative2(x, axes[0], out, modes[0], cval, *extra_arguments, **extra_keywords)
    for axis, axis_mode in zip(axes[1:], modes[1:]):
        out[...] = out + derivative2(x, axis, out.dtype, axis_mode, cval, *extra_arguments, **extra_keywords)
    return out


def laplace(input, output=None, mode="reflect", cval=0.0, *, axes=None):
    """N-D Laplace filter based on approximate second derivatives.

    The sum over `axes` of the correlation with [1, -2, 1].

    Parameters
    ----------
    input : array_like
        The input array.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    mode : str or sequence, optional
        How the input is extended past its edges, one mode or one per axis.
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.
    axes : tuple of int or None, optional
        The axes to sum over. Default: every axis.

    Returns
    -------
    laplace : ndarray
        The filtered array (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For an unknown mode or a wrong `output`.

    See Also
    --------
    scipy.ndimage.laplace, generic_laplace, gaussian_laplace

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.laplace(xp.asarray([[0, 0, 0], [0, 1, 0], [0, 0, 0]]), mode="constant").tolist()
    [[0, 1, 0], [1, -4, 1], [0, 1, 0]]
    """
    def derivative2(x, axis, output, mode, cval):
        return correlate1d(x, [1, -2, 1], axis, output, mode, cval, 0)
    return generic_laplace(input, derivative2, output, mode, cval, axes=axes)


def generic_gradient_magnitude(input, derivative, output=None, mode="reflect", cval=0.0, extra_arguments=(),
                               extra_keywords=None, *, axes=None):
    """Gradient magnitude using a provided gradient function.

    The square root of the sum over `axes` of ``derivative(input, axis,
    output, mode, cval, *extra_arguments, **extra_keywords)`` squared.

    Parameters
    ----------
    input : array_like
        The input array.
    derivative : callable
        Called as above; returns the first derivative along `axis`.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    mode : str or sequence, optional
        How the input is extended past its edges, one mode or one per axis.
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.
    extra_arguments : sequence, optional
        Extra positional arguments of `derivative`.
    extra_keywords : dict, optional
        Extra keyword arguments of `derivative`.
    axes : tuple of int or None, optional
        The axes to sum over. Default: every axis.

    Returns
    -------
    generic_gradient_magnitude : ndarray
        The filtered array (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For a wrong `output` or mode sequence.

    Notes
    -----
    The squares and their sum are in the output's dtype (integers wrap),
    as SciPy's.

    See Also
    --------
    scipy.ndimage.generic_gradient_magnitude, gaussian_gradient_magnitude

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.asarray([[0.0, 0, 0], [0, 3, 4], [0, 0, 0]])
    >>> ndimage.generic_gradient_magnitude(a, ndimage.sobel)[1].tolist()
    [6.0, 8.0, 2.0]
    """
    x = as_array(input)
    extra_keywords = {} if extra_keywords is None else extra_keywords
    axes = check_axes(axes, x.ndim)
    out = _output_for(x, output)
    x = to_device(x)
    if not axes:
        out[...] = x
        return out
    modes = sequence(mode, len(axes))
    derivative(x, axes[0], out, modes[0], cval, *extra_arguments, **extra_keywords)
    total = out * out
    for axis, axis_mode in zip(axes[1:], modes[1:]):
        term = as_array(derivative(x, axis, out.dtype, axis_mode, cval, *extra_arguments, **extra_keywords))
        total = total + term * term
    out[...] = total.astype(out.dtype)
    out[...] = xp.sqrt(out) if numpy.dtype(out.dtype).kind in "fc" else xp.sqrt(out.astype(numpy.float64))
    return out


def _full_sigma(sigma, axes, ndim):
    sigmas = sequence(sigma, len(axes))
    full = [0] * ndim
    for s, axis in zip(sigmas, axes):
        full[axis] = s
    return full


def gaussian_laplace(input, sigma, output=None, mode="reflect", cval=0.0, *, axes=None, **kwargs):
    """Multidimensional Laplace filter using Gaussian second derivatives.

    The sum over `axes` of gaussian_filter with order 2 along that axis.

    Parameters
    ----------
    input : array_like
        The input array.
    sigma : scalar or sequence of scalars
        The Gaussian's standard deviation, one or one per filtered axis.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    mode : str or sequence, optional
        How the input is extended past its edges, one mode or one per axis.
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.
    axes : tuple of int or None, optional
        The axes to sum over. Default: every axis.
    **kwargs
        `truncate` or `radius`, passed to gaussian_filter.

    Returns
    -------
    gaussian_laplace : ndarray
        The filtered array (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For an unknown mode or a wrong `output`.

    See Also
    --------
    scipy.ndimage.gaussian_laplace, gaussian_filter, laplace

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.zeros((5, 5)); a[2, 2] = 1.0
    >>> float(ndimage.gaussian_laplace(a, sigma=1)[2, 2].round(4))
    -0.3183
    """
    x = as_array(input)
    axes = check_axes(axes, x.ndim)
    sigmas = _full_sigma(sigma, axes, x.ndim)

    def derivative2(x, axis, output, mode, cval, sigma, **kwargs):
        order = [0] * x.ndim
        order[axis] = 2
        return gaussian_filter(x, sigma, order, output, mode, cval, **kwargs)
    return generic_laplace(x, derivative2, output, mode, cval, extra_arguments=(sigmas,), extra_keywords=kwargs,
                           axes=axes)


def gaussian_gradient_magnitude(input, sigma, output=None, mode="reflect", cval=0.0, *, axes=None, **kwargs):
    """Multidimensional gradient magnitude using Gaussian derivatives.

    The square root of the sum over `axes` of gaussian_filter with order 1
    along that axis, squared.

    Parameters
    ----------
    input : array_like
        The input array.
    sigma : scalar or sequence of scalars
        The Gaussian's standard deviation, one or one per filtered axis.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    mode : str or sequence, optional
        How the input is extended past its edges, one mode or one per axis.
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.
    axes : tuple of int or None, optional
        The axes to sum over. Default: every axis.
    **kwargs
        `truncate` or `radius`, passed to gaussian_filter.

    Returns
    -------
    gaussian_gradient_magnitude : ndarray
        The filtered array (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For an unknown mode or a wrong `output`.

    See Also
    --------
    scipy.ndimage.gaussian_gradient_magnitude, generic_gradient_magnitude

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.zeros((5, 5)); a[2, 2] = 1.0
    >>> float(ndimage.gaussian_gradient_magnitude(a, sigma=1)[2, 3].round(4))
    0.0963
    """
    x = as_array(input)
    axes = check_axes(axes, x.ndim)
    sigmas = _full_sigma(sigma, axes, x.ndim)

    def derivative(x, axis, output, mode, cval, sigma, **kwargs):
        order = [0] * x.ndim
        order[axis] = 1
        return gaussian_filter(x, sigma, order, output, mode, cval, **kwargs)
    return generic_gradient_magnitude(x, derivative, output, mode, cval, extra_arguments=(sigmas,),
                                      extra_keywords=kwargs, axes=axes)
