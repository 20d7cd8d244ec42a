# SPDX-License-Identifier: BSD-3-Clause
"""spline_filter1d and spline_filter: the B-spline prefilter of the
interpolation functions, with SciPy's boundary conditions.

Note [Spline prefilter as a matrix]: the prefilter of a line of n samples
is linear: a gain, then per pole z a causal recursion c[i] += z c[i-1] and
an anticausal one c[i] = z (c[i+1] - c[i]), each started from a value that
depends on the boundary mode (Unser, Aldroubi and Eden, 1991: mirror,
reflect or periodic extension of the line). Run on the host over the n
columns of the identity it gives the n x n matrix of the filter, and the
device applies that to every line at once with one matrix product per axis
(no sequential recursion on the device; the matrix is cached per length,
order and mode). The product costs n multiply-adds per sample: fine up to
a few thousand samples per axis."""
import functools
import operator

import numpy

from gpuarray.scipy.ndimage import _array_ops as xp
from gpuarray.scipy.ndimage._support import (
    as_array, check_axis, finish, interpolation_mode, output_array, to_device,
)

__all__ = ["spline_filter1d", "spline_filter"]

# The poles of the B-spline prefilter of each order (the roots inside the unit
# circle of the sampled B-spline's z-transform).
_POLES = {
    2: (numpy.sqrt(8.0) - 3.0,),
    3: (numpy.sqrt(3.0) - 2.0,),
    4: (numpy.sqrt(664.0 - numpy.sqrt(438976.0)) + numpy.sqrt(304.0) - 19.0,
        numpy.sqrt(664.0 + numpy.sqrt(438976.0)) - numpy.sqrt(304.0) - 19.0),
    5: (numpy.sqrt(67.5 - numpy.sqrt(4436.25)) + numpy.sqrt(26.25) - 6.5,
        numpy.sqrt(67.5 + numpy.sqrt(4436.25)) - numpy.sqrt(26.25) - 6.5),
}

# The line's extension the recursions assume, per SciPy mode name.
_EXTENSION = {"mirror": "mirror", "constant": "mirror", "wrap": "mirror", "grid-constant": "mirror",
              "grid-wrap": "periodic", "reflect": "reflect", "grid-mirror": "reflect", "nearest": "reflect"}


def _causal_start(c, z, extension):
    """The first value of the causal recursion (c is the n x columns block)."""
    n = c.shape[0]
    powers = z ** numpy.arange(n, dtype=numpy.float64)
    if extension == "mirror":
        zn1 = z ** (n - 1)
        total = c[0] + zn1 * c[n - 1]
        inner = numpy.arange(1, n - 1)
        total = total + (powers[inner, None] * (c[inner] + zn1 * c[n - 1 - inner])).sum(axis=0)
        return total / (1 - zn1 * zn1)
    if extension == "periodic":
        inner = numpy.arange(1, n)
        total = c[0] + (powers[inner, None] * c[n - inner]).sum(axis=0)
        return total / (1 - z ** n)
    zn = z ** n  # reflect
    inner = numpy.arange(1, n)
    # SciPy before 1.18 summed in place in c[0], so its last term read the partial
    # sum (a difference of order z^(2n)); this is the sum 1.18 computes
    total = c[0] + zn * c[n - 1] + (powers[inner, None] * (c[inner] + zn * c[n - 1 - inner])).sum(axis=0)
    return total * (z / (1 - zn * zn)) + c[0]


def _anticausal_start(c, z, extension):
    n = c.shape[0]
    if extension == "mirror":
        return (z * c[n - 2] + c[n - 1]) * z / (z * z - 1)
    if extension == "periodic":
        powers = z ** numpy.arange(1, n, dtype=numpy.float64)
        total = c[n - 1] + (powers[:, None] * c[:n - 1]).sum(axis=0)
        return total * (z / (z ** n - 1))
    return c[n - 1] * (z / (z - 1))


@functools.lru_cache(maxsize=32)
def spline_matrix(n, order, mode):
    """The n x n host matrix of the prefilter (Note [Spline prefilter as a matrix])."""
    extension = _EXTENSION[mode]
    poles = _POLES[order]
    gain = 1.0
    for z in poles:
        gain *= (1.0 - z) * (1.0 - 1.0 / z)
    c = numpy.eye(n) * gain
    for z in poles:
        c[0] = _causal_start(c, z, extension)
        for i in range(1, n):
            c[i] += z * c[i - 1]
        c[n - 1] = _anticausal_start(c, z, extension)
        for i in range(n - 2, -1, -1):
            c[i] = z * (c[i + 1] - c[i])
    c.setflags(write=False)
    return c


