# SPDX-License-Identifier: BSD-3-Clause
"""expm_multiply: exp(t A) B without forming exp(t A), by Al-Mohy and
Higham's truncated Taylor series with scaling (SIAM J. Sci. Comput. 33(2),
2011, Algorithm 3.2 with the parameter choice of its Code Fragment 3.1),
with SciPy's signature.

Note [Taylor steps of expm_multiply]: A is shifted by mu = trace(A) / n
(exp(tA) = e^{t mu} exp(t(A - mu I))), which lowers its norm; the number of
steps s and the Taylor degree m follow from ||A||_1 when it is small
against theta_55 (condition 3.13 of the paper) and otherwise from the
estimates ||A^p||_1^(1/p), p = 2..9, by onenormest; theta_m is the
largest ||tA|| / s for which degree m meets double precision (the paper's
Table 3.1 and Higham's Functions of Matrices, Table A.3). Each step sums
the series on the device, one product with A per term, and stops early
when two consecutive terms are below tol * ||F||_inf (three host reads per
term). Over an interval, the first point is computed as above and each
next one from the previous by exp(hA) with one parameter choice for h
(the paper's Algorithm 5.2 does the same with a shared s; the error
grows at most linearly in the number of points, as there)."""
import math
import warnings

import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse._construct import eye_array
from gpuarray.scipy.sparse._registry import is_host_sparse, issparse
from gpuarray.scipy.sparse.linalg._interface import LinearOperator, aslinearoperator
from gpuarray.scipy.sparse.linalg._onenormest import onenormest

__all__ = ["expm_multiply"]

# theta_m for a backward error of 2^-53 (Al-Mohy and Higham 2011, Table 3.1; Higham 2008, Table A.3).
THETA = {
    1: 2.29e-16, 2: 2.58e-8, 3: 1.39e-5, 4: 3.40e-4, 5: 2.40e-3, 6: 9.07e-3, 7: 2.38e-2, 8: 5.00e-2,
    9: 8.96e-2, 10: 1.44e-1, 11: 2.14e-1, 12: 3.00e-1, 13: 4.00e-1, 14: 5.14e-1, 15: 6.41e-1,
    16: 7.81e-1, 17: 9.31e-1, 18: 1.09, 19: 1.26, 20: 1.44, 21: 1.62, 22: 1.82, 23: 2.01, 24: 2.22,
    25: 2.43, 26: 2.64, 27: 2.86, 28: 3.08, 29: 3.31, 30: 3.54, 35: 4.7, 40: 6.0, 45: 7.2, 50: 8.5,
    55: 9.9,
}
M_MAX = 55
P_MAX = 8          # the largest p with p (p - 1) <= M_MAX + 1
ELL = 2            # columns of the norm estimates


def _inf_norm(X):
    magnitude = xp.abs(X)
    rows = xp.sum(magnitude, axis=1) if X.ndim == 2 else magnitude
    return float(xp.asnumpy(xp.max(rows))) if rows.shape[0] else 0.0


def _parameters(norm_1, power_norm, n0):
    """(m, s) of Code Fragment 3.1 for the operator t (A - mu I) of 1-norm `norm_1`;
    power_norm(p) estimates its ||.^p||_1."""
    if norm_1 == 0:
        return 0, 1
    if norm_1 <= 2 * ELL * P_MAX * (P_MAX + 3) * THETA[M_MAX] / (n0 * M_MAX):   # condition (3.13)
        cost, m = min((m * math.ceil(norm_1 / theta), m) for m, theta in THETA.items())
        return m, max(math.ceil(norm_1 / THETA[m]), 1)
    roots = {p: power_norm(p) ** (1.0 / p) for p in range(2, P_MAX + 2)}
    best = None
    for p in range(2, P_MAX + 1):
        alpha = max(roots[p], roots[p + 1])
        for m, theta in THETA.items():
            if m >= p * (p - 1) - 1:
                candidate = (m * math.ceil(alpha / theta), m, alpha)
                best = candidate if best is None or candidate[0] < best[0] else best
    _, m, alpha = best
    return m, max(math.ceil(alpha / THETA[m]), 1)


def _taylor_steps(apply, B, t, mu, m, s, tol):
    """exp(t mu) * (the degree-m Taylor series of exp(t (A - mu I) / s))^s applied to B."""
    F = B
    eta = math.exp(t * mu / s) if numpy.isrealobj(mu) else numpy.exp(t * mu / s)
    for _ in range(s):
        c1 = _inf_norm(B)
        for j in range(m):
            B = apply(B) * (t / (s * (j + 1)))
            c2 = _inf_norm(B)
            F = F + B
            if c1 + c2 <= tol * _inf_norm(F):
                break
            c1 = c2
        F = F * eta
        B = F
    return F


