# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.linalg against numpy.linalg (marked `gpu`): solve/inv/det/slogdet/
cholesky, qr, svd, eigh, eig, norms and the routines built on them, for the
four LAPACK dtypes, batched and broadcast stacks, non-contiguous inputs;
decompositions are checked by reconstruction at dtype tolerances; errors
are NumPy's (LinAlgError with its messages, ValueError for shapes). Without
a GPU: the dtype rules and that importing touches no library."""
import os
import subprocess
import sys

import numpy as np
import pytest

import gpuarray as ga
from gpuarray.linalg import _decompositions, _lapack, _svd
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
    code = "import sys, gpuarray; assert 'gpuarray._base.libs' not in sys.modules; gpuarray.linalg.norm"
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


def test_small_inverse_sizes():
    """Sides up to 64 whose padded matrix fits 48 KiB of shared memory; complex128 stops at 53."""
    from gpuarray.linalg._small_inverse import fits
    assert fits(1, np.float32) and fits(64, np.float32) and fits(64, np.complex64) and fits(64, np.float64)
    assert not fits(65, np.float32) and not fits(0, np.float32)
    assert fits(53, np.complex128) and not fits(54, np.complex128)


def pivoting_matrices(shape, dtype, seed):
    """General (not definite) matrices, one of them a permutation with a zero
    diagonal and one needing a swap at every step, so pivoting is exercised."""
    host = rand(np, shape, dtype, seed)
    flat = host.reshape(-1, *shape[-2:])
    n = shape[-1]
    if len(flat) > 1 and n > 1:
        flat[0] = np.roll(np.eye(n, dtype=dtype), 1, axis=1)
        flat[1] = np.triu(flat[1], 1) + np.tril(np.ones((n, n), dtype=dtype), -1) * 0.01
        flat[1] += np.eye(n, k=-1, dtype=dtype) * 4
        flat[1][0, 0] = 1
    return host


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(1, 1), (2, 2), (3, 3), (4, 17, 17), (2, 3, 32, 32), (5, 33, 33), (3, 53, 53),
                                   (3, 54, 54), (2, 64, 64), (2, 65, 65), (1000, 8, 8)])
def test_inv_general_matrices(dtype, shape):
    """inv against NumPy on matrices that need row swaps, each side on both
    sides of the small-matrix kernel's limits; checked also as A @ inv(A) = I."""
    host = pivoting_matrices(shape, dtype, 3)
    got = ga.linalg.inv(ga.asarray(host))
    assert got.dtype == np.linalg.inv(host).dtype
    tol = TOL[dtype] * 10
    np.testing.assert_allclose(got.get(), np.linalg.inv(host), rtol=tol, atol=tol * np.abs(np.linalg.inv(host)).max())
    eye = np.broadcast_to(np.eye(shape[-1]), shape)
    np.testing.assert_allclose(host @ got.get(), eye, atol=tol * shape[-1])


@gpu
@pytest.mark.parametrize("layout", ["transposed", "negative", "broadcast", "int64"])
def test_inv_small_layouts(layout):
    @numpy_gpuarray_equal(rtol=1e-9, atol=1e-9)
    def body(xp):
        a = xp.asarray(pivoting_matrices((4, 6, 6), np.float64, 5))
        if layout == "transposed":
            return xp.linalg.inv(a.mT)
        if layout == "negative":
            return xp.linalg.inv(a[::-1, ::-1])
        if layout == "broadcast":
            return xp.linalg.inv(xp.broadcast_to(a[1], (3, 6, 6)))
        return xp.linalg.inv(xp.asarray(np.arange(9).reshape(3, 3) ** 2 + np.eye(3, dtype=np.int64)))
    body()


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("sa,sb", [((1, 1), (1,)), ((5, 5), (5,)), ((300, 300), (300, 1)), ((3, 200, 200), (200,)),
                                   ((2, 150, 150), (2, 150, 1))])
def test_solve_one_vector_with_row_swaps(dtype, sa, sb):
    """One right-hand side (triangular solves of a vector, then the row swaps
    undone) on matrices whose LU swaps rows at many steps."""
    @numpy_gpuarray_equal(rtol=TOL[dtype] * 10, atol=TOL[dtype] * 10)
    def body(xp):
        return xp.linalg.solve(xp.asarray(pivoting_matrices(sa, dtype, 4)), rand(xp, sb, dtype, 1))
    body()


@gpu
def test_solve_one_vector_past_the_shared_memory_of_the_row_swaps():
    """complex128 beyond 2457 rows does not fit the swap kernel: getrs solves it."""
    from gpuarray.linalg import _row_swaps
    assert _row_swaps.fits(2457, np.complex128) and not _row_swaps.fits(2458, np.complex128)
    host = pivoting_matrices((2460, 2460), np.complex128, 6)
    b = rand(np, (2460,), np.complex128, 1)
    close(ga.linalg.solve(ga.asarray(host), ga.asarray(b)), np.linalg.solve(host, b), np.complex128)


