# SPDX-License-Identifier: BSD-3-Clause
"""Banded systems in LAPACK's band storage: solve_banded, solveh_banded,
cholesky_banded, cho_solve_banded.

Note [Banded matrices through dense factorizations]
cuSOLVER has no banded factorization (LAPACK's gbtrf, pbtrf, gtsv, ptsv).
Each matrix is unpacked from band storage into a dense one on the device
(one gather and one scatter) and factored by the dense routines: LU with
partial pivoting (getrf) for solve_banded, Cholesky (potrf) for the
Hermitian ones. With the entries outside the band zero, the dense
factorizations make the same pivot choices and the same factors as LAPACK's
banded ones, so the results agree to rounding; the cost is the dense one,
O(n^3) instead of O(n (l + u)^2), and O(n^2) memory. cuSPARSE's gtsv2 and
gpsvInterleavedBatch (tri- and pentadiagonal) are linked but not bound."""
import numpy
from numpy.linalg import LinAlgError

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty, zeros
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._matrix_building.matrices import tril, triu
from gpuarray.scipy.linalg._cholesky import cholesky_solve, potrf_factor
from gpuarray.scipy.linalg._solve import from_triangle, lu_solve_general
from gpuarray.scipy.linalg._validation import blas_dtype, validated

__all__ = ["cho_solve_banded", "cholesky_banded", "solve_banded", "solveh_banded"]


def _band_positions(m, lower, upper):
    """Host index arrays (rows, cols, band rows) of the entries of an m x m
    matrix inside the band, and where band storage keeps them:
    ``ab[upper + i - j, j] == a[i, j]``."""
    i, j = numpy.indices((m, m))
    inside = (i - j <= lower) & (j - i <= upper)
    rows, cols = i[inside], j[inside]
    return asarray(rows), asarray(cols), asarray(upper + rows - cols)


def band_to_dense(ab, lower, upper, dtype):
    """The dense matrices (..., m, m) of band storage ab (..., l + u + 1, m)."""
    m = ab.shape[-1]
    rows, cols, band = _band_positions(m, lower, upper)
    dense = zeros(ab.shape[:-2] + (m, m), dtype=dtype)
    dense[..., rows, cols] = ab[..., band, cols]
    return dense


def _inexact(dtype):
    return dtype if dtype.kind in "fc" else numpy.dtype(numpy.float64)


def _rhs(ab, b, message):
    vector = b.ndim == 1
    bm = b[:, None] if vector else b
    if bm.ndim < 2 or ab.shape[-1] != bm.shape[-2]:
        raise ValueError(message)
    return bm, vector


def solve_banded(l_and_u, ab, b, overwrite_ab=False, overwrite_b=False, check_finite=True):
    """Solve ``a x = b`` for a banded matrix `a` given in band storage.

    Parameters
    ----------
    l_and_u : (int, int)
        The numbers of nonzero lower and upper diagonals.
    ab : array_like
        Band storage, shape ``(..., l + u + 1, M)``: ``ab[u + i - j, j] ==
        a[i, j]``; the corners outside the band are not read.
    b : array_like
        Right-hand sides, shape ``(M,)`` or ``(..., M, K)``.
    overwrite_ab : bool, optional
        Accepted for SciPy compatibility; `ab` is never overwritten.
    overwrite_b : bool, optional
        Accepted for SciPy compatibility; `b` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `ab` or `b` holds NaN or an infinity (default
        True).

    Returns
    -------
    x : ndarray
        The solutions, of `b`'s shape.

    Raises
    ------
    numpy.linalg.LinAlgError
        "singular matrix".
    ValueError
        If the shapes do not match `l_and_u` or each other, or
        `check_finite` finds a NaN or an infinity.

    Notes
    -----
    Unpacked to dense matrices and solved by LU with partial pivoting (Note
    [Banded matrices through dense factorizations]): SciPy's results to
    rounding, at the dense O(M^3) cost. Singularity is read back to the
    host.

    See Also
    --------
    solveh_banded, solve

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import solve_banded
    >>> ab = xp.array([[0., 0., -1., -1., -1.], [0., 2., 2., 2., 2.], [5., 4., 3., 2., 1.], [1., 1., 1., 1., 0.]])
    >>> solve_banded((1, 2), ab, xp.array([0., 1., 2., 2., 3.])).round(6)
    array([-2.372881,  3.932203, -4.      ,  4.355932, -1.355932])
    >>> solve_banded((1, 2), ab, xp.ones((5, 2))).shape
    (5, 2)
    """
    lower, upper = (int(v) for v in l_and_u)
    ab, b = validated(ab, b, check_finite=check_finite)
    bm, vector = _rhs(ab, b, "shapes of ab and b are not compatible.")
    if lower + upper + 1 != ab.shape[-2]:
        raise ValueError(f"invalid values for the number of lower and upper diagonals: l+u+1 ({lower + upper + 1}) "
                         f"does not equal ab.shape[0] ({ab.shape[-2]})")
    dtype = blas_dtype(_inexact(ab.dtype), _inexact(b.dtype))
    batch = tuple(numpy.broadcast_shapes(ab.shape[:-2], bm.shape[:-2]))
    m = ab.shape[-1]
    if bm.size == 0:
        x = empty(batch + bm.shape[-2:], dtype=dtype)
    elif m == 1:
        x = bm.astype(dtype) / ab[..., upper:upper + 1, :].astype(dtype)
    else:
        dense = broadcast_to(band_to_dense(ab, lower, upper, dtype), batch + (m, m))
        x, singular = lu_solve_general(dense, broadcast_to(bm, batch + bm.shape[-2:]), dtype, False)
        if numpy.asarray(singular).any():
            raise LinAlgError("singular matrix")
    return x[..., 0] if vector else x


