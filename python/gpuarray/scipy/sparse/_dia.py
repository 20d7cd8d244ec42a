# SPDX-License-Identifier: BSD-3-Clause
"""The DIAgonal format: dia_array and dia_matrix (data[k, j] is the entry
at column j of diagonal offsets[k], that is A[j - offsets[k], j])."""
import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse import _sputils
from gpuarray.scipy.sparse._base import _spbase
from gpuarray.scipy.sparse._data import _data_methods
from gpuarray.scipy.sparse._matrix import spmatrix
from gpuarray.scipy.sparse._registry import container, is_host_sparse, issparse, register

__all__ = ["dia_array", "dia_matrix"]


class _dia_base(_data_methods, _spbase):
    format = "dia"

    def __init__(self, arg1, shape=None, dtype=None, copy=False, *, maxprint=None):
        if issparse(arg1) or is_host_sparse(arg1):
            if is_host_sparse(arg1):
                arg1 = arg1.todia()
                self._set(xp.asarray(arg1.data), xp.asarray(arg1.offsets), arg1.shape)
            else:
                source = arg1.todia(copy=copy)
                self._set(source.data, source.offsets, source.shape)
        elif isinstance(arg1, tuple) and len(arg1) == 2 and all(_sputils.isintlike(n) for n in arg1):
            shape = _sputils.check_shape(arg1)
            self._set(xp.zeros((0, 0), dtype=_sputils.check_dtype(dtype or numpy.float64)),
                      xp.zeros(0, dtype=_sputils.index_dtype(maxval=max(shape))), shape)
            return
        elif isinstance(arg1, tuple) and len(arg1) == 2:
            if shape is None:
                raise ValueError("expected a shape argument")
            data = xp.asarray(arg1[0])
            if data.ndim < 2:
                data = xp.reshape(data, (1,) * (2 - data.ndim) + tuple(data.shape))
            offsets = xp.asarray(arg1[1])
            if offsets.ndim == 0:
                offsets = xp.reshape(offsets, (1,))
            if data.ndim != 2:
                raise ValueError("data array must have rank 2")
            if offsets.ndim != 1:
                raise ValueError("offsets array must have rank 1")
            if offsets.dtype.kind not in "iu":
                raise ValueError("offsets must be integers")
            if data.shape[0] != offsets.shape[0]:
                raise ValueError(f"number of diagonals ({data.shape[0]}) does not match the number of offsets "
                                 f"({offsets.shape[0]})")
            host_offsets = xp.asnumpy(offsets)
            if numpy.unique(host_offsets).shape[0] != host_offsets.shape[0]:
                raise ValueError("offset array contains duplicate values")
            _sputils.check_dtype(data.dtype)
            shape = _sputils.check_shape(shape)
            index_dtype = _sputils.index_dtype(offsets, maxval=max(shape))
            self._set(data.copy() if copy else data, offsets.astype(index_dtype), shape)
        elif isinstance(arg1, tuple):
            raise TypeError("unrecognized form for dia_array constructor")
        else:
            source = container("coo", is_array=self._is_array)(arg1, shape=shape).todia()
            self._set(source.data, source.offsets, source.shape)
        if dtype is not None:
            self.data = self.data.astype(_sputils.check_dtype(dtype))

    def _set(self, data, offsets, shape):
        self.data, self.offsets, self._shape = data, offsets, tuple(shape)

    @classmethod
    def _from_arrays(cls, data, offsets, shape):
        """A matrix of these arrays as they are (no checks, no copies)."""
        self = cls.__new__(cls)
        self._set(data, offsets, shape)
        return self

    @classmethod
    def _identity(cls, n, dtype):
        """The n x n identity."""
        return cls._from_arrays(xp.ones((1, n), dtype=dtype), xp.zeros(1, dtype=numpy.int32), (n, n))

    @property
    def nnz(self):
        """The stored entries inside the matrix (SciPy's count: padding left out)."""
        m, n = self._shape
        width = self.data.shape[1]
        total = 0
        for k in xp.asnumpy(self.offsets).tolist():
            if k > 0:
                total += max(0, min(m + k, n, width) - k)
            else:
                total += max(0, min(m + k, n, width))
        return total

    def _host_class_args(self):
        return (self.data, self.offsets)

    def _with_data(self, data, copy=True):
        return self._from_arrays(data, self.offsets.copy() if copy else self.offsets, self._shape)

    def copy(self):
        return self._with_data(self.data.copy(), copy=True)

    def tocoo(self, copy=False):
        """The COO form of the entries inside the matrix that are not zero (SciPy's)."""
        m, n = self._shape
        n_diags, width = self.data.shape
        coo = container("coo", self)
        index_dtype = _sputils.index_dtype(maxval=max(self._shape))
        if n_diags == 0 or width == 0:
            empty = xp.zeros(0, dtype=index_dtype)
            return coo._from_arrays(xp.zeros(0, dtype=self.dtype), empty, empty.copy(), self._shape)
        columns = xp.reshape(xp.arange(width, dtype=numpy.int64), (1, width))
        rows = columns - xp.reshape(self.offsets.astype(numpy.int64), (n_diags, 1))
        inside = xp.logical_and(xp.logical_and(xp.greater_equal(rows, 0), xp.less(rows, m)),
                                xp.logical_and(xp.less(columns, n), xp.not_equal(self.data, 0)))
        positions = xp.flatnonzero(inside)
        cols = positions % width
        rows_kept = xp.reshape(rows, (-1,))[positions]
        return coo._from_arrays(xp.reshape(self.data, (-1,))[positions], rows_kept.astype(index_dtype),
                                cols.astype(index_dtype), self._shape)

    def todia(self, copy=False):
        return self.copy() if copy else self

    def transpose(self, axes=None, copy=False):
        if axes is not None and tuple(axes) != (1, 0):
            raise ValueError("Sparse arrays/matrices do not support an 'axes' parameter because swapping "
                             "dimensions is the only logical permutation.")
        return self.tocoo().transpose().todia()


class dia_array(_dia_base):
    """A sparse array in DIAgonal format (SciPy's dia_array) on the GPU.

    Parameters
    ----------
    arg1 : tuple, array_like or sparse
        ``(data, offsets)`` with `shape`, a shape ``(M, N)`` for an empty array, a dense array,
        or a sparse object (ours or SciPy's, uploaded).
    shape : tuple of int, optional
        The shape (required with ``(data, offsets)``).
    dtype : dtype, optional
        The data type.
    copy : bool, optional
        Copy the given arrays.
    maxprint : int, optional
        Accepted for SciPy's signature (unused: nothing is printed on the device).

    Raises
    ------
    ValueError
        A missing shape, duplicate offsets, or as many diagonals as offsets not given.

    Notes
    -----
    `get` downloads it as the scipy.sparse object of the same format.

    See Also
    --------
    scipy.sparse.dia_array

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> a = sparse.dia_array((np.array([[1.0, 2.0, 3.0]]), np.array([0])), shape=(3, 3))
    >>> a.diagonal().get()
    array([1., 2., 3.])
    """


class dia_matrix(spmatrix, _dia_base):
    """A sparse matrix in DIAgonal format (SciPy's dia_matrix) on the GPU, with matrix semantics.

    Parameters
    ----------
    arg1 : tuple, array_like or sparse
        As for `dia_array`.
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
    scipy.sparse.dia_matrix

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.dia_matrix([[1.0, 2.0], [0.0, 3.0]]).offsets.get()
    array([0, 1], dtype=int32)
    """


register("dia", dia_array, dia_matrix)
