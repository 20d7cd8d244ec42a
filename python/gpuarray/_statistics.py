# SPDX-License-Identifier: BSD-3-Clause
"""Order statistics and correlations: median, percentile, quantile and their
nan-variants, average, cov, corrcoef, and trace, with NumPy 2's
semantics (results stay on the device; 0-d arrays stand for NumPy's scalars).

Order statistics move the reduced axes last, merge them into one and sort
(NaNs sort last). Without NaN skipping every row has the same length, so
NumPy's positions and interpolation weights for each q are computed on the
host, with NumPy's own arithmetic; the nan-variants count the elements that
are not NaN per row and compute the same formulas on the device, one
position per (q, row). The elements at those positions are gathered by one
kernel. `overwrite_input` is accepted and the input is never modified."""
import math
import types
import warnings

import numpy
from numpy.lib.array_utils import normalize_axis_tuple

from gpuarray._core import ndarray
from gpuarray._creation import asarray, empty, full
from gpuarray._elementwise_kernel import ElementwiseKernel
from gpuarray._manipulation import atleast_2d, broadcast_to
from gpuarray._math_functions import clip
from gpuarray._moments import mean
from gpuarray._nan_moments import nanmean
from gpuarray._reductions import all as _all, any as _any, count_nonzero, sum as _sum
from gpuarray._scans import cumsum
from gpuarray._searching import where
from gpuarray._sorting import argsort, sort
from gpuarray._ufuncs import (
    ceil, conjugate, floor, isnan, logical_and, logical_not, maximum, multiply, rint, sqrt,
)

__all__ = ["median", "nanmedian", "percentile", "nanpercentile", "quantile", "nanquantile", "average", "cov",
           "corrcoef", "trace"]

# Element k[i] of row r of the C-contiguous rows `s` (n elements each), where
# r = (i / inner) % rows: inner = 1 when the rows are the trailing dimensions
# of the output (one gather for every q), inner = n to permute each row.
_take_rows = ElementwiseKernel(
    "raw T s, int64 k, int64 rows, int64 n, int64 inner", "T y", "y = s[(i / inner % rows) * n + k]",
    "ga_take_rows")

# numpy.searchsorted(cdf_row, q, 'left') within each row of the cumulative
# weights, kept below n, for the weighted inverted_cdf quantile.
_search_cdf = ElementwiseKernel(
    "raw T cdf, T q, int64 rows, int64 n", "int64 k",
    """const long long start = (i % rows) * n;
    long long lo = 0, hi = n;
    while (lo < hi) {
      const long long mid = lo + (hi - lo) / 2;
      if (cdf[start + mid] < q) lo = mid + 1; else hi = mid;
    }
    k = lo < n - 1 ? lo : n - 1;""", "ga_search_cdf")

# The array functions the position formulas use, for counts per row on the device.
_DEVICE = types.SimpleNamespace(floor=floor, ceil=ceil, rint=rint, maximum=maximum, where=where)


def _array(a):
    return a if isinstance(a, ndarray) else asarray(a)


def _rows(a, axis):
    """`a` with the axes reduced over (all for None) moved last and merged into one,
    and the shape keepdims gives."""
    axes = tuple(range(a.ndim)) if axis is None else normalize_axis_tuple(axis, a.ndim)
    rest = tuple(ax for ax in range(a.ndim) if ax not in axes)
    n = math.prod(a.shape[ax] for ax in axes)
    rows = a.transpose(rest + axes).reshape(tuple(a.shape[ax] for ax in rest) + (n,))
    kept = tuple(1 if ax in axes else a.shape[ax] for ax in range(a.ndim))
    return rows, kept


def _finish(result, lead, kept, keepdims, out):
    """The result in keepdims' shape when asked (after q's dimensions `lead`), written into `out` if given."""
    if keepdims:
        result = result.reshape(lead + kept)
    if out is None:
        return result
    if not isinstance(out, ndarray):
        raise TypeError(f"out must be a gpuarray.ndarray, got {type(out).__name__}")
    if out.shape != result.shape:
        raise ValueError(f"non-broadcastable output operand with shape {out.shape} doesn't match the "
                         f"result shape {result.shape}")
    out[...] = result
    return out


def _warn_all_nan(count):
    if count.size and bool(_any(count == 0)):
        warnings.warn("All-NaN slice encountered", RuntimeWarning, stacklevel=4)


def _non_nan_count(s):
    return count_nonzero(logical_not(isnan(s)), axis=-1)


# ---------------------------------------------------------------- median

