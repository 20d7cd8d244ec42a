# SPDX-License-Identifier: BSD-3-Clause
"""Properties of matrices: norm, issymmetric, ishermitian, bandwidth."""
import numpy

from gpuarray._array_creation.ranges import arange
from gpuarray._logic.comparisons import isclose
from gpuarray._matrix_building.matrices import eye
from gpuarray._sorting_searching.searching import where
from gpuarray._ufunc.ufuncs import conj, logical_or
from gpuarray.linalg import norm as numpy_norm
from gpuarray.scipy.linalg._validation import validated

__all__ = ["bandwidth", "ishermitian", "issymmetric", "norm"]


def norm(a, ord=None, axis=None, keepdims=False, check_finite=True):
    """Matrix or vector norm.

    Parameters
    ----------
    a : array_like
        Input array; without `axis`, 1-D or 2-D unless `ord` is None.
    ord : {int, float, inf, -inf, 'fro', 'nuc'}, optional
        The norm, as `numpy.linalg.norm`'s (default: 2-norm of vectors,
        Frobenius norm of matrices).
    axis : int or 2-tuple of ints, optional
        The axis (vector norms) or axes (matrix norms) to reduce; None
        (default) reduces the whole array.
    keepdims : bool, optional
        Keep the reduced axes with size one.
    check_finite : bool, optional
        Raise ValueError if `a` holds NaN or an infinity (default True).

    Returns
    -------
    n : ndarray
        The norm: a 0-d device array where SciPy returns a float.

    Raises
    ------
    ValueError
        For an invalid `ord` or `axis` (as NumPy), or when `check_finite`
        finds a NaN or an infinity.

    Notes
    -----
    `gpuarray.linalg.norm` after the finite check; SciPy's BLAS/LAPACK
    shortcuts (nrm2, lange) compute the same norms.

    See Also
    --------
    gpuarray.linalg.norm

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import norm
    >>> a = xp.arange(9.0).reshape(3, 3) - 4
    >>> norm(a).round(6)
    array(7.745967)
    >>> norm(a, 1), norm(a, xp.inf)
    (array(7.), array(9.))
    """
    a = validated(a, check_finite=check_finite)
    return numpy_norm(a, ord=ord, axis=axis, keepdims=keepdims)


def _square_2d(a):
    a = validated(a, check_finite=False)
    if a.ndim < 2:
        raise ValueError("Input array must be a 2D NumPy array.")
    if a.shape[-1] != a.shape[-2]:
        raise ValueError("Input array must be square.")
    if a.dtype.char in "e":
        raise TypeError("No matching signature found")
    return a


def _result(flags):
    """Python bool for one matrix, a device bool array over a stack."""
    return bool(flags.get()) if flags.ndim == 0 else flags


def _mirrors(a, other, atol, rtol, skip_diagonal):
    if atol is None and rtol is None:
        same = a == other
        if skip_diagonal:
            same = logical_or(same, eye(a.shape[-1], dtype=numpy.bool_))
        return same.all(axis=(-2, -1))
    atol = 0.0 if atol is None else atol
    rtol = 0.0 if rtol is None else rtol
    return isclose(a, other, rtol=rtol, atol=atol).all(axis=(-2, -1))


def issymmetric(a, atol=None, rtol=None):
    """Check whether a square matrix (each of a stack) is symmetric.

    Parameters
    ----------
    a : array_like
        Shape ``(..., N, N)``.
    atol : float, optional
        Absolute tolerance; with `rtol`, the comparison is
        ``isclose(a, a.T)`` (the missing one taken as 0). Without either,
        the entries must be equal.
    rtol : float, optional
        Relative tolerance (see `atol`).

    Returns
    -------
    sym : bool or ndarray
        A Python bool for one matrix (read back from the device), a device
        bool array over a stack.

    Raises
    ------
    ValueError
        If `a` has fewer than two dimensions or is not square.
    TypeError
        For float16, as SciPy.

    Notes
    -----
    Complex matrices are tested for symmetry, not Hermitian symmetry. The
    exact test skips the diagonal: NaN there is ignored, NaN elsewhere is
    never symmetric; infinities compare equal. An empty matrix is symmetric.

    See Also
    --------
    ishermitian

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import issymmetric
    >>> issymmetric(xp.array([[1., 2.], [2., 5.]]))
    True
    >>> issymmetric(xp.array([[1., 2.], [2.0001, 5.]]), atol=1e-3)
    True
    """
    a = _square_2d(a)
    return _result(_mirrors(a, a.mT, atol, rtol, skip_diagonal=True))


def ishermitian(a, atol=None, rtol=None):
    """Check whether a square matrix (each of a stack) is Hermitian.

    Parameters
    ----------
    a : array_like
        Shape ``(..., N, N)``.
    atol : float, optional
        Absolute tolerance, as in `issymmetric`.
    rtol : float, optional
        Relative tolerance, as in `issymmetric`.

    Returns
    -------
    her : bool or ndarray
        A Python bool for one matrix, a device bool array over a stack.

    Raises
    ------
    ValueError
        If `a` has fewer than two dimensions or is not square.
    TypeError
        For float16, as SciPy.

    Notes
    -----
    Compares `a` with its conjugate transpose, the diagonal included (it
    must be real). Real matrices are Hermitian when symmetric.

    See Also
    --------
    issymmetric

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import ishermitian
    >>> ishermitian(xp.array([[1, 2j], [-2j, 1]]))
    True
    >>> ishermitian(xp.array([[1j, 0], [0, 1]]))
    False
    """
    a = _square_2d(a)
    other = conj(a).mT if a.dtype.kind == "c" else a.mT
    return _result(_mirrors(a, other, atol, rtol, skip_diagonal=a.dtype.kind != "c"))


def bandwidth(a):
    """Return the lower and upper bandwidth of a matrix (each of a stack).

    Parameters
    ----------
    a : array_like
        Shape ``(..., M, N)``.

    Returns
    -------
    lu : tuple
        ``(lower, upper)``: the farthest nonzero diagonal below and above
        the main one (0 when none). Python ints for one matrix, host int
        arrays over a stack.

    Raises
    ------
    ValueError
        If `a` has fewer than two dimensions.
    TypeError
        For float16, as SciPy.

    Notes
    -----
    Two masked max reductions on the device, read back to the host.

    See Also
    --------
    solve_banded, issymmetric

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import bandwidth
    >>> bandwidth(xp.array([[1, 0, 0], [0, 1, 5], [3, 0, 1]]))
    (2, 1)
    >>> bandwidth(xp.eye(4))
    (0, 0)
    """
    a = validated(a, check_finite=False)
    if a.ndim < 2:
        raise ValueError("Input array must be at least 2D.")
    if a.dtype.char == "e":
        raise TypeError("No matching signature found")
    m, n = a.shape[-2:]
    if a.size == 0:
        zero = numpy.zeros(a.shape[:-2], dtype=numpy.int64)
        return (0, 0) if a.ndim == 2 else (zero, zero)
    offset = arange(m, dtype=numpy.int64)[:, None] - arange(n, dtype=numpy.int64)[None, :]  # i - j
    nonzero = a != 0
    lower = where(nonzero, offset, 0).max(axis=(-2, -1)).get()
    upper = where(nonzero, -offset, 0).max(axis=(-2, -1)).get()
    if a.ndim == 2:
        return int(lower), int(upper)
    return numpy.asarray(lower), numpy.asarray(upper)
