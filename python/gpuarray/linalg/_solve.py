# SPDX-License-Identifier: BSD-3-Clause
"""LU-based routines: solve, inv, det, slogdet; and cholesky."""
from collections import namedtuple

import numpy

from gpuarray.linalg import _nonfinite as nonfinite
from gpuarray.linalg import _row_swaps as row_swaps
from gpuarray.linalg import _small_inverse as small_inverse
from gpuarray.linalg._lapack import (BATCHED_LU_MAX_SIDE, batch_size, check_stack, column_major, int_array,
                                     lapack_dtype, libs, raise_on_info, real_dtype, xp)

SlogdetResult = namedtuple("SlogdetResult", ["sign", "logabsdet"])


def _lu(lu, n, nbatch):
    """LU of the (nbatch, n, n) buffer in place: (1-based pivots, info,
    whether cuBLAS's batched LU ran, whose pivots are int32)."""
    info = xp().empty(max(nbatch, 1), dtype=numpy.int32)  # every LU routine writes it
    if nbatch > 1 and n <= BATCHED_LU_MAX_SIDE:
        pivots = xp().empty((nbatch, n), dtype=numpy.int32)
        libs().getrf_batched(lu.dtype.char, n, lu.data.ptr, pivots.data.ptr, info.data.ptr, nbatch)
        return pivots, info, True
    pivots = xp().empty((nbatch, n), dtype=numpy.int64)
    libs().getrf(lu.dtype.char, n, lu.data.ptr, pivots.data.ptr, info.data.ptr, nbatch)
    return pivots, info, False


