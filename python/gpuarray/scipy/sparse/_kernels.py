# SPDX-License-Identifier: BSD-3-Clause
"""The sparse compute kernels, built from array operations: the one seam a
cuSPARSE binding replaces later without touching the format classes.

Every function takes and returns plain arrays (no sparse objects), indices
of one dtype (int32 or int64), and keeps SciPy's results. What each will map
to in cuSPARSE's generic API:

==========================  ==================================================
function                    cuSPARSE
==========================  ==================================================
`csr_matvec`                cusparseSpMV (CSR, op N); SpMM for a 2-D operand
`csr_rmatvec`               cusparseSpMV / cusparseSpMM with op T (or C)
`csr_matmat`                cusparseSpGEMM (workEstimation, compute, copy)
`compressed_transpose`      cusparseCsr2cscEx2
`coo_to_csr`                cusparseXcoosortByRow + cusparseXcoo2csr, then a
                            segmented sum of the duplicates
`sum_sorted_duplicates`     (stays array operations: a segmented reduction)
`expand_indptr`             cusparseXcsr2coo
==========================  ==================================================

Note [Sparse kernels from array operations]: the products of a matrix
product are formed entry by entry (``data * x[indices]``) and summed per row
by ``add.reduceat`` over the row starts (without its host-side bounds check:
row starts are in range by construction, `_array_ops.reduceat_in_range`); a
sentinel zero after the last entry lets every row start, empty rows
included, be a valid reduceat index, and empty rows are then set to zero
(reduceat gives the element at the start for them). SpGEMM expands every
product a_ik * b_kj (a searchsorted over the running product counts says
which A entry owns product p), sorts the
products by (row, column) and sums runs of equal keys; the rows are done in
chunks of at most `SPGEMM_CHUNK` products, so X.T @ X of a 50000 x 5000 5%
matrix (3·10^9 products) runs in bounded memory. The chunk boundaries need
the running product count on the host: one download per product."""
import numpy

from gpuarray.scipy.sparse import _array_ops as xp

# Products formed at once by csr_matmat: ~64 bytes of work space each.
SPGEMM_CHUNK = 1 << 26


def expand_indptr(indptr, nnz):
    """The major index of each of the `nnz` entries of a compressed matrix
    (the row of each entry of a CSR matrix), in indptr's dtype."""
    positions = xp.arange(nnz, dtype=indptr.dtype)
    return xp.searchsorted(indptr[1:], positions, side="right").astype(indptr.dtype)


def _padded(n, tail, dtype):
    """An (n + 1, *tail) buffer whose last row is zero: the sentinel after the last entry."""
    padded = xp.empty((n + 1,) + tail, dtype=dtype)
    padded[n] = 0
    return padded


def _sum_padded(padded, indptr, all_nonempty):
    """Segment sums of padded[:-1] (whose last row is the zero sentinel)."""
    n = indptr.shape[0] - 1
    tail = tuple(padded.shape[1:])
    sums = xp.reduceat_in_range(xp.add, padded, indptr[:-1]).astype(padded.dtype, copy=False)
    if all_nonempty:
        return sums
    empty_rows = xp.equal(indptr[1:], indptr[:-1])
    if tail:
        empty_rows = xp.reshape(empty_rows, (n,) + (1,) * len(tail))
    return xp.where(empty_rows, xp.zeros((), dtype=padded.dtype), sums)


def segment_sum(values, indptr, all_nonempty=False):
    """Sums of values[indptr[i]:indptr[i+1]] along axis 0, one per segment (0 for an empty one);
    values has exactly indptr[-1] rows. The result has values' dtype (bool sums are counts).
    `all_nonempty` (the caller knows no segment is empty) skips the masking."""
    n = indptr.shape[0] - 1
    tail = tuple(values.shape[1:])
    work_dtype = numpy.dtype(numpy.int64) if values.dtype == numpy.bool_ else values.dtype
    if n == 0 or values.shape[0] == 0:
        return xp.zeros((n,) + tail, dtype=work_dtype)
    # A zero after the last entry: every row start, an empty last row's too, is a valid index.
    padded = _padded(values.shape[0], tail, work_dtype)
    padded[:-1] = values
    return _sum_padded(padded, indptr, all_nonempty)


