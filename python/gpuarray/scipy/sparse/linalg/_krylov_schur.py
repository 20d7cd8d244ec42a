# SPDX-License-Identifier: BSD-3-Clause
"""The Hermitian eigensolver behind eigsh and svds: Krylov-Schur restarts of
Lanczos (Stewart's Krylov-Schur; for a Hermitian operator it is the thick
restart of Wu and Simon), and SciPy's ARPACK exceptions.

Note [Thick-restart Lanczos with full reorthogonalization]: the basis V
(ncv + 1 rows, one Krylov vector a row) and the projected matrix H stay on
the device while a cycle runs. Each step applies the operator once and
orthogonalizes the new vector against every basis vector twice by
classical Gram-Schmidt (two matrix-vector products with V, no host read),
as gmres does; the Gram-Schmidt coefficients fill H's column, so after the
cycle A V_m = V_m H_m + v_m h^T with h = (0, ..., 0, beta). H is read once
per cycle: its Hermitian part's eigenpairs (theta, Y) on the host give the
Ritz values and, from |beta Y[m-1, i]|, their residual norms (ARPACK's
estimate; with full reorthogonalization it is the true residual up to
rounding). A cycle keeps the wanted Ritz vectors and as many again of the
next ones (k + (ncv - k) / 2 in all): V[:keep] = Y^T V, H becomes the
diagonal of their Ritz values with the coupling row beta Y[m-1, kept]
below it, and Lanczos goes on from v_m. A step whose new vector vanishes
(beta below ncv * eps * ||H||: an invariant subspace) ends the cycle early;
the Ritz pairs found so far are exact, and the next cycle starts from a
random vector orthogonal to the kept ones, as ARPACK does. Convergence is
ARPACK's test, |beta y_i[m-1]| <= tol * max(eps^(2/3), |theta_i|), or a
residual at rounding level, ROUNDOFF * eps * ||A|| (||A|| estimated by the
largest Ritz value): each restart rounds the coupling entries at that
level, so a small eigenvalue's residual stops there (its absolute error,
at most the residual, is then a few eps ||A||, as any method's).

Note [Krylov-Schur restarts of a general operator]: for eigs the projected
matrix T is not Hermitian; its eigenpairs come from numpy.linalg.eig on
the host (T is ncv x ncv), the Ritz residuals are the same |beta y_i[m-1]|
(unit y_i). A restart keeps Q, an orthonormal basis (QR) of the kept
eigenvectors Y_kept: span(Q) is invariant under T, so A (V Q) = (V Q)
(Q^H T Q) + v_m beta Q[m-1, :] is again a Krylov decomposition (Stewart's,
with a full rather than triangular Q^H T Q), and Arnoldi continues from
v_m as in the Hermitian case. The arithmetic is complex, also for real A
(eigs returns complex values and vectors, as SciPy's).

Note [Confirming cycle]: a single-vector Krylov space holds one copy of a
repeated eigenvalue (or of a cluster below the working precision, such as
five eigenvalues within 1e-9 of each other in float32); the other copies
enter only through rounding, and a less wanted Ritz value may converge
before they appear. So convergence is confirmed by one more cycle from the
k converged Ritz vectors plus a random vector orthogonal to them (their
coupling to it, their residuals, dropped): a missing copy has an O(1)
component in that vector and shows up at once. The result stands when the
k wanted Ritz values of the confirming cycle equal those before it (to
their residuals); otherwise the iteration goes on. It costs one cycle."""
import numpy

from gpuarray.scipy.sparse import _array_ops as xp

__all__ = ["ArpackError", "ArpackNoConvergence"]  # and, for eigsh, WHICH, wanted_order, hermitian_eigenpairs

# A residual of a few eps ||A|| is the floor that rounding in the restarts leaves (ARPACK's
# test, tol * |theta|, asks less than that of small eigenvalues and would never pass here).
ROUNDOFF = 4
WHICH = ("LM", "SM", "LA", "SA", "BE")


class ArpackError(RuntimeError):
    """The eigensolver failed (SciPy's ArpackError; gpuarray does not run ARPACK itself).

    Parameters
    ----------
    info : int
        An error code.
    infodict : dict, optional
        Messages by code.

    Notes
    -----
    Raised by gpuarray's eigsh and svds, whose Lanczos iteration replaces ARPACK; the name
    is SciPy's so that code catching it keeps working.

    See Also
    --------
    scipy.sparse.linalg.ArpackError

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.sparse.linalg import ArpackError
    >>> str(ArpackError(-9999, {-9999: "no convergence"}))
    'ARPACK error -9999: no convergence'
    """

    def __init__(self, info, infodict=None):
        message = (infodict or {}).get(info, "Unknown error")
        super().__init__(f"ARPACK error {info}: {message}")
        self.info = info