def solve(a, b):
    """x with a @ x == b; b is a vector only when 1-D (NumPy 2's rule)."""
    g = xp()
    a, b = g.asarray(a), g.asarray(b)
    check_stack(a)
    dtype = lapack_dtype(numpy.result_type(a.dtype, b.dtype))
    n = a.shape[-1]
    vector = b.ndim == 1
    bm = b[:, None] if vector else b
    if bm.shape[-2] != n:
        raise ValueError(f"solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                         f"(m,m),(m,n)->(m,n) (size {bm.shape[-2]} is different from {n})")
    batch = tuple(numpy.broadcast_shapes(a.shape[:-2], bm.shape[:-2]))
    a = g.broadcast_to(a, batch + (n, n))
    bm = g.broadcast_to(bm, batch + bm.shape[-2:])
    nbatch = batch_size(a)
    nrhs = bm.shape[-1]
    x = column_major(bm, dtype)
    if a.size and x.size:
        # The C-order copy holds a^T in column-major order: factor that and solve
        # with its transpose, which spares the transposing copy of a.
        bad = nonfinite.bad_matrices(a)
        lu = nonfinite.zero_bad(a, bad, dtype)
        pivots, info, batched = _lu(lu, n, nbatch)
        # The solve is queued before getrf's info is read, so the GPU does not
        # idle through that read; a singular factor only spoils x, which is dropped.
        if batched:
            libs().getrs_batched(dtype.char, True, n, nrhs, lu.data.ptr, pivots.data.ptr, x.data.ptr, nbatch)
        elif nrhs == 1 and row_swaps.fits(n, dtype):
            _solve_vector(lu, pivots, x, n, nbatch)
        else:
            solve_info = xp().empty(nbatch, dtype=numpy.int32)  # getrs writes only argument errors here
            libs().getrs(dtype.char, True, n, nrhs, lu.data.ptr, pivots.data.ptr, x.data.ptr, solve_info.data.ptr,
                         nbatch)
        nonfinite.write_nan(bad, x)
        raise_on_info(nonfinite.clear_info(info, bad), "Singular matrix")
    x = x.mT
    return x[..., 0] if vector else x


def _solve_vector(lu, pivots, x, n, nbatch):
    """x = a^-1 x for one right-hand side, lu holding getrf's factors of a^T
    (P a^T = L U, so a = U^T L^T P): two of cuBLAS's triangular solves of one
    vector and the row swaps undone, about half of getrs's time for one vector
    (getrs runs general triangular solves of many columns)."""
    libs().trsv(lu.dtype.char, True, True, False, n, lu.data.ptr, x.data.ptr, nbatch)  # U^T y = x
    libs().trsv(lu.dtype.char, False, True, True, n, lu.data.ptr, x.data.ptr, nbatch)  # L^T z = y
    row_swaps.undo(x.reshape(nbatch, n), pivots, n, nbatch)  # x = P^T z


def inv(a):
    """Inverse of each matrix of the stack."""
    result, info = inverse_and_info(a)
    if info is not None:
        raise_on_info(info, "Singular matrix")
    return result


def inverse_and_info(a):
    """(inverses, LAPACK info per matrix, None for an empty stack) without
    raising: a singular matrix's inverse holds infinities or NaNs, a
    non-finite one's is NaN with info 0 (Note [Non-finite input]). Small
    sides go to the Gauss-Jordan kernel; larger ones to LU, where the C-order
    copy holds a^T in column-major order and inv(a^T) = inv(a)^T spares
    transposes."""
    g = xp()
    a = g.asarray(a)
    check_stack(a)
    dtype = lapack_dtype(a.dtype)
    n, nbatch = a.shape[-1], batch_size(a)
    if a.size == 0:
        return a.astype(dtype, order="C", copy=True), None
    bad = nonfinite.bad_matrices(a)
    if small_inverse.fits(n, dtype):  # the kernel's own pivoting meets non-finite values safely
        source = g.ascontiguousarray(a.astype(dtype, copy=False))  # the kernel leaves it as it is
        result, info = g.empty(a.shape, dtype=dtype), g.empty(nbatch, dtype=numpy.int32)
        small_inverse.invert(source, result, info, n, nbatch)
    elif nbatch > 1 and n <= BATCHED_LU_MAX_SIDE:
        lu = nonfinite.zero_bad(a, bad, dtype)
        result = g.empty_like(lu)
        pivots = g.empty((nbatch, n), dtype=numpy.int32)
        info = g.empty(nbatch, dtype=numpy.int32)
        libs().inverse_batched(dtype.char, n, lu.data.ptr, pivots.data.ptr, result.data.ptr, info.data.ptr, nbatch)
    else:
        lu = nonfinite.zero_bad(a, bad, dtype)
        pivots, info, _ = _lu(lu, n, nbatch)
        result = g.broadcast_to(g.eye(n, dtype=dtype), lu.shape).copy()
        solve_info = int_array(nbatch)  # getrs reports only bad arguments; getrf's info stays
        libs().getrs(dtype.char, False, n, n, lu.data.ptr, pivots.data.ptr, result.data.ptr, solve_info.data.ptr,
                     nbatch)
    nonfinite.write_nan(bad, result)
    return result, nonfinite.clear_info(info, bad)


def _lu_diagonal(a):
    """(diagonal of U, pivot parity sign) for each matrix; det(a^T) = det(a)
    lets the C-order copy stand for the column-major one."""
    g = xp()
    a = g.asarray(a)
    check_stack(a)
    dtype = lapack_dtype(a.dtype)
    n, nbatch = a.shape[-1], batch_size(a)
    if n == 0:
        return g.ones(a.shape[:-2] + (0,), dtype=dtype), g.ones(a.shape[:-2], dtype=dtype)
    bad = nonfinite.bad_matrices(a)
    lu = nonfinite.zero_bad(a, bad, dtype)
    pivots, _, _ = _lu(lu.reshape(nbatch, n, n), n, nbatch)
    swaps = (pivots != g.arange(1, n + 1, dtype=pivots.dtype)).sum(axis=-1).reshape(a.shape[:-2])
    parity = 1 - 2 * (swaps % 2)
    diagonal = g.diagonal(lu, 0, -2, -1).copy()  # the view is read-only
    nonfinite.write_nan(bad, diagonal)  # NaN det, and NaN sign and logabsdet
    return diagonal, parity.astype(dtype)


def det(a):
    diag, parity = _lu_diagonal(a)
    return diag.prod(axis=-1) * parity


def slogdet(a):
    g = xp()
    diag, parity = _lu_diagonal(a)
    absdiag = g.abs(diag)
    logabsdet = g.log(absdiag).sum(axis=-1)
    if diag.dtype.kind == "c":
        unit = g.where(absdiag == 0, 0, diag / g.where(absdiag == 0, 1, absdiag))
        sign = unit.prod(axis=-1) * parity
    else:
        sign = g.sign(diag).prod(axis=-1) * parity
    return SlogdetResult(sign, logabsdet.astype(real_dtype(diag.dtype), copy=False))


def cholesky(a, /, *, upper=False):
    """L with a = L @ L^H (or U with a = U^H @ U when upper)."""
    g = xp()
    a = g.asarray(a)
    check_stack(a)
    dtype = lapack_dtype(a.dtype)
    uplo = "U" if upper else "L"
    if a.size == 0:
        buf = column_major(a, dtype)
    else:
        # potrf reads one triangle: values in the other do not flag a matrix, as in NumPy.
        bad = nonfinite.bad_matrices(a, uplo)
        buf = nonfinite.zero_bad(a.mT, bad, dtype)  # a in column-major order
        info = int_array(batch_size(a))
        libs().potrf(dtype.char, uplo, a.shape[-1], buf.data.ptr, info.data.ptr, batch_size(a))
        nonfinite.write_nan(bad, buf)
        raise_on_info(nonfinite.clear_info(info, bad), "Matrix is not positive definite")
    return g.triu(buf.mT) if upper else g.tril(buf.mT)
