# SPDX-License-Identifier: BSD-3-Clause
"""numpy.ma's functions that take any array: the reductions as functions
(``xp.ma.sum(a)`` is ``xp.ma.asarray(a).sum()``), filled, compressed,
harden_mask, soften_mask, joining (concatenate, stack, vstack, hstack),
where and apply_along_axis."""
import builtins

import numpy

from gpuarray.ma import _namespace as ns
from gpuarray.ma._core import MaskedArray, masked, nomask
from gpuarray.ma._creation import asarray
from gpuarray.ma._masks import getmaskarray
from gpuarray.ma._operations import _union, _wrap

__all__ = ["sum", "prod", "product", "mean", "var", "std", "min", "max", "amin", "amax", "argmin", "argmax", "any",
           "all", "count", "ptp", "cumsum", "cumprod", "anom", "anomalies", "trace", "filled", "compressed",
           "harden_mask", "soften_mask", "concatenate", "stack", "vstack", "hstack", "where", "apply_along_axis"]

_EXAMPLE = numpy.ma.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], mask=[[0, 1, 0], [1, 1, 1]])


def _from_method(name, method):
    """The function `name` of numpy.ma: asarray(a).<method>(*args, **kwargs). Its example's
    output is NumPy's own, computed here on the host, so the device doctest compares."""
    def function(a, *args, **kwargs):
        return getattr(asarray(a), method)(*args, **kwargs)
    function.__name__ = function.__qualname__ = name
    function.__module__ = __name__
    numpys = repr(getattr(numpy.ma, name)(_EXAMPLE, axis=1)).replace("\n", "\n    ")
    function.__doc__ = f"""MaskedArray.{method} of `a` as a function (numpy.ma.{name}).

    Parameters
    ----------
    a : array_like
        The values (masked or not).
    *args
        MaskedArray.{method}'s positional arguments (axis first).
    **kwargs
        MaskedArray.{method}'s keyword arguments.

    Returns
    -------
    MaskedArray or ndarray
        As MaskedArray.{method}: masked where a whole slice was masked; a
        0-d MaskedArray for a reduction over every axis.

    See Also
    --------
    numpy.ma.{name}, MaskedArray.{method}

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ma.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], mask=[[0, 1, 0], [1, 1, 1]])
    >>> xp.ma.{name}(a, axis=1).get()
    {numpys}
    """
    return function


sum = _from_method("sum", "sum")
prod = _from_method("prod", "prod")
product = _from_method("product", "prod")
mean = _from_method("mean", "mean")
var = _from_method("var", "var")
std = _from_method("std", "std")
min = _from_method("min", "min")
max = _from_method("max", "max")
amin = _from_method("amin", "min")
amax = _from_method("amax", "max")
argmin = _from_method("argmin", "argmin")
argmax = _from_method("argmax", "argmax")
any = _from_method("any", "any")
all = _from_method("all", "all")
count = _from_method("count", "count")
ptp = _from_method("ptp", "ptp")
cumsum = _from_method("cumsum", "cumsum")
cumprod = _from_method("cumprod", "cumprod")
anom = _from_method("anom", "anom")
anomalies = _from_method("anomalies", "anom")


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """The sum of the unmasked elements of a diagonal.

    Parameters
    ----------
    a : array_like
        The values (at least 2-D).
    offset : int, optional
        The diagonal's offset from the main one.
    axis1, axis2 : int, optional
        The axes of the diagonal's 2-D sub-arrays.
    dtype : dtype, optional
        The sum's dtype.
    out : None
        Must be None.

    Returns
    -------
    MaskedArray

    See Also
    --------
    numpy.ma.trace

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ma.array([[1.0, 2.0], [3.0, 4.0]], mask=[[0, 0], [0, 1]])
    >>> xp.ma.trace(a).get()
    masked_array(data=1.0,
                 mask=False,
           fill_value=1e+20)
    """
    return asarray(a).trace(offset, axis1, axis2, dtype, out)


