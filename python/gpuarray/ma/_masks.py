# SPDX-License-Identifier: BSD-3-Clause
"""Masks and their parts: getmask, getmaskarray, getdata, make_mask,
make_mask_none, mask_or, is_mask, is_masked, and the fill values
(default_fill_value, minimum_fill_value, maximum_fill_value).

Note [Shrinking masks]: NumPy replaces a mask that masks nothing by
``nomask`` when asked to shrink. For a device mask that needs its values on
the host, so gpuarray.ma shrinks host masks (lists, NumPy arrays) and keeps
device masks as they are: the elements masked are the same either way, only
``getmask`` may return an all-False array where NumPy returns ``nomask``."""
import numpy

from gpuarray.ma import _namespace as ns
from gpuarray.ma._core import MaskedArray, MaskType, _is_device, nomask

__all__ = ["getmask", "getmaskarray", "getdata", "make_mask", "make_mask_none", "mask_or", "is_mask", "is_masked",
           "default_fill_value", "minimum_fill_value", "maximum_fill_value", "make_mask_descr"]


def getmask(a):
    """The mask of `a`: its boolean device array, or ``nomask``.

    Parameters
    ----------
    a : array_like
        A MaskedArray or any array.

    Returns
    -------
    ndarray or nomask
        ``nomask`` for an unmasked input.

    See Also
    --------
    getmaskarray, getdata

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.getmask(xp.ma.array([1, 2], mask=[0, 1]))
    array([False,  True])
    >>> xp.ma.getmask(xp.arange(2))
    np.False_
    """
    return a._mask if isinstance(a, MaskedArray) else nomask


def getmaskarray(arr):
    """The mask of `arr` as a boolean device array of its shape (all False for ``nomask``).

    Parameters
    ----------
    arr : array_like
        A MaskedArray or any array.

    Returns
    -------
    ndarray
        A boolean device array.

    See Also
    --------
    getmask

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.getmaskarray(xp.ma.array([1, 2]))
    array([False, False])
    """
    mask = getmask(arr)
    if mask is nomask:
        shape = arr.shape if hasattr(arr, "shape") else numpy.shape(arr)
        return ns.xp.zeros(shape, MaskType)
    return mask


def getdata(a, subok=True):
    """The data of `a` as a device array (masked elements included).

    Parameters
    ----------
    a : array_like
        A MaskedArray, device array or host data.
    subok : bool, optional
        Accepted for NumPy's signature.

    Returns
    -------
    ndarray

    See Also
    --------
    getmask, MaskedArray.filled

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.getdata(xp.ma.array([1, 2], mask=[0, 1]))
    array([1, 2])
    """
    if isinstance(a, MaskedArray):
        return a._data
    return a if _is_device(a) else ns.xp.asarray(a)


def _shrunk(mask, shrink):
    """nomask for a host mask that masks nothing, when shrinking (Note [Shrinking masks])."""
    if shrink and not _is_device(mask) and not numpy.asarray(mask).any():
        return nomask
    return None


def make_mask(m, copy=False, shrink=True, dtype=MaskType):
    """A boolean device mask of `m` (nonzero is True), or ``nomask``.

    Parameters
    ----------
    m : array_like
        The mask's values; ``nomask`` gives ``nomask``.
    copy : bool, optional
        Copy a device mask that is already boolean.
    shrink : bool, optional
        Return ``nomask`` for a host `m` that masks nothing (Note [Shrinking masks]).
    dtype : dtype, optional
        Must be boolean.

    Returns
    -------
    ndarray or nomask

    Raises
    ------
    TypeError
        If `dtype` is not boolean (structured masks are not supported).

    See Also
    --------
    mask_or, make_mask_none

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.make_mask([0, 2, 0])
    array([False,  True, False])
    >>> xp.ma.make_mask([0, 0])
    np.False_
    """
    if numpy.dtype(dtype) != numpy.bool_:
        raise TypeError("gpuarray.ma: masks are boolean; structured mask dtypes are not supported")
    if m is nomask:
        return nomask
    if isinstance(m, MaskedArray):
        m = m.filled(True)
    shrunk = _shrunk(m, shrink)
    if shrunk is not None:
        return shrunk
    if _is_device(m):
        return m.astype(MaskType, copy=copy)
    return ns.xp.asarray(numpy.asarray(m).astype(MaskType))


def make_mask_none(newshape, dtype=None):
    """A boolean device mask of `newshape` masking nothing.

    Parameters
    ----------
    newshape : int or tuple of int
        The mask's shape.
    dtype : dtype, optional
        Must be None or boolean.

    Returns
    -------
    ndarray

    See Also
    --------
    make_mask

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.make_mask_none((2,))
    array([False, False])
    """
    if dtype is not None and numpy.dtype(dtype) != numpy.bool_:
        raise TypeError("gpuarray.ma: masks are boolean; structured mask dtypes are not supported")
    return ns.xp.zeros(newshape, MaskType)


