# SPDX-License-Identifier: BSD-3-Clause
"""numpy.matrix on the device: `matrix`, `asmatrix`, `bmat`.

Note [matrix subclass]: `matrix` is a Python subclass of the C++ ndarray. A
matrix is an ndarray over the same device memory (made by ndarray.__init__
with the memory pointer and strides of the array it views), so every
function of gpuarray takes it as it takes an array. The engine returns plain
ndarrays, and it has no NumPy's __array_finalize__/__array_wrap__ hooks to
turn its results into matrices: the methods and operators below return
matrices themselves, each by viewing the ndarray result (`_as_matrix`).
gpuarray's functions (``xp.sum(m)``, ``xp.add(m, 1)``) return ndarrays
where NumPy's would return matrices, unless they call a method of the
matrix; ``m.A`` gives the plain ndarray view."""
import sys
import warnings

import numpy

from gpuarray._core import ndarray
from gpuarray._array_creation.from_data import array as _array
from gpuarray._array_manipulation.joining import concatenate
from gpuarray.linalg._products import dot
from gpuarray.linalg import inv, matrix_power, pinv

__all__ = ["matrix", "asmatrix", "bmat"]


def _view_as_matrix(arr, base=None):
    """A matrix over `arr`'s memory (2-D `arr`), `base` as its base."""
    out = matrix.__new__(matrix)
    ndarray.__init__(out, arr.shape, arr.dtype, memptr=arr.data, strides=arr.strides)
    out._writeable = arr._writeable
    if base is not None:
        out._set_base(base)
    return out


def _two_d(arr):
    """`arr` as 2-D: 0-d becomes (1, 1), 1-D a row, as NumPy's matrix does; more is refused."""
    if arr.ndim > 2:
        raise ValueError("shape too large to be a matrix.")
    if arr.ndim < 2:
        arr = arr.reshape((1, arr.size) if arr.ndim == 1 else (1, 1))
    return arr


def _as_matrix(result):
    """An engine result as a matrix (NotImplemented and non-arrays pass through)."""
    if not isinstance(result, ndarray) or isinstance(result, matrix):
        return result
    return _view_as_matrix(_two_d(result), base=result)


