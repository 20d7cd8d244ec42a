# SPDX-License-Identifier: BSD-3-Clause
"""svds: a few singular values and vectors of a sparse matrix or
LinearOperator, as SciPy's solver='arpack': eigsh on the smaller Gram
operator A^H A (or A A^H), then a Rayleigh-Ritz step, the thin SVD of
A V, for the singular values and the other side's vectors.

Note [Accuracy of svds through the Gram operator]: the eigenvalues of
A^H A are the squared singular values, computed to an absolute accuracy of
a few eps * sigma_max^2. The final SVD of A V recovers a singular value
sigma from the Ritz vectors with an error of about eps * sigma_max^2 /
sigma where the vectors are off, so singular values below about
sqrt(eps) * sigma_max (1e-8 * sigma_max in float64, 3e-4 * sigma_max in
float32) lose their relative accuracy, and which='SM' cannot separate them
from each other or from zero. SciPy's 'arpack' solver (the same method)
shares the limit; its 'propack' solver (a Golub-Kahan-Lanczos
bidiagonalization) does not, and is not offered here."""
import math

import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse.linalg._eigsh import eigsh, operator_dtype
from gpuarray.scipy.sparse.linalg._interface import LinearOperator, aslinearoperator

__all__ = ["svds"]


def _check(A, k, ncv, tol, which, v0, maxiter, return_singular_vectors, solver):
    """SciPy's argument checks of svds, before any work on the device."""
    solver = "arpack" if solver is None else str(solver).lower()
    if solver not in {"arpack", "lobpcg", "propack"}:
        raise ValueError("solver must be one of {{'arpack', 'lobpcg', 'propack'}}.")
    if solver != "arpack":
        raise ValueError(f"solver={solver!r} is not offered by gpuarray's svds (only 'arpack')")
    A = aslinearoperator(A)
    if A.dtype is not None and not numpy.issubdtype(A.dtype, numpy.number):
        raise ValueError("`A` must be of numeric data type.")
    if math.prod(A.shape) == 0:
        raise ValueError("`A` must not be empty.")
    kmax = min(A.shape) - 1
    if int(k) != k or not 0 < k <= kmax:
        raise ValueError("`k` must be an integer satisfying `0 < k < min(A.shape)`.")
    k = int(k)
    if ncv is not None:
        if int(ncv) != ncv or not k < ncv < min(A.shape):
            raise ValueError("`ncv` must be an integer satisfying `k < ncv < min(A.shape)`.")
        ncv = int(ncv)
    if tol < 0 or not numpy.isfinite(tol):
        raise ValueError("`tol` must be a non-negative floating point value.")
    which = str(which).upper()
    if which not in {"LM", "SM"}:
        raise ValueError("`which` must be in {'LM', 'SM'}.")
    if v0 is not None:
        v0 = xp.asarray(v0)
        if v0.ndim == 0:
            v0 = xp.reshape(v0, (1,))
        if numpy.dtype(v0.dtype).kind not in "fc":
            raise ValueError("`v0` must be of floating or complex floating data type.")
        if tuple(v0.shape) != (min(A.shape),):
            raise ValueError(f"`v0` must have shape {(min(A.shape),)}.")
    if maxiter is not None and (int(maxiter) != maxiter or maxiter <= 0):
        raise ValueError("`maxiter` must be a positive integer.")
    if not any(return_singular_vectors is option or return_singular_vectors == option
               for option in (True, False, "vh", "u")):
        raise ValueError("`return_singular_vectors` must be in {True, False, 'vh', 'u'}.")
    return A, k, ncv, float(tol), which, v0, None if maxiter is None else int(maxiter)


def svds(A, k=6, ncv=None, tol=0, which="LM", v0=None, maxiter=None, return_singular_vectors=True,
         solver="arpack", rng=None, options=None):
    """k singular values and vectors of a sparse matrix or LinearOperator (SciPy's svds).

    Parameters
    ----------
    A : sparse matrix, array or LinearOperator
        The m x n matrix.
    k : int, optional
        How many singular triplets (0 < k < min(m, n)).
    ncv : int, optional
        Lanczos vectors of the eigensolver (k < ncv < min(m, n)).
    tol : float, optional
        Relative accuracy of the singular values (0: machine precision); the eigensolver
        runs to tol ** 2.
    which : {'LM', 'SM'}, optional
        Largest or smallest singular values.
    v0 : array_like, optional
        The eigensolver's starting vector, length min(m, n).
    maxiter : int, optional
        The eigensolver's restart cycles at most.
    return_singular_vectors : {True, False, 'u', 'vh'}, optional
        Which singular vectors to return (None in place of the others).
    solver : {'arpack'}, optional
        Only 'arpack' (the method above); 'lobpcg' and 'propack' raise ValueError.
    rng : int or numpy.random.Generator, optional
        Seeds the random starting vector.
    options : dict, optional
        Accepted for SciPy's signature (unused by 'arpack').

    Returns
    -------
    u : device array or None
        Left singular vectors as columns (m x k).
    s : device array
        The singular values, ascending.
    vh : device array or None
        Right singular vectors as rows (k x n).

    Raises
    ------
    ValueError
        SciPy's argument errors; an unoffered solver.
    ArpackNoConvergence
        The eigensolver did not converge.

    Notes
    -----
    Singular values below about sqrt(eps) times the largest lose relative accuracy, as with
    SciPy's 'arpack' solver (Note [Accuracy of svds through the Gram operator]).

    See Also
    --------
    scipy.sparse.linalg.svds, eigsh

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import svds
    >>> A = sparse.diags_array([np.arange(1.0, 41.0)], offsets=[0], shape=(50, 40), format="csr")
    >>> u, s, vh = svds(A, k=2, rng=0)
    >>> np.round(s.get(), 8).tolist()
    [39.0, 40.0]
    """
    A, k, ncv, tol, which, v0, maxiter = _check(A, k, ncv, tol, which, v0, maxiter, return_singular_vectors,
                                                solver)
    dtype = operator_dtype(A)
    rows, cols = A.shape
    transpose = rows < cols
    forward, backward = (A.rmatvec, A.matvec) if transpose else (A.matvec, A.rmatvec)
    forward_block = A.rmatmat if transpose else A.matmat
    size = min(rows, cols)
    gram = LinearOperator((size, size), matvec=lambda x: backward(forward(x)), dtype=dtype)
    rng = numpy.random.default_rng(rng)
    if v0 is None:
        v0 = rng.standard_normal(size)
    _, eigvec = eigsh(gram, k=k, tol=tol ** 2, maxiter=maxiter, ncv=ncv, which=which, v0=v0, rng=rng)
    eigvec, _ = xp.dense_qr(eigvec)   # orthonormal to working precision before the Rayleigh-Ritz step
    av = forward_block(eigvec)
    if return_singular_vectors is False:
        s = xp.dense_svd(av, compute_uv=False)
        return s[::-1]
    u, s, vh = xp.dense_svd(av, full_matrices=False)
    u, s, vh = u[:, ::-1], s[::-1], vh[::-1]
    want_u = return_singular_vectors is True or return_singular_vectors == "u"
    want_vh = return_singular_vectors is True or return_singular_vectors == "vh"
    if transpose:
        u_new = xp.matmul(eigvec, xp.conjugate(vh).T) if want_u else None
        vh = xp.conjugate(u).T if want_vh else None
        u = u_new
    else:
        u = u if want_u else None
        vh = xp.matmul(vh, xp.conjugate(eigvec).T) if want_vh else None
    return u, s, vh
