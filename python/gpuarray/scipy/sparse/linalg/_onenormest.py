# SPDX-License-Identifier: BSD-3-Clause
"""onenormest: a lower bound of ||A||_1, usually the exact value, from a
few products with A and A^H, by Higham and Tisseur's block algorithm
(SIAM J. Matrix Anal. Appl. 21(4), 2000, Algorithm 2.4), with SciPy's
signature and outputs.

Note [Block 1-norm estimation on the device]: the n x t blocks X, Y = A X,
S = sign(Y) and Z = A^H S stay on the device; the host sees only numbers
of size t or t x t: the column 1-norms of Y, the row maxima of |Z| (a
download of n numbers, from which the next t unit vectors are chosen),
and S^T S and S^T S_old, whose entries equal to n say which sign vectors
are parallel (for real A, as the paper; such columns are redrawn at
random). The random starting and replacement columns come from NumPy's
global generator, as SciPy's."""
import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse.linalg._interface import aslinearoperator

__all__ = ["onenormest"]


def _column_norms(Y):
    return xp.asnumpy(xp.sum(xp.abs(Y), axis=0)).astype(numpy.float64)


def _sign(Y):
    """sign(Y) with sign(0) = 1 (real), Y / |Y| with 0 -> 1 (complex)."""
    magnitude = xp.abs(Y)
    zero = xp.equal(magnitude, 0)
    if numpy.dtype(Y.dtype).kind == "c":
        return xp.where(zero, xp.ones((), dtype=Y.dtype), Y / xp.where(zero, 1, magnitude))
    return xp.where(zero, xp.ones((), dtype=Y.dtype), xp.sign(Y))


def _random_signs(n, count):
    return numpy.random.randint(0, 2, size=(n, count)) * 2.0 - 1.0


def _redraw_parallel(S, S_old, n):
    """S (device, real) with each column parallel to an earlier column of S or to a column
    of S_old replaced by random +-1 columns (paper's step 3)."""
    for j in range(S.shape[1]):
        for _ in range(100):
            earlier = S[:, :j]
            gram = xp.asnumpy(xp.matmul(S[:, j], xp.concatenate([earlier, S_old], axis=1)))
            if not (numpy.abs(gram) == n).any():
                break
            S[:, j] = xp.asarray(_random_signs(n, 1)[:, 0].astype(S.dtype))
    return S


def onenormest(A, t=2, itmax=5, compute_v=False, compute_w=False):
    """A lower bound of the 1-norm of a square matrix or operator, usually exact (SciPy's onenormest).

    Parameters
    ----------
    A : sparse matrix, array or LinearOperator
        The n x n operator; A^H is applied too.
    t : int, optional
        Columns of the block (more: more accurate, more products). t >= n computes the
        norm exactly from A applied to the identity.
    itmax : int, optional
        Iterations at most (>= 2).
    compute_v : bool, optional
        Also return v, a unit vector with ||A v||_1 = est.
    compute_w : bool, optional
        Also return w = A v.

    Returns
    -------
    est : float
        The estimate, at most ||A||_1.
    v, w : device arrays
        When asked for.

    Raises
    ------
    ValueError
        A not square, itmax < 2 or t < 1 (SciPy's messages).

    Notes
    -----
    Random starting columns, as SciPy's, so repeated calls may differ (both are lower
    bounds). Blocks stay on the device (Note [Block 1-norm estimation on the device]).

    See Also
    --------
    scipy.sparse.linalg.onenormest, norm

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import onenormest
    >>> A = sparse.csr_array([[1.0, 0.0, 0.0], [5.0, 8.0, 2.0], [0.0, -1.0, 0.0]])
    >>> float(onenormest(A))
    9.0
    """
    A = aslinearoperator(A)
    if A.shape[0] != A.shape[1]:
        raise ValueError("expected the operator to act like a square matrix")
    n = A.shape[1]
    if t >= n:
        explicit = A.matmat(xp.asarray(numpy.identity(n, dtype=A.dtype if A.dtype is not None else None)))
        sums = _column_norms(explicit)
        best = int(numpy.argmax(sums))
        est = float(sums[best])
        v = xp.asarray(numpy.eye(n)[:, best])
        w = explicit[:, best]
    else:
        est, v, w = _estimate(A, n, int(t), int(itmax))
    if compute_v and compute_w:
        return est, v, w
    if compute_v:
        return est, v
    if compute_w:
        return est, w
    return est


def _estimate(A, n, t, itmax):
    """(est, v, w) by Algorithm 2.4 of Higham and Tisseur."""
    if itmax < 2:
        raise ValueError("at least two iterations are required")
    if t < 1:
        raise ValueError("at least one column is required")
    dtype = numpy.dtype(A.dtype if A.dtype is not None else numpy.float64)
    real = dtype.kind != "c"
    work = numpy.result_type(dtype, numpy.float64) if dtype.kind not in "fc" else dtype
    host_X = numpy.ones((n, t))
    if t > 1:
        host_X[:, 1:] = _random_signs(n, t - 1)
    X = xp.asarray((host_X / n).astype(work))
    if t > 1 and real:
        X = _redraw_parallel(X * n, xp.zeros((n, 0), dtype=work), n) * (1.0 / n)
    history = set()
    est_old = 0.0
    best = None
    w = None
    S = xp.zeros((n, t), dtype=work)
    indices = None
    k = 1
    while True:
        Y = A.matmat(X)
        norms = _column_norms(Y)
        column = int(numpy.argmax(norms))
        est = float(norms[column])
        if est > est_old or k == 2:
            if k >= 2:
                best = int(indices[column])
            w = Y[:, column]
        if k >= 2 and est <= est_old:
            est = est_old
            break
        est_old = est
        S_old = S
        if k > itmax:
            break
        S = _sign(Y)
        if real:
            gram = numpy.abs(xp.asnumpy(xp.matmul(S.T, S_old)))
            if (gram == n).any(axis=1).all():   # every column of S parallel to one of S_old
                break
            if t > 1:
                S = _redraw_parallel(S, S_old, n)
        Z = A.rmatmat(S)
        h = xp.asnumpy(xp.max(xp.abs(Z), axis=1)).astype(numpy.float64)
        if k >= 2 and h.max() == h[best]:
            break
        order = numpy.argsort(-h, kind="stable")
        if t > 1:
            if all(int(i) in history for i in order[:t]):
                break
            fresh = [int(i) for i in order if int(i) not in history]
            order = numpy.array(fresh[:t] + [int(i) for i in order if int(i) in history][:max(0, t - len(fresh))])
        indices = order[:t]
        host_X = numpy.zeros((n, t))
        host_X[indices, numpy.arange(len(indices))] = 1.0
        X = xp.asarray(host_X.astype(work))
        history.update(int(i) for i in indices)
        k += 1
    if best is None:   # stopped in the first iteration: v is the best starting column
        v = X[:, column]
    else:
        e = numpy.zeros(n)
        e[best] = 1.0
        v = xp.asarray(e)
    return est, v, w
