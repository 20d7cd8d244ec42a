# SPDX-License-Identifier: BSD-3-Clause
"""SciPy's LinearOperator on device arrays: an object with a shape and a
dtype that applies a matrix to vectors (matvec, rmatvec) and to blocks of
vectors (matmat, rmatmat), and the operator algebra (sums, products,
scalar multiples, powers, adjoint and transpose). `aslinearoperator` wraps
sparse matrices, dense arrays and LinearOperators."""
import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse import _products, _sputils
from gpuarray.scipy.sparse._registry import container, is_host_sparse, issparse

__all__ = ["LinearOperator", "aslinearoperator"]


class LinearOperator:
    """A linear map A from vectors of length N to vectors of length M (SciPy's LinearOperator).

    ``LinearOperator(shape, matvec, rmatvec=None, matmat=None, dtype=None, rmatmat=None)`` makes
    one from functions; subclasses implement ``_matvec`` or ``_matmat`` (and their adjoints).

    Parameters
    ----------
    shape : tuple of int
        (M, N).
    matvec : callable
        x (N,) -> A @ x (M,), on device arrays.
    rmatvec : callable, optional
        y (M,) -> A^H @ y.
    matmat : callable, optional
        X (N, K) -> A @ X (one matvec per column when not given).
    dtype : dtype, optional
        The operator's dtype (found by applying it to a zero vector when not given).
    rmatmat : callable, optional
        Y (M, K) -> A^H @ Y.

    Raises
    ------
    ValueError
        A shape that is not 2-D, or operands of the wrong size.

    See Also
    --------
    scipy.sparse.linalg.LinearOperator, aslinearoperator

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.sparse.linalg import LinearOperator
    >>> double = LinearOperator((3, 3), matvec=lambda x: 2 * x, dtype=float)
    >>> (double @ xp.ones(3)).get()
    array([2., 2., 2.])
    """

    ndim = 2
    __array_ufunc__ = None

    def __new__(cls, *args, **kwargs):
        if cls is LinearOperator:
            return super().__new__(_CustomLinearOperator)
        return super().__new__(cls)

    def __init__(self, dtype, shape):
        if dtype is not None:
            dtype = numpy.dtype(dtype)
        shape = tuple(shape)
        if len(shape) != 2 or not all(_sputils.isintlike(n) and n >= 0 for n in shape):
            raise ValueError(f"invalid shape {shape!r} (must be 2-d)")
        self.dtype = dtype
        self.shape = tuple(int(n) for n in shape)

    def _init_dtype(self):
        """The dtype, when not given, is that of the operator applied to a zero vector."""
        if self.dtype is None:
            self.dtype = self.matvec(xp.zeros(self.shape[-1])).dtype

    def _matmat(self, X):
        return xp.stack([self.matvec(X[:, j]) for j in range(X.shape[1])], axis=1)

    def _matvec(self, x):
        return self.matmat(xp.reshape(x, (-1, 1)))

    def _rmatvec(self, x):
        if type(self)._adjoint is LinearOperator._adjoint:
            raise NotImplementedError("rmatvec is not defined")
        return self.H.matvec(x)

    def _rmatmat(self, X):
        if type(self)._adjoint is LinearOperator._adjoint:
            return xp.stack([self.rmatvec(X[:, j]) for j in range(X.shape[1])], axis=1)
        return self.H.matmat(X)

    def matvec(self, x):
        """A @ x for x of shape (N,) or (N, 1)."""
        x = xp.asarray(x)
        m, n = self.shape
        if x.shape != (n,) and x.shape != (n, 1):
            raise ValueError(f"dimension mismatch: the operator has shape {self.shape}, x has shape {x.shape}")
        y = self._matvec(x)
        return xp.reshape(y, (m,) if x.ndim == 1 else (m, 1))

    def rmatvec(self, x):
        """A^H @ x for x of shape (M,) or (M, 1)."""
        x = xp.asarray(x)
        m, n = self.shape
        if x.shape != (m,) and x.shape != (m, 1):
            raise ValueError(f"dimension mismatch: the operator has shape {self.shape}, x has shape {x.shape}")
        y = self._rmatvec(x)
        return xp.reshape(y, (n,) if x.ndim == 1 else (n, 1))

    def matmat(self, X):
        """A @ X for X of shape (N, K)."""
        X = xp.asarray(X)
        if X.ndim != 2:
            raise ValueError(f"expected 2-d ndarray or matrix, not {X.ndim}-d")
        if X.shape[0] != self.shape[1]:
            raise ValueError(f"dimension mismatch: {self.shape}, {X.shape}")
        return self._matmat(X)

    def rmatmat(self, X):
        """A^H @ X for X of shape (M, K)."""
        X = xp.asarray(X)
        if X.ndim != 2:
            raise ValueError(f"expected 2-d ndarray or matrix, not {X.ndim}-d")
        if X.shape[0] != self.shape[0]:
            raise ValueError(f"dimension mismatch: {self.shape}, {X.shape}")
        return self._rmatmat(X)

    def __call__(self, x):
        return self @ x

    def dot(self, x):
        """A @ x: an operator product for a LinearOperator, a scaled operator for a scalar."""
        if isinstance(x, LinearOperator):
            return _ProductLinearOperator(self, x)
        if _sputils.isscalarlike(x):
            return _ScaledLinearOperator(self, x)
        x = xp.asarray(x)
        if x.ndim == 1 or (x.ndim == 2 and x.shape[1] == 1):
            return self.matvec(x)
        if x.ndim == 2:
            return self.matmat(x)
        raise ValueError(f"expected 1-d or 2-d array or matrix, got {x!r}")

    def __matmul__(self, other):
        if _sputils.isscalarlike(other):
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        return self.dot(other)

    def __rmatmul__(self, other):
        if _sputils.isscalarlike(other):
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        return self.T.dot(xp.asarray(other).T).T

    def __mul__(self, x):
        return self.dot(x)

    def __rmul__(self, x):
        if _sputils.isscalarlike(x):
            return _ScaledLinearOperator(self, x)
        return NotImplemented

    def __truediv__(self, other):
        if not _sputils.isscalarlike(other):
            raise ValueError("Can only divide a linear operator by a scalar.")
        return _ScaledLinearOperator(self, 1.0 / other)

    def __pow__(self, p):
        if _sputils.isscalarlike(p):
            return _PowerLinearOperator(self, p)
        return NotImplemented

    def __add__(self, x):
        if isinstance(x, LinearOperator):
            return _SumLinearOperator(self, x)
        return NotImplemented

    def __neg__(self):
        return _ScaledLinearOperator(self, -1)

    def __sub__(self, x):
        return self.__add__(-x)

    def __repr__(self):
        dt = "unspecified dtype" if self.dtype is None else "dtype=" + str(self.dtype)
        return f"<{self.shape[0]}x{self.shape[1]} {type(self).__name__} with {dt}>"

    def adjoint(self):
        """The Hermitian adjoint A^H."""
        return self._adjoint()

    @property
    def H(self):
        return self.adjoint()

    def transpose(self):
        """The transpose A^T."""
        return self._transpose()

    @property
    def T(self):
        return self.transpose()

    def _adjoint(self):
        return _AdjointLinearOperator(self)

    def _transpose(self):
        return _TransposedLinearOperator(self)


