# SPDX-License-Identifier: BSD-3-Clause
"""spsolve_triangular, is_sptriangular, spbandwidth, matrix_power, inv, expm, onenormest and
expm_multiply against scipy.sparse.linalg (and dense references): lower
and upper systems, several right-hand sides, long dependency chains,
dtypes, output formats and kinds, SciPy's errors. Each test runs on the
host with NumPy standing in for gpuarray (CPU) and on a device (gpu)."""
import warnings

import numpy as np
import pytest
import scipy.linalg
import scipy.sparse
import scipy.sparse.linalg

from gpuarray.scipy import sparse
from gpuarray.scipy.sparse import linalg


def triangular(n, lower, dtype, seed=0, density=0.1):
    rng = np.random.default_rng(seed)
    a = scipy.sparse.random_array((n, n), density=density, rng=rng) + scipy.sparse.eye_array(n) * 3
    if np.dtype(dtype).kind == "c":
        a = a + 1j * scipy.sparse.random_array((n, n), density=density, rng=rng)
    part = scipy.sparse.tril(a) if lower else scipy.sparse.triu(a)
    return part.astype(dtype).tocsr()


@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("dtype", [np.float64, np.complex128, np.float32])
@pytest.mark.parametrize("format", ["csr", "csc"])
@pytest.mark.parametrize("rhs_shape", [(60,), (60, 3)])
def test_spsolve_triangular_against_dense(backend, lower, dtype, format, rhs_shape):
    h = triangular(60, lower, dtype).asformat(format)
    b = np.random.default_rng(1).standard_normal(rhs_shape).astype(dtype)
    x = backend.get(linalg.spsolve_triangular(sparse.csr_array(h).asformat(format), backend.put(b), lower=lower))
    theirs = scipy.sparse.linalg.spsolve_triangular(h, b, lower=lower)
    assert x.shape == theirs.shape and x.dtype == theirs.dtype
    exact = scipy.linalg.solve_triangular(h.toarray().astype(np.complex128), b.astype(np.complex128), lower=lower)
    eps = np.finfo(dtype).eps
    np.testing.assert_allclose(x, exact, rtol=0, atol=100 * eps * np.abs(exact).max())


def test_spsolve_triangular_chain_unit_diagonal_and_dtypes(backend):
    n = 200  # a bidiagonal matrix: 200 levels, one row each
    h = scipy.sparse.diags_array([-0.5 * np.ones(n - 1), 2 * np.ones(n)], offsets=[-1, 0]).tocsr()
    b = np.ones(n)
    x = backend.get(linalg.spsolve_triangular(sparse.csr_array(h), backend.put(b)))
    np.testing.assert_allclose(x, scipy.sparse.linalg.spsolve_triangular(h, b), rtol=1e-13)
    upper = triangular(30, False, np.float64, seed=3)
    x = linalg.spsolve_triangular(sparse.csr_array(upper), backend.put(np.ones(30)), lower=False, unit_diagonal=True)
    np.testing.assert_allclose(backend.get(x), scipy.sparse.linalg.spsolve_triangular(
        upper, np.ones(30), lower=False, unit_diagonal=True), rtol=1e-12)
    ints = scipy.sparse.csr_array(np.array([[1, 0], [1, 1]]))
    x = linalg.spsolve_triangular(sparse.csr_array(ints), backend.put(np.ones(2, dtype=np.float32)))
    assert backend.get(x).dtype == scipy.sparse.linalg.spsolve_triangular(ints, np.ones(2, np.float32)).dtype