def filled(a, fill_value=None):
    """The data of `a` with masked elements replaced by `fill_value`; a device array.

    Parameters
    ----------
    a : array_like
        The values (masked or not: plain arrays are returned as they are).
    fill_value : scalar, optional
        The replacement (the array's fill value when None).

    Returns
    -------
    ndarray

    See Also
    --------
    MaskedArray.filled, compressed

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.filled(xp.ma.array([1, 2, 3], mask=[0, 1, 0]), -1)
    array([ 1, -1,  3])
    """
    if isinstance(a, MaskedArray):
        return a.filled(fill_value)
    return a if isinstance(a, ns.xp.ndarray) else ns.xp.asarray(a)


def compressed(x):
    """The unmasked elements of `x` as a 1-D device array.

    Parameters
    ----------
    x : array_like
        The values.

    Returns
    -------
    ndarray

    See Also
    --------
    MaskedArray.compressed, filled

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.compressed(xp.ma.array([[1, 2], [3, 4]], mask=[[0, 1], [1, 0]]))
    array([1, 4])
    """
    return asarray(x).compressed()


def harden_mask(a):
    """Make the mask of `a` hard (assignments keep masked elements); returns `a`.

    Parameters
    ----------
    a : MaskedArray
        The array.

    Returns
    -------
    MaskedArray
        `a` itself.

    See Also
    --------
    soften_mask

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ma.harden_mask(xp.ma.array([1, 2], mask=[1, 0]))
    >>> a[:] = 5
    >>> a.get()
    masked_array(data=[--, 5],
                 mask=[ True, False],
           fill_value=999999)
    """
    return a.harden_mask()


def soften_mask(a):
    """Make the mask of `a` soft (assignments unmask); returns `a`.

    Parameters
    ----------
    a : MaskedArray
        The array.

    Returns
    -------
    MaskedArray
        `a` itself.

    See Also
    --------
    harden_mask

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ma.soften_mask(xp.ma.array([1, 2], mask=[1, 0], hard_mask=True))
    >>> a.hardmask
    False
    """
    return a.soften_mask()


def _joined(function, arrays, axis):
    arrays = [a if isinstance(a, MaskedArray) else MaskedArray(a) for a in arrays]
    data = ns.xp.asarray(function([a._data for a in arrays], axis=axis))
    if builtins.all(a._mask is nomask for a in arrays):
        mask = nomask
    else:
        mask = ns.xp.asarray(function([getmaskarray(a) for a in arrays], axis=axis))
    return _wrap(data, mask, arrays[0] if arrays else None)


def concatenate(arrays, axis=0):
    """Masked arrays joined along an existing axis, masks with them.

    Parameters
    ----------
    arrays : sequence of array_like
        The arrays (masked or not), of equal shapes but along `axis`.
    axis : int, optional
        The axis to join along (None: flattened first).

    Returns
    -------
    MaskedArray

    See Also
    --------
    stack, numpy.ma.concatenate

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.concatenate([xp.ma.array([1, 2], mask=[0, 1]), xp.arange(2)]).get()
    masked_array(data=[1, --, 0, 1],
                 mask=[False,  True, False, False],
           fill_value=999999)
    """
    return _joined(ns.xp.concatenate, arrays, axis)


def stack(arrays, axis=0):
    """Masked arrays joined along a new axis, masks with them.

    Parameters
    ----------
    arrays : sequence of array_like
        The arrays (masked or not), of one shape.
    axis : int, optional
        The new axis's position.

    Returns
    -------
    MaskedArray

    See Also
    --------
    concatenate, vstack, hstack

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.stack([xp.ma.array([1, 2], mask=[0, 1]), xp.arange(2)]).mask
    array([[False,  True],
           [False, False]])
    """
    return _joined(ns.xp.stack, arrays, axis)


def vstack(tup):
    """Masked arrays stacked as rows (1-D arrays become rows).

    Parameters
    ----------
    tup : sequence of array_like
        The arrays (masked or not).

    Returns
    -------
    MaskedArray

    See Also
    --------
    hstack, stack

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.vstack([xp.ma.array([1, 2], mask=[0, 1]), xp.arange(2)]).shape
    (2, 2)
    """
    arrays = [asarray(a) for a in tup]
    arrays = [a.reshape(1, -1) if a.ndim < 2 else a for a in arrays]
    return concatenate(arrays, axis=0)