def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Median of the elements along the given axes.

    Each slice along `axis` is sorted; the median is its middle element, or the
    mean of the two middle elements when the slice has an even length.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to take the median over; None (default) uses every element.
    out : ndarray, optional
        Device array of the result's shape to write the result into.
    overwrite_input : bool, optional
        Accepted for NumPy compatibility and ignored: `a` is never modified.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.

    Returns
    -------
    median : ndarray
        The medians, of `mean`'s dtype (float64 for integer and bool input).
        A full reduction gives a 0-d device array where NumPy gives a scalar.
        Slices holding a NaN give NaN.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If `out` does not have the result's shape.

    Notes
    -----
    The slices are sorted in full on the device (a stable radix sort; there is
    no selection algorithm), so the cost is that of `sort` along the reduced
    axes rather than NumPy's partial partition. The reduced axes are first
    moved last and copied into one contiguous axis.

    See Also
    --------
    nanmedian, mean, percentile, quantile, sort

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[10, 7, 4], [3, 2, 1]])
    >>> float(xp.median(a))
    3.5
    >>> xp.median(a, axis=0)
    array([6.5, 4.5, 2.5])
    >>> xp.median(a, axis=1, keepdims=True)
    array([[7.],
           [2.]])
    >>> float(xp.median(xp.array([1.0, xp.nan, 3.0])))
    nan
    """
    a = _array(a)
    rows, kept = _rows(a, axis)
    n = rows.shape[-1]
    s = sort(rows, axis=-1)
    half = n // 2
    result = mean(s[..., max(half - 1 + n % 2, 0):half + 1], axis=-1)
    if a.dtype.kind in "fc" and n:
        last = s[..., n - 1]
        result = where(isnan(last), last, result)
    return _finish(result, (), kept, keepdims, out)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Median along the given axes, skipping NaNs.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to take the median over; None (default) uses every element.
    out : ndarray, optional
        Device array of the result's shape to write the result into.
    overwrite_input : bool, optional
        Accepted for NumPy compatibility and ignored: `a` is never modified.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.

    Returns
    -------
    median : ndarray
        The medians of the non-NaN elements, in the input's dtype for floating
        input (as `median` otherwise). A full reduction gives a 0-d device array
        where NumPy gives a scalar. A slice of NaNs only gives NaN.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If `out` does not have the result's shape.

    Warns
    -----
    RuntimeWarning
        "All-NaN slice encountered" when some slice has no non-NaN element.

    Notes
    -----
    Integer and bool input has no NaNs and is handed to `median`; empty input
    to `nanmean`. For floating input each slice is sorted in full (NaNs sort
    last) and the non-NaN elements are counted per slice on the device. Checking
    for all-NaN slices, to warn as NumPy does, reads one flag back to the host,
    which waits for the device.

    See Also
    --------
    median, nanmean, nanpercentile, nanquantile

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[10.0, xp.nan, 4.0], [3.0, 2.0, 1.0]])
    >>> float(xp.median(a))
    nan
    >>> float(xp.nanmedian(a))
    3.0
    >>> xp.nanmedian(a, axis=1)
    array([7., 2.])
    """
    a = _array(a)
    if a.size == 0:
        return nanmean(a, axis, out=out, keepdims=keepdims)
    if a.dtype.kind not in "fc":
        return median(a, axis, out, overwrite_input, keepdims)
    rows, kept = _rows(a, axis)
    n = rows.shape[-1]
    nrows = math.prod(rows.shape[:-1])
    s = sort(rows, axis=-1)
    count = _non_nan_count(s)
    _warn_all_nan(count)
    # A slice of NaNs only reads its first element: a NaN.
    low = _take_rows(s, maximum((count - 1) // 2, 0), nrows, n, 1)
    high = _take_rows(s, count // 2, nrows, n, 1)
    acc = numpy.float32 if a.dtype == numpy.float16 else a.dtype  # mean's accumulation
    mid = ((low.astype(acc) + high.astype(acc)) / 2).astype(a.dtype)
    # One middle element is the median itself (x + x could overflow).
    return _finish(where(count % 2 == 1, low, mid), (), kept, keepdims, out)


# ---------------------------------------------------------------- quantiles
#
# NumPy's estimators (Hyndman and Fan) as formulas of n (the count as q's
# dtype), m = n - 1 (likewise) and q. `xp` is numpy (one count, on the host)
# or _DEVICE (a count per row).

def _hyndman_fan(alpha, beta):
    return lambda xp, n, m, q: n * q + (alpha + q * (1 - alpha - beta)) - 1


def _boundary(xp, v, take_previous):
    """floor(v) where take_previous(v - floor(v), floor(v)) holds, else the next position; at least 0."""
    previous = xp.floor(v)
    return xp.maximum(xp.where(take_previous(v - previous, previous), previous, previous + 1), 0)


# Discrete estimators: the position of one order statistic.
_DISCRETE = {
    "inverted_cdf": lambda xp, n, m, q: _boundary(xp, n * q - 1, lambda g, p: g == 0),
    "closest_observation": lambda xp, n, m, q: _boundary(xp, n * q - 1 - 0.5, lambda g, p: (g == 0) & (p % 2 == 1)),
    "lower": lambda xp, n, m, q: xp.floor(m * q),
    "higher": lambda xp, n, m, q: xp.ceil(m * q),
    "nearest": lambda xp, n, m, q: xp.rint(m * q),  # halves to even, as numpy.around
}

# Continuous estimators: (virtual position, its interpolation weight when not the fractional part).
_CONTINUOUS = {
    "averaged_inverted_cdf": (lambda xp, n, m, q: n * q - 1, lambda xp, gamma, v: xp.where(gamma == 0, 0.5, 1.0)),
    "interpolated_inverted_cdf": (_hyndman_fan(0, 1), None),
    "hazen": (_hyndman_fan(0.5, 0.5), None),
    "weibull": (_hyndman_fan(0, 0), None),
    "linear": (lambda xp, n, m, q: m * q, None),
    "median_unbiased": (_hyndman_fan(1 / 3, 1 / 3), None),
    "normal_unbiased": (_hyndman_fan(3 / 8, 3 / 8), None),
    "midpoint": (lambda xp, n, m, q: 0.5 * (xp.floor(m * q) + xp.ceil(m * q)),
                 lambda xp, gamma, v: xp.where(v == xp.floor(v), 0.0, 0.5)),
}


def _as_index(xp, position, count):
    """Integral positions as int64 indices: -1 is the last element; at least 0, so that a
    row of NaNs only (count 0) reads its first element, a NaN."""
    index = position.astype(numpy.int64)
    return xp.maximum(xp.where(index < 0, index + count, index), 0)


def _positions(xp, method, count, n, m, q):
    """(index below, index above, weight of the one above) of `method` for rows of `count`
    elements; above and the weight are None for the discrete methods. As NumPy: positions
    past the last element read the last one (index -1), before the first the first one,
    and the weight is the virtual position minus that index."""
    if method in _DISCRETE:
        return _as_index(xp, _DISCRETE[method](xp, n, m, q), count), None, None
    virtual, fix = _CONTINUOUS[method]
    v = virtual(xp, n, m, q)
    past, before = v >= count - 1, v < 0
    below = xp.where(past, -1, xp.where(before, 0, xp.floor(v)))
    above = xp.where(past, -1, xp.where(before, 0, xp.floor(v) + 1))
    gamma = v - below
    if fix is not None:
        gamma = fix(xp, gamma, v)
    return _as_index(xp, below, count), _as_index(xp, above, count), gamma.astype(v.dtype)


def _lerp(below, above, gamma, dtype):
    """NumPy's interpolation in `dtype`: up from `below` for gamma < 0.5, else down from
    `above` (exact at both ends); the difference is taken in the input dtype."""
    diff = (above - below).astype(dtype)
    up = below.astype(dtype) + diff * gamma.astype(dtype)
    down = above.astype(dtype) - diff * (1 - gamma).astype(dtype)
    return where(gamma >= 0.5, down, up)


def _host_quantiles(q, scale, name):
    """q as a host array in NumPy's dtype (q / 100 for percentiles), checked to lie in [0, 1]."""
    if isinstance(q, ndarray):
        q = q.get()
    q = numpy.asarray(numpy.true_divide(q, scale) if scale != 1 else q)
    if q.size and not (q.min() >= 0 and q.max() <= 1):
        raise ValueError(f"{name} must be in the range [0, {scale}]")
    return q


def _weights_like(a, weights, axis):
    """`weights` checked against `a` as NumPy does, shaped to broadcast against `a`
    (weights along `axis`, a normalized tuple, get ones elsewhere)."""
    w = _array(weights)
    if w.shape != a.shape:
        if axis is None:
            raise TypeError("Axis must be specified when shapes of a and weights differ.")
        if w.shape != tuple(a.shape[ax] for ax in axis):
            raise ValueError("Shape of weights must be consistent with shape of a along specified axis.")
        w = w.transpose(tuple(int(i) for i in numpy.argsort(axis)))
        w = w.reshape(tuple(s if ax in axis else 1 for ax, s in enumerate(a.shape)))
    return w


def _on_device(x, shape):
    """A host array over the q values as a device array broadcast over the rows (`shape`)."""
    return broadcast_to(asarray(x.reshape((x.size,) + (1,) * (len(shape) - 1))), shape)


def _weighted_index(rows, weights, q, shape, nan):
    """(sorted rows, index of the weighted inverted_cdf quantile per (q, row)), as NumPy's
    searchsorted in the normalized cumulative weights; with `nan`, NaNs weigh nothing."""
    nrows, n = math.prod(rows.shape[:-1]), rows.shape[-1]
    order = argsort(rows, axis=-1)
    s = _take_rows(rows, order, nrows, n, n)
    w = _take_rows(weights, order, nrows, n, n)
    if nan:
        w = where(isnan(s), 0, w)
    cdf = cumsum(w, axis=-1, dtype=numpy.float64)
    cdf = cdf / cdf[..., n - 1:]
    bad = isnan(cdf[..., n - 1])
    if nan:
        count = _non_nan_count(s)
        _warn_all_nan(count)
        bad = logical_and(bad, count > 0)  # rows of NaNs only give NaN
    if bool(_any(bad)):
        raise ValueError("Weights included NaN, inf or were all zero.")
    cdf = cdf.astype(q.dtype)
    # Leading zero weights: the first position with weight is the one q = 0 picks.
    cdf = where(cdf == 0, -1, cdf)
    return s, _search_cdf(cdf, _on_device(q, shape), nrows, n)


def _quantile(a, q, scale, axis, out, method, keepdims, weights, nan):
    a = _array(a)
    if a.dtype.kind == "c":
        raise TypeError("a must be an array of real numbers")
    weak = type(q) in (int, float)  # a Python scalar q promotes weakly with a's dtype
    q = _host_quantiles(q, scale, "Percentiles" if scale == 100 else "Quantiles")
    if weights is not None:
        if method != "inverted_cdf":
            raise ValueError(f"Only method 'inverted_cdf' supports weights. Got: {method}.")
        naxis = None if axis is None else normalize_axis_tuple(axis, a.ndim, "axis")
        weights = _weights_like(a, weights, naxis)
        if bool(_any(weights < 0)):
            raise ValueError("Weights must be non-negative.")
    if nan and a.size == 0:
        return nanmean(a, axis, out=out, keepdims=keepdims)
    if q.ndim > 2:
        raise ValueError("q must be a scalar or 1d")
    if method not in _DISCRETE and method not in _CONTINUOUS:
        raise ValueError(f"{method!r} is not a valid method. Use one of: {sorted({**_DISCRETE, **_CONTINUOUS})}")
    if q.dtype.kind not in "f":
        # Integer quantiles (0 or 1) are positions already: linear takes them as they are.
        q = q.astype(numpy.float64)
        method = "lower" if method == "linear" else method
    nan = nan and a.dtype.kind == "f"
    rows, kept = _rows(a, axis)
    rest, n = rows.shape[:-1], rows.shape[-1]
    if n == 0:
        raise IndexError("index -1 is out of bounds for axis 0 with size 0")
    lead, q = q.shape, q.reshape(-1)
    shape, nrows = (q.size,) + rest, math.prod(rest)
    if weights is not None:
        s, below = _weighted_index(rows, _rows(broadcast_to(weights, a.shape), axis)[0], q, shape, nan)
        gamma = None
    else:
        s = sort(rows, axis=-1)
        if nan:
            count = _non_nan_count(s)
            _warn_all_nan(count)
            qd = asarray(q.reshape(shape[:1] + (1,) * len(rest)))
            below, above, gamma = _positions(_DEVICE, method, count, count.astype(q.dtype),
                                             (count - 1).astype(q.dtype), qd)
            below = broadcast_to(below, shape)
        else:
            below, above, gamma = (None if x is None else _on_device(x, shape)
                                   for x in _positions(numpy, method, n, n, n - 1, q))
    result = _take_rows(s, below, nrows, n, 1)
    if gamma is not None:
        dtype = numpy.result_type(a.dtype, 0.0 if weak else q.dtype)
        result = _lerp(result, _take_rows(s, broadcast_to(above, shape), nrows, n, 1), gamma, dtype)
    if a.dtype.kind == "f" and not nan:
        last = s[..., n - 1]
        result = where(isnan(last), last, result)
    return _finish(result.reshape(lead + rest), lead, kept, keepdims, out)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
               weights=None):
    """The q-th percentiles of the data along the given axes.

    Parameters
    ----------
    a : array_like
        Input array of real numbers (device array, or anything `asarray`
        accepts).
    q : array_like of float
        Percentages, each in [0, 100]. A scalar or a 1-D sequence (host or
        device); the dimensions of `q` come first in the result.
    axis : int, tuple of ints or None, optional
        Axes to compute over; None (default) uses every element.
    out : ndarray, optional
        Device array of the result's shape to write the result into.
    overwrite_input : bool, optional
        Accepted for NumPy compatibility and ignored: `a` is never modified.
    method : str, optional
        How to estimate between data points, one of NumPy's names:
        'inverted_cdf', 'averaged_inverted_cdf', 'closest_observation',
        'interpolated_inverted_cdf', 'hazen', 'weibull', 'linear' (default),
        'median_unbiased', 'normal_unbiased', 'lower', 'higher', 'nearest',
        'midpoint'.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    weights : array_like, optional
        Non-negative weights, of `a`'s shape or, with `axis`, of the shape of
        the reduced axes. Only method='inverted_cdf' accepts them.

    Returns
    -------
    percentile : ndarray
        The percentiles, with the dimensions of `q` first, then the remaining
        axes of `a`. A scalar `q` and a full reduction give a 0-d device array
        where NumPy gives a scalar. Slices holding a NaN give NaN. The
        interpolating methods return floating results; the others keep the
        input's dtype.

    Raises
    ------
    TypeError
        If `a` is complex, if `out` is not a gpuarray.ndarray, or if `weights`
        differs from `a` in shape and `axis` is None.
    ValueError
        If a value of `q` is outside [0, 100], `q` has more than two
        dimensions, `method` is unknown, `weights` is given with another method
        than 'inverted_cdf', has the wrong shape, is negative, or sums to zero
        (or has NaN or inf) along some slice, or `out` has the wrong shape.
    IndexError
        If the reduced axes are empty.

    Notes
    -----
    `q` is read back to the host (a device `q` is downloaded).
    Without NaN skipping all slices have the same length, so the positions
    and interpolation weights are computed once on the host, with NumPy's
    arithmetic.

    Each slice is sorted in full on the device and the elements at the
    estimated positions are gathered by one kernel; interpolation uses NumPy's
    formula (up from the lower neighbour for gamma < 0.5, down from the upper
    one otherwise). Weighted quantiles sort the weights with the data and
    search their cumulative sum on the device; checking the weights reads
    results back to the host, which waits for the device.

    NumPy's deprecated `interpolation` parameter is not accepted; use `method`.

    See Also
    --------
    quantile, nanpercentile, median, sort

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[10, 7, 4], [3, 2, 1]])
    >>> float(xp.percentile(a, 50))
    3.5
    >>> xp.percentile(a, 50, axis=0)
    array([6.5, 4.5, 2.5])
    >>> xp.percentile(a, [25, 75], axis=1)
    array([[5.5, 1.5],
           [8.5, 2.5]])
    >>> xp.percentile(a, 40, axis=1, method="lower")
    array([4, 1])
    """
    return _quantile(a, q, 100, axis, out, method, keepdims, weights, False)


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
             weights=None):
    """The q-th quantiles of the data along the given axes.

    Like `percentile`, with `q` as fractions in [0, 1] rather than percentages.

    Parameters
    ----------
    a : array_like
        Input array of real numbers (device array, or anything `asarray`
        accepts).
    q : array_like of float
        Probabilities, each in [0, 1]. A scalar or a 1-D sequence (host or
        device); the dimensions of `q` come first in the result.
    axis : int, tuple of ints or None, optional
        Axes to compute over; None (default) uses every element.
    out : ndarray, optional
        Device array of the result's shape to write the result into.
    overwrite_input : bool, optional
        Accepted for NumPy compatibility and ignored: `a` is never modified.
    method : str, optional
        How to estimate between data points, one of NumPy's names:
        'inverted_cdf', 'averaged_inverted_cdf', 'closest_observation',
        'interpolated_inverted_cdf', 'hazen', 'weibull', 'linear' (default),
        'median_unbiased', 'normal_unbiased', 'lower', 'higher', 'nearest',
        'midpoint'.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    weights : array_like, optional
        Non-negative weights, of `a`'s shape or, with `axis`, of the shape of
        the reduced axes. Only method='inverted_cdf' accepts them.

    Returns
    -------
    quantile : ndarray
        The quantiles, with the dimensions of `q` first, then the remaining
        axes of `a`. A scalar `q` and a full reduction give a 0-d device array
        where NumPy gives a scalar. Slices holding a NaN give NaN. The
        interpolating methods return floating results; the others keep the
        input's dtype.

    Raises
    ------
    TypeError
        If `a` is complex, if `out` is not a gpuarray.ndarray, or if `weights`
        differs from `a` in shape and `axis` is None.
    ValueError
        If a value of `q` is outside [0, 1], `q` has more than two
        dimensions, `method` is unknown, `weights` is given with another method
        than 'inverted_cdf', has the wrong shape, is negative, or sums to zero
        (or has NaN or inf) along some slice, or `out` has the wrong shape.
    IndexError
        If the reduced axes are empty.

    Notes
    -----
    `q` is read back to the host (a device `q` is downloaded).
    Without NaN skipping all slices have the same length, so the positions
    and interpolation weights are computed once on the host, with NumPy's
    arithmetic.

    Each slice is sorted in full on the device and the elements at the
    estimated positions are gathered by one kernel; interpolation uses NumPy's
    formula (up from the lower neighbour for gamma < 0.5, down from the upper
    one otherwise). Weighted quantiles sort the weights with the data and
    search their cumulative sum on the device; checking the weights reads
    results back to the host, which waits for the device.

    NumPy's deprecated `interpolation` parameter is not accepted; use `method`.

    See Also
    --------
    percentile, nanquantile, median, sort

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[10, 7, 4], [3, 2, 1]])
    >>> float(xp.quantile(a, 0.5))
    3.5
    >>> xp.quantile(a, [0.25, 0.75], axis=1)
    array([[5.5, 1.5],
           [8.5, 2.5]])
    >>> xp.quantile(a, 0.5, axis=0, keepdims=True)
    array([[6.5, 4.5, 2.5]])
    >>> x = xp.array([1.0, 2.0, 3.0, 4.0])
    >>> float(xp.quantile(x, 0.5, method="inverted_cdf", weights=xp.array([1, 1, 1, 5])))
    4.0
    """
    return _quantile(a, q, 1, axis, out, method, keepdims, weights, False)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
                  weights=None):
    """The q-th percentiles along the given axes, skipping NaNs.

    Parameters
    ----------
    a : array_like
        Input array of real numbers (device array, or anything `asarray`
        accepts).
    q : array_like of float
        Percentages, each in [0, 100]. A scalar or a 1-D sequence (host or
        device); the dimensions of `q` come first in the result.
    axis : int, tuple of ints or None, optional
        Axes to compute over; None (default) uses every element.
    out : ndarray, optional
        Device array of the result's shape to write the result into.
    overwrite_input : bool, optional
        Accepted for NumPy compatibility and ignored: `a` is never modified.
    method : str, optional
        How to estimate between data points, one of NumPy's names:
        'inverted_cdf', 'averaged_inverted_cdf', 'closest_observation',
        'interpolated_inverted_cdf', 'hazen', 'weibull', 'linear' (default),
        'median_unbiased', 'normal_unbiased', 'lower', 'higher', 'nearest',
        'midpoint'.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    weights : array_like, optional
        Non-negative weights, of `a`'s shape or, with `axis`, of the shape of
        the reduced axes. Only method='inverted_cdf' accepts them.

    Returns
    -------
    percentile : ndarray
        The percentiles of the non-NaN elements, with the dimensions of `q`
        first, then the remaining axes of `a`. A scalar `q` and a full
        reduction give a 0-d device array where NumPy gives a scalar. A slice
        of NaNs only gives NaN.

    Raises
    ------
    TypeError
        If `a` is complex, if `out` is not a gpuarray.ndarray, or if `weights`
        differs from `a` in shape and `axis` is None.
    ValueError
        If a value of `q` is outside [0, 100], `q` has more than two
        dimensions, `method` is unknown, `weights` is given with another method
        than 'inverted_cdf', has the wrong shape, is negative, or sums to zero
        (or has NaN or inf) along some slice, or `out` has the wrong shape.
    IndexError
        If the reduced axes are empty
        (empty input returns `nanmean`'s result instead).

    Warns
    -----
    RuntimeWarning
        "All-NaN slice encountered" when some slice has no non-NaN element.

    Notes
    -----
    `q` is read back to the host (a device `q` is downloaded).
    The non-NaN elements are counted per slice, so the positions and
    interpolation weights are computed on the device with NumPy's formulas;
    checking for all-NaN slices reads a flag back to the host.

    Each slice is sorted in full on the device and the elements at the
    estimated positions are gathered by one kernel; interpolation uses NumPy's
    formula (up from the lower neighbour for gamma < 0.5, down from the upper
    one otherwise). Weighted quantiles sort the weights with the data and
    search their cumulative sum on the device; checking the weights reads
    results back to the host, which waits for the device.

    NumPy's deprecated `interpolation` parameter is not accepted; use `method`.

    See Also
    --------
    percentile, nanquantile, nanmedian

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[10.0, xp.nan, 4.0], [3.0, 2.0, 1.0]])
    >>> float(xp.percentile(a, 50))
    nan
    >>> float(xp.nanpercentile(a, 50))
    3.0
    >>> xp.nanpercentile(a, [25, 75], axis=1)
    array([[5.5, 1.5],
           [8.5, 2.5]])
    """
    return _quantile(a, q, 100, axis, out, method, keepdims, weights, True)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
                weights=None):
    """The q-th quantiles along the given axes, skipping NaNs.

    Like `nanpercentile`, with `q` as fractions in [0, 1] rather than
    percentages.

    Parameters
    ----------
    a : array_like
        Input array of real numbers (device array, or anything `asarray`
        accepts).
    q : array_like of float
        Probabilities, each in [0, 1]. A scalar or a 1-D sequence (host or
        device); the dimensions of `q` come first in the result.
    axis : int, tuple of ints or None, optional
        Axes to compute over; None (default) uses every element.
    out : ndarray, optional
        Device array of the result's shape to write the result into.
    overwrite_input : bool, optional
        Accepted for NumPy compatibility and ignored: `a` is never modified.
    method : str, optional
        How to estimate between data points, one of NumPy's names:
        'inverted_cdf', 'averaged_inverted_cdf', 'closest_observation',
        'interpolated_inverted_cdf', 'hazen', 'weibull', 'linear' (default),
        'median_unbiased', 'normal_unbiased', 'lower', 'higher', 'nearest',
        'midpoint'.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    weights : array_like, optional
        Non-negative weights, of `a`'s shape or, with `axis`, of the shape of
        the reduced axes. Only method='inverted_cdf' accepts them.

    Returns
    -------
    quantile : ndarray
        The quantiles of the non-NaN elements, with the dimensions of `q`
        first, then the remaining axes of `a`. A scalar `q` and a full
        reduction give a 0-d device array where NumPy gives a scalar. A slice
        of NaNs only gives NaN.

    Raises
    ------
    TypeError
        If `a` is complex, if `out` is not a gpuarray.ndarray, or if `weights`
        differs from `a` in shape and `axis` is None.
    ValueError
        If a value of `q` is outside [0, 1], `q` has more than two
        dimensions, `method` is unknown, `weights` is given with another method
        than 'inverted_cdf', has the wrong shape, is negative, or sums to zero
        (or has NaN or inf) along some slice, or `out` has the wrong shape.
    IndexError
        If the reduced axes are empty
        (empty input returns `nanmean`'s result instead).

    Warns
    -----
    RuntimeWarning
        "All-NaN slice encountered" when some slice has no non-NaN element.

    Notes
    -----
    `q` is read back to the host (a device `q` is downloaded).
    The non-NaN elements are counted per slice, so the positions and
    interpolation weights are computed on the device with NumPy's formulas;
    checking for all-NaN slices reads a flag back to the host.

    Each slice is sorted in full on the device and the elements at the
    estimated positions are gathered by one kernel; interpolation uses NumPy's
    formula (up from the lower neighbour for gamma < 0.5, down from the upper
    one otherwise). Weighted quantiles sort the weights with the data and
    search their cumulative sum on the device; checking the weights reads
    results back to the host, which waits for the device.

    NumPy's deprecated `interpolation` parameter is not accepted; use `method`.

    See Also
    --------
    quantile, nanpercentile, nanmedian

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[10.0, xp.nan, 4.0], [3.0, 2.0, 1.0]])
    >>> float(xp.nanquantile(a, 0.5))
    3.0
    >>> xp.nanquantile(a, 0.5, axis=1)
    array([7., 2.])
    >>> xp.nanquantile(a, [0.0, 1.0], axis=0)
    array([[ 3.,  2.,  1.],
           [10.,  2.,  4.]])
    """
    return _quantile(a, q, 1, axis, out, method, keepdims, weights, True)


