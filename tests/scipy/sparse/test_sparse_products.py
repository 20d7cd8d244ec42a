# SPDX-License-Identifier: BSD-3-Clause
"""Matrix products against scipy.sparse: SpMV, SpMM, SpGEMM (chunked as
well), A.T @ x on the untransposed arrays, dense @ sparse, matrix semantics
of ``*`` and ``**``, dtypes (bool included), empty operands and SciPy's
shape errors. Each test runs on the host with NumPy standing in for
gpuarray (CPU) and on a device (gpu)."""
import numpy as np
import pytest
import scipy.sparse

from sparse_helpers import FORMATS, assert_dense_equal, dense_of, host_matrix, with_duplicates
from gpuarray.scipy import sparse
from gpuarray.scipy.sparse import _kernels

PRODUCT_DTYPES = [np.float64, np.float32, np.complex128, np.complex64, np.int64, np.bool_]


def tol(dtype):
    return 1e-4 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-12


def vector(n, dtype, seed=0, k=None):
    rng = np.random.default_rng(seed)
    shape = (n,) if k is None else (n, k)
    v = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        v = v + 1j * rng.standard_normal(shape)
    if np.dtype(dtype) == np.bool_:
        v = v > 0
    return v.astype(dtype)


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("dtype", PRODUCT_DTYPES)
@pytest.mark.parametrize("k", [None, 1, 3])
def test_spmv_spmm(backend, format, dtype, k):
    h = host_matrix(shape=(9, 7), dtype=dtype, format=format, seed=1)
    a = sparse.csr_array(h).asformat(format)
    x = vector(7, dtype, k=k)
    expected = h @ x
    actual = backend.get(a @ backend.put(x))
    assert_dense_equal(actual, expected, rtol=tol(dtype))
    y = vector(9, dtype, seed=2, k=k)
    assert_dense_equal(backend.get(a.T @ backend.put(y)), h.T @ y, rtol=tol(dtype))
    assert_dense_equal(backend.get(a.dot(backend.put(x))), h.dot(x), rtol=tol(dtype))


@pytest.mark.parametrize("format", FORMATS)
def test_mixed_dtypes_and_duplicates(backend, format):
    h = with_duplicates(host_matrix(shape=(8, 5), dtype=np.float32, format="coo"))
    a = sparse.coo_array(h).asformat(format)
    x = vector(5, np.complex128)
    assert_dense_equal(backend.get(a @ backend.put(x)), h @ x, rtol=1e-5)
    xi = np.arange(5)
    assert_dense_equal(backend.get(a @ backend.put(xi)), h @ xi, rtol=1e-5)


@pytest.mark.parametrize("format", FORMATS)
def test_dense_times_sparse(backend, format):
    h = host_matrix(shape=(6, 4), format=format)
    a = sparse.csr_array(h).asformat(format)
    x = vector(6, np.float64)
    assert_dense_equal(backend.get(backend.put(x) @ a if backend.name == "host" else a.__rmatmul__(backend.put(x))),
                       x @ h)
    X = vector(6, np.float64, k=3).T
    assert_dense_equal(backend.get(a.__rmatmul__(backend.put(X))), X @ h)


@pytest.mark.parametrize("fa", FORMATS)
@pytest.mark.parametrize("fb", FORMATS)
@pytest.mark.parametrize("dtypes", [(np.float64, np.float64), (np.float32, np.complex64), (np.bool_, np.bool_),
                                    (np.int32, np.float32)])
def test_spgemm(backend, fa, fb, dtypes):
    ha = host_matrix(shape=(7, 9), dtype=dtypes[0], format=fa, seed=3)
    hb = host_matrix(shape=(9, 5), dtype=dtypes[1], format=fb, seed=4)
    a = sparse.csr_array(ha).asformat(fa)
    b = sparse.csr_array(hb).asformat(fb)
    expected = ha @ hb
    actual = a @ b
    assert actual.format == expected.format and actual.shape == expected.shape
    assert_dense_equal(dense_of(actual, backend), expected, rtol=tol(expected.dtype))
    if expected.format != "dia":
        expected.eliminate_zeros()
        assert actual.nnz == expected.nnz


