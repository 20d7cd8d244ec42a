# SPDX-License-Identifier: BSD-3-Clause
"""pearsonr, spearmanr, kendalltau and linregress against SciPy: dtypes,
axes, broadcasting, layouts, ties (rank statistics), NaN policies, constant
input, large offsets, alternatives and SciPy's errors. The discordant-pair
count of kendalltau is checked against a direct O(n^2) count. Host (NumPy
standing in, CPU) and device (gpu)."""
import re
import warnings

import numpy as np
import pytest
import scipy.stats

from stats_helpers import LAYOUTS, SCIPY_1_18, assert_matches, layout, require_scipy_1_18, tolerance
from gpuarray.scipy import stats
from gpuarray.scipy.stats import _kendall

ALTERNATIVES = ["two-sided", "less", "greater"]


def pairs(shape, dtype=np.float64, seed=0, ties=False):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape)
    y = 0.6 * x + rng.standard_normal(shape)
    if ties:
        x, y = np.round(x * 2), np.round(y * 2)
    return x.astype(dtype), y.astype(dtype)


def quietly(f, *args, **kwargs):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


def check_fields(backend, actual, expected, fields, rtol, atol=0.0, check_dtype=False):
    for field in fields:
        assert_matches(backend.get(getattr(actual, field)), getattr(expected, field), rtol, atol, check_dtype)


# ---- pearsonr ----------------------------------------------------------------

@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_pearsonr(backend, dtype, alternative, axis):
    x, y = pairs((6, 9), dtype)
    if dtype == np.int64:
        x, y = (x * 10).astype(dtype), (y * 10).astype(dtype)
    expected = scipy.stats.pearsonr(x, y, alternative=alternative, axis=axis)
    actual = stats.pearsonr(backend.put(x), backend.put(y), alternative=alternative, axis=axis)
    rtol = tolerance(dtype)
    check_fields(backend, actual, expected, ["statistic", "pvalue", "correlation"], rtol, rtol, check_dtype=True)
    for level in (0.9, 0.95):
        ours, theirs = actual.confidence_interval(level), expected.confidence_interval(level)
        check_fields(backend, ours, theirs, ["low", "high"], rtol, rtol)


def test_pearsonr_broadcast_layouts_and_small(backend):
    x, y = pairs((5, 7))
    expected = scipy.stats.pearsonr(x, y[0], axis=1)
    actual = stats.pearsonr(backend.put(x), backend.put(y[0]), axis=1)
    check_fields(backend, actual, expected, ["statistic", "pvalue"], 1e-12, 1e-13)
    for kind in LAYOUTS:
        hx, ax = layout(backend, x, kind)
        hy, ay = layout(backend, y, kind)
        check_fields(backend, stats.pearsonr(ax, ay, axis=1), scipy.stats.pearsonr(hx, hy, axis=1),
                     ["statistic", "pvalue"], 1e-12, 1e-13)
    two_x, two_y = np.array([[1.0, 2.0], [3.0, 1.0]]), np.array([[2.0, 5.0], [1.0, 4.0]])
    check_fields(backend, stats.pearsonr(backend.put(two_x), backend.put(two_y), axis=1),
                 scipy.stats.pearsonr(two_x, two_y, axis=1), ["statistic", "pvalue"], 1e-12)
    ci = stats.pearsonr(backend.put(two_x), backend.put(two_y), axis=1).confidence_interval()
    check_fields(backend, ci, scipy.stats.pearsonr(two_x, two_y, axis=1).confidence_interval(), ["low", "high"], 0)


def test_pearsonr_constant_and_nan(backend):
    x, y = pairs((3, 8))
    x[1] = 4.0
    y[2, 3] = np.nan
    with pytest.warns(stats.ConstantInputWarning, match="An input array is constant"):
        actual = stats.pearsonr(backend.put(x), backend.put(y), axis=1)
    with pytest.warns(scipy.stats.ConstantInputWarning):
        expected = scipy.stats.pearsonr(x, y, axis=1)
    check_fields(backend, actual, expected, ["statistic", "pvalue"], 1e-12)


def test_pearsonr_large_offset(backend):
    rng = np.random.default_rng(4)
    x = np.round(rng.standard_normal(500) * 2**10) / 2**10
    y = np.round((x + rng.standard_normal(500)) * 2**10) / 2**10
    expected = scipy.stats.pearsonr(x, y)
    actual = stats.pearsonr(backend.put(x + 1e8), backend.put(y - 3e7))
    check_fields(backend, actual, expected, ["statistic", "pvalue"], 1e-10)


