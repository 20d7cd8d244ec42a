# SPDX-License-Identifier: BSD-3-Clause
"""The diagonal and triangle index helpers (diag_indices, tril_indices,
triu_indices and their _from forms, mask_indices), fill_diagonal and the
module-level diagonal, with NumPy 2's semantics and errors. The index
arrays are int64 device arrays made by arange and the compaction behind
nonzero; fill_diagonal writes through strided views."""
import operator

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import ones
from gpuarray._array_creation.ranges import arange
from gpuarray._array_editing.tiling import resize
from gpuarray._array_manipulation.shapes import ravel
from gpuarray._core import ndarray
from gpuarray._matrix_building.matrices import tri
from gpuarray._sorting_searching.searching import nonzero
from gpuarray._ufunc.ufuncs import logical_not, not_equal

__all__ = ["diag_indices", "diag_indices_from", "tril_indices", "triu_indices", "tril_indices_from",
           "triu_indices_from", "fill_diagonal", "mask_indices", "diagonal"]


def diag_indices(n, ndim=2):
    """The indices of the main diagonal of an ``n x n x ... x n`` array.

    Parameters
    ----------
    n : int
        The length of every axis.
    ndim : int, optional
        The number of axes (2 by default).

    Returns
    -------
    tuple of ndarray
        `ndim` times ``arange(n)``: ``a[diag_indices(n, a.ndim)]`` is the
        diagonal.

    See Also
    --------
    diag_indices_from, fill_diagonal, diagonal

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.zeros((3, 3), dtype=int)
    >>> a[xp.diag_indices(3)] = 5
    >>> a
    array([[5, 0, 0],
           [0, 5, 0],
           [0, 0, 5]])
    >>> len(xp.diag_indices(2, ndim=3))
    3
    """
    idx = arange(n)
    return (idx,) * ndim


def diag_indices_from(arr):
    """The indices of the main diagonal of an array whose axes all have one length.

    Parameters
    ----------
    arr : array_like
        At least 2-D, every axis of the same length.

    Returns
    -------
    tuple of ndarray
        ``diag_indices(arr.shape[0], arr.ndim)``.

    Raises
    ------
    ValueError
        `arr` has fewer than two dimensions or axes of different lengths.

    See Also
    --------
    diag_indices

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(9).reshape(3, 3)
    >>> a[xp.diag_indices_from(a)]
    array([0, 4, 8])
    >>> xp.diag_indices_from(xp.ones((2, 2, 2)))[0]
    array([0, 1])
    """
    shape = arr.shape if isinstance(arr, ndarray) else numpy.shape(arr)
    if len(shape) < 2:
        raise ValueError("input array must be at least 2-d")
    if any(n != shape[0] for n in shape[1:]):
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(shape[0], len(shape))


def tril_indices(n, k=0, m=None):
    """The indices of the lower triangle of an ``(n, m)`` array.

    Parameters
    ----------
    n : int
        The number of rows.
    k : int, optional
        The diagonal above which to stop: 0 (default) is the main diagonal,
        negative below it, positive above.
    m : int, optional
        The number of columns (`n` by default).

    Returns
    -------
    tuple of ndarray
        ``(rows, columns)`` of the elements at and below diagonal `k`, in C
        order.

    See Also
    --------
    triu_indices, tril, tril_indices_from

    Examples
    --------
    >>> import gpuarray as xp
    >>> rows, cols = xp.tril_indices(3)
    >>> rows, cols
    (array([0, 1, 1, 2, 2, 2]), array([0, 0, 1, 0, 1, 2]))
    >>> xp.tril_indices(3, k=-1)[0]
    array([1, 2, 2])
    """
    return nonzero(tri(n, m, k=k, dtype=numpy.bool_))


def triu_indices(n, k=0, m=None):
    """The indices of the upper triangle of an ``(n, m)`` array.

    Parameters
    ----------
    n : int
        The number of rows.
    k : int, optional
        The diagonal from which to start: 0 (default) is the main diagonal.
    m : int, optional
        The number of columns (`n` by default).

    Returns
    -------
    tuple of ndarray
        ``(rows, columns)`` of the elements at and above diagonal `k`, in C
        order.

    See Also
    --------
    tril_indices, triu, triu_indices_from

    Examples
    --------
    >>> import gpuarray as xp
    >>> rows, cols = xp.triu_indices(3, k=1)
    >>> rows, cols
    (array([0, 0, 1]), array([1, 2, 2]))
    >>> a = xp.arange(9).reshape(3, 3)
    >>> a[xp.triu_indices(3)]
    array([0, 1, 2, 4, 5, 8])
    """
    return nonzero(logical_not(tri(n, m, k=operator.index(k) - 1, dtype=numpy.bool_)))


def _square_shape(arr):
    shape = arr.shape if isinstance(arr, ndarray) else numpy.shape(arr)
    if len(shape) != 2:
        raise ValueError("input array must be 2-d")
    return shape


def tril_indices_from(arr, k=0):
    """The indices of the lower triangle of a 2-D array.

    Parameters
    ----------
    arr : array_like
        2-D; its shape is used.
    k : int, optional
        The diagonal offset, as in `tril_indices`.

    Returns
    -------
    tuple of ndarray
        ``(rows, columns)``.

    Raises
    ------
    ValueError
        `arr` is not 2-D.

    See Also
    --------
    tril_indices

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(2, 3)
    >>> a[xp.tril_indices_from(a)]
    array([0, 3, 4])
    >>> a[xp.tril_indices_from(a, k=1)]
    array([0, 1, 3, 4, 5])
    """
    rows, cols = _square_shape(arr)
    return tril_indices(rows, k=k, m=cols)


