# SPDX-License-Identifier: BSD-3-Clause
"""The COOrdinate format: coo_array and coo_matrix (data and one index array
per axis; duplicates allowed, summed by every conversion). coo_array may be
1-D, as SciPy's: row and column selections of sparse arrays give one."""
import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse import _kernels, _sputils
from gpuarray.scipy.sparse._base import _spbase
from gpuarray.scipy.sparse._data import _data_methods
from gpuarray.scipy.sparse._matrix import spmatrix
from gpuarray.scipy.sparse._registry import container, is_host_sparse, issparse, register

__all__ = ["coo_array", "coo_matrix"]


def _host_int(a):
    return int(xp.asnumpy(a))


class _coo_base(_data_methods, _spbase):
    format = "coo"

    def __init__(self, arg1, shape=None, dtype=None, copy=False, *, maxprint=None):
        self._canonical = False
        allow_1d = self._is_array
        if issparse(arg1) or is_host_sparse(arg1):
            if is_host_sparse(arg1):
                arg1 = arg1.tocoo()
                coords = tuple(xp.asarray(c) for c in arg1.coords)
                self._set(xp.asarray(arg1.data), coords, arg1.shape)
                self._canonical = bool(arg1.has_canonical_format)
            else:
                source = arg1.tocoo(copy=copy)
                self._set(source.data, source.coords, source.shape)
                self._canonical = source._canonical
            if shape is not None and _sputils.check_shape(shape, allow_1d) != self._shape:
                raise ValueError(f"inconsistent shapes: {_sputils.check_shape(shape, allow_1d)} and {self._shape}")
        elif isinstance(arg1, tuple) and all(_sputils.isintlike(n) for n in arg1) and len(arg1) in (1, 2):
            shape = _sputils.check_shape(arg1, allow_1d)
            index_dtype = _sputils.index_dtype(maxval=max(shape, default=0))
            self._set(xp.zeros(0, dtype=_sputils.check_dtype(dtype or numpy.float64)),
                      tuple(xp.zeros(0, dtype=index_dtype) for _ in shape), shape)
            self._canonical = True
            return
        elif isinstance(arg1, tuple) and len(arg1) == 2 and isinstance(arg1[1], (tuple, list)) and \
                len(arg1[1]) in (1, 2) and not _sputils.isscalarlike(arg1[1][0]):
            self._from_triplets(arg1[0], arg1[1], shape, copy)
        elif isinstance(arg1, tuple):
            raise TypeError("invalid input format")
        else:
            self._from_dense(arg1, shape)
        if dtype is not None:
            self.data = self.data.astype(_sputils.check_dtype(dtype))
        _sputils.check_dtype(self.data.dtype)

    def _from_triplets(self, data, coords, shape, copy):
        data = xp.asarray(data)
        coords = tuple(xp.asarray(c) for c in coords)
        if any(c.ndim != 1 for c in coords) or data.ndim != 1:
            raise ValueError("row, column, and data array must all be the same length")
        if any(c.shape[0] != data.shape[0] for c in coords):
            raise ValueError("row, column, and data array must all be the same length")
        if any(c.dtype.kind not in "iu" for c in coords):
            raise ValueError("row and column index arrays must be integers")
        _sputils.check_dtype(data.dtype)
        if shape is None:
            if data.shape[0] == 0:
                raise ValueError("cannot infer dimensions from zero sized index arrays")
            shape = tuple(_host_int(xp.max(c)) + 1 for c in coords)
        shape = _sputils.check_shape(shape, allow_1d=self._is_array)
        if len(shape) != len(coords):
            raise ValueError(f"mismatching number of index arrays for shape; got {len(coords)}, expected "
                             f"{len(shape)}")
        if data.shape[0]:
            for axis, (c, n) in enumerate(zip(coords, shape)):
                hi, lo = _host_int(xp.max(c)), _host_int(xp.min(c))
                if hi >= n:
                    raise ValueError(f"axis {axis} index {hi} exceeds matrix dimension {n}")
                if lo < 0:
                    raise ValueError(f"negative axis {axis} index: {lo}")
        index_dtype = _sputils.index_dtype(*coords, maxval=max(shape, default=0))
        self._set(data.copy() if copy else data, tuple(c.astype(index_dtype, copy=copy) for c in coords), shape)

    def _from_dense(self, arg1, shape):
        dense = xp.asarray(arg1)
        if dense.ndim == 0 or (dense.ndim == 1 and not self._is_array):
            dense = xp.reshape(dense, (1, -1))
        if dense.ndim > 2:
            raise TypeError(f"expected dimension <= 2 array or matrix, got {dense.ndim}")
        if shape is not None and _sputils.check_shape(shape, self._is_array) != dense.shape:
            raise ValueError(f"inconsistent shapes: {_sputils.check_shape(shape, self._is_array)} != {dense.shape}")
        _sputils.check_dtype(dense.dtype)
        flat = xp.reshape(dense, (-1,))
        positions = xp.flatnonzero(flat)
        index_dtype = _sputils.index_dtype(maxval=max(max(dense.shape, default=0), positions.shape[0]))
        if dense.ndim == 1:
            coords = (positions.astype(index_dtype),)
        else:
            n_cols = max(dense.shape[1], 1)
            coords = ((positions // n_cols).astype(index_dtype), (positions % n_cols).astype(index_dtype))
        self._set(flat[positions], coords, dense.shape)
        self._canonical = True

    def _set(self, data, coords, shape):
        self.data, self.coords, self._shape = data, tuple(coords), tuple(shape)

    @classmethod
    def _from_arrays(cls, data, row, col, shape):
        """A matrix of these arrays as they are (no checks, no copies); col None for 1-D."""
        self = cls.__new__(cls)
        self._set(data, (row,) if col is None else (row, col), shape)
        self._canonical = False
        return self

    @property
    def ndim(self):
        return len(self._shape)

    @property
    def row(self):
        return self.coords[-2] if self.ndim == 2 else xp.zeros(self.nnz, dtype=self.coords[0].dtype)

    @row.setter
    def row(self, value):
        self.coords = (xp.asarray(value),) + self.coords[1:]

    @property
    def col(self):
        return self.coords[-1]

    @col.setter
    def col(self, value):
        self.coords = self.coords[:-1] + (xp.asarray(value),)

    @property
    def has_canonical_format(self):
        """Whether the entries are known to be sorted row-major with no duplicates."""
        return bool(self._canonical)

    @has_canonical_format.setter
    def has_canonical_format(self, value):
        self._canonical = bool(value)

    def _host_class_args(self):
        return (self.data, self.coords)

    def _with_data(self, data, copy=True):
        result = type(self).__new__(type(self))
        result._set(data, tuple(c.copy() for c in self.coords) if copy else self.coords, self._shape)
        result._canonical = self._canonical
        return result

    def copy(self):
        return self._with_data(self.data.copy(), copy=True)

    def _keys(self):
        if self.ndim == 1:
            return self.coords[0].astype(numpy.int64)
        return self.row.astype(numpy.int64) * max(self._shape[1], 1) + self.col.astype(numpy.int64)

    def _set_from_keys(self, keys, data):
        dtype = self.coords[0].dtype
        if self.ndim == 1:
            self._set(data, (keys.astype(dtype),), self._shape)
        else:
            n_cols = max(self._shape[1], 1)
            self._set(data, ((keys // n_cols).astype(dtype), (keys % n_cols).astype(dtype)), self._shape)

    def sum_duplicates(self):
        """Sorts the entries row-major and sums duplicates, in place."""
        if self._canonical:
            return
        keys = self._keys()
        order = xp.argsort(keys, kind="stable")
        keys, data = _kernels.sum_sorted_duplicates(keys[order], self.data[order])
        self._set_from_keys(keys, data)
        self._canonical = True

    def _deduped_data(self):
        self.sum_duplicates()
        return self.data

    def eliminate_zeros(self):
        """Removes the stored zeros, in place."""
        kept = xp.flatnonzero(xp.not_equal(self.data, 0))
        self._set(self.data[kept], tuple(c[kept] for c in self.coords), self._shape)

    def tocoo(self, copy=False):
        return self.copy() if copy else self

    def _canonical_copy(self):
        result = self.copy() if not self._canonical else self
        result.sum_duplicates()
        return result

    def toarray(self, order=None, out=None):
        """The dense device array (duplicates summed)."""
        canonical = self._canonical_copy()
        flat = xp.zeros(int(numpy.prod(self._shape, dtype=numpy.int64)), dtype=self.dtype)
        if canonical.nnz:
            flat[canonical._keys()] = canonical.data
        dense = xp.reshape(flat, self._shape)
        if out is not None:
            out[...] = dense
            return out
        return dense

    def _require_2d(self, what):
        if self.ndim != 2:
            raise ValueError(f"{what} needs a 2-D sparse array; this one has shape {self._shape}")

    def tocsr(self, copy=False):
        self._require_2d("tocsr")
        return self._compressed("csr", self.row, self.col, self._shape)

    def tocsc(self, copy=False):
        self._require_2d("tocsc")
        return self._compressed("csc", self.col, self.row, self._shape[::-1])

    def _compressed(self, format, major, minor, swapped_shape):
        index_dtype = _sputils.index_dtype(major, maxval=max(max(self._shape), self.nnz))
        indptr, indices, data = _kernels.coo_to_csr(major, minor, self.data, swapped_shape[0], swapped_shape[1],
                                                    index_dtype)
        result = container(format, self)._from_arrays(data, indices, indptr, self._shape)
        result._canonical = True
        return result

    def todia(self, copy=False):
        """The DIA form: one stored diagonal per distinct column - row of the entries."""
        self._require_2d("todia")
        canonical = self._canonical_copy()
        dia = container("dia", self)
        if canonical.nnz == 0:
            return dia._from_arrays(xp.zeros((0, 0), dtype=self.dtype), xp.zeros(0, dtype=numpy.int32), self._shape)
        ks = canonical.col.astype(numpy.int64) - canonical.row.astype(numpy.int64)
        sorted_ks = ks[xp.argsort(ks, kind="stable")]
        firsts = xp.concatenate([xp.ones(1, dtype=numpy.bool_), xp.not_equal(sorted_ks[1:], sorted_ks[:-1])])
        offsets = sorted_ks[xp.flatnonzero(firsts)]
        which = xp.searchsorted(offsets, ks)
        width = _host_int(xp.max(canonical.col)) + 1
        data = xp.zeros(offsets.shape[0] * width, dtype=self.dtype)
        data[which * width + canonical.col.astype(numpy.int64)] = canonical.data
        index_dtype = _sputils.index_dtype(maxval=max(self._shape))
        return dia._from_arrays(xp.reshape(data, (offsets.shape[0], width)), offsets.astype(index_dtype),
                                self._shape)

    def transpose(self, axes=None, copy=False):
        if axes is not None and tuple(axes) != tuple(range(self.ndim))[::-1]:
            raise ValueError("Sparse arrays/matrices do not support an 'axes' parameter because swapping "
                             "dimensions is the only logical permutation.")
        coords = self.coords[::-1]
        result = type(self).__new__(type(self))
        result._set(self.data.copy() if copy else self.data,
                    tuple(c.copy() for c in coords) if copy else coords, self._shape[::-1])
        result._canonical = self._canonical and self.ndim == 1
        return result

    def __repr__(self):
        if self.ndim == 1:
            return (f"<COOrdinate sparse array of dtype '{self.dtype}'\n"
                    f"\twith {self.nnz} stored elements and shape {self._shape}>")
        return super().__repr__()


class coo_array(_coo_base):
    """A sparse array in COOrdinate format (SciPy's coo_array) on the GPU.

    Parameters
    ----------
    arg1 : tuple, array_like or sparse
        ``(data, (row, col))`` (``(data, (idx,))`` for 1-D), a shape ``(M, N)`` for an empty
        array, a dense array (host or device), or a sparse object (ours or SciPy's, uploaded).
    shape : tuple of int, optional
        The shape; inferred from the largest indices when omitted.
    dtype : dtype, optional
        The data type of the stored values.
    copy : bool, optional
        Copy the given arrays (default False: they are used as they are where possible).
    maxprint : int, optional
        Accepted for SciPy's signature (unused: nothing is printed on the device).

    Raises
    ------
    ValueError
        Indices out of range for `shape`, arrays of different lengths, unsupported dtypes.

    Notes
    -----
    Duplicates are kept until `sum_duplicates` or a conversion (which sums them). Index arrays
    are int32 unless an input or the shape needs int64.

    See Also
    --------
    scipy.sparse.coo_array

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> a = sparse.coo_array((np.array([1.0, 2.0]), (np.array([0, 1]), np.array([1, 0]))), shape=(2, 2))
    >>> a.toarray().get()
    array([[0., 1.],
           [2., 0.]])
    """


class coo_matrix(spmatrix, _coo_base):
    """A sparse matrix in COOrdinate format (SciPy's coo_matrix) on the GPU: coo_array with
    matrix semantics (``*`` is the matrix product, reductions keep two dimensions).

    Parameters
    ----------
    arg1 : tuple, array_like or sparse
        As for `coo_array` (2-D only).
    shape : tuple of int, optional
        The shape.
    dtype : dtype, optional
        The data type.
    copy : bool, optional
        Copy the given arrays.
    maxprint : int, optional
        Accepted for SciPy's signature (unused: nothing is printed on the device).

    Notes
    -----
    Matrix semantics: ``*`` is the matrix product, ``**`` the matrix power, and sums, means and
    argmax/argmin along an axis keep two dimensions; `todense` gives a 2-D device array (gpuarray
    has no matrix class).

    See Also
    --------
    scipy.sparse.coo_matrix

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.coo_matrix([[0.0, 3.0], [4.0, 0.0]]).nnz
    2
    """


register("coo", coo_array, coo_matrix)
