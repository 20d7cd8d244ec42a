# SPDX-License-Identifier: BSD-3-Clause
"""Statistics of values grouped into bins of one or more sample coordinates:
binned_statistic, binned_statistic_2d and binned_statistic_dd, with
scipy.stats' signatures and results.

The bin edges are a few numbers computed on the host as SciPy computes them
(from the sample's extremes read back from the device). Everything per
value is on the device: the bin of each point (digitize per coordinate,
SciPy's rule for values on the last edge, ravel_multi_index), weighted
bincounts for 'count', 'sum', 'mean' and 'std' (two passes: the bin means,
then the squared deviations from them), and one lexsort by (bin, value) for
'median', 'min' and 'max'. A callable statistic is called once per
non-empty bin with that bin's values as a device array."""
import builtins
import operator
import warnings

import numpy

from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._axis_nan_policy import device_array, quiet
from gpuarray.scipy.stats._result_types import (
    BinnedStatistic2dResult, BinnedStatisticddResult, BinnedStatisticResult,
)

__all__ = ["binned_statistic", "binned_statistic_2d", "binned_statistic_dd"]

_KNOWN = ("mean", "median", "count", "sum", "std", "min", "max")


def _statistic_name(statistic):
    """The name of a known statistic, given by name or as NumPy's or gpuarray's function."""
    if isinstance(statistic, str):
        return statistic
    for name in _KNOWN:
        if statistic is getattr(numpy, name, None) or statistic is getattr(xp, name, None):
            return name
    return statistic


def _as_sample(sample):
    """The sample as an (N, D) device array, as SciPy reads it: a 2-D array as it is;
    anything else (a 1-D array, a sequence of D coordinate arrays) through
    ``atleast_2d(sample).T``."""
    if isinstance(sample, (list, tuple)) and any(isinstance(s, xp.ndarray) for s in sample):
        a = xp.stack([xp.reshape(device_array(s), (-1,)) for s in sample])
    else:
        a = device_array(sample)
        if a.ndim == 2 and not isinstance(sample, (list, tuple)):
            return a
    if a.ndim < 2:
        a = xp.reshape(a, (1, -1))
    return xp.moveaxis(a, 0, 1)


def _as_values(values, length, count):
    """The values as a (Vdim, N) device array and the shape they came in."""
    if values is None and count:  # 'count' needs no values (SciPy takes None there)
        return xp.zeros((1, length)), []
    if isinstance(values, (list, tuple)) and any(isinstance(v, xp.ndarray) for v in values):
        values = xp.stack([device_array(v) for v in values])
    else:
        values = device_array(values)
    shape = list(values.shape)
    return (xp.reshape(values, (1, -1)) if values.ndim < 2 else values), shape


def _bin_edges(sample, bins, range):
    """(bins per dimension counting the two outlier bins, the edges on the host), as SciPy makes them."""
    ndim = sample.shape[1]
    if range is None:
        smin = numpy.atleast_1d(numpy.asarray(xp.asnumpy(xp.min(sample, axis=0)), dtype=float))
        smax = numpy.atleast_1d(numpy.asarray(xp.asnumpy(xp.max(sample, axis=0)), dtype=float))
    else:
        if len(range) != ndim:
            raise ValueError(f"range given for {len(range)} dimensions; {ndim} required")
        smin, smax = numpy.empty(ndim), numpy.empty(ndim)
        for i in builtins.range(ndim):
            if range[i][1] < range[i][0]:
                raise ValueError(f"In {f'dimension {i + 1} of ' if ndim > 1 else ''}range, start must be <= stop")
            smin[i], smax[i] = range[i]
    same = smin == smax
    smin, smax = numpy.where(same, smin - .5, smin), numpy.where(same, smax + .5, smax)
    edges_dtype = sample.dtype if sample.dtype.kind == "f" else numpy.dtype(float)
    nbin, edges = numpy.empty(ndim, int), []
    for i in builtins.range(ndim):
        if numpy.isscalar(bins[i]):
            nbin[i] = bins[i] + 2
            edges.append(numpy.linspace(smin[i], smax[i], nbin[i] - 1, dtype=edges_dtype))
        else:
            edges.append(numpy.asarray(xp.asnumpy(bins[i]), edges_dtype))
            nbin[i] = len(edges[i]) + 1
    return nbin, edges


