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


F_DTYPES = [numpy.int8, numpy.int64, numpy.uint16, numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
            numpy.complex128]


def smooth(xp, dtype, shape=(7, 6)):
    x = numpy.linspace(0, 3, numpy.prod(shape)).reshape(shape)
    host = (x ** 2 * 5).astype(dtype) if numpy.dtype(dtype).kind in "iu" else (numpy.sin(x) * 10).astype(dtype)
    return xp.asarray(host)


@gpu
@pytest.mark.parametrize("edge_order", [1, 2])
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (1, 0)], ids=repr)
@pytest.mark.parametrize("dtype", F_DTYPES, ids=lambda d: numpy.dtype(d).name)
@testing.numpy_gpuarray_equal(rtol=2e-3, atol=1e-6)
def test_gradient(xp, dtype, axis, edge_order):
    result = xp.gradient(smooth(xp, dtype), axis=axis, edge_order=edge_order)
    return list(result) if isinstance(result, tuple) else result


@gpu
@pytest.mark.parametrize("spacing", ["scalar", "one per axis", "coordinates", "uneven", "even ints", "0-d device"])
@pytest.mark.parametrize("edge_order", [1, 2])
@testing.numpy_gpuarray_equal(rtol=1e-12, atol=1e-12)
def test_gradient_spacing(xp, spacing, edge_order):
    f = smooth(xp, numpy.float64)
    if spacing == "scalar":
        args = (0.5,)
    elif spacing == "one per axis":
        args = (0.5, 2)
    elif spacing == "coordinates":
        args = (xp.asarray(numpy.linspace(0, 1, 7)), 3.0)
    elif spacing == "uneven":
        args = (xp.asarray(numpy.array([0.0, 0.1, 0.5, 0.6, 1.2, 2.0, 2.1])), xp.asarray(numpy.geomspace(1, 9, 6)))
    elif spacing == "even ints":
        args = (xp.asarray(numpy.arange(0, 14, 2)), xp.asarray(numpy.arange(6)))
    else:
        args = (xp.asarray(numpy.array(0.25)),)
    return list(xp.gradient(f, *args, edge_order=edge_order))


@gpu
@pytest.mark.parametrize("layout", ["transposed", "reversed", "strided", "1-d"])
@testing.numpy_gpuarray_equal(rtol=1e-12, atol=1e-12)
def test_gradient_layouts(xp, layout):
    f = smooth(xp, numpy.float64, (8, 9))
    f = {"transposed": f.T, "reversed": f[::-1, ::-2], "strided": f[::2, 1::2], "1-d": f[3]}[layout]
    result = xp.gradient(f, edge_order=2)
    return list(result) if isinstance(result, tuple) else result


@gpu
@pytest.mark.parametrize("call", ["too short", "edge 3", "2-d coordinates", "wrong length", "too many", "bool"])
@testing.numpy_gpuarray_equal()
def test_gradient_errors(xp, call):
    f = smooth(xp, numpy.float64, (2, 5))
    if call == "too short":
        return xp.gradient(f, edge_order=2)
    if call == "edge 3":
        return xp.gradient(f, edge_order=3)
    if call == "2-d coordinates":
        return xp.gradient(f, xp.asarray(numpy.ones((2, 2))), 1.0)
    if call == "wrong length":
        return xp.gradient(f, 1.0, xp.asarray(numpy.arange(4.0)))
    if call == "too many":
        return xp.gradient(f, 1.0, 2.0, 3.0)
    return xp.gradient(xp.asarray(numpy.array([True, False, True])))


@gpu
@pytest.mark.parametrize("axis", [-1, 0])
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.int64], ids=lambda d: numpy.dtype(d).name)
@pytest.mark.parametrize("kwargs", [{}, {"discont": 4.0}, {"discont": 1.0}, {"period": 360.0}, {"period": 6}],
                         ids=repr)
@testing.numpy_gpuarray_equal(rtol=1e-5, atol=1e-4)
def test_unwrap(xp, dtype, axis, kwargs):
    rng = numpy.random.default_rng(3)
    steps = rng.uniform(-2.5, 2.5, (5, 40))
    if numpy.dtype(dtype).kind == "i":
        steps = numpy.rint(steps * 2)
    period = kwargs.get("period", 2 * numpy.pi)
    wrapped = numpy.mod(numpy.cumsum(steps, axis=1) + period / 2, period) - period / 2
    if numpy.dtype(dtype).kind == "i":
        wrapped = numpy.mod(numpy.cumsum(steps, axis=1), period) - period // 2
    return xp.unwrap(xp.asarray(wrapped.astype(dtype)), axis=axis, **kwargs)


@gpu
@pytest.mark.parametrize("layout", ["transposed", "reversed", "0 along axis", "one sample"])
@testing.numpy_gpuarray_equal(rtol=1e-12, atol=1e-12)
def test_unwrap_layouts(xp, layout):
    a = xp.asarray(numpy.linspace(-20, 20, 60).reshape(6, 10) % 6.0)
    p = {"transposed": a.T, "reversed": a[::-1, ::-3], "0 along axis": a[:, :0], "one sample": a[:, :1]}[layout]
    return xp.unwrap(p)
