# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's legacy polynomial functions (numpy.polyval and its family) on
device arrays: coefficients highest power first, as NumPy's.

Each is NumPy's algorithm composed of gpuarray's operations: Horner's rule
(two elementwise kernels per coefficient), slices and concatenations,
a least-squares fit through linalg.lstsq on the column-scaled Vandermonde
matrix, and roots as eigenvalues of the companion matrix. Where NumPy's
result depends on values (roots strips leading and trailing zeros, polyfit
warns on a rank-deficient fit), those values are read back to the host.
polymul and poly multiply through convolve's direct sums; polydiv is NumPy's
long division, one coefficient per step. poly1d is in _poly1d.py, whose
wrappers of these functions take and give poly1d as NumPy's do."""
import warnings

import numpy
from numpy.exceptions import RankWarning

from gpuarray._comparisons import allclose
from gpuarray._core import ndarray
from gpuarray._correlation import convolve
from gpuarray._creation import asarray, ones, zeros, zeros_like
from gpuarray._joining import concatenate
from gpuarray._manipulation import atleast_1d
from gpuarray._matrices import diag, vander
from gpuarray._ranges import arange
from gpuarray._searching import nonzero
from gpuarray._shapes import ravel
from gpuarray._sorting import sort
from gpuarray._stacking import hstack
from gpuarray._ufuncs import sqrt
from gpuarray.linalg._balancing import balanced, real_if_imag_zero
from gpuarray.linalg._decompositions import eigvals
from gpuarray.linalg._norms import lstsq
from gpuarray.linalg._elementwise_products import outer
from gpuarray.linalg._products import dot
from gpuarray.linalg._solve import inv

__all__ = ["polyval", "polyadd", "polysub", "polymul", "polydiv", "polyder", "polyint", "polyfit", "roots", "poly"]


def polyval(p, x):
    """Evaluate a polynomial at specific values.

    ``p[0] * x**(N-1) + p[1] * x**(N-2) + ... + p[N-1]`` by Horner's rule.

    Parameters
    ----------
    p : array_like or poly1d
        Coefficients, highest power first (host data is copied to the device
        first). A 2-D `p` evaluates one polynomial per column, broadcast
        against `x`.
    x : array_like or poly1d
        Where to evaluate; a poly1d gives the composition ``p(x)``, a poly1d.

    Returns
    -------
    values : ndarray
        Of the broadcast shape of `x` (and `p`'s columns), in the promoted
        dtype of `p` and `x` as NumPy's; a 0-d array for scalar `x`.

    Raises
    ------
    TypeError
        If `p` is 0-d (it has no coefficients to iterate), as in NumPy.

    Notes
    -----
    NumPy's loop: ``y = y * x + p[i]`` for each coefficient, two elementwise
    kernels each, so the values and their rounding are NumPy's (up to
    fused multiply-add differences on the device).

    See Also
    --------
    polyfit, roots, vander

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.polyval(xp.array([3, 0, 1]), 5)
    array(76)
    >>> xp.polyval(xp.array([3.0, 0.0, 1.0]), xp.array([0.5, 2.0]))
    array([ 1.75, 13.  ])
    """
    p = asarray(p)
    x = asarray(x)
    y = zeros_like(x)
    for coefficient in p:
        y = y * x + coefficient
    return y


def _padded_pair(a1, a2):
    """`a1` and `a2` as 1-D device arrays of one length: the shorter gets
    leading zeros of its own dtype (lowest powers stay aligned)."""
    a1, a2 = atleast_1d(asarray(a1)), atleast_1d(asarray(a2))
    extra = a2.shape[0] - a1.shape[0]
    if extra > 0:
        a1 = concatenate((zeros(extra, a1.dtype), a1))
    elif extra < 0:
        a2 = concatenate((zeros(-extra, a2.dtype), a2))
    return a1, a2


def polyadd(a1, a2):
    """Find the sum of two polynomials.

    Parameters
    ----------
    a1, a2 : array_like or poly1d
        Coefficients, highest power first; scalars count as degree-0
        polynomials.

    Returns
    -------
    out : ndarray or poly1d
        A poly1d if either input is one. The coefficients of the sum, as long as the longer input, in the
        promoted dtype.

    See Also
    --------
    polysub, polyval

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.polyadd(xp.array([1, 2]), xp.array([9, 5, 4]))
    array([9, 6, 6])
    >>> xp.polyadd(xp.array([1.5, 0.0]), 2)
    array([1.5, 2. ])
    """
    a1, a2 = _padded_pair(a1, a2)
    return a1 + a2


def polysub(a1, a2):
    """Difference (subtraction) of two polynomials.

    Parameters
    ----------
    a1, a2 : array_like or poly1d
        Coefficients, highest power first: the minuend and the subtrahend.

    Returns
    -------
    out : ndarray or poly1d
        A poly1d if either input is one.
        The coefficients of ``a1 - a2``, as long as the longer input, in the
        promoted dtype.

    See Also
    --------
    polyadd, polyval

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.polysub(xp.array([2, 10, -2]), xp.array([3, 10, -4]))
    array([-1,  0,  2])
    """
    a1, a2 = _padded_pair(a1, a2)
    return a1 - a2


