# SPDX-License-Identifier: BSD-3-Clause
"""Matrix creation: eye, identity, tri, tril, triu, diag, diagflat, fromfunction (NumPy's semantics)."""
import operator

import numpy

from gpuarray import _core
from gpuarray._core import ndarray
from gpuarray._creation import asarray, empty, zeros
from gpuarray._ranges import arange
from gpuarray._searching import where
from gpuarray._device_arg import accepts_device

__all__ = ["eye", "identity", "tri", "tril", "triu", "diag", "diagflat", "fromfunction"]


def _diagonal(a, k):
    """The k-th diagonal of the 2-D `a` as a strided view, laid out as NumPy's diagonal
    (an empty view, element 0 unmoved, when `k` is past the edge)."""
    rows, cols = a.shape
    row_stride, col_stride = a.strides
    if k >= 0:
        n, offset = min(rows, cols - k), k * col_stride
    else:
        n, offset = min(rows + k, cols), -k * row_stride
    if n <= 0:
        n, offset = 0, 0
    return a._view((n,), (row_stride + col_stride,), offset)


@accepts_device
def eye(N, M=None, k=0, dtype=float, order="C"):
    """An N x M (M defaults to N) array with ones on the k-th diagonal, zeros elsewhere."""
    m = zeros((N, N if M is None else M), dtype, order)
    d = _diagonal(m, operator.index(k))
    if d.size:
        d._fill(1)
    return m


def identity(n, dtype=None):
    """The n x n identity matrix (float64 by default)."""
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=float):
    """An N x M (M defaults to N) array with ones at and below the k-th diagonal."""
    N = operator.index(N)
    M = N if M is None else operator.index(M)
    # NumPy builds the mask from arange(N) and arange(M): negative sizes are empty.
    N, M = max(N, 0), max(M, 0)
    k = int(numpy.int64(operator.index(k)))  # NumPy's OverflowError beyond int64
    out = empty((N, M), dtype)
    if out.size:
        # Clamped where the mask stops changing, so that row + k cannot overflow on the device.
        _core._fill_tri(out, min(max(k, -N), M))
    return out


def _triangle(m, k, keep_lower):
    """`m` (its last two axes, a 1-D `m` as rows of a square) with the elements above
    (`keep_lower`) or below the k-th diagonal zeroed: one select against tri's mask
    (a 0-d `m` gives tri no size: TypeError, as NumPy)."""
    m = asarray(m)
    mask = tri(*m.shape[-2:], k=k if keep_lower else k - 1, dtype=numpy.bool_)
    zero = m.dtype.type(0)
    return where(mask, m, zero) if keep_lower else where(mask, zero, m)


def tril(m, k=0):
    """A copy of `m` with the elements above the k-th diagonal set to zero."""
    return _triangle(m, operator.index(k), True)


def triu(m, k=0):
    """A copy of `m` with the elements below the k-th diagonal set to zero."""
    return _triangle(m, operator.index(k), False)


def diag(v, k=0):
    """For a 1-D `v`, a new 2-D array with `v` on its k-th diagonal; for a 2-D `v`, a
    read-only view of its k-th diagonal (as NumPy's)."""
    k = operator.index(k)
    if not isinstance(v, ndarray):
        v = numpy.asarray(v)  # checked on the host before the upload
    if v.ndim == 1:
        n = v.shape[0] + abs(k)
        res = zeros((n, n), v.dtype)
        if v.size:
            _diagonal(res, k)[...] = v
        return res
    if v.ndim == 2:
        d = _diagonal(asarray(v), k)
        d.flags.writeable = False
        return d
    raise ValueError("Input must be 1- or 2-d.")


def diagflat(v, k=0):
    """A new 2-D array with the flattened `v` on its k-th diagonal."""
    return diag(asarray(v).reshape(-1), k)


def fromfunction(function, shape, *, dtype=float, **kwargs):
    """``function(*indices, **kwargs)`` where the i-th index array (views of one array, as
    NumPy passes them) holds each element's coordinate along axis i."""
    shape = tuple(shape)
    n = len(shape)
    grid = empty((n,) + shape, dtype)
    for i, size in enumerate(shape):
        grid[i] = arange(size, dtype=dtype).reshape((1,) * i + (size,) + (1,) * (n - i - 1))
    return function(*(grid[i] for i in range(n)), **kwargs)
