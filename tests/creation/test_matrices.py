# SPDX-License-Identifier: BSD-3-Clause
"""eye, identity, tri, diag, diagflat and fromfunction against NumPy. Tests marked `gpu`
need a device; the rest check the errors raised before any device work."""
import numpy
import pytest

import gpuarray
from gpuarray import testing
from gpuarray.testing import DTYPES, exact_sample as sample

gpu = pytest.mark.gpu


@pytest.mark.parametrize("call, error", [
    (lambda xp: xp.eye(-1), ValueError),
    (lambda xp: xp.eye(2.5), TypeError),
    (lambda xp: xp.eye(3, 2.5), TypeError),
    (lambda xp: xp.eye(3, order="K"), ValueError),
    (lambda xp: xp.identity(-2), ValueError),
    (lambda xp: xp.tri(3, 3, 2 ** 70), OverflowError),
    (lambda xp: xp.diag(numpy.zeros((2, 2, 2))), ValueError),
    (lambda xp: xp.diag(numpy.float64(1)), ValueError),
    (lambda xp: xp.diag([1, 2], 1.5), TypeError),
    (lambda xp: xp.fromfunction(lambda i: i, 3), TypeError),
])
def test_errors_raised_before_any_device_work(call, error):
    for xp in (numpy, gpuarray):
        with pytest.raises(error):
            call(xp)


@gpu
@pytest.mark.parametrize("N, M, k", [(0, None, 0), (1, None, 0), (4, None, 0), (3, 5, 1), (5, 3, -2), (3, 5, 4),
                                     (3, 5, 5), (4, 4, -4), (4, 2, -9), (3, 4, 7)])
@pytest.mark.parametrize("order", ["C", "F"])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_eye(xp, N, M, k, order):
    return xp.eye(N, M, k, order=order), xp.eye(N, M, k=k, dtype=numpy.int8, order=order)


@gpu
@pytest.mark.parametrize("dtype", DTYPES + (None,))
@testing.numpy_gpuarray_equal(check_strides=True)
def test_eye_identity_tri_every_dtype(xp, dtype):
    return xp.eye(3, 4, 1, dtype=dtype), xp.identity(3, dtype), xp.tri(3, 5, -1, dtype), xp.tri(4, dtype=dtype)


@gpu
@pytest.mark.parametrize("N, M, k", [(0, None, 0), (1, None, 0), (4, None, 0), (3, 5, 1), (5, 3, -2), (3, 5, 9),
                                     (3, 5, -9), (-1, 3, 0), (3, -2, 0), (4, 4, 2 ** 62), (4, 4, -(2 ** 62)),
                                     (2, 3, numpy.int8(1))])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_tri(xp, N, M, k):
    return xp.tri(N, M, k), xp.tri(N, M, k, dtype=bool)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("k", [0, 2, -3])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_diag_of_vectors(xp, dtype, k):
    v = xp.asarray(sample((5,), dtype))
    return xp.diag(v, k), xp.diag(v[::-2], k), xp.diag(v[:0], k)


@gpu
@pytest.mark.parametrize("layout", ["C", "F", "strided", "negative"])
@pytest.mark.parametrize("k", [0, 1, -1, 3, -4, 6, -7])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_diag_of_matrices_is_a_read_only_view(xp, layout, k):
    a = xp.asarray(sample((4, 6), numpy.float32))
    a = {"C": a, "F": xp.asfortranarray(a), "strided": a[::2, 1::2], "negative": a[::-1, ::-2]}[layout]
    return xp.diag(a, k)


@gpu
def test_diag_view_shares_memory_and_refuses_writes():
    a = gpuarray.asarray(sample((3, 3), numpy.int32))
    d = gpuarray.diag(a)
    assert d.base is a and not d.flags.writeable
    with pytest.raises(ValueError):
        d.fill(0)
    a.fill(7)
    numpy.testing.assert_array_equal(d.get(), [7, 7, 7])


@gpu
@testing.numpy_gpuarray_equal(check_strides=True)
def test_diag_of_host_data(xp):
    return xp.diag([1, 2, 3], -1), xp.diag([[1.5, 2], [3, 4]]), xp.diag(numpy.arange(4), 2)


@gpu
@pytest.mark.parametrize("shape", [(), (3,), (2, 2), (2, 3, 2)])
@pytest.mark.parametrize("k", [0, 2, -1])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_diagflat(xp, shape, k):
    v = xp.asarray(sample(shape, numpy.complex64))
    return xp.diagflat(v, k), xp.diagflat(v.T, k)


@gpu
@testing.numpy_gpuarray_equal(check_strides=True)
def test_diagflat_of_host_data(xp):
    return xp.diagflat([[1, 2], [3, 4]], -1), xp.diagflat(5.5)


@gpu
@pytest.mark.parametrize("shape", [(), (4,), (2, 3), (3, 1, 2), (0, 3)])
@pytest.mark.parametrize("dtype", [float, numpy.int32, numpy.float16, numpy.complex64, numpy.uint8])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_fromfunction_passes_the_index_arrays(xp, shape, dtype):
    return xp.fromfunction(lambda *idx: idx, shape, dtype=dtype)


@gpu
@testing.numpy_gpuarray_equal(check_strides=True)
def test_fromfunction_keywords_and_results(xp):
    return (xp.fromfunction(lambda i, j: j, (2, 3)),
            xp.fromfunction(lambda i, j, pick: (j, i)[pick], (3, 2), dtype=int, pick=1),
            xp.fromfunction(lambda i: i, (2,), dtype=bool),
            xp.fromfunction(lambda: 42, ()))
