# SPDX-License-Identifier: BSD-3-Clause
"""Index utilities: indices, ix_, unravel_index, ravel_multi_index, select,
mgrid/ogrid and r_/c_, with NumPy 2's semantics and errors; the diagonal and
triangle helpers are diagonal_indices.py's (re-exported here).

All of them produce or consume int64 arrays with elementwise ufuncs, views,
the compaction behind nonzero, and selects; none needs advanced indexing.
Where NumPy returns integer scalars (unravel_index of a scalar) the results
are 0-d device arrays. Bounds checks read one or two reduced values back."""
import math
import operator

import numpy
from numpy import index_exp, ndindex, s_  # host-side: they build index tuples and shapes' indices, as in CuPy

from gpuarray import _core
from gpuarray._array_creation.from_data import array, asarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._array_creation.ranges import arange, linspace
from gpuarray._array_manipulation.broadcasting import broadcast_shapes
from gpuarray._array_manipulation.joining import concatenate
from gpuarray._base.dtypes import result_type
from gpuarray._core import ndarray
from gpuarray._index_routines.diagonal_indices import (
    diag_indices, diag_indices_from, diagonal, fill_diagonal, mask_indices, tril_indices, tril_indices_from,
    triu_indices, triu_indices_from,
)
from gpuarray._reduction.extrema import max as _max, min as _min
from gpuarray._sorting_searching.searching import nonzero
from gpuarray._ufunc.rounding import clip
from gpuarray._ufunc.ufuncs import add, floor_divide, multiply, remainder

__all__ = ["indices", "ix_", "unravel_index", "ravel_multi_index", "diag_indices", "diag_indices_from",
           "tril_indices", "triu_indices", "tril_indices_from", "triu_indices_from", "fill_diagonal",
           "mask_indices", "select", "diagonal", "s_", "index_exp", "ndindex", "mgrid", "ogrid", "r_", "c_"]


def _dims(shape):
    try:
        return (operator.index(shape),)
    except TypeError:
        return tuple(operator.index(n) for n in shape)


def _index_order(order):
    if order not in ("C", "F"):
        if isinstance(order, str) and order.upper() in ("C", "F", "A", "K"):
            raise ValueError("only 'C' or 'F' order is permitted")
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
    return order


def _int_positions(x):
    """`x` as a device array of integers (NumPy also takes bools), else TypeError."""
    x = asarray(x)
    if x.dtype.kind not in "iub":
        raise TypeError("only int indices permitted")
    return x.astype(numpy.int64, copy=False)


def indices(dimensions, dtype=int, sparse=False):
    """An array of the indices of a grid of a given shape.

    Parameters
    ----------
    dimensions : sequence of ints
        The grid's shape.
    dtype : dtype, optional
        The type of the indices (int64 by default).
    sparse : bool, optional
        Return one array per axis, of length one except along its own axis,
        to be broadcast.

    Returns
    -------
    ndarray or tuple of ndarray
        One ``(N, *dimensions)`` array whose ``[i]`` holds each element's
        index along axis ``i``; or, sparse, N arrays.

    See Also
    --------
    mgrid, ogrid, meshgrid, unravel_index

    Examples
    --------
    >>> import gpuarray as xp
    >>> rows, cols = xp.indices((2, 3))
    >>> rows
    array([[0, 0, 0],
           [1, 1, 1]])
    >>> cols
    array([[0, 1, 2],
           [0, 1, 2]])
    >>> [a.shape for a in xp.indices((2, 3), sparse=True)]
    [(2, 1), (1, 3)]
    """
    dims = _dims(dimensions)
    n = len(dims)
    grid = None if sparse else empty((n,) + dims, dtype)  # first: an impossible size raises before any work
    vectors = [arange(d, dtype=dtype).reshape((1,) * i + (d,) + (1,) * (n - i - 1)) for i, d in enumerate(dims)]
    if sparse:
        return tuple(vectors)
    if grid.size:
        for i, v in enumerate(vectors):
            grid[i] = v
    return grid


