# SPDX-License-Identifier: BSD-3-Clause
"""Central moments and the statistics made of them: moment, skew, kurtosis,
sem and describe, with scipy.stats' signatures and results.

Each is a few reductions on the device along the (merged) last axis: a
refined mean, then the mean of powers of the deviations from it (Note
[Refined mean] in _centering.py). Nothing is read back but the checks that
decide warnings (a NaN in the data, the precision-loss test)."""
import math

import numpy

from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._axis_nan_policy import (
    check_nan_policy, contains_nan, device_array, float_dtype, normalize_axes, reduce_along_axis,
)
from gpuarray.scipy.stats._centering import as_float, central_moment, deviations, warn_precision_loss
from gpuarray.scipy.stats._result_types import DescribeResult

__all__ = ["moment", "skew", "kurtosis", "sem", "describe"]


def _orders(order):
    """The moment orders as a tuple of ints, and whether `order` was a scalar, with SciPy's ValueErrors."""
    orders = numpy.atleast_1d(numpy.asarray(order))
    if orders.size == 0 or orders.ndim > 1:
        raise ValueError("`order` must be a scalar or a non-empty 1D array.")
    if orders.dtype.kind not in "iufb" or numpy.any(orders != numpy.round(orders)):
        raise ValueError("All elements of `order` must be integral.")
    return tuple(int(k) for k in orders), numpy.ndim(order) == 0


def _moment_core(orders, center):
    def core(a):
        a = as_float(a)
        n_rows = a.shape[:-1]
        results = []
        centered = None
        for k in orders:
            if k == 0:
                results.append(xp.ones(n_rows, dtype=a.dtype))
            elif k == 1 and center is None:
                results.append(xp.zeros(n_rows, dtype=a.dtype))
            else:
                if centered is None:
                    m = None if center is None else device_array(center).astype(a.dtype)
                    mean, centered = deviations(a, m)
                    warn_precision_loss(xp.broadcast_to(mean, a.shape[:-1] + (1,)), centered)
                results.append(central_moment(centered, k))
        return results
    return core


def moment(a, order=1, axis=0, nan_policy="propagate", *, center=None, keepdims=False):
    """Central moment of a sample (about `center`, the mean by default).

    Parameters
    ----------
    a : array_like
        Input data (device array, or anything `gpuarray.asarray` accepts).
    order : int or 1-D sequence of ints, optional
        Order of the moment (default 1). A sequence gives one moment per order,
        stacked along a new first axis, in double precision (SciPy 1.18).
    axis : int, tuple of ints or None, optional
        Axis along which the moment is computed (default 0); None uses every element.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs are left out;
        'raise': a NaN raises ValueError.
    center : float or None, optional
        Point about which the moment is taken; None takes the mean.
    keepdims : bool, optional
        If True, the reduced axes are left in the result with length 1.

    Returns
    -------
    moment : ndarray
        The moment(s), a device array (0-d for a single slice). Integer input is
        computed in float64, float32 stays float32.

    Raises
    ------
    ValueError
        If `order` is empty, of more than one dimension or not integral; if
        `nan_policy` is not one of the three, or is 'raise' and there is a NaN.
    numpy.exceptions.AxisError
        If `axis` is out of bounds.

    Warns
    -----
    SmallSampleWarning
        For an empty sample (the result is NaN).
    RuntimeWarning
        "Precision loss occurred in moment calculation ..." when the data are
        nearly identical, as SciPy warns.

    Notes
    -----
    The mean is refined by one more pass (Note [Refined mean]), so moments of
    data with a large offset keep more digits than a single centering gives;
    results may differ from SciPy's in the last digits there. With
    ``nan_policy='omit'`` the slices are grouped by the number of values they
    keep and each group is one batch on the device.

    See Also
    --------
    skew, kurtosis, describe, scipy.stats.moment

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> a = xp.asarray([1.0, 2.0, 3.0, 4.0, 5.0])
    >>> stats.moment(a, order=2)
    array(2.)
    >>> stats.moment(a, order=[2, 3])
    array([2., 0.])
    """
    orders, scalar_order = _orders(order)
    outputs = reduce_along_axis(_moment_core(orders, center), [a], axis=axis, nan_policy=nan_policy,
                                keepdims=keepdims, n_outputs=len(orders))
    if scalar_order:
        return outputs[0]
    # SciPy 1.18 gives a sequence of orders in double precision (float64, complex128).
    stacked = xp.stack(outputs)
    return stacked.astype(numpy.result_type(stacked.dtype, numpy.float64), copy=False)


