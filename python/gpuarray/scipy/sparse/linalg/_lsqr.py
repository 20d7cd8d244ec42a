# SPDX-License-Identifier: BSD-3-Clause
"""LSQR: least squares min ||A x - b||^2 + damp^2 ||x||^2 for a sparse
matrix or LinearOperator A of any shape, by Paige and Saunders' bidiagonal
recurrences, with SciPy's signature, stopping tests and outputs. The
vectors stay on the device; the recurrences' scalars (two norms per
iteration, and that of the search direction for the condition estimate)
are read on the host."""
import math

import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse.linalg._interface import aslinearoperator

__all__ = ["lsqr"]


def _norm(v):
    return float(xp.asnumpy(xp.sqrt(xp.real(xp.vdot(v, v)))))


def _sym_ortho(a, b):
    """A stable Givens rotation: (c, s, r) with [c s; -s c] [a; b] = [r; 0]."""
    if b == 0:
        return math.copysign(1.0, a), 0.0, abs(a)
    if a == 0:
        return 0.0, math.copysign(1.0, b), abs(b)
    if abs(b) > abs(a):
        tau = a / b
        s = math.copysign(1.0, b) / math.sqrt(1 + tau * tau)
        return s * tau, s, b / s
    tau = b / a
    c = math.copysign(1.0, a) / math.sqrt(1 + tau * tau)
    return c, c * tau, a / c


