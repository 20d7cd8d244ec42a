# SPDX-License-Identifier: BSD-3-Clause
"""Matrices built from vectors (SciPy's special matrices that take data):
toeplitz, circulant, hankel, convolution_matrix, leslie, companion,
fiedler, fiedler_companion, block_diag, khatri_rao. Each is one gather or a
few indexed writes on the device; batch axes follow SciPy's."""
import warnings

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty, zeros
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.axes import atleast_1d, atleast_2d
from gpuarray._array_manipulation.broadcasting import broadcast_shapes, broadcast_to
from gpuarray._array_manipulation.joining import concatenate
from gpuarray._array_padding.padding import pad
from gpuarray._ufunc.ufuncs import absolute, conjugate

__all__ = ["block_diag", "circulant", "companion", "convolution_matrix", "fiedler", "fiedler_companion", "hankel",
           "khatri_rao", "leslie", "toeplitz"]


def _gather(values, index):
    """values[..., index] for a host int index array (uploaded once)."""
    return values[..., asarray(index)]


def toeplitz(c, r=None):
    """Construct a Toeplitz matrix, or a stack of them.

    Parameters
    ----------
    c : array_like
        First column, shape ``(..., M)``; a scalar is a 1-vector.
    r : array_like, optional
        First row, shape ``(..., N)``; ``r[..., 0]`` is ignored (the corner
        is ``c[..., 0]``). None (default) means ``conjugate(c)``: a
        Hermitian Toeplitz matrix when ``c[0]`` is real.

    Returns
    -------
    A : ndarray
        Shape ``(..., M, N)`` with ``A[i, j] = c[i - j]`` for ``i >= j`` and
        ``r[j - i]`` otherwise; the batch axes of `c` and `r` broadcast.

    Notes
    -----
    One gather on the device from the values ``c[::-1]`` then ``r[1:]``.

    See Also
    --------
    circulant, hankel, convolution_matrix

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import toeplitz
    >>> toeplitz(xp.array([1, 2, 3]), xp.array([1, 4, 5, 6]))
    array([[1, 4, 5, 6],
           [2, 1, 4, 5],
           [3, 2, 1, 4]])
    >>> toeplitz(xp.array([1.0, 2 + 3j, 4 - 1j]))
    array([[1.+0.j, 2.-3.j, 4.+1.j],
           [2.+3.j, 1.+0.j, 2.-3.j],
           [4.-1.j, 2.+3.j, 1.+0.j]])
    """
    c = atleast_1d(asarray(c))
    r = conjugate(c) if r is None else atleast_1d(asarray(r))
    batch = broadcast_shapes(c.shape[:-1], r.shape[:-1])
    m, n = c.shape[-1], r.shape[-1]
    values = concatenate([broadcast_to(c[..., ::-1], batch + (m,)), broadcast_to(r[..., 1:], batch + (max(n - 1, 0),))],
                         axis=-1)
    if m == 0 or n == 0:
        return empty(batch + (m, n), dtype=values.dtype)
    index = (m - 1) - numpy.arange(m)[:, None] + numpy.arange(n)[None, :]
    return _gather(values, index)


def circulant(c):
    """Construct a circulant matrix, or a stack of them.

    Parameters
    ----------
    c : array_like
        First column, shape ``(..., N)``.

    Returns
    -------
    A : ndarray
        Shape ``(..., N, N)``, ``A[i, j] = c[(i - j) % N]``.

    Notes
    -----
    One gather on the device.

    See Also
    --------
    toeplitz, hankel

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import circulant
    >>> circulant(xp.array([1, 2, 3]))
    array([[1, 3, 2],
           [2, 1, 3],
           [3, 2, 1]])
    >>> circulant(xp.ones((4, 5))).shape
    (4, 5, 5)
    """
    c = atleast_1d(asarray(c))
    n = c.shape[-1]
    if n == 0:
        return empty(c.shape + (0,), dtype=c.dtype)
    return _gather(c, (numpy.arange(n)[:, None] - numpy.arange(n)[None, :]) % n)


