# SPDX-License-Identifier: BSD-3-Clause
"""Construction, conversions and canonical forms of the sparse formats
against scipy.sparse: every format and kind, the dtypes, int32/int64
indices, empty matrices, duplicates and unsorted input, and SciPy's errors.
Each test runs on the host with NumPy standing in for gpuarray (CPU) and on
a device (gpu)."""
import numpy as np
import pytest
import scipy.sparse

from sparse_helpers import DTYPES, FORMATS, assert_dense_equal, dense_of, host_matrix, with_duplicates
from gpuarray.scipy import sparse

KINDS = ["array", "matrix"]


def cls(format, kind):
    return getattr(sparse, f"{format}_{kind}")


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_upload_get_round_trip(backend, format, kind, dtype):
    h = host_matrix(dtype=dtype, format=format)
    a = cls(format, kind)(h)
    assert a.format == format and a.shape == h.shape and a.dtype == h.dtype
    back = a.get()
    assert type(back).__name__ == f"{format}_{kind}"
    assert_dense_equal(back.toarray(), h.toarray())
    assert_dense_equal(dense_of(a, backend), h)


@pytest.mark.parametrize("src", FORMATS)
@pytest.mark.parametrize("dst", FORMATS)
@pytest.mark.parametrize("dtype", [np.float32, np.complex128, np.bool_])
def test_conversions(backend, src, dst, dtype):
    h = host_matrix(dtype=dtype, format=src)
    a = sparse.csr_array(h).asformat(src)
    b = a.asformat(dst)
    assert b.format == dst
    assert_dense_equal(dense_of(b, backend), h)
    assert_dense_equal(dense_of(getattr(a, "to" + dst)(), backend), h)


@pytest.mark.parametrize("format", ["csr", "csc", "coo"])
def test_duplicates_are_summed_by_conversions_and_toarray(backend, format):
    h = with_duplicates(host_matrix(format="coo"))
    a = sparse.coo_array((backend.put(h.data), (backend.put(h.row), backend.put(h.col))), shape=h.shape)
    assert a.nnz == h.nnz
    assert not a.has_canonical_format
    b = a.asformat(format)
    assert_dense_equal(dense_of(b, backend), h)
    b = b.copy()
    b.sum_duplicates()
    expected = h.asformat(format)
    expected.sum_duplicates()
    assert b.has_canonical_format and b.nnz == expected.nnz


def test_csr_unsorted_indices_sort_and_canonical(backend):
    data = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    indices = np.array([2, 0, 1, 1, 0])
    indptr = np.array([0, 3, 5])
    h = scipy.sparse.csr_array((data, indices, indptr), shape=(2, 3))
    a = sparse.csr_array((backend.put(data), backend.put(indices), backend.put(indptr)), shape=(2, 3))
    assert not a.has_sorted_indices and not a.has_canonical_format
    a.sort_indices()
    h.sort_indices()
    np.testing.assert_array_equal(backend.get(a.indices), h.indices)
    np.testing.assert_array_equal(backend.get(a.data), h.data)
    assert a.has_canonical_format
    dup = sparse.csr_array((backend.put([1.0, 2.0, 3.0]), backend.put([1, 1, 0]), backend.put([0, 2, 3])),
                           shape=(2, 2))
    assert not dup.has_canonical_format
    dup.sum_duplicates()
    assert dup.nnz == 2
    assert_dense_equal(dense_of(dup, backend), np.array([[0.0, 3.0], [3.0, 0.0]]))


@pytest.mark.parametrize("format", ["csr", "csc", "coo"])
def test_eliminate_zeros(backend, format):
    h = scipy.sparse.coo_array((np.array([1.0, 0.0, 2.0, 0.0]), (np.array([0, 1, 1, 2]), np.array([0, 0, 2, 1]))),
                               shape=(3, 3)).asformat(format)
    a = sparse.csr_array(h).asformat(format)
    a.eliminate_zeros()
    h.eliminate_zeros()
    assert a.nnz == h.nnz == 2
    assert_dense_equal(dense_of(a, backend), h)


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("kind", KINDS)
def test_from_dense_host_and_device(backend, format, kind):
    dense = np.array([[0.0, 1.5, 0.0], [2.0, 0.0, np.nan], [0.0, 0.0, 0.0]])
    for given in (dense, backend.put(dense), dense.tolist()):
        a = cls(format, kind)(given)
        h = getattr(scipy.sparse, f"{format}_{kind}")(dense)
        assert a.shape == h.shape
        assert a.nnz == h.nnz
        assert_dense_equal(dense_of(a, backend), h)


