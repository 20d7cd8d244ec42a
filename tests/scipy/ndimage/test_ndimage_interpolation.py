# SPDX-License-Identifier: BSD-3-Clause
"""Spline filters and interpolation against scipy.ndimage for orders 0-5 and
every mode, on the host (NumPy in place of gpuarray) and on the device."""
import numpy as np
import pytest
import scipy
import scipy.ndimage as sn

from gpuarray.scipy import ndimage
from ndimage_helpers import MODES, assert_matches, compare

RNG = np.random.default_rng(7)

# SciPy 1.18 fixed the reflect prefilter's start on short lines (before, its sum read
# a partial result, an error of order z^(2n)); gpuarray computes 1.18's. Older SciPy
# is compared loosely in those modes.
OLD_REFLECT = tuple(int(v) for v in scipy.__version__.split(".")[:2]) < (1, 18)


def loose(mode, rtol=1e-9):
    return 2e-2 if OLD_REFLECT and mode in ("reflect", "grid-mirror", "nearest") else rtol
IMAGE = RNG.standard_normal((7, 9))
ORDERS = [0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("order", [2, 3, 4, 5])
def test_spline_filter1d(backend, mode, order):
    for axis in (0, 1):
        compare(backend, ndimage.spline_filter1d, sn.spline_filter1d, IMAGE, order, axis=axis, mode=mode,
                rtol=loose(mode, 1e-10))
    for n in (1, 2, 3):
        compare(backend, ndimage.spline_filter1d, sn.spline_filter1d, RNG.standard_normal(n), order, mode=mode,
                rtol=loose(mode, 1e-10))


@pytest.mark.parametrize("mode", MODES)
def test_spline_filter(backend, mode):
    for order in (2, 3, 4, 5):
        compare(backend, ndimage.spline_filter, sn.spline_filter, IMAGE, order, mode=mode, rtol=loose(mode, 1e-10))
    compare(backend, ndimage.spline_filter, sn.spline_filter, IMAGE, 3, output=np.float32, mode=mode,
            rtol=loose(mode, 1e-6))
    compare(backend, ndimage.spline_filter, sn.spline_filter, IMAGE + 1j * IMAGE[::-1], 3, mode=mode,
            rtol=loose(mode, 1e-10))
    compare(backend, ndimage.spline_filter1d, sn.spline_filter1d, IMAGE, 1, mode=mode)


COORDS = np.stack([RNG.uniform(-4, 10, (5, 6)), RNG.uniform(-4, 12, (5, 6))])
COORDS[:, 0, :3] = [[0, 3, 6], [0, 4, 8]]  # exact samples and edges
COORDS[:, 1, :4] = [[-0.5, 6.5, -1.0, 7.0], [-0.5, 8.5, 9.0, -1.0]]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("order", ORDERS)
def test_map_coordinates(backend, mode, order):
    compare(backend, ndimage.map_coordinates, sn.map_coordinates, IMAGE, COORDS, order=order, mode=mode, cval=1.25,
            rtol=loose(mode), atol=1e-9)
    compare(backend, ndimage.map_coordinates, sn.map_coordinates, IMAGE, COORDS, order=order, mode=mode,
            prefilter=False, rtol=loose(mode), atol=1e-9)


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.float32, np.complex128])
def test_map_coordinates_dtypes(backend, dtype):
    x = (RNG.integers(0, 200, (7, 9)) + (1j * RNG.integers(0, 9, (7, 9)) if dtype == np.complex128 else 0))
    x = x.astype(dtype)
    for order in (0, 1, 3):
        compare(backend, ndimage.map_coordinates, sn.map_coordinates, x, COORDS, order=order, mode="reflect",
                rtol=1e-5, atol=1e-5)
        compare(backend, ndimage.map_coordinates, sn.map_coordinates, x, COORDS, order=order, output=np.float64,
                mode="nearest", rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("order", ORDERS)
def test_shift_and_zoom(backend, mode, order):
    compare(backend, ndimage.shift, sn.shift, IMAGE, (1.5, -2.25), order=order, mode=mode, cval=-1.0, rtol=loose(mode),
            atol=1e-9)
    compare(backend, ndimage.zoom, sn.zoom, IMAGE, (1.5, 0.7), order=order, mode=mode, rtol=loose(mode), atol=1e-9)
    compare(backend, ndimage.zoom, sn.zoom, IMAGE, 2.0, order=order, mode=mode, grid_mode=True, rtol=loose(mode),
            atol=1e-9)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("order", [0, 1, 3, 5])
def test_affine_transform(backend, mode, order):
    matrix = np.array([[0.9, 0.3], [-0.2, 1.1]])
    compare(backend, ndimage.affine_transform, sn.affine_transform, IMAGE, matrix, offset=(-1.0, 2.0), order=order,
            mode=mode, rtol=loose(mode), atol=1e-9)
    compare(backend, ndimage.affine_transform, sn.affine_transform, IMAGE, np.array([1.3, 0.6]), offset=0.5,
            output_shape=(5, 11), order=order, mode=mode, rtol=loose(mode), atol=1e-9)
    homogeneous = np.array([[0.9, 0.3, -1.0], [-0.2, 1.1, 2.0], [0, 0, 1]])
    compare(backend, ndimage.affine_transform, sn.affine_transform, IMAGE, homogeneous, order=order, mode=mode,
            rtol=loose(mode), atol=1e-9)


@pytest.mark.parametrize("order", [0, 1, 3])
@pytest.mark.parametrize("reshape", [True, False])
def test_rotate(backend, order, reshape):
    for angle in (90, 30, -135.5):
        compare(backend, ndimage.rotate, sn.rotate, IMAGE, angle, reshape=reshape, order=order, rtol=1e-9, atol=1e-9)
    volume = RNG.standard_normal((4, 5, 6))
    compare(backend, ndimage.rotate, sn.rotate, volume, 25, axes=(2, 0), reshape=reshape, order=order,
            mode="nearest", rtol=1e-9, atol=1e-9)
    compare(backend, ndimage.rotate, sn.rotate, RNG.integers(0, 255, (6, 8)).astype(np.uint8), 17, order=order)


def test_geometric_transform(backend):
    def mapping(index, scale, shift=0.0):
        return (index[0] * scale - shift, index[1] + shift)
    compare(backend, ndimage.geometric_transform, sn.geometric_transform, IMAGE, mapping, output_shape=(4, 5),
            extra_arguments=(1.5,), extra_keywords={"shift": 0.25}, rtol=1e-9, atol=1e-9)


def test_zoom_identity_and_non_contiguous(backend):
    compare(backend, ndimage.zoom, sn.zoom, IMAGE, 1.0)
    x = RNG.standard_normal((10, 12))
    assert_matches(backend.get(ndimage.shift(backend.put(x)[::-2, 1::2], 0.5)), sn.shift(x[::-2, 1::2], 0.5),
                   rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("call, error, match", [
    (lambda: ndimage.spline_filter(np.ones(5), 1), RuntimeError, "spline order"),
    (lambda: ndimage.spline_filter1d(np.ones(5), 6), RuntimeError, "spline order"),
    (lambda: ndimage.map_coordinates(np.ones((3, 3)), np.ones((3, 2))), RuntimeError, "invalid shape"),
    (lambda: ndimage.map_coordinates(np.ones(3), np.ones((1, 2)) * 1j), TypeError, "Complex"),
    (lambda: ndimage.map_coordinates(np.ones(3), np.ones((1,))), RuntimeError, "rank"),
    (lambda: ndimage.shift(np.array(1.0), 1), RuntimeError, "rank"),
    (lambda: ndimage.zoom(np.ones((3, 3)), [1, 2, 3]), RuntimeError, "sequence"),
    (lambda: ndimage.affine_transform(np.ones((3, 3)), np.ones((3, 2))), RuntimeError, "rows"),
    (lambda: ndimage.affine_transform(np.ones((3, 3)), [[1, 0, 0], [0, 1, 0], [1, 0, 1]]), ValueError,
     "homogeneous"),
    (lambda: ndimage.rotate(np.ones(3), 10), ValueError, "at least 2D"),
    (lambda: ndimage.rotate(np.ones((3, 3)), 10, axes=(0, 5)), ValueError, "invalid rotation plane"),
    (lambda: ndimage.shift(np.ones(3), 1, mode="bad"), RuntimeError, "boundary mode"),
])
def test_interpolation_errors_before_device_work(call, error, match):
    with pytest.raises(error, match=match):
        call()
