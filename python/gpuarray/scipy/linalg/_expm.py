# SPDX-License-Identifier: BSD-3-Clause
"""The matrix exponential (expm) and its Frechet derivative (expm_frechet).

Note [Scaling and squaring on a stack]
expm follows Al-Mohy and Higham's scaling and squaring algorithm (SIAM J.
Matrix Anal. Appl. 31(3), 2009), as SciPy does: a diagonal Pade
approximant r_m of degree m in {3, 5, 7, 9, 13}, chosen from the 1-norms
d_k = ||A^k||^(1/k) of the even powers the approximant needs anyway, and
for m = 13 a scaling 2^-s of A undone by s squarings. The 1-norms are
exact (the powers exist on the device; SciPy estimates them past n = 200),
and the backward-error correction ell(A, m) uses the exact 1-norm of
|A|^(2m+1), from 2m+1 vector-matrix products with the non-negative |A|.
Every matrix of a stack gets its own m and s as SciPy would choose them;
the stack then runs the largest m (a higher degree is as accurate where a
lower one suffices) and each matrix its own s: the squarings are masked
per matrix. For stacks of triangular matrices the diagonal and first
superdiagonal are recomputed exactly at every squaring (Higham's code
fragment 2.1). float32 and complex64 are computed in float64/complex128
and cast back, which is at least as accurate as SciPy's single precision
path. The decisions read a few norms per matrix back to the host."""
import numpy
from numpy.linalg import LinAlgError

from gpuarray._array_creation.from_shape import empty, ones
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._index_routines.index_tricks import diagonal
from gpuarray._matrix_building.matrices import eye, tril, triu
from gpuarray._sorting_searching.searching import where
from gpuarray._ufunc.ufuncs import absolute, exp
from gpuarray.linalg import solve as numpy_solve
from gpuarray.scipy.linalg._validation import validated

__all__ = ["expm", "expm_frechet"]

