# SPDX-License-Identifier: BSD-3-Clause
"""numpy.linalg on the GPU: cuSOLVER factorizations, cuBLAS products.
Errors are numpy.linalg.LinAlgError with NumPy's messages."""
from numpy.linalg import LinAlgError

from gpuarray._index_routines import index_tricks as _index_tricks
from gpuarray.linalg._decompositions import eig, eigh, eigvals, eigvalsh, qr
from gpuarray.linalg._svd import svd, svdvals
from gpuarray.linalg._least_squares import lstsq, pinv
from gpuarray.linalg._matrix_chains import multi_dot
from gpuarray.linalg._norms import cond, matrix_norm, matrix_rank, norm, vector_norm
from gpuarray.linalg._tensor_solve import tensorinv, tensorsolve
from gpuarray.linalg._elementwise_products import cross, outer, vecdot
from gpuarray.linalg._matmul import matmul
from gpuarray.linalg._matrix_chains import matrix_power
from gpuarray.linalg._products import matrix_transpose, tensordot
from gpuarray.linalg._solve import cholesky, det, inv, slogdet, solve


def trace(x, /, *, offset=0, dtype=None):
    """Sum along a diagonal of each matrix (the last two axes).

    Parameters
    ----------
    x : array_like
        Matrices, shape ``(..., M, N)``: at least two dimensions.
    offset : int, optional
        Which diagonal: 0 (default) the main one, positive above it,
        negative below it.
    dtype : data-type, optional
        Dtype of the sum (and the accumulator), as for `sum`; by default
        `sum`'s rule (small integers accumulate in the platform integer).

    Returns
    -------
    out : ndarray
        The traces, shape ``x.shape[:-2]``; a 0-d device array for a single
        matrix (NumPy returns a scalar there).

    Notes
    -----
    A strided view of the diagonal (no copy) and one sum reduction on the
    device; nothing is read back. Unlike `gpuarray.trace`, the axes are
    always the last two (array API semantics).

    See Also
    --------
    diagonal, gpuarray.trace

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(9).reshape(3, 3)
    >>> xp.linalg.trace(a)
    array(12)
    >>> xp.linalg.trace(a, offset=1)
    array(6)
    >>> xp.linalg.trace(xp.arange(8).reshape(2, 2, 2))
    array([ 3, 11])
    """
    return _index_tricks.diagonal(x, offset, -2, -1).sum(axis=-1, dtype=dtype)


def diagonal(x, /, *, offset=0):
    """Diagonal of each matrix (the last two axes).

    Parameters
    ----------
    x : array_like
        Matrices, shape ``(..., M, N)``: at least two dimensions.
    offset : int, optional
        Which diagonal: 0 (default) the main one, positive above it,
        negative below it.

    Returns
    -------
    out : ndarray
        The diagonals, shape ``x.shape[:-2] + (K,)``, K the diagonal's
        length. A read-only view of `x` when `x` is a device array, as
        NumPy's: copy it to write to it.

    Notes
    -----
    A strided view: no kernel runs and nothing is copied. Unlike
    `gpuarray.diagonal`, the axes are always the last two (array API
    semantics).

    See Also
    --------
    trace, gpuarray.diagonal

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(9).reshape(3, 3)
    >>> xp.linalg.diagonal(a)
    array([0, 4, 8])
    >>> xp.linalg.diagonal(a, offset=-1)
    array([3, 7])
    >>> xp.linalg.diagonal(xp.ones((4, 2, 3))).shape
    (4, 2)
    """
    return _index_tricks.diagonal(x, offset, -2, -1)


def set_tf32(enabled):
    """Let float32 matrix products use TF32 tensor cores, or stop them.

    Parameters
    ----------
    enabled : bool
        True to allow TF32, False for true float32 products (the default
        at import, unless the environment sets ``GPUARRAY_TF32=1``).

    Returns
    -------
    None

    Notes
    -----
    A process-wide switch of the C++ engine's cuBLAS math mode: it applies
    to float32 and complex64 products run by cuBLAS (`matmul`, `dot`,
    `tensordot`, `einsum` and the routines built on them) after the call.
    TF32 keeps float32's range but rounds the operands to about 10
    mantissa bits, several times faster on tensor-core GPUs (A100 and
    later); results then differ from NumPy's by about 1e-3 relative.
    float64 and integer products are not affected. NumPy has no such
    switch. Whether the cuSOLVER routines follow it is not documented here.

    See Also
    --------
    get_tf32, matmul

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.linalg.set_tf32(True)
    >>> xp.linalg.get_tf32()
    True
    >>> xp.linalg.set_tf32(False)
    >>> xp.linalg.get_tf32()
    False
    """
    from gpuarray._base import libs as _libs
    _libs.set_tf32(bool(enabled))


def get_tf32():
    """Whether float32 matrix products may use TF32 tensor cores.

    Parameters
    ----------

    Returns
    -------
    enabled : bool
        The switch `set_tf32` sets: False by default, True at import when
        the environment sets ``GPUARRAY_TF32=1``.

    Notes
    -----
    Reads the C++ engine's process-wide setting; no device work. See
    docs/linalg.md, "TF32".

    See Also
    --------
    set_tf32

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.linalg.set_tf32(False)
    >>> xp.linalg.get_tf32()
    False
    """
    from gpuarray._base import libs as _libs
    return _libs.tf32_enabled()


__all__ = ["LinAlgError", "cholesky", "cond", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh",
           "get_tf32", "inv", "lstsq", "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose",
           "multi_dot", "norm", "outer", "pinv", "qr", "set_tf32", "slogdet", "solve", "svd", "svdvals", "tensordot",
           "tensorinv", "tensorsolve", "trace", "vecdot", "vector_norm"]
