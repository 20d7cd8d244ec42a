# SPDX-License-Identifier: BSD-3-Clause
"""Linear and rank correlation: pearsonr, spearmanr and linregress, with
scipy.stats' signatures and result objects.

Sums of products of deviations (taken in two steps, Note [Refined mean])
are reduced on the device; spearmanr ranks each variable on the device and
correlates the ranks with one matrix product. The p-values come from the
host (_host_distributions.py)."""
import warnings

import numpy

from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._axis_nan_policy import (
    check_nan_policy, contains_nan, device_array, float_dtype, quiet, reduce_along_axis,
)
from gpuarray.scipy.stats._centering import as_float, deviations
from gpuarray.scipy.stats._host_distributions import (
    beta_pvalue, check_alternative, normal_quantile, t_pvalue, to_device, to_host,
)
from gpuarray.scipy.stats._ranking import rank_rows
from gpuarray.scipy.stats._result_types import (
    ConfidenceInterval, LinregressResult, SignificanceResult, tuple_with_attributes,
)
from gpuarray.scipy.stats._warnings import ConstantInputWarning, NearConstantInputWarning

__all__ = ["PearsonRResult", "pearsonr", "spearmanr", "linregress"]

_CONSTANT = "An input array is constant; the correlation coefficient is not defined."
_NEARLY_CONSTANT = ("An input array is nearly constant; the computed correlation coefficient may be "
                    "inaccurate.")

_PearsonRBase = tuple_with_attributes("PearsonRResult", ("statistic", "pvalue"), (), module=__name__)


class PearsonRResult(_PearsonRBase):
    """Result of `pearsonr`: a ``(statistic, pvalue)`` tuple with a Fisher confidence interval.

    Parameters
    ----------
    statistic : ndarray
        Pearson's correlation coefficient (also ``correlation``).
    pvalue : ndarray
        The p-value.
    alternative : str
        The alternative hypothesis of the test.
    n : int
        The number of pairs.

    Notes
    -----
    The values are device arrays. SciPy's bootstrap confidence intervals
    (``method=BootstrapMethod``) are not offered.

    See Also
    --------
    pearsonr

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> res = stats.pearsonr(xp.asarray([1.0, 2.0, 3.0, 4.0, 5.0]), xp.asarray([2.0, 1.0, 4.0, 3.0, 7.0]))
    >>> round(float(res.statistic), 6)
    0.824163
    >>> ci = res.confidence_interval()
    >>> round(float(ci.low), 4), round(float(ci.high), 4)
    (-0.2129, 0.988)
    """

    def __new__(cls, statistic, pvalue, alternative, n):
        self = super().__new__(cls, statistic, pvalue)
        object.__setattr__(self, "correlation", statistic)
        object.__setattr__(self, "_alternative", alternative)
        object.__setattr__(self, "_n", n)
        return self

    def __reduce__(self):
        return PearsonRResult, (self.statistic, self.pvalue, self._alternative, self._n)

    def confidence_interval(self, confidence_level=0.95, method=None):
        """The confidence interval of the correlation coefficient (Fisher's transformation).

        Parameters
        ----------
        confidence_level : float, optional
            The confidence level (default 0.95).
        method : None, optional
            Only None (Fisher's transformation); SciPy's bootstrap is not offered.

        Returns
        -------
        ci : ConfidenceInterval
            ``low`` and ``high`` device arrays; (-1, 1) where there are three
            pairs or fewer.

        Raises
        ------
        ValueError
            If `method` is not None.

        See Also
        --------
        pearsonr

        Examples
        --------
        >>> import gpuarray as xp
        >>> from gpuarray.scipy import stats
        >>> res = stats.pearsonr(xp.arange(10.0), xp.arange(10.0) ** 2)
        >>> ci = res.confidence_interval(confidence_level=0.9)
        >>> bool(ci.low < res.statistic < ci.high)
        True
        """
        if method is not None:
            raise ValueError("`method` must be `None` if `pearsonr` arguments were not NumPy arrays.")
        r = self.statistic
        n = self._n
        with quiet():
            zr = xp.arctanh(r)
            se = (1 / (n - 3)) ** 0.5 if n > 3 else xp.nan
            if self._alternative == "two-sided":
                h = float(normal_quantile(0.5 + confidence_level / 2))
                low, high = xp.tanh(zr - h * se), xp.tanh(zr + h * se)
            elif self._alternative == "less":
                h = float(normal_quantile(confidence_level))
                low, high = xp.full_like(r, -1), xp.tanh(zr + h * se)
            else:
                h = float(normal_quantile(confidence_level))
                low, high = xp.tanh(zr - h * se), xp.full_like(r, 1)
        if n <= 3:
            low, high = xp.full_like(r, -1), xp.full_like(r, 1)
        return ConfidenceInterval(low=low, high=high)


