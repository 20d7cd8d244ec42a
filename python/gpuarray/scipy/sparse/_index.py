# SPDX-License-Identifier: BSD-3-Clause
"""Reading sparse matrices by index (SciPy's ``A[rows, cols]``) and reshape.

Rows are selected from the CSR form and columns from the CSC form (the CSR
form of the transpose), so every selection is one gather: the selected
rows' lengths give the new indptr, and each output entry finds its source
entry by a searchsorted over it. Integer, slice, integer-array and boolean
keys are accepted for either axis; two integer arrays pick single entries
(a dense result, as SciPy's). Sparse arrays give 1-D COO arrays for an
integer row or column, matrices keep two dimensions."""
import operator

import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse import _sputils
from gpuarray.scipy.sparse._arithmetic import canonical_keys
from gpuarray.scipy.sparse._registry import container


def _index_array(key, n, axis):
    """`key` (slice, integer or boolean array) as an int64 device array of positions in [0, n)."""
    if isinstance(key, slice):
        return xp.arange(*key.indices(n), dtype=numpy.int64)
    idx = xp.asarray(key)
    if idx.dtype == numpy.bool_:
        if idx.ndim != 1 or idx.shape[0] != n:
            raise IndexError(f"boolean index did not match indexed array along axis {axis}; size of axis is {n} "
                             f"but size of corresponding boolean axis is {idx.shape[0] if idx.ndim else 1}")
        return xp.flatnonzero(idx).astype(numpy.int64)
    if idx.dtype.kind not in "iu":
        raise IndexError("arrays used as indices must be of integer (or boolean) type")
    idx = xp.reshape(idx, (-1,)).astype(numpy.int64)
    if idx.shape[0]:
        lo, hi = int(xp.asnumpy(xp.min(idx))), int(xp.asnumpy(xp.max(idx)))
        if hi >= n or lo < -n:
            raise IndexError(f"index ({hi if hi >= n else lo}) out of range")
        if lo < 0:
            idx = xp.where(xp.less(idx, 0), idx + n, idx)
    return idx


def _int_index(key, n):
    i = operator.index(key)
    if not -n <= i < n:
        raise IndexError(f"index ({i}) out of range")
    return i % n


def select_major(cs, idx):
    """The matrix of the major slices (rows of CSR, columns of CSC) listed in `idx`, in order."""
    lengths = xp.diff(cs.indptr).astype(numpy.int64)[idx]
    new_indptr = xp.concatenate([xp.zeros(1, dtype=numpy.int64), xp.cumsum(lengths)])
    total = int(xp.asnumpy(new_indptr[-1]))
    positions = xp.arange(total, dtype=numpy.int64)
    owner = xp.searchsorted(new_indptr[1:], positions, side="right")
    source = cs.indptr.astype(numpy.int64)[idx][owner] + (positions - new_indptr[owner])
    major, minor = cs._swap(cs.shape)
    new_shape = cs._swap((idx.shape[0], minor))
    index_dtype = _sputils.index_dtype(cs.indices, maxval=max(max(new_shape), total))
    return type(cs)._from_arrays(cs.data[source], cs.indices[source].astype(index_dtype),
                                 new_indptr.astype(index_dtype), new_shape)


def rows(csr, indices):
    """The rows `indices` (a list) of a CSR matrix."""
    return select_major(csr, _index_array(indices, csr.shape[0], 0))


def _gather_pairs(a, r, c):
    """A[r[i], c[i]] as a dense 1-D device array (duplicates summed)."""
    keys, data = canonical_keys(a)
    if keys.shape[0] == 0:
        return xp.zeros(r.shape[0], dtype=a.dtype)
    query = r * a.shape[1] + c
    at = xp.minimum(xp.searchsorted(keys, query), keys.shape[0] - 1)
    return xp.where(xp.equal(keys[at], query), data[at], xp.zeros((), dtype=a.dtype))


def _split_key(key):
    if not isinstance(key, tuple):
        key = (key,)
    key = tuple(slice(None) if k is Ellipsis else k for k in key)
    if len(key) == 1:
        key = key + (slice(None),)
    if len(key) != 2:
        raise IndexError("too many indices for array")
    return key


