# SPDX-License-Identifier: BSD-3-Clause
"""Matrix creation: eye, identity, tri, tril, triu, diag, diagflat, fromfunction (NumPy's semantics)."""
import operator

import numpy

from gpuarray import _core
from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty, zeros
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._base.device_arg import accepts_device
from gpuarray._core import ndarray
from gpuarray._math.scans import cumprod
from gpuarray._sorting_searching.searching import where

__all__ = ["eye", "identity", "tri", "tril", "triu", "diag", "diagflat", "fromfunction", "vander"]


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
    """Return a 2-D array with ones on one diagonal and zeros elsewhere.

    Parameters
    ----------
    N : int
        Number of rows.
    M : int, optional
        Number of columns; None (default) means `N`.
    k : int, optional
        Diagonal to fill: 0 (default) is the main diagonal, a positive value
        one above it, a negative value one below it. A diagonal wholly outside
        the array leaves it all zeros.
    dtype : data-type, optional
        Dtype of the result (default float64).
    order : {'C', 'F'}, optional
        Row-major ('C', default) or column-major ('F') layout.
    device : gpuarray.cuda.Device, optional
        Keyword-only: the device to make the array on, current while it is
        made. None (default) means the current device.

    Returns
    -------
    out : ndarray
        A device array of shape ``(N, M)`` whose k-th diagonal is one and
        whose other elements are zero.

    Raises
    ------
    ValueError
        If `N` or `M` is negative, `order` is not 'C' or 'F', or `device` is
        neither None nor a gpuarray.cuda.Device.
    TypeError
        If `N`, `M` or `k` is not an integer, or `dtype` is not a bool,
        integer, float or complex dtype.

    Notes
    -----
    The array is cleared by an asynchronous memset and the diagonal, a
    strided view of it, is then set by one fill kernel; nothing is read back
    to the host. NumPy's `like` argument is not accepted.

    See Also
    --------
    identity, diag, tri, zeros

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.eye(3, dtype=int)
    array([[1, 0, 0],
           [0, 1, 0],
           [0, 0, 1]])
    >>> xp.eye(2, 3, k=1)
    array([[0., 1., 0.],
           [0., 0., 1.]])
    """
    m = zeros((N, N if M is None else M), dtype, order)
    d = _diagonal(m, operator.index(k))
    if d.size:
        d._fill(1)
    return m


def identity(n, dtype=None):
    """Return the square identity matrix.

    Parameters
    ----------
    n : int
        Number of rows and of columns.
    dtype : data-type, optional
        Dtype of the result; None (default) means float64.

    Returns
    -------
    out : ndarray
        A device array of shape ``(n, n)`` with ones on the main diagonal and
        zeros elsewhere.

    Raises
    ------
    ValueError
        If `n` is negative.
    TypeError
        If `n` is not an integer, or `dtype` is not a bool, integer, float or
        complex dtype.

    Notes
    -----
    This is ``eye(n, dtype=dtype)``: a memset and one fill kernel for the
    diagonal, with nothing read back to the host. NumPy's `like` argument is
    not accepted, and there is no `device` argument (use `eye` for one).

    See Also
    --------
    eye, diag

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.identity(3)
    array([[1., 0., 0.],
           [0., 1., 0.],
           [0., 0., 1.]])
    >>> xp.identity(2, dtype=bool)
    array([[ True, False],
           [False,  True]])
    """
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=float):
    """Return an array with ones at and below a diagonal and zeros above it.

    Parameters
    ----------
    N : int
        Number of rows.
    M : int, optional
        Number of columns; None (default) means `N`.
    k : int, optional
        The diagonal at and below which the array is one: 0 (default) is the
        main diagonal, a positive value one above it, a negative value one
        below it.
    dtype : data-type, optional
        Dtype of the result (default float64).

    Returns
    -------
    out : ndarray
        A device array of shape ``(N, M)`` whose element ``[i, j]`` is one
        where ``j <= i + k`` and zero elsewhere.

    Raises
    ------
    TypeError
        If `N`, `M` or `k` is not an integer, or `dtype` is not a bool,
        integer, float or complex dtype.
    OverflowError
        If `k` does not fit in a 64-bit integer (as in NumPy).

    Notes
    -----
    A negative `N` or `M` gives an empty array, as in NumPy. The whole array
    is written by one kernel, with `k` first clamped to ``[-N, M]`` (where the
    pattern stops changing) so that the device's index arithmetic cannot
    overflow; nothing is read back to the host. NumPy's `like` argument is not
    accepted.

    See Also
    --------
    tril, triu, eye

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.tri(3)
    array([[1., 0., 0.],
           [1., 1., 0.],
           [1., 1., 1.]])
    >>> xp.tri(3, 4, k=1, dtype=int)
    array([[1, 1, 0, 0],
           [1, 1, 1, 0],
           [1, 1, 1, 1]])
    """
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
    """Return the lower triangle of an array.

    Parameters
    ----------
    m : array_like
        Array of at least one dimension; for more than two, each matrix of the
        last two axes is treated, and a 1-D `m` is taken as every row of a
        square matrix.
    k : int, optional
        Diagonal above which elements are zeroed: 0 (default) is the main
        diagonal, a positive value one above it, a negative value one below.

    Returns
    -------
    out : ndarray
        A new device array of the dtype of `m` (2-D for a 1-D `m`, else of its
        shape) holding the elements of `m` at and below the k-th diagonal and
        zeros above it.

    Raises
    ------
    TypeError
        If `m` is 0-d or `k` is not an integer.

    Notes
    -----
    A host `m` is uploaded first. The mask comes from `tri` (a boolean array
    of the last two dimensions) and the result from one `where` select
    broadcasting it over `m`; nothing is read back to the host.

    See Also
    --------
    triu, tri, diag

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    >>> xp.tril(a)
    array([[1, 0, 0],
           [4, 5, 0],
           [7, 8, 9]])
    >>> xp.tril(a, k=-1)
    array([[0, 0, 0],
           [4, 0, 0],
           [7, 8, 0]])
    """
    return _triangle(m, operator.index(k), True)


