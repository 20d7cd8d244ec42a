# SPDX-License-Identifier: BSD-3-Clause
"""MaskedArray's reductions and scans (sum, prod, mean, var, std, min, max,
argmin, argmax, any, all, count, ptp, cumsum, cumprod), attached to the
class here (Note [Masked array methods]), and the functions over them
(average, median, dot).

Each reduces the data with the masked elements replaced by a value that
leaves the result unchanged (0 for sum, 1 for prod, the dtype's largest for
min, ...), on the device, and masks a result whose elements were all masked,
as numpy.ma does. Reducing every axis gives a 0-d MaskedArray, not a scalar
or ``masked`` (Note [Masked scalars])."""
import operator

import numpy

from gpuarray.ma import _namespace as ns
from gpuarray.ma._core import MaskedArray, _fill_scalar, nomask
from gpuarray.ma._masks import getmaskarray, maximum_fill_value, minimum_fill_value
from gpuarray.ma._operations import _union, _wrap, sqrt, true_divide

__all__ = ["average", "median", "dot"]


def _no_out(out, name):
    if out is not None:
        raise TypeError(f"gpuarray.ma: {name}(out=) is not supported")


def _all_masked(mask, axis, keepdims):
    if mask is nomask:
        return nomask
    return ns.xp.asarray(ns.xp.all(mask, axis=axis, keepdims=keepdims))


def _filled_reduction(self, name, fill, axis, keepdims, **kwargs):
    data = self.filled(fill) if self._mask is not nomask else self._data
    result = ns.xp.asarray(getattr(data, name)(axis=axis, keepdims=keepdims, **kwargs))
    return result, _all_masked(self._mask, axis, keepdims)


def _sum(self, axis=None, dtype=None, out=None, keepdims=False):
    """The sum of the unmasked elements; masked where a whole slice is masked."""
    _no_out(out, "sum")
    result, mask = _filled_reduction(self, "sum", 0, axis, keepdims, dtype=dtype)
    return _wrap(result, mask, self)


def _prod(self, axis=None, dtype=None, out=None, keepdims=False):
    """The product of the unmasked elements; masked where a whole slice is masked."""
    _no_out(out, "prod")
    result, mask = _filled_reduction(self, "prod", 1, axis, keepdims, dtype=dtype)
    return _wrap(result, mask, self)


def _extremum(name, fill_of):
    def method(self, axis=None, out=None, fill_value=None, keepdims=False):
        _no_out(out, name)
        fill = fill_of(self) if fill_value is None else fill_value
        result, mask = _filled_reduction(self, name, fill, axis, keepdims)
        out = _wrap(result, mask, self)
        if mask is not nomask and result.ndim:
            # numpy.ma puts the fill value where a whole slice was masked.
            out._data = ns.xp.where(mask, _fill_scalar(out.fill_value, result.dtype), result)
        return out
    method.__name__ = name
    method.__doc__ = (f"The {name}imum of the unmasked elements (masked ones are filled with fill_value, by "
                      f"default the dtype's extreme); masked where a whole slice is masked.")
    return method


def _arg_extremum(name, fill_of):
    def method(self, axis=None, fill_value=None, out=None, keepdims=False):
        _no_out(out, name)
        fill = fill_of(self) if fill_value is None else fill_value
        return ns.xp.asarray(getattr(self.filled(fill), name)(axis=axis, keepdims=keepdims))
    method.__name__ = name
    method.__doc__ = f"The index of the {name[3:]}imum among the unmasked elements: a device array."
    return method


def _logical(name, fill):
    def method(self, axis=None, out=None, keepdims=False):
        _no_out(out, name)
        result, mask = _filled_reduction(self, name, fill, axis, keepdims)
        return _wrap(result, mask, self)
    method.__name__ = name
    method.__doc__ = f"numpy's {name} over the unmasked elements; masked where a whole slice is masked."
    return method


def _axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    axes = (axis,) if not isinstance(axis, tuple) else axis
    out = []
    for a in axes:
        a = operator.index(a)
        if not -ndim <= a < ndim:
            raise numpy.exceptions.AxisError(a, ndim)
        out.append(a % ndim)
    return tuple(out)


