# SPDX-License-Identifier: BSD-3-Clause
"""eigs: a few eigenvalues and eigenvectors of a general square matrix or
LinearOperator, with SciPy's signature and checks, by Krylov-Schur
restarted Arnoldi in complex arithmetic (_krylov_schur.py, Note
[Krylov-Schur restarts of a general operator])."""
import warnings

import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse._registry import is_host_sparse, issparse
from gpuarray.scipy.sparse.linalg._eigsh import operator_dtype
from gpuarray.scipy.sparse.linalg._interface import LinearOperator, aslinearoperator
from gpuarray.scipy.sparse.linalg._iterative import gmres
from gpuarray.scipy.sparse.linalg._krylov_schur import ArpackNoConvergence, hermitian_eigenpairs

__all__ = ["eigs"]

WHICH = ("LM", "SM", "LR", "SR", "LI", "SI")


def _shift_invert(A, sigma, OPinv, dtype, tol):
    """(x -> (A - sigma I)^-1 x, the eigensolver's tolerance): OPinv, or GMRES(100) solves to
    SciPy's iterative-inverse tolerance (SciPy's choice for LinearOperators; for sparse A it
    factors A - sigma I, which waits for cuDSS here), whose accuracy then bounds the
    eigensolver's. A shift inside the spectrum can make GMRES stall: SciPy's ValueError then."""
    if OPinv is not None:
        return aslinearoperator(OPinv).matvec, tol
    n = A.shape[0]
    eps = float(numpy.finfo(dtype.char.lower()).eps)
    rtol = max(float(tol) if tol > 0 else 2 * eps, 1000 * numpy.sqrt(n) * eps)
    shifted = A - sigma * LinearOperator((n, n), matvec=lambda x: x, rmatvec=lambda x: x, dtype=dtype)

    def solve(x):
        y, info = gmres(shifted, x, rtol=rtol, atol=0.0, restart=min(n, 100), maxiter=20 * n)
        if info != 0:
            raise ValueError(f"Error in inverting [A-sigma*M]: function gmres did not converge (info = {info}).")
        return y.astype(dtype, copy=False)
    return solve, 10 * rtol


