# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.scipy.sparse.linalg against scipy.sparse.linalg: LinearOperator
algebra, aslinearoperator, norm (every order and axis), and the Krylov
solvers (cg, cgs, bicgstab, gmres, minres) on Poisson and nonsymmetric
matrices, with preconditioners, starting guesses, callbacks, complex
systems and SciPy's errors. Each test runs on the host with NumPy standing
in for gpuarray (CPU) and on a device (gpu)."""
import numpy as np
import pytest
import scipy.sparse
import scipy.sparse.linalg

from sparse_helpers import FORMATS, host_matrix
from gpuarray.scipy import sparse
from gpuarray.scipy.sparse import linalg


def poisson2d(n):
    t = scipy.sparse.diags_array([-np.ones(n - 1), 2 * np.ones(n), -np.ones(n - 1)], offsets=[-1, 0, 1])
    return (scipy.sparse.kron(scipy.sparse.eye_array(n), t) + scipy.sparse.kron(t, scipy.sparse.eye_array(n))).tocsr()


def nonsymmetric(n, dtype=np.float64):
    rng = np.random.default_rng(0)
    a = scipy.sparse.random_array((n, n), density=0.05, rng=rng) + scipy.sparse.eye_array(n) * 4
    if np.dtype(dtype).kind == "c":
        a = a + 1j * scipy.sparse.random_array((n, n), density=0.05, rng=rng)
    return a.astype(dtype).tocsr()


def residual(host_a, x, b):
    return np.linalg.norm(host_a @ x - b) / np.linalg.norm(b)


SOLVERS = {"cg": "spd", "cgs": "any", "bicgstab": "any", "gmres": "any", "minres": "sym"}


@pytest.mark.parametrize("name", list(SOLVERS))
@pytest.mark.parametrize("format", ["csr", "csc", "coo"])
def test_solvers_on_poisson(backend, name, format):
    h = poisson2d(12)
    a = sparse.csr_array(h).asformat(format)
    b = np.random.default_rng(1).standard_normal(h.shape[0])
    x, info = getattr(linalg, name)(a, backend.put(b), rtol=1e-8)
    xs, infos = getattr(scipy.sparse.linalg, name)(h, b, rtol=1e-8)
    assert info == 0 == infos
    x = backend.get(x)
    assert x.shape == (h.shape[0],)
    # minres stops on ||r|| / (||A|| ||x||), so its residual relative to ||b|| may be a little larger.
    assert residual(h, x, b) < (1e-6 if name == "minres" else 1e-7)
    np.testing.assert_allclose(x, xs, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", ["cgs", "bicgstab", "gmres"])
@pytest.mark.parametrize("dtype", [np.float64, np.complex128, np.float32])
def test_nonsymmetric_solvers(backend, name, dtype):
    h = nonsymmetric(60, dtype)
    b = np.random.default_rng(2).standard_normal(60).astype(dtype)
    rtol = 1e-4 if dtype == np.float32 else 1e-9
    x, info = getattr(linalg, name)(sparse.csr_array(h), backend.put(b), rtol=rtol)
    assert info == 0
    x = backend.get(x)
    assert x.dtype == np.result_type(dtype, h.dtype)
    assert residual(h, x, b) < rtol * 10


@pytest.mark.parametrize("name", list(SOLVERS))
def test_preconditioner_x0_and_callback(backend, name):
    h = poisson2d(8)
    n = h.shape[0]
    b = np.ones(n)
    jacobi = scipy.sparse.diags_array(1.0 / h.diagonal())
    calls = []
    kwargs = {"callback_type": "x"} if name == "gmres" else {}
    x, info = getattr(linalg, name)(sparse.csr_array(h), backend.put(b), x0=backend.put(np.full(n, 0.1)),
                                    M=sparse.dia_array(jacobi), rtol=1e-9, callback=calls.append, **kwargs)
    assert info == 0
    assert residual(h, backend.get(x), b) < 1e-8
    assert calls


def test_linear_operator_as_matrix(backend):
    h = poisson2d(6)
    a = sparse.csr_array(h)
    op = linalg.LinearOperator(h.shape, matvec=lambda v: a @ v, rmatvec=lambda v: a.T @ v, dtype=np.float64)
    b = np.arange(h.shape[0], dtype=np.float64)
    x, info = linalg.cg(op, backend.put(b), rtol=1e-10)
    assert info == 0 and residual(h, backend.get(x), b) < 1e-9


def test_zero_rhs_and_errors(backend):
    a = sparse.csr_array(poisson2d(4))
    x, info = linalg.cg(a, backend.put(np.zeros(16)))
    assert info == 0 and not backend.get(x).any()
    with pytest.raises(ValueError, match="incompatible"):
        linalg.cg(a, backend.put(np.ones(5)))
    with pytest.raises(ValueError, match="square"):
        linalg.gmres(sparse.csr_array(host_matrix(shape=(3, 4))), backend.put(np.ones(3)))
    x, info = linalg.cg(a, backend.put(np.ones(16)), maxiter=2, rtol=1e-12)
    assert info == 2


def test_linear_operator_algebra(backend):
    h = host_matrix(shape=(5, 5), density=0.6, dtype=np.complex128)
    a = sparse.csr_array(h)
    op = linalg.aslinearoperator(a)
    hop = scipy.sparse.linalg.aslinearoperator(h)
    x = np.arange(5.0) + 1j
    X = np.arange(10.0).reshape(5, 2)
    for ours, theirs in [(op, hop), (op.H, hop.H), (op.T, hop.T), (op + op, hop + hop), (op * op, hop * hop),
                         (2.5 * op, 2.5 * hop), (op ** 2, hop ** 2), (-op, -hop), (op @ op, hop @ hop),
                         (op / 2, hop / 2)]:
        assert ours.shape == theirs.shape
        np.testing.assert_allclose(backend.get(ours.matvec(backend.put(x))), theirs.matvec(x), rtol=1e-12)
        np.testing.assert_allclose(backend.get(ours @ backend.put(X)), theirs @ X, rtol=1e-12)
        np.testing.assert_allclose(backend.get(ours.rmatvec(backend.put(x))), theirs.rmatvec(x), rtol=1e-12)
    dense = linalg.aslinearoperator(backend.put(h.toarray()))
    np.testing.assert_allclose(backend.get(dense.matvec(backend.put(x))), h @ x, rtol=1e-12)
    custom = linalg.LinearOperator((5, 5), matvec=lambda v: 2 * v)
    assert custom.dtype == np.float64
    assert "LinearOperator" in repr(custom)
    with pytest.raises(ValueError, match="dimension mismatch"):
        op.matvec(backend.put(np.ones(3)))
    with pytest.raises(TypeError):
        linalg.aslinearoperator("not an operator")


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("ord", [None, "fro", 1, -1, np.inf, -np.inf, 2])
def test_matrix_norms(backend, format, ord):
    h = host_matrix(shape=(6, 5), dtype=np.complex128, format=format)
    a = sparse.csr_array(h).asformat(format)
    np.testing.assert_allclose(backend.get(linalg.norm(a, ord)), scipy.sparse.linalg.norm(h, ord), rtol=1e-10)


@pytest.mark.parametrize("ord", [None, 1, 2, np.inf, -np.inf, 0, 3, 0.5])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_vector_norms(backend, ord, axis):
    h = host_matrix(shape=(6, 5), format="csr")
    a = sparse.csr_array(h)
    np.testing.assert_allclose(backend.get(linalg.norm(a, ord, axis=axis)),
                               scipy.sparse.linalg.norm(h, ord, axis=axis), rtol=1e-10)


def test_norm_errors(backend):
    a = sparse.csr_array(host_matrix())
    with pytest.raises(TypeError, match="not sparse"):
        linalg.norm(backend.put(np.ones((2, 2))))
    with pytest.raises(ValueError, match="Invalid norm order for matrices"):
        linalg.norm(a, 3)
    with pytest.raises(ValueError, match="Duplicate axes"):
        linalg.norm(a, axis=(0, 0))
    with pytest.raises(NotImplementedError):
        linalg.norm(a, "nuc")


@pytest.mark.parametrize("shape", [(30, 12), (12, 30), (20, 20)])
@pytest.mark.parametrize("damp", [0.0, 0.5])
@pytest.mark.parametrize("dtype", [np.float64, np.complex128])
def test_lsqr(backend, shape, damp, dtype):
    h = host_matrix(shape=shape, density=0.4, dtype=dtype, seed=5) + scipy.sparse.eye_array(*shape) * 2
    h = h.astype(dtype).tocsr()
    b = np.random.default_rng(6).standard_normal(shape[0]).astype(dtype)
    ours = linalg.lsqr(sparse.csr_array(h), backend.put(b), damp=damp, atol=1e-10, btol=1e-10, calc_var=True)
    theirs = scipy.sparse.linalg.lsqr(h, b, damp=damp, atol=1e-10, btol=1e-10, calc_var=True)
    np.testing.assert_allclose(backend.get(ours[0]), theirs[0], rtol=1e-7, atol=1e-9)
    assert ours[1] == theirs[1]
    assert abs(ours[2] - theirs[2]) <= 1
    if ours[2] == theirs[2]:
        # The norms at roundoff level (a consistent system's residuals) agree to roundoff, not digits;
        # anorm and acond grow each iteration, so they are compared after as many iterations; past n
        # iterations the bidiagonalization's lost orthogonality lets roundoff reach the 4th digit.
        np.testing.assert_allclose(ours[3:9], theirs[3:9], rtol=1e-3, atol=1e-9 * max(theirs[3:9]))
        np.testing.assert_allclose(backend.get(ours[9]), theirs[9], atol=0.02 * np.abs(theirs[9]).max())  # estimates


def test_lsqr_x0_zero_rhs_and_errors(backend):
    h = host_matrix(shape=(15, 6), density=0.5) + scipy.sparse.eye_array(15, 6)
    b = np.arange(15.0)
    x0 = np.ones(6)
    ours = linalg.lsqr(sparse.csr_array(h), backend.put(b), x0=backend.put(x0), atol=1e-12, btol=1e-12)
    theirs = scipy.sparse.linalg.lsqr(h, b, x0=x0, atol=1e-12, btol=1e-12)
    np.testing.assert_allclose(backend.get(ours[0]), theirs[0], rtol=1e-8, atol=1e-10)
    zero = linalg.lsqr(sparse.csr_array(h), backend.put(np.zeros(15)))
    assert zero[1] == 0 and not backend.get(zero[0]).any()
    with pytest.raises(ValueError, match="incompatible"):
        linalg.lsqr(sparse.csr_array(h), backend.put(np.ones(4)))


@pytest.mark.parametrize("name", list(SOLVERS))
def test_exact_convergence_between_checks_gives_no_nan(backend, name):
    # The identity is solved exactly in one step; the iterations up to the next check must
    # leave x as it is (no 0/0).
    b = np.arange(1.0, 9.0)
    x, info = getattr(linalg, name)(sparse.eye_array(8, format="csr"), backend.put(b), rtol=1e-12)
    assert info == 0
    np.testing.assert_allclose(backend.get(x), b, rtol=1e-12)
