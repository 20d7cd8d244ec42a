# SPDX-License-Identifier: BSD-3-Clause
"""Krylov solvers on device arrays with SciPy's signatures and results
(x, info): cg, cgs, bicgstab and gmres (restarted), and minres.

Note [Convergence checks every CHECK_EVERY iterations]: the recurrences'
scalars (rho, alpha, beta, omega) stay 0-d device arrays, so an iteration
of cg, cgs or bicgstab launches its kernels without waiting for the GPU;
only the convergence test reads a number on the host. SciPy tests the
residual at every iteration; here it is read every CHECK_EVERY (10)
iterations and at the last, so a solve may run up to 9 iterations past the
point where SciPy stops: the answer meets the same tolerance (it is, if
anything, more accurate) and info counts the same way. Divisions by a
quantity that is exactly zero (a converged residual between two checks)
give 0, not NaN, so the extra iterations leave x as it is. gmres reads its
small Hessenberg matrix once per restart cycle (the least-squares problem
is solved on the host) and checks there; minres's Givens recurrences are
scalar work and read two numbers per iteration."""
import math

import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse.linalg._interface import aslinearoperator

__all__ = ["cg", "cgs", "bicgstab", "gmres", "minres"]

CHECK_EVERY = 10


def _host(x):
    return complex(xp.asnumpy(x)) if numpy.iscomplexobj(xp.asnumpy(x)) else float(xp.asnumpy(x))


def _norm(v):
    return xp.sqrt(xp.real(xp.vdot(v, v)))


def _safe_divide(a, b):
    """a / b, 0 where b is exactly 0 (a recurrence that has converged between checks)."""
    zero = xp.equal(b, 0)
    return xp.where(zero, xp.zeros((), dtype=numpy.result_type(a.dtype, b.dtype)), a / xp.where(zero, 1, b))


def _divide_or_zero(a, b):
    """a / b where b is not 0; a where b is 0. For cg's two quotients b is 0 only once the
    residual is exactly 0, and a is then 0 as well: one kernel fewer than _safe_divide."""
    return a / xp.where(xp.equal(b, 0), xp.ones((), dtype=b.dtype), b)


def _system(A, b, x0, M):
    """(A, M, b, x, dtype) with SciPy's checks: A square, b of length n, x0 of b's shape
    (M None when there is no preconditioner)."""
    A = aslinearoperator(A)
    if A.shape[0] != A.shape[1]:
        raise ValueError(f"expected square matrix, but got shape={A.shape}")
    n = A.shape[0]
    b = xp.asarray(b)
    if not (b.shape == (n,) or b.shape == (n, 1)):
        raise ValueError(f"shapes of A {A.shape} and b {b.shape} are incompatible")
    b = xp.reshape(b, (-1,))
    dtype = numpy.result_type(A.dtype if A.dtype is not None else numpy.float64, b.dtype)
    if dtype.kind not in "fc":
        dtype = numpy.dtype(numpy.float64)
    b = b.astype(dtype)
    if x0 is None:
        x = xp.zeros(n, dtype=dtype)
    else:
        x = xp.asarray(x0)
        if not (x.shape == (n,) or x.shape == (n, 1)):
            raise ValueError(f"shapes of A {A.shape} and x0 {x.shape} are incompatible")
        x = xp.reshape(x, (-1,)).astype(dtype)
    M = None if M is None else aslinearoperator(M)
    return A, M, b, x, dtype


def _apply(M, r):
    """M @ r, or r itself without a preconditioner."""
    return r if M is None else M.matvec(r)


def _tolerance(b, rtol, atol):
    if rtol < 0 or atol < 0:
        raise ValueError("rtol and atol must be non-negative")
    bnorm = _host(_norm(b))
    return bnorm, max(float(atol), float(rtol) * bnorm)


