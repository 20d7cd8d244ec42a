# SPDX-License-Identifier: BSD-3-Clause
"""percentile and quantile with NumPy 2's thirteen methods and weights, and
the positions and interpolation that the nan-variants (_stats/nan_quantiles.py)
share.

The rows are sorted (_stats/sorted_rows.py). Without NaN skipping every row has
the same length, so NumPy's positions and interpolation weights for each q
are computed on the host, with NumPy's own arithmetic; the nan-variants
count the elements that are not NaN per row and compute the same formulas
on the device, one position per (q, row). The elements at those positions
are gathered by one kernel. `overwrite_input` is accepted and the input is
never modified."""
import math
import types

import numpy
from numpy.lib.array_utils import normalize_axis_tuple

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._core import ndarray
from gpuarray._math.scans import cumsum
from gpuarray._reduction.nan_moments import nanmean
from gpuarray._reduction.reductions import any as _any
from gpuarray._sorting_searching.searching import where
from gpuarray._sorting_searching.sorting import argsort, sort
from gpuarray._stats.averages import _array, _weights_like
from gpuarray._stats.sorted_rows import _finish, _non_nan_count, _rows, _take_rows, _warn_all_nan
from gpuarray._ufunc.ufuncs import ceil, floor, isnan, logical_and, maximum, rint
from gpuarray._user_kernels.elementwise_kernel import ElementwiseKernel

__all__ = ["percentile", "quantile"]


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