def ix_(*args):
    """An open mesh from sequences: index arrays that select their cross product.

    Parameters
    ----------
    *args : 1-D array_like
        Integer positions, or boolean masks (taken as their nonzero
        positions), one per axis.

    Returns
    -------
    tuple of ndarray
        The k-th array lies along axis k of ``len(args)`` axes, so that
        ``a[ix_(rows, cols)]`` is the sub-matrix of those rows and columns.

    Raises
    ------
    ValueError
        An argument is not 1-D.

    See Also
    --------
    ogrid, meshgrid

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(12).reshape(3, 4)
    >>> a[xp.ix_(xp.array([0, 2]), xp.array([1, 3]))]
    array([[ 1,  3],
           [ 9, 11]])
    >>> [i.shape for i in xp.ix_(xp.arange(2), xp.arange(3))]
    [(2, 1), (1, 3)]
    """
    out = []
    for k, seq in enumerate(args):
        host_sequence = not isinstance(seq, (ndarray, numpy.ndarray))
        seq = asarray(seq)
        if host_sequence and seq.size == 0:
            seq = seq.astype(numpy.intp)
        if seq.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if seq.dtype == numpy.bool_:
            seq = nonzero(seq)[0]
        out.append(seq.reshape((1,) * k + (seq.size,) + (1,) * (len(args) - k - 1)))
    return tuple(out)


def unravel_index(indices, shape, order="C"):
    """Converts flat positions into coordinates in an array of a given shape.

    Parameters
    ----------
    indices : array_like of ints
        Positions into the flattened array.
    shape : tuple of ints
        The array's shape.
    order : {'C', 'F'}, optional
        Whether the positions count in C (row-major) or Fortran order.

    Returns
    -------
    tuple of ndarray
        One int64 array per axis of `shape`, of `indices`' shape (0-d device
        arrays for a scalar, where NumPy gives integers).

    Raises
    ------
    ValueError
        A position is outside the array (the check reads back the extrema).

    See Also
    --------
    ravel_multi_index, argmax

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.unravel_index(xp.array([1, 5, 7]), (2, 4))
    (array([0, 1, 1]), array([1, 1, 3]))
    >>> a = xp.array([[3, 9], [7, 1]])
    >>> [int(i) for i in xp.unravel_index(a.argmax(), a.shape)]
    [0, 1]
    """
    dims = _dims(shape)
    order = _index_order(order)
    flat = _int_positions(indices)
    size = 1
    for d in dims:
        size *= d
    if flat.size:
        low, high = int(_min(flat).get()), int(_max(flat).get())
        if high >= size or low < 0:
            raise ValueError(f"index {high if high >= size else low} is out of bounds for array with size {size}")
    coords = [None] * len(dims)
    axes = range(len(dims) - 1, -1, -1) if order == "C" else range(len(dims))
    for ax in axes:
        if flat.size == 0:
            coords[ax] = empty(flat.shape, numpy.int64)
            continue
        coords[ax] = remainder(flat, dims[ax])
        flat = floor_divide(flat, dims[ax])
    return tuple(coords)