def csr_matvec(indptr, indices, data, x, dtype, all_nonempty=False):
    """A @ x for a CSR matrix A and a dense x of shape (n_cols,) or (n_cols, k), in `dtype`
    (SciPy's upcast of the two; a bool product is computed as counts and returned as bool).
    `all_nonempty`: the caller knows every row has an entry."""
    work = numpy.dtype(numpy.int64) if dtype == numpy.bool_ else dtype
    n_rows = indptr.shape[0] - 1
    gathered = xp.asarray(x).astype(work, copy=False)[indices]
    tail = tuple(gathered.shape[1:])
    if n_rows == 0 or indices.shape[0] == 0:
        result = xp.zeros((n_rows,) + tail, dtype=work)
    else:
        coefficients = data.astype(work, copy=False)
        if tail:
            coefficients = xp.reshape(coefficients, (-1, 1))
        padded = _padded(indices.shape[0], tail, work)
        xp.multiply(coefficients, gathered, out=padded[:-1])  # the products, written beside the sentinel
        result = _sum_padded(padded, indptr, all_nonempty)
    return xp.not_equal(result, 0) if dtype == numpy.bool_ else result.astype(dtype, copy=False)


def csr_rmatvec(indptr, indices, data, x, n_cols, dtype):
    """A.T @ x for a CSR matrix A (n_rows x n_cols) without forming A.T: every entry a_ij adds
    a_ij * x[i] into result[j] (``add.at``). x has shape (n_rows,) or (n_rows, k)."""
    work = numpy.dtype(numpy.int64) if dtype == numpy.bool_ else dtype
    rows = expand_indptr(indptr, indices.shape[0])
    gathered = xp.asarray(x, dtype=work)[rows]
    coefficients = data.astype(work)
    if gathered.ndim == 2:
        coefficients = xp.reshape(coefficients, (-1, 1))
    result = xp.zeros((n_cols,) + tuple(gathered.shape[1:]), dtype=work)
    xp.add.at(result, indices, coefficients * gathered)
    return xp.not_equal(result, 0) if dtype == numpy.bool_ else result


def sum_sorted_duplicates(keys, values):
    """(unique keys, summed values) of sorted `keys`: runs of equal keys summed (bool values or-ed)."""
    if keys.shape[0] == 0:
        return keys, values
    firsts = xp.concatenate([xp.ones(1, dtype=numpy.bool_), xp.not_equal(keys[1:], keys[:-1])])
    starts = xp.flatnonzero(firsts)
    if starts.shape[0] == keys.shape[0]:
        return keys, values
    work = numpy.dtype(numpy.int64) if values.dtype == numpy.bool_ else values.dtype
    sums = xp.reduceat_in_range(xp.add, values.astype(work, copy=False), starts)
    sums = xp.not_equal(sums, 0) if values.dtype == numpy.bool_ else sums.astype(values.dtype)
    return keys[starts], sums


