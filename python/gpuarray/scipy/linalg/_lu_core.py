# SPDX-License-Identifier: BSD-3-Clause
"""The cuSOLVER/cuBLAS LU calls over stacks of column-major buffers, shared by
lu, lu_factor, lu_solve, solve, inv, det and the triangular solves.

A buffer is a C-contiguous array of shape (..., n, n) whose matrices, read
column-major as cuSOLVER reads them, are the factored ones: ``a.mT`` copied
in C order holds `a` (column_major), a plain C-order copy holds ``a.T``.
Pivots are LAPACK's, 1-based; int32 from cuBLAS's batched LU (a stack of
sides up to BATCHED_LU_MAX_SIDE, one launch), int64 from cuSOLVER's getrf
(one call per matrix)."""
import numpy

from gpuarray._array_creation.from_shape import empty
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._matrix_building.matrices import eye
from gpuarray.linalg._lapack import BATCHED_LU_MAX_SIDE, libs

__all__ = []


def column_major(a, dtype):
    """A new C-contiguous array whose matrices, read column-major, are a's."""
    return a.mT.astype(dtype, order="C", copy=True)


def uses_batched_lu(n, nbatch):
    return nbatch > 1 and n <= BATCHED_LU_MAX_SIDE


def factor(buf, n, nbatch, lapack_pivots=False):
    """LU with partial pivoting of the (nbatch, n, n) buffer in place:
    (pivots, info), info one int32 per matrix (k > 0: U[k-1, k-1] is exactly
    zero).

    Note [Complex pivots]: LAPACK's getrf, and cuSOLVER's, pick the pivot of
    largest |Re| + |Im|; cuBLAS's batched LU picks another one on complex
    columns (H100, 2026-11-27: 6 of 75 entries of P differ from SciPy's on
    5 x 5 complex128 stacks). The factorization is as good, but lu and
    lu_factor return their pivots, so with `lapack_pivots` a complex stack is
    factored one matrix at a time by cuSOLVER."""
    info = empty(max(nbatch, 1), dtype=numpy.int32)
    if uses_batched_lu(n, nbatch) and not (lapack_pivots and buf.dtype.kind == "c"):
        pivots = empty(buf.shape[:-1], dtype=numpy.int32)
        libs().getrf_batched(buf.dtype.char, n, buf.data.ptr, pivots.data.ptr, info.data.ptr, nbatch)
    else:
        pivots = empty(buf.shape[:-1], dtype=numpy.int64)
        libs().getrf(buf.dtype.char, n, buf.data.ptr, pivots.data.ptr, info.data.ptr, nbatch)
    return pivots, info


def solve_factored(lu, pivots, x, transpose, n, nbatch):
    """x <- F^-1 x (or F^-T x), F = P L U held by the LU buffer `lu` and
    `pivots`; x is a C-contiguous (nbatch, nrhs, n) buffer, its matrices
    column-major n x nrhs. int32 pivots go to cuBLAS's getrsBatched (one
    launch), int64 ones to cuSOLVER's getrs (one call per matrix)."""
    nrhs = x.shape[-2]
    if x.size == 0 or n == 0:
        return x
    if pivots.dtype == numpy.int32:
        libs().getrs_batched(lu.dtype.char, transpose, n, nrhs, lu.data.ptr, pivots.data.ptr, x.data.ptr, nbatch)
    else:
        info = empty(max(nbatch, 1), dtype=numpy.int32)  # getrs reports argument errors only
        libs().getrs(lu.dtype.char, transpose, n, nrhs, lu.data.ptr, pivots.data.ptr, x.data.ptr, info.data.ptr,
                     nbatch)
    return x


def identity_pivots(batch, n, batched):
    """Pivots that swap nothing (1, 2, ..., n) for each matrix of `batch`,
    in the integer type of the getrs variant that `batched` picks."""
    dtype = numpy.int32 if batched else numpy.int64
    return broadcast_to(arange(1, n + 1, dtype=dtype), tuple(batch) + (n,)).copy()


def row_order(pivots, n, nbatch):
    """The rows of the factored matrices in the order the pivots leave them:
    perm with ``a[perm] = L @ U`` for each matrix, int64, shape of pivots.
    Computed by applying the swaps to the column 0, 1, ..., n-1 through getrs
    with unit factors (P^T applied, then two solves with identity triangles,
    which are exact), so it stays on the device."""
    batch = pivots.shape[:-1]
    dtype = numpy.dtype(numpy.float64)  # holds every row index exactly
    unit = broadcast_to(eye(n, dtype=dtype), tuple(batch) + (n, n)).copy()
    x = broadcast_to(arange(n, dtype=dtype), tuple(batch) + (1, n)).copy()
    solve_factored(unit, pivots, x, False, n, nbatch)
    return x[..., 0, :].astype(numpy.int64)
