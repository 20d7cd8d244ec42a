# SPDX-License-Identifier: BSD-3-Clause
"""ttest_1samp, ttest_ind, ttest_rel, ks_1samp and ks_2samp against SciPy:
statistics, p-values, degrees of freedom, confidence intervals, dtypes, axes,
broadcasting, layouts, NaN policies, ties, empty input and SciPy's errors.
Host (NumPy standing in, CPU) and device (gpu)."""
import re
import warnings

import numpy as np
import pytest
import scipy.stats

from stats_helpers import LAYOUTS, assert_matches, layout, require_scipy_1_18, tolerance
from gpuarray.scipy import stats
from gpuarray.scipy.stats import _ks_tests

ALTERNATIVES = ["two-sided", "less", "greater"]


def normal(shape, dtype=np.float64, seed=0, loc=0.0, nans=False):
    rng = np.random.default_rng(seed)
    host = (loc + rng.standard_normal(shape) * 2).astype(dtype)
    if nans:
        host.reshape(-1)[::6] = np.nan
    return host


def quietly(f, *args, **kwargs):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


def check_fields(backend, actual, expected, fields, rtol, atol=0.0, check_dtype=False):
    for field in fields:
        assert_matches(backend.get(getattr(actual, field)), getattr(expected, field), rtol, atol, check_dtype)


T_FIELDS = ["statistic", "pvalue", "df"]


def check_ttest(backend, actual, expected, rtol, atol=0.0):
    check_fields(backend, actual, expected, T_FIELDS, rtol, atol)
    assert len(actual) == 2
    for level in (0.9, 0.99):
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            check_fields(backend, actual.confidence_interval(level), expected.confidence_interval(level),
                         ["low", "high"], rtol, atol)


# ---- t tests ------------------------------------------------------------------

@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("axis", [0, -1, None, (0, 2)])
def test_ttest_1samp(backend, dtype, alternative, axis):
    host = normal((4, 6, 5), dtype, loc=0.5) if dtype != np.int64 else np.arange(120).reshape(4, 6, 5) % 7
    expected = scipy.stats.ttest_1samp(host, 0.3, axis=axis, alternative=alternative)
    actual = stats.ttest_1samp(backend.put(host), 0.3, axis=axis, alternative=alternative)
    check_ttest(backend, actual, expected, tolerance(dtype), tolerance(dtype))
    assert_matches(backend.get(actual.statistic), expected.statistic, tolerance(dtype), tolerance(dtype))


def test_ttest_1samp_popmean_array_and_keepdims(backend):
    host = normal((5, 3))
    popmean = np.array([0.1, -0.2, 0.3])
    for keepdims in (False, True):
        expected = scipy.stats.ttest_1samp(host, popmean, keepdims=keepdims)
        actual = stats.ttest_1samp(backend.put(host), backend.put(popmean), keepdims=keepdims)
        check_fields(backend, actual, expected, T_FIELDS, 1e-12, 1e-14)
    with pytest.raises(ValueError, match=re.escape("`popmean.shape[axis]` must equal 1.")):
        scipy.stats.ttest_1samp(host, np.zeros((5, 3)))
    with pytest.raises(ValueError, match=re.escape("`popmean.shape[axis]` must equal 1.")):
        stats.ttest_1samp(backend.put(host), backend.put(np.zeros((5, 3))))


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("equal_var", [True, False])
@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("trim", [0, 0.2])
def test_ttest_ind(backend, dtype, equal_var, alternative, trim):
    a, b = normal((7, 4), dtype, seed=1), normal((11, 4), dtype, seed=2, loc=1.0)
    expected = scipy.stats.ttest_ind(a, b, equal_var=equal_var, alternative=alternative, trim=trim)
    actual = stats.ttest_ind(backend.put(a), backend.put(b), equal_var=equal_var, alternative=alternative,
                             trim=trim)
    check_ttest(backend, actual, expected, tolerance(dtype), tolerance(dtype))


