# SPDX-License-Identifier: BSD-3-Clause
"""eigsh, eigs and svds against scipy.sparse.linalg and dense eigh/svd: every
`which`, real and complex Hermitian input, float32 and float64, clustered
and ill-conditioned spectra, shift-invert, SciPy's output orders and its
argument errors. Each test runs on the host with NumPy standing in for
gpuarray (CPU) and on a device (gpu)."""
import numpy as np
import pytest
import scipy.sparse
import scipy.sparse.linalg

from gpuarray.scipy import sparse
from gpuarray.scipy.sparse import linalg


def laplacian1d(n):
    return scipy.sparse.diags_array([-np.ones(n - 1), 2 * np.ones(n), -np.ones(n - 1)], offsets=[-1, 0, 1]).tocsr()


def hermitian_with_spectrum(values, dtype, seed=0):
    rng = np.random.default_rng(seed)
    n = len(values)
    z = rng.standard_normal((n, n))
    if np.dtype(dtype).kind == "c":
        z = z + 1j * rng.standard_normal((n, n))
    q, _ = np.linalg.qr(z)
    h = (q * values) @ q.conj().T
    return ((h + h.conj().T) / 2).astype(dtype)


def check_pairs(h, w, v, exact, rtol_w, scale):
    """w equals `exact` (sorted) and A v = v w to `rtol_w` * scale."""
    np.testing.assert_allclose(np.sort(w), np.sort(exact), rtol=0, atol=rtol_w * scale)
    residual = np.linalg.norm(h @ v - v * w, axis=0)
    assert residual.max() <= 100 * rtol_w * scale, residual


@pytest.mark.parametrize("which", ["LM", "LA", "SA", "BE", "SM"])
def test_eigsh_laplacian_every_which(backend, which):
    h = laplacian1d(120)
    w, v = linalg.eigsh(sparse.csr_array(h), k=5, which=which, rng=0)
    ws, vs = scipy.sparse.linalg.eigsh(h, k=5, which=which)
    v = backend.get(v)
    assert w.dtype == np.float64 and v.shape == (120, 5)
    np.testing.assert_array_equal(w, np.sort(w))    # ascending, as SciPy with eigenvectors
    np.testing.assert_allclose(w, ws, rtol=0, atol=1e-12)
    ours = np.linalg.norm(h @ v - v * w, axis=0).max()
    theirs = np.linalg.norm(h @ vs - vs * ws, axis=0).max()
    assert ours <= 10 * max(theirs, 1e-14), (ours, theirs)
    np.testing.assert_allclose(v.T @ v, np.eye(5), atol=1e-12)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128, np.complex64])
def test_eigsh_clustered_and_ill_conditioned(backend, dtype):
    # Five eigenvalues within 1e-9 of 1 at the top, the rest spread over eight decades.
    values = np.concatenate([1 + 1e-9 * np.arange(5), np.logspace(-8, -0.5, 115)])
    h = hermitian_with_spectrum(values, dtype)
    eps = np.finfo(dtype).eps
    w, v = linalg.eigsh(backend.put(h), k=5, which="LA", rng=1)
    assert w.dtype == np.dtype(dtype).char.lower() and backend.get(v).dtype == dtype
    check_pairs(h.astype(np.complex128), w.astype(np.float64), backend.get(v).astype(np.complex128),
                np.sort(values)[-5:], 20 * eps, 1.0)


@pytest.mark.parametrize("dtype", [np.float64, np.complex128])
def test_eigsh_smallest_of_ill_conditioned(backend, dtype):
    values = np.concatenate([[1e-6, 2e-6, 5e-6], np.linspace(0.5, 1.0, 77)])
    h = hermitian_with_spectrum(values, dtype, seed=3)
    w = linalg.eigsh(backend.put(h), k=3, which="SA", return_eigenvectors=False, rng=0)
    np.testing.assert_allclose(np.sort(w), values[:3], rtol=0, atol=1e-13)


