# SPDX-License-Identifier: BSD-3-Clause
"""Kolmogorov-Smirnov tests: ks_1samp and ks_2samp, with scipy.stats'
signatures and KstestResult.

The statistics are computed on the device, every slice at once: ks_1samp
sorts the sample and compares the CDF's values with the empirical steps;
ks_2samp sorts the two samples together (Note [Two-sample KS on the
device]). The p-values are computed on the host by SciPy from the device
statistics and the sample sizes (gpuarray.scipy.special does not exist
yet)."""
import math

import numpy

from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._axis_nan_policy import float_dtype, reduce_along_axis
from gpuarray.scipy.stats._host_distributions import scipy_module, to_device, to_host
from gpuarray.scipy.stats._result_types import KstestResult

__all__ = ["ks_1samp", "ks_2samp"]

_SHORT = {"t": "two-sided", "g": "greater", "l": "less"}


def _alternative(alternative):
    """SciPy's spelling rule: the first letter decides."""
    return _SHORT.get(alternative.lower()[0], alternative) if alternative else alternative


def _cdf_values(cdf, x, args):
    """``cdf(x, *args)`` on the device. A host function (SciPy's distributions refuse
    device arrays with TypeError) gets a host copy, and its values come back."""
    try:
        values = cdf(x, *args)
        if isinstance(values, xp.ndarray):
            return values
    except TypeError:
        values = cdf(xp.asnumpy(x), *args)
    return xp.asarray(numpy.asarray(values))


def _ks_1samp_core(cdf, args, alternative):
    def core(x):
        n = x.shape[-1]
        s = xp.sort(x.astype(float_dtype(x.dtype)), axis=-1)
        values = _cdf_values(cdf, s, args)
        plus = xp.arange(1.0, n + 1, dtype=s.dtype) / n - values
        minus = values - xp.arange(0.0, n, dtype=s.dtype) / n
        k_plus = xp.argmax(plus, axis=-1, keepdims=True)
        k_minus = xp.argmax(minus, axis=-1, keepdims=True)
        d_plus, d_minus = (xp.take_along_axis(plus, k_plus, axis=-1)[..., 0],
                           xp.take_along_axis(minus, k_minus, axis=-1)[..., 0])
        at_plus, at_minus = (xp.take_along_axis(s, k_plus, axis=-1)[..., 0],
                             xp.take_along_axis(s, k_minus, axis=-1)[..., 0])
        ones = xp.ones(d_plus.shape, dtype=numpy.int8)
        size = xp.full(d_plus.shape, n, dtype=numpy.int64)
        if alternative == "greater":
            return d_plus, at_plus, ones, size
        if alternative == "less":
            return d_minus, at_minus, -ones, size
        use_plus = d_plus > d_minus
        return (xp.where(use_plus, d_plus, d_minus), xp.where(use_plus, at_plus, at_minus),
                xp.where(use_plus, ones, -ones), size)
    return core


def ks_1samp(x, cdf, args=(), alternative="two-sided", method="auto", *, axis=0, nan_policy="propagate",
             keepdims=False):
    """One-sample Kolmogorov-Smirnov test of a sample against a continuous distribution.

    Parameters
    ----------
    x : array_like
        The sample (device array, or anything `gpuarray.asarray` accepts).
    cdf : callable
        The distribution's CDF, called as ``cdf(sorted_x, *args)``: with the
        sorted device array, or, when it refuses a device array with
        TypeError (SciPy's distributions do), with a host copy.
    args : tuple, optional
        Further arguments of `cdf`.
    alternative : {'two-sided', 'less', 'greater'}, optional
        The alternative hypothesis (default 'two-sided'); the first letter decides.
    method : {'auto', 'exact', 'approx', 'asymp'}, optional
        The null distribution of the two-sided statistic: 'exact' (default
        under 'auto'), 'asymp' (Kolmogorov's limit) or 'approx' (twice the
        one-sided tail).
    axis : int, tuple of ints or None, optional
        Axis of the observations (default 0); None flattens `x`.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs are left out;
        'raise': a NaN raises ValueError.
    keepdims : bool, optional
        If True, the reduced axes are left in the results with length 1.

    Returns
    -------
    result : KstestResult
        ``statistic``, ``pvalue``, ``statistic_location`` (the observation
        where the distance is largest) and ``statistic_sign`` (+1 where the
        empirical CDF is above `cdf`, -1 below; int8), device arrays.

    Raises
    ------
    ValueError
        For an unknown `alternative` or `nan_policy` (or 'raise' with a NaN).

    Notes
    -----
    One sort and two argmax reductions per slice on the device. The
    p-values are SciPy's ``kstwo``, ``kstwobign`` and ``ksone`` tails
    evaluated on the host from the device statistics.

    See Also
    --------
    ks_2samp, scipy.stats.ks_1samp

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> uniform = lambda v: xp.clip(v, 0.0, 1.0)  # the CDF of U(0, 1), on the device
    >>> res = stats.ks_1samp(xp.asarray([0.1, 0.4, 0.45, 0.7, 0.95]), uniform)
    >>> round(float(res.statistic), 6), float(res.statistic_location), int(res.statistic_sign)
    (0.2, 0.4, -1)
    >>> round(float(res.pvalue), 6)
    0.9616
    """
    alternative = _alternative(alternative)
    if alternative not in ("two-sided", "greater", "less"):
        raise ValueError(f"Unexpected value {alternative=}")
    statistic, location, sign, size = reduce_along_axis(
        _ks_1samp_core(cdf, args, alternative), [x], axis=axis, nan_policy=nan_policy, keepdims=keepdims,
        n_outputs=4)
    d, n = to_host(statistic), to_host(size)
    distributions = scipy_module("scipy.stats")
    with numpy.errstate(all="ignore"):
        if alternative != "two-sided":
            p = distributions.ksone.sf(d, n)
        elif method in ("auto", "exact"):
            p = distributions.kstwo.sf(d, n)
        elif method == "asymp":
            p = distributions.kstwobign.sf(d * numpy.sqrt(n))
        else:
            p = numpy.clip(2 * distributions.ksone.sf(d, n), 0.0, 1.0)
    # the p-value in the sample's floating dtype, which the sorted values (the locations) have
    return KstestResult(statistic, to_device(numpy.clip(p, 0.0, 1.0), location.dtype), statistic_location=location,
                        statistic_sign=sign)


