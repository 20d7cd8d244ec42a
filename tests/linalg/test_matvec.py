# SPDX-License-Identifier: BSD-3-Clause
"""matvec and vecmat (NumPy 2.2's gufuncs, issue 25) against NumPy."""
import numpy
import pytest

from gpuarray import testing

gpu = pytest.mark.gpu

DTYPES = [numpy.int8, numpy.int64, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


def sample(xp, shape, dtype, seed=0):
    host = numpy.random.default_rng(seed).integers(-4, 5, shape).astype(dtype)
    if numpy.dtype(dtype).kind == "c":
        host = host + 1j * numpy.random.default_rng(seed + 1).integers(-4, 5, shape)
    return xp.asarray(host)


@gpu
@pytest.mark.parametrize("shapes", [((3, 4), (4,)), ((2, 3, 4), (4,)), ((3, 4), (5, 4)), ((2, 1, 3, 4), (5, 4)),
                                    ((0, 3), (3,)), ((3, 0), (0,))], ids=repr)
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: numpy.dtype(d).name)
@testing.numpy_gpuarray_equal(rtol=1e-5)
def test_matvec(xp, dtype, shapes):
    return xp.matvec(sample(xp, shapes[0], dtype), sample(xp, shapes[1], dtype, 7))


@gpu
@pytest.mark.parametrize("shapes", [((4,), (4, 3)), ((4,), (2, 4, 3)), ((5, 4), (4, 3)), ((5, 1, 4), (2, 4, 3))],
                         ids=repr)
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: numpy.dtype(d).name)
@testing.numpy_gpuarray_equal(rtol=1e-5)
def test_vecmat(xp, dtype, shapes):
    return xp.vecmat(sample(xp, shapes[0], dtype), sample(xp, shapes[1], dtype, 7))


@gpu
@pytest.mark.parametrize("name", ["matvec", "vecmat"])
@testing.numpy_gpuarray_equal(rtol=1e-6)
def test_layouts_dtype_and_out(xp, name):
    m = sample(xp, (6, 6), numpy.float64)
    v = sample(xp, (6,), numpy.float64, 3)
    out = xp.zeros((6,), numpy.float32)
    first, second = (m.T[::-1], v[::-1]) if name == "matvec" else (v[::-1], m.T[::-1])
    result = getattr(xp, name)(first, second, out=out, dtype=numpy.float32)
    assert result is out
    return [out, getattr(xp, name)(first, second, dtype=numpy.float32)]


@gpu
@pytest.mark.parametrize("call", ["matvec 1-d", "matvec sizes", "matvec scalar", "vecmat 1-d", "vecmat sizes"])
@testing.numpy_gpuarray_equal()
def test_errors_are_numpys(xp, call):
    a, b = {"matvec 1-d": (numpy.ones(3), numpy.ones(3)), "matvec sizes": (numpy.ones((2, 3)), numpy.ones(2)),
            "matvec scalar": (numpy.ones((2, 3)), numpy.array(1.0)), "vecmat 1-d": (numpy.ones(3), numpy.ones(3)),
            "vecmat sizes": (numpy.ones(2), numpy.ones((3, 4)))}[call]
    return getattr(xp, call.split()[0])(xp.asarray(a), xp.asarray(b))
