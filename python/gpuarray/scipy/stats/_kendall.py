# SPDX-License-Identifier: BSD-3-Clause
"""Kendall's tau (variants b and c) with scipy.stats' signature.

Note [Discordant pairs on the device]: tau needs the number of discordant
pairs, pairs ordered one way by x and the other by y. Sorting the pairs by
x and then y (two stable sorts, y first) leaves them in an order where the
discordant pairs are exactly the inversions of the y ranks: pairs i < j with
y_i > y_j (ties in x are in ascending y, so they add none). The inversions
are counted by a bottom-up merge sort done with array operations: at level
s the rows are cut in blocks of 2s whose halves are sorted; one batched
stable sort of each block by ``2 * y + half`` (left half first among equal
values) merges them, and a right-half element that lands at position p of
its merged block, being the r-th of its half, has ``p - r`` left elements at
or below it, so ``s - (p - r)`` above it. log2(n) levels of one segmented
sort each; every row of a batch at once, all on the device.

The tie counts (in x, in y, in both) are the lengths of runs of equal
values in the sorted rows (_ranking.run_bounds). The counts come back to the
host, a few numbers per slice, where tau and its p-value are formed as
SciPy forms them: the exact null distribution (the number of permutations
with a given number of inversions) or the normal approximation with the
tie-corrected variance."""
import math

import numpy

from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._axis_nan_policy import reduce_along_axis
from gpuarray.scipy.stats._host_distributions import check_alternative, normal_pvalue, to_device, to_host
from gpuarray.scipy.stats._ranking import run_bounds
from gpuarray.scipy.stats._result_types import SignificanceResult

__all__ = ["kendalltau"]

_METHODS = ("auto", "exact", "asymptotic")


