# SPDX-License-Identifier: BSD-3-Clause
"""correlate1d, convolve1d, correlate and convolve against scipy.ndimage, on
the host (NumPy in place of gpuarray) and on the device."""
import numpy as np
import pytest
import scipy.ndimage as sn

from gpuarray.scipy import ndimage
from ndimage_helpers import MODES, assert_matches, compare

RNG = np.random.default_rng(27)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("size, origin", [(1, 0), (3, 0), (3, -1), (4, 1), (4, -2), (7, 3), (12, 0)])
def test_correlate1d_modes_origins(backend, mode, size, origin):
    x = RNG.standard_normal((5, 9))
    w = RNG.standard_normal(size)
    for axis in (0, 1, -1):
        expected = sn.correlate1d(x, w, axis=axis, mode=mode, cval=1.5, origin=origin)
        actual = ndimage.correlate1d(backend.put(x), w, axis=axis, mode=mode, cval=1.5, origin=origin)
        assert_matches(backend.get(actual), expected)
        expected = sn.convolve1d(x, w, axis=axis, mode=mode, cval=-2.0, origin=origin)
        actual = ndimage.convolve1d(backend.put(x), w, axis=axis, mode=mode, cval=-2.0, origin=origin)
        assert_matches(backend.get(actual), expected)


@pytest.mark.parametrize("mode", MODES)
def test_correlate1d_short_lines(backend, mode):
    # filters longer than the line: the extension repeats its pattern
    for n in (1, 2, 3):
        x = RNG.standard_normal(n)
        w = RNG.standard_normal(9)
        assert_matches(backend.get(ndimage.correlate1d(backend.put(x), w, mode=mode)), sn.correlate1d(x, w, mode=mode))


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32, np.int64, np.float32, np.float64, np.bool_])
def test_correlate1d_dtypes(backend, dtype):
    x = (RNG.integers(0, 2, 40) if dtype == np.bool_ else RNG.integers(0, 100, 40)).astype(dtype)
    w = [1, 2, 1]
    assert_matches(backend.get(ndimage.correlate1d(backend.put(x), w)), sn.correlate1d(x, w),
                   rtol=1e-6 if dtype == np.float32 else 1e-10)
    for output in (np.float64, np.int32):
        assert_matches(backend.get(ndimage.correlate1d(backend.put(x), [0.5, 0.25], output=output)),
                       sn.correlate1d(x, [0.5, 0.25], output=output))


@pytest.mark.parametrize("case", ["complex input", "complex weights", "both"])
def test_correlate_complex(backend, case):
    x = RNG.standard_normal((6, 7))
    w = RNG.standard_normal(3)
    if case != "complex weights":
        x = x + 1j * RNG.standard_normal(x.shape)
    if case != "complex input":
        w = w + 1j * RNG.standard_normal(3)
    for f in ("correlate1d", "convolve1d"):
        expected = getattr(sn, f)(x, w, mode="constant", cval=0.5)
        assert_matches(backend.get(getattr(ndimage, f)(backend.put(x), w, mode="constant", cval=0.5)), expected)
    w2 = np.outer(w, w[::-1])
    for f in ("correlate", "convolve"):
        expected = getattr(sn, f)(x, w2, mode="wrap")
        assert_matches(backend.get(getattr(ndimage, f)(backend.put(x), w2, mode="wrap")), expected)


def test_correlate1d_output_array(backend):
    x = RNG.standard_normal((4, 5))
    out = backend.put(np.zeros((4, 5), np.float32))
    result = ndimage.correlate1d(backend.put(x), [1, 2, 3], axis=0, output=out)
    assert result is out
    assert_matches(backend.get(out), sn.correlate1d(x, [1, 2, 3], axis=0, output=np.float32), rtol=1e-6)