def _shifted(A, traceA, n, dtype):
    """(apply(X) = (A - mu I) X, mu, ||A - mu I||_1 or its estimate, the shifted LinearOperator)."""
    if traceA is None:
        if isinstance(A, LinearOperator):
            warnings.warn("Trace of LinearOperator not available, it will not be used to shift A. "
                          "Provide `traceA` to ensure performance.", stacklevel=3)
            traceA = 0.0
        else:
            traceA = (xp.asnumpy(A.diagonal().sum()) if issparse(A)
                      else xp.asnumpy(xp.sum(xp.reshape(xp.asarray(A), (-1,))[::n + 1])))
    mu = complex(traceA) / n if numpy.iscomplexobj(traceA) else float(traceA) / n
    if dtype.kind != "c":
        mu = float(numpy.real(mu))
    if issparse(A):
        shifted = A - mu * eye_array(n, dtype=numpy.result_type(A.dtype, type(mu)), format="csr")
        norm_1 = float(xp.asnumpy(xp.max(xp.reshape(abs(shifted).sum(axis=0), (-1,))))) if n else 0.0
        operator = aslinearoperator(shifted)
    elif isinstance(A, LinearOperator):
        operator = A - mu * _identity(n, dtype) if mu else A
        norm_1 = onenormest(operator)
    else:
        dense = xp.asarray(A) - mu * xp.asarray(numpy.eye(n, dtype=dtype))
        norm_1 = float(xp.asnumpy(xp.max(xp.sum(xp.abs(dense), axis=0)))) if n else 0.0
        operator = aslinearoperator(dense)
    return operator, mu, norm_1


def _identity(n, dtype):
    return LinearOperator((n, n), matvec=lambda x: x, rmatvec=lambda x: x, matmat=lambda X: X, dtype=dtype)


def expm_multiply(A, B, start=None, stop=None, num=None, endpoint=None, traceA=None):
    """exp(t A) B at t = 1 or at evenly spaced times, without forming exp(t A) (SciPy's expm_multiply).

    Parameters
    ----------
    A : sparse matrix, array or LinearOperator
        The n x n matrix.
    B : array_like
        Shape (n,) or (n, k).
    start, stop, num, endpoint : optional
        The times, as numpy.linspace(start, stop, num, endpoint) (num 50, endpoint True
        when one of them is given); none given: t = 1 only.
    traceA : scalar, optional
        trace(A), needed to shift a LinearOperator (without it no shift is made).

    Returns
    -------
    device array
        exp(A) B of B's shape, or the stack of exp(t_k A) B, shape (num,) + B.shape.

    Raises
    ------
    ValueError
        A not square, shapes that do not fit, B of more than 2 dimensions, fewer than two
        time points (SciPy's messages).

    Notes
    -----
    Al-Mohy and Higham's Taylor method on the device (Note [Taylor steps of expm_multiply]);
    a LinearOperator without traceA is not shifted (SciPy estimates the trace by random
    probes): the result is the same, with possibly more products. Tolerance 2^-53 for every
    dtype, as SciPy.

    See Also
    --------
    scipy.sparse.linalg.expm_multiply, expm

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import expm_multiply
    >>> A = sparse.csr_array([[1.0, 0.0], [0.0, 2.0]])
    >>> expm_multiply(A, np.ones(2)).get().round(6)
    array([2.718282, 7.389056])
    """
    if is_host_sparse(A) or isinstance(A, (list, tuple, numpy.ndarray)):
        A = aslinearoperator(A).A
    if len(A.shape) != 2 or A.shape[0] != A.shape[1]:
        raise ValueError("expected A to be like a square matrix")
    B = xp.asarray(B)
    if A.shape[1] != B.shape[0]:
        raise ValueError(f"shapes of matrices A {A.shape} and B {tuple(B.shape)} are incompatible")
    if B.ndim not in (1, 2):
        raise ValueError("expected B to be like a matrix or a vector")
    n = A.shape[0]
    n0 = 1 if B.ndim == 1 else B.shape[1]
    dtype = numpy.result_type(A.dtype if A.dtype is not None else numpy.float64, B.dtype)
    if dtype.kind not in "fc":
        dtype = numpy.dtype(numpy.float64)
    B = B.astype(dtype)
    tol = 2.0 ** -53   # SciPy's, for every dtype: an earlier stop in float32 costs accuracy over many steps
    operator, mu, norm_1 = _shifted(A, traceA, n, dtype)

    def apply(X):
        return (operator.matvec(X) if X.ndim == 1 else operator.matmat(X)).astype(dtype, copy=False)

    def steps(X, t):
        m, s = _parameters(abs(t) * norm_1, lambda p: abs(t) ** p * onenormest(operator ** p, t=ELL), n0)
        return lambda Y: _taylor_steps(apply, Y, t, mu, m, s, tol)

    if all(argument is None for argument in (start, stop, num, endpoint)):
        return steps(B, 1.0)(B)
    options = {} if num is None else {"num": num}
    if endpoint is not None:
        options["endpoint"] = endpoint
    samples, h = numpy.linspace(start, stop, retstep=True, **options)
    if len(samples) < 2:
        raise ValueError("at least two time points are required")
    first = steps(B, float(samples[0]))(B)
    advance = steps(first, float(h))
    results = [first]
    for _ in range(len(samples) - 1):
        results.append(advance(results[-1]))
    return xp.stack(results, axis=0)
