# SPDX-License-Identifier: BSD-3-Clause
"""Log-likelihoods of the Box-Cox and Yeo-Johnson power transforms:
boxcox_llf and yeojohnson_llf, with scipy.stats' signatures.

Both are a transform and a variance along the axis on the device.

Note [Box-Cox variance]: Box-Cox needs ``log(var(x**lmb))``. With ``u = lmb *
log(x)`` and M the largest u of the slice, ``x**lmb = exp(M) * (1 + expm1(u - M))``,
so the variance is ``exp(2 M) * var(expm1(u - M))``: nothing overflows (u - M
<= 0), as SciPy's log-space sums ensure, and values of ``x**lmb`` that are
nearly equal (lmb near 0, or close data) keep their differences, which
``exp(u - M)`` would round away next to 1. Constant data have a zero variance
and a log-likelihood of +inf (SciPy's log-space sums can leave a rounding
residue there and give a finite number)."""
import math

import numpy

from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._axis_nan_policy import float_dtype, reduce_along_axis
from gpuarray.scipy.stats._centering import as_float, deviations

__all__ = ["boxcox_llf", "yeojohnson_llf"]


def _check_lambda(lmb):
    if numpy.ndim(lmb) != 0:
        raise ValueError("`lmb` must be a scalar.")
    return float(lmb)


def _boxcox_core(lmb):
    def core(data):
        data = as_float(data)
        n = data.shape[-1]
        logdata = xp.log(data)
        if lmb == 0:
            _, d = deviations(logdata)
            logvar = xp.log(xp.mean(d * d, axis=-1))
        else:
            u = lmb * logdata
            top = xp.max(u, axis=-1, keepdims=True)
            _, d = deviations(xp.expm1(u - top))  # Note [Box-Cox variance]
            logvar = xp.log(xp.mean(d * d, axis=-1)) + 2 * top[..., 0] - 2 * math.log(abs(lmb))
        return ((lmb - 1) * xp.sum(logdata, axis=-1) - n / 2 * logvar,)
    return core


def boxcox_llf(lmb, data, *, axis=0, keepdims=False, nan_policy="propagate"):
    """The Box-Cox log-likelihood of the data for the power parameter `lmb`.

    Parameters
    ----------
    lmb : float
        The Box-Cox parameter.
    data : array_like
        Positive data (device array, or anything `gpuarray.asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axis along which the log-likelihood is computed (default 0); None uses
        every element.
    keepdims : bool, optional
        If True, the reduced axes are left in the result with length 1.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs are left out;
        'raise': a NaN raises ValueError.

    Returns
    -------
    llf : ndarray
        ``(lmb - 1) * sum(log(data)) - n/2 * log(var(y))`` with y the transformed
        data, a device array (0-d for one slice) in the data's floating dtype.

    Raises
    ------
    ValueError
        If `lmb` is not a scalar, or `nan_policy` is not one of the three (or
        'raise' with a NaN).

    Notes
    -----
    A log, an expm1 and two reductions on the device; the transformed
    values are taken relative to the slice's largest one (Note [Box-Cox
    variance]), where SciPy sums in log space. Constant data give +inf.

    See Also
    --------
    yeojohnson_llf, scipy.stats.boxcox_llf

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> data = xp.asarray([1.0, 2.0, 4.0, 8.0, 16.0])
    >>> round(float(stats.boxcox_llf(0.0, data)), 6)
    -6.831775
    >>> round(float(stats.boxcox_llf(0.5, data)), 6)
    -7.268064
    """
    lmb = _check_lambda(lmb)
    return reduce_along_axis(_boxcox_core(lmb), [data], axis=axis, nan_policy=nan_policy, keepdims=keepdims)[0]


def _yeojohnson_transform(x, lmb):
    """The Yeo-Johnson transform of `x` (both branches computed, one kept by sign)."""
    eps = float(numpy.finfo(x.dtype).eps)
    with_positive = xp.log1p(x) if abs(lmb) < eps else xp.expm1(lmb * xp.log1p(x)) / lmb
    if abs(lmb - 2) > eps:
        with_negative = -xp.expm1((2 - lmb) * xp.log1p(-x)) / (2 - lmb)
    else:
        with_negative = -xp.log1p(-x)
    return xp.where(x >= 0, with_positive, with_negative)


def _yeojohnson_core(lmb):
    def core(data):
        x = as_float(data, float_dtype(data.dtype))
        n = x.shape[-1]
        y = _yeojohnson_transform(x, lmb)
        _, d = deviations(y)
        sigma = xp.mean(d * d, axis=-1)
        tiny = float(numpy.finfo(sigma.dtype).smallest_normal)
        log_sigma = xp.where(sigma >= tiny, xp.log(xp.where(sigma >= tiny, sigma, 1.0)), -xp.inf)
        return (-n / 2 * log_sigma + (lmb - 1) * xp.sum(xp.sign(x) * xp.log1p(xp.abs(x)), axis=-1),)
    return core


def yeojohnson_llf(lmb, data, *, axis=0, nan_policy="propagate", keepdims=False):
    """The Yeo-Johnson log-likelihood of the data for the power parameter `lmb`.

    Parameters
    ----------
    lmb : float
        The Yeo-Johnson parameter.
    data : array_like
        The data (device array, or anything `gpuarray.asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axis along which the log-likelihood is computed (default 0); None uses
        every element.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs are left out;
        'raise': a NaN raises ValueError.
    keepdims : bool, optional
        If True, the reduced axes are left in the result with length 1.

    Returns
    -------
    llf : ndarray
        ``-n/2 * log(var(y)) + (lmb - 1) * sum(sign(x) * log1p(|x|))`` with y
        the transformed data, a device array (0-d for one slice); a variance
        below the smallest normal number gives +inf, as in SciPy.

    Raises
    ------
    ValueError
        If `lmb` is not a scalar, or `nan_policy` is not one of the three (or
        'raise' with a NaN).

    Notes
    -----
    The transform (log1p and expm1 on each sign's branch) and two reductions
    on the device.

    See Also
    --------
    boxcox_llf, scipy.stats.yeojohnson_llf

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> data = xp.asarray([-2.0, -0.5, 0.0, 1.0, 3.0, 7.0])
    >>> round(float(stats.yeojohnson_llf(1.0, data)), 6)
    -6.432428
    >>> round(float(stats.yeojohnson_llf(0.5, data)), 6)
    -5.555896
    """
    lmb = _check_lambda(lmb)
    return reduce_along_axis(_yeojohnson_core(lmb), [data], axis=axis, nan_policy=nan_policy,
                             keepdims=keepdims)[0]
