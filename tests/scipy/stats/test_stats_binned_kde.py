# SPDX-License-Identifier: BSD-3-Clause
"""binned_statistic(_2d, _dd) and gaussian_kde against SciPy: every named
statistic and a callable, bins as counts and as edges, ranges, values on the
last edge, several value rows, expanded bin numbers, NaN values; for the
KDE every bandwidth rule, weights, 1-D and 3-D data, evaluate/pdf/logpdf in
the tails, marginals, large offsets and SciPy's errors. Host (NumPy standing
in, CPU) and device (gpu)."""
import re

import numpy as np
import pytest
import scipy.stats

from stats_helpers import assert_matches
from gpuarray.scipy import stats

STATISTICS = ["mean", "std", "median", "count", "sum", "min", "max"]


def points(n=200, seed=0):
    rng = np.random.default_rng(seed)
    return rng.uniform(0, 10, n), rng.normal(0, 2, n), rng.standard_normal(n) * 3 + 1


def check_binned(backend, actual, expected, fields, rtol=1e-12):
    for field in fields:
        ours, theirs = getattr(actual, field), getattr(expected, field)
        if isinstance(theirs, list):
            assert len(ours) == len(theirs)
            for o, t in zip(ours, theirs):
                assert_matches(backend.get(o), t, rtol, 1e-12, check_dtype=False)
        else:
            assert_matches(backend.get(ours), theirs, rtol, 1e-12, check_dtype=field != "statistic")


@pytest.mark.parametrize("statistic", STATISTICS + [np.mean, np.max])
@pytest.mark.parametrize("bins", [10, 3, [0.0, 1.0, 2.5, 7.0, 10.0]])
def test_binned_statistic(backend, statistic, bins):
    x, _, v = points()
    expected = scipy.stats.binned_statistic(x, v, statistic, bins=bins)
    actual = stats.binned_statistic(backend.put(x), backend.put(v), statistic, bins=bins)
    check_binned(backend, actual, expected, ["statistic", "bin_edges", "binnumber"])


def test_binned_statistic_range_edges_and_rows(backend):
    x, _, v = points(seed=1)
    x[:3] = 10.0  # on the last edge: the last bin
    for kwargs in [{"range": (2, 8)}, {"range": (0, 10), "bins": 4}, {"bins": np.linspace(0, 10, 6)}]:
        expected = scipy.stats.binned_statistic(x, [v, v ** 2], "mean", **kwargs)
        actual = stats.binned_statistic(backend.put(x), [backend.put(v), backend.put(v ** 2)], "mean", **kwargs)
        check_binned(backend, actual, expected, ["statistic", "bin_edges", "binnumber"])
    v_nan = v.copy()
    v_nan[::17] = np.nan
    for statistic in STATISTICS:
        expected = scipy.stats.binned_statistic(x, v_nan, statistic, bins=5)
        actual = stats.binned_statistic(backend.put(x), backend.put(v_nan), statistic, bins=5)
        check_binned(backend, actual, expected, ["statistic"])


def test_binned_statistic_callable(backend):
    x, _, v = points(60, seed=2)

    def spread(values):
        return (np.max(values) - np.min(values)) if len(values) else -1.0

    expected = scipy.stats.binned_statistic(x, v, spread, bins=[0.0, 2.0, 4.0, 6.0, 8.0, 9.0, 9.5])
    actual = stats.binned_statistic(backend.put(x), backend.put(v), spread, bins=[0.0, 2.0, 4.0, 6.0, 8.0, 9.0,
                                                                                    9.5])
    check_binned(backend, actual, expected, ["statistic", "binnumber"])


@pytest.mark.parametrize("statistic", STATISTICS)
@pytest.mark.parametrize("expand", [False, True])
def test_binned_statistic_2d(backend, statistic, expand):
    x, y, v = points(seed=3)
    expected = scipy.stats.binned_statistic_2d(x, y, v, statistic, bins=[4, 3], expand_binnumbers=expand)
    actual = stats.binned_statistic_2d(backend.put(x), backend.put(y), backend.put(v), statistic, bins=[4, 3],
                                       expand_binnumbers=expand)
    check_binned(backend, actual, expected, ["statistic", "x_edge", "y_edge", "binnumber"])


