# SPDX-License-Identifier: BSD-3-Clause
"""Rearranging elements: flip, fliplr, flipud, rot90 and rollaxis (views, as
NumPy's), and roll (a new array: one copy per contiguous block that moves)."""
import itertools
import operator

import numpy
from numpy.exceptions import AxisError
from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty_like
from gpuarray._array_manipulation.shapes import ravel

__all__ = ["flip", "fliplr", "flipud", "rot90", "rollaxis", "roll"]


def _flip_layout(shape, strides, axes):
    """Strides and byte offset of the view that reverses `axes`: element 0 moves to the
    last element along each (not past the end of an empty axis)."""
    strides = list(strides)
    offset = 0
    for ax in axes:
        if shape[ax] > 0:
            offset += (shape[ax] - 1) * strides[ax]
        strides[ax] = -strides[ax]
    return strides, offset


def flip(m, axis=None):
    """The array with the order of its elements reversed along the given axes.

    Parameters
    ----------
    m : array_like
        Input.
    axis : None or int or tuple of ints, optional
        The axes to reverse; None (default) reverses all.

    Returns
    -------
    ndarray
        A view of `m` (negative strides): no data is copied.

    Raises
    ------
    numpy.exceptions.AxisError
        An axis is out of range.

    See Also
    --------
    fliplr, flipud, rot90

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(2, 3)
    >>> xp.flip(a, axis=1)
    array([[2, 1, 0],
           [5, 4, 3]])
    >>> xp.flip(a)
    array([[5, 4, 3],
           [2, 1, 0]])
    """
    m = asarray(m)
    axes = range(m.ndim) if axis is None else normalize_axis_tuple(axis, m.ndim)
    strides, offset = _flip_layout(m.shape, m.strides, axes)
    return m._view(m.shape, strides, offset)


def fliplr(m):
    """The array with its columns (second axis) reversed.

    Parameters
    ----------
    m : array_like
        Input, at least 2-D.

    Returns
    -------
    ndarray
        A view of `m`.

    Raises
    ------
    ValueError
        `m` has fewer than two dimensions.

    See Also
    --------
    flipud, flip

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.fliplr(xp.eye(3, dtype=int))
    array([[0, 0, 1],
           [0, 1, 0],
           [1, 0, 0]])
    >>> xp.fliplr(xp.ones((2, 3, 4))).shape
    (2, 3, 4)
    """
    m = asarray(m)
    if m.ndim < 2:
        raise ValueError("Input must be >= 2-d.")
    return flip(m, 1)


def flipud(m):
    """The array with its rows (first axis) reversed.

    Parameters
    ----------
    m : array_like
        Input, at least 1-D.

    Returns
    -------
    ndarray
        A view of `m`.

    Raises
    ------
    ValueError
        `m` is 0-d.

    See Also
    --------
    fliplr, flip

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.flipud(xp.arange(4))
    array([3, 2, 1, 0])
    >>> xp.flipud(xp.arange(4).reshape(2, 2))
    array([[2, 3],
           [0, 1]])
    """
    m = asarray(m)
    if m.ndim < 1:
        raise ValueError("Input must be >= 1-d.")
    return flip(m, 0)


def rot90(m, k=1, axes=(0, 1)):
    """The array rotated by 90 degrees in the plane of two axes.

    Parameters
    ----------
    m : array_like
        Input, at least 2-D.
    k : int, optional
        How many times to rotate (negative turns the other way).
    axes : tuple of two ints, optional
        The plane; the rotation goes from the first axis towards the second.

    Returns
    -------
    ndarray
        A view of `m`.

    Raises
    ------
    ValueError
        `axes` are not two different axes of `m`.

    See Also
    --------
    flip, transpose

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2], [3, 4]])
    >>> xp.rot90(a)
    array([[2, 4],
           [1, 3]])
    >>> xp.rot90(a, k=2)
    array([[4, 3],
           [2, 1]])
    """
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    m = asarray(m)
    if axes[0] == axes[1] or abs(axes[0] - axes[1]) == m.ndim:
        raise ValueError("Axes must be different.")
    if not (-m.ndim <= axes[0] < m.ndim and -m.ndim <= axes[1] < m.ndim):
        raise ValueError(f"Axes={axes} out of range for array of ndim={m.ndim}.")
    k = operator.index(k) % 4
    if k == 0:
        return m[...]
    if k == 2:
        return flip(m, axes)
    perm = list(range(m.ndim))
    a0, a1 = normalize_axis_index(axes[0], m.ndim), normalize_axis_index(axes[1], m.ndim)
    perm[a0], perm[a1] = perm[a1], perm[a0]
    if k == 1:
        return flip(m, axes[1]).transpose(perm)
    return flip(m.transpose(perm), axes[1])