def _ks_2samp_core(d1, d2):
    """Note [Two-sample KS on the device]: the samples are sorted together. At the
    last element of each run of equal values the running counts of each sample
    are their empirical CDFs there (searchsorted's 'right' side), so the extremes
    of ``cdf1 - cdf2`` over run ends are SciPy's, and SciPy 1.18's location is the
    smallest value where the extreme is reached."""
    n1, n2 = d1.shape[-1], d2.shape[-1]
    dtype = numpy.result_type(d1.dtype, d2.dtype)
    both = xp.concatenate([d2.astype(dtype), d1.astype(dtype)], axis=-1)
    order = xp.argsort(both, axis=-1, kind="stable")
    values = xp.take_along_axis(both, order, axis=-1)
    from1 = order >= n2
    # The CDF values as SciPy 1.18 takes them from linspace(0, 1, n + 1): k * (1 / n),
    # and 1 at the end. Equal extremes are told apart by these roundings, so
    # k / n would pick other locations.
    count1 = xp.cumsum(from1.astype(numpy.int64), axis=-1)
    count2 = xp.cumsum(xp.logical_not(from1).astype(numpy.int64), axis=-1)
    cdf1 = xp.where(count1 == n1, 1.0, count1 * (1.0 / n1))
    cdf2 = xp.where(count2 == n2, 1.0, count2 * (1.0 / n2))
    diff = cdf1 - cdf2
    run_end = xp.concatenate([xp.not_equal(values[..., 1:], values[..., :-1]),
                              xp.ones(values.shape[:-1] + (1,), dtype=bool)], axis=-1)
    top = xp.max(xp.where(run_end, diff, -xp.inf), axis=-1, keepdims=True)
    bottom = xp.min(xp.where(run_end, diff, xp.inf), axis=-1, keepdims=True)

    def location(extreme):
        # argmax of the first True: the first (smallest) run whose end reaches the extreme.
        hit = xp.logical_and(run_end, diff == extreme)
        return xp.take_along_axis(values, xp.argmax(hit, axis=-1, keepdims=True), axis=-1)[..., 0]

    max_s = top[..., 0]
    min_s = xp.clip(-bottom[..., 0], 0, 1)
    sizes = xp.full(max_s.shape, float(n1), dtype=numpy.float64), xp.full(max_s.shape, float(n2),
                                                                           dtype=numpy.float64)
    return (max_s, location(top), min_s, location(bottom)) + sizes


