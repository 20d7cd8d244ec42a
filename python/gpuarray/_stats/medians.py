# SPDX-License-Identifier: BSD-3-Clause
"""median and nanmedian, with NumPy 2's semantics (results stay on the
device; 0-d arrays stand for NumPy's scalars). median sorts the rows
(_stats/sorted_rows.py) and averages the one or two middle elements; nanmedian
counts the elements that are not NaN per row and gathers each row's middle
elements at positions computed on the device. `overwrite_input` is accepted
and the input is never modified."""
import math

import numpy

from gpuarray._reduction.moments import mean
from gpuarray._reduction.nan_moments import nanmean
from gpuarray._sorting_searching.searching import where
from gpuarray._sorting_searching.sorting import sort
from gpuarray._stats.averages import _array
from gpuarray._stats.sorted_rows import _finish, _non_nan_count, _rows, _take_rows, _warn_all_nan
from gpuarray._ufunc.ufuncs import isnan, maximum

__all__ = ["median", "nanmedian"]


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Median of the elements along the given axes.

    Each slice along `axis` is sorted; the median is its middle element, or the
    mean of the two middle elements when the slice has an even length.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to take the median over; None (default) uses every element.
    out : ndarray, optional
        Device array of the result's shape to write the result into.
    overwrite_input : bool, optional
        Accepted for NumPy compatibility and ignored: `a` is never modified.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.

    Returns
    -------
    median : ndarray
        The medians, of `mean`'s dtype (float64 for integer and bool input).
        A full reduction gives a 0-d device array where NumPy gives a scalar.
        Slices holding a NaN give NaN.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If `out` does not have the result's shape.

    Notes
    -----
    The slices are sorted in full on the device (a stable radix sort; there is
    no selection algorithm), so the cost is that of `sort` along the reduced
    axes rather than NumPy's partial partition. The reduced axes are first
    moved last and copied into one contiguous axis.

    See Also
    --------
    nanmedian, mean, percentile, quantile, sort

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[10, 7, 4], [3, 2, 1]])
    >>> float(xp.median(a))
    3.5
    >>> xp.median(a, axis=0)
    array([6.5, 4.5, 2.5])
    >>> xp.median(a, axis=1, keepdims=True)
    array([[7.],
           [2.]])
    >>> float(xp.median(xp.array([1.0, xp.nan, 3.0])))
    nan
    """
    a = _array(a)
    rows, kept = _rows(a, axis)
    n = rows.shape[-1]
    s = sort(rows, axis=-1)
    half = n // 2
    result = mean(s[..., max(half - 1 + n % 2, 0):half + 1], axis=-1)
    if a.dtype.kind in "fc" and n:
        last = s[..., n - 1]
        result = where(isnan(last), last, result)
    return _finish(result, (), kept, keepdims, out)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Median along the given axes, skipping NaNs.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to take the median over; None (default) uses every element.
    out : ndarray, optional
        Device array of the result's shape to write the result into.
    overwrite_input : bool, optional
        Accepted for NumPy compatibility and ignored: `a` is never modified.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.

    Returns
    -------
    median : ndarray
        The medians of the non-NaN elements, in the input's dtype for floating
        input (as `median` otherwise). A full reduction gives a 0-d device array
        where NumPy gives a scalar. A slice of NaNs only gives NaN.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.
    TypeError
        If `out` is not a gpuarray.ndarray.
    ValueError
        If `out` does not have the result's shape.

    Warns
    -----
    RuntimeWarning
        "All-NaN slice encountered" when some slice has no non-NaN element.

    Notes
    -----
    Integer and bool input has no NaNs and is handed to `median`; empty input
    to `nanmean`. For floating input each slice is sorted in full (NaNs sort
    last) and the non-NaN elements are counted per slice on the device. Checking
    for all-NaN slices, to warn as NumPy does, reads one flag back to the host,
    which waits for the device.

    See Also
    --------
    median, nanmean, nanpercentile, nanquantile

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[10.0, xp.nan, 4.0], [3.0, 2.0, 1.0]])
    >>> float(xp.median(a))
    nan
    >>> float(xp.nanmedian(a))
    3.0
    >>> xp.nanmedian(a, axis=1)
    array([7., 2.])
    """
    a = _array(a)
    if a.size == 0:
        return nanmean(a, axis, out=out, keepdims=keepdims)
    if a.dtype.kind not in "fc":
        return median(a, axis, out, overwrite_input, keepdims)
    rows, kept = _rows(a, axis)
    n = rows.shape[-1]
    nrows = math.prod(rows.shape[:-1])
    s = sort(rows, axis=-1)
    count = _non_nan_count(s)
    _warn_all_nan(count)
    # A slice of NaNs only reads its first element: a NaN.
    low = _take_rows(s, maximum((count - 1) // 2, 0), nrows, n, 1)
    high = _take_rows(s, count // 2, nrows, n, 1)
    acc = numpy.float32 if a.dtype == numpy.float16 else a.dtype  # mean's accumulation
    mid = ((low.astype(acc) + high.astype(acc)) / 2).astype(a.dtype)
    # One middle element is the median itself (x + x could overflow).
    return _finish(where(count % 2 == 1, low, mid), (), kept, keepdims, out)
