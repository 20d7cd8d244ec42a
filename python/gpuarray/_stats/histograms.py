# SPDX-License-Identifier: BSD-3-Clause
"""Histograms: bincount, digitize, histogram, histogram_bin_edges,
histogram2d and histogramdd, with NumPy's edges, bins and dtypes.

Each element finds its bin by a binary search in the edges (in the common
dtype of data and edges, NumPy's searchsorted comparison) and the bins are
counted with atomics: int64 counts, float64 sums of weights. Edges are
small: they are computed on the host by NumPy (linspace of the outer edges)
and uploaded, and edge arrays given as bins are downloaded to check that
they increase. Data ranges (range=None), bincount's length and density's
totals use the reductions min, max and sum; weighted sums are atomic, so
their rounding may differ from NumPy's in the last bits."""
import builtins
import operator
import warnings

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty, zeros
from gpuarray._core import ndarray
from gpuarray._set_routines.unique import _compress
from gpuarray._sorting_searching.sort_kernels import _bin_index, _bin_of, _count, _count_weighted
from gpuarray._sorting_searching.sorting import searchsorted, sort
from gpuarray._ufunc.ufuncs import add, bitwise_and, greater_equal, less_equal, multiply, true_divide

_range = builtins.range  # `range` is histogram's keyword, as in NumPy

__all__ = ["bincount", "digitize", "histogram", "histogram_bin_edges", "histogram2d", "histogramdd"]


def _host_scalar(x):
    """A 0-d device array (a reduction's result) as a NumPy scalar of its dtype."""
    return x.get()[()] if isinstance(x, ndarray) else x


def _host(a):
    return a.get() if isinstance(a, ndarray) else numpy.asarray(a)


def _check_1d(a, what="object"):
    if a.ndim == 0:
        raise ValueError(f"{what} of too small depth for desired array")
    if a.ndim > 1:
        raise ValueError(f"{what} too deep for desired array")


# ------------------------------------------------------------------ counting

def _counts(bins, length, weights=None):
    """int64 counts (float64 sums of weights) of the int64 bin numbers `bins` in
    0..length-1; negative bin numbers are dropped."""
    if weights is None:
        counts = zeros(length, numpy.uint64)
        _count(bins, counts)
        return counts.view(numpy.int64)
    sums = zeros(length, numpy.float64)
    _count_weighted(bins, weights.astype(numpy.float64, copy=False), sums)
    return sums


def bincount(x, weights=None, minlength=0):
    """The number of occurrences of each value in an array of non-negative integers.

    Parameters
    ----------
    x : array_like
        1-D, non-negative integers.
    weights : array_like, optional
        One weight per element of `x`: the result sums them instead of
        counting.
    minlength : int, optional
        The result has at least this many bins.

    Returns
    -------
    ndarray
        ``max(max(x) + 1, minlength)`` bins: int64 counts, or float64 sums
        of the weights.

    Raises
    ------
    ValueError
        `x` holds a negative value or is not 1-D, or `minlength` is negative.
    TypeError
        `x` is not of an integer type.

    See Also
    --------
    histogram, unique

    Notes
    -----
    The largest value is read back to the host to size the result.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.bincount(xp.array([0, 1, 1, 3]))
    array([1, 2, 0, 1])
    >>> xp.bincount(xp.array([0, 1, 1]), weights=xp.array([0.5, 1.0, 2.0]), minlength=4)
    array([0.5, 3. , 0. , 0. ])
    """
    x = asarray(x)
    _check_1d(x)
    if x.dtype.kind not in "biu":  # NumPy 2.5 also takes uint64 (values must still fit)
        raise TypeError(f"Cannot cast array data from {x.dtype!r} to {numpy.dtype(numpy.intp)!r} according to the "
                        "rule 'safe'")
    minlength = operator.index(minlength)
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    x = x.astype(numpy.int64, copy=False)
    length = minlength
    if x.size:
        if int(_host_scalar(x.min())) < 0:
            raise ValueError("'list' argument must have no negative elements")
        length = max(length, int(_host_scalar(x.max())) + 1)
    if weights is not None:
        weights = asarray(weights)
        if weights.shape != x.shape:
            raise ValueError("The weights and list don't have the same length.")
        if not numpy.can_cast(weights.dtype, numpy.float64, "safe"):
            raise TypeError(f"Cannot cast array data from {weights.dtype!r} to dtype('float64') according to the "
                            "rule 'safe'")
    return _counts(x, length, weights)


