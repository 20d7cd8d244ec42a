# SPDX-License-Identifier: BSD-3-Clause
"""Reductions of sparse matrices with SciPy's rules: sum and mean (products
with a vector of ones, in NumPy's sum dtype), max/min (the implicit zeros
count unless explicit=True; along an axis the result is a sparse COO, 1-D
for arrays), argmax/argmin (the first position, an implicit zero included),
count_nonzero, and the diagonal (get and set).

Note [Argmax with implicit zeros]: per row of the canonical CSR (column of
the CSC for axis 0) the extreme stored value m and the first column holding
it come from segmented reductions; the first column not stored is the
number of leading entries whose column equals their position in the row
(sorted, unique columns). SciPy's choice follows: the stored position when
the row is full or m beats 0, the first implicit zero when 0 beats m, the
smaller of the two when m is 0."""
import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse import _kernels, _products, _sputils
from gpuarray.scipy.sparse._arithmetic import canonical_keys
from gpuarray.scipy.sparse._registry import container


def _sum_dtype(dtype):
    return numpy.zeros(1, dtype=dtype).sum().dtype


def _keep_2d(a, result, axis):
    """A result along `axis` as SciPy gives it: 1-D for arrays, a row or column for matrices."""
    if a._is_array:
        return result
    return xp.reshape(result, (1, -1) if axis == 0 else (-1, 1))


def _into(result, out):
    if out is None:
        return result
    out[...] = result
    return out


def sum(a, axis=None, dtype=None, out=None):
    """The sum of all entries or along `axis` (SciPy's dtype: NumPy's sum dtype, or `dtype`)."""
    axis = _sputils.validate_axis(axis)
    res_dtype = numpy.dtype(dtype) if dtype is not None else _sum_dtype(a.dtype)
    if axis is None:
        data = a.tocoo().data if a.format == "dia" else a.data
        return _into(xp.sum(data, dtype=res_dtype), out)
    if axis == 1:
        result = _products.matvec(a, xp.ones(a.shape[1], dtype=res_dtype))
    else:
        result = _products.matvec(a.transpose(), xp.ones(a.shape[0], dtype=res_dtype))
    return _into(_keep_2d(a, result.astype(res_dtype), axis), out)


def mean(a, axis=None, dtype=None, out=None):
    """The mean of all entries or along `axis` (float64 for integer and bool matrices)."""
    axis = _sputils.validate_axis(axis)
    if dtype is None:
        dtype = numpy.float64 if a.dtype.kind in "biu" else a.dtype
    total = sum(a, axis, dtype=dtype)
    count = a.shape[0] * a.shape[1] if axis is None else a.shape[axis]
    with numpy.errstate(all="ignore"):
        return _into(xp.divide(total, count).astype(dtype), out)


def _segment_reduce(op, values, indptr, empty_value):
    """op-reductions of values[indptr[i]:indptr[i+1]], `empty_value` for empty segments."""
    n = indptr.shape[0] - 1
    if values.shape[0] == 0:
        return xp.full(n, empty_value, dtype=values.dtype)
    padded = xp.concatenate([values, values[-1:]])  # op(x, x) == x: the last segment runs into it
    reduced = xp.reduceat_in_range(op, padded, indptr[:-1])
    return xp.where(xp.equal(indptr[1:], indptr[:-1]), xp.asarray(empty_value, dtype=values.dtype), reduced)


def _compressed_along(a, axis):
    """The canonical CSR (axis 1) or CSC (axis 0) form: segments run along `axis`."""
    work = a.tocsr() if axis == 1 else a.tocsc()
    if not work.has_canonical_format:
        work = work.copy()
        work.sum_duplicates()
    return work


def _reduce_name(op):
    return "maximum" if op.__name__ == "maximum" else "minimum"


def extremum(a, axis, out, explicit, op, name):
    """max/min over all entries (0-d) or along `axis` (a sparse COO of the kind of `a`)."""
    if out is not None:
        raise ValueError("Sparse arrays do not support an 'out' parameter.")
    axis = _sputils.validate_axis(axis)
    m, n = a.shape
    if axis is None:
        if m * n == 0:
            raise ValueError(f"zero-size array to reduction operation {_reduce_name(op)} which has no identity")
        _, data = canonical_keys(a)
        if data.shape[0] == 0:
            return xp.zeros((), dtype=a.dtype)
        value = (xp.max if name == "max" else xp.min)(data)
        if not explicit and data.shape[0] < m * n:
            value = op(value, xp.zeros((), dtype=a.dtype))
        return value
    if a.shape[axis] == 0:
        raise ValueError("zero-size array to reduction operation")
    work = _compressed_along(a, axis)
    reduced = _segment_reduce(op, work.data, work.indptr, 0)
    if not explicit:
        partial = xp.less(xp.diff(work.indptr), a.shape[axis])
        reduced = xp.where(partial, op(reduced, xp.zeros((), dtype=reduced.dtype)), reduced)
    dense = _keep_2d(a, reduced, axis)
    return container("coo", a)(dense)


