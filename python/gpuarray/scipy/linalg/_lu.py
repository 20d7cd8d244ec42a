# SPDX-License-Identifier: BSD-3-Clause
"""LU decomposition with partial pivoting: lu, lu_factor, lu_solve.

Note [Rectangular LU]
The getrf binding factors square matrices. A wide M x N matrix (M < N)
factors its left M x M block A1 = P L U1, then U2 = L^-1 P^T A2 by getrs
with L and an identity U (Note [Triangular solves through getrs]): what
LAPACK's blocked getrf computes for those columns. A tall one (M > N) is
padded with M - N zero columns: its first N steps are A's own (the pivot of
column k is chosen from column k alone, and the zero columns stay zero), the
later ones meet all-zero columns. If cuSOLVER swaps rows in those steps, the
rows of L below N are reordered back so that the first N pivots describe
the factors (row_order applied twice, one gather): this costs an M x M
buffer, where a getrf binding taking M and N would not."""
import warnings

import numpy

from gpuarray._array_creation.from_shape import empty, ones, zeros
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._array_manipulation.joining import concatenate
from gpuarray._index_routines.indexing import take_along_axis
from gpuarray._matrix_building.matrices import eye, tril, triu
from gpuarray._sorting_searching.sorting import argsort
from gpuarray._ufunc.rounding import clip
from gpuarray._ufunc.ufuncs import conj
from gpuarray.scipy.linalg import _lu_core
from gpuarray.scipy.linalg._validation import (LinAlgWarning, batch_size, blas_dtype, clear_flagged, fill_nan,
                                              real_dtype, validated, without_nonfinite)

__all__ = ["lu", "lu_factor", "lu_solve"]


def factor_rectangular(a, dtype):
    """(lu (..., M, N) C-order view, pivots (..., K) 1-based, info (nbatch,),
    flags of non-finite matrices or None) of a stack of M x N matrices (Note
    [Rectangular LU])."""
    m, n = a.shape[-2:]
    batch, nbatch = a.shape[:-2], batch_size(a.shape)
    clean, bad = without_nonfinite(a, dtype)
    if m == n:
        buf = _lu_core.column_major(clean, dtype)
        pivots, info = _lu_core.factor(buf, n, nbatch, lapack_pivots=True)
        return buf.mT, pivots, info, bad
    if m < n:
        buf = _lu_core.column_major(clean[..., :m], dtype)
        pivots, info = _lu_core.factor(buf, m, nbatch, lapack_pivots=True)
        unit_lower = tril(buf.mT, -1) + eye(m, dtype=dtype)
        right = _lu_core.column_major(clean[..., m:], dtype)  # (..., n - m, m): A2 column-major
        _lu_core.solve_factored(_lu_core.column_major(unit_lower, dtype), pivots, right, False, m, nbatch)
        return concatenate([buf.mT, right.mT], axis=-1), pivots, info, bad
    padded = zeros(batch + (m, m), dtype=dtype)
    padded[..., :n] = clean
    buf = _lu_core.column_major(padded, dtype)
    pivots, info = _lu_core.factor(buf, m, nbatch, lapack_pivots=True)
    lu = buf.mT[..., :n]
    # The first n swaps alone: rows of L past n go where those swaps leave them.
    first = pivots.copy()
    first[..., n:] = arange(n + 1, m + 1, dtype=pivots.dtype)
    every_swap = _lu_core.row_order(pivots, m, nbatch)
    first_swaps = _lu_core.row_order(first, m, nbatch)
    position = argsort(every_swap, axis=-1)  # row r of a is row position[r] of L
    rows = take_along_axis(position, first_swaps, axis=-1)
    lu = take_along_axis(lu, broadcast_to(rows[..., None], lu.shape), axis=-2)
    # A zero pivot found past column n is no singularity of a.
    info = info * (info <= n)
    return lu, pivots[..., :n].copy(), info, bad


