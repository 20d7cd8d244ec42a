# SPDX-License-Identifier: BSD-3-Clause
"""Norms of sparse matrices and of their rows or columns (SciPy's
scipy.sparse.linalg.norm)."""
import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse._registry import issparse

__all__ = ["norm"]


def _frobenius(x):
    csr = x.tocsr()
    if not csr.has_canonical_format:
        csr = csr.copy()
        csr.sum_duplicates()
    magnitude = xp.absolute(csr.data)
    return xp.sqrt(xp.sum(magnitude * magnitude))


def _dense_vector(result):
    """A sparse or dense per-axis result as a 1-D device array."""
    if issparse(result):
        result = result.toarray()
    return xp.reshape(result, (-1,))


def norm(x, ord=None, axis=None):
    """A norm of a sparse matrix, or the vector norms of its rows or columns.

    Parameters
    ----------
    x : sparse array or matrix
        The input.
    ord : {None, 'fro', 'f', inf, -inf, 1, -1, 2, 0, other number}, optional
        The norm: for a matrix (axis None or a pair) Frobenius, the largest/smallest
        absolute row sum (inf/-inf) or column sum (1/-1), or the spectral norm (2); for
        vectors (an int axis) NumPy's vector norms.
    axis : int or tuple of two ints, optional
        The vector axis, or the matrix axes.

    Returns
    -------
    device array
        0-d for a matrix norm, 1-D for vector norms.

    Raises
    ------
    TypeError
        `x` is not sparse.
    ValueError
        An invalid order or axis (SciPy's messages).
    NotImplementedError
        ord -2 or 'nuc' (as SciPy).

    Notes
    -----
    ord=2 of a matrix is the largest singular value of the dense matrix (SciPy estimates
    it with svds); it densifies the matrix.

    See Also
    --------
    scipy.sparse.linalg.norm

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import norm
    >>> a = sparse.csr_array([[3.0, 0.0], [0.0, -4.0]])
    >>> float(norm(a).get()), float(norm(a, 1).get())
    (5.0, 4.0)
    """
    if not issparse(x):
        raise TypeError("input is not sparse. use numpy.linalg.norm")
    if axis is None and ord in (None, "fro", "f"):
        return _frobenius(x)
    if axis is None:
        axis = (0, 1)
    if not isinstance(axis, tuple):
        try:
            axis = (int(axis),)
        except TypeError:
            raise TypeError("'axis' must be None, an integer or a tuple of integers") from None
    nd = 2
    if len(axis) == 2:
        row_axis, col_axis = axis
        if not (-nd <= row_axis < nd and -nd <= col_axis < nd):
            raise ValueError(f"Invalid axis {axis!r} for an array with shape {x.shape!r}")
        if row_axis % nd == col_axis % nd:
            raise ValueError("Duplicate axes given.")
        if ord == 2:
            return xp.dense_norm(x.toarray(), 2)
        if ord == -2 or ord == "nuc":
            raise NotImplementedError
        if ord in (None, "fro", "f"):
            return _frobenius(x)
        if ord in (1, -1, numpy.inf, -numpy.inf):
            summed_axis = row_axis if ord in (1, -1) else col_axis
            sums = _dense_vector(abs(x).sum(axis=summed_axis))
            return xp.max(sums) if ord in (1, numpy.inf) else xp.min(sums)
        raise ValueError("Invalid norm order for matrices.")
    if len(axis) == 1:
        (a,) = axis
        if not -nd <= a < nd:
            raise ValueError(f"Invalid axis {axis!r} for an array with shape {x.shape!r}")
        if ord == numpy.inf:
            return _dense_vector(abs(x).max(axis=a))
        if ord == -numpy.inf:
            return _dense_vector(abs(x).min(axis=a))
        if ord == 0:
            return _dense_vector((x != 0).astype(numpy.float64).sum(axis=a))
        if ord == 1:
            return _dense_vector(abs(x).sum(axis=a))
        if ord in (2, None):
            return xp.sqrt(_dense_vector(abs(x).power(2).sum(axis=a)))
        try:
            ord + 1
        except TypeError:
            raise ValueError("Invalid norm order for vectors.") from None
        return xp.power(_dense_vector(abs(x).power(ord).sum(axis=a)), 1.0 / ord)
    raise ValueError("Improper number of dimensions to norm.")