def digitize(x, bins, right=False):
    """The index of the bin each value falls in.

    Parameters
    ----------
    x : array_like
        The values.
    bins : array_like
        1-D, increasing or decreasing bin edges.
    right : bool, optional
        Whether a bin includes its right edge instead of its left one.

    Returns
    -------
    ndarray
        int64 indices ``i`` with ``bins[i-1] <= x < bins[i]`` for increasing
        bins (the comparisons swapped by `right`); 0 and ``len(bins)`` for
        values below and above all edges.

    Raises
    ------
    ValueError
        `bins` is not 1-D or not monotonic.

    See Also
    --------
    searchsorted, histogram, bincount

    Examples
    --------
    >>> import gpuarray as xp
    >>> bins = xp.array([0.0, 1.0, 2.5, 4.0])
    >>> xp.digitize(xp.array([0.2, 6.4, 3.0, 1.6]), bins)
    array([1, 4, 3, 2])
    >>> xp.digitize(xp.array([1.0, 2.5]), bins, right=True)
    array([1, 2])
    """
    x, bins = asarray(x), asarray(bins)
    if x.dtype.kind == "c":
        raise TypeError("x may not be complex")
    _check_1d(bins)
    host = bins.get()
    increasing = bool(numpy.all(host[:-1] <= host[1:]))
    if not increasing and not numpy.all(host[:-1] >= host[1:]):
        raise ValueError("bins must be monotonically increasing or decreasing")
    side = "left" if right else "right"
    if increasing:
        return searchsorted(bins, x, side=side)
    return bins.size - searchsorted(bins[::-1], x, side=side)


# ------------------------------------------------------------------ edges

def _outer_edges(a, range):
    """NumPy's _get_outer_edges: the range, or the data's, widened by 0.5 when empty."""
    if range is not None:
        first_edge, last_edge = range
        if first_edge > last_edge:
            raise ValueError("max must be larger than min in range parameter.")
        if not (numpy.isfinite(first_edge) and numpy.isfinite(last_edge)):
            raise ValueError(f"supplied range of [{first_edge}, {last_edge}] is not finite")
    elif a.size == 0:
        first_edge, last_edge = 0, 1
    else:
        first_edge, last_edge = _host_scalar(a.min()), _host_scalar(a.max())
        if not (numpy.isfinite(first_edge) and numpy.isfinite(last_edge)):
            raise ValueError(f"autodetected range of [{first_edge}, {last_edge}] is not finite")
    if first_edge == last_edge:
        first_edge, last_edge = first_edge - 0.5, last_edge + 0.5
    return first_edge, last_edge


def _percentiles(a, qs):
    """NumPy's linear percentiles of the 1-D `a` (no NaN), on the host from its sorted elements."""
    s = sort(a)
    out = []
    for q in qs:
        position = q / 100 * (a.size - 1)
        lo = int(numpy.floor(position))
        hi = min(lo + 1, a.size - 1)
        pair = numpy.array([_host_scalar(s[lo]), _host_scalar(s[hi])], numpy.float64)
        out.append(numpy.percentile(pair, (position - lo) * 100))
    return out


def _ptp(a):
    return float(_host_scalar(a.max())) - float(_host_scalar(a.min()))


def _width_sqrt(a, range=None):
    return _ptp(a) / numpy.sqrt(a.size)


def _width_sturges(a, range=None):
    return _ptp(a) / (numpy.log2(a.size) + 1.0)


def _width_rice(a, range=None):
    return _ptp(a) / (2.0 * a.size ** (1.0 / 3))


def _width_fd(a, range=None):
    high, low = _percentiles(a, (75, 25))
    return 2.0 * (high - low) * a.size ** (-1.0 / 3.0)


def _width_auto(a, range=None):
    fd, sturges = _width_fd(a), _width_sturges(a)
    return min(fd, sturges) if fd else sturges


def _width_scott(a, range=None):
    return (24.0 * numpy.pi ** 0.5 / a.size) ** (1.0 / 3.0) * float(_host_scalar(a.std()))


