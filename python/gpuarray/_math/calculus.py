# SPDX-License-Identifier: BSD-3-Clause
"""Numerical calculus on sampled values, as NumPy composes it: trapezoid
(integration), gradient (central differences, one-sided at the edges) and
unwrap (phase unwrapping). Slices, elementwise arithmetic, one sum or
cumulative sum; the host reads values back only where NumPy's result depends
on them (whether the spacing of gradient's sample points is uniform)."""
import math
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

from gpuarray._array_creation.from_data import array, asarray
from gpuarray._array_creation.from_shape import empty_like
from gpuarray._array_manipulation.copying import copyto
from gpuarray._core import ndarray
from gpuarray._math.differences import diff
from gpuarray._ufunc.ufuncs import absolute, logical_and, mod

__all__ = ["trapezoid", "gradient", "unwrap"]


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """Integrate along the given axis using the composite trapezoidal rule.

    ``sum(d * (y[1:] + y[:-1]) / 2)`` along `axis`, where ``d`` is the spacing
    of the sample points.

    Parameters
    ----------
    y : array_like
        The values to integrate (host data is copied to the device first).
    x : array_like, optional
        The sample points: 1-D of ``y.shape[axis]`` values, or an array of
        `y`'s shape. None (default) spaces them `dx` apart.
    dx : scalar, optional
        The spacing when `x` is None (default 1.0).
    axis : int, optional
        The axis to integrate along (default -1).

    Returns
    -------
    trapezoid : ndarray
        `y`'s shape without `axis`; a 0-d array for 1-D input (NumPy returns
        a scalar). Its dtype is that of the arithmetic, as NumPy's (float64
        for integer `y`).

    Raises
    ------
    IndexError
        If `axis` is out of range for `y` (NumPy's error here, not AxisError),
        or `y` is 0-d.
    ValueError
        If `x` does not broadcast against `y` along `axis`.

    Notes
    -----
    NumPy's own formula, kernel for kernel: one `diff` of `x`, an add of the
    shifted slices of `y`, a multiply and a divide, then a `sum`, whose
    summation order differs from NumPy's (results may differ in the last
    bits). Bool `y` adds as NumPy's bool addition does (logical or).

    See Also
    --------
    sum, cumsum, diff

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.trapezoid(xp.array([1, 2, 3]))
    array(4.)
    >>> xp.trapezoid(xp.array([1, 2, 3]), x=xp.array([4, 6, 8]))
    array(8.)
    >>> xp.trapezoid(xp.array([[0, 1, 2], [3, 4, 5]]), axis=0)
    array([1.5, 2.5, 3.5])
    """
    y = asarray(y)
    axis = operator.index(axis)
    if not -y.ndim <= axis < y.ndim:
        raise IndexError("list assignment index out of range")  # NumPy's, from its list of slices
    axis %= y.ndim
    if x is None:
        d = dx
    else:
        x = asarray(x)
        if x.ndim == 1:
            d = diff(x)
            shape = [1] * y.ndim
            shape[axis] = d.shape[0]
            d = d.reshape(shape)  # along `axis`, broadcast over the others
        else:
            d = diff(x, axis=axis)
    later = tuple(slice(1, None) if k == axis else slice(None) for k in range(y.ndim))
    earlier = tuple(slice(None, -1) if k == axis else slice(None) for k in range(y.ndim))
    return (d * (y[later] + y[earlier]) / 2.0).sum(axis)


def _spacing(distances, length):
    """One axis's spacing for gradient: a scalar as it is, or 1-D sample
    coordinates turned into their differences (a scalar again when they are
    evenly spaced, as NumPy decides it: one comparison read back)."""
    if not isinstance(distances, ndarray) and numpy.ndim(distances) == 0:
        return distances
    distances = asarray(distances)
    if distances.ndim == 0:
        return distances
    if distances.ndim != 1:
        raise ValueError("distances must be either scalars or 1d")
    if distances.shape[0] != length:
        raise ValueError("when 1d, distances must match the length of the corresponding dimension")
    if distances.dtype.kind in "iub":
        distances = distances.astype(numpy.float64)
    steps = diff(distances)
    if steps.size and bool((steps == steps[0]).all()):
        return steps[0]
    return steps


