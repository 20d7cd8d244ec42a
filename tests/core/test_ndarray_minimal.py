# SPDX-License-Identifier: BSD-3-Clause
"""The minimal ndarray of the Foundation: allocation, attributes, transfers."""
import numpy
import pytest

import gpuarray

ALL_DTYPES = [numpy.bool_, numpy.int8, numpy.int16, numpy.int32, numpy.int64, numpy.uint8,
              numpy.uint16, numpy.uint32, numpy.uint64, numpy.float16, numpy.float32,
              numpy.float64, numpy.complex64, numpy.complex128]


@pytest.mark.parametrize("dtype", ["O", "U3", "S2", "M8[s]", [("a", "f4")]])
def test_unsupported_dtypes_raise_type_error_naming_them(dtype):
    with pytest.raises(TypeError, match="does not support dtype"):
        gpuarray.ndarray((2,), dtype)


def test_negative_dimension_raises():
    with pytest.raises(ValueError, match="negative dimensions"):
        gpuarray.ndarray((2, -1), numpy.float32)


def test_implicit_numpy_conversion_raises():
    a = gpuarray.ndarray.__new__(gpuarray.ndarray)
    with pytest.raises(TypeError, match="Implicit conversion to a NumPy array is not allowed"):
        gpuarray.ndarray.__array__(a)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("shape", [(), (0,), (7,), (3, 5), (2, 0, 4), (2, 3, 4, 5)])
def test_round_trip(dtype, shape):
    rng = numpy.random.default_rng(0)
    host = (rng.standard_normal(shape) * 100).astype(dtype)
    if numpy.dtype(dtype).kind == "c":
        host = host + 1j * host[::-1] if host.ndim else host
    a = gpuarray.asarray(host)
    assert a.shape == host.shape and a.dtype == host.dtype
    assert a.strides == numpy.empty(shape, dtype).strides
    assert a.ndim == host.ndim and a.size == host.size and a.nbytes == host.nbytes
    assert a.itemsize == host.itemsize
    back = a.get()
    assert back.dtype == host.dtype
    numpy.testing.assert_array_equal(back, host)
    numpy.testing.assert_array_equal(gpuarray.asnumpy(a), host)


@pytest.mark.gpu
def test_non_native_byte_order_is_converted():
    host = numpy.arange(6, dtype=">i4").reshape(2, 3)
    a = gpuarray.asarray(host)
    assert a.dtype == numpy.dtype("i4") and a.dtype.isnative
    numpy.testing.assert_array_equal(a.get(), host)


@pytest.mark.gpu
def test_zeros_empty_and_set():
    z = gpuarray.zeros((4, 5), dtype=numpy.float32)
    numpy.testing.assert_array_equal(z.get(), numpy.zeros((4, 5), numpy.float32))
    e = gpuarray.empty((4, 5), dtype=numpy.int16)
    assert e.shape == (4, 5) and e.dtype == numpy.int16
    e.set(numpy.arange(20, dtype=numpy.int16).reshape(4, 5))
    numpy.testing.assert_array_equal(e.get(), numpy.arange(20).reshape(4, 5))
    with pytest.raises(ValueError, match="Shape mismatch"):
        e.set(numpy.zeros(3, numpy.int16))
    assert e.data.ptr != 0 and e.data.device_id == 0


@pytest.mark.gpu
def test_fortran_order_strides():
    a = gpuarray.empty((3, 4), dtype=numpy.float64, order="F")
    assert a.strides == numpy.empty((3, 4), numpy.float64, order="F").strides
    assert a._f_contiguous and not a._c_contiguous


@pytest.mark.gpu
def test_repr_matches_numpy():
    host = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
    a = gpuarray.asarray(host)
    assert repr(a) == repr(host)
    assert str(a) == str(host)
