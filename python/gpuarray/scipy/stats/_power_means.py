# SPDX-License-Identifier: BSD-3-Clause
"""The geometric, harmonic and power means, with scipy.stats' signatures:
optional weights (paired with the data: broadcast against it, a NaN in
either leaves the pair out under ``nan_policy='omit'``) and a `dtype` the
data are converted to first.

Each is a mean of transformed values on the device (log, reciprocal,
power) and the inverse transform of it."""
import math
import warnings

from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._axis_nan_policy import device_array, float_dtype, reduce_along_axis

__all__ = ["gmean", "hmean", "pmean"]


def _weighted_mean(x, w):
    """The mean of `x` along the last axis, weighted by `w` when given, in their floating dtype."""
    if w is None:
        return xp.mean(x, axis=-1)
    dtype = float_dtype(x.dtype, w.dtype)
    x, w = x.astype(dtype), w.astype(dtype)
    return xp.sum(x * w, axis=-1) / xp.sum(w, axis=-1)


def _samples(a, dtype, weights):
    a = device_array(a)
    if dtype is not None:
        a = a.astype(dtype)
    if weights is None:
        return [a]
    weights = device_array(weights)
    return [a, weights if dtype is None else weights.astype(dtype)]


def _nan_where_negative(a, what):
    """`a` with negative elements made NaN, and SciPy's warning when there are any (one read back)."""
    negative = a < 0
    if bool(xp.any(negative)):
        warnings.warn(f"The {what} mean is only defined if all elements are non-negative; otherwise, the "
                      "result is NaN.", RuntimeWarning, stacklevel=5)
        a = xp.where(negative, xp.nan, a)
    return a


def _gmean_core(a, w=None):
    # SciPy 1.18 computes integer input in float64 (1.17 followed log's int16 -> float32).
    a = a.astype(float_dtype(a.dtype) if w is None else float_dtype(a.dtype, w.dtype), copy=False)
    return (xp.exp(_weighted_mean(xp.log(a), w)),)


def _hmean_core(a, w=None):
    a = _nan_where_negative(a, "harmonic")
    return (1.0 / _weighted_mean(1.0 / a, w),)


def _pmean_core(p):
    def core(a, w=None):
        a = _nan_where_negative(a, "power")
        return (_weighted_mean(a ** float(p), w) ** (1 / p),)
    return core


def gmean(a, axis=0, dtype=None, weights=None, *, nan_policy="propagate", keepdims=False):
    """Weighted geometric mean: ``exp(mean(log(a)))``.

    Parameters
    ----------
    a : array_like
        Input data (device array, or anything `gpuarray.asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axis along which the mean is computed (default 0); None uses every element.
    dtype : data-type, optional
        Dtype `a` (and `weights`) are converted to first; by default their own.
    weights : array_like, optional
        Weights, broadcast against `a`; by default every value has weight 1.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs (in `a` or
        `weights`) are left out pairwise; 'raise': a NaN raises ValueError.
    keepdims : bool, optional
        If True, the reduced axes are left in the result with length 1.

    Returns
    -------
    gmean : ndarray
        The geometric mean, a device array (0-d for a single slice), in the
        floating promotion of `a` and `weights` (float64 for integer input,
        as SciPy 1.18).

    Raises
    ------
    ValueError
        If `nan_policy` is not one of the three, or is 'raise' and there is a NaN.

    Notes
    -----
    One log pass, one (weighted) mean and one exp on the device. Zeros give 0
    and negative values NaN, silently (NumPy's log under errstate).

    See Also
    --------
    hmean, pmean, scipy.stats.gmean

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> float(stats.gmean(xp.asarray([1.0, 4.0])))
    2.0
    >>> round(float(stats.gmean(xp.asarray([1.0, 2.0, 3.0]), weights=xp.asarray([3.0, 0.0, 1.0]))), 6)
    1.316074
    """
    return reduce_along_axis(_gmean_core, _samples(a, dtype, weights), axis=axis, nan_policy=nan_policy,
                             keepdims=keepdims, paired=True)[0]


