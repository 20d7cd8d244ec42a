# SPDX-License-Identifier: BSD-3-Clause
"""mgrid and ogrid against NumPy (issue 25)."""
import numpy
import pytest

from gpuarray import testing

gpu = pytest.mark.gpu

KEYS = [
    slice(0, 5), slice(0, 1, 5j), slice(0.5, 3), slice(0, 5, -1), slice(1, 1, 1j), slice(0, 3, 1j), slice(3, 0, 4j),
    slice(0, 10, 3.5), slice(numpy.int8(0), numpy.int8(3)), slice(0, 5, 1 + 1j), slice(None, 0), slice(0, 3, 0j),
    slice(None, 3), slice(-2, 2, 0.5), slice(numpy.float32(0), 1, 3j),
    (slice(0, 5), slice(0, 3)), (slice(0, 1, 3j), slice(0, 5, 2)), (), (slice(None, 3), slice(1, 2, 1j)),
    (slice(0, 2), slice(0.0, 1, 2j)), (slice(0, 5),), (slice(0, 2), slice(0, 3), slice(-1, 1, 3j)),
    (slice(0, 0), slice(0, 3)), (slice(numpy.float32(0), 1, 0.25), slice(0, 2)),
]


@gpu
@pytest.mark.parametrize("key", KEYS, ids=repr)
@pytest.mark.parametrize("grid", ["mgrid", "ogrid"])
@testing.numpy_gpuarray_equal(rtol=1e-15, atol=1e-15)
def test_grid_matches_numpy(xp, grid, key):
    return getattr(xp, grid)[key]


@pytest.mark.parametrize("key", [5, (slice(0, 5), 3), slice(0, 4, 0), (slice(0, 4, 0), slice(0, 2)),
                                 (slice(0, None),), slice(0, None, 3j), (slice(0, 2), slice(0, None, 2j))], ids=repr)
@pytest.mark.parametrize("grid", ["mgrid", "ogrid"])
@testing.numpy_gpuarray_equal()
def test_grid_errors_are_numpys(xp, grid, key):
    # Raised on the host, before any device work: runs without a GPU.
    return getattr(xp, grid)[key]


def _concatenator_key(xp, case):
    a = xp.asarray(numpy.array([1, 2, 3]))
    b = xp.asarray(numpy.array([4.5, 5.5, 6.5]))
    m = xp.asarray(numpy.arange(6).reshape(2, 3))
    return {
        "arrays and scalars": (a, 0, 0, a),
        "float scalar": (a, 2.5),
        "numpy scalar": (a, numpy.int8(7)),
        "ranges": (slice(0, 3), slice(-1, 1, 5j), 4),
        "mixed dtypes": (a, b),
        "2-d": (m, m),
        "axis directive": ("1", m, m),
        "ndmin directive": ("0,2", [1, 2, 3], [4, 5, 6]),
        "trans1d directive": ("0,2,0", [1, 2, 3], [4, 5, 6]),
        "trans1d -1": ("1,3,-1", a, a),
        "host list": ([1, 2], a),
        "0-d": (a[0, ...], a),
        "single": a,
        "bool": (xp.asarray(numpy.array([True, False])), 3),
    }[case]


CONCATENATIONS = ["arrays and scalars", "float scalar", "numpy scalar", "ranges", "mixed dtypes", "2-d",
                  "axis directive", "ndmin directive", "trans1d directive", "trans1d -1", "host list", "0-d",
                  "single", "bool"]


@gpu
@pytest.mark.parametrize("case", CONCATENATIONS)
@pytest.mark.parametrize("name", ["r_", "c_"])
@testing.numpy_gpuarray_equal(rtol=1e-15)
def test_r_and_c_match_numpy(xp, name, case):
    return getattr(xp, name)[_concatenator_key(xp, case)]


@pytest.mark.parametrize("key", [("x", [1]), ([1], "0"), ("0,x", [1]), ("r", [1]), ("c", [1])], ids=repr)
def test_r_directive_errors(key):
    import gpuarray
    expected = TypeError if key[0] in ("r", "c") else ValueError  # no numpy.matrix on the device
    with pytest.raises(expected):
        gpuarray.r_[key]
