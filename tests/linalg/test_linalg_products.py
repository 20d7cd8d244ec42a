# SPDX-License-Identifier: BSD-3-Clause
"""matmul and the products against NumPy. Without a GPU: how operand layouts
map onto cuBLAS (transpose flags, leading dimensions, batch strides). With one
(marked `gpu`): every float/complex dtype (float16 too), integers and bool,
batched and broadcast shapes, 1-D rules, non-contiguous operands, errors."""
from types import SimpleNamespace

import numpy as np
import pytest

from gpuarray.linalg import _einsum
from gpuarray.linalg import _matmul as P
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


INTEGERS = [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]


@gpu
@pytest.mark.parametrize("dtype", INTEGERS)
@pytest.mark.parametrize("sa,sb", SHAPES + [((37, 40), (40, 19)), ((3, 1, 17, 33), (2, 33, 5))])
def test_matmul_integer_and_bool(dtype, sa, sb):
    @numpy_gpuarray_equal()
    def body(xp):
        return xp.matmul(rand(xp, sa, dtype), rand(xp, sb, dtype, 1))
    body()


@gpu
@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int32, np.int64])
def test_matmul_integer_wraps_as_numpy(dtype):
    @numpy_gpuarray_equal()
    def body(xp):
        big = xp.asarray(np.full((3, 70), np.iinfo(dtype).max // 3, dtype=dtype))
        return big @ big.T
    body()


@gpu
@pytest.mark.parametrize("dtype", [np.int32, np.bool_])
def test_matmul_integer_strided_views(dtype):
    """Transposed, sliced, reversed and broadcast operands are read through their strides."""
    @numpy_gpuarray_equal()
    def body(xp):
        a = rand(xp, (4, 20, 30), dtype)
        b = rand(xp, (30, 24), dtype, 1)
        return (a.transpose(0, 2, 1)[:, ::2, ::-1] @ b.T[::-1][:20, ::2], a[::-2] @ b,
                xp.broadcast_to(a[0], (3, 20, 30)) @ b[:, :5])
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


EINSUM_CASES = [
    ("ij,jk->ik", [(3, 4), (4, 5)]), ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]), ("ii->i", [(4, 4)]),
    ("ii", [(4, 4)]), ("ij->ji", [(3, 4)]), ("i,i", [(5,), (5,)]), ("i,j->ij", [(3,), (4,)]),
    ("...ij,...jk", [(2, 3, 4), (4, 5)]), ("ijk,kl,lm->im", [(2, 3, 4), (4, 5), (5, 6)]), ("ij,ij->i", [(3, 4), (3, 4)]),
    ("ijk->", [(2, 3, 4)]), ("ij,jk,kl,lm", [(2, 3), (3, 40), (40, 5), (5, 2)]),
    ("iij,jk,kk->i", [(3, 3, 4), (4, 5), (5, 5)]), ("...i,...i->...", [(2, 1, 3), (4, 3)]),
    ("ab,cd,ef->abcdef", [(2, 3), (1, 2), (2, 2)]), ("ijk,jil->kl", [(3, 4, 5), (4, 3, 2)]),
    ("a,b,c->", [(3,), (4,), (5,)]), ("ij,kj,lj->ikl", [(2, 1), (3, 4), (2, 4)]),
    ("bi,bi,bj->bj", [(1, 3), (4, 3), (4, 2)]), ("i...,j...->ij...", [(2, 3), (4, 3)])]
OPTIMIZE = [False, True, "greedy", "optimal", ("greedy", 10)]


@pytest.mark.parametrize("optimize", OPTIMIZE)
@pytest.mark.parametrize("subscripts,shapes", EINSUM_CASES)
@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.bool_])
def test_einsum_plan_on_numpy(monkeypatch, optimize, subscripts, shapes, dtype):
    """Without a GPU: the parsing, diagonals, sums, contraction order and
    pairwise matmuls run on NumPy arrays and match numpy.einsum (dtype too)."""
    for name in ("asarray", "diagonal", "matmul"):
        monkeypatch.setattr(_einsum, name, getattr(np, name))
    ops = [rand(np, s, dtype, i) for i, s in enumerate(shapes)]
    expected = np.einsum(subscripts, *ops, optimize=optimize)
    actual = _einsum.einsum(subscripts, *ops, optimize=optimize)
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    np.testing.assert_allclose(actual, expected, rtol=1e-12)


def test_einsum_path_follows_numpy():
    """Without a GPU: the order is numpy.einsum_path's, found on zero-stride stand-ins."""
    labels, arrays = ["ij", "jk", "kl"], [np.empty((2, 3)), np.empty((3, 400)), np.empty((400, 5))]
    assert _einsum._contraction_path(labels, "il", arrays, False) == [(0, 1, 2)]
    for optimize in (True, "greedy", "optimal", ["einsum_path", (0, 1), (0, 1)]):
        expected = np.einsum_path("ij,jk,kl->il", *arrays, optimize="greedy" if optimize is True else optimize)[0][1:]
        assert _einsum._contraction_path(labels, "il", arrays, optimize) == expected
    assert _einsum._contraction_path(labels, "il", arrays, "optimal") == [(1, 2), (0, 1)]  # the small side last


@gpu
@pytest.mark.parametrize("subscripts,shapes", EINSUM_CASES)
@pytest.mark.parametrize("dtype", [np.float64, np.complex64, np.int64, np.int32, np.bool_])
@pytest.mark.parametrize("optimize", [False, True, "optimal"])
def test_einsum(subscripts, shapes, dtype, optimize):
    @numpy_gpuarray_equal(rtol=1e-4, atol=1e-4)
    def body(xp):
        ops = [rand(xp, s, dtype, i) for i, s in enumerate(shapes)]
        return xp.asarray(xp.einsum(subscripts, *ops, optimize=optimize))
    body()


@gpu
def test_einsum_dtype_casting_and_out():
    @numpy_gpuarray_equal(rtol=1e-6)
    def body(xp):
        a, b = rand(xp, (3, 4), np.float32), rand(xp, (4, 5), np.float32, 1)
        out = xp.zeros((3, 5), dtype=np.float64)
        xp.einsum("ij,jk->ik", a, b, out=out, dtype=np.float64)
        return out, xp.einsum(a, [0, 1], b, [1, 2], [0, 2], optimize="greedy")
    body()

    @numpy_gpuarray_equal()
    def unsafe(xp):
        return xp.einsum("ij->i", rand(xp, (3, 4), np.float64), dtype=np.float32)
    unsafe()


@gpu
def test_products_on_streams_and_threads():
    """Handles follow the current stream and thread (Note [Library handles]).
    The streams are blocking ones, ordered after the null stream's uploads."""
    import concurrent.futures

    import gpuarray as ga
    a, b = rand(ga, (2, 64, 64), np.float32), rand(ga, (64, 64), np.float32, 1)
    expected = a.get() @ b.get()
    stream = ga.cuda.Stream()
    with stream:
        on_stream = a @ b
    stream.synchronize()
    np.testing.assert_allclose(on_stream.get(), expected, rtol=1e-4, atol=1e-4)

    def work(_):
        with ga.cuda.Stream() as s:
            c = ga.linalg.inv(a[0] @ a[0].T + 64 * ga.eye(64, dtype=np.float32)) @ b
            s.synchronize()
        return c.get()
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(work, range(8)))
    host = a.get()[0]
    reference = np.linalg.inv(host @ host.T + 64 * np.eye(64, dtype=np.float32)) @ b.get()
    for r in results:
        np.testing.assert_allclose(r, reference, rtol=1e-3, atol=1e-4)
