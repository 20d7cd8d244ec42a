# SPDX-License-Identifier: BSD-3-Clause
"""rankdata, mode, iqr and percentileofscore against SciPy: every tie method
on data with many ties, dtypes, axes, layouts, NaNs under each policy, empty
input, keepdims and SciPy's errors. Host (NumPy standing in, CPU) and device (gpu)."""
import re
import warnings

import numpy as np
import pytest
import scipy.stats

from stats_helpers import LAYOUTS, assert_matches, layout, require_scipy_1_18, tolerance
from gpuarray.scipy import stats


def tied(shape, dtype=np.float64, seed=0, nans=False, values=6):
    """Values from a small set: many ties."""
    rng = np.random.default_rng(seed)
    host = rng.integers(-values // 2, values - values // 2, shape).astype(dtype)
    if nans:
        host.reshape(-1)[::5] = np.nan
    return host


def quietly(f, *args, **kwargs):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


METHODS = ["average", "min", "max", "dense", "ordinal"]


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int8])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_rankdata(backend, method, dtype, axis):
    if method != "average" or dtype == np.float32:
        require_scipy_1_18("rankdata's float64 ranks")
    host = tied((5, 12, 3), dtype)
    expected = scipy.stats.rankdata(host, method, axis=axis)
    actual = stats.rankdata(backend.put(host), method, axis=axis)
    assert_matches(backend.get(actual), expected, 0)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_rankdata_nans(backend, method, nan_policy, axis):
    host = tied((6, 10), nans=True)
    host[0] = np.arange(10.0)  # a row without NaN keeps its ranks under 'propagate'
    expected = scipy.stats.rankdata(host, method, axis=axis, nan_policy=nan_policy)
    actual = stats.rankdata(backend.put(host), method, axis=axis, nan_policy=nan_policy)
    assert_matches(backend.get(actual), expected, 0)


@pytest.mark.parametrize("kind", LAYOUTS)
@pytest.mark.parametrize("method", ["average", "dense"])
def test_rankdata_layouts(backend, kind, method):
    if method != "average":
        require_scipy_1_18("rankdata's float64 ranks")
    host, arg = layout(backend, tied((7, 9)), kind)
    assert_matches(backend.get(stats.rankdata(arg, method, axis=1)),
                   scipy.stats.rankdata(host, method, axis=1), 0)