# ---------------------------------------------------------------- averages and correlations

def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """Weighted average along the given axes.

    Computes ``sum(a * w) / sum(w)`` over the axes; without weights this is the
    arithmetic mean.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to average over; None (default) averages every element.
    weights : array_like, optional
        Weights of `a`'s shape or, with `axis`, of the shape of the axes
        averaged over (in the order of `axis`). None weighs every element 1.
    returned : bool, optional
        If True, return the pair ``(average, sum_of_weights)``, the sum of
        weights broadcast to the average's shape.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.

    Returns
    -------
    average : ndarray or tuple of ndarray
        The averages, in float64 for integer and bool input (else the common
        dtype of `a` and `weights`); with `returned`, also the sum of the
        weights. A full reduction gives 0-d device arrays where NumPy gives
        scalars.

    Raises
    ------
    ZeroDivisionError
        If the weights along some slice sum to zero or, without weights, if
        the result is empty.
    TypeError
        If `weights` differs from `a` in shape and `axis` is None.
    ValueError
        If `weights` does not have the shape of the axes averaged over.

    Notes
    -----
    With weights, the check that no sum of weights is zero reads a flag back
    to the host, which waits for the device. Sums are taken by the device
    reductions, whose summation order differs from NumPy's pairwise summation,
    so floating results may differ from NumPy's in the last bits.

    See Also
    --------
    mean, sum, median

    Examples
    --------
    >>> import gpuarray as xp
    >>> data = xp.arange(1, 5)
    >>> float(xp.average(data))
    2.5
    >>> float(xp.average(data, weights=xp.array([4, 3, 2, 1])))
    2.0
    >>> a = xp.arange(6).reshape(3, 2)
    >>> xp.average(a, axis=1, weights=xp.array([0.25, 0.75]))
    array([0.75, 2.75, 4.75])
    >>> avg, total = xp.average(a, axis=0, returned=True)
    >>> avg
    array([2., 3.])
    >>> total
    array([3., 3.])
    """
    a = _array(a)
    if axis is not None:
        axis = normalize_axis_tuple(axis, a.ndim, "axis")
    if weights is None:
        avg = mean(a, axis, keepdims=keepdims)
        count = a.size / avg.size  # ZeroDivisionError for an empty result, as NumPy
        if not returned:
            return avg
        return avg, full(avg.shape, count, avg.dtype)
    w = _weights_like(a, weights, axis)
    if a.dtype.kind in "biu":
        dtype = numpy.result_type(a.dtype, w.dtype, numpy.float64)
    else:
        dtype = numpy.result_type(a.dtype, w.dtype)
    scale = _sum(w, axis=axis, dtype=dtype, keepdims=keepdims)
    if bool(_any(scale == 0)):
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    avg = _sum(multiply(a, w, dtype=dtype), axis=axis, keepdims=keepdims) / scale
    if not returned:
        return avg
    if scale.shape != avg.shape:
        scale = broadcast_to(scale, avg.shape).copy()
    return avg, scale