def cg(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=None, M=None, callback=None):
    """Solves A x = b by conjugate gradients (A Hermitian positive definite).

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
        Iterations at most (10 n).
    M : sparse matrix, array or LinearOperator, optional
        The preconditioner (an approximation of A's inverse).
    callback : callable, optional
        Called as callback(xk) after each iteration.

    Returns
    -------
    x : device array
        The solution.
    info : int
        0 on convergence, else the iterations run.

    Raises
    ------
    ValueError
        Shapes that do not fit.

    Notes
    -----
    The residual is read on the host every `CHECK_EVERY` (10) iterations, not every one
    (Note [Convergence checks every CHECK_EVERY iterations]).

    See Also
    --------
    scipy.sparse.linalg.cg

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import cg
    >>> A = sparse.diags_array([[-1.0] * 9, [2.0] * 10, [-1.0] * 9], offsets=[-1, 0, 1], format="csr")
    >>> x, info = cg(A, np.ones(10), rtol=1e-10)
    >>> info, bool(abs((A @ x).get() - 1).max() < 1e-8)
    (0, True)
    """
    A, M, b, x, dtype = _system(A, b, x0, M)
    bnorm, tol = _tolerance(b, rtol, atol)
    if bnorm == 0:
        return b.copy(), 0
    maxiter = 10 * A.shape[0] if maxiter is None else maxiter
    r = b - A.matvec(x) if x0 is not None else b.copy()
    p = rho_prev = None
    for iteration in range(maxiter):
        if iteration % CHECK_EVERY == 0 and _host(_norm(r)) < tol:
            return x, 0
        z = _apply(M, r)
        rho = xp.vdot(r, z)
        p = z.copy() if p is None else z + _divide_or_zero(rho, rho_prev) * p
        q = A.matvec(p)
        alpha = _divide_or_zero(rho, xp.vdot(p, q))
        x = x + alpha * p
        r = r - alpha * q
        rho_prev = rho
        if callback is not None:
            callback(x)
    return x, 0 if _host(_norm(r)) < tol else maxiter


def cgs(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=None, M=None, callback=None):
    """Solves A x = b by conjugate gradients squared (SciPy's cgs).

    Parameters
    ----------
    A : sparse matrix, array or LinearOperator
        The n x n matrix.
    b : array_like
        The right-hand side.
    x0 : array_like, optional
        The starting guess.
    rtol, atol : float, optional
        Stop when ||b - A x|| <= max(atol, rtol * ||b||).
    maxiter : int, optional
        Iterations at most (10 n).
    M : sparse matrix, array or LinearOperator, optional
        The preconditioner.
    callback : callable, optional
        callback(xk) after each iteration.

    Returns
    -------
    x : device array
    info : int
        0 on convergence, else the iterations run.

    Notes
    -----
    Checked every `CHECK_EVERY` iterations (Note [Convergence checks every CHECK_EVERY iterations]).

    See Also
    --------
    scipy.sparse.linalg.cgs

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import cgs
    >>> A = sparse.diags_array([[1.0] * 9, [4.0] * 10, [2.0] * 9], offsets=[1, 0, -1], format="csr")
    >>> x, info = cgs(A, np.ones(10), rtol=1e-10)
    >>> info
    0
    """
    A, M, b, x, dtype = _system(A, b, x0, M)
    bnorm, tol = _tolerance(b, rtol, atol)
    if bnorm == 0:
        return b.copy(), 0
    maxiter = 10 * A.shape[0] if maxiter is None else maxiter
    r = b - A.matvec(x)
    rtilde = r.copy()
    p = u = q = rho_prev = None
    for iteration in range(maxiter):
        if iteration % CHECK_EVERY == 0 and _host(_norm(r)) < tol:
            return x, 0
        rho = xp.vdot(rtilde, r)
        if p is None:
            p, u = r.copy(), r.copy()
        else:
            beta = _safe_divide(rho, rho_prev)
            u = r + beta * q
            p = u + beta * (q + beta * p)
        vhat = A.matvec(_apply(M, p))
        alpha = _safe_divide(rho, xp.vdot(rtilde, vhat))
        q = u - alpha * vhat
        uhat = _apply(M, u + q)
        x = x + alpha * uhat
        r = r - alpha * A.matvec(uhat)
        rho_prev = rho
        if callback is not None:
            callback(x)
    return x, 0 if _host(_norm(r)) < tol else maxiter


