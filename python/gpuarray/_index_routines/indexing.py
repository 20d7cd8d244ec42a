# SPDX-License-Identifier: BSD-3-Clause
"""Indexing-like operations with NumPy 2's semantics: take, take_along_axis,
compress and choose (and the ndarray methods take, compress, choose), and
the index checks that the put family (_index_routines/put.py) shares.

Everything is advanced indexing underneath (cpp/kernels/advanced_indexing.cpp:
one gather kernel). ``mode='raise'`` (the default of take and choose, as
NumPy's; CuPy's default differs) checks the indices first with one
reduction whose result is read back (a synchronization); 'wrap' and 'clip'
never synchronize. take_along_axis indexes as ``a[idx]`` does: out-of-range
indices wrap (see docs/indexing.md)."""
import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray import _core
from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.broadcasting import broadcast_shapes, broadcast_to
from gpuarray._array_manipulation.shapes import ravel
from gpuarray._base.dtypes import result_type
from gpuarray._core import ndarray
from gpuarray._sorting_searching.searching import flatnonzero
from gpuarray._ufunc.rounding import _asarray
from gpuarray._user_kernels.reduction_kernel import ReductionKernel

__all__ = ["take", "take_along_axis", "compress", "choose"]

_MODES = ("raise", "wrap", "clip")

# The index outside [low, high) farthest from zero, or 0 when there is none
# (callers' ranges contain 0).
_farthest_out_of_bounds = ReductionKernel(
    "T index, int64 low, int64 high", "int64 bad",
    "ga_out_of_bounds((long long)index, low, high)",
    "ga_farther(a, b)", "bad = a", "0", "ga_farthest_out_of_bounds",
    preamble="""
    __device__ long long ga_out_of_bounds(long long i, long long low, long long high) {
      return (i < low || i >= high) ? i : 0;
    }
    __device__ long long ga_farther(long long a, long long b) {
      const unsigned long long ua = a < 0 ? 0ull - (unsigned long long)a : (unsigned long long)a;
      const unsigned long long ub = b < 0 ? 0ull - (unsigned long long)b : (unsigned long long)b;
      return ua > ub || (ua == ub && a > b) ? a : b;
    }
    """)


def _check_mode(mode):
    if mode not in _MODES:
        raise ValueError(f"mode must be one of 'raise', 'wrap' or 'clip', got {mode!r}")


def _index_array(indices, what="indices"):
    """Integer indices as a device array: gpuarray arrays as they are, anything
    else through numpy.asarray (an empty sequence as int64); booleans count as
    0 and 1, as NumPy's take casts them."""
    if not isinstance(indices, ndarray):
        host = numpy.asarray(indices)
        if host.size == 0 and host.dtype.kind == "f":
            host = host.astype(numpy.int64)
        indices = asarray(host)
    if indices.dtype.kind == "b":
        indices = indices.astype(numpy.int64)
    if indices.dtype.kind not in "iu":
        raise TypeError(f"Cannot cast {what} of dtype {indices.dtype} to int64 according to the rule 'safe'")
    return indices


def _check_bounds(indices, extent, axis):
    """mode='raise': IndexError naming an out-of-bounds index (one reduction, one read)."""
    if indices.size == 0:
        return
    if extent == 0:
        raise IndexError("cannot do a non-empty take from an empty axes.")
    bad = int(_farthest_out_of_bounds(indices, -extent, extent).get())
    if bad:
        raise IndexError(f"index {bad} is out of bounds for axis {axis} with size {extent}")


def _kernel_mode(mode, indices, extent, axis):
    _check_mode(mode)
    if mode == "raise":
        _check_bounds(indices, extent, axis)
        return "wrap"
    return mode


def _into(result, out):
    if out is None:
        return result
    if not isinstance(out, ndarray):
        raise TypeError(f"out must be a gpuarray.ndarray, got {type(out).__name__}")
    if out.shape != result.shape:
        raise ValueError(f"output array does not match result of the operation: out has shape {out.shape}, "
                         f"the result {result.shape}")
    out[...] = result
    return out


