# SPDX-License-Identifier: BSD-3-Clause
"""Integer and bool matmul through the tiled kernel of
gpuarray/int_matmul.cuh (cuBLAS has no integer gemm with NumPy's wrapping
results). Operands are read through their strides: a transposed or sliced
view is not copied."""
import functools

import numpy

from gpuarray._creation import ascontiguousarray
from gpuarray.cuda.kernel import RawKernel

__all__ = ["int_matmul"]

_CTYPES = {"?": "bool", "b": "signed char", "B": "unsigned char", "h": "short", "H": "unsigned short",
           "i": "int", "I": "unsigned int", "l": "long long", "L": "unsigned long long", "q": "long long",
           "Q": "unsigned long long"}
_THREADS, _TILE = 16, 64  # ga::int_matmul::kThreads, kTile
_MAX_GRID_YZ = 65535  # CUDA's limit on gridDim.y and gridDim.z; the kernel loops beyond it
_OPTIONS = ("-std=c++17",)


def kernel_name(dtype):
    return f"ga_int_matmul_{numpy.dtype(dtype).name}"


def kernel_source(dtype):
    """The CUDA source of the kernel for `dtype` (bool or an integer type)."""
    dtype = numpy.dtype(dtype)
    if dtype.char not in _CTYPES:
        raise TypeError(f"int_matmul: no kernel for dtype {dtype}")
    t = _CTYPES[dtype.char]
    return (f"#include <gpuarray/int_matmul.cuh>\n"
            f"extern \"C\" __global__ void {kernel_name(dtype)}(const {t}* a, const {t}* b, {t}* c, long long m,\n"
            f"    long long n, long long k, long long batch, long long a_batch, long long a_row, long long a_col,\n"
            f"    long long b_batch, long long b_row, long long b_col) {{\n"
            f"  ga::int_matmul::matmul<{t}>(a, b, c, m, n, k, batch, a_batch, a_row, a_col, b_batch, b_row,"
            f" b_col);\n}}\n")


@functools.lru_cache(maxsize=None)
def _kernel(dtype):
    return RawKernel(kernel_source(dtype), kernel_name(dtype), options=_OPTIONS)


def _batch_stride(x):
    """One element stride walking x's batch dimensions, or None."""
    dims = [(n, s) for n, s in zip(x.shape[:-2], x.strides[:-2]) if n != 1]
    if not dims:
        return 0
    expect = dims[-1][1]
    step = expect
    for n, s in reversed(dims):
        if s != expect:
            return None
        expect = s * n
    return step // x.itemsize if step % x.itemsize == 0 else None


def _operand(x):
    """(array, batch stride, row stride, column stride) in elements."""
    stride = _batch_stride(x)
    if stride is None or any(s % x.itemsize for s in x.strides[-2:]):
        x = ascontiguousarray(x)
        stride = _batch_stride(x)
    return x, stride, x.strides[-2] // x.itemsize, x.strides[-1] // x.itemsize


def int_matmul(a, b, out, batch, dtype):
    """out = a @ b for (*batch, m, k) and (*batch, k, n) operands of `dtype`
    (broadcast views allowed, k > 0) into a C-contiguous (*batch, m, n) `out`."""
    m, k = a.shape[-2:]
    n = b.shape[-1]
    a, sa, ra, ca = _operand(a)
    b, sb, rb, cb = _operand(b)
    nbatch = int(numpy.prod(batch, dtype=numpy.int64))
    grid = (-(-n // _TILE), min(-(-m // _TILE), _MAX_GRID_YZ), min(nbatch, _MAX_GRID_YZ))
    _kernel(numpy.dtype(dtype))(grid, (_THREADS, _THREADS), (a, b, out, m, n, k, nbatch, sa, ra, ca, sb, rb, cb))