@gpu
@pytest.mark.parametrize("n", [3, 64, 70])
def test_inv_singular_in_a_batch(n):
    """One singular matrix among good ones raises NumPy's LinAlgError, from
    either kernel; cond reports it as infinite."""
    host = rand(np, (5, n, n), np.float64, 2)
    host[3, :, 1] = 0
    with pytest.raises(np.linalg.LinAlgError, match="Singular matrix"):
        ga.linalg.inv(ga.asarray(host))
    cond = ga.linalg.cond(ga.asarray(host), 1).get()
    assert np.isinf(cond[3]) and np.isfinite(cond[[0, 1, 2, 4]]).all()


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


def test_svd_plan():
    """Note [SVD drivers]: batched Jacobi for stacks of small matrices, gesvdp
    from SVD_POLAR_MIN_SIDE on in float64/complex128, gesvd otherwise; float32
    and complex64 computed wide where float64 is fast."""
    f, d, c, z = (np.dtype(t) for t in "fdFD")
    plan = _svd.svd_plan
    assert plan(32, 32, 10, f, True) == ("gesvdj_batched", d)
    assert plan(32, 32, 10, f, False) == ("gesvdj_batched", f)
    assert plan(32, 32, 1, d, True) == ("gesvd", d)
    assert plan(63, 100, 1, d, True) == ("gesvd", d)
    assert plan(64, 64, 1, f, True) == ("gesvdp", d)
    assert plan(33, 8, 10, c, True) == ("gesvd", z)
    assert plan(1024, 1024, 1, f, True) == ("gesvdp", d)
    assert plan(1024, 1024, 1, c, True) == ("gesvdp", z)
    assert plan(1024, 1024, 1, z, False) == ("gesvdp", z)
    assert plan(1024, 1024, 1, f, False) == ("gesvd", f)
    assert plan(4096, 511, 1, d, True) == ("gesvdp", d)


def check_svd(a, result, full, dtype):
    host = a.get()
    u, s, vh = result
    eu, es, evh = np.linalg.svd(host, full_matrices=full)
    assert (u.shape, s.shape, vh.shape) == (eu.shape, es.shape, evh.shape)
    assert (u.dtype, s.dtype, vh.dtype) == (eu.dtype, es.dtype, evh.dtype)
    scale = max(1.0, float(np.abs(es).max(initial=0)))
    close(s / scale, es / scale, dtype)
    p = s.shape[-1]
    close(((u[..., :p] * s[..., None, :].astype(dtype)) @ vh[..., :p, :]) / scale, host / scale, dtype)
    k = u.shape[-1]
    close(u.mT.conj() @ u, np.broadcast_to(np.eye(k), u.shape[:-2] + (k, k)), dtype)
    k = vh.shape[-2]
    close(vh @ vh.mT.conj(), np.broadcast_to(np.eye(k), vh.shape[:-2] + (k, k)), dtype)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (10, 7, 7), (3, 40, 20), (64, 64), (600, 520), (520, 600)])
@pytest.mark.parametrize("full", [False, True])
def test_svd(dtype, shape, full):
    a = rand(ga, shape, dtype)
    check_svd(a, ga.linalg.svd(a, full_matrices=full), full, dtype)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (2, 40, 20), (3, 20, 40), (5, 12, 7), (5, 7, 12)])
@pytest.mark.parametrize("driver", ["gesvd", "gesvdp", "gesvdj_batched"])
@pytest.mark.parametrize("wide", [False, True])
@pytest.mark.parametrize("full", [False, True])
def test_svd_each_driver(dtype, shape, driver, wide, full):
    if driver == "gesvdj_batched" and max(shape[-2:]) > _svd.BATCHED_JACOBI_MAX_SIDE:
        pytest.skip("the batched Jacobi kernel takes sides up to 32")
    a = rand(ga, shape, dtype)
    work = {"f": "d", "F": "D"}.get(np.dtype(dtype).char) if wide else None
    if wide and work is None:
        pytest.skip("float64 and complex128 have no wider LAPACK dtype")
    check_svd(a, _svd._svd(a, full, True, driver=driver, compute_dtype=work), full, dtype)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(600, 520), (520, 600)])