def take(a, indices, axis=None, out=None, mode="raise"):
    """Take elements of an array at given indices along an axis.

    ``take(a, indices, axis=k)`` is ``a[:, ..., :, indices]`` with `indices`
    in position `k`; with ``axis=None`` the flattened `a` is indexed.

    Parameters
    ----------
    a : ndarray
        Source array (a gpuarray array or a scalar; host sequences are
        refused).
    indices : array_like of int
        Indices of the elements to take; a gpuarray array is used as it is,
        host data is uploaded. Booleans count as 0 and 1.
    axis : int or None, optional
        Axis to take along; None (default) takes from the flattened `a`.
    out : ndarray, optional
        Array of the result's shape to write the result into (cast to its
        dtype).
    mode : {'raise', 'wrap', 'clip'}, optional
        How out-of-range indices behave: 'raise' (default) raises, 'wrap'
        wraps them around the axis, 'clip' clips them to it (a negative index
        then becomes 0).

    Returns
    -------
    out : ndarray
        ``a.shape[:axis] + indices.shape + a.shape[axis + 1:]`` elements of
        `a`'s dtype; `out` when it is given.

    Raises
    ------
    IndexError
        With ``mode='raise'``, if an index is outside ``[-n, n)`` for an axis
        of length ``n``, or indices are taken from an empty axis.
    TypeError
        If `indices` does not have an integer or boolean dtype, or `out` is
        not a gpuarray array.
    ValueError
        If `mode` is not one of the three, or `out` has the wrong shape.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    One gather kernel does the work. ``mode='raise'`` first finds the
    out-of-range index farthest from zero with one reduction and reads it back
    to the host, which waits for the device; 'wrap' and 'clip' never
    synchronize. The default is NumPy's ('raise'), not CuPy's ('wrap').

    See Also
    --------
    take_along_axis, put, compress, choose, ndarray.take

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2, 3], [4, 5, 6]])
    >>> xp.take(a, [0, 5, -1])
    array([1, 6, 6])
    >>> xp.take(a, [2, 0], axis=1)
    array([[3, 1],
           [6, 4]])
    >>> xp.take(a, [[0, 1], [1, 0]], axis=0)
    array([[[1, 2, 3],
            [4, 5, 6]],
    <BLANKLINE>
           [[4, 5, 6],
            [1, 2, 3]]])
    >>> xp.take(a, [7, -8], mode="wrap")
    array([2, 5])
    >>> xp.take(a, [7, -8], mode="clip")
    array([6, 1])
    """
    a = _asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    else:
        axis = normalize_axis_index(axis, a.ndim)
    indices = _index_array(indices)
    kernel_mode = _kernel_mode(mode, indices, a.shape[axis], axis)
    return _into(_core._index_get(a, (slice(None),) * axis + (indices,), kernel_mode), out)


def _along_axis_index(arr, indices, axis):
    """The advanced index that picks `indices` along `axis`: aranges on the other axes."""
    if arr.ndim != indices.ndim:
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    index = []
    for d in range(arr.ndim):
        if d == axis:
            index.append(indices)
        else:
            shape = [1] * arr.ndim
            shape[d] = arr.shape[d]
            index.append(arange(arr.shape[d]).reshape(shape))
    return tuple(index)


def _along_axis_args(arr, indices, axis):
    arr = _asarray(arr)
    indices = _index_array(indices)
    if axis is None:
        if indices.ndim != 1:
            raise ValueError("when axis=None, `indices` must have a single dimension.")
        return ravel(arr), indices, 0
    return arr, indices, normalize_axis_index(axis, arr.ndim)


def take_along_axis(arr, indices, axis=-1):
    """Take values from an array by matching 1-D index slices along an axis.

    Each 1-D slice of `indices` along `axis` picks elements from the
    corresponding slice of `arr`, as the output of `argsort` or of `argmax`
    with ``keepdims=True`` does.

    Parameters
    ----------
    arr : ndarray
        Source array (a gpuarray array or a scalar; host sequences are
        refused).
    indices : array_like of int
        Indices along `axis`, of `arr`'s number of dimensions; the other
        axes broadcast against `arr`'s.
    axis : int or None, optional
        Axis to take along (default -1, the last); None treats `arr` as
        flattened, and `indices` must then be 1-D.

    Returns
    -------
    out : ndarray
        The selected elements, of `arr`'s dtype and the broadcast shape of
        `arr` and `indices` with `indices`' extent on `axis`.

    Raises
    ------
    ValueError
        If `indices` and `arr` have different numbers of dimensions, or
        `indices` is not 1-D with ``axis=None``.
    TypeError
        If `indices` does not have an integer or boolean dtype.
    numpy.exceptions.AxisError
        If `axis` is out of range.
    IndexError
        If indices are taken along an empty axis.

    Notes
    -----
    This is advanced indexing (``arr[...]`` with aranges on the other axes),
    one gather kernel without reading anything back. As for ``a[idx]``, the
    indices are not checked: one outside ``[-n, n)`` wraps modulo ``n``,
    where NumPy raises IndexError.

    See Also
    --------
    put_along_axis, take, argsort, argmax

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[10, 30, 20], [60, 40, 50]])
    >>> idx = xp.array([[0, 2, 1], [1, 2, 0]])
    >>> xp.take_along_axis(a, idx, axis=1)
    array([[10, 20, 30],
           [40, 50, 60]])
    >>> xp.take_along_axis(a, xp.array([[1], [0]]), axis=1)
    array([[30],
           [60]])
    >>> xp.take_along_axis(a, xp.array([[1, 0, 1]]), axis=0)
    array([[60, 30, 50]])
    >>> xp.take_along_axis(a, xp.array([5, 0]), axis=None)
    array([50, 10])
    """
    arr, indices, axis = _along_axis_args(arr, indices, axis)
    return arr[_along_axis_index(arr, indices, axis)]


