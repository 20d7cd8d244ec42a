# SPDX-License-Identifier: BSD-3-Clause
"""sawtooth, square, gausspulse, chirp, sweep_poly and unit_impulse against
scipy.signal: widths inside and outside [0, 1], every chirp method, dtypes,
shapes, and SciPy's errors."""
import warnings

import numpy as np
import pytest
import scipy
import scipy.signal

from signal_helpers import assert_matches
from gpuarray.scipy import signal


def _times(dtype, positive=False):
    t = np.random.default_rng(0).standard_normal((3, 50)) * 10
    return (np.abs(t) if positive else t).astype(dtype)


def _check(backend, expected, actual, atol):
    expected = expected if isinstance(expected, tuple) else (expected,)
    actual = actual if isinstance(actual, tuple) else (actual,)
    assert len(expected) == len(actual)
    for e, a in zip(expected, actual):
        assert_matches(backend.get(a), e, rtol=1e-6, atol=atol)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("width", [1, 0.5, 0, 0.3, "ramp"])
def test_sawtooth_and_square(backend, dtype, width):
    if dtype == np.float32 and tuple(int(p) for p in scipy.__version__.split(".")[:2]) < (1, 18):
        pytest.skip("SciPy 1.18 keeps float32 waveforms (gpuarray follows it); this host's SciPy gives float64")
    t = _times(dtype)
    w = np.linspace(-0.2, 1.2, 50) if width == "ramp" else width
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _check(backend, scipy.signal.sawtooth(t, w), signal.sawtooth(backend.put(t), w), 1e-5)
        _check(backend, scipy.signal.square(t, w), signal.square(backend.put(t), w), 0)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("method", ["linear", "quadratic", "logarithmic", "hyperbolic"])
@pytest.mark.parametrize("vertex_zero", [True, False])
@pytest.mark.parametrize("complex_", [False, True])
def test_chirp(backend, dtype, method, vertex_zero, complex_):
    t = _times(dtype, positive=True)
    expected = scipy.signal.chirp(t, 2.0, 5.0, 7.0, method, 30, vertex_zero, complex=complex_)
    actual = signal.chirp(backend.put(t), 2.0, 5.0, 7.0, method, 30, vertex_zero, complex=complex_)
    # float32 times: the phase (hundreds of radians) is rounded to float32 alike, but not bit for bit
    _check(backend, expected, actual, 2e-3 if dtype == np.float32 else 1e-9)


def test_gausspulse_and_sweep_poly(backend):
    t = _times(np.float64) / 1000
    for flags in [(False, False), (True, False), (False, True), (True, True)]:
        _check(backend, scipy.signal.gausspulse(t, 1000, 0.5, -6, -60, *flags),
               signal.gausspulse(backend.put(t), 1000, 0.5, -6, -60, *flags), 1e-12)
    assert signal.gausspulse("cutoff", fc=2000, bw=0.3) == scipy.signal.gausspulse("cutoff", fc=2000, bw=0.3)
    t = _times(np.float64)
    for poly in ([0.1, 0.2, 1.0], np.poly1d([0.5, 2.0]), [3.0]):
        _check(backend, scipy.signal.sweep_poly(t, poly, 20), signal.sweep_poly(backend.put(t), poly, 20), 1e-9)


@pytest.mark.parametrize("shape, idx", [(5, None), (5, "mid"), ((2, 3), 1), ((4, 4), (1, 2)), ((3, 5), "mid")],
                         ids=str)
@pytest.mark.parametrize("dtype", [float, np.int32, complex])
def test_unit_impulse(backend, shape, idx, dtype):
    assert_matches(backend.get(signal.unit_impulse(shape, idx, dtype)), scipy.signal.unit_impulse(shape, idx, dtype),
                   rtol=0)


@pytest.mark.parametrize("call, match", [
    (lambda: signal.gausspulse("cutoff", fc=-1), "must be >=0"),
    (lambda: signal.gausspulse("cutoff", bw=0), "must be > 0"),
    (lambda: signal.gausspulse("cutoff", bwr=1), "must be < 0 dB"),
    (lambda: signal.gausspulse("cutoff", tpr=1), "time cutoff"),
    (lambda: signal.gausspulse("x"), "must be 'cutoff'"),
    (lambda: signal.chirp(np.ones(3), 1, 1, 2, method="x"), "method must be"),
    (lambda: signal.chirp(np.ones(3), -1, 1, 2, method="log"), "same sign"),
    (lambda: signal.chirp(np.ones(3), 0, 1, 2, method="hyp"), "must be nonzero"),
])
def test_errors(backend, call, match):
    with pytest.raises(ValueError, match=match):
        call()
