# SPDX-License-Identifier: BSD-3-Clause
"""Splitting arrays: split, array_split, hsplit, vsplit, dsplit and unstack.
Every piece is a view of the input (basic slicing), as in NumPy."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_manipulation.axes import moveaxis

__all__ = ["split", "array_split", "hsplit", "vsplit", "dsplit"]
if hasattr(numpy, "unstack"):  # NumPy 2.1+
    __all__.append("unstack")


def _division_points(n, indices_or_sections):
    """Where the pieces start and stop along an axis of extent `n`: the given indices
    (as Python slices read them), or `sections` near-equal parts, the first ones longer."""
    try:
        indices = list(indices_or_sections)
    except TypeError:
        sections = int(indices_or_sections)  # NumPy truncates a float count
        if sections <= 0:
            raise ValueError("number sections must be larger than 0.") from None
        each, extra = divmod(n, sections)
        points = [0]
        for i in range(sections):
            points.append(points[-1] + each + (i < extra))
        return points
    return [0] + [operator.index(i) for i in indices] + [n]


def array_split(ary, indices_or_sections, axis=0):
    """Splits an array into sub-arrays, which need not be of equal size.

    Parameters
    ----------
    ary : array_like
        The array to split.
    indices_or_sections : int or sequence of ints
        A number N: N parts whose lengths differ by at most one (the first
        ones longer). A sorted sequence: the indices where the parts start.
    axis : int, optional
        The axis to split (0 by default).

    Returns
    -------
    list of ndarray
        Views of `ary`.

    Raises
    ------
    ValueError
        N is not positive.

    See Also
    --------
    split, concatenate

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.array_split(xp.arange(7), 3)
    [array([0, 1, 2]), array([3, 4]), array([5, 6])]
    >>> [p.shape for p in xp.array_split(xp.ones((2, 5)), 2, axis=1)]
    [(2, 3), (2, 2)]
    """
    ary = asarray(ary)
    n = ary.shape[axis]  # NumPy reads the extent first: IndexError for a bad axis
    axis = normalize_axis_index(axis, ary.ndim)
    points = _division_points(n, indices_or_sections)
    before = (slice(None),) * axis
    return [ary[before + (slice(start, stop),)] for start, stop in zip(points[:-1], points[1:])]


def split(ary, indices_or_sections, axis=0):
    """Splits an array into sub-arrays that divide it evenly.

    Parameters
    ----------
    ary : array_like
        The array to split.
    indices_or_sections : int or sequence of ints
        A number N: N equal parts (N must divide the axis). A sorted sequence:
        the indices where the parts start.
    axis : int, optional
        The axis to split (0 by default).

    Returns
    -------
    list of ndarray
        Views of `ary`.

    Raises
    ------
    ValueError
        N does not divide the axis evenly.

    See Also
    --------
    array_split, hsplit, vsplit, dsplit, concatenate

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.split(xp.arange(6), 3)
    [array([0, 1]), array([2, 3]), array([4, 5])]
    >>> xp.split(xp.arange(6), [1, 4])
    [array([0]), array([1, 2, 3]), array([4, 5])]
    """
    ary = asarray(ary)
    try:
        len(indices_or_sections)
    except TypeError:
        if ary.shape[axis] % indices_or_sections:
            raise ValueError("array split does not result in an equal division") from None
    return array_split(ary, indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    """Splits an array horizontally: along the second axis (the first of a 1-D array).

    Parameters
    ----------
    ary : array_like
        The array to split, at least 1-D.
    indices_or_sections : int or sequence of ints
        As in `split`.

    Returns
    -------
    list of ndarray
        Views of `ary`.

    Raises
    ------
    ValueError
        `ary` is 0-d, or the parts would not be equal.

    See Also
    --------
    split, vsplit, hstack

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(8).reshape(2, 4)
    >>> xp.hsplit(a, 2)[1]
    array([[2, 3],
           [6, 7]])
    >>> len(xp.hsplit(xp.arange(6), [2]))
    2
    """
    ary = asarray(ary)
    if ary.ndim == 0:
        raise ValueError("hsplit only works on arrays of 1 or more dimensions")
    return split(ary, indices_or_sections, 1 if ary.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    """Splits an array vertically: along the first axis.

    Parameters
    ----------
    ary : array_like
        The array to split, at least 2-D.
    indices_or_sections : int or sequence of ints
        As in `split`.

    Returns
    -------
    list of ndarray
        Views of `ary`.

    Raises
    ------
    ValueError
        `ary` has fewer than two dimensions, or the parts would not be equal.

    See Also
    --------
    split, hsplit, vstack

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(8).reshape(4, 2)
    >>> xp.vsplit(a, 2)[0]
    array([[0, 1],
           [2, 3]])
    >>> [p.shape for p in xp.vsplit(a, [1])]
    [(1, 2), (3, 2)]
    """
    ary = asarray(ary)
    if ary.ndim < 2:
        raise ValueError("vsplit only works on arrays of 2 or more dimensions")
    return split(ary, indices_or_sections, 0)


def dsplit(ary, indices_or_sections):
    """Splits an array along the third axis (depth).

    Parameters
    ----------
    ary : array_like
        The array to split, at least 3-D.
    indices_or_sections : int or sequence of ints
        As in `split`.

    Returns
    -------
    list of ndarray
        Views of `ary`.

    Raises
    ------
    ValueError
        `ary` has fewer than three dimensions, or the parts would not be equal.

    See Also
    --------
    split, dstack

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(8).reshape(1, 2, 4)
    >>> [p.shape for p in xp.dsplit(a, 2)]
    [(1, 2, 2), (1, 2, 2)]
    >>> xp.dsplit(a, [1])[0].ravel()
    array([0, 4])
    """
    ary = asarray(ary)
    if ary.ndim < 3:
        raise ValueError("dsplit only works on arrays of 3 or more dimensions")
    return split(ary, indices_or_sections, 2)


def unstack(x, /, *, axis=0):
    """Splits an array into its slices along an axis, that axis removed.

    Parameters
    ----------
    x : array_like
        Input, at least 1-D.
    axis : int, optional
        The axis to unstack (0 by default).

    Returns
    -------
    tuple of ndarray
        ``x.shape[axis]`` views of `x`.

    Raises
    ------
    ValueError
        `x` is 0-d.

    See Also
    --------
    stack, split

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(2, 3)
    >>> xp.unstack(a)
    (array([0, 1, 2]), array([3, 4, 5]))
    >>> len(xp.unstack(a, axis=1))
    3
    """
    x = asarray(x)
    if x.ndim == 0:
        raise ValueError("Input array must be at least 1-d.")
    return tuple(moveaxis(x, axis, 0))
