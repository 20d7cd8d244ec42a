# SPDX-License-Identifier: BSD-3-Clause
"""map_coordinates, affine_transform, shift, zoom, rotate and
geometric_transform: B-spline interpolation (orders 0 to 5) at mapped
coordinates, with SciPy's prefiltering and boundary modes (Note
[Interpolation by gathering taps] in _interp_core.py, Note [Spline
prefilter as a matrix] in _splines.py)."""
import operator
import warnings

import numpy

from gpuarray.scipy.ndimage import _array_ops as xp
from gpuarray.scipy.ndimage._interp_core import interpolate, store
from gpuarray.scipy.ndimage._splines import filter_axis
from gpuarray.scipy.ndimage._support import (
    as_array, extend, host, interpolation_mode, output_array, sequence, to_device,
)

__all__ = ["map_coordinates", "affine_transform", "shift", "zoom", "rotate", "geometric_transform"]

_PREPAD = 12  # samples SciPy pads before prefiltering in 'nearest' and 'grid-constant' modes


def _check_order(order):
    order = operator.index(order)
    if order < 0 or order > 5:
        raise RuntimeError("spline order not supported")
    return order


def _coefficients(x, order, mode, cval, prefilter, space_axes):
    """(coefficients in float64 on the device, the padding added) as SciPy:
    padded by 12 in 'nearest' and 'grid-constant' modes, then prefiltered
    along the interpolated axes when order > 1."""
    x = to_device(x).astype(numpy.float64)
    if not (prefilter and order > 1):
        return x, 0
    npad = 0
    if mode in ("nearest", "grid-constant"):
        npad = _PREPAD
        for axis in space_axes:
            x = extend(x, axis, npad, npad, "nearest" if mode == "nearest" else "constant", cval)
    for axis in space_axes:
        x = filter_axis(x, order, axis, mode)
    return x, npad


def _run(x, coordinates, order, mode, cval, prefilter, dtype, out, space_axes=None):
    """Interpolate x (real, or complex part by part) at `coordinates` (one float64
    array per axis of `space_axes`, the trailing axes; the others are batch)."""
    space_axes = tuple(range(x.ndim)) if space_axes is None else space_axes

    def part(values, value_cval):
        coefficients, npad = _coefficients(values, order, mode, value_cval, prefilter, space_axes)
        return interpolate(coefficients, coordinates, order, mode, value_cval, npad)

    if numpy.dtype(x.dtype).kind == "c":
        x = to_device(x)
        result = part(xp.real(x), float(numpy.real(cval))) + 1j * part(xp.imag(x), float(numpy.imag(cval)))
        result = result.astype(dtype)
    else:
        result = store(part(x, float(cval)), dtype)
    if out is None:
        return result
    out[...] = result
    return out


def map_coordinates(input, coordinates, output=None, order=3, mode="constant", cval=0.0, prefilter=True):
    """Map the input array to new coordinates by interpolation.

    ``output[j] = spline of input at coordinates[:, j]``: the array of
    coordinates gives, for each output, the point of the input to sample.

    Parameters
    ----------
    input : array_like
        The input array.
    coordinates : array_like
        The coordinates at which input is evaluated: shape (input.ndim,) +
        the output's shape.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    order : int, optional
        The spline's order, 0 to 5. Default 3.
    mode : {'reflect', 'grid-mirror', 'constant', 'grid-constant', 'nearest', 'mirror', 'grid-wrap', 'wrap'}, optional
        How coordinates outside the input are handled: 'constant' gives
        `cval` outside [0, n - 1]; 'grid-constant' interpolates with cval
        beyond the edges; 'nearest', 'mirror', 'reflect' (= 'grid-mirror'),
        'wrap' (period n - 1) and 'grid-wrap' (period n) map them in.
        Default 'constant'.
    cval : scalar, optional
        The value outside the input in the constant modes. Default 0.0.
    prefilter : bool, optional
        Whether to spline-filter the input first (order > 1); False means
        the input is already the coefficients. Default True.

    Returns
    -------
    map_coordinates : ndarray
        The result (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For an order outside 0..5, a 0-d input or output, coordinates of the
        wrong shape, an unknown mode or a wrong `output`.
    TypeError
        For complex coordinates.

    Notes
    -----
    Integer outputs are rounded half away from zero and clamped, as
    SciPy's.

    See Also
    --------
    scipy.ndimage.map_coordinates, spline_filter, affine_transform

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.arange(12.0).reshape(4, 3)
    >>> ndimage.map_coordinates(a, [[0.5, 2], [0.5, 1]], order=1).tolist()
    [2.0, 7.0]
    """
    order = _check_order(order)
    x = as_array(input)
    coordinates = as_array(coordinates)
    if numpy.dtype(coordinates.dtype).kind == "c":
        raise TypeError("Complex type not supported")
    out_shape = tuple(coordinates.shape[1:])
    if x.ndim < 1 or len(out_shape) < 1:
        raise RuntimeError("input and output rank must be > 0")
    if coordinates.shape[0] != x.ndim:
        raise RuntimeError("invalid shape for coordinate array")
    mode = interpolation_mode(mode)
    dtype, out = output_array(output, x, shape=out_shape, complex_output=x.dtype.kind == "c")
    coordinates = to_device(coordinates).astype(numpy.float64)
    return _run(x, [coordinates[k] for k in range(x.ndim)], order, mode, cval, prefilter, dtype, out)


