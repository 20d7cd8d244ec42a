# SPDX-License-Identifier: BSD-3-Clause
"""Triangular solves (solve_triangular) on cuSOLVER's getrs with unit factors.

Note [Triangular solves through getrs]
The bindings have no cuBLAS trsm (many right-hand sides) and trsv solves one
vector per call. getrs solves F x = b (or F^T x = b) with F = P L U given as
one column-major buffer: L unit lower (its strict lower part), U upper (the
rest). A triangular T becomes such a buffer with the other factor the
identity and no row swaps (pivots 1..n):
- T upper, not unit: L = I, U = T; getrs with F = T.
- T lower, unit: L = T, U = I; getrs with F = T.
- T lower, not unit: F = T^T (upper: L = I, U = T^T), solved transposed.
- T upper, unit: F = T^T (unit lower: L = T^T, U = I), solved transposed.
getrs then runs two triangular solves, one of them with the identity:
``x_i - 0 * x_j`` and ``/ 1`` change nothing, so x is what one trsm with T
would compute, at twice its work (two trsm passes instead of one). With an
infinity or NaN in b the identity pass turns ``0 * inf`` into NaN where
trsm would not; SciPy's check_finite (on by default) refuses such input.
A cuBLAS trsm binding would halve the cost."""
import numpy
from numpy.linalg import LinAlgError

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._index_routines.index_tricks import diagonal
from gpuarray._matrix_building.matrices import eye, tril, triu
from gpuarray._reduction.arg_extrema import argmax
from gpuarray._ufunc.ufuncs import conj
from gpuarray.scipy.linalg import _lu_core
from gpuarray.scipy.linalg._validation import blas_dtype, validated

__all__ = ["solve_triangular"]

_TRANS = {0: 0, 1: 1, 2: 2, "N": 0, "T": 1, "C": 2, "n": 0, "t": 1, "c": 2}


def trans_code(trans):
    """0, 1 or 2 for SciPy's trans argument (0/'N', 1/'T', 2/'C')."""
    try:
        return _TRANS[trans]
    except (KeyError, TypeError):
        raise ValueError(f"trans must be 0, 1, 2, 'N', 'T' or 'C', got {trans!r}") from None


def effective_triangle(a, trans, lower):
    """(E, E is lower) with op(T) = E, T the triangle `lower` names of `a`
    (its other entries ignored) and op by `trans` (0, 1 or 2)."""
    t = tril(a) if lower else triu(a)
    if trans == 0:
        return t, lower
    if trans == 2 and t.dtype.kind == "c":
        t = conj(t)
    return t.mT, not lower


def unit_factor_buffer(e, e_lower, unit_diagonal, dtype):
    """(getrs buffer, solve transposed) for E x = b, E triangular (Note
    [Triangular solves through getrs]); E has shape (..., n, n)."""
    n = e.shape[-1]
    if unit_diagonal:  # the diagonal is not read: the unit factor's ones stand for it
        f = e if e_lower else e.mT               # F lower: E, or E^T
        return _lu_core.column_major(tril(f, -1) + eye(n, dtype=dtype), dtype), not e_lower
    f = e if not e_lower else e.mT               # F upper: E, or E^T
    return _lu_core.column_major(triu(f), dtype), e_lower


def solve_with_triangle(e, e_lower, unit_diagonal, b, dtype):
    """x with E x = b for triangular E (..., n, n) and b (..., n, k), batch
    axes broadcast; dtype the LAPACK dtype. A single E with a batch of b
    solves the batch as one set of columns."""
    n = e.shape[-1]
    if e.ndim == 2 and b.ndim > 2:
        batch, k = b.shape[:-2], b.shape[-1]
        columns = b.astype(dtype, copy=False).reshape((-1, n, k)).transpose(1, 0, 2).reshape(n, -1)
        x = solve_with_triangle(e, e_lower, unit_diagonal, columns, dtype)
        return x.reshape(n, -1, k).transpose(1, 0, 2).reshape(batch + (n, k))
    batch = tuple(numpy.broadcast_shapes(e.shape[:-2], b.shape[:-2]))
    e = broadcast_to(e, batch + (n, n))
    b = broadcast_to(b, batch + b.shape[-2:])
    nbatch = int(numpy.prod(batch, dtype=numpy.int64))
    x = _lu_core.column_major(b, dtype)
    if x.size == 0:
        return x.mT
    buf, transposed = unit_factor_buffer(e, e_lower, unit_diagonal, dtype)
    batched = _lu_core.uses_batched_lu(n, nbatch)
    pivots = _lu_core.identity_pivots(batch, n, batched)
    _lu_core.solve_factored(buf, pivots, x, transposed, n, nbatch)
    return x.mT