def lu_factor(a, overwrite_a=False, check_finite=True):
    """Compute the pivoted LU decomposition of a matrix, or of each matrix of a stack.

    The decomposition is ``A = P L U`` with `P` a permutation, `L` lower
    triangular with unit diagonal and `U` upper triangular.

    Parameters
    ----------
    a : array_like
        Matrices to factor, shape ``(..., M, N)``; a vector is one column
        and a scalar a 1 x 1 matrix, as in SciPy (their factors come back
        in their own shape).
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `a` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `a` holds NaN or an infinity (default True).

    Returns
    -------
    lu : ndarray
        Shape ``(..., M, N)``: `U` in the upper triangle, `L` below it (its
        unit diagonal not stored), in the LAPACK dtype of `a` (float32 for
        bool, 8- and 16-bit integers and float16, float64 for wider integers).
    piv : ndarray
        int32, shape ``(..., K)``, ``K = min(M, N)``: row ``i`` was
        interchanged with row ``piv[i]`` (0-based).

    Warns
    -----
    LinAlgWarning
        "Diagonal number k is exactly zero. Singular matrix." for an exactly
        singular matrix, as SciPy.

    Raises
    ------
    ValueError
        If `check_finite` finds a NaN or an infinity.

    Notes
    -----
    cuSOLVER's ``getrf`` (cuBLAS's ``getrfBatched`` for a stack of sides up
    to 128). Rectangular matrices follow Note [Rectangular LU]. The info of
    each matrix is read back to the host to warn, so the call waits for
    the device. With ``check_finite=False`` a matrix holding NaN or an
    infinity gives an all-NaN `lu` (SciPy leaves the result to LAPACK).

    See Also
    --------
    lu_solve, lu

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import lu_factor
    >>> a = xp.array([[2., 5., 8., 7.], [5., 2., 2., 8.], [7., 5., 6., 6.], [5., 4., 4., 8.]])
    >>> lu, piv = lu_factor(a)
    >>> piv
    array([2, 2, 3, 3], dtype=int32)
    >>> lu[0]
    array([7., 5., 6., 6.])
    """
    a = validated(a, check_finite=check_finite)
    if a.ndim < 2:  # SciPy's getrf takes a vector as one column (a scalar as 1 x 1), its factors flat
        lu, piv = lu_factor(a.reshape(-1, 1), check_finite=False)
        return lu.reshape(a.shape), piv
    m, n = a.shape[-2:]
    if a.size == 0:
        return empty(a.shape, dtype=a.dtype), empty(a.shape[:-2] + (min(m, n),), dtype=numpy.int32)
    dtype = blas_dtype(a.dtype)
    lu, pivots, info, bad = factor_rectangular(a, dtype)
    lu = lu.copy()
    fill_nan(bad, lu)
    info = clear_flagged(info, bad).get()
    for k in info[:batch_size(a.shape)]:
        if k > 0:
            warnings.warn(f"Diagonal number {int(k)} is exactly zero. Singular matrix.", LinAlgWarning, stacklevel=2)
    return lu, (pivots - 1).astype(numpy.int32)


def lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True):
    """Solve ``a x = b`` given the LU factorization of `a` from `lu_factor`.

    Parameters
    ----------
    lu_and_piv : tuple
        ``(lu, piv)`` as `lu_factor` returns them: `lu` of shape
        ``(..., M, M)``, `piv` of shape ``(..., M)`` (0-based).
    b : array_like
        Right-hand sides, shape ``(M,)`` or ``(..., M, K)``; batch axes
        broadcast against those of `lu` and `piv`.
    trans : {0, 1, 2}, optional
        The system: ``a x = b`` (0), ``a^T x = b`` (1) or ``a^H x = b`` (2).
    overwrite_b : bool, optional
        Accepted for SciPy compatibility; `b` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `b` holds NaN or an infinity (default True);
        `lu` is not checked, as in SciPy.

    Returns
    -------
    x : ndarray
        The solutions, of `b`'s shape with the broadcast batch axes.

    Raises
    ------
    ValueError
        If the shapes of `lu` and `b` do not match, `trans` is not 0, 1 or
        2, or `check_finite` finds a NaN or an infinity.

    Notes
    -----
    cuSOLVER's ``getrs`` (cuBLAS's ``getrsBatched`` for a stack of sides up
    to 128); nothing is read back. ``a^H x = b`` is solved as
    ``conj(a^T conj(x)) = b``. Pivots outside ``[0, M)`` are clipped into
    range so that cuSOLVER never reads outside the matrix (SciPy's LAPACK
    then reads out of bounds).

    See Also
    --------
    lu_factor, solve

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import lu_factor, lu_solve
    >>> a = xp.array([[2., 5., 8., 7.], [5., 2., 2., 8.], [7., 5., 6., 6.], [5., 4., 4., 8.]])
    >>> x = lu_solve(lu_factor(a), xp.ones(4))
    >>> xp.allclose(a @ x, 1)
    True
    >>> xp.allclose(a.T @ lu_solve(lu_factor(a), xp.ones(4), trans=1), 1)
    True
    """
    lu, piv = lu_and_piv
    if trans not in (0, 1, 2) or isinstance(trans, float):
        raise ValueError(f"trans must be 0, 1 or 2, got {trans!r}")
    b = validated(b, check_finite=check_finite)
    lu, piv = validated(lu, piv, check_finite=False)
    if lu.ndim < 2 or lu.shape[-1] != lu.shape[-2]:
        raise ValueError(f"lu must be square, got shape {lu.shape}")
    n = lu.shape[-1]
    vector = b.ndim == 1
    bm = b[:, None] if vector else b
    if bm.ndim < 2 or bm.shape[-2] != n:
        raise ValueError(f"Shapes of lu {lu.shape[-2:]} and b {b.shape if vector else b.shape[-2:]} are incompatible")
    dtype = blas_dtype(lu.dtype, b.dtype)
    batch = tuple(numpy.broadcast_shapes(lu.shape[:-2], piv.shape[:-1], bm.shape[:-2]))
    if bm.size == 0 or n == 0:
        x = empty(batch + bm.shape[-2:], dtype=dtype)
        return x[..., 0] if vector else x
    nbatch = int(numpy.prod(batch, dtype=numpy.int64))
    batched = _lu_core.uses_batched_lu(n, nbatch)
    pivots = (clip(broadcast_to(piv, batch + (n,)), 0, n - 1) + 1).astype(numpy.int32 if batched else numpy.int64)
    buf = _lu_core.column_major(broadcast_to(lu, batch + (n, n)), dtype)
    complex_h = trans == 2 and dtype.kind == "c"
    rhs = broadcast_to(bm, batch + bm.shape[-2:])
    x = _lu_core.column_major(conj(rhs) if complex_h else rhs, dtype)
    _lu_core.solve_factored(buf, pivots, x, trans != 0, n, nbatch)
    x = conj(x.mT) if complex_h else x.mT
    return x[..., 0] if vector else x


