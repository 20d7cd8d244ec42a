# SPDX-License-Identifier: BSD-3-Clause
"""Where the nonzero elements are and choosing by a condition: nonzero (and
the ndarray method), flatnonzero, argwhere, extract, and where with one or
three arguments, with NumPy 2's semantics.

The positions come from CUB's stream compaction over a byte mask
(cpp/kernels/compaction.cpp); the result's size is the one value copied to
the host (CuPy does the same). where(cond, x, y) is one elementwise kernel.
Arguments are gpuarray arrays or Python or NumPy scalars; NumPy arrays and
lists raise TypeError, as ufuncs do."""
import numpy

from gpuarray import _core
from gpuarray._array_creation.from_shape import empty
from gpuarray._array_manipulation.broadcasting import broadcast_shapes
from gpuarray._array_manipulation.shapes import ravel
from gpuarray._base.dtypes import result_type
from gpuarray._core import ndarray
from gpuarray._ufunc.rounding import _asarray, _check

__all__ = ["nonzero", "flatnonzero", "argwhere", "extract", "where"]

_NoValue = numpy._NoValue


def nonzero(a):
    """The indices of the nonzero elements.

    Parameters
    ----------
    a : array_like
        Input, at least 1-D.

    Returns
    -------
    tuple of ndarray
        One int64 array per dimension; together they index the nonzero
        elements in C order.

    Raises
    ------
    ValueError
        `a` is 0-d (NumPy 2).

    See Also
    --------
    flatnonzero, argwhere, where, count_nonzero

    Notes
    -----
    The number of results is read back to the host to size them: the call
    waits for the work queued before it.

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[3, 0, 0], [0, 4, 5]])
    >>> xp.nonzero(a)
    (array([0, 1, 1]), array([0, 1, 2]))
    >>> a[xp.nonzero(a)]
    array([3, 4, 5])
    """
    a = _asarray(a)
    if a.ndim == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() "
                         "instead. If the context of this error is of the form `arr[nonzero(cond)]`, just use "
                         "`arr[cond]`.")
    if a.ndim == 1:
        return (_core._flat_nonzero(a),)
    coords = _core._argwhere(a)
    return tuple(coords[:, k] for k in range(a.ndim))


def flatnonzero(a):
    """The indices of the nonzero elements of the flattened array.

    Parameters
    ----------
    a : array_like
        Input.

    Returns
    -------
    ndarray
        int64 indices into ``a.ravel()``.

    See Also
    --------
    nonzero, argwhere

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.flatnonzero(xp.array([[0, 2], [3, 0]]))
    array([1, 2])
    >>> xp.flatnonzero(xp.zeros(3)).shape
    (0,)
    """
    return _core._flat_nonzero(_asarray(a))


def argwhere(a):
    """The indices of the nonzero elements, one row per element.

    Parameters
    ----------
    a : array_like
        Input.

    Returns
    -------
    ndarray
        A ``(count, a.ndim)`` int64 array; a 0-d input gives shape (1, 0) or
        (0, 0), as NumPy's.

    See Also
    --------
    nonzero, flatnonzero, where

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.argwhere(xp.array([[3, 0], [0, 4]]))
    array([[0, 0],
           [1, 1]])
    >>> xp.argwhere(xp.arange(6) > 3)
    array([[4],
           [5]])
    """
    a = _asarray(a)
    if a.ndim == 0:
        return _core._argwhere(a.reshape(1))[:, :0]
    return _core._argwhere(a)


def extract(condition, arr):
    """The elements of an array where a condition is true.

    Parameters
    ----------
    condition : array_like
        Where it is nonzero (flattened), the element is taken.
    arr : array_like
        The values (flattened), at least as many as `condition` has.

    Returns
    -------
    ndarray
        1-D, the chosen elements in order.

    See Also
    --------
    compress, where, place

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(2, 3)
    >>> xp.extract(a % 2 == 0, a)
    array([0, 2, 4])
    >>> xp.extract(xp.array([True, False]), xp.array([7, 8]))
    array([7])
    """
    condition, arr = _asarray(condition), _asarray(arr)
    positions = _core._flat_nonzero(condition)
    if condition.size > arr.size and positions.size:
        last = int(positions[-1].get())
        if last >= arr.size:
            raise IndexError(f"index {last} is out of bounds for axis 0 with size {arr.size}")
    return _core._take_flat(ravel(arr), positions)


def _scalar_in(value, dtype):
    """A Python or NumPy scalar as a NumPy scalar of `dtype`, converted as NumPy's where
    converts it: a Python int must fit (OverflowError, as NumPy 2.5), others cast."""
    if isinstance(value, int) and not isinstance(value, bool):
        return numpy.asarray(value, dtype=dtype)[()]
    return numpy.asarray(value).astype(dtype)[()]


def where(condition, x=_NoValue, y=_NoValue):
    """Elements from `x` or `y` depending on a condition; with the condition only, `nonzero`.

    Parameters
    ----------
    condition : array_like of bool
        Where true, take from `x`, else from `y`.
    x, y : array_like, optional
        The values, broadcast with `condition`; both or neither.

    Returns
    -------
    ndarray or tuple of ndarray
        With `x` and `y`: their elements chosen by `condition`, of type
        ``result_type(x, y)`` (Python scalars weak, NEP 50). Without:
        ``nonzero(condition)``.

    Raises
    ------
    ValueError
        Only one of `x` and `y` is given.

    See Also
    --------
    nonzero, choose, select, extract

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6)
    >>> xp.where(a < 3, a, 10 * a)
    array([ 0,  1,  2, 30, 40, 50])
    >>> xp.where(a > 3)
    (array([4, 5]),)
    """
    if x is _NoValue and y is _NoValue:
        return nonzero(condition)
    if x is _NoValue or y is _NoValue:
        raise ValueError("either both or neither of x and y should be given")
    condition = _asarray(condition)
    x, y = _check(x), _check(y)
    dtype = result_type(x, y)
    shape = broadcast_shapes(condition.shape, getattr(x, "shape", ()), getattr(y, "shape", ()))
    out = empty(shape, dtype)
    _core._where(condition, x if isinstance(x, ndarray) else _scalar_in(x, dtype),
                 y if isinstance(y, ndarray) else _scalar_in(y, dtype), out)
    return out