def _width_doane(a, range=None):
    """Sturges corrected by the sample skewness g1 (Doane, 1976)."""
    n = a.size
    if n <= 2:
        return 0.0
    sigma = float(_host_scalar(a.std()))
    if not sigma > 0.0:
        return 0.0
    centred = (a.astype(numpy.float64) - a.mean(dtype=numpy.float64)) / sigma
    g1 = float(_host_scalar((centred * centred * centred).mean()))
    sigma_g1 = numpy.sqrt(6.0 * (n - 2) / ((n + 1.0) * (n + 3)))
    return _ptp(a) / (1.0 + numpy.log2(n) + numpy.log2(1.0 + abs(g1) / sigma_g1))


def _width_stone(a, range=None):
    """The width minimizing the estimated L2 risk of the histogram (Stone, 1984),
    over 1 to max(100, sqrt(n)) bins; one device histogram per candidate."""
    n, span = a.size, _ptp(a)
    if n <= 1 or span == 0:
        return 0.0
    upper = max(100, int(numpy.sqrt(n)))
    edges = range if range is not None else (_host_scalar(a.min()), _host_scalar(a.max()))

    def risk(nbins):
        p = histogram(a, bins=nbins, range=edges)[0].astype(numpy.float64) / n
        return (2.0 - (n + 1) * float(_host_scalar((p * p).sum()))) / (span / nbins)
    best = min(builtins.range(1, upper + 1), key=risk)
    if best == upper:
        warnings.warn("The number of bins estimated may be suboptimal.", RuntimeWarning, stacklevel=4)
    return span / best


_ESTIMATORS = {"auto": _width_auto, "fd": _width_fd, "rice": _width_rice, "sqrt": _width_sqrt,
               "sturges": _width_sturges, "scott": _width_scott, "doane": _width_doane, "stone": _width_stone}


def _estimated_bins(a, name, range, weights):
    if name not in _ESTIMATORS:
        raise ValueError(f"{name!r} is not a valid estimator for `bins`")
    if weights is not None:
        raise TypeError("Automated estimation of the number of bins is not supported for weighted data")
    first_edge, last_edge = _outer_edges(a, range)
    if range is not None:
        a = _compress(a, _in_range(a, first_edge, last_edge))
    if a.size == 0:
        return first_edge, last_edge, 1
    width = _ESTIMATORS[name](a, range)
    if not width:
        return first_edge, last_edge, 1
    if a.dtype.kind in "iub" and width < 1:
        width = 1
    return first_edge, last_edge, int(numpy.ceil((float(last_edge) - float(first_edge)) / width))


def _in_range(a, first_edge, last_edge):
    return bitwise_and(greater_equal(a, first_edge), less_equal(a, last_edge))


def _bin_edges(a, bins, range, weights):
    """NumPy's _get_bin_edges: the edges as a gpuarray array."""
    if isinstance(bins, str):
        first_edge, last_edge, n = _estimated_bins(a, bins, range, weights)
    elif numpy.ndim(bins) == 0:
        try:
            n = operator.index(bins)
        except TypeError as e:
            raise TypeError("`bins` must be an integer, a string, or an array") from e
        if n < 1:
            raise ValueError("`bins` must be positive, when an integer")
        first_edge, last_edge = _outer_edges(a, range)
    elif numpy.ndim(bins) == 1:
        edges = _host(bins)
        if numpy.any(edges[:-1] > edges[1:]):
            raise ValueError("`bins` must increase monotonically, when an array")
        return asarray(bins)
    else:
        raise ValueError("`bins` must be 1d, when an array")
    bin_type = numpy.result_type(first_edge, last_edge, a.dtype)
    if bin_type.kind in "iub":
        bin_type = numpy.result_type(bin_type, float)
    edges = numpy.linspace(first_edge, last_edge, n + 1, endpoint=True, dtype=bin_type)
    if numpy.any(edges[:-1] >= edges[1:]):
        raise ValueError(f"Too many bins for data range. Cannot create {n} finite-sized bins.")
    return asarray(edges)


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    """The bin edges `histogram` would use.

    Parameters
    ----------
    a : array_like
        The values (flattened).
    bins : int or sequence of scalars or str, optional
        As in `histogram`.
    range : (float, float), optional
        As in `histogram`.
    weights : array_like, optional
        As in `histogram` (the estimators do not use them).

    Returns
    -------
    ndarray
        The edges, float64 unless given.

    See Also
    --------
    histogram

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.histogram_bin_edges(xp.array([0, 1, 2, 5]), bins=5)
    array([0., 1., 2., 3., 4., 5.])
    >>> xp.histogram_bin_edges(xp.arange(10.0), bins='sturges').shape
    (6,)
    """
    a = asarray(a).reshape(-1)
    return _bin_edges(a, bins, range, weights)


