# SPDX-License-Identifier: BSD-3-Clause
"""Ranks of sorted data and runs of ties: rankdata with scipy.stats'
signature, and the tie bookkeeping that mode, spearmanr and kendalltau share.

Each row is sorted once on the device (a stable argsort), runs of equal
values are found by comparing neighbours, and each position learns the first
and last position of its run from a scan that numbers the runs and two
compactions that list where they start and end (run_bounds). Ranks of any
method follow elementwise and are scattered back to the input's order."""
import numpy

from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._axis_nan_policy import check_nan_policy, contains_nan, device_array, float_dtype

__all__ = ["rankdata"]

METHODS = ("average", "min", "max", "dense", "ordinal")


def run_bounds(different):
    """(first, last, starts): the first and last position, along the last axis, of the
    run each position of a sorted row belongs to, and where runs start;
    ``different[..., k]`` says whether element k+1 differs from element k (shape
    ``(..., n - 1)``). Every row starts a run and ends one, so the runs of the
    flattened rows are the rows' runs: a scan numbers them, and the positions of
    the run starts and ends (two compactions) are gathered by run number."""
    n = different.shape[-1] + 1
    shape = different.shape[:-1] + (n,)
    true = xp.ones(different.shape[:-1] + (1,), dtype=bool)
    starts = xp.concatenate([true, different], axis=-1)
    ends = xp.concatenate([different, true], axis=-1)
    flat_starts = xp.reshape(starts, (-1,))
    run = xp.cumsum(flat_starts.astype(numpy.int64)) - 1
    first = xp.take(xp.nonzero(flat_starts)[0], run)
    last = xp.take(xp.nonzero(xp.reshape(ends, (-1,)))[0], run)
    row_start = xp.arange(first.shape[0], dtype=numpy.int64) // n * n
    return xp.reshape(first - row_start, shape), xp.reshape(last - row_start, shape), starts


def sorted_ranks(y, method):
    """The ranks of the sorted rows `y` (along the last axis), in sorted order."""
    n = y.shape[-1]
    if method == "ordinal":
        return xp.broadcast_to(xp.arange(1, n + 1, dtype=numpy.int64), y.shape)
    first, last, starts = run_bounds(xp.not_equal(y[..., 1:], y[..., :-1]))
    if method == "min":
        return first + 1
    if method == "max":
        return last + 1
    if method == "average":
        return (first + last).astype(numpy.float64) / 2 + 1
    return xp.cumsum(starts.astype(numpy.int64), axis=-1)  # dense


def rank_rows(x, method="average"):
    """The ranks of `x` along its last axis (no NaN handling)."""
    order = xp.argsort(x, axis=-1, kind="stable")
    ranks = sorted_ranks(xp.take_along_axis(x, order, axis=-1), method)
    out = xp.empty(x.shape, dtype=ranks.dtype)
    xp.put_along_axis(out, order, ranks, axis=-1)
    return out


def rankdata(a, method="average", *, axis=None, nan_policy="propagate"):
    """Ranks of the data, ties handled by `method`; ranks start at 1.

    Parameters
    ----------
    a : array_like
        The values to rank (device array, or anything `gpuarray.asarray` accepts).
    method : {'average', 'min', 'max', 'dense', 'ordinal'}, optional
        How tied values are ranked: the average of the ranks they span
        (default), the lowest, the highest, consecutive ranks of the distinct
        values ('dense'), or distinct ranks in order of appearance ('ordinal').
    axis : int or None, optional
        Axis along which to rank; None (default) ranks the flattened array.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN is all NaN; 'omit': NaNs get NaN
        ranks and the other values are ranked among themselves; 'raise': a NaN
        raises ValueError.

    Returns
    -------
    ranks : ndarray
        Device array of `a`'s shape (flattened for axis=None), for every
        method in `a`'s floating dtype, float64 for integers and bool (SciPy
        1.18; 1.17 gave float64 averages and int64 for the other methods).

    Raises
    ------
    ValueError
        If `method` is unknown, `nan_policy` is not one of the three, or it is
        'raise' and there is a NaN.

    Notes
    -----
    One stable sort per row, two scans and one scatter on the device (module
    docstring); checking for NaN reads one boolean back.

    See Also
    --------
    scipy.stats.rankdata, argsort

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> stats.rankdata(xp.asarray([0, 2, 3, 2]))
    array([1. , 2.5, 4. , 2.5])
    >>> stats.rankdata(xp.asarray([0, 2, 3, 2]), method="dense")
    array([1., 2., 3., 2.])
    """
    if method not in METHODS:
        raise ValueError(f'unknown method "{method}"')
    check_nan_policy(nan_policy)
    x = device_array(a)
    if axis is None:
        x, axis = xp.reshape(x, (-1,)), -1
    if x.size == 0:
        return xp.empty(x.shape, dtype=float_dtype(x.dtype))
    has_nan = contains_nan(x)
    if has_nan and nan_policy == "raise":
        raise ValueError("The input contains nan values")
    x = xp.moveaxis(x, axis, -1)
    ranks = rank_rows(x, method).astype(float_dtype(x.dtype))  # SciPy 1.18: the input's floating dtype
    if has_nan:
        missing = xp.isnan(x)
        if nan_policy == "propagate":
            missing = xp.broadcast_to(xp.any(missing, axis=-1, keepdims=True), x.shape)
        ranks = xp.where(missing, xp.nan, ranks)
    return xp.moveaxis(ranks, -1, axis)