def _standardized_moment_core(kind, bias, fisher=True):
    """The core of skew (kind 3) or kurtosis (kind 4)."""
    def core(a):
        a = as_float(a)
        n = a.shape[-1]
        mean, d = deviations(a)
        warn_precision_loss(mean, d)
        m2 = central_moment(d, 2)
        mk = central_moment(d, kind)
        eps = float(numpy.finfo(m2.dtype).eps)
        zero = m2 <= xp.square(eps * xp.reshape(mean, m2.shape))
        if kind == 3:
            vals = xp.where(zero, xp.nan, mk / m2 ** 1.5)
            if not bias and n > 2:
                vals = xp.where(zero, vals, ((n - 1.0) * n) ** 0.5 / (n - 2.0) * mk / m2 ** 1.5)
        else:
            vals = xp.where(zero, xp.nan, mk / m2 ** 2.0)
            if not bias and n > 3:
                corrected = 1.0 / (n - 2) / (n - 3) * ((n ** 2 - 1.0) * mk / m2 ** 2.0 - 3 * (n - 1) ** 2.0)
                vals = xp.where(zero, vals, corrected + 3.0)
            if fisher:
                vals = vals - 3
        return (vals,)
    return core


def skew(a, axis=0, bias=True, nan_policy="propagate", *, keepdims=False):
    """Sample skewness: the third central moment over the second to the power 1.5.

    Parameters
    ----------
    a : array_like
        Input data (device array, or anything `gpuarray.asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axis along which the skewness is computed (default 0); None uses every element.
    bias : bool, optional
        If False, the result is corrected for statistical bias (needs more than
        two values; fewer keep the biased value).
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs are left out;
        'raise': a NaN raises ValueError.
    keepdims : bool, optional
        If True, the reduced axes are left in the result with length 1.

    Returns
    -------
    skewness : ndarray
        The skewness, a device array (0-d for a single slice); NaN where the
        data are constant (to rounding), as in SciPy.

    Raises
    ------
    ValueError
        If `nan_policy` is not one of the three, or is 'raise' and there is a NaN.
    numpy.exceptions.AxisError
        If `axis` is out of bounds.

    Notes
    -----
    Two reductions of deviations from a refined mean on the device (Note
    [Refined mean]); the result stays on the device.

    See Also
    --------
    kurtosis, moment, scipy.stats.skew

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> stats.skew(xp.asarray([1.0, 2.0, 3.0, 4.0, 5.0]))
    array(0.)
    >>> float(stats.skew(xp.asarray([2.0, 8.0, 0.0, 4.0, 1.0, 9.0, 9.0, 0.0])))  # doctest: +ELLIPSIS
    0.2650554122698...
    """
    return reduce_along_axis(_standardized_moment_core(3, bias), [a], axis=axis, nan_policy=nan_policy,
                             keepdims=keepdims)[0]


def kurtosis(a, axis=0, fisher=True, bias=True, nan_policy="propagate", *, keepdims=False):
    """Sample kurtosis: the fourth central moment over the squared second.

    Parameters
    ----------
    a : array_like
        Input data (device array, or anything `gpuarray.asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axis along which the kurtosis is computed (default 0); None uses every element.
    fisher : bool, optional
        If True (default), Fisher's definition: 3.0 is subtracted, so a normal
        distribution gives 0.0; else Pearson's.
    bias : bool, optional
        If False, the result is corrected for statistical bias (needs more than
        three values; fewer keep the biased value).
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs are left out;
        'raise': a NaN raises ValueError.
    keepdims : bool, optional
        If True, the reduced axes are left in the result with length 1.

    Returns
    -------
    kurtosis : ndarray
        The kurtosis, a device array (0-d for a single slice); NaN where the
        data are constant (to rounding), as in SciPy.

    Raises
    ------
    ValueError
        If `nan_policy` is not one of the three, or is 'raise' and there is a NaN.
    numpy.exceptions.AxisError
        If `axis` is out of bounds.

    Notes
    -----
    Two reductions of deviations from a refined mean on the device (Note
    [Refined mean]); the result stays on the device.

    See Also
    --------
    skew, moment, scipy.stats.kurtosis

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> a = xp.asarray([1.0, 2.0, 3.0, 4.0, 5.0])
    >>> float(stats.kurtosis(a))
    -1.3
    >>> float(stats.kurtosis(a, fisher=False))
    1.7
    """
    return reduce_along_axis(_standardized_moment_core(4, bias, fisher), [a], axis=axis, nan_policy=nan_policy,
                             keepdims=keepdims)[0]


def _sem_core(ddof):
    def core(a):
        a = as_float(a)
        n = a.shape[-1]
        _, d = deviations(a)
        ss = xp.sum(d * d, axis=-1)
        # NumPy's std divides by max(n - ddof, 0): NaN for 0/0, inf past it.
        return (xp.sqrt(ss / max(n - ddof, 0)) / n ** 0.5,)
    return core


