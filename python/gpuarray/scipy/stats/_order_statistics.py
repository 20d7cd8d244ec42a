# SPDX-License-Identifier: BSD-3-Clause
"""Statistics of sorted data: iqr, mode and percentileofscore, with
scipy.stats' signatures and results.

Each sorts on the device (gpuarray's quantile for iqr, a sort and the runs
of ties for mode, one sort and two binary searches for percentileofscore)
and leaves its result there."""
import numpy

from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._axis_nan_policy import (
    check_nan_policy, contains_nan, device_array, float_dtype, reduce_along_axis,
)
from gpuarray.scipy.stats._ranking import run_bounds
from gpuarray.scipy.stats._result_types import ModeResult

__all__ = ["iqr", "mode", "percentileofscore"]

# 2 * sqrt(2) * erfinv(1/2): the interquartile range of the standard normal distribution.
_NORMAL_IQR = 1.3489795003921634
_SCALES = {"normal": _NORMAL_IQR}
# NumPy's quantile methods (gpuarray.quantile has them all); SciPy's own 'round_*' and
# 'harrell-davis' are not NumPy's.
_METHODS = ("linear", "lower", "higher", "midpoint", "nearest", "inverted_cdf", "averaged_inverted_cdf",
            "closest_observation", "interpolated_inverted_cdf", "hazen", "weibull", "median_unbiased",
            "normal_unbiased")


def _iqr_core(low, high, method, scale):
    def core(x):
        dtype = float_dtype(x.dtype)
        q = xp.quantile(x, [low, high], axis=-1, method=method)
        out = (q[1] - q[0]).astype(dtype)
        return (out / scale if scale != 1.0 else out,)
    return core


def iqr(x, axis=None, rng=(25, 75), scale=1.0, nan_policy="propagate", interpolation="linear", keepdims=False):
    """Interquartile range: the difference of the 75th and 25th percentiles
    (or of any two percentiles `rng`).

    Parameters
    ----------
    x : array_like
        Input data (device array, or anything `gpuarray.asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axis along which the range is computed; None (default) uses every element.
    rng : sequence of two floats, optional
        The percentiles, in [0, 100], in either order (default (25, 75)).
    scale : float or 'normal', optional
        The range is divided by it; 'normal' divides by the interquartile range
        of the standard normal distribution (about 1.349).
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs are left out;
        'raise': a NaN raises ValueError.
    interpolation : str, optional
        The quantile method: 'linear' (default), 'lower', 'higher', 'midpoint',
        'nearest', or one of NumPy's other quantile methods.
    keepdims : bool, optional
        If True, the reduced axes are left in the result with length 1.

    Returns
    -------
    iqr : ndarray
        The range, a device array (0-d for a single slice), in the floating
        dtype of `x` (float64 for integers).

    Raises
    ------
    TypeError
        If `rng` does not have two elements.
    ValueError
        If `rng` holds a NaN or a value outside [0, 100], `scale` is an unknown
        string, `interpolation` an unknown method, or `nan_policy` not one of
        the three (or 'raise' with a NaN).

    Notes
    -----
    gpuarray.quantile on the device (a sort per slice). SciPy's own quantile
    methods that NumPy lacks ('round_*', 'harrell-davis') are not offered.

    See Also
    --------
    scipy.stats.iqr, gpuarray.quantile

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> x = xp.asarray([[10.0, 7.0, 4.0], [3.0, 2.0, 1.0]])
    >>> stats.iqr(x)
    array(4.)
    >>> stats.iqr(x, axis=0)
    array([3.5, 2.5, 1.5])
    """
    if isinstance(scale, str):
        if scale.lower() not in _SCALES:
            raise ValueError(f"{scale} not a valid scale for `iqr`")
        scale = _SCALES[scale.lower()]
    if len(rng) != 2:
        raise TypeError("`rng` must be a two element sequence.")
    if numpy.isnan(rng).any():
        raise ValueError("`rng` must not contain NaNs.")
    low, high = sorted((rng[0] / 100, rng[1] / 100))
    if low < 0 or high > 1:
        raise ValueError("Elements of `rng` must be in the range [0, 100].")
    if interpolation not in _METHODS:
        raise ValueError(f"`method` must be one of {set(_METHODS)}")
    return reduce_along_axis(_iqr_core(low, high, interpolation, scale), [x], axis=axis, nan_policy=nan_policy,
                             keepdims=keepdims)[0]


def _mode_core(a):
    y = xp.sort(a, axis=-1)
    different = xp.not_equal(y[..., 1:], y[..., :-1])
    if y.dtype.kind in "fc":  # NaNs, sorted last, form one run (SciPy counts them together)
        different = xp.logical_and(different, xp.logical_not(xp.isnan(y[..., :-1])))
    first, last, _ = run_bounds(different)
    counts = last - first + 1
    k = xp.argmax(counts, axis=-1, keepdims=True)  # the first longest run: the smallest value
    return xp.take_along_axis(y, k, axis=-1)[..., 0], xp.take_along_axis(counts, k, axis=-1)[..., 0]