class _CustomLinearOperator(LinearOperator):
    """A LinearOperator from user functions."""

    def __init__(self, shape, matvec, rmatvec=None, matmat=None, dtype=None, rmatmat=None):
        super().__init__(dtype, shape)
        self.__matvec_impl, self.__rmatvec_impl = matvec, rmatvec
        self.__matmat_impl, self.__rmatmat_impl = matmat, rmatmat
        self._init_dtype()

    def _matvec(self, x):
        return self.__matvec_impl(x)

    def _matmat(self, X):
        if self.__matmat_impl is not None:
            return self.__matmat_impl(X)
        return super()._matmat(X)

    def _rmatvec(self, x):
        if self.__rmatvec_impl is None:
            raise NotImplementedError("rmatvec is not defined")
        return self.__rmatvec_impl(x)

    def _rmatmat(self, X):
        if self.__rmatmat_impl is not None:
            return self.__rmatmat_impl(X)
        return xp.stack([self.rmatvec(X[:, j]) for j in range(X.shape[1])], axis=1)

    def _adjoint(self):
        return _CustomLinearOperator((self.shape[1], self.shape[0]), matvec=self.__rmatvec_impl,
                                     rmatvec=self.__matvec_impl, matmat=self.__rmatmat_impl,
                                     rmatmat=self.__matmat_impl, dtype=self.dtype)


