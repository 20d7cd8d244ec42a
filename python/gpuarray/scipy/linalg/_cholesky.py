# SPDX-License-Identifier: BSD-3-Clause
"""Cholesky factorization and solves: cholesky, cho_factor, cho_solve."""
import numpy
from numpy.linalg import LinAlgError

from gpuarray._array_creation.from_shape import empty
from gpuarray._matrix_building.matrices import tril, triu
from gpuarray.linalg._lapack import libs
from gpuarray.scipy.linalg import _lu_core
from gpuarray.scipy.linalg._triangular import effective_triangle, solve_with_triangle
from gpuarray.scipy.linalg._validation import (batch_size, blas_dtype, clear_flagged, fill_nan, validated,
                                              without_nonfinite)

__all__ = ["cho_factor", "cho_solve", "cholesky"]


def potrf_factor(a, lower, dtype):
    """(factor buffer as a C view (..., n, n) whose `lower` triangle holds
    the Cholesky factor and whose other one holds a's entries, host info per
    matrix) by cuSOLVER's potrf; matrices holding NaN or an infinity are
    factored as zeros and come out NaN."""
    n, nbatch = a.shape[-1], batch_size(a.shape)
    clean, bad = without_nonfinite(a, dtype)
    buf = _lu_core.column_major(clean, dtype)
    info = empty(max(nbatch, 1), dtype=numpy.int32)
    libs().potrf(dtype.char, "L" if lower else "U", n, buf.data.ptr, info.data.ptr, nbatch)
    c = buf.mT
    fill_nan(bad, c)
    return c, clear_flagged(info, bad).get()[:nbatch]


def _factor(a, lower, check_finite):
    a = validated(a, check_finite=check_finite)
    if a.ndim < 2:  # SciPy's atleast_2d
        a = a.reshape((1,) * (2 - a.ndim) + a.shape)
    if a.shape[-1] != a.shape[-2]:
        raise ValueError(f"Expected a square matrix or batch thereof, got a1.shape={a.shape}")
    dtype = blas_dtype(a.dtype)
    if a.size == 0:
        return empty(a.shape, dtype=dtype)
    c, info = potrf_factor(a, lower, dtype)
    slices = numpy.flatnonzero(info)
    if slices.size:
        # SciPy 1.18's report: potrf's info and the flat index of each failed matrix.
        raise LinAlgError(f"Internal potrf return info = {[int(i) for i in info[slices]]} "
                          f"for slices {[int(k) for k in slices]}.")
    return c


def cholesky(a, lower=False, overwrite_a=False, check_finite=True):
    """Compute the Cholesky decomposition of a matrix, or of each matrix of a stack.

    Returns `U` with ``a = U^H @ U`` (or `L` with ``a = L @ L^H``) for
    Hermitian positive-definite `a`.

    Parameters
    ----------
    a : array_like
        Hermitian (symmetric if real) positive-definite matrices, shape
        ``(..., M, M)``; only the triangle `lower` names is read.
    lower : bool, optional
        Return the lower-triangular factor (default False: the upper one).
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `a` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `a` holds NaN or an infinity (default True).

    Returns
    -------
    c : ndarray
        The triangular factors, of `a`'s shape, the other triangle zero; in
        the LAPACK dtype of `a` (SciPy's rule).

    Raises
    ------
    numpy.linalg.LinAlgError
        "Internal potrf return info = [k, ...] for slices [i, ...].", naming
        every matrix of the stack that is not positive definite (SciPy 1.18's
        text).
    ValueError
        If the matrices are not square, or `check_finite` finds a NaN or an
        infinity.

    Notes
    -----
    cuSOLVER's ``potrf`` per matrix; the info of each is read back to the
    host, so the call waits for the device. With ``check_finite=False`` a
    matrix holding NaN or an infinity gives an all-NaN factor.

    See Also
    --------
    cho_factor, cho_solve, gpuarray.linalg.cholesky

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import cholesky
    >>> a = xp.array([[4., 2.], [2., 3.]])
    >>> u = cholesky(a)
    >>> u.round(6)
    array([[2.      , 1.      ],
           [0.      , 1.414214]])
    >>> xp.allclose(cholesky(a, lower=True) @ u, a)
    True
    """
    c = _factor(a, lower, check_finite)
    return tril(c) if lower else triu(c)


