# SPDX-License-Identifier: BSD-3-Clause
"""Cumulative sums and products (cumsum, cumprod, nancumsum, nancumprod and
the ndarray methods), ``ufunc.accumulate``, and the differences diff and
ediff1d, with NumPy 2's signatures, result dtypes and errors.

The scans run in the engine (cpp/kernels/scan.cpp, accumulate.cpp): CUB's
single-pass scan for sums and products, a generated sequential kernel for
the other ufuncs' accumulate (docs/scans.md). Arguments are gpuarray arrays
or Python or NumPy scalars (a scalar becomes a 0-d device array); NumPy
arrays and lists raise TypeError, as ufuncs do."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray import _core
from gpuarray._core import ndarray
from gpuarray._creation import asarray, empty
from gpuarray._dtypes import can_cast
from gpuarray._joining import concatenate
from gpuarray._manipulation import broadcast_to, ravel
from gpuarray._math_functions import _asarray
from gpuarray._ufuncs import not_equal, subtract

__all__ = ["cumsum", "cumprod", "nancumsum", "nancumprod", "cumulative_sum", "cumulative_prod", "diff", "ediff1d"]

_NoValue = numpy._NoValue


def _check_out(out):
    if out is not None and not isinstance(out, ndarray):
        raise TypeError(f"out must be a gpuarray.ndarray, not {type(out).__name__}")
    return out


def _cumulative(a, axis, dtype, out, op, nan):
    """The scan of `a` along `axis` (None: of the flattened array), as NumPy's
    cumsum/cumprod: bool and small integers accumulate in int64/uint64 unless
    `dtype` says otherwise; a 0-d array counts as one-dimensional."""
    a = _asarray(a)
    _check_out(out)
    if axis is None:
        a, axis = ravel(a), 0
    else:
        if a.ndim == 0:
            a = a.reshape(1)
        axis = normalize_axis_index(operator.index(axis), a.ndim)
    if dtype is not None:
        dtype = numpy.dtype(dtype)
    return _core._cumulative(a, axis, op, dtype, out, nan)


def cumsum(a, axis=None, dtype=None, out=None):
    """The cumulative sum of the elements along `axis` (of the flattened array when None)."""
    return _cumulative(a, axis, dtype, out, "sum", False)


def cumprod(a, axis=None, dtype=None, out=None):
    """The cumulative product of the elements along `axis` (of the flattened array when None)."""
    return _cumulative(a, axis, dtype, out, "prod", False)


def _cumulative_with_initial(x, axis, dtype, out, include_initial, op):
    """The array API's form of a scan (NumPy 2's cumulative_sum/cumulative_prod): `axis`
    may be left out only for one dimension (a 0-d input counts as one), and
    `include_initial` puts the identity before the first element along it."""
    x = _asarray(x)
    _check_out(out)
    if x.ndim == 0:
        x = x.reshape(1)
    if axis is None:
        if x.ndim > 1:
            raise ValueError("For arrays which have more than one dimension ``axis`` argument is required.")
        axis = 0
    axis = normalize_axis_index(operator.index(axis), x.ndim)
    if dtype is not None:
        dtype = numpy.dtype(dtype)
    if not include_initial:
        return _core._cumulative(x, axis, op, dtype, out, False)
    if out is None:
        shape = x.shape[:axis] + (x.shape[axis] + 1,) + x.shape[axis + 1:]
        out = empty(shape, _core._cumulative_dtype(x.dtype) if dtype is None else dtype)
    along = [slice(None)] * x.ndim
    along[axis] = slice(1, None)
    _core._cumulative(x, axis, op, dtype, out[tuple(along)], False)  # checks out's shape
    along[axis] = 0
    out[tuple(along)] = 0 if op == "sum" else 1
    return out


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """The cumulative sum along `axis` (needed above one dimension), led by a 0 with
    `include_initial`: the array API's cumsum."""
    return _cumulative_with_initial(x, axis, dtype, out, include_initial, "sum")


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """The cumulative product along `axis` (needed above one dimension), led by a 1 with
    `include_initial`: the array API's cumprod."""
    return _cumulative_with_initial(x, axis, dtype, out, include_initial, "prod")


def nancumsum(a, axis=None, dtype=None, out=None):
    """cumsum with NaN counted as zero."""
    return _cumulative(a, axis, dtype, out, "sum", True)