def _grid(shape, axis):
    """Output coordinates along `axis` as a float64 vector broadcasting over `shape`."""
    view = [1] * len(shape)
    view[axis] = shape[axis]
    return xp.arange(shape[axis], dtype=numpy.float64).reshape(tuple(view))


def affine_transform(input, matrix, offset=0.0, output_shape=None, output=None, order=3, mode="constant", cval=0.0,
                     prefilter=True):
    """Apply an affine transformation.

    The output at o samples the input at ``matrix @ o + offset`` (a 1-D
    matrix is a diagonal; an (ndim + 1)-square or ndim x (ndim + 1) matrix
    holds the offset in homogeneous coordinates).

    Parameters
    ----------
    input : array_like
        The input array.
    matrix : ndarray
        The inverse transformation, output to input coordinates.
    offset : float or sequence, optional
        The offset of the mapping. Default 0.0.
    output_shape : tuple of ints, optional
        The output's shape (default: `output`'s, else the input's).
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    order : int, optional
        The spline's order, 0 to 5. Default 3.
    mode : {'reflect', 'grid-mirror', 'constant', 'grid-constant', 'nearest', 'mirror', 'grid-wrap', 'wrap'}, optional
        How coordinates outside the input are handled (see
        map_coordinates). Default 'constant'.
    cval : scalar, optional
        The value outside the input in the constant modes. Default 0.0.
    prefilter : bool, optional
        Whether to spline-filter the input first (order > 1). Default True.

    Returns
    -------
    affine_transform : ndarray
        The transformed input (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For an order outside 0..5, a 0-d input, a matrix or offset of the
        wrong shape, an unknown mode or a wrong `output`.
    ValueError
        For a homogeneous matrix whose last row is not (0, ..., 0, 1).

    See Also
    --------
    scipy.ndimage.affine_transform, map_coordinates, shift, zoom, rotate

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.arange(16.0).reshape(4, 4)
    >>> ndimage.affine_transform(a, [[0, 1], [1, 0]], order=1).tolist()[1]
    [1.0, 5.0, 9.0, 13.0]
    """
    order = _check_order(order)
    x = as_array(input)
    if output_shape is None:
        output_shape = tuple(output.shape) if isinstance(output, (xp.ndarray, numpy.ndarray)) else tuple(x.shape)
    output_shape = tuple(operator.index(n) for n in output_shape)
    if x.ndim < 1 or len(output_shape) < 1:
        raise RuntimeError("input and output rank must be > 0")
    mode = interpolation_mode(mode)
    dtype, out = output_array(output, x, shape=output_shape, complex_output=x.dtype.kind == "c")
    matrix = host(matrix).astype(numpy.float64)
    if matrix.ndim not in (1, 2) or matrix.shape[0] < 1:
        raise RuntimeError("no proper affine matrix provided")
    if matrix.ndim == 2 and matrix.shape[1] == x.ndim + 1 and matrix.shape[0] in (x.ndim, x.ndim + 1):
        if matrix.shape[0] == x.ndim + 1:
            expected = [0] * x.ndim + [1]
            if not numpy.all(matrix[x.ndim] == expected):
                raise ValueError(f"Expected homogeneous transformation matrix with shape {matrix.shape} for image "
                                 f"shape {x.shape}, but bottom row was not equal to {expected}")
        offset = matrix[:x.ndim, x.ndim]
        matrix = matrix[:x.ndim, :x.ndim]
    if matrix.shape[0] != x.ndim:
        raise RuntimeError("affine matrix has wrong number of rows")
    if matrix.ndim == 2 and matrix.shape[1] != len(output_shape):
        raise RuntimeError("affine matrix has wrong number of columns")
    offset = numpy.asarray(sequence(offset if not isinstance(offset, numpy.ndarray) else list(offset), x.ndim),
                           dtype=numpy.float64)
    if offset.ndim != 1 or offset.shape[0] < 1:
        raise RuntimeError("no proper offset provided")
    if matrix.ndim == 1:
        with numpy.errstate(divide="ignore", invalid="ignore"):
            shifts = offset / matrix
        coordinates = [(_grid(output_shape, k) + float(shifts[k])) * float(matrix[k]) for k in range(x.ndim)]
    else:
        grids = [_grid(output_shape, k) for k in range(len(output_shape))]
        coordinates = []
        for h in range(x.ndim):
            c = xp.zeros(output_shape, dtype=numpy.float64) + float(offset[h])
            for k, grid in enumerate(grids):
                c = c + grid * float(matrix[h, k])
            coordinates.append(c)
    return _run(x, coordinates, order, mode, cval, prefilter, dtype, out)


