# SPDX-License-Identifier: BSD-3-Clause
"""savgol_coeffs and savgol_filter against scipy.signal: window lengths
(odd and even), orders, derivatives, positions, every edge mode, dtypes,
axes, and SciPy's errors."""
import numpy as np
import pytest
import scipy.signal

from signal_helpers import assert_matches, sample
from gpuarray.scipy import signal

WINDOWS = [(5, 2), (7, 3), (4, 2), (11, 4), (3, 0), (9, 1)]


@pytest.mark.parametrize("window_length, polyorder", WINDOWS)
def test_savgol_coeffs(backend, window_length, polyorder):
    for deriv in [0, 1, 2, 5]:
        for pos in [None, 0, 2]:
            for use in ["conv", "dot"]:
                expected = scipy.signal.savgol_coeffs(window_length, polyorder, deriv, 0.5, pos, use)
                actual = signal.savgol_coeffs(window_length, polyorder, deriv, 0.5, pos, use)
                assert_matches(backend.get(actual), expected, rtol=1e-8, atol=1e-12)


@pytest.mark.parametrize("window_length, polyorder", WINDOWS)
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32])
@pytest.mark.parametrize("mode", ["interp", "mirror", "constant", "nearest", "wrap"])
def test_savgol_filter(backend, window_length, polyorder, dtype, mode):
    rtol = 1e-3 if dtype == np.float32 else 1e-7
    for shape, axis in [((30,), -1), ((4, 25), 1), ((20, 3), 0)]:
        x = sample(shape, dtype, 1) * (5 if np.dtype(dtype).kind == "f" else 1)
        for deriv in [0, 1]:
            expected = scipy.signal.savgol_filter(x, window_length, polyorder, deriv, 0.7, axis, mode, 1.5)
            actual = signal.savgol_filter(backend.put(x), window_length, polyorder, deriv, 0.7, axis, mode, 1.5)
            assert_matches(backend.get(actual), expected, rtol=rtol, atol=1e-6)


@pytest.mark.parametrize("call, match", [
    (lambda: signal.savgol_filter(np.ones(4), 5, 2), "less than or equal to the size"),
    (lambda: signal.savgol_filter(np.ones(9), 5, 2, mode="x"), "mode must be"),
    (lambda: signal.savgol_coeffs(5, 5), "polyorder must be less"),
    (lambda: signal.savgol_coeffs(5, 2, pos=5), "pos must be nonnegative"),
    (lambda: signal.savgol_coeffs(5, 2, use="x"), "'conv' or 'dot'"),
])
def test_errors(backend, call, match):
    with pytest.raises(ValueError, match=match):
        call()