@pytest.mark.parametrize("format", ["csr", "csc", "coo"])
def test_from_row_col_triplets(backend, format):
    row, col, data = np.array([0, 2, 2, 0]), np.array([1, 0, 0, 3]), np.array([1.0, 2.0, 3.0, 4.0])
    h = getattr(scipy.sparse, f"{format}_array")((data, (row, col)), shape=(3, 4))
    a = cls(format, "array")((backend.put(data), (backend.put(row), backend.put(col))), shape=(3, 4))
    assert_dense_equal(dense_of(a, backend), h)
    inferred = cls(format, "array")((backend.put(data), (backend.put(row), backend.put(col))))
    assert inferred.shape == (3, 4)


@pytest.mark.parametrize("format", ["csr", "csc", "coo"])
@pytest.mark.parametrize("bad_row, message", [(3, "axis 0 index 3 exceeds matrix dimension 3"),
                                              (-1, "negative axis 0 index: -1")])
def test_out_of_range_triplets_raise_valueerror(backend, format, bad_row, message):
    data, row, col = backend.put([1.0, 1.0]), backend.put([0, bad_row]), backend.put([0, 1])
    with pytest.raises(ValueError, match=message):
        cls(format, "array")((data, (row, col)), shape=(3, 3))
    with pytest.raises(ValueError, match=message):
        getattr(scipy.sparse, f"{format}_array")((np.ones(2), (np.array([0, bad_row]), np.array([0, 1]))),
                                                  shape=(3, 3))


@pytest.mark.parametrize("args, message", [
    (((1.0, 1.0), (0, 5), (0, 1, 2)), None),
    (((1.0, 1.0), (0, 1), (0, 1, 3)), "Last value of index pointer"),
    (((1.0, 1.0), (0, 1), (0, 1)), "index pointer size 2 should be 3"),
    (((1.0, 1.0), (0, 1), (1, 1, 2)), "index pointer should start with 0"),
    (((1.0, 1.0, 1.0), (0, 1), (0, 1, 2)), "indices and data should have the same size"),
])
def test_compressed_triple_checks_as_scipy(backend, args, message):
    host_args = tuple(np.asarray(a) for a in args)
    ours = tuple(backend.put(a) for a in host_args)
    if message is None:
        a = sparse.csr_array(ours, shape=(2, 3))
        h = scipy.sparse.csr_array(host_args, shape=(2, 3))
        assert a.nnz == h.nnz
        return
    with pytest.raises(ValueError, match=message):
        scipy.sparse.csr_array(host_args, shape=(2, 3))
    with pytest.raises(ValueError, match=message):
        sparse.csr_array(ours, shape=(2, 3))


def test_unsupported_dtype_raises_as_scipy(backend):
    with pytest.raises(ValueError, match="does not support dtype float16"):
        sparse.csr_array((backend.put(np.ones(2, np.float16)), (backend.put([0, 1]), backend.put([0, 1]))))
    with pytest.raises(ValueError, match="does not support dtype"):
        sparse.csr_array((2, 2), dtype=np.float16)


def test_dia_checks(backend):
    with pytest.raises(ValueError, match="expected a shape argument"):
        sparse.dia_array((backend.put([[1.0, 2.0]]), backend.put([0])))
    with pytest.raises(ValueError, match="does not match the number of offsets"):
        sparse.dia_array((backend.put([[1.0, 2.0]]), backend.put([0, 1])), shape=(2, 2))
    with pytest.raises(ValueError, match="duplicate"):
        sparse.dia_array((backend.put([[1.0, 2.0], [1.0, 2.0]]), backend.put([0, 0])), shape=(2, 2))