def _along(axis, ndim, part):
    """The index selecting `part` (a slice or an int) along `axis` of an ndim-array."""
    return tuple(part if k == axis else slice(None) for k in range(ndim))


def _gradient_axis(f, axis, dx, edge_order, dtype):
    """The derivative of `f` along `axis`: second-order central differences
    inside, one-sided differences of order `edge_order` at the two ends."""
    if f.shape[axis] < edge_order + 1:
        raise ValueError("Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) "
                         "elements are required.")
    out = empty_like(f, dtype=dtype)
    def at(part):
        return _along(axis, f.ndim, part)

    uniform = not isinstance(dx, ndarray) or dx.ndim == 0
    if uniform:
        out[at(slice(1, -1))] = (f[at(slice(2, None))] - f[at(slice(None, -2))]) / (2.0 * dx)
    else:
        dx1, dx2 = dx[:-1], dx[1:]
        shape = [1] * f.ndim
        shape[axis] = -1
        a = (-(dx2) / (dx1 * (dx1 + dx2))).reshape(shape)
        b = ((dx2 - dx1) / (dx1 * dx2)).reshape(shape)
        c = (dx1 / (dx2 * (dx1 + dx2))).reshape(shape)
        out[at(slice(1, -1))] = a * f[at(slice(None, -2))] + b * f[at(slice(1, -1))] + c * f[at(slice(2, None))]
    if edge_order == 1:
        first, last = (dx, dx) if uniform else (dx[0], dx[-1])
        out[at(0)] = (f[at(1)] - f[at(0)]) / first
        out[at(-1)] = (f[at(-1)] - f[at(-2)]) / last
        return out
    if uniform:
        left = (-1.5 / dx, 2.0 / dx, -0.5 / dx)
        right = (0.5 / dx, -2.0 / dx, 1.5 / dx)
    else:
        d1, d2 = dx[0], dx[1]
        left = (-(2.0 * d1 + d2) / (d1 * (d1 + d2)), (d1 + d2) / (d1 * d2), -d1 / (d2 * (d1 + d2)))
        d1, d2 = dx[-2], dx[-1]
        right = (d2 / (d1 * (d1 + d2)), -(d2 + d1) / (d1 * d2), (2.0 * d2 + d1) / (d2 * (d1 + d2)))
    out[at(0)] = left[0] * f[at(0)] + left[1] * f[at(1)] + left[2] * f[at(2)]
    out[at(-1)] = right[0] * f[at(-3)] + right[1] * f[at(-2)] + right[2] * f[at(-1)]
    return out