def test_spsolve_triangular_errors_and_warning(backend):
    singular = scipy.sparse.csr_array(np.array([[0.0, 0.0], [1.0, 1.0]]))
    with pytest.raises(np.linalg.LinAlgError, match="zero entry on diagonal"):
        linalg.spsolve_triangular(sparse.csr_array(singular), backend.put(np.ones(2)))
    with pytest.raises(ValueError, match="square matrix"):
        linalg.spsolve_triangular(sparse.csr_array(scipy.sparse.random_array((2, 3), density=1.0, rng=0)),
                                  backend.put(np.ones(2)))
    h = sparse.csr_array(triangular(4, True, np.float64))
    with pytest.raises(ValueError, match="size of the dimensions"):
        linalg.spsolve_triangular(h, backend.put(np.ones(5)))
    with pytest.raises(ValueError, match="1 or 2 dims"):
        linalg.spsolve_triangular(h, backend.put(np.ones((4, 1, 1))))
    with pytest.warns(sparse.SparseEfficiencyWarning, match="CSC or CSR"):
        x = linalg.spsolve_triangular(h.tocoo(), backend.put(np.ones(4)))
    np.testing.assert_allclose(backend.get(x), scipy.sparse.linalg.spsolve_triangular(
        triangular(4, True, np.float64), np.ones(4)), rtol=1e-13)


@pytest.mark.parametrize("kind", ["array", "matrix"])
@pytest.mark.parametrize("power", [0, 1, 2, 3, 6])
def test_matrix_power(backend, kind, power):
    h = scipy.sparse.random_array((8, 8), density=0.3, rng=0).tocsr()
    h = h if kind == "array" else scipy.sparse.csr_matrix(h)
    ours = linalg.matrix_power(sparse.csr_array(h) if kind == "array" else sparse.csr_matrix(h), power)
    theirs = scipy.sparse.linalg.matrix_power(h, power)
    assert ours.format == theirs.format
    assert ("matrix" in type(ours).__name__) == ("matrix" in type(theirs).__name__)
    np.testing.assert_allclose(backend.get(ours.toarray()), theirs.toarray(), rtol=1e-12)


def test_matrix_power_errors(backend):
    with pytest.raises(TypeError, match="not square"):
        linalg.matrix_power(sparse.csr_array(scipy.sparse.random_array((2, 3), density=1.0, rng=0)), 2)
    a = sparse.eye_array(3, format="csr")
    with pytest.raises(ValueError, match=">= 0"):
        linalg.matrix_power(a, -1)
    with pytest.raises(ValueError, match="must be an integer"):
        linalg.matrix_power(a, 1.5)


@pytest.mark.parametrize("name", ["inv", "expm"])
@pytest.mark.parametrize("format,kind", [("csr", "array"), ("csc", "matrix"), ("coo", "array")])
@pytest.mark.parametrize("dtype", [np.float64, np.complex128])
def test_inv_and_expm_small(backend, name, format, kind, dtype):
    rng = np.random.default_rng(2)
    dense = np.triu(rng.standard_normal((6, 6))) + 4 * np.eye(6)
    if np.dtype(dtype).kind == "c":
        dense = dense + 1j * np.triu(rng.standard_normal((6, 6)))
    h = scipy.sparse.coo_array(dense.astype(dtype)).asformat(format)
    if kind == "matrix":
        h = scipy.sparse.csc_matrix(h)
    ours_input = sparse.csc_matrix(h) if kind == "matrix" else sparse.csr_array(h.tocsr()).asformat(format)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", scipy.sparse.SparseEfficiencyWarning)
        theirs = getattr(scipy.sparse.linalg, name)(h)
    ours = getattr(linalg, name)(ours_input)
    assert ours.format == theirs.format and ours.dtype == theirs.dtype
    assert ("matrix" in type(ours).__name__) == ("matrix" in type(theirs).__name__)
    np.testing.assert_allclose(backend.get(ours.toarray()), theirs.toarray(), rtol=1e-10, atol=1e-12)


def test_inv_expm_errors(backend):
    with pytest.raises(TypeError, match="sparse"):
        linalg.inv(np.eye(2))
    with pytest.raises(RuntimeError, match="exactly singular"):
        linalg.inv(sparse.csr_array(scipy.sparse.csr_array(np.ones((2, 2)))))
    dense = np.array([[0.0, 1.0], [0.0, 0.0]])
    np.testing.assert_allclose(backend.get(linalg.expm(backend.put(dense))), scipy.linalg.expm(dense))