@pytest.mark.parametrize("call", [
    lambda m, x, y: m.pearsonr(x, y[:3]),
    lambda m, x, y: m.pearsonr(x[:1], y[:1]),
    lambda m, x, y: m.pearsonr(x, y, alternative="foo"),
    lambda m, x, y: m.pearsonr(x, y, axis=0.5),
    lambda m, x, y: m.pearsonr(x.reshape(2, 5), y.reshape(5, 2)),
])
def test_pearsonr_errors(backend, call):
    x, y = pairs(10)
    with pytest.raises(ValueError) as theirs:
        call(scipy.stats, x, y)
    with pytest.raises(ValueError) as ours:
        call(stats, backend.put(x), backend.put(y))
    assert str(ours.value) == str(theirs.value)


# ---- spearmanr ---------------------------------------------------------------

@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("ties", [False, True])
def test_spearmanr_two_variables(backend, alternative, ties):
    x, y = pairs(40, ties=ties)
    expected = scipy.stats.spearmanr(x, y, alternative=alternative)
    actual = stats.spearmanr(backend.put(x), backend.put(y), alternative=alternative)
    check_fields(backend, actual, expected, ["statistic", "pvalue", "correlation"], 1e-12, 1e-14)


@pytest.mark.parametrize("axis", [0, 1, None])
@pytest.mark.parametrize("with_b", [False, True])
def test_spearmanr_matrices(backend, axis, with_b):
    if axis is None and not with_b:
        return  # flattened, `a` alone is one variable: an error (test_spearmanr_constant_small_and_errors)
    a = np.round(np.random.default_rng(2).standard_normal((12, 4)) * 3)
    if axis == 1:
        a = a.T
    elif axis is None:
        a = a[:, 0]  # flattened: `b` must have as many values
    b = np.round(np.random.default_rng(3).standard_normal(12) * 3) if with_b else None
    expected = scipy.stats.spearmanr(a, b, axis=axis)
    actual = stats.spearmanr(backend.put(a), None if b is None else backend.put(b), axis=axis)
    check_fields(backend, actual, expected, ["statistic", "pvalue"], 1e-12, 1e-14)


@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
@pytest.mark.parametrize("n_vars", [2, 4])
def test_spearmanr_nans(backend, nan_policy, n_vars):
    a = np.round(np.random.default_rng(5).standard_normal((15, n_vars)) * 3)
    a[3, 1] = np.nan
    a[7, n_vars - 1] = np.nan
    expected = quietly(scipy.stats.spearmanr, a, nan_policy=nan_policy)
    actual = quietly(stats.spearmanr, backend.put(a), nan_policy=nan_policy)
    check_fields(backend, actual, expected, ["statistic", "pvalue"], 1e-12, 1e-14)


def test_spearmanr_constant_small_and_errors(backend):
    x, y = pairs(10)
    with pytest.warns(stats.ConstantInputWarning):
        actual = stats.spearmanr(backend.put(np.ones(10)), backend.put(y))
    assert np.isnan(backend.get(actual.statistic))
    one = stats.spearmanr(backend.put(x[:1]), backend.put(y[:1]))
    assert np.isnan(backend.get(one.statistic)) and np.isnan(backend.get(one.pvalue))
    for call in [lambda m, a, b: m.spearmanr(a.reshape(2, 5, 1), None),
                 lambda m, a, b: m.spearmanr(a, None),
                 lambda m, a, b: m.spearmanr(a, b, axis=2),
                 lambda m, a, b: m.spearmanr(a, b, alternative="foo"),
                 lambda m, a, b: m.spearmanr(a, b, nan_policy="foo")]:
        with pytest.raises(ValueError) as theirs:
            call(scipy.stats, x, y)
        with pytest.raises(ValueError) as ours:
            call(stats, backend.put(x), backend.put(y))
        assert str(ours.value) == str(theirs.value) or "nan_policy" in str(ours.value)
    with pytest.raises(ValueError, match="The input contains nan values"):
        stats.spearmanr(backend.put(np.array([1.0, np.nan, 3.0])), backend.put(y[:3]), nan_policy="raise")


# ---- kendalltau --------------------------------------------------------------

def direct_discordant(x, y):
    """The discordant pairs by comparing every pair (reference)."""
    dx = np.sign(x[:, None] - x[None, :])
    dy = np.sign(y[:, None] - y[None, :])
    return int(np.sum(np.triu(dx * dy < 0, 1)))