def test_spgemm_cancellation_drops_zeros_as_scipy(backend):
    ha = scipy.sparse.csr_array(np.array([[1.0, 1.0], [0.0, 1.0]]))
    hb = scipy.sparse.csr_array(np.array([[1.0, 2.0], [-1.0, -2.0]]))
    a, b = sparse.csr_array(ha), sparse.csr_array(hb)
    expected = ha @ hb
    actual = a @ b
    assert actual.nnz == expected.nnz
    assert_dense_equal(dense_of(actual, backend), expected)


@pytest.mark.parametrize("budget", [1, 7, 50, None])
def test_spgemm_in_chunks(backend, budget, monkeypatch):
    if budget is not None:
        monkeypatch.setattr(_kernels, "SPGEMM_CHUNK", budget)
    h = host_matrix(shape=(40, 30), density=0.2, format="csr", seed=5)
    a = sparse.csr_array(h)
    expected = h.T @ h
    actual = a.T @ a
    assert_dense_equal(dense_of(actual, backend), expected)
    assert actual.has_canonical_format


def test_spgemm_with_empty_rows_and_operands(backend):
    h = scipy.sparse.csr_array((np.array([2.0]), np.array([1]), np.array([0, 0, 1, 1])), shape=(3, 3))
    a = sparse.csr_array(h)
    assert_dense_equal(dense_of(a @ a, backend), h @ h)
    z = sparse.csr_array((3, 0)) @ sparse.csr_array((0, 4))
    assert z.shape == (3, 4) and z.nnz == 0
    e = sparse.csr_array((3, 3)) @ a
    assert e.nnz == 0


def test_shape_errors(backend):
    a = sparse.csr_array(host_matrix(shape=(4, 5)))
    with pytest.raises(ValueError, match="dimension mismatch"):
        a @ backend.put(np.ones(3))
    with pytest.raises(ValueError, match="dimension mismatch"):
        a @ backend.put(np.ones((3, 2)))
    with pytest.raises(ValueError, match="dimension mismatch"):
        a @ sparse.eye_array(3)
    with pytest.raises(ValueError, match="Scalar operands are not allowed"):
        a @ 2


@pytest.mark.parametrize("format", FORMATS)
def test_matrix_semantics_of_star_and_power(backend, format):
    h = scipy.sparse.csr_matrix(host_matrix(shape=(5, 5), density=0.5, format="csr"))
    m = sparse.csr_matrix(h).asformat(format)
    hm = h.asformat(format)
    x = vector(5, np.float64)
    assert_dense_equal(backend.get(m * backend.put(x)), hm * x)
    assert_dense_equal(dense_of(m * m, backend), hm * hm)
    assert_dense_equal(dense_of(m ** 3, backend), (hm ** 3).toarray(), rtol=1e-10)
    assert_dense_equal(dense_of(m ** 0, backend), (hm ** 0).toarray())
    arr = sparse.csr_array(h.toarray()).asformat(format)
    assert_dense_equal(dense_of(arr * arr, backend), scipy.sparse.csr_array(h.toarray()).multiply(h.toarray()))
    with pytest.raises(TypeError, match="not square"):
        sparse.csr_matrix(host_matrix(shape=(2, 3))) ** 2


def test_transposed_product_uses_the_csr_arrays(backend):
    h = host_matrix(shape=(6, 4), format="csr")
    a = sparse.csr_array(h)
    t = a.T
    assert t.format == "csc" and t.indices is a.indices and t.indptr is a.indptr
    y = vector(6, np.float64)
    assert_dense_equal(backend.get(t @ backend.put(y)), h.T @ y)


def test_int64_indices_products(backend):
    h = host_matrix(shape=(6, 5), format="csr")
    a = sparse.csr_array((backend.put(h.data), backend.put(h.indices.astype(np.int64)),
                          backend.put(h.indptr.astype(np.int64))), shape=h.shape)
    x = vector(5, np.float64)
    assert_dense_equal(backend.get(a @ backend.put(x)), h @ x)
    assert_dense_equal(dense_of(a @ a.T, backend), h @ h.T)
    assert (a @ a.T).indices.dtype == np.int64
