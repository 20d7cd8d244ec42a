# SPDX-License-Identifier: BSD-3-Clause
"""The biconjugate-gradient family beside cgs and bicgstab: bicg (two-sided,
with A^H) and tfqmr (Freund's transpose-free QMR, right-preconditioned),
with SciPy's signatures, stopping rules and info codes. The vectors stay on the device; the scalar
recurrences read their inner products on the host each iteration (the
breakdown tests need them), where convergence is tested as SciPy does."""
import math

import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse.linalg._interface import IdentityOperator
from gpuarray.scipy.sparse.linalg._iterative import _host, _norm, _system, _tolerance

__all__ = ["bicg", "tfqmr"]


def bicg(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=None, M=None, callback=None):
    """Solves A x = b by the biconjugate gradient method (SciPy's bicg).

    Parameters
    ----------
    A : sparse matrix, array or LinearOperator
        The n x n matrix; its adjoint is applied too.
    b : array_like
        The right-hand side, shape (n,) or (n, 1).
    x0 : array_like, optional
        The starting guess (zeros).
    rtol, atol : float, optional
        Stop when ||b - A x|| < max(atol, rtol * ||b||).
    maxiter : int, optional
        Iterations at most (10 n).
    M : sparse matrix, array or LinearOperator, optional
        The preconditioner; its adjoint is applied too.
    callback : callable, optional
        Called as callback(xk) after each iteration.

    Returns
    -------
    x : device array
        The solution.
    info : int
        0 on convergence, the iterations run at maxiter, -10 when rho vanishes (below eps^2)
        and -11 when p~^H A p is 0 (SciPy's codes).

    Raises
    ------
    ValueError
        Shapes that do not fit.

    Notes
    -----
    Two inner products and the residual norm are read on the host per iteration.

    See Also
    --------
    scipy.sparse.linalg.bicg, bicgstab, qmr

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import bicg
    >>> A = sparse.diags_array([[1.0] * 9, [4.0] * 10, [2.0] * 9], offsets=[1, 0, -1], format="csr")
    >>> x, info = bicg(A, np.ones(10), rtol=1e-10)
    >>> info, bool(abs((A @ x).get() - 1).max() < 1e-9)
    (0, True)
    """
    A, M, b, x, dtype = _system(A, b, x0, M)
    n = A.shape[0]
    M = IdentityOperator((n, n), dtype) if M is None else M
    bnorm, tol = _tolerance(b, rtol, atol)
    if bnorm == 0:
        return b.copy(), 0
    maxiter = 10 * n if maxiter is None else maxiter
    rho_tol = float(numpy.finfo(dtype).eps) ** 2
    r = b - A.matvec(x) if x0 is not None else b.copy()
    rtilde = r.copy()
    p = ptilde = rho_prev = None
    for _ in range(maxiter):
        if _host(_norm(r)) < tol:
            return x, 0
        z = M.matvec(r)
        ztilde = M.rmatvec(rtilde)
        rho = _host(xp.vdot(rtilde, z))
        if abs(rho) < rho_tol:
            return x, -10
        if p is None:
            p, ptilde = z, ztilde
        else:
            beta = rho / rho_prev
            p = z + beta * p
            ptilde = ztilde + numpy.conj(beta) * ptilde
        q = A.matvec(p)
        qtilde = A.rmatvec(ptilde)
        curvature = _host(xp.vdot(ptilde, q))
        if curvature == 0:
            return x, -11
        alpha = rho / curvature
        x = x + alpha * p
        r = r - alpha * q
        rtilde = rtilde - numpy.conj(alpha) * qtilde
        rho_prev = rho
        if callback is not None:
            callback(x)
    return x, maxiter


def tfqmr(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=None, M=None, callback=None, show=False):
    """Solves A x = b by the transpose-free quasi-minimal residual method (SciPy's tfqmr).

    Parameters
    ----------
    A : sparse matrix, array or LinearOperator
        The n x n matrix.
    b : array_like
        The right-hand side, shape (n,) or (n, 1).
    x0 : array_like, optional
        The starting guess (zeros).
    rtol, atol : float, optional
        Stop when the residual bound tau sqrt(j + 1) < max(atol, rtol * ||r0||), as SciPy
        (relative to the first residual, not to b).
    maxiter : int, optional
        Iterations at most (min(10000, 10 n)).
    M : sparse matrix, array or LinearOperator, optional
        The preconditioner, applied on the right: the iteration runs on A M and x gains M d.
    callback : callable, optional
        Called as callback(xk) after each iteration.
    show : bool, optional
        Accepted for SciPy's signature (no printout).

    Returns
    -------
    x : device array
        The solution.
    info : int
        0 on convergence, maxiter when it is reached, -1 on a breakdown (SciPy's codes).

    Raises
    ------
    ValueError
        Shapes that do not fit.

    Notes
    -----
    The quasi-residual bound is a recurrence; one norm and, every other step, one inner
    product are read on the host per iteration. SciPy 1.17 iterates on M A but updates x by
    M d, so its preconditioned solves can stop with info 0 far from the solution (relative
    residual 0.09 where rtol was 1e-10, tests/scipy/sparse/test_sparse_solvers.py); here the
    iteration runs on A M, consistently with the update. Without M both agree.

    See Also
    --------
    scipy.sparse.linalg.tfqmr, qmr, cgs

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import tfqmr
    >>> A = sparse.diags_array([[1.0] * 9, [4.0] * 10, [2.0] * 9], offsets=[1, 0, -1], format="csr")
    >>> x, info = tfqmr(A, np.ones(10), rtol=1e-12)
    >>> info, bool(abs((A @ x).get() - 1).max() < 1e-9)
    (0, True)
    """
    A, M, b, x, dtype = _system(A, b, x0, M)
    n = A.shape[0]
    M = IdentityOperator((n, n), dtype) if M is None else M
    if _host(_norm(b)) == 0:
        return b.copy(), 0
    maxiter = min(10000, 10 * n) if maxiter is None else maxiter
    r = b - A.matvec(x) if x0 is not None else b.copy()
    u, w, rstar = r, r.copy(), r
    v = A.matvec(M.matvec(r))
    uhat = v
    d = xp.zeros(n, dtype=dtype)
    theta = eta = 0.0
    rho = float(numpy.real(_host(xp.vdot(rstar, r))))
    rho_last = rho
    tau = math.sqrt(rho)
    if tau == 0:
        return x, 0
    _, tol = _tolerance(r, rtol, atol)
    alpha = u_next = None
    for iteration in range(maxiter):
        even = iteration % 2 == 0
        if even:
            vr = _host(xp.vdot(rstar, v))
            if vr == 0:
                return x, -1
            alpha = rho / vr
            u_next = u - alpha * v
        w = w - alpha * uhat
        d = u + (theta * theta / alpha) * eta * d
        theta = _host(_norm(w)) / tau
        c = math.sqrt(1.0 / (1.0 + theta * theta))
        tau *= theta * c
        eta = c * c * alpha
        x = x + eta * M.matvec(d)
        if callback is not None:
            callback(x)
        if tau * math.sqrt(iteration + 1) < tol:
            return x, 0
        if even:
            uhat = A.matvec(M.matvec(u_next))
            u = u_next
            rho_last = rho
        else:
            rho = _host(xp.vdot(rstar, w))
            beta = rho / rho_last
            u = w + beta * u
            v = beta * uhat + beta * beta * v
            uhat = A.matvec(M.matvec(u))
            v = v + uhat
    return x, maxiter
