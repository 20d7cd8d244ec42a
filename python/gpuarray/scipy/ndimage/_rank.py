# SPDX-License-Identifier: BSD-3-Clause
"""Order-statistic filters: minimum/maximum_filter(1d), rank_filter,
median_filter and percentile_filter, with SciPy's footprints, modes and
origins.

Note [Min and max filters by doubling]: along one axis the minimum over a
window of `size` samples is the minimum of two overlapping windows of the
largest power of two t <= size (starting at i and at i + size - t), and the
minimum over 2k samples is that over two windows of k: log2(size) + 1
elementwise passes whatever the size. A footprint that is not a full box
takes the minimum over its positions, one shifted view each.

Note [Rank filters by sorting positions]: for rank_filter, median_filter and
percentile_filter the footprint's positions of a slab of rows are stacked
along a new leading axis (one shifted view per position), sorted along it,
and the rank-th row is the output. The stack holds positions x slab
values, so slabs of the first axis keep it near 2^26 values. On the device,
footprints of up to 1024 positions run as one kernel instead (quickselect,
or an unrolled selection in registers up to 9 positions, over the
positions around each output with the borders extended in the kernel,
gpuarray/ndimage/filters.cuh)."""
import math
import operator

import numpy

from gpuarray.scipy.ndimage import _array_ops as xp
from gpuarray.scipy.ndimage import _kernels
from gpuarray.scipy.ndimage._support import (
    as_array, cast, check_axes, check_axis, expand_footprint, expand_origin, extend, filter_mode, finish, host,
    output_array, sequence, to_device, window,
)

__all__ = ["minimum_filter1d", "maximum_filter1d", "minimum_filter", "maximum_filter", "rank_filter",
           "median_filter", "percentile_filter"]

_SLAB_VALUES = 1 << 26


def _check_origin(size, origin):
    origin = operator.index(origin)
    if size // 2 + origin < 0 or size // 2 + origin >= size:
        raise ValueError("invalid origin")
    return origin


def _no_complex(x):
    if numpy.dtype(x.dtype).kind == "c":
        raise TypeError("Complex type not supported")


def _min_max_work(x, cval):
    """x in the type min/max filters compare in: its own where cval is one of its
    values, else float64 (SciPy's buffers are double, cval too)."""
    dtype = numpy.dtype(x.dtype)
    if dtype.kind in "fb" or float(cval) == float(numpy.array(cval).astype(dtype)):
        return x
    return x.astype(numpy.float64)


def _extremum_axis(x, size, axis, origin, mode, cval, pick):
    """min or max (`pick`, xp.minimum or xp.maximum) over `size` samples along `axis`
    (Note [Min and max filters by doubling])."""
    if size == 1 or x.size == 0:
        return x
    before = size // 2 + origin
    padded = extend(x, axis, before, size - 1 - before, mode, cval)
    length = x.shape[axis]
    span = 1
    while span * 2 <= size:
        reach = padded.shape[axis] - span
        padded = pick(window(padded, axis, 0, reach), window(padded, axis, span, reach))
        span *= 2
    return pick(window(padded, axis, 0, length), window(padded, axis, size - span, length))


def _filter1d(input, size, axis, output, mode, cval, origin, pick):
    x = as_array(input)
    _no_complex(x)
    axis = check_axis(axis, x.ndim)
    size = operator.index(size)
    if size < 1:
        raise RuntimeError("incorrect filter size")
    origin = _check_origin(size, origin)
    mode = filter_mode(mode)
    dtype, out = output_array(output, x)
    return finish(_extremum_axis(_min_max_work(to_device(x), cval), size, axis, origin, mode, cval, pick), dtype, out)


def minimum_filter1d(input, size, axis=-1, output=None, mode="reflect", cval=0.0, origin=0):
    """Calculate a 1-D minimum filter along the given axis.

    Each output is the smallest of the `size` input values around it.

    Parameters
    ----------
    input : array_like
        The input array (real).
    size : int
        Length along which to calculate the minimum.
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
    TypeError
        For complex input.
    RuntimeError
        For a size below 1, an unknown mode or a wrong `output`.
    ValueError
        For an origin outside the window.

    Notes
    -----
    Note [Min and max filters by doubling]: log2(size) + 1 passes.

    See Also
    --------
    scipy.ndimage.minimum_filter1d, minimum_filter, maximum_filter1d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.minimum_filter1d(xp.asarray([2, 8, 0, 4, 1, 9, 9, 0]), size=3).tolist()
    [2, 0, 0, 0, 1, 1, 0, 0]
    """
    return _filter1d(input, size, axis, output, mode, cval, origin, xp.minimum)