def _common(x, edges):
    common = numpy.promote_types(x.dtype, edges.dtype)
    return x.astype(common, copy=False), edges.astype(common, copy=False)


def _weighted_hist(bins, length, weights):
    """Counts (weights None), or sums of weights in weights' dtype (complex: by parts), as NumPy's histogram."""
    if weights is None:
        return _counts(bins, length)
    if weights.dtype.kind == "c":
        n = empty(length, weights.dtype)
        n.real = _counts(bins, length, weights.real)
        n.imag = _counts(bins, length, weights.imag)
        return n
    return _counts(bins, length, weights).astype(weights.dtype)


def histogram(a, bins=10, range=None, density=None, weights=None):
    """The histogram of a set of values.

    Parameters
    ----------
    a : array_like
        The values (flattened).
    bins : int or sequence of scalars or str, optional
        The number of equal-width bins (10 by default), their edges
        (increasing), or an estimator of the width: 'auto', 'fd', 'rice',
        'sqrt' or 'sturges'.
    range : (float, float), optional
        The lower and upper edges; by default ``(a.min(), a.max())``. Values
        outside are ignored.
    density : bool, optional
        Return a probability density (integral 1) instead of counts.
    weights : array_like, optional
        One weight per value: sums of weights instead of counts.

    Returns
    -------
    hist : ndarray
        The counts (int64), the weight sums (the weights' type) or the
        density (float64).
    bin_edges : ndarray
        ``len(hist) + 1`` edges; each bin is ``[e_i, e_i+1)``, the last one
        closed.

    Raises
    ------
    ValueError
        `range` is not finite or reversed, or `bins` is not increasing.

    See Also
    --------
    histogram_bin_edges, histogram2d, histogramdd, bincount, digitize

    Examples
    --------
    >>> import gpuarray as xp
    >>> hist, edges = xp.histogram(xp.array([1, 2, 1]), bins=[0, 1, 2, 3])
    >>> hist, edges
    (array([0, 2, 1]), array([0, 1, 2, 3]))
    >>> xp.histogram(xp.arange(4), bins=2, density=True)[0]
    array([0.33333333, 0.33333333])
    """
    a = asarray(a)
    if weights is not None:
        weights = asarray(weights)
        if weights.shape != a.shape:
            raise ValueError("weights should have the same shape as a.")
        weights = weights.reshape(-1)
    a = a.reshape(-1)
    edges = _bin_edges(a, bins, range, weights)
    x, searchable = _common(a, edges)
    n = _weighted_hist(_bin_of(searchable, x), edges.size - 1, weights)
    if density:
        widths = (edges[1:] - edges[:-1]).astype(numpy.float64)
        return true_divide(true_divide(n, widths), n.sum()), edges
    return n, edges


