# SPDX-License-Identifier: BSD-3-Clause
"""uniform, Gaussian, derivative and order-statistic filters against
scipy.ndimage, on the host (NumPy in place of gpuarray) and on the device."""
import numpy as np
import pytest
import scipy.ndimage as sn

from gpuarray.scipy import ndimage
from ndimage_helpers import MODES, assert_matches, compare

RNG = np.random.default_rng(2027)
X3 = RNG.standard_normal((6, 7, 5))
INTS = RNG.integers(0, 200, (9, 8)).astype(np.uint8)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("size, origin", [(1, 0), (2, 0), (3, -1), (4, 1), (5, 2), (11, 0)])
def test_uniform_filter1d(backend, mode, size, origin):
    for axis in (0, 1, -1):
        compare(backend, ndimage.uniform_filter1d, sn.uniform_filter1d, X3, size, axis=axis, mode=mode, cval=0.7,
                origin=origin)


@pytest.mark.parametrize("mode", MODES + [["reflect", "wrap", "constant"]])
def test_uniform_filter(backend, mode):
    compare(backend, ndimage.uniform_filter, sn.uniform_filter, X3, size=(3, 4, 1), mode=mode, cval=-1.0,
            origin=(0, 1, 0))
    compare(backend, ndimage.uniform_filter, sn.uniform_filter, X3, size=(5, 2), axes=(2, 0),
            mode=mode if isinstance(mode, str) else mode[:2])


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int64, np.float32, np.complex128])
def test_uniform_filter_dtypes(backend, dtype):
    x = INTS.astype(dtype)
    if dtype == np.complex128:
        x = x + 1j * INTS[::-1]
    compare(backend, ndimage.uniform_filter, sn.uniform_filter, x, size=3, rtol=1e-6)
    compare(backend, ndimage.uniform_filter, sn.uniform_filter, x, size=4, output=np.float64, rtol=1e-6)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("order", [0, 1, 2, 3])
def test_gaussian_filter1d(backend, mode, order):
    for sigma, kwargs in ((0.8, {}), (2.0, {"truncate": 2.5}), (1.5, {"radius": 3}), (1.0, {"radius": 0})):
        compare(backend, ndimage.gaussian_filter1d, sn.gaussian_filter1d, X3, sigma, axis=1, order=order, mode=mode,
                cval=0.3, **kwargs)


@pytest.mark.parametrize("mode", MODES)
def test_gaussian_filter(backend, mode):
    compare(backend, ndimage.gaussian_filter, sn.gaussian_filter, X3, sigma=(1.0, 0.0, 2.0), order=(0, 1, 2),
            mode=mode)
    compare(backend, ndimage.gaussian_filter, sn.gaussian_filter, X3, sigma=1.3, axes=(0, 2), order=1,
            radius=(2, 4), mode=mode)


@pytest.mark.parametrize("dtype", [np.uint8, np.int32, np.float32, np.float64, np.complex64])
def test_gaussian_filter_dtypes(backend, dtype):
    x = INTS.astype(dtype)
    compare(backend, ndimage.gaussian_filter, sn.gaussian_filter, x, 1.5, rtol=1e-5)
    compare(backend, ndimage.gaussian_filter, sn.gaussian_filter, x, 1.5, output=np.float64, rtol=1e-5)