def _clip_modes(mode, n):
    modes = (mode,) * n if isinstance(mode, str) else tuple(mode)
    if len(modes) != n:
        raise ValueError(f"list of clipmodes has wrong length ({len(modes)} instead of {n})")
    for m in modes:
        if m not in ("raise", "wrap", "clip"):
            raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {m!r})")
    return modes


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    """Converts coordinates into flat positions in an array of a given shape.

    Parameters
    ----------
    multi_index : tuple of array_like of ints
        One integer array per axis, broadcast together.
    dims : tuple of ints
        The array's shape.
    mode : {'raise', 'wrap', 'clip'} or tuple of them, optional
        What to do with coordinates out of range: raise ValueError, wrap
        around, or clip to the edge; one mode, or one per axis.
    order : {'C', 'F'}, optional
        Whether the positions count in C or Fortran order.

    Returns
    -------
    ndarray
        int64 flat positions, of the broadcast shape.

    Raises
    ------
    ValueError
        A coordinate is out of range with mode 'raise'.

    See Also
    --------
    unravel_index

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ravel_multi_index((xp.array([0, 1, 1]), xp.array([1, 1, 3])), (2, 4))
    array([1, 5, 7])
    >>> xp.ravel_multi_index((xp.array([3]), xp.array([5])), (2, 4), mode='clip')
    array([7])
    """
    dims = _dims(dims)
    order = _index_order(order)
    if len(multi_index) != len(dims):
        raise ValueError(f"parameter multi_index must be a sequence of length {len(dims)}")
    modes = _clip_modes(mode, len(dims))
    coords = [_int_positions(c) for c in multi_index]
    broadcast_shapes(*(c.shape for c in coords))  # NumPy's error before any device work
    strides = [1] * len(dims)
    axes = range(len(dims) - 2, -1, -1) if order == "C" else range(1, len(dims))
    for ax in axes:
        neighbour = ax + 1 if order == "C" else ax - 1
        strides[ax] = strides[neighbour] * dims[neighbour]
    flat = None
    for c, d, m, stride in zip(coords, dims, modes, strides):
        if m == "wrap":
            c = remainder(c, d)
        elif m == "clip":
            c = clip(c, 0, d - 1)
        elif c.size and (int(_min(c).get()) < 0 or int(_max(c).get()) >= d):
            raise ValueError("invalid entry in coordinates array")
        term = multiply(c, stride)
        flat = term if flat is None else add(flat, term)
    if flat is None:
        return asarray(numpy.int64(0))
    return flat


def _choice(x):
    """select keeps Python scalars weak (NEP 50); anything else becomes an array."""
    return x if type(x) in (int, float, complex) else asarray(x)


def select(condlist, choicelist, default=0):
    """Values chosen from several arrays by the first condition that holds.

    Parameters
    ----------
    condlist : list of array_like of bool
        The conditions, broadcast together.
    choicelist : list of array_like
        One array (or scalar) per condition.
    default : scalar or array_like, optional
        Where no condition holds (0 by default).

    Returns
    -------
    ndarray
        Per element, the choice of the first true condition; of the choices'
        and default's result type (Python scalars weak, NEP 50).

    Raises
    ------
    ValueError
        The lists differ in length or are empty.
    TypeError
        A condition is not boolean, or the choices have no common type.

    See Also
    --------
    where, choose, piecewise

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.arange(6)
    >>> xp.select([x < 2, x > 3], [x, x ** 2], default=-1)
    array([ 0,  1, -1, -1, 16, 25])
    >>> xp.select([x % 2 == 0], [10], default=x)
    array([10,  1, 10,  3, 10,  5])
    """
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    if len(condlist) == 0:
        raise ValueError("select with an empty condition list is not possible")
    choices = [_choice(c) for c in choicelist]
    default = _choice(default)
    try:
        dtype = result_type(*choices, default)
    except TypeError as e:
        raise TypeError(f"Choicelist and default value do not have a common dtype: {e}") from None
    for choice in choices:
        # NumPy copies each choice in with copyto's 'same_kind' rule, after turning a Python
        # scalar into an array of its default dtype (so 1 into uint8 raises).
        source = choice.dtype if isinstance(choice, ndarray) else numpy.asarray(choice).dtype
        if not numpy.can_cast(source, dtype, "same_kind"):
            raise TypeError(f"Cannot cast array data from {source!r} to {dtype!r} according to the rule 'same_kind'")
    conditions = [asarray(c) for c in condlist]
    for i, cond in enumerate(conditions):
        if cond.dtype != numpy.bool_:
            raise TypeError(f"invalid entry {i} in condlist: should be boolean ndarray")
    shape = broadcast_shapes(*(c.shape for c in conditions), *(numpy.shape(c) if not isinstance(c, ndarray)
                                                                 else c.shape for c in choices + [default]))
    result = empty(shape, dtype)
    if isinstance(default, ndarray):
        result._copy_from(default)
    else:
        result._fill(default)
    # Last condition first, so that the first true one is written last.
    for cond, choice in zip(reversed(conditions), reversed(choices)):
        _core._where(cond, choice, result, result)
    return result