class _AdjointLinearOperator(LinearOperator):
    def __init__(self, A):
        super().__init__(A.dtype, (A.shape[1], A.shape[0]))
        self.A = A
        self.args = (A,)

    def _matvec(self, x):
        return self.A._rmatvec(x)

    def _rmatvec(self, x):
        return self.A._matvec(x)

    def _matmat(self, X):
        return self.A._rmatmat(X)

    def _rmatmat(self, X):
        return self.A._matmat(X)


class _TransposedLinearOperator(LinearOperator):
    def __init__(self, A):
        super().__init__(A.dtype, (A.shape[1], A.shape[0]))
        self.A = A
        self.args = (A,)

    def _matvec(self, x):
        return xp.conjugate(self.A._rmatvec(xp.conjugate(x)))

    def _rmatvec(self, x):
        return xp.conjugate(self.A._matvec(xp.conjugate(x)))

    def _matmat(self, X):
        return xp.conjugate(self.A._rmatmat(xp.conjugate(X)))

    def _rmatmat(self, X):
        return xp.conjugate(self.A._matmat(xp.conjugate(X)))


def _common_dtype(*operators):
    dtypes = [op.dtype for op in operators if op.dtype is not None]
    return numpy.result_type(*dtypes) if dtypes else None


class _SumLinearOperator(LinearOperator):
    def __init__(self, A, B):
        if A.shape != B.shape:
            raise ValueError(f"cannot add {A} and {B}: shape mismatch")
        super().__init__(_common_dtype(A, B), A.shape)
        self.args = (A, B)

    def _matvec(self, x):
        return self.args[0].matvec(x) + self.args[1].matvec(x)

    def _rmatvec(self, x):
        return self.args[0].rmatvec(x) + self.args[1].rmatvec(x)

    def _matmat(self, X):
        return self.args[0].matmat(X) + self.args[1].matmat(X)

    def _rmatmat(self, X):
        return self.args[0].rmatmat(X) + self.args[1].rmatmat(X)

    def _adjoint(self):
        return self.args[0].H + self.args[1].H


class _ProductLinearOperator(LinearOperator):
    def __init__(self, A, B):
        if A.shape[1] != B.shape[0]:
            raise ValueError(f"cannot multiply {A} and {B}: shape mismatch")
        super().__init__(_common_dtype(A, B), (A.shape[0], B.shape[1]))
        self.args = (A, B)

    def _matvec(self, x):
        return self.args[0].matvec(self.args[1].matvec(x))

    def _rmatvec(self, x):
        return self.args[1].rmatvec(self.args[0].rmatvec(x))

    def _matmat(self, X):
        return self.args[0].matmat(self.args[1].matmat(X))

    def _rmatmat(self, X):
        return self.args[1].rmatmat(self.args[0].rmatmat(X))

    def _adjoint(self):
        return self.args[1].H * self.args[0].H


class _ScaledLinearOperator(LinearOperator):
    def __init__(self, A, alpha):
        dtype = _common_dtype(A)
        super().__init__(None if dtype is None else numpy.result_type(dtype, type(alpha)), A.shape)
        self.args = (A, alpha)

    def _matvec(self, x):
        return self.args[1] * self.args[0].matvec(x)

    def _rmatvec(self, x):
        return numpy.conj(self.args[1]) * self.args[0].rmatvec(x)

    def _matmat(self, X):
        return self.args[1] * self.args[0].matmat(X)

    def _rmatmat(self, X):
        return numpy.conj(self.args[1]) * self.args[0].rmatmat(X)

    def _adjoint(self):
        return self.args[0].H * numpy.conj(self.args[1])


