# SPDX-License-Identifier: BSD-3-Clause
"""Vandermonde matrices, least-squares fits and roots of power series
(numpy.polynomial.polynomial's polyvander, polyvander2d/3d, polyfit,
polycompanion, polyroots) on device arrays, coefficients lowest power first.

polyfit is NumPy's method: the Vandermonde matrix with unit-norm columns,
solved by linalg.lstsq (an SVD on the device). polyroots takes the
eigenvalues of the balanced companion matrix (Note [Balancing companion
matrices] in linalg/_balancing.py)."""
import functools
import operator
import warnings

import numpy
from numpy.exceptions import RankWarning

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty, zeros
from gpuarray._array_manipulation.axes import moveaxis
from gpuarray._array_manipulation.joining import stack
from gpuarray._matrix_building.matrices import eye
from gpuarray._sorting_searching.searching import where
from gpuarray._sorting_searching.sorting import sort
from gpuarray._ufunc.ufuncs import sqrt
from gpuarray.linalg._balancing import balanced, real_if_imag_zero
from gpuarray.linalg._decompositions import eigvals
from gpuarray.linalg._least_squares import lstsq
from gpuarray.polynomial._power_series_calculus import _as_int
from gpuarray.polynomial.polyutils import as_series

__all__ = ["polyvander", "polyvander2d", "polyvander3d", "polyfit", "polycompanion", "polyroots"]


def polyvander(x, deg):
    """Vandermonde matrix of given degree.

    ``V[..., i] = x**i`` for ``0 <= i <= deg``.

    Parameters
    ----------
    x : array_like
        The points (integers count as float64; a scalar as one point).
    deg : int
        The degree.

    Returns
    -------
    vander : ndarray
        Of shape ``x.shape + (deg + 1,)``: a view with the powers on the last
        axis, strided as NumPy's.

    Raises
    ------
    TypeError
        If `deg` is not an integer.
    ValueError
        If `deg` is negative.

    Notes
    -----
    Each power is the previous one times `x` (one kernel per power), so the
    values round as NumPy's.

    See Also
    --------
    polyvander2d, polyvander3d, polyfit, polyval

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polyvander(xp.array([1.0, 2.0, 3.0]), 2)
    array([[1., 1., 1.],
           [1., 2., 4.],
           [1., 3., 9.]])
    >>> P.polyvander(2, 3)
    array([[1., 2., 4., 8.]])
    """
    degree = _as_int(deg, "deg")
    if degree < 0:
        raise ValueError("deg must be non-negative")
    x = asarray(x)
    x = (x.reshape(1) if x.ndim == 0 else x) + 0.0
    powers = empty((degree + 1,) + x.shape, x.dtype)
    powers[0] = x * 0 + 1
    if degree > 0:
        powers[1] = x
        for i in range(2, degree + 1):
            powers[i] = powers[i - 1] * x
    return moveaxis(powers, 0, -1)


def _vander_nd(points, degrees):
    """The flattened product of 1-D Vandermonde matrices, one per coordinate."""
    if len(points) != len(degrees):
        raise ValueError(f"Expected {len(points)} dimensions of degrees, got {len(degrees)}")
    points = stack([asarray(p) for p in points]) + 0.0  # one shape, one dtype, as NumPy's
    n = len(degrees)
    factors = [polyvander(points[i], degrees[i])[(...,) + tuple(slice(None) if j == i else None for j in range(n))]
               for i in range(n)]
    v = functools.reduce(operator.mul, factors)
    return v.reshape(v.shape[:-n] + (-1,))


def polyvander2d(x, y, deg):
    """Pseudo-Vandermonde matrix of given degrees.

    ``V[..., (deg[1] + 1) * i + j] = x**i * y**j``.

    Parameters
    ----------
    x, y : array_like
        The points' coordinates, of one shape.
    deg : list of ints
        ``[x_deg, y_deg]``.

    Returns
    -------
    vander2d : ndarray
        Of shape ``x.shape + ((x_deg + 1) * (y_deg + 1),)``.

    Raises
    ------
    ValueError
        If `deg` does not hold two degrees or a degree is negative.

    See Also
    --------
    polyvander, polyvander3d, polyval2d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polyvander2d(xp.array([2.0]), xp.array([3.0]), [1, 2])
    array([[ 1.,  3.,  9.,  2.,  6., 18.]])
    >>> P.polyvander2d(xp.zeros(4), xp.zeros(4), [2, 2]).shape
    (4, 9)
    """
    return _vander_nd((x, y), deg)


