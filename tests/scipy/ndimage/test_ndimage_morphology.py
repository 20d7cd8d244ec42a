# SPDX-License-Identifier: BSD-3-Clause
"""Labels, binary and grey morphology, distance transforms and the Fourier
filters against scipy.ndimage, on the host (NumPy in place of gpuarray) and
on the device."""
import numpy as np
import pytest
import scipy.ndimage as sn

from gpuarray.scipy import ndimage
from ndimage_helpers import assert_matches, compare

RNG = np.random.default_rng(11)
BINARY = RNG.random((9, 11)) < 0.55
BINARY3 = RNG.random((5, 6, 7)) < 0.5
GREY = RNG.integers(0, 100, (8, 9))


@pytest.mark.parametrize("connectivity", [1, 2])
def test_label(backend, connectivity):
    for image in (BINARY, BINARY3, np.zeros((3, 4)), np.ones((4, 3)), RNG.random(30) < 0.5):
        structure = sn.generate_binary_structure(image.ndim, connectivity)
        expected, count = sn.label(image, structure)
        actual, actual_count = ndimage.label(backend.put(image), structure)
        assert actual_count == count
        assert_matches(backend.get(actual), expected)


def test_label_output_and_errors(backend):
    out = backend.put(np.zeros(BINARY.shape, np.int64))
    assert ndimage.label(backend.put(BINARY), output=out) == sn.label(BINARY)[1]
    assert_matches(backend.get(out), sn.label(BINARY, output=np.int64)[0])
    with pytest.raises(RuntimeError, match="equal rank"):
        ndimage.label(np.ones((3, 3)), np.ones((3, 3, 3)))
    with pytest.raises(ValueError, match="equal to 3"):
        ndimage.label(np.ones((3, 3)), np.ones((3, 5)))


def test_find_objects_and_value_indices(backend):
    labels, _ = sn.label(BINARY)
    assert ndimage.find_objects(backend.put(labels)) == sn.find_objects(labels)
    assert ndimage.find_objects(backend.put(labels), max_label=3) == sn.find_objects(labels, max_label=3)
    values = RNG.integers(-2, 4, (5, 6))
    expected = sn.value_indices(values, ignore_value=0)
    actual = ndimage.value_indices(backend.put(values), ignore_value=0)
    assert list(actual) == list(expected)
    for key in expected:
        for a, e in zip(actual[key], expected[key]):
            np.testing.assert_array_equal(backend.get(a), e)
    with pytest.raises(ValueError, match="integer"):
        ndimage.value_indices(np.ones(3))


def test_structures():
    for rank in (1, 2, 3):
        for connectivity in (0, 1, 2, 3):
            np.testing.assert_array_equal(np.asarray(ndimage.generate_binary_structure.__wrapped__(rank, connectivity))
                                          if hasattr(ndimage.generate_binary_structure, "__wrapped__") else
                                          ndimage._binary_morphology._structure(rank, connectivity),
                                          sn.generate_binary_structure(rank, connectivity))
    s = sn.generate_binary_structure(2, 1)
    from gpuarray.scipy.ndimage._binary_morphology import _grow
    for iterations in (2, 3):
        grown = s
        for _ in range(iterations - 1):
            grown = _grow(grown, s)
        np.testing.assert_array_equal(grown, sn.iterate_structure(s, iterations))


STRUCTURES = [None, np.ones((3, 3), bool), np.array([[0, 1, 1], [1, 1, 0]], bool), np.ones((2, 2), bool)]


@pytest.mark.parametrize("name", ["binary_erosion", "binary_dilation", "binary_opening", "binary_closing"])
@pytest.mark.parametrize("structure", range(len(STRUCTURES)))
def test_binary_morphology(backend, name, structure):
    s = STRUCTURES[structure]
    ours, theirs = getattr(ndimage, name), getattr(sn, name)
    compare(backend, ours, theirs, BINARY, s)
    compare(backend, ours, theirs, BINARY, s, iterations=2, border_value=1)
    mask = RNG.random(BINARY.shape) < 0.7
    compare(backend, ours, theirs, BINARY, s, iterations=3, mask=mask)
    if s is not None and s.shape == (2, 2):
        compare(backend, ours, theirs, BINARY, s, origin=(-1, 0))
    compare(backend, ours, theirs, BINARY3, None, axes=(0, 2))


def test_binary_iterate_to_convergence(backend):
    compare(backend, ndimage.binary_erosion, sn.binary_erosion, BINARY, None, iterations=0)
    compare(backend, ndimage.binary_dilation, sn.binary_dilation, BINARY, None, iterations=-1,
            mask=RNG.random(BINARY.shape) < 0.6)


