# SPDX-License-Identifier: BSD-3-Clause
"""x = P^T x for getrf's pivots through gpuarray/row_swaps.cuh: the last step
of a one-vector solve, after cuBLAS's two triangular solves."""
import numpy

from gpuarray import _core
from gpuarray.linalg._lapack import SHARED_MEMORY_LIMIT

__all__ = ["fits", "undo"]

_THREADS = 256
_MAX_GRID = 1 << 20  # the kernel loops over vectors beyond this many blocks


def shared_bytes(n, itemsize):
    """ga::row_swaps::shared_bytes: the vector and its pivots as int."""
    return n * (itemsize + 4)


def fits(n, dtype):
    return shared_bytes(n, numpy.dtype(dtype).itemsize) <= SHARED_MEMORY_LIMIT


def undo(x, pivots, n, nbatch):
    """x[b] = P[b]^T x[b] in place for C-contiguous (nbatch, n) `x` and the
    (nbatch, n) 1-based pivots of getrf; fits(n, x.dtype) must hold."""
    kernel = _core._device_template_kernel("row_swaps", [x.dtype.name, pivots.dtype.name])
    kernel(min(nbatch, _MAX_GRID), _THREADS, (x, pivots, numpy.int32(n), numpy.int64(nbatch)),
           shared_mem=shared_bytes(n, x.itemsize))