class _PowerLinearOperator(LinearOperator):
    def __init__(self, A, p):
        if A.shape[0] != A.shape[1]:
            raise ValueError(f"square LinearOperator expected, got {A!r}")
        if not _sputils.isintlike(p) or p < 0:
            raise ValueError("non-negative integer expected as p")
        super().__init__(_common_dtype(A), A.shape)
        self.args = (A, int(p))

    def _power(self, fun, x):
        result = xp.asarray(x).copy()
        for _ in range(self.args[1]):
            result = fun(result)
        return result

    def _matvec(self, x):
        return self._power(self.args[0].matvec, x)

    def _rmatvec(self, x):
        return self._power(self.args[0].rmatvec, x)

    def _matmat(self, X):
        return self._power(self.args[0].matmat, X)

    def _rmatmat(self, X):
        return self._power(self.args[0].rmatmat, X)

    def _adjoint(self):
        return self.args[0].H ** self.args[1]


class MatrixLinearOperator(LinearOperator):
    """A LinearOperator of a sparse matrix or a dense 2-D array (products through ``@``).
    A sparse matrix is converted once to CSR (or kept as CSC) and multiplied through
    `_products.matvec` directly: a solver's iterations skip the operator dispatch."""

    def __init__(self, A):
        super().__init__(A.dtype, A.shape)
        self.A = A
        self.args = (A,)
        self.__adjoint = None
        self._compressed = (A if A.format in ("csr", "csc") else A.tocsr()) if issparse(A) else None

    def _matvec(self, x):
        if self._compressed is not None:
            return _products.matvec(self._compressed, x)
        return self.A @ x

    def _matmat(self, X):
        return self._matvec(X)

    def _rmatvec(self, x):
        return self.A.T.conj() @ x if issparse(self.A) else xp.conjugate(self.A).T @ x

    def _rmatmat(self, X):
        return self._rmatvec(X)

    def _adjoint(self):
        if self.__adjoint is None:
            self.__adjoint = MatrixLinearOperator(self.A.T.conj() if issparse(self.A) else xp.conjugate(self.A).T)
        return self.__adjoint


class IdentityOperator(LinearOperator):
    """The identity as a LinearOperator."""

    def __init__(self, shape, dtype=None):
        super().__init__(dtype, shape)

    def _matvec(self, x):
        return x

    def _rmatvec(self, x):
        return x

    def _matmat(self, X):
        return X

    def _rmatmat(self, X):
        return X

    def _adjoint(self):
        return self


def aslinearoperator(A):
    """A as a LinearOperator: LinearOperators as they are, sparse matrices (ours or SciPy's,
    uploaded) and dense 2-D arrays wrapped, objects with shape and matvec adapted.

    Parameters
    ----------
    A : LinearOperator, sparse matrix, array_like or object with ``shape`` and ``matvec``
        The operator.

    Returns
    -------
    LinearOperator

    Raises
    ------
    TypeError
        A cannot be made a LinearOperator.

    See Also
    --------
    scipy.sparse.linalg.aslinearoperator

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import aslinearoperator
    >>> op = aslinearoperator(sparse.eye_array(3, format="csr") * 4.0)
    >>> op.matvec(xp.ones(3)).get()
    array([4., 4., 4.])
    """
    if isinstance(A, LinearOperator):
        return A
    if issparse(A):
        return MatrixLinearOperator(A)
    if is_host_sparse(A):
        return MatrixLinearOperator(container("csr", is_array=True)(A))
    if isinstance(A, (numpy.ndarray, xp.ndarray)) or isinstance(A, (list, tuple)):
        A = xp.asarray(A)
        if A.ndim != 2:
            raise ValueError("array must have ndim == 2")
        return MatrixLinearOperator(A)
    if hasattr(A, "shape") and hasattr(A, "matvec"):
        return LinearOperator(A.shape, A.matvec, rmatvec=getattr(A, "rmatvec", None),
                              rmatmat=getattr(A, "rmatmat", None), dtype=getattr(A, "dtype", None))
    raise TypeError("type not understood")