def arg_extremum(a, axis, out, explicit, op, name):
    """argmax/argmin over the flattened matrix (0-d) or along `axis` (Note [Argmax with implicit zeros])."""
    if out is not None:
        raise ValueError(f"Sparse {name} does not support an 'out' parameter.")
    axis = _sputils.validate_axis(axis)
    m, n = a.shape
    beats_zero = xp.greater if op.__name__ == "maximum" else xp.less
    if axis is None:
        if m * n == 0:
            raise ValueError(f"Cannot apply {name} to an empty matrix.")
        keys, data = canonical_keys(a)
        if data.shape[0] == 0:
            if explicit:
                raise ValueError(f"Cannot apply {name} to zero matrix when explicit=True.")
            return xp.zeros((), dtype=numpy.int64)
        indptr = xp.asarray([0, data.shape[0]], dtype=numpy.int64)
        minors, extent = keys, m * n
    else:
        if a.shape[axis] == 0:
            raise ValueError(f"Cannot apply {name} along a zero-sized dimension.")
        work = _compressed_along(a, axis)
        indptr, minors, data, extent = work.indptr.astype(numpy.int64), work.indices, work.data, a.shape[axis]
    big = numpy.iinfo(numpy.int64).max
    n_segments = indptr.shape[0] - 1
    if data.shape[0] == 0:
        result = xp.zeros(n_segments, dtype=numpy.int64)
    else:
        segment = _kernels.expand_indptr(indptr, data.shape[0])
        in_row = xp.arange(data.shape[0], dtype=numpy.int64) - indptr[segment]
        best = _segment_reduce(op, data, indptr, 0)
        at_best = xp.equal(data, best[segment])
        first_pos = _segment_reduce(xp.minimum, xp.where(at_best, in_row, big), indptr, 0)
        lengths = xp.diff(indptr)
        nonempty = xp.greater(lengths, 0)
        first_minor = xp.where(nonempty, minors.astype(numpy.int64)[xp.minimum(indptr[:-1] + first_pos,
                                                                              data.shape[0] - 1)], 0)
        if explicit:
            result = first_pos if axis is None else first_minor
        else:
            first_zero = _kernels.segment_sum(xp.equal(minors.astype(numpy.int64), in_row).astype(numpy.int64),
                                              indptr)
            # SciPy compares the position of the extreme in the row's data with the first
            # implicit zero when the extreme is 0 (scipy/sparse/_data.py, _argminmax).
            zero_best = xp.where(xp.equal(best, 0), xp.minimum(first_pos, first_zero), first_zero)
            stored = xp.logical_or(beats_zero(best, 0), xp.equal(lengths, extent))
            result = xp.where(xp.logical_and(nonempty, stored), first_minor, xp.where(nonempty, zero_best, 0))
    if axis is None:
        return xp.reshape(result, ())
    return _keep_2d(a, result, axis)


def count_nonzero(a, axis=None):
    """Entries whose value is not zero (duplicates summed first), in all or along `axis`."""
    axis = _sputils.validate_axis(axis)
    if axis is None:
        _, data = canonical_keys(a)
        return int(xp.asnumpy(xp.count_nonzero(data)))
    work = _compressed_along(a, axis)
    return _kernels.segment_sum(xp.not_equal(work.data, 0).astype(numpy.int64), work.indptr)


def _diagonal_length(shape, k):
    m, n = shape
    return max(0, min(m + min(k, 0), n - max(k, 0)))


def diagonal(a, k=0):
    """Diagonal `k` as a dense 1-D device array (empty when it lies outside the matrix)."""
    m, n = a.shape
    length = _diagonal_length(a.shape, k)
    result = xp.zeros(length, dtype=a.dtype)
    if length == 0:
        return result
    keys, data = canonical_keys(a)
    rows, cols = keys // max(n, 1), keys % max(n, 1)
    on = xp.flatnonzero(xp.equal(cols - rows, k))
    result[(rows if k >= 0 else cols)[on]] = data[on]
    return result


def setdiag(a, values, k=0):
    """Diagonal `k` of `a` set in place (the first len(values) positions, or all to a scalar)."""
    m, n = a.shape
    if k <= -m or k >= n:
        raise ValueError("k exceeds array dimensions")
    length = _diagonal_length(a.shape, k)
    values = xp.asarray(values, dtype=a.dtype)
    if values.ndim == 0:
        values = xp.full(length, values, dtype=a.dtype)
    else:
        values = xp.reshape(values, (-1,))[:length]
    count = values.shape[0]
    positions = xp.arange(count, dtype=numpy.int64)
    rows, cols = (positions, positions + k) if k >= 0 else (positions - k, positions)
    keys, data = canonical_keys(a)
    old_rows, old_cols = keys // max(n, 1), keys % max(n, 1)
    along = old_rows if k >= 0 else old_cols
    replaced = xp.logical_and(xp.equal(old_cols - old_rows, k), xp.less(along, count))
    kept = xp.flatnonzero(xp.logical_not(replaced))
    all_rows = xp.concatenate([old_rows[kept], rows])
    all_cols = xp.concatenate([old_cols[kept], cols])
    all_data = xp.concatenate([data[kept].astype(a.dtype), values])
    index_dtype = _sputils.index_dtype(maxval=max(a.shape))
    coo = container("coo", a)._from_arrays(all_data, all_rows.astype(index_dtype), all_cols.astype(index_dtype),
                                           a.shape)
    a._set_arrays_from(coo.asformat(a.format) if a.format != "coo" else coo.tocsr().tocoo())