def pearsonr(x, y, *, alternative="two-sided", method=None, axis=0):
    """Pearson's correlation coefficient and the p-value of no correlation.

    Parameters
    ----------
    x, y : array_like
        Paired samples, broadcastable against each other, of the same length
        (at least 2) along `axis`.
    alternative : {'two-sided', 'less', 'greater'}, optional
        The alternative hypothesis (default 'two-sided').
    method : None, optional
        Only None: the exact null distribution (a beta distribution). SciPy's
        permutation and Monte Carlo methods are not offered.
    axis : int or None, optional
        Axis of the observations (default 0); None flattens both.

    Returns
    -------
    result : PearsonRResult
        ``statistic`` (also ``correlation``) and ``pvalue``, device arrays in the
        inputs' floating dtype, and ``confidence_interval()``.

    Raises
    ------
    ValueError
        If `x` and `y` do not broadcast, differ in length along `axis`, have
        fewer than 2 pairs, are complex, if `axis` is not an integer, if
        `method` is not None, or `alternative` not one of the three.

    Warns
    -----
    ConstantInputWarning
        When a slice is constant: its coefficient is NaN.
    NearConstantInputWarning
        When a slice is constant to rounding.

    Notes
    -----
    Deviations from refined means and three sums of products on the device;
    the p-value is the beta distribution's tail, evaluated by SciPy on the
    host from the device coefficients (gpuarray.scipy.special does not exist
    yet).

    See Also
    --------
    spearmanr, kendalltau, linregress, scipy.stats.pearsonr

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> res = stats.pearsonr(xp.asarray([1.0, 2.0, 3.0, 4.0, 5.0]), xp.asarray([10.0, 9.0, 2.5, 6.0, 4.0]))
    >>> round(float(res.statistic), 6), round(float(res.pvalue), 6)
    (-0.742611, 0.150556)
    >>> stats.pearsonr(xp.arange(6.0).reshape(2, 3), xp.asarray([[1.0, 2.0, 4.0], [3.0, 2.0, 1.0]]), axis=1).statistic
    array([ 0.98198051, -1.        ])
    """
    check_alternative(alternative)
    if method is not None:
        raise ValueError("`method` must be `None` if arguments are not NumPy arrays.")
    x, y = device_array(x), device_array(y)
    dtype = float_dtype(x.dtype, y.dtype)
    if axis is None:
        x, y, axis = xp.reshape(x, (-1,)), xp.reshape(y, (-1,)), -1
    if int(axis) != axis:
        raise ValueError("`axis` must be an integer.")
    axis = int(axis)
    try:
        shape = numpy.broadcast_shapes(x.shape, y.shape)
    except ValueError as e:
        raise ValueError("`x` and `y` must be broadcastable.") from e
    x = xp.reshape(x, (1,) * (len(shape) - x.ndim) + x.shape)
    y = xp.reshape(y, (1,) * (len(shape) - y.ndim) + y.shape)
    if x.shape[axis] != y.shape[axis]:
        raise ValueError("`x` and `y` must have the same length along `axis`.")
    if x.shape[axis] < 2:
        raise ValueError("`x` and `y` must have length at least 2.")
    if dtype.kind == "c":
        raise ValueError("This function does not support complex data")
    x = xp.moveaxis(xp.broadcast_to(x, shape), axis, -1).astype(dtype)
    y = xp.moveaxis(xp.broadcast_to(y, shape), axis, -1).astype(dtype)
    n = x.shape[-1]

    const_x = xp.all(xp.equal(x, x[..., :1]), axis=-1)
    const_y = xp.all(xp.equal(y, y[..., :1]), axis=-1)
    const = xp.logical_or(const_x, const_y)
    if bool(xp.any(const)):
        warnings.warn(ConstantInputWarning(_CONSTANT), stacklevel=2)
    with quiet():
        xmean, xm = deviations(x)
        ymean, ym = deviations(y)
        # Scaled by the largest deviation first: no premature overflow of the squares.
        xmax = xp.max(xp.abs(xm), axis=-1, keepdims=True)
        ymax = xp.max(xp.abs(ym), axis=-1, keepdims=True)
        normx = xmax * xp.sqrt(xp.sum(xp.square(xm / xmax), axis=-1, keepdims=True))
        normy = ymax * xp.sqrt(xp.sum(xp.square(ym / ymax), axis=-1, keepdims=True))
        threshold = float(numpy.finfo(dtype).eps) ** 0.75
        nearly = xp.logical_or(xp.any(normx < threshold * xp.abs(xmean), axis=-1),
                               xp.any(normy < threshold * xp.abs(ymean), axis=-1))
        r = xp.sum((xm / normx) * (ym / normy), axis=-1)
        r = xp.where(const, xp.nan, xp.clip(r, -1.0, 1.0))
    if bool(xp.any(xp.logical_and(nearly, xp.logical_not(const)))):
        warnings.warn(NearConstantInputWarning(_NEARLY_CONSTANT), stacklevel=2)
    if n == 2:
        r = xp.where(xp.isnan(r), xp.nan, xp.around(r))
        pvalue = xp.where(xp.isnan(r), r, xp.full_like(r, 1.0))
    else:
        pvalue = to_device(beta_pvalue(to_host(r), n, alternative), dtype)
    return PearsonRResult(r, pvalue, alternative, n)


