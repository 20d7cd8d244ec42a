# SPDX-License-Identifier: BSD-3-Clause
"""convolve, correlate, fftconvolve, choose_conv_method, correlation_lags,
convolve2d and correlate2d against scipy.signal: every mode, method,
boundary, dtype and layout, shapes where 'valid' swaps the inputs, and
SciPy's errors (raised before any device work)."""
import warnings

import numpy as np
import pytest
import scipy.signal

from signal_helpers import assert_matches, layout, sample, tolerance
from gpuarray.scipy import signal
from gpuarray.scipy.signal import _convolve2d

DTYPES = [np.float64, np.float32, np.complex128, np.complex64, np.int64, np.int32, np.uint8]
SHAPES_1D = [((9,), (4,)), ((4,), (9,)), ((5,), (5,)), ((1,), (1,)), ((30,), (7,))]
SHAPES_ND = [((6, 7), (3, 2)), ((3, 2), (6, 7)), ((4, 5, 3), (2, 2, 2)), ((5, 1, 4), (2, 3, 2)),
             ((8, 8), (8, 8))]
MODES = ["full", "same", "valid"]
METHODS = ["direct", "fft", "auto"]


def _compare(backend, ours, theirs, a, b, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            expected = theirs(a, b, *args, **kwargs)
        except ValueError as e:
            with pytest.raises(ValueError, match=str(e)[:30]):
                ours(backend.put(a), backend.put(b), *args, **kwargs)
            return
        actual = backend.get(ours(backend.put(a), backend.put(b), *args, **kwargs))
    rtol = max(tolerance(np.result_type(a, b)), tolerance(a.dtype), tolerance(b.dtype))
    assert_matches(actual, expected, rtol=rtol * 10, atol=1e-6)


@pytest.mark.parametrize("function", ["convolve", "correlate"])
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shapes", SHAPES_1D + SHAPES_ND, ids=str)
@pytest.mark.parametrize("method", METHODS)
def test_convolve_correlate_match_scipy(backend, function, dtype, shapes, method):
    a, b = sample(shapes[0], dtype, 1), sample(shapes[1], dtype, 2)
    for mode in MODES:
        _compare(backend, getattr(signal, function), getattr(scipy.signal, function), a, b, mode, method)


@pytest.mark.parametrize("dtypes", [(np.int64, np.float32), (np.float32, np.float64), (np.int16, np.uint8),
                                    (np.float32, np.complex128)], ids=str)
@pytest.mark.parametrize("method", METHODS)
def test_mixed_dtypes(backend, dtypes, method):
    a, b = sample((7, 6), dtypes[0], 3), sample((3, 4), dtypes[1], 4)
    for mode in MODES:
        _compare(backend, signal.convolve, scipy.signal.convolve, a, b, mode, method)


@pytest.mark.parametrize("kind", ["strided", "negative", "transposed"])
@pytest.mark.parametrize("method", METHODS)
def test_layouts(backend, kind, method):
    host_a, a = layout(backend, sample((6, 8), np.float64, 5), kind)
    host_b, b = layout(backend, sample((3, 4), np.float64, 6), kind)
    for mode in MODES:
        expected = scipy.signal.convolve(host_a, host_b, mode, method)
        assert_matches(backend.get(signal.convolve(a, b, mode, method)), expected, rtol=1e-9)


def test_zero_dimensional(backend):
    for function in ("convolve", "correlate", "fftconvolve"):
        expected = getattr(scipy.signal, function)(np.array(2.0 + 1j), np.array(3.0 - 2j))
        actual = backend.get(getattr(signal, function)(backend.put(2.0 + 1j), backend.put(3.0 - 2j)))
        assert_matches(actual, expected, rtol=1e-12)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex64, np.int32])
@pytest.mark.parametrize("axes", [None, 0, -1, [0, 2], (1,)], ids=str)
def test_fftconvolve_axes(backend, dtype, axes):
    a, b = sample((6, 5, 4), dtype, 7), sample((3, 5, 2), dtype, 8)
    b1 = sample((1, 5, 2), dtype, 9)
    for mode in MODES:
        _compare(backend, signal.fftconvolve, scipy.signal.fftconvolve, a, b, mode, axes)
        _compare(backend, signal.fftconvolve, scipy.signal.fftconvolve, a, b1, mode, axes)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128, np.int32])
@pytest.mark.parametrize("shapes", [((1000,), (10,)), ((10,), (1000,)), ((300, 7), (5, 3)), ((7, 300), (3, 5)),
                                    ((50, 40, 3), (3, 2, 3)), ((100, 1), (7, 3)), ((64,), (64,)), ((30,), (20,)),
                                    ((200, 4), (1, 4))], ids=str)
def test_oaconvolve(backend, dtype, shapes):
    a, b = sample(shapes[0], dtype, 14), sample(shapes[1], dtype, 15)
    for mode in MODES:
        for axes in [None, 0, -1]:
            _compare(backend, signal.oaconvolve, scipy.signal.oaconvolve, a, b, mode, axes)


def test_fftconvolve_empty(backend):
    assert backend.get(signal.fftconvolve(backend.put(np.zeros((0, 3))), backend.put(np.ones((2, 2))))).size == 0


