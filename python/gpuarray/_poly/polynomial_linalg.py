# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's legacy polynomial functions that solve with linear algebra:
polyfit (a least-squares fit through linalg.lstsq on the column-scaled
Vandermonde matrix), roots (eigenvalues of the balanced companion matrix)
and poly (coefficients from roots, multiplied out through convolve's direct
sums; from a square matrix's eigenvalues). Coefficients are highest power
first, as NumPy's. Where NumPy's result depends on values (roots strips
leading and trailing zeros, polyfit warns on a rank-deficient fit, poly
drops an imaginary part that conjugate roots cancel), those values are read
back to the host."""
import warnings

import numpy
from numpy.exceptions import RankWarning

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import ones, zeros
from gpuarray._array_manipulation.axes import atleast_1d
from gpuarray._array_manipulation.joining import concatenate
from gpuarray._array_manipulation.shapes import ravel
from gpuarray._array_manipulation.stacking import hstack
from gpuarray._math.correlation import convolve
from gpuarray._matrix_building.matrices import diag, vander
from gpuarray._sorting_searching.searching import nonzero
from gpuarray._sorting_searching.sorting import sort
from gpuarray._ufunc.ufuncs import sqrt
from gpuarray.linalg._balancing import balanced, real_if_imag_zero
from gpuarray.linalg._decompositions import eigvals
from gpuarray.linalg._elementwise_products import outer
from gpuarray.linalg._least_squares import lstsq
from gpuarray.linalg._products import dot
from gpuarray.linalg._solve import inv

__all__ = ["polyfit", "roots", "poly"]


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """Least squares polynomial fit.

    Fits ``p[0] * x**deg + ... + p[deg]`` to the points ``(x, y)``,
    minimizing the (weighted) squared error.

    Parameters
    ----------
    x : array_like, shape (M,)
        The sample points.
    y : array_like, shape (M,) or (M, K)
        The values; with 2-D `y` each column is fitted on its own.
    deg : int
        Degree of the polynomial.
    rcond : float, optional
        Relative cut-off for small singular values (default
        ``len(x) * eps``).
    full : bool, optional
        Also return the diagnostics of the least-squares solve.
    w : array_like, shape (M,), optional
        Weights multiplying ``y - p(x)`` (1/sigma for Gaussian errors).
    cov : bool or str, optional
        Also return the covariance of the coefficients, scaled by the
        residuals unless ``cov='unscaled'``.

    Returns
    -------
    p : ndarray, shape (deg + 1,) or (deg + 1, K)
        The coefficients, highest power first (float64, or complex128 for
        complex input).
    residuals, rank, singular_values, rcond
        With ``full=True``: linalg.lstsq's results for the scaled system, and
        the cut-off used.
    V : ndarray, shape (deg + 1, deg + 1) or (deg + 1, deg + 1, K)
        With ``cov=True`` (and ``full=False``): the covariance matrix.

    Raises
    ------
    ValueError
        If `deg` is negative, or `cov` asks for scaling with no more points
        than coefficients.
    TypeError
        If `x` is not a non-empty 1-D array, `y` is not 1-D or 2-D, or the
        lengths of `x`, `y` and `w` differ, as in NumPy.
    numpy.linalg.LinAlgError
        If the least-squares solve fails (NaN or infinite input).

    Warns
    -----
    numpy.exceptions.RankWarning
        When the scaled Vandermonde matrix is rank deficient and `full` is
        False.

    Notes
    -----
    NumPy's method: the Vandermonde matrix of `x` (times `w`), its columns
    scaled to unit norm, solved by `linalg.lstsq` (an SVD on the device),
    the coefficients unscaled. The rank is read back to the host (for the
    warning), which waits for the device.

    See Also
    --------
    polyval, linalg.lstsq, vander

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([0.0, 1.0, 2.0, 3.0])
    >>> xp.polyfit(x, 2 * x * x - x + 3, 2).round(8)
    array([ 2., -1.,  3.])
    >>> xp.polyfit(x, xp.stack([x, -x], axis=1), 1)[0].round(8)
    array([ 1., -1.])
    """
    order = int(deg) + 1
    x = asarray(x) + 0.0
    y = asarray(y) + 0.0
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    if rcond is None:
        rcond = len(x) * numpy.finfo(x.dtype).eps
    lhs = vander(x, order)
    rhs = y
    if w is not None:
        w = asarray(w) + 0.0
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        lhs = lhs * w[:, None]
        rhs = rhs * (w[:, None] if rhs.ndim == 2 else w)
    scale = sqrt((lhs * lhs).sum(axis=0))
    lhs = lhs / scale
    c, residuals, rank, s = lstsq(lhs, rhs, rcond)
    c = (c.T / scale).T  # undo the column scaling
    if rank != order and not full:
        warnings.warn("Polyfit may be poorly conditioned", RankWarning, stacklevel=2)
    if full:
        return c, residuals, rank, s, rcond
    if not cov:
        return c
    base = inv(dot(lhs.T, lhs)) / outer(scale, scale)
    if cov == "unscaled":
        factor = 1
    else:
        if len(x) <= order:
            raise ValueError("the number of data points must exceed order to scale the covariance matrix")
        factor = residuals / (len(x) - order)
    return c, (base * factor if y.ndim == 1 else base[:, :, None] * factor)


def roots(p):
    """Return the roots of a polynomial with coefficients given in p.

    Parameters
    ----------
    p : array_like
        Rank-1 coefficients, highest power first.

    Returns
    -------
    out : ndarray
        The roots: real when `p` is real and every root is, else complex;
        empty for a constant or all-zero `p`.
        Trailing zero coefficients give zero roots.

    Raises
    ------
    ValueError
        If `p` is not 1-D.
    numpy.linalg.LinAlgError
        If `p` holds NaN or infinity.

    Notes
    -----
    The eigenvalues of the companion matrix, as NumPy's: leading and trailing
    zero coefficients are found with one `nonzero`, read back to the host
    (the matrix size depends on them); the matrix is balanced as LAPACK
    balances it (its scales found on the host), then `linalg.eigvals` runs
    on the device, and one more read decides whether the roots are real. Roots come
    in the order the eigenvalue solver gives them, which may differ from
    NumPy's.

    See Also
    --------
    polyval, polyfit, linalg.eigvals

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.sort(xp.roots(xp.array([1.0, -3.0, 2.0])))
    array([1., 2.])
    >>> xp.roots(xp.array([1.0, 0.0, 0.0]))
    array([0., 0.])
    """
    p = atleast_1d(asarray(p))
    if p.ndim != 1:
        raise ValueError("Input must be a rank-1 array.")
    where_nonzero = nonzero(ravel(p))[0].get()  # host positions: the companion matrix's size depends on them
    if len(where_nonzero) == 0:
        return asarray(numpy.array([]))
    first, last = int(where_nonzero[0]), int(where_nonzero[-1])
    trailing_zeros = len(p) - last - 1
    p = p[first:last + 1]
    if p.dtype.kind not in "fc":
        p = p.astype(float)
    n = len(p)
    if n > 1:
        companion = diag(ones(n - 2, p.dtype), -1)
        companion[0, :] = -p[1:] / p[0]
        found = eigvals(balanced(companion))  # Note [Balancing companion matrices]
        found = real_if_imag_zero(found, companion)
    else:
        found = asarray(numpy.array([]))
    return hstack((found, zeros(trailing_zeros, found.dtype)))


def poly(seq_of_zeros):
    """Find the coefficients of a polynomial with the given sequence of roots.

    Parameters
    ----------
    seq_of_zeros : array_like, shape (N,) or (N, N)
        The roots; a square matrix stands for its eigenvalues (the result is
        then its characteristic polynomial).

    Returns
    -------
    c : ndarray or float
        The monic polynomial's coefficients, highest power first: real when
        the complex roots come in conjugate pairs; 1.0 (a Python float, as
        NumPy's) for no roots.

    Raises
    ------
    ValueError
        If the input is neither 1-D nor a non-empty square matrix.

    Notes
    -----
    NumPy's product of the factors ``(x - root)``: one convolve per root, then
    (for complex roots) one sorted comparison read back to the host, which
    decides whether the coefficients are real.

    See Also
    --------
    roots, polyval, linalg.eigvals

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.poly(xp.array([1.0, 2.0]))
    array([ 1., -3.,  2.])
    >>> xp.poly(xp.array([1j, -1j]))
    array([1., 0., 1.])
    """
    zeros_ = atleast_1d(asarray(seq_of_zeros))
    shape = zeros_.shape
    if len(shape) == 2 and shape[0] == shape[1] and shape[0] != 0:
        zeros_ = eigvals(zeros_)
    elif len(shape) == 1:
        zeros_ = zeros_.astype(numpy.mintypecode(zeros_.dtype.char))
    else:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    if len(zeros_) == 0:
        return 1.0
    dtype = zeros_.dtype
    c = ones((1,), dtype=dtype)
    for root in zeros_:
        c = convolve(c, concatenate((ones((1,), dtype=dtype), -root.reshape(1))), mode="full")
    if c.dtype.kind == "c":
        as_complex = zeros_.astype(complex)
        if bool((sort(as_complex) == sort(as_complex.conjugate())).all()):
            c = c.real.copy()
    return c