def rollaxis(a, axis, start=0):
    """The array with one axis moved to a new position (NumPy's older spelling of `moveaxis`).

    Parameters
    ----------
    a : array_like
        Input.
    axis : int
        The axis to move.
    start : int, optional
        The axis is moved to just before this position (0 by default).

    Returns
    -------
    ndarray
        A view of `a`.

    Raises
    ------
    numpy.exceptions.AxisError
        `axis` or `start` is out of range.

    See Also
    --------
    moveaxis, transpose, swapaxes

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ones((3, 4, 5, 6))
    >>> xp.rollaxis(a, 3, 1).shape
    (3, 6, 4, 5)
    >>> xp.rollaxis(a, 1, 4).shape
    (3, 5, 6, 4)
    """
    a = asarray(a)
    n = a.ndim
    axis = normalize_axis_index(axis, n)
    if start < 0:
        start += n
    if not 0 <= start < n + 1:
        raise AxisError(f"'start' arg requires {-n} <= start < {n + 1}, but {start} was passed in")
    if axis < start:
        start -= 1
    if axis == start:
        return a[...]
    perm = [ax for ax in range(n) if ax != axis]
    perm.insert(start, axis)
    return a.transpose(perm)


def _roll_shifts(shift, axis, ndim):
    """{axis: total shift} for roll's broadcast (shift, axis) pairs; one axis may be named
    several times and its shifts add up."""
    try:
        pairs = numpy.broadcast(shift, axis)
    except ValueError:
        raise ValueError("'shift' and 'axis' should be scalars or 1D sequences") from None
    if pairs.nd > 1:
        raise ValueError("'shift' and 'axis' should be scalars or 1D sequences")
    totals = {}
    for sh, ax in pairs:
        ax = normalize_axis_index(operator.index(ax), ndim)
        totals[ax] = totals.get(ax, 0) + int(sh)  # NumPy accepts (and truncates) float shifts
    return totals


def roll(a, shift, axis=None):
    """The elements shifted cyclically along an axis: those pushed past the end come back at the start.

    Parameters
    ----------
    a : array_like
        Input.
    shift : int or tuple of ints
        How many places to shift (negative to the left); a tuple gives one
        shift per axis in `axis`.
    axis : None or int or tuple of ints, optional
        The axes; None (default) rolls the flattened array and reshapes it back.

    Returns
    -------
    ndarray
        A new array of `a`'s shape.

    See Also
    --------
    rollaxis, fft.fftshift

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.roll(xp.arange(5), 2)
    array([3, 4, 0, 1, 2])
    >>> xp.roll(xp.arange(6).reshape(2, 3), -1, axis=1)
    array([[1, 2, 0],
           [4, 5, 3]])
    """
    a = asarray(a)
    if axis is None:
        return roll(ravel(a), shift, 0).reshape(a.shape)
    normalize_axis_tuple(axis, a.ndim, allow_duplicate=True)
    out = empty_like(a)
    if a.size == 0:
        return out
    # Per axis, one or two (destination, source) slice pairs; every combination across
    # the axes is one block copy.
    per_axis = [[(slice(None), slice(None))] for _ in range(a.ndim)]
    for ax, sh in _roll_shifts(shift, axis, a.ndim).items():
        n = a.shape[ax]
        sh %= n
        if sh:
            per_axis[ax] = [(slice(sh, None), slice(None, n - sh)), (slice(None, sh), slice(n - sh, None))]
    for pairs in itertools.product(*per_axis):
        out[tuple(d for d, _ in pairs)] = a[tuple(s for _, s in pairs)]
    return out