def make_mask_descr(ndtype):
    """The mask dtype for data of `ndtype`: boolean (structured dtypes are not device dtypes).

    Parameters
    ----------
    ndtype : dtype
        The data's dtype.

    Returns
    -------
    numpy.dtype

    See Also
    --------
    make_mask

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.make_mask_descr(xp.float32)
    dtype('bool')
    """
    if numpy.dtype(ndtype).names:
        raise TypeError("gpuarray.ma: structured dtypes are not supported")
    return numpy.dtype(MaskType)


def mask_or(m1, m2, copy=False, shrink=True):
    """The union of two masks (``nomask`` stands for all False).

    Parameters
    ----------
    m1, m2 : array_like
        Masks of broadcastable shapes, or ``nomask``.
    copy : bool, optional
        Copy the mask returned when the other is ``nomask``.
    shrink : bool, optional
        Shrink host masks (Note [Shrinking masks]).

    Returns
    -------
    ndarray or nomask

    See Also
    --------
    make_mask

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.mask_or(xp.asarray([True, False]), xp.asarray([False, False]))
    array([ True, False])
    """
    if m1 is nomask or m1 is False:
        return make_mask(m2, copy=copy, shrink=shrink)
    if m2 is nomask or m2 is False:
        return make_mask(m1, copy=copy, shrink=shrink)
    a, b = make_mask(m1, shrink=False), make_mask(m2, shrink=False)
    return ns.xp.logical_or(a, b)


def is_mask(m):
    """True when `m` is a boolean array (a mask as make_mask gives).

    Parameters
    ----------
    m : object
        Anything.

    Returns
    -------
    bool

    See Also
    --------
    make_mask, is_masked

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.is_mask(xp.asarray([True, False]))
    True
    >>> xp.ma.is_mask(xp.asarray([1, 0]))
    False
    """
    dtype = getattr(m, "dtype", None)
    return dtype is not None and not isinstance(m, MaskedArray) and dtype.type is MaskType


def is_masked(x):
    """True when some element of `x` is masked (reads one value from the device).

    Parameters
    ----------
    x : array_like
        A MaskedArray or anything else (which has no masked elements).

    Returns
    -------
    bool

    See Also
    --------
    getmask, is_mask

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.is_masked(xp.ma.array([1, 2], mask=[0, 1]))
    True
    >>> xp.ma.is_masked(xp.arange(3))
    False
    """
    if x is numpy.ma.masked:
        return True
    mask = getmask(x)
    if mask is nomask:
        return False
    return bool(mask.any())


def _dtype_of(obj):
    if isinstance(obj, (MaskedArray,)) or _is_device(obj):
        return obj.dtype
    if isinstance(obj, numpy.dtype) or (isinstance(obj, type) and issubclass(obj, numpy.generic)):
        return numpy.dtype(obj)
    return numpy.asarray(obj).dtype


def default_fill_value(obj):
    """NumPy's default fill value for the dtype of `obj`: True, 999999, 1e20, 1e20+0j.

    Parameters
    ----------
    obj : array_like, dtype or scalar
        A device or host array, a dtype, or a value.

    Returns
    -------
    scalar
        A host scalar.

    See Also
    --------
    minimum_fill_value, maximum_fill_value

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.default_fill_value(xp.zeros(2, xp.float32))
    1e+20
    >>> xp.ma.default_fill_value(xp.int8)
    999999
    """
    return numpy.ma.default_fill_value(_dtype_of(obj))


def minimum_fill_value(obj):
    """The largest value of `obj`'s dtype (what `min` fills masked elements with).

    Parameters
    ----------
    obj : array_like or dtype
        A device or host array, or a dtype.

    Returns
    -------
    scalar

    See Also
    --------
    maximum_fill_value

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.minimum_fill_value(xp.zeros(2, xp.int8))
    127
    """
    return numpy.ma.minimum_fill_value(numpy.empty(0, _dtype_of(obj)))


def maximum_fill_value(obj):
    """The smallest value of `obj`'s dtype (what `max` fills masked elements with).

    Parameters
    ----------
    obj : array_like or dtype
        A device or host array, or a dtype.

    Returns
    -------
    scalar

    See Also
    --------
    minimum_fill_value

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.maximum_fill_value(xp.zeros(2, xp.float32))
    -inf
    """
    return numpy.ma.maximum_fill_value(numpy.empty(0, _dtype_of(obj)))
