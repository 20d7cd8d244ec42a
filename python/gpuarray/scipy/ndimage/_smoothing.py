# SPDX-License-Identifier: BSD-3-Clause
"""uniform_filter(1d) and gaussian_filter(1d): the separable smoothing
filters, one 1-D pass per axis with the intermediate results kept in the
output's dtype, as SciPy does.

Note [Uniform filter by running sums]: the mean over a window of `size`
samples is the difference of two values of the cumulative sum of the
extended line, divided by `size`: one scan and one subtraction whatever the
size, so a size-101 filter costs what a size-3 one does."""
import operator

import numpy

from gpuarray.scipy.ndimage import _array_ops as xp
from gpuarray.scipy.ndimage import _kernels
from gpuarray.scipy.ndimage._linear_core import correlate_axis
from gpuarray.scipy.ndimage._support import (
    as_array, cast, check_axes, check_axis, extend, filter_mode, finish, output_array, sequence, to_device, window,
    work_dtype,
)

__all__ = ["uniform_filter1d", "uniform_filter", "gaussian_filter1d", "gaussian_filter"]

# Up to this size a uniform pass on the device is the correlation kernel with
# weights 1/size (one read per tap); past it the running-sum kernel's fixed cost wins.
_KERNEL_TAPS = 16


def _uniform_origin(size, origin):
    origin = operator.index(origin)
    if size // 2 + origin < 0 or size // 2 + origin >= size:
        raise ValueError("invalid origin")
    return origin


def _uniform_axis(x, size, axis, origin, mode, cval):
    """The running mean of `size` samples along `axis` (x in the work type)."""
    if x.size == 0 or size == 1:
        return x
    before = size // 2 + origin
    if size <= _KERNEL_TAPS:  # short windows: the correlation kernel reads size values per output
        fast = _kernels.correlate1d(x, numpy.full(size, 1.0 / size), axis, before, mode, cval)
    else:  # long ones: the running-sum kernel, a fixed cost per output
        fast = _kernels.uniform1d(x, size, axis, before, mode, cval)
    if fast is not None:
        return fast
    if numpy.dtype(x.dtype) == numpy.float32:
        x = x.astype(numpy.float64)  # a float32 running sum would lose the small differences of large sums
    padded = extend(x, axis, before, size - 1 - before, mode, cval)
    sums = xp.cumsum(padded, axis=axis)
    length = x.shape[axis]
    first = window(sums, axis, size - 1, 1)
    later = window(sums, axis, size, length - 1) - window(sums, axis, 0, length - 1)
    return xp.concatenate([first, later], axis=axis) * (1.0 / size)


def _check_size(size):
    size = operator.index(size)
    if size < 1:
        raise RuntimeError("incorrect filter size")
    return size


def uniform_filter1d(input, size, axis=-1, output=None, mode="reflect", cval=0.0, origin=0):
    """Calculate a 1-D uniform filter along the given axis.

    Each output is the mean of the `size` input values around it along
    `axis`.

    Parameters
    ----------
    input : array_like
        The input array.
    size : int
        Length of the uniform filter.
    axis : int, optional
        The axis of `input` along which to calculate. Default is -1.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    mode : {'reflect', 'constant', 'nearest', 'mirror', 'wrap', 'grid-constant', 'grid-mirror', 'grid-wrap'}, optional
        How the input is extended past its edges (see correlate1d).
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.
    origin : int, optional
        Shifts the filter's centre; 0 (default) centres it.

    Returns
    -------
    result : ndarray
        The filtered array (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For a size below 1, an unknown mode or a wrong `output`.
    ValueError
        For an origin outside the window.

    Notes
    -----
    Note [Uniform filter by running sums]: the cost does not grow with
    `size`. Sums are in float64 (complex128), as SciPy's.

    See Also
    --------
    scipy.ndimage.uniform_filter1d, uniform_filter

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.uniform_filter1d(xp.asarray([2, 8, 0, 4, 1, 9, 9, 0]), size=3).tolist()
    [4, 3, 4, 1, 4, 6, 6, 3]
    """
    x = as_array(input)
    axis = check_axis(axis, x.ndim)
    size = _check_size(size)
    origin = _uniform_origin(size, origin)
    mode = filter_mode(mode)
    dtype, out = output_array(output, x, complex_output=x.dtype.kind == "c")
    result = _uniform_axis(to_device(x).astype(work_dtype(x.dtype, dtype)), size, axis, origin, mode, cval)
    return finish(result, dtype, out)


