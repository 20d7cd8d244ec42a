# SPDX-License-Identifier: BSD-3-Clause
"""trapezoid and vander against NumPy (issue 25)."""
import numpy
import pytest

from gpuarray import testing

gpu = pytest.mark.gpu

DTYPES = [numpy.bool_, numpy.int8, numpy.int64, numpy.uint64, numpy.float16, numpy.float32, numpy.float64,
          numpy.complex64, numpy.complex128]


def sample(xp, dtype, shape=(4, 5)):
    host = testing.exact_sample(shape, dtype)
    return xp.asarray(host)


@gpu
@pytest.mark.parametrize("axis", [-1, 0, 1])
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: numpy.dtype(d).name)
@testing.numpy_gpuarray_equal(rtol=1e-6, atol=1e-6)
def test_trapezoid_dtypes_and_axes(xp, dtype, axis):
    return xp.trapezoid(sample(xp, dtype), axis=axis)


@gpu
@pytest.mark.parametrize("layout", ["transposed", "reversed", "broadcast", "empty axis", "one point"])
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_trapezoid_layouts(xp, layout):
    a = sample(xp, numpy.float64, (6, 5))
    y = {"transposed": a.T, "reversed": a[::-1, ::-2], "broadcast": xp.broadcast_to(a[0], (3, 5)),
         "empty axis": a[:, :0], "one point": a[:, :1]}[layout]
    return xp.trapezoid(y)


@gpu
@pytest.mark.parametrize("x", ["1-d", "full", "1-d short", "host list"])
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_trapezoid_sample_points(xp, x):
    y = sample(xp, numpy.float64, (3, 5))
    points = {"1-d": xp.asarray(numpy.array([0.0, 0.5, 2.0, 2.5, 4.0])),
              "full": xp.cumsum(sample(xp, numpy.float64, (3, 5)) ** 2, axis=1),
              "1-d short": xp.asarray(numpy.array([1.0, 3.0])), "host list": [0, 1, 3, 6, 10]}[x]
    return xp.trapezoid(y, x=points if x != "host list" else xp.asarray(numpy.array(points)))


@gpu
@pytest.mark.parametrize("dx", [2, 0.25, numpy.float32(3)], ids=repr)
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_trapezoid_dx(xp, dx):
    return xp.trapezoid(sample(xp, numpy.float32, (5,)), dx=dx)


@gpu
@pytest.mark.parametrize("call", ["axis 5", "axis -3", "0-d", "x too long"])
@testing.numpy_gpuarray_equal()
def test_trapezoid_errors(xp, call):
    y = sample(xp, numpy.float64, (2, 3))
    if call == "axis 5":
        return xp.trapezoid(y, axis=5)
    if call == "axis -3":
        return xp.trapezoid(y, axis=-3)
    if call == "0-d":
        return xp.trapezoid(y[0, 0, ...])
    return xp.trapezoid(y[0], x=xp.asarray(numpy.arange(4.0)))


@gpu
@pytest.mark.parametrize("increasing", [False, True])
@pytest.mark.parametrize("N", [None, 0, 1, 2, 6])
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: numpy.dtype(d).name)
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_vander(xp, dtype, N, increasing):
    x = xp.asarray(numpy.array([0, 1, -2, 3, 5], dtype=numpy.int64).astype(dtype))
    return xp.vander(x, N, increasing)


@gpu
@pytest.mark.parametrize("layout", ["reversed", "strided", "empty"])
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_vander_layouts(xp, layout):
    x = xp.asarray(numpy.linspace(-2, 2, 9))
    return xp.vander({"reversed": x[::-1], "strided": x[::3], "empty": x[:0]}[layout], 4)


@gpu
@testing.numpy_gpuarray_equal()
def test_vander_integers_wrap_as_numpys(xp):
    return xp.vander(xp.asarray(numpy.array([3, 7, -11], dtype=numpy.int64)), 45)


@gpu
@pytest.mark.parametrize("args", [([[1, 2]],), ([1, 2], -1), ([1, 2], 2.0)], ids=repr)
@testing.numpy_gpuarray_equal()
def test_vander_errors(xp, args):
    return xp.vander(xp.asarray(numpy.array(args[0])), *args[1:])
