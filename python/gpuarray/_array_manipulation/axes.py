# SPDX-License-Identifier: BSD-3-Clause
"""Axes: the transpose-like operations (transpose, swapaxes, moveaxis) and
the changes of the number of dimensions that make views (squeeze,
expand_dims, atleast_1d, atleast_2d, atleast_3d), with NumPy 2's
semantics: the same views, strides, flags, exception types and messages.
Each result is a view built with ``a._view(shape, strides, offset, dtype)``
(host data is copied to the device first).

The other shape and view routines: _array_manipulation/shapes.py (reshape, ravel, flatten,
ndim, shape, size), _array_manipulation/broadcasting.py, _base/array_views.py (view, real, imag,
diagonal) and _base/python_conversions.py (item, tolist, len, iter)."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

from gpuarray._array_creation.from_data import asarray

__all__ = ["atleast_1d", "atleast_2d", "atleast_3d", "expand_dims", "moveaxis", "squeeze", "swapaxes", "transpose"]


def transpose(a, axes=None):
    """Permute the axes of an array.

    Parameters
    ----------
    a : array_like
        Input array; host data is copied to the device first.
    axes : tuple or list of ints, optional
        A permutation of the axes of `a` (negative values count from the end):
        axis ``i`` of the result is axis ``axes[i]`` of `a`. None (default)
        reverses the axes.

    Returns
    -------
    p : ndarray
        A view of `a` with its axes permuted.

    Raises
    ------
    ValueError
        If `axes` does not name every axis of `a` exactly once.
    numpy.exceptions.AxisError
        If an entry of `axes` is out of range.

    Notes
    -----
    Only the shape and strides change: no element is moved and the device is not
    used.

    See Also
    --------
    swapaxes, moveaxis, ndarray.transpose, ndarray.T

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(2, 3)
    >>> xp.transpose(a)
    array([[0, 3],
           [1, 4],
           [2, 5]])
    >>> xp.transpose(xp.ones((1, 2, 3))).shape
    (3, 2, 1)
    >>> xp.transpose(xp.ones((1, 2, 3)), (1, 0, 2)).shape
    (2, 1, 3)
    """
    return asarray(a).transpose(axes)


def swapaxes(a, axis1, axis2):
    """Interchange two axes of an array.

    Parameters
    ----------
    a : array_like
        Input array; host data is copied to the device first.
    axis1, axis2 : int
        The two axes to exchange (negative values count from the end).

    Returns
    -------
    a_swapped : ndarray
        A view of `a` with `axis1` and `axis2` exchanged.

    Raises
    ------
    numpy.exceptions.AxisError
        If `axis1` or `axis2` is out of range.

    Notes
    -----
    A view: only the shape and strides change, no element is moved.

    See Also
    --------
    transpose, moveaxis, ndarray.swapaxes

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.swapaxes(xp.array([[1, 2, 3]]), 0, 1)
    array([[1],
           [2],
           [3]])
    >>> xp.swapaxes(xp.zeros((2, 3, 4)), 0, 2).shape
    (4, 3, 2)
    """
    a = asarray(a)
    axes = list(range(a.ndim))
    i, j = normalize_axis_index(axis1, a.ndim, "axis1"), normalize_axis_index(axis2, a.ndim, "axis2")
    axes[i], axes[j] = j, i
    return a.transpose(axes)


def moveaxis(a, source, destination):
    """Move axes of an array to new positions, keeping the order of the others.

    Parameters
    ----------
    a : array_like
        Input array; host data is copied to the device first.
    source : int or sequence of ints
        The axes to move (negative values count from the end).
    destination : int or sequence of ints
        Their positions in the result, one per entry of `source`.

    Returns
    -------
    result : ndarray
        A view of `a` with its axes rearranged.

    Raises
    ------
    ValueError
        If `source` and `destination` have different lengths, or one of them
        names an axis twice.
    numpy.exceptions.AxisError
        If an axis in `source` or `destination` is out of range.

    Notes
    -----
    A view: only the shape and strides change, no element is moved.

    See Also
    --------
    transpose, swapaxes

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.zeros((2, 3, 4))
    >>> xp.moveaxis(x, 0, -1).shape
    (3, 4, 2)
    >>> xp.moveaxis(x, -1, 0).shape
    (4, 2, 3)
    >>> xp.moveaxis(x, [0, 1], [-1, -2]).shape
    (4, 3, 2)
    """
    a = asarray(a)
    source = normalize_axis_tuple(source, a.ndim, "source")
    destination = normalize_axis_tuple(destination, a.ndim, "destination")
    if len(source) != len(destination):
        raise ValueError("`source` and `destination` arguments must have the same number of elements")
    axes = [n for n in range(a.ndim) if n not in source]
    for dst, src in sorted(zip(destination, source)):
        axes.insert(dst, src)
    return a.transpose(axes)


def _squeeze_axes(axis, shape):
    """The axes squeeze removes, with NumPy's errors (it takes an int or a tuple, not a list)."""
    if axis is None:
        return [i for i, n in enumerate(shape) if n == 1]
    if not isinstance(axis, tuple):
        # NumPy lets a 0-d array name axis 0 or -1, as if it had one axis.
        if not shape and not isinstance(axis, (bool, numpy.bool_)) and operator.index(axis) in (0, -1):
            return []
        axis = (axis,)
    axes = []
    for ax in axis:
        if isinstance(ax, (bool, numpy.bool_)):
            raise TypeError("an integer is required for the axis")
        ax = normalize_axis_index(operator.index(ax), len(shape))
        if ax in axes:
            raise ValueError("duplicate value in 'axis'")
        axes.append(ax)
    if any(shape[ax] != 1 for ax in axes):
        raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
    return axes