def test_binned_statistic_2d_count_without_values_and_shared_edges(backend):
    x, y, _ = points(seed=4)
    expected = scipy.stats.binned_statistic_2d(x, y, None, "count", bins=5, range=[(1, 9), (-3, 3)])
    actual = stats.binned_statistic_2d(backend.put(x), backend.put(y), None, "count", bins=5,
                                       range=[(1, 9), (-3, 3)])
    check_binned(backend, actual, expected, ["statistic", "x_edge", "y_edge", "binnumber"])
    edges = np.linspace(-4, 10, 8)
    expected = scipy.stats.binned_statistic_2d(x, y, x + y, "sum", bins=edges)
    actual = stats.binned_statistic_2d(backend.put(x), backend.put(y), backend.put(x + y), "sum", bins=edges)
    check_binned(backend, actual, expected, ["statistic", "binnumber"])


@pytest.mark.parametrize("statistic", STATISTICS)
def test_binned_statistic_dd(backend, statistic):
    rng = np.random.default_rng(5)
    sample = rng.uniform(-1, 1, (300, 3))
    values = rng.standard_normal(300)
    expected = scipy.stats.binned_statistic_dd(sample, values, statistic, bins=[3, 4, 2])
    actual = stats.binned_statistic_dd(backend.put(sample), backend.put(values), statistic, bins=[3, 4, 2])
    check_binned(backend, actual, expected, ["statistic", "bin_edges", "binnumber"])
    again = stats.binned_statistic_dd(backend.put(sample), backend.put(values * 2), statistic,
                                      binned_statistic_result=actual)
    expected_again = scipy.stats.binned_statistic_dd(sample, values * 2, statistic, binned_statistic_result=expected)
    check_binned(backend, again, expected_again, ["statistic", "binnumber"])


def test_binned_statistic_errors(backend):
    x, y, v = points(20)
    for call, error in [(lambda m, a, b: m.binned_statistic(a, b, "foo"), ValueError),
                        (lambda m, a, b: m.binned_statistic(a, b[:5]), AttributeError),
                        (lambda m, a, b: m.binned_statistic(a, b, range=(3, 1)), ValueError),
                        (lambda m, a, b: m.binned_statistic_dd([a, b], b, bins=[2, 3, 4]), AttributeError),
                        (lambda m, a, b: m.binned_statistic(a, b, bins=[1.0, 1.0, 2.0]), ValueError)]:
        with pytest.raises(error) as theirs:
            call(scipy.stats, x, v)
        with pytest.raises(error) as ours:
            call(stats, backend.put(x), backend.put(v))
        assert str(ours.value) == str(theirs.value)
    x[3] = np.inf
    with pytest.raises(ValueError, match="contains non-finite values"):
        stats.binned_statistic(backend.put(x), backend.put(v))


# ---- gaussian_kde ------------------------------------------------------------

@pytest.mark.parametrize("bw_method", [None, "scott", "silverman", 0.3, lambda k: 0.5 * k.scotts_factor()])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("d", [1, 3])
def test_gaussian_kde(backend, bw_method, weighted, d):
    rng = np.random.default_rng(6 + d)
    data = np.triu(np.ones((d, d))) @ rng.standard_normal((d, 150)) if d > 1 else rng.standard_normal(150)
    weights = rng.uniform(0.2, 2.0, 150) if weighted else None
    grid = rng.standard_normal((d, 40)) * 2 if d > 1 else np.linspace(-6, 6, 40)
    expected = scipy.stats.gaussian_kde(data, bw_method=bw_method, weights=weights)
    actual = stats.gaussian_kde(backend.put(data), bw_method=bw_method,
                                weights=None if weights is None else backend.put(weights))
    assert actual.d == expected.d and actual.n == expected.n
    assert actual.factor == pytest.approx(expected.factor, rel=1e-12)
    assert actual.neff == pytest.approx(expected.neff, rel=1e-12)
    assert actual.log_det == pytest.approx(expected.log_det, rel=1e-10)
    assert_matches(backend.get(actual.covariance), expected.covariance, 1e-10)
    assert_matches(backend.get(actual.weights), expected.weights, 1e-14)
    assert_matches(backend.get(actual.inv_cov), expected.inv_cov, 1e-9)
    for method in ("evaluate", "pdf", "__call__", "logpdf"):
        assert_matches(backend.get(getattr(actual, method)(backend.put(grid))),
                       getattr(expected, method)(grid), 1e-10, 1e-300)


