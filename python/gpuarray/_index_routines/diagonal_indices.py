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
    """The indices of the main diagonal of an n x ... x n array: one arange(n), ndim times."""
    idx = arange(n)
    return (idx,) * ndim


def diag_indices_from(arr):
    """diag_indices for `arr`, whose axes (at least two) must all have one length."""
    shape = arr.shape if isinstance(arr, ndarray) else numpy.shape(arr)
    if len(shape) < 2:
        raise ValueError("input array must be at least 2-d")
    if any(n != shape[0] for n in shape[1:]):
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(shape[0], len(shape))


def tril_indices(n, k=0, m=None):
    """(rows, columns) of the elements at and below the k-th diagonal of an n x m array."""
    return nonzero(tri(n, m, k=k, dtype=numpy.bool_))


def triu_indices(n, k=0, m=None):
    """(rows, columns) of the elements at and above the k-th diagonal of an n x m array."""
    return nonzero(logical_not(tri(n, m, k=operator.index(k) - 1, dtype=numpy.bool_)))


def _square_shape(arr):
    shape = arr.shape if isinstance(arr, ndarray) else numpy.shape(arr)
    if len(shape) != 2:
        raise ValueError("input array must be 2-d")
    return shape


def tril_indices_from(arr, k=0):
    """tril_indices for the shape of the 2-D `arr`."""
    rows, cols = _square_shape(arr)
    return tril_indices(rows, k=k, m=cols)


def triu_indices_from(arr, k=0):
    """triu_indices for the shape of the 2-D `arr`."""
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
    """Writes `val` (a scalar, or values repeated along the diagonal in order) on the main
    diagonal of `a` in place; `wrap` restarts the diagonal below a tall matrix's square."""
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
    """The (rows, columns) where mask_func(ones((n, n)), k) (e.g. triu) is nonzero."""
    return nonzero(not_equal(mask_func(ones((n, n), int), k), 0))


def diagonal(a, offset=0, axis1=0, axis2=1):
    """The diagonal `offset` of the planes (`axis1`, `axis2`) of `a`: a read-only view."""
    return asarray(a).diagonal(offset, axis1, axis2)