def coo_to_csr(row, col, data, n_rows, n_cols, index_dtype):
    """(indptr, indices, data) of the CSR form of a COO matrix: entries sorted by (row, column),
    duplicates summed (SciPy's tocsr). Explicit zeros stay."""
    keys = row.astype(numpy.int64) * n_cols + col.astype(numpy.int64)
    order = xp.argsort(keys, kind="stable")
    keys, data = sum_sorted_duplicates(keys[order], data[order])
    rows = (keys // max(n_cols, 1)).astype(index_dtype)
    indices = (keys % max(n_cols, 1)).astype(index_dtype)
    indptr = xp.searchsorted(rows, xp.arange(n_rows + 1, dtype=index_dtype), side="left").astype(index_dtype)
    return indptr, indices, data


def compressed_transpose(indptr, indices, data, n_minor):
    """(indptr, indices, data) of the other compressed form of the same matrix (CSR to CSC
    or back): a stable sort by the minor index keeps each new row's entries in order;
    duplicates stay."""
    majors = expand_indptr(indptr, indices.shape[0])
    order = xp.argsort(indices, kind="stable")
    new_major = indices[order]
    new_indptr = xp.searchsorted(new_major, xp.arange(n_minor + 1, dtype=indptr.dtype),
                                 side="left").astype(indptr.dtype)
    return new_indptr, majors[order], data[order]


def _spgemm_chunks(row_work, budget):
    """Row ranges [r0, r1) whose products add up to at most `budget` (a single heavier row alone)."""
    ends = numpy.cumsum(row_work)
    chunks, r0, n = [], 0, row_work.shape[0]
    while r0 < n:
        base = ends[r0 - 1] if r0 else 0
        r1 = int(numpy.searchsorted(ends, base + budget, side="right"))
        r1 = max(r1, r0 + 1)
        chunks.append((r0, r1))
        r0 = r1
    return chunks


def csr_matmat(a, b, n_rows, n_cols, dtype, index_dtype, budget=None):
    """A @ B of two CSR matrices given as (indptr, indices, data) triples, as CSR
    (indptr, indices, data) with sorted indices and, as SciPy's csr_matmat, no entries
    whose sum is zero. Rows are processed in chunks of at most `budget` products."""
    budget = SPGEMM_CHUNK if budget is None else budget
    a_indptr, a_indices, a_data = a
    b_indptr, b_indices, b_data = b
    work = numpy.dtype(numpy.int64) if dtype == numpy.bool_ else dtype
    b_lengths = xp.diff(b_indptr).astype(numpy.int64)
    entry_work = b_lengths[a_indices]                       # products of each entry of A
    a_rows = expand_indptr(a_indptr, a_indices.shape[0])
    row_work = xp.asnumpy(segment_sum(entry_work, a_indptr))
    host_indptr = xp.asnumpy(a_indptr).astype(numpy.int64)
    pieces = []
    for r0, r1 in _spgemm_chunks(row_work, budget):
        e0, e1 = int(host_indptr[r0]), int(host_indptr[r1])
        total = int(row_work[r0:r1].sum())
        if total == 0:
            continue
        ends = xp.cumsum(entry_work[e0:e1])
        positions = xp.arange(total, dtype=numpy.int64)
        owner = xp.searchsorted(ends, positions, side="right")
        first = ends[owner] - entry_work[e0:e1][owner]
        k = a_indices[e0:e1][owner]
        in_b = b_indptr[k].astype(numpy.int64) + (positions - first)
        cols = b_indices[in_b].astype(numpy.int64)
        values = a_data[e0:e1][owner].astype(work) * b_data[in_b].astype(work)
        keys = (a_rows[e0:e1][owner].astype(numpy.int64) - r0) * n_cols + cols
        order = xp.argsort(keys, kind="stable")
        keys, values = sum_sorted_duplicates(keys[order], values[order])
        kept = xp.flatnonzero(xp.not_equal(values, 0))
        keys, values = keys[kept], values[kept]
        pieces.append((keys // n_cols + r0, keys % n_cols, values))
    if not pieces:
        return (xp.zeros(n_rows + 1, dtype=index_dtype), xp.zeros(0, dtype=index_dtype),
                xp.zeros(0, dtype=dtype))
    rows = xp.concatenate([p[0] for p in pieces]).astype(index_dtype)
    indices = xp.concatenate([p[1] for p in pieces]).astype(index_dtype)
    data = xp.concatenate([p[2] for p in pieces])
    data = xp.not_equal(data, 0) if dtype == numpy.bool_ else data.astype(dtype)
    indptr = xp.searchsorted(rows, xp.arange(n_rows + 1, dtype=index_dtype), side="left").astype(index_dtype)
    return indptr, indices, data
