# SPDX-License-Identifier: BSD-3-Clause
"""Matrix products of sparse matrices: ``A @ x`` (SpMV), ``A @ X`` (SpMM),
``A @ B`` (SpGEMM), ``x @ A``, and the matrix power of ``*_matrix``, with
SciPy's shape errors and result dtypes. The work is `_kernels.py`'s (the
cuSPARSE seam). A CSC matrix is the CSR form of its transpose, so
``A.T @ x`` of a CSR matrix A (A.T is CSC over the same arrays) runs the
transposed product on A's arrays without forming the transpose."""
import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse import _kernels, _sputils
from gpuarray.scipy.sparse._arithmetic import as_sparse_operand
from gpuarray.scipy.sparse._registry import container


def _signature(shape_a, shape_b):
    """The shapes in SciPy's mismatch message."""
    k = shape_a[-1]
    if len(shape_b) == 1:
        return f"matmul: dimension mismatch with signature (n,k={k}),(k={shape_b[0]},1?)->(n,1?)"
    return f"matmul: dimension mismatch with signature (n,k={k}),(k={shape_b[0]},m)->(n,m)"


def matvec(a, x):
    """a @ x for a dense x of shape (n_cols,) or (n_cols, k): SpMV or SpMM."""
    dtype = _sputils.upcast(a.dtype, x.dtype)
    if a.format == "csc":
        return _kernels.csr_rmatvec(a.indptr, a.indices, a.data, x, a.shape[0], dtype).astype(dtype)
    csr = a.tocsr()
    return _kernels.csr_matvec(csr.indptr, csr.indices, csr.data, x, dtype, csr._no_empty_major())


def matmat(a, b):
    """a @ b of two sparse matrices (SpGEMM): CSR, or CSC when `a` is CSC."""
    if a.shape[1] != b.shape[0]:
        raise ValueError(_signature(a.shape, b.shape))
    dtype = _sputils.upcast(a.dtype, b.dtype)
    left, right = a.tocsr(), b.tocsr()
    index_dtype = _sputils.index_dtype(left.indices, right.indices, maxval=max(a.shape[0], b.shape[1]))
    indptr, indices, data = _kernels.csr_matmat((left.indptr, left.indices, left.data),
                                                (right.indptr, right.indices, right.data),
                                                a.shape[0], b.shape[1], dtype, index_dtype)
    if indices.shape[0] > _sputils.INT32_MAX:
        indptr, indices = indptr.astype(numpy.int64), indices.astype(numpy.int64)
    result = container("csr", a)._from_arrays(data, indices, indptr, (a.shape[0], b.shape[1]))
    result._canonical = True
    if a.format == "dia" and b.format == "dia":
        return result.todia()  # SciPy multiplies two DIA matrices into DIA
    return result.asformat("csc") if a.format == "csc" else result


def matmul(a, other):
    """a @ other: a dense vector or matrix, or a sparse matrix."""
    if _sputils.isscalarlike(other):
        raise ValueError("Scalar operands are not allowed, use '*' instead")
    sparse = as_sparse_operand(other, a)
    if sparse is not None:
        return matmat(a, sparse)
    if not (_sputils.isdense(other) or isinstance(other, (list, tuple))):
        return NotImplemented
    x = xp.asarray(other)
    if x.ndim == 0:
        raise ValueError("Scalar operands are not allowed, use '*' instead")
    if x.ndim > 2:
        raise ValueError(f"matmul: a sparse matrix times an array of {x.ndim} dimensions is not supported")
    if x.shape[0] != a.shape[1]:
        raise ValueError(_signature(a.shape, x.shape))
    return matvec(a, x)


def rmatmul(a, other):
    """other @ a for a dense `other`: (a.T @ other.T).T."""
    if _sputils.isscalarlike(other):
        raise ValueError("Scalar operands are not allowed, use '*' instead")
    if not (_sputils.isdense(other) or isinstance(other, (list, tuple))):
        return NotImplemented
    x = xp.asarray(other)
    if x.ndim > 2 or x.ndim == 0:
        raise ValueError("matmul: a sparse matrix needs a 1-D or 2-D dense operand")
    if x.shape[-1] != a.shape[0]:
        raise ValueError(f"matmul: dimension mismatch: {x.shape} @ {a.shape}")
    return matvec(a.transpose(), x.T).T if x.ndim == 2 else matvec(a.transpose(), x)


def matrix_power(a, n):
    """a ** n for a square ``*_matrix`` (repeated squaring; n = 0 is the identity)."""
    if a.shape[0] != a.shape[1]:
        raise TypeError("sparse matrix is not square")
    if not _sputils.isintlike(n):
        raise ValueError("exponent must be an integer")
    n = int(n)
    if n < 0:
        raise ValueError("exponent must be >= 0")
    if n == 0:
        from_eye = container("dia", a)._identity(a.shape[0], a.dtype)
        return from_eye.asformat(a.format)
    result, base = None, a
    while n:
        if n & 1:
            result = base if result is None else matmat(result, base)
        n >>= 1
        if n:
            base = matmat(base, base)
    return result
