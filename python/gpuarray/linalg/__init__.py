# SPDX-License-Identifier: BSD-3-Clause
"""numpy.linalg on the GPU: cuSOLVER factorizations, cuBLAS products.
Errors are numpy.linalg.LinAlgError with NumPy's messages."""
from numpy.linalg import LinAlgError

from gpuarray import _index_tricks
from gpuarray.linalg._decompositions import eig, eigh, eigvals, eigvalsh, qr, svd, svdvals
from gpuarray.linalg._norms import (cond, lstsq, matrix_norm, matrix_rank, multi_dot, norm, pinv, tensorinv,
                                    tensorsolve, vector_norm)
from gpuarray.linalg._products import cross, matmul, matrix_power, matrix_transpose, outer, tensordot, vecdot
from gpuarray.linalg._solve import cholesky, det, inv, slogdet, solve


def trace(x, /, *, offset=0, dtype=None):
    """Sum of the diagonal of each matrix (the last two axes)."""
    return _index_tricks.diagonal(x, offset, -2, -1).sum(axis=-1, dtype=dtype)


def diagonal(x, /, *, offset=0):
    """Diagonal of each matrix (the last two axes)."""
    return _index_tricks.diagonal(x, offset, -2, -1)


def set_tf32(enabled):
    """Lets float32 products use TF32 tensor cores (about 10 mantissa bits,
    several times faster). Off by default, or on with GPUARRAY_TF32=1."""
    from gpuarray import _libs
    _libs.set_tf32(bool(enabled))


def get_tf32():
    from gpuarray import _libs
    return _libs.tf32_enabled()


__all__ = ["LinAlgError", "cholesky", "cond", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh",
           "get_tf32", "inv", "lstsq", "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose",
           "multi_dot", "norm", "outer", "pinv", "qr", "set_tf32", "slogdet", "solve", "svd", "svdvals", "tensordot",
           "tensorinv", "tensorsolve", "trace", "vecdot", "vector_norm"]
