# SPDX-License-Identifier: BSD-3-Clause
"""Fixtures of the gpuarray.scipy.ndimage tests.

`backend` runs a test twice. On the host, NumPy stands in for gpuarray in
gpuarray.scipy.ndimage._array_ops, the one namespace the ndimage modules
reach array functions through, so the boundary modes, origins, axes and
dtype rules run on a machine without a device and are compared with
scipy.ndimage. On the device (marked `gpu`) the same test runs on device
arrays."""
import numpy as np
import pytest
import scipy.special

import gpuarray
from gpuarray.scipy.ndimage import _array_ops

HOST = {name: getattr(np, name) for name in _array_ops.__all__ if hasattr(np, name)}
HOST.update(asnumpy=np.asarray, ndarray=np.ndarray, j1=scipy.special.j1,
            strided=lambda x, shape, strides: np.lib.stride_tricks.as_strided(x, shape, strides))
assert set(HOST) == set(_array_ops.__all__), set(_array_ops.__all__) - set(HOST)


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
        return HostBackend()
    return DeviceBackend()
