# SPDX-License-Identifier: BSD-3-Clause
"""Region statistics against scipy.ndimage, on the host (NumPy in place of
gpuarray) and on the device."""
import numpy as np
import pytest
import scipy.ndimage as sn

from gpuarray.scipy import ndimage
from ndimage_helpers import assert_matches

RNG = np.random.default_rng(3)
VALUES = RNG.integers(0, 50, (6, 7)).astype(np.float64)
LABELS = RNG.integers(-1, 5, (6, 7))
QUERIES = [dict(), dict(labels=LABELS), dict(labels=LABELS, index=2), dict(labels=LABELS, index=[1, 3, 4, 2]),
           dict(labels=LABELS, index=np.array([[4, 1], [0, 2]]))]


def _put(backend, kwargs):
    return {k: backend.put(v) if isinstance(v, np.ndarray) and k == "labels" else v for k, v in kwargs.items()}


@pytest.mark.parametrize("name", ["sum_labels", "sum", "mean", "variance", "standard_deviation", "minimum",
                                  "maximum", "median"])
@pytest.mark.parametrize("dtype", [np.uint8, np.int32, np.float32, np.float64])
def test_region_values(backend, name, dtype):
    x = VALUES.astype(dtype)
    for query in QUERIES:
        expected = np.asarray(getattr(sn, name)(x, **query))
        actual = backend.get(getattr(ndimage, name)(backend.put(x), **_put(backend, query)))
        assert_matches(actual, expected, rtol=1e-6 if dtype == np.float32 else 1e-12,
                       check_dtype=name not in ("sum", "sum_labels") or "index" not in query or
                       np.ndim(query["index"]) == 0)


@pytest.mark.parametrize("name", ["minimum_position", "maximum_position", "center_of_mass"])
def test_region_positions(backend, name):
    for query in QUERIES[:4]:
        expected = getattr(sn, name)(VALUES, **query)
        actual = getattr(ndimage, name)(backend.put(VALUES), **_put(backend, query))
        np.testing.assert_allclose(np.asarray(actual, dtype=float), np.asarray(expected, dtype=float), rtol=1e-12)


def test_extrema(backend):
    for query in QUERIES[:4]:
        expected = sn.extrema(VALUES, **query)
        actual = ndimage.extrema(backend.put(VALUES), **_put(backend, query))
        for a, e in zip(actual[:2], expected[:2]):
            assert_matches(backend.get(a), np.asarray(e))
        assert list(actual[2:]) == [e for e in expected[2:]]


def test_histogram(backend):
    for query in QUERIES[:4]:
        expected = sn.histogram(VALUES, 0, 40, 7, **query)
        actual = ndimage.histogram(backend.put(VALUES), 0, 40, 7, **_put(backend, query))
        if isinstance(expected, np.ndarray) and expected.dtype == object:
            for a, e in zip(actual, expected):
                np.testing.assert_array_equal(backend.get(a), e)
        else:
            np.testing.assert_array_equal(backend.get(actual), expected)


def test_labeled_comprehension(backend):
    for index in (2, [1, 3, 9], None):
        expected = sn.labeled_comprehension(VALUES, LABELS, index, np.max, float, -1.0)
        actual = ndimage.labeled_comprehension(backend.put(VALUES), backend.put(LABELS), index,
                                               lambda v: float(v.max()), float, -1.0)
        np.testing.assert_allclose(np.asarray(backend.get(actual) if not np.isscalar(actual) else actual),
                                   expected)
    expected = sn.labeled_comprehension(VALUES, LABELS, [1, 2], lambda v, p: p.sum(), np.int64, 0,
                                        pass_positions=True)
    actual = ndimage.labeled_comprehension(backend.put(VALUES), backend.put(LABELS), [1, 2],
                                           lambda v, p: int(p.sum()), np.int64, 0, pass_positions=True)
    np.testing.assert_array_equal(backend.get(actual), expected)


def test_measurement_errors():
    with pytest.raises(TypeError, match="Complex"):
        ndimage.mean(np.ones(3) + 1j, np.ones(3, int), [1])
    with pytest.raises(ValueError, match="index without defined labels"):
        ndimage.labeled_comprehension(np.ones(3), None, [1], np.sum, float, 0)