class ArpackNoConvergence(ArpackError):
    """eigsh or svds did not converge in maxiter restarts (SciPy's ArpackNoConvergence).

    Parameters
    ----------
    msg : str
        The message.
    eigenvalues : ndarray
        The eigenvalues that did converge.
    eigenvectors : ndarray
        Their eigenvectors.

    Notes
    -----
    eigenvalues is a NumPy array, eigenvectors a device array (n x number converged).

    See Also
    --------
    scipy.sparse.linalg.ArpackNoConvergence

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy.sparse.linalg import ArpackNoConvergence
    >>> error = ArpackNoConvergence("No convergence", np.zeros(0), np.zeros((3, 0)))
    >>> error.eigenvalues.shape
    (0,)
    """

    def __init__(self, msg, eigenvalues, eigenvectors):
        RuntimeError.__init__(self, msg)
        self.info = -1
        self.eigenvalues = eigenvalues
        self.eigenvectors = eigenvectors


def wanted_order(theta, which):
    """Indices of the Ritz values `theta` (host), the most wanted first."""
    if which == "LM":
        return numpy.argsort(-numpy.abs(theta), kind="stable")
    if which == "SM":
        return numpy.argsort(numpy.abs(theta), kind="stable")
    if which in ("LA", "LR"):
        return numpy.argsort(-numpy.real(theta), kind="stable")
    if which in ("SA", "SR"):
        return numpy.argsort(numpy.real(theta), kind="stable")
    if which == "LI":
        return numpy.argsort(-numpy.imag(theta), kind="stable")
    return numpy.argsort(numpy.imag(theta), kind="stable")  # SI


def _wanted(theta, which, k):
    """The k wanted indices of `theta`, the most wanted first ('BE': k // 2 from the low end,
    the rest, one more when k is odd, from the high end, as SciPy)."""
    if which != "BE":
        return wanted_order(theta, which)[:k]
    ascending = numpy.argsort(theta, kind="stable")
    high, low = k - k // 2, k // 2
    picked = list(ascending[::-1][:high])
    return numpy.array(picked + [i for i in ascending[:low] if i not in picked][:low], dtype=numpy.intp)


def _coefficients(basis, w):
    """basis^* w (the inner products of the rows with w): conj(basis @ conj(w)) for complex
    dtypes, which conjugates a vector instead of copying the conjugated basis."""
    if numpy.dtype(basis.dtype).kind != "c":
        return xp.matmul(basis, w)
    return xp.conjugate(xp.matmul(basis, xp.conjugate(w)))


def orthogonalize(basis, w):
    """w minus its projections on the rows of `basis` (twice, classical Gram-Schmidt) and the
    coefficients (device)."""
    h = _coefficients(basis, w)
    w = w - xp.matmul(basis.T, h)
    correction = _coefficients(basis, w)
    return w - xp.matmul(basis.T, correction), h + correction


def _norm(v):
    return xp.sqrt(xp.real(xp.vdot(v, v)))


def _random_vector(rng, n, dtype):
    v = rng.uniform(-1, 1, n)
    if dtype.kind == "c":
        v = v + 1j * rng.uniform(-1, 1, n)
    return xp.asarray(v.astype(dtype))


def _restart_vector(rng, basis, n, dtype):
    """A random unit vector orthogonal to the rows of `basis` (after an invariant subspace)."""
    for _ in range(5):
        w = _random_vector(rng, n, dtype)
        if basis.shape[0]:
            w, _ = orthogonalize(basis, w)
        length = float(xp.asnumpy(_norm(w)))
        if length > 0:
            return w * (1.0 / length)
    raise ArpackError(-9, {-9: "Starting vector is zero."})