def _bin_numbers(sample, nbin, edges):
    """The flat bin of each point (outlier bins included), on the device."""
    per_dimension = []
    for i, e in enumerate(edges):
        column = sample[:, i]
        found = xp.digitize(column, xp.asarray(e))
        step = numpy.diff(e).min()
        if step == 0:
            raise ValueError("The smallest edge difference is numerically 0.")
        decimal = int(-numpy.log10(step)) + 6
        # SciPy's rule: values on the last edge (to `decimal` places) belong to the last bin.
        last = float(numpy.around(e[-1], decimal))
        on_edge = xp.logical_and(column >= e[-1], xp.around(column, decimal) == last)
        per_dimension.append(found - on_edge.astype(found.dtype))
    return xp.ravel_multi_index(tuple(per_dimension), tuple(int(n) for n in nbin))


def _bincount(bins, weights, length):
    if weights is not None and weights.dtype.kind == "c":
        return (xp.bincount(bins, weights.real, minlength=length)
                + 1j * xp.bincount(bins, weights.imag, minlength=length))
    return xp.bincount(bins, weights, minlength=length)


def _sorted_by_bin(binnumbers, values, length):
    """(values sorted by bin then value, the first position of each bin, the bins' counts)."""
    order = xp.lexsort((values, binnumbers))
    counts = xp.bincount(binnumbers, minlength=length)
    starts = xp.cumsum(counts) - counts
    return xp.take(values, order), starts, counts


def _statistic_rows(statistic, values, binnumbers, length, result_type):
    """The statistic of each row of `values` (Vdim, N) in each of `length` bins, (Vdim, length)."""
    rows = []
    count = _bincount(binnumbers, None, length).astype(numpy.float64)
    if statistic == "count":
        return xp.broadcast_to(count, (values.shape[0], length))
    for k in range(values.shape[0]):
        v = values[k]
        if statistic == "sum":
            rows.append(_bincount(binnumbers, v, length).astype(result_type))
        elif statistic in ("mean", "std"):
            mean = _bincount(binnumbers, v, length) / xp.where(count > 0, count, 1)
            if statistic == "std":
                delta = v - xp.take(mean, binnumbers)
                squares = delta.real ** 2 + delta.imag ** 2 if delta.dtype.kind == "c" else delta * delta
                mean = xp.sqrt(_bincount(binnumbers, squares, length) / xp.where(count > 0, count, 1))
            rows.append(xp.where(count > 0, mean, xp.nan).astype(result_type))
        else:  # median, min, max: from each bin's sorted values (NaNs last, as NumPy sorts)
            ordered, starts, counts = _sorted_by_bin(binnumbers, v, length)
            last = max(ordered.shape[0] - 1, 0)
            if statistic == "min":
                picked = xp.take(ordered, xp.clip(starts, 0, last))
            elif statistic == "max":
                picked = xp.take(ordered, xp.clip(starts + counts - 1, 0, last))
            else:
                mid = starts + (counts - 1) / 2
                low = xp.take(ordered, xp.clip(xp.floor(mid).astype(numpy.int64), 0, last))
                high = xp.take(ordered, xp.clip(xp.ceil(mid).astype(numpy.int64), 0, last))
                picked = (low + high) / 2
            rows.append(xp.where(counts > 0, picked, xp.nan).astype(result_type))
    return xp.stack(rows)


def _callable_rows(statistic, values, binnumbers, length):
    """A Python statistic called on each non-empty bin's values (device slices), as SciPy
    calls it on each bin's list; empty bins get ``statistic`` of an empty array, or NaN."""
    with quiet(), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # np.mean([]) and its kin, as SciPy silences them
        try:
            null = numpy.asarray(xp.asnumpy(statistic(xp.zeros(0, dtype=values.dtype))))[()]
        except Exception:
            null = numpy.nan
    order = xp.argsort(binnumbers, kind="stable")
    counts = xp.asnumpy(xp.bincount(binnumbers, minlength=length))
    starts = numpy.cumsum(counts) - counts
    result = numpy.full((values.shape[0], length), null, dtype=numpy.result_type(null, numpy.float64))
    for vv in range(values.shape[0]):
        grouped = xp.take(values[vv], order)
        for b in numpy.flatnonzero(counts):
            value = numpy.asarray(xp.asnumpy(statistic(grouped[starts[b]:starts[b] + counts[b]])))[()]
            if numpy.iscomplexobj(value) and not numpy.iscomplexobj(result):
                result = result.astype(numpy.complex128)
            result[vv, b] = value
    return xp.asarray(result)