def shift(input, shift, output=None, order=3, mode="constant", cval=0.0, prefilter=True):
    """Shift an array.

    The output at o samples the input at o - shift.

    Parameters
    ----------
    input : array_like
        The input array.
    shift : float or sequence
        The shift along the axes, one value or one per axis.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    order : int, optional
        The spline's order, 0 to 5. Default 3.
    mode : {'reflect', 'grid-mirror', 'constant', 'grid-constant', 'nearest', 'mirror', 'grid-wrap', 'wrap'}, optional
        How coordinates outside the input are handled (see
        map_coordinates). Default 'constant'.
    cval : scalar, optional
        The value outside the input in the constant modes. Default 0.0.
    prefilter : bool, optional
        Whether to spline-filter the input first (order > 1). Default True.

    Returns
    -------
    shift : ndarray
        The shifted input (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For an order outside 0..5, a 0-d input, a shift sequence of the
        wrong length, an unknown mode or a wrong `output`.

    See Also
    --------
    scipy.ndimage.shift, affine_transform, fourier_shift

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.shift(xp.asarray([1.0, 2.0, 3.0, 4.0]), 1, order=1).tolist()
    [0.0, 1.0, 2.0, 3.0]
    """
    order = _check_order(order)
    x = as_array(input)
    if x.ndim < 1:
        raise RuntimeError("input and output rank must be > 0")
    mode = interpolation_mode(mode)
    dtype, out = output_array(output, x, complex_output=x.dtype.kind == "c")
    shifts = [-float(s) for s in sequence(shift, x.ndim)]
    shape = tuple(x.shape)
    coordinates = [_grid(shape, k) + shifts[k] for k in range(x.ndim)]
    return _run(x, coordinates, order, mode, cval, prefilter, dtype, out)


def zoom(input, zoom, output=None, order=3, mode="constant", cval=0.0, prefilter=True, *, grid_mode=False):
    """Zoom an array.

    The output has shape round(input.shape * zoom); its first and last
    samples sample the input's (grid_mode=False) or its pixels' outer edges
    line up with the input's (grid_mode=True).

    Parameters
    ----------
    input : array_like
        The input array.
    zoom : float or sequence
        The zoom factor along the axes, one value or one per axis.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    order : int, optional
        The spline's order, 0 to 5. Default 3.
    mode : {'reflect', 'grid-mirror', 'constant', 'grid-constant', 'nearest', 'mirror', 'grid-wrap', 'wrap'}, optional
        How coordinates outside the input are handled (see
        map_coordinates). Default 'constant'.
    cval : scalar, optional
        The value outside the input in the constant modes. Default 0.0.
    prefilter : bool, optional
        Whether to spline-filter the input first (order > 1). Default True.
    grid_mode : bool, optional
        Zoom pixel extents (True) rather than sample centres. Default False.

    Returns
    -------
    zoom : ndarray
        The zoomed input (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For an order outside 0..5, a 0-d input, a zoom sequence of the
        wrong length, an unknown mode or a wrong `output`.

    Warns
    -----
    UserWarning
        With grid_mode=True and mode 'constant' or 'wrap' (SciPy's advice
        to use their 'grid-' forms).

    See Also
    --------
    scipy.ndimage.zoom, affine_transform

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.zoom(xp.asarray([0.0, 1.0, 2.0]), 5 / 3, order=1).tolist()
    [0.0, 0.5, 1.0, 1.5, 2.0]
    """
    order = _check_order(order)
    x = as_array(input)
    if x.ndim < 1:
        raise RuntimeError("input and output rank must be > 0")
    zooms = [float(z) for z in sequence(zoom, x.ndim)]
    out_shape = tuple(int(round(n * z)) for n, z in zip(x.shape, zooms))
    mode = interpolation_mode(mode)
    dtype, out = output_array(output, x, shape=out_shape, complex_output=x.dtype.kind == "c")
    if all(z == 1 for z in zooms) and prefilter:  # SciPy returns the input itself, cast
        result = to_device(x).astype(dtype) if x.dtype.kind == "c" or dtype.kind != "c" else to_device(x)
        if out is None:
            return result.astype(dtype)
        out[...] = result
        return out
    if grid_mode and mode in ("constant", "wrap"):
        warnings.warn(f"It is recommended to use mode = grid-{mode} instead of {mode} when grid_mode is True.",
                      stacklevel=2)
    numerator = numpy.array(x.shape, dtype=numpy.float64)
    divisor = numpy.array(out_shape, dtype=numpy.float64)
    if not grid_mode:
        numerator -= 1
        divisor -= 1
    factors = numpy.divide(numerator, divisor, out=numpy.ones(x.ndim), where=divisor != 0)
    coordinates = []
    for k in range(x.ndim):
        grid = _grid(out_shape, k)
        factor = float(factors[k])
        coordinates.append((grid + 0.5) * factor - 0.5 if grid_mode else grid * factor)
    return _run(x, coordinates, order, mode, cval, prefilter, dtype, out)


