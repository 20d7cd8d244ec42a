# SPDX-License-Identifier: BSD-3-Clause
"""periodogram, welch, csd, coherence, spectrogram, stft and istft against
scipy.signal: segment lengths, overlaps, FFT lengths, windows (named and
arrays), detrending, scalings, averages, one- and two-sided spectra,
boundaries and padding, every spectrogram mode, axes, dtypes, the istft
round trip, and SciPy's errors."""
import warnings

import numpy as np
import pytest
import scipy.signal

from signal_helpers import assert_matches, sample
from gpuarray.scipy import signal
from gpuarray.scipy.signal import _lombscargle

SHAPES = [((300,), -1), ((3, 200), -1), ((150, 2), 0)]
DTYPES = [np.float64, np.float32, np.complex128, np.int32]


def _rtol(dtype):
    return 1e-3 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-8


def _compare(backend, ours, theirs, dtype, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = theirs(*args, **kwargs)
        actual = ours(*[backend.put(a) if isinstance(a, np.ndarray) else a for a in args], **kwargs)
    for e, a in zip(expected, actual):
        a = backend.get(a)
        if kwargs.get("mode") in ("angle", "phase") and np.asarray(e).ndim == np.asarray(a).ndim >= 2:
            # A phase of a value on the negative real axis is +pi or -pi as its
            # imaginary part rounds to +0 or -0: compare angles on the circle.
            a = np.where(np.isclose(np.abs(np.asarray(a) - e), 2 * np.pi, rtol=0, atol=_rtol(dtype)), e, a)
        assert_matches(a, e, rtol=_rtol(dtype), atol=1e-30)


WELCH_ARGS = [{}, dict(nperseg=64), dict(nperseg=64, noverlap=10, nfft=100),
              dict(window="hamming", nperseg=50, detrend="linear"), dict(nperseg=32, average="median"),
              dict(nperseg=32, scaling="spectrum", return_onesided=False), dict(nperseg=33, detrend=False),
              dict(window=np.hanning(40))]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape, axis", SHAPES, ids=str)
@pytest.mark.parametrize("kwargs", WELCH_ARGS, ids=lambda k: ",".join(sorted(k)) or "defaults")
def test_welch_csd_coherence(backend, dtype, shape, axis, kwargs):
    x, y = sample(shape, dtype, 1) * 3, sample(shape, dtype, 2)
    _compare(backend, signal.welch, scipy.signal.welch, dtype, x, axis=axis, **kwargs)
    _compare(backend, signal.csd, scipy.signal.csd, dtype, x, y, axis=axis, **kwargs)
    if not {"return_onesided", "average", "scaling"} & set(kwargs):
        _compare(backend, signal.coherence, scipy.signal.coherence, dtype, x, y, axis=axis, **kwargs)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape, axis", SHAPES, ids=str)
def test_periodogram(backend, dtype, shape, axis):
    x = sample(shape, dtype, 3) * 3
    for kwargs in [{}, dict(nfft=400), dict(nfft=100), dict(window="hann", scaling="spectrum"),
                   dict(detrend="linear", return_onesided=False)]:
        _compare(backend, signal.periodogram, scipy.signal.periodogram, dtype, x, axis=axis, **kwargs)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128])
@pytest.mark.parametrize("shape, axis", SHAPES, ids=str)
@pytest.mark.parametrize("mode", ["psd", "complex", "magnitude", "angle", "phase"])
def test_spectrogram(backend, dtype, shape, axis, mode):
    x = sample(shape, dtype, 4) * 3
    for kwargs in [{}, dict(nperseg=64, noverlap=10, nfft=100), dict(window="hamming", nperseg=50, detrend="linear"),
                   dict(nperseg=32, scaling="spectrum", return_onesided=False)]:
        _compare(backend, signal.spectrogram, scipy.signal.spectrogram, dtype, x, axis=axis, mode=mode, **kwargs)


