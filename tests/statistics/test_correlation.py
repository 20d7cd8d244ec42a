# SPDX-License-Identifier: BSD-3-Clause
"""convolve and correlate (issue 25) against NumPy: the output layout is
NumPy's without a GPU (the kernel's compilation for every dtype is
tests/engine/cpp/test_device_templates.cpp's); values, dtypes,
modes, lengths past one block and one shared-memory chunk, layouts, errors
and hard inputs on one."""
import itertools

import numpy
import pytest

from gpuarray import testing
from gpuarray._math import correlation as _correlation

gpu = pytest.mark.gpu

DTYPES = [numpy.bool_, numpy.int8, numpy.uint8, numpy.int32, numpy.int64, numpy.uint64, numpy.float16,
          numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]
MODES = ["full", "same", "valid"]


def _emulated(a, w, mode):
    """What the kernel computes (correlate.cuh's formula) for len(a) >= len(w), on the host."""
    m, n = len(a), len(w)
    offset, length = _correlation._layout(m, n, mode)
    padded = numpy.concatenate([numpy.zeros(n - 1, a.dtype), a, numpy.zeros(n - 1, a.dtype)])
    return numpy.array([numpy.dot(padded[j + offset:j + offset + n], w) for j in range(length)], a.dtype)


@pytest.mark.parametrize("m,n", list(itertools.product(range(1, 7), range(1, 7))), ids=repr)
def test_layout_and_swaps_are_numpys(m, n):
    rng = numpy.random.default_rng(m * 10 + n)
    a = rng.standard_normal(m) + 1j * rng.standard_normal(m)
    v = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    for name, mode in (("valid", 0), ("same", 1), ("full", 2)):
        w = numpy.conj(v)
        mine = _emulated(w, a, mode)[::-1] if m < n else _emulated(a, w, mode)
        numpy.testing.assert_allclose(mine, numpy.correlate(a, v, name), rtol=1e-12)
        big, small = (v, a) if n > m else (a, v)
        numpy.testing.assert_allclose(_emulated(big, small[::-1], mode), numpy.convolve(a, v, name), rtol=1e-12)


def values(xp, dtype, n, seed):
    host = (numpy.random.default_rng(seed).integers(-3, 4, n)).astype(dtype)
    if numpy.dtype(dtype).kind == "c":
        host = host + 1j * numpy.random.default_rng(seed + 1).integers(-3, 4, n).astype(dtype)
    return xp.asarray(host)


@gpu
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("lengths", [(1, 1), (7, 3), (3, 7), (4, 4), (10, 1), (1300, 5), (3000, 700), (700, 3000),
                                     (2049, 257), (256, 1024), (5000, 300)], ids=repr)
@pytest.mark.parametrize("name", ["convolve", "correlate"])
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: numpy.dtype(d).name)
@testing.numpy_gpuarray_equal(rtol=1e-3)
def test_matches_numpy(xp, dtype, name, lengths, mode):
    # Small integers: every sum is exact in every dtype but float16, whose
    # rounding NumPy and gpuarray both do in float32 and round once.
    return getattr(xp, name)(values(xp, dtype, lengths[0], 1), values(xp, dtype, lengths[1], 2), mode)


@gpu
@pytest.mark.parametrize("name", ["convolve", "correlate"])
@pytest.mark.parametrize("dtypes", [(numpy.int8, numpy.float32), (numpy.bool_, numpy.int16),
                                    (numpy.float32, numpy.complex128)], ids=repr)
@testing.numpy_gpuarray_equal(rtol=1e-6)
def test_mixed_dtypes(xp, name, dtypes):
    return getattr(xp, name)(values(xp, dtypes[0], 40, 3), values(xp, dtypes[1], 9, 4), "same")


@gpu
@pytest.mark.parametrize("layout", ["reversed", "strided", "scalar", "0-d", "broadcast"])
@pytest.mark.parametrize("name", ["convolve", "correlate"])
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_layouts(xp, name, layout):
    a = xp.asarray(numpy.linspace(-1, 2, 50))
    v = {"reversed": a[::-7], "strided": a[3::5], "scalar": 2.5, "0-d": a[4, ...],
         "broadcast": xp.broadcast_to(a[7], (6,))}[layout]
    return getattr(xp, name)(a[::-1], v, "full")


@gpu
@pytest.mark.parametrize("name", ["convolve", "correlate"])
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_accuracy_on_huge_and_tiny_values(name, dtype):
    """A signal of 1e6-sized spikes and 1e-6-sized noise, a kernel with a tail
    of 1e-8: each output keeps the accuracy of its own terms, within a small
    factor of NumPy's error against a reference in extended precision."""
    import gpuarray
    rng = numpy.random.default_rng(7)
    a = rng.standard_normal(5000) * 1e-6
    a[::97] = 1e6
    v = numpy.concatenate([rng.standard_normal(20), rng.standard_normal(300) * 1e-8])
    wide = numpy.longdouble  # x86's 80-bit extended: a reference beyond float64
    exact = getattr(numpy, name)(a.astype(dtype).astype(wide), v.astype(dtype).astype(wide), "full")
    ours = getattr(gpuarray, name)(gpuarray.asarray(a.astype(dtype)), gpuarray.asarray(v.astype(dtype)), "full").get()
    theirs = getattr(numpy, name)(a.astype(dtype), v.astype(dtype), "full")
    scale = numpy.convolve(numpy.abs(a), numpy.abs(v)) if name == "convolve" else \
        numpy.correlate(numpy.abs(a), numpy.abs(v), "full")
    err_ours = float((numpy.abs(ours - exact) / scale).max())
    err_numpy = float((numpy.abs(theirs - exact) / scale).max())
    assert err_ours <= 4 * err_numpy + 4 * numpy.finfo(dtype).eps


@pytest.mark.parametrize("call", ["empty a", "empty v", "2-d", "bad mode", "mode 3"])
@pytest.mark.parametrize("name", ["convolve", "correlate"])
@testing.numpy_gpuarray_equal()
def test_errors_are_numpys(xp, name, call):
    # Raised before the device is touched where the inputs are host data... but
    # they are copied first: GPU-only (see the gpu mark below).
    args = {"empty a": ([], [1.0]), "empty v": ([1.0], []), "2-d": ([[1.0]], [1.0]), "bad mode": ([1.0], [1.0], "x"),
            "mode 3": ([1.0], [1.0], 3)}[call]
    return getattr(xp, name)(*args)


test_errors_are_numpys = gpu(test_errors_are_numpys)