@pytest.mark.parametrize("axis", [0, 1, None])
def test_ttest_ind_broadcast_and_axes(backend, axis):
    a, b = normal((6, 5), seed=3), normal((1, 5), seed=4)
    if axis == 1:
        a, b = a.T, normal((5, 1), seed=4)
    expected = scipy.stats.ttest_ind(a, np.broadcast_to(b, a.shape) if axis is None else b, axis=axis)
    actual = stats.ttest_ind(backend.put(a), backend.put(np.broadcast_to(b, a.shape) if axis is None else b),
                             axis=axis)
    check_fields(backend, actual, expected, T_FIELDS, 1e-12, 1e-14)


@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("axis", [0, 1, None])
def test_ttest_rel(backend, alternative, axis):
    a = normal((8, 5), seed=5)
    b = a + normal((8, 5), seed=6) * 0.5 + 0.2
    expected = scipy.stats.ttest_rel(a, b, axis=axis, alternative=alternative)
    actual = stats.ttest_rel(backend.put(a), backend.put(b), axis=axis, alternative=alternative)
    check_ttest(backend, actual, expected, 1e-12, 1e-14)


@pytest.mark.parametrize("test", ["1samp", "ind", "ind_welch", "ind_trim", "rel"])
@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
def test_ttests_nans(backend, test, nan_policy):
    a, b = normal((5, 12), seed=7, nans=True), normal((5, 12), seed=8, loc=0.5)
    b[1, 2] = np.nan
    a[3] = np.nan
    call = {"1samp": lambda m, x, y: m.ttest_1samp(x, 0.1, axis=1, nan_policy=nan_policy),
            "ind": lambda m, x, y: m.ttest_ind(x, y, axis=1, nan_policy=nan_policy),
            "ind_welch": lambda m, x, y: m.ttest_ind(x, y, axis=1, equal_var=False, nan_policy=nan_policy),
            "ind_trim": lambda m, x, y: m.ttest_ind(x, y, axis=1, trim=0.1, nan_policy=nan_policy),
            "rel": lambda m, x, y: m.ttest_rel(x, y, axis=1, nan_policy=nan_policy)}[test]
    expected = quietly(call, scipy.stats, a, b)
    actual = quietly(call, stats, backend.put(a), backend.put(b))
    check_fields(backend, actual, expected, T_FIELDS, 1e-11, 1e-14)


def test_ttests_layouts_empty_and_small(backend):
    a = normal((6, 9), seed=9)
    for kind in LAYOUTS:
        host, arg = layout(backend, a, kind)
        check_fields(backend, stats.ttest_1samp(arg, 0.2, axis=1), scipy.stats.ttest_1samp(host, 0.2, axis=1),
                     T_FIELDS, 1e-12, 1e-14)
        check_fields(backend, stats.ttest_ind(arg, arg[::-1], axis=1),
                     scipy.stats.ttest_ind(host, host[::-1], axis=1), T_FIELDS, 1e-12, 1e-14)
    for shape in [(0,), (0, 3), (1,), (1, 3)]:
        expected = quietly(scipy.stats.ttest_1samp, np.ones(shape), 0.0)
        actual = quietly(stats.ttest_1samp, backend.put(np.ones(shape)), 0.0)
        check_fields(backend, actual, expected, T_FIELDS, 0)
        other = np.arange(3.0 * np.prod(shape[1:2], dtype=int)).reshape((3,) + shape[1:2])
        expected = quietly(scipy.stats.ttest_ind, np.ones(shape), other)
        actual = quietly(stats.ttest_ind, backend.put(np.ones(shape)), backend.put(other))
        check_fields(backend, actual, expected, T_FIELDS, 1e-12)


def test_ttest_large_offset(backend):
    rng = np.random.default_rng(10)
    noise = np.round(rng.standard_normal(1000) * 2**10) / 2**10
    expected = scipy.stats.ttest_1samp(noise, 0.0625)
    actual = stats.ttest_1samp(backend.put(noise + 1e8), 1e8 + 0.0625)  # exact in float64, as the data are
    check_fields(backend, actual, expected, ["statistic", "pvalue"], 1e-9)