def _t_from_r(rs, dof):
    """The t statistic of a correlation coefficient with `dof` degrees of freedom (host)."""
    with numpy.errstate(divide="ignore", invalid="ignore"):
        return rs * numpy.sqrt((dof / ((rs + 1.0) * (1.0 - rs))).clip(0))


def _rank_correlation_matrix(columns):
    """The correlation matrix of the average ranks of `columns` (variables, observations)."""
    ranks = rank_rows(columns, "average")
    _, d = deviations(ranks)
    c = xp.matmul(d, xp.moveaxis(d, -1, -2))
    std = xp.sqrt(xp.sum(d * d, axis=-1))
    with quiet():
        c = c / std[:, None]
        c = c / std[None, :]
    return xp.clip(c, -1.0, 1.0)


def _significance(statistic, pvalue):
    res = SignificanceResult(statistic, pvalue)
    res.correlation = statistic
    return res


def _nan_significance():
    nan = xp.asarray(numpy.nan)
    return _significance(nan, nan)


def _spearman_pair(columns, alternative):
    """(rho, p) of two variables with the observations that hold a NaN dropped
    (nan_policy='omit', as SciPy's masked spearmanr does it), on the host as scalars."""
    keep = xp.logical_not(xp.any(xp.isnan(columns), axis=0))
    pair = columns[:, keep]
    n_obs = pair.shape[1]
    if not bool(xp.any(pair != 0)):
        return numpy.nan, numpy.nan
    if n_obs < 2:
        raise ValueError("The input must have at least 3 entries!")
    rs = float(to_host(_rank_correlation_matrix(pair)[1, 0]))
    return rs, float(t_pvalue(_t_from_r(numpy.float64(rs), n_obs - 2), n_obs - 2, alternative))


