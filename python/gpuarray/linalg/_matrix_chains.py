# SPDX-License-Identifier: BSD-3-Clause
"""Products of several matrices: matrix_power (repeated squaring, with inv for
negative powers) and multi_dot (the cheapest multiplication order)."""
from numpy.linalg import LinAlgError

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._matrix_building.matrices import eye
from gpuarray.linalg._matmul import matmul
from gpuarray.linalg._solve import inv

__all__ = ["matrix_power", "multi_dot"]


def matrix_power(a, n):
    """Raise a square matrix (or each of a stack) to an integer power.

    Parameters
    ----------
    a : array_like
        Array of shape ``(..., M, M)``; host data is copied to the device
        first.
    n : int
        The exponent. 0 gives identity matrices of `a`'s dtype; a negative
        `n` raises the inverse of `a` to ``-n``.

    Returns
    -------
    y : ndarray
        Of `a`'s shape; the dtype of `a` for ``n >= 0``, that of the inverse
        (floating) for ``n < 0``.

    Raises
    ------
    numpy.linalg.LinAlgError
        If `a` has fewer than two dimensions or its matrices are not square,
        or, for ``n < 0``, a matrix is singular.
    TypeError
        If `n` is not an integer.

    Notes
    -----
    Repeated squaring: about ``2 * log2(n)`` calls of `matmul` over the whole
    stack (cuBLAS for floating and complex types, gpuarray's integer kernel,
    which wraps on overflow as NumPy does, otherwise). For ``n < 0``,
    `linalg.inv` reads its singularity check back to the host, which waits
    for the device. Floating results may differ from NumPy's in the last
    bits.

    See Also
    --------
    matmul, linalg.inv

    Examples
    --------
    >>> import gpuarray as xp
    >>> i = xp.array([[0, 1], [-1, 0]])
    >>> xp.linalg.matrix_power(i, 3)
    array([[ 0, -1],
           [ 1,  0]])
    >>> xp.linalg.matrix_power(i, 0)
    array([[1, 0],
           [0, 1]])
    >>> xp.linalg.matrix_power(xp.array([[1, 1], [0, 1]]), 5)
    array([[1, 5],
           [0, 1]])
    >>> xp.linalg.matrix_power(xp.array([[2.0, 0.0], [0.0, 4.0]]), -2)
    array([[0.25  , 0.    ],
           [0.    , 0.0625]])
    """
    a = asarray(a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise LinAlgError(f"{a.ndim}-dimensional array given. Array must be at least two-dimensional"
                          if a.ndim < 2 else "Last 2 dimensions of the array must be square")
    if int(n) != n:
        raise TypeError("exponent must be an integer")
    n = int(n)
    if n == 0:
        return broadcast_to(eye(a.shape[-1], dtype=a.dtype), a.shape).copy()
    if n < 0:
        a, n = inv(a), -n
    result = None
    base = a
    while n:
        if n & 1:
            result = base if result is None else matmul(result, base)
        n >>= 1
        if n:
            base = matmul(base, base)
    return result




def multi_dot(arrays, *, out=None):
    """Compute the dot product of two or more arrays, in the cheapest order.

    Parameters
    ----------
    arrays : sequence of array_like
        At least two arrays, all 2-D except that the first may be 1-D (a row
        vector) and the last 1-D (a column vector).
    out : ndarray, optional
        Device array to write the result into; it must have the result's
        shape.

    Returns
    -------
    output : ndarray
        The product; 1-D ends lose their axis again, so two 1-D ends give a
        0-d device array (NumPy gives a scalar). `out` if it was given.

    Raises
    ------
    ValueError
        If fewer than two arrays are given, an inner one is not 2-D, or the
        shapes do not chain.

    Notes
    -----
    The multiplication order is chosen on the host by NumPy's dynamic
    program over the shapes (no device work); each product is a `matmul`
    (one cuBLAS gemm, or gpuarray's integer kernel). With `out`, the product
    is computed into a new array and copied into `out`. Nothing is read
    back.

    See Also
    --------
    matmul, dot, einsum

    Examples
    --------
    >>> import gpuarray as xp
    >>> a, b, c = xp.ones((2, 3)), xp.ones((3, 4)), xp.ones((4, 2))
    >>> xp.linalg.multi_dot([a, b, c])
    array([[12., 12.],
           [12., 12.]])
    >>> xp.linalg.multi_dot([xp.array([1, 2]), xp.array([[1, 0], [0, 1]]), xp.array([3, 4])])
    array(11)
    """
    arrays = [asarray(x) for x in arrays]
    if len(arrays) < 2:
        raise ValueError("Expecting at least two arrays.")
    first_1d, last_1d = arrays[0].ndim == 1, arrays[-1].ndim == 1
    if first_1d:
        arrays[0] = arrays[0][None, :]
    if last_1d:
        arrays[-1] = arrays[-1][:, None]
    for x in arrays:
        if x.ndim != 2:
            raise ValueError(f"{x.ndim}-dimensional array given. Array must be two-dimensional")
    dims = [x.shape[0] for x in arrays] + [arrays[-1].shape[1]]
    n = len(arrays)
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = float("inf")
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1]
                if c < cost[i][j]:
                    cost[i][j], split[i][j] = c, k

    def chain(i, j):
        if i == j:
            return arrays[i]
        return matmul(chain(i, split[i][j]), chain(split[i][j] + 1, j))
    result = chain(0, n - 1)
    if first_1d:
        result = result[0]
    if last_1d:
        result = result[..., 0]
    if out is not None:
        out[...] = result
        return out
    return result
