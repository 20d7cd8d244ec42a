# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.linalg against numpy.linalg (marked `gpu`): solve/inv/det/slogdet/
cholesky, qr, svd, eigh, eig, norms and the routines built on them, for the
four LAPACK dtypes, batched and broadcast stacks, non-contiguous inputs;
decompositions are checked by reconstruction at dtype tolerances; errors
are NumPy's (LinAlgError with its messages, ValueError for shapes). Without
a GPU: the dtype rules and that importing touches no library."""
import subprocess
import sys

import numpy as np
import pytest

import gpuarray as ga
from gpuarray.linalg import _lapack
from gpuarray.testing import numpy_gpuarray_equal

gpu = pytest.mark.gpu
DTYPES = [np.float32, np.float64, np.complex64, np.complex128]
TOL = {np.float32: 2e-3, np.float64: 1e-9, np.complex64: 2e-3, np.complex128: 1e-9}


def test_lapack_dtypes():
    assert _lapack.lapack_dtype(np.int32) == np.float64
    assert _lapack.lapack_dtype(np.complex64) == np.complex64
    with pytest.raises(TypeError):
        _lapack.lapack_dtype(np.float16)


def test_import_is_light():
    code = "import sys, gpuarray; assert 'gpuarray._libs' not in sys.modules; gpuarray.linalg.norm"
    subprocess.run([sys.executable, "-c", code], check=True)  # the environment finds gpuarray as pytest did
    assert ga.linalg.LinAlgError is np.linalg.LinAlgError


def rand(xp, shape, dtype, seed=0, spd=False):
    rng = np.random.default_rng(seed)
    host = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        host = host + 1j * rng.standard_normal(shape)
    host = host.astype(dtype)
    if spd:
        host = host @ np.conj(np.swapaxes(host, -1, -2)) + shape[-1] * np.eye(shape[-1], dtype=dtype)
    return xp.asarray(host)


def close(actual, expected, dtype):
    np.testing.assert_allclose(actual.get() if isinstance(actual, ga.ndarray) else actual, expected,
                               rtol=TOL[dtype], atol=TOL[dtype] * 10)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("sa,sb", [((4, 4), (4,)), ((4, 4), (4, 3)), ((5, 6, 6), (6, 2)), ((2, 1, 3, 3), (4, 3, 1)),
                                   ((300, 300), (300, 2)), ((3, 200, 200), (200, 1))])
def test_solve(dtype, sa, sb):
    @numpy_gpuarray_equal(rtol=TOL[dtype] * 10, atol=TOL[dtype] * 10)
    def body(xp):
        return xp.linalg.solve(rand(xp, sa, dtype, spd=True), rand(xp, sb, dtype, 1))
    body()


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (100, 8, 8), (2, 3, 5, 5), (300, 300), (0, 3, 3)])
def test_inv_det_slogdet(dtype, shape):
    @numpy_gpuarray_equal(rtol=TOL[dtype] * 10, atol=TOL[dtype] * 10)
    def body(xp):
        a = rand(xp, shape, dtype, spd=True)
        if shape[-1] > 100:
            a = a / shape[-1]
        return xp.linalg.inv(a), xp.linalg.det(a[..., :8, :8]), tuple(xp.linalg.slogdet(a))
    body()


@gpu
def test_non_contiguous_input():
    @numpy_gpuarray_equal(rtol=1e-9, atol=1e-9)
    def body(xp):
        a = rand(xp, (6, 10, 10), np.float64, spd=True)[::2].mT
        return xp.linalg.inv(a), xp.linalg.solve(a, a[:, :, 1::3]), xp.linalg.det(a)
    body()


@gpu
@pytest.mark.parametrize("fn", ["inv", "solve", "det_ok"])
def test_singular(fn):
    @numpy_gpuarray_equal()
    def body(xp):
        a = xp.asarray(np.array([[1.0, 2.0], [2.0, 4.0]]))
        if fn == "inv":
            return xp.linalg.inv(a)
        if fn == "solve":
            return xp.linalg.solve(a, a[0])
        return xp.linalg.det(a)
    body()


@gpu
@pytest.mark.parametrize("call", ["inv", "cholesky", "eigh", "det"])
def test_shape_errors(call):
    @numpy_gpuarray_equal()
    def body(xp):
        return getattr(xp.linalg, call)(xp.ones((3, 4)))
    body()


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky(dtype, upper):
    @numpy_gpuarray_equal(rtol=TOL[dtype] * 10, atol=TOL[dtype] * 10)
    def body(xp):
        return xp.linalg.cholesky(rand(xp, (3, 5, 5), dtype, spd=True), upper=upper)
    body()


@gpu
def test_cholesky_not_positive_definite():
    with pytest.raises(np.linalg.LinAlgError, match="Matrix is not positive definite"):
        ga.linalg.cholesky(ga.asarray(np.array([[1.0, 2.0], [2.0, 1.0]])))


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (3, 5, 5)])
@pytest.mark.parametrize("mode", ["reduced", "complete", "r", "raw"])
def test_qr(dtype, shape, mode):
    a = rand(ga, shape, dtype)
    host = a.get()
    result = ga.linalg.qr(a, mode=mode)
    expected = np.linalg.qr(host, mode=mode)
    if mode == "raw":
        close(result[0][..., :1, :1], expected[0][..., :1, :1], dtype)  # reflector sign conventions agree on h[0,0]
        assert result[0].shape == expected[0].shape and result[1].shape == expected[1].shape
        return
    if mode == "r":
        close(ga.abs(result), np.abs(expected), dtype)
        return
    q, r = result
    assert q.shape == expected.Q.shape and r.shape == expected.R.shape
    close(q @ r, host, dtype)
    k = q.shape[-1]
    close(q.mT.conj() @ q, np.broadcast_to(np.eye(k), q.shape[:-2] + (k, k)), dtype)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (10, 7, 7), (3, 40, 20), (64, 64)])
@pytest.mark.parametrize("full", [False, True])
def test_svd(dtype, shape, full):
    a = rand(ga, shape, dtype)
    host = a.get()
    u, s, vh = ga.linalg.svd(a, full_matrices=full)
    eu, es, evh = np.linalg.svd(host, full_matrices=full)
    assert (u.shape, s.shape, vh.shape) == (eu.shape, es.shape, evh.shape)
    assert s.dtype == es.dtype and u.dtype == eu.dtype
    close(s, es, dtype)
    p = s.shape[-1]
    close((u[..., :p] * s[..., None, :].astype(dtype)) @ vh[..., :p, :], host, dtype)
    close(ga.linalg.svdvals(a), es, dtype)
    close(ga.linalg.svd(a, compute_uv=False), es, dtype)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 5), (4, 6, 6), (50, 50)])
@pytest.mark.parametrize("uplo", ["L", "U"])
def test_eigh(dtype, shape, uplo):
    a = rand(ga, shape, dtype, spd=True)
    host = a.get()
    w, v = ga.linalg.eigh(a, UPLO=uplo)
    ew = np.linalg.eigvalsh(host, UPLO=uplo)
    close(w, ew, dtype)
    close(ga.linalg.eigvalsh(a, UPLO=uplo), ew, dtype)
    close(a @ v, (v * w[..., None, :].astype(dtype)).get(), dtype)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_eig(dtype):
    a = rand(ga, (3, 6, 6), dtype)
    w, v = ga.linalg.eig(a)
    close(a.astype(w.dtype) @ v, (v * w[..., None, :]).get(), dtype)
    np.testing.assert_allclose(np.sort_complex(ga.linalg.eigvals(a).get().ravel()),
                               np.sort_complex(np.linalg.eigvals(a.get()).ravel()), rtol=1e-2, atol=1e-2)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_norms_and_friends(dtype):
    @numpy_gpuarray_equal(rtol=TOL[dtype] * 10, atol=TOL[dtype] * 10)
    def body(xp):
        a = rand(xp, (2, 5, 5), dtype, spd=True)
        v = rand(xp, (7,), dtype)
        out = [xp.linalg.norm(v), xp.linalg.norm(a), xp.linalg.norm(a, axis=(1, 2), keepdims=True)]
        out += [xp.linalg.norm(v, ord) for ord in (0, 1, 3, np.inf, -np.inf)]
        out += [xp.linalg.norm(a[0], ord) for ord in ("fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf)]
        out += [xp.linalg.cond(a), xp.linalg.cond(a[0], 1), xp.linalg.matrix_rank(a),
                xp.linalg.pinv(rand(xp, (5, 3), dtype)), xp.linalg.tensorinv(a[0].reshape(5, 5), ind=1),
                xp.linalg.tensorsolve(a[0], v[:5]), xp.linalg.trace(a), xp.linalg.diagonal(a, offset=1)]
        return out
    body()


@gpu
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("bshape", [(8,), (8, 2)])
def test_lstsq(dtype, bshape):
    a, b = rand(ga, (8, 3), dtype), rand(ga, bshape, dtype, 1)
    x, res, rank, s = ga.linalg.lstsq(a, b)
    ex, eres, erank, es = np.linalg.lstsq(a.get(), b.get())
    close(x, ex, dtype)
    close(res, eres, dtype)
    assert rank == erank
    close(s, es, dtype)


@gpu
def test_tf32_switch():
    before = ga.linalg.get_tf32()
    try:
        ga.linalg.set_tf32(True)
        assert ga.linalg.get_tf32()
        a = rand(ga, (64, 64), np.float32)
        np.testing.assert_allclose((a @ a).get(), a.get() @ a.get(), rtol=1e-2, atol=1e-1)
    finally:
        ga.linalg.set_tf32(before)
