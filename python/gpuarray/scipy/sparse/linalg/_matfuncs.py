# SPDX-License-Identifier: BSD-3-Clause
"""Functions of sparse matrices: matrix_power (repeated squaring with
sparse products, as SciPy's), and inv and expm of small sparse matrices
through dense device arrays.

Note [inv and expm through a dense matrix]: SciPy computes inv by a
sparse LU (spsolve against the identity) and expm by a sparse Pade
approximant whose denominator is solved the same way; both results are
dense in general (the inverse of an irreducible matrix has no zeros). With
no sparse direct solver yet (the cuDSS plan, docs/scipy_sparse.md), these
two densify A on the device, call gpuarray.linalg.inv or
gpuarray.scipy.linalg.expm (cuSOLVER's LU; scaling and squaring), and
return the sparse matrix of the nonzero result: n^2 memory, fine for the
small matrices these functions are for, not for large ones (use
spsolve-free methods: expm_multiply, or iterative solvers)."""
import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse._construct import eye_array
from gpuarray.scipy.sparse._registry import container, is_host_sparse, issparse
from gpuarray.scipy.sparse._sputils import isintlike

__all__ = ["expm", "inv", "matrix_power"]


def _device_sparse(A):
    if is_host_sparse(A):
        return container(A.format if A.format in ("csr", "csc", "coo", "dia") else "csr",
                         is_array="array" in type(A).__name__)(A)
    return A


def matrix_power(A, power):
    """A raised to a non-negative integer power by repeated squaring (SciPy's matrix_power).

    Parameters
    ----------
    A : sparse array or matrix
        The square matrix.
    power : int
        The exponent, >= 0.

    Returns
    -------
    sparse array or matrix
        A ** power, of A's kind; for power 0 the identity as a dia_array whatever A's kind
        (as SciPy).

    Raises
    ------
    TypeError
        A is not square.
    ValueError
        A negative or non-integer exponent.

    See Also
    --------
    scipy.sparse.linalg.matrix_power

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import matrix_power
    >>> A = sparse.csr_array([[0.0, 1.0], [1.0, 1.0]])
    >>> matrix_power(A, 5).toarray().get()
    array([[3., 5.],
           [5., 8.]])
    """
    A = _device_sparse(A)
    m, n = A.shape
    if m != n:
        raise TypeError("sparse matrix is not square")
    if not isintlike(power):
        raise ValueError("exponent must be an integer")
    power = int(power)
    if power < 0:
        raise ValueError("exponent must be >= 0")
    if power == 0:
        return eye_array(m, dtype=A.dtype)   # a dia_array for matrices too, as SciPy's
    if power == 1:
        return A.copy()
    half = matrix_power(A, power // 2)
    return A @ half @ half if power % 2 else half @ half


def _square_sparse(A, name):
    if not (issparse(A) or is_host_sparse(A)):
        raise TypeError("Input must be a sparse arrays")
    A = _device_sparse(A)
    if A.shape[0] != A.shape[1]:
        raise ValueError(f"{name} expects a square matrix, got shape {A.shape}")
    return A


def _sparse_like(dense, A, format):
    """The dense result as a sparse matrix of A's kind in `format`."""
    return container(format, like=A)(dense)


def inv(A):
    """The inverse of a square sparse matrix (SciPy's inv), for small matrices.

    Parameters
    ----------
    A : sparse array or matrix
        The n x n matrix.

    Returns
    -------
    sparse array or matrix
        A^-1, of A's kind (CSR for CSR input, CSC otherwise, as SciPy), its zeros dropped.

    Raises
    ------
    TypeError
        A is not sparse.
    ValueError
        A is not square.
    RuntimeError
        A is exactly singular (SciPy's "Factor is exactly singular").

    Notes
    -----
    Densifies A on the device (n^2 memory; Note [inv and expm through a dense matrix]).

    See Also
    --------
    scipy.sparse.linalg.inv, spsolve_triangular

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import inv
    >>> inv(sparse.csr_array([[2.0, 0.0], [0.0, 4.0]])).toarray().get()
    array([[0.5 , 0.  ],
           [0.  , 0.25]])
    """
    A = _square_sparse(A, "inv")
    dense = A.toarray()
    dtype = numpy.promote_types(dense.dtype, numpy.float64 if dense.dtype.kind not in "fc" else dense.dtype)
    try:
        inverse = xp.dense_inv(dense.astype(dtype))
    except numpy.linalg.LinAlgError:
        raise RuntimeError("Factor is exactly singular") from None
    return _sparse_like(inverse, A, "csr" if A.format == "csr" else "csc")  # SciPy's spsolve formats


def expm(A):
    """The matrix exponential of a square sparse matrix (SciPy's expm), for small matrices.

    Parameters
    ----------
    A : sparse array or matrix, or array_like
        The n x n matrix (a dense one gives a dense result, as SciPy).

    Returns
    -------
    sparse array or matrix, or device array
        exp(A), of A's kind (CSC for CSC input, CSR otherwise), its zeros dropped.

    Raises
    ------
    ValueError
        A is not square.

    Notes
    -----
    Densifies A on the device and uses gpuarray.scipy.linalg.expm (scaling and squaring with
    a Pade approximant; n^2 memory, Note [inv and expm through a dense matrix]). For
    exp(t A) applied to vectors of a large A, use expm_multiply.

    See Also
    --------
    scipy.sparse.linalg.expm, expm_multiply

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import expm
    >>> E = expm(sparse.csr_array([[0.0, 0.0], [0.0, 1.0]]))
    >>> E.toarray().get().round(6)
    array([[1.      , 0.      ],
           [0.      , 2.718282]])
    """
    if not (issparse(A) or is_host_sparse(A)):
        dense = xp.asarray(A)
        if dense.ndim != 2 or dense.shape[0] != dense.shape[1]:
            raise ValueError("expected a square matrix")
        return xp.dense_expm(dense)
    A = _square_sparse(A, "expm")
    dense = A.toarray()
    if dense.dtype.kind not in "fc":
        dense = dense.astype(numpy.float64)
    return _sparse_like(xp.dense_expm(dense), A, "csc" if A.format == "csc" else "csr")