def mode(a, axis=0, nan_policy="propagate", keepdims=False):
    """The most common value along an axis (the smallest of equally common ones)
    and how often it occurs.

    Parameters
    ----------
    a : array_like
        Numeric input data (device array, or anything `gpuarray.asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axis along which the mode is found (default 0); None uses every element.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': NaN counts as a value (the NaNs of a slice together);
        'omit': NaNs are left out; 'raise': a NaN raises ValueError.
    keepdims : bool, optional
        If True, the reduced axes are left in the result with length 1.

    Returns
    -------
    result : ModeResult
        ``mode`` (in `a`'s dtype) and ``count`` (int64), device arrays; an empty
        slice has mode NaN and count 0, as in SciPy.

    Raises
    ------
    TypeError
        If `a` is not numeric.
    ValueError
        If `nan_policy` is not one of the three, or is 'raise' and there is a NaN.

    Notes
    -----
    One sort per slice, two scans for the runs of equal values and an argmax,
    on the device.

    See Also
    --------
    scipy.stats.mode, gpuarray.unique

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> a = xp.asarray([[3, 0, 3, 7], [3, 2, 6, 2], [1, 7, 2, 8], [3, 0, 6, 1], [3, 2, 5, 5]])
    >>> stats.mode(a)
    ModeResult(mode=array([3, 0, 6, 1]), count=array([4, 2, 2, 1]))
    >>> stats.mode(a, axis=None)
    ModeResult(mode=array(3), count=array(5))
    """
    check_nan_policy(nan_policy)
    a = device_array(a)
    if a.dtype.kind not in "iufc":
        raise TypeError("Argument `a` is not recognized as numeric. Support for input that cannot be coerced to "
                        "a numeric array was deprecated in SciPy 1.9.0 and removed in SciPy 1.11.0. Please "
                        "consider `np.unique`.")
    modes, counts = reduce_along_axis(_mode_core, [a], axis=axis, nan_policy=nan_policy, keepdims=keepdims,
                                      n_outputs=2, propagate_nan=False)
    if counts.dtype.kind == "f":  # slices too small (empty) count nothing, as SciPy's result says
        counts = xp.where(xp.isnan(counts), 0, counts)
        if counts.ndim:  # SciPy 1.18 counts empty slices in int64 (a lone empty sample stays float64)
            counts = counts.astype(numpy.int64)
    return ModeResult(modes, counts)


_KINDS = ("rank", "strict", "weak", "mean")


def percentileofscore(a, score, kind="rank", nan_policy="propagate"):
    """The percentile rank of each score relative to the sample `a`.

    Parameters
    ----------
    a : array_like
        One-dimensional sample the scores are compared to.
    score : array_like
        Scores, of any shape.
    kind : {'rank', 'weak', 'strict', 'mean'}, optional
        'rank' (default): the average of the percentages of values below and
        at-or-below, counting a tie as one more; 'weak': the percentage of
        values <= score; 'strict': < score; 'mean': the average of the two.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        NaNs in `a`: 'propagate' makes every result NaN, 'omit' leaves them out,
        'raise' raises ValueError. A NaN score gives NaN under any policy.

    Returns
    -------
    pcos : ndarray
        float64 device array of `score`'s shape, in [0, 100].

    Raises
    ------
    ValueError
        If `a` is not one-dimensional, `kind` is unknown, or `nan_policy` is not
        one of the three (or is 'raise' with a NaN in `a` or `score`).

    Notes
    -----
    `a` is sorted once on the device and each score is found by two binary
    searches (searchsorted), instead of comparing every score with every
    value as SciPy does.

    See Also
    --------
    scipy.stats.percentileofscore, gpuarray.percentile

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> float(stats.percentileofscore(xp.asarray([1, 2, 3, 4]), 3))
    75.0
    >>> stats.percentileofscore(xp.asarray([1, 2, 3, 3, 4]), xp.asarray([3, 5]), kind="weak")
    array([ 80., 100.])
    """
    check_nan_policy(nan_policy)
    if kind not in _KINDS:
        raise ValueError("kind can only be 'rank', 'strict', 'weak' or 'mean'")
    a, score = device_array(a), device_array(score)
    if a.ndim != 1:
        raise ValueError("`a` must be 1-dimensional.")
    a_nan, score_nan = contains_nan(a), contains_nan(score)
    if nan_policy == "raise" and (a_nan or score_nan):
        raise ValueError("The input contains nan values")
    n = a.shape[0]
    s = xp.sort(a)
    if a_nan:
        n = 0 if nan_policy == "propagate" else int(xp.count_nonzero(xp.logical_not(xp.isnan(a))))
    if n == 0:
        return xp.full(score.shape, xp.nan, dtype=numpy.float64)
    left = xp.searchsorted(s, score, side="left")
    right = xp.searchsorted(s, score, side="right")
    if kind == "rank":
        perct = (left + right + (left < right)) * (50.0 / n)
    elif kind == "strict":
        perct = left * (100.0 / n)
    elif kind == "weak":
        perct = right * (100.0 / n)
    else:
        perct = (left + right) * (50.0 / n)
    perct = perct.astype(numpy.float64)
    if score_nan:
        perct = xp.where(xp.isnan(score), xp.nan, perct)
    return perct