@pytest.mark.parametrize("dtype", [np.float64, np.complex128])
def test_onenormest_lower_bound_and_vectors(backend, dtype):
    np.random.seed(0)
    rng = np.random.default_rng(0)
    ratios = []
    for trial in range(20):
        n = int(rng.integers(10, 60))
        h = scipy.sparse.random_array((n, n), density=0.3, rng=rng).astype(dtype)
        if np.dtype(dtype).kind == "c":
            h = h + 1j * scipy.sparse.random_array((n, n), density=0.3, rng=rng)
        h = h.tocsr()
        exact = np.abs(h.toarray()).sum(axis=0).max()
        est, v, w = linalg.onenormest(sparse.csr_array(h), compute_v=True, compute_w=True)
        v, w = backend.get(v), backend.get(w)
        assert est <= exact * (1 + 1e-12)
        np.testing.assert_allclose(np.abs(h @ v).sum(), est, rtol=1e-12)
        np.testing.assert_allclose(h @ v, w, rtol=1e-12, atol=1e-14)
        ratios.append(est / exact)
    assert min(ratios) > 0.5 and np.mean(ratios) > 0.9


def test_onenormest_exact_for_large_t_and_errors(backend):
    h = scipy.sparse.random_array((7, 7), density=0.5, rng=1).tocsr()
    exact = np.abs(h.toarray()).sum(axis=0).max()
    assert linalg.onenormest(sparse.csr_array(h), t=7) == pytest.approx(exact, rel=1e-14)
    assert linalg.onenormest(sparse.csr_array(h), t=7) == pytest.approx(scipy.sparse.linalg.onenormest(h, t=7))
    with pytest.raises(ValueError, match="square"):
        linalg.onenormest(sparse.csr_array(scipy.sparse.random_array((3, 4), density=0.5, rng=0)))
    with pytest.raises(ValueError, match="two iterations"):
        linalg.onenormest(sparse.csr_array(h), itmax=1)
    with pytest.raises(ValueError, match="one column"):
        linalg.onenormest(sparse.csr_array(h), t=0)


def stiff(n, scale, dtype, seed=0):
    rng = np.random.default_rng(seed)
    laplacian = scipy.sparse.diags_array([-np.ones(n - 1), 2 * np.ones(n), -np.ones(n - 1)], offsets=[-1, 0, 1])
    a = scipy.sparse.random_array((n, n), density=0.2, rng=rng) - scale * laplacian
    if np.dtype(dtype).kind == "c":
        a = a + 1j * scipy.sparse.random_array((n, n), density=0.1, rng=rng)
    return a.astype(dtype).tocsr()


@pytest.mark.parametrize("scale", [0.1, 1.0, 30.0, 300.0])
@pytest.mark.parametrize("dtype", [np.float64, np.complex128, np.float32])
def test_expm_multiply_against_dense(backend, scale, dtype):
    h = stiff(40, scale, dtype)
    b = np.random.default_rng(1).standard_normal((40, 2)).astype(dtype)
    exact = scipy.linalg.expm(h.toarray().astype(np.complex128)) @ b
    ours = backend.get(linalg.expm_multiply(sparse.csr_array(h), backend.put(b)))
    theirs = scipy.sparse.linalg.expm_multiply(h, b)
    assert ours.dtype == theirs.dtype and ours.shape == theirs.shape
    error = np.linalg.norm(ours - exact) / np.linalg.norm(exact)
    reference = np.linalg.norm(theirs - exact) / np.linalg.norm(exact)
    assert error <= 10 * max(reference, 10 * np.finfo(dtype).eps), (error, reference)