@pytest.mark.parametrize("format", FORMATS)
def test_index_dtypes(backend, format):
    a = sparse.csr_array(host_matrix(format="csr")).asformat(format)
    index_arrays = {"csr": ("indices", "indptr"), "csc": ("indices", "indptr"), "coo": ("row", "col"),
                    "dia": ("offsets",)}[format]
    for name in index_arrays:
        assert getattr(a, name).dtype == np.int32
    h64 = host_matrix(format="csr")
    big = sparse.csr_array((backend.put(h64.data), backend.put(h64.indices.astype(np.int64)),
                            backend.put(h64.indptr.astype(np.int64))), shape=h64.shape)
    assert big.indices.dtype == np.int64 and big.indptr.dtype == np.int64
    assert scipy.sparse.csr_array((h64.data, h64.indices.astype(np.int64), h64.indptr.astype(np.int64)),
                                  shape=h64.shape).indices.dtype == np.int64
    wide = sparse.coo_array((backend.put([1.0]), (backend.put([0]), backend.put([3_000_000_000]))),
                            shape=(1, 3_000_000_001))
    assert wide.col.dtype == np.int64
    assert wide.tocsr().indices.dtype == np.int64


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("shape", [(0, 0), (0, 4), (3, 0), (3, 4)])
def test_empty_matrices(backend, format, kind, shape):
    a = cls(format, kind)(shape)
    h = getattr(scipy.sparse, f"{format}_{kind}")(shape)
    assert a.shape == h.shape and a.nnz == 0 and a.dtype == h.dtype
    assert_dense_equal(dense_of(a, backend), h)
    for other in FORMATS:
        assert_dense_equal(dense_of(a.asformat(other), backend), h)
    assert_dense_equal(dense_of(a.T, backend), h.T)
    if shape[0] and shape[1]:
        assert_dense_equal(backend.get(a @ backend.put(np.ones(shape[1]))), h @ np.ones(shape[1]))


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_astype_copy_transpose_conj(backend, format, dtype):
    h = host_matrix(dtype=dtype, format=format)
    a = sparse.csr_array(h).asformat(format)
    for target in (np.float64, np.complex64, np.int32):
        assert_dense_equal(dense_of(a.astype(target), backend), h.astype(target))
    c = a.copy()
    assert c.format == format
    assert_dense_equal(dense_of(c, backend), h)
    assert_dense_equal(dense_of(a.T, backend), h.T)
    assert a.T.format == h.T.format
    assert_dense_equal(dense_of(a.transpose(), backend), h.transpose())
    assert_dense_equal(dense_of(a.conj(), backend), h.conj())
    assert_dense_equal(dense_of(a.conjugate(), backend), h.conjugate())


def test_repr_nnz_and_predicates(backend):
    h = host_matrix(format="csr")
    a = sparse.csr_array(h)
    assert repr(a) == repr(h)
    m = sparse.csr_matrix(h)
    assert repr(m) == repr(scipy.sparse.csr_matrix(h))
    assert a.nnz == h.nnz and a.size == h.size
    assert sparse.issparse(a) and sparse.issparse(m) and not sparse.issparse(h.toarray())
    assert sparse.isspmatrix(m) and not sparse.isspmatrix(a)
    assert sparse.isspmatrix_csr(m) and not sparse.isspmatrix_csr(a) and not sparse.isspmatrix_csc(m)
    assert sparse.isspmatrix_coo(m.tocoo()) and sparse.isspmatrix_dia(m.todia())
    d = sparse.dia_array(h.todia())
    assert d.nnz == h.todia().nnz


def test_count_nonzero_and_getnnz(backend):
    h = scipy.sparse.csr_array((np.array([1.0, 0.0, 2.0]), np.array([0, 1, 1]), np.array([0, 2, 3])), shape=(2, 2))
    a = sparse.csr_array(h)
    assert a.count_nonzero() == h.count_nonzero() == 2
    np.testing.assert_array_equal(backend.get(a.count_nonzero(axis=0)), h.count_nonzero(axis=0))
    np.testing.assert_array_equal(backend.get(a.count_nonzero(axis=1)), h.count_nonzero(axis=1))
    assert a.getnnz() == 3
    np.testing.assert_array_equal(backend.get(a.getnnz(axis=0)), scipy.sparse.csr_matrix(h).getnnz(axis=0))


def test_bad_axis_and_format(backend):
    a = sparse.csr_array(host_matrix())
    with pytest.raises(ValueError, match="axis"):
        a.sum(axis=2)
    with pytest.raises(ValueError, match="Format"):
        a.asformat("lil")
    with pytest.raises(TypeError, match="ambiguous"):
        len(a)