def bicgstab(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=None, M=None, callback=None):
    """Solves A x = b by the biconjugate gradient stabilized method (SciPy's bicgstab).

    Parameters
    ----------
    A : sparse matrix, array or LinearOperator
        The n x n matrix.
    b : array_like
        The right-hand side.
    x0 : array_like, optional
        The starting guess.
    rtol, atol : float, optional
        Stop when ||b - A x|| <= max(atol, rtol * ||b||).
    maxiter : int, optional
        Iterations at most (10 n).
    M : sparse matrix, array or LinearOperator, optional
        The preconditioner.
    callback : callable, optional
        callback(xk) after each iteration.

    Returns
    -------
    x : device array
    info : int
        0 on convergence, else the iterations run.

    Notes
    -----
    Checked every `CHECK_EVERY` iterations (Note [Convergence checks every CHECK_EVERY iterations]).

    See Also
    --------
    scipy.sparse.linalg.bicgstab

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import bicgstab
    >>> A = sparse.diags_array([[1.0] * 9, [4.0] * 10], offsets=[1, 0], format="csr")
    >>> x, info = bicgstab(A, np.ones(10), rtol=1e-10)
    >>> info
    0
    """
    A, M, b, x, dtype = _system(A, b, x0, M)
    bnorm, tol = _tolerance(b, rtol, atol)
    if bnorm == 0:
        return b.copy(), 0
    maxiter = 10 * A.shape[0] if maxiter is None else maxiter
    r = b - A.matvec(x)
    rtilde = r.copy()
    p = v = rho_prev = alpha = omega = None
    for iteration in range(maxiter):
        if iteration % CHECK_EVERY == 0 and _host(_norm(r)) < tol:
            return x, 0
        rho = xp.vdot(rtilde, r)
        if p is None:
            p = r.copy()
        else:
            beta = _safe_divide(rho, rho_prev) * _safe_divide(alpha, omega)
            p = r + beta * (p - omega * v)
        phat = _apply(M, p)
        v = A.matvec(phat)
        alpha = _safe_divide(rho, xp.vdot(rtilde, v))
        s = r - alpha * v
        shat = _apply(M, s)
        t = A.matvec(shat)
        omega = _safe_divide(xp.vdot(t, s), xp.vdot(t, t))
        x = x + alpha * phat + omega * shat
        r = s - omega * t
        rho_prev = rho
        if callback is not None:
            callback(x)
    return x, 0 if _host(_norm(r)) < tol else maxiter