def _degree_cos_sin(angle):
    """cos and sin of `angle` degrees, exact at multiples of 90 degrees (as
    scipy.special.cosdg and sindg)."""
    angle = float(angle)
    quarter = angle / 90.0
    if quarter == round(quarter):
        k = int(round(quarter)) % 4
        return (1.0, 0.0, -1.0, 0.0)[k], (0.0, 1.0, 0.0, -1.0)[k]
    radians = numpy.deg2rad(angle % 360.0)
    return float(numpy.cos(radians)), float(numpy.sin(radians))


def rotate(input, angle, axes=(1, 0), reshape=True, output=None, order=3, mode="constant", cval=0.0,
           prefilter=True):
    """Rotate an array.

    The plane of `axes` is rotated by `angle` degrees about its centre, every
    plane parallel to it the same way.

    Parameters
    ----------
    input : array_like
        The input array (at least 2-D).
    angle : float
        The rotation angle in degrees.
    axes : tuple of 2 ints, optional
        The plane of the rotation. Default (1, 0).
    reshape : bool, optional
        Whether the output's plane grows to hold the whole rotated input.
        Default True.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    order : int, optional
        The spline's order, 0 to 5. Default 3.
    mode : {'reflect', 'grid-mirror', 'constant', 'grid-constant', 'nearest', 'mirror', 'grid-wrap', 'wrap'}, optional
        How coordinates outside the input are handled (see
        map_coordinates). Default 'constant'.
    cval : scalar, optional
        The value outside the input in the constant modes. Default 0.0.
    prefilter : bool, optional
        Whether to spline-filter the input first (order > 1). Default True.

    Returns
    -------
    rotate : ndarray
        The rotated input (`output` itself when an array was given).

    Raises
    ------
    ValueError
        For an input of fewer than 2 dimensions or bad axes.
    RuntimeError
        For an order outside 0..5, an unknown mode or a wrong `output`.

    Notes
    -----
    All planes are interpolated together (one gather per tap), not one
    call per plane.

    See Also
    --------
    scipy.ndimage.rotate, affine_transform

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.rotate(xp.asarray([[1, 2], [3, 4]]), 90).tolist()
    [[2, 4], [1, 3]]
    """
    x = as_array(input)
    ndim = x.ndim
    if ndim < 2:
        raise ValueError("input array should be at least 2D")
    axes = list(axes)
    if len(axes) != 2:
        raise ValueError("axes should contain exactly two values")
    if not all(float(a).is_integer() for a in axes):
        raise ValueError("axes should contain only integer values")
    axes = [int(a) + ndim if a < 0 else int(a) for a in axes]
    if axes[0] < 0 or axes[1] < 0 or axes[0] >= ndim or axes[1] >= ndim:
        raise ValueError("invalid rotation plane specified")
    axes.sort()
    order = _check_order(order)
    mode = interpolation_mode(mode)
    c, s = _degree_cos_sin(angle)
    rotation = numpy.array([[c, s], [-s, c]])
    shape = numpy.asarray(x.shape)
    in_plane = shape[axes]
    if reshape:
        iy, ix = in_plane
        bounds = rotation @ [[0, 0, iy, iy], [0, ix, 0, ix]]
        out_plane = (numpy.ptp(bounds, axis=1) + 0.5).astype(int)
    else:
        out_plane = in_plane
    offset = (in_plane - 1) / 2 - rotation @ ((out_plane - 1) / 2)
    out_shape = shape.copy()
    out_shape[axes] = out_plane
    out_shape = tuple(int(n) for n in out_shape)
    dtype, out = output_array(output, x, shape=out_shape, complex_output=x.dtype.kind == "c")
    # the planes become the trailing axes, every other axis a batch axis
    others = [a for a in range(ndim) if a not in axes]
    moved = xp.moveaxis(to_device(x), axes, [ndim - 2, ndim - 1]) if others else to_device(x)
    plane_shape = tuple(int(n) for n in out_plane)
    grids = [_grid(plane_shape, 0), _grid(plane_shape, 1)]
    # summed in SciPy's order (offset first): order 0 rounds, so ties must match
    coordinates = [(grids[0] * float(rotation[h, 0]) + float(offset[h])) + grids[1] * float(rotation[h, 1])
                   for h in range(2)]
    result = _run(moved, coordinates, order, mode, cval, prefilter, dtype, None, space_axes=(ndim - 2, ndim - 1))
    if others:
        result = xp.moveaxis(result, [ndim - 2, ndim - 1], axes)
    if out is None:
        return result
    out[...] = result
    return out