@pytest.mark.parametrize("function", ["convolve2d", "correlate2d"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128, np.int32, np.uint8])
@pytest.mark.parametrize("path", ["auto", "fft", "direct"])
def test_2d_every_boundary_and_mode(backend, monkeypatch, function, dtype, path):
    if path != "auto":
        monkeypatch.setattr(_convolve2d, "_use_fft", lambda *args: path == "fft")
    fill = 2 if np.dtype(dtype).kind in "iu" else 1.5
    for shapes in [((7, 9), (3, 3)), ((7, 9), (4, 2)), ((12, 5), (2, 5)), ((7, 9), (9, 3)), ((2, 3), (8, 12)),
                   ((7, 9), (1, 1))]:
        a, b = sample(shapes[0], dtype, 10), sample(shapes[1], dtype, 11)
        for mode in MODES:
            for boundary in ["fill", "wrap", "symm", "circular", "symmetric", "pad"]:
                _compare(backend, getattr(signal, function), getattr(scipy.signal, function), a, b, mode, boundary,
                         fill)


@pytest.mark.parametrize("kind", ["strided", "negative", "transposed"])
def test_2d_layouts(backend, kind):
    host_a, a = layout(backend, sample((16, 12), np.float32, 12), kind)
    host_b, b = layout(backend, sample((5, 4), np.float32, 13), kind)
    for boundary in ["fill", "wrap", "symm"]:
        expected = scipy.signal.convolve2d(host_a, host_b, "same", boundary)
        assert_matches(backend.get(signal.convolve2d(a, b, "same", boundary)), expected, rtol=1e-4)


def test_choose_conv_method(backend):
    small, big = backend.put(np.ones(10)), backend.put(np.ones((512, 512)))
    assert signal.choose_conv_method(small, backend.put(np.ones(3))) == "direct"
    assert signal.choose_conv_method(big, backend.put(np.ones((31, 31)))) == "fft"
    assert signal.choose_conv_method(backend.put(np.ones((64, 64), bool)), backend.put(np.ones((9, 9), bool))) \
        == "direct"
    huge = backend.put(np.full((64, 64), 2**40, np.int64))
    assert signal.choose_conv_method(huge, backend.put(np.full((9, 9), 2**20, np.int64))) == "direct"


@pytest.mark.gpu
def test_choose_conv_method_measures():
    method, times = signal.choose_conv_method(np.ones((64, 64)), np.ones((5, 5)), measure=True)
    assert method in ("fft", "direct") and set(times) == {"fft", "direct"}


@pytest.mark.parametrize("n1, n2", [(5, 3), (3, 5), (4, 4), (1, 6), (6, 1), (10, 4)])
def test_correlation_lags(n1, n2):
    for mode in MODES:
        np.testing.assert_array_equal(signal.correlation_lags(n1, n2, mode),
                                      scipy.signal.correlation_lags(n1, n2, mode))
    with pytest.raises(ValueError, match="Mode bad is invalid"):
        signal.correlation_lags(n1, n2, "bad")


@pytest.mark.parametrize("call, match", [
    (lambda: signal.convolve(np.ones(3), np.ones((2, 2))), "same dimensionality"),
    (lambda: signal.correlate(np.ones(3), np.ones((2, 2))), "same dimensionality"),
    (lambda: signal.fftconvolve(np.ones(3), np.ones((2, 2))), "same dimensionality"),
    (lambda: signal.convolve(np.ones(3), np.ones(2), mode="bad"), "Acceptable mode flags"),
    (lambda: signal.correlate(np.ones(3), np.ones(2), mode="bad"), "Acceptable mode flags"),
    (lambda: signal.convolve(np.ones(3), np.ones(2), method="bad"), "Acceptable method flags"),
    (lambda: signal.convolve(np.ones((3, 2)), np.ones((2, 3)), mode="valid"), "at least as large"),
    (lambda: signal.fftconvolve(np.ones((3, 2)), np.ones((2, 3)), mode="valid"), "at least as large"),
    (lambda: signal.fftconvolve(np.ones((3, 2)), np.ones((2, 3)), axes=[]), "axes cannot be empty"),
    (lambda: signal.fftconvolve(np.ones((3, 2)), np.ones((2, 3)), axes=[0]), "incompatible shapes"),
    (lambda: signal.convolve2d(np.ones(3), np.ones(2)), "must both be 2-D"),
    (lambda: signal.correlate2d(np.ones(3), np.ones(2)), "must both be 2-D"),
    (lambda: signal.convolve2d(np.ones((3, 3)), np.ones((2, 2)), mode="x"), "Acceptable mode flags"),
    (lambda: signal.convolve2d(np.ones((3, 3)), np.ones((2, 2)), boundary="x"), "Acceptable boundary flags"),
    (lambda: signal.convolve2d(np.ones((3, 3)), np.ones((2, 2)), fillvalue=[1, 2]), "must be scalar"),
    (lambda: signal.convolve2d(np.ones((3, 3)), np.ones((2, 2)), fillvalue=1j), "could not cast"),
    (lambda: signal.convolve2d(np.ones((3, 3), bool), np.ones((2, 2), bool)), "not available for this type"),
])
def test_errors(backend, call, match):
    with pytest.raises(ValueError, match=match):
        call()


@pytest.mark.gpu
def test_wrap_fft_agrees_with_direct_float32():
    rng = np.random.default_rng(0)
    image = rng.random((256, 256), dtype=np.float32)
    kernel = rng.random((31, 31), dtype=np.float32)
    expected = scipy.signal.convolve2d(image.astype(np.float64), kernel.astype(np.float64), boundary="wrap")
    actual = signal.convolve2d(image, kernel, boundary="wrap")
    np.testing.assert_allclose(actual.get(), expected, rtol=1e-5, atol=1e-5 * np.abs(expected).max())
