# SPDX-License-Identifier: BSD-3-Clause
"""matmul and the products against NumPy. Without a GPU: how operand layouts
map onto cuBLAS (transpose flags, leading dimensions, batch strides). With one
(marked `gpu`): every float/complex dtype (float16 too), integers and bool,
batched and broadcast shapes, 1-D rules, non-contiguous operands, errors."""
from types import SimpleNamespace

import numpy as np
import pytest

from gpuarray import _linalg_products as P
from gpuarray.testing import numpy_gpuarray_equal

gpu = pytest.mark.gpu
FLOATS = [np.float32, np.float64, np.complex64, np.complex128]
TOL = {np.float16: 2e-2, np.float32: 1e-4, np.float64: 1e-10, np.complex64: 1e-4, np.complex128: 1e-10}


def fake(shape, strides, itemsize=4):
    return SimpleNamespace(shape=shape, strides=strides, itemsize=itemsize)


def test_layout_row_major():
    assert P._matrix_layout(fake((3, 5), (20, 4))) == ("N", 5)


def test_layout_transposed_view():
    assert P._matrix_layout(fake((5, 3), (4, 20))) == ("T", 5)


def test_layout_padded_rows():
    assert P._matrix_layout(fake((3, 5), (32, 4))) == ("N", 8)


def test_layout_strided_columns_need_copy():
    assert P._matrix_layout(fake((3, 5), (40, 8))) is None


def test_batch_stride_contiguous_and_broadcast():
    assert P._batch_stride(fake((2, 3, 4, 5), (240, 80, 20, 4))) == 20
    assert P._batch_stride(fake((2, 3, 4, 5), (0, 0, 20, 4))) == 0
    assert P._batch_stride(fake((2, 3, 4, 5), (0, 80, 20, 4))) is None


def rand(xp, shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        host = rng.random(shape) < 0.5
    elif dtype.kind in "iu":
        host = rng.integers(0, 5, shape).astype(dtype)
    elif dtype.kind == "c":
        host = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    else:
        host = rng.standard_normal(shape).astype(dtype)
    return xp.asarray(host)


SHAPES = [((4, 3), (3, 5)), ((3,), (3, 5)), ((4, 3), (3,)), ((3,), (3,)), ((2, 4, 3), (3, 5)),
          ((2, 1, 4, 3), (3, 3, 5)), ((7, 0), (0, 2)), ((0, 3), (3, 2)), ((64, 65), (65, 33))]


@gpu
@pytest.mark.parametrize("dtype", FLOATS + [np.float16])
@pytest.mark.parametrize("sa,sb", SHAPES)
def test_matmul(dtype, sa, sb):
    @numpy_gpuarray_equal(rtol=TOL[dtype], atol=TOL[dtype] * 10)
    def body(xp):
        return xp.matmul(rand(xp, sa, dtype), rand(xp, sb, dtype, 1))
    body()


@gpu
@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint8, np.bool_])
def test_matmul_integer_and_bool(dtype):
    @numpy_gpuarray_equal()
    def body(xp):
        return rand(xp, (2, 4, 3), dtype) @ rand(xp, (3, 5), dtype, 1)
    body()


@gpu
@pytest.mark.parametrize("dtype", FLOATS)
def test_matmul_non_contiguous(dtype):
    @numpy_gpuarray_equal(rtol=TOL[dtype], atol=TOL[dtype] * 10)
    def body(xp):
        a = rand(xp, (3, 6, 8), dtype)
        b = rand(xp, (8, 10), dtype, 1)
        return a.transpose(0, 2, 1)[:, ::2, :] @ b[::2, 1::2].T, a[::2].mT @ a[1]
    body()


@gpu
def test_matmul_mixed_dtypes_and_out():
    @numpy_gpuarray_equal(rtol=1e-5)
    def body(xp):
        out = xp.zeros((4, 5), dtype=np.float64)
        xp.matmul(rand(xp, (4, 3), np.float32), rand(xp, (3, 5), np.int32, 1), out=out)
        a = rand(xp, (3, 3), np.float64)
        a @= rand(xp, (3, 3), np.float64, 2)
        return out, a
    body()


@gpu
@pytest.mark.parametrize("sa,sb", [((4, 3), (4, 5)), ((3,), (4,)), ((), (3,))])
def test_matmul_errors(sa, sb):
    @numpy_gpuarray_equal()
    def body(xp):
        return xp.matmul(rand(xp, sa, np.float32), rand(xp, sb, np.float32))
    body()


@gpu
@pytest.mark.parametrize("dtype", FLOATS)
def test_products(dtype):
    @numpy_gpuarray_equal(rtol=TOL[dtype] * 10, atol=TOL[dtype] * 10)
    def body(xp):
        a, b = rand(xp, (2, 3, 4), dtype), rand(xp, (5, 4, 3), dtype, 1)
        v, w = rand(xp, (4,), dtype, 2), rand(xp, (4,), dtype, 3)
        return (xp.dot(a, b), xp.dot(v, w), xp.dot(a, v), xp.vdot(a, a), xp.inner(a, v), xp.outer(v, w),
                xp.tensordot(a, b, axes=([1, 2], [2, 1])), xp.tensordot(a, b.T, axes=2), xp.kron(a[0], b[0]),
                xp.cross(rand(xp, (5, 3), dtype), rand(xp, (5, 3), dtype, 1)), xp.linalg.matrix_power(a[0, :3, :3], 3),
                xp.linalg.multi_dot([v, a[0].T, a[1], v[:, None]]), xp.vecdot(a, a), xp.matrix_transpose(a))
    body()


@gpu
@pytest.mark.parametrize("subscripts,shapes", [
    ("ij,jk->ik", [(3, 4), (4, 5)]), ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]), ("ii->i", [(4, 4)]),
    ("ii", [(4, 4)]), ("ij->ji", [(3, 4)]), ("i,i", [(5,), (5,)]), ("i,j->ij", [(3,), (4,)]),
    ("...ij,...jk", [(2, 3, 4), (4, 5)]), ("ijk,kl,lm->im", [(2, 3, 4), (4, 5), (5, 6)]), ("ij,ij->i", [(3, 4), (3, 4)]),
    ("ijk->", [(2, 3, 4)])])
@pytest.mark.parametrize("dtype", [np.float64, np.complex64, np.int64])
def test_einsum(subscripts, shapes, dtype):
    @numpy_gpuarray_equal(rtol=1e-4, atol=1e-4)
    def body(xp):
        ops = [rand(xp, s, dtype, i) for i, s in enumerate(shapes)]
        return xp.asarray(xp.einsum(subscripts, *ops, optimize=True))
    body()