def _count(self, axis=None, keepdims=False):
    """The number of unmasked elements: an int for ``nomask`` over every axis, else a device array."""
    if self._mask is nomask:
        axes = _axes(axis, self.ndim)
        items = int(numpy.prod([self.shape[a] for a in axes]))
        if axis is None and not keepdims:
            return items
        shape = tuple(1 if i in axes else n for i, n in enumerate(self.shape) if keepdims or i not in axes)
        return ns.xp.full(shape, items, dtype=numpy.intp)
    return ns.xp.asarray(ns.xp.logical_not(self._mask).sum(axis=axis, dtype=numpy.intp, keepdims=keepdims))


def _mean(self, axis=None, dtype=None, out=None, keepdims=False):
    """The mean of the unmasked elements (float64 for integers, as numpy.ma)."""
    _no_out(out, "mean")
    if self._mask is nomask:
        return _wrap(ns.xp.asarray(self._data.mean(axis=axis, dtype=dtype, keepdims=keepdims)), nomask, self)
    half = dtype is None and self.dtype == numpy.float16
    if dtype is None and self.dtype.kind in "biu":
        dtype = numpy.float64
    elif half:
        dtype = numpy.float32
    total = _sum(self, axis=axis, dtype=dtype, keepdims=keepdims)
    mean = true_divide(total * 1.0, _count(self, axis=axis, keepdims=keepdims))
    return mean.astype(numpy.float16) if half else mean


def _var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, mean=None, correction=None):
    """The variance of the unmasked elements; masked where fewer than ddof + 1 are unmasked."""
    _no_out(out, "var")
    if mean is not None:
        raise TypeError("gpuarray.ma: var(mean=) is not supported")
    if correction is not None:
        if ddof != 0:
            raise ValueError("ddof and correction can't be provided simultaneously.")
        ddof = correction
    if self._mask is nomask:
        return _wrap(ns.xp.asarray(self._data.var(axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims)), nomask,
                     self)
    count = _count(self, axis=axis, keepdims=keepdims) - ddof
    anomalies = self - _mean(self, axis=axis, dtype=dtype, keepdims=True)
    squares = abs(anomalies) ** 2 if self.dtype.kind == "c" else anomalies * anomalies
    variance = true_divide(_sum(squares, axis=axis, keepdims=keepdims), count)
    variance._mask = _union(variance.shape, variance._mask, ns.xp.less_equal(count, 0))
    return variance


def _std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, mean=None, correction=None):
    """The standard deviation of the unmasked elements (the square root of var)."""
    return sqrt(_var(self, axis=axis, dtype=dtype, out=out, ddof=ddof, keepdims=keepdims, mean=mean,
                     correction=correction))


def _ptp(self, axis=None, out=None, fill_value=None, keepdims=False):
    """max - min of the unmasked elements."""
    _no_out(out, "ptp")
    return (_MAX(self, axis=axis, fill_value=fill_value, keepdims=keepdims)
            - _MIN(self, axis=axis, fill_value=fill_value, keepdims=keepdims))


def _scan(name, fill):
    def method(self, axis=None, dtype=None, out=None):
        _no_out(out, name)
        result = ns.xp.asarray(getattr(self.filled(fill), name)(axis=axis, dtype=dtype))
        mask = self._mask
        if mask is not nomask:
            mask = (mask.ravel() if axis is None else mask).copy()
        return _wrap(result, mask, self)
    method.__name__ = name
    method.__doc__ = f"The {name} of the data with masked elements filled by {fill}; the mask is kept."
    return method


def _anom(self, axis=None, dtype=None):
    """The deviations from the mean of the unmasked elements."""
    return self - _mean(self, axis=axis, dtype=dtype, keepdims=axis is not None) if axis is not None else \
        self - _mean(self, dtype=dtype)


