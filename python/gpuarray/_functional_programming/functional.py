# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's functional programming helpers that call Python functions on
device arrays: apply_along_axis, apply_over_axes and piecewise, with NumPy's
loops (one Python call per slice, per axis or per condition; each call's
device work is the function's own). vectorize and frompyfunc compile Python
functions and come with gpuarray.jit (issue 29)."""
import collections.abc

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import zeros, zeros_like
from gpuarray._array_manipulation.axes import expand_dims, transpose
from gpuarray._core import ndarray
from gpuarray._ufunc.ufuncs import logical_not

__all__ = ["apply_along_axis", "apply_over_axes", "piecewise"]


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """Apply a function to 1-D slices along the given axis.

    ``func1d(a[i, ..., :, ..., j], *args, **kwargs)`` for every index of the
    other axes, the results assembled where the slices were.

    Parameters
    ----------
    func1d : function (M,) -> (Nj...)
        Called with each 1-D slice, a device array view; it returns an array
        (or a scalar) of the same shape for every slice.
    axis : int
        The axis the slices run along.
    arr : ndarray (Ni..., M, Nk...)
        The input (host data is copied to the device first).
    *args, **kwargs
        Passed on to `func1d`.

    Returns
    -------
    out : ndarray (Ni..., Nj..., Nk...)
        The results, `func1d`'s dimensions where `axis` was; the dtype of its
        first result.

    Raises
    ------
    ValueError
        If an axis other than `axis` has length 0 (there is no first slice to
        learn the result's shape from).
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    NumPy's loop: one Python call of `func1d` per slice, each result written
    into the output with one copy, so the time grows with the number of
    slices. A function that works on whole arrays (a reduction with
    ``axis=``) runs far faster.

    See Also
    --------
    apply_over_axes

    Examples
    --------
    >>> import gpuarray as xp
    >>> b = xp.array([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    >>> xp.apply_along_axis(lambda a: (a[0] + a[-1]) * 0.5, 0, b)
    array([4., 5., 6.])
    >>> xp.apply_along_axis(xp.sort, 1, xp.array([[3, 1, 2], [9, 7, 8]]))
    array([[1, 2, 3],
           [7, 8, 9]])
    >>> xp.apply_along_axis(xp.diag, -1, xp.array([[1, 2], [3, 4]]))
    array([[[1, 0],
            [0, 2]],
    <BLANKLINE>
           [[3, 0],
            [0, 4]]])
    """
    arr = asarray(arr)
    ndim = arr.ndim
    axis = normalize_axis_index(axis, ndim)
    others = [k for k in range(ndim) if k != axis]
    slices = transpose(arr, others + [axis])  # the slices along the last axis
    positions = iter(numpy.ndindex(slices.shape[:-1]))
    try:
        first = next(positions)
    except StopIteration:
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0") from None
    result = asarray(func1d(slices[first], *args, **kwargs))
    out = zeros(slices.shape[:-1] + result.shape, result.dtype)
    out[first] = result
    for position in positions:
        out[position] = asarray(func1d(slices[position], *args, **kwargs))
    # Back to the input's axis order, the function's axes where `axis` was.
    kept = out.ndim - result.ndim
    return transpose(out, list(range(axis)) + list(range(kept, out.ndim)) + list(range(axis, kept)))


def apply_over_axes(func, a, axes):
    """Apply a function repeatedly over multiple axes.

    ``func(a, axis)`` for each axis in turn, each result the next input; a
    result that lost the axis gets it back with length 1.

    Parameters
    ----------
    func : function
        Called as ``func(array, axis)``; it returns an array of the same
        number of dimensions, or of one fewer.
    a : array_like
        The input (host data is copied to the device first).
    axes : int or sequence of ints
        The axes, in order (negative ones count from the end).

    Returns
    -------
    apply_over_axis : ndarray
        Of `a`'s number of dimensions.

    Raises
    ------
    ValueError
        If `func` returns an array of another number of dimensions.

    See Also
    --------
    apply_along_axis

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(24).reshape(2, 3, 4)
    >>> xp.apply_over_axes(xp.sum, a, [0, 2])
    array([[[ 60],
            [ 92],
            [124]]])
    """
    value = asarray(a)
    ndim = value.ndim
    for axis in ((axes,) if numpy.ndim(axes) == 0 else axes):
        if axis < 0:
            axis = ndim + axis
        result = func(value, axis)
        if result.ndim != value.ndim:
            result = expand_dims(result, axis)
            if result.ndim != value.ndim:
                raise ValueError("function is not returning an array of the correct shape")
        value = result
    return value


def piecewise(x, condlist, funclist, *args, **kw):
    """Evaluate a piecewise-defined function.

    Where ``condlist[i]`` holds, the result is ``funclist[i](x)`` (or the
    constant ``funclist[i]``); with one more function than conditions, the
    last applies where no condition holds; elsewhere the result is 0.

    Parameters
    ----------
    x : ndarray or scalar
        The input domain (host data is copied to the device first).
    condlist : list of bool arrays or bool scalars
        One condition per piece, each of `x`'s shape; a single condition may
        be given without the list.
    funclist : list of callables or scalars
        One per condition (plus an optional default): a function called with
        the elements of `x` where its condition holds (and `*args`,
        `**kw`), returning as many values, or a constant.
    *args, **kw
        Passed on to the functions.

    Returns
    -------
    out : ndarray
        Of `x`'s shape and dtype; later pieces overwrite earlier ones where
        conditions overlap.

    Raises
    ------
    ValueError
        If the number of functions is neither the number of conditions nor
        one more.

    Notes
    -----
    NumPy's loop: per piece, a boolean-mask gather of `x` (which reads the
    count back to the host), one call, a masked write.

    See Also
    --------
    select, where

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.linspace(-2.5, 2.5, 6)
    >>> xp.piecewise(x, [x < 0, x >= 0], [-1, 1])
    array([-1., -1., -1.,  1.,  1.,  1.])
    >>> xp.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v])
    array([2.5, 1.5, 0.5, 0.5, 1.5, 2.5])
    >>> xp.piecewise(x, [x < -1, x > 1], [0, 5, lambda v: v * 10])
    array([ 0.,  0., -5.,  5.,  5.,  5.])
    """
    x = asarray(x)
    n_functions = len(funclist)
    # One condition given bare (NumPy's test: its items are not arrays or lists).
    if isinstance(condlist, ndarray):
        bare = condlist.ndim <= 1
    else:
        bare = numpy.isscalar(condlist) or not isinstance(condlist[0], (list, ndarray, numpy.ndarray))
    if numpy.isscalar(condlist) or (bare and x.ndim != 0):
        condlist = [condlist]
    conditions = [asarray(c).astype(bool, copy=False) for c in condlist]
    n = len(conditions)
    if n == n_functions - 1:
        if n:
            otherwise = conditions[0]
            for c in conditions[1:]:
                otherwise = otherwise | c
            conditions.append(logical_not(otherwise))
        else:
            conditions.append(asarray(numpy.ones(x.shape, dtype=bool)))
        n += 1
    elif n != n_functions:
        raise ValueError(f"with {n} condition(s), either {n} or {n + 1} functions are expected")
    y = zeros_like(x)
    for condition, function in zip(conditions, funclist):
        if not isinstance(function, collections.abc.Callable):
            y[condition] = function
            continue
        values = x[condition]
        if values.size > 0:
            y[condition] = function(values, *args, **kw)
    return y