@pytest.mark.parametrize("call", [
    lambda m, a, b: m.ttest_1samp(a, 0.0, alternative="foo"),
    lambda m, a, b: m.ttest_ind(a, b, trim=0.5),
    lambda m, a, b: m.ttest_ind(a, b, method="foo"),
    lambda m, a, b: m.ttest_rel(a, b, alternative="bar"),
    lambda m, a, b: m.ttest_rel(a, b, nan_policy="bar"),
])
def test_ttest_errors(backend, call):
    a, b = normal(10), normal(10, seed=1)
    with pytest.raises(ValueError) as theirs:
        call(scipy.stats, a, b)
    with pytest.raises(ValueError) as ours:
        call(stats, backend.put(a), backend.put(b))
    assert str(ours.value) == str(theirs.value) or "nan_policy" in str(ours.value)
    res = stats.ttest_1samp(backend.put(a), 0.0)
    with pytest.raises(ValueError, match="`confidence_level` must be a number between 0 and 1."):
        res.confidence_interval(1.5)


# ---- ks_1samp -----------------------------------------------------------------

@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("method", ["auto", "exact", "asymp", "approx"])
def test_ks_1samp(backend, dtype, alternative, method):
    host = normal((3, 40), dtype, seed=11, loc=0.3) / 2
    expected = scipy.stats.ks_1samp(host, scipy.stats.norm.cdf, alternative=alternative, method=method, axis=1)
    actual = stats.ks_1samp(backend.put(host), scipy.stats.norm.cdf, alternative=alternative, method=method,
                            axis=1)
    check_fields(backend, actual, expected, ["statistic", "pvalue", "statistic_location", "statistic_sign"],
                 tolerance(dtype), 1e-12)


def test_ks_1samp_args_nans_axes_and_layouts(backend):
    host = normal((4, 30), seed=12)
    host[1, 3] = np.nan
    for nan_policy in ("propagate", "omit"):
        for axis in (1, None):
            expected = quietly(scipy.stats.ks_1samp, host, scipy.stats.norm.cdf, args=(0.1, 2.0), axis=axis,
                               nan_policy=nan_policy)
            actual = quietly(stats.ks_1samp, backend.put(host), scipy.stats.norm.cdf, args=(0.1, 2.0), axis=axis,
                             nan_policy=nan_policy)
            check_fields(backend, actual, expected, ["statistic", "pvalue", "statistic_location"], 1e-12)
    clean = normal((5, 16), seed=13)
    for kind in LAYOUTS:
        h, arg = layout(backend, clean, kind)
        check_fields(backend, stats.ks_1samp(arg, scipy.stats.norm.cdf, axis=1),
                     scipy.stats.ks_1samp(h, scipy.stats.norm.cdf, axis=1), ["statistic", "pvalue"], 1e-12)
    with pytest.raises(ValueError) as theirs:
        scipy.stats.ks_1samp(clean[0], scipy.stats.norm.cdf, alternative="foo")
    with pytest.raises(ValueError) as ours:
        stats.ks_1samp(backend.put(clean[0]), scipy.stats.norm.cdf, alternative="foo")
    assert str(ours.value) == str(theirs.value)


def test_ks_1samp_device_cdf(backend):
    """A CDF that works on the array it is given (here a uniform one) is called on the device array."""
    host = np.random.default_rng(14).uniform(0, 1, 50)
    seen = []

    def uniform_cdf(v):
        seen.append(type(v))
        return v * 1.0

    expected = scipy.stats.ks_1samp(host, scipy.stats.uniform.cdf)
    actual = stats.ks_1samp(backend.put(host), uniform_cdf)
    check_fields(backend, actual, expected, ["statistic", "pvalue", "statistic_location", "statistic_sign"], 1e-12)
    assert seen and seen[0] is type(backend.put(host))


# ---- ks_2samp -----------------------------------------------------------------

@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("method", ["auto", "exact", "asymp"])
@pytest.mark.parametrize("sizes", [(10, 10), (15, 22), (40, 7)])
def test_ks_2samp(backend, alternative, method, sizes):
    a, b = normal(sizes[0], seed=15), normal(sizes[1], seed=16, loc=0.7)
    expected = scipy.stats.ks_2samp(a, b, alternative=alternative, method=method)
    actual = stats.ks_2samp(backend.put(a), backend.put(b), alternative=alternative, method=method)
    check_fields(backend, actual, expected, ["statistic", "pvalue", "statistic_location", "statistic_sign"], 1e-12)