_PADE = {
    3: (120., 60., 12., 1.),
    5: (30240., 15120., 3360., 420., 30., 1.),
    7: (17297280., 8648640., 1995840., 277200., 25200., 1512., 56., 1.),
    9: (17643225600., 8821612800., 2075673600., 302702400., 30270240., 2162160., 110880., 3960., 90., 1.),
    13: (64764752532480000., 32382376266240000., 7771770303897600., 1187353796428800., 129060195264000.,
         10559470521600., 670442572800., 33522128640., 1323241920., 40840800., 960960., 16380., 182., 1.),
}
# The largest d_k bound each degree takes (Higham 2005, Table 2.3), and 4.25 for
# the scaled degree 13 (Al-Mohy and Higham 2009, with the ell correction).
_THETA = {3: 1.495585217958292e-2, 5: 2.539398330063230e-1, 7: 9.504178996162932e-1, 9: 2.097847961257068e0}
_THETA_13 = 4.25
# 1 / |c_(2m+1)|, c the coefficients of the Pade error series: (2m)! (2m+1)! / (m!)^2.
_ERROR_COEFFICIENT = {m: float(numpy.prod(numpy.arange(1, 2 * m + 1, dtype=object))
                               * numpy.prod(numpy.arange(1, 2 * m + 2, dtype=object))
                               // numpy.prod(numpy.arange(1, m + 1, dtype=object)) ** 2) for m in (3, 5, 7, 9, 13)}
_UNIT_ROUNDOFF = 2.0 ** -53


def _onenorm(x):
    """Host array over the stack: the 1-norms (largest column sums)."""
    return numpy.asarray(absolute(x).sum(axis=-2).max(axis=-1).get(), dtype=numpy.float64)


class _Powers:
    """The even powers of a stack A, made once when first asked for."""

    def __init__(self, a):
        self.a = a
        self._made = {1: a}

    def __getitem__(self, k):
        if k not in self._made:
            halves = {2: (1, 1), 4: (2, 2), 6: (4, 2), 8: (6, 2), 10: (4, 6)}[k]
            self._made[k] = self[halves[0]] @ self[halves[1]]
        return self._made[k]

    def d(self, k):
        return _onenorm(self[k]) ** (1.0 / k)


def _ell(a, m):
    """Host ints over the stack: the extra squarings that make the Pade
    error bound of degree m hold (the ell function of the 2009 paper)."""
    p = 2 * m + 1
    v = ones(a.shape[:-2] + (1, a.shape[-1]), dtype=numpy.float64)
    size = absolute(a)
    for _ in range(p):
        v = v @ size
    power_norm = numpy.asarray(v.max(axis=(-2, -1)).get(), dtype=numpy.float64)
    norm = _onenorm(a)
    with numpy.errstate(divide="ignore", invalid="ignore"):
        alpha = power_norm / (norm * _ERROR_COEFFICIENT[m])
        value = numpy.ceil(numpy.log2(alpha / _UNIT_ROUNDOFF) / (2 * m))
    value = numpy.where(power_norm > 0, value, 0)
    return numpy.maximum(numpy.nan_to_num(value, nan=0.0, posinf=0.0, neginf=0.0), 0).astype(numpy.int64)


def _degree_and_scaling(powers):
    """(degree for the stack, host int squarings per matrix)."""
    a = powers.a
    eta_1 = numpy.maximum(powers.d(4), powers.d(6))
    chosen = numpy.full(eta_1.shape, 13)
    undecided = numpy.ones(eta_1.shape, dtype=bool)
    for m in (3, 5):
        ok = undecided & (eta_1 < _THETA[m])
        if ok.any():
            ok &= _ell(a, m) == 0
        chosen = numpy.where(ok, m, chosen)
        undecided &= ~ok
    if undecided.any():
        eta_3 = numpy.maximum(powers.d(6), powers.d(8))
        for m in (7, 9):
            ok = undecided & (eta_3 < _THETA[m])
            if ok.any():
                ok &= _ell(a, m) == 0
            chosen = numpy.where(ok, m, chosen)
            undecided &= ~ok
    degree = int(chosen.max())
    if degree < 13:
        return degree, numpy.zeros(eta_1.shape, dtype=numpy.int64)
    eta_5 = numpy.minimum(eta_3, numpy.maximum(powers.d(8), powers.d(10)))
    with numpy.errstate(divide="ignore"):
        s = numpy.where(eta_5 > 0, numpy.maximum(numpy.ceil(numpy.log2(eta_5 / _THETA_13)), 0), 0).astype(numpy.int64)
    s = s + _ell(a * _factors(2.0 ** -s, a), 13)
    return 13, s


def _factors(values, like):
    """Host values over the stack as a device (..., 1, 1) factor of like's dtype."""
    return validated(numpy.asarray(values, dtype=like.real.dtype).reshape(like.shape[:-2] + (1, 1)),
                     check_finite=False)


def _pade(powers, m, s):
    """(U, V) of the degree-m approximant of 2^-s A (s per matrix)."""
    b = _PADE[m]
    a = powers.a
    identity = eye(a.shape[-1], dtype=a.dtype)
    if m < 13:
        odd = b[1] * identity + sum(b[k + 1] * powers[k] for k in range(2, m, 2))
        even = b[0] * identity + sum(b[k] * powers[k] for k in range(2, m, 2))
        return a @ odd, even
    scale = lambda k: _factors(2.0 ** (-k * s), a)  # noqa: E731
    a1, a2, a4, a6 = a * scale(1), powers[2] * scale(2), powers[4] * scale(4), powers[6] * scale(6)
    u = a1 @ (a6 @ (b[13] * a6 + b[11] * a4 + b[9] * a2) + b[7] * a6 + b[5] * a4 + b[3] * a2 + b[1] * identity)
    v = a6 @ (b[12] * a6 + b[10] * a4 + b[8] * a2) + b[6] * a6 + b[4] * a4 + b[2] * a2 + b[0] * identity
    return u, v


def _set_diagonals(x, t, scale):
    """Exact diagonal and first superdiagonal of exp(scale * t), t upper
    triangular and scale (..., 1, 1), written into x (Higham's equation
    10.42 for the 2 x 2 blocks)."""
    n = x.shape[-1]
    lam = diagonal(t, 0, -2, -1) * scale[..., 0]
    x[..., arange(n), arange(n)] = exp(lam)
    if n > 1:
        mean = 0.5 * (lam[..., :-1] + lam[..., 1:])
        half = 0.5 * (lam[..., :-1] - lam[..., 1:])
        small = absolute(half) < 0.0135
        h2 = half * half
        series = exp(mean) * (1 + (h2 / 6.0) * (1 + (h2 / 20.0) * (1 + h2 / 42.0)))
        quotient = (exp(mean + half) - exp(mean - half)) / where(small, 1, 2 * half)
        superdiagonal = diagonal(t, 1, -2, -1) * scale[..., 0] * where(small, series, quotient)
        x[..., arange(n - 1), arange(1, n)] = superdiagonal


def _exponential(a, upper):
    """expm of the stack a (float64/complex128) by Note [Scaling and
    squaring on a stack]; upper: every matrix is upper triangular."""
    powers = _Powers(a)
    m, s = _degree_and_scaling(powers)
    u, v = _pade(powers, m, s)
    x = numpy_solve(v - u, v + u)
    steps = int(s.max()) if s.size else 0
    if steps == 0:
        return x
    if upper:
        _set_diagonals(x, a, _factors(2.0 ** -s, a))
    for t in range(steps - 1, -1, -1):
        active = _factors(s > t, a) > 0
        squared = x @ x
        if upper:
            _set_diagonals(squared, a, _factors(numpy.full(s.shape, 2.0 ** -t), a))
        x = where(active, squared, x)
    return x


def _is_triangular(a, upper):
    part = tril(a, -1) if upper else triu(a, 1)
    return not bool((part != 0).any().get())


def expm(A):
    """Compute the matrix exponential of an array, or of each matrix of a stack.

    Parameters
    ----------
    A : array_like
        Square matrices, shape ``(..., N, N)``; a scalar (or a one-element
        array of fewer dimensions) gives ``[[exp(A)]]``.

    Returns
    -------
    eA : ndarray
        ``exp(A)``, of `A`'s shape; integers give float64 and float16
        float32, as SciPy.

    Raises
    ------
    numpy.linalg.LinAlgError
        If `A` has fewer than two dimensions (and more than one element), or
        its matrices are not square (SciPy's messages).

    Notes
    -----
    Scaling and squaring with Pade approximants, Note [Scaling and squaring
    on a stack] (``scipy/linalg/_expm.py``): SciPy's algorithm (Al-Mohy and
    Higham 2009) with exact 1-norms, per-matrix degrees and squarings over
    a stack, and exact diagonals for triangular stacks; float32 is
    computed in float64. A stack of diagonal matrices is exponentiated
    elementwise. The choices read a few norms per matrix back to the host.

    See Also
    --------
    expm_frechet, cosm, sinm

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import expm
    >>> expm(xp.zeros((2, 2)))
    array([[1., 0.],
           [0., 1.]])
    >>> expm(xp.array([[0., 1.], [-1., 0.]])).round(6)
    array([[ 0.540302,  0.841471],
           [-0.841471,  0.540302]])
    """
    a = validated(A, check_finite=False)
    if a.size == 1 and a.ndim < 2:
        wide = numpy.complex128 if a.dtype.kind == "c" else numpy.float64
        return exp(a.astype(wide).reshape(1, 1))
    if a.ndim < 2:
        raise LinAlgError("The input array must be at least two-dimensional")
    if a.shape[-1] != a.shape[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    dtype = numpy.dtype(numpy.float64) if a.dtype.kind not in "fc" else a.dtype
    dtype = numpy.dtype(numpy.float32) if dtype.char == "e" else dtype
    if min(a.shape) == 0:
        return empty(a.shape, dtype=dtype)
    if a.shape[-2:] == (1, 1):
        return exp(a)
    work = numpy.dtype(numpy.complex128 if dtype.kind == "c" else numpy.float64)
    a = a.astype(work)
    n = a.shape[-1]
    upper, lower = _is_triangular(a, True), _is_triangular(a, False)
    if upper and lower:  # diagonal: exp of the diagonal, as SciPy
        out = broadcast_to(eye(n, dtype=work), a.shape) * exp(diagonal(a, 0, -2, -1))[..., None, :]
        return out.astype(dtype)
    if lower:
        return triu(_exponential(a.mT, True)).mT.astype(dtype)
    result = _exponential(a, upper)
    return (triu(result) if upper else result).astype(dtype)


def expm_frechet(A, E, method=None, compute_expm=True, check_finite=True):
    """Frechet derivative of the matrix exponential of `A` in the direction `E`.

    Parameters
    ----------
    A : array_like
        Square matrix, shape ``(N, N)``.
    E : array_like
        The direction, of `A`'s shape.
    method : {None, 'SPS', 'blockEnlarge'}, optional
        SciPy's algorithm names; both are accepted and computed the same way
        (see Notes).
    compute_expm : bool, optional
        Also return ``expm(A)`` (default True).
    check_finite : bool, optional
        Raise ValueError if `A` or `E` holds NaN or an infinity (default
        True).

    Returns
    -------
    expm_A : ndarray
        ``expm(A)``, with `compute_expm`.
    expm_frechet_AE : ndarray
        The Frechet derivative ``L(A, E)``.

    Raises
    ------
    ValueError
        If `A` or `E` is not square, their shapes differ, `method` is
        unknown, or `check_finite` finds a NaN or an infinity.

    Notes
    -----
    The block method: ``expm([[A, E], [0, A]]) = [[expm(A), L(A, E)],
    [0, expm(A)]]``, by `expm` on the 2N x 2N matrix; about eight times the
    work of SciPy's default 'SPS' algorithm (Al-Mohy and Higham's Pade
    recurrences for the derivative), which is not ported, with comparable
    accuracy.

    See Also
    --------
    expm

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import expm, expm_frechet
    >>> a = xp.array([[1., 2.], [3., 4.]])
    >>> e = xp.array([[0., 1.], [0., 0.]])
    >>> expm_a, frechet = expm_frechet(a, e)
    >>> xp.allclose(expm_a, expm(a))
    True
    >>> frechet.shape
    (2, 2)
    """
    if method not in (None, "SPS", "blockEnlarge"):
        raise ValueError(f"Unknown implementation {method}")
    A, E = validated(A, E, check_finite=check_finite)
    if A.ndim != 2 or A.shape[0] != A.shape[1]:
        raise ValueError("expected A to be a square matrix")
    if E.ndim != 2 or E.shape[0] != E.shape[1]:
        raise ValueError("expected E to be a square matrix")
    if A.shape != E.shape:
        raise ValueError("expected A and E to be the same shape")
    n = A.shape[0]
    dtype = numpy.result_type(A.dtype, E.dtype, numpy.float64)
    big = empty((2 * n, 2 * n), dtype=dtype)
    big[:n, :n] = A
    big[:n, n:] = E
    big[n:, :n] = 0
    big[n:, n:] = A
    result = expm(big)
    if compute_expm:
        return result[:n, :n], result[:n, n:]
    return result[:n, n:]