def _trace(self, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """The sum of the unmasked elements of a diagonal."""
    return _sum(self.diagonal(offset, axis1, axis2), axis=-1, dtype=dtype, out=out)


_MIN = _extremum("min", minimum_fill_value)
_MAX = _extremum("max", maximum_fill_value)

for _name, _method in {
        "sum": _sum, "prod": _prod, "product": _prod, "mean": _mean, "var": _var, "std": _std, "min": _MIN,
        "max": _MAX, "argmin": _arg_extremum("argmin", minimum_fill_value),
        "argmax": _arg_extremum("argmax", maximum_fill_value), "any": _logical("any", False),
        "all": _logical("all", True), "count": _count, "ptp": _ptp, "cumsum": _scan("cumsum", 0),
        "cumprod": _scan("cumprod", 1), "anom": _anom, "trace": _trace}.items():
    setattr(MaskedArray, _name, _method)


def _moved_last(a, axis):
    """(data, mask) of `a` flattened (axis None) or with `axis` moved last."""
    if axis is None:
        return a._data.ravel(), getmaskarray(a).ravel()
    return ns.xp.moveaxis(a._data, axis, -1), ns.xp.moveaxis(getmaskarray(a), axis, -1)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """The median of the unmasked elements along `axis`.

    Parameters
    ----------
    a : array_like
        The values (masked or not).
    axis : int, optional
        The axis (None: every element).
    out : None
        Must be None.
    overwrite_input : bool, optional
        Accepted for NumPy's signature; the input is never changed.
    keepdims : bool, optional
        Keep the reduced axis with length one.

    Returns
    -------
    MaskedArray
        Float64 for integer input, the input's dtype for floats; masked
        where a slice has no unmasked element.

    Notes
    -----
    Sorts each slice on the device with masked elements last (they are
    replaced by the dtype's largest value) and averages the middle
    unmasked ones, whose positions come from the count of unmasked
    elements: nothing is read back.

    See Also
    --------
    numpy.ma.median, average

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ma.array([[1.0, 5.0, 3.0], [4.0, 2.0, 9.0]], mask=[[0, 0, 1], [0, 0, 0]])
    >>> xp.ma.median(a, axis=1).get()
    masked_array(data=[3.0, 4.0],
                 mask=[False, False],
           fill_value=1e+20)
    """
    _no_out(out, "median")
    a = a if isinstance(a, MaskedArray) else MaskedArray(a)
    if axis is not None:
        axis = _axes(axis, a.ndim)[0]
    data, mask = _moved_last(a, axis)
    result_dtype = numpy.float64 if a.dtype.kind in "biu" else a.dtype
    n = data.shape[-1]
    if n == 0:
        shape = data.shape[:-1]
        result = MaskedArray._of(ns.xp.full(shape, numpy.nan, dtype=result_dtype), ns.xp.ones(shape, numpy.bool_))
    else:
        largest = minimum_fill_value(data)
        ordered = ns.xp.sort(ns.xp.where(mask, ns.xp.asarray(largest, dtype=data.dtype), data), axis=-1)
        count = ns.xp.logical_not(mask).sum(axis=-1, keepdims=True)
        low = ns.xp.maximum(count - 1, 0) // 2
        high = ns.xp.minimum(count // 2, n - 1)
        values = ordered.astype(result_dtype)
        middle = (ns.xp.take_along_axis(values, low, axis=-1) + ns.xp.take_along_axis(values, high, axis=-1)) / 2
        middle = ns.xp.asarray(middle[..., 0]).astype(result_dtype, copy=False)
        result = MaskedArray._of(middle, ns.xp.asarray(ns.xp.equal(count[..., 0], 0)))
    if keepdims:
        kept = (1,) * a.ndim if axis is None else result.shape[:axis] + (1,) + result.shape[axis:]
        result = result.reshape(kept)
    return result


def average(a, axis=None, weights=None, returned=False, keepdims=False):
    """The weighted average of the unmasked elements along `axis`.

    Parameters
    ----------
    a : array_like
        The values (masked or not).
    axis : int, optional
        The axis (None: every element).
    weights : array_like, optional
        Weights of `a`'s shape, or 1-D of the length of `axis`.
    returned : bool, optional
        Also return the sum of the weights used.
    keepdims : bool, optional
        Keep the reduced axis with length one.

    Returns
    -------
    MaskedArray or (MaskedArray, MaskedArray)
        The average (and the sums of weights when `returned`).

    Raises
    ------
    TypeError
        If `weights` differ from `a` in shape and `axis` is None or they
        are not 1-D.
    ValueError
        If 1-D `weights` do not match the length of `axis`.

    See Also
    --------
    numpy.ma.average, median

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ma.array([1.0, 2.0, 3.0, 4.0], mask=[0, 0, 0, 1])
    >>> xp.ma.average(a, weights=[3, 1, 0, 5]).get()
    masked_array(data=1.25,
                 mask=False,
           fill_value=1e+20)
    """
    a = a if isinstance(a, MaskedArray) else MaskedArray(a)
    if weights is None:
        avg = _mean(a, axis=axis, keepdims=keepdims)
        scale = _count(a, axis=axis, keepdims=keepdims)
        scale = ns.xp.asarray(scale, dtype=avg.dtype) if not isinstance(scale, int) else ns.xp.asarray(
            numpy.asarray(scale, dtype=avg.dtype))
        scale = MaskedArray._of(scale, nomask)
    else:
        w = weights if isinstance(weights, MaskedArray) else MaskedArray(weights)
        result_dtype = numpy.result_type(a.dtype, w.dtype, "f8") if a.dtype.kind in "biu" else numpy.result_type(
            a.dtype, w.dtype)
        if w.shape != a.shape:
            if axis is None:
                raise TypeError("Axis must be specified when shapes of a and weights differ.")
            if w.ndim != 1:
                raise TypeError("1D weights expected when shapes of a and weights differ.")
            axis = _axes(axis, a.ndim)[0]
            if w.shape[0] != a.shape[axis]:
                raise ValueError("Length of weights not compatible with specified axis.")
            w = w.reshape((1,) * (a.ndim - 1) + w.shape).swapaxes(-1, axis)
            w = MaskedArray._of(ns.xp.broadcast_to(w._data, a.shape), nomask if w._mask is nomask else
                                ns.xp.broadcast_to(w._mask, a.shape))
        if a._mask is not nomask:
            w = MaskedArray._of(ns.xp.where(a._mask, ns.xp.zeros((), w.dtype), w._data), _union(a.shape, a._mask,
                                                                                               w._mask))
        scale = _sum(w, axis=axis, dtype=result_dtype, keepdims=keepdims)
        avg = _sum(a.astype(result_dtype) * w, axis=axis, keepdims=keepdims) / scale
    if returned:
        if scale.shape != avg.shape:
            scale = MaskedArray._of(ns.xp.broadcast_to(scale._data, avg.shape).copy(), nomask)
        return avg, scale
    return avg


def _propagated(a, axis):
    """`a` with a whole line along `axis` masked where any element of it is (strict dot)."""
    if a._mask is nomask or a.ndim == 0:
        return a
    line = ns.xp.any(a._mask, axis=axis, keepdims=True)
    return MaskedArray._of(a._data, ns.xp.broadcast_to(line, a.shape).copy(), like=a)


def dot(a, b, strict=False, out=None):
    """The dot product of masked arrays.

    Parameters
    ----------
    a, b : array_like
        The factors (masked or not).
    strict : bool, optional
        False (default): masked elements count as 0, and a result is masked
        only where every product contributing to it has a masked factor.
        True: a masked element masks its whole row of `a` (column of `b`)
        first, so any masked factor masks the result.
    out : None
        Must be None.

    Returns
    -------
    MaskedArray

    See Also
    --------
    numpy.ma.dot, gpuarray.dot

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ma.array([[1.0, 2.0], [3.0, 4.0]], mask=[[0, 1], [0, 0]])
    >>> xp.ma.dot(a, a).get()
    masked_array(
      data=[[1.0, --],
            [15.0, 16.0]],
      mask=[[False,  True],
            [False, False]],
      fill_value=1e+20)
    """
    _no_out(out, "dot")
    a = a if isinstance(a, MaskedArray) else MaskedArray(a)
    b = b if isinstance(b, MaskedArray) else MaskedArray(b)
    if strict and a.ndim and b.ndim:
        a = _propagated(a, a.ndim - 1)
        b = _propagated(b, b.ndim - 1 if b.ndim == 1 else b.ndim - 2)
    data = ns.xp.asarray(ns.xp.dot(a.filled(0), b.filled(0)))
    if a._mask is nomask and b._mask is nomask:
        return _wrap(data, nomask, a)
    a_valid = ns.xp.logical_not(getmaskarray(a)).astype(numpy.float64)
    b_valid = ns.xp.logical_not(getmaskarray(b)).astype(numpy.float64)
    mask = ns.xp.asarray(ns.xp.equal(ns.xp.dot(a_valid, b_valid), 0))
    return _wrap(data, mask, a)


def _dot_method(self, b, out=None, strict=False):
    """The dot product with `b` (see gpuarray.ma.dot)."""
    return dot(self, b, strict=strict, out=out)


MaskedArray.dot = _dot_method
