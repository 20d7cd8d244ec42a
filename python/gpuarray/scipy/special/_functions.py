# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special's functions that are not ufuncs but wrap them: zeta (the
Riemann or the Hurwitz function, by whether q is given), polygamma and
multigammaln."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.ranges import arange
from gpuarray._core import ndarray
from gpuarray._reduction.reductions import sum as _sum
from gpuarray._sorting_searching.searching import where
from gpuarray.scipy.special._ufuncs import UFUNCS

__all__ = ["zeta", "polygamma", "multigammaln"]


def zeta(x, q=None, out=None):
    """The Riemann zeta function, or the Hurwitz zeta function ``sum (k + q)**-x`` when `q` is given.

    Parameters
    ----------
    x : array_like of float
        Input values.
    q : array_like of float, optional
        The Hurwitz function's shift; without it, the Riemann function (every real `x`).
    out : ndarray, optional
        Where to write the result.

    Returns
    -------
    out : ndarray
        The values; for the Hurwitz function NaN where ``x < 1``, as SciPy.

    See Also
    --------
    zetac

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import zeta
    >>> float(zeta(xp.array(2.0)))  # doctest: +ELLIPSIS
    1.6449340668...
    """
    if q is None:
        return UFUNCS["_riemann_zeta"](x, out=out)
    return UFUNCS["_zeta"](x, q, out=out)


def polygamma(n, x):
    """The polygamma function, the n-th derivative of the digamma function.

    Parameters
    ----------
    n : array_like of int
        Orders (0 gives the digamma function).
    x : array_like of float
        Real arguments.

    Returns
    -------
    ndarray
        ``(-1)**(n+1) n! zeta(n+1, x)`` for ``n >= 1``, ``digamma(x)`` for ``n = 0``, broadcast.

    See Also
    --------
    digamma, zeta

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import polygamma
    >>> round(float(polygamma(xp.array(1), xp.array(1.0))), 12)  # pi**2 / 6
    1.644934066848
    """
    n = n if isinstance(n, ndarray) else asarray(n)
    x = x if isinstance(x, ndarray) else asarray(x)
    order = n.astype(numpy.float64) if n.dtype.kind != "f" else n
    derivative = (-1.0) ** (order + 1) * UFUNCS["gamma"](order + 1.0) * UFUNCS["_zeta"](order + 1, x)
    return where(order == 0, UFUNCS["digamma"](x), derivative)


def multigammaln(a, d):
    """The log of the multivariate gamma function of dimension `d`.

    Parameters
    ----------
    a : array_like
        Values, each greater than ``(d - 1) / 2``.
    d : int
        The dimension (SciPy checks only that it is an integer: 0 gives 0).

    Returns
    -------
    res : ndarray
        ``d (d-1)/4 log(pi) + sum_{j=1..d} gammaln(a - (j-1)/2)``.

    Raises
    ------
    ValueError
        If `d` is not an integer or some ``a <= (d - 1) / 2`` (checked before the sum, as SciPy).

    See Also
    --------
    gammaln

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import multigammaln
    >>> round(float(multigammaln(xp.array(3.5), 2)), 10)
    2.4664857258
    """
    if not numpy.isscalar(d) or int(d) != d:
        raise ValueError("d should be a positive integer (dimension)")  # SciPy's check and words
    d = int(d)
    a = a if isinstance(a, ndarray) else asarray(a)
    if not numpy.issubdtype(a.dtype, numpy.inexact):
        a = a.astype(numpy.float64)
    if bool((a <= 0.5 * (d - 1)).any()):
        raise ValueError(f"condition a ({a}) > 0.5 * (d-1) ({0.5 * (d - 1)}) not met")
    shifts = arange(d, dtype=a.dtype) * 0.5
    terms = UFUNCS["gammaln"](a.reshape(a.shape + (1,)) - shifts)
    return _sum(terms, axis=-1) + d * (d - 1) * 0.25 * numpy.log(numpy.pi)
