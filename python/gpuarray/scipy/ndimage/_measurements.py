# SPDX-License-Identifier: BSD-3-Clause
"""Statistics of labeled regions: sum_labels (sum), mean, variance,
standard_deviation, minimum, maximum, median, extrema, minimum_position,
maximum_position, center_of_mass, histogram and labeled_comprehension.

Note [Regions by group numbers]: every element gets the number of the
`index` entry its label matches (found by searchsorted in the sorted
distinct index values; -1 for none), and each statistic is one bincount or
one ufunc.at scatter (minimum, maximum) over the group numbers: one pass
over the image whatever the number of regions. Without `index` the region
is labels > 0; without `labels` the whole input. Results per index entry
come back in `index`'s order and shape; a scalar index gives a 0-d array.
Positions and centres of mass are host tuples, as SciPy's."""
import numpy

from gpuarray.scipy.ndimage import _array_ops as xp
from gpuarray.scipy.ndimage._support import as_array, host, to_device

__all__ = ["sum_labels", "sum", "mean", "variance", "standard_deviation", "minimum", "maximum", "median", "extrema",
           "minimum_position", "maximum_position", "center_of_mass", "histogram", "labeled_comprehension"]


class _Regions:
    """The group number of every element (Note [Regions by group numbers])."""

    def __init__(self, input, labels, index):
        x = as_array(input)
        if numpy.dtype(x.dtype).kind == "c":
            raise TypeError("Complex type not supported")
        self.shape = tuple(x.shape)
        self.values = to_device(x).reshape(-1)
        self.whole = labels is None
        self.scalar = labels is None or index is None or numpy.ndim(host(index)) == 0
        if labels is None:
            self.count, self.group = 1, None
            return
        labels = as_array(labels)
        if tuple(labels.shape) != self.shape:
            labels = numpy.broadcast_to(host(labels), self.shape)
        labels = to_device(labels).reshape(-1)
        if index is None:
            self.count, self.group = 1, xp.where(labels > 0, 0, -1)
            return
        index = host(index)
        self.index_shape = index.shape
        keys, self.inverse = numpy.unique(index.reshape(-1), return_inverse=True)
        self.count = len(keys)
        device_keys = xp.asarray(keys.astype(numpy.float64) if keys.dtype.kind == "f" else keys)
        position = xp.searchsorted(device_keys, labels)
        clipped = xp.minimum(position, len(keys) - 1)
        self.group = xp.where(xp.take(device_keys, clipped) == labels, clipped, -1)

    def members(self):
        """(values, group numbers, flat positions) of the elements in a region."""
        if self.group is None:
            return self.values, xp.zeros(self.values.shape, dtype=numpy.int64), xp.arange(self.values.size)
        chosen = xp.nonzero(self.group >= 0)[0]
        return xp.take(self.values, chosen), xp.take(self.group, chosen), chosen

    def result(self, per_group):
        """Per-group device values in index order (0-d for a scalar query)."""
        if self.scalar:
            return per_group[0]
        return xp.take(per_group, xp.asarray(self.inverse)).reshape(self.index_shape)

    def host_result(self, per_group):
        """Per-group host rows (tuples) in index order: one for a scalar query."""
        rows = [tuple(row) for row in per_group]
        if self.scalar:
            return rows[0]
        return [rows[i] for i in self.inverse]

    def sizes(self, group):
        return xp.bincount(group, minlength=self.count)

    def sums(self, values, group):
        return xp.bincount(group, weights=values.astype(numpy.float64), minlength=self.count)


def sum_labels(input, labels=None, index=None):
    """Calculate the sum of the values of the array.

    Parameters
    ----------
    input : array_like
        Values of `input` inside the regions defined by `labels` are summed.
    labels : array_like of ints, optional
        Labels of the regions (same shape as `input`, or broadcasting to it).
    index : array_like, optional
        The labels of the regions to measure; None: every positive label as
        one region.

    Returns
    -------
    sum : ndarray
        A 0-d array for a scalar index (or none), else float64 sums in
        `index`'s shape.

    Raises
    ------
    TypeError
        For complex input.

    Notes
    -----
    Note [Regions by group numbers].

    See Also
    --------
    scipy.ndimage.sum_labels, mean

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.asarray([1, 2, 3, 4]); labels = xp.asarray([1, 1, 2, 2])
    >>> ndimage.sum_labels(a, labels, index=[1, 2]).tolist()
    [3.0, 7.0]
    """
    regions = _Regions(input, labels, index)
    values, group, _ = regions.members()
    if regions.scalar:  # one region: NumPy's sum of its values (its dtype rules), as SciPy
        return xp.sum(values)
    return regions.result(regions.sums(values, group))


