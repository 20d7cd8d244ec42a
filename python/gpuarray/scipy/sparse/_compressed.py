# SPDX-License-Identifier: BSD-3-Clause
"""What CSR and CSC share: the (data, indices, indptr) triple over the
major axis (rows for CSR, columns for CSC), its construction and checks
(SciPy's messages), and the in-place canonicalizations (sum_duplicates,
sort_indices, eliminate_zeros, prune). A CSC matrix is handled as the CSR
form of its transpose (`_swap` orders a (row, column) pair as
(major, minor))."""
import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse import _kernels, _sputils
from gpuarray.scipy.sparse._base import _spbase
from gpuarray.scipy.sparse._data import _data_methods
from gpuarray.scipy.sparse._registry import container, is_host_sparse, issparse


class _cs_base(_data_methods, _spbase):
    """A compressed sparse matrix: data, indices (minor index of each entry), indptr."""

    def __init__(self, arg1, shape=None, dtype=None, copy=False, *, maxprint=None):
        self._canonical = None
        if is_host_sparse(arg1):
            host = arg1.asformat(self.format)  # SciPy converts on the host; the triple is uploaded
            self._set_triple(xp.asarray(host.data), xp.asarray(host.indices), xp.asarray(host.indptr), host.shape)
            self._canonical = True if host.has_canonical_format else None
            if shape is not None and _sputils.check_shape(shape) != self._shape:
                raise ValueError(f"inconsistent shapes: {_sputils.check_shape(shape)} and {self._shape}")
        elif issparse(arg1):
            converted = arg1.asformat(self.format, copy=copy)
            self._set_triple(converted.data, converted.indices, converted.indptr, converted.shape)
            self._canonical = converted._canonical
            if shape is not None and _sputils.check_shape(shape) != self._shape:
                raise ValueError(f"inconsistent shapes: {_sputils.check_shape(shape)} and {self._shape}")
        elif isinstance(arg1, tuple) and len(arg1) == 2 and _sputils.isintlike(arg1[0]) and \
                _sputils.isintlike(arg1[1]):
            shape = _sputils.check_shape(arg1)
            index_dtype = _sputils.index_dtype(maxval=max(shape))
            major = self._swap(shape)[0]
            self._set_triple(xp.zeros(0, dtype=_sputils.check_dtype(dtype or numpy.float64)),
                             xp.zeros(0, dtype=index_dtype), xp.zeros(major + 1, dtype=index_dtype), shape)
            self._canonical = True
            return
        elif isinstance(arg1, tuple) and len(arg1) == 2:
            coo = container("coo", is_array=self._is_array)(arg1, shape=shape, dtype=dtype)
            converted = coo.asformat(self.format)
            self._set_triple(converted.data, converted.indices, converted.indptr, converted.shape)
            self._canonical = True
            return
        elif isinstance(arg1, tuple) and len(arg1) == 3:
            self._from_triple_input(arg1, shape, dtype, copy)
        elif isinstance(arg1, tuple):
            raise TypeError(f"unrecognized {self.format}_array constructor usage")
        else:
            coo = container("coo", is_array=self._is_array)(arg1, shape=shape, dtype=dtype)
            converted = coo.asformat(self.format)
            self._set_triple(converted.data, converted.indices, converted.indptr, converted.shape)
            self._canonical = True
            return
        if dtype is not None:
            self.data = self.data.astype(_sputils.check_dtype(dtype))

    def _from_triple_input(self, arg1, shape, dtype, copy):
        data, indices, indptr = (xp.asarray(a) for a in arg1)
        if indices.ndim != 1 or indptr.ndim != 1:
            raise ValueError("indices and indptr should be 1-D")
        if data.ndim != 1:
            raise ValueError(f"data array has invalid shape {data.shape}; expected 1-D")
        if indices.dtype.kind not in "iu" or indptr.dtype.kind not in "iu":
            raise ValueError("indices and indptr must be integer arrays")
        if shape is None:
            if indptr.shape[0] < 1:
                raise ValueError("index pointer array should have at least one entry")
            major = indptr.shape[0] - 1
            minor = int(xp.asnumpy(xp.max(indices))) + 1 if indices.shape[0] else 0
            shape = self._swap((major, minor))
        shape = _sputils.check_shape(shape)
        major, minor = self._swap(shape)
        if indptr.shape[0] != major + 1:
            raise ValueError(f"index pointer size {indptr.shape[0]} should be {major + 1}")
        if indices.shape[0] != data.shape[0]:
            raise ValueError("indices and data should have the same size")
        first, last = (int(v) for v in xp.asnumpy(indptr[xp.asarray([0, major])]))
        if first != 0:
            raise ValueError("index pointer should start with 0")
        if last > indices.shape[0]:
            raise ValueError("Last value of index pointer should be less than the size of index and data arrays")
        index_dtype = _sputils.index_dtype(indices, indptr, maxval=max(shape))
        _sputils.check_dtype(data.dtype)
        if last < data.shape[0]:
            data, indices = data[:last], indices[:last]
        self._set_triple(data.copy() if copy else data, indices.astype(index_dtype, copy=copy),
                         indptr.astype(index_dtype, copy=copy), shape)

    def _set_triple(self, data, indices, indptr, shape):
        self.data, self.indices, self.indptr, self._shape = data, indices, indptr, tuple(shape)

    @classmethod
    def _from_arrays(cls, data, indices, indptr, shape):
        """A matrix of these arrays as they are (no checks, no copies)."""
        self = cls.__new__(cls)
        self._set_triple(data, indices, indptr, shape)
        self._canonical = None
        return self

    def _host_class_args(self):
        return (self.data, self.indices, self.indptr)

    def _with_data(self, data, copy=True):
        result = self._from_arrays(data, self.indices.copy() if copy else self.indices,
                                   self.indptr.copy() if copy else self.indptr, self._shape)
        result._canonical = self._canonical
        return result

    def copy(self):
        return self._with_data(self.data.copy(), copy=True)

    # ---------------------------------------------------------- canonical form

    @property
    def has_canonical_format(self):
        """Whether the indices of each row (column for CSC) are sorted with no duplicates."""
        if self._canonical is None:
            self._canonical = self._strictly_increasing_within_rows()
        return self._canonical

    @has_canonical_format.setter
    def has_canonical_format(self, value):
        self._canonical = bool(value)

    @property
    def has_sorted_indices(self):
        """Whether the indices of each row (column for CSC) are sorted (duplicates allowed)."""
        return self._canonical or self._increasing_within_rows(strict=False)

    @has_sorted_indices.setter
    def has_sorted_indices(self, value):
        if not value:
            self._canonical = False

    def _strictly_increasing_within_rows(self):
        return self._increasing_within_rows(strict=True)

    def _increasing_within_rows(self, strict):
        if self.nnz < 2:
            return True
        step = (xp.greater if strict else xp.greater_equal)(self.indices[1:], self.indices[:-1])
        majors = _kernels.expand_indptr(self.indptr, self.nnz)
        new_row = xp.not_equal(majors[1:], majors[:-1])
        return not bool(xp.asnumpy(xp.any(xp.logical_not(xp.logical_or(step, new_row)))))

    def _keys(self):
        majors = _kernels.expand_indptr(self.indptr, self.nnz).astype(numpy.int64)
        return majors * max(self._swap(self._shape)[1], 1) + self.indices.astype(numpy.int64)

    def _rebuild_from_keys(self, keys, data):
        minor = max(self._swap(self._shape)[1], 1)
        dtype = self.indices.dtype
        majors = (keys // minor).astype(dtype)
        self.indices = (keys % minor).astype(dtype)
        self.indptr = xp.searchsorted(majors, xp.arange(self.indptr.shape[0], dtype=dtype),
                                      side="left").astype(dtype)
        self.data = data

    def sum_duplicates(self):
        """Sorts the indices and sums duplicate entries, in place."""
        if self._canonical:
            return
        keys = self._keys()
        order = xp.argsort(keys, kind="stable")
        keys, data = _kernels.sum_sorted_duplicates(keys[order], self.data[order])
        self._rebuild_from_keys(keys, data)
        self._canonical = True

    def sort_indices(self):
        """Sorts the indices of each row (column for CSC) in place; duplicates stay."""
        if self.has_sorted_indices:
            return
        keys = self._keys()
        order = xp.argsort(keys, kind="stable")
        self._rebuild_from_keys(keys[order], self.data[order])
        self._canonical = None  # sorted now; duplicates may remain

    def sorted_indices(self):
        """A copy with sorted indices."""
        result = self.copy()
        result.sort_indices()
        return result

    def eliminate_zeros(self):
        """Removes the stored zeros, in place."""
        kept = xp.flatnonzero(xp.not_equal(self.data, 0))
        if kept.shape[0] == self.nnz:
            return
        keys = self._keys()[kept]
        canonical = self._canonical
        self._rebuild_from_keys(keys, self.data[kept])
        self._canonical = canonical or None

    def prune(self):
        """Drops storage past indptr[-1] (none is kept here, so this checks the arrays)."""
        if self.indptr.shape[0] != self._swap(self._shape)[0] + 1:
            raise ValueError("index pointer has invalid length")
        if self.indices.shape[0] != self.data.shape[0]:
            raise ValueError("indices and data have different lengths")

    def check_format(self, full_check=True):
        """SciPy's structure checks; with `full_check` also the index ranges (a device reduction)."""
        major, minor = self._swap(self._shape)
        if self.indptr.shape[0] != major + 1:
            raise ValueError(f"index pointer size {self.indptr.shape[0]} should be {major + 1}")
        if full_check and self.nnz:
            if int(xp.asnumpy(xp.max(self.indices))) >= minor:
                raise ValueError(f"{self._swap(('row', 'column'))[1]} index values must be < {minor}")
            if int(xp.asnumpy(xp.min(self.indices))) < 0:
                raise ValueError(f"{self._swap(('row', 'column'))[1]} index values must be >= 0")
            if bool(xp.asnumpy(xp.any(xp.less(xp.diff(self.indptr), 0)))):
                raise ValueError("index pointer values must form a non-decreasing sequence")

    def _deduped_data(self):
        self.sum_duplicates()
        return self.data

    def _no_empty_major(self):
        """Whether every row (column for CSC) holds an entry: read once per indptr array (one
        wait on the device), so repeated products skip the masking of empty rows."""
        cached = getattr(self, "_no_empty_cache", None)
        if cached is None or cached[0] is not self.indptr:
            empty = xp.any(xp.equal(self.indptr[1:], self.indptr[:-1])) if self.indptr.shape[0] > 1 else False
            cached = (self.indptr, not bool(xp.asnumpy(empty)))
            self._no_empty_cache = cached
        return cached[1]

    # ---------------------------------------------------------- conversions

    def tocoo(self, copy=False):
        majors = _kernels.expand_indptr(self.indptr, self.nnz)
        minors = self.indices.copy() if copy else self.indices
        row, col = self._swap((majors, minors))
        result = container("coo", self)._from_arrays(self.data.copy() if copy else self.data, row, col,
                                                      self._shape)
        result._canonical = bool(self._canonical) and self.format == "csr"
        return result

    def _to_other_compressed(self):
        """The same matrix in the other compressed format (CSR <-> CSC)."""
        indptr, indices, data = _kernels.compressed_transpose(self.indptr, self.indices, self.data,
                                                              self._swap(self._shape)[1])
        result = container("csc" if self.format == "csr" else "csr", self)._from_arrays(
            data, indices, indptr, self._shape)
        result._canonical = True if self._canonical else None
        return result

    def transpose(self, axes=None, copy=False):
        """The transpose: the same arrays read as the other compressed format (SciPy's)."""
        if axes is not None and tuple(axes) != (1, 0):
            raise ValueError("Sparse arrays/matrices do not support an 'axes' parameter because swapping "
                             "dimensions is the only logical permutation.")
        other = container("csc" if self.format == "csr" else "csr", self)
        result = other._from_arrays(self.data.copy() if copy else self.data,
                                    self.indices.copy() if copy else self.indices,
                                    self.indptr.copy() if copy else self.indptr, self._shape[::-1])
        result._canonical = self._canonical
        return result