def compress(condition, a, axis=None, out=None):
    """Select slices of an array along an axis where a condition is true.

    Parameters
    ----------
    condition : ndarray
        1-D array (gpuarray array) whose true entries give the positions
        along `axis` to keep; it may be shorter than the axis (the rest is
        dropped).
    a : ndarray
        Source array (a gpuarray array or a scalar; host sequences are
        refused).
    axis : int or None, optional
        Axis to select along; None (default) selects from the flattened `a`.
    out : ndarray, optional
        Array of the result's shape to write the result into (cast to its
        dtype).

    Returns
    -------
    compressed_array : ndarray
        A copy of `a` without the slices where `condition` is false (or
        missing); `out` when it is given.

    Raises
    ------
    ValueError
        If `condition` is not 1-D, or `out` has the wrong shape.
    IndexError
        If `condition` is true at a position beyond the axis' length.
    TypeError
        If `out` is not a gpuarray array, or `condition` or `a` is a host
        sequence.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    The true positions of `condition` are found by a compaction whose count
    is read back to the host (a synchronization), then bounds-checked with
    one more reduction read back, and the slices are gathered by `take`.

    See Also
    --------
    take, extract, flatnonzero, ndarray.compress

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2], [3, 4], [5, 6]])
    >>> xp.compress(xp.array([False, True, True]), a, axis=0)
    array([[3, 4],
           [5, 6]])
    >>> xp.compress(xp.array([True, False]), a, axis=1)
    array([[1],
           [3],
           [5]])
    >>> xp.compress(xp.array([False, True]), a)
    array([2])
    """
    condition = _asarray(condition)
    if condition.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    return take(a, flatnonzero(condition), axis=axis, out=out, mode="raise")


def choose(a, choices, out=None, mode="raise"):
    """Construct an array by picking, per element, from one of several arrays.

    ``result[i] = choices[a[i]][i]``, where `a` and every choice are
    broadcast to one shape first.

    Parameters
    ----------
    a : array_like of int
        Which choice to take each element from, in ``[0, len(choices))``
        (see `mode`).
    choices : sequence of ndarrays
        The arrays (or scalars) to choose from; host sequences are refused
        as elements.
    out : ndarray, optional
        Array of the result's shape to write the result into (cast to its
        dtype).
    mode : {'raise', 'wrap', 'clip'}, optional
        How entries of `a` outside ``[0, len(choices))`` behave: 'raise'
        (default) raises, 'wrap' takes them modulo ``len(choices)``, 'clip'
        clips them into the range.

    Returns
    -------
    merged_array : ndarray
        The picked elements, of the broadcast shape and the result type of
        the choices; `out` when it is given.

    Raises
    ------
    ValueError
        If `choices` is empty, `mode` is not one of the three, the shapes do
        not broadcast, `out` has the wrong shape, or with ``mode='raise'`` an
        entry of `a` is out of range ("invalid entry in choice array").
    TypeError
        If `a` does not have an integer or boolean dtype, or `out` is not a
        gpuarray array.

    Notes
    -----
    The choices are first copied into one stacked array of shape
    ``(len(choices),) + shape``, then one gather kernel picks the elements.
    ``mode='raise'`` checks `a` first with one reduction read back to the
    host (a synchronization); 'wrap' and 'clip' do not synchronize.

    See Also
    --------
    where, select, take, ndarray.choose

    Examples
    --------
    >>> import gpuarray as xp
    >>> choices = [xp.array([0, 1, 2, 3]), xp.array([10, 11, 12, 13]),
    ...            xp.array([20, 21, 22, 23])]
    >>> xp.choose(xp.array([2, 0, 1, 0]), choices)
    array([20,  1, 12,  3])
    >>> xp.choose(xp.array([3, -1, 1, 0]), choices, mode="clip")
    array([20,  1, 12,  3])
    >>> xp.choose(xp.array([3, -1, 1, 0]), choices, mode="wrap")
    array([ 0, 21, 12,  3])
    >>> xp.choose(xp.array([[0], [1]]), [xp.array([1, 2, 3]), xp.array(-1)])
    array([[ 1,  2,  3],
           [-1, -1, -1]])
    """
    _check_mode(mode)
    a = _index_array(a, "a")
    choices = [_asarray(c) for c in choices]
    if not choices:
        raise ValueError("0-length sequence.")
    n = len(choices)
    shape = broadcast_shapes(a.shape, *(c.shape for c in choices))
    stacked = empty((n,) + shape, result_type(*choices))
    for k, c in enumerate(choices):
        stacked[k] = c
    picks = ravel(broadcast_to(a, shape))
    if mode == "raise":
        if picks.size and int(_farthest_out_of_bounds(picks, 0, n).get()):
            raise ValueError("invalid entry in choice array")
        mode = "wrap"
    size = int(numpy.prod(shape))
    result = _core._index_get(stacked.reshape(n, size), (picks, arange(size)), mode).reshape(shape)
    return _into(result, out)
