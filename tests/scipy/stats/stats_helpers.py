# SPDX-License-Identifier: BSD-3-Clause
"""Helpers and fixtures of the gpuarray.scipy.stats tests.

`backend` runs a test twice. On the host, NumPy's functions stand in for
gpuarray's in gpuarray.scipy.stats._array_ops (the one namespace the stats
modules reach the array functions through): the formulas and SciPy's axis,
NaN and keepdims rules then run on a machine without a device and are
compared with SciPy. On the device (marked `gpu`) the same test runs on
device arrays. `stats_layouts` makes an input in each memory layout on
either backend."""
import numpy as np
import pytest
import scipy

import gpuarray
from gpuarray.scipy.stats import _array_ops

# gpuarray.scipy.stats follows SciPy 1.18 (the GPU machines' version) where 1.17
# differs (Note [SciPy 1.18 is the reference] in tests/scipy/linalg/scipy_linalg_cases.py):
# result dtypes of rankdata, gmean, moment, mode and linregress, ks_2samp's location
# among ties, linregress's degenerate slices, kendalltau's error texts.
SCIPY_1_18 = tuple(int(p) for p in scipy.__version__.split(".")[:2]) >= (1, 18)


def require_scipy_1_18(what):
    """Skips the calling test on a host whose SciPy predates 1.18's `what`."""
    if not SCIPY_1_18:
        pytest.skip(f"gpuarray follows SciPy 1.18 in {what}; this host has SciPy {scipy.__version__}")

HOST = {name: getattr(np, name) for name in _array_ops.__all__ if hasattr(np, name)}
HOST.update(asnumpy=np.asarray, ndarray=np.ndarray)
assert set(HOST) == set(_array_ops.__all__), set(_array_ops.__all__) - set(HOST)


class HostBackend:
    """NumPy in gpuarray's place: inputs stay NumPy arrays."""
    name = "host"

    @staticmethod
    def put(a):
        return np.asarray(a)

    @staticmethod
    def get(result):
        return np.asarray(result)


class DeviceBackend:
    """gpuarray: inputs are uploaded, results downloaded."""
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
        return HostBackend()
    return DeviceBackend()


LAYOUTS = ["contiguous", "strided", "negative", "transposed", "broadcast"]


def layout(backend, host, kind):
    """(the NumPy array SciPy gets, the backend's array of the same values in layout
    `kind`): views made on the backend itself, so a device array really is strided."""
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
    if kind == "broadcast":
        row = host[..., :1, :] if host.ndim > 1 else host
        shape = host.shape
        return np.broadcast_to(row, shape), _broadcast(backend, backend.put(row), shape)
    raise ValueError(kind)


def _broadcast(backend, a, shape):
    return np.broadcast_to(a, shape) if backend.name == "host" else gpuarray.broadcast_to(a, shape)


def assert_matches(actual, expected, rtol, atol=0.0, check_dtype=True):
    """`actual` (a backend result, downloaded) equals SciPy's `expected`: shape, values
    to the tolerance (NaN where SciPy has NaN), and dtype when asked."""
    expected = np.asarray(expected)
    actual = np.asarray(actual)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    if check_dtype:
        assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    if expected.dtype.kind in "fc" or actual.dtype.kind in "fc":
        np.testing.assert_allclose(actual.astype(np.float64), expected.astype(np.float64), rtol=rtol, atol=atol,
                                   equal_nan=True)
    else:
        np.testing.assert_array_equal(actual, expected)


def tolerance(dtype):
    """rtol for a statistic computed in `dtype` (integers compute in float64)."""
    return 2e-5 if np.dtype(dtype) == np.float32 else 1e-11