def hmean(a, axis=0, dtype=None, *, weights=None, nan_policy="propagate", keepdims=False):
    """Weighted harmonic mean: ``1 / mean(1 / a)``.

    Parameters
    ----------
    a : array_like
        Input data (device array, or anything `gpuarray.asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axis along which the mean is computed (default 0); None uses every element.
    dtype : data-type, optional
        Dtype `a` (and `weights`) are converted to first; by default their own.
    weights : array_like, optional
        Weights, broadcast against `a`; by default every value has weight 1.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs (in `a` or
        `weights`) are left out pairwise; 'raise': a NaN raises ValueError.
    keepdims : bool, optional
        If True, the reduced axes are left in the result with length 1.

    Returns
    -------
    hmean : ndarray
        The harmonic mean, a device array (0-d for a single slice).

    Raises
    ------
    ValueError
        If `nan_policy` is not one of the three, or is 'raise' and there is a NaN.

    Warns
    -----
    RuntimeWarning
        When an element is negative: the mean of its slice is NaN, as in SciPy.

    Notes
    -----
    Reciprocals, a (weighted) mean and a reciprocal on the device; checking
    for negative values reads one boolean back.

    See Also
    --------
    gmean, pmean, scipy.stats.hmean

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> float(stats.hmean(xp.asarray([1.0, 4.0])))
    1.6
    >>> round(float(stats.hmean(xp.asarray([1.0, 2.0, 3.0]), weights=xp.asarray([3.0, 0.0, 1.0]))), 6)
    1.2
    """
    return reduce_along_axis(_hmean_core, _samples(a, dtype, weights), axis=axis, nan_policy=nan_policy,
                             keepdims=keepdims, paired=True)[0]


def pmean(a, p, *, axis=0, dtype=None, weights=None, nan_policy="propagate", keepdims=False):
    """Weighted power mean: ``mean(a**p)**(1/p)`` (the geometric mean for p = 0).

    Parameters
    ----------
    a : array_like
        Input data (device array, or anything `gpuarray.asarray` accepts).
    p : int or float
        The exponent; finite.
    axis : int, tuple of ints or None, optional
        Axis along which the mean is computed (default 0); None uses every element.
    dtype : data-type, optional
        Dtype `a` (and `weights`) are converted to first; by default their own.
    weights : array_like, optional
        Weights, broadcast against `a`; by default every value has weight 1.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs (in `a` or
        `weights`) are left out pairwise; 'raise': a NaN raises ValueError.
    keepdims : bool, optional
        If True, the reduced axes are left in the result with length 1.

    Returns
    -------
    pmean : ndarray
        The power mean, a device array (0-d for a single slice).

    Raises
    ------
    ValueError
        If `p` is not an int or a float (SciPy's message), or `nan_policy` is
        not one of the three, or is 'raise' and there is a NaN.
    NotImplementedError
        If `p` is infinite, as in SciPy.

    Warns
    -----
    RuntimeWarning
        When an element is negative: the mean of its slice is NaN, as in SciPy.

    Notes
    -----
    A power, a (weighted) mean and a root on the device. `p` is checked
    before any device work (SciPy checks it once a slice is not empty).

    See Also
    --------
    gmean, hmean, scipy.stats.pmean

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> float(stats.pmean(xp.asarray([1.0, 7.0]), 2))
    5.0
    >>> float(stats.pmean(xp.asarray([1.0, 4.0]), 0))
    2.0
    """
    if not isinstance(p, int | float):
        raise ValueError("Power mean only defined for exponent of type int or float.")
    if p == 0:
        return gmean(a, axis=axis, dtype=dtype, weights=weights, nan_policy=nan_policy, keepdims=keepdims)
    if math.isinf(p):
        raise NotImplementedError("Power mean only implemented for finite `p`")
    return reduce_along_axis(_pmean_core(p), _samples(a, dtype, weights), axis=axis, nan_policy=nan_policy,
                             keepdims=keepdims, paired=True)[0]

