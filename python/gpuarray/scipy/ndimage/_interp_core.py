# SPDX-License-Identifier: BSD-3-Clause
"""The interpolation core of map_coordinates, affine_transform, shift, zoom
and rotate: B-spline interpolation of prefiltered coefficients at given
coordinates, with SciPy's boundary handling.

Note [Interpolation by gathering taps]: along each axis a coordinate is
first mapped into the line by the mode (mirror, reflect, the two wraps and
nearest as SciPy's map_coordinate; 'constant' marks coordinates outside
[0, n - 1] for cval), then gives the first of order + 1 taps and their
B-spline weights. Taps past the edge read the coefficient the spline's own
boundary condition gives ('grid-constant' reads cval instead). The output is
the sum over the (order + 1)^ndim tap combinations of one gather from the
flattened coefficients times the product of the axes' weights: vectorized
over every output, nothing compiled per coordinate set. Coordinates of each
axis may be full arrays (map_coordinates, affine_transform) or broadcasting
vectors (shift, zoom), which keeps the index arithmetic per axis."""
import itertools

import numpy

from gpuarray.scipy.ndimage import _array_ops as xp


def _trunc(v):
    """C's conversion of a double to an integer (towards zero), as a float."""
    return xp.trunc(v)


def map_coordinate(c, n, mode):
    """SciPy's mapping of coordinates c (float64 array) into a line of n samples;
    'constant' gives -1 outside [0, n - 1]."""
    below, above = c < 0, c > n - 1
    if mode == "nearest":
        return xp.where(below, 0.0, xp.where(above, float(n - 1), c))
    if mode in ("constant", "grid-constant"):
        return xp.where(below | above, -1.0, c)
    if n <= 1:
        return xp.where(below | above, 0.0, c)
    if mode == "mirror":
        period = 2 * n - 2
        low = period * _trunc(-c / period) + c
        low = xp.where(low <= 1 - n, low + period, -low)
        high = c - period * _trunc(c / period)
        high = xp.where(high >= n, period - high, high)
    elif mode in ("reflect", "grid-mirror"):
        period = 2 * n
        low = xp.where(c < -period, period * _trunc(-c / period) + c, c)
        low = xp.where(low < -n, low + period, xp.where(low > -1e-15, 1e-15, -low) - 1)
        high = c - period * _trunc(c / period)
        high = xp.where(high >= n, period - high - 1, high)
    elif mode == "wrap":
        period = n - 1
        low = c + period * (_trunc(-c / period) + 1)
        high = c - period * _trunc(c / period)
    else:  # grid-wrap
        low = c + n * (_trunc((-1 - c) / n) + 1)
        high = c - n * _trunc(c / n)
    return xp.where(below, low, xp.where(above, high, c))


# The boundary condition the taps past an edge follow: the spline prefilter's.
_TAP_MODE = {"constant": "mirror", "wrap": "mirror", "mirror": "mirror", "reflect": "reflect",
             "grid-mirror": "reflect", "nearest": "nearest", "grid-wrap": "grid-wrap"}