def test_svd_rank_deficient(dtype, shape):
    """Zero singular values: gesvdp perturbs, the gesvd fallback keeps LAPACK's accuracy."""
    left, right = rand(ga, shape[:1] + (7,), dtype), rand(ga, (7,) + shape[1:], dtype, 1)
    a = left @ right
    check_svd(a, ga.linalg.svd(a, full_matrices=False), False, dtype)
    assert int(ga.linalg.matrix_rank(a).get()) == 7


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (5, 5), (10, 7, 7), (2, 10, 3, 9), (3, 40, 20), (3, 20, 40),
                                   (600, 520), (520, 600), (0, 4), (2, 0, 3)])
def test_svdvals(dtype, shape):
    a = rand(ga, shape, dtype)
    expected = np.linalg.svd(a.get(), compute_uv=False)
    for s in (ga.linalg.svdvals(a), ga.linalg.svd(a, compute_uv=False)):
        assert s.shape == expected.shape and s.dtype == expected.dtype
        scale = max(1.0, float(np.abs(expected).max(initial=0)))
        close(s / scale, expected / scale, dtype)


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


def matched(actual, expected, tol):
    """Whether two multisets of eigenvalues agree within tol (greedy nearest match)."""
    left = list(np.ravel(expected))
    for value in np.ravel(actual):
        distances = np.abs(np.asarray(left) - value)
        i = int(np.argmin(distances))
        if distances[i] > tol * max(1.0, abs(value)):
            return False
        left.pop(i)
    return not left


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(6, 6), (3, 6, 6), (2, 2, 5, 5), (1, 1), (40, 40)])
@pytest.mark.parametrize("symmetric", [False, True])
def test_eig(dtype, shape, symmetric):
    """Eigenvectors are unique only up to scale: checked by A v = w v; the
    eigenvalues as a set against NumPy's; dtypes as the installed NumPy's (a
    real matrix gives complex results always from NumPy 2.5, before it only
    when some eigenvalue of the stack is)."""
    a = rand(ga, shape, dtype)
    if symmetric:
        a = a + a.mT.conj()
    host = a.get()
    w, v = ga.linalg.eig(a)
    ew, ev = np.linalg.eig(host)
    assert (w.dtype, v.dtype, w.shape, v.shape) == (ew.dtype, ev.dtype, ew.shape, ev.shape)
    scale = max(1.0, float(np.abs(ew).max()))
    close((a.astype(v.dtype) @ v) / scale, (v * w[..., None, :]).get() / scale, dtype)
    close(ga.linalg.norm(v, axis=-2), np.ones(ew.shape), dtype)  # unit columns, as LAPACK's
    for got, want in zip(w.get().reshape(-1, shape[-1]), ew.reshape(-1, shape[-1])):
        assert matched(got, want, TOL[dtype] * 10)
    vals = ga.linalg.eigvals(a)
    assert vals.dtype == ew.dtype and vals.shape == ew.shape
    for got, want in zip(vals.get().reshape(-1, shape[-1]), ew.reshape(-1, shape[-1])):
        assert matched(got, want, TOL[dtype] * 10)


@gpu
def test_eig_non_contiguous_and_integer():
    a = rand(ga, (4, 7, 7), np.float64)[::2].mT
    w, v = ga.linalg.eig(a)
    close(a.astype(v.dtype) @ v, (v * w[..., None, :]).get(), np.float64)
    rotation = ga.asarray(np.array([[0, -1], [1, 0]]))  # eigenvalues +-i
    w = ga.linalg.eigvals(rotation)
    assert w.dtype == np.complex128 and matched(w.get(), [1j, -1j], 1e-12)
    assert ga.linalg.eigvals(ga.asarray(np.diag([1, 2, 3]))).dtype == np.linalg.eigvals(np.diag([1, 2, 3])).dtype


def test_eig_unpacks_lapack_real_vectors(monkeypatch):
    """Without a GPU: LAPACK's packed real eigenvectors (a conjugate pair in
    two real columns) become NumPy's complex ones."""
    for name in ("concatenate", "where"):
        monkeypatch.setattr(_decompositions, name, getattr(np, name))
    a = np.random.default_rng(1).standard_normal((3, 6, 6))
    w, v = np.linalg.eig(a)
    packed = v.real.copy()
    for b, j in zip(*np.nonzero(w.imag > 0)):
        packed[b, :, j], packed[b, :, j + 1] = v[b, :, j].real, v[b, :, j].imag
    np.testing.assert_allclose(_decompositions._unpack_real_vectors(w, packed), v, atol=1e-12)


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
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("ashape,bshape", [((8, 3), (8,)), ((8, 3), (8, 2)), ((3, 8), (3,)), ((3, 8), (3, 4)),
                                           ((5, 5), (5, 1)), ((8, 3), (8, 0)), ((0, 3), (0, 2)), ((3, 0), (3, 2))])