def hankel(c, r=None):
    """Construct a Hankel matrix.

    Parameters
    ----------
    c : array_like
        First column, length M; multidimensional input is flattened, with
        SciPy 1.17's FutureWarning.
    r : array_like, optional
        Last row, length N; ``r[0]`` is ignored (the corner is ``c[-1]``).
        None (default) means zeros.

    Returns
    -------
    A : ndarray
        Shape ``(M, N)``, ``A[i, j] = c[i + j]`` while ``i + j < M``, else
        ``r[i + j - M + 1]``.

    Notes
    -----
    One gather on the device.

    See Also
    --------
    toeplitz, circulant

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import hankel
    >>> hankel(xp.array([1, 17, 99]))
    array([[ 1, 17, 99],
           [17, 99,  0],
           [99,  0,  0]])
    >>> hankel(xp.array([1, 2, 3, 4]), xp.array([4, 7, 7, 8, 9]))
    array([[1, 2, 3, 4, 7],
           [2, 3, 4, 7, 7],
           [3, 4, 7, 7, 8],
           [4, 7, 7, 8, 9]])
    """
    c = asarray(c)
    r = zeros(c.shape, dtype=c.dtype) if r is None else asarray(r)
    if c.ndim > 1 or r.ndim > 1:
        warnings.warn("Beginning in SciPy 1.19, multidimensional input will be treated as a batch, not `ravel`ed. To "
                      "preserve the existing behavior and silence this warning, `ravel` arguments before passing "
                      "them to `hankel`.", FutureWarning, stacklevel=2)
    c, r = c.reshape(-1), r.reshape(-1)
    m, n = c.shape[0], r.shape[0]
    values = concatenate([c, r[1:]])
    if m == 0 or n == 0:
        return empty((m, n), dtype=values.dtype)
    return _gather(values, numpy.arange(m)[:, None] + numpy.arange(n)[None, :])


def leslie(f, s):
    """Create a Leslie matrix, or a stack of them.

    Parameters
    ----------
    f : array_like
        Fecundity coefficients, shape ``(..., N)``.
    s : array_like
        Survival coefficients, shape ``(..., N - 1)``.

    Returns
    -------
    L : ndarray
        Shape ``(..., N, N)``: `f` as its first row, `s` on the
        subdiagonal, zeros elsewhere; the dtype `f` and `s` promote to.

    Raises
    ------
    ValueError
        If the lengths do not differ by one, or `s` is empty.

    Notes
    -----
    Two indexed writes into a zero array on the device.

    See Also
    --------
    companion

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import leslie
    >>> leslie(xp.array([0.1, 2.0, 1.0, 0.1]), xp.array([0.2, 0.8, 0.7]))
    array([[0.1, 2. , 1. , 0.1],
           [0.2, 0. , 0. , 0. ],
           [0. , 0.8, 0. , 0. ],
           [0. , 0. , 0.7, 0. ]])
    >>> leslie(xp.ones((2, 3)), xp.ones(2)).shape
    (2, 3, 3)
    """
    f, s = atleast_1d(asarray(f)), atleast_1d(asarray(s))
    if f.shape[-1] != s.shape[-1] + 1:
        raise ValueError("Incorrect lengths for f and s. The length of s along the last axis must be one less than "
                         "the length of f.")
    if s.shape[-1] == 0:
        raise ValueError("The length of s must be at least 1.")
    n = f.shape[-1]
    batch = broadcast_shapes(f.shape[:-1], s.shape[:-1])
    out = zeros(batch + (n, n), dtype=numpy.result_type(f.dtype, s.dtype))
    out[..., 0, :] = f
    out[..., arange(1, n), arange(0, n - 1)] = s
    return out


