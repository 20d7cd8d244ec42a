# SPDX-License-Identifier: BSD-3-Clause
"""Student's t tests: ttest_1samp, ttest_ind (pooled, Welch's, trimmed
Yuen's) and ttest_rel, with scipy.stats' signatures and TtestResult.

Means and variances are reductions on the device (deviations in two steps,
Note [Refined mean]), batched over every slice; the t statistics stay on
the device and the p-values and confidence bounds come from Student's t on
the host (SciPy's stdtr and stdtrit: gpuarray.scipy.special does not exist
yet)."""
import numpy

from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._axis_nan_policy import device_array, float_dtype, reduce_along_axis
from gpuarray.scipy.stats._centering import as_float, deviations, mean_parts
from gpuarray.scipy.stats._host_distributions import check_alternative, t_pvalue, t_quantile, to_device, to_host
from gpuarray.scipy.stats._result_types import ConfidenceInterval, tuple_with_attributes

__all__ = ["TtestResult", "ttest_1samp", "ttest_ind", "ttest_rel"]

_TtestBase = tuple_with_attributes("TtestResult", ("statistic", "pvalue"), ("df",), module=__name__)


class TtestResult(_TtestBase):
    """Result of a t test: a ``(statistic, pvalue)`` tuple with ``df`` and a confidence interval.

    Parameters
    ----------
    statistic : ndarray
        The t statistic.
    pvalue : ndarray
        The p-value.
    df : ndarray
        The degrees of freedom.
    alternative : str
        The alternative hypothesis of the test.
    standard_error : ndarray
        The denominator of the t statistic.
    estimate : ndarray
        The estimated mean or difference of means.

    Notes
    -----
    The values are device arrays.

    See Also
    --------
    ttest_1samp, ttest_ind, ttest_rel

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> res = stats.ttest_1samp(xp.asarray([2.0, 3.0, 5.0, 6.0, 9.0]), 4.0)
    >>> round(float(res.statistic), 6), int(res.df)
    (0.816497, 4)
    >>> ci = res.confidence_interval()
    >>> round(float(ci.low), 4), round(float(ci.high), 4)
    (1.5996, 8.4004)
    """

    def __new__(cls, statistic, pvalue, df, alternative, standard_error, estimate):
        self = super().__new__(cls, statistic, pvalue, df=df)
        object.__setattr__(self, "_alternative", alternative)
        object.__setattr__(self, "_standard_error", standard_error)
        object.__setattr__(self, "_estimate", estimate)
        return self

    def __reduce__(self):
        return TtestResult, (self.statistic, self.pvalue, self.df, self._alternative, self._standard_error,
                             self._estimate)

    def confidence_interval(self, confidence_level=0.95):
        """The confidence interval of the mean (or difference of means) the test is about.

        Parameters
        ----------
        confidence_level : float, optional
            The confidence level (default 0.95).

        Returns
        -------
        ci : ConfidenceInterval
            ``low`` and ``high`` device arrays of the statistic's shape;
            one-sided alternatives have an infinite bound.

        Raises
        ------
        ValueError
            If `confidence_level` is not in [0, 1].

        See Also
        --------
        ttest_1samp, ttest_ind, ttest_rel

        Examples
        --------
        >>> import gpuarray as xp
        >>> from gpuarray.scipy import stats
        >>> res = stats.ttest_1samp(xp.asarray([2.0, 3.0, 5.0, 6.0, 9.0]), 4.0, alternative="greater")
        >>> ci = res.confidence_interval(confidence_level=0.9)
        >>> round(float(ci.low), 4), float(ci.high)
        (3.1222, inf)
        """
        if confidence_level < 0 or confidence_level > 1:
            raise ValueError("`confidence_level` must be a number between 0 and 1.")
        dtype = self.statistic.dtype
        df = to_host(self.df)
        with numpy.errstate(all="ignore"):
            if self._alternative == "less":
                low, high = numpy.full(df.shape, -numpy.inf), t_quantile(df, confidence_level)
            elif self._alternative == "greater":
                low, high = t_quantile(df, 1 - confidence_level), numpy.full(df.shape, numpy.inf)
            else:
                tail = (1 - confidence_level) / 2
                low, high = t_quantile(df, tail), t_quantile(df, 1 - tail)
        low = to_device(low, dtype) * self._standard_error + self._estimate
        high = to_device(high, dtype) * self._standard_error + self._estimate
        return ConfidenceInterval(low=low, high=high)


def _finish(t, df, standard_error, estimate, alternative):
    pvalue = to_device(t_pvalue(to_host(t), to_host(df), alternative), t.dtype)
    return TtestResult(t, pvalue, df, alternative, standard_error, estimate)


def _one_sample_core(a, popmean):
    if popmean.shape[-1] != 1:
        raise ValueError("`popmean.shape[axis]` must equal 1.")
    dtype = float_dtype(a.dtype, popmean.dtype)
    a = as_float(a, dtype)
    n = a.shape[-1]
    m, c, d = mean_parts(a)
    m, c = m[..., 0], c[..., 0]
    variance = xp.sum(d * d, axis=-1) / (n - 1)
    denom = xp.sqrt(variance / n)
    t = ((m - popmean[..., 0].astype(dtype)) + c) / denom
    return t, xp.full(t.shape, n - 1, dtype=numpy.int64), denom, m + c