def _separable(x, passes, dtype, out):
    """Apply 1-D passes (functions of a work-type array) one after the other,
    each result cast to the output's dtype first, as SciPy's separable filters."""
    work = work_dtype(x.dtype, dtype)
    result = to_device(x)
    for one_pass in passes:
        result = cast(one_pass(result.astype(work)), dtype)
    return finish(result, dtype, out)


def uniform_filter(input, size=3, output=None, mode="reflect", cval=0.0, origin=0, *, axes=None):
    """Multidimensional uniform filter.

    A uniform (mean) filter of the given size along each of `axes`, one
    axis after another.

    Parameters
    ----------
    input : array_like
        The input array.
    size : int or sequence of ints, optional
        The window's length, one for every filtered axis or one per axis.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    mode : str or sequence, optional
        How the input is extended past its edges (see correlate1d), one
        mode or one per filtered axis.
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.
    origin : int or sequence, optional
        Shifts the filter's centre, one value or one per filtered axis.
    axes : tuple of int or None, optional
        The axes to filter. Default: every axis.

    Returns
    -------
    uniform_filter : ndarray
        The filtered array (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For a size below 1, a sequence of the wrong length, an unknown
        mode or a wrong `output`.
    ValueError
        For bad axes or origins.

    Notes
    -----
    The result of each axis is stored in the output's dtype before the
    next, as SciPy does (integer outputs are truncated at every pass).

    See Also
    --------
    scipy.ndimage.uniform_filter, uniform_filter1d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.arange(16.0).reshape(4, 4)
    >>> ndimage.uniform_filter(a, size=3, mode="nearest")[0].round(4).tolist()
    [1.6667, 2.3333, 3.3333, 4.0]
    """
    x = as_array(input)
    axes = check_axes(axes, x.ndim)
    sizes = [_check_size(s) for s in sequence(size, len(axes))]
    origins = [_uniform_origin(s, o) for s, o in zip(sizes, sequence(origin, len(axes)))]
    modes = [filter_mode(m) for m in sequence(mode, len(axes))]
    dtype, out = output_array(output, x, complex_output=x.dtype.kind == "c")
    passes = [lambda r, a=a, s=s, o=o, m=m: _uniform_axis(r, s, a, o, m, cval)
              for a, s, o, m in zip(axes, sizes, origins, modes) if s > 1]
    return _separable(x, passes, dtype, out)


def gaussian_kernel1d(sigma, order, radius):
    """The correlation weights of gaussian_filter1d: the normalized sampled
    Gaussian at -radius..radius times the polynomial of its order-th
    derivative, q_0 = 1, q_{k+1}(x) = q_k'(x) - x q_k(x) / sigma^2, reversed
    (the derivative is a convolution)."""
    if order < 0:
        raise ValueError("order must be non-negative")
    x = numpy.arange(-radius, radius + 1, dtype=numpy.float64)
    variance = float(sigma) * float(sigma)
    phi = numpy.exp(-0.5 / variance * x * x)
    phi /= phi.sum()
    if order == 0:
        return phi
    q = numpy.array([1.0])  # polynomial coefficients, lowest power first
    for _ in range(order):
        derivative = numpy.polynomial.polynomial.polyder(q) if q.size > 1 else numpy.zeros(1)
        shifted = numpy.concatenate([[0.0], q]) / -variance
        q = shifted.copy()
        q[:derivative.size] += derivative
    return (numpy.polynomial.polynomial.polyval(x, q) * phi)[::-1]


def _gaussian_weights(sigma, order, truncate, radius):
    sd = float(sigma)
    lw = int(float(truncate) * sd + 0.5) if radius is None else radius
    if not isinstance(lw, (int, numpy.integer)) or lw < 0:
        raise ValueError("Radius must be a nonnegative integer.")
    return gaussian_kernel1d(sigma, operator.index(order), int(lw))


