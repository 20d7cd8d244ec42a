# SPDX-License-Identifier: BSD-3-Clause
"""Elementwise arithmetic and comparisons of sparse matrices, with SciPy's
rules: a scalar scales the stored entries; a dense operand gives a dense
result (a product with one stays sparse); two sparse operands combine over
the union of their patterns and, as SciPy's csr_binop_csr, keep only the
results that are not zero.

Note [Union of two sparse patterns]: both operands are made canonical CSR
(sorted, duplicates summed) and their entries keyed by row * n_cols +
column; the keys of both, sorted together, give the union (runs of equal
keys) and each entry's place in it; each operand's values are scattered
into a zero vector over the union and the operation runs on the two
vectors, so an entry present in one operand meets 0 from the other (NaN *
0 stays NaN, as in SciPy)."""
import warnings

import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse import _kernels, _sputils
from gpuarray.scipy.sparse._registry import SparseEfficiencyWarning, container, is_host_sparse, issparse

_INVERSE_SYMBOL = {"==": "!=", "!=": "==", "<": ">=", ">": "<=", "<=": ">", ">=": "<"}


def as_sparse_operand(other, like):
    """`other` as one of ours when it is sparse (a scipy.sparse object is uploaded), else None."""
    if issparse(other):
        return other
    if is_host_sparse(other):
        return container("csr", like)(other)
    return None


def canonical_keys(a):
    """(row * n_cols + column as int64, values) of `a`'s entries, sorted, duplicates summed."""
    csr = a.tocsr()
    if not csr.has_canonical_format:
        csr = csr.copy()
        csr.sum_duplicates()
    rows = _kernels.expand_indptr(csr.indptr, csr.nnz).astype(numpy.int64)
    return rows * a.shape[1] + csr.indices.astype(numpy.int64), csr.data