def _host_matrix(data, dtype=None):
    """numpy.asmatrix without its warning: the matrix made here has warned already, or is
    a copy of one that has."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        return numpy.asmatrix(data, dtype=dtype)


def _plain(x):
    return x.A if isinstance(x, matrix) else x


class matrix(ndarray):
    """A 2-D device array whose ``*`` is the matrix product and ``**`` the matrix power.

    Parameters
    ----------
    data : array_like or str
        The values: 0-d and 1-D inputs become one row; a string such as
        ``'1 2; 3 4'`` is parsed as NumPy's (rows by ';', columns by ',' or
        spaces).
    dtype : dtype, optional
        The dtype (the input's when None).
    copy : bool, optional
        Copy a device input (default) or view it.

    Notes
    -----
    NumPy advises against matrix: use 2-D arrays and ``@``. This is a
    Python subclass of gpuarray.ndarray (Note [matrix subclass]): its own
    methods and operators return matrices (reductions over an axis keep two
    dimensions, indexing keeps rows as 1xN, a reduction over every axis
    gives a 0-d ndarray rather than a scalar), while gpuarray's functions
    called on a matrix return ndarrays. ``.get()`` returns a numpy.matrix.
    Making one warns (PendingDeprecationWarning), as NumPy does.

    See Also
    --------
    asmatrix, bmat, numpy.matrix

    Examples
    --------
    >>> import gpuarray as xp
    >>> m = xp.matrix([[1.0, 2.0], [3.0, 4.0]])
    >>> m * m
    matrix([[ 7., 10.],
            [15., 22.]])
    >>> m.sum(axis=0)
    matrix([[4., 6.]])
    """

    __array_priority__ = 10.0

    def __init__(self, data, dtype=None, copy=True):
        # NumPy warns at every new matrix; views made by the methods do not warn.
        warnings.warn("matrix is kept for old code: 2-D arrays and the @ operator are the recommended way "
                      "to do linear algebra", PendingDeprecationWarning, stacklevel=2)
        source = _plain(data) if isinstance(data, ndarray) else None
        if isinstance(data, str):
            arr = _array(numpy.asarray(_host_matrix(data, dtype)))
        elif source is not None:
            arr = source
            if dtype is not None and numpy.dtype(dtype) != arr.dtype:
                arr = arr.astype(dtype)
            elif copy:
                arr = arr.copy(order="F" if arr._f_contiguous and not arr._c_contiguous else "C")
        else:
            arr = _array(data, dtype=dtype)
        if arr.ndim > 2:
            raise ValueError("matrix must be 2-dimensional")
        viewed = arr is source  # no copy made: the matrix views `data`, which is its base
        arr = _two_d(arr)
        ndarray.__init__(self, arr.shape, arr.dtype, memptr=arr.data, strides=arr.strides)
        self._writeable = arr._writeable
        if viewed:
            self._set_base(source)

    # ---- views and conversions -----------------------------------------------------------

    @property
    def A(self):
        """The plain ndarray over the same memory."""
        return self._view(self.shape, self.strides)

    @property
    def A1(self):
        """The elements as a flat ndarray."""
        return self.A.ravel()

    @property
    def T(self):
        """The transpose (a matrix view)."""
        return _as_matrix(self.A.T)

    @property
    def H(self):
        """The conjugate transpose."""
        t = self.A.T
        return _as_matrix(t.conj() if self.dtype.kind == "c" else t)

    @property
    def I(self):  # noqa: E743  (NumPy's name)
        """The inverse (the pseudo-inverse of a non-square matrix)."""
        m, n = self.shape
        return _as_matrix(inv(self.A) if m == n else pinv(self.A))

    def getA(self):
        """The plain ndarray over the same memory (``.A``)."""
        return self.A

    def getA1(self):
        """The elements as a flat ndarray (``.A1``)."""
        return self.A1

    def getT(self):
        """The transpose (``.T``)."""
        return self.T

    def getH(self):
        """The conjugate transpose (``.H``)."""
        return self.H

    def getI(self):
        """The inverse or pseudo-inverse (``.I``)."""
        return self.I

    def get(self, stream=None, order="C", out=None, blocking=True):
        """A numpy.matrix copy on the host (ndarray.get's arguments)."""
        return _host_matrix(ndarray.get(self.A, stream=stream, order=order, out=out, blocking=blocking))

    def tolist(self):
        """Nested Python lists of the rows (one copy to the host)."""
        return self.A.tolist()

    def __repr__(self):
        return repr(self.get())

    def __str__(self):
        return str(self.get())

    # ---- shapes ------------------------------------------------------------------------------

    def __getitem__(self, index):
        """Indexing that keeps two dimensions: a row is 1xN, a column (scalar second index) Nx1; one element is a 0-d ndarray."""
        out = ndarray.__getitem__(self.A, index)
        if not isinstance(out, ndarray) or out.ndim == 0:
            return out
        if out.ndim == 1:
            # A row unless the second index is a scalar (a column), as NumPy's matrix.
            column = isinstance(index, tuple) and len(index) > 1 and numpy.isscalar(index[1])
            out = out.reshape((out.shape[0], 1) if column else (1, out.shape[0]))
        return _as_matrix(out)

    def reshape(self, *shape, order="C", copy=None):
        """The matrix in a new shape (two dimensions; fewer become a row)."""
        return _as_matrix(self.A.reshape(*shape, order=order, copy=copy))

    def transpose(self, *axes):
        """The transpose, or the axes permuted."""
        return _as_matrix(self.A.transpose(*axes))

    def ravel(self, order="C"):
        """The elements as a 1xN matrix."""
        return _as_matrix(self.A.ravel(order))

    def flatten(self, order="C"):
        """A copy of the elements as a 1xN matrix."""
        return _as_matrix(self.A.flatten(order))

    def squeeze(self, axis=None):
        """The matrix without length-one axes, as a matrix again (so Nx1 becomes 1xN, as NumPy's)."""
        return _as_matrix(self.A.squeeze(axis))

    def copy(self, order="C"):
        """A copy."""
        return _as_matrix(self.A.copy(order))

    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
        """A copy cast to `dtype`."""
        return _as_matrix(self.A.astype(dtype, order=order, casting=casting, copy=copy))

    def dot(self, b, out=None):
        """The matrix product with `b`."""
        return _as_matrix(dot(self.A, _plain(b), out=out))

    # ---- products and powers ---------------------------------------------------------------

    def __mul__(self, other):
        """The matrix product with an array, list or matrix; a scalar scales."""
        if isinstance(other, (ndarray, list, tuple)):
            return _as_matrix(dot(self.A, asmatrix(other).A))
        if numpy.isscalar(other) or isinstance(other, numpy.generic):
            return _as_matrix(self.A * other)
        return NotImplemented

    def __rmul__(self, other):
        """The matrix product other * self; a scalar scales."""
        if isinstance(other, (ndarray, list, tuple)):
            return _as_matrix(dot(asmatrix(other).A, self.A))
        if numpy.isscalar(other) or isinstance(other, numpy.generic):
            return _as_matrix(other * self.A)
        return NotImplemented

    def __imul__(self, other):
        """self = self * other, in place."""
        self[:] = self * other
        return self

    def __pow__(self, other):
        """The matrix power (an integer exponent)."""
        return _as_matrix(matrix_power(self.A, other))

    def __ipow__(self, other):
        """self = self ** other, in place."""
        self[:] = self ** other
        return self

    def __rpow__(self, other):
        return NotImplemented

    # ---- reductions: two dimensions kept over an axis, a 0-d ndarray over all -------------------

    def _collapse(self, name, axis, **kwargs):
        """A reduction keeping two dimensions over an axis, a 0-d ndarray over all."""
        result = getattr(self.A, name)(axis=axis, keepdims=True, **kwargs)
        return result[0, 0] if axis is None else _as_matrix(result)

    def _align(self, result, axis):
        """An arg-reduction's result as NumPy's matrix gives it: a row over axis 0, a column over axis 1."""
        if axis is None:
            return result.reshape(())
        return _as_matrix(result) if axis == 0 else _as_matrix(result).T

    def sum(self, axis=None, dtype=None, out=None):
        """The sum (over `axis`, kept 2-D; over all, a 0-d ndarray)."""
        return self._collapse("sum", axis, dtype=dtype, out=out)

    def prod(self, axis=None, dtype=None, out=None):
        """The product (over `axis`, kept 2-D)."""
        return self._collapse("prod", axis, dtype=dtype, out=out)

    def mean(self, axis=None, dtype=None, out=None):
        """The mean (over `axis`, kept 2-D)."""
        return self._collapse("mean", axis, dtype=dtype, out=out)

    def std(self, axis=None, dtype=None, out=None, ddof=0):
        """The standard deviation (over `axis`, kept 2-D)."""
        return self._collapse("std", axis, dtype=dtype, out=out, ddof=ddof)

    def var(self, axis=None, dtype=None, out=None, ddof=0):
        """The variance (over `axis`, kept 2-D)."""
        return self._collapse("var", axis, dtype=dtype, out=out, ddof=ddof)

    def any(self, axis=None, out=None):
        """Whether any element is true (over `axis`, kept 2-D)."""
        return self._collapse("any", axis, out=out)

    def all(self, axis=None, out=None):
        """Whether every element is true (over `axis`, kept 2-D)."""
        return self._collapse("all", axis, out=out)

    def max(self, axis=None, out=None):
        """The maximum (over `axis`, kept 2-D)."""
        return self._collapse("max", axis, out=out)

    def min(self, axis=None, out=None):
        """The minimum (over `axis`, kept 2-D)."""
        return self._collapse("min", axis, out=out)

    def argmax(self, axis=None, out=None):
        """Indices of the maxima: a row over axis 0, a column over axis 1, a 0-d ndarray over all."""
        return self._align(self.A.argmax(axis=axis, out=out), axis)

    def argmin(self, axis=None, out=None):
        """Indices of the minima: a row over axis 0, a column over axis 1, a 0-d ndarray over all."""
        return self._align(self.A.argmin(axis=axis, out=out), axis)

    def ptp(self, axis=None, out=None):
        """max - min, aligned as argmax's result."""
        if out is not None:
            raise TypeError("matrix.ptp: out= is not supported")
        return self._align(self.A.max(axis=axis) - self.A.min(axis=axis), axis)


def _elementwise(name):
    def method(self, *args):
        # Looked up per call: `_methods` attaches some operators (@) to ndarray after this module loads.
        return _as_matrix(getattr(ndarray, name)(self.A, *(_plain(a) for a in args)))
    method.__name__ = name
    return method


# The engine's operators return ndarrays: each gives a matrix here (`*` and `**` are above).
for _name in ("__add__", "__radd__", "__sub__", "__rsub__", "__truediv__", "__rtruediv__", "__floordiv__",
              "__rfloordiv__", "__mod__", "__rmod__", "__and__", "__rand__", "__or__", "__ror__", "__xor__",
              "__rxor__", "__lshift__", "__rlshift__", "__rshift__", "__rrshift__", "__matmul__", "__rmatmul__",
              "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__neg__", "__pos__", "__abs__",
              "__invert__"):
    setattr(matrix, _name, _elementwise(_name))
matrix.__hash__ = None


def asmatrix(data, dtype=None):
    """`data` as a matrix, without a copy where it is a device array of `dtype`.

    Parameters
    ----------
    data : array_like
        The values (see matrix).
    dtype : dtype, optional
        The dtype.

    Returns
    -------
    matrix
        A view of a device `data` (of 2-D shape, or a row of a 1-D one).

    See Also
    --------
    matrix, bmat

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.asarray([[1, 2], [3, 4]])
    >>> m = xp.asmatrix(a)
    >>> m[0, 0] = 5
    >>> a
    array([[5, 2],
           [3, 4]])
    """
    if isinstance(data, matrix) and (dtype is None or numpy.dtype(dtype) == data.dtype):
        return data
    return matrix(data, dtype=dtype, copy=False)


def _bmat_blocks(text, ldict, gdict):
    """The blocks a bmat string names ('A, B; C D'), rows of names looked up in `ldict`
    then `gdict`: a list of rows, each a list of the objects."""
    rows = []
    for row in text.split(";"):
        names = [name.strip() for column in row.split(",") for name in column.split()]
        blocks = []
        for name in names:
            if name in ldict:
                blocks.append(ldict[name])
            elif name in gdict:
                blocks.append(gdict[name])
            else:
                raise NameError(f"name {name!r} is not defined")
        rows.append(blocks)
    return rows


def _joined(rows):
    """A 2-D device array of blocks in rows: each row joined along columns, then the rows."""
    return concatenate([concatenate([_two_d(_plain(_array(b) if not isinstance(b, ndarray) else b))
                                     for b in row], axis=-1) for row in rows], axis=0)


def bmat(obj, ldict=None, gdict=None):
    """A matrix built from blocks: nested sequences of arrays, or a string naming them.

    Parameters
    ----------
    obj : str, sequence of array_like or array_like
        ``'A, B; C, D'`` (names, rows separated by ';'), ``[[A, B], [C, D]]``,
        ``[A, B]`` (one row), or an array.
    ldict : dict, optional
        Names for a string `obj`, looked up first (the caller's local
        variables when `gdict` is also None).
    gdict : dict, optional
        Names looked up after `ldict` (the caller's global variables when
        `ldict` is None).

    Returns
    -------
    matrix

    Raises
    ------
    NameError
        If a name of a string `obj` is found in neither dictionary.

    See Also
    --------
    matrix, block, concatenate

    Examples
    --------
    >>> import gpuarray as xp
    >>> A = xp.eye(2)
    >>> Z = xp.zeros((2, 2))
    >>> xp.bmat('A Z; Z A').shape
    (4, 4)
    >>> xp.bmat([[A, Z], [Z, A]])[2]
    matrix([[0., 0., 1., 0.]])
    """
    if isinstance(obj, str):
        if gdict is None:
            frame = sys._getframe(1)  # NumPy's rule: the caller's variables
            gdict, ldict = frame.f_globals, frame.f_locals
        return matrix(_joined(_bmat_blocks(obj, ldict if ldict is not None else {}, gdict)), copy=False)
    if isinstance(obj, (list, tuple)):
        rows = obj if obj and isinstance(obj[0], (list, tuple)) else [obj]
        return matrix(_joined(rows), copy=False)
    return matrix(obj, copy=False)
