# SPDX-License-Identifier: BSD-3-Clause
"""numpy.ma's shape and ordering functions: the MaskedArray methods as functions
(ravel, reshape, transpose, ...), expand_dims, atleast_1d/2d/3d, sort and
argsort (masked elements last), clip, shape, size, ndim."""
import numpy

from gpuarray.ma import _namespace as ns
from gpuarray.ma._core import MaskedArray, nomask
from gpuarray.ma._creation import asarray
from gpuarray.ma._masks import maximum_fill_value, minimum_fill_value
from gpuarray.ma._operations import _wrap

__all__ = ["ravel", "reshape", "transpose", "swapaxes", "squeeze", "repeat", "diagonal", "take", "copy", "clip",
           "expand_dims", "atleast_1d", "atleast_2d", "atleast_3d", "sort", "argsort", "shape", "size", "ndim"]

_EXAMPLE = numpy.ma.array([[1, 2, 3], [4, 5, 6]], mask=[[0, 1, 0], [0, 0, 0]])


def _from_method(name, args):
    """The function `name`: asarray(a).<name>(*args, **kwargs); its example's shape is
    NumPy's, computed here on the host."""
    def function(a, *args, **kwargs):
        return getattr(asarray(a), name)(*args, **kwargs)
    function.__name__ = function.__qualname__ = name
    function.__module__ = __name__
    call = ", ".join(["a", *map(repr, args)])
    numpys = getattr(numpy.ma, name)(_EXAMPLE, *args).shape
    function.__doc__ = f"""MaskedArray.{name} of `a` as a function: data and mask alike (numpy.ma.{name}).

    Parameters
    ----------
    a : array_like
        The values (masked or not).
    *args
        MaskedArray.{name}'s positional arguments.
    **kwargs
        MaskedArray.{name}'s keyword arguments.

    Returns
    -------
    MaskedArray

    See Also
    --------
    numpy.ma.{name}, MaskedArray.{name}

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ma.array([[1, 2, 3], [4, 5, 6]], mask=[[0, 1, 0], [0, 0, 0]])
    >>> xp.ma.{name}({call}).shape
    {numpys}
    """
    return function


ravel = _from_method("ravel", ())
reshape = _from_method("reshape", ((3, 2),))
transpose = _from_method("transpose", ())
swapaxes = _from_method("swapaxes", (0, 1))
squeeze = _from_method("squeeze", ())
repeat = _from_method("repeat", (2,))
diagonal = _from_method("diagonal", ())
take = _from_method("take", ([0, 2],))
copy = _from_method("copy", ())


def clip(a, a_min=None, a_max=None, out=None):
    """`a` limited to [a_min, a_max]; masked where `a` or a masked bound is.

    Parameters
    ----------
    a : array_like
        The values (masked or not).
    a_min, a_max : array_like, optional
        The bounds (None: no bound on that side).
    out : None
        Must be None.

    Returns
    -------
    MaskedArray

    See Also
    --------
    numpy.ma.clip, gpuarray.clip

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.clip(xp.ma.array([1, 5, 9], mask=[0, 1, 0]), 2, 8).get()
    masked_array(data=[2, --, 8],
                 mask=[False,  True, False],
           fill_value=999999)
    """
    if out is not None:
        raise TypeError("gpuarray.ma: clip(out=) is not supported")
    return asarray(a).clip(a_min, a_max)


def expand_dims(a, axis):
    """`a` with a length-one axis inserted at `axis` (data and mask).

    Parameters
    ----------
    a : array_like
        The values (masked or not).
    axis : int or tuple of int
        Where the new axes go.

    Returns
    -------
    MaskedArray

    See Also
    --------
    numpy.ma.expand_dims, squeeze

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.expand_dims(xp.ma.array([1, 2], mask=[0, 1]), 0).shape
    (1, 2)
    """
    a = asarray(a)
    mask = a._mask if a._mask is nomask else ns.xp.expand_dims(a._mask, axis)
    return MaskedArray._of(ns.xp.expand_dims(a._data, axis), mask, like=a)


def _at_least(ndim, arrays):
    out = []
    for a in arrays:
        a = asarray(a)
        if a.ndim < ndim:
            shape = {0: (1,) * ndim, 1: ((1, a.size) if ndim == 2 else (1, a.size, 1)),
                     2: a.shape + (1,)}[a.ndim]
            a = a.reshape(shape)
        out.append(a)
    return out[0] if len(out) == 1 else out


def atleast_1d(*arys):
    """Masked arrays of at least one dimension (0-d ones become 1-D).

    Parameters
    ----------
    *arys : array_like
        The arrays (masked or not).

    Returns
    -------
    MaskedArray or list of MaskedArray

    See Also
    --------
    atleast_2d, atleast_3d

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.atleast_1d(xp.ma.array(3.0)).shape
    (1,)
    """
    return _at_least(1, arys)