def gradient(f, *varargs, axis=None, edge_order=1):
    """Return the gradient of an N-dimensional array.

    Second-order accurate central differences inside, first- or second-order
    one-sided differences at the boundaries; the result has `f`'s shape.

    Parameters
    ----------
    f : array_like
        Samples of a scalar function (host data is copied to the device
        first).
    *varargs : scalars or 1-D arrays, optional
        The spacing: none (unit spacing), one scalar for every axis, or one
        value per axis in `axis` order, each a scalar step or the 1-D
        coordinates of the samples along that axis (which may be uneven).
    axis : None or int or tuple of ints, optional
        The axes to differentiate along (default: all).
    edge_order : {1, 2}, optional
        Accuracy order of the differences at the boundaries (default 1).

    Returns
    -------
    gradient : ndarray or tuple of ndarray
        One array per axis (the array itself for a single axis), of `f`'s
        shape; float64 for integer `f`, else `f`'s dtype.

    Raises
    ------
    ValueError
        If an axis has fewer than ``edge_order + 1`` samples, `edge_order`
        is above 2, or coordinates are not 1-D of the axis's length.
    TypeError
        If the number of spacings matches neither one nor the number of
        axes.

    Notes
    -----
    NumPy's formulas, kernel for kernel. Coordinates are checked for even
    spacing as NumPy does, with one comparison read back to the host; uneven
    ones use the second-order formulas for non-uniform grids.

    See Also
    --------
    diff, ediff1d

    Examples
    --------
    >>> import gpuarray as xp
    >>> f = xp.array([1, 2, 4, 7, 11, 16])
    >>> xp.gradient(f)
    array([1. , 1.5, 2.5, 3.5, 4.5, 5. ])
    >>> xp.gradient(f, 2.0)
    array([0.5 , 0.75, 1.25, 1.75, 2.25, 2.5 ])
    >>> xp.gradient(xp.array([1.0, 2.0, 4.0]), xp.array([0.0, 1.0, 1.5]))
    array([1., 3., 4.])
    >>> dy, dx = xp.gradient(xp.array([[1, 2, 6], [3, 4, 5]]))
    >>> dx
    array([[1. , 2.5, 4. ],
           [1. , 1. , 1. ]])
    """
    f = asarray(f)
    ndim = f.ndim
    axes = tuple(range(ndim)) if axis is None else normalize_axis_tuple(axis, ndim)
    if len(varargs) == 0:
        spacings = [1.0] * len(axes)
    elif len(varargs) == 1 and (varargs[0].ndim if isinstance(varargs[0], ndarray) else numpy.ndim(varargs[0])) == 0:
        spacings = [varargs[0]] * len(axes)
    elif len(varargs) == len(axes):
        spacings = [_spacing(d, f.shape[ax]) for d, ax in zip(varargs, axes)]
    else:
        raise TypeError("invalid number of arguments")
    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")
    dtype = f.dtype
    if dtype.kind in "iu":
        f = f.astype(numpy.float64)
        dtype = numpy.dtype(numpy.float64)
    results = tuple(_gradient_axis(f, ax, dx, edge_order, dtype) for ax, dx in zip(axes, spacings))
    return results[0] if len(axes) == 1 else results


def unwrap(p, discont=None, axis=-1, *, period=2 * math.pi):
    """Unwrap by taking the complement of large deltas with respect to the period.

    Wherever two neighbours along `axis` differ by more than `discont`, the
    later values are shifted by multiples of `period` to bring the difference
    into ``[-period/2, period/2]``.

    Parameters
    ----------
    p : array_like
        Input array (host data is copied to the device first).
    discont : float, optional
        The largest jump left alone (default ``period / 2``; smaller values
        act as ``period / 2``).
    axis : int, optional
        Axis along which to unwrap (default -1).
    period : float, optional
        The period of the values (default ``2 * pi``); integer periods work
        on integer input.

    Returns
    -------
    out : ndarray
        The unwrapped values, of `p`'s shape, in the promoted dtype of `p`'s
        differences and `period`.

    Raises
    ------
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    NumPy's composition: a `diff`, the wrapped differences with `mod`, two
    masked copies for the boundary cases, and a `cumsum` of the corrections
    along `axis`.

    See Also
    --------
    diff, mod, angle

    Examples
    --------
    >>> import gpuarray as xp
    >>> phase = xp.array([0.0, 0.78539816, 1.57079633, -2.35619449, -1.57079633])
    >>> xp.unwrap(phase)
    array([0.        , 0.78539816, 1.57079633, 3.92699082, 4.71238898])
    >>> xp.unwrap(xp.array([0, 1, 2, -1, 0]), period=4)
    array([0, 1, 2, 3, 4])
    """
    p = asarray(p)
    axis = normalize_axis_index(axis, p.ndim)
    dd = diff(p, axis=axis)
    if discont is None:
        discont = period / 2
    later = _along(axis, p.ndim, slice(1, None))
    dtype = numpy.result_type(dd.dtype, period)
    if dtype.kind in "iu":
        high, remainder = divmod(period, 2)
        ambiguous = remainder == 0
    else:
        high = period / 2
        ambiguous = True
    low = -high
    wrapped = mod(dd - low, period) + low
    if ambiguous:
        copyto(wrapped, high, where=logical_and(wrapped == low, dd > 0))
    correction = wrapped - dd
    copyto(correction, 0, where=absolute(dd) < discont)
    out = array(p, copy=True, dtype=dtype)
    out[later] = p[later] + correction.cumsum(axis)
    return out