def _stack_rows(x, y):
    if x.shape[1] != y.shape[1]:
        raise ValueError("all the input array dimensions except for the concatenation axis must match exactly, "
                         f"but along dimension 1, the array at index 0 has size {x.shape[1]} and the array at "
                         f"index 1 has size {y.shape[1]}")
    out = empty((x.shape[0] + y.shape[0], x.shape[1]), x.dtype)
    out[:x.shape[0]] = x
    out[x.shape[0]:] = y
    return out


def _observation_weights(weights, kind, n):
    """fweights or aweights as float64, checked as NumPy does."""
    w = asarray(weights, dtype=numpy.float64)
    if kind == "fweights" and not bool(_all(w == rint(w))):
        raise TypeError("fweights must be integer")
    if w.ndim > 1:
        raise RuntimeError(f"cannot handle multidimensional {kind}")
    if w.shape[0] != n:
        raise RuntimeError(f"incompatible numbers of samples and {kind}")
    if bool(_any(w < 0)):
        raise ValueError(f"{kind} cannot be negative")
    return w


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None):
    """Covariance matrix of the given variables.

    Each row of `m` (each column with ``rowvar=False``) is a variable and each
    column an observation of all variables; `y` adds variables.

    Parameters
    ----------
    m : array_like
        1-D or 2-D array of variables and observations.
    y : array_like, optional
        More variables, of the same form as `m` and with as many observations.
    rowvar : bool, optional
        If True (default) rows are variables; otherwise columns are.
    bias : bool, optional
        If False (default) normalize by ``N - 1``, else by ``N`` (N is the
        number of observations, or the sum of the weights). Overridden by `ddof`.
    ddof : int, optional
        If given, normalize by ``N - ddof`` instead.
    fweights : array_like of int, optional
        1-D integer frequency weights: how often each observation occurs.
    aweights : array_like, optional
        1-D observation weights (reliability weights).
    dtype : data-type, optional
        Dtype of the result; by default at least float64.

    Returns
    -------
    out : ndarray
        The covariance matrix of the variables; a 0-d device array for a
        single variable (NumPy also gives a 0-d array there).

    Raises
    ------
    ValueError
        If `ddof` is not an integer, `m` or `y` has more than two dimensions,
        `m` and `y` have different numbers of observations, or a weight is
        negative.
    TypeError
        If `fweights` holds non-integer values.
    RuntimeError
        If `fweights` or `aweights` is not 1-D or does not have one weight
        per observation.

    Warns
    -----
    RuntimeWarning
        "Degrees of freedom <= 0 for slice" when the normalizing factor is not
        positive (the result is then inf or NaN).

    Notes
    -----
    There is no matrix product here yet: the product of the centred data with
    its conjugate transpose is a broadcast product summed over the
    observations, which needs a temporary of ``variables**2 * observations``
    elements. The weight checks and the normalizing factor are read back to
    the host, which waits for the device. Summation order differs from
    NumPy's, so floating results may differ from NumPy's in the last bits.

    See Also
    --------
    corrcoef, average, var

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([[0, 1, 2], [2, 1, 0]])
    >>> xp.cov(x)
    array([[ 1., -1.],
           [-1.,  1.]])
    >>> xp.cov(x, rowvar=False, bias=True)
    array([[ 1.,  0., -1.],
           [ 0.,  0.,  0.],
           [-1.,  0.,  1.]])
    >>> float(xp.cov(xp.array([1.0, 2.0, 3.0, 6.0])))
    4.666666666666666
    >>> xp.cov(xp.array([1.0, 2.0, 3.0]), xp.array([3.0, 1.0, 2.0]))
    array([[ 1. , -0.5],
           [-0.5,  1. ]])
    """
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    m = _array(m)
    if m.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    if y is not None:
        y = _array(y)
        if y.ndim > 2:
            raise ValueError("y has more than 2 dimensions")
    if dtype is None:
        dtype = numpy.result_type(m.dtype, numpy.float64) if y is None else \
            numpy.result_type(m.dtype, y.dtype, numpy.float64)
    x = atleast_2d(m.astype(dtype))
    if not rowvar and m.ndim != 1:
        x = x.T
    if x.shape[0] == 0:
        return empty((0, 0), numpy.float64)
    if y is not None:
        y = atleast_2d(y.astype(dtype))
        if not rowvar and y.shape[0] != 1:
            y = y.T
        x = _stack_rows(x, y)
    if ddof is None:
        ddof = 0 if bias else 1
    w = None
    if fweights is not None:
        w = _observation_weights(fweights, "fweights", x.shape[1])
    if aweights is not None:
        aweights = _observation_weights(aweights, "aweights", x.shape[1])
        w = aweights if w is None else w * aweights
    avg, w_sum = average(x, axis=1, weights=w, returned=True)
    w_sum = w_sum.dtype.type(w_sum[0].item())  # a NumPy scalar: NumPy orders complex ones
    if w is None:
        fact = x.shape[1] - ddof
    elif ddof == 0:
        fact = w_sum
    elif aweights is None:
        fact = w_sum - ddof
    else:
        fact = w_sum - ddof * _sum(w * aweights).item() / w_sum
    if fact <= 0:
        warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=2)
        fact = 0.0
    x = x - avg.reshape(-1, 1)
    xw = x if w is None else x * w
    nvar, nobs = x.shape
    c = _sum(x.reshape(nvar, 1, nobs) * conjugate(xw).reshape(1, nvar, nobs), axis=-1)
    c = c * numpy.true_divide(1, fact).item()  # inf for no degrees of freedom, as NumPy
    return c.squeeze()


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """Pearson product-moment correlation coefficients.

    The covariance matrix of `cov` divided by the product of the standard
    deviations, ``R[i, j] = C[i, j] / sqrt(C[i, i] * C[j, j])``.

    Parameters
    ----------
    x : array_like
        1-D or 2-D array of variables and observations, as for `cov`.
    y : array_like, optional
        More variables, of the same form as `x`.
    rowvar : bool, optional
        If True (default) rows are variables; otherwise columns are.
    dtype : data-type, optional
        Dtype of the result; by default at least float64.

    Returns
    -------
    R : ndarray
        The correlation coefficients, clipped to [-1, 1] (for complex data the
        real and imaginary parts are clipped separately). A single variable
        gives a 0-d device array (1, or NaN for constant data).

    Raises
    ------
    ValueError, TypeError, RuntimeError
        As `cov`, for invalid inputs.

    Notes
    -----
    NumPy's `bias` and `ddof` parameters, deprecated and without effect in
    NumPy, are not accepted. The matrix is computed by `cov`, with the same
    memory use and host synchronisation. A variable of constant data has zero
    standard deviation and gives NaN coefficients, as in NumPy.

    See Also
    --------
    cov

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([[0, 1, 2], [2, 1, 0]])
    >>> xp.corrcoef(x)
    array([[ 1., -1.],
           [-1.,  1.]])
    >>> xp.corrcoef(xp.array([1.0, 2.0, 3.0]), xp.array([3.0, 1.0, 2.0]))
    array([[ 1. , -0.5],
           [-0.5,  1. ]])
    """
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim == 0:
        return c / c
    stddev = sqrt(c.diagonal().real)
    c = c / stddev.reshape(-1, 1) / stddev.reshape(1, -1)
    if c.dtype.kind != "c":
        return clip(c, -1, 1)
    c.real = clip(c.real, -1, 1)
    c.imag = clip(c.imag, -1, 1)
    return c


