# SPDX-License-Identifier: BSD-3-Clause
"""Inverses of small matrices through the one-block-per-matrix Gauss-Jordan
kernel of gpuarray/small_inverse.cuh: for sides up to 64 it beats cuBLAS's
batched LU + inverse (two launches, per-column steps) by several times, and a
single small matrix skips cuSOLVER's getrf + getrs as well."""
import functools

import numpy

from gpuarray.cuda.kernel import RawKernel
from gpuarray.linalg._lapack import DEVICE_TYPES, SHARED_MEMORY_LIMIT

__all__ = ["fits", "invert"]

_MAX_SIDE = 64  # ga::small_inverse::kMaxSide
_BLOCK = (32, 8)  # (kWarp, kRowsPerPass)
_MAX_GRID = 1 << 20  # the kernel loops over matrices beyond this many blocks
_OPTIONS = ("-std=c++17",)


def shared_bytes(n, itemsize):
    """ga::small_inverse::shared_bytes: the padded matrix and three scratch rows."""
    return (n * (n + 1) + 3 * n) * itemsize


def fits(n, dtype):
    """Whether the kernel takes side-n matrices of `dtype` (a LAPACK dtype)."""
    return 0 < n <= _MAX_SIDE and shared_bytes(n, numpy.dtype(dtype).itemsize) <= SHARED_MEMORY_LIMIT


def kernel_name(dtype):
    return f"ga_small_inverse_{numpy.dtype(dtype).name}"


def kernel_source(dtype):
    dtype = numpy.dtype(dtype)
    if dtype.char not in DEVICE_TYPES:
        raise TypeError(f"small_inverse: no kernel for dtype {dtype}")
    t = DEVICE_TYPES[dtype.char]
    return (f"#include <gpuarray/small_inverse.cuh>\n"
            f"extern \"C\" __global__ void {kernel_name(dtype)}(const {t}* a, {t}* out, int* info, int n,\n"
            f"    long long batch) {{\n"
            f"  ga::small_inverse::invert<{t}>(a, out, info, n, batch);\n}}\n")


@functools.lru_cache(maxsize=None)
def _kernel(dtype):
    return RawKernel(kernel_source(dtype), kernel_name(dtype), options=_OPTIONS)


def invert(a, out, info, n, nbatch):
    """out[b] = inv(a[b]) and info[b] (LAPACK's getrf info) for C-contiguous
    (nbatch, n, n) stacks `a` and `out` of one LAPACK dtype with fits(n)."""
    _kernel(a.dtype)(min(nbatch, _MAX_GRID), _BLOCK, (a, out, info, numpy.int32(n), numpy.int64(nbatch)),
                     shared_mem=shared_bytes(n, a.itemsize))
