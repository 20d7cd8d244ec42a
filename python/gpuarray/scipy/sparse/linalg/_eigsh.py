# SPDX-License-Identifier: BSD-3-Clause
"""eigsh: a few eigenvalues and eigenvectors of a real symmetric or complex
Hermitian matrix or LinearOperator, with SciPy's signature, checks and
output orders, by the restarted Lanczos method of _krylov_schur.py
(ARPACK's implicit restarts replaced by Krylov-Schur thick restarts)."""
import warnings

import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse._registry import is_host_sparse, issparse
from gpuarray.scipy.sparse.linalg._interface import LinearOperator, aslinearoperator
from gpuarray.scipy.sparse.linalg._iterative import minres
from gpuarray.scipy.sparse.linalg._krylov_schur import (
    WHICH, ArpackNoConvergence, hermitian_eigenpairs, wanted_order,
)

__all__ = ["eigsh"]


def operator_dtype(A):
    """The working dtype: A's for float32/64 and complex64/128, float64 for the others (as ARPACK)."""
    dtype = numpy.dtype(A.dtype if A.dtype is not None else numpy.float64)
    return dtype if dtype.char in "fdFD" else numpy.dtype(numpy.float64)


def _shift_invert(A, sigma, OPinv, dtype, tol):
    """(x -> (A - sigma I)^-1 x, the eigensolver's tolerance): OPinv's matvec and `tol` when
    OPinv is given, else MINRES solves to rtol = max(tol, 1000 sqrt(n) eps) (SciPy's iterative
    inverse for LinearOperators; a solve that does not converge raises ValueError as SciPy's)
    and 10 rtol: the inexact inverse is the operator the eigensolver sees, so its eigenvalues
    are not resolved below the solves' accuracy."""
    if OPinv is not None:
        return aslinearoperator(OPinv).matvec, tol
    n = A.shape[0]
    eps = float(numpy.finfo(dtype.char.lower()).eps)
    rtol = max(float(tol) if tol > 0 else 2 * eps, 1000 * numpy.sqrt(n) * eps)

    def solve(x):
        y, info = minres(A, x, rtol=rtol, shift=sigma, maxiter=20 * n)
        if info != 0:
            raise ValueError(f"Error in inverting [A-sigma*M]: function minres did not converge (info = {info}).")
        return y.astype(dtype, copy=False)
    return solve, 10 * rtol


def _scipy_order(values, which, complex_input, return_eigenvectors):
    """The order SciPy returns: ascending for real input with vectors ('BE' always), the most
    wanted first for complex input with vectors (SciPy's eigs), the most wanted last without."""
    if which == "BE" or (return_eigenvectors and not complex_input):
        return numpy.argsort(values, kind="stable")
    most_wanted_first = wanted_order(values, which)
    return most_wanted_first if return_eigenvectors else most_wanted_first[::-1]