def nancumprod(a, axis=None, dtype=None, out=None):
    """cumprod with NaN counted as one."""
    return _cumulative(a, axis, dtype, out, "prod", True)


ndarray.cumsum = cumsum
ndarray.cumprod = cumprod


def _accumulate_axis(axis, ndim):
    """accumulate's one axis: None means 0 for a 1-d array; a tuple must name one axis."""
    if axis is None:
        if ndim != 1:
            raise ValueError("accumulate does not allow multiple axes")
        return 0
    if isinstance(axis, tuple):
        axes = [normalize_axis_index(operator.index(ax), ndim) for ax in axis]
        if len(axes) != 1:
            raise ValueError("accumulate does not allow multiple axes")
        return axes[0]
    return normalize_axis_index(operator.index(axis), ndim)


def accumulate(ufunc, array, axis=0, dtype=None, out=None):
    """``ufunc.accumulate(array, axis, dtype, out)``: NumPy's loop for the
    input (add and multiply widen bool and small integers, as cumsum does);
    add and multiply run the CUB scan, other ufuncs a sequential kernel."""
    if ufunc.nin != 2 or ufunc.nout != 1:
        raise ValueError("accumulate only supported for binary functions")
    array = _asarray(array)
    if array.ndim == 0:
        raise TypeError("cannot accumulate on a scalar")
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry")
        out = out[0]
    _check_out(out)
    axis = _accumulate_axis(axis, array.ndim)
    if dtype is not None:
        dtype = numpy.dtype(dtype)
    return _core._accumulate(ufunc.__name__, array, axis, dtype, out)


# ------------------------------------------------------------------ differences

def _edge(values, a, axis):
    """diff's prepend/append as an array; a scalar is broadcast to one slice of `a` along `axis`."""
    values = values if isinstance(values, ndarray) else asarray(values)
    if values.ndim == 0:
        shape = list(a.shape)
        shape[axis] = 1
        values = broadcast_to(values, tuple(shape))
    return values


def diff(a, n=1, axis=-1, prepend=_NoValue, append=_NoValue):
    """The n-th discrete difference along `axis`; `prepend`/`append` values join `a` first.
    Bool arrays give not_equal, as NumPy's."""
    if n == 0:
        return a
    if n < 0:
        raise ValueError("order must be non-negative but got " + repr(n))
    a = _asarray(a)
    if a.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    axis = normalize_axis_index(axis, a.ndim)
    parts = []
    if prepend is not _NoValue:
        parts.append(_edge(prepend, a, axis))
    parts.append(a)
    if append is not _NoValue:
        parts.append(_edge(append, a, axis))
    if len(parts) > 1:
        a = concatenate(parts, axis)
    later = [slice(None)] * a.ndim
    earlier = [slice(None)] * a.ndim
    later[axis] = slice(1, None)
    earlier[axis] = slice(None, -1)
    later, earlier = tuple(later), tuple(earlier)
    op = not_equal if a.dtype == numpy.bool_ else subtract
    for _ in range(n):
        a = op(a[later], a[earlier])
    return a


def _ediff_edge(values, dtype, name):
    """ediff1d's to_begin/to_end, flattened; it must cast to the input's dtype under 'same_kind'."""
    if values is None:
        return None
    values = values if isinstance(values, ndarray) else asarray(values)
    if not can_cast(values, dtype, casting="same_kind"):
        raise TypeError(f"dtype of `{name}` must be compatible with input `ary` under the `same_kind` rule.")
    return ravel(values)


def ediff1d(ary, to_end=None, to_begin=None):
    """The differences between consecutive elements of the flattened array, with
    `to_begin` and `to_end` (cast to its dtype) around them."""
    ary = ravel(_asarray(ary))
    if to_begin is None and to_end is None:
        return subtract(ary[1:], ary[:-1])
    begin = _ediff_edge(to_begin, ary.dtype, "to_begin")
    end = _ediff_edge(to_end, ary.dtype, "to_end")
    n_begin = 0 if begin is None else begin.size
    n_end = 0 if end is None else end.size
    n_diff = max(ary.size - 1, 0)
    result = empty(n_begin + n_diff + n_end, ary.dtype)
    if n_begin:
        result[:n_begin] = begin
    if n_end:
        result[n_begin + n_diff:] = end
    subtract(ary[1:], ary[:-1], out=result[n_begin:n_begin + n_diff])
    return result