def geometric_transform(input, mapping, output_shape=None, output=None, order=3, mode="constant", cval=0.0,
                        prefilter=True, extra_arguments=(), extra_keywords=None):
    """Apply an arbitrary geometric transform.

    The output at o samples the input at ``mapping(o, *extra_arguments,
    **extra_keywords)``.

    Parameters
    ----------
    input : array_like
        The input array.
    mapping : callable
        Takes an output index (a tuple of ints) and returns the input
        coordinates (a sequence of input.ndim floats).
    output_shape : tuple of ints, optional
        The output's shape (default: the input's).
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    order : int, optional
        The spline's order, 0 to 5. Default 3.
    mode : {'reflect', 'grid-mirror', 'constant', 'grid-constant', 'nearest', 'mirror', 'grid-wrap', 'wrap'}, optional
        How coordinates outside the input are handled (see
        map_coordinates). Default 'constant'.
    cval : scalar, optional
        The value outside the input in the constant modes. Default 0.0.
    prefilter : bool, optional
        Whether to spline-filter the input first (order > 1). Default True.
    extra_arguments : tuple, optional
        Extra positional arguments of `mapping`.
    extra_keywords : dict, optional
        Extra keyword arguments of `mapping`.

    Returns
    -------
    geometric_transform : ndarray
        The transformed input (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For an order outside 0..5, a 0-d input or output, an unknown mode or
        a wrong `output`.

    Notes
    -----
    `mapping` is a Python function: it is called on the host once per
    output, as SciPy does; the coordinates then go to the device in one
    copy. map_coordinates with computed coordinates avoids the loop.

    See Also
    --------
    scipy.ndimage.geometric_transform, map_coordinates

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.arange(12.0).reshape(4, 3)
    >>> ndimage.geometric_transform(a, lambda o: (o[0] - 0.5, o[1] - 0.5), order=1).tolist()[1]
    [0.0, 2.0, 3.0]
    """
    extra_keywords = {} if extra_keywords is None else extra_keywords
    order = _check_order(order)
    x = as_array(input)
    output_shape = tuple(x.shape) if output_shape is None else tuple(operator.index(n) for n in output_shape)
    if x.ndim < 1 or len(output_shape) < 1:
        raise RuntimeError("input and output rank must be > 0")
    mode = interpolation_mode(mode)
    dtype, out = output_array(output, x, shape=output_shape, complex_output=x.dtype.kind == "c")
    points = numpy.empty((x.ndim,) + output_shape, dtype=numpy.float64)
    for index in numpy.ndindex(*output_shape):
        points[(slice(None),) + index] = mapping(index, *extra_arguments, **extra_keywords)
    coordinates = to_device(points)
    return _run(x, [coordinates[k] for k in range(x.ndim)], order, mode, cval, prefilter, dtype, out)