def lsqr(A, b, damp=0.0, atol=1e-6, btol=1e-6, conlim=1e8, iter_lim=None, show=False, calc_var=False, x0=None):
    """Least-squares solution of A x = b (optionally damped) by LSQR (SciPy's lsqr).

    Parameters
    ----------
    A : sparse matrix, array or LinearOperator
        The m x n matrix (any shape); its adjoint is applied too.
    b : array_like
        The right-hand side, shape (m,) or (m, 1).
    damp : float, optional
        Solves min ||A x - b||^2 + damp^2 ||x||^2.
    atol, btol : float, optional
        SciPy's stopping tolerances.
    conlim : float, optional
        Stop when the condition estimate exceeds it.
    iter_lim : int, optional
        Iterations at most (2 n).
    show : bool, optional
        Accepted for SciPy's signature (no printout).
    calc_var : bool, optional
        Also estimate the diagonal of (A^H A + damp^2 I)^-1.
    x0 : array_like, optional
        The starting guess.

    Returns
    -------
    x : device array
        The solution.
    istop : int
        Why it stopped (SciPy's codes 0-7).
    itn : int
        Iterations run.
    r1norm, r2norm, anorm, acond, arnorm, xnorm : float
        SciPy's norms and estimates.
    var : device array
        The variance estimate (zeros unless `calc_var`).

    Raises
    ------
    ValueError
        b of the wrong length.

    Notes
    -----
    Two inner products and the norm of the new search direction are read on the host each
    iteration (the Givens recurrences are scalar work).

    See Also
    --------
    scipy.sparse.linalg.lsqr

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import lsqr
    >>> A = sparse.csr_array([[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> x = lsqr(A, xp.asarray([1.0, 2.0, 1.0]), atol=1e-12, btol=1e-12)[0]
    >>> [round(v, 8) for v in x.get().tolist()]
    [1.0, 1.0]
    """
    A = aslinearoperator(A)
    m, n = A.shape
    b = xp.asarray(b)
    if b.shape not in ((m,), (m, 1)):
        raise ValueError(f"shapes of A {A.shape} and b {b.shape} are incompatible")
    b = xp.reshape(b, (-1,))
    dtype = numpy.result_type(A.dtype if A.dtype is not None else numpy.float64, b.dtype, numpy.float64)
    b = b.astype(dtype)
    iter_lim = 2 * n if iter_lim is None else iter_lim
    var = xp.zeros(n, dtype=numpy.float64)
    eps = float(numpy.finfo(numpy.float64).eps)
    dampsq = damp * damp
    ctol = 1.0 / conlim if conlim > 0 else 0.0
    anorm = acond = ddnorm = res2 = xnorm = xxnorm = z = 0.0
    cs2, sn2 = -1.0, 0.0
    istop = itn = 0

    u = b
    bnorm = _norm(b)
    if x0 is None:
        x = xp.zeros(n, dtype=dtype)
        beta = bnorm
    else:
        x = xp.reshape(xp.asarray(x0), (-1,)).astype(dtype)
        u = u - A.matvec(x)
        beta = _norm(u)
    if beta > 0:
        u = u * (1.0 / beta)
        v = A.rmatvec(u)
        alfa = _norm(v)
    else:
        v = xp.zeros(n, dtype=dtype)
        alfa = 0.0
    if alfa > 0:
        v = v * (1.0 / alfa)
    w = v.copy()
    rhobar, phibar = alfa, beta
    rnorm = r1norm = r2norm = beta
    arnorm = alfa * beta
    if arnorm == 0:
        return x, istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm, var

    while itn < iter_lim:
        itn += 1
        u = A.matvec(v) - alfa * u
        beta = _norm(u)
        if beta > 0:
            u = u * (1.0 / beta)
            anorm = math.sqrt(anorm ** 2 + alfa ** 2 + beta ** 2 + dampsq)
            v = A.rmatvec(u) - beta * v
            alfa = _norm(v)
            if alfa > 0:
                v = v * (1.0 / alfa)
        if damp > 0:
            rhobar1 = math.sqrt(rhobar ** 2 + dampsq)
            cs1, sn1 = rhobar / rhobar1, damp / rhobar1
            psi = sn1 * phibar
            phibar = cs1 * phibar
        else:
            rhobar1, psi = rhobar, 0.0
        cs, sn, rho = _sym_ortho(rhobar1, beta)
        theta = sn * alfa
        rhobar = -cs * alfa
        phi = cs * phibar
        phibar = sn * phibar
        tau = sn * phi
        t1, t2 = phi / rho, -theta / rho
        dk = w * (1.0 / rho)
        x = x + t1 * w
        w = v + t2 * w
        dk_norm = _norm(dk)
        ddnorm += dk_norm ** 2
        if calc_var:
            var = var + dk * dk  # SciPy's sum of dk**2 (complex for complex systems)
        delta = sn2 * rho
        gambar = -cs2 * rho
        rhs = phi - delta * z
        zbar = rhs / gambar
        xnorm = math.sqrt(xxnorm + zbar ** 2)
        gamma = math.sqrt(gambar ** 2 + theta ** 2)
        cs2, sn2 = gambar / gamma, theta / gamma
        z = rhs / gamma
        xxnorm += z ** 2
        acond = anorm * math.sqrt(ddnorm)
        res1 = phibar ** 2
        res2 += psi ** 2
        rnorm = math.sqrt(res1 + res2)
        arnorm = alfa * abs(tau)
        if damp > 0:
            r1sq = rnorm ** 2 - dampsq * xxnorm
            r1norm = math.copysign(math.sqrt(abs(r1sq)), r1sq)
        else:
            r1norm = rnorm
        r2norm = rnorm
        test1 = rnorm / bnorm
        test2 = arnorm / (anorm * rnorm + eps)
        test3 = 1.0 / (acond + eps)
        t1 = test1 / (1 + anorm * xnorm / bnorm)
        rtol = btol + atol * anorm * xnorm / bnorm
        if itn >= iter_lim:
            istop = 7
        if 1 + test3 <= 1:
            istop = 6
        if 1 + test2 <= 1:
            istop = 5
        if 1 + t1 <= 1:
            istop = 4
        if test3 <= ctol:
            istop = 3
        if test2 <= atol:
            istop = 2
        if test1 <= rtol:
            istop = 1
        if istop != 0:
            break
    return x, istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm, var