def companion(a):
    """Create a companion matrix, or a stack of them.

    Parameters
    ----------
    a : array_like
        Polynomial coefficients, highest degree first, shape ``(..., N)``
        with ``N >= 2`` and ``a[..., 0]`` nonzero.

    Returns
    -------
    c : ndarray
        Shape ``(..., N - 1, N - 1)``: ``-a[1:] / a[0]`` as its first row,
        ones on the subdiagonal. float64 for integer input, as SciPy.

    Raises
    ------
    ValueError
        If ``N < 2`` or a leading coefficient is zero (that check reads one
        flag back to the host).

    Notes
    -----
    The eigenvalues of `c` are the roots of the polynomial.

    See Also
    --------
    fiedler_companion, leslie

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import companion
    >>> companion(xp.array([1, -10, 31, -30]))
    array([[ 10., -31.,  30.],
           [  1.,   0.,   0.],
           [  0.,   1.,   0.]])
    >>> companion(xp.ones((3, 4))).shape
    (3, 3, 3)
    """
    a = atleast_1d(asarray(a))
    n = a.shape[-1]
    if n < 2:
        raise ValueError("The length of `a` along the last axis must be at least 2.")
    if bool((a[..., 0] == 0).any().get()):
        raise ValueError("The first coefficient(s) of `a` (i.e. elements of `a[..., 0]`) must not be zero.")
    first_row = -a[..., 1:] / (1.0 * a[..., 0:1])
    c = zeros(a.shape[:-1] + (n - 1, n - 1), dtype=first_row.dtype)
    c[..., 0, :] = first_row
    if n > 2:
        c[..., arange(1, n - 1), arange(0, n - 2)] = 1
    return c


def fiedler(a):
    """Return a symmetric Fiedler matrix, or a stack of them.

    Parameters
    ----------
    a : array_like
        Coefficients, shape ``(..., N)``.

    Returns
    -------
    F : ndarray
        Shape ``(..., N, N)``, ``F[i, j] = abs(a[i] - a[j])``. As in SciPy
        1.18, an empty `a` gives a 0 x 0 float64 array and a one-element `a`
        the 1 x 1 float64 zero matrix.

    Notes
    -----
    One broadcast subtraction on the device.

    See Also
    --------
    circulant, toeplitz

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import fiedler
    >>> fiedler(xp.array([1, 4, 12, 45, 77]))
    array([[ 0,  3, 11, 44, 76],
           [ 3,  0,  8, 41, 73],
           [11,  8,  0, 33, 65],
           [44, 41, 33,  0, 32],
           [76, 73, 65, 32,  0]])
    >>> fiedler(xp.array([2.0]))
    array([[0.]])
    """
    a = atleast_1d(asarray(a))
    if a.size == 0:
        return empty((0, 0), dtype=numpy.float64)
    if a.size == 1:
        return zeros((1, 1), dtype=numpy.float64)
    return absolute(a[..., :, None] - a[..., None, :])