def gmres(A, b, x0=None, *, rtol=1e-5, atol=0.0, restart=None, maxiter=None, M=None, callback=None,
          callback_type=None):
    """Solves A x = b by restarted GMRES (SciPy's gmres; M preconditions on the left).

    Parameters
    ----------
    A : sparse matrix, array or LinearOperator
        The n x n matrix.
    b : array_like
        The right-hand side.
    x0 : array_like, optional
        The starting guess.
    rtol, atol : float, optional
        Stop when ||b - A x|| <= max(atol, rtol * ||b||).
    restart : int, optional
        Krylov vectors per cycle (20, at most n).
    maxiter : int, optional
        Restart cycles at most (10 n).
    M : sparse matrix, array or LinearOperator, optional
        The preconditioner.
    callback : callable, optional
        Called once per cycle: with x when callback_type is 'x', else with the relative
        residual norm.
    callback_type : {'x', 'pr_norm', 'legacy'}, optional
        What the callback gets.

    Returns
    -------
    x : device array
    info : int
        0 on convergence, else the inner iterations run.

    Notes
    -----
    The Arnoldi vectors are orthogonalized twice by classical Gram-Schmidt (two matrix-vector
    products a step, no per-step host reads); the (restart+1) x restart Hessenberg matrix is
    read once per cycle and its least-squares problem solved on the host, where the
    convergence test runs (Note [Convergence checks every CHECK_EVERY iterations]).

    See Also
    --------
    scipy.sparse.linalg.gmres

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import gmres
    >>> A = sparse.diags_array([[1.0] * 9, [4.0] * 10], offsets=[1, 0], format="csr")
    >>> x, info = gmres(A, np.ones(10), rtol=1e-10)
    >>> info
    0
    """
    if callback_type not in (None, "x", "pr_norm", "legacy"):
        raise ValueError(f"Unknown callback_type: {callback_type!r}")
    A, M, b, x, dtype = _system(A, b, x0, M)
    n = A.shape[0]
    bnorm, tol = _tolerance(b, rtol, atol)
    if bnorm == 0:
        return b.copy(), 0
    m = min(20 if restart is None else int(restart), n)
    maxiter = 10 * n if maxiter is None else maxiter
    inner = 0
    for _ in range(maxiter):
        residual = b - A.matvec(x)
        if _host(_norm(residual)) < tol:
            return x, 0
        r = _apply(M, residual)
        beta = _host(_norm(r))
        if beta == 0:
            return x, 0
        basis = xp.zeros((m + 1, n), dtype=dtype)
        hessenberg = xp.zeros((m + 1, m), dtype=dtype)
        basis[0] = r / beta
        for j in range(m):
            w = _apply(M, A.matvec(basis[j]))
            h = xp.matmul(xp.conjugate(basis[:j + 1]), w)
            w = w - xp.matmul(basis[:j + 1].T, h)
            correction = xp.matmul(xp.conjugate(basis[:j + 1]), w)
            w = w - xp.matmul(basis[:j + 1].T, correction)
            h = h + correction
            length = _norm(w)
            hessenberg[:j + 1, j] = h
            hessenberg[j + 1, j] = length.astype(dtype)
            basis[j + 1] = _safe_divide(w, length.astype(dtype))
        inner += m
        host_h = xp.asnumpy(hessenberg)
        rhs = numpy.zeros(m + 1, dtype=host_h.dtype)
        rhs[0] = beta
        y = numpy.linalg.lstsq(host_h, rhs, rcond=None)[0]
        x = x + xp.matmul(basis[:m].T, xp.asarray(y.astype(dtype)))
        if callback is not None:
            if callback_type == "x":
                callback(x)
            else:
                callback(float(numpy.linalg.norm(host_h @ y - rhs)) / bnorm)
    return x, 0 if _host(_norm(b - A.matvec(x))) < tol else inner