def test_expm_multiply_interval_vector_and_operator(backend):
    h = stiff(30, 5.0, np.float64)
    b = np.random.default_rng(2).standard_normal(30)
    ours = backend.get(linalg.expm_multiply(sparse.csr_array(h), backend.put(b), start=0, stop=1, num=5))
    theirs = scipy.sparse.linalg.expm_multiply(h, b, start=0, stop=1, num=5)
    assert ours.shape == theirs.shape == (5, 30)
    np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-13)
    # A decreasing interval: SciPy 1.17's interval algorithm gets these wrong (relative error ~1),
    # so the reference is the dense exponential.
    ours = backend.get(linalg.expm_multiply(sparse.csr_array(h), backend.put(b), start=0.5, stop=-0.5, num=4,
                                            endpoint=False))
    for row, t in zip(ours, np.linspace(0.5, -0.5, 4, endpoint=False)):
        exact = scipy.linalg.expm(t * h.toarray()) @ b
        np.testing.assert_allclose(row, exact, rtol=1e-10, atol=1e-10 * np.abs(exact).max())
    operator = linalg.aslinearoperator(sparse.csr_array(h))
    with pytest.warns(UserWarning, match="traceA"):
        shifted_free = linalg.expm_multiply(operator, backend.put(b))
    traced = linalg.expm_multiply(operator, backend.put(b), traceA=float(h.diagonal().sum()))
    exact = scipy.linalg.expm(h.toarray()) @ b
    for result in (shifted_free, traced):
        np.testing.assert_allclose(backend.get(result), exact, rtol=1e-11, atol=1e-12)


def test_expm_multiply_errors(backend):
    a = sparse.csr_array(stiff(4, 1.0, np.float64))
    with pytest.raises(ValueError, match="square"):
        linalg.expm_multiply(sparse.csr_array(scipy.sparse.random_array((3, 4), density=0.5, rng=0)),
                             backend.put(np.ones(4)))
    with pytest.raises(ValueError, match="incompatible"):
        linalg.expm_multiply(a, backend.put(np.ones(5)))
    with pytest.raises(ValueError, match="matrix or a vector"):
        linalg.expm_multiply(a, backend.put(np.ones((4, 1, 1))))
    with pytest.raises(ValueError, match="two time points"):
        linalg.expm_multiply(a, backend.put(np.ones(4)), start=0, stop=1, num=1)


@pytest.mark.parametrize("format", ["csr", "csc", "coo", "dia"])
def test_is_sptriangular_and_spbandwidth(backend, format):
    cases = [np.array([[1.0, 0, 0], [2, 3, 0], [0, 4, 5]]), np.array([[1.0, 0, 7], [2, 3, 0]]),
             np.array([[1.0, 0], [0, 2]]), np.array([[0.0, 0, 0], [2, 0, 0], [0, 0, 0]])]
    for dense in cases:
        h = scipy.sparse.csr_array(dense).asformat(format)
        ours = sparse.csr_array(scipy.sparse.csr_array(dense)).asformat(format)
        assert linalg.spbandwidth(ours) == scipy.sparse.linalg.spbandwidth(h)
        if dense.shape[0] == dense.shape[1]:
            assert linalg.is_sptriangular(ours) == tuple(bool(v) for v in scipy.sparse.linalg.is_sptriangular(h))
    # An explicit zero counts, as SciPy's.
    h = scipy.sparse.csr_array((np.array([0.0]), np.array([1]), np.array([0, 1, 1])), shape=(2, 2))
    assert linalg.is_sptriangular(sparse.csr_array(h)) == (False, True)
    assert linalg.spbandwidth(sparse.csr_array(scipy.sparse.csr_array((3, 3)))) == (0, 0)


def test_structure_of_dense_input_warns(backend):
    with pytest.warns(sparse.SparseEfficiencyWarning, match="spbandwidth needs sparse format"):
        assert linalg.spbandwidth(np.eye(3)) == (0, 0)
    with pytest.warns(sparse.SparseEfficiencyWarning, match="is_sptriangular needs sparse"):
        assert linalg.is_sptriangular(np.tril(np.ones((3, 3)))) == (True, False)
