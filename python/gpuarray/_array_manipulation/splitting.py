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
    """Views of `ary` split along `axis` at the given indices, or into that many
    sections of near-equal size (they need not divide the axis evenly)."""
    ary = asarray(ary)
    n = ary.shape[axis]  # NumPy reads the extent first: IndexError for a bad axis
    axis = normalize_axis_index(axis, ary.ndim)
    points = _division_points(n, indices_or_sections)
    before = (slice(None),) * axis
    return [ary[before + (slice(start, stop),)] for start, stop in zip(points[:-1], points[1:])]


def split(ary, indices_or_sections, axis=0):
    """array_split, except that a number of sections must divide the axis evenly."""
    ary = asarray(ary)
    try:
        len(indices_or_sections)
    except TypeError:
        if ary.shape[axis] % indices_or_sections:
            raise ValueError("array split does not result in an equal division") from None
    return array_split(ary, indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    """split along the second axis (the first for a 1-D array)."""
    ary = asarray(ary)
    if ary.ndim == 0:
        raise ValueError("hsplit only works on arrays of 1 or more dimensions")
    return split(ary, indices_or_sections, 1 if ary.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    """split along the first axis of an array of at least 2 dimensions."""
    ary = asarray(ary)
    if ary.ndim < 2:
        raise ValueError("vsplit only works on arrays of 2 or more dimensions")
    return split(ary, indices_or_sections, 0)


def dsplit(ary, indices_or_sections):
    """split along the third axis of an array of at least 3 dimensions."""
    ary = asarray(ary)
    if ary.ndim < 3:
        raise ValueError("dsplit only works on arrays of 3 or more dimensions")
    return split(ary, indices_or_sections, 2)


def unstack(x, /, *, axis=0):
    """A tuple of views of `x`, one per index along `axis`, that axis removed."""
    x = asarray(x)
    if x.ndim == 0:
        raise ValueError("Input array must be at least 1-d.")
    return tuple(moveaxis(x, axis, 0))