def lu(a, permute_l=False, overwrite_a=False, check_finite=True, p_indices=False):
    """Compute the LU decomposition of a matrix with partial pivoting.

    The factors satisfy ``A = P @ L @ U`` with `P` a permutation matrix,
    `L` lower triangular (trapezoidal) with unit diagonal and `U` upper
    triangular (trapezoidal).

    Parameters
    ----------
    a : array_like
        Matrices to decompose, shape ``(..., M, N)``.
    permute_l : bool, optional
        Return ``P @ L`` in place of `P` and `L` (default False).
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `a` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `a` holds NaN or an infinity (default True).
    p_indices : bool, optional
        Return the permutation as row indices `p`, with ``A = L[p] @ U``,
        instead of a matrix (default False).

    Returns
    -------
    p : ndarray
        ``(..., M, M)`` permutation matrices in the real dtype matching `a`'s
        LAPACK dtype, or with `p_indices` int32 indices ``(..., M)``. Not
        returned with `permute_l`.
    l : ndarray
        ``(..., M, K)``, ``K = min(M, N)``; with `permute_l`, ``P @ L``.
    u : ndarray
        ``(..., K, N)``.

    Raises
    ------
    ValueError
        If `a` has fewer than two dimensions, or `check_finite` finds a NaN
        or an infinity.

    Notes
    -----
    cuSOLVER's ``getrf`` (cuBLAS's ``getrfBatched`` for a stack of sides up
    to 128; Note [Rectangular LU] for rectangular matrices). The row order
    comes from the pivots by one ``getrs`` with unit factors, so nothing is
    read back and the call does not wait for the device. With
    ``check_finite=False`` a matrix holding NaN or an infinity gives NaN
    factors.

    See Also
    --------
    lu_factor, lu_solve, qr

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import lu
    >>> a = xp.array([[2., 5., 8., 7.], [5., 2., 2., 8.], [7., 5., 6., 6.], [5., 4., 4., 8.]])
    >>> p, l, u = lu(a)
    >>> xp.allclose(p @ l @ u, a)
    True
    >>> p, _, _ = lu(a, p_indices=True)
    >>> p
    array([1, 3, 0, 2], dtype=int32)
    """
    a = validated(a, check_finite=check_finite)
    if a.ndim < 2:
        raise ValueError("The input array must be at least two-dimensional.")
    dtype = blas_dtype(a.dtype)
    batch, (m, n) = a.shape[:-2], a.shape[-2:]
    k = min(m, n)
    if min(a.shape) == 0:
        l_, u_ = empty(batch + (m, k), dtype=dtype), empty(batch + (k, n), dtype=dtype)
        if permute_l:
            return l_, u_
        p = empty(batch + (0,), dtype=numpy.int32) if p_indices else empty(batch + (0, 0), dtype=real_dtype(dtype))
        return p, l_, u_
    if (m, n) == (1, 1):  # SciPy's shortcut, and its dtypes
        u_ = a.astype(dtype, copy=True)
        if permute_l:
            return ones(u_.shape, dtype=dtype), u_
        p = zeros(batch + (1,), dtype=numpy.int64) if p_indices else ones(u_.shape, dtype=dtype)
        return p, ones(u_.shape, dtype=dtype), u_
    factors, pivots, _, bad = factor_rectangular(a, dtype)
    nbatch = batch_size(a.shape)
    l_ = tril(factors[..., :k], -1) + eye(m, k, dtype=dtype)
    u_ = triu(factors[..., :k, :])
    fill_nan(bad, l_, u_)
    full = pivots
    if pivots.shape[-1] < m:  # swaps past K exchange nothing
        full = concatenate([pivots, broadcast_to(arange(k + 1, m + 1, dtype=pivots.dtype), batch + (m - k,))], axis=-1)
    order = _lu_core.row_order(full, m, nbatch)  # a[order] = l @ u
    p = argsort(order, axis=-1)                   # a = l[p] @ u
    if permute_l:
        return take_along_axis(l_, broadcast_to(p[..., None], l_.shape), axis=-2), u_
    if p_indices:
        return p.astype(numpy.int32), l_, u_
    return (p[..., None] == arange(m)).astype(real_dtype(dtype)), l_, u_