def polyder(p, m=1):
    """Return the derivative of the specified order of a polynomial.

    Parameters
    ----------
    p : array_like or poly1d
        Coefficients, highest power first.
    m : int, optional
        Order of the derivative (default 1; 0 returns `p`).

    Returns
    -------
    der : ndarray or poly1d
        A poly1d if `p` is one.
        The coefficients of the `m`-th derivative (one shorter per order,
        empty past the degree).

    Raises
    ------
    ValueError
        If `m` is negative.

    See Also
    --------
    polyint, polyval

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.polyder(xp.array([1, 1, 1, 1]))
    array([3, 2, 1])
    >>> xp.polyder(xp.array([1.0, 1.0, 1.0, 1.0]), 2)
    array([6., 2.])
    """
    m = int(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive (see polyint)")
    p = asarray(p)
    for _ in range(m):
        n = len(p) - 1
        p = p[:-1] * arange(n, 0, -1)
    return p


def polyint(p, m=1, k=None):
    """Return an antiderivative (indefinite integral) of a polynomial.

    Parameters
    ----------
    p : array_like or poly1d
        Coefficients, highest power first (a poly1d gives a poly1d).
    m : int, optional
        Order of the antiderivative (default 1; 0 returns `p`).
    k : list of `m` scalars or scalar, optional
        Integration constants, for the first integration first (default
        zeros); one scalar stands for `m` equal constants.

    Returns
    -------
    out : ndarray
        The coefficients of the antiderivative (one longer per order).

    Raises
    ------
    ValueError
        If `m` is negative or `k` has fewer than `m` values.

    See Also
    --------
    polyder, polyval

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.polyint(xp.array([3.0, 2.0, 1.0]))
    array([1., 1., 1., 0.])
    >>> xp.polyint(xp.array([1.0]), 2, k=[5, 7])
    array([0.5, 5. , 7. ])
    """
    m = int(m)
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    # Host constants stay on the host until checked: an error comes before any device work.
    k = numpy.zeros(m) if k is None else k if isinstance(k, ndarray) else numpy.asarray(k)
    k = atleast_1d(k) if isinstance(k, ndarray) else numpy.atleast_1d(k)
    if len(k) == 1 and m > 1:
        k = k[0] * (ones(m, float) if isinstance(k, ndarray) else numpy.ones(m))
    if len(k) < m:
        raise ValueError("k must be a scalar or a rank-1 array of length 1 or >m.")
    k = asarray(k)
    p = asarray(p)
    for i in range(m):
        p = concatenate((p / arange(len(p), 0, -1), k[i:i + 1]))
    return p


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


def polymul(a1, a2):
    """Find the product of two polynomials.

    Parameters
    ----------
    a1, a2 : array_like or poly1d
        Coefficients, highest power first; scalars count as degree-0
        polynomials.

    Returns
    -------
    out : ndarray or poly1d
        A poly1d if either input is one. The coefficients of the product (``len(a1) + len(a2) - 1`` of them),
        in the promoted dtype.

    Notes
    -----
    As NumPy's: each input loses its leading zeros (one position read back
    to the host), then ``convolve`` sums each coefficient directly.

    See Also
    --------
    convolve, polydiv, polyadd

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.polymul(xp.array([1, 2, 3]), xp.array([9, 5, 1]))
    array([ 9, 23, 38, 17,  3])
    >>> xp.polymul(xp.array([1.0, -1.0]), xp.array([1.0, 1.0]))
    array([ 1.,  0., -1.])
    """
    return convolve(_trimmed(a1), _trimmed(a2))


def _trimmed(c):
    """Coefficients as numpy.poly1d keeps them: 1-D, leading zeros removed
    ([0] if nothing is left); finding them reads one position to the host."""
    c = atleast_1d(asarray(c))
    if c.ndim > 1:
        raise ValueError("Polynomial must be 1d only.")
    where_nonzero = nonzero(c)[0]
    if where_nonzero.size == 0:
        return zeros(1, c.dtype)
    return c[int(where_nonzero[0].get()):]


def polydiv(u, v):
    """Returns the quotient and remainder of polynomial division.

    Parameters
    ----------
    u : array_like or poly1d
        Dividend coefficients, highest power first (a poly1d `u` or `v`
        gives a pair of poly1d).
    v : array_like or poly1d
        Divisor coefficients, highest power first; ``v[0]`` must not be zero.

    Returns
    -------
    q : ndarray
        Quotient coefficients (float64, or complex128 for complex input).
    r : ndarray
        Remainder coefficients, with leading (near-)zeros removed as NumPy
        removes them.

    Notes
    -----
    NumPy's long division: one step per quotient coefficient, each a few
    small kernels; trimming the remainder reads one comparison back to the
    host per leading zero.

    See Also
    --------
    polymul, polyadd

    Examples
    --------
    >>> import gpuarray as xp
    >>> q, r = xp.polydiv(xp.array([3.0, 5.0, 2.0]), xp.array([2.0, 1.0]))
    >>> q
    array([1.5 , 1.75])
    >>> r
    array([0.25])
    """
    u = atleast_1d(asarray(u)) + 0.0
    v = atleast_1d(asarray(v)) + 0.0
    dtype = numpy.result_type(u.dtype, v.dtype)
    m, n = len(u) - 1, len(v) - 1
    scale = 1.0 / v[0]
    q = zeros((max(m - n + 1, 1),), dtype)
    r = u.astype(dtype)
    for k in range(m - n + 1):
        d = scale * r[k]
        q[k] = d
        r[k:k + n + 1] -= d * v
    while r.shape[-1] > 1 and allclose(r[0], 0, rtol=1e-14):
        r = r[1:]
    return q, r


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