def _sample_columns(sample):
    """histogramdd's sample as a list of D 1-D arrays of N values (an (N, D) array, or D arrays)."""
    if isinstance(sample, (list, tuple)):
        columns = [asarray(s).reshape(-1) for s in sample]
        common = numpy.result_type(*[c.dtype for c in columns])  # NumPy stacks them into one array
        columns = [c.astype(common, copy=False) for c in columns]
    else:
        sample = asarray(sample)
        if sample.ndim <= 1:
            return [sample.reshape(-1)]
        if sample.ndim > 2:
            raise ValueError("too many dimensions: the sample is (N, D)")
        columns = [sample[:, i] for i in _range(sample.shape[1])]
    if len({c.size for c in columns}) > 1:
        raise ValueError("all input arrays must have the same shape")
    return columns


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    """The multidimensional histogram of points.

    Parameters
    ----------
    sample : array_like
        N points in D dimensions: an (N, D) array, or a sequence of D arrays
        of N coordinates.
    bins : int or sequence, optional
        Per dimension (or for all): a number of bins or their edges.
    range : sequence of (float, float), optional
        The lower and upper edges per dimension; by default the data's extent.
    density : bool, optional
        Return a probability density instead of counts.
    weights : array_like, optional
        One weight per point.

    Returns
    -------
    hist : ndarray
        float64, one axis per dimension.
    edges : list of ndarray
        D arrays of edges.

    See Also
    --------
    histogram, histogram2d

    Examples
    --------
    >>> import gpuarray as xp
    >>> points = xp.array([[0.1, 0.1], [0.9, 0.1], [0.9, 0.9]])
    >>> hist, edges = xp.histogramdd(points, bins=2, range=[(0, 1), (0, 1)])
    >>> hist
    array([[1., 0.],
           [1., 1.]])
    >>> len(edges), edges[0]
    (2, array([0. , 0.5, 1. ]))
    """
    columns = _sample_columns(sample)
    d = len(columns)
    if d == 0:
        raise ValueError("histogramdd needs at least one dimension")
    try:
        if len(bins) != d:
            raise ValueError("The dimension of bins must be equal to the dimension of the sample x.")
    except TypeError:
        bins = d * [bins]
    if range is None:
        range = (None,) * d
    elif len(range) != d:
        raise ValueError("range argument must have one entry per dimension")
    edges = []
    for i, column in enumerate(columns):
        if numpy.ndim(bins[i]) == 0:
            if bins[i] < 1:
                raise ValueError(f"`bins[{i}]` must be positive, when an integer")
            smin, smax = _outer_edges(column, range[i])
            try:
                n = operator.index(bins[i])
            except TypeError as e:
                raise TypeError(f"`bins[{i}]` must be an integer, when a scalar") from e
            edges.append(asarray(numpy.linspace(smin, smax, n + 1)))
        elif numpy.ndim(bins[i]) == 1:
            host = _host(bins[i])
            if numpy.any(host[:-1] > host[1:]):
                raise ValueError(f"`bins[{i}]` must be monotonically increasing, when an array")
            edges.append(asarray(bins[i]))
        else:
            raise ValueError(f"`bins[{i}]` must be a scalar or 1d array")
    nbin = [e.size + 1 for e in edges]  # an outlier bin at each end
    flat = None
    for i, column in enumerate(columns):
        x, searchable = _common(column, edges[i])
        index = _bin_index(searchable, x)
        flat = index if flat is None else add(multiply(flat, nbin[i]), index)
    length = int(numpy.prod(nbin))
    if weights is not None:
        weights = asarray(weights).reshape(-1)
    hist = _counts(flat, length, weights).astype(numpy.float64, copy=False).reshape(nbin)
    hist = hist[(slice(1, -1),) * d]
    if density:
        total = hist.sum()
        for i in _range(d):
            shape = [1] * d
            shape[i] = nbin[i] - 2
            widths = (edges[i][1:] - edges[i][:-1]).astype(numpy.float64)
            hist = true_divide(hist, widths.reshape(shape))
        hist = true_divide(hist, total)
    return hist, edges


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    """The two-dimensional histogram of points (x, y).

    Parameters
    ----------
    x, y : array_like
        The points' coordinates, of the same length.
    bins : int or array_like or [int, int] or [array, array], optional
        The bins of both axes, or of each: a number or edges.
    range : array_like, optional
        ``[[xmin, xmax], [ymin, ymax]]``; by default the data's extent.
    density : bool, optional
        Return a probability density instead of counts.
    weights : array_like, optional
        One weight per point.

    Returns
    -------
    hist : ndarray
        float64, shape ``(nx, ny)``: x along the first axis.
    xedges, yedges : ndarray
        The edges of each axis.

    See Also
    --------
    histogramdd, histogram

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([0.1, 0.6, 0.7]); y = xp.array([0.2, 0.2, 0.9])
    >>> hist, xedges, yedges = xp.histogram2d(x, y, bins=2, range=[[0, 1], [0, 1]])
    >>> hist
    array([[1., 0.],
           [1., 1.]])
    >>> xedges
    array([0. , 0.5, 1. ])
    """
    try:
        nbins = len(bins)
    except TypeError:
        nbins = 1
    if nbins != 1 and nbins != 2:
        bins = [bins, bins]
    hist, edges = histogramdd([x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]