def filter_axis(x, order, axis, mode):
    """The prefilter along `axis` of x (float64 or complex128, on the device)."""
    n = x.shape[axis]
    if order < 2 or n <= 1 or x.size == 0:
        return x
    matrix = xp.asarray(spline_matrix(n, order, mode).T.copy())
    moved = xp.moveaxis(x, axis, -1)
    return xp.moveaxis(xp.matmul(moved, matrix.astype(x.dtype)), -1, axis)


def _check_order(order, low):
    order = operator.index(order)
    if order < low or order > 5:
        raise RuntimeError("spline order not supported")
    return order


def _work(x):
    return x.astype(numpy.complex128 if x.dtype.kind == "c" else numpy.float64)


def spline_filter1d(input, order=3, axis=-1, output=numpy.float64, mode="mirror"):
    """Calculate a 1-D spline filter along the given axis.

    The B-spline coefficients whose spline of the given order interpolates
    the input along `axis` (the input of map_coordinates and its kin with
    prefilter=False).

    Parameters
    ----------
    input : array_like
        The input array.
    order : int, optional
        The spline's order, 0 to 5 (0 and 1 copy the input). Default 3.
    axis : int, optional
        The axis along which the filter runs. Default is -1.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default
        float64; complex input gives complex output).
    mode : {'reflect', 'grid-mirror', 'constant', 'grid-constant', 'nearest', 'mirror', 'grid-wrap', 'wrap'}, optional
        The boundary condition of the coefficients: mirror extension for
        'mirror', 'constant', 'grid-constant' and 'wrap'; half-sample
        reflection for 'reflect', 'grid-mirror' and 'nearest'; periodic for
        'grid-wrap'. Default 'mirror'.

    Returns
    -------
    spline_filter1d : ndarray
        The coefficients (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For an order outside 0..5, an unknown mode or a wrong `output`.

    Notes
    -----
    Note [Spline prefilter as a matrix]: one matrix product per call.

    See Also
    --------
    scipy.ndimage.spline_filter1d, spline_filter, map_coordinates

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> c = ndimage.spline_filter1d(xp.asarray([0.0, 1.0, 0.0, 0.0]), order=3)
    >>> c.round(4).tolist()
    [-0.9333, 1.8667, -0.5333, 0.2667]
    """
    order = _check_order(order, 0)
    x = as_array(input)
    mode = interpolation_mode(mode)
    dtype, out = output_array(output, x, complex_output=x.dtype.kind == "c")
    axis = check_axis(axis, x.ndim)
    x = _work(to_device(x))
    if x.ndim and order > 1:
        x = filter_axis(x, order, axis, mode)
    return finish(x, dtype, out)


def spline_filter(input, order=3, output=numpy.float64, mode="mirror"):
    """Multidimensional spline filter.

    spline_filter1d along every axis, one after another (each result stored
    in the output's dtype, as SciPy does).

    Parameters
    ----------
    input : array_like
        The input array.
    order : int, optional
        The spline's order, 2 to 5. Default 3.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default
        float64; complex input gives complex output).
    mode : {'reflect', 'grid-mirror', 'constant', 'grid-constant', 'nearest', 'mirror', 'grid-wrap', 'wrap'}, optional
        The boundary condition of the coefficients (see spline_filter1d).
        Default 'mirror'.

    Returns
    -------
    spline_filter : ndarray
        The coefficients (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For an order outside 2..5, an unknown mode or a wrong `output`.

    See Also
    --------
    scipy.ndimage.spline_filter, spline_filter1d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.zeros((3, 3)); a[1, 1] = 1.0
    >>> ndimage.spline_filter(a)[1].round(4).tolist()
    [-2.0, 4.0, -2.0]
    """
    order = _check_order(order, 2)
    x = as_array(input)
    mode = interpolation_mode(mode)
    dtype, out = output_array(output, x, complex_output=x.dtype.kind == "c")
    x = _work(to_device(x))
    for axis in range(x.ndim):
        x = _work(filter_axis(x, order, axis, mode).astype(dtype))
    return finish(x, dtype, out)
