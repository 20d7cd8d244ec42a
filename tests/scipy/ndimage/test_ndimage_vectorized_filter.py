# SPDX-License-Identifier: BSD-3-Clause
"""ndimage.vectorized_filter against scipy.ndimage's: every mode, sizes and
footprints, origins, axes, 'valid', output=, batching by batch_memory, the
callable's own dtype, and SciPy's argument errors; on the host (NumPy in
place of gpuarray) and on the device."""
import numpy as np
import pytest
import scipy.ndimage as sn

from gpuarray.scipy import ndimage
from ndimage_helpers import MODES, compare

RNG = np.random.default_rng(31)
X2 = RNG.standard_normal((7, 9))
X3 = RNG.standard_normal((4, 6, 5))


def spread(window, axis):
    return np.max(window, axis=axis) - np.min(window, axis=axis)


@pytest.mark.parametrize("mode", MODES + ["valid"])
@pytest.mark.parametrize("function", [np.mean, np.median, spread], ids=["mean", "median", "spread"])
def test_modes_sizes_and_origins(backend, mode, function):
    origin = None if mode == "valid" else (1, -1)
    compare(backend, ndimage.vectorized_filter, sn.vectorized_filter, X2, function, size=(3, 4), mode=mode,
            origin=origin)
    compare(backend, ndimage.vectorized_filter, sn.vectorized_filter, X3, function, size=3, mode=mode)


def test_constant_value_footprint_and_axes(backend):
    footprint = np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0]], bool)
    compare(backend, ndimage.vectorized_filter, sn.vectorized_filter, X2, np.max, footprint=footprint,
            mode="constant", cval=2.5)
    compare(backend, ndimage.vectorized_filter, sn.vectorized_filter, X3, np.sum, size=(2, 3), axes=(2, 0))
    compare(backend, ndimage.vectorized_filter, sn.vectorized_filter, X3, np.std, footprint=footprint, axes=(0, 1),
            mode="wrap")
    compare(backend, ndimage.vectorized_filter, sn.vectorized_filter, X3, np.min, size=4, axes=1, mode="nearest")


def test_layouts_dtypes_and_batches(backend):
    strided = X3[::-1, ::2]
    compare(backend, ndimage.vectorized_filter, sn.vectorized_filter, strided, np.mean, size=2)
    ints = RNG.integers(0, 50, (6, 8)).astype(np.int16)
    compare(backend, ndimage.vectorized_filter, sn.vectorized_filter, ints, np.max, size=3)       # int16 out
    compare(backend, ndimage.vectorized_filter, sn.vectorized_filter, ints, np.mean, size=3)      # float64 out
    # windows handed over two rows at a time: 2 rows x 9 x (3 x 3) float64 windows fit in 1300 bytes
    compare(backend, ndimage.vectorized_filter, sn.vectorized_filter, X2, np.median, size=3, batch_memory=1300)


def test_output_empty_and_0d(backend):
    out = backend.put(np.zeros_like(X2))
    got = ndimage.vectorized_filter(backend.put(X2), np.mean, size=3, output=out)
    np.testing.assert_allclose(backend.get(out), sn.vectorized_filter(X2, np.mean, size=3), rtol=1e-12)
    np.testing.assert_array_equal(backend.get(got), backend.get(out))   # the output, as SciPy returns it
    compare(backend, ndimage.vectorized_filter, sn.vectorized_filter, np.zeros((0, 3)), np.mean, size=2)
    compare(backend, ndimage.vectorized_filter, sn.vectorized_filter, np.array(3.5), np.mean, size=())


@pytest.mark.parametrize("kwargs", [
    dict(), dict(size=3, footprint=np.ones((3, 3))), dict(size=(3, 0)), dict(size=2.5), dict(size=(3, 3, 3)),
    dict(size=3, mode="bogus"), dict(size=3, mode="reflect", cval=1.0), dict(size=3, mode="valid", origin=1),
    dict(size=3, origin=0.5), dict(size=3, origin=(1, 2, 3)), dict(size=3, batch_memory=0),
    dict(size=3, batch_memory=8), dict(size=3, axes=(0, 1, 1, 0)),
])
def test_argument_errors_are_scipys(backend, kwargs):
    compare(backend, ndimage.vectorized_filter, sn.vectorized_filter, X2, np.mean, **kwargs)
    with pytest.raises(ValueError, match="must be a callable"):
        ndimage.vectorized_filter(backend.put(X2), "mean", size=3)