@pytest.mark.parametrize("rcond", [None, -1, 1e-3])
def test_lstsq(dtype, ashape, bshape, rcond):
    @numpy_gpuarray_equal(rtol=TOL[dtype] * 10, atol=TOL[dtype] * 10)
    def body(xp):
        return tuple(xp.linalg.lstsq(rand(xp, ashape, dtype), rand(xp, bshape, dtype, 1), rcond=rcond))
    body()


@gpu
@pytest.mark.parametrize("p", [None, 2, -2, 1, -1, "fro", np.inf])
@pytest.mark.parametrize("dtype", [np.float64, np.complex128])
def test_cond_of_singular_stacks(p, dtype):
    """NumPy: inf for singular matrices, not LinAlgError."""
    @numpy_gpuarray_equal(rtol=1e-6, atol=1e-6)
    def body(xp):
        a = rand(xp, (3, 4, 4), dtype)
        singular = xp.asarray(np.array([[1.0, 2.0, 0, 0], [2.0, 4.0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]], dtype=dtype))
        stack = xp.concatenate([a, singular[None], xp.zeros((1, 4, 4), dtype=dtype)])
        r = xp.linalg.cond(stack, p)
        return xp.where(r > 1e12, np.inf, r)  # LAPACK may meet a tiny pivot instead of zero
    body()


@gpu
def test_pinv_edge_cases():
    @numpy_gpuarray_equal(rtol=1e-9, atol=1e-9)
    def body(xp):
        a = rand(xp, (2, 5, 3), np.float64)
        return (xp.linalg.pinv(xp.zeros((0, 3))), xp.linalg.pinv(xp.zeros((2, 3, 0), dtype=np.int64)),
                xp.linalg.pinv(xp.zeros((3, 3))), xp.linalg.pinv(a, rcond=xp.asarray(np.array([1e-15, 0.5]))),
                xp.linalg.pinv(a, rtol=None), xp.linalg.pinv(xp.asarray(np.arange(6).reshape(2, 3))))
    body()


@gpu
def test_cond_and_matrix_rank_arguments():
    @numpy_gpuarray_equal()
    def empty(xp):
        return xp.linalg.cond(xp.zeros((2, 0, 0)))
    empty()

    @numpy_gpuarray_equal()
    def ranks(xp):
        a = rand(xp, (2, 6, 6), np.float64)
        a = xp.concatenate([a[:, :, :3], a[:, :, :3] + 1e-5 * a[:, :, 3:]], axis=2)
        return (xp.linalg.matrix_rank(a), xp.linalg.matrix_rank(a, rtol=xp.asarray(np.array([1e-3, 1e-9]))),
                xp.linalg.matrix_rank(a, tol=1e-3))
    ranks()


@gpu
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_lstsq_rank_deficient_and_mixed_dtypes(dtype):
    @numpy_gpuarray_equal(rtol=TOL[dtype] * 10, atol=TOL[dtype] * 10)
    def body(xp):
        a = rand(xp, (8, 3), dtype)
        a = xp.concatenate([a, a[:, :1] * 2], axis=1)  # rank 3 of 4: residuals are empty
        ints = xp.asarray(np.arange(8, dtype=np.int64))
        return tuple(xp.linalg.lstsq(a, rand(xp, (8, 2), dtype, 1))) + tuple(xp.linalg.lstsq(a[:, :3], ints))
    body()


@gpu
@pytest.mark.parametrize("ashape,bshape", [((2, 8, 3), (8,)), ((8, 3), (2, 8, 1)), ((8, 3), (7,)), ((8,), (8,))])
def test_lstsq_errors(ashape, bshape):
    @numpy_gpuarray_equal()
    def body(xp):
        return xp.linalg.lstsq(rand(xp, ashape, np.float64), rand(xp, bshape, np.float64, 1))
    body()


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


def test_tf32_environment_variable():
    """Without a GPU: GPUARRAY_TF32=1 turns TF32 on for new processes; the default is off."""
    code = "import gpuarray; print(gpuarray.linalg.get_tf32())"
    for env, expected in (({"GPUARRAY_TF32": "1"}, "True"), ({"GPUARRAY_TF32": "0"}, "False")):
        out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                             env={**os.environ, **env})
        assert out.stdout.strip() == expected


@pytest.mark.gpu
@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", [None, 0, -1, (0, 1), (0, 2), (2, 0, 1), (-1,)], ids=repr)
@pytest.mark.parametrize("ord", [2, 1, 0, 3, -1, np.inf, -np.inf])
@numpy_gpuarray_equal(rtol=1e-12, atol=1e-12)
def test_vector_norm_over_axes(xp, ord, axis, keepdims):
    """A tuple of axes is one vector norm over all of them (it once went to
    norm's matrix path for two axes)."""
    x = xp.asarray(np.arange(24.0).reshape(2, 3, 4) - 11)
    return xp.linalg.vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)