def first_zero_on_diagonal(a):
    """Host int array over the batch of `a`: the index of the first exact
    zero on each matrix's diagonal, -1 where there is none (one read)."""
    zero = diagonal(a, 0, -2, -1) == 0
    first = argmax(zero.astype(numpy.int8), axis=-1)
    found = zero.any(axis=-1)
    first, found = first.get(), found.get()
    return numpy.where(found, first, -1)


def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False, check_finite=True):
    """Solve ``a @ x = b`` for `x`, with `a` triangular.

    Parameters
    ----------
    a : array_like
        Triangular matrices, shape ``(..., M, M)``; only the triangle that
        `lower` names is read.
    b : array_like
        Right-hand sides, shape ``(M,)`` or ``(..., M, N)``; the batch axes
        of `a` and `b` broadcast (SciPy's batch rule: `b` is a vector only
        when it is 1-D).
    trans : {0, 1, 2, 'N', 'T', 'C'}, optional
        The system: ``a x = b`` (0, 'N', the default), ``a^T x = b`` (1,
        'T') or ``a^H x = b`` (2, 'C').
    lower : bool, optional
        Read the lower triangle of `a` (default False: the upper one).
    unit_diagonal : bool, optional
        Take the diagonal of `a` as ones; it is not read.
    overwrite_b : bool, optional
        Accepted for SciPy compatibility; `b` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `a` or `b` holds NaN or an infinity (default
        True). That check reads one flag back to the host.

    Returns
    -------
    x : ndarray
        The solutions, of `b`'s shape (with broadcast batch axes), in the
        LAPACK dtype of `a` and `b` (SciPy's rule: bool, 8- and 16-bit
        integers and float16 give float32, wider integers float64).

    Raises
    ------
    numpy.linalg.LinAlgError
        "singular matrix: resolution failed at diagonal i" when a diagonal
        entry is exactly zero (not with `unit_diagonal`); for a batch, the
        first such matrix names its position.
    ValueError
        If `a` is not square, the shapes of `a` and `b` do not match, `trans`
        is not one of the values above, or `check_finite` finds a NaN or an
        infinity.

    Notes
    -----
    The solve runs on cuSOLVER's ``getrs`` (cuBLAS's ``getrsBatched`` for a
    stack of sides up to 128) with the other LU factor the identity (Note
    [Triangular solves through getrs]): the result is that of a triangular
    solve, at twice the work of cuBLAS's ``trsm``, which the bindings lack.
    The zero-diagonal check reads one int per matrix back to the host, so
    the call waits for the device unless `unit_diagonal` is set. SciPy
    treats any `trans` other than 0, 'N', 2 and 'C' like 'T'; here they are
    refused. An empty batch gives an empty result (SciPy raises).

    See Also
    --------
    solve, lu_solve, cho_solve

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import solve_triangular
    >>> a = xp.array([[3., 0., 0.], [2., 1., 0.], [1., 0., 1.]])
    >>> solve_triangular(a, xp.array([3., 4., 2.]), lower=True)
    array([1., 2., 1.])
    >>> solve_triangular(a, xp.array([6., 1., 1.]), lower=True, trans='T')
    array([1., 1., 1.])
    """
    code = trans_code(trans)
    a, b = validated(a, b, check_finite=check_finite)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError("expected square matrix")
    vector = b.ndim == 1
    bm = b[:, None] if vector else b
    if bm.ndim < 2 or bm.shape[-2] != a.shape[-1]:
        raise ValueError(f"shapes of a {a.shape[-2:]} and b {b.shape if vector else b.shape[-2:]} are incompatible")
    dtype = blas_dtype(a.dtype, b.dtype)
    if not unit_diagonal and a.size:
        first = first_zero_on_diagonal(a)
        if (first >= 0).any():
            raise LinAlgError(f"singular matrix: resolution failed at diagonal {int(first[first >= 0].flat[0])}")
    e, e_lower = effective_triangle(asarray(a), code, lower)
    x = solve_with_triangle(e, e_lower, unit_diagonal, bm, dtype)
    return x[..., 0] if vector else x
