# SPDX-License-Identifier: BSD-3-Clause
"""Inverses of small matrices through the one-block-per-matrix Gauss-Jordan
kernel of gpuarray/small_inverse.cuh: for sides up to 64 it beats cuBLAS's
batched LU + inverse (two launches, per-column steps) by several times, and a
single small matrix skips cuSOLVER's getrf + getrs as well."""
import numpy

from gpuarray import _core
from gpuarray.linalg._lapack import SHARED_MEMORY_LIMIT

__all__ = ["fits", "invert"]

_MAX_SIDE = 64  # ga::small_inverse::kMaxSide
_BLOCK = (32, 8)  # (kWarp, kRowsPerPass)
_MAX_GRID = 1 << 20  # the kernel loops over matrices beyond this many blocks


def shared_bytes(n, itemsize):
    """ga::small_inverse::shared_bytes: the padded matrix and three scratch rows."""
    return (n * (n + 1) + 3 * n) * itemsize


def fits(n, dtype):
    """Whether the kernel takes side-n matrices of `dtype` (a LAPACK dtype)."""
    return 0 < n <= _MAX_SIDE and shared_bytes(n, numpy.dtype(dtype).itemsize) <= SHARED_MEMORY_LIMIT


def invert(a, out, info, n, nbatch):
    """out[b] = inv(a[b]) and info[b] (LAPACK's getrf info) for C-contiguous
    (nbatch, n, n) stacks `a` and `out` of one LAPACK dtype with fits(n)."""
    kernel = _core._device_template_kernel("small_inverse", [a.dtype.name])
    kernel(min(nbatch, _MAX_GRID), _BLOCK, (a, out, info, numpy.int32(n), numpy.int64(nbatch)),
           shared_mem=shared_bytes(n, a.itemsize))
