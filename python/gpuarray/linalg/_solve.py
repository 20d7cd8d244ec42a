# SPDX-License-Identifier: BSD-3-Clause
"""LU-based routines: solve, inv, det, slogdet; and cholesky."""
from collections import namedtuple

import numpy

from gpuarray._creation import asarray, ascontiguousarray, empty, empty_like, ones
from gpuarray._index_tricks import diagonal
from gpuarray._manipulation import broadcast_to
from gpuarray._matrices import eye, tril, triu
from gpuarray._ranges import arange
from gpuarray._searching import where
from gpuarray._ufuncs import absolute, log, sign
from gpuarray.linalg import _nonfinite as nonfinite
from gpuarray.linalg import _row_swaps as row_swaps
from gpuarray.linalg import _small_inverse as small_inverse
from gpuarray.linalg._lapack import (BATCHED_LU_MAX_SIDE, batch_size, check_stack, column_major, int_array,
                                     lapack_dtype, libs, raise_on_info, real_dtype)

SlogdetResult = namedtuple("SlogdetResult", ["sign", "logabsdet"])


def _lu(lu, n, nbatch):
    """LU of the (nbatch, n, n) buffer in place: (1-based pivots, info,
    whether cuBLAS's batched LU ran, whose pivots are int32)."""
    info = empty(max(nbatch, 1), dtype=numpy.int32)  # every LU routine writes it
    if nbatch > 1 and n <= BATCHED_LU_MAX_SIDE:
        pivots = empty((nbatch, n), dtype=numpy.int32)
        libs().getrf_batched(lu.dtype.char, n, lu.data.ptr, pivots.data.ptr, info.data.ptr, nbatch)
        return pivots, info, True
    pivots = empty((nbatch, n), dtype=numpy.int64)
    libs().getrf(lu.dtype.char, n, lu.data.ptr, pivots.data.ptr, info.data.ptr, nbatch)
    return pivots, info, False


def solve(a, b):
    """x with a @ x == b; b is a vector only when 1-D (NumPy 2's rule)."""
    a, b = asarray(a), asarray(b)
    check_stack(a)
    dtype = lapack_dtype(numpy.result_type(a.dtype, b.dtype))
    n = a.shape[-1]
    vector = b.ndim == 1
    bm = b[:, None] if vector else b
    if bm.shape[-2] != n:
        raise ValueError(f"solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                         f"(m,m),(m,n)->(m,n) (size {bm.shape[-2]} is different from {n})")
    batch = tuple(numpy.broadcast_shapes(a.shape[:-2], bm.shape[:-2]))
    a = broadcast_to(a, batch + (n, n))
    bm = broadcast_to(bm, batch + bm.shape[-2:])
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
            solve_info = empty(nbatch, dtype=numpy.int32)  # getrs writes only argument errors here
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
    a = asarray(a)
    check_stack(a)
    dtype = lapack_dtype(a.dtype)
    n, nbatch = a.shape[-1], batch_size(a)
    if a.size == 0:
        return a.astype(dtype, order="C", copy=True), None
    bad = nonfinite.bad_matrices(a)
    if small_inverse.fits(n, dtype):  # the kernel's own pivoting meets non-finite values safely
        source = ascontiguousarray(a.astype(dtype, copy=False))  # the kernel leaves it as it is
        result, info = empty(a.shape, dtype=dtype), empty(nbatch, dtype=numpy.int32)
        small_inverse.invert(source, result, info, n, nbatch)
    elif nbatch > 1 and n <= BATCHED_LU_MAX_SIDE:
        lu = nonfinite.zero_bad(a, bad, dtype)
        result = empty_like(lu)
        pivots = empty((nbatch, n), dtype=numpy.int32)
        info = empty(nbatch, dtype=numpy.int32)
        libs().inverse_batched(dtype.char, n, lu.data.ptr, pivots.data.ptr, result.data.ptr, info.data.ptr, nbatch)
    else:
        lu = nonfinite.zero_bad(a, bad, dtype)
        pivots, info, _ = _lu(lu, n, nbatch)
        result = broadcast_to(eye(n, dtype=dtype), lu.shape).copy()
        solve_info = int_array(nbatch)  # getrs reports only bad arguments; getrf's info stays
        libs().getrs(dtype.char, False, n, n, lu.data.ptr, pivots.data.ptr, result.data.ptr, solve_info.data.ptr,
                     nbatch)
    nonfinite.write_nan(bad, result)
    return result, nonfinite.clear_info(info, bad)


def _lu_diagonal(a):
    """(diagonal of U, pivot parity sign) for each matrix; det(a^T) = det(a)
    lets the C-order copy stand for the column-major one."""
    a = asarray(a)
    check_stack(a)
    dtype = lapack_dtype(a.dtype)
    n, nbatch = a.shape[-1], batch_size(a)
    if n == 0:
        return ones(a.shape[:-2] + (0,), dtype=dtype), ones(a.shape[:-2], dtype=dtype)
    bad = nonfinite.bad_matrices(a)
    lu = nonfinite.zero_bad(a, bad, dtype)
    pivots, _, _ = _lu(lu.reshape(nbatch, n, n), n, nbatch)
    swaps = (pivots != arange(1, n + 1, dtype=pivots.dtype)).sum(axis=-1).reshape(a.shape[:-2])
    parity = 1 - 2 * (swaps % 2)
    diag = diagonal(lu, 0, -2, -1).copy()  # the view is read-only
    nonfinite.write_nan(bad, diag)  # NaN det, and NaN sign and logabsdet
    return diag, parity.astype(dtype)


def det(a):
    diag, parity = _lu_diagonal(a)
    return diag.prod(axis=-1) * parity


def slogdet(a):
    diag, parity = _lu_diagonal(a)
    absdiag = absolute(diag)
    logabsdet = log(absdiag).sum(axis=-1)
    if diag.dtype.kind == "c":
        unit = where(absdiag == 0, 0, diag / where(absdiag == 0, 1, absdiag))
        signs = unit.prod(axis=-1) * parity
    else:
        signs = sign(diag).prod(axis=-1) * parity
    return SlogdetResult(signs, logabsdet.astype(real_dtype(diag.dtype), copy=False))


def cholesky(a, /, *, upper=False):
    """L with a = L @ L^H (or U with a = U^H @ U when upper)."""
    a = asarray(a)
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
    return triu(buf.mT) if upper else tril(buf.mT)
