# SPDX-License-Identifier: BSD-3-Clause
"""Integer and bool matmul through the tiled kernel of
gpuarray/int_matmul.cuh (cuBLAS has no integer gemm with NumPy's wrapping
results). Operands are read through their strides: a transposed or sliced
view is not copied."""
import numpy

from gpuarray import _core
from gpuarray._array_creation.from_data import ascontiguousarray

__all__ = ["int_matmul"]

_THREADS, _TILE = 16, 64  # ga::int_matmul::kThreads, kTile
_MAX_GRID_YZ = 65535  # CUDA's limit on gridDim.y and gridDim.z; the kernel loops beyond it


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
    kernel = _core._device_template_kernel("int_matmul", [numpy.dtype(dtype).name])
    kernel(grid, (_THREADS, _THREADS), (a, b, out, m, n, k, nbatch, sa, ra, ca, sb, rb, cb))