def triu(m, k=0):
    """Return the upper triangle of an array.

    Parameters
    ----------
    m : array_like
        Array of at least one dimension; for more than two, each matrix of the
        last two axes is treated, and a 1-D `m` is taken as every row of a
        square matrix.
    k : int, optional
        Diagonal below which elements are zeroed: 0 (default) is the main
        diagonal, a positive value one above it, a negative value one below.

    Returns
    -------
    out : ndarray
        A new device array of the dtype of `m` (2-D for a 1-D `m`, else of its
        shape) holding the elements of `m` at and above the k-th diagonal and
        zeros below it.

    Raises
    ------
    TypeError
        If `m` is 0-d or `k` is not an integer.

    Notes
    -----
    A host `m` is uploaded first. The mask comes from `tri` with diagonal
    ``k - 1`` (a boolean array of the last two dimensions) and the result from
    one `where` select broadcasting it over `m`; nothing is read back to the
    host.

    See Also
    --------
    tril, tri, diag

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    >>> xp.triu(a)
    array([[1, 2, 3],
           [0, 5, 6],
           [0, 0, 9]])
    >>> xp.triu(a, k=1)
    array([[0, 2, 3],
           [0, 0, 6],
           [0, 0, 0]])
    >>> xp.triu(xp.array([1, 2, 3]))
    array([[1, 2, 3],
           [0, 2, 3],
           [0, 0, 3]])
    """
    return _triangle(m, operator.index(k), False)


def diag(v, k=0):
    """Extract a diagonal of a matrix, or build a matrix with a given diagonal.

    Parameters
    ----------
    v : array_like
        A 1-D array, to put on a diagonal of a new square matrix, or a 2-D
        array, whose diagonal is taken.
    k : int, optional
        The diagonal: 0 (default) is the main diagonal, a positive value one
        above it, a negative value one below it.

    Returns
    -------
    out : ndarray
        For a 1-D `v` of length n, a new zero-filled array of shape
        ``(n + abs(k), n + abs(k))`` and the dtype of `v` with `v` on its k-th
        diagonal. For a 2-D `v`, a read-only 1-D view of its k-th diagonal
        (empty if the diagonal lies outside `v`), as NumPy's.

    Raises
    ------
    ValueError
        If `v` is neither 1-D nor 2-D.
    TypeError
        If `k` is not an integer.

    Notes
    -----
    Input that is not a device array is converted with NumPy on the host
    (so its dimensions are checked before any device work) and then
    uploaded; the view of a 2-D host `v` is thus a view of its device copy.
    A 1-D `v` is copied into a strided view of a zeroed array; nothing is
    read back to the host.

    See Also
    --------
    diagflat, eye, tril, triu, ndarray.diagonal

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.diag(xp.array([1, 2, 3]))
    array([[1, 0, 0],
           [0, 2, 0],
           [0, 0, 3]])
    >>> xp.diag(xp.array([1, 2]), k=1)
    array([[0, 1, 0],
           [0, 0, 2],
           [0, 0, 0]])
    >>> a = xp.array([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    >>> xp.diag(a)
    array([1, 5, 9])
    >>> xp.diag(a, k=-1)
    array([4, 8])
    """
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
    """Build a 2-D array with the flattened input on a diagonal.

    Parameters
    ----------
    v : array_like
        Values for the diagonal; any shape, flattened in row-major order.
    k : int, optional
        The diagonal: 0 (default) is the main diagonal, a positive value one
        above it, a negative value one below it.

    Returns
    -------
    out : ndarray
        A new zero-filled device array of shape ``(n + abs(k), n + abs(k))``,
        n being the size of `v`, of the dtype of `v`, with the elements of
        `v` on its k-th diagonal.

    Raises
    ------
    TypeError
        If `k` is not an integer.

    Notes
    -----
    A host `v` is uploaded first; it is flattened (a copy only if it is not
    contiguous) and handed to `diag`. Nothing is read back to the host.

    See Also
    --------
    diag, eye

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.diagflat(xp.array([[1, 2], [3, 4]]))
    array([[1, 0, 0, 0],
           [0, 2, 0, 0],
           [0, 0, 3, 0],
           [0, 0, 0, 4]])
    >>> xp.diagflat(xp.array([5, 6]), k=-1)
    array([[0, 0, 0],
           [5, 0, 0],
           [0, 6, 0]])
    """
    return diag(asarray(v).reshape(-1), k)