def binned_statistic_dd(sample, values, statistic="mean", bins=10, range=None, expand_binnumbers=False,
                        binned_statistic_result=None):
    """A statistic of the values in each bin of a multidimensional sample.

    Parameters
    ----------
    sample : array_like
        The coordinates: an (N, D) array, or a sequence of D arrays of length N.
    values : array_like
        The values, length N, or a sequence of such (one result per row).
    statistic : str or callable, optional
        'mean' (default), 'std', 'median', 'count', 'sum', 'min', 'max', or a
        function of a 1-D array returning a number (called per non-empty bin
        with a device array).
    bins : int, sequence of ints or sequence of arrays, optional
        Bins per dimension, or their edges (default 10).
    range : sequence of (float, float), optional
        The outer edges per dimension; by default the sample's extremes.
    expand_binnumbers : bool, optional
        If True, the bin of each point as one index per dimension, shape (D, N).
    binned_statistic_result : BinnedStatisticddResult, optional
        An earlier result whose edges and bin numbers are used again.

    Returns
    -------
    result : BinnedStatisticddResult
        ``statistic`` (a device array, one axis per dimension, NaN in empty
        bins for mean/std/median/min/max), ``bin_edges`` (a list of device
        arrays) and ``binnumber`` (device array; 0 and the last index of each
        dimension are the outliers).

    Raises
    ------
    ValueError
        For an unknown statistic, non-finite sample values with a number of
        bins, a bad `range`, or edges closer than rounding.
    AttributeError
        When `values` and `sample` lengths or `bins` and the dimensions
        disagree (SciPy's exception types).

    Notes
    -----
    Bins, counts, sums and order statistics are computed on the device
    (module docstring); the edges are computed on the host from the
    extremes. A callable statistic runs once per non-empty bin, a Python
    loop over device slices.

    See Also
    --------
    binned_statistic, binned_statistic_2d, gpuarray.histogramdd, scipy.stats.binned_statistic_dd

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> sample = xp.asarray([[0.0, 0.0], [0.5, 1.0], [1.0, 0.2], [2.0, 2.0]])
    >>> res = stats.binned_statistic_dd(sample, xp.asarray([1.0, 2.0, 3.0, 4.0]), "sum", bins=2)
    >>> res.statistic
    array([[1., 2.],
           [3., 4.]])
    >>> res.binnumber
    array([ 5,  6,  9, 10])
    """
    name = _statistic_name(statistic)
    if not callable(name) and name not in _KNOWN:
        raise ValueError(f"invalid statistic {statistic!r}")
    try:
        bins = operator.index(bins)
    except TypeError:
        pass
    sample = _as_sample(sample)
    if isinstance(bins, int) and bool(xp.any(xp.logical_not(xp.isfinite(sample)))):
        raise ValueError(f"{sample!r} contains non-finite values.")
    length, ndim = sample.shape
    values, input_shape = _as_values(values, length, name == "count")
    if name != "count" and values.shape[1] != length:
        raise AttributeError("The number of `values` elements must match the length of each `sample` dimension.")
    try:
        if len(bins) != ndim:
            raise AttributeError("The dimension of bins must be equal to the dimension of the sample x.")
    except TypeError:
        bins = ndim * [bins]
    if binned_statistic_result is None:
        nbin, edges = _bin_edges(sample, bins, range)
        binnumbers = _bin_numbers(sample, nbin, edges)
        edges = [xp.asarray(e) for e in edges]
    else:
        edges = binned_statistic_result.bin_edges
        nbin = numpy.array([len(edges[i]) + 1 for i in builtins.range(ndim)])
        binnumbers = device_array(binned_statistic_result.binnumber)
        if binnumbers.ndim > 1:
            binnumbers = xp.ravel_multi_index(tuple(binnumbers), tuple(int(n) for n in nbin))
    total = int(numpy.prod(nbin))
    if callable(name):
        result = _callable_rows(name, values, binnumbers, total)
    else:
        result = _statistic_rows(name, values, binnumbers, total, numpy.result_type(values.dtype, numpy.float64))
    result = xp.reshape(result, (values.shape[0],) + tuple(int(n) for n in nbin))
    result = result[(slice(None),) + ndim * (slice(1, -1),)]
    if expand_binnumbers and ndim > 1:
        binnumbers = xp.stack(xp.unravel_index(binnumbers, tuple(int(n) for n in nbin)))
    result = xp.reshape(result, tuple(input_shape[:-1]) + tuple(int(n) - 2 for n in nbin))
    return BinnedStatisticddResult(result, edges, binnumbers)