# ---------------------------------------------------------------- diagonals

def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """Sum along a diagonal of an array.

    Parameters
    ----------
    a : array_like
        Array of at least two dimensions.
    offset : int, optional
        Diagonal to sum: 0 (default) the main one, positive above it,
        negative below it.
    axis1, axis2 : int, optional
        The two axes whose planes hold the diagonals (default 0 and 1).
    dtype : data-type, optional
        Dtype of the sum, as for `sum` (by default the input's, with small
        integers promoted as `sum` does).
    out : ndarray, optional
        Device array to write the result into.

    Returns
    -------
    sum_along_diagonals : ndarray
        For 2-D input a 0-d device array (NumPy gives a scalar); otherwise the
        sums of the diagonals of every plane, with the shape of `a` without
        `axis1` and `axis2`.

    Raises
    ------
    ValueError
        If `a` has fewer than two dimensions or `axis1` equals `axis2`.
    numpy.exceptions.AxisError
        If an axis is out of range.

    Notes
    -----
    A view of the diagonal is reduced with `sum` on the device; nothing is
    read back to the host.

    See Also
    --------
    diagonal, sum

    Examples
    --------
    >>> import gpuarray as xp
    >>> float(xp.trace(xp.eye(3)))
    3.0
    >>> int(xp.trace(xp.arange(9).reshape(3, 3), offset=1))
    6
    >>> xp.trace(xp.arange(8).reshape(2, 2, 2))
    array([6, 8])
    """
    return _sum(_array(a).diagonal(offset, axis1, axis2), axis=-1, dtype=dtype, out=out)


def _trace_method(self, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """ndarray.trace: see trace."""
    return trace(self, offset, axis1, axis2, dtype, out)
