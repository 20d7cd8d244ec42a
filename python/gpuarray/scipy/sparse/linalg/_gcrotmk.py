# SPDX-License-Identifier: BSD-3-Clause
"""gcrotmk: GCROT(m, k), the flexible GMRES with a recycled subspace of
Hicken and Zingg (SIAM J. Sci. Comput. 32, 2010), with SciPy's signature
and its CU, discard_C and truncate options.

Note [GCROT(m, k) cycles]: the solver keeps pairs (c_i, u_i) with
A u_i = c_i and the c_i orthonormal (CU). Each outer cycle runs m + (k -
len(CU), if positive) steps of flexible Arnoldi on (I - C C^H) A M from
the residual (the vectors on the device, each new one orthogonalized twice
by classical Gram-Schmidt against C and against the Arnoldi basis, the
coefficients kept on the device); its small Hessenberg least-squares
problem is solved on the host once per cycle, as gmres's. The cycle's
correction u (with A u = c, c a unit vector orthogonal to C) lowers the
residual by its projection on c and joins CU. When CU holds k pairs, a
pair is dropped first: the oldest ('oldest'), or ('smallest') CU is
rotated onto the left singular vectors of the cycle's coupling C^H A Z and
the direction of the smallest singular value dropped (de Sturler's idea:
keep what the new Krylov space used most). The residual is tested once
per cycle, on the host."""
import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse.linalg._iterative import _apply, _host, _norm, _system, _tolerance
from gpuarray.scipy.sparse.linalg._krylov_schur import orthogonalize

__all__ = ["gcrotmk"]


def _recycled(CU, A, dtype):
    """(C, U) as (count, n) device arrays (rows the vectors) from the list CU, or (None, None).
    Where a c is None, every c is recomputed as A u and C orthonormalized by the Cholesky
    factor of its Gram matrix, U transformed alike (A U = C still holds; SciPy's rule)."""
    if not CU:
        return None, None
    U = xp.stack([xp.reshape(xp.asarray(u), (-1,)).astype(dtype) for _, u in CU])
    if all(c is not None for c, _ in CU):
        return xp.stack([xp.reshape(xp.asarray(c), (-1,)).astype(dtype) for c, _ in CU]), U
    C = xp.stack([A.matvec(U[i]) for i in range(U.shape[0])])
    gram = xp.asnumpy(xp.matmul(xp.conjugate(C), C.T))          # gram[i, j] = c_i^H c_j
    transform = xp.asarray(numpy.conj(numpy.linalg.inv(numpy.linalg.cholesky(gram))).astype(dtype))
    return xp.matmul(transform, C), xp.matmul(transform, U)


