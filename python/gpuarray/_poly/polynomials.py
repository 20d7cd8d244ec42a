# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's legacy polynomial functions (numpy.polyval and its family) on
device arrays: coefficients highest power first, as NumPy's. This module
holds evaluation, arithmetic and calculus: polyval, polyadd, polysub,
polymul, polydiv, polyder and polyint; polyfit, roots and poly, which solve with
linalg, are in _poly/polynomial_linalg.py.

Each is NumPy's algorithm composed of gpuarray's operations: Horner's rule
(two elementwise kernels per coefficient), slices and concatenations.
polymul multiplies through convolve's direct sums; polydiv is NumPy's long
division, one coefficient per step. Where NumPy's result depends on values
(leading zeros are trimmed), those values are read back to the host.
poly1d is in _poly/poly1d.py, whose wrappers of these functions take and give
poly1d as NumPy's do."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import ones, zeros, zeros_like
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.axes import atleast_1d
from gpuarray._array_manipulation.joining import concatenate
from gpuarray._core import ndarray
from gpuarray._logic.comparisons import allclose
from gpuarray._math.correlation import convolve
from gpuarray._sorting_searching.searching import nonzero

__all__ = ["polyval", "polyadd", "polysub", "polymul", "polydiv", "polyder", "polyint"]


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