def polyvander3d(x, y, z, deg):
    """Pseudo-Vandermonde matrix of given degrees.

    ``V[..., (m + 1) * (n + 1) * i + (n + 1) * j + k] = x**i * y**j * z**k``
    for ``deg = [l, m, n]``.

    Parameters
    ----------
    x, y, z : array_like
        The points' coordinates, of one shape.
    deg : list of ints
        ``[x_deg, y_deg, z_deg]``.

    Returns
    -------
    vander3d : ndarray
        Of shape ``x.shape + ((l + 1) * (m + 1) * (n + 1),)``.

    Raises
    ------
    ValueError
        If `deg` does not hold three degrees or a degree is negative.

    See Also
    --------
    polyvander, polyvander2d, polyval3d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polyvander3d(xp.array([2.0]), xp.array([3.0]), xp.array([5.0]), [1, 0, 1])
    array([[ 1.,  5.,  2., 10.]])
    >>> P.polyvander3d(xp.ones(3), xp.ones(3), xp.ones(3), [1, 1, 1]).shape
    (3, 8)
    """
    return _vander_nd((x, y, z), deg)


def _checked_fit_arguments(x, y, deg, w):
    """x, y (float), the degrees (host) and w, with NumPy's errors (the
    degrees' first: they need no copy to the device)."""
    deg = numpy.asarray(deg)
    if deg.ndim > 1 or deg.dtype.kind not in "iu" or deg.size == 0:
        raise TypeError("deg must be an int or non-empty 1-D array of int")
    if deg.min() < 0:
        raise ValueError("expected deg >= 0")
    x = asarray(x) + 0.0
    y = asarray(y) + 0.0
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if len(x) != len(y):
        raise TypeError("expected x and y to have same length")
    if w is not None:
        w = asarray(w) + 0.0
        if w.ndim != 1:
            raise TypeError("expected 1D vector for w")
        if len(x) != len(w):
            raise TypeError("expected x and w to have same length")
    return x, y, deg, w


def polyfit(x, y, deg, rcond=None, full=False, w=None):
    """Least-squares fit of a polynomial to data.

    The coefficients (lowest power first) minimizing
    ``sum(w**2 * (y - polyval(x, c))**2)``.

    Parameters
    ----------
    x : array_like, shape (M,)
        The sample points.
    y : array_like, shape (M,) or (M, K)
        The values; each column of a 2-D `y` is fitted on its own.
    deg : int or 1-D array_like of ints
        The degree, or the list of the powers to fit (the others are zero).
    rcond : float, optional
        Relative cut-off for small singular values (default
        ``len(x) * eps``).
    full : bool, optional
        Also return the diagnostics of the least-squares solve.
    w : array_like, shape (M,), optional
        Weights of the residuals.

    Returns
    -------
    coef : ndarray, shape (deg + 1,) or (deg + 1, K)
        The coefficients, lowest power first.
    [residuals, rank, singular_values, rcond] : list
        With ``full=True``: linalg.lstsq's results for the scaled system and
        the cut-off used.

    Raises
    ------
    TypeError
        If `deg` is not an int or 1-D ints, `x` is not a non-empty 1-D
        array, `y` is not 1-D or 2-D, or the lengths differ.
    ValueError
        If a degree is negative.

    Warns
    -----
    numpy.exceptions.RankWarning
        When the scaled Vandermonde matrix is rank deficient and `full` is
        False.

    Notes
    -----
    NumPy's method: the columns of the (weighted) Vandermonde matrix scaled
    to unit norm (zero columns left alone), solved by `linalg.lstsq` (an SVD
    on the device), the coefficients unscaled. The rank is read back to the
    host for the warning.

    See Also
    --------
    polyval, polyvander, gpuarray.polyfit, linalg.lstsq

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> x = xp.linspace(-1, 1, 11)
    >>> P.polyfit(x, 3 - 2 * x + x ** 3, 3).round(8)
    array([ 3., -2.,  0.,  1.])
    >>> P.polyfit(x, 3 - 2 * x + x ** 3, [0, 1, 3]).round(8)
    array([ 3., -2.,  0.,  1.])
    """
    x, y, deg, w = _checked_fit_arguments(x, y, deg, w)
    if deg.ndim == 0:
        highest = int(deg)
        order = highest + 1
        van = polyvander(x, highest)
    else:
        deg = numpy.sort(deg)
        highest = int(deg[-1])
        order = len(deg)
        van = polyvander(x, highest)[:, asarray(deg)]
    lhs, rhs = van.T, y.T
    if w is not None:
        lhs = lhs * w
        rhs = rhs * w
    if rcond is None:
        rcond = len(x) * numpy.finfo(x.dtype).eps
    if lhs.dtype.kind == "c":
        scale = sqrt((lhs.real * lhs.real + lhs.imag * lhs.imag).sum(1))
    else:
        scale = sqrt((lhs * lhs).sum(1))
    scale = where(scale == 0, 1, scale)
    c, residuals, rank, s = lstsq(lhs.T / scale, rhs.T, rcond)
    c = (c.T / scale).T
    if deg.ndim > 0:
        spread = zeros((highest + 1,) + c.shape[1:], c.dtype)
        spread[asarray(deg)] = c
        c = spread
    if rank != order and not full:
        warnings.warn("The fit may be poorly conditioned", RankWarning, stacklevel=2)
    if full:
        return c, [residuals, rank, s, rcond]
    return c


