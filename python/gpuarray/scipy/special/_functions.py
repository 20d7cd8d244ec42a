# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special's functions that are not ufuncs but wrap them: zeta (the
Riemann or the Hurwitz function, by whether q is given), polygamma,
multigammaln, softplus (NumPy's logaddexp from 0) and diric (the periodic sinc)."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.ranges import arange
from gpuarray._core import ndarray
from gpuarray._reduction.reductions import sum as _sum
from gpuarray._sorting_searching.searching import where
from gpuarray._ufunc.ufuncs import absolute, floor, logaddexp, remainder, rint, sin
from gpuarray.scipy.special._ufuncs import UFUNCS

__all__ = ["zeta", "polygamma", "multigammaln", "softplus", "diric"]


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


def softplus(x, **kwargs):
    """The softplus function ``log(1 + exp(x))``, a smooth rectifier.

    Parameters
    ----------
    x : array_like
        Input values.
    **kwargs
        The ufunc keywords (``out=``, ``where=``, ``dtype=``, ``casting=``), as SciPy.

    Returns
    -------
    out : ndarray
        ``logaddexp(0, x)``: exact for large negative `x` (``exp(x)``) and large positive `x` (``x``).

    Notes
    -----
    The result's dtype is logaddexp's for ``(0, x)``: float32 stays float32, integers give float64.

    See Also
    --------
    expit, log_expit

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import softplus
    >>> softplus(xp.array([0.0, -1000.0, 1000.0])).tolist()  # doctest: +ELLIPSIS
    [0.6931471805..., 0.0, 1000.0]
    """
    return logaddexp(0, x, **kwargs)


def diric(x, n):
    """The periodic sinc (Dirichlet) function ``sin(n x / 2) / (n sin(x / 2))``.

    Parameters
    ----------
    x : array_like
        Input values (computed in float64, as SciPy).
    n : array_like of int
        The function's degree, a positive integer; any other value gives NaN, as SciPy.

    Returns
    -------
    out : ndarray
        The values, float64; ``(-1)**(k (n - 1))`` at ``x = 2 pi k``, where the quotient is 0/0.

    See Also
    --------
    sinc

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import diric
    >>> diric(xp.array([0.0, 1.0, 3.141592653589793]), 3).tolist()  # doctest: +ELLIPSIS
    [1.0, 0.6935348..., -0.3333333...]
    """
    x = asarray(x).astype(numpy.float64)
    n = asarray(n).astype(numpy.float64)
    half = sin(x / 2)
    # x a multiple of 2 pi (to the rounding of sin): the limit (-1)^(k (n - 1)), k = x / (2 pi)
    pole = absolute(half) < 1.1 * numpy.finfo(numpy.float64).eps
    k = rint(x / (2 * numpy.pi))
    limit = where(remainder(k * (n - 1), 2) == 0, 1.0, -1.0)
    value = where(pole, limit, sin(n * x / 2) / (n * half))
    return where((n > 0) & (floor(n) == n), value, numpy.nan)
