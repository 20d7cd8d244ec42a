# SPDX-License-Identifier: BSD-3-Clause
"""lfilter, lfiltic, lfilter_zi, sosfilt, sosfilt_zi, filtfilt and
sosfiltfilt against scipy.signal: FIR and IIR filters of several orders,
dtypes, axes, initial conditions (full and broadcast), signals shorter
than the filter and longer than one recursion block, every pad type, and
SciPy's errors."""
import numpy as np
import pytest
import scipy.signal

from signal_helpers import assert_matches, layout, sample
from gpuarray.scipy import signal
from gpuarray.scipy.signal import _linear_recurrence

FILTERS = {
    "first_order": ([1.0], [1.0, -0.5]),
    "fir": ([0.5, 0.25, 0.25], [1.0]),
    "fir_scaled": ([1.0, 2.0, 3.0, 4.0, 5.0], [2.0]),
    "butter3": tuple(scipy.signal.butter(3, 0.2)),
    "cheby1_4": tuple(scipy.signal.cheby1(4, 1, 0.3)),
    "long_a": ([1.0, 0.2], [1.0, -0.3, 0.1, 0.05]),
    "complex": ([1 + 1j, 0.5], [1.0, 0.2 - 0.1j]),
}
SHAPES = [((50,), -1), ((3, 40), -1), ((30, 4), 0), ((2, 2500), -1), ((4,), 0), ((2, 2), 1)]


def _rtol(dtype):
    return 2e-3 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-8


def _check(backend, expected, actual, dtype):
    expected = expected if isinstance(expected, tuple) else (expected,)
    actual = actual if isinstance(actual, tuple) else (actual,)
    assert len(actual) == len(expected)
    for e, a in zip(expected, actual):
        assert_matches(backend.get(a), e, rtol=_rtol(dtype))


@pytest.mark.parametrize("name", list(FILTERS))
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128, np.int32])
@pytest.mark.parametrize("shape, axis", SHAPES, ids=str)
def test_lfilter(backend, name, dtype, shape, axis):
    b, a = FILTERS[name]
    x = sample(shape, dtype, 1) * 3
    order = max(len(a), len(b)) - 1
    full = list(shape)
    full[axis] = order
    single = [1] * len(shape)
    single[axis] = order
    for zi in (None, sample(full, np.float64, 2), sample(single, np.float64, 3)):
        expected = scipy.signal.lfilter(b, a, x, axis, zi)
        actual = signal.lfilter(b, a, backend.put(x), axis, None if zi is None else backend.put(zi))
        _check(backend, expected, actual, np.result_type(x, np.float32) if dtype == np.float32 else dtype)


def test_lfilter_many_blocks(backend, monkeypatch):
    """Signals spanning many recursion blocks (the doubling scan over blocks)."""
    monkeypatch.setattr(_linear_recurrence, "_MAX_BLOCK", 16)
    b, a = scipy.signal.butter(4, 0.1)
    x = sample((2, 1000), np.float64, 4)
    assert_matches(backend.get(signal.lfilter(b, a, backend.put(x))), scipy.signal.lfilter(b, a, x), rtol=1e-8)


def test_lfilter_ill_conditioned_runs_sequentially(backend):
    b, a = scipy.signal.butter(8, 0.02)
    x = sample((1, 1500), np.float64, 5)
    expected = scipy.signal.lfilter(b, a, x)
    actual = backend.get(signal.lfilter(b, a, backend.put(x)))
    # the (b, a) form of this filter is itself unstable in floating point: both runs drift alike
    assert np.all(np.isfinite(actual)) == np.all(np.isfinite(expected))


@pytest.mark.parametrize("kind", ["strided", "negative", "transposed"])
def test_lfilter_layouts(backend, kind):
    host, x = layout(backend, sample((6, 30), np.float64, 6), kind)
    b, a = FILTERS["butter3"]
    assert_matches(backend.get(signal.lfilter(b, a, x)), scipy.signal.lfilter(b, a, host), rtol=1e-9)


@pytest.mark.parametrize("name", list(FILTERS)[:5])
def test_lfilter_zi_and_lfiltic(backend, name):
    b, a = FILTERS[name]
    assert_matches(backend.get(signal.lfilter_zi(b, a)), scipy.signal.lfilter_zi(b, a), rtol=1e-10)
    for args in [(b, a, [1.0, 2.0]), (b, a, [1.0], [3.0, 4.0, 5.0])]:
        assert_matches(backend.get(signal.lfiltic(*args)), scipy.signal.lfiltic(*args), rtol=1e-10)


SOS = {
    "butter4": scipy.signal.butter(4, 0.2, output="sos"),
    "ellip_band": scipy.signal.ellip(6, 1, 50, [0.2, 0.4], btype="band", output="sos"),
    "cheby2": scipy.signal.cheby2(3, 40, 0.3, output="sos"),
}


