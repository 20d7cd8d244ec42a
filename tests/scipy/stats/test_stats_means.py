# SPDX-License-Identifier: BSD-3-Clause
"""gmean, hmean, pmean, trim_mean and trimboth against SciPy: dtypes, axes,
weights (broadcast, with NaNs), layouts, keepdims, NaN policies, empty input
and SciPy's errors and warnings. Host (NumPy standing in, CPU) and device (gpu)."""
import re
import warnings

import numpy as np
import pytest
import scipy.stats

from stats_helpers import LAYOUTS, assert_matches, layout, require_scipy_1_18, tolerance
from gpuarray.scipy import stats


def positive(shape, dtype=np.float64, seed=0, nans=False):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind in "iu":
        host = rng.integers(1, 50, shape).astype(dtype)
    else:
        host = rng.uniform(0.5, 20.0, shape).astype(dtype)
    if nans:
        host.reshape(-1)[::5] = np.nan
    return host


def quietly(f, *args, **kwargs):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


MEANS = {"gmean": (stats.gmean, scipy.stats.gmean, {}), "hmean": (stats.hmean, scipy.stats.hmean, {}),
         "pmean2": (stats.pmean, scipy.stats.pmean, {"p": 2}),
         "pmean-1.5": (stats.pmean, scipy.stats.pmean, {"p": -1.5}),
         "pmean0": (stats.pmean, scipy.stats.pmean, {"p": 0})}


@pytest.mark.parametrize("case", list(MEANS))
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int16])
@pytest.mark.parametrize("axis", [0, -1, None, (0, 2)])
def test_means(backend, case, dtype, axis):
    if dtype == np.int16 and case in ("gmean", "pmean0"):
        require_scipy_1_18("the geometric mean of integers in float64")
    ours, theirs, kwargs = MEANS[case]
    host = positive((3, 4, 5), dtype)
    expected = theirs(host, axis=axis, **kwargs)
    actual = ours(backend.put(host), axis=axis, **kwargs)
    assert_matches(backend.get(actual), expected, tolerance(expected.dtype))


@pytest.mark.parametrize("case", list(MEANS))
@pytest.mark.parametrize("axis", [0, 1, None])
@pytest.mark.parametrize("weight_shape", [(4, 6), (6,), (4, 1)])
def test_weights_broadcast(backend, case, axis, weight_shape):
    ours, theirs, kwargs = MEANS[case]
    host = positive((4, 6))
    weights = positive(weight_shape, seed=3)
    if axis is None and weight_shape != (4, 6):
        return  # axis=None ravels each sample: SciPy needs equal sizes there
    expected = theirs(host, axis=axis, weights=weights, **kwargs)
    actual = ours(backend.put(host), axis=axis, weights=backend.put(weights), **kwargs)
    assert_matches(backend.get(actual), expected, 1e-12)


@pytest.mark.parametrize("case", list(MEANS))
@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
@pytest.mark.parametrize("weighted", [False, True])
def test_nan_policies(backend, case, nan_policy, weighted):
    ours, theirs, kwargs = MEANS[case]
    host = positive((5, 8), nans=True)
    host[1] = np.nan
    extra = {}
    if weighted:
        weights = positive((5, 8), seed=4)
        weights[3, 2] = np.nan
        extra = {"weights": weights}
    for axis in (0, 1, None):
        expected = quietly(theirs, host, axis=axis, nan_policy=nan_policy, **kwargs, **extra)
        actual = quietly(ours, backend.put(host), axis=axis, nan_policy=nan_policy, **kwargs,
                         **{k: backend.put(v) for k, v in extra.items()})
        assert_matches(backend.get(actual), expected, 1e-12, check_dtype=False)


@pytest.mark.parametrize("case", list(MEANS))
@pytest.mark.parametrize("keepdims", [False, True])
def test_keepdims_and_layouts(backend, case, keepdims):
    ours, theirs, kwargs = MEANS[case]
    for kind in LAYOUTS:
        host, arg = layout(backend, positive((5, 6)), kind)
        expected = theirs(host, axis=1, keepdims=keepdims, **kwargs)
        actual = ours(arg, axis=1, keepdims=keepdims, **kwargs)
        assert_matches(backend.get(actual), expected, 1e-12)


@pytest.mark.parametrize("case", ["hmean", "pmean2"])
def test_negative_values_warn_and_give_nan(backend, case):
    ours, theirs, kwargs = MEANS[case]
    host = positive((3, 4))
    host[1, 2] = -1.0
    with pytest.warns(RuntimeWarning, match="only defined if all elements are non-negative") as theirs_warned:
        expected = theirs(host, axis=1, **kwargs)
    with pytest.warns(RuntimeWarning, match="only defined if all elements are non-negative") as ours_warned:
        actual = ours(backend.put(host), axis=1, **kwargs)
    assert_matches(backend.get(actual), expected, 1e-12)
    assert str(ours_warned[0].message) == str(theirs_warned[0].message)


