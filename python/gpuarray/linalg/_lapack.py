# SPDX-License-Identifier: BSD-3-Clause
"""Shared plumbing for the cuSOLVER calls: dtype rules, column-major batch
copies, LAPACK info checks (NumPy's LinAlgError and messages)."""
import functools

import numpy
from numpy.linalg import LinAlgError

from gpuarray._array_creation.from_shape import zeros
from gpuarray.cuda import _captures

# A size-n matrix side at or under which batches go to cuBLAS's batched LU
# (one launch for the whole batch) instead of one cuSOLVER call per matrix.
BATCHED_LU_MAX_SIDE = 128
# The CUDA C types of the LAPACK dtypes in gpuarray's own kernels, and the
# dynamic shared memory a block of theirs gets without opting in.
DEVICE_TYPES = {"f": "float", "d": "double", "F": "ga::complex<float>", "D": "ga::complex<double>"}
SHARED_MEMORY_LIMIT = 48 * 1024


def libs():
    from gpuarray._base import libs as _libs
    return _libs


def lapack_dtype(dtype):
    """NumPy's linalg computes in float32/float64/complex64/complex128;
    integers and bool go to float64; float16 is refused as NumPy does."""
    dtype = numpy.dtype(dtype)
    if dtype.char in "fdFD":
        return dtype
    if dtype.char in "eg" or dtype.kind not in "biu":
        raise TypeError(f"array type {dtype} is unsupported in linalg")
    return numpy.dtype(numpy.float64)


def real_dtype(dtype):
    return numpy.dtype(dtype.char.lower())


def check_stack(a, square=True):
    if a.ndim < 2:
        raise LinAlgError(f"{a.ndim}-dimensional array given. Array must be at least two-dimensional")
    if square and a.shape[-1] != a.shape[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")


def column_major(a, dtype):
    """A new C-contiguous (batch, cols, rows) array whose matrices are `a`'s
    in column-major order: what cuSOLVER reads, and free to overwrite."""
    return a.mT.astype(dtype, order="C", copy=True)


def batch_size(a):
    return int(numpy.prod(a.shape[:-2], dtype=numpy.int64))


def int_array(n):
    return zeros(max(n, 1), dtype=numpy.int32)


def raise_on_info(info, message):
    """LAPACK's info > 0 means the routine met the failure NumPy names. In a
    stream capture the check runs after a replay, from Graph.check_errors
    (Note [Replayed host state] in cuda/_captures.py)."""
    _captures.defer_check(functools.partial(_check_info, info, message))


def _check_info(info, message):
    host = info.get()
    if (host > 0).any():
        raise LinAlgError(message)
    if (host < 0).any():
        raise ValueError(f"cuSOLVER rejected argument {-int(host[host < 0][0])} (info {int(host[host < 0][0])})")