def sem(a, axis=0, ddof=1, nan_policy="propagate", *, keepdims=False):
    """Standard error of the mean: the standard deviation over the square root of n.

    Parameters
    ----------
    a : array_like
        Input data (device array, or anything `gpuarray.asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axis along which the error is computed (default 0); None uses every element.
    ddof : int, optional
        Delta degrees of freedom of the standard deviation (default 1).
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs are left out;
        'raise': a NaN raises ValueError.
    keepdims : bool, optional
        If True, the reduced axes are left in the result with length 1.

    Returns
    -------
    s : ndarray
        The standard error, a device array (0-d for a single slice).

    Raises
    ------
    ValueError
        If `nan_policy` is not one of the three, or is 'raise' and there is a NaN.
    numpy.exceptions.AxisError
        If `axis` is out of bounds.

    Warns
    -----
    SmallSampleWarning
        For a sample of fewer than two values (the result is NaN).

    Notes
    -----
    Two-pass on the device (deviations from a refined mean).

    See Also
    --------
    describe, scipy.stats.sem

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> a = xp.arange(20.0).reshape(5, 4)
    >>> stats.sem(a)
    array([2.82842712, 2.82842712, 2.82842712, 2.82842712])
    >>> round(float(stats.sem(a, axis=None, ddof=0)), 6)
    1.28938
    """
    return reduce_along_axis(_sem_core(ddof), [a], axis=axis, nan_policy=nan_policy, keepdims=keepdims,
                             too_small=1)[0]


def _describe_core(ddof, bias):
    def core(a):
        n = a.shape[-1]
        x = as_float(a)
        mean, d = deviations(x)
        warn_precision_loss(mean, d)
        m2 = central_moment(d, 2)
        variance = m2 * (n / (n - ddof)) if n != ddof else m2 * xp.inf
        skewness, = _standardized_moment_core(3, bias)(x)
        kurt, = _standardized_moment_core(4, bias)(x)
        nobs = xp.full(a.shape[:-1], n, dtype=numpy.int64)
        return nobs, xp.min(a, axis=-1), xp.max(a, axis=-1), xp.reshape(mean, m2.shape), variance, skewness, kurt
    return core


def describe(a, axis=0, ddof=1, bias=True, nan_policy="propagate"):
    """Several descriptive statistics at once: count, extremes, mean, variance,
    skewness and kurtosis.

    Parameters
    ----------
    a : array_like
        Input data (device array, or anything `gpuarray.asarray` accepts).
    axis : int or None, optional
        Axis along which the statistics are computed (default 0); None uses
        every element.
    ddof : int, optional
        Delta degrees of freedom of the variance (default 1).
    bias : bool, optional
        If False, skewness and kurtosis are corrected for statistical bias.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': NaN propagates (the count stays the slice's length);
        'omit': NaNs are left out (the count is that of the values kept);
        'raise': a NaN raises ValueError.

    Returns
    -------
    result : DescribeResult
        ``nobs`` (int64: the sample sizes), ``minmax`` (a tuple of the minima
        and maxima, in the input's dtype), ``mean``, ``variance``, ``skewness``
        and ``kurtosis`` (Fisher's), each a device array.

    Raises
    ------
    ValueError
        If `a` is empty, or `nan_policy` is not one of the three, or is 'raise'
        and there is a NaN.

    Notes
    -----
    All on the device. ``nobs`` is a device array too (SciPy gives an int for
    a single slice).

    See Also
    --------
    skew, kurtosis, scipy.stats.describe

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> res = stats.describe(xp.arange(10.0))
    >>> int(res.nobs), float(res.mean), round(float(res.variance), 6)
    (10, 4.5, 9.166667)
    >>> float(res.kurtosis)  # doctest: +ELLIPSIS
    -1.224242424242...
    """
    check_nan_policy(nan_policy)
    a = device_array(a)
    if axis is None or a.ndim == 0:
        a, axis = xp.reshape(a, (-1,)), 0
    if a.size == 0:
        raise ValueError("The input must not be empty.")
    nobs, low, high, mean, variance, skewness, kurt = reduce_along_axis(
        _describe_core(ddof, bias), [a], axis=axis, nan_policy=nan_policy, n_outputs=7, propagate_nan=False)
    if nan_policy == "omit" and contains_nan(a):  # SciPy's masked describe: a count per slice
        if nobs.dtype.kind == "f":  # slices 'omit' left empty: none observed
            nobs = xp.where(xp.isnan(nobs), 0, nobs)
        nobs = nobs.astype(numpy.int64)
    else:  # the slices' length, one number
        nobs = xp.asarray(math.prod(a.shape[ax] for ax in normalize_axes(axis, a.ndim)), dtype=numpy.int64)
    dtype = float_dtype(a.dtype)
    return DescribeResult(nobs, (low, high), mean.astype(dtype), variance.astype(dtype), skewness, kurt)