def gaussian_filter1d(input, sigma, axis=-1, order=0, output=None, mode="reflect", cval=0.0, truncate=4.0, *,
                      radius=None):
    """1-D Gaussian filter.

    The correlation with the sampled, normalized Gaussian (or its
    derivative of the given order) of standard deviation `sigma`.

    Parameters
    ----------
    input : array_like
        The input array.
    sigma : scalar
        Standard deviation of the Gaussian kernel.
    axis : int, optional
        The axis of `input` along which to calculate. Default is -1.
    order : int, optional
        0 smooths; a positive order convolves with that derivative of the
        Gaussian.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    mode : {'reflect', 'constant', 'nearest', 'mirror', 'wrap', 'grid-constant', 'grid-mirror', 'grid-wrap'}, optional
        How the input is extended past its edges (see correlate1d).
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.
    truncate : float, optional
        The kernel's radius in standard deviations (rounded). Default 4.0.
    radius : None or int, optional
        The kernel's radius; overrides `truncate` when given.

    Returns
    -------
    gaussian_filter1d : ndarray
        The filtered array (`output` itself when an array was given).

    Raises
    ------
    ValueError
        For a negative order or a radius that is not a non-negative integer.
    RuntimeError
        For an unknown mode or a wrong `output`.

    Notes
    -----
    The weights are computed on the host and passed to the correlation as
    numbers: a new sigma compiles nothing.

    See Also
    --------
    scipy.ndimage.gaussian_filter1d, gaussian_filter

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.gaussian_filter1d(xp.asarray([1.0, 2.0, 3.0, 4.0, 5.0]), 1).round(4).tolist()
    [1.427, 2.0678, 3.0, 3.9322, 4.573]
    """
    x = as_array(input)
    axis = check_axis(axis, x.ndim)
    weights = _gaussian_weights(sigma, order, truncate, radius)
    mode = filter_mode(mode)
    dtype, out = output_array(output, x, complex_output=x.dtype.kind == "c")
    result = correlate_axis(to_device(x).astype(work_dtype(x.dtype, dtype)), weights, axis, 0, mode, cval)
    return finish(result, dtype, out)


def gaussian_filter(input, sigma, order=0, output=None, mode="reflect", cval=0.0, truncate=4.0, *, radius=None,
                    axes=None):
    """Multidimensional Gaussian filter.

    A 1-D Gaussian filter along each of `axes` (those of sigma above 1e-15),
    one after another.

    Parameters
    ----------
    input : array_like
        The input array.
    sigma : scalar or sequence of scalars
        Standard deviation, one for every filtered axis or one per axis.
    order : int or sequence of ints, optional
        The derivative order, one or one per filtered axis. Default 0.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    mode : str or sequence, optional
        How the input is extended past its edges (see correlate1d), one
        mode or one per filtered axis.
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.
    truncate : float, optional
        The kernel's radius in standard deviations. Default 4.0.
    radius : None or int or sequence of ints, optional
        The kernels' radii; override `truncate` when given.
    axes : tuple of int or None, optional
        The axes to filter. Default: every axis.

    Returns
    -------
    gaussian_filter : ndarray
        The filtered array (`output` itself when an array was given).

    Raises
    ------
    ValueError
        For negative orders, bad radii, axes or origins.
    RuntimeError
        For sequences of the wrong length, an unknown mode or a wrong
        `output`.

    Notes
    -----
    Each axis's result is stored in the output's dtype before the next, as
    SciPy does.

    See Also
    --------
    scipy.ndimage.gaussian_filter, gaussian_filter1d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.gaussian_filter(xp.arange(50, step=2).reshape(5, 5), sigma=1)[0].tolist()
    [4, 6, 8, 9, 11]
    """
    x = as_array(input)
    axes = check_axes(axes, x.ndim)
    n = len(axes)
    sigmas = sequence(sigma, n)
    orders = sequence(order, n)
    modes = [filter_mode(m) for m in sequence(mode, n)]
    radii = sequence(radius, n)
    weights = [(a, _gaussian_weights(s, o, truncate, r), m)
               for a, s, o, m, r in zip(axes, sigmas, orders, modes, radii) if s > 1e-15]
    dtype, out = output_array(output, x)
    if x.dtype.kind == "c" and dtype.kind != "c" and weights:
        raise RuntimeError("output must have complex dtype")  # SciPy's 1-D passes get a real output array
    passes = [lambda r, a=a, w=w, m=m: correlate_axis(r, w, a, 0, m, cval) for a, w, m in weights]
    return _separable(x, passes, dtype, out)
