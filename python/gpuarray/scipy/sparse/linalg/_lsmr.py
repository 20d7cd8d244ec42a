# SPDX-License-Identifier: BSD-3-Clause
"""LSMR: least squares min ||A x - b||^2 + damp^2 ||x||^2 by Fong and
Saunders' method (MINRES applied to the normal equations through the
Golub-Kahan bidiagonalization: ||A^H r|| decreases monotonically), with
SciPy's signature, stopping tests and outputs. As in _lsqr.py the vectors
stay on the device and the recurrences' scalars (alpha, beta and ||x||,
three reads an iteration) are host numbers."""
import math

import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse.linalg._interface import aslinearoperator
from gpuarray.scipy.sparse.linalg._lsqr import _norm, _sym_ortho

__all__ = ["lsmr"]


def lsmr(A, b, damp=0.0, atol=1e-6, btol=1e-6, conlim=1e8, maxiter=None, show=False, x0=None):
    """Least-squares solution of A x = b (optionally damped) by LSMR (SciPy's lsmr).

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
    maxiter : int, optional
        Iterations at most (min(m, n)).
    show : bool, optional
        Accepted for SciPy's signature (no printout).
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
    normr, normar, norma, conda, normx : float
        ||b - A x||, ||A^H (b - A x)||, and the estimates of ||A||, cond(A) and ||x||.

    Raises
    ------
    ValueError
        b of the wrong length.

    Notes
    -----
    alpha, beta and ||x|| are read on the host each iteration (the rotations are scalar work).

    See Also
    --------
    scipy.sparse.linalg.lsmr, lsqr

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import lsmr
    >>> A = sparse.csr_array([[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> x = lsmr(A, xp.asarray([1.0, 2.0, 1.0]), atol=1e-12, btol=1e-12)[0]
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
    maxiter = min(m, n) if maxiter is None else maxiter
    if x0 is None:
        x = xp.zeros(n, dtype=dtype)
        u = b.copy()
    else:
        x = xp.reshape(xp.asarray(x0), (-1,)).astype(dtype)
        u = b - A.matvec(x)
    normb = _norm(b)
    beta = _norm(u)
    if beta > 0:
        u = u * (1.0 / beta)
        v = A.rmatvec(u)
        alpha = _norm(v)
    else:
        v = xp.zeros(n, dtype=dtype)
        alpha = 0.0
    if alpha > 0:
        v = v * (1.0 / alpha)

    itn = istop = 0
    ctol = 1.0 / conlim if conlim > 0 else 0.0
    normr = beta
    normar = alpha * beta
    if normar == 0:
        return x, istop, itn, normr, normar, alpha, 1.0, 0.0
    if normb == 0:
        return xp.zeros(n, dtype=dtype), istop, itn, normr, normar, alpha, 1.0, 0.0
    # The rotations of the bidiagonal (rho, c, s), of its QR (rhobar, cbar, sbar), and of the
    # residual estimate (the *tilde and *dd quantities), Fong and Saunders' section 5.
    zetabar, alphabar = alpha * beta, alpha
    rho = rhobar = cbar = 1.0
    sbar = zeta = 0.0
    h = v.copy()
    hbar = xp.zeros(n, dtype=dtype)
    betadd, betad, rhodold, tautildeold, thetatilde, d = beta, 0.0, 1.0, 0.0, 0.0, 0.0
    norma2 = alpha * alpha
    maxrbar, minrbar = 0.0, 1e100
    norma, conda = math.sqrt(norma2), 1.0

    while itn < maxiter:
        itn += 1
        u = A.matvec(v) - alpha * u
        beta = _norm(u)
        if beta > 0:
            u = u * (1.0 / beta)
            v = A.rmatvec(u) - beta * v
            alpha = _norm(v)
            if alpha > 0:
                v = v * (1.0 / alpha)
        chat, shat, alphahat = _sym_ortho(alphabar, damp)
        rhoold = rho
        c, s, rho = _sym_ortho(alphahat, beta)
        thetanew = s * alpha
        alphabar = c * alpha
        rhobarold, zetaold = rhobar, zeta
        thetabar = sbar * rho
        rhotemp = cbar * rho
        cbar, sbar, rhobar = _sym_ortho(cbar * rho, thetanew)
        zeta = cbar * zetabar
        zetabar = -sbar * zetabar
        hbar = h - (thetabar * rho / (rhoold * rhobarold)) * hbar
        x = x + (zeta / (rho * rhobar)) * hbar
        h = v - (thetanew / rho) * h
        # ||r||: the rotations applied to (beta, 0) and the running tau's.
        betaacute = chat * betadd
        betacheck = -shat * betadd
        betahat = c * betaacute
        betadd = -s * betaacute
        thetatildeold = thetatilde
        ctildeold, stildeold, rhotildeold = _sym_ortho(rhodold, thetabar)
        thetatilde = stildeold * rhobar
        rhodold = ctildeold * rhobar
        betad = -stildeold * betad + ctildeold * betahat
        tautildeold = (zetaold - thetatildeold * tautildeold) / rhotildeold
        taud = (zeta - thetatilde * tautildeold) / rhodold
        d += betacheck * betacheck
        normr = math.sqrt(d + (betad - taud) ** 2 + betadd * betadd)
        norma2 += beta * beta
        norma = math.sqrt(norma2)
        norma2 += alpha * alpha
        maxrbar = max(maxrbar, rhobarold)
        if itn > 1:
            minrbar = min(minrbar, rhobarold)
        conda = max(maxrbar, rhotemp) / min(minrbar, rhotemp)
        normar = abs(zetabar)
        normx = _norm(x)
        test1 = normr / normb
        test2 = normar / (norma * normr) if norma * normr != 0 else math.inf
        test3 = 1.0 / conda
        t1 = test1 / (1 + norma * normx / normb)
        rtol = btol + atol * norma * normx / normb
        if itn >= maxiter:
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
        if istop > 0:
            break
    return x, istop, itn, normr, normar, norma, conda, normx