def test_gaussian_kde_far_tails_and_large_offset(backend):
    data = np.round(np.random.default_rng(8).standard_normal(100) * 2**10) / 2**10  # exact at an offset of 1e8
    far = np.array([30.0, -45.0, 80.0])
    expected = scipy.stats.gaussian_kde(data)
    actual = stats.gaussian_kde(backend.put(data))
    assert_matches(backend.get(actual.logpdf(backend.put(far))), expected.logpdf(far), 1e-10)
    assert_matches(backend.get(actual.pdf(backend.put(far))), expected.pdf(far), 1e-10, 1e-300)
    shifted = stats.gaussian_kde(backend.put(data + 1e8))
    grid = np.linspace(-3, 3, 13)
    assert_matches(backend.get(shifted(backend.put(grid + 1e8))), expected(grid), 1e-8)


def test_gaussian_kde_blocks(backend, monkeypatch):
    """Evaluation in blocks (of points and of data) gives the one-block values."""
    from gpuarray.scipy.stats import _kde
    data = np.random.default_rng(9).standard_normal((2, 37))
    grid = np.random.default_rng(10).standard_normal((2, 23))
    expected = scipy.stats.gaussian_kde(data)
    monkeypatch.setattr(_kde, "_PAIRS_PER_BLOCK", 10)
    actual = stats.gaussian_kde(backend.put(data))
    assert_matches(backend.get(actual(backend.put(grid))), expected(grid), 1e-12)
    assert_matches(backend.get(actual.logpdf(backend.put(grid))), expected.logpdf(grid), 1e-12)


def test_gaussian_kde_points_shapes_marginal_and_bandwidth(backend):
    data = np.random.default_rng(11).standard_normal((3, 60))
    expected = scipy.stats.gaussian_kde(data)
    actual = stats.gaussian_kde(backend.put(data))
    point = np.array([0.1, -0.2, 0.3])  # one point given as a row
    assert_matches(backend.get(actual(backend.put(point))), expected(point), 1e-12)
    for dims in (0, [0, 2], -1):
        m_expected, m_actual = expected.marginal(dims), actual.marginal(dims)
        grid = np.random.default_rng(12).standard_normal((m_expected.d, 5))
        assert_matches(backend.get(m_actual(backend.put(grid))), m_expected(grid), 1e-11)
    actual.set_bandwidth("silverman")
    expected.set_bandwidth("silverman")
    assert_matches(backend.get(actual(backend.put(data[:, :5]))), expected(data[:, :5]), 1e-12)
    actual.set_bandwidth(0.7)
    expected.set_bandwidth(0.7)
    assert_matches(backend.get(actual.logpdf(backend.put(data[:, :5]))), expected.logpdf(data[:, :5]), 1e-12)


def test_gaussian_kde_errors(backend):
    data = np.random.default_rng(13).standard_normal((2, 30))
    calls = [lambda m, put: m.gaussian_kde(put(np.array([1.0]))),
             lambda m, put: m.gaussian_kde(put(data), weights=put(np.ones(29))),
             lambda m, put: m.gaussian_kde(put(data), weights=put(np.ones((2, 15)))),
             lambda m, put: m.gaussian_kde(put(data.T)),
             lambda m, put: m.gaussian_kde(put(data), bw_method="foo"),
             lambda m, put: m.gaussian_kde(put(data))(put(np.ones((3, 4)))),
             lambda m, put: m.gaussian_kde(put(data)).marginal([0, 0]),
             lambda m, put: m.gaussian_kde(put(data)).marginal(5),
             lambda m, put: m.gaussian_kde(put(data)).marginal(0.5)]
    for call in calls:
        with pytest.raises(ValueError) as theirs:
            call(scipy.stats, np.asarray)
        with pytest.raises(ValueError) as ours:
            call(stats, backend.put)
        assert str(ours.value) == str(theirs.value)
    singular = np.vstack([data[0], 2 * data[0]])
    with pytest.raises(np.linalg.LinAlgError, match=re.escape("The data appears to lie in a lower-dimensional")):
        stats.gaussian_kde(backend.put(singular))