@pytest.mark.parametrize("name", list(SOS))
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128])
@pytest.mark.parametrize("shape, axis", [((60,), -1), ((3, 70), -1), ((80, 2), 0), ((2, 2000), 1)], ids=str)
def test_sosfilt(backend, name, dtype, shape, axis):
    sos = SOS[name]
    x = sample(shape, dtype, 7) * 3
    _check(backend, scipy.signal.sosfilt(sos, x, axis), signal.sosfilt(sos, backend.put(x), axis), dtype)
    zshape = [sos.shape[0]] + list(shape)
    zshape[axis % len(shape) + 1] = 2
    zi = sample(zshape, np.float64, 8)
    _check(backend, scipy.signal.sosfilt(sos, x, axis, zi), signal.sosfilt(sos, backend.put(x), axis,
                                                                            backend.put(zi)), dtype)
    for padtype in ["odd", "even", "constant", None] if shape[axis] < 1000 else ["odd"]:
        for padlen in [None, 5]:
            expected = scipy.signal.sosfiltfilt(sos, x, axis, padtype, padlen)
            _check(backend, expected, signal.sosfiltfilt(sos, backend.put(x), axis, padtype, padlen), dtype)


@pytest.mark.parametrize("name", list(SOS))
def test_sosfilt_zi(backend, name):
    assert_matches(backend.get(signal.sosfilt_zi(SOS[name])), scipy.signal.sosfilt_zi(SOS[name]), rtol=1e-10)


@pytest.mark.parametrize("name", ["first_order", "fir", "butter3", "cheby1_4"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("shape, axis", [((60,), -1), ((3, 70), -1), ((80, 2), 0)], ids=str)
def test_filtfilt(backend, name, dtype, shape, axis):
    b, a = FILTERS[name]
    x = sample(shape, dtype, 9) * 3
    for padtype in ["odd", "even", "constant", None]:
        for padlen in [None, 4, 0]:
            expected = scipy.signal.filtfilt(b, a, x, axis, padtype, padlen)
            _check(backend, expected, signal.filtfilt(b, a, backend.put(x), axis, padtype, padlen), dtype)
    expected = scipy.signal.filtfilt(b, a, x, axis, method="gust")
    _check(backend, expected, signal.filtfilt(b, a, backend.put(x), axis, method="gust"), dtype)


@pytest.mark.parametrize("call, error, match", [
    (lambda: signal.lfilter([], [1.0], np.ones(3)), ValueError, "b is not a non-empty 1d array"),
    (lambda: signal.lfilter([1.0], [[1.0]], np.ones(3)), ValueError, "a is not a non-empty 1d array"),
    (lambda: signal.lfilter([1.0, 1.0], [0.0, 1.0], np.ones(3)), ValueError, "a\\[0\\] == 0"),
    (lambda: signal.lfilter([1, 2], [1, 2], np.arange(5)), NotImplementedError, "not supported"),
    (lambda: signal.lfilter([1.0, 1.0], [2.0, 1.0], np.ones((2, 3)), zi=[1.0]), ValueError, "too small depth"),
    (lambda: signal.lfilter([1.0, 1, 1], [2.0, 1], np.ones((2, 3)), zi=[[1.0]]), ValueError,
     "Unexpected shape for zi"),
    (lambda: signal.lfilter([1.0, 1, 1], [2.0], np.ones((2, 3)), zi=[[1.0]]), ValueError,
     "Unexpected shape for parameter zi"),
    (lambda: signal.lfiltic([1.0], [0.0, 1.0], [1.0]), ValueError, "must be non-zero"),
    (lambda: signal.lfiltic([1.0], [[1.0]], [1.0]), ValueError, "must be 1-D"),
    (lambda: signal.lfilter_zi([1.0], []), ValueError, "at least one nonzero"),
    (lambda: signal.filtfilt([1, 2], [1, 0.5], np.ones(5)), ValueError, "must be greater than padlen"),
    (lambda: signal.filtfilt([1, 2], [1, 0.5], np.ones(50), method="x"), ValueError, "'pad' or 'gust'"),
    (lambda: signal.filtfilt([1, 2], [1, 0.5], np.ones(50), padtype="x"), ValueError, "Unknown value"),
    (lambda: signal.sosfilt([[1, 2, 3, 2, 1, 1]], np.ones(5)), ValueError, "should be all ones"),
    (lambda: signal.sosfilt([[1, 2, 3, 1, 1]], np.ones(5)), ValueError, "n_sections, 6"),
    (lambda: signal.sosfilt([[1, 2, 3, 1, 1, 1]], np.ones(5), zi=np.ones((1, 3))), ValueError,
     "Invalid zi shape"),
    (lambda: signal.sosfilt_zi([[1, 2, 3]]), ValueError, "n_sections, 6"),
])
def test_errors(backend, call, error, match):
    with pytest.raises(error, match=match):
        call()
