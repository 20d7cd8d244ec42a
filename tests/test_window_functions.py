# SPDX-License-Identifier: BSD-3-Clause
"""bartlett, blackman, hamming and hanning against NumPy (issue 25)."""
import numpy
import pytest

from gpuarray import testing

gpu = pytest.mark.gpu

WINDOWS = ["bartlett", "blackman", "hamming", "hanning"]
SIZES = [-3, 0, 1, 2, 3, 5, 6, 64, 1001, 5.5, numpy.int8(7), numpy.uint64(4), True, numpy.float32(9.0)]


@gpu
@pytest.mark.parametrize("M", SIZES, ids=repr)
@pytest.mark.parametrize("name", WINDOWS)
@testing.numpy_gpuarray_equal(rtol=1e-14, atol=1e-15)
def test_window_matches_numpy(xp, name, M):
    return getattr(xp, name)(M)


@pytest.mark.parametrize("M", ["a", None, [3]], ids=repr)
@pytest.mark.parametrize("name", WINDOWS)
@testing.numpy_gpuarray_equal()
def test_window_rejects_what_numpy_rejects(xp, name, M):
    # Raised on the host, before the device is touched: runs without a GPU.
    return getattr(xp, name)(M)


@gpu
@pytest.mark.parametrize("name", WINDOWS)
def test_window_is_symmetric_float64_and_peaks_at_one(name):
    import gpuarray
    w = getattr(gpuarray, name)(101)
    assert w.dtype == numpy.float64 and w.shape == (101,)
    host = w.get()
    numpy.testing.assert_allclose(host, host[::-1], rtol=0, atol=1e-15)
    assert host[50] == pytest.approx(1.0, abs=1e-15)