def count_inversions(v):
    """The number of pairs i < j with ``v[..., i] > v[..., j]`` along the last axis of
    the integer array `v` (values in [0, n]); Note [Discordant pairs on the device]."""
    batch, n = v.shape[:-1], v.shape[-1]
    rows = math.prod(batch)
    v = xp.reshape(v.astype(numpy.int64), (rows, n))
    width = 1 << max(0, (n - 1).bit_length())
    if width > n:  # padding larger than every value, at the end: it adds no inversion
        v = xp.concatenate([v, xp.full((rows, width - n), n + 1, dtype=numpy.int64)], axis=-1)
    total = xp.zeros((rows,), dtype=numpy.int64)
    s = 1
    while s < width:
        blocks = xp.reshape(v, (rows * width // (2 * s), 2 * s))
        half = xp.concatenate([xp.zeros((s,), dtype=numpy.int64), xp.ones((s,), dtype=numpy.int64)])
        order = xp.argsort(2 * blocks + half, axis=-1, kind="stable")
        position = xp.empty(order.shape, dtype=numpy.int64)
        xp.put_along_axis(position, order, xp.broadcast_to(xp.arange(2 * s, dtype=numpy.int64), order.shape),
                          axis=-1)
        above = s - (position[:, s:] - xp.arange(s, dtype=numpy.int64))
        total = total + xp.sum(xp.reshape(above, (rows, -1)), axis=-1)
        v = xp.reshape(xp.take_along_axis(blocks, order, axis=-1), (rows, width))
        s *= 2
    return xp.reshape(total, batch)


def _runs(different):
    """Tie statistics of the runs of a sorted row: (pairs within runs, sum of
    c(c-1)(c-2), sum of c(c-1)(2c+5), number of runs), float64."""
    first, last, starts = run_bounds(different)
    c = xp.where(starts, last - first + 1, 0).astype(numpy.float64)
    return (xp.sum(c * (c - 1) / 2, axis=-1), xp.sum(c * (c - 1) * (c - 2), axis=-1),
            xp.sum(c * (c - 1) * (2 * c + 5), axis=-1), xp.sum(starts, axis=-1).astype(numpy.float64))


def _kendall_counts(x, y):
    """Per slice: n, discordant pairs, joint ties, and the tie statistics of x and y."""
    n = x.shape[-1]
    by_y = xp.argsort(y, axis=-1, kind="stable")
    xs, ys = xp.take_along_axis(x, by_y, axis=-1), xp.take_along_axis(y, by_y, axis=-1)
    y_different = xp.not_equal(ys[..., 1:], ys[..., :-1])
    y_stats = _runs(y_different)
    true = xp.ones(ys.shape[:-1] + (1,), dtype=bool)
    y_rank = xp.cumsum(xp.concatenate([true, y_different], axis=-1).astype(numpy.int64), axis=-1)
    by_x = xp.argsort(xs, axis=-1, kind="stable")
    x2, y2 = xp.take_along_axis(xs, by_x, axis=-1), xp.take_along_axis(y_rank, by_x, axis=-1)
    x_different = xp.not_equal(x2[..., 1:], x2[..., :-1])
    x_stats = _runs(x_different)
    joint = _runs(xp.logical_or(x_different, xp.not_equal(y2[..., 1:], y2[..., :-1])))[0]
    dis = count_inversions(y2).astype(numpy.float64)
    size = xp.full(dis.shape, float(n), dtype=numpy.float64)
    return (size, dis, joint) + x_stats + y_stats


def kendall_exact_pvalue(n, concordant, alternative):
    """p-value of `concordant` concordant pairs among n observations without ties,
    from the exact null distribution (that of the inversions of a random permutation)."""
    total = n * (n - 1) // 2

    def cdf(k):  # P(C <= k)
        if k < 0:
            return 0.0
        if k >= total:
            return 1.0
        if 2 * k > total:  # the distribution is symmetric: sum the smaller tail
            return 1.0 - cdf(total - k - 1)
        p = numpy.zeros(k + 1)
        p[0] = 1.0
        for j in range(2, n + 1):  # P_j(m) = (1/j) sum_{i<j} P_{j-1}(m - i)
            cs = numpy.cumsum(p)
            window = cs.copy()
            if j <= k:
                window[j:] -= cs[:-j]
            p = window / j
        return float(p.sum())

    if alternative == "two-sided":
        prob = 2.0 * cdf(min(concordant, total - concordant))
    elif alternative == "greater":
        prob = cdf(total - concordant)
    else:
        prob = cdf(concordant)
    return min(max(prob, 0.0), 1.0)


def _finish(counts, method, variant, alternative):
    """tau and the p-value of each slice from its counts (host arrays), as SciPy forms them."""
    size, dis, ntie, xtie, x0, x1, xruns, ytie, y0, y1, yruns = (numpy.reshape(c, -1) for c in counts)
    tau = numpy.full(size.shape, numpy.nan)
    pvalue = numpy.full(size.shape, numpy.nan)
    for i in range(size.size):
        if numpy.isnan(size[i]):
            continue
        n = int(size[i])
        tot = n * (n - 1) // 2
        d, nt, xt, yt = int(dis[i]), int(ntie[i]), int(xtie[i]), int(ytie[i])
        if xt == tot or yt == tot:
            continue
        con_minus_dis = tot - xt - yt + nt - 2 * d
        if variant == "b":
            t = con_minus_dis / math.sqrt(tot - xt) / math.sqrt(tot - yt)
        else:
            minclasses = min(xruns[i], yruns[i])
            t = 2 * con_minus_dis / (n ** 2 * (minclasses - 1) / minclasses)
        tau[i] = min(1.0, max(-1.0, t))
        if method == "exact" and (xt != 0 or yt != 0):
            raise ValueError("Ties found; exact method cannot be used.")
        chosen = method
        if method == "auto":
            exact = xt == 0 and yt == 0 and (n <= 33 or min(d, tot - d) <= 1)
            chosen = "exact" if exact else "asymptotic"
        if chosen == "exact":
            pvalue[i] = kendall_exact_pvalue(n, tot - d, alternative)
        else:
            m = numpy.float64(n * (n - 1.0))  # NumPy floats: n = 2 divides by zero into NaN, as in SciPy
            with numpy.errstate(all="ignore"):
                var = ((m * (2 * n + 5) - x1[i] - y1[i]) / 18 + (2 * xt * yt) / m
                       + x0[i] * y0[i] / (9 * m * (n - 2)))
                pvalue[i] = normal_pvalue(numpy.float64(con_minus_dis / numpy.sqrt(var)), alternative)
    return tau.reshape(numpy.shape(counts[0])), pvalue.reshape(numpy.shape(counts[0]))


def kendalltau(x, y, *, nan_policy="propagate", method="auto", variant="b", alternative="two-sided", axis=None,
               keepdims=False):
    """Kendall's tau, a correlation of orderings, and the p-value of no association.

    Parameters
    ----------
    x, y : array_like
        Paired observations of the same shape (broadcast against each other);
        flattened with the default ``axis=None``.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': pairs with a NaN
        are dropped; 'raise': a NaN raises ValueError.
    method : {'auto', 'asymptotic', 'exact'}, optional
        The null distribution of the p-value: 'exact' (no ties allowed),
        'asymptotic' (normal, tie-corrected) or 'auto' (default: exact for
        slices without ties of at most 33 pairs, or when at most one pair is
        concordant or discordant).
    variant : {'b', 'c'}, optional
        Tau-b (default, adjusted for ties) or Stuart's tau-c.
    alternative : {'two-sided', 'less', 'greater'}, optional
        The alternative hypothesis (default 'two-sided').
    axis : int, tuple of ints or None, optional
        Axis of the observations; None (default) flattens both.
    keepdims : bool, optional
        If True, the reduced axes are left in the results with length 1.

    Returns
    -------
    result : SignificanceResult
        ``statistic`` (also ``correlation``) and ``pvalue``, float64 device
        arrays (0-d for one slice).

    Raises
    ------
    ValueError
        For an unknown `method`, `variant`, `alternative` or `nan_policy`
        (or 'raise' with a NaN), or 'exact' with ties.

    Warns
    -----
    SmallSampleWarning
        For a slice of fewer than two pairs (NaN).

    Notes
    -----
    The discordant pairs are counted on the device by a merge sort made of
    batched stable sorts, O(n log^2 n) work per slice and every slice at
    once (Note [Discordant pairs on the device]); the ties are runs in the
    sorted data. A few counts per slice come back to the host, where tau
    and the p-value are formed (the exact distribution is summed in
    float64, the normal tail is SciPy's).

    See Also
    --------
    spearmanr, pearsonr, scipy.stats.kendalltau

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> res = stats.kendalltau(xp.asarray([12, 2, 1, 12, 2]), xp.asarray([1, 4, 7, 1, 0]))
    >>> round(float(res.statistic), 6), round(float(res.pvalue), 6)
    (-0.471405, 0.282745)
    >>> round(float(stats.kendalltau(xp.arange(10), xp.arange(10)).statistic), 6)
    1.0
    """
    if variant not in ("b", "c"):
        raise ValueError(f"Unknown `variant` {variant!r} specified. `variant` must be 'b' or 'c'.")
    if method not in _METHODS:
        raise ValueError(f"Unknown `method` {method!r} specified.  `method` must be'auto', 'exact' or 'asymptotic'.")
    check_alternative(alternative)
    counts = reduce_along_axis(_kendall_counts, [x, y], axis=axis, nan_policy=nan_policy, keepdims=keepdims,
                               paired=True, too_small=1, n_outputs=11)
    tau, pvalue = _finish([to_host(c) for c in counts], method, variant, alternative)
    res = SignificanceResult(to_device(tau, numpy.float64), to_device(pvalue, numpy.float64))
    res.correlation = res.statistic
    return res