def triu_indices_from(arr, k=0):
    """The indices of the upper triangle of a 2-D array.

    Parameters
    ----------
    arr : array_like
        2-D; its shape is used.
    k : int, optional
        The diagonal offset, as in `triu_indices`.

    Returns
    -------
    tuple of ndarray
        ``(rows, columns)``.

    Raises
    ------
    ValueError
        `arr` is not 2-D.

    See Also
    --------
    triu_indices

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(2, 3)
    >>> a[xp.triu_indices_from(a)]
    array([0, 1, 2, 4, 5])
    >>> a[xp.triu_indices_from(a, k=2)]
    array([2])
    """
    rows, cols = _square_shape(arr)
    return triu_indices(rows, k=k, m=cols)


def _diagonal_views(a, wrap):
    """Views of the elements fill_diagonal writes, in the order NumPy's a.flat[::step]
    visits them. A 2-D array's diagonal restarts one row below each full pass (`wrap`,
    tall arrays only): positions b * (cols + 1) + j, column j, for passes b."""
    if a.ndim > 2:
        if any(n != a.shape[0] for n in a.shape[1:]):
            raise ValueError("All dimensions of input must be of equal length")
        return [a._view((a.shape[0],), (sum(a.strides),))]
    rows, cols = a.shape
    end = rows * cols if wrap else min(rows, cols) * cols
    count = (end + cols) // (cols + 1)
    passes, rest = divmod(count, cols)
    step = a.strides[0] + a.strides[1]
    views = []
    if passes:
        views.append(a._view((passes, cols), ((cols + 1) * a.strides[0], step)))
    if rest:
        views.append(a._view((rest,), (step,), passes * (cols + 1) * a.strides[0]))
    return views


def fill_diagonal(a, val, wrap=False):
    """Writes values on the main diagonal of an array, in place.

    Parameters
    ----------
    a : ndarray
        A gpuarray array of at least two dimensions (all of one length when
        more than two).
    val : scalar or array_like
        The value, or values written along the diagonal in order (repeated
        when fewer).
    wrap : bool, optional
        For a tall matrix, restart the diagonal one row below each square
        block, as NumPy's.

    Returns
    -------
    None

    Raises
    ------
    TypeError
        `a` is not a gpuarray array.
    ValueError
        `a` has fewer than two dimensions, or more than two of different
        lengths.

    See Also
    --------
    diag_indices, diagonal

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.zeros((3, 3), dtype=int)
    >>> xp.fill_diagonal(a, [1, 2, 3])
    >>> a
    array([[1, 0, 0],
           [0, 2, 0],
           [0, 0, 3]])
    >>> tall = xp.zeros((5, 2), dtype=int)
    >>> xp.fill_diagonal(tall, 7, wrap=True)
    >>> tall
    array([[7, 0],
           [0, 7],
           [0, 0],
           [7, 0],
           [0, 7]])
    """
    if not isinstance(a, ndarray):
        raise TypeError(f"fill_diagonal writes into a gpuarray.ndarray, not {type(a).__name__}")
    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    if a.size == 0:
        return
    views = _diagonal_views(a, wrap)
    if (val.ndim if isinstance(val, ndarray) else numpy.ndim(val)) == 0:
        for v in views:
            v[...] = val
        return
    values = resize(ravel(asarray(val)), sum(v.size for v in views))
    start = 0
    for v in views:
        v[...] = values[start:start + v.size].reshape(v.shape)
        start += v.size


def mask_indices(n, mask_func, k=0):
    """The indices where a masking function of a square array is nonzero.

    Parameters
    ----------
    n : int
        The size of the ``(n, n)`` array.
    mask_func : callable
        ``mask_func(a, k)`` returns an array of `a`'s shape, such as `triu`
        or `tril`.
    k : int, optional
        Passed to `mask_func`.

    Returns
    -------
    tuple of ndarray
        ``(rows, columns)`` where ``mask_func(ones((n, n)), k)`` is nonzero.

    See Also
    --------
    triu_indices, tril_indices

    Examples
    --------
    >>> import gpuarray as xp
    >>> rows, cols = xp.mask_indices(3, xp.triu, 1)
    >>> rows, cols
    (array([0, 0, 1]), array([1, 2, 2]))
    >>> xp.arange(9).reshape(3, 3)[xp.mask_indices(3, xp.tril)]
    array([0, 3, 4, 6, 7, 8])
    """
    return nonzero(not_equal(mask_func(ones((n, n), int), k), 0))


def diagonal(a, offset=0, axis1=0, axis2=1):
    """A diagonal of an array, or of each of its planes.

    Parameters
    ----------
    a : array_like
        At least 2-D.
    offset : int, optional
        The diagonal: 0 (default) the main one, positive above it, negative
        below.
    axis1, axis2 : int, optional
        The plane's axes (the first two by default); the diagonal becomes the
        last axis of the result.

    Returns
    -------
    ndarray
        A read-only view of `a`, as NumPy's.

    Raises
    ------
    ValueError
        `a` has fewer than two dimensions, or `axis1` equals `axis2`.

    See Also
    --------
    ndarray.diagonal, diag, trace, fill_diagonal

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(9).reshape(3, 3)
    >>> xp.diagonal(a)
    array([0, 4, 8])
    >>> xp.diagonal(a, offset=1)
    array([1, 5])
    """
    return asarray(a).diagonal(offset, axis1, axis2)