def test_eigsh_output_orders_match_scipy(backend):
    h = scipy.sparse.diags_array([np.arange(-10.0, 30.0)], offsets=[0]).tocsr()
    for which in ["LM", "LA", "SA", "BE"]:
        ours = linalg.eigsh(sparse.csr_array(h), k=5, which=which, return_eigenvectors=False, rng=0)
        theirs = scipy.sparse.linalg.eigsh(h, k=5, which=which, return_eigenvectors=False)
        np.testing.assert_allclose(ours, theirs, atol=1e-12)
    hc = h.astype(np.complex128)
    for which in ["LM", "SA"]:
        w, _ = linalg.eigsh(sparse.csr_array(hc), k=3, which=which, rng=0)
        np.testing.assert_allclose(w, scipy.sparse.linalg.eigsh(hc, k=3, which=which)[0], atol=1e-12)
        w = linalg.eigsh(sparse.csr_array(hc), k=3, which=which, return_eigenvectors=False, rng=0)
        np.testing.assert_allclose(w, scipy.sparse.linalg.eigsh(hc, k=3, which=which,
                                                                return_eigenvectors=False), atol=1e-12)


def test_eigsh_shift_invert_and_v0(backend):
    h = laplacian1d(80)
    exact = np.linalg.eigvalsh(h.toarray())
    sigma = 0.3
    w, v = linalg.eigsh(sparse.csr_array(h), k=3, sigma=sigma, v0=backend.put(np.ones(80)))
    nearest = exact[np.argsort(np.abs(exact - sigma))[:3]]
    np.testing.assert_allclose(w, np.sort(nearest), atol=1e-9)
    inverse = np.linalg.inv(h.toarray() - sigma * np.eye(80))
    w2 = linalg.eigsh(sparse.csr_array(h), k=3, sigma=sigma, OPinv=backend.put(inverse), rng=0)[0]
    np.testing.assert_allclose(w2, np.sort(nearest), atol=1e-10)


def test_eigsh_invariant_subspace_and_identity(backend):
    w, v = linalg.eigsh(backend.put(np.eye(13)), k=6, rng=0)
    np.testing.assert_allclose(w, np.ones(6))
    np.testing.assert_allclose(backend.get(v).T @ backend.get(v), np.eye(6), atol=1e-12)
    # A starting vector in a 2-dimensional invariant subspace: the others are found after restarts.
    h = scipy.sparse.diags_array([np.arange(1.0, 31.0)], offsets=[0]).tocsr()
    v0 = np.zeros(30)
    v0[[28, 29]] = 1
    w = linalg.eigsh(sparse.csr_array(h), k=4, which="LA", v0=backend.put(v0), return_eigenvectors=False)
    np.testing.assert_allclose(np.sort(w), [27.0, 28.0, 29.0, 30.0], atol=1e-12)


def test_eigsh_no_convergence_carries_partial_results(backend):
    h = laplacian1d(300)
    with pytest.raises(linalg.ArpackNoConvergence) as caught:
        linalg.eigsh(sparse.csr_array(h), k=6, which="SA", maxiter=1, ncv=8, rng=0)
    assert isinstance(caught.value, linalg.ArpackError)
    assert len(caught.value.eigenvalues) < 6


def test_eigsh_errors(backend):
    a = sparse.csr_array(laplacian1d(10))
    with pytest.raises(ValueError, match="expected square matrix"):
        linalg.eigsh(sparse.csr_array(scipy.sparse.random_array((3, 4), density=0.5, rng=0)))
    with pytest.raises(ValueError, match="k must be greater than 0"):
        linalg.eigsh(a, k=0)
    with pytest.warns(RuntimeWarning), pytest.raises(TypeError, match="sparse A with k >= N"):
        linalg.eigsh(a, k=10)
    with pytest.raises(ValueError, match="ncv must be k<ncv<=n"):
        linalg.eigsh(a, k=3, ncv=3)
    with pytest.raises(ValueError, match="which must be one of"):
        linalg.eigsh(a, k=3, which="XX")
    with pytest.raises(ValueError, match="maxiter must be positive"):
        linalg.eigsh(a, k=3, maxiter=0)
    with pytest.raises(ValueError, match="OPinv should not be specified"):
        linalg.eigsh(a, k=3, OPinv=a)
    with pytest.raises(ValueError, match="which='BE' cannot be used with complex"):
        linalg.eigsh(a.astype(np.complex128), k=3, which="BE")
    with pytest.raises(ValueError, match="generalized"):
        linalg.eigsh(a, k=3, M=a)
    with pytest.raises(ValueError, match="buckling"):
        linalg.eigsh(a, k=3, sigma=1.0, mode="buckling")


