# SPDX-License-Identifier: BSD-3-Clause
"""pad: every NumPy mode (constant, edge, linear_ramp, maximum, mean, median,
minimum, reflect, symmetric, wrap, empty, and a callable), with NumPy's
broadcasting of pad_width, constant_values, end_values and stat_length.

As in NumPy, the input is copied into the middle of the result once, then
the axes are padded one after the other, each from the values already in
place: while axis k is padded, the axes before it span their padded extent
and the axes after it only the original one (the region of interest), so the
corners come out as NumPy's. Each side of each axis is one or a few block
copies, fills or elementwise operations on views; nothing is computed on
the host except the widths."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.axes import moveaxis
from gpuarray._array_manipulation.joining import concatenate
from gpuarray._base.dtypes import result_type
from gpuarray._core import ndarray
from gpuarray._logic.comparisons import _all
from gpuarray._reduction.extrema import max as _max, min as _min
from gpuarray._reduction.moments import mean
from gpuarray._sorting_searching.searching import where
from gpuarray._sorting_searching.sorting import sort
from gpuarray._ufunc.ufuncs import add, floor, isnan, multiply, not_equal, rint, subtract, true_divide

__all__ = ["pad"]

_MODE_KEYWORDS = {
    "empty": (), "edge": (), "wrap": (), "constant": ("constant_values",), "linear_ramp": ("end_values",),
    "maximum": ("stat_length",), "mean": ("stat_length",), "median": ("stat_length",),
    "minimum": ("stat_length",), "reflect": ("reflect_type",), "symmetric": ("reflect_type",),
}


def _pairs(x, ndim, as_index=False):
    """One (before, after) pair per axis from a scalar, a pair, or anything broadcasting
    to (ndim, 2). Scalar and pair forms give NumPy scalars (strongly typed in later
    arithmetic, as NumPy's), the general form Python numbers; widths are rounded to
    integers and must not be negative."""
    if x is None:
        return ((None, None),) * ndim
    x = numpy.array(x.get() if isinstance(x, ndarray) else x)
    if as_index:
        x = numpy.round(x).astype(numpy.intp, copy=False)
    negative = ValueError("index can't contain negative values")
    if x.ndim < 3 and x.size == 1:
        x = x.ravel()
        if as_index and x[0] < 0:
            raise negative
        return ((x[0], x[0]),) * ndim
    if x.ndim < 3 and x.size == 2 and x.shape != (2, 1):
        x = x.ravel()
        if as_index and (x[0] < 0 or x[1] < 0):
            raise negative
        return ((x[0], x[1]),) * ndim
    if as_index and x.size and x.min() < 0:
        raise negative
    return numpy.broadcast_to(x, (ndim, 2)).tolist()


def _at(axis, index):
    """A basic index: `index` (a slice) along `axis`, everything along the axes before it;
    the axes after it are left to the view."""
    return (slice(None),) * axis + (index,)


def _edges(roi, axis, left, right):
    """The first and last slices (extent 1 along `axis`) of the already filled region."""
    n = roi.shape[axis]
    return roi[_at(axis, slice(left, left + 1))], roi[_at(axis, slice(n - right - 1, n - right))]


def _set_sides(roi, axis, left, right, left_value, right_value):
    """The `left` first and `right` last slices along `axis` get the values (broadcast)."""
    n = roi.shape[axis]
    if left:
        roi[_at(axis, slice(None, left))] = left_value
    if right:
        roi[_at(axis, slice(n - right, None))] = right_value


def _ramp(end_value, edge, width, axis, dtype):
    """numpy.linspace(end_value, edge squeezed along `axis`, width, endpoint=False,
    dtype=dtype, axis=axis), the same operations in the same dtypes."""
    edge = edge.reshape(edge.shape[:axis] + edge.shape[axis + 1:])
    working = result_type(end_value, edge, 0.0)
    delta = subtract(edge, end_value, dtype=working)
    y = arange(0, width, dtype=working).reshape((-1,) + (1,) * delta.ndim)
    step = true_divide(delta, width)
    if not _all(not_equal(step, 0)):
        y = multiply(true_divide(y, width), delta)  # NumPy's order when a step underflows
    else:
        y = multiply(y, step)
    y = moveaxis(add(y, end_value), 0, axis)
    if numpy.issubdtype(dtype, numpy.integer):
        y = floor(y)
    return y.astype(dtype, copy=False)


def _median(chunk, axis):
    """numpy.median(chunk, axis, keepdims=True): the middle of the sorted values (mean of
    the two middle ones), NaN where a NaN sorted last."""
    s = sort(chunk, axis)
    n = s.shape[axis]
    lower = s[_at(axis, slice((n - 1) // 2, (n - 1) // 2 + 1))]
    middle = lower if n % 2 else concatenate((lower, s[_at(axis, slice(n // 2, n // 2 + 1))]), axis)
    med = mean(middle, axis=axis, keepdims=True)
    if s.dtype.kind in "fc" and n:
        med = where(isnan(s[_at(axis, slice(n - 1, n))]), numpy.nan, med)
    return med


_STATISTICS = {"maximum": lambda c, axis: _max(c, axis=axis, keepdims=True),
               "minimum": lambda c, axis: _min(c, axis=axis, keepdims=True),
               "mean": lambda c, axis: mean(c, axis=axis, keepdims=True),
               "median": _median}


def _statistics(roi, axis, left, right, lengths, mode):
    """The statistic of the first and last `lengths` original slices along `axis`
    (all of them for None), rounded when the array is of integers."""
    low, high = left, roi.shape[axis] - right
    extent = high - low
    left_len, right_len = (extent if n is None or n > extent else n for n in lengths)
    if (left_len == 0 or right_len == 0) and mode in ("maximum", "minimum"):
        raise ValueError("stat_length of 0 yields no value for padding")

    def statistic(chunk):
        value = _STATISTICS[mode](chunk, axis)
        if numpy.issubdtype(roi.dtype, numpy.integer) and value.dtype.kind in "fc":
            value = rint(value)
        return value

    left_stat = statistic(roi[_at(axis, slice(low, low + left_len))])
    if left_len == right_len == extent:
        return left_stat, left_stat
    return left_stat, statistic(roi[_at(axis, slice(high - right_len, high))])


def _reflect_step(roi, axis, left, right, odd, period, include_edge):
    """One round of reflection: at most one period's worth of values on each side, mirrored
    about the edge of the filled region ('odd': point-mirrored, 2 * edge - value).
    Returns the widths still to fill."""
    filled = roi.shape[axis] - left - right
    if include_edge:  # symmetric: the edge value is repeated
        chunk, offset = filled // period * period, 1
    else:  # reflect: the edge value is the mirror
        chunk, offset = (filled - 1) // (period - 1) * (period - 1), 0
    if left:
        k = min(chunk, left)
        values = roi[_at(axis, slice(left - offset + k, left - offset, -1))]
        if odd:
            values = 2 * roi[_at(axis, slice(left, left + 1))] - values
        roi[_at(axis, slice(left - k, left))] = values
        left -= k
    if right:
        k = min(chunk, right)
        start = offset - right - 2  # negative positions, counted from the end, as slices read them
        values = roi[_at(axis, slice(start, start - k, -1))]
        if odd:
            values = 2 * roi[_at(axis, slice(-right - 1, -right))] - values
        n = roi.shape[axis]
        roi[_at(axis, slice(n - right, n - right + k))] = values
        right -= k
    return left, right


def _wrap_step(roi, axis, left, right, period):
    """One round of wrapping: each side gets (at most) the whole periods the filled region
    holds, from its other end. Returns the widths still to fill."""
    chunk = (roi.shape[axis] - left - right) // period * period
    remaining_left = remaining_right = 0
    if left:
        values = roi[_at(axis, slice(left + chunk - min(chunk, left), left + chunk))]
        if left > chunk:
            roi[_at(axis, slice(left - chunk, left))] = values
            remaining_left = left - chunk
        else:
            roi[_at(axis, slice(None, left))] = values
    if right:
        start = -right - chunk
        values = roi[_at(axis, slice(start, start + min(chunk, right)))]
        if right > chunk:
            roi[_at(axis, slice(-right, -right + chunk))] = values
            remaining_right = right - chunk
        else:
            roi[_at(axis, slice(-right, None))] = values
    return remaining_left, remaining_right


def _pad_with_function(widths, function, kwargs, padded):
    """NumPy's legacy callable mode: function(line, widths, axis, kwargs) on every 1-D
    line of the zero-padded array, along each axis in turn, modifying it in place."""
    for axis in range(padded.ndim):
        lines = moveaxis(padded, axis, -1)
        for index in numpy.ndindex(lines.shape[:-1]):
            function(lines[index + (Ellipsis,)], widths[axis], axis, kwargs)
    return padded


def pad(array, pad_width, mode="constant", **kwargs):
    """Pads an array on each side of each axis.

    Parameters
    ----------
    array : array_like
        The array to pad.
    pad_width : int or sequence
        How many elements to add: ``((before_0, after_0), ...)`` per axis, or
        one ``(before, after)`` pair or one number for every axis.
    mode : str or callable, optional
        How the new elements are chosen, as NumPy's: 'constant' (default),
        'edge', 'linear_ramp', 'maximum', 'mean', 'median', 'minimum',
        'reflect', 'symmetric', 'wrap', 'empty', or a function
        ``f(vector, iaxis_pad_width, iaxis, kwargs)`` padding one vector in
        place.
    **kwargs
        The mode's options, as NumPy's: `constant_values` ('constant'),
        `end_values` ('linear_ramp'), `stat_length` ('maximum', 'mean',
        'median', 'minimum'), `reflect_type` ('reflect', 'symmetric'), or
        anything for a function mode.

    Returns
    -------
    ndarray
        The padded array, of `array`'s dtype.

    Raises
    ------
    ValueError
        An unknown mode, an option the mode does not take, a negative width,
        or an empty axis padded by a mode other than 'constant' or 'empty'.
    TypeError
        `pad_width` is not integral.

    See Also
    --------
    concatenate, tile

    Notes
    -----
    The padding is made by copies, fills and elementwise operations on
    views of the device array; only the widths are computed on the host.
    A function mode is called once per vector, from Python, as NumPy's.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.pad(xp.array([1, 2, 3]), (2, 1), constant_values=9)
    array([9, 9, 1, 2, 3, 9])
    >>> xp.pad(xp.array([1, 2, 3]), 2, mode='reflect')
    array([3, 2, 1, 2, 3, 2, 1])
    >>> xp.pad(xp.arange(4).reshape(2, 2), 1, mode='edge')
    array([[0, 0, 1, 1],
           [0, 0, 1, 1],
           [2, 2, 3, 3],
           [2, 2, 3, 3]])
    """
    array = asarray(array)
    widths = numpy.asarray(pad_width.get() if isinstance(pad_width, ndarray) else pad_width)
    if widths.dtype.kind != "i":
        raise TypeError("`pad_width` must be of integral type.")
    widths = [(int(b), int(a)) for b, a in _pairs(widths, array.ndim, as_index=True)]
    if not callable(mode):
        if mode not in _MODE_KEYWORDS:
            raise ValueError(f"mode '{mode}' is not supported")
        unsupported = set(kwargs) - set(_MODE_KEYWORDS[mode])
        if unsupported:
            raise ValueError(f"unsupported keyword arguments for mode '{mode}': {unsupported}")
    shape = tuple(b + n + a for n, (b, a) in zip(array.shape, widths))
    padded = empty(shape, array.dtype, "F" if array._f_contiguous and not array._c_contiguous else "C")
    original = tuple(slice(b, b + n) for n, (b, a) in zip(array.shape, widths))
    if callable(mode):
        padded._fill(0)
        padded[original] = array
        return _pad_with_function(widths, mode, kwargs, padded)
    padded[original] = array
    if mode == "empty":
        return padded
    if mode != "constant" and array.size == 0:
        for axis, (b, a) in enumerate(widths):
            if array.shape[axis] == 0 and (b or a):
                raise ValueError(f"can't extend empty axis {axis} using modes other than 'constant' or 'empty'")
        return padded
    values = _pairs(kwargs.get("constant_values", 0) if mode == "constant" else kwargs.get("end_values", 0),
                    array.ndim)
    lengths = _pairs(kwargs.get("stat_length"), array.ndim, as_index=True)
    odd = kwargs.get("reflect_type", "even") == "odd"
    for axis, (left, right) in enumerate(widths):
        if not (left or right):
            continue
        # The region of interest: padded extents before `axis`, original ones after it.
        roi = padded[(slice(None),) * (axis + 1) + original[axis + 1:]]
        n = array.shape[axis]
        if mode == "constant":
            _set_sides(roi, axis, left, right, *values[axis])
        elif mode == "edge" or (mode in ("reflect", "symmetric") and n == 1):
            # A singleton axis is edge-padded by reflect and symmetric (NumPy's legacy).
            _set_sides(roi, axis, left, right, *_edges(roi, axis, left, right))
        elif mode == "linear_ramp":
            first, last = _edges(roi, axis, left, right)
            left_ramp = _ramp(values[axis][0], first, left, axis, roi.dtype) if left else None
            right_ramp = _ramp(values[axis][1], last, right, axis, roi.dtype)[_at(axis, slice(None, None, -1))] \
                if right else None
            _set_sides(roi, axis, left, right, left_ramp, right_ramp)
        elif mode in _STATISTICS:
            _set_sides(roi, axis, left, right, *_statistics(roi, axis, left, right, lengths[axis], mode))
        elif mode == "wrap":
            while left or right:
                left, right = _wrap_step(roi, axis, left, right, n)
        else:
            while left or right:
                left, right = _reflect_step(roi, axis, left, right, odd, n, mode == "symmetric")
    return padded
