# SPDX-License-Identifier: BSD-3-Clause
"""Helpers and fixtures of the gpuarray.scipy.signal tests.

`backend` runs a test twice. On the host, NumPy (and scipy.fft for the
transforms) stands in for gpuarray in gpuarray.scipy.signal._array_ops, the
one namespace the signal modules reach array functions through, so the
formulas, the mode/boundary bookkeeping and both convolution paths run on a
machine without a device and are compared with SciPy. On the device (marked
`gpu`) the same test runs on device arrays."""
import numpy as np
import pytest
import scipy.fft

import gpuarray
from gpuarray.scipy.signal import _array_ops, _conv_core

_FFT = ["fft", "fftn", "ifft", "ifftn", "irfft", "irfftn", "rfft", "rfftn"]
HOST = {name: getattr(np, name) for name in _array_ops.__all__ if hasattr(np, name) and name not in _FFT}
HOST.update({name: getattr(scipy.fft, name) for name in _FFT})


def _host_segments(x, length, step):
    return np.lib.stride_tricks.sliding_window_view(x, length, axis=-1)[..., ::step, :]


HOST.update(asnumpy=np.asarray, ndarray=np.ndarray, segments=_host_segments,
            strided=lambda x, shape, strides: np.lib.stride_tricks.as_strided(x, shape, strides))
assert set(HOST) == set(_array_ops.__all__), set(_array_ops.__all__) - set(HOST)


class _HostCorrelation:
    """gpuarray._math.correlation's convolve, as NumPy's."""
    convolve = staticmethod(np.convolve)


class HostBackend:
    name = "host"

    @staticmethod
    def put(a):
        return np.asarray(a)

    @staticmethod
    def get(result):
        return np.asarray(result)


class DeviceBackend:
    name = "device"

    @staticmethod
    def put(a):
        return gpuarray.asarray(np.asarray(a))

    @staticmethod
    def get(result):
        return gpuarray.asnumpy(result)


@pytest.fixture(params=["host", pytest.param("device", marks=pytest.mark.gpu)])
def backend(request, monkeypatch):
    if request.param == "host":
        for name, function in HOST.items():
            monkeypatch.setattr(_array_ops, name, function)
        monkeypatch.setattr(_conv_core, "_correlation", _HostCorrelation)
        return HostBackend()
    return DeviceBackend()


def tolerance(dtype):
    """rtol for a result computed in `dtype`."""
    return 2e-4 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-9


def assert_matches(actual, expected, rtol, atol=0.0, check_dtype=True):
    expected, actual = np.asarray(expected), np.asarray(actual)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    if check_dtype:
        assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    if expected.dtype.kind in "fc" or actual.dtype.kind in "fc":
        scale = np.max(np.abs(expected)) if expected.size else 1.0
        np.testing.assert_allclose(actual, expected, rtol=rtol, atol=atol + rtol * scale, equal_nan=True)
    else:
        np.testing.assert_array_equal(actual, expected)


def layout(backend, host, kind):
    """(NumPy array for SciPy, the backend's array of the same values in layout `kind`)."""
    if kind == "contiguous":
        return host, backend.put(host)
    if kind == "strided":
        wide = np.repeat(host, 2, axis=-1)
        return wide[..., ::2], backend.put(wide)[..., ::2]
    if kind == "negative":
        flipped = np.ascontiguousarray(host[..., ::-1])
        return flipped[..., ::-1], backend.put(flipped)[..., ::-1]
    if kind == "transposed":
        t = np.ascontiguousarray(host.T)
        return t.T, backend.put(t).T
    raise ValueError(kind)


def sample(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        return rng.integers(0 if dtype.kind == "u" else -9, 10, shape).astype(dtype)
    values = rng.standard_normal(shape)
    if dtype.kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)