def test_rankdata_edges_and_errors(backend):
    require_scipy_1_18("rankdata's float64 ranks")
    for method in METHODS:
        for shape in [(0,), (2, 0)]:
            expected = scipy.stats.rankdata(np.zeros(shape), method)
            assert_matches(backend.get(stats.rankdata(backend.put(np.zeros(shape)), method)), expected, 0)
        assert_matches(backend.get(stats.rankdata(backend.put(np.float64(3.0)), method)),
                       scipy.stats.rankdata(np.float64(3.0), method), 0)
    with pytest.raises(ValueError, match='unknown method "foo"'):
        scipy.stats.rankdata([1, 2], "foo")
    with pytest.raises(ValueError, match='unknown method "foo"'):
        stats.rankdata(None, "foo")
    with pytest.raises(ValueError, match="The input contains nan values"):
        stats.rankdata(backend.put(tied(10, nans=True)), nan_policy="raise")


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int16])
@pytest.mark.parametrize("axis", [0, -1, None, (0, 2)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_mode(backend, dtype, axis, keepdims):
    host = tied((4, 9, 5), dtype)
    expected = scipy.stats.mode(host, axis=axis, keepdims=keepdims)
    actual = stats.mode(backend.put(host), axis=axis, keepdims=keepdims)
    assert_matches(backend.get(actual.mode), expected.mode, 0)
    assert_matches(backend.get(actual.count), expected.count, 0)


@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
@pytest.mark.parametrize("axis", [0, 1, None])
def test_mode_nans(backend, nan_policy, axis):
    host = tied((6, 11), nans=True)
    host[1] = np.nan
    host[2, :7] = np.nan  # NaN is the most common value of this row
    expected = quietly(scipy.stats.mode, host, axis=axis, nan_policy=nan_policy)
    actual = quietly(stats.mode, backend.put(host), axis=axis, nan_policy=nan_policy)
    assert_matches(backend.get(actual.mode), expected.mode, 0, check_dtype=False)
    assert_matches(backend.get(actual.count), expected.count, 0, check_dtype=False)


def test_mode_edges_and_errors(backend):
    require_scipy_1_18("mode's int64 count of empty slices")
    for shape, axis in [((0,), 0), ((0, 3), 0), ((3, 0), 1)]:
        expected = quietly(scipy.stats.mode, np.zeros(shape), axis=axis)
        actual = quietly(stats.mode, backend.put(np.zeros(shape)), axis=axis)
        assert_matches(backend.get(actual.mode), expected.mode, 0)
        assert_matches(backend.get(actual.count), expected.count, 0)
    for kind in LAYOUTS:
        host, arg = layout(backend, tied((6, 8)), kind)
        expected, actual = scipy.stats.mode(host, axis=1), stats.mode(arg, axis=1)
        assert_matches(backend.get(actual.mode), expected.mode, 0)
        assert_matches(backend.get(actual.count), expected.count, 0)
    message = "Argument `a` is not recognized as numeric."
    with pytest.raises(TypeError, match=re.escape(message)):
        scipy.stats.mode(np.array([True, False]))
    with pytest.raises(TypeError, match=re.escape(message)):
        stats.mode(backend.put(np.array([True, False])))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("axis", [None, 0, -1, (0, 2)])
@pytest.mark.parametrize("rng_, scale, interpolation", [((25, 75), 1.0, "linear"), ((90, 10), "normal", "lower"),
                                                        ((0, 100), 2.0, "higher"), ((30, 60), 1.0, "midpoint"),
                                                        ((5, 95), 1.0, "nearest")])
def test_iqr(backend, dtype, axis, rng_, scale, interpolation):
    host = (np.random.default_rng(1).standard_normal((4, 9, 6)) * 10).astype(dtype)
    expected = scipy.stats.iqr(host, axis=axis, rng=rng_, scale=scale, interpolation=interpolation)
    actual = stats.iqr(backend.put(host), axis=axis, rng=rng_, scale=scale, interpolation=interpolation)
    assert_matches(backend.get(actual), expected, tolerance(dtype), tolerance(dtype) * 10)


@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
@pytest.mark.parametrize("keepdims", [False, True])
def test_iqr_nans_keepdims_layouts(backend, nan_policy, keepdims):
    host = np.random.default_rng(2).standard_normal((5, 9))
    host.reshape(-1)[::4] = np.nan
    host[3] = np.nan
    for axis in (0, 1, None):
        expected = quietly(scipy.stats.iqr, host, axis=axis, nan_policy=nan_policy, keepdims=keepdims)
        actual = quietly(stats.iqr, backend.put(host), axis=axis, nan_policy=nan_policy, keepdims=keepdims)
        assert_matches(backend.get(actual), expected, 1e-12, check_dtype=False)
    for kind in LAYOUTS:
        clean, arg = layout(backend, np.random.default_rng(3).standard_normal((5, 8)), kind)
        assert_matches(backend.get(stats.iqr(arg, axis=1)), scipy.stats.iqr(clean, axis=1), 1e-12)


@pytest.mark.parametrize("kwargs, error", [({"rng": (1, 2, 3)}, TypeError), ({"rng": (np.nan, 3)}, ValueError),
                                           ({"rng": (-1, 50)}, ValueError), ({"scale": "foo"}, ValueError),
                                           ({"nan_policy": "foo"}, ValueError)])
def test_iqr_errors(kwargs, error):
    with pytest.raises(error) as theirs:
        scipy.stats.iqr(np.arange(5.0), **kwargs)
    with pytest.raises(error) as ours:  # before the data are looked at
        stats.iqr(None, **kwargs)
    if "nan_policy" in kwargs:  # SciPy prints a set: its order changes with the hash seed
        assert sorted(re.findall("'(\\w+)'", str(ours.value))) == sorted(re.findall("'(\\w+)'", str(theirs.value)))
    else:
        assert str(ours.value) == str(theirs.value)
    with pytest.raises(ValueError, match="`method` must be one of"):
        stats.iqr(None, interpolation="foo")


def test_iqr_normal_scale_constant():
    special = pytest.importorskip("scipy.special")
    from gpuarray.scipy.stats import _order_statistics
    assert _order_statistics._NORMAL_IQR == pytest.approx(special.erfinv(0.5) * 2.0 * np.sqrt(2.0), rel=1e-15)


@pytest.mark.parametrize("kind", ["rank", "weak", "strict", "mean"])
@pytest.mark.parametrize("dtype", [np.float64, np.int64, np.float32])
def test_percentileofscore(backend, kind, dtype):
    a = tied(40, dtype, values=10)
    scores = np.array([[-7, -5, -1.5, 0], [0.5, 2, 4, 9]])
    expected = scipy.stats.percentileofscore(a, scores, kind=kind)
    actual = stats.percentileofscore(backend.put(a), backend.put(scores), kind=kind)
    assert_matches(backend.get(actual), expected, 1e-12)
    expected = scipy.stats.percentileofscore(a, 2, kind=kind)
    assert_matches(backend.get(stats.percentileofscore(backend.put(a), 2, kind=kind)), expected, 1e-12)


@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
def test_percentileofscore_nans(backend, nan_policy):
    a = tied(30, nans=True)
    scores = np.array([-1.0, np.nan, 2.0, np.inf])
    expected = scipy.stats.percentileofscore(a, scores, nan_policy=nan_policy)
    actual = stats.percentileofscore(backend.put(a), backend.put(scores), nan_policy=nan_policy)
    assert_matches(backend.get(actual), expected, 1e-12)
    with pytest.raises(ValueError, match="The input contains nan values"):
        stats.percentileofscore(backend.put(a), 1.0, nan_policy="raise")
    empty = scipy.stats.percentileofscore(np.zeros(0), np.array([1.0, 2.0]))
    assert_matches(backend.get(stats.percentileofscore(backend.put(np.zeros(0)), backend.put(np.array([1.0, 2.0])))),
                   empty, 0)


def test_percentileofscore_errors(backend):
    for call, message in [(lambda m: m.percentileofscore(np.arange(3.0), 1, kind="foo"),
                           "kind can only be 'rank', 'strict', 'weak' or 'mean'"),
                          (lambda m: m.percentileofscore(np.ones((2, 2)), 1), "`a` must be 1-dimensional.")]:
        with pytest.raises(ValueError) as theirs:
            call(scipy.stats)
        with pytest.raises(ValueError) as ours:
            call(stats if backend.name == "host" else _Uploading(backend))
        assert str(ours.value) == str(theirs.value)


class _Uploading:
    """gpuarray.scipy.stats with NumPy arguments uploaded first."""

    def __init__(self, backend):
        self.backend = backend

    def percentileofscore(self, a, score, **kwargs):
        return stats.percentileofscore(self.backend.put(a), score, **kwargs)