def test_hit_or_miss_propagation_fill_holes(backend):
    s1 = np.array([[0, 0, 0], [0, 1, 0], [1, 1, 1]])
    compare(backend, ndimage.binary_hit_or_miss, sn.binary_hit_or_miss, BINARY, s1)
    compare(backend, ndimage.binary_hit_or_miss, sn.binary_hit_or_miss, BINARY, s1, np.array([[1, 0, 0]] * 3),
            origin1=(0, 1))
    seed = np.zeros(BINARY.shape, bool)
    seed[4, 5] = True
    compare(backend, ndimage.binary_propagation, sn.binary_propagation, seed, mask=BINARY)
    holes = np.zeros((9, 9), bool)
    holes[1:8, 1:8] = True
    holes[3:5, 3:6] = False
    holes[6, 1] = False
    compare(backend, ndimage.binary_fill_holes, sn.binary_fill_holes, holes)
    compare(backend, ndimage.binary_fill_holes, sn.binary_fill_holes, BINARY, np.ones((3, 3)))


@pytest.mark.parametrize("name", ["grey_erosion", "grey_dilation", "grey_opening", "grey_closing",
                                  "morphological_gradient", "morphological_laplace", "white_tophat",
                                  "black_tophat"])
@pytest.mark.parametrize("mode", ["reflect", "constant", "nearest", "mirror", "wrap"])
def test_grey_morphology(backend, name, mode):
    ours, theirs = getattr(ndimage, name), getattr(sn, name)
    compare(backend, ours, theirs, GREY, size=(3, 2), mode=mode, cval=5)
    compare(backend, ours, theirs, GREY, footprint=np.array([[1, 0, 1], [0, 1, 1]]), mode=mode)
    compare(backend, ours, theirs, GREY.astype(np.float64), structure=np.array([[0, 1, 2], [1, 3, 0]]), mode=mode)
    compare(backend, ours, theirs, GREY, size=3, origin=(1, -1), mode=mode)


@pytest.mark.parametrize("sampling", [None, (1.5, 0.5)])
def test_distance_transform_edt(backend, sampling):
    image = BINARY.copy()
    image[0, 0] = False
    expected = sn.distance_transform_edt(image, sampling=sampling)
    actual, where = ndimage.distance_transform_edt(backend.put(image), sampling=sampling, return_indices=True)
    assert_matches(backend.get(actual), expected)
    where = backend.get(where)
    assert where.dtype == np.int32 and where.shape == (2,) + image.shape
    spacing = np.asarray(sampling if sampling else (1.0, 1.0))
    grid = np.indices(image.shape)
    implied = np.sqrt((((grid - where) * spacing[:, None, None]) ** 2).sum(axis=0))
    np.testing.assert_allclose(implied, expected, rtol=1e-12)
    assert not image[tuple(where)].any()
    volume = BINARY3.copy()
    volume[0, 0, 0] = False
    compare(backend, ndimage.distance_transform_edt, sn.distance_transform_edt, volume)


@pytest.mark.parametrize("metric", ["euclidean", "taxicab", "chessboard"])
def test_distance_transform_bf(backend, metric):
    image = BINARY.copy()
    image[0, 0] = False
    compare(backend, ndimage.distance_transform_bf, sn.distance_transform_bf, image, metric)
    compare(backend, ndimage.distance_transform_bf, sn.distance_transform_bf, image, metric, sampling=(2.0, 0.5))


@pytest.mark.parametrize("metric", ["chessboard", "taxicab"])
def test_distance_transform_cdt(backend, metric):
    image = BINARY.copy()
    image[0, 0] = False
    compare(backend, ndimage.distance_transform_cdt, sn.distance_transform_cdt, image, metric)
    distances, where = ndimage.distance_transform_cdt(backend.put(image), metric, return_indices=True)
    assert not image[tuple(backend.get(where))].any()


def test_distance_errors():
    with pytest.raises(RuntimeError, match="at least one"):
        ndimage.distance_transform_edt(np.ones(3), return_distances=False)
    with pytest.raises(RuntimeError, match="sequence"):
        ndimage.distance_transform_edt(np.ones((3, 3)), sampling=(1, 2, 3))
    with pytest.raises(RuntimeError):
        ndimage.distance_transform_cdt(np.ones((3, 3)), "foo")


@pytest.mark.parametrize("name", ["fourier_gaussian", "fourier_uniform", "fourier_ellipsoid", "fourier_shift"])
@pytest.mark.parametrize("n", [-1, 12])
def test_fourier_filters(backend, name, n):
    ours, theirs = getattr(ndimage, name), getattr(sn, name)
    for shape in ((10,), (6, 7), (4, 5, 6)):
        x = RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)
        axis = 0 if len(shape) > 1 else -1
        real_n = n if n < 0 else 2 * shape[axis] - 1
        compare(backend, ours, theirs, x, 1.5, n=real_n, axis=axis)
        compare(backend, ours, theirs, x.real.astype(np.float32), [2.0] * len(shape), rtol=1e-5, atol=1e-6)