def _hermitian_from_band(ab, lower, dtype):
    """The dense Hermitian matrices of Hermitian band storage (the lower
    form ``ab[i - j, j] == a[i, j]`` or the upper ``ab[k + i - j, j]``)."""
    k = ab.shape[-2] - 1
    triangle = band_to_dense(ab, k, 0, dtype) if lower else band_to_dense(ab, 0, k, dtype)
    return from_triangle(triangle, lower, True)


def _check_factor(info, message):
    failed = numpy.asarray(info).reshape(-1)
    failed = failed[failed > 0]
    if failed.size:
        raise LinAlgError(message.format(int(failed[0])))


def solveh_banded(ab, b, overwrite_ab=False, overwrite_b=False, lower=False, check_finite=True):
    """Solve ``a x = b`` for a Hermitian positive-definite banded `a`.

    Parameters
    ----------
    ab : array_like
        Band storage of the upper triangle, shape ``(..., u + 1, M)`` with
        ``ab[u + i - j, j] == a[i, j]`` for ``i <= j`` (or of the lower one
        with `lower`: ``ab[i - j, j] == a[i, j]`` for ``i >= j``).
    b : array_like
        Right-hand sides, shape ``(M,)`` or ``(..., M, K)``.
    overwrite_ab : bool, optional
        Accepted for SciPy compatibility; `ab` is never overwritten.
    overwrite_b : bool, optional
        Accepted for SciPy compatibility; `b` is never overwritten.
    lower : bool, optional
        `ab` holds the lower triangle (default False: the upper one).
    check_finite : bool, optional
        Raise ValueError if `ab` or `b` holds NaN or an infinity (default
        True).

    Returns
    -------
    x : ndarray
        The solutions, of `b`'s shape.

    Raises
    ------
    numpy.linalg.LinAlgError
        "kth leading minor not positive definite".
    ValueError
        If the shapes do not match, or `check_finite` finds a NaN or an
        infinity.

    Notes
    -----
    Unpacked to dense Hermitian matrices (the diagonal's imaginary part
    dropped, as LAPACK's) and solved through Cholesky (Note [Banded
    matrices through dense factorizations]); the info is read back.

    See Also
    --------
    solve_banded, cho_solve_banded

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import solveh_banded
    >>> ab = xp.array([[0., 0., -1., -1., -1., -1.], [0., 2., 2., 2., 2., 2.], [8., 8., 8., 8., 8., 8.]])
    >>> x = solveh_banded(ab, xp.array([1., 2., 2., 3., 3., 3.]))
    >>> x.round(6)
    array([0.081343, 0.241791, 0.134328, 0.365672, 0.208209, 0.368657])
    >>> solveh_banded(ab, xp.ones((6, 2))).shape
    (6, 2)
    """
    ab, b = validated(ab, b, check_finite=check_finite)
    bm, vector = _rhs(ab, b, "shapes of ab and b are not compatible.")
    dtype = blas_dtype(ab.dtype, b.dtype)
    batch = tuple(numpy.broadcast_shapes(ab.shape[:-2], bm.shape[:-2]))
    if bm.size == 0:
        x = empty(batch + bm.shape[-2:], dtype=dtype)
    else:
        c, info = potrf_factor(_hermitian_from_band(ab, bool(lower), dtype), True, dtype)
        _check_factor(info, "{}th leading minor not positive definite")
        x = cholesky_solve(c, True, bm, dtype)
    return x[..., 0] if vector else x