def maximum_filter1d(input, size, axis=-1, output=None, mode="reflect", cval=0.0, origin=0):
    """Calculate a 1-D maximum filter along the given axis.

    Each output is the largest of the `size` input values around it.

    Parameters
    ----------
    input : array_like
        The input array (real).
    size : int
        Length along which to calculate the maximum.
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
    TypeError
        For complex input.
    RuntimeError
        For a size below 1, an unknown mode or a wrong `output`.
    ValueError
        For an origin outside the window.

    See Also
    --------
    scipy.ndimage.maximum_filter1d, maximum_filter, minimum_filter1d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.maximum_filter1d(xp.asarray([2, 8, 0, 4, 1, 9, 9, 0]), size=3).tolist()
    [8, 8, 8, 4, 9, 9, 9, 9]
    """
    return _filter1d(input, size, axis, output, mode, cval, origin, xp.maximum)


def _padded(x, shape, origins, mode, cval):
    for axis, (size, origin) in enumerate(zip(shape, origins)):
        before = size // 2 + origin
        x = extend(x, axis, before, size - 1 - before, mode, cval)
    return x


def _shifted(padded, position, shape):
    return padded[tuple(slice(p, p + n) for p, n in zip(position, shape))]


def min_or_max(x, footprint, structure, origins, mode, cval, minimum):
    """The N-D min or max of x (footprint and structure over every axis) over the
    footprint's positions, structure values subtracted (min) or added (max)."""
    x = _min_max_work(x, cval) if structure is None else x.astype(numpy.float64)
    padded = _padded(x, footprint.shape, origins, mode, cval)
    pick = xp.minimum if minimum else xp.maximum
    result = None
    for position in zip(*numpy.nonzero(footprint)):
        term = _shifted(padded, position, x.shape)
        if structure is not None:
            offset = float(structure[position])
            term = term - offset if minimum else term + offset
        result = term if result is None else pick(result, term)
    return result


def min_or_max_filter(input, size, footprint, structure, output, mode, cval, origin, minimum, axes):
    x = as_array(input)
    axes = check_axes(axes, x.ndim)
    n = len(axes)
    separable = False
    if structure is None:
        if footprint is None:
            if size is None:
                raise RuntimeError("no footprint or filter size provided")
            separable = True
        else:
            footprint = host(footprint).astype(bool)
            if not footprint.any():
                raise ValueError("All-zero footprint is not supported.")
            if footprint.all():
                size, footprint, separable = footprint.shape, None, True
    else:
        structure = host(structure).astype(numpy.float64)
        footprint = numpy.ones(structure.shape, bool) if footprint is None else host(footprint).astype(bool)
    _no_complex(x)
    dtype, out = output_array(output, x)
    if separable:
        sizes = [operator.index(s) for s in sequence(size, n)]
        origins = sequence(origin, n)
        modes = [filter_mode(m) for m in sequence(mode, n)]
        pick = xp.minimum if minimum else xp.maximum
        origins = [_check_origin(s, o) for s, o in zip(sizes, origins)]
        result = _min_max_work(to_device(x), cval)
        for axis, s, o, m in zip(axes, sizes, origins, modes):
            if s > 1:
                result = cast(_extremum_axis(result, s, axis, o, m, cval, pick), dtype)
        return finish(result, dtype, out)
    if not isinstance(mode, str):
        raise RuntimeError("A sequence of modes is not supported for non-separable footprints")
    footprint = expand_footprint(x.ndim, axes, footprint)
    if footprint.ndim != x.ndim:
        raise RuntimeError("footprint array has incorrect shape.")
    if structure is not None:
        structure = expand_footprint(x.ndim, axes, structure, "structure")
        if structure.shape != footprint.shape:
            raise RuntimeError("structure array has incorrect shape")
    origins = expand_origin(x.ndim, axes, origin)
    for s, o in zip(footprint.shape, origins):
        _check_origin(s, o)
    mode = filter_mode(mode)
    if x.size == 0:
        return finish(xp.copy(to_device(x)), dtype, out)
    return finish(min_or_max(to_device(x), footprint, structure, origins, mode, cval, minimum), dtype, out)