def binned_statistic(x, values, statistic="mean", bins=10, range=None):
    """A statistic of the values in each bin of one coordinate (a generalized histogram).

    Parameters
    ----------
    x : array_like
        The coordinate of each value, 1-D.
    values : array_like
        The values, of x's length, or a sequence of such.
    statistic : str or callable, optional
        'mean' (default), 'std', 'median', 'count', 'sum', 'min', 'max', or a
        function of a 1-D array returning a number.
    bins : int or sequence of scalars, optional
        The number of equal-width bins (default 10) or the bin edges.
    range : (float, float), optional
        The outer edges; by default x's extremes.

    Returns
    -------
    result : BinnedStatisticResult
        ``statistic``, ``bin_edges`` and ``binnumber`` (1 to nbins for points in
        the range), device arrays.

    Raises
    ------
    ValueError
        For an unknown statistic, non-finite x with a number of bins, or a bad `range`.
    AttributeError
        When `values` and `x` differ in length.

    Notes
    -----
    binned_statistic_dd with one dimension (its Notes say what runs where).

    See Also
    --------
    binned_statistic_2d, binned_statistic_dd, gpuarray.histogram, scipy.stats.binned_statistic

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> res = stats.binned_statistic(xp.asarray([1.0, 1.0, 2.0, 5.0, 7.0]), xp.asarray([1.0, 1.0, 2.0, 1.5, 3.0]),
    ...                              statistic="mean", bins=3)
    >>> res.statistic
    array([1.33333333,        nan, 2.25      ])
    >>> res.bin_edges
    array([1., 3., 5., 7.])
    """
    try:
        n = len(bins)
    except TypeError:
        n = 1
    if n != 1:
        bins = [numpy.asarray(xp.asnumpy(bins), float)]
    if range is not None and len(range) == 2:
        range = [range]
    medians, edges, binnumbers = binned_statistic_dd([x], values, statistic, bins, range)
    return BinnedStatisticResult(medians, edges[0], binnumbers)


def binned_statistic_2d(x, y, values, statistic="mean", bins=10, range=None, expand_binnumbers=False):
    """A statistic of the values in each bin of two coordinates (a generalized 2-D histogram).

    Parameters
    ----------
    x, y : array_like
        The coordinates of each value, 1-D of one length.
    values : array_like
        The values, of that length, or a sequence of such.
    statistic : str or callable, optional
        'mean' (default), 'std', 'median', 'count', 'sum', 'min', 'max', or a
        function of a 1-D array returning a number.
    bins : int, [int, int], array or [array, array], optional
        Bins per dimension, or their edges (default 10).
    range : ((float, float), (float, float)), optional
        The outer edges per dimension; by default the coordinates' extremes.
    expand_binnumbers : bool, optional
        If True, the bin of each point as (x bin, y bin), shape (2, N).

    Returns
    -------
    result : BinnedStatistic2dResult
        ``statistic`` (x along the first axis), ``x_edge``, ``y_edge`` and
        ``binnumber``, device arrays.

    Raises
    ------
    ValueError
        For an unknown statistic, non-finite coordinates with a number of
        bins, or a bad `range`.
    AttributeError
        When the lengths disagree.

    Notes
    -----
    binned_statistic_dd with two dimensions (its Notes say what runs where).

    See Also
    --------
    binned_statistic, binned_statistic_dd, gpuarray.histogram2d, scipy.stats.binned_statistic_2d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> x, y = xp.asarray([0.1, 0.1, 0.9, 0.6]), xp.asarray([0.2, 0.8, 0.3, 0.9])
    >>> stats.binned_statistic_2d(x, y, None, "count", bins=2).statistic
    array([[1., 1.],
           [1., 1.]])
    >>> stats.binned_statistic_2d(x, y, xp.asarray([1.0, 2.0, 3.0, 4.0]), "max", bins=[2, 1]).statistic
    array([[2.],
           [4.]])
    """
    try:
        n = len(bins)
    except TypeError:
        n = 1
    if n != 1 and n != 2:
        edges = numpy.asarray(xp.asnumpy(bins), float)
        bins = [edges, edges]
    medians, edges, binnumbers = binned_statistic_dd([x, y], values, statistic, bins, range,
                                                     expand_binnumbers=expand_binnumbers)
    return BinnedStatistic2dResult(medians, edges[0], edges[1], binnumbers)
