# SPDX-License-Identifier: BSD-3-Clause
"""upfirdn, resample, resample_poly and decimate against scipy.signal
(rates, every extension mode and pad type, windows, dtypes, axes), and the
FIR design and frequency-response functions that call SciPy on the host."""
import warnings

import numpy as np
import pytest
import scipy.signal

import gpuarray
from signal_helpers import assert_matches, sample
from gpuarray.scipy import signal

MODES = ["constant", "symmetric", "reflect", "edge", "wrap", "antisymmetric", "antireflect", "smooth", "line"]


def _rtol(dtype):
    return 1e-3 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-8


def _check(backend, expected, actual, dtype):
    expected = expected if isinstance(expected, tuple) else (expected,)
    actual = actual if isinstance(actual, tuple) else (actual,)
    for e, a in zip(expected, actual):
        assert_matches(backend.get(a), e, rtol=_rtol(dtype))


@pytest.mark.parametrize("taps", [1, 3, 4, 7, 70])
@pytest.mark.parametrize("rates", [(1, 1), (2, 1), (1, 2), (3, 2), (2, 3), (1, 7)], ids=str)
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex64, np.int32])
def test_upfirdn(backend, taps, rates, dtype):
    h = sample(taps, np.float64, taps)
    for shape, axis in [((10,), -1), ((3, 9), 0), ((2,), 0)]:
        x = sample(shape, dtype, 1)
        for mode in MODES:
            cval = 1.5 if mode == "constant" else 0
            expected = scipy.signal.upfirdn(h, x, *rates, axis=axis, mode=mode, cval=cval)
            actual = signal.upfirdn(h, backend.put(x), *rates, axis=axis, mode=mode, cval=cval)
            _check(backend, expected, actual, np.result_type(dtype, np.float32))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128, np.int64])
@pytest.mark.parametrize("shape, axis", [((20,), 0), ((12, 3), 0), ((3, 17), 1)], ids=str)
def test_resample(backend, dtype, shape, axis):
    x = sample(shape, dtype, 2) * 3
    for num in [5, 8, 12, 17, 40]:
        for window in [None, "hann", ("kaiser", 3.0), lambda f: np.exp(-np.abs(f))]:
            expected = scipy.signal.resample(x, num, axis=axis, window=window)
            _check(backend, expected, signal.resample(backend.put(x), num, axis=axis, window=window), dtype)
        t = np.arange(shape[axis]) * 0.5
        expected = scipy.signal.resample(x, num, t=t, axis=axis)
        _check(backend, expected, signal.resample(backend.put(x), num, t=t, axis=axis), dtype)


def test_resample_frequency_domain(backend):
    x = sample((3, 16), np.complex128, 3)
    for num in [8, 16, 24]:
        expected = scipy.signal.resample(x, num, axis=1, domain="freq")
        _check(backend, expected, signal.resample(backend.put(x), num, axis=1, domain="freq"), np.complex128)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("rates", [(1, 2), (3, 2), (2, 3), (4, 4), (5, 1)], ids=str)
def test_resample_poly(backend, dtype, rates):
    for shape, axis in [((20,), 0), ((3, 17), 1)]:
        x = sample(shape, dtype, 4) * 3
        for padtype in ["constant", "mean", "median", "minimum", "maximum", "symmetric", "edge", "line"]:
            expected = scipy.signal.resample_poly(x, *rates, axis=axis, padtype=padtype)
            _check(backend, expected, signal.resample_poly(backend.put(x), *rates, axis=axis, padtype=padtype),
                   dtype)
        expected = scipy.signal.resample_poly(x, *rates, axis=axis, window=[0.25, 0.5, 0.25])
        _check(backend, expected, signal.resample_poly(backend.put(x), *rates, axis=axis, window=[0.25, 0.5, 0.25]),
               dtype)
        expected = scipy.signal.resample_poly(x, *rates, axis=axis, cval=2.0)
        _check(backend, expected, signal.resample_poly(backend.put(x), *rates, axis=axis, cval=2.0), dtype)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("ftype", ["iir", "fir"])