def spearmanr(a, b=None, axis=0, nan_policy="propagate", alternative="two-sided"):
    """Spearman's rank correlation coefficient and the p-value of no correlation.

    Parameters
    ----------
    a, b : array_like
        One or two 1-D or 2-D arrays of variables. A 2-D array holds one
        variable per column (per row when ``axis=1``); `b` adds its
        variables to `a`'s.
    axis : int or None, optional
        Axis of the observations: 0 (default), 1, or None (both flattened).
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': correlations involving a variable with a NaN are NaN;
        'omit': observations with a NaN are dropped (for each pair of
        variables); 'raise': a NaN raises ValueError.
    alternative : {'two-sided', 'less', 'greater'}, optional
        The alternative hypothesis (default 'two-sided').

    Returns
    -------
    result : SignificanceResult
        ``statistic`` (also ``correlation``) and ``pvalue``: 0-d device arrays
        for two variables, else square matrices, one row and column per variable.

    Raises
    ------
    ValueError
        For arrays of more than two dimensions, an axis other than 0, 1 or
        None, a single variable, an unknown `nan_policy` or `alternative`,
        'raise' with a NaN.

    Warns
    -----
    ConstantInputWarning
        When one of the first two variables is constant (the result is NaN).

    Notes
    -----
    The variables are ranked on the device (rankdata's average ranks) and
    their correlation matrix is one matrix product of the centered ranks;
    the p-values (Student's t) are computed by SciPy on the host.

    See Also
    --------
    pearsonr, kendalltau, rankdata, scipy.stats.spearmanr

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> res = stats.spearmanr(xp.asarray([1, 2, 3, 4, 5]), xp.asarray([5, 6, 7, 8, 7]))
    >>> float(res.statistic)  # doctest: +ELLIPSIS
    0.8207826816...
    >>> stats.spearmanr(xp.asarray([[1.0, 2.0, 9.0], [2.0, 1.0, 8.0], [3.0, 4.0, 7.0], [4.0, 3.0, 1.0]])).statistic
    array([[ 1. ,  0.6, -1. ],
           [ 0.6,  1. , -0.6],
           [-1. , -0.6,  1. ]])
    """
    if axis is not None and axis > 1:
        raise ValueError(f"spearmanr only handles 1-D or 2-D arrays, supplied axis argument {axis}, please use "
                         "only values 0, 1 or None for axis")
    check_nan_policy(nan_policy)
    check_alternative(alternative)
    a = device_array(a)
    a, axisout = (xp.reshape(a, (-1,)), 0) if axis is None or a.ndim == 0 else (a, axis)
    if a.ndim > 2:
        raise ValueError("spearmanr only handles 1-D or 2-D arrays")
    if b is None:
        if a.ndim < 2:
            raise ValueError("`spearmanr` needs at least 2 variables to compare")
    else:
        b = device_array(b)
        b = xp.reshape(b, (-1,)) if axis is None or b.ndim == 0 else b
        as2d = [v if v.ndim == 2 else xp.reshape(v, (-1, 1) if axisout == 0 else (1, -1)) for v in (a, b)]
        a = xp.concatenate(as2d, axis=1 - axisout)
    # variables as rows, observations along the last axis
    columns = a if axisout == 1 else xp.moveaxis(a, 0, 1)
    columns = as_float(columns, numpy.float64)
    n_vars, n_obs = columns.shape
    if n_obs <= 1:
        return _nan_significance()
    if bool(xp.all(columns[0] == columns[0, 0])) or bool(xp.all(columns[1] == columns[1, 0])):
        warnings.warn(ConstantInputWarning(_CONSTANT), stacklevel=2)
        return _nan_significance()
    has_nan = contains_nan(columns)
    if has_nan and nan_policy == "raise":
        raise ValueError("The input contains nan values")
    if has_nan and nan_policy == "omit":
        if n_vars == 2:
            rs, p = _spearman_pair(columns, alternative)
            return _significance(xp.asarray(rs), xp.asarray(p))
        rs, p = numpy.ones((n_vars, n_vars)), numpy.zeros((n_vars, n_vars))
        for i in range(n_vars - 1):
            for j in range(i + 1, n_vars):
                r_ij, p_ij = _spearman_pair(columns[[i, j]], alternative)
                rs[i, j] = rs[j, i] = r_ij
                p[i, j] = p[j, i] = p_ij
        return _significance(xp.asarray(rs), xp.asarray(p))
    if has_nan and n_vars <= 2:
        return _nan_significance()
    rs = _rank_correlation_matrix(columns)
    if has_nan:  # 'propagate' with more than two variables: NaN rows and columns
        bad = xp.any(xp.isnan(columns), axis=-1)
        rs = xp.where(xp.logical_or(bad[:, None], bad[None, :]), xp.nan, rs)
    dof = n_obs - 2
    host_rs = to_host(rs)
    prob = t_pvalue(_t_from_r(host_rs, dof), dof, alternative)
    if rs.shape == (2, 2):
        return _significance(rs[1, 0], xp.asarray(prob[1, 0]))
    return _significance(rs, xp.asarray(prob))