def hermitian_eigenpairs(operator, n, dtype, k, which, ncv, v0, maxiter, tol, rng, hermitian=True):
    """(theta, X, converged) of a Hermitian `operator` (a function of a device vector): the k
    wanted Ritz values (host float64, the most wanted first), their Ritz vectors as the
    columns of X (n x k device, `dtype`), and whether all k met the tolerance within
    `maxiter` restart cycles (Note [Thick-restart Lanczos with full reorthogonalization]).
    With `hermitian` False (eigs; `dtype` complex) the projected matrix's eigenpairs are
    those of a general matrix and the restart keeps an orthonormal basis of the kept Ritz
    vectors (Note [Krylov-Schur restarts of a general operator])."""
    real_dtype = numpy.dtype(dtype.char.lower())
    eps = float(numpy.finfo(real_dtype).eps)
    tol = eps if tol <= 0 else float(tol)
    eps23 = eps ** (2.0 / 3.0)
    m = ncv
    basis = xp.zeros((m + 1, n), dtype=dtype)
    projected = xp.zeros((m + 1, m), dtype=dtype)
    if v0 is None:
        start = _random_vector(rng, n, dtype)
    else:
        start = xp.reshape(xp.asarray(v0), (-1,)).astype(dtype)
        if start.shape[0] != n:
            raise ValueError(f"v0 has length {start.shape[0]}, expected {n}")
    length = float(xp.asnumpy(_norm(start)))
    if length == 0:
        raise ArpackError(-9, {-9: "Starting vector is zero."})
    basis[0] = start * (1.0 / length)
    first = 0
    previous = None
    for cycle in range(maxiter):
        for j in range(first, m):
            w, h = orthogonalize(basis[:j + 1], operator(basis[j]))
            beta = _norm(w)
            projected[:j + 1, j] = h
            projected[j + 1, j] = beta.astype(dtype)
            basis[j + 1] = w / xp.where(xp.equal(beta, 0), xp.ones((), dtype=beta.dtype), beta).astype(dtype)
        host = xp.asnumpy(projected).astype(numpy.complex128 if dtype.kind == "c" else numpy.float64)
        scale = max(float(numpy.abs(host).max()), numpy.finfo(numpy.float64).tiny)
        subdiagonal = numpy.abs(numpy.diagonal(host, offset=-1))[first:]
        broken = numpy.flatnonzero(subdiagonal <= m * eps * scale)
        size = first + int(broken[0]) + 1 if broken.size else m  # the Krylov space found
        t = host[:size, :size]
        theta, Y = numpy.linalg.eigh((t + t.conj().T) / 2) if hermitian else numpy.linalg.eig(t)
        beta = 0.0 if size < m else float(abs(host[m, m - 1]))
        residual = beta * numpy.abs(Y[size - 1])
        wanted = _wanted(theta, which, min(k, size))
        anorm = float(numpy.abs(theta).max())
        done = residual[wanted] <= numpy.maximum(tol * numpy.maximum(eps23, numpy.abs(theta[wanted])),
                                                 ROUNDOFF * eps * anorm)
        converged = wanted.size == k and bool(done.all())
        confirmed = converged and previous is not None and numpy.allclose(
            theta[wanted], previous, rtol=0, atol=float(residual[wanted].max()) + ROUNDOFF * eps * anorm)
        if confirmed or cycle == maxiter - 1:
            chosen = wanted if converged else wanted[done]
            vectors = xp.matmul(basis[:size].T, xp.asarray(Y[:, chosen].astype(dtype)))
            return theta[chosen], vectors, chosen.size == k
        # Converged once: one more cycle from the k Ritz vectors and a random vector orthogonal
        # to them (Note [Confirming cycle]); otherwise the usual thick restart.
        previous = theta[wanted] if converged else None
        keep_count = k if converged else min(size, max(k, k + (m - k) // 2), m - 1)
        chosen = set(wanted.tolist())
        rest = [i for i in wanted_order(theta, "LM" if which == "BE" else which) if i not in chosen]
        keep = numpy.concatenate([wanted, numpy.array(rest, dtype=numpy.intp)])[:keep_count]
        if hermitian:
            rotation, section = Y[:, keep], numpy.diag(theta[keep])
        else:
            rotation = numpy.linalg.qr(Y[:, keep])[0]
            section = rotation.conj().T @ t @ rotation
        kept = xp.matmul(xp.asarray(rotation.T.astype(dtype)), basis[:size])
        new_basis = xp.zeros((m + 1, n), dtype=dtype)
        new_basis[:keep_count] = kept
        new_projected = numpy.zeros((m + 1, m), dtype=numpy.result_type(section.dtype, rotation.dtype))
        new_projected[:keep_count, :keep_count] = section
        if size == m and not converged:
            new_basis[keep_count] = basis[m]
            new_projected[keep_count, :keep_count] = beta * rotation[m - 1]
        else:
            new_basis[keep_count] = _restart_vector(rng, kept, n, dtype)
        basis, projected = new_basis, xp.asarray(new_projected.astype(dtype))
        first = keep_count
    raise ValueError(f"maxiter must be positive, maxiter={maxiter}")