@pytest.mark.parametrize("zero_phase", [True, False])
def test_decimate(backend, dtype, ftype, zero_phase):
    for shape, axis in [((200,), -1), ((2, 150), 1)]:
        x = sample(shape, dtype, 5) * 3
        for q in [2, 3]:
            expected = scipy.signal.decimate(x, q, ftype=ftype, axis=axis, zero_phase=zero_phase)
            actual = signal.decimate(backend.put(x), q, ftype=ftype, axis=axis, zero_phase=zero_phase)
            _check(backend, expected, actual, dtype)


def test_decimate_dlti(backend):
    x = sample((120,), np.float64, 6)
    system = scipy.signal.dlti(*scipy.signal.butter(4, 0.3))
    expected = scipy.signal.decimate(x, 2, ftype=system)
    _check(backend, expected, signal.decimate(backend.put(x), 2, ftype=system), np.float64)


@pytest.mark.parametrize("call, match", [
    (lambda: signal.upfirdn([], np.ones(3)), "h must be 1-D"),
    (lambda: signal.upfirdn([1.0], np.ones(3), up=0), "must be >= 1"),
    (lambda: signal.upfirdn([1.0], np.ones(3), mode="nope"), "Unknown mode"),
    (lambda: signal.resample(np.ones(4), 3, domain="x"), "not in"),
    (lambda: signal.resample(np.ones(4), 3, window=np.ones(3)), "window length"),
    (lambda: signal.resample_poly(np.ones(4), 1.5, 2), "up must be an integer"),
    (lambda: signal.resample_poly(np.ones(4), 1, 0), "must be >= 1"),
    (lambda: signal.resample_poly(np.ones(4), 3, 2, padtype="x"), "padtype must be one of"),
    (lambda: signal.resample_poly(np.ones(4), 3, 2, padtype="edge", cval=1.0), "cval has no effect"),
    (lambda: signal.resample_poly(np.ones(4), 3, 2, window=np.ones((2, 2))), "window must be 1-D"),
    (lambda: signal.decimate(np.ones(40), 3, ftype="x"), "invalid ftype"),
])
def test_errors(backend, call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_fir_design_is_scipys():
    np.testing.assert_array_equal(signal.firwin(31, 0.3), scipy.signal.firwin(31, 0.3))
    np.testing.assert_array_equal(signal.firwin(30, [0.2, 0.5], pass_zero=False, window="hann"),
                                  scipy.signal.firwin(30, [0.2, 0.5], pass_zero=False, window="hann"))
    np.testing.assert_array_equal(signal.firwin2(21, [0, 0.5, 1], [1, 1, 0]),
                                  scipy.signal.firwin2(21, [0, 0.5, 1], [1, 1, 0]))
    with pytest.raises(ValueError):
        signal.firwin(30, 0.3, pass_zero=False)


def test_freqz_on_host_inputs_is_scipys():
    b, a = scipy.signal.butter(4, 0.2)
    for args in [dict(worN=64), dict(worN=64, whole=True), dict(worN=np.linspace(0, 1, 7), fs=2.0),
                 dict(worN=16, include_nyquist=True)]:
        for e, x in zip(scipy.signal.freqz(b, a, **args), signal.freqz(b, a, **args)):
            np.testing.assert_allclose(x, e)
    sos = scipy.signal.butter(4, 0.2, output="sos")
    for e, x in zip(scipy.signal.freqz_sos(sos, worN=32), signal.sosfreqz(sos, worN=32)):
        np.testing.assert_allclose(x, e)


@pytest.mark.gpu
def test_freqz_device_inputs_give_device_results():
    b, a = scipy.signal.butter(4, 0.2)
    w, h = signal.freqz(gpuarray.asarray(b), gpuarray.asarray(a), worN=32)
    assert isinstance(h, gpuarray.ndarray)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        np.testing.assert_allclose(h.get(), scipy.signal.freqz(b, a, worN=32)[1])