def fiedler_companion(a):
    """Return a Fiedler companion matrix, or a stack of them.

    Parameters
    ----------
    a : array_like
        Polynomial coefficients, highest degree first, shape ``(..., N)``.

    Returns
    -------
    c : ndarray
        Shape ``(..., N - 1, N - 1)``: a pentadiagonal matrix with the
        polynomial's roots as eigenvalues, in the dtype of ``a / a[0]``. For
        ``N == 2``, ``[[-a[1] / a[0]]]``; as in SciPy 1.18, an empty array
        of `a`'s dtype and shape for an empty `a`, of shape ``(..., 0, 0)``
        for ``N == 1``.

    Raises
    ------
    ValueError
        If a leading coefficient is zero (checked by one read back to the
        host), "Leading coefficient is zero.".

    Notes
    -----
    A few indexed writes into a zero array on the device.

    See Also
    --------
    companion

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import fiedler_companion
    >>> fiedler_companion(xp.array([1., -16., 86., -176., 105.]))
    array([[  16.,  -86.,    1.,    0.],
           [   1.,    0.,    0.,    0.],
           [   0.,  176.,    0., -105.],
           [   0.,    1.,    0.,    0.]])
    >>> fiedler_companion(xp.array([2., 6.]))
    array([[-3.]])
    """
    a = atleast_1d(asarray(a))
    n1 = a.shape[-1]
    if a.size == 0:
        return empty(a.shape, dtype=a.dtype)
    if n1 < 2:
        return empty(a.shape[:-1] + (0, 0), dtype=a.dtype)
    if n1 > 2 and bool((a[..., 0] == 0).any().get()):
        raise ValueError("Leading coefficient is zero.")
    a = a / a[..., :1]
    if n1 == 2:
        return -a[..., 1:, None]
    n = n1 - 1
    c = zeros(a.shape[:-1] + (n, n), dtype=a.dtype)

    def put(rows, cols, values):
        if len(rows):
            c[..., asarray(numpy.asarray(rows, dtype=numpy.int64)), asarray(numpy.asarray(cols, dtype=numpy.int64))] \
                = values
    put(range(3, n, 2), range(1, n - 2, 2), 1)          # subdiagonals
    put(range(2, n, 2), range(1, n - 1, 2), -a[..., 3::2])
    put(range(0, n - 2, 2), range(2, n, 2), 1)          # superdiagonals
    put(range(0, n - 1, 2), range(1, n, 2), -a[..., 2::2])
    c[..., 0, 0] = -a[..., 1]
    c[..., 1, 0] = 1
    return c


def convolution_matrix(a, n, mode="full"):
    """Construct a convolution matrix, or a stack of them.

    Parameters
    ----------
    a : array_like
        The kernel, shape ``(..., m)``.
    n : int
        The length of the vectors the matrix convolves.
    mode : {'full', 'valid', 'same'}, optional
        As `numpy.convolve`'s: the rows kept (default 'full').

    Returns
    -------
    A : ndarray
        Toeplitz matrices of shape ``(..., k, n)`` with ``A @ v`` equal to
        ``convolve(a, v, mode)``: k is ``m + n - 1`` ('full'),
        ``max(m, n)`` ('same') or ``max(m, n) - min(m, n) + 1`` ('valid').

    Raises
    ------
    ValueError
        If ``n <= 0``, `a` is empty, or `mode` is not one of the above.

    Notes
    -----
    Built by `toeplitz` from the zero-padded kernel, on the device.

    See Also
    --------
    toeplitz, gpuarray.convolve

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import convolution_matrix
    >>> convolution_matrix(xp.array([-1, 4, -2]), 5, mode='same')
    array([[ 4, -1,  0,  0,  0],
           [-2,  4, -1,  0,  0],
           [ 0, -2,  4, -1,  0],
           [ 0,  0, -2,  4, -1],
           [ 0,  0,  0, -2,  4]])
    >>> convolution_matrix(xp.array([1, 2]), 3)
    array([[1, 0, 0],
           [2, 1, 0],
           [0, 2, 1],
           [0, 0, 2]])
    """
    if n <= 0:
        raise ValueError("n must be a positive integer.")
    if mode not in ("full", "valid", "same"):
        raise ValueError("'mode' argument must be one of ('full', 'valid', 'same')")
    a = asarray(a)
    if a.size == 0:
        raise ValueError("len(a) must be at least 1.")
    a = atleast_1d(a)
    m = a.shape[-1]
    widths = [(0, 0)] * (a.ndim - 1) + [(0, n - 1)]
    az = pad(a, widths, "constant")
    raz = pad(a[..., ::-1], widths, "constant")
    length = az.shape[-1]
    if mode == "full":
        col0, row0 = az, raz[..., length - n:]
    else:
        trim = min(n, m) - 1
        tb = trim // 2 if mode == "same" else trim
        te = trim - tb if mode == "same" else trim
        col0 = az[..., tb:length - te]
        row0 = raz[..., length - n - tb:length - tb]
    return toeplitz(col0, row0)