def _linregress_core(x, y):
    """SciPy 1.18's regression, in float64 (the results are cast to the inputs'
    floating dtype afterwards). Degenerate slices (identical x values) give NaN;
    two pairs leave no degree of freedom: a NaN p-value, and standard errors
    divided by zero."""
    x, y = as_float(x, numpy.float64), as_float(y, numpy.float64)
    n = x.shape[-1]
    xmean, xm = deviations(x)
    ymean, ym = deviations(y)
    ssxm = xp.mean(xm * xm, axis=-1)
    ssym = xp.mean(ym * ym, axis=-1)
    ssxym = xp.mean(xm * ym, axis=-1)
    xmean, ymean = xmean[..., 0], ymean[..., 0]
    degenerate = xp.logical_or(ssxm == 0.0, ssym == 0.0)
    r = xp.where(degenerate, xp.where(ssxym == 0, xp.nan, 0.0),
                 xp.clip(ssxym / xp.sqrt(ssxm * ssym), -1.0, 1.0))
    slope = ssxym / ssxm
    intercept = ymean - slope * xmean
    df = n - 2
    slope_stderr = xp.sqrt((1 - r ** 2) * ssym / ssxm / df)  # df = 0: inf, or NaN where r = ±1
    intercept_stderr = slope_stderr * xp.sqrt(ssxm + xmean ** 2)
    tiny = 1.0e-20
    t = r * xp.sqrt(df / ((1.0 - r + tiny) * (1.0 + r + tiny)))
    return slope, intercept, r, t, slope_stderr, intercept_stderr, xp.full_like(r, float(df))


def linregress(x, y, alternative="two-sided", *, axis=0, nan_policy="propagate", keepdims=False):
    """Least-squares regression line of `y` on `x`.

    Parameters
    ----------
    x, y : array_like
        Paired measurements, broadcast against each other, of the same length
        along `axis`.
    alternative : {'two-sided', 'less', 'greater'}, optional
        The alternative hypothesis of the slope's test (default 'two-sided').
    axis : int, tuple of ints or None, optional
        Axis of the observations (default 0); None flattens both.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': pairs with a NaN
        are dropped; 'raise': a NaN raises ValueError.
    keepdims : bool, optional
        If True, the reduced axes are left in the results with length 1.

    Returns
    -------
    result : LinregressResult
        ``slope``, ``intercept``, ``rvalue``, ``pvalue``, ``stderr`` and
        ``intercept_stderr``: device arrays (0-d for one regression) in the
        inputs' floating dtype (float64 for integers), as SciPy 1.18. A slice
        whose x values are all equal gives NaN everywhere; one of two pairs
        gives a NaN p-value and standard errors divided by zero (inf, or NaN
        on an exact fit): no degree of freedom is left.

    Raises
    ------
    ValueError
        If `alternative` or `nan_policy` is unknown (or 'raise' with a NaN).

    Warns
    -----
    SmallSampleWarning
        For a slice of fewer than two pairs (its results are NaN).

    Notes
    -----
    Second moments of deviations from refined means on the device, in
    float64 for every input dtype, batched over all slices; the p-value
    (Student's t) is computed by SciPy on the host.

    See Also
    --------
    pearsonr, scipy.stats.linregress

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> res = stats.linregress(xp.asarray([0.0, 1.0, 2.0, 3.0]), xp.asarray([1.0, 3.0, 5.0, 7.5]))
    >>> round(float(res.slope), 6), round(float(res.intercept), 6)
    (2.15, 0.9)
    >>> round(float(res.rvalue), 6)
    0.998381
    """
    check_alternative(alternative)
    xa, ya = device_array(x), device_array(y)
    dtype = float_dtype(xa.dtype, ya.dtype)
    with quiet():
        slope, intercept, r, t, stderr, intercept_stderr, df = reduce_along_axis(
            _linregress_core, [xa, ya], axis=axis, nan_policy=nan_policy, keepdims=keepdims, paired=True,
            too_small=1, n_outputs=7)
    host_df = to_host(df)
    host_t = to_host(t)
    with numpy.errstate(all="ignore"):
        p = numpy.where(host_df > 0, t_pvalue(host_t, numpy.where(host_df > 0, host_df, 1), alternative), numpy.nan)
    results = (slope, intercept, r, to_device(p, numpy.float64), stderr, intercept_stderr)
    slope, intercept, r, p, stderr, intercept_stderr = (v.astype(dtype, copy=False) for v in results)
    return LinregressResult(slope, intercept, r, p, stderr, intercept_stderr=intercept_stderr)