def ttest_1samp(a, popmean, axis=0, nan_policy="propagate", alternative="two-sided", *, keepdims=False):
    """t test of the null hypothesis that the mean of a sample is `popmean`.

    Parameters
    ----------
    a : array_like
        The sample (device array, or anything `gpuarray.asarray` accepts).
    popmean : float or array_like
        The expected mean; an array broadcasts against `a` with length 1 along `axis`.
    axis : int, tuple of ints or None, optional
        Axis of the observations (default 0); None flattens `a`.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs are left out;
        'raise': a NaN raises ValueError.
    alternative : {'two-sided', 'less', 'greater'}, optional
        The alternative hypothesis (default 'two-sided').
    keepdims : bool, optional
        If True, the reduced axes are left in the results with length 1.

    Returns
    -------
    result : TtestResult
        ``statistic``, ``pvalue`` and ``df`` (n - 1, int64), device arrays, and
        ``confidence_interval()``.

    Raises
    ------
    ValueError
        If `popmean` is longer than 1 along `axis`, or `alternative` or
        `nan_policy` is unknown (or 'raise' with a NaN).

    Warns
    -----
    SmallSampleWarning
        For an empty sample (NaN results).

    Notes
    -----
    The mean and variance are reductions on the device; the p-value is
    Student's t tail evaluated by SciPy on the host from the device
    statistic (gpuarray.scipy.special does not exist yet).

    See Also
    --------
    ttest_ind, ttest_rel, scipy.stats.ttest_1samp

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> res = stats.ttest_1samp(xp.asarray([5.1, 4.9, 5.6, 5.8, 6.0, 5.2]), 5.0)
    >>> round(float(res.statistic), 6), round(float(res.pvalue), 6)
    (2.456769, 0.057456)
    >>> stats.ttest_1samp(xp.arange(12.0).reshape(4, 3), 4.5).statistic
    array([0.        , 0.51639778, 1.03279556])
    """
    check_alternative(alternative)
    a = device_array(a)
    if type(popmean) in (int, float):  # a Python number is weak, as in SciPy: float32 data stay float32
        popmean = xp.asarray(popmean, dtype=float_dtype(a.dtype))
    t, df, denom, mean = reduce_along_axis(_one_sample_core, [a, popmean], axis=axis, nan_policy=nan_policy,
                                           keepdims=keepdims, n_outputs=4)
    return _finish(t, df, denom, mean, alternative)


def _trimmed_stats(a, trim):
    """(Winsorized variance, the trimmed mean in two parts as mean_parts gives them,
    trimmed length) of the rows of `a` (Yuen's; plain variance and mean without trimming)."""
    n = a.shape[-1]
    g = int(n * trim)
    if g == 0:
        m, c, d = mean_parts(a)
        return xp.sum(d * d, axis=-1) / (n - 1), m[..., 0], c[..., 0], n
    s = xp.sort(a, axis=-1)
    winsorized = xp.clip(s, s[..., g:g + 1], s[..., n - g - 1:n - g])
    _, d = deviations(winsorized)
    variance = xp.sum(d * d, axis=-1) / (n - (2 * g + 1))
    m, c, _ = mean_parts(s[..., g:n - g])
    return variance, m[..., 0], c[..., 0], n - 2 * g


def _two_sample_core(equal_var, trim):
    def core(a, b):
        dtype = float_dtype(a.dtype, b.dtype)
        a, b = as_float(a, dtype), as_float(b, dtype)
        v1, m1, c1, n1 = _trimmed_stats(a, trim)
        v2, m2, c2, n2 = _trimmed_stats(b, trim)
        if equal_var:
            # One observation: its variance is undefined but its squared deviations (none) are 0.
            if n1 == 1:
                v1 = xp.zeros_like(v1)
            if n2 == 1:
                v2 = xp.zeros_like(v2)
            df = n1 + n2 - 2.0
            pooled = ((n1 - 1) * v1 + (n2 - 1) * v2) / df
            denom = xp.sqrt(pooled * (1.0 / n1 + 1.0 / n2))
            df = xp.full(denom.shape, df, dtype=denom.dtype)
        else:
            vn1, vn2 = v1 / n1, v2 / n2
            df = (vn1 + vn2) ** 2 / (vn1 ** 2 / (n1 - 1) + vn2 ** 2 / (n2 - 1))
            df = xp.where(xp.isnan(df), 1.0, df)  # zero variances: any df will do
            denom = xp.sqrt(vn1 + vn2)
        difference = (m1 - m2) + (c1 - c2)
        return difference / denom, df, denom, difference
    return core