def eigs(A, k=6, M=None, sigma=None, which="LM", v0=None, ncv=None, maxiter=None, tol=0, return_eigenvectors=True,
         Minv=None, OPinv=None, OPpart=None, rng=None):
    """k eigenvalues and eigenvectors of a square matrix or operator (SciPy's eigs).

    Parameters
    ----------
    A : sparse matrix, array or LinearOperator
        The n x n operator (real or complex, not necessarily Hermitian).
    k : int, optional
        How many eigenpairs (0 < k < n - 1).
    M : None, optional
        The generalized problem is not offered (ValueError when given).
    sigma : complex, optional
        Shift-invert: eigenvalues nearest sigma, through (A - sigma I)^-1 (OPinv's matvec when
        given, else GMRES solves).
    which : {'LM', 'SM', 'LR', 'SR', 'LI', 'SI'}, optional
        Largest or smallest magnitude, real part or imaginary part (of 1 / (w - sigma) with sigma).
    v0 : array_like, optional
        The starting vector (random when not given).
    ncv : int, optional
        Arnoldi vectors kept (k + 1 < ncv <= n; min(n, max(2 k + 1, 20))).
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
    OPpart : None, optional
        SciPy's real/imaginary part of the operator for real A and complex sigma is not
        offered (ValueError when given): the complex operator is used as it is.
    rng : int or numpy.random.Generator, optional
        Seeds the random starting vector.

    Returns
    -------
    w : numpy.ndarray
        The k eigenvalues (complex), the most wanted first.
    v : device array
        The eigenvectors as columns (n x k, complex), when `return_eigenvectors`.

    Raises
    ------
    ValueError
        SciPy's argument errors (square A, k, ncv, which, maxiter, OPinv without sigma), and
        M, Minv or OPpart given.
    TypeError
        k >= n - 1 for a sparse matrix or LinearOperator (as SciPy).
    ArpackNoConvergence
        Not converged in maxiter cycles; it carries the converged pairs.

    Notes
    -----
    Restarted Arnoldi with full reorthogonalization on the device; the projected matrix is
    read once per cycle and its eigenproblem solved on the host (Note [Krylov-Schur restarts
    of a general operator]). For real A the arithmetic is complex, so a conjugate pair may be
    cut at the k-th value as ARPACK can; the order is the most wanted first (ARPACK's orders
    for real A are its own). For k >= n - 1 with a dense A, gpuarray.linalg.eig runs.

    See Also
    --------
    scipy.sparse.linalg.eigs, eigsh

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import eigs
    >>> A = sparse.diags_array([np.arange(1.0, 41.0), np.ones(39)], offsets=[0, 1], format="csr")
    >>> w, v = eigs(A, k=2, rng=0)
    >>> np.round(w.real, 8).tolist()
    [40.0, 39.0]
    """
    if A.shape[0] != A.shape[1]:
        raise ValueError(f"expected square matrix (shape={A.shape})")
    if M is not None or Minv is not None:
        raise ValueError("the generalized eigenproblem (M, Minv) is not offered by gpuarray's eigs")
    n = A.shape[0]
    k = int(k)
    if k <= 0:
        raise ValueError(f"k={k} must be greater than 0.")
    if k >= n - 1:
        warnings.warn("k >= N - 1 for N * N square matrix. Attempting to use scipy.linalg.eig instead.",
                      RuntimeWarning, stacklevel=2)
        if issparse(A) or is_host_sparse(A):
            raise TypeError("Cannot use scipy.linalg.eig for sparse A with k >= N - 1. "
                            "Use scipy.linalg.eig(A.toarray()) or reduce k.")
        if isinstance(A, LinearOperator):
            raise TypeError("Cannot use scipy.linalg.eig for LinearOperator A with k >= N - 1.")
        dense = xp.asarray(A)
        if return_eigenvectors:
            w, v = xp.dense_eig(dense)
            return xp.asnumpy(w), v
        return xp.asnumpy(xp.dense_eigvals(dense))
    if sigma is None and OPinv is not None:
        raise ValueError("OPinv should not be specified with sigma = None.")
    if sigma is None and OPpart is not None:
        raise ValueError("OPpart should not be specified with sigma = None or complex A")
    if OPpart is not None:
        raise ValueError("OPpart is not offered by gpuarray's eigs (the complex operator is used)")
    if which not in WHICH:
        raise ValueError(f"Parameter which must be one of {' '.join(WHICH)}")
    maxiter = 10 * n if maxiter is None else int(maxiter)
    if maxiter <= 0:
        raise ValueError(f"maxiter must be positive, maxiter={maxiter}")
    ncv = min(n, max(2 * k + 1, 20)) if ncv is None else int(ncv)
    if ncv > n or ncv <= k + 1:
        raise ValueError(f"ncv must be k+1<ncv<=n, ncv={ncv}")
    dtype = numpy.dtype(operator_dtype(A).char.upper())      # complex arithmetic
    operator = aslinearoperator(A)
    if operator.dtype is None:
        operator.dtype = dtype
    if sigma is None:
        apply = operator.matvec
    else:
        sigma = complex(sigma)
        apply, tol = _shift_invert(operator, sigma, OPinv, dtype, tol)
    theta, vectors, converged = hermitian_eigenpairs(
        lambda x: apply(x).astype(dtype, copy=False), n, dtype, k, which, ncv, v0, maxiter, tol,
        numpy.random.default_rng(rng), hermitian=False)
    if sigma is not None:
        theta = sigma + 1.0 / theta
        order = numpy.argsort(numpy.abs(theta - sigma), kind="stable")  # nearest sigma first
    else:
        order = numpy.arange(len(theta))   # already the most wanted first
    w = theta[order].astype(dtype)
    if not converged:
        raise ArpackNoConvergence("ARPACK error -1: No convergence (maxiter restart cycles, gpuarray's Arnoldi)",
                                  w, vectors[:, xp.asarray(order)] if len(order) else vectors)
    if not return_eigenvectors:
        return w
    return w, vectors[:, xp.asarray(order)]

