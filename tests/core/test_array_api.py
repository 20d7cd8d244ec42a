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


# The main namespace of the array API standard, 2024.12 (constants, dtypes and functions).
STANDARD_NAMES = """e inf nan newaxis pi
bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 float32 float64 complex64 complex128
arange asarray empty empty_like eye from_dlpack full full_like linspace meshgrid ones ones_like tril triu zeros
zeros_like astype can_cast finfo iinfo isdtype result_type abs acos acosh add asin asinh atan atan2 atanh
bitwise_and bitwise_left_shift bitwise_invert bitwise_or bitwise_right_shift bitwise_xor ceil clip conj copysign
cos cosh divide equal exp expm1 floor floor_divide greater greater_equal hypot imag isfinite isinf isnan less
less_equal log log1p log2 log10 logaddexp logical_and logical_not logical_or logical_xor maximum minimum multiply
negative nextafter not_equal positive pow real reciprocal remainder round sign signbit sin sinh square sqrt
subtract tan tanh trunc take take_along_axis __array_namespace_info__ matmul matrix_transpose tensordot vecdot
broadcast_arrays broadcast_to concat expand_dims flip moveaxis permute_dims repeat reshape roll squeeze stack
tile unstack argmax argmin count_nonzero nonzero searchsorted where unique_all unique_counts unique_inverse
unique_values argsort sort cumulative_prod cumulative_sum max mean min prod std sum var all any diff""".split()


def test_main_namespace_has_every_standard_name():
    assert [name for name in STANDARD_NAMES if not hasattr(gpuarray, name)] == []
    assert (gpuarray.e, gpuarray.inf, gpuarray.pi) == (numpy.e, numpy.inf, numpy.pi)
    assert numpy.isnan(gpuarray.nan) and gpuarray.newaxis is None


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


@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.uint64, numpy.float32, numpy.complex128])
def test_isdtype_on_array_dtypes(dtype):
    a, _ = fake_array((2,), dtype)
    for kind in ("bool", "signed integer", "unsigned integer", "integral", "real floating", "complex floating",
                 "numeric", ("integral", "complex floating"), numpy.dtype(dtype), numpy.float64):
        assert gpuarray.isdtype(a.dtype, kind) == numpy.isdtype(numpy.dtype(dtype), kind), kind


def test_matrix_transpose_and_permute_dims_are_views():
    a, _ = fake_array((2, 3, 4))
    t = gpuarray.matrix_transpose(a)
    assert t.shape == (2, 4, 3) and t.strides == (a.strides[0], a.strides[2], a.strides[1])
    assert t.data.ptr == a.data.ptr and gpuarray.permute_dims(a, (0, 2, 1)).strides == t.strides
    with pytest.raises(ValueError, match="at least 2-dimensional"):
        gpuarray.matrix_transpose(a[0, 0])
    with pytest.raises(ValueError):
        gpuarray.permute_dims(a, (0, 1))
    with pytest.raises(ValueError):
        gpuarray.permute_dims(a, (0, 1, 1))


def test_namespace_functions_take_the_standards_keywords():
    import inspect
    for name, keywords in [("astype", {"copy", "device"}), ("vecdot", {"axis"}), ("from_dlpack", {"device", "copy"}),
                           ("empty", {"device"}), ("zeros", {"device"}), ("ones", {"device"}), ("full", {"device"}),
                           ("arange", {"device"}), ("linspace", {"device"}), ("eye", {"device"}),
                           ("asarray", {"device", "copy"}), ("empty_like", {"device"}), ("zeros_like", {"device"}),
                           ("ones_like", {"device"}), ("full_like", {"device"})]:
        parameters = inspect.signature(getattr(gpuarray, name)).parameters
        assert keywords <= {k for k, p in parameters.items() if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)}, name


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


@gpu
def test_gpu_info_names_the_devices():
    info = gpuarray.__array_namespace_info__()
    assert info.default_device() == gpuarray.cuda.Device()
    assert info.default_device() in info.devices()
    assert gpuarray.zeros(2).device == info.default_device()


def _generic_statistics(x):
    """Array-API-only code: the namespace comes from the array."""
    xp = x.__array_namespace__()
    values, indices, inverse, counts = xp.unique_all(x)
    as_float = xp.astype(x, xp.float64)
    m = xp.reshape(as_float, (2, -1))
    return (values, indices, inverse, counts, xp.unique_counts(x).counts, xp.unique_inverse(x).inverse_indices,
            xp.unique_values(x), xp.vecdot(m, m), xp.matrix_transpose(m), xp.permute_dims(m, (1, 0)))


@gpu
def test_gpu_generic_array_api_code_matches_numpy():
    x = numpy.array([3, 1, 2, 3, 1, 3, 7, 2], dtype=numpy.int32)
    got = _generic_statistics(gpuarray.asarray(x))
    want = _generic_statistics(x)
    for k, (g, n) in enumerate(zip(got, want)):
        assert isinstance(g, gpuarray.ndarray)
        assert g.dtype == n.dtype and g.shape == n.shape
        # The standard leaves unique_values' order open; newer NumPy returns it unsorted.
        numpy.testing.assert_array_equal(*((numpy.sort(g.get()), numpy.sort(n)) if k == 6 else (g.get(), n)))


@gpu
def test_gpu_unique_keeps_nans_apart_and_vecdot_conjugates():
    x = numpy.array([numpy.nan, 1.0, numpy.nan, 1.0])
    g = gpuarray.asarray(x)
    numpy.testing.assert_array_equal(gpuarray.unique_values(g).get(), [1.0, numpy.nan, numpy.nan])
    numpy.testing.assert_array_equal(gpuarray.unique_counts(g).counts.get(), [2, 1, 1])
    z = numpy.array([[1 + 2j, 3 - 1j], [0.5j, 2]])
    numpy.testing.assert_allclose(gpuarray.vecdot(gpuarray.asarray(z), gpuarray.asarray(z[::-1])).get(),
                                  numpy.vecdot(z, z[::-1]))


@gpu
def test_gpu_to_device_on_a_stream():
    a = gpuarray.arange(4)
    d = gpuarray.cuda.Device()
    assert a.to_device(d) is a
    assert a.to_device(d, stream=gpuarray.cuda.Stream(non_blocking=True)) is a
    assert gpuarray.asarray(a, device=d) is a