def test_eigsh_dense_k_equal_n_uses_eigh(backend):
    h = hermitian_with_spectrum(np.arange(1.0, 6.0), np.float64)
    with pytest.warns(RuntimeWarning, match="k >= N"):
        w, v = linalg.eigsh(backend.put(h), k=5)
    np.testing.assert_allclose(backend.get(w), np.arange(1.0, 6.0), atol=1e-12)


def svd_test_matrix(shape, dtype, singular_values, seed=0):
    rng = np.random.default_rng(seed)
    size = min(shape)
    complex_ = np.dtype(dtype).kind == "c"

    def orthonormal(rows):
        z = rng.standard_normal((rows, size))
        if complex_:
            z = z + 1j * rng.standard_normal((rows, size))
        return np.linalg.qr(z)[0]
    u, v = orthonormal(shape[0]), orthonormal(shape[1])
    return ((u * singular_values) @ v.conj().T).astype(dtype)


@pytest.mark.parametrize("shape", [(70, 40), (40, 70)])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128])
@pytest.mark.parametrize("which", ["LM", "SM"])
def test_svds_against_scipy(backend, shape, dtype, which):
    sv = np.linspace(0.05, 1.0, min(shape))
    a = svd_test_matrix(shape, dtype, sv)
    u, s, vh = linalg.svds(backend.put(a), k=4, which=which, rng=1)
    us, ss, vhs = scipy.sparse.linalg.svds(a, k=4, which=which, rng=1)
    u, s, vh = backend.get(u), backend.get(s), backend.get(vh)
    assert s.dtype == ss.dtype and u.dtype == us.dtype and u.shape == us.shape and vh.shape == vhs.shape
    exact = np.sort(sv)[-4:] if which == "LM" else np.sort(sv)[:4]
    eps = np.finfo(dtype).eps
    ours, theirs = np.abs(s - exact).max(), np.abs(ss - exact).max()
    assert ours <= 10 * max(theirs, 10 * eps), (ours, theirs)
    np.testing.assert_allclose(u @ np.diag(s) @ vh, us @ np.diag(ss) @ vhs, atol=100 * eps)


def test_svds_return_singular_vectors_options(backend):
    a = svd_test_matrix((30, 20), np.float64, np.linspace(1, 2, 20))
    s = linalg.svds(sparse.csr_array(scipy.sparse.csr_array(a)), k=3, return_singular_vectors=False, rng=0)
    np.testing.assert_allclose(backend.get(s), scipy.sparse.linalg.svds(a, k=3, return_singular_vectors=False),
                               rtol=1e-12)
    u, s, vh = linalg.svds(backend.put(a), k=3, return_singular_vectors="u", rng=0)
    assert vh is None and backend.get(u).shape == (30, 3)
    u, s, vh = linalg.svds(backend.put(a), k=3, return_singular_vectors="vh", rng=0)
    assert u is None and backend.get(vh).shape == (3, 20)


def test_svds_small_singular_values_lose_accuracy_as_scipy(backend):
    # The Gram operator squares the spread: values near sqrt(eps) * sigma_max are found to an
    # absolute accuracy of about eps * sigma_max^2 / sigma (Note [Accuracy of svds through the Gram
    # operator]); SciPy's arpack solver does no better.
    sv = np.concatenate([[1e-3, 2e-3], np.linspace(0.5, 1.0, 38)])
    a = svd_test_matrix((60, 40), np.float32, sv)
    s = backend.get(linalg.svds(backend.put(a), k=2, which="SM", rng=0, return_singular_vectors=False))
    ss = scipy.sparse.linalg.svds(a, k=2, which="SM", rng=0, return_singular_vectors=False)
    ours, theirs = np.abs(s - sv[:2]).max(), np.abs(ss - sv[:2]).max()
    assert ours <= 10 * max(theirs, 1e-6), (ours, theirs)


def test_svds_errors(backend):
    a = sparse.csr_array(scipy.sparse.random_array((6, 5), density=0.5, rng=0))
    for kwargs, message in [({"k": 5}, "`k` must be an integer"), ({"k": 0}, "`k` must be an integer"),
                            ({"k": 2, "ncv": 2}, "`ncv` must be an integer"), ({"tol": -1}, "`tol` must be"),
                            ({"which": "LA"}, "`which` must be in"), ({"v0": np.ones(3)}, "`v0` must have shape"),
                            ({"v0": np.ones(5, dtype=int)}, "`v0` must be of floating"),
                            ({"maxiter": 0}, "`maxiter` must be a positive"),
                            ({"return_singular_vectors": "x"}, "`return_singular_vectors` must be"),
                            ({"solver": "nope"}, "solver must be one of"), ({"solver": "propack"}, "not offered")]:
        with pytest.raises(ValueError, match=message):
            linalg.svds(a, **{"k": 2, **kwargs})