def _is_array_key(k):
    return not isinstance(k, slice) and not _sputils.isintlike(k)


def getitem(a, key):
    """A[key] (SciPy's results and errors)."""
    if a.format == "dia":
        raise TypeError(f"'{type(a).__name__}' object is not subscriptable")
    row_key, col_key = _split_key(key)
    m, n = a.shape
    if _sputils.isintlike(row_key) and _sputils.isintlike(col_key):
        i, j = _int_index(row_key, m), _int_index(col_key, n)
        value = _gather_pairs(a, xp.asarray([i], dtype=numpy.int64), xp.asarray([j], dtype=numpy.int64))
        return xp.reshape(value, ())
    if _is_array_key(row_key) and _is_array_key(col_key):
        r, c = xp.asarray(row_key), xp.asarray(col_key)
        if r.dtype != numpy.bool_ and c.dtype != numpy.bool_ and r.ndim == 2 and r.shape[1] == 1 and c.ndim == 1:
            return getitem(getitem(a, (r[:, 0], slice(None))), (slice(None), c))
        r, c = _index_array(r, m, 0), _index_array(c, n, 1)
        if r.shape[0] != c.shape[0]:
            raise IndexError(f"shape mismatch: indexing arrays could not be broadcast together with shapes "
                             f"({r.shape[0]},) ({c.shape[0]},)")
        values = _gather_pairs(a, r, c)
        return values if a._is_array else xp.reshape(values, (1, -1))
    result = a.tocsr() if a.format != "csc" else a
    if not (isinstance(row_key, slice) and row_key == slice(None)):
        rows_idx = (xp.asarray([_int_index(row_key, m)], dtype=numpy.int64) if _sputils.isintlike(row_key)
                    else _index_array(row_key, m, 0))
        result = select_major(result.tocsr(), rows_idx)
    if not (isinstance(col_key, slice) and col_key == slice(None)):
        cols_idx = (xp.asarray([_int_index(col_key, n)], dtype=numpy.int64) if _sputils.isintlike(col_key)
                    else _index_array(col_key, n, 1))
        result = select_major(result.tocsc(), cols_idx)
    result = result.asformat("csc" if a.format == "csc" else "csr")
    if a._is_array and (_sputils.isintlike(row_key) or _sputils.isintlike(col_key)):
        coo = result.tocoo()
        if _sputils.isintlike(row_key):
            return container("coo", a)._from_arrays(coo.data, coo.col, None, (result.shape[1],))
        return container("coo", a)._from_arrays(coo.data, coo.row, None, (result.shape[0],))
    return result


def reshape(a, shape, order="C", copy=False):
    """`a` with a new shape, as COO (SciPy's); order 'C' or 'F'."""
    if order not in ("C", "F"):
        raise ValueError("'order' must be 'C' or 'F'")
    if shape is None or shape == ():
        raise TypeError("reshape() missing required argument 'shape'")
    if len(shape) == 1 and not _sputils.isintlike(shape[0]):
        shape = shape[0]
    size = a.shape[0] * a.shape[1] if a.ndim == 2 else a.shape[0]
    new_shape = _sputils.check_reshape_shape(shape, size)
    _sputils.check_shape(new_shape, allow_1d=a._is_array)
    if new_shape == a.shape:
        return a.copy() if copy else a
    coo = a.tocoo()
    if a.ndim == 2:
        r, c = coo.row.astype(numpy.int64), coo.col.astype(numpy.int64)
        flat = r * a.shape[1] + c if order == "C" else c * a.shape[0] + r
    else:
        flat = coo.col.astype(numpy.int64)
    index_dtype = _sputils.index_dtype(maxval=max(new_shape))
    cls = container("coo", a)
    if len(new_shape) == 1:
        return cls._from_arrays(coo.data.copy(), flat.astype(index_dtype), None, new_shape)
    m2, n2 = new_shape
    if order == "C":
        new_r, new_c = flat // max(n2, 1), flat % max(n2, 1)
    else:
        new_r, new_c = flat % max(m2, 1), flat // max(m2, 1)
    return cls._from_arrays(coo.data.copy(), new_r.astype(index_dtype), new_c.astype(index_dtype), new_shape)