def cholesky_banded(ab, overwrite_ab=False, lower=False, check_finite=True):
    """Cholesky factorization of a Hermitian positive-definite band matrix.

    Parameters
    ----------
    ab : array_like
        Band storage of the upper (or, with `lower`, lower) triangle, shape
        ``(..., k + 1, M)``, as in `solveh_banded`.
    overwrite_ab : bool, optional
        Accepted for SciPy compatibility; `ab` is never overwritten.
    lower : bool, optional
        `ab` holds the lower triangle (default False).
    check_finite : bool, optional
        Raise ValueError if `ab` holds NaN or an infinity (default True).

    Returns
    -------
    c : ndarray
        The factor (``U`` with ``a = U^H U``, or ``L`` with ``a = L L^H``)
        in the same band storage; the storage's unused corners keep `ab`'s
        values, as LAPACK's pbtrf leaves them.

    Raises
    ------
    numpy.linalg.LinAlgError
        "k-th leading minor not positive definite".
    ValueError
        If `check_finite` finds a NaN or an infinity.

    Notes
    -----
    The dense Cholesky factorization (Note [Banded matrices through dense
    factorizations]), its band gathered back; the factor of a band matrix
    has the same band. The info is read back.

    See Also
    --------
    cho_solve_banded, solveh_banded

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import cholesky_banded
    >>> ab = xp.array([[0., 1., 1.], [4., 5., 6.]])
    >>> cholesky_banded(ab).round(6)
    array([[0.      , 0.5     , 0.458831],
           [2.      , 2.179449, 2.406133]])
    >>> cholesky_banded(ab, lower=False).shape
    (2, 3)
    """
    ab = validated(ab, check_finite=check_finite)
    dtype = blas_dtype(ab.dtype)
    if ab.size == 0:
        return empty(ab.shape, dtype=dtype)
    k, m = ab.shape[-2] - 1, ab.shape[-1]
    lower = bool(lower)
    c, info = potrf_factor(_hermitian_from_band(ab, lower, dtype), lower, dtype)
    _check_factor(info, "{}-th leading minor not positive definite")
    factor = tril(c) if lower else triu(c)
    rows, cols, band = _band_positions(m, k if lower else 0, 0 if lower else k)
    out = ab.astype(dtype, order="C", copy=True)
    out[..., band, cols] = factor[..., rows, cols]
    return out


def cho_solve_banded(cb_and_lower, b, overwrite_b=False, check_finite=True):
    """Solve ``A x = b`` given the banded Cholesky factor of `A`.

    Parameters
    ----------
    cb_and_lower : tuple
        ``(cb, lower)``: the factor from `cholesky_banded` and whether it is
        the lower one.
    b : array_like
        Right-hand sides, shape ``(M,)`` or ``(..., M, K)``.
    overwrite_b : bool, optional
        Accepted for SciPy compatibility; `b` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `cb` or `b` holds NaN or an infinity (default
        True).

    Returns
    -------
    x : ndarray
        The solutions, of `b`'s shape.

    Raises
    ------
    ValueError
        If the shapes do not match, or `check_finite` finds a NaN or an
        infinity.

    Notes
    -----
    The factor is unpacked to dense triangles and applied by two
    triangular solves (Note [Triangular solves through getrs]).

    See Also
    --------
    cholesky_banded, solveh_banded

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import cholesky_banded, cho_solve_banded
    >>> ab = xp.array([[0., 1., 1.], [4., 5., 6.]])
    >>> x = cho_solve_banded((cholesky_banded(ab), False), xp.array([1., 2., 3.]))
    >>> x.round(6)
    array([0.181818, 0.272727, 0.454545])
    >>> cho_solve_banded((cholesky_banded(ab), False), xp.ones((3, 2))).shape
    (3, 2)
    """
    cb, lower = cb_and_lower
    cb, b = validated(cb, b, check_finite=check_finite)
    bm, vector = _rhs(cb, b, "shapes of cb and b are not compatible.")
    dtype = blas_dtype(cb.dtype, b.dtype)
    k = cb.shape[-2] - 1
    lower = bool(lower)
    if bm.size == 0:
        batch = tuple(numpy.broadcast_shapes(cb.shape[:-2], bm.shape[:-2]))
        x = empty(batch + bm.shape[-2:], dtype=dtype)
    else:
        triangle = band_to_dense(cb, k, 0, dtype) if lower else band_to_dense(cb, 0, k, dtype)
        x = cholesky_solve(triangle, lower, bm, dtype)
    return x[..., 0] if vector else x