def _synthetic_counts(n1, n2, d):
    """(k1, k2) with ``k1/n1 - k2/n2 == d`` exactly, 0 <= k <= n, for a d that two samples
    of these sizes can produce (it is h / lcm(n1, n2) for an integer h)."""
    g = math.gcd(n1, n2)
    a, b = n2 // g, n1 // g
    h = int(round(d * (n1 // g) * n2))
    k1 = (h * pow(a, -1, b)) % b if b > 1 else 0
    low = -(-h // a)
    if k1 < low:
        k1 += -(-(low - k1) // b) * b
    return k1, (k1 * a - h) // b


def two_sample_pvalue(n1, n2, d, alternative, method):
    """(statistic, p-value) of SciPy's ks_2samp for samples of sizes n1 and n2 whose
    statistic is `d` under `alternative`. SciPy's own ks_2samp runs on two host
    samples of two values each, arranged to have exactly this statistic: its
    p-value (exact or asymptotic, as `method` and the sizes decide, with its
    warnings) depends on nothing else, and its exact statistic is h / lcm."""
    if alternative == "less":  # sample 2's CDF above sample 1's by d
        k2, k1 = _synthetic_counts(n2, n1, d)
    else:
        k1, k2 = _synthetic_counts(n1, n2, d)
    s1 = numpy.repeat([0.0, 1.0], [k1, n1 - k1])
    s2 = numpy.repeat([0.0, 1.0], [k2, n2 - k2])
    res = scipy_module("scipy.stats").ks_2samp(s1, s2, alternative=alternative, method=method)
    return float(res.statistic), float(res.pvalue)


def ks_2samp(data1, data2, alternative="two-sided", method="auto", *, axis=0, nan_policy="propagate",
             keepdims=False):
    """Two-sample Kolmogorov-Smirnov test of the null hypothesis that two samples
    come from the same continuous distribution.

    Parameters
    ----------
    data1, data2 : array_like
        The samples; they broadcast against each other except along `axis`,
        where their lengths may differ.
    alternative : {'two-sided', 'less', 'greater'}, optional
        The alternative hypothesis (default 'two-sided'); the first letter decides.
    method : {'auto', 'exact', 'asymp'}, optional
        The null distribution: 'exact', 'asymp', or 'auto' (default: exact
        when both samples have at most 10000 values).
    axis : int, tuple of ints or None, optional
        Axis of the observations (default 0); None flattens each sample.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs are left out
        of each sample; 'raise': a NaN raises ValueError.
    keepdims : bool, optional
        If True, the reduced axes are left in the results with length 1.

    Returns
    -------
    result : KstestResult
        ``statistic`` and ``pvalue`` (float64), ``statistic_location`` (the
        value where the empirical CDFs are farthest apart) and
        ``statistic_sign`` (+1 where sample 1's CDF is above, -1 below; int8),
        device arrays.

    Raises
    ------
    ValueError
        For an unknown `method`, `alternative` or `nan_policy` (or 'raise' with
        a NaN).

    Warns
    -----
    RuntimeWarning
        SciPy's, when the exact p-value cannot be computed and the asymptotic
        one is used.

    Notes
    -----
    The statistic and its location come from one joint sort of the two
    samples on the device (Note [Two-sample KS on the device]). The p-value
    is SciPy's: it depends only on the sizes and the statistic, so SciPy's
    ks_2samp is run on the host on two samples of two distinct values with
    that statistic (exact statistics are rounded to a multiple of
    1 / lcm(n1, n2), as SciPy rounds them).

    See Also
    --------
    ks_1samp, scipy.stats.ks_2samp

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> res = stats.ks_2samp(xp.asarray([0.1, 0.5, 0.3]), xp.asarray([0.2, 0.5, 0.9, 1.0]))
    >>> float(res.statistic), round(float(res.pvalue), 6), float(res.statistic_location)
    (0.5, 0.657143, 0.5)
    >>> int(res.statistic_sign)
    1
    """
    if method not in ("auto", "exact", "asymp"):
        raise ValueError(f"Invalid value for mode: {method}")
    alternative = _alternative(alternative)
    if alternative not in ("two-sided", "less", "greater"):
        raise ValueError(f"Invalid value for alternative: {alternative}")
    max_s, at_max, min_s, at_min, n1, n2 = reduce_along_axis(
        _ks_2samp_core, [data1, data2], axis=axis, nan_policy=nan_policy, keepdims=keepdims, n_outputs=6)
    if alternative == "less":
        use_min = xp.ones(max_s.shape, dtype=bool)
    elif alternative == "greater":
        use_min = xp.zeros(max_s.shape, dtype=bool)
    else:
        use_min = min_s > max_s
    d = xp.where(use_min, min_s, max_s)
    location = xp.where(use_min, at_min, at_max)
    sign = xp.where(use_min, -1, 1).astype(numpy.int8)
    host_d, host_n1, host_n2 = (to_host(v).reshape(-1) for v in (d, n1, n2))
    statistic, pvalue = numpy.full(host_d.shape, numpy.nan), numpy.full(host_d.shape, numpy.nan)
    known = {}
    for i in range(host_d.size):
        if numpy.isnan(host_d[i]):
            continue
        key = (int(host_n1[i]), int(host_n2[i]), float(host_d[i]))
        if key not in known:
            known[key] = two_sample_pvalue(key[0], key[1], key[2], alternative, method)
        statistic[i], pvalue[i] = known[key]
    shape = d.shape
    if bool(xp.any(xp.isnan(d))):
        sign = xp.where(xp.isnan(d), xp.nan, sign.astype(numpy.float64))
    return KstestResult(to_device(statistic.reshape(shape), numpy.float64),
                        to_device(pvalue.reshape(shape), numpy.float64),
                        statistic_location=location, statistic_sign=sign)
