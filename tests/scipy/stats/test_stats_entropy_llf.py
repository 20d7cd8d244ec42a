# SPDX-License-Identifier: BSD-3-Clause
"""entropy, differential_entropy, boxcox_llf and yeojohnson_llf against SciPy:
dtypes, axes, bases, every estimator, layouts, keepdims, NaN policies, edge
values (zeros, negatives, constant data) and SciPy's errors. Host (NumPy
standing in, CPU) and device (gpu)."""
import re
import warnings

import numpy as np
import pytest
import scipy.stats

from stats_helpers import LAYOUTS, assert_matches, layout, tolerance
from gpuarray.scipy import stats


def quietly(f, *args, **kwargs):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


def weights(shape, dtype=np.float64, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind in "iu":
        return rng.integers(0, 9, shape).astype(dtype)
    return rng.uniform(0, 3, shape).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("axis", [0, -1, None, (0, 2)])
@pytest.mark.parametrize("base", [None, 2, 10.0])
@pytest.mark.parametrize("relative", [False, True])
def test_entropy(backend, dtype, axis, base, relative):
    pk = weights((3, 5, 4), dtype)
    qk = weights((3, 5, 4), dtype, seed=1) + 1 if relative else None
    expected = scipy.stats.entropy(pk, qk, base=base, axis=axis)
    actual = stats.entropy(backend.put(pk), None if qk is None else backend.put(qk), base=base, axis=axis)
    assert_matches(backend.get(actual), expected, tolerance(expected.dtype), tolerance(expected.dtype))


def test_entropy_edges(backend):
    for pk, qk in [([1.0, 2.0, 3.0], [1.0, 0.0, 1.0]), ([0.0, 0.0, 0.0], None), ([1.0, -1.0, 2.0], None),
                   ([0.0, 1.0], [0.0, 1.0]), ([0.5, 0.5], [1.0, -1.0])]:
        expected = quietly(scipy.stats.entropy, pk, qk)
        actual = quietly(stats.entropy, backend.put(np.array(pk)), None if qk is None else backend.put(np.array(qk)))
        assert_matches(backend.get(actual), expected, 1e-12)
    for shape, axis in [((0,), 0), ((0, 3), 0), ((3, 0), 1)]:
        expected = scipy.stats.entropy(np.zeros(shape), axis=axis)
        assert_matches(backend.get(stats.entropy(backend.put(np.zeros(shape)), axis=axis)), expected, 0)


@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
@pytest.mark.parametrize("keepdims", [False, True])
def test_entropy_nans_broadcast_layouts(backend, nan_policy, keepdims):
    pk, qk = weights((4, 6)), weights(6, seed=2) + 0.5
    pk[1, 2] = np.nan
    qk[4] = np.nan
    for axis in (0, 1):
        expected = quietly(scipy.stats.entropy, pk, qk, axis=axis, nan_policy=nan_policy, keepdims=keepdims) \
            if axis == 1 else quietly(scipy.stats.entropy, pk, nan_policy=nan_policy, keepdims=keepdims)
        actual = quietly(stats.entropy, backend.put(pk), backend.put(qk), axis=axis, nan_policy=nan_policy,
                         keepdims=keepdims) if axis == 1 else quietly(stats.entropy, backend.put(pk),
                                                                      nan_policy=nan_policy, keepdims=keepdims)
        assert_matches(backend.get(actual), expected, 1e-12, check_dtype=False)
    for kind in LAYOUTS:
        host, arg = layout(backend, weights((5, 7), seed=3), kind)
        assert_matches(backend.get(stats.entropy(arg, axis=1)), scipy.stats.entropy(host, axis=1), 1e-12)


def test_entropy_errors():
    with pytest.raises(ValueError, match=re.escape("`base` must be a positive number or `None`.")):
        scipy.stats.entropy([1, 2], base=-1)
    with pytest.raises(ValueError, match=re.escape("`base` must be a positive number or `None`.")):
        stats.entropy(None, base=-1)


@pytest.mark.parametrize("method", ["vasicek", "van es", "ebrahimi", "correa", "auto", "Vasicek"])
@pytest.mark.parametrize("n", [9, 40, 1200])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_differential_entropy(backend, method, n, dtype):
    host = np.random.default_rng(n).standard_normal((3, n)).astype(dtype)
    expected = scipy.stats.differential_entropy(host, axis=1, method=method)
    actual = stats.differential_entropy(backend.put(host), axis=1, method=method)
    assert_matches(backend.get(actual), expected, 5 * tolerance(dtype), 5 * tolerance(dtype))


@pytest.mark.parametrize("window_length, base", [(2, None), (5, 2.0), (None, 10)])
def test_differential_entropy_window_base_axis(backend, window_length, base):
    host = np.random.default_rng(1).exponential(2.0, (4, 30, 2))
    for axis in (1, None, (0, 1)):
        expected = scipy.stats.differential_entropy(host, window_length=window_length, base=base, axis=axis)
        actual = stats.differential_entropy(backend.put(host), window_length=window_length, base=base, axis=axis)
        assert_matches(backend.get(actual), expected, 1e-12, 1e-12)


@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
def test_differential_entropy_nans_layouts(backend, nan_policy):
    host = np.random.default_rng(2).standard_normal((4, 25))
    host[1, 3:6] = np.nan
    host[2, :22] = np.nan  # too few values left: NaN
    expected = quietly(scipy.stats.differential_entropy, host, axis=1, nan_policy=nan_policy)
    actual = quietly(stats.differential_entropy, backend.put(host), axis=1, nan_policy=nan_policy)
    assert_matches(backend.get(actual), expected, 1e-12, 1e-12)
    for kind in LAYOUTS:
        clean, arg = layout(backend, np.random.default_rng(3).standard_normal((5, 16)), kind)
        assert_matches(backend.get(stats.differential_entropy(arg, axis=1)),
                       scipy.stats.differential_entropy(clean, axis=1), 1e-12, 1e-12)


def test_differential_entropy_errors_and_small(backend):
    with pytest.raises(ValueError) as theirs:
        scipy.stats.differential_entropy(np.ones((3, 3)), axis=1)
    with pytest.raises(ValueError) as ours:
        stats.differential_entropy(backend.put(np.ones((3, 3))), axis=1)
    assert str(ours.value) == str(theirs.value)
    with pytest.warns(stats.SmallSampleWarning):
        small = stats.differential_entropy(backend.put(np.ones(3)))
    assert np.isnan(backend.get(small))
    with pytest.raises(ValueError, match="`method` must be one of"):
        stats.differential_entropy(None, method="foo")
    with pytest.raises(ValueError, match=re.escape("`base` must be a positive number or `None`.")):
        stats.differential_entropy(None, base=0)


@pytest.mark.parametrize("lmb", [0.0, 0.5, -1.3, 2.0, 1e-3])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("axis", [0, -1, None])
def test_boxcox_llf(backend, lmb, dtype, axis):
    host = (np.random.default_rng(4).uniform(0.5, 30, (6, 7)) * (10 if dtype == np.int64 else 1)).astype(dtype)
    expected = scipy.stats.boxcox_llf(lmb, host, axis=axis)
    actual = stats.boxcox_llf(lmb, backend.put(host), axis=axis)
    assert_matches(backend.get(actual), expected, 10 * tolerance(expected.dtype), 1e-10)


@pytest.mark.parametrize("lmb", [0.0, 0.7, 2.0, -1.5, 3.0])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("axis", [0, -1, None])
def test_yeojohnson_llf(backend, lmb, dtype, axis):
    host = (np.random.default_rng(5).standard_normal((6, 7)) * 3).astype(dtype)
    expected = scipy.stats.yeojohnson_llf(lmb, host, axis=axis)
    actual = stats.yeojohnson_llf(lmb, backend.put(host), axis=axis)
    assert_matches(backend.get(actual), expected, 10 * tolerance(expected.dtype), 1e-10)


@pytest.mark.parametrize("function", [stats.boxcox_llf, stats.yeojohnson_llf])
@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
@pytest.mark.parametrize("keepdims", [False, True])
def test_llf_nans_keepdims_layouts(backend, function, nan_policy, keepdims):
    theirs = getattr(scipy.stats, function.__name__)
    host = np.random.default_rng(6).uniform(0.5, 5, (5, 8))
    host[1, 2] = np.nan
    host[3] = np.nan
    expected = quietly(theirs, 0.4, host, axis=1, nan_policy=nan_policy, keepdims=keepdims)
    actual = quietly(function, 0.4, backend.put(host), axis=1, nan_policy=nan_policy, keepdims=keepdims)
    assert_matches(backend.get(actual), expected, 1e-12, check_dtype=False)
    for kind in LAYOUTS:
        clean, arg = layout(backend, np.random.default_rng(7).uniform(0.5, 5, (5, 8)), kind)
        assert_matches(backend.get(function(-0.3, arg, axis=1)), theirs(-0.3, clean, axis=1), 1e-12)


def test_llf_edges(backend):
    constant = np.full(6, 3.0)
    # A zero variance: +inf. SciPy 1.17 gave it; 1.18's log-space variance leaves a
    # rounding residue there and gives a finite value (207.9 for these data).
    assert backend.get(quietly(stats.yeojohnson_llf, 0.5, backend.put(constant))) == np.inf
    # A zero variance: +inf, as SciPy gives for lmb = 0 (for other lmb its log-space sums leave a residue).
    assert_matches(backend.get(quietly(stats.boxcox_llf, 0.0, backend.put(constant))),
                   quietly(scipy.stats.boxcox_llf, 0.0, constant), 0)
    assert backend.get(quietly(stats.boxcox_llf, 0.5, backend.put(constant))) == np.inf
    for function in (stats.boxcox_llf, stats.yeojohnson_llf):
        theirs = getattr(scipy.stats, function.__name__)
        assert_matches(backend.get(quietly(function, 0.5, backend.put(np.zeros(0)))),
                       quietly(theirs, 0.5, np.zeros(0)), 0)
        with pytest.raises(ValueError):
            function(np.array([0.5, 1.0]), backend.put(constant))
    wide = np.array([1e-30, 1e-10, 1.0, 1e10, 1e30])
    for lmb in (3.0, -3.0):  # powers that would overflow or underflow without the scaling
        assert_matches(backend.get(stats.boxcox_llf(lmb, backend.put(wide))), scipy.stats.boxcox_llf(lmb, wide),
                       1e-12)


@pytest.mark.parametrize("lmb", [1e-9, -1e-7, 1e-4, 3.0])
def test_boxcox_llf_small_lambda_precision(backend, lmb):
    """Near lmb = 0 the powers are all close to 1; their variance is computed from
    expm1 of the exponents' differences (Note [Box-Cox variance]) and checked against
    50-digit arithmetic, where SciPy's log-space sums lose digits."""
    mpmath = pytest.importorskip("mpmath")
    data = np.random.default_rng(8).uniform(0.5, 30, 40)
    with mpmath.workdps(50):
        powers = [mpmath.mpf(float(x)) ** mpmath.mpf(lmb) / mpmath.mpf(lmb) for x in data]
        mean = sum(powers) / len(powers)
        variance = sum((p - mean) ** 2 for p in powers) / len(powers)
        reference = (lmb - 1) * sum(mpmath.log(float(x)) for x in data) - len(data) / 2 * mpmath.log(variance)
    actual = backend.get(stats.boxcox_llf(lmb, backend.put(data)))
    assert_matches(actual, float(reference), 1e-12)