def sum(input, labels=None, index=None):
    """Calculate the sum of the values of the array (an alias of sum_labels).

    Parameters
    ----------
    input : array_like
        Values of `input` inside the regions defined by `labels` are summed.
    labels : array_like of ints, optional
        Labels of the regions.
    index : array_like, optional
        The labels of the regions to measure.

    Returns
    -------
    sum : ndarray
        As sum_labels.

    See Also
    --------
    scipy.ndimage.sum, sum_labels

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> int(ndimage.sum(xp.asarray([1, 2, 3, 4]), xp.asarray([1, 1, 0, 2])))
    7
    """
    return sum_labels(input, labels, index)


def _mean_and_count(regions):
    values, group, _ = regions.members()
    counts = regions.sizes(group)
    with numpy.errstate(invalid="ignore", divide="ignore"):
        means = regions.sums(values, group) / counts.astype(numpy.float64)
    return values, group, counts, means


def mean(input, labels=None, index=None):
    """Calculate the mean of the values of an array at labels.

    Parameters
    ----------
    input : array_like
        The values.
    labels : array_like of ints, optional
        Labels of the regions.
    index : array_like, optional
        The labels of the regions to measure; None: every positive label as
        one region.

    Returns
    -------
    out : ndarray
        float64 means (NaN for a region with no element), 0-d for a scalar
        index.

    See Also
    --------
    scipy.ndimage.mean, variance, standard_deviation

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.mean(xp.asarray([1, 2, 3, 4]), xp.asarray([1, 1, 2, 2]), index=[1, 2]).tolist()
    [1.5, 3.5]
    """
    regions = _Regions(input, labels, index)
    return regions.result(_mean_and_count(regions)[3])


def variance(input, labels=None, index=None):
    """Calculate the variance of the values of an N-D image array.

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
    variance : ndarray
        float64 population variances (NaN for an empty region).

    Notes
    -----
    Computed from the values minus their region's mean (two passes), as
    SciPy's.

    See Also
    --------
    scipy.ndimage.variance, standard_deviation, mean

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.variance(xp.asarray([1, 2, 3, 5]), xp.asarray([1, 1, 2, 2]), index=[1, 2]).tolist()
    [0.25, 1.0]
    """
    regions = _Regions(input, labels, index)
    values, group, counts, means = _mean_and_count(regions)
    centred = values.astype(numpy.float64) - xp.take(means, group)
    with numpy.errstate(invalid="ignore", divide="ignore"):
        return regions.result(regions.sums(centred * centred, group) / counts.astype(numpy.float64))


def standard_deviation(input, labels=None, index=None):
    """Calculate the standard deviation of the values of an N-D image array.

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
    standard_deviation : ndarray
        The square roots of `variance`'s results.

    See Also
    --------
    scipy.ndimage.standard_deviation, variance

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.standard_deviation(xp.asarray([1, 2, 3, 5]), xp.asarray([1, 1, 2, 2]), index=[1, 2]).tolist()
    [0.5, 1.0]
    """
    return xp.sqrt(variance(input, labels, index))


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
    regions = _Regions(input, labels, index)
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
    regions = _Regions(input, labels, index)
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
    regions = _Regions(input, labels, index)
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
    regions = _Regions(input, labels, index)
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
    regions = _Regions(input, labels, index)
    low, low_at = _extreme(regions, False)
    high, high_at = _extreme(regions, True)
    return regions.result(low), regions.result(high), _positions(regions, low_at), _positions(regions, high_at)