def test_gmean_zero_and_dtype_argument(backend):
    host = np.array([[0.0, 2.0, 8.0], [1.0, 2.0, 4.0]])
    assert_matches(backend.get(stats.gmean(backend.put(host), axis=1)), scipy.stats.gmean(host, axis=1), 1e-12)
    ints = np.array([1, 2, 4, 8], dtype=np.int32)
    assert_matches(backend.get(stats.gmean(backend.put(ints), dtype=np.float32)),
                   scipy.stats.gmean(ints, dtype=np.float32), 1e-6)
    assert_matches(backend.get(stats.hmean(backend.put(ints), dtype=np.float32)),
                   scipy.stats.hmean(ints, dtype=np.float32), 1e-6)


@pytest.mark.parametrize("p, error, message", [("2", ValueError, "Power mean only defined for exponent of type "
                                                "int or float."),
                                               (np.inf, NotImplementedError, "Power mean only implemented for "
                                                "finite `p`")])
def test_pmean_errors(p, error, message):
    with pytest.raises(error, match=re.escape(message)):
        scipy.stats.pmean(np.arange(1.0, 4.0), p)
    with pytest.raises(error, match=re.escape(message)):  # before the data are looked at
        stats.pmean(None, p)


def test_means_empty(backend):
    for ours, theirs, kwargs in MEANS.values():
        for shape, axis in [((0,), 0), ((0, 3), 0), ((3, 0), 0)]:
            expected = quietly(theirs, np.zeros(shape), axis=axis, **kwargs)
            actual = quietly(ours, backend.put(np.zeros(shape)), axis=axis, **kwargs)
            assert_matches(backend.get(actual), expected, 0)


# ---- trim_mean and trimboth --------------------------------------------------

def spread(shape, dtype=np.float64, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind in "iu":
        return rng.integers(-30, 30, shape).astype(dtype)
    return (rng.standard_normal(shape) * 10).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("axis", [0, -1, None, (0, 2)])
@pytest.mark.parametrize("proportion", [0.0, 0.1, 0.25, 0.49])
def test_trim_mean(backend, dtype, axis, proportion):
    host = spread((4, 6, 7), dtype)
    expected = scipy.stats.trim_mean(host, proportion, axis=axis)
    actual = stats.trim_mean(backend.put(host), proportion, axis=axis)
    assert_matches(backend.get(actual), expected, tolerance(expected.dtype), tolerance(expected.dtype) * 10)


@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
@pytest.mark.parametrize("keepdims", [False, True])
def test_trim_mean_nans_and_keepdims(backend, nan_policy, keepdims):
    host = spread((5, 11))
    host.reshape(-1)[::6] = np.nan
    host[2] = np.nan
    for axis in (0, 1, None):
        expected = quietly(scipy.stats.trim_mean, host, 0.2, axis=axis, nan_policy=nan_policy, keepdims=keepdims)
        actual = quietly(stats.trim_mean, backend.put(host), 0.2, axis=axis, nan_policy=nan_policy,
                         keepdims=keepdims)
        assert_matches(backend.get(actual), expected, 1e-12, check_dtype=False)


def test_trim_mean_errors_and_edges(backend):
    with pytest.raises(ValueError, match="Proportion too big."):
        scipy.stats.trim_mean(np.arange(3.0), 0.9)
    with pytest.raises(ValueError, match="Proportion too big."):
        stats.trim_mean(backend.put(np.arange(3.0)), 0.9)
    expected = quietly(scipy.stats.trim_mean, np.arange(4.0), 0.5)  # every value cut: NaN
    assert_matches(backend.get(quietly(stats.trim_mean, backend.put(np.arange(4.0)), 0.5)), expected, 0)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int16])
@pytest.mark.parametrize("axis", [0, 1, -1, None])
@pytest.mark.parametrize("proportion", [0.0, 0.2, 0.4])
def test_trimboth(backend, dtype, axis, proportion):
    host = spread((6, 9, 2), dtype)
    expected = scipy.stats.trimboth(host, proportion, axis=axis)
    actual = backend.get(stats.trimboth(backend.put(host), proportion, axis=axis))
    sort_axis = 0 if axis is None else axis
    # SciPy's order within the kept values is its partition's: compare sorted.
    assert_matches(np.sort(actual, axis=sort_axis), np.sort(expected, axis=sort_axis), 0)


@pytest.mark.parametrize("kind", LAYOUTS)
def test_trim_layouts(backend, kind):
    host, arg = layout(backend, spread((5, 8)), kind)
    assert_matches(backend.get(stats.trim_mean(arg, 0.2, axis=1)), scipy.stats.trim_mean(host, 0.2, axis=1),
                   1e-12)
    assert_matches(backend.get(stats.trimboth(arg, 0.2, axis=1)),
                   np.sort(scipy.stats.trimboth(host, 0.2, axis=1), axis=1), 0)


def test_trimboth_errors_and_empty(backend):
    with pytest.raises(ValueError, match="Proportion too big."):
        scipy.stats.trimboth(np.arange(4.0), 0.5)
    with pytest.raises(ValueError, match="Proportion too big."):
        stats.trimboth(backend.put(np.arange(4.0)), 0.5)
    empty = np.zeros((0, 3))
    assert_matches(backend.get(stats.trimboth(backend.put(empty), 0.1)), scipy.stats.trimboth(empty, 0.1), 0)