# ---------------------------------------------------------------- mgrid, ogrid

def _grid_axis(part):
    """One slice of an mgrid/ogrid key as (start, stop, step, points): start 0
    and step 1 when left out; `points` is the count a complex step asks for
    (its magnitude), None for an arange-like step."""
    if not isinstance(part, slice):
        raise AttributeError(f"'{type(part).__name__}' object has no attribute 'step'")  # NumPy's error
    start = 0 if part.start is None else part.start
    step = 1 if part.step is None else part.step
    if isinstance(step, (complex, numpy.complexfloating)):
        return start, part.stop, step, int(abs(step))
    return start, part.stop, step, None


def _spacing(start, stop, points):
    """The distance between `points` evenly spaced values from start to stop
    (both included); 1 for a single point, as NumPy's grids use."""
    return 1 if points == 1 else (stop - start) / float(points - 1)


class _Grid:
    """NumPy's mgrid (dense) and ogrid (open) on the device.

    ``grid[start:stop:step, ...]``: one axis per slice. A real step spaces the
    values as arange does (stop excluded); a complex step ``nj`` asks for n
    points from start to stop, stop included, as linspace. The dtype is
    NumPy's: the result type of the slice bounds and steps (a complex step
    counts as its magnitude, a float). mgrid gives one array of shape
    ``(len(key), n0, n1, ...)``; ogrid a tuple of arrays each varying along
    its own axis (shape 1 on the others), which broadcast to the same grid; a
    single slice gives one 1-D array in both.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.mgrid[0:3, 0:2]
    array([[[0, 0],
            [1, 1],
            [2, 2]],
    <BLANKLINE>
           [[0, 1],
            [0, 1],
            [0, 1]]])
    >>> xp.mgrid[-1:1:5j]
    array([-1. , -0.5,  0. ,  0.5,  1. ])
    >>> xp.ogrid[0:2, 0:3]
    (array([[0],
           [1]]), array([[0, 1, 2]]))
    """

    def __init__(self, sparse):
        self.sparse = sparse

    def __getitem__(self, key):
        if not isinstance(key, tuple):
            start, stop, step, points = _grid_axis(key)
            if points is None:
                return arange(start, stop, key.step)
            dtype = numpy.result_type(start, stop, abs(step))
            spacing = _spacing(start, stop, points)
            return arange(0, points, 1, dtype=dtype) * spacing + start
        axes = [_grid_axis(part) for part in key]
        sizes, bounds, spacings = [], [0], []
        try:  # all on the host, before any device work
            for start, stop, step, points in axes:
                if points is None:
                    sizes.append(int(math.ceil((stop - start) / (step * 1.0))))
                    bounds += [start, stop, step]
                    spacings.append(step)
                else:
                    sizes.append(points)
                    bounds += [start, stop, abs(step)]
                    spacings.append(_spacing(start, stop, points))
            dtype = numpy.result_type(*bounds)
        except TypeError:
            # NumPy retries such a key as one slice, which a tuple is not.
            raise AttributeError("'tuple' object has no attribute 'step'") from None
        grids = list(indices(sizes, dtype, sparse=True)) if self.sparse else indices(sizes, dtype)
        for k, ((start, _, _, _), spacing) in enumerate(zip(axes, spacings)):
            grids[k] = grids[k] * spacing + start
        return tuple(grids) if self.sparse else grids


mgrid = _Grid(sparse=False)
ogrid = _Grid(sparse=True)


# ---------------------------------------------------------------- r_, c_

