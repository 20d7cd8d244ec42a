# SPDX-License-Identifier: BSD-3-Clause
"""The array API standard's entry points: namespace, inspection info, astype and
permute_dims, device and to_device, device= on creation functions."""
import numpy
import pytest

import gpuarray
from fake_memory import fake_array

gpu = pytest.mark.gpu


def test_array_namespace():
    a, _ = fake_array((2,))
    assert a.__array_namespace__() is gpuarray
    assert a.__array_namespace__(api_version="2024.12") is gpuarray
    with pytest.raises(ValueError, match="2099.01"):
        a.__array_namespace__(api_version="2099.01")


def test_main_namespace_names():
    for name in ("isdtype", "astype", "permute_dims", "__array_namespace_info__", "from_dlpack"):
        assert callable(getattr(gpuarray, name)), name


def test_info_structure():
    info = gpuarray.__array_namespace_info__()
    caps = info.capabilities()
    assert caps == {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}
    assert info.default_dtypes() == {"real floating": numpy.float64, "complex floating": numpy.complex128,
                                     "integral": numpy.int64, "indexing": numpy.int64}
    all_dtypes = info.dtypes()
    assert set(all_dtypes) == {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                               "float32", "float64", "complex64", "complex128"}
    assert all(numpy.dtype(k) == v for k, v in all_dtypes.items())
    assert set(info.dtypes(kind="integral")) == {"int8", "int16", "int32", "int64",
                                                 "uint8", "uint16", "uint32", "uint64"}
    assert set(info.dtypes(kind=("bool", "complex floating"))) == {"bool", "complex64", "complex128"}
    assert len(info.dtypes(kind="numeric")) == 12
    with pytest.raises(ValueError, match="'strings'"):
        info.dtypes(kind="strings")
    with pytest.raises(ValueError, match="device"):
        info.dtypes(device="cpu")
    devices = info.devices()
    assert isinstance(devices, list) and all(isinstance(d, gpuarray.cuda.Device) for d in devices)
    assert len(devices) == (gpuarray.cuda.runtime.getDeviceCount() if gpuarray.cuda.is_available() else 0)


def test_device_property_and_permute_dims():
    a, _ = fake_array((2, 3, 4))
    assert a.device == gpuarray.cuda.Device(0)
    assert a.to_device(gpuarray.cuda.Device(0)) is a
    with pytest.raises(ValueError, match="to_device"):
        a.to_device("cpu")
    p = gpuarray.permute_dims(a, (2, 0, 1))
    assert p.shape == (4, 2, 3) and p.strides == (a.strides[2], a.strides[0], a.strides[1])


def test_astype_without_a_copy():
    a, _ = fake_array((2,), numpy.float32)
    assert gpuarray.astype(a, numpy.float32, copy=False) is a


@pytest.mark.parametrize("make", [
    lambda d: gpuarray.empty(3, device=d), lambda d: gpuarray.zeros(3, device=d),
    lambda d: gpuarray.ones(3, device=d), lambda d: gpuarray.full(3, 1, device=d),
    lambda d: gpuarray.arange(3, device=d), lambda d: gpuarray.linspace(0, 1, device=d),
    lambda d: gpuarray.eye(2, device=d), lambda d: gpuarray.asarray([1], device=d),
    lambda d: gpuarray.empty_like(numpy.zeros(2), device=d),
])
def test_creation_rejects_other_devices(make):
    with pytest.raises(ValueError, match="device"):
        make("cpu")


@gpu
def test_gpu_creation_on_a_device():
    d = gpuarray.cuda.Device(0)
    for a in (gpuarray.zeros(3, device=d), gpuarray.arange(3, device=d), gpuarray.asarray([1, 2], device=d)):
        assert a.device == d
    b = gpuarray.astype(gpuarray.arange(3), numpy.float32, device=d)
    assert b.dtype == numpy.float32 and b.device == d
