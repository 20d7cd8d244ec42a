# SPDX-License-Identifier: BSD-3-Clause
"""cspline1d, qspline1d (with smoothing for the cubic), their evaluation at
points inside and far outside the samples (mirror symmetry), and
gauss_spline, against scipy.signal."""
import numpy as np
import pytest
import scipy.signal

from signal_helpers import assert_matches, sample
from gpuarray.scipy import signal


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("n", [1, 2, 3, 5, 17, 100])
def test_spline_coefficients(backend, dtype, n):
    x = sample(n, dtype, n)
    for lamb in ([0.0, 0.5, 2.0] if n >= 3 else [0.0]):
        assert_matches(backend.get(signal.cspline1d(backend.put(x), lamb)), scipy.signal.cspline1d(x, lamb),
                       rtol=1e-6, atol=1e-8)
    assert_matches(backend.get(signal.qspline1d(backend.put(x))), scipy.signal.qspline1d(x), rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("n", [2, 5, 17])
def test_spline_evaluation(backend, dtype, n):
    x = sample(n, dtype, n + 1)
    points = np.linspace(-3 * n, 3 * n, 57)
    cubic, quadratic = scipy.signal.cspline1d(x), scipy.signal.qspline1d(x)
    for dx, x0 in [(1.0, 0), (0.5, 1)]:
        assert_matches(backend.get(signal.cspline1d_eval(backend.put(cubic), backend.put(points), dx, x0)),
                       scipy.signal.cspline1d_eval(cubic, points, dx, x0), rtol=1e-6, atol=1e-8)
        assert_matches(backend.get(signal.qspline1d_eval(backend.put(quadratic), backend.put(points), dx, x0)),
                       scipy.signal.qspline1d_eval(quadratic, points, dx, x0), rtol=1e-6, atol=1e-8)


def test_gauss_spline(backend):
    x = np.linspace(-3, 3, 11)
    for n in [0, 1, 3, 5]:
        assert_matches(backend.get(signal.gauss_spline(backend.put(x), n)), scipy.signal.gauss_spline(x, n), rtol=1e-12)


def test_errors(backend):
    with pytest.raises(ValueError, match="not supported yet"):
        signal.qspline1d(backend.put(np.ones(5)), 1.0)
    with pytest.raises(ValueError, match="must not be empty"):
        signal.cspline1d_eval(backend.put(np.zeros(0)), backend.put(np.ones(3)))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex64, np.complex128])
@pytest.mark.parametrize("shape", [(6, 7), (9, 5), (20, 30)], ids=str)
def test_sepfir2d(backend, dtype, shape):
    image = sample(shape, dtype, 3)
    # SciPy's mirror needs each axis at least as long as half its filter (shorter axes give garbage there)
    for hrow, hcol in [([1.0, 4.0, 1.0], [1.0, 4.0, 1.0]), ([1.0, 2.0, 3.0], [3.0, 1.0, 2.0, 5.0, 1.0]),
                       ([1.0], [2.0, 1.0, 1.0, 1.0, 1.0, 3.0, 2.0]), ([1.0, 2.0, 3.0, 4.0, 5.0], [1.0])]:
        expected = scipy.signal.sepfir2d(image, hrow, hcol)
        assert_matches(backend.get(signal.sepfir2d(backend.put(image), hrow, hcol)), expected, rtol=1e-5, atol=1e-5)


def test_sepfir2d_errors(backend):
    with pytest.raises(ValueError, match="odd length"):
        signal.sepfir2d(backend.put(np.ones((5, 5))), [1.0, 2.0], [1.0])
    for dtype in (np.int32, np.float16):
        image = np.arange(25).reshape(5, 5).astype(dtype)
        expected = scipy.signal.sepfir2d(image, [1.0, 2.0, 1.0], [1.0])
        assert_matches(backend.get(signal.sepfir2d(backend.put(image), [1.0, 2.0, 1.0], [1.0])), expected, rtol=1e-3)