def squeeze(a, axis=None):
    """Remove axes of extent one from an array.

    Parameters
    ----------
    a : array_like
        Input array; host data is copied to the device first.
    axis : int or tuple of ints, optional
        The axes to remove, each of extent one. None (default) removes every
        axis of extent one. A 0-d array accepts axis 0 or -1 (and removes
        nothing).

    Returns
    -------
    squeezed : ndarray
        A view of `a` without those axes; `a` itself when no axis is removed.

    Raises
    ------
    ValueError
        If a selected axis does not have extent one, or `axis` names an axis
        twice.
    TypeError
        If `axis` is a list or a bool, or holds a bool.
    numpy.exceptions.AxisError
        If an axis is out of range.

    Notes
    -----
    A view: only the shape and strides change, no element is moved. As in NumPy,
    `axis` must be an int or a tuple (a list is refused).

    See Also
    --------
    expand_dims, reshape, ndarray.squeeze

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([[[0], [1], [2]]])
    >>> x.shape
    (1, 3, 1)
    >>> xp.squeeze(x)
    array([0, 1, 2])
    >>> xp.squeeze(x, axis=0).shape
    (3, 1)
    >>> xp.squeeze(x, axis=2).shape
    (1, 3)
    """
    a = asarray(a)
    drop = _squeeze_axes(axis, a.shape)
    if not drop:
        return a  # NumPy returns the array itself when no axis goes
    keep = [i for i in range(a.ndim) if i not in drop]
    return a._view([a.shape[i] for i in keep], [a.strides[i] for i in keep])


def expand_dims(a, axis):
    """Insert axes of extent one into an array.

    Parameters
    ----------
    a : array_like
        Input array; host data is copied to the device first.
    axis : int or tuple of ints
        Positions of the new axes in the result (negative values count from the
        end of the result's axes).

    Returns
    -------
    result : ndarray
        A view of `a` with ``a.ndim + len(axis)`` dimensions.

    Raises
    ------
    ValueError
        If `axis` names a position twice.
    numpy.exceptions.AxisError
        If a position is out of range for the result.

    Notes
    -----
    The view is made by reshaping, as NumPy does, so the new axes have the
    strides NumPy's reshape gives them; no element is moved.

    See Also
    --------
    squeeze, reshape, atleast_1d, atleast_2d, atleast_3d

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.expand_dims(xp.array([1, 2]), 0)
    array([[1, 2]])
    >>> xp.expand_dims(xp.array([1, 2]), 1)
    array([[1],
           [2]])
    >>> xp.expand_dims(xp.array([1, 2]), (0, 2)).shape
    (1, 2, 1)
    """
    a = asarray(a)
    ndim = a.ndim + (len(axis) if isinstance(axis, (tuple, list)) else 1)
    axis = normalize_axis_tuple(axis, ndim)
    extents = iter(a.shape)
    # NumPy reshapes here, so the strides of the new axes are reshape's.
    return a.reshape([1 if i in axis else next(extents) for i in range(ndim)])


