# SPDX-License-Identifier: BSD-3-Clause
"""The n-th discrete differences diff (with prepend and append) and ediff1d
(with to_begin and to_end), with NumPy 2's signatures, result dtypes and
errors: one subtract kernel per order of difference (not_equal for
booleans in diff, as NumPy's) over two shifted views of the array. diff
concatenates prepend and append first; ediff1d writes its edges and the
differences into one new array."""
import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._array_manipulation.joining import concatenate
from gpuarray._array_manipulation.shapes import ravel
from gpuarray._base.dtypes import can_cast
from gpuarray._core import ndarray
from gpuarray._ufunc.rounding import _asarray
from gpuarray._ufunc.ufuncs import not_equal, subtract

__all__ = ["diff", "ediff1d"]

_NoValue = numpy._NoValue  # NumPy's marker for an argument not given (prepend, append)


def _edge(values, a, axis):
    """diff's prepend/append as an array; a scalar is broadcast to one slice of `a` along `axis`."""
    values = values if isinstance(values, ndarray) else asarray(values)
    if values.ndim == 0:
        shape = list(a.shape)
        shape[axis] = 1
        values = broadcast_to(values, tuple(shape))
    return values


def diff(a, n=1, axis=-1, prepend=_NoValue, append=_NoValue):
    """The n-th discrete difference along an axis.

    The first difference is ``a[i+1] - a[i]`` along `axis`; higher ones repeat
    it, each shortening the axis by one.

    Parameters
    ----------
    a : ndarray
        Input array (a gpuarray array of at least one dimension).
    n : int, optional
        How many times to take the difference (default 1). With 0, `a` itself
        is returned unchanged.
    axis : int, optional
        Axis along which to take differences (default -1, the last).
    prepend, append : array_like or scalar, optional
        Values joined to `a` along `axis` before (`prepend`) or after
        (`append`) the differences are taken. A scalar is broadcast to one
        slice of `a` along `axis`; an array must match `a`'s shape on the
        other axes. Unlike `a`, these may also be lists.

    Returns
    -------
    diff : ndarray
        The n-th differences: `a`'s shape with ``n`` fewer elements along
        `axis` (counting the joined values). Bool input gives bool
        (``a[i+1] != a[i]``); otherwise the dtype is that of the subtraction,
        and unsigned integers wrap as in NumPy.

    Raises
    ------
    ValueError
        If `n` is negative or `a` is 0-d.
    TypeError
        If `a` is not a gpuarray array or a Python or NumPy scalar.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    A composition, as NumPy's: `prepend` and `append` are joined with
    `concatenate`, then each difference is one elementwise `subtract` (or
    `not_equal` for bool) of two slices, so ``n`` differences are ``n``
    kernels with a temporary for each. Nothing is read back to the host.

    See Also
    --------
    ediff1d, cumsum, subtract

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([1, 2, 4, 7, 0])
    >>> xp.diff(x)
    array([ 1,  2,  3, -7])
    >>> xp.diff(x, n=2)
    array([  1,   1, -10])
    >>> xp.diff(x, prepend=0)
    array([ 1,  1,  2,  3, -7])
    >>> xp.diff(x, append=[10, 20])
    array([ 1,  2,  3, -7, 10, 10])
    >>> xp.diff(xp.array([[1, 2, 3], [4, 5, 6]]), axis=0)
    array([[3, 3, 3]])
    >>> xp.diff(xp.array([True, False, False, True]))
    array([ True, False,  True])
    """
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
    """The differences between consecutive elements of a flattened array.

    Parameters
    ----------
    ary : ndarray or scalar
        Input values (a gpuarray array, or a Python or NumPy scalar); it is
        flattened first.
    to_end : array_like or scalar, optional
        Values appended after the differences (flattened).
    to_begin : array_like or scalar, optional
        Values put before the differences (flattened).

    Returns
    -------
    ediff1d : ndarray
        A 1-D array of ``ary.size - 1`` differences (none for fewer than two
        elements), with `to_begin` before and `to_end` after them, of `ary`'s
        dtype when either is given, else of the subtraction's.

    Raises
    ------
    TypeError
        If `ary` is not a gpuarray array or a Python or NumPy scalar, or
        `to_begin` or `to_end` cannot be cast to `ary`'s dtype under the
        'same_kind' rule.

    Notes
    -----
    As NumPy's: one elementwise `subtract` of two slices, written straight
    into the result when `to_begin` or `to_end` is given (they are copied
    into its ends). Nothing is read back to the host.

    See Also
    --------
    diff, subtract

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([1, 2, 4, 7, 0])
    >>> xp.ediff1d(x)
    array([ 1,  2,  3, -7])
    >>> xp.ediff1d(x, to_begin=-99, to_end=[88, 99])
    array([-99,   1,   2,   3,  -7,  88,  99])
    >>> xp.ediff1d(xp.array([[1, 2, 3], [4, 5, 6]]))
    array([1, 1, 1, 1, 1])
    """
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
