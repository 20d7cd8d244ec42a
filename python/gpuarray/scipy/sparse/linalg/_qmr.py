# SPDX-License-Identifier: BSD-3-Clause
"""QMR: the quasi-minimal residual method of Freund and Nachtigal (without
look-ahead, as SciPy's qmr and the Templates book), with left and right
preconditioners M1 and M2, on device vectors. It runs the two-sided
Lanczos process on A and A^H; a breakdown (one of rho, xi, delta,
epsilon, beta, gamma below the dtype's eps in magnitude, SciPy's absolute
thresholds) returns SciPy's info code for it (-10 to -15). The two norms
and two inner products that those tests and the scalar recurrences need
are read on the host each iteration, where the residual is also tested."""
import math

import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse.linalg._interface import IdentityOperator, aslinearoperator
from gpuarray.scipy.sparse.linalg._iterative import _host, _norm, _system, _tolerance

__all__ = ["qmr"]

# SciPy's info codes of the breakdowns.
RHO, BETA, GAMMA, DELTA, EPSILON, XI = -10, -11, -12, -13, -14, -15


def qmr(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=None, M1=None, M2=None, callback=None):
    """Solves A x = b by the quasi-minimal residual method (SciPy's qmr).

    Parameters
    ----------
    A : sparse matrix, array or LinearOperator
        The n x n matrix; its adjoint is applied too (``rmatvec``).
    b : array_like
        The right-hand side, shape (n,) or (n, 1).
    x0 : array_like, optional
        The starting guess (zeros).
    rtol, atol : float, optional
        Stop when ||b - A x|| <= max(atol, rtol * ||b||).
    maxiter : int, optional
        Iterations at most (10 n).
    M1, M2 : sparse matrix, array or LinearOperator, optional
        Left and right preconditioners (identity); their adjoints are applied too.
    callback : callable, optional
        Called as callback(xk) after each iteration.

    Returns
    -------
    x : device array
        The solution.
    info : int
        0 on convergence, the iterations run when maxiter is reached, -10 to -15 on a breakdown
        (SciPy's codes).

    Raises
    ------
    ValueError
        Shapes that do not fit.

    Notes
    -----
    Four numbers are read on the host each iteration (the breakdown tests need them); the
    residual is tested each iteration as SciPy does.

    See Also
    --------
    scipy.sparse.linalg.qmr

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import qmr
    >>> A = sparse.diags_array([[1.0] * 9, [4.0] * 10, [2.0] * 9], offsets=[1, 0, -1], format="csr")
    >>> x, info = qmr(A, np.ones(10), rtol=1e-10)
    >>> info, bool(abs((A @ x).get() - 1).max() < 1e-9)
    (0, True)
    """
    A, _, b, x, dtype = _system(A, b, x0, None)
    n = A.shape[0]
    M1 = IdentityOperator((n, n), dtype) if M1 is None else aslinearoperator(M1)
    M2 = IdentityOperator((n, n), dtype) if M2 is None else aslinearoperator(M2)
    bnorm, tol = _tolerance(b, rtol, atol)
    if bnorm == 0:
        return b.copy(), 0
    maxiter = 10 * n if maxiter is None else maxiter
    r = b - A.matvec(x) if x0 is not None else b.copy()
    vtilde = r.copy()
    y = M1.matvec(vtilde)
    rho = _host(_norm(y))
    wtilde = r.copy()
    z = M2.rmatvec(wtilde)
    xi = _host(_norm(z))
    gamma, eta, theta = 1.0, -1.0, 0.0
    tiny = float(numpy.finfo(dtype).eps)
    p = q = d = s = epsilon = None
    for iteration in range(maxiter):
        if _host(_norm(r)) < tol:
            return x, 0
        if abs(rho) < tiny:
            return x, RHO
        if abs(xi) < tiny:
            return x, XI
        v = vtilde * (1.0 / rho)
        y = y * (1.0 / rho)
        w = wtilde * (1.0 / xi)
        z = z * (1.0 / xi)
        delta = _host(xp.vdot(z, y))
        if abs(delta) < tiny:
            return x, DELTA
        ytilde = M2.matvec(y)
        ztilde = M1.rmatvec(z)
        if p is None:
            p, q = ytilde, ztilde
        else:
            p = ytilde - (xi * delta / epsilon) * p
            q = ztilde - (rho * numpy.conj(delta / epsilon)) * q
        ptilde = A.matvec(p)
        epsilon = _host(xp.vdot(q, ptilde))
        if abs(epsilon) < tiny:
            return x, EPSILON
        beta = epsilon / delta
        if abs(beta) < tiny:
            return x, BETA
        vtilde = ptilde - beta * v
        y = M1.matvec(vtilde)
        rho_prev, rho = rho, _host(_norm(y))
        wtilde = A.rmatvec(q) - numpy.conj(beta) * w
        z = M2.rmatvec(wtilde)
        xi = _host(_norm(z))
        gamma_prev, theta_prev = gamma, theta
        theta = rho / (gamma_prev * abs(beta))
        gamma = 1.0 / math.sqrt(1.0 + theta * theta)
        if abs(gamma) < tiny:
            return x, GAMMA
        eta = -eta * (rho_prev / beta) * (gamma / gamma_prev) ** 2
        if d is None:
            d, s = eta * p, eta * ptilde
        else:
            damping = (theta_prev * gamma) ** 2
            d = eta * p + damping * d
            s = eta * ptilde + damping * s
        x = x + d
        r = r - s
        if callback is not None:
            callback(x)
    return x, maxiter
