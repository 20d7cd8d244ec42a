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
from gpuarray._reductions import all as _all, any as _any, count_nonzero, mean, nanmean, sum as _sum
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
    """The median along `axis` (None: of all elements): the middle element of each
    sorted slice, or the mean of the two middle ones; NaN where a slice has a NaN.
    The dtype is mean's (float64 for integers)."""
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
    """median ignoring NaNs; NaN with a RuntimeWarning where a slice is all NaN."""
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
    """The q-th percentiles (q in [0, 100], scalar or array: its dimensions lead the
    result) along `axis`, with NumPy's 13 estimation methods; NaN where a slice has a
    NaN. `weights` (non-negative) need method='inverted_cdf'."""
    return _quantile(a, q, 100, axis, out, method, keepdims, weights, False)


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
             weights=None):
    """percentile with q in [0, 1]."""
    return _quantile(a, q, 1, axis, out, method, keepdims, weights, False)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
                  weights=None):
    """percentile ignoring NaNs; NaN with a RuntimeWarning where a slice is all NaN."""
    return _quantile(a, q, 100, axis, out, method, keepdims, weights, True)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
                weights=None):
    """quantile ignoring NaNs; NaN with a RuntimeWarning where a slice is all NaN."""
    return _quantile(a, q, 1, axis, out, method, keepdims, weights, True)


# ---------------------------------------------------------------- averages and correlations

def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """The weighted mean along `axis`: sum(a * w) / sum(w) (the mean without weights;
    integers in float64). `weights` has a's shape or, with `axis`, the shape of those
    axes. With `returned`, also the sum of the weights, in the result's shape."""
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
    """The covariance matrix of the variables in the rows of `m` (and `y`; columns when
    not rowvar), normalized by N - 1 (N with bias, N - ddof with ddof), with frequency
    and reliability weights as NumPy's; 0-d for one variable.

    There is no matrix product yet: X X^H is a broadcast product summed over the
    observations, with a temporary of variables^2 * observations elements."""
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
    """Pearson correlation coefficients: cov normalized by the standard deviations,
    clipped to [-1, 1] (real and imaginary parts apart)."""
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
    """The sum along the diagonal `offset` of the planes (axis1, axis2) (sum's dtypes)."""
    return _sum(_array(a).diagonal(offset, axis1, axis2), axis=-1, dtype=dtype, out=out)


def _trace_method(self, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """ndarray.trace: see trace."""
    return trace(self, offset, axis1, axis2, dtype, out)


ndarray.trace = _trace_method