def polycompanion(c):
    """Return the companion matrix of c.

    Parameters
    ----------
    c : array_like
        1-D coefficients, lowest power first, of degree at least 1.

    Returns
    -------
    mat : ndarray
        The ``(deg, deg)`` companion matrix: ones below the diagonal, and
        ``-c[:-1] / c[-1]`` in the last column. Its eigenvalues are the
        roots of `c`.

    Raises
    ------
    ValueError
        If `c` has degree 0 (after trailing zeros are removed).

    See Also
    --------
    polyroots, linalg.eigvals

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polycompanion(xp.array([6.0, -5.0, 1.0]))
    array([[ 0., -6.],
           [ 1.,  5.]])
    >>> P.polycompanion([1, 2])
    array([[-0.5]])
    """
    [c] = as_series([c])
    if len(c) < 2:
        raise ValueError("Series must have maximum degree of at least 1.")
    if len(c) == 2:
        return (-c[0] / c[1]).reshape(1, 1)
    n = len(c) - 1
    mat = eye(n, k=-1, dtype=c.dtype)
    mat[:, -1] -= c[:-1] / c[-1]
    return mat


def polyroots(c):
    """Compute the roots of a polynomial.

    Parameters
    ----------
    c : array_like
        1-D coefficients, lowest power first.

    Returns
    -------
    out : ndarray
        The roots, sorted (complex ones lexicographically); of the
        coefficients' real dtype when they are real and so is every root
        (with NumPy 2.4 and 2.5 alike), complex otherwise; empty for a
        constant.

    Notes
    -----
    The eigenvalues of the companion matrix, balanced first as LAPACK
    balances it for NumPy (Note [Balancing companion matrices]): the matrix
    is read back to the host to find the power-of-two scales, then
    `linalg.eigvals` runs on the device. Trimming the coefficients reads
    one integer. Roots of high multiplicity or of very high degree are
    ill-conditioned, on the device as in NumPy.

    See Also
    --------
    polyfromroots, polycompanion, gpuarray.roots

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polyroots(xp.array([-2.0, 1.0, 1.0])).round(8)
    array([-2.,  1.])
    >>> P.polyroots([1.0, 0.0, 1.0]).round(8)
    array([0.-1.j, 0.+1.j])
    """
    [c] = as_series([c])
    if len(c) < 2:
        return asarray(numpy.array([], dtype=c.dtype))
    if len(c) == 2:
        return (-c[0] / c[1]).reshape(1)
    companion = polycompanion(c)
    return real_if_imag_zero(sort(eigvals(balanced(companion))), companion)