def test_correlate1d_non_contiguous(backend):
    x = RNG.standard_normal((8, 10))
    view = x[::-2, 1::3]
    assert_matches(backend.get(ndimage.correlate1d(backend.put(x)[::-2, 1::3], [1, -1, 2], axis=0)),
                   sn.correlate1d(view, [1, -1, 2], axis=0))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape, origin", [((3, 3), 0), ((2, 4), (0, 1)), ((1, 5), (0, -2)), ((4, 1), (-2, 0))])
def test_correlate_nd(backend, mode, shape, origin):
    x = RNG.standard_normal((7, 6, 5))
    w = RNG.standard_normal(shape)
    for axes in ((0, 1), (1, 2), (2, 0), (-1, -3)):
        for f in ("correlate", "convolve"):
            compare(backend, getattr(ndimage, f), getattr(sn, f), x, w, mode=mode, cval=0.25, origin=origin,
                    axes=axes)


@pytest.mark.parametrize("dtype", [np.uint8, np.int32, np.float32, np.float64])
def test_correlate_nd_dtypes_and_full_rank(backend, dtype):
    x = RNG.integers(0, 50, (6, 7)).astype(dtype)
    w = RNG.integers(-2, 3, (3, 3))
    for f in ("correlate", "convolve"):
        assert_matches(backend.get(getattr(ndimage, f)(backend.put(x), w, mode="mirror")),
                       getattr(sn, f)(x, w, mode="mirror"), rtol=1e-6)


def test_correlate_empty_and_0d(backend):
    x = np.zeros((0, 4))
    assert_matches(backend.get(ndimage.correlate1d(backend.put(x), [1, 2])), sn.correlate1d(x, [1, 2]))
    assert_matches(backend.get(ndimage.correlate(backend.put(x), np.ones((2, 2)))), sn.correlate(x, np.ones((2, 2))))


def test_docstring_example_values():
    a = np.asarray([[1, 2, 0, 0], [5, 3, 0, 4], [0, 0, 0, 7], [9, 3, 0, 0]])
    k = np.asarray([[1, 1, 1], [1, 1, 0], [1, 0, 0]])
    assert sn.convolve(a, k, mode="constant").tolist() == [[11, 10, 7, 4], [10, 3, 11, 11], [15, 12, 14, 7],
                                                            [12, 3, 7, 0]]


@pytest.mark.parametrize("call, error, match", [
    (lambda: ndimage.correlate1d(np.arange(5.0), [1, 2], mode="foo"), RuntimeError, "boundary mode"),
    (lambda: ndimage.correlate1d(np.arange(5.0), [1, 2, 3], origin=2), ValueError, "Invalid origin"),
    (lambda: ndimage.correlate1d(np.arange(5.0), []), RuntimeError, "no filter weights"),
    (lambda: ndimage.correlate1d(np.arange(5.0), [[1, 2]]), RuntimeError, "no filter weights"),
    (lambda: ndimage.correlate1d(np.arange(5.0), [1], axis=2), np.exceptions.AxisError, "axis 2"),
    (lambda: ndimage.correlate1d(np.arange(5.0), [1], output=np.zeros(3)), RuntimeError, "output shape"),
    (lambda: ndimage.correlate1d(np.arange(5.0) + 1j, [1], output=np.zeros(5)), RuntimeError, "complex"),
    (lambda: ndimage.correlate(np.ones((3, 3)), np.ones(3)), RuntimeError, "weights.ndim"),
    (lambda: ndimage.correlate(np.ones((3, 3)), np.ones((3, 3)), axes=(0, 0)), ValueError, "unique"),
    (lambda: ndimage.correlate(np.ones((3, 3)), np.ones(3), axes=(3,)), ValueError, "out of range"),
    (lambda: ndimage.convolve(np.ones((3, 3)), np.ones((3, 3)), origin=(0, 2)), ValueError, "Invalid origin"),
])
def test_errors_before_device_work(call, error, match):
    with pytest.raises(error, match=match):
        call()
