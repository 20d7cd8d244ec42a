# SPDX-License-Identifier: BSD-3-Clause
"""moment, skew, kurtosis, sem, describe, zscore and zmap against SciPy:
dtypes, axes, layouts, keepdims, NaNs under each policy, empty and 0-d
input, data with a large offset, and SciPy's errors. Each test runs on the
host with NumPy standing in for gpuarray (CPU) and on a device (gpu)."""
import re
import warnings

import numpy as np
import pytest
import scipy.stats

from stats_helpers import LAYOUTS, assert_matches, layout, require_scipy_1_18, tolerance
from gpuarray.scipy import stats

DTYPES = [np.float64, np.float32, np.int64]
AXES = [0, -1, None, (0, 2)]


def sample(shape, dtype=np.float64, seed=0, nans=False, offset=0.0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind in "iu":
        host = rng.integers(-20, 40, shape).astype(dtype)
    else:
        host = (offset + rng.standard_normal(shape) * 3 + rng.exponential(2.0, shape)).astype(dtype)
    if nans:
        flat = host.reshape(-1)
        flat[::7] = np.nan
    return host


def quietly(f, *args, **kwargs):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


CASES = {
    "moment1": (stats.moment, scipy.stats.moment, {"order": 1}),
    "moment2": (stats.moment, scipy.stats.moment, {"order": 2}),
    "moment3": (stats.moment, scipy.stats.moment, {"order": 3}),
    "moment5": (stats.moment, scipy.stats.moment, {"order": 5}),
    "moment_orders": (stats.moment, scipy.stats.moment, {"order": [0, 1, 2, 4]}),
    "moment_center": (stats.moment, scipy.stats.moment, {"order": 2, "center": 1.5}),
    "skew": (stats.skew, scipy.stats.skew, {}),
    "skew_unbiased": (stats.skew, scipy.stats.skew, {"bias": False}),
    "kurtosis": (stats.kurtosis, scipy.stats.kurtosis, {}),
    "kurtosis_pearson_unbiased": (stats.kurtosis, scipy.stats.kurtosis, {"fisher": False, "bias": False}),
    "sem": (stats.sem, scipy.stats.sem, {}),
    "sem_ddof0": (stats.sem, scipy.stats.sem, {"ddof": 0}),
}


def atol_for(expected, dtype):
    scale = np.nanmax(np.abs(np.asarray(expected, dtype=np.float64))) if np.size(expected) else 1.0
    return tolerance(dtype) * (scale if np.isfinite(scale) and scale > 0 else 1.0) * 10


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", AXES)
def test_against_scipy(backend, case, dtype, axis):
    if case == "moment_orders" and dtype == np.float32:
        require_scipy_1_18("moment's float64 result for a sequence of orders")
    ours, theirs, kwargs = CASES[case]
    host = sample((4, 5, 6), dtype)
    expected = quietly(theirs, host, axis=axis, **kwargs)
    actual = quietly(ours, backend.put(host), axis=axis, **kwargs)
    assert_matches(backend.get(actual), expected, tolerance(dtype), atol_for(expected, dtype))


@pytest.mark.parametrize("case", ["moment3", "skew", "kurtosis", "sem", "moment_orders"])
@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", [1, None, (0, 2)])
def test_keepdims(backend, case, keepdims, axis):
    ours, theirs, kwargs = CASES[case]
    host = sample((3, 4, 5))
    expected = quietly(theirs, host, axis=axis, keepdims=keepdims, **kwargs)
    actual = quietly(ours, backend.put(host), axis=axis, keepdims=keepdims, **kwargs)
    assert_matches(backend.get(actual), expected, 1e-11, 1e-12)


@pytest.mark.parametrize("kind", LAYOUTS)
@pytest.mark.parametrize("case", ["moment3", "skew", "kurtosis_pearson_unbiased", "sem"])
def test_layouts(backend, kind, case):
    ours, theirs, kwargs = CASES[case]
    host, arg = layout(backend, sample((6, 8)), kind)
    for axis in (0, 1):
        expected = quietly(theirs, host, axis=axis, **kwargs)
        actual = quietly(ours, arg, axis=axis, **kwargs)
        assert_matches(backend.get(actual), expected, 1e-11, 1e-12)


@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("axis", [0, -1, None])
def test_nan_policies(backend, nan_policy, case, axis):
    ours, theirs, kwargs = CASES[case]
    host = sample((5, 9), nans=True)
    host[2] = np.nan  # a row left empty by 'omit' along axis 1
    expected = quietly(theirs, host, axis=axis, nan_policy=nan_policy, **kwargs)
    actual = quietly(ours, backend.put(host), axis=axis, nan_policy=nan_policy, **kwargs)
    assert_matches(backend.get(actual), expected, 1e-11, 1e-12, check_dtype=False)


@pytest.mark.parametrize("case", ["skew", "sem", "moment2"])
def test_nan_policy_raise(backend, case):
    ours, theirs, kwargs = CASES[case]
    with pytest.raises(ValueError, match="The input contains nan values"):
        theirs(sample((5, 9), nans=True), nan_policy="raise", **kwargs)
    with pytest.raises(ValueError, match="The input contains nan values"):
        ours(backend.put(sample((5, 9), nans=True)), nan_policy="raise", **kwargs)
    # Without NaNs 'raise' computes as 'propagate'.
    host = sample((5, 9))
    assert_matches(backend.get(ours(backend.put(host), nan_policy="raise", **kwargs)),
                   theirs(host, nan_policy="raise", **kwargs), 1e-11, 1e-12)


@pytest.mark.parametrize("case", ["skew", "kurtosis", "sem", "moment2", "moment_orders"])
@pytest.mark.parametrize("shape, axis", [((0,), 0), ((0, 3), 0), ((3, 0), 0), ((3, 0), 1), ((2,), 0), ((1,), 0)])
def test_empty_and_small(backend, case, shape, axis):
    ours, theirs, kwargs = CASES[case]
    host = sample(shape)
    with warnings.catch_warnings(record=True) as theirs_warned, np.errstate(all="ignore"):
        warnings.simplefilter("always")
        expected = theirs(host, axis=axis, **kwargs)
    with warnings.catch_warnings(record=True) as ours_warned:
        warnings.simplefilter("always")
        actual = ours(backend.put(host), axis=axis, **kwargs)
    assert_matches(backend.get(actual), expected, 1e-11, 1e-12)
    small = [str(w.message) for w in theirs_warned if type(w.message).__name__ == "SmallSampleWarning"]
    assert small == [str(w.message) for w in ours_warned if isinstance(w.message, stats.SmallSampleWarning)]


@pytest.mark.parametrize("case", ["moment2", "skew", "kurtosis", "sem"])
def test_zero_dimensional(backend, case):
    ours, theirs, kwargs = CASES[case]
    expected = quietly(theirs, np.float64(2.5), **kwargs)
    actual = quietly(ours, backend.put(np.float64(2.5)), **kwargs)
    assert_matches(backend.get(actual), expected, 1e-12)


@pytest.mark.parametrize("case", ["moment2", "moment3", "moment5", "skew", "kurtosis", "sem"])
@pytest.mark.parametrize("offset", [1e8, -3e7])
def test_large_offset_keeps_digits(backend, case, offset):
    """Deviations from a mean far from zero: compared with SciPy on the shifted data
    (exactly representable here), where SciPy's single centering loses nothing."""
    ours, theirs, kwargs = CASES[case]
    rng = np.random.default_rng(3)
    noise = np.round(rng.standard_normal((4, 2000)) * 2**10) / 2**10  # exact binary fractions
    host = offset + noise
    assert np.array_equal(host - offset, noise)
    expected = quietly(theirs, noise, axis=-1, **kwargs)
    actual = quietly(ours, backend.put(host), axis=-1, **kwargs)
    assert_matches(backend.get(actual), expected, 1e-9, 1e-9 * np.max(np.abs(expected)))


def test_precision_loss_warning(backend):
    host = np.full(10, 3.0)  # deviations of 0 against a mean of 3: nothing left to resolve
    with pytest.warns(RuntimeWarning, match="Precision loss occurred in moment calculation"):
        scipy.stats.skew(host)
    with pytest.warns(RuntimeWarning, match="Precision loss occurred in moment calculation"):
        stats.skew(backend.put(host))


@pytest.mark.parametrize("order, message", [([], "`order` must be a scalar or a non-empty 1D array."),
                                            ([[1, 2]], "`order` must be a scalar or a non-empty 1D array."),
                                            (1.5, "All elements of `order` must be integral.")])
def test_moment_order_errors(order, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        scipy.stats.moment(np.arange(5.0), order=order)
    with pytest.raises(ValueError) as info:  # raised before the data are looked at
        stats.moment(None, order=order)
    assert str(info.value) == message


@pytest.mark.parametrize("function", [stats.skew, stats.kurtosis, stats.sem, stats.moment])
def test_bad_nan_policy_is_refused_before_device_work(function):
    with pytest.raises(ValueError, match="nan_policy must be one of"):
        scipy.stats.skew(np.arange(3.0), nan_policy="foobar")
    with pytest.raises(ValueError, match="nan_policy must be one of"):
        function(None, nan_policy="foobar")


@pytest.mark.parametrize("axis, error", [(3, np.exceptions.AxisError), ((0, 0), np.exceptions.AxisError),
                                         (1.5, np.exceptions.AxisError), ("a", np.exceptions.AxisError)])
def test_axis_errors(backend, axis, error):
    host = sample((3, 4))
    with pytest.raises(error) as theirs:
        scipy.stats.skew(host, axis=axis)
    with pytest.raises(error) as ours:
        stats.skew(backend.put(host), axis=axis)
    assert str(ours.value) == str(theirs.value)


# ---- describe ---------------------------------------------------------------

def describe_fields(result):
    return [result.nobs, result.minmax[0], result.minmax[1], result.mean, result.variance, result.skewness,
            result.kurtosis]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", [0, 1, None])
@pytest.mark.parametrize("ddof, bias", [(1, True), (0, False)])
def test_describe(backend, dtype, axis, ddof, bias):
    host = sample((7, 5), dtype)
    expected = scipy.stats.describe(host, axis=axis, ddof=ddof, bias=bias)
    actual = stats.describe(backend.put(host), axis=axis, ddof=ddof, bias=bias)
    for ours, theirs in zip(describe_fields(actual), describe_fields(expected)):
        assert_matches(backend.get(ours), theirs, tolerance(dtype), atol_for(theirs, dtype))


@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
@pytest.mark.parametrize("axis", [0, 1])
def test_describe_nans(backend, nan_policy, axis):
    host = sample((6, 9), nans=True)
    expected = quietly(scipy.stats.describe, host, axis=axis, nan_policy=nan_policy)
    actual = quietly(stats.describe, backend.put(host), axis=axis, nan_policy=nan_policy)
    for ours, theirs in zip(describe_fields(actual), describe_fields(expected)):
        theirs = np.ma.filled(np.ma.asarray(theirs).astype(np.float64), np.nan)
        assert_matches(backend.get(ours), theirs, 1e-11, 1e-12, check_dtype=False)


def test_describe_errors(backend):
    with pytest.raises(ValueError, match="The input must not be empty."):
        scipy.stats.describe(np.zeros(0))
    with pytest.raises(ValueError, match="The input must not be empty."):
        stats.describe(backend.put(np.zeros(0)))
    with pytest.raises(ValueError, match="The input contains nan values"):
        stats.describe(backend.put(sample(9, nans=True)), nan_policy="raise")


# ---- zscore and zmap ---------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", [0, 1, None, (0, 1)])
@pytest.mark.parametrize("ddof", [0, 1])
def test_zscore(backend, dtype, axis, ddof):
    host = sample((6, 7), dtype)
    expected = scipy.stats.zscore(host, axis=axis, ddof=ddof)
    actual = stats.zscore(backend.put(host), axis=axis, ddof=ddof)
    assert_matches(backend.get(actual), expected, tolerance(dtype), 10 * tolerance(dtype))


@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
@pytest.mark.parametrize("axis", [0, 1, None])
def test_zscore_nans_and_constant_slices(backend, nan_policy, axis):
    host = sample((6, 7), nans=True)
    host[3] = 2.0  # a constant row: NaN along axis 1
    host[4] = np.nan
    expected = quietly(scipy.stats.zscore, host, axis=axis, nan_policy=nan_policy)
    actual = quietly(stats.zscore, backend.put(host), axis=axis, nan_policy=nan_policy)
    assert_matches(backend.get(actual), expected, 1e-11, 1e-11)


@pytest.mark.parametrize("axis", [0, -1, None])
@pytest.mark.parametrize("nan_policy", ["propagate", "omit"])
def test_zmap(backend, axis, nan_policy):
    compare = sample((5, 6), nans=nan_policy == "omit", seed=1)
    scores = sample((5, 6), seed=2)
    if axis == 0:
        scores = scores[:2]
    elif axis == -1:
        scores = scores[:, :3]
    expected = quietly(scipy.stats.zmap, scores, compare, axis=axis, ddof=1, nan_policy=nan_policy)
    actual = quietly(stats.zmap, backend.put(scores), backend.put(compare), axis=axis, ddof=1,
                     nan_policy=nan_policy)
    assert_matches(backend.get(actual), expected, 1e-11, 1e-11)


def test_zscore_large_offset(backend):
    rng = np.random.default_rng(5)
    noise = np.round(rng.standard_normal(1000) * 2**12) / 2**12
    expected = scipy.stats.zscore(noise)
    actual = stats.zscore(backend.put(1e8 + noise))
    assert_matches(backend.get(actual), expected, 1e-12, 1e-12)


def test_zmap_warns_for_empty_compare(backend):
    with pytest.warns(stats.SmallSampleWarning):
        actual = stats.zmap(backend.put(np.arange(3.0)), backend.put(np.zeros(0)))
    with pytest.warns(Warning):
        expected = scipy.stats.zmap(np.arange(3.0), np.zeros(0))
    assert_matches(backend.get(actual), expected, 0)


def test_zscore_raise(backend):
    with pytest.raises(ValueError, match="The input contains nan values"):
        stats.zscore(backend.put(sample(9, nans=True)), nan_policy="raise")