def _directive(text, axis, ndmin, trans1d):
    """(axis, ndmin, trans1d) after a leading string of r_/c_: 'axis',
    'axis,ndmin' or 'axis,ndmin,trans1d'. NumPy's 'r' and 'c' make a
    numpy.matrix, which gpuarray does not have."""
    if text in ("r", "c"):
        raise TypeError(f"the {text!r} directive makes a numpy.matrix, which gpuarray does not have; "
                        "use numpy.r_ on host data, or reshape the device array")
    if "," in text:
        parts = text.split(",")
        try:
            axis, ndmin = (int(x) for x in parts[:2])
            if len(parts) == 3:
                trans1d = int(parts[2])
        except Exception as e:
            raise ValueError(f"unknown special directive {text!r}") from e
        return axis, ndmin, trans1d
    try:
        return int(text), ndmin, trans1d
    except (ValueError, TypeError) as e:
        raise ValueError("unknown special directive") from e


class _Concatenator:
    """NumPy's r_ and c_ on the device: ``r_[a, b, 0:3, 5]`` joins arrays,
    ranges (slices, a complex step ``nj`` meaning n points with the stop
    included) and scalars along one axis, each made at least `ndmin`-D; a
    leading string ``'axis[,ndmin[,trans1d]]'`` sets where. The dtype is the
    result type of the arrays' dtypes and the scalars themselves, as NumPy's.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.r_[xp.array([1, 2, 3]), 0, 0, xp.array([4, 5, 6])]
    array([1, 2, 3, 0, 0, 4, 5, 6])
    >>> xp.r_[-1:1:5j, 4]
    array([-1. , -0.5,  0. ,  0.5,  1. ,  4. ])
    >>> xp.c_[xp.array([1, 2, 3]), xp.array([4, 5, 6])]
    array([[1, 4],
           [2, 5],
           [3, 6]])
    >>> xp.r_["0,2", [1, 2, 3], [4, 5, 6]]
    array([[1, 2, 3],
           [4, 5, 6]])
    """

    def __init__(self, axis, ndmin, trans1d):
        self.axis, self.ndmin, self.trans1d = axis, ndmin, trans1d

    def __getitem__(self, key):
        key = key if isinstance(key, tuple) else (key,)
        axis, ndmin, trans1d = self.axis, self.ndmin, self.trans1d
        # Directives first: their errors come before any device work.
        if any(isinstance(item, str) for item in key[1:]):
            raise ValueError("special directives must be the first entry.")
        if key and isinstance(key[0], str):
            axis, ndmin, trans1d = _directive(key[0], axis, ndmin, trans1d)
            key = key[1:]
        parts, kinds = [], []
        for item in key:
            if isinstance(item, slice):
                part = self._range(item)
                if ndmin > 1:
                    part = array(part, copy=None, ndmin=ndmin)
                    if trans1d != -1:
                        part = part.swapaxes(-1, trans1d)
                kinds.append(part.dtype)
            elif type(item) in numpy.ScalarType:
                part = item
                kinds.append(item)  # a Python scalar stays weak in the result type
            else:
                item_ndim = item.ndim if isinstance(item, ndarray) else numpy.ndim(item)
                part = array(item, copy=None, ndmin=ndmin)
                if trans1d != -1 and item_ndim < ndmin:
                    # NumPy's placement of the item's own axes among the new ones.
                    new = ndmin - item_ndim
                    first = trans1d + new + 1 if trans1d < 0 else trans1d
                    order = list(range(ndmin))
                    part = part.transpose(order[:first] + order[new:] + order[first:new])
                kinds.append(part.dtype)
            parts.append(part)
        if kinds:
            dtype = numpy.result_type(*kinds)
            parts = [array(p, copy=None, ndmin=ndmin, dtype=dtype) for p in parts]
        return concatenate(tuple(parts), axis=axis)

    @staticmethod
    def _range(item):
        start = 0 if item.start is None else item.start
        step = 1 if item.step is None else item.step
        if isinstance(step, (complex, numpy.complexfloating)):
            return linspace(start, item.stop, num=int(abs(step)))
        return arange(start, item.stop, step)

    def __len__(self):
        return 0


r_ = _Concatenator(axis=0, ndmin=1, trans1d=-1)
c_ = _Concatenator(axis=-1, ndmin=2, trans1d=0)
