# SPDX-License-Identifier: BSD-3-Clause
"""Extremes and positions of labeled regions: minimum, maximum,
minimum_position, maximum_position, extrema and center_of_mass (Note
[Regions by group numbers] in _regions.py)."""
import numpy

from gpuarray.scipy.ndimage import _array_ops as xp
from gpuarray.scipy.ndimage._regions import Regions

__all__ = ["minimum", "maximum", "minimum_position", "maximum_position", "extrema", "center_of_mass"]


def _extreme(regions, largest):
    """(per-group extreme values, per-group first flat position of them)."""
    values, group, positions = regions.members()
    dtype = numpy.dtype(values.dtype)
    if dtype.kind == "f":
        start = -numpy.inf if largest else numpy.inf
    elif dtype.kind == "b":
        start = not largest
    else:
        start = numpy.iinfo(dtype).min if largest else numpy.iinfo(dtype).max
    best = xp.full((regions.count,), start, dtype=dtype)
    (xp.maximum if largest else xp.minimum).at(best, group, values)
    counts = regions.sizes(group)
    hits = xp.nonzero(values == xp.take(best, group))[0]
    first = xp.full((regions.count,), regions.values.size, dtype=numpy.int64)
    xp.minimum.at(first, xp.take(group, hits), xp.take(positions, hits).astype(numpy.int64))
    empty = counts == 0
    best = xp.where(empty, xp.zeros((1,), dtype=dtype), best)
    first = xp.where(empty, 0, first)
    return best, first


def _positions(regions, flat):
    """Host tuples of indices for per-group flat positions."""
    flat = numpy.asarray(xp.asnumpy(flat)).astype(numpy.int64)
    shape = regions.shape if regions.shape else (1,)
    rows = numpy.stack(numpy.unravel_index(flat, shape), axis=-1) if regions.shape else numpy.zeros((len(flat), 0))
    return regions.host_result([tuple(int(v) for v in row) for row in rows])


def minimum(input, labels=None, index=None):
    """Calculate the minimum of the values of an array over labeled regions.

    Parameters
    ----------
    input : array_like
        The values.
    labels : array_like of ints, optional
        Labels of the regions.
    index : array_like, optional
        The labels of the regions to measure.

    Returns
    -------
    minimum : ndarray
        The minima in the input's dtype (0 for an empty region).

    See Also
    --------
    scipy.ndimage.minimum, maximum, extrema

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.minimum(xp.asarray([5, 2, 3, 4]), xp.asarray([1, 1, 2, 2]), index=[1, 2]).tolist()
    [2, 3]
    """
    regions = Regions(input, labels, index)
    return regions.result(_extreme(regions, False)[0])


def maximum(input, labels=None, index=None):
    """Calculate the maximum of the values of an array over labeled regions.

    Parameters
    ----------
    input : array_like
        The values.
    labels : array_like of ints, optional
        Labels of the regions.
    index : array_like, optional
        The labels of the regions to measure.

    Returns
    -------
    maximum : ndarray
        The maxima in the input's dtype (0 for an empty region).

    See Also
    --------
    scipy.ndimage.maximum, minimum, extrema

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.maximum(xp.asarray([5, 2, 3, 4]), xp.asarray([1, 1, 2, 2]), index=[1, 2]).tolist()
    [5, 4]
    """
    regions = Regions(input, labels, index)
    return regions.result(_extreme(regions, True)[0])


def minimum_position(input, labels=None, index=None):
    """Find the positions of the minimums of the values of an array at labels.

    Parameters
    ----------
    input : array_like
        The values.
    labels : array_like of ints, optional
        Labels of the regions.
    index : array_like, optional
        The labels of the regions to measure.

    Returns
    -------
    output : tuple or list of tuples
        The index of the first minimum (raster order) of each region, on
        the host.

    See Also
    --------
    scipy.ndimage.minimum_position, maximum_position

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.minimum_position(xp.asarray([[4, 1], [1, 3]]))
    (0, 1)
    """
    regions = Regions(input, labels, index)
    return _positions(regions, _extreme(regions, False)[1])


def maximum_position(input, labels=None, index=None):
    """Find the positions of the maximums of the values of an array at labels.

    Parameters
    ----------
    input : array_like
        The values.
    labels : array_like of ints, optional
        Labels of the regions.
    index : array_like, optional
        The labels of the regions to measure.

    Returns
    -------
    output : tuple or list of tuples
        The index of the first maximum (raster order) of each region, on
        the host.

    See Also
    --------
    scipy.ndimage.maximum_position, minimum_position

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.maximum_position(xp.asarray([[4, 1], [1, 4]]))
    (0, 0)
    """
    regions = Regions(input, labels, index)
    return _positions(regions, _extreme(regions, True)[1])


def extrema(input, labels=None, index=None):
    """Calculate the minimums and maximums of the values of an array at labels, along with their positions.

    Parameters
    ----------
    input : array_like
        The values.
    labels : array_like of ints, optional
        Labels of the regions.
    index : array_like, optional
        The labels of the regions to measure.

    Returns
    -------
    minimums, maximums : ndarray
        As minimum and maximum.
    min_positions, max_positions : tuple or list of tuples
        As minimum_position and maximum_position.

    See Also
    --------
    scipy.ndimage.extrema, minimum, maximum

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> low, high, where_low, where_high = ndimage.extrema(xp.asarray([[4, 1], [1, 5]]))
    >>> int(low), int(high), where_low, where_high
    (1, 5, (0, 1), (1, 1))
    """
    regions = Regions(input, labels, index)
    low, low_at = _extreme(regions, False)
    high, high_at = _extreme(regions, True)
    return regions.result(low), regions.result(high), _positions(regions, low_at), _positions(regions, high_at)


def center_of_mass(input, labels=None, index=None):
    """Calculate the center of mass of the values of an array at labels.

    Parameters
    ----------
    input : array_like
        The masses.
    labels : array_like of ints, optional
        Labels of the regions.
    index : array_like, optional
        The labels of the regions to measure.

    Returns
    -------
    center_of_mass : tuple or list of tuples
        Coordinates of the centres of mass (host floats; NaN for a region
        of zero mass).

    See Also
    --------
    scipy.ndimage.center_of_mass, mean

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.center_of_mass(xp.asarray([[0, 1], [0, 3]]))
    (0.75, 1.0)
    """
    regions = Regions(input, labels, index)
    values, group, positions = regions.members()
    mass = regions.sums(values, group)
    shape = regions.shape
    columns = []
    remaining = positions.astype(numpy.int64)
    coordinates = []
    for extent in reversed(shape):
        coordinates.append(remaining % extent)
        remaining = remaining // extent
    for coordinate in reversed(coordinates):
        with numpy.errstate(invalid="ignore", divide="ignore"):
            columns.append(regions.sums(values.astype(numpy.float64) * coordinate, group) / mass)
    table = numpy.stack([numpy.asarray(xp.asnumpy(c)) for c in columns], axis=-1) if columns else \
        numpy.zeros((regions.count, 0))
    return regions.host_result([tuple(float(v) for v in row) for row in table])