_FILTER_PARAMETERS = """
    Parameters
    ----------
    input : array_like
        The input array (real).
    size : scalar or tuple, optional
        The box's shape, one length or one per filtered axis (used when
        `footprint` is None).
    footprint : array, optional
        Boolean array of the positions taken, one axis per filtered axis.
    output : ndarray or dtype, optional
        The array in which to place the output, or its dtype (default: the
        input's).
    mode : str or sequence, optional
        How the input is extended past its edges (see correlate1d); a
        sequence (one per filtered axis) only for a box.
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.
    origin : int or sequence, optional
        Shifts the filter's centre, one value or one per filtered axis.
    axes : tuple of int or None, optional
        The axes to filter. Default: every axis."""


def minimum_filter(input, size=None, footprint=None, output=None, mode="reflect", cval=0.0, origin=0, *,
                   axes=None):
    return min_or_max_filter(input, size, footprint, None, output, mode, cval, origin, True, axes)


def maximum_filter(input, size=None, footprint=None, output=None, mode="reflect", cval=0.0, origin=0, *,
                   axes=None):
    return min_or_max_filter(input, size, footprint, None, output, mode, cval, origin, False, axes)


minimum_filter.__doc__ = """Calculate a multidimensional minimum filter.

    Each output is the smallest input value under the footprint (or box of
    `size`) centred on it.
""" + _FILTER_PARAMETERS + """

    Returns
    -------
    minimum_filter : ndarray
        The filtered array (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        With neither size nor footprint, a footprint of the wrong rank, an
        unknown mode or a wrong `output`.
    ValueError
        For an all-False footprint, bad axes or origins.
    TypeError
        For complex input.

    Notes
    -----
    A box runs one axis after another (Note [Min and max filters by
    doubling]); another footprint one pass per position.

    See Also
    --------
    scipy.ndimage.minimum_filter, maximum_filter, minimum_filter1d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.asarray([[3, 1, 4], [1, 5, 9], [2, 6, 5]])
    >>> ndimage.minimum_filter(a, size=2).tolist()
    [[3, 1, 1], [1, 1, 1], [1, 1, 5]]
    """

maximum_filter.__doc__ = """Calculate a multidimensional maximum filter.

    Each output is the largest input value under the footprint (or box of
    `size`) centred on it.
""" + _FILTER_PARAMETERS + """

    Returns
    -------
    maximum_filter : ndarray
        The filtered array (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        With neither size nor footprint, a footprint of the wrong rank, an
        unknown mode or a wrong `output`.
    ValueError
        For an all-False footprint, bad axes or origins.
    TypeError
        For complex input.

    See Also
    --------
    scipy.ndimage.maximum_filter, minimum_filter, maximum_filter1d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.asarray([[3, 1, 4], [1, 5, 9], [2, 6, 5]])
    >>> ndimage.maximum_filter(a, size=2).tolist()
    [[3, 3, 4], [3, 5, 9], [2, 6, 9]]
    """


