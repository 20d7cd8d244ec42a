# SPDX-License-Identifier: BSD-3-Clause
"""bartlett, blackman, hamming and hanning against NumPy (issue 25)."""
import numpy
import pytest

from gpuarray import testing

gpu = pytest.mark.gpu

WINDOWS = ["bartlett", "blackman", "hamming", "hanning"]
BETAS = [0.0, 5.0, 8.6, 14.0, 50.0, -3.0]
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


@gpu
@pytest.mark.parametrize("beta", BETAS)
@pytest.mark.parametrize("M", [-2, 0, 1, 2, 5, 6, 101, 7.5], ids=repr)
@testing.numpy_gpuarray_equal(rtol=1e-13, atol=1e-300)
def test_kaiser(xp, M, beta):
    return xp.kaiser(M, beta)


@pytest.mark.parametrize("M,beta", [("a", 1.0), (5, "b"), (None, 1.0)], ids=repr)
@testing.numpy_gpuarray_equal()
def test_kaiser_rejects_what_numpy_rejects(xp, M, beta):
    return xp.kaiser(M, beta)


@gpu
@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.int16, numpy.bool_],
                         ids=lambda d: numpy.dtype(d).name)
@pytest.mark.parametrize("layout", ["contiguous", "reversed", "0-d", "empty"])
def test_i0_against_numpy(dtype, layout):
    import gpuarray
    host = numpy.array([0.0, 0.5, -1.0, 2.0, 7.5, -30.0, 85.0, 700.0, 800.0, numpy.inf, -numpy.inf, numpy.nan])
    host = {"contiguous": host, "reversed": host[::-2], "0-d": host[3, ...], "empty": host[:0]}[layout]
    with numpy.errstate(all="ignore"):
        x = host.astype(dtype)
        expected = numpy.i0(x)
    actual = gpuarray.i0(gpuarray.asarray(x))
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    # CUDA's Bessel function (6 ulp) against NumPy's series; float16 NumPy
    # evaluates in float16 itself, gpuarray in float32 rounded once.
    rtol = {numpy.float16: 4e-3, numpy.float32: 4e-6}.get(dtype, 4e-15)
    numpy.testing.assert_allclose(actual.get(), expected, rtol=rtol)


@gpu
@testing.numpy_gpuarray_equal()
def test_i0_refuses_complex(xp):
    return xp.i0(xp.asarray(numpy.array([1 + 1j])))