def general_matrix(n, dtype, seed=0):
    rng = np.random.default_rng(seed)
    a = scipy.sparse.random_array((n, n), density=0.1, rng=rng) + scipy.sparse.diags_array(np.linspace(1, 10, n))
    if np.dtype(dtype).kind == "c":
        a = a + 1j * scipy.sparse.random_array((n, n), density=0.1, rng=rng)
    return a.astype(dtype).tocsr()


@pytest.mark.parametrize("dtype", [np.complex128, np.complex64, np.float64, np.float32])
@pytest.mark.parametrize("which", ["LM", "LR", "SR", "LI", "SI"])
def test_eigs_general_matrices(backend, dtype, which):
    h = general_matrix(100, dtype)
    spectrum = np.linalg.eigvals(h.toarray().astype(np.complex128))
    w, v = linalg.eigs(sparse.csr_array(h), k=4, which=which, rng=0)
    v = backend.get(v)
    assert w.dtype == np.result_type(dtype, np.complex64) and v.dtype == w.dtype and v.shape == (100, 4)
    eps = np.finfo(dtype).eps
    scale = np.abs(spectrum).max()
    assert np.linalg.norm(h @ v - v * w, axis=0).max() <= 1000 * eps * scale
    # Each value is an eigenvalue, and none is less wanted than the k-th wanted one.
    assert np.abs(w[:, None] - spectrum[None, :]).min(axis=1).max() <= 1000 * eps * scale
    key = {"LM": lambda z: -np.abs(z), "LR": lambda z: -z.real, "SR": lambda z: z.real,
           "LI": lambda z: -z.imag, "SI": lambda z: z.imag}[which]
    assert key(w).max() <= np.sort(key(spectrum))[3] + 1000 * eps * scale
    np.testing.assert_array_equal(np.argsort(key(w), kind="stable"), np.arange(4))   # most wanted first


def test_eigs_shift_invert_and_errors(backend):
    h = general_matrix(60, np.complex128, seed=1)
    spectrum = np.linalg.eigvals(h.toarray())
    sigma = 12.0 + 0.5j    # outside the spectrum's hull: GMRES on A - sigma I converges
    w = linalg.eigs(sparse.csr_array(h), k=3, sigma=sigma, return_eigenvectors=False, rng=0)
    nearest = spectrum[np.argsort(np.abs(spectrum - sigma))[:3]]
    np.testing.assert_allclose(np.sort_complex(w), np.sort_complex(nearest), atol=1e-8)
    inverse = np.linalg.inv(h.toarray() - sigma * np.eye(60))
    w = linalg.eigs(sparse.csr_array(h), k=3, sigma=sigma, OPinv=backend.put(inverse), rng=0)[0]
    np.testing.assert_allclose(np.sort_complex(w), np.sort_complex(nearest), atol=1e-10)
    a = sparse.csr_array(h)
    with pytest.raises(ValueError, match="expected square matrix"):
        linalg.eigs(sparse.csr_array(scipy.sparse.random_array((3, 4), density=0.5, rng=0)))
    with pytest.raises(ValueError, match="must be greater than 0"):
        linalg.eigs(a, k=0)
    with pytest.warns(RuntimeWarning), pytest.raises(TypeError, match="k >= N - 1"):
        linalg.eigs(a, k=59)
    with pytest.raises(ValueError, match="ncv must be k\\+1<ncv<=n"):
        linalg.eigs(a, k=3, ncv=4)
    with pytest.raises(ValueError, match="which must be one of"):
        linalg.eigs(a, k=3, which="LA")
    with pytest.raises(ValueError, match="OPinv should not be specified"):
        linalg.eigs(a, k=3, OPinv=a)
    with pytest.raises(ValueError, match="generalized"):
        linalg.eigs(a, k=3, M=a)
    with pytest.warns(RuntimeWarning, match="k >= N - 1"):
        w, v = linalg.eigs(backend.put(np.diag([1.0, 2.0, 3.0])), k=2)
    np.testing.assert_allclose(np.sort(backend.get(w).real), [1.0, 2.0, 3.0])