def spline_weights(x, order):
    """The order + 1 B-spline weights of the taps around coordinates x (a list
    of arrays shaped as x), the first tap at floor(x) - order // 2 (odd orders)
    or floor(x + 0.5) - order // 2 (even ones)."""
    d = x - xp.floor(x if order & 1 else x + 0.5)  # offset from the middle knot
    y, z = d, 1.0 - d
    if order == 1:
        w = [1.0 - d]
    elif order == 2:
        w = [0.5 * (0.5 - d) * (0.5 - d), 0.75 - d * d]
    elif order == 3:
        w = [z * z * z / 6.0, (y * y * (y - 2.0) * 3.0 + 4.0) / 6.0, (z * z * (z - 2.0) * 3.0 + 4.0) / 6.0]
    elif order == 4:
        t = d * d
        y1 = 1.0 + d
        y0 = 0.5 - d
        w = [y0 * y0 * y0 * y0 / 24.0,
             y1 * (y1 * (y1 * (5.0 - y1) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0,
             t * (t * 0.25 - 0.625) + 115.0 / 192.0,
             z * (z * (z * (5.0 - z) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0]
    else:
        t, u = y * y, z * z
        y1, z1 = y + 1.0, z + 1.0
        w = [z * z * z * z * z / 120.0,
             y1 * (y1 * (y1 * (y1 * (y1 / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425,
             t * (t * (0.25 - y / 12.0) - 0.5) + 0.55,
             u * (u * (0.25 - z / 12.0) - 0.5) + 0.55,
             z1 * (z1 * (z1 * (z1 * (z1 / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425]
    last = 1.0
    for v in w:
        last = last - v  # the weights sum to one: the last is what the others leave
    return w + [last]


def interpolate(coefficients, coordinates, order, mode, cval, npad=0):
    """Interpolate float64 `coefficients` (device, shape batch + space) at
    `coordinates`, one float64 array per space axis broadcasting to the output
    space shape; the result has shape batch + output space shape.
    (Note [Interpolation by gathering taps].)"""
    space = len(coordinates)
    batch_shape = tuple(coefficients.shape[:coefficients.ndim - space])
    dims = tuple(coefficients.shape[coefficients.ndim - space:])
    out_space = numpy.broadcast_shapes(*[tuple(c.shape) for c in coordinates])
    strides = [int(numpy.prod(dims[k + 1:])) for k in range(space)]
    outside = None   # outputs whose coordinate left the input ('constant' mode)
    taps, weights, tap_outside = [], [], []
    for axis, c in enumerate(coordinates):
        n = dims[axis]
        c = c + float(npad)
        if mode not in ("grid-constant", "nearest"):
            c = map_coordinate(c, n, mode)
        if mode == "constant" or (mode not in ("grid-constant", "nearest") and n == 0):
            gone = c <= -1.0
            outside = gone if outside is None else outside | gone
            c = xp.where(gone, 0.0, c)
        start = xp.floor(c if order & 1 else c + 0.5) - order // 2
        axis_taps, axis_out = [], []
        for k in range(order + 1):
            index = start + float(k)
            if mode == "grid-constant":
                axis_out.append((index < 0) | (index > n - 1))
                index = xp.where(axis_out[-1], 0.0, index)
            else:
                index = map_coordinate(index, n, _TAP_MODE[mode])
            axis_taps.append(index.astype(numpy.int64) * strides[axis])
        taps.append(axis_taps)
        tap_outside.append(axis_out)
        weights.append(spline_weights(c, order) if order > 0 else [None])
    flat = coefficients.reshape(batch_shape + (-1,))
    total = None
    for combination in itertools.product(range(order + 1), repeat=space):
        index = taps[0][combination[0]]
        for axis in range(1, space):
            index = index + taps[axis][combination[axis]]
        # the taps of all axes together broadcast to the output's space shape
        value = xp.take(flat, index.reshape(-1), axis=-1).reshape(batch_shape + tuple(out_space))
        if mode == "grid-constant":
            gone = None
            for axis in range(space):
                g = tap_outside[axis][combination[axis]]
                gone = g if gone is None else gone | g
            value = xp.where(gone, cval, value)
        if order > 0:
            for axis in range(space):
                value = value * weights[axis][combination[axis]]
        total = value if total is None else total + value
    if outside is not None:
        total = xp.where(outside, cval, total)
    return total


def store(values, dtype):
    """Interpolated float64 values in the output dtype as SciPy stores them:
    integers rounded half away from zero and clamped (unsigned ones from 0),
    booleans true where non-zero."""
    dtype = numpy.dtype(dtype)
    if dtype.kind == "b":
        return values != 0
    if dtype.kind in "iu":
        info = numpy.iinfo(dtype)
        if dtype.kind == "u":
            values = xp.where(values > 0, values + 0.5, 0.0)
        else:
            values = xp.where(values > 0, values + 0.5, values - 0.5)
        values = xp.minimum(xp.maximum(values, float(info.min)), float(info.max))
        return values.astype(numpy.int64).astype(dtype) if dtype.itemsize < 8 else values.astype(dtype)
    return values.astype(dtype)