def minres(A, b, x0=None, *, rtol=1e-5, shift=0.0, maxiter=None, M=None, callback=None, show=False,
           check=False):
    """Solves (A - shift I) x = b by MINRES (A Hermitian, possibly indefinite; SciPy's minres).

    Parameters
    ----------
    A : sparse matrix, array or LinearOperator
        The n x n Hermitian matrix.
    b : array_like
        The right-hand side.
    x0 : array_like, optional
        The starting guess.
    rtol : float, optional
        The relative tolerance of SciPy's stopping tests.
    shift : float, optional
        Solves with A - shift I.
    maxiter : int, optional
        Iterations at most (5 n).
    M : sparse matrix, array or LinearOperator, optional
        A Hermitian positive definite preconditioner.
    callback : callable, optional
        callback(xk) after each iteration.
    show, check : bool, optional
        Accepted for SciPy's signature (no printout; check is not performed).

    Returns
    -------
    x : device array
    info : int
        0 on convergence, else the iterations run.

    Raises
    ------
    ValueError
        An indefinite preconditioner or a non-symmetric matrix met by the recurrences.

    Notes
    -----
    Paige and Saunders' recurrences, as SciPy's: the two inner products of each step are read
    on the host (the Givens rotations are scalar work).

    See Also
    --------
    scipy.sparse.linalg.minres

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import minres
    >>> A = sparse.diags_array([[1.0] * 9, [-3.0] * 10, [1.0] * 9], offsets=[-1, 0, 1], format="csr")
    >>> x, info = minres(A, np.ones(10), rtol=1e-10)
    >>> info
    0
    """
    A, M, b, x, dtype = _system(A, b, x0, M)
    n = A.shape[0]
    maxiter = 5 * n if maxiter is None else maxiter
    eps = float(numpy.finfo(dtype).eps)
    r1 = b - A.matvec(x) if x0 is not None else b.copy()
    y = _apply(M, r1)
    beta1 = _host(xp.real(xp.vdot(r1, y)))
    if beta1 < 0:
        raise ValueError("indefinite preconditioner")
    if beta1 == 0:
        return x, 0
    if _host(_norm(b)) == 0:
        return b.copy(), 0
    beta1 = math.sqrt(beta1)
    oldb, beta, dbar, epsln, phibar = 0.0, beta1, 0.0, 0.0, beta1
    rhs1, rhs2, tnorm2, gmax, gmin = beta1, 0.0, 0.0, 0.0, numpy.finfo(numpy.float64).max
    cs, sn = -1.0, 0.0
    w = xp.zeros(n, dtype=dtype)
    w2 = xp.zeros(n, dtype=dtype)
    r2 = r1
    istop, itn = 0, 0
    while itn < maxiter:
        itn += 1
        v = y * (1.0 / beta)
        y = A.matvec(v)
        if shift:
            y = y - shift * v
        if itn >= 2:
            y = y - (beta / oldb) * r1
        alfa = _host(xp.real(xp.vdot(v, y)))
        y = y - (alfa / beta) * r2
        r1, r2 = r2, y
        y = _apply(M, r2)
        oldb = beta
        beta = _host(xp.real(xp.vdot(r2, y)))
        if beta < 0:
            raise ValueError("non-symmetric matrix")
        beta = math.sqrt(beta)
        tnorm2 += alfa ** 2 + oldb ** 2 + beta ** 2
        oldeps = epsln
        delta = cs * dbar + sn * alfa
        gbar = sn * dbar - cs * alfa
        epsln = sn * beta
        dbar = -cs * beta
        root = math.hypot(gbar, dbar)
        gamma = max(math.hypot(gbar, beta), eps)
        cs, sn = gbar / gamma, beta / gamma
        phi = cs * phibar
        phibar = sn * phibar
        w1, w2 = w2, w
        w = (v - oldeps * w1 - delta * w2) * (1.0 / gamma)
        x = x + phi * w
        gmax, gmin = max(gmax, gamma), min(gmin, gamma)
        z = rhs1 / gamma
        rhs1, rhs2 = rhs2 - delta * z, -epsln * z
        anorm = math.sqrt(tnorm2)
        ynorm = _host(_norm(x))
        epsx = anorm * ynorm * eps
        rnorm = phibar
        test1 = math.inf if ynorm == 0 or anorm == 0 else rnorm / (anorm * ynorm)
        test2 = math.inf if anorm == 0 else root / anorm
        if callback is not None:
            callback(x)
        if 1 + test2 <= 1:
            istop = 2
        if 1 + test1 <= 1:
            istop = 1
        if itn >= maxiter:
            istop = 6
        if gmax / gmin >= 0.1 / eps:
            istop = 4
        if epsx >= beta1:
            istop = 3
        if test2 <= rtol:
            istop = 2
        if test1 <= rtol:
            istop = 1
        if istop:
            break
    return x, (maxiter if istop == 6 else 0)