def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    """Compute the Cholesky factorization of a matrix, for use in `cho_solve`.

    Parameters
    ----------
    a : array_like
        Hermitian positive-definite matrices, shape ``(..., M, M)``; only
        the triangle `lower` names is read.
    lower : bool, optional
        Factor into the lower triangle (default False: the upper one).
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `a` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `a` holds NaN or an infinity (default True).

    Returns
    -------
    c : ndarray
        The factor in the triangle `lower` names; the other triangle holds
        `a`'s entries (SciPy: "arbitrary data").
    lower : bool
        The `lower` argument, for `cho_solve`.

    Raises
    ------
    numpy.linalg.LinAlgError
        "Internal potrf return info = [k, ...] for slices [i, ...]." (SciPy
        1.18's text).
    ValueError
        If the matrices are not square, or `check_finite` finds a NaN or an
        infinity.

    Notes
    -----
    cuSOLVER's ``potrf``; its info is read back, so the call waits for the
    device.

    See Also
    --------
    cho_solve, cholesky

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import cho_factor
    >>> c, low = cho_factor(xp.array([[4., 2.], [2., 3.]]))
    >>> low
    False
    >>> c[0].round(6)
    array([2., 1.])
    """
    return _factor(a, lower, check_finite), lower


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    """Solve ``A x = b`` given the Cholesky factorization of `A`.

    Parameters
    ----------
    c_and_lower : tuple
        ``(c, lower)`` as `cho_factor` returns them; `c` of shape
        ``(..., M, M)``, only its triangle `lower` names is read.
    b : array_like
        Right-hand sides, shape ``(M,)`` or ``(..., M, K)``; batch axes
        broadcast against those of `c`.
    overwrite_b : bool, optional
        Accepted for SciPy compatibility; `b` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `c` or `b` holds NaN or an infinity (default
        True).

    Returns
    -------
    x : ndarray
        The solutions, of `b`'s shape with the broadcast batch axes.

    Raises
    ------
    ValueError
        If `c` is not square, the shapes do not match, or `check_finite`
        finds a NaN or an infinity.

    Notes
    -----
    Two triangular solves with the factor (``L`` then ``L^H``, or ``U^H``
    then ``U``), each on cuSOLVER's ``getrs`` with an identity factor (Note
    [Triangular solves through getrs]); nothing is read back. A ``potrs``
    binding would do the same work in half the passes.

    See Also
    --------
    cho_factor, solve

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import cho_factor, cho_solve
    >>> a = xp.array([[9., 3., 1., 5.], [3., 7., 5., 1.], [1., 5., 9., 2.], [5., 1., 2., 6.]])
    >>> x = cho_solve(cho_factor(a), xp.ones(4))
    >>> xp.allclose(a @ x, 1)
    True
    >>> cho_solve(cho_factor(a, lower=True), xp.ones((4, 2))).shape
    (4, 2)
    """
    c, lower = c_and_lower
    c, b = validated(c, b, check_finite=check_finite)
    if c.ndim < 2 or c.shape[-1] != c.shape[-2]:
        raise ValueError("The factored matrix c is not square.")
    n = c.shape[-1]
    vector = b.ndim == 1
    bm = b[:, None] if vector else b
    if bm.ndim < 2 or bm.shape[-2] != n:
        raise ValueError(f"incompatible dimensions ({c.shape[-2:]} and {b.shape if vector else b.shape[-2:]})")
    dtype = blas_dtype(c.dtype, b.dtype)
    x = cholesky_solve(c, bool(lower), bm, dtype)
    return x[..., 0] if vector else x


def cholesky_solve(c, lower, b, dtype):
    """x with (L L^H) x = b or (U^H U) x = b, b of shape (..., n, k)."""
    if b.size == 0 or c.shape[-1] == 0:
        batch = tuple(numpy.broadcast_shapes(c.shape[:-2], b.shape[:-2]))
        return empty(batch + b.shape[-2:], dtype=dtype)
    first, first_lower = effective_triangle(c, 0 if lower else 2, lower)
    second, second_lower = effective_triangle(c, 2 if lower else 0, lower)
    y = solve_with_triangle(first, first_lower, False, b, dtype)
    return solve_with_triangle(second, second_lower, False, y, dtype)