def eigsh(A, k=6, M=None, sigma=None, which="LM", v0=None, ncv=None, maxiter=None, tol=0,
          return_eigenvectors=True, Minv=None, OPinv=None, mode="normal", rng=None):
    """k eigenvalues and eigenvectors of a real symmetric or complex Hermitian matrix (SciPy's eigsh).

    Parameters
    ----------
    A : sparse matrix, array or LinearOperator
        The n x n Hermitian operator.
    k : int, optional
        How many eigenpairs (0 < k < n).
    M : None, optional
        The generalized problem A x = w M x is not offered (ValueError when given).
    sigma : float, optional
        Shift-invert: eigenvalues nearest sigma, through (A - sigma I)^-1 (OPinv's matvec
        when given, else MINRES solves).
    which : {'LM', 'SM', 'LA', 'SA', 'BE'}, optional
        Largest or smallest magnitude, largest or smallest algebraic, or both ends (real
        input only). With sigma, applied to 1 / (w - sigma).
    v0 : array_like, optional
        The starting vector (random when not given).
    ncv : int, optional
        Lanczos vectors kept (k < ncv <= n; min(n, max(2 k + 1, 20))).
    maxiter : int, optional
        Restart cycles at most (10 n).
    tol : float, optional
        Relative accuracy of the eigenvalues (0: machine precision).
    return_eigenvectors : bool, optional
        Also return the eigenvectors.
    Minv : None, optional
        Only with M (ValueError when given).
    OPinv : sparse matrix, array or LinearOperator, optional
        (A - sigma I)^-1 for shift-invert.
    mode : {'normal'}, optional
        Shift-invert mode; 'buckling' and 'cayley' are not offered (ValueError).
    rng : int or numpy.random.Generator, optional
        Seeds the random starting vector.

    Returns
    -------
    w : numpy.ndarray
        The k eigenvalues (real, A's real precision), in SciPy's order.
    v : device array
        The eigenvectors as columns (n x k), when `return_eigenvectors`.

    Raises
    ------
    ValueError
        A non-square A, k out of range, a bad ncv, which or maxiter, M or Minv given, or
        OPinv without sigma (SciPy's messages).
    TypeError
        k >= n for a sparse matrix or LinearOperator (as SciPy).
    ArpackNoConvergence
        Not converged in maxiter cycles; it carries the converged pairs.

    Notes
    -----
    Thick-restart (Krylov-Schur) Lanczos with full reorthogonalization on the device (Note
    [Thick-restart Lanczos with full reorthogonalization] in `_krylov_schur.py`); the basis
    and projected matrix are read once per restart cycle. The eigenvalues are returned as a
    host NumPy array (k numbers), the eigenvectors on the device. 'SM' without sigma
    converges slowly for eigenvalues near zero (as ARPACK). For k >= n with a dense A,
    SciPy calls scipy.linalg.eigh; here gpuarray.linalg.eigh runs on the device.

    See Also
    --------
    scipy.sparse.linalg.eigsh, svds

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import eigsh
    >>> A = sparse.diags_array([np.arange(1.0, 101.0)], offsets=[0], format="csr")
    >>> w, v = eigsh(A, k=3, which="LA")
    >>> np.round(w, 8).tolist()
    [98.0, 99.0, 100.0]
    >>> v.shape
    (100, 3)
    """
    if A.shape[0] != A.shape[1]:
        raise ValueError(f"expected square matrix (shape={A.shape})")
    dtype = operator_dtype(A)
    complex_input = dtype.kind == "c"
    if complex_input and mode != "normal":
        raise ValueError(f"mode={mode} cannot be used with complex matrix A")
    if complex_input and which == "BE":
        raise ValueError("which='BE' cannot be used with complex matrix A")
    if M is not None or Minv is not None:
        raise ValueError("the generalized eigenproblem (M, Minv) is not offered by gpuarray's eigsh")
    n = A.shape[0]
    k = int(k)
    if k <= 0:
        raise ValueError("k must be greater than 0.")
    if k >= n:
        warnings.warn("k >= N for N * N square matrix. Attempting to use scipy.linalg.eigh instead.",
                      RuntimeWarning, stacklevel=2)
        if issparse(A) or is_host_sparse(A):
            raise TypeError("Cannot use scipy.linalg.eigh for sparse A with k >= N. "
                            "Use scipy.linalg.eigh(A.toarray()) or reduce k.")
        if isinstance(A, LinearOperator):
            raise TypeError("Cannot use scipy.linalg.eigh for LinearOperator A with k >= N.")
        dense = xp.asarray(A)
        if return_eigenvectors:
            w, v = xp.dense_eigh(dense)
            return xp.asnumpy(w), v
        return xp.asnumpy(xp.dense_eigvalsh(dense))
    if sigma is None and OPinv is not None:
        raise ValueError("OPinv should not be specified with sigma = None.")
    if sigma is not None and mode != "normal":
        if mode in ("buckling", "cayley"):
            raise ValueError(f"mode='{mode}' is not offered by gpuarray's eigsh (only 'normal')")
        raise ValueError(f"unrecognized mode '{mode}'")
    if which not in WHICH:
        raise ValueError(f"which must be one of {' '.join(WHICH)}")
    maxiter = 10 * n if maxiter is None else int(maxiter)
    if maxiter <= 0:
        raise ValueError(f"maxiter must be positive, maxiter={maxiter}")
    ncv = min(n, max(2 * k + 1, 20)) if ncv is None else int(ncv)
    if ncv > n or ncv <= k:
        raise ValueError(f"ncv must be k<ncv<=n, ncv={ncv}")
    operator = aslinearoperator(A)
    if operator.dtype is None:
        operator.dtype = dtype
    if sigma is None:
        apply = operator.matvec
    else:
        sigma = float(numpy.real(sigma))
        apply, tol = _shift_invert(operator, sigma, OPinv, dtype, tol)
    theta, vectors, converged = hermitian_eigenpairs(
        lambda x: apply(x).astype(dtype, copy=False), n, dtype, k, which, ncv, v0, maxiter, tol,
        numpy.random.default_rng(rng))
    real_dtype = numpy.dtype(dtype.char.lower())
    if sigma is not None:
        theta = sigma + 1.0 / theta
        # which ordered 1 / (w - sigma); SciPy orders the returned w among themselves.
        which = "LA" if which in ("LM", "LA", "BE") else "SA"
    order = _scipy_order(theta, which, complex_input, return_eigenvectors)
    w = theta[order].astype(real_dtype)
    if not converged:
        raise ArpackNoConvergence("ARPACK error -1: No convergence (maxiter restart cycles, gpuarray's Lanczos)",
                                  w, vectors[:, xp.asarray(order)] if len(order) else vectors)
    if not return_eigenvectors:
        return w
    return w, vectors[:, xp.asarray(order)]
