# SPDX-License-Identifier: BSD-3-Clause
"""nanpercentile and nanquantile: percentile and quantile over the elements
that are not NaN, with NumPy 2's methods, weights and warnings. Each row's
count of such elements gives its positions, computed on the device
(_stats/quantiles.py)."""
from gpuarray._stats.quantiles import _quantile

__all__ = ["nanpercentile", "nanquantile"]


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
                  weights=None):
    """The q-th percentiles along the given axes, skipping NaNs.

    Parameters
    ----------
    a : array_like
        Input array of real numbers (device array, or anything `asarray`
        accepts).
    q : array_like of float
        Percentages, each in [0, 100]. A scalar or a 1-D sequence (host or
        device); the dimensions of `q` come first in the result.
    axis : int, tuple of ints or None, optional
        Axes to compute over; None (default) uses every element.
    out : ndarray, optional
        Device array of the result's shape to write the result into.
    overwrite_input : bool, optional
        Accepted for NumPy compatibility and ignored: `a` is never modified.
    method : str, optional
        How to estimate between data points, one of NumPy's names:
        'inverted_cdf', 'averaged_inverted_cdf', 'closest_observation',
        'interpolated_inverted_cdf', 'hazen', 'weibull', 'linear' (default),
        'median_unbiased', 'normal_unbiased', 'lower', 'higher', 'nearest',
        'midpoint'.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    weights : array_like, optional
        Non-negative weights, of `a`'s shape or, with `axis`, of the shape of
        the reduced axes. Only method='inverted_cdf' accepts them.

    Returns
    -------
    percentile : ndarray
        The percentiles of the non-NaN elements, with the dimensions of `q`
        first, then the remaining axes of `a`. A scalar `q` and a full
        reduction give a 0-d device array where NumPy gives a scalar. A slice
        of NaNs only gives NaN.

    Raises
    ------
    TypeError
        If `a` is complex, if `out` is not a gpuarray.ndarray, or if `weights`
        differs from `a` in shape and `axis` is None.
    ValueError
        If a value of `q` is outside [0, 100], `q` has more than two
        dimensions, `method` is unknown, `weights` is given with another method
        than 'inverted_cdf', has the wrong shape, is negative, or sums to zero
        (or has NaN or inf) along some slice, or `out` has the wrong shape.
    IndexError
        If the reduced axes are empty
        (empty input returns `nanmean`'s result instead).

    Warns
    -----
    RuntimeWarning
        "All-NaN slice encountered" when some slice has no non-NaN element.

    Notes
    -----
    `q` is read back to the host (a device `q` is downloaded).
    The non-NaN elements are counted per slice, so the positions and
    interpolation weights are computed on the device with NumPy's formulas;
    checking for all-NaN slices reads a flag back to the host.

    Each slice is sorted in full on the device and the elements at the
    estimated positions are gathered by one kernel; interpolation uses NumPy's
    formula (up from the lower neighbour for gamma < 0.5, down from the upper
    one otherwise). Weighted quantiles sort the weights with the data and
    search their cumulative sum on the device; checking the weights reads
    results back to the host, which waits for the device.

    NumPy's deprecated `interpolation` parameter is not accepted; use `method`.

    See Also
    --------
    percentile, nanquantile, nanmedian

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[10.0, xp.nan, 4.0], [3.0, 2.0, 1.0]])
    >>> float(xp.percentile(a, 50))
    nan
    >>> float(xp.nanpercentile(a, 50))
    3.0
    >>> xp.nanpercentile(a, [25, 75], axis=1)
    array([[5.5, 1.5],
           [8.5, 2.5]])
    """
    return _quantile(a, q, 100, axis, out, method, keepdims, weights, True)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
                weights=None):
    """The q-th quantiles along the given axes, skipping NaNs.

    Like `nanpercentile`, with `q` as fractions in [0, 1] rather than
    percentages.

    Parameters
    ----------
    a : array_like
        Input array of real numbers (device array, or anything `asarray`
        accepts).
    q : array_like of float
        Probabilities, each in [0, 1]. A scalar or a 1-D sequence (host or
        device); the dimensions of `q` come first in the result.
    axis : int, tuple of ints or None, optional
        Axes to compute over; None (default) uses every element.
    out : ndarray, optional
        Device array of the result's shape to write the result into.
    overwrite_input : bool, optional
        Accepted for NumPy compatibility and ignored: `a` is never modified.
    method : str, optional
        How to estimate between data points, one of NumPy's names:
        'inverted_cdf', 'averaged_inverted_cdf', 'closest_observation',
        'interpolated_inverted_cdf', 'hazen', 'weibull', 'linear' (default),
        'median_unbiased', 'normal_unbiased', 'lower', 'higher', 'nearest',
        'midpoint'.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.
    weights : array_like, optional
        Non-negative weights, of `a`'s shape or, with `axis`, of the shape of
        the reduced axes. Only method='inverted_cdf' accepts them.

    Returns
    -------
    quantile : ndarray
        The quantiles of the non-NaN elements, with the dimensions of `q`
        first, then the remaining axes of `a`. A scalar `q` and a full
        reduction give a 0-d device array where NumPy gives a scalar. A slice
        of NaNs only gives NaN.

    Raises
    ------
    TypeError
        If `a` is complex, if `out` is not a gpuarray.ndarray, or if `weights`
        differs from `a` in shape and `axis` is None.
    ValueError
        If a value of `q` is outside [0, 1], `q` has more than two
        dimensions, `method` is unknown, `weights` is given with another method
        than 'inverted_cdf', has the wrong shape, is negative, or sums to zero
        (or has NaN or inf) along some slice, or `out` has the wrong shape.
    IndexError
        If the reduced axes are empty
        (empty input returns `nanmean`'s result instead).

    Warns
    -----
    RuntimeWarning
        "All-NaN slice encountered" when some slice has no non-NaN element.

    Notes
    -----
    `q` is read back to the host (a device `q` is downloaded).
    The non-NaN elements are counted per slice, so the positions and
    interpolation weights are computed on the device with NumPy's formulas;
    checking for all-NaN slices reads a flag back to the host.

    Each slice is sorted in full on the device and the elements at the
    estimated positions are gathered by one kernel; interpolation uses NumPy's
    formula (up from the lower neighbour for gamma < 0.5, down from the upper
    one otherwise). Weighted quantiles sort the weights with the data and
    search their cumulative sum on the device; checking the weights reads
    results back to the host, which waits for the device.

    NumPy's deprecated `interpolation` parameter is not accepted; use `method`.

    See Also
    --------
    quantile, nanpercentile, nanmedian

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[10.0, xp.nan, 4.0], [3.0, 2.0, 1.0]])
    >>> float(xp.nanquantile(a, 0.5))
    3.0
    >>> xp.nanquantile(a, 0.5, axis=1)
    array([7., 2.])
    >>> xp.nanquantile(a, [0.0, 1.0], axis=0)
    array([[ 3.,  2.,  1.],
           [10.,  2.,  4.]])
    """
    return _quantile(a, q, 1, axis, out, method, keepdims, weights, True)
