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
