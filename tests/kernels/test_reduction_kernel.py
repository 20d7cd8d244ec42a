# SPDX-License-Identifier: BSD-3-Clause
"""ReductionKernel (CuPy's API) against NumPy: placeholders, typed and scalar
parameters, axis/keepdims/out, identity or none, reduce_type; bad input."""
import numpy
import pytest

import gpuarray

gpu = pytest.mark.gpu

L2NORM = ("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")


@gpu
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1), -1])
def test_l2norm(dtype, axis):
    kernel = gpuarray.ReductionKernel(*L2NORM)
    host = numpy.arange(24, dtype=dtype).reshape(4, 6) / 7
    got = kernel(gpuarray.asarray(host), axis=axis)
    expected = numpy.sqrt((host * host).sum(axis=axis))
    assert got.dtype == dtype and got.shape == expected.shape
    numpy.testing.assert_allclose(got.get(), expected, rtol=1e-5)


@gpu
def test_keepdims_out_strided_and_broadcast_inputs():
    dot = gpuarray.ReductionKernel("T x, T y", "T z", "x * y", "a + b", "z = a", "0", "dot")
    x = numpy.arange(30.0).reshape(5, 6)
    y = numpy.linspace(0, 1, 6)
    got = dot(gpuarray.asarray(x)[:, ::-1], gpuarray.asarray(y), axis=1, keepdims=True)
    numpy.testing.assert_allclose(got.get(), (x[:, ::-1] * y).sum(axis=1, keepdims=True))
    out = gpuarray.zeros((6,), dtype=numpy.float64)
    assert dot(gpuarray.asarray(x), gpuarray.asarray(y), out, axis=0) is out
    numpy.testing.assert_allclose(out.get(), (x * y).sum(axis=0))


@gpu
def test_no_identity_scalar_param_and_reduce_type():
    biggest = gpuarray.ReductionKernel("T x", "T y", "x", "a > b ? a : b", "y = a", None, "biggest")
    host = numpy.array([[3, -7, 5], [-1, -2, -9]], dtype=numpy.int16)
    numpy.testing.assert_array_equal(biggest(gpuarray.asarray(host), axis=1).get(), host.max(axis=1))
    scaled = gpuarray.ReductionKernel("float32 x, float32 s", "float64 y", "x * s", "a + b", "y = a", "0",
                                      "scaled_sum", reduce_type="float64")
    got = scaled(gpuarray.ones((1000,), dtype=numpy.float32), 0.5)
    assert got.dtype == numpy.float64 and float(got.get()) == 500.0
    count = gpuarray.ReductionKernel("T x", "int64 n", "x != 0", "a + b", "n = a", "0", "count",
                                     reduce_type="int64")
    assert int(count(gpuarray.asarray(numpy.array([0, 1, 2, 0, 5]))).get()) == 3


@gpu
def test_large_reduction_splits_over_blocks():
    total = gpuarray.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "total")
    assert float(total(gpuarray.ones((1 << 24,), dtype=numpy.float64)).get()) == float(1 << 24)


def test_bad_definitions():
    with pytest.raises(ValueError):
        gpuarray.ReductionKernel("T x", "T y, T z", "x", "a + b", "y = a", "0")
    with pytest.raises(ValueError):
        gpuarray.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", name="not a name")
    with pytest.raises(ValueError):
        gpuarray.ReductionKernel("raw T x", "T y", "x", "a + b", "y = a", "0")


@gpu
def test_bad_calls():
    kernel = gpuarray.ReductionKernel(*L2NORM)
    with pytest.raises(TypeError):
        kernel()
    with pytest.raises(TypeError):
        kernel([1.0, 2.0])
    mixed = gpuarray.ReductionKernel("T x, T y", "T z", "x * y", "a + b", "z = a", "0", "mixed")
    with pytest.raises(TypeError):
        mixed(gpuarray.ones(3, dtype=numpy.float32), gpuarray.ones(3, dtype=numpy.float64))