def hstack(tup):
    """Masked arrays joined along their second axis (the first for 1-D ones).

    Parameters
    ----------
    tup : sequence of array_like
        The arrays (masked or not).

    Returns
    -------
    MaskedArray

    See Also
    --------
    vstack, concatenate

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.hstack([xp.ma.array([1, 2], mask=[0, 1]), xp.arange(2)]).shape
    (4,)
    """
    arrays = [asarray(a) for a in tup]
    arrays = [a.reshape(1) if a.ndim == 0 else a for a in arrays]
    return concatenate(arrays, axis=0 if arrays and arrays[0].ndim == 1 else 1)


def where(condition, x=None, y=None):
    """`x` where `condition` is True, `y` elsewhere; masked where the chosen element is
    masked or `condition` is.

    Parameters
    ----------
    condition : array_like
        Booleans (masked or not).
    x, y : array_like
        The values (masked or not; ``masked`` masks every element it gives).

    Returns
    -------
    MaskedArray

    Raises
    ------
    ValueError
        If only one of `x` and `y` is given (the one-argument form is not supported).

    See Also
    --------
    numpy.ma.where

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ma.array([1, 2, 3], mask=[0, 1, 0])
    >>> xp.ma.where(a > 1, a, 0).get()
    masked_array(data=[0, --, 3],
                 mask=[False,  True, False],
           fill_value=999999)
    """
    if x is None or y is None:
        raise ValueError("Must provide both 'x' and 'y' or neither.")
    condition = condition if isinstance(condition, MaskedArray) else MaskedArray(condition)
    xd = ns.xp.zeros((), numpy.float64) if x is masked else (x._data if isinstance(x, MaskedArray) else x)
    yd = ns.xp.zeros((), numpy.float64) if y is masked else (y._data if isinstance(y, MaskedArray) else y)
    cond = condition.filled(False).astype(numpy.bool_, copy=False)
    data = ns.xp.asarray(ns.xp.where(cond, xd, yd))
    xm = ns.xp.ones((), numpy.bool_) if x is masked else (x._mask if isinstance(x, MaskedArray) else nomask)
    ym = ns.xp.ones((), numpy.bool_) if y is masked else (y._mask if isinstance(y, MaskedArray) else nomask)
    chosen = nomask
    if xm is not nomask or ym is not nomask:
        chosen = ns.xp.where(cond, ns.xp.zeros((), numpy.bool_) if xm is nomask else xm,
                             ns.xp.zeros((), numpy.bool_) if ym is nomask else ym)
    return _wrap(data, _union(data.shape, chosen, condition._mask), None)


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """`func1d` applied to each 1-D slice of `arr` along `axis` (a Python loop over slices).

    Parameters
    ----------
    func1d : callable
        Takes a 1-D MaskedArray; returns a scalar or an array (masked or not).
    axis : int
        The axis the slices run along.
    arr : array_like
        The values (masked or not).
    *args
        More positional arguments for `func1d`.
    **kwargs
        Keyword arguments for `func1d`.

    Returns
    -------
    MaskedArray
        The results stacked: shape ``arr.shape`` with `axis` replaced by the
        results' shape.

    Notes
    -----
    One call of `func1d` per slice, as NumPy's; each result stays on the device.

    See Also
    --------
    numpy.ma.apply_along_axis

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ma.array([[1, 2, 3], [4, 5, 6]], mask=[[0, 1, 0], [0, 0, 0]])
    >>> xp.ma.apply_along_axis(lambda r: r.sum(), 1, a).get()
    masked_array(data=[4, 15],
                 mask=[False, False],
           fill_value=999999)
    """
    arr = asarray(arr)
    axis = axis if axis >= 0 else axis + arr.ndim
    if not 0 <= axis < arr.ndim:
        raise numpy.exceptions.AxisError(axis, arr.ndim)
    moved = arr.transpose(*[i for i in range(arr.ndim) if i != axis], axis)
    outer = moved.shape[:-1]
    rows = moved.reshape(-1, moved.shape[-1])
    if rows.shape[0] == 0:
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0")
    results = [asarray(func1d(rows[i], *args, **kwargs)) for i in range(rows.shape[0])]
    stacked = stack(results)
    out = stacked.reshape(outer + stacked.shape[1:])
    # The results' own axes take the place of `axis`, as NumPy's.
    order = list(range(len(outer)))
    inner = list(range(len(outer), out.ndim))
    return out.transpose(*(order[:axis] + inner + order[axis:]))