def block_diag(*arrs):
    """Create a block diagonal matrix from the given arrays.

    Parameters
    ----------
    *arrs : array_like
        The blocks: scalars and 1-D arrays are rows (shape ``(1, n)``);
        arrays of more dimensions are stacks of blocks whose batch axes
        broadcast together.

    Returns
    -------
    D : ndarray
        The blocks on the diagonal, zeros elsewhere; shape ``(..., sum of
        rows, sum of columns)``, in the dtype the blocks promote to. No
        argument gives an empty ``(1, 0)`` float64 array, as SciPy.

    Notes
    -----
    One slice write per block into a zero array on the device.

    See Also
    --------
    khatri_rao

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import block_diag
    >>> block_diag(xp.array([[1, 0], [0, 1]]), xp.array([[3, 4, 5], [6, 7, 8]]), xp.array([[7]]))
    array([[1, 0, 0, 0, 0, 0],
           [0, 1, 0, 0, 0, 0],
           [0, 0, 3, 4, 5, 0],
           [0, 0, 6, 7, 8, 0],
           [0, 0, 0, 0, 0, 7]])
    >>> block_diag(xp.array([1.0, 2.0]), xp.array([[3.0]]))
    array([[1., 2., 0.],
           [0., 0., 3.]])
    """
    if not arrs:
        return empty((1, 0), dtype=numpy.float64)
    blocks = [atleast_2d(asarray(a)) for a in arrs]
    batch = broadcast_shapes(*[b.shape[:-2] for b in blocks])
    dtype = numpy.result_type(*[b.dtype for b in blocks])
    rows = sum(b.shape[-2] for b in blocks)
    cols = sum(b.shape[-1] for b in blocks)
    out = zeros(batch + (rows, cols), dtype=dtype)
    r = c = 0
    for b in blocks:
        rr, cc = b.shape[-2:]
        if rr and cc:
            out[..., r:r + rr, c:c + cc] = b
        r, c = r + rr, c + cc
    return out


def khatri_rao(a, b):
    """Khatri-Rao product: the column-wise Kronecker product.

    Parameters
    ----------
    a : array_like
        Shape ``(..., n, k)``.
    b : array_like
        Shape ``(..., m, k)``; batch axes broadcast against `a`'s.

    Returns
    -------
    c : ndarray
        Shape ``(..., n * m, k)``, column ``j`` the Kronecker product of the
        columns ``j`` of `a` and `b`.

    Raises
    ------
    ValueError
        If `a` or `b` has fewer than two dimensions, or their column counts
        differ.

    Notes
    -----
    One broadcast multiplication on the device.

    See Also
    --------
    gpuarray.kron, block_diag

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import khatri_rao
    >>> khatri_rao(xp.array([[1, 2, 3], [4, 5, 6]]), xp.array([[3, 4, 5], [6, 7, 8], [2, 3, 9]]))
    array([[ 3,  8, 15],
           [ 6, 14, 24],
           [ 2,  6, 27],
           [12, 20, 30],
           [24, 35, 48],
           [ 8, 15, 54]])
    >>> khatri_rao(xp.ones((5, 2, 3)), xp.ones((4, 3))).shape
    (5, 8, 3)
    """
    a, b = asarray(a), asarray(b)
    if a.ndim < 2 or b.ndim < 2:
        raise ValueError("The both arrays should be 2-dimensional.")
    if a.shape[-1] != b.shape[-1]:
        raise ValueError("The number of columns for both arrays should be equal.")
    batch = broadcast_shapes(a.shape[:-2], b.shape[:-2])
    shape = batch + (a.shape[-2] * b.shape[-2], a.shape[-1])
    if a.size == 0 or b.size == 0:
        return empty(shape, dtype=numpy.result_type(a.dtype, b.dtype))
    return (a[..., :, None, :] * b[..., None, :, :]).reshape(shape)
