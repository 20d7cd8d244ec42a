# SPDX-License-Identifier: BSD-3-Clause
"""deconvolve, check_COLA, check_NOLA and vectorstrength against
scipy.signal, with SciPy's errors."""
import numpy as np
import pytest
import scipy.signal

from signal_helpers import assert_matches
from gpuarray.scipy import signal


@pytest.mark.parametrize("lengths", [(10, 3), (5, 5), (3, 5), (8, 1)], ids=str)
def test_deconvolve(backend, lengths):
    rng = np.random.default_rng(0)
    num, den = rng.standard_normal(lengths[0]), rng.standard_normal(lengths[1])
    den[0] = 1.5
    expected = scipy.signal.deconvolve(num, den)
    actual = signal.deconvolve(backend.put(num), backend.put(den))
    for e, a in zip(expected, actual):
        if isinstance(e, list):
            assert a == e
        else:
            assert_matches(backend.get(a), e, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("window", ["hann", "hamming", ("tukey", 0.5), "boxcar", "hann_array"])
@pytest.mark.parametrize("noverlap", [0, 10, 16, 32, 48, 63])
def test_cola_nola(backend, window, noverlap):
    window = np.hanning(64) if window == "hann_array" else window
    assert signal.check_COLA(window, 64, noverlap) == scipy.signal.check_COLA(window, 64, noverlap)
    assert signal.check_NOLA(window, 64, noverlap) == scipy.signal.check_NOLA(window, 64, noverlap)


@pytest.mark.parametrize("period", [1.0, 3, [1.0, 2.5, 7.0], np.array([2, 3])], ids=str)
def test_vectorstrength(backend, period):
    events = np.sort(np.random.default_rng(1).uniform(0, 100, 200))
    expected = scipy.signal.vectorstrength(events, period)
    actual = signal.vectorstrength(backend.put(events), backend.put(np.asarray(period)))
    for e, a in zip(expected, actual):
        np.testing.assert_allclose(backend.get(a), e, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("call, match", [
    (lambda: signal.deconvolve(np.ones((2, 2)), np.ones(2)), "non-empty 1d array"),
    (lambda: signal.deconvolve(np.ones(3), np.ones(0)), "non-empty 1d array"),
    (lambda: signal.check_COLA("hann", 0, 0), "positive integer"),
    (lambda: signal.check_COLA("hann", 8, 8), "less than nperseg"),
    (lambda: signal.check_NOLA("hann", 8, -1), "nonnegative"),
    (lambda: signal.check_NOLA(np.ones(5), 8, 2), "length of nperseg"),
    (lambda: signal.vectorstrength(np.ones((2, 2)), 1.0), "events cannot have"),
    (lambda: signal.vectorstrength(np.ones(3), -1.0), "periods must be positive"),
])
def test_errors(backend, call, match):
    with pytest.raises(ValueError, match=match):
        call()