def fromfunction(function, shape, *, dtype=float, **kwargs):
    """Build an array by calling a function on the coordinate arrays of a shape.

    Parameters
    ----------
    function : callable
        Called once as ``function(*indices, **kwargs)``, where ``indices[i]``
        is a device array of `shape` holding each element's coordinate along
        axis i; it should compute elementwise on those arrays.
    shape : sequence of ints
        Shape of the coordinate arrays, one per dimension.
    dtype : data-type, optional
        Keyword-only: dtype of the coordinate arrays (default float64).
    **kwargs : dict, optional
        More keyword arguments, passed on to `function`.

    Returns
    -------
    out : any
        Whatever `function` returns (usually a device array of `shape`).

    Raises
    ------
    TypeError
        If `shape` is not a sequence, or `dtype` is not a bool, integer,
        float or complex dtype.
    ValueError
        If a dimension of `shape` is negative.

    Notes
    -----
    The coordinate arrays are views of one device array of shape
    ``(len(shape),) + shape``, as NumPy's are views of `indices`; each is
    filled from a broadcast `arange`, and nothing is read back to the host
    unless `function` does so. NumPy's `like` argument is not accepted: a
    `like` keyword is passed on to `function` with the other `kwargs`.

    See Also
    --------
    indices, meshgrid, arange

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.fromfunction(lambda i, j: i + j, (2, 3), dtype=int)
    array([[0, 1, 2],
           [1, 2, 3]])
    >>> xp.fromfunction(lambda i, j: i == j, (3, 3))
    array([[ True, False, False],
           [False,  True, False],
           [False, False,  True]])
    >>> xp.fromfunction(lambda i, j, n: i * n + j, (2, 3), dtype=int, n=10)
    array([[ 0,  1,  2],
           [10, 11, 12]])
    """
    shape = tuple(shape)
    n = len(shape)
    grid = empty((n,) + shape, dtype)
    for i, size in enumerate(shape):
        grid[i] = arange(size, dtype=dtype).reshape((1,) * i + (size,) + (1,) * (n - i - 1))
    return function(*(grid[i] for i in range(n)), **kwargs)


def vander(x, N=None, increasing=False):
    """Generate a Vandermonde matrix.

    Column ``j`` holds ``x ** (N - 1 - j)`` (``x ** j`` with
    ``increasing=True``).

    Parameters
    ----------
    x : array_like
        1-D input (host data is copied to the device first).
    N : int, optional
        Number of columns; ``len(x)`` by default (a square matrix).
    increasing : bool, optional
        Whether the powers increase from left to right (default: they
        decrease, the last column being all ones).

    Returns
    -------
    out : ndarray
        Of shape ``(len(x), N)`` and dtype ``promote_types(x.dtype, int)``
        (int64, float64 or complex128 for the usual inputs), as NumPy's.

    Raises
    ------
    ValueError
        If `x` is not one-dimensional, or `N` is negative.

    Notes
    -----
    As NumPy: a column of ones, then a running product of `x` along the
    rows (one scan kernel), so integers wrap on overflow as NumPy's do.
    Floating values may differ from NumPy's in the last bits: the scan
    groups the products in another order.

    See Also
    --------
    polynomial.polynomial.polyvander

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.vander(xp.array([1, 2, 3, 5]), 3)
    array([[ 1,  1,  1],
           [ 4,  2,  1],
           [ 9,  3,  1],
           [25,  5,  1]])
    >>> xp.vander(xp.array([1.0, 2.0]), increasing=True)
    array([[1., 1.],
           [1., 2.]])
    """
    x = asarray(x)
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    n = x.shape[0] if N is None else operator.index(N)
    out = empty((x.shape[0], n), dtype=numpy.promote_types(x.dtype, int))
    powers = out if increasing else out[:, ::-1]  # powers[:, j] = x ** j
    if n > 0:
        powers[:, 0] = 1
    if n > 1:
        columns = broadcast_to(x[:, None], (x.shape[0], n - 1))
        powers[:, 1:] = cumprod(columns, axis=1, dtype=out.dtype)  # multiplied in out's dtype, as NumPy
    return out