@pytest.mark.parametrize("n", [1, 2, 3, 7, 16, 33, 100])
def test_count_inversions(backend, n):
    rng = np.random.default_rng(n)
    rows = rng.integers(0, max(n // 2, 1), (5, n))
    expected = [sum(int(r[i] > r[j]) for i in range(n) for j in range(i + 1, n)) for r in rows]
    assert_matches(backend.get(_kendall.count_inversions(backend.put(rows))), np.array(expected), 0,
                   check_dtype=False)


@pytest.mark.parametrize("n", [5, 20, 34, 80])
@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("variant", ["b", "c"])
@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_kendalltau(backend, n, ties, variant, alternative):
    x, y = pairs(n, ties=ties, seed=n)
    expected = scipy.stats.kendalltau(x, y, variant=variant, alternative=alternative)
    actual = stats.kendalltau(backend.put(x), backend.put(y), variant=variant, alternative=alternative)
    check_fields(backend, actual, expected, ["statistic", "pvalue", "correlation"], 1e-11, 1e-15)


@pytest.mark.parametrize("method", ["exact", "asymptotic"])
@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("n", [2, 3, 10, 40])
def test_kendalltau_methods(backend, method, alternative, n):
    if n == 2 and method == "asymptotic":
        return  # SciPy divides by n - 2 in Python floats there (ZeroDivisionError); here the p-value is NaN
    x, y = pairs(n, seed=7 + n)
    expected = quietly(scipy.stats.kendalltau, x, y, method=method, alternative=alternative)
    actual = quietly(stats.kendalltau, backend.put(x), backend.put(y), method=method, alternative=alternative)
    check_fields(backend, actual, expected, ["statistic", "pvalue"], 1e-10, 1e-15)


def test_kendalltau_exact_extremes(backend):
    """Perfect and nearly perfect orders: the exact closed forms (0 or 1 discordant pairs)."""
    for y in (np.arange(50.0), np.r_[1.0, 0.0, np.arange(2.0, 50.0)], np.arange(50.0)[::-1]):
        for alternative in ALTERNATIVES:
            expected = scipy.stats.kendalltau(np.arange(50.0), y, alternative=alternative)
            actual = stats.kendalltau(backend.put(np.arange(50.0)), backend.put(y), alternative=alternative)
            check_fields(backend, actual, expected, ["statistic", "pvalue"], 1e-10, 1e-300)


@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
@pytest.mark.parametrize("keepdims", [False, True])
def test_kendalltau_axis_and_nans(backend, nan_policy, keepdims):
    x, y = pairs((4, 25), ties=True, seed=9)
    x[1, 3] = np.nan
    y[2, 5:9] = np.nan
    for axis in (1, -1, None):
        expected = quietly(scipy.stats.kendalltau, x, y, axis=axis, nan_policy=nan_policy, keepdims=keepdims)
        actual = quietly(stats.kendalltau, backend.put(x), backend.put(y), axis=axis, nan_policy=nan_policy,
                         keepdims=keepdims)
        check_fields(backend, actual, expected, ["statistic", "pvalue"], 1e-11, 1e-15)


def test_kendalltau_layouts_and_constant(backend):
    x, y = pairs((6, 12), ties=True, seed=3)
    for kind in LAYOUTS:
        hx, ax = layout(backend, x, kind)
        hy, ay = layout(backend, y, kind)
        check_fields(backend, stats.kendalltau(ax, ay, axis=1), quietly(scipy.stats.kendalltau, hx, hy, axis=1),
                     ["statistic", "pvalue"], 1e-11, 1e-15)
    constant = stats.kendalltau(backend.put(np.ones(6)), backend.put(np.arange(6.0)))
    assert np.isnan(backend.get(constant.statistic)) and np.isnan(backend.get(constant.pvalue))


def test_kendalltau_errors(backend):
    x, y = pairs(10, ties=True)
    for kwargs in [{"method": "foo"}, {"variant": "d"}, {"method": "exact"}]:
        with pytest.raises(ValueError) as theirs:
            scipy.stats.kendalltau(x, y, **kwargs)
        with pytest.raises(ValueError) as ours:
            stats.kendalltau(backend.put(x), backend.put(y), **kwargs)
        if SCIPY_1_18:  # 1.18's texts
            assert str(ours.value) == str(theirs.value)
    with pytest.raises(ValueError, match=re.escape("Array shapes are incompatible for broadcasting.")):
        stats.kendalltau(backend.put(x), backend.put(y[:4]))


def test_kendall_exact_pvalue_against_enumeration():
    """The exact distribution against counting the inversions of every permutation of 6."""
    import itertools
    n = 6
    counts = np.zeros(16)
    for p in itertools.permutations(range(n)):
        counts[sum(p[i] > p[j] for i in range(n) for j in range(i + 1, n))] += 1
    cdf = np.cumsum(counts) / counts.sum()
    for c in range(16):
        assert _kendall.kendall_exact_pvalue(n, c, "less") == pytest.approx(cdf[c], rel=1e-13)
        assert _kendall.kendall_exact_pvalue(n, c, "greater") == pytest.approx(1 - (cdf[c - 1] if c else 0),
                                                                              rel=1e-13)


# ---- linregress --------------------------------------------------------------

LINREGRESS_FIELDS = ["slope", "intercept", "rvalue", "pvalue", "stderr", "intercept_stderr"]


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_linregress(backend, dtype, alternative):
    require_scipy_1_18("linregress's float32 results")
    x, y = pairs(30, seed=11)
    x, y = (x * 10).astype(dtype), (3 * x * 10 + y * 10 + 7).astype(dtype)
    expected = scipy.stats.linregress(x, y, alternative=alternative)
    actual = stats.linregress(backend.put(x), backend.put(y), alternative=alternative)
    # SciPy computes float32 input in float32; here everything is float64, rounded at the end.
    rtol = 1e-10 if dtype != np.float32 else 2e-6
    check_fields(backend, actual, expected, LINREGRESS_FIELDS, rtol, 1e-12, check_dtype=True)
    assert len(actual) == 5 and len(tuple(actual)) == len(tuple(expected))


@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
@pytest.mark.parametrize("keepdims", [False, True])
def test_linregress_axis_nans_keepdims(backend, nan_policy, keepdims):
    require_scipy_1_18("linregress's NaN results of two pairs")
    x, y = pairs((3, 4, 20), seed=12)
    x[0, 1, 3] = np.nan
    y[2, 0, :19] = np.nan  # a slice left with one pair: NaN
    for axis in (-1, None, 0):
        expected = quietly(scipy.stats.linregress, x, y, axis=axis, nan_policy=nan_policy, keepdims=keepdims)
        actual = quietly(stats.linregress, backend.put(x), backend.put(y), axis=axis, nan_policy=nan_policy,
                         keepdims=keepdims)
        check_fields(backend, actual, expected, ["slope", "intercept", "rvalue", "pvalue"], 1e-10, 1e-12)
        # A slice left with two pairs divides its standard errors by zero degrees of
        # freedom: inf or NaN, as 1 - r**2 rounds to a tiny number or to 0 (here and in SciPy alike).
        for field in ("stderr", "intercept_stderr"):
            ours, theirs = (np.asarray(v, dtype=np.float64) for v in (backend.get(getattr(actual, field)),
                                                                      getattr(expected, field)))
            assert_matches(np.where(np.isinf(ours), np.nan, ours), np.where(np.isinf(theirs), np.nan, theirs),
                           1e-10, 1e-12)


def test_linregress_two_points_degenerate_and_offsets(backend):
    require_scipy_1_18("linregress's NaN results of two pairs and of identical x")
    for y in ([1.0, 3.0], [2.0, 2.0]):
        expected = scipy.stats.linregress([0.0, 1.0], y)
        actual = stats.linregress(backend.put(np.array([0.0, 1.0])), backend.put(np.array(y)))
        check_fields(backend, actual, expected, LINREGRESS_FIELDS, 1e-12)
    rng = np.random.default_rng(6)
    x = np.round(rng.standard_normal(300) * 2**8) / 2**8
    y = np.round((2 * x + rng.standard_normal(300)) * 2**8) / 2**8
    expected = scipy.stats.linregress(x, y)
    actual = stats.linregress(backend.put(x + 1e8), backend.put(y + 1e8))
    check_fields(backend, actual, expected, ["slope", "rvalue", "pvalue", "stderr"], 1e-8)
    expected = quietly(scipy.stats.linregress, np.ones(5), np.arange(5.0))  # identical x: NaN everywhere
    actual = quietly(stats.linregress, backend.put(np.ones(5)), backend.put(np.arange(5.0)))
    check_fields(backend, actual, expected, LINREGRESS_FIELDS, 0)
    with pytest.warns(stats.SmallSampleWarning):
        one = stats.linregress(backend.put(np.ones(1)), backend.put(np.ones(1)))
    assert np.isnan(backend.get(one.slope))
