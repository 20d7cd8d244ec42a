# SPDX-License-Identifier: BSD-3-Clause
"""x = P^T x for getrf's pivots through gpuarray/row_swaps.cuh: the last step
of a one-vector solve, after cuBLAS's two triangular solves."""
import functools

import numpy

from gpuarray.cuda.kernel import RawKernel
from gpuarray.linalg._lapack import DEVICE_TYPES, SHARED_MEMORY_LIMIT

__all__ = ["fits", "undo"]

_PIVOTS = {4: "int", 8: "long long"}
_THREADS = 256
_MAX_GRID = 1 << 20  # the kernel loops over vectors beyond this many blocks
_OPTIONS = ("-std=c++17",)


def shared_bytes(n, itemsize):
    """ga::row_swaps::shared_bytes: the vector and its pivots as int."""
    return n * (itemsize + 4)


def fits(n, dtype):
    return shared_bytes(n, numpy.dtype(dtype).itemsize) <= SHARED_MEMORY_LIMIT


def kernel_name(dtype, pivot_dtype):
    return f"ga_row_swaps_{numpy.dtype(dtype).name}_{numpy.dtype(pivot_dtype).name}"


def kernel_source(dtype, pivot_dtype):
    dtype, pivot_dtype = numpy.dtype(dtype), numpy.dtype(pivot_dtype)
    if dtype.char not in DEVICE_TYPES or pivot_dtype.kind != "i" or pivot_dtype.itemsize not in _PIVOTS:
        raise TypeError(f"row_swaps: no kernel for dtype {dtype} with {pivot_dtype} pivots")
    t, p = DEVICE_TYPES[dtype.char], _PIVOTS[pivot_dtype.itemsize]
    return (f"#include <gpuarray/row_swaps.cuh>\n"
            f"extern \"C\" __global__ void {kernel_name(dtype, pivot_dtype)}({t}* x, const {p}* pivots, int n,\n"
            f"    long long batch) {{\n"
            f"  ga::row_swaps::undo<{t}>(x, pivots, n, batch);\n}}\n")


@functools.lru_cache(maxsize=None)
def _kernel(dtype, pivot_dtype):
    return RawKernel(kernel_source(dtype, pivot_dtype), kernel_name(dtype, pivot_dtype), options=_OPTIONS)


def undo(x, pivots, n, nbatch):
    """x[b] = P[b]^T x[b] in place for C-contiguous (nbatch, n) `x` and the
    (nbatch, n) 1-based pivots of getrf; fits(n, x.dtype) must hold."""
    _kernel(x.dtype, pivots.dtype)(min(nbatch, _MAX_GRID), _THREADS, (x, pivots, numpy.int32(n), numpy.int64(nbatch)),
                                   shared_mem=shared_bytes(n, x.itemsize))
