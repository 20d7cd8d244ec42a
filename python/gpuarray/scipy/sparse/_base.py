# SPDX-License-Identifier: BSD-3-Clause
"""The base of every sparse class: shape and dtype, the conversions between
formats, the download to SciPy (`get`), and the operators, which hand the
work to `_arithmetic.py`, `_products.py`, `_reductions.py` and `_index.py`.

The operator modules build results of other formats through
`_registry.container` (the format classes register there)."""
import numpy

from gpuarray.scipy.sparse import _arithmetic, _assign, _index, _products, _reductions, _sputils
from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse._registry import _FORMAT_NAMES

class _spbase:
    """What every sparse format shares. Subclasses set `format` and implement
    `tocoo`, `_with_data`, `copy` and `_host_class_args`."""

    _gpuarray_sparse = True
    __array_priority__ = 10.1
    format = None
    _is_array = True
    ndim = 2

    # ---------------------------------------------------------- attributes

    @property
    def shape(self):
        return self._shape

    @property
    def dtype(self):
        return self.data.dtype

    @property
    def nnz(self):
        """Stored entries, explicit zeros and duplicates included."""
        return int(self.data.shape[0])

    @property
    def size(self):
        return self.nnz

    def getnnz(self, axis=None):
        """Stored entries, in all or along `axis` (SciPy's getnnz)."""
        if axis is None:
            return self.nnz
        axis = _sputils.validate_axis(axis)
        coo = self.tocoo()
        extent = self.shape[1 - axis]
        counts = xp.zeros(extent, dtype=numpy.int64)
        xp.add.at(counts, coo.col if axis == 0 else coo.row, xp.ones(coo.nnz, dtype=numpy.int64))
        return counts

    @property
    def T(self):
        return self.transpose()

    def __len__(self):
        raise TypeError("sparse array length is ambiguous; use getnnz() or shape[0]")

    def __bool__(self):
        if self.shape == (1, 1):
            return self.nnz != 0 and bool(xp.asnumpy(xp.any(xp.not_equal(self.tocsr().data, 0))))
        raise ValueError("The truth value of an array with more than one element is ambiguous. "
                         "Use a.any() or a.all().")

    def __repr__(self):
        kind = "array" if self._is_array else "matrix"
        return (f"<{_FORMAT_NAMES[self.format]} sparse {kind} of dtype '{self.dtype}'\n"
                f"\twith {self.nnz} stored elements and shape {self.shape}>")

    def __iter__(self):
        for r in range(self.shape[0]):
            yield self[r]

    # ---------------------------------------------------------- conversions

    def get(self):
        """This matrix as the scipy.sparse object of the same format and kind (a download)."""
        import scipy.sparse  # SciPy's classes are the download's target: imported only here
        cls = getattr(scipy.sparse, f"{self.format}_{'array' if self._is_array else 'matrix'}")
        args = tuple(xp.asnumpy(a) if isinstance(a, xp.ndarray) else
                     tuple(xp.asnumpy(b) for b in a) for a in self._host_class_args())
        return cls(args, shape=self.shape)

    def asformat(self, format, copy=False):
        """This matrix in `format` ('csr', 'csc', 'coo', 'dia' or None for itself)."""
        if format is None or format == self.format:
            return self.copy() if copy else self
        try:
            convert = getattr(self, "to" + format)
        except AttributeError:
            raise ValueError(f"Format {format} is unknown.") from None
        return convert(copy=copy)

    def tocsr(self, copy=False):
        return self.tocoo(copy=False).tocsr(copy=False)

    def tocsc(self, copy=False):
        return self.tocoo(copy=False).tocsc(copy=False)

    def todia(self, copy=False):
        return self.tocoo(copy=False).todia(copy=False)

    def toarray(self, order=None, out=None):
        """The dense device array of this matrix (duplicates summed)."""
        return self.tocoo(copy=False).toarray(order=order, out=out)

    def todense(self, order=None, out=None):
        """The dense device array (SciPy gives ``numpy.matrix`` for ``*_matrix``; gpuarray has no
        matrix class, so both kinds give a 2-D array)."""
        return self.toarray(order=order, out=out)

    def astype(self, dtype, casting="unsafe", copy=True):
        dtype = _sputils.check_dtype(dtype)
        if dtype == self.dtype and not copy:
            return self
        if not numpy.can_cast(self.dtype, dtype, casting=casting):
            raise TypeError(f"Cannot cast array data from {self.dtype!r} to {dtype!r} according to the rule "
                            f"{casting!r}")
        return self._with_data(self.data.astype(dtype), copy=True)

    def conjugate(self, copy=True):
        if self.dtype.kind == "c":
            return self._with_data(xp.conjugate(self.data), copy=copy)
        return self.copy() if copy else self

    conj = conjugate

    def _deduped_data(self):
        return self.data

    # ---------------------------------------------------------- operators

    def __neg__(self):
        if self.dtype == numpy.bool_:
            raise NotImplementedError("negating a boolean sparse array is not supported")
        return self._with_data(-self.data, copy=True)

    def __pos__(self):
        return self.copy()

    def __abs__(self):
        return self._with_data(xp.absolute(self._deduped_data()), copy=True)

    def __round__(self, ndigits=0):
        return self._with_data(xp.rint(self._deduped_data()) if not ndigits else
                               xp.divide(xp.rint(self._deduped_data() * 10.0 ** ndigits), 10.0 ** ndigits),
                               copy=True)

    def __add__(self, other):
        return _arithmetic.add(self, other)

    def __radd__(self, other):
        return _arithmetic.add(self, other)

    def __sub__(self, other):
        return _arithmetic.subtract(self, other)

    def __rsub__(self, other):
        return _arithmetic.rsubtract(self, other)

    def __mul__(self, other):
        return _arithmetic.multiply(self, other)

    def __rmul__(self, other):
        return _arithmetic.multiply(self, other)

    def __truediv__(self, other):
        return _arithmetic.divide(self, other)

    def __rtruediv__(self, other):
        return _arithmetic.rdivide(self, other)

    def __matmul__(self, other):
        return _products.matmul(self, other)

    def __rmatmul__(self, other):
        return _products.rmatmul(self, other)

    def __pow__(self, other):
        return self.power(other)

    def dot(self, other):
        """``self @ other``, also for a scalar (then ``self * other``)."""
        if _sputils.isscalarlike(other):
            return self * other
        return self @ other

    def multiply(self, other):
        """The elementwise product with a scalar, a dense array (broadcast) or a sparse matrix."""
        return _arithmetic.multiply(self, other)

    def maximum(self, other):
        """The elementwise maximum with a scalar, dense array or sparse matrix."""
        return _arithmetic.extremum(self, other, xp.maximum)

    def minimum(self, other):
        """The elementwise minimum with a scalar, dense array or sparse matrix."""
        return _arithmetic.extremum(self, other, xp.minimum)

    def power(self, n, dtype=None):
        """Each stored entry to the power `n` (a nonzero scalar)."""
        if not _sputils.isscalarlike(n):
            raise NotImplementedError("input is not scalar")
        if n == 0:
            raise NotImplementedError("zero power is not supported as it would densify the matrix.\n"
                                      "Use `np.ones(A.shape, dtype=A.dtype)` for this case.")
        data = self._deduped_data()
        if dtype is not None:
            data = data.astype(dtype)
        return self._with_data(xp.power(data, n), copy=True)

    def __eq__(self, other):
        return _arithmetic.compare(self, other, xp.equal, "==")

    def __ne__(self, other):
        return _arithmetic.compare(self, other, xp.not_equal, "!=")

    def __lt__(self, other):
        return _arithmetic.compare(self, other, xp.less, "<")

    def __gt__(self, other):
        return _arithmetic.compare(self, other, xp.greater, ">")

    def __le__(self, other):
        return _arithmetic.compare(self, other, xp.less_equal, "<=")

    def __ge__(self, other):
        return _arithmetic.compare(self, other, xp.greater_equal, ">=")

    __hash__ = None

    # ---------------------------------------------------------- reductions

    def sum(self, axis=None, dtype=None, out=None):
        return _reductions.sum(self, axis, dtype, out)

    def mean(self, axis=None, dtype=None, out=None):
        return _reductions.mean(self, axis, dtype, out)

    def max(self, axis=None, out=None, *, explicit=False):
        return _reductions.extremum(self, axis, out, explicit, xp.maximum, "max")

    def min(self, axis=None, out=None, *, explicit=False):
        return _reductions.extremum(self, axis, out, explicit, xp.minimum, "min")

    def argmax(self, axis=None, out=None, *, explicit=False):
        return _reductions.arg_extremum(self, axis, out, explicit, xp.maximum, "argmax")

    def argmin(self, axis=None, out=None, *, explicit=False):
        return _reductions.arg_extremum(self, axis, out, explicit, xp.minimum, "argmin")

    def count_nonzero(self, axis=None):
        return _reductions.count_nonzero(self, axis)

    def nonzero(self):
        """(rows, columns) of the entries whose value is not zero, row-major, duplicates summed first."""
        coo = self.tocsr().tocoo()
        kept = xp.flatnonzero(xp.not_equal(coo.data, 0))
        return coo.row[kept], coo.col[kept]

    def diagonal(self, k=0):
        return _reductions.diagonal(self, k)

    def trace(self, offset=0):
        """The sum of the diagonal `offset` (0-d device array)."""
        return xp.sum(self.diagonal(k=offset))

    def setdiag(self, values, k=0):
        """Sets diagonal `k` in place to `values` (a scalar, or a sequence whose first entries
        are used). The matrix is rebuilt in its own format."""
        _reductions.setdiag(self, values, k)

    # ---------------------------------------------------------- shape

    def transpose(self, axes=None, copy=False):
        if axes is not None and tuple(axes) != (1, 0):
            raise ValueError("Sparse arrays/matrices do not support an 'axes' parameter because swapping "
                             "dimensions is the only logical permutation.")
        return self.tocoo(copy=False).transpose(copy=copy).asformat(self._transpose_format())

    def _transpose_format(self):
        return self.format

    def reshape(self, *args, shape=None, order="C", copy=False):
        """This matrix with a new shape (as COO, like SciPy's)."""
        return _index.reshape(self, args if args else shape, order, copy)

    def __getitem__(self, key):
        return _index.getitem(self, key)

    def __setitem__(self, key, values):
        _assign.setitem(self, key, values)

    def resize(self, *shape):
        """Resizes the matrix in place: entries outside the new shape are dropped."""
        _assign.resize(self, shape[0] if len(shape) == 1 else shape)

    def getrow(self, i):
        return self.tocsr()[i, :] if not self._is_array else _index.rows(self.tocsr(), [i])

    def getcol(self, j):
        return self.tocsc()[:, j] if not self._is_array else _index.rows(self.tocsc().T, [j]).T

    def _set_arrays_from(self, other):
        """Takes `other`'s (same format) arrays as this matrix's: the in-place methods' last step."""
        self.__dict__.update(other.__dict__)