def _atleast(arys, to_view):
    """NumPy 2's atleast_*d calling convention: one array for one argument, else a tuple."""
    result = tuple(to_view(asarray(a)) for a in arys)
    return result[0] if len(result) == 1 else result


def _atleast_1d(a):
    return a._view((1,), (a.itemsize,)) if a.ndim == 0 else a


def _atleast_2d(a):
    if a.ndim == 0:
        return a._view((1, 1), (a.itemsize,) * 2)
    return a._view((1,) + a.shape, (0,) + a.strides) if a.ndim == 1 else a


def _atleast_3d(a):
    # As NumPy's reshape (0-d) and a[None, :, None] / a[:, :, None]: new axes get stride 0.
    if a.ndim == 0:
        return a._view((1, 1, 1), (a.itemsize,) * 3)
    if a.ndim == 1:
        return a._view((1,) + a.shape + (1,), (0,) + a.strides + (0,))
    return a._view(a.shape + (1,), a.strides + (0,)) if a.ndim == 2 else a


def atleast_1d(*arys):
    """Convert inputs to arrays with at least one dimension.

    Parameters
    ----------
    *arys : array_like
        One or more arrays or scalars; host data is copied to the device first.

    Returns
    -------
    res : ndarray or tuple of ndarray
        Each input with at least one dimension: a 0-d input becomes shape
        ``(1,)``, others are returned themselves. One array for one argument,
        else a tuple.

    Notes
    -----
    The results are views of the inputs (no copy on the device).

    See Also
    --------
    atleast_2d, atleast_3d, expand_dims

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.atleast_1d(5)
    array([5])
    >>> xp.atleast_1d(xp.array([1, 2]))
    array([1, 2])
    >>> xp.atleast_1d(1, xp.array([2, 3]))
    (array([1]), array([2, 3]))
    """
    return _atleast(arys, _atleast_1d)


def atleast_2d(*arys):
    """Convert inputs to arrays with at least two dimensions.

    Parameters
    ----------
    *arys : array_like
        One or more arrays or scalars; host data is copied to the device first.

    Returns
    -------
    res : ndarray or tuple of ndarray
        Each input with at least two dimensions: a 0-d input becomes shape
        ``(1, 1)``, a 1-D input of length N shape ``(1, N)``, others are
        returned themselves. One array for one argument, else a tuple.

    Notes
    -----
    The results are views of the inputs (no copy on the device); a new leading
    axis has stride 0, as in NumPy.

    See Also
    --------
    atleast_1d, atleast_3d, expand_dims

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.atleast_2d(5)
    array([[5]])
    >>> xp.atleast_2d(xp.array([1, 2]))
    array([[1, 2]])
    >>> xp.atleast_2d(xp.array([1, 2]), xp.array([[3]]))
    (array([[1, 2]]), array([[3]]))
    """
    return _atleast(arys, _atleast_2d)


def atleast_3d(*arys):
    """Convert inputs to arrays with at least three dimensions.

    Parameters
    ----------
    *arys : array_like
        One or more arrays or scalars; host data is copied to the device first.

    Returns
    -------
    res : ndarray or tuple of ndarray
        Each input with at least three dimensions: a 0-d input becomes shape
        ``(1, 1, 1)``, a 1-D input of length N shape ``(1, N, 1)``, a 2-D input
        of shape ``(M, N)`` shape ``(M, N, 1)``, others are returned themselves.
        One array for one argument, else a tuple.

    Notes
    -----
    The results are views of the inputs (no copy on the device); the new axes of
    a 1-D or 2-D input have stride 0, as in NumPy.

    See Also
    --------
    atleast_1d, atleast_2d, expand_dims

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.atleast_3d(5).shape
    (1, 1, 1)
    >>> xp.atleast_3d(xp.ones((2, 3))).shape
    (2, 3, 1)
    >>> xp.atleast_3d(xp.array([1, 2]))
    array([[[1],
            [2]]])
    """
    return _atleast(arys, _atleast_3d)
