# SPDX-License-Identifier: BSD-3-Clause
"""logsumexp, softmax and log_softmax, from array operations: the maximum
along the axes is subtracted before exp so that nothing overflows."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._core import ndarray
from gpuarray._reduction.extrema import max as _max
from gpuarray._reduction.reductions import sum as _sum
from gpuarray._sorting_searching.searching import where
from gpuarray._ufunc.ufuncs import abs as _abs, exp, isfinite, log, sign

__all__ = ["logsumexp", "softmax", "log_softmax"]


def _finite_max(a, axis):
    """The maximum along `axis` (kept), with non-finite maxima replaced by 0."""
    m = _max(a, axis=axis, keepdims=True)
    return where(isfinite(m), m, 0)


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False):
    """Computes ``log(sum(b * exp(a)))`` along `axis` without overflow.

    Parameters
    ----------
    a : array_like
        Input values.
    axis : None or int or tuple of ints, optional
        Axes to sum over; all of them by default.
    b : array_like, optional
        Weights for ``exp(a)``, broadcast against `a`; may be negative when
        `return_sign` is True.
    keepdims : bool, optional
        Keep the reduced axes with length 1.
    return_sign : bool, optional
        Return ``(log|s|, sign(s))`` of the signed sum ``s``.

    Returns
    -------
    res : ndarray
        ``log(|sum(b * exp(a))|)`` (``log(sum(...))`` without `return_sign`,
        NaN where the sum is negative).
    sgn : ndarray
        The sign of the sum, with `return_sign` only.

    Notes
    -----
    The maximum along `axis` is subtracted before exponentiating, as SciPy
    does; everything runs on the device.

    See Also
    --------
    softmax, log_softmax

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import logsumexp
    >>> float(logsumexp(xp.array([1000.0, 1000.0])))  # doctest: +ELLIPSIS
    1000.693...
    """
    a = a if isinstance(a, ndarray) else asarray(a)
    if not numpy.issubdtype(a.dtype, numpy.inexact):
        a = a.astype(numpy.float64)
    m = _finite_max(a, axis)
    e = exp(a - m)
    if b is not None:
        e = e * (b if isinstance(b, ndarray) else asarray(b))
    s = _sum(e, axis=axis, keepdims=keepdims)
    if not keepdims:
        m = m.reshape(s.shape) if axis is None else m.squeeze(axis=axis)
    if return_sign:
        sgn = sign(s)
        return log(_abs(s)) + m, sgn
    return log(s) + m


def softmax(x, axis=None):
    """The softmax ``exp(x) / sum(exp(x), axis)``.

    Parameters
    ----------
    x : array_like
        Input values.
    axis : int or tuple of ints, optional
        Axes the softmax normalizes over; all of them by default.

    Returns
    -------
    s : ndarray
        Of `x`'s shape, summing to 1 along `axis`.

    See Also
    --------
    log_softmax, logsumexp

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import softmax
    >>> softmax(xp.array([0.0, 0.0])).tolist()
    [0.5, 0.5]
    """
    x = x if isinstance(x, ndarray) else asarray(x)
    if not numpy.issubdtype(x.dtype, numpy.inexact):
        x = x.astype(numpy.float64)
    e = exp(x - _finite_max(x, axis))
    return e / _sum(e, axis=axis, keepdims=True)


def log_softmax(x, axis=None):
    """The logarithm of the softmax, ``x - logsumexp(x, axis)``, computed without overflow.

    Parameters
    ----------
    x : array_like
        Input values.
    axis : int or tuple of ints, optional
        Axes it normalizes over; all of them by default.

    Returns
    -------
    s : ndarray
        Of `x`'s shape.

    See Also
    --------
    softmax, logsumexp

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import log_softmax
    >>> log_softmax(xp.array([0.0, 0.0])).round(6).tolist()
    [-0.693147, -0.693147]
    """
    x = x if isinstance(x, ndarray) else asarray(x)
    if not numpy.issubdtype(x.dtype, numpy.inexact):
        x = x.astype(numpy.float64)
    shifted = x - _finite_max(x, axis)
    return shifted - log(_sum(exp(shifted), axis=axis, keepdims=True))