def _sorted_rank(x, footprint, origins, mode, cval, rank):
    """Note [Rank filters by sorting positions]."""
    cval = numpy.array(cval).astype(x.dtype)[()]  # SciPy's rank buffers are of the input's type
    positions = list(zip(*numpy.nonzero(footprint)))
    reach = [n // 2 + o for n, o in zip(footprint.shape, origins)]
    fast = _kernels.rank(x, [[int(p) - r for p, r in zip(position, reach)] for position in positions], rank, mode,
                         cval)
    if fast is not None:
        return fast
    padded = _padded(x, footprint.shape, origins, mode, cval)
    row_values = max(1, math.prod(x.shape[1:]) * len(positions))
    rows = max(1, _SLAB_VALUES // row_values)
    out = xp.empty(tuple(x.shape), dtype=x.dtype)
    for start in range(0, x.shape[0], rows):
        stop = min(x.shape[0], start + rows)
        shape = (stop - start,) + tuple(x.shape[1:])
        slab = padded[start:stop + footprint.shape[0] - 1]
        stacked = xp.stack([_shifted(slab, p, shape) for p in positions])
        out[start:stop] = xp.sort(stacked, axis=0)[rank]
    return out


def _rank_filter(input, rank, size, footprint, output, mode, cval, origin, operation, axes):
    x = as_array(input)
    _no_complex(x)
    axes = check_axes(axes, x.ndim)
    n = len(axes)
    if footprint is None:
        if size is None:
            raise RuntimeError("no footprint or filter size provided")
        footprint = numpy.ones([operator.index(s) for s in sequence(size, n)], bool)
    else:
        footprint = host(footprint).astype(bool)
    footprint = expand_footprint(x.ndim, axes, footprint)
    if footprint.ndim != x.ndim:
        raise RuntimeError("footprint array has incorrect shape.")
    origins = expand_origin(x.ndim, axes, origin)
    for s, o in zip(footprint.shape, origins):
        _check_origin(s, o)
    filter_size = int(footprint.sum())
    if operation == "median":
        rank = filter_size // 2
    elif operation == "percentile":
        percentile = float(rank)
        if percentile < 0.0:
            percentile += 100.0
        if percentile < 0 or percentile > 100:
            raise RuntimeError("invalid percentile")
        rank = filter_size - 1 if percentile == 100.0 else int(float(filter_size) * percentile / 100.0)
    rank = operator.index(rank)
    if rank < 0:
        rank += filter_size
    if rank < 0 or rank >= filter_size:
        raise RuntimeError("rank not within filter footprint size")
    if not isinstance(mode, str):
        raise RuntimeError("A sequence of modes is not supported")
    mode = filter_mode(mode)
    if rank == 0 or rank == filter_size - 1:
        return min_or_max_filter(x, None, footprint, None, output, mode, cval, origins, rank == 0, None)
    dtype, out = output_array(output, x)
    if x.size == 0:
        return finish(xp.copy(to_device(x)), dtype, out)
    return finish(_sorted_rank(to_device(x), footprint, origins, mode, cval, rank), dtype, out)


def rank_filter(input, rank, size=None, footprint=None, output=None, mode="reflect", cval=0.0, origin=0, *,
                axes=None):
    return _rank_filter(input, rank, size, footprint, output, mode, cval, origin, "rank", axes)


def median_filter(input, size=None, footprint=None, output=None, mode="reflect", cval=0.0, origin=0, *,
                  axes=None):
    return _rank_filter(input, 0, size, footprint, output, mode, cval, origin, "median", axes)


def percentile_filter(input, percentile, size=None, footprint=None, output=None, mode="reflect", cval=0.0,
                      origin=0, *, axes=None):
    return _rank_filter(input, percentile, size, footprint, output, mode, cval, origin, "percentile", axes)


_RANK_TAIL = """

    Returns
    -------
    {name} : ndarray
        The filtered array (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        With neither size nor footprint, a footprint of the wrong rank, a
        rank outside the footprint{extra}, a sequence of modes, an unknown
        mode or a wrong `output`.
    ValueError
        For bad axes or origins.
    TypeError
        For complex input.

    Notes
    -----
    Note [Rank filters by sorting positions]; the smallest and largest
    ranks run as minimum_filter and maximum_filter. The constant `cval` is
    converted to the input's dtype first, as SciPy's.

    See Also
    --------
    scipy.ndimage.{name}, rank_filter, median_filter, percentile_filter

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.asarray([[3, 1, 4], [1, 5, 9], [2, 6, 5]])
    >>> ndimage.{name}(a, {argument}size=3).tolist()
    {result}
    """

rank_filter.__doc__ = """Calculate a multidimensional rank filter.

    Each output is the rank-th smallest input value under the footprint
    centred on it (negative ranks count from the largest).

    Parameters
    ----------
    input : array_like
        The input array (real).
    rank : int
        The rank; -1 is the largest.""" + _FILTER_PARAMETERS.split("----------\n    input : array_like\n"
                                                                 "        The input array (real).")[1] + \
    _RANK_TAIL.format(name="rank_filter", extra="", argument="4, ", result="[[3, 3, 4], [2, 4, 5], [2, 5, 5]]")

median_filter.__doc__ = """Calculate a multidimensional median filter.

    Each output is the median (the middle value, the upper one of an even
    count) of the input values under the footprint centred on it.
""" + _FILTER_PARAMETERS + _RANK_TAIL.format(name="median_filter", extra="", argument="",
                                             result="[[3, 3, 4], [2, 4, 5], [2, 5, 5]]")

percentile_filter.__doc__ = """Calculate a multidimensional percentile filter.

    Each output is the given percentile (rank int(count * p / 100)) of the
    input values under the footprint centred on it.

    Parameters
    ----------
    input : array_like
        The input array (real).
    percentile : scalar
        The percentile, -100 to 100 (negative ones count from 100).""" + \
    _FILTER_PARAMETERS.split("----------\n    input : array_like\n        The input array (real).")[1] + \
    _RANK_TAIL.format(name="percentile_filter", extra=" or a percentile outside [-100, 100]", argument="20, ",
                      result="[[1, 1, 1], [1, 1, 4], [1, 2, 5]]")