def atleast_2d(*arys):
    """Masked arrays of at least two dimensions (1-D ones become one row).

    Parameters
    ----------
    *arys : array_like
        The arrays (masked or not).

    Returns
    -------
    MaskedArray or list of MaskedArray

    See Also
    --------
    atleast_1d, atleast_3d

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.atleast_2d(xp.ma.array([1, 2], mask=[0, 1])).shape
    (1, 2)
    """
    return _at_least(2, arys)


def atleast_3d(*arys):
    """Masked arrays of at least three dimensions, as NumPy's atleast_3d adds axes.

    Parameters
    ----------
    *arys : array_like
        The arrays (masked or not).

    Returns
    -------
    MaskedArray or list of MaskedArray

    See Also
    --------
    atleast_1d, atleast_2d

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.atleast_3d(xp.ma.array([1, 2], mask=[0, 1])).shape
    (1, 2, 1)
    """
    return _at_least(3, arys)


def _sort_keys(a, endwith, fill_value):
    if fill_value is None:
        fill_value = minimum_fill_value(a) if endwith else maximum_fill_value(a)
    return a.filled(fill_value)


def argsort(a, axis=-1, kind=None, order=None, endwith=True, fill_value=None, stable=None):
    """The indices that sort `a` along `axis`, masked elements last (first with `endwith` False).

    Parameters
    ----------
    a : array_like
        The values (masked or not).
    axis : int or None, optional
        The axis (None: the flattened array).
    kind : str, optional
        Accepted for NumPy's signature (gpuarray's sort is stable).
    order : None
        Must be None (structured dtypes are not device dtypes).
    endwith : bool, optional
        Masked elements go last (True) or first.
    fill_value : scalar, optional
        The key of masked elements (the dtype's extreme when None).
    stable : bool, optional
        Accepted for NumPy's signature.

    Returns
    -------
    ndarray
        Integer indices (a device array).

    See Also
    --------
    sort, numpy.ma.argsort

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.argsort(xp.ma.array([3, 1, 2], mask=[0, 1, 0]))
    array([2, 0, 1])
    """
    if order is not None:
        raise ValueError("gpuarray.ma: argsort(order=) needs a structured dtype, which device arrays do not have")
    a = asarray(a)
    keys = _sort_keys(a, endwith, fill_value)
    if axis is None:
        keys = keys.ravel()
        axis = 0
    return ns.xp.argsort(keys, axis=axis, kind="stable")


def sort(a, axis=-1, kind=None, order=None, endwith=True, fill_value=None, stable=None):
    """`a` sorted along `axis`, masked elements (and their mask) last, or first.

    Parameters
    ----------
    a : array_like
        The values (masked or not).
    axis : int or None, optional
        The axis (None: the flattened array).
    kind : str, optional
        Accepted for NumPy's signature.
    order : None
        Must be None.
    endwith : bool, optional
        Masked elements go last (True) or first.
    fill_value : scalar, optional
        The key of masked elements (the dtype's extreme when None).
    stable : bool, optional
        Accepted for NumPy's signature.

    Returns
    -------
    MaskedArray
        A sorted copy.

    See Also
    --------
    argsort, numpy.ma.sort

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.sort(xp.ma.array([3, 1, 2], mask=[0, 1, 0])).get()
    masked_array(data=[2, 3, --],
                 mask=[False, False,  True],
           fill_value=999999)
    """
    a = asarray(a)
    if axis is None:
        a, axis = a.ravel(), 0
    indices = argsort(a, axis=axis, kind=kind, order=order, endwith=endwith, fill_value=fill_value)
    data = ns.xp.take_along_axis(a._data, indices, axis=axis)
    mask = nomask if a._mask is nomask else ns.xp.take_along_axis(a._mask, indices, axis=axis)
    return _wrap(data, mask, a)


def shape(obj):
    """The shape of `obj` (no device work).

    Parameters
    ----------
    obj : array_like
        A masked array or anything NumPy gives a shape.

    Returns
    -------
    tuple of int

    See Also
    --------
    size, ndim

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.shape(xp.ma.array([[1, 2, 3]]))
    (1, 3)
    """
    return tuple(obj.shape) if hasattr(obj, "shape") else numpy.shape(obj)


def size(obj, axis=None):
    """The number of elements of `obj` (along `axis`), masked ones included.

    Parameters
    ----------
    obj : array_like
        A masked array or anything NumPy gives a shape.
    axis : int, optional
        One axis's length instead.

    Returns
    -------
    int

    See Also
    --------
    shape, count

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.size(xp.ma.array([[1, 2, 3]], mask=[[0, 1, 0]]))
    3
    """
    dims = shape(obj)
    return int(numpy.prod(dims)) if axis is None else dims[axis]


def ndim(obj):
    """The number of dimensions of `obj`.

    Parameters
    ----------
    obj : array_like
        A masked array or anything NumPy gives a shape.

    Returns
    -------
    int

    See Also
    --------
    shape

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.ndim(xp.ma.array([[1, 2, 3]]))
    2
    """
    return len(shape(obj))