def median(input, labels=None, index=None):
    """Calculate the median of the values of an array over labeled regions.

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
    median : ndarray
        Medians (the mean of the middle two of an even count), float64 or
        the input's float dtype.

    Notes
    -----
    One sort of the region members by value, then a stable sort by group.

    See Also
    --------
    scipy.ndimage.median, mean

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.median(xp.asarray([1, 2, 3, 5, 9]), xp.asarray([1, 1, 2, 2, 2]), index=[1, 2]).tolist()
    [1.5, 5.0]
    """
    regions = _Regions(input, labels, index)
    values, group, _ = regions.members()
    by_value = xp.argsort(values, kind="stable")
    by_group = xp.take(by_value, xp.argsort(xp.take(group, by_value), kind="stable"))
    ordered = xp.take(values, by_group).astype(numpy.float64)
    counts = regions.sizes(group)
    starts = xp.cumsum(counts) - counts
    last = max(int(values.size) - 1, 0)
    low = xp.minimum(starts + (counts - 1) // 2, last)
    high = xp.minimum(starts + counts // 2, last)
    dtype = values.dtype if numpy.dtype(values.dtype).kind == "f" else numpy.float64  # SciPy keeps float types
    if values.size == 0:
        return regions.result(xp.zeros((regions.count,), dtype=dtype))
    middle = (xp.take(ordered, low) + xp.take(ordered, high)) * 0.5
    return regions.result(xp.where(counts == 0, 0.0, middle).astype(dtype))


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
    regions = _Regions(input, labels, index)
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


def histogram(input, min, max, bins, labels=None, index=None):
    """Calculate the histogram of the values of an array, optionally at labels.

    Parameters
    ----------
    input : array_like
        The values.
    min, max : int
        The range of the bins (values outside it are not counted).
    bins : int
        The number of equal bins.
    labels : array_like of ints, optional
        Labels of the regions.
    index : array_like, optional
        The labels of the regions to measure.

    Returns
    -------
    hist : ndarray
        int64 counts (numpy.histogram's bins, the last closed), one array
        per index entry (a NumPy object array of them for a sequence).

    See Also
    --------
    scipy.ndimage.histogram, numpy.histogram

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.histogram(xp.asarray([0.5, 1.5, 1.7, 3.9]), 0, 4, 4).tolist()
    [1, 2, 0, 1]
    """
    regions = _Regions(input, labels, index)
    values, group, _ = regions.members()
    edges = numpy.linspace(float(min), float(max), int(bins) + 1)
    position = xp.searchsorted(xp.asarray(edges), values.astype(numpy.float64), side="right") - 1
    position = xp.where(values == float(max), int(bins) - 1, position)
    inside = xp.nonzero((position >= 0) & (position < int(bins)))[0]
    keys = xp.take(group, inside) * int(bins) + xp.take(position, inside)
    counts = xp.bincount(keys, minlength=regions.count * int(bins)).reshape(regions.count, int(bins))
    if regions.scalar:
        return counts[0]
    result = numpy.empty(regions.index_shape, dtype=object)
    flat = result.reshape(-1)
    for i, g in enumerate(regions.inverse):
        flat[i] = counts[int(g)]
    return result


def labeled_comprehension(input, labels, index, func, out_dtype, default, pass_positions=False):
    """Roughly equivalent to [func(input[labels == i]) for i in index].

    Parameters
    ----------
    input : array_like
        The values.
    labels : array_like or None
        Labels of the regions; None: `func` of the whole input.
    index : int, sequence of ints or None
        The labels of the regions; None: every positive label as one region.
    func : callable
        Called with the region's values (a 1-D device array), and their flat
        positions with `pass_positions`.
    out_dtype : dtype
        The dtype of the result.
    default : int, float or None
        The result for a region with no element.
    pass_positions : bool, optional
        Whether `func` gets the positions too. Default False.

    Returns
    -------
    result : ndarray
        One value per index entry (0-d for a scalar index), or func's result.

    Raises
    ------
    ValueError
        For an index without labels, or index values the labels' dtype
        cannot hold.

    Notes
    -----
    `func` is Python: it runs once per region on device slices of the
    values sorted by region (one sort, then slices).

    See Also
    --------
    scipy.ndimage.labeled_comprehension

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.asarray([1, 2, 3, 4]); labels = xp.asarray([1, 1, 2, 2])
    >>> ndimage.labeled_comprehension(a, labels, [1, 2, 3], lambda v: float(v.max()), float, -1).tolist()
    [2.0, 4.0, -1.0]
    """
    as_scalar = numpy.isscalar(index)
    if labels is None and index is not None:
        raise ValueError("index without defined labels")
    x = to_device(as_array(input))
    if labels is None:
        flat = x.reshape(-1)
        return func(flat, xp.arange(flat.size)) if pass_positions else func(flat)
    labels_host = as_array(labels)
    if index is None:
        regions = _Regions(x, labels_host, None)
        values, _, positions = regions.members()
        return func(values, positions) if pass_positions else func(values)
    index = numpy.atleast_1d(host(index))
    label_dtype = numpy.dtype(labels_host.dtype)
    if numpy.any(index.astype(label_dtype).astype(index.dtype) != index):
        raise ValueError(f"Cannot convert index values from <{index.dtype}> to <{label_dtype}> (labels' type) "
                         "without loss of precision")
    regions = _Regions(x, labels_host, index.astype(label_dtype))
    values, group, positions = regions.members()
    order = xp.argsort(group, kind="stable")
    values, positions = xp.take(values, order), xp.take(positions, order)
    counts = numpy.asarray(xp.asnumpy(regions.sizes(group)))
    starts = numpy.concatenate([[0], numpy.cumsum(counts)])
    per_key = []
    for g in range(regions.count):
        if counts[g] == 0:
            per_key.append(default)
            continue
        chunk = slice(int(starts[g]), int(starts[g + 1]))
        per_key.append(func(values[chunk], positions[chunk]) if pass_positions else func(values[chunk]))
    output = numpy.array([per_key[g] for g in regions.inverse], dtype=out_dtype)
    output = xp.asarray(output)
    return output[0] if as_scalar else output