STFT_ARGS = [dict(nperseg=64), dict(nperseg=64, noverlap=10, nfft=100), dict(nperseg=50, boundary="even", padded=False),
             dict(nperseg=32, boundary=None, scaling="psd"), dict(nperseg=31, boundary="odd"),
             dict(nperseg=40, boundary="constant", detrend="constant")]


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128])
@pytest.mark.parametrize("shape, axis", SHAPES, ids=str)
@pytest.mark.parametrize("kwargs", STFT_ARGS, ids=lambda k: ",".join(f"{a}={b}" for a, b in sorted(k.items())))
def test_stft_istft(backend, dtype, shape, axis, kwargs):
    x = sample(shape, dtype, 5) * 3
    _compare(backend, signal.stft, scipy.signal.stft, dtype, x, axis=axis, **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _, _, z = scipy.signal.stft(x, axis=axis, **kwargs)
    inverse = {k: v for k, v in kwargs.items() if k in ("nperseg", "noverlap", "nfft", "scaling")}
    freq_axis, time_axis = (0, -1) if axis == 0 else (-2, -1)
    _compare(backend, signal.istft, scipy.signal.istft, dtype, z, input_onesided=np.dtype(dtype).kind != "c",
             boundary=kwargs.get("boundary", "zeros") is not None, time_axis=time_axis, freq_axis=freq_axis,
             **inverse)


@pytest.mark.parametrize("call, match", [
    (lambda: signal.welch(np.ones(100), nperseg=0), "positive integer"),
    (lambda: signal.welch(np.ones(100), nperseg=10, noverlap=10), "must be less than"),
    (lambda: signal.welch(np.ones(100), nperseg=10, nfft=5), "greater than or equal"),
    (lambda: signal.welch(np.ones(100), nperseg=10, average="x"), "'median' or 'mean'"),
    (lambda: signal.welch(np.ones(100), nperseg=10, scaling="x"), "scaling"),
    (lambda: signal.csd(np.ones((2, 100)), np.ones((3, 100))), "cannot be broadcast"),
    (lambda: signal.istft(np.ones(5)), "at least 2d"),
    (lambda: signal.istft(np.ones((5, 5)), time_axis=0, freq_axis=0), "differing time and frequency"),
    (lambda: signal.stft(np.ones(100), scaling="x"), "scaling"),
    (lambda: signal.spectrogram(np.ones(100), mode="x"), "unknown value for mode"),
    (lambda: signal.stft(np.ones(100), nperseg=20, boundary="x"), "Unknown boundary"),
])
def test_errors(backend, call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_nperseg_longer_than_signal_warns(backend):
    with pytest.warns(UserWarning, match="greater than"):
        signal.welch(backend.put(np.ones(50)), nperseg=64)


@pytest.mark.parametrize("normalize", [False, True, "power", "normalize", "amplitude"])
@pytest.mark.parametrize("floating_mean", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
def test_lombscargle(backend, monkeypatch, normalize, floating_mean, weighted):
    rng = np.random.default_rng(6)
    x = np.sort(rng.uniform(0, 10, 120))
    y = np.sin(2 * x) + 0.3 * rng.standard_normal(120) + 1.0
    freqs = np.linspace(0.1, 5, 300)
    weights = rng.uniform(0.1, 1, 120) if weighted else None
    expected = scipy.signal.lombscargle(x, y, freqs, normalize=normalize, floating_mean=floating_mean, weights=weights)
    actual = signal.lombscargle(backend.put(x), backend.put(y), backend.put(freqs), normalize=normalize,
                                floating_mean=floating_mean, weights=None if weights is None else backend.put(weights))
    assert_matches(backend.get(actual), expected, rtol=1e-8)
    monkeypatch.setattr(_lombscargle, "_SLAB_VALUES", 1000)  # several slabs of frequencies
    actual = signal.lombscargle(backend.put(x), backend.put(y), backend.put(freqs), normalize=normalize,
                                floating_mean=floating_mean, weights=None if weights is None else backend.put(weights))
    assert_matches(backend.get(actual), expected, rtol=1e-8)


@pytest.mark.parametrize("call, match", [
    (lambda: signal.lombscargle(np.ones(3), np.ones(4), np.ones(2)), "equal non-zero length"),
    (lambda: signal.lombscargle(np.ones(3), np.ones(3), np.ones((2, 2))), "freqs must be a 1-D"),
    (lambda: signal.lombscargle(np.ones(3), np.ones(3), np.ones(2), weights=-np.ones(3)), "non-negative"),
    (lambda: signal.lombscargle(np.ones(3), np.ones(3), np.ones(2), normalize="x"), "Normalize must be"),
])
def test_lombscargle_errors(backend, call, match):
    with pytest.raises(ValueError, match=match):
        call()