@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_ks_2samp_ties(backend, alternative):
    """Shared and repeated values: the statistic at the end of each run of ties, and
    SciPy 1.18's choice of location among equal extremes (the smallest value)."""
    require_scipy_1_18("ks_2samp's location among equal extremes")
    rng = np.random.default_rng(17)
    for trial in range(20):
        a = rng.integers(0, 6, rng.integers(3, 15)).astype(np.float64)
        b = rng.integers(0, 6, rng.integers(3, 15)).astype(np.float64)
        expected = scipy.stats.ks_2samp(a, b, alternative=alternative)
        actual = stats.ks_2samp(backend.put(a), backend.put(b), alternative=alternative)
        check_fields(backend, actual, expected, ["statistic", "pvalue", "statistic_location", "statistic_sign"],
                     1e-12)


@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
def test_ks_2samp_axis_nans_keepdims(backend, nan_policy):
    a, b = normal((4, 20), seed=18), normal((4, 13), seed=19, loc=0.4)
    a[1, 2] = np.nan
    b[2, :4] = np.nan
    for axis in (1, -1):
        for keepdims in (False, True):
            expected = quietly(scipy.stats.ks_2samp, a, b, axis=axis, nan_policy=nan_policy, keepdims=keepdims)
            actual = quietly(stats.ks_2samp, backend.put(a), backend.put(b), axis=axis, nan_policy=nan_policy,
                             keepdims=keepdims)
            check_fields(backend, actual, expected, ["statistic", "pvalue", "statistic_location",
                                                     "statistic_sign"], 1e-12)
    expected = quietly(scipy.stats.ks_2samp, a, b, axis=None, nan_policy=nan_policy)
    actual = quietly(stats.ks_2samp, backend.put(a), backend.put(b), axis=None, nan_policy=nan_policy)
    check_fields(backend, actual, expected, ["statistic", "pvalue", "statistic_location"], 1e-12)


def test_ks_2samp_large_samples_and_layouts(backend):
    a, b = normal(12000, seed=20), normal(9000, seed=21, loc=0.05)
    expected = scipy.stats.ks_2samp(a, b)  # 'auto' goes asymptotic past 10000 values
    actual = stats.ks_2samp(backend.put(a), backend.put(b))
    check_fields(backend, actual, expected, ["statistic", "pvalue", "statistic_location"], 1e-10)
    a, b = normal((5, 12), seed=22), normal((5, 12), seed=23)
    for kind in LAYOUTS:
        ha, aa = layout(backend, a, kind)
        hb, ab = layout(backend, b, kind)
        check_fields(backend, stats.ks_2samp(aa, ab, axis=1), scipy.stats.ks_2samp(ha, hb, axis=1),
                     ["statistic", "pvalue", "statistic_location"], 1e-12)


@pytest.mark.parametrize("n1, n2", [(1, 1), (3, 7), (10, 25), (64, 48), (100, 1)])
def test_synthetic_samples_have_the_statistic(n1, n2):
    """The host samples built for SciPy's p-value reproduce every attainable statistic."""
    for c1 in range(n1 + 1):
        for c2 in range(0, n2 + 1, max(1, n2 // 7)):
            d = c1 / n1 - c2 / n2
            if d < 0:
                continue
            k1, k2 = _ks_tests._synthetic_counts(n1, n2, d)
            assert 0 <= k1 <= n1 and 0 <= k2 <= n2
            assert k1 * n2 - k2 * n1 == c1 * n2 - c2 * n1


def test_ks_2samp_errors(backend):
    a, b = normal(10), normal(12, seed=1)
    for kwargs in [{"method": "foo"}, {"alternative": "x"}]:
        with pytest.raises(ValueError) as theirs:
            scipy.stats.ks_2samp(a, b, **kwargs)
        with pytest.raises(ValueError) as ours:
            stats.ks_2samp(backend.put(a), backend.put(b), **kwargs)
        assert str(ours.value) == str(theirs.value)
    expected = quietly(scipy.stats.ks_2samp, np.zeros(0), b)
    actual = quietly(stats.ks_2samp, backend.put(np.zeros(0)), backend.put(b))
    check_fields(backend, actual, expected, ["statistic", "pvalue"], 0)
