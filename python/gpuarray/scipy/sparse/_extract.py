# SPDX-License-Identifier: BSD-3-Clause
"""Parts of a sparse matrix: its nonzero entries (find) and its lower and
upper triangles (tril, triu), as SciPy's."""
import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse._registry import container, is_host_sparse, issparse

__all__ = ["find", "tril", "triu"]


def _coo_of(A):
    is_array = (A._is_array if issparse(A) else
                "array" in type(A).__name__ if is_host_sparse(A) else False)
    return container("coo", is_array=is_array)(A)


def find(A):
    """The rows, columns and values of the nonzero entries of A (duplicates summed first).

    Parameters
    ----------
    A : sparse or array_like
        The matrix.

    Returns
    -------
    (I, J, V) : tuple of device arrays
        Row indices, column indices and values, row-major.

    See Also
    --------
    scipy.sparse.find

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> i, j, v = sparse.find(sparse.csr_array([[0.0, 2.0], [3.0, 0.0]]))
    >>> i.get(), j.get(), v.get()
    (array([0, 1], dtype=int32), array([1, 0], dtype=int32), array([2., 3.]))
    """
    coo = _coo_of(A).copy()
    coo.sum_duplicates()
    kept = xp.flatnonzero(xp.not_equal(coo.data, 0))
    return coo.row[kept], coo.col[kept], coo.data[kept]


def _triangle(A, k, format, lower):
    coo = _coo_of(A)
    offset = coo.col.astype(numpy.int64) - coo.row.astype(numpy.int64)
    mask = xp.less_equal(offset, k) if lower else xp.greater_equal(offset, k)
    kept = xp.flatnonzero(mask)
    result = type(coo)._from_arrays(coo.data[kept], coo.row[kept], coo.col[kept], coo.shape)
    return result.asformat(format)


def tril(A, k=0, format=None):
    """The lower triangle of A: the entries on or below diagonal `k` (SciPy's tril).

    Parameters
    ----------
    A : sparse or array_like
        The matrix.
    k : int, optional
        The highest diagonal kept (0 the main one).
    format : str, optional
        The result's format (COO when None).

    Returns
    -------
    sparse array or matrix
        Of A's kind (a matrix for dense input).

    See Also
    --------
    scipy.sparse.tril, triu

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.tril(sparse.csr_array([[1.0, 2.0], [3.0, 4.0]])).toarray().get()
    array([[1., 0.],
           [3., 4.]])
    """
    return _triangle(A, k, format, lower=True)


def triu(A, k=0, format=None):
    """The upper triangle of A: the entries on or above diagonal `k` (SciPy's triu).

    Parameters
    ----------
    A : sparse or array_like
        The matrix.
    k : int, optional
        The lowest diagonal kept.
    format : str, optional
        The result's format (COO when None).

    Returns
    -------
    sparse array or matrix

    See Also
    --------
    scipy.sparse.triu, tril

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.triu(sparse.csr_array([[1.0, 2.0], [3.0, 4.0]]), k=1).toarray().get()
    array([[0., 2.],
           [0., 0.]])
    """
    return _triangle(A, k, format, lower=False)