def _check_method(method):
    if method is None:
        return
    if type(method).__name__ in ("PermutationMethod", "MonteCarloMethod"):
        raise NotImplementedError("Use of resampling methods is compatible only with NumPy arrays.")
    raise ValueError("`method` must be an instance of `PermutationMethod`, an instance of `MonteCarloMethod`, "
                     "or None (default).")


def ttest_ind(a, b, *, axis=0, equal_var=True, nan_policy="propagate", alternative="two-sided", trim=0, method=None,
              keepdims=False):
    """t test of the null hypothesis that two independent samples have the same mean.

    Parameters
    ----------
    a, b : array_like
        The samples; they broadcast against each other except along `axis`,
        where their lengths may differ.
    axis : int, tuple of ints or None, optional
        Axis of the observations (default 0); None flattens each sample.
    equal_var : bool, optional
        True (default): the pooled-variance test; False: Welch's test.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs are left out
        of each sample; 'raise': a NaN raises ValueError.
    alternative : {'two-sided', 'less', 'greater'}, optional
        The alternative hypothesis (default 'two-sided').
    trim : float, optional
        Proportion of each end of each sample to trim, in [0, 0.5): a trimmed
        (Yuen's) t test when positive.
    method : None, optional
        Only None (Student's t distribution); SciPy's permutation and Monte
        Carlo methods are not offered.
    keepdims : bool, optional
        If True, the reduced axes are left in the results with length 1.

    Returns
    -------
    result : TtestResult
        ``statistic``, ``pvalue`` and ``df``, device arrays, and
        ``confidence_interval()`` of the difference of means.

    Raises
    ------
    ValueError
        If `trim` is not in [0, 0.5), `method` is not None, or `alternative`
        or `nan_policy` is unknown (or 'raise' with a NaN).
    NotImplementedError
        For a permutation or Monte Carlo `method`, as SciPy raises for
        arrays that are not NumPy's.

    Notes
    -----
    Means and variances (Winsorized ones when trimming, after a sort) are
    reductions on the device; the p-value is Student's t tail evaluated by
    SciPy on the host from the device statistic. Unlike SciPy, `trim` works
    on device arrays.

    See Also
    --------
    ttest_1samp, ttest_rel, scipy.stats.ttest_ind

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> a, b = xp.asarray([1.0, 2.0, 3.0, 4.0, 5.0]), xp.asarray([3.0, 4.0, 5.0, 6.0, 8.0])
    >>> round(float(stats.ttest_ind(a, b).statistic), 6)
    -1.975658
    >>> round(float(stats.ttest_ind(a, b, equal_var=False).df), 4)
    7.7111
    """
    if not (0 <= trim < .5):
        raise ValueError("Trimming percentage should be 0 <= `trim` < .5.")
    _check_method(method)
    check_alternative(alternative)
    t, df, denom, estimate = reduce_along_axis(_two_sample_core(equal_var, trim), [a, b], axis=axis,
                                               nan_policy=nan_policy, keepdims=keepdims, n_outputs=4)
    return _finish(t, df, denom, estimate, alternative)


def _paired_core(a, b):
    dtype = float_dtype(a.dtype, b.dtype)
    d = as_float(a, dtype) - as_float(b, dtype)
    return _one_sample_core(d, xp.zeros(d.shape[:-1] + (1,), dtype=dtype))


def ttest_rel(a, b, axis=0, nan_policy="propagate", alternative="two-sided", *, keepdims=False):
    """t test of the null hypothesis that two paired samples have the same mean.

    Parameters
    ----------
    a, b : array_like
        The paired samples, broadcast against each other.
    axis : int, tuple of ints or None, optional
        Axis of the observations (default 0); None flattens both.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': pairs with a NaN
        are dropped; 'raise': a NaN raises ValueError.
    alternative : {'two-sided', 'less', 'greater'}, optional
        The alternative hypothesis (default 'two-sided').
    keepdims : bool, optional
        If True, the reduced axes are left in the results with length 1.

    Returns
    -------
    result : TtestResult
        ``statistic``, ``pvalue`` and ``df`` (n - 1, int64), device arrays, and
        ``confidence_interval()`` of the mean difference.

    Raises
    ------
    ValueError
        If `alternative` or `nan_policy` is unknown (or 'raise' with a NaN),
        or the samples' sizes differ with ``axis=None``.

    Notes
    -----
    The one-sample test of the differences ``a - b`` on the device; the
    p-value is Student's t tail evaluated by SciPy on the host.

    See Also
    --------
    ttest_1samp, ttest_ind, scipy.stats.ttest_rel

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> before, after = xp.asarray([5.0, 6.0, 7.0, 8.0]), xp.asarray([5.5, 6.1, 7.9, 8.3])
    >>> round(float(stats.ttest_rel(before, after).statistic), 6)
    -2.63493
    >>> int(stats.ttest_rel(before, after).df)
    3
    """
    check_alternative(alternative)
    t, df, denom, mean = reduce_along_axis(_paired_core, [a, b], axis=axis, nan_policy=nan_policy,
                                           keepdims=keepdims, paired=True, n_outputs=4)
    return _finish(t, df, denom, mean, alternative)
