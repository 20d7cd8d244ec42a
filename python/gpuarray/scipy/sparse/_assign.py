# SPDX-License-Identifier: BSD-3-Clause
"""Writing into sparse matrices (SciPy's ``A[rows, cols] = values``) and
resize, for the formats SciPy allows (CSR, CSC, COO).

The key's targets become (row, column) pairs (an outer product of the row
and column selections, or the pairs of two integer arrays, as NumPy's
indexing), the values are broadcast to the key's shape, and the matrix is
rebuilt from its canonical entries minus the targets plus the new values:
every targeted position is stored afterwards, zeros too (as SciPy's). When
a position is targeted twice the last value wins, as in NumPy."""
import warnings

import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse import _sputils
from gpuarray.scipy.sparse._arithmetic import canonical_keys, csr_from_keys
from gpuarray.scipy.sparse._index import _index_array, _int_index, _is_array_key, _split_key
from gpuarray.scipy.sparse._registry import SparseEfficiencyWarning, issparse


def _targets(a, key):
    """(rows, cols, shape) of the positions `key` selects (int64 device arrays, row-major)."""
    row_key, col_key = _split_key(key)
    m, n = a.shape
    if _is_array_key(row_key) and _is_array_key(col_key):
        r, c = xp.asarray(row_key), xp.asarray(col_key)
        if r.ndim == 2 and r.shape[1] == 1 and c.ndim == 1 and r.dtype != numpy.bool_:
            rows, cols = _index_array(r[:, 0], m, 0), _index_array(c, n, 1)
            return _outer(rows, cols) + ((rows.shape[0], cols.shape[0]),)
        rows, cols = _index_array(r, m, 0), _index_array(c, n, 1)
        if rows.shape[0] != cols.shape[0]:
            raise IndexError(f"shape mismatch: indexing arrays could not be broadcast together with shapes "
                             f"({rows.shape[0]},) ({cols.shape[0]},)")
        return rows, cols, (rows.shape[0],)
    rows = (xp.asarray([_int_index(row_key, m)], dtype=numpy.int64) if _sputils.isintlike(row_key)
            else _index_array(row_key, m, 0))
    cols = (xp.asarray([_int_index(col_key, n)], dtype=numpy.int64) if _sputils.isintlike(col_key)
            else _index_array(col_key, n, 1))
    shape = tuple(k.shape[0] for k, given in ((rows, row_key), (cols, col_key)) if not _sputils.isintlike(given))
    return _outer(rows, cols) + (shape,)


def _outer(rows, cols):
    p, q = rows.shape[0], cols.shape[0]
    grid_rows = xp.reshape(rows, (p, 1)) + xp.zeros((1, q), dtype=numpy.int64)
    grid_cols = xp.reshape(cols, (1, q)) + xp.zeros((p, 1), dtype=numpy.int64)
    return xp.reshape(grid_rows, (-1,)), xp.reshape(grid_cols, (-1,))


def setitem(a, key, values):
    """a[key] = values, in place (CSR, CSC and COO; SciPy's errors for DIA)."""
    if a.format == "dia":
        raise TypeError(f"'{type(a).__name__}' object does not support item assignment")
    rows, cols, shape = _targets(a, key)
    if issparse(values):
        values = values.toarray()
    values = xp.asarray(values)
    if numpy.broadcast_shapes(tuple(values.shape), shape) != shape:
        if values.size == rows.shape[0]:
            values = xp.reshape(values, shape)  # SciPy accepts a flat sequence of the right size
        else:
            raise ValueError(f"shape mismatch in assignment: value array of shape {values.shape} could not be "
                             f"broadcast to indexing result of shape {shape}")
    values = xp.reshape(values.astype(a.dtype) + xp.zeros(shape, dtype=a.dtype), (-1,))
    n_cols = max(a.shape[1], 1)
    new_keys = rows * n_cols + cols
    old_keys, old_data = canonical_keys(a)
    # The last write to a position wins: sort the targets stably and keep each run's last.
    order = xp.argsort(new_keys, kind="stable")
    new_keys, values = new_keys[order], values[order]
    if new_keys.shape[0] > 1:
        last = xp.flatnonzero(xp.concatenate([xp.not_equal(new_keys[1:], new_keys[:-1]),
                                              xp.ones(1, dtype=numpy.bool_)]))
        new_keys, values = new_keys[last], values[last]
    if old_keys.shape[0]:
        at = xp.minimum(xp.searchsorted(new_keys, old_keys), max(new_keys.shape[0] - 1, 0))
        overwritten = xp.equal(new_keys[at], old_keys) if new_keys.shape[0] else xp.zeros(old_keys.shape[0],
                                                                                           dtype=numpy.bool_)
        kept = xp.flatnonzero(xp.logical_not(overwritten))
        inserted = new_keys.shape[0] - (old_keys.shape[0] - kept.shape[0])
        old_keys, old_data = old_keys[kept], old_data[kept]
    else:
        inserted = new_keys.shape[0]
    if inserted:
        warnings.warn(f"Changing the sparsity structure of a {type(a).__name__} is expensive.",
                      SparseEfficiencyWarning, stacklevel=3)
    keys = xp.concatenate([old_keys, new_keys])
    data = xp.concatenate([old_data, values])
    order = xp.argsort(keys, kind="stable")
    rebuilt = csr_from_keys(keys[order], data[order], a.shape, a)
    a._set_arrays_from(rebuilt.asformat(a.format))


def resize(a, shape):
    """Resizes `a` in place to `shape`: entries outside it are dropped, new ones are zero."""
    shape = _sputils.check_shape(shape)
    coo = a.tocoo()
    inside = xp.flatnonzero(xp.logical_and(xp.less(coo.row, shape[0]), xp.less(coo.col, shape[1])))
    index_dtype = _sputils.index_dtype(coo.row, maxval=max(shape))
    resized = type(coo)._from_arrays(coo.data[inside], coo.row[inside].astype(index_dtype),
                                     coo.col[inside].astype(index_dtype), shape)
    resized._canonical = coo._canonical
    a._set_arrays_from(resized.asformat(a.format))
