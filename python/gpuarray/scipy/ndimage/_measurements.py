# SPDX-License-Identifier: BSD-3-Clause
"""Statistics of labeled regions: sum_labels (sum), mean, variance,
standard_deviation, median, histogram and labeled_comprehension (Note
[Regions by group numbers] in _regions.py)."""
import numpy

from gpuarray.scipy.ndimage import _array_ops as xp
from gpuarray.scipy.ndimage._regions import Regions
from gpuarray.scipy.ndimage._support import as_array, host, to_device

__all__ = ["sum_labels", "sum", "mean", "variance", "standard_deviation", "median", "histogram",
           "labeled_comprehension"]


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
    regions = Regions(input, labels, index)
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
    regions = Regions(input, labels, index)
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
    regions = Regions(input, labels, index)
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
    regions = Regions(input, labels, index)
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
    regions = Regions(input, labels, index)
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
        regions = Regions(x, labels_host, None)
        values, _, positions = regions.members()
        return func(values, positions) if pass_positions else func(values)
    index = numpy.atleast_1d(host(index))
    label_dtype = numpy.dtype(labels_host.dtype)
    if numpy.any(index.astype(label_dtype).astype(index.dtype) != index):
        raise ValueError(f"Cannot convert index values from <{index.dtype}> to <{label_dtype}> (labels' type) "
                         "without loss of precision")
    regions = Regions(x, labels_host, index.astype(label_dtype))
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
