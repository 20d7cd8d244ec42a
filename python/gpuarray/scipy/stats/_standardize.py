# SPDX-License-Identifier: BSD-3-Clause
"""zscore and zmap: scores standardized by the mean and standard deviation
of a reference sample along an axis, with scipy.stats' signatures.

The mean and standard deviation are reductions that keep the reduced axes
(deviations from a refined mean, Note [Refined mean]); the scores are then
one broadcast elementwise pass. With ``nan_policy='omit'`` the NaNs of the
reference get zero weight; NaN scores stay NaN."""
import warnings

import numpy

from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._axis_nan_policy import check_nan_policy, contains_nan, device_array, float_dtype, quiet
from gpuarray.scipy.stats._warnings import (
    SmallSampleWarning, TOO_SMALL_1D, TOO_SMALL_1D_OMIT, TOO_SMALL_ND, TOO_SMALL_ND_OMIT,
)

__all__ = ["zscore", "zmap"]


def _mean_std(compare, axis, ddof, nan_policy, warn):
    """The mean of `compare` along `axis` as two parts ``m + c`` (Note [Refined mean]:
    scores are centered as ``(x - m) - c``) and the standard deviation, the axes kept
    with length 1, under `nan_policy` (SciPy's ``_xp_mean`` and ``_xp_var`` rules)."""
    one_dimensional = compare.ndim == 1 or axis is None
    if compare.size == 0:
        with quiet():
            mean = xp.mean(compare, axis=axis, keepdims=True)
        if warn and mean.size != 0:
            warnings.warn(TOO_SMALL_1D if one_dimensional else TOO_SMALL_ND, SmallSampleWarning, stacklevel=4)
        return mean, xp.zeros_like(mean), mean
    has_nan = contains_nan(compare)
    if nan_policy == "raise" and has_nan:
        raise ValueError("The input contains nan values")
    with quiet():
        if nan_policy == "omit" and has_nan:
            valid = xp.logical_not(xp.isnan(compare))
            n = xp.sum(valid, axis=axis, keepdims=True).astype(compare.dtype)
            if warn and bool(xp.any(n == 0)):
                warnings.warn(TOO_SMALL_1D_OMIT if one_dimensional else TOO_SMALL_ND_OMIT, SmallSampleWarning,
                              stacklevel=4)
            mean = xp.sum(xp.where(valid, compare, 0), axis=axis, keepdims=True) / n
            correction = xp.sum(xp.where(valid, compare - mean, 0), axis=axis, keepdims=True) / n
            d = xp.where(valid, (compare - mean) - correction, 0)
            var = xp.sum(d * d, axis=axis, keepdims=True) / n
        else:
            mean = xp.mean(compare, axis=axis, keepdims=True)
            n = compare.size // mean.size
            correction = xp.mean(compare - mean, axis=axis, keepdims=True)
            d = (compare - mean) - correction
            var = xp.mean(d * d, axis=axis, keepdims=True)
        if ddof != 0:
            nc = n - ddof
            var = xp.where(nc > 0, var * (n / nc), xp.nan) if isinstance(n, xp.ndarray) else (
                var * (n / nc) if nc > 0 else var * xp.nan)
        return mean, correction, xp.sqrt(var)


def zmap(scores, compare, axis=0, ddof=0, nan_policy="propagate"):
    """Scores standardized by the mean and standard deviation of a reference sample.

    Parameters
    ----------
    scores : array_like
        The values to standardize.
    compare : array_like
        The reference sample whose mean and standard deviation are used; it
        must broadcast against `scores` once reduced along `axis`.
    axis : int, tuple of ints or None, optional
        Axis of `compare` along which its mean and deviation are taken
        (default 0); None uses every element.
    ddof : int, optional
        Delta degrees of freedom of the standard deviation (default 0).
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        How NaNs in `compare` count: 'propagate' makes the statistics NaN,
        'omit' leaves them out, 'raise' raises ValueError. NaN scores give NaN.

    Returns
    -------
    zscore : ndarray
        ``(scores - mean) / std``, a device array of the broadcast shape, in
        the floating dtype of the inputs (float64 for integers).

    Raises
    ------
    ValueError
        If `nan_policy` is not one of the three, or is 'raise' and `compare`
        holds a NaN.

    Warns
    -----
    SmallSampleWarning
        When `compare` (or a slice of it, after omitting NaNs) is empty.

    Notes
    -----
    Reductions and one elementwise pass on the device; nothing is read back
    but the NaN check.

    See Also
    --------
    zscore, scipy.stats.zmap

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> stats.zmap(xp.asarray([1.0, 2.0]), xp.asarray([0.0, 1.0, 2.0, 3.0, 4.0]))
    array([-0.70710678,  0.        ])
    >>> stats.zmap(xp.asarray([1.0]), xp.asarray([0.0, 1.0, 2.0, 3.0, 4.0]), ddof=1)
    array([-0.63245553])
    """
    check_nan_policy(nan_policy)
    like_zscore = scores is compare
    scores, compare = device_array(scores), device_array(compare)
    dtype = float_dtype(scores.dtype, compare.dtype)
    scores, compare = scores.astype(dtype), compare.astype(dtype)
    mean, correction, std = _mean_std(compare, axis, ddof, nan_policy, warn=not like_zscore)
    with quiet():
        z = ((scores - mean) - correction) / std
        if like_zscore:
            eps = float(numpy.finfo(dtype).eps)
            z = xp.where(std <= xp.abs(eps * (mean + correction)), xp.nan, z)
    return z


def zscore(a, axis=0, ddof=0, nan_policy="propagate"):
    """The z score of each value: its distance from the mean in standard deviations.

    Parameters
    ----------
    a : array_like
        Input data (device array, or anything `gpuarray.asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axis along which the mean and deviation are taken (default 0); None
        uses every element.
    ddof : int, optional
        Delta degrees of freedom of the standard deviation (default 0).
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs are left out
        of the statistics (and stay NaN in the result); 'raise': a NaN raises
        ValueError.

    Returns
    -------
    zscore : ndarray
        The z scores, a device array of `a`'s shape; NaN along slices whose
        values are all the same (to rounding), as in SciPy.

    Raises
    ------
    ValueError
        If `nan_policy` is not one of the three, or is 'raise' and there is a NaN.

    Notes
    -----
    Reductions and one elementwise pass on the device (deviations from a
    refined mean, Note [Refined mean]).

    See Also
    --------
    zmap, scipy.stats.zscore

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> stats.zscore(xp.asarray([1.0, 2.0, 3.0]))
    array([-1.22474487,  0.        ,  1.22474487])
    >>> stats.zscore(xp.asarray([[1.0, 2.0], [3.0, 6.0]]), axis=1)
    array([[-1.,  1.],
           [-1.,  1.]])
    """
    return zmap(a, a, axis=axis, ddof=ddof, nan_policy=nan_policy)