def test_gaussian_kernel_matches_scipy():
    from gpuarray.scipy.ndimage._smoothing import gaussian_kernel1d
    for sigma, order, radius in ((1.0, 0, 4), (2.5, 1, 10), (0.7, 2, 3), (3.0, 4, 12)):
        expected = sn._filters._gaussian_kernel1d(sigma, order, radius)[::-1]
        np.testing.assert_allclose(gaussian_kernel1d(sigma, order, radius), expected, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("name", ["prewitt", "sobel"])
@pytest.mark.parametrize("mode", ["reflect", "constant", "wrap", ["mirror", "nearest", "grid-wrap"]])
def test_edge_filters(backend, name, mode):
    for axis in (0, 1, -1):
        compare(backend, getattr(ndimage, name), getattr(sn, name), X3, axis=axis, mode=mode, cval=2.0)
    compare(backend, getattr(ndimage, name), getattr(sn, name), INTS.astype(np.int16), axis=0)


@pytest.mark.parametrize("mode", MODES)
def test_laplace_family(backend, mode):
    compare(backend, ndimage.laplace, sn.laplace, X3, mode=mode, cval=1.0)
    compare(backend, ndimage.laplace, sn.laplace, X3, mode=mode, axes=(0, 2))
    compare(backend, ndimage.gaussian_laplace, sn.gaussian_laplace, X3, sigma=1.2, mode=mode)
    compare(backend, ndimage.gaussian_laplace, sn.gaussian_laplace, X3, sigma=(1.0, 2.0), mode=mode, axes=(1, 2),
            truncate=3.0)
    compare(backend, ndimage.gaussian_gradient_magnitude, sn.gaussian_gradient_magnitude, X3, sigma=0.9, mode=mode)
    compare(backend, ndimage.gaussian_gradient_magnitude, sn.gaussian_gradient_magnitude, INTS, sigma=1.0)


def test_generic_laplace_and_gradient_with_extra_arguments(backend):
    def d2(x, axis, output, mode, cval, scale, offset=0.0):
        return ndimage.correlate1d(x, [scale, -2 * scale + offset, scale], axis, output, mode, cval)

    def d2_host(x, axis, output, mode, cval, scale, offset=0.0):
        return sn.correlate1d(x, [scale, -2 * scale + offset, scale], axis, output, mode, cval)

    expected = sn.generic_laplace(X3, d2_host, extra_arguments=(2.0,), extra_keywords={"offset": 0.5})
    actual = ndimage.generic_laplace(backend.put(X3), d2, extra_arguments=(2.0,), extra_keywords={"offset": 0.5})
    assert_matches(backend.get(actual), expected)
    expected = sn.generic_gradient_magnitude(X3, sn.sobel, mode="nearest")
    actual = ndimage.generic_gradient_magnitude(backend.put(X3), ndimage.sobel, mode="nearest")
    assert_matches(backend.get(actual), expected)


@pytest.mark.parametrize("name", ["minimum_filter1d", "maximum_filter1d"])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("size, origin", [(1, 0), (2, 0), (3, 1), (4, -2), (7, 0), (16, 3)])
def test_min_max_filter1d(backend, name, mode, size, origin):
    for x in (X3, INTS):
        compare(backend, getattr(ndimage, name), getattr(sn, name), x, size, axis=0, mode=mode, cval=3.0,
                origin=origin)


FOOTPRINTS = [np.array([[1, 0, 1], [0, 1, 0]], bool), np.array([[0, 1], [1, 1], [1, 0]], bool),
              np.ones((2, 3), bool)]


@pytest.mark.parametrize("name", ["minimum_filter", "maximum_filter"])
@pytest.mark.parametrize("mode", MODES)
def test_min_max_filter(backend, name, mode):
    ours, theirs = getattr(ndimage, name), getattr(sn, name)
    compare(backend, ours, theirs, X3, size=(2, 3, 1), mode=mode, cval=-0.5, origin=(1, 0, 0))
    compare(backend, ours, theirs, INTS, size=4, mode=mode, cval=7)
    for footprint in FOOTPRINTS:
        compare(backend, ours, theirs, INTS, footprint=footprint, mode=mode, cval=9, origin=(0, -1))
        compare(backend, ours, theirs, X3, footprint=footprint, mode=mode, axes=(2, 0))


@pytest.mark.parametrize("mode", MODES)
def test_rank_median_percentile(backend, mode):
    for x in (X3[..., 0], INTS, INTS.astype(np.float32)):
        compare(backend, ndimage.median_filter, sn.median_filter, x, size=3, mode=mode, cval=5)
        compare(backend, ndimage.median_filter, sn.median_filter, x, size=(2, 4), mode=mode, origin=(0, 1))
        compare(backend, ndimage.rank_filter, sn.rank_filter, x, 2, size=3, mode=mode)
        compare(backend, ndimage.rank_filter, sn.rank_filter, x, -3, footprint=FOOTPRINTS[0], mode=mode, cval=1)
        compare(backend, ndimage.percentile_filter, sn.percentile_filter, x, 35, size=(3, 2), mode=mode)
        compare(backend, ndimage.percentile_filter, sn.percentile_filter, x, -20, footprint=FOOTPRINTS[1],
                mode=mode)
    compare(backend, ndimage.median_filter, sn.median_filter, X3, size=3, axes=(0, 2), mode=mode)
    compare(backend, ndimage.median_filter, sn.median_filter, X3, footprint=FOOTPRINTS[1], axes=(2, 1), mode=mode)


def test_filters_of_empty_and_0d(backend):
    for x in (np.zeros((0, 5)), np.array(4.0)):
        for name, kwargs in (("uniform_filter", {}), ("gaussian_filter", {"sigma": 1}),
                             ("minimum_filter", {"size": 3}), ("median_filter", {"size": 3})):
            compare(backend, getattr(ndimage, name), getattr(sn, name), x, **kwargs)


def test_non_contiguous_inputs(backend):
    x = RNG.standard_normal((12, 10))
    for name, kwargs in (("uniform_filter", {"size": 3}), ("gaussian_filter", {"sigma": 1.5}),
                         ("maximum_filter", {"size": (2, 3)}), ("median_filter", {"size": 3}),
                         ("sobel", {})):
        expected = getattr(sn, name)(x[::-2, 1::2], **kwargs)
        actual = getattr(ndimage, name)(backend.put(x)[::-2, 1::2], **kwargs)
        assert_matches(backend.get(actual), expected)


@pytest.mark.parametrize("call, error, match", [
    (lambda: ndimage.uniform_filter1d(np.ones(5), 0), RuntimeError, "incorrect filter size"),
    (lambda: ndimage.uniform_filter1d(np.ones(5), 3, origin=2), ValueError, "invalid origin"),
    (lambda: ndimage.uniform_filter(np.ones((3, 3)), size=[1, 2, 3]), RuntimeError, "sequence argument"),
    (lambda: ndimage.gaussian_filter1d(np.ones(5), 1, order=-1), ValueError, "non-negative"),
    (lambda: ndimage.gaussian_filter1d(np.ones(5), 1, radius=1.5), ValueError, "Radius"),
    (lambda: ndimage.minimum_filter1d(np.ones(5) + 1j, 3), TypeError, "Complex"),
    (lambda: ndimage.minimum_filter(np.ones(5), footprint=[1, 0, 1], mode=["reflect"]), RuntimeError, "sequence"),
    (lambda: ndimage.minimum_filter(np.ones(5), footprint=[0, 0]), ValueError, "All-zero"),
    (lambda: ndimage.median_filter(np.ones(5)), RuntimeError, "no footprint"),
    (lambda: ndimage.rank_filter(np.ones(5), 5, size=3), RuntimeError, "rank not within"),
    (lambda: ndimage.percentile_filter(np.ones(5), 150, size=3), RuntimeError, "invalid percentile"),
    (lambda: ndimage.rank_filter(np.ones(5), 1, footprint=[[1, 0, 1]]), RuntimeError, "footprint"),
    (lambda: ndimage.median_filter(np.ones(5) + 1j, 3), TypeError, "Complex"),
    (lambda: ndimage.minimum_filter(np.ones(5), size=3, origin=2), ValueError, "invalid origin"),
])
def test_filter_errors_before_device_work(call, error, match):
    with pytest.raises(error, match=match):
        call()