def csr_from_keys(keys, data, shape, like):
    """The CSR matrix (of `like`'s kind) of sorted, unique keys row * n_cols + column."""
    index_dtype = _sputils.index_dtype(maxval=max(shape[0], shape[1], keys.shape[0]))
    n_cols = max(shape[1], 1)
    rows = (keys // n_cols).astype(index_dtype)
    indices = (keys % n_cols).astype(index_dtype)
    indptr = xp.searchsorted(rows, xp.arange(shape[0] + 1, dtype=index_dtype), side="left").astype(index_dtype)
    result = container("csr", like)._from_arrays(data, indices, indptr, shape)
    result._canonical = True
    return result


def binop(a, b, op, drop_zeros=True):
    """op(a, b) over the union of the patterns of two sparse matrices of one shape, as CSR
    (Note [Union of two sparse patterns])."""
    if a.shape != b.shape:
        raise ValueError(f"inconsistent shapes: {a.shape} and {b.shape}")
    ka, va = canonical_keys(a)
    kb, vb = canonical_keys(b)
    keys = xp.concatenate([ka, kb])
    if keys.shape[0] == 0:
        dtype = op(xp.zeros(1, dtype=va.dtype), xp.zeros(1, dtype=vb.dtype)).dtype
        return csr_from_keys(keys, xp.zeros(0, dtype=dtype), a.shape, a)
    order = xp.argsort(keys, kind="stable")
    sorted_keys = keys[order]
    firsts = xp.concatenate([xp.ones(1, dtype=numpy.bool_), xp.not_equal(sorted_keys[1:], sorted_keys[:-1])])
    group = xp.cumsum(firsts.astype(numpy.int64)) - 1
    starts = xp.flatnonzero(firsts)
    n_union = starts.shape[0]
    place = xp.empty(keys.shape[0], dtype=numpy.int64)
    place[order] = group
    left = xp.zeros(n_union, dtype=va.dtype)
    left[place[:ka.shape[0]]] = va
    right = xp.zeros(n_union, dtype=vb.dtype)
    right[place[ka.shape[0]:]] = vb
    values = op(left, right)
    union_keys = sorted_keys[starts]
    if drop_zeros:
        kept = xp.flatnonzero(xp.not_equal(values, 0))
        union_keys, values = union_keys[kept], values[kept]
    return csr_from_keys(union_keys, values, a.shape, a)


def _dense(other):
    return xp.asarray(other)


def _check_dense_shape(a, other):
    if other.shape != a.shape:
        raise ValueError(f"inconsistent shapes: {a.shape} and {other.shape}")


def _same_format(result, a, keep_dia=False):
    """SciPy's result format: CSR and CSC keep theirs; DIA keeps its own for +, - and products."""
    if a.format == "csc" or (keep_dia and a.format == "dia"):
        return result.asformat(a.format)
    return result


def add(a, other):
    """a + other."""
    if _sputils.isscalarlike(other):
        if other == 0:
            return a.copy()
        raise NotImplementedError("adding a nonzero scalar to a sparse array is not supported")
    sparse = as_sparse_operand(other, a)
    if sparse is not None:
        return _same_format(binop(a, sparse, xp.add), a, keep_dia=sparse.format == "dia")
    if _sputils.isdense(other) or isinstance(other, (list, tuple)):
        other = _dense(other)
        _check_dense_shape(a, other)
        return xp.add(a.toarray(), other)
    return NotImplemented


def subtract(a, other):
    """a - other."""
    if _sputils.isscalarlike(other):
        if other == 0:
            return a.copy()
        raise NotImplementedError("subtracting a nonzero scalar from a sparse array is not supported")
    sparse = as_sparse_operand(other, a)
    if sparse is not None:
        return _same_format(binop(a, sparse, xp.subtract), a, keep_dia=sparse.format == "dia")
    if _sputils.isdense(other) or isinstance(other, (list, tuple)):
        other = _dense(other)
        _check_dense_shape(a, other)
        return xp.subtract(a.toarray(), other)
    return NotImplemented


def rsubtract(a, other):
    """other - a."""
    if _sputils.isscalarlike(other):
        if other == 0:
            return -a
        raise NotImplementedError("subtracting a sparse array from a nonzero scalar is not supported")
    if _sputils.isdense(other) or isinstance(other, (list, tuple)):
        other = _dense(other)
        _check_dense_shape(a, other)
        return xp.subtract(other, a.toarray())
    return NotImplemented


def scale(a, scalar):
    """a * scalar: the stored entries scaled, the format kept."""
    scalar = _host_scalar(scalar)
    dtype = _sputils.upcast_scalar(a.dtype, scalar)
    return a._with_data(xp.multiply(a.data, scalar).astype(dtype), copy=True)


def multiply(a, other):
    """The elementwise product (SciPy's ``multiply``, and ``*`` of sparse arrays)."""
    if _sputils.isscalarlike(other):
        return scale(a, other)
    sparse = as_sparse_operand(other, a)
    if sparse is not None:
        return _same_format(binop(a, sparse, xp.multiply), a, keep_dia=sparse.format == "dia")
    if _sputils.isdense(other) or isinstance(other, (list, tuple)):
        other = _dense(other)
        if numpy.broadcast_shapes(other.shape, a.shape) != a.shape:
            raise ValueError(f"inconsistent shapes: {a.shape} and {other.shape}")
        coo = a.tocoo()
        full = xp.multiply(other, xp.ones(a.shape, dtype=numpy.bool_))
        picked = xp.reshape(full, (-1,))[coo.row.astype(numpy.int64) * a.shape[1] + coo.col.astype(numpy.int64)]
        result = container("coo", a)._from_arrays(xp.multiply(coo.data, picked), coo.row, coo.col, a.shape)
        return result.todia() if a.format == "dia" else result
    return NotImplemented


def divide(a, other):
    """a / other (true division): a scalar divides the stored entries; arrays give dense results."""
    if _sputils.isscalarlike(other):
        other = _host_scalar(other)
        # SciPy multiplies by the reciprocal, in float64 for every dtype that casts to it safely.
        with numpy.errstate(divide="ignore", invalid="ignore"):
            reciprocal = 1.0 / other if other != 0 else numpy.float64(1.0) / numpy.asarray(other)[()]
        data = a.data.astype(numpy.float64) if numpy.can_cast(a.dtype, numpy.float64) else a.data
        return a._with_data(xp.multiply(data, reciprocal), copy=True)
    sparse = as_sparse_operand(other, a)
    if sparse is not None:
        if sparse.shape != a.shape:
            raise ValueError(f"inconsistent shapes: {a.shape} and {sparse.shape}")
        return xp.divide(a.toarray(), sparse.toarray())
    if _sputils.isdense(other) or isinstance(other, (list, tuple)):
        return xp.divide(a.toarray(), _dense(other))
    return NotImplemented


def rdivide(a, other):
    """other / a: dense."""
    if _sputils.isscalarlike(other):
        raise NotImplementedError("dividing a scalar by a sparse array is not supported")
    if _sputils.isdense(other) or isinstance(other, (list, tuple)):
        return xp.divide(_dense(other), a.toarray())
    return NotImplemented


def _zero_result(op, other):
    """op(0, other) on the host, for a scalar `other`."""
    with numpy.errstate(all="ignore"):
        return bool(_HOST_OPS[op.__name__](0, other))


_HOST_OPS = {"maximum": numpy.maximum, "minimum": numpy.minimum, "equal": numpy.equal,
             "not_equal": numpy.not_equal, "less": numpy.less, "greater": numpy.greater,
             "less_equal": numpy.less_equal, "greater_equal": numpy.greater_equal}


def _host_scalar(other):
    """A scalar operand on the host: a 0-d array becomes a NumPy scalar, others stay as given
    (a Python number stays weakly typed, a NumPy scalar keeps its dtype, as in SciPy)."""
    if isinstance(other, (numpy.ndarray, xp.ndarray)):
        return numpy.asarray(xp.asnumpy(other))[()]
    return other


def _scalar_sparse(a, values_of):
    """The CSR matrix of `a`'s canonical entries with values values_of(data), zeros dropped."""
    keys, data = canonical_keys(a)
    values = values_of(data)
    kept = xp.flatnonzero(xp.not_equal(values, 0))
    return csr_from_keys(keys[kept], values[kept], a.shape, a)


def extremum(a, other, op):
    """maximum/minimum with a scalar, dense array or sparse matrix (SciPy's results: sparse CSR,
    or dense when the scalar moves the implicit zeros)."""
    if _sputils.isscalarlike(other):
        other = _host_scalar(other)
        if _HOST_OPS[op.__name__](0, other) != 0:
            warnings.warn(f"Taking {op.__name__} with a nonzero scalar is inefficient; the result is dense.",
                          SparseEfficiencyWarning, stacklevel=3)
            return op(a.toarray(), other)
        return _same_format(_scalar_sparse(a, lambda data: op(data, other)), a)
    sparse = as_sparse_operand(other, a)
    if sparse is not None:
        return _same_format(binop(a, sparse, op), a)
    if _sputils.isdense(other) or isinstance(other, (list, tuple)):
        return op(a.toarray(), _dense(other))
    return NotImplemented


def compare(a, other, op, symbol):
    """a `symbol` other: sparse bool CSR where comparing with 0 gives False, else (with SciPy's
    SparseEfficiencyWarning) the dense comparison made sparse; dense operands give dense results."""
    if _sputils.isscalarlike(other):
        other = _host_scalar(other)
        if _zero_result(op, other):
            warnings.warn(f"Comparing a sparse matrix with {other} using {symbol} is inefficient. "
                          f"Try using {_INVERSE_SYMBOL[symbol]} instead.", SparseEfficiencyWarning, stacklevel=3)
            return _same_format(_dense_to_csr(op(a.toarray(), other), a), a)
        return _same_format(_scalar_sparse(a, lambda data: op(data, other)), a)
    sparse = as_sparse_operand(other, a)
    if sparse is not None:
        if sparse.shape != a.shape:
            raise ValueError("inconsistent shapes")
        if _zero_result(op, 0):
            warnings.warn(f"Comparing two sparse matrices using {symbol} is inefficient. "
                          f"Try using {_INVERSE_SYMBOL[symbol]} instead.", SparseEfficiencyWarning, stacklevel=3)
            return _same_format(_dense_to_csr(op(a.toarray(), sparse.toarray()), a), a)
        return _same_format(binop(a, sparse, op), a)
    if _sputils.isdense(other) or isinstance(other, (list, tuple)):
        other = _dense(other)
        return op(a.toarray(), other)
    return NotImplemented


def _dense_to_csr(dense, like):
    return container("csr", like)(dense)