def gcrotmk(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=1000, M=None, callback=None, m=20, k=None, CU=None,
            discard_C=False, truncate="oldest"):
    """Solves A x = b by GCROT(m, k), flexible GMRES with a recycled subspace (SciPy's gcrotmk).

    Parameters
    ----------
    A : sparse matrix, array or LinearOperator
        The n x n matrix.
    b : array_like
        The right-hand side, shape (n,) or (n, 1).
    x0 : array_like, optional
        The starting guess (zeros).
    rtol, atol : float, optional
        Stop when ||b - A x|| <= max(atol, rtol * ||b||).
    maxiter : int, optional
        Outer cycles at most (1000).
    M : sparse matrix, array or LinearOperator, optional
        A right preconditioner (it may change between applications: the method is flexible).
    callback : callable, optional
        Called as callback(xk) after each outer cycle.
    m : int, optional
        Inner flexible GMRES steps per cycle (20).
    k : int, optional
        Pairs (c, u) kept between cycles (m).
    CU : list of tuples, optional
        The recycled pairs (c, u), A u = c, updated in place; a c may be None (recomputed as A u).
    discard_C : bool, optional
        Replace the c's in CU by None at the end.
    truncate : {'oldest', 'smallest'}, optional
        Which pair to drop when CU is full.

    Returns
    -------
    x : device array
        The solution.
    info : int
        0 on convergence, else the cycles run (maxiter).

    Raises
    ------
    ValueError
        Shapes that do not fit, or an unknown truncate.

    Notes
    -----
    One host read of the Hessenberg matrix and of the residual norm per cycle (Note
    [GCROT(m, k) cycles]). The vectors stored in CU are device arrays.

    See Also
    --------
    scipy.sparse.linalg.gcrotmk, gmres

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import gcrotmk
    >>> A = sparse.diags_array([[1.0] * 9, [4.0] * 10, [2.0] * 9], offsets=[1, 0, -1], format="csr")
    >>> x, info = gcrotmk(A, np.ones(10), rtol=1e-10)
    >>> info, bool(abs((A @ x).get() - 1).max() < 1e-9)
    (0, True)
    """
    if truncate not in ("oldest", "smallest"):
        raise ValueError(f"Invalid value for 'truncate': {truncate!r}")
    A, M, b, x, dtype = _system(A, b, x0, M)
    n = A.shape[0]
    bnorm, tol = _tolerance(b, rtol, atol)
    if bnorm == 0:
        return b.copy(), 0
    k = m if k is None else k
    CU = [] if CU is None else CU
    C, U = _recycled(CU, A, dtype)
    r = b - A.matvec(x) if x0 is not None else b.copy()
    info = maxiter
    for cycle in range(maxiter):
        beta = _host(_norm(r))
        if numpy.isnan(beta):
            raise RuntimeError("NaN in the residual of gcrotmk")
        if beta <= tol:
            info = 0
            break
        count = 0 if C is None else C.shape[0]
        steps = max(min(m + max(k - count, 0), n), 1)
        basis = xp.zeros((steps + 1, n), dtype=dtype)
        directions = xp.zeros((steps, n), dtype=dtype)
        hessenberg = xp.zeros((steps + 1, steps), dtype=dtype)
        coupling = xp.zeros((max(count, 1), steps), dtype=dtype)
        basis[0] = r * (1.0 / beta)
        for j in range(steps):
            z = _apply(M, basis[j])
            directions[j] = z
            w = A.matvec(z).astype(dtype, copy=False)
            if count:
                w, projection = orthogonalize(C, w)
                coupling[:, j] = projection
            w, h = orthogonalize(basis[:j + 1], w)
            length = _norm(w)
            hessenberg[:j + 1, j] = h
            hessenberg[j + 1, j] = length.astype(dtype)
            basis[j + 1] = w / xp.where(xp.equal(length, 0), xp.ones((), dtype=length.dtype), length).astype(dtype)
        host_h = xp.asnumpy(hessenberg)
        rhs = numpy.zeros(steps + 1, dtype=host_h.dtype)
        rhs[0] = beta
        y = numpy.linalg.lstsq(host_h, rhs, rcond=None)[0]
        y_device = xp.asarray(y.astype(dtype))
        u = xp.matmul(directions.T, y_device)
        if count:
            u = u - xp.matmul(U.T, xp.matmul(coupling, y_device))
        c = xp.matmul(basis.T, xp.asarray((host_h @ y).astype(dtype)))     # = A u
        scale = _host(_norm(c))
        if scale == 0:
            break
        c, u = c * (1.0 / scale), u * (1.0 / scale)
        gamma = xp.vdot(c, r)
        x = x + gamma * u
        r = r - gamma * c
        if count >= k and k > 0:
            if truncate == "oldest":
                C, U = C[count - k + 1:], U[count - k + 1:]
            else:
                left, _, _ = numpy.linalg.svd(xp.asnumpy(coupling), full_matrices=True)
                keep = xp.asarray(left[:, :k - 1].T.astype(dtype))   # rows: C_new = C W_kept
                C, U = xp.matmul(keep, C), xp.matmul(keep, U)
        if k > 0:
            C = xp.reshape(c, (1, n)) if C is None or C.shape[0] == 0 else xp.concatenate([C, xp.reshape(c, (1, n))])
            U = xp.reshape(u, (1, n)) if U is None or U.shape[0] == 0 else xp.concatenate([U, xp.reshape(u, (1, n))])
        if callback is not None:
            callback(x)
    else:
        if _host(_norm(r)) <= tol:
            info = 0
    CU[:] = [] if C is None else [(None if discard_C else C[i], U[i]) for i in range(C.shape[0])]
    return x, info
