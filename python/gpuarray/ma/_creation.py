# SPDX-License-Identifier: BSD-3-Clause
"""Making masked arrays: masked_array, array, asarray, asanyarray; zeros, ones,
empty, arange and their _like forms (unmasked); masked_all, masked_all_like."""
import numpy

from gpuarray.ma import _namespace as ns
from gpuarray.ma._core import MaskedArray, nomask

__all__ = ["masked_array", "array", "asarray", "asanyarray", "zeros", "ones", "empty", "arange", "zeros_like",
           "ones_like", "empty_like", "masked_all", "masked_all_like"]


def masked_array(data=None, mask=nomask, dtype=None, copy=False, subok=True, ndmin=0, fill_value=None,
                 keep_mask=True, hard_mask=None, shrink=True, order=None):
    """A MaskedArray of `data` and `mask` (numpy.ma.masked_array).

    Parameters
    ----------
    data : array_like
        The values: device or host data, masked or plain.
    mask : bool or array_like, optional
        True where an element is masked.
    dtype : dtype, optional
        The data's dtype.
    copy : bool, optional
        Copy the data.
    subok : bool, optional
        Accepted for NumPy's signature.
    ndmin : int, optional
        The least number of dimensions.
    fill_value : scalar, optional
        The fill value.
    keep_mask : bool, optional
        Combine a masked input's mask with `mask`.
    hard_mask : bool, optional
        Make the mask hard.
    shrink : bool, optional
        Accepted for NumPy's signature.
    order : {'C', 'F', 'A', 'K'}, optional
        Memory order of copied data.

    Returns
    -------
    MaskedArray

    See Also
    --------
    MaskedArray, array

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.masked_array([1, 2, 3], mask=[0, 1, 0]).get()
    masked_array(data=[1, --, 3],
                 mask=[False,  True, False],
           fill_value=999999)
    """
    return MaskedArray(data, mask=mask, dtype=dtype, copy=copy, subok=subok, ndmin=ndmin, fill_value=fill_value,
                       keep_mask=keep_mask, hard_mask=hard_mask, shrink=shrink, order=order)


def array(data, dtype=None, copy=False, order=None, mask=nomask, fill_value=None, keep_mask=True, hard_mask=False,
          shrink=True, subok=True, ndmin=0):
    """A MaskedArray of `data` (numpy.ma.array: masked_array with another argument order).

    Parameters
    ----------
    data : array_like
        The values.
    dtype : dtype, optional
        The data's dtype.
    copy : bool, optional
        Copy the data.
    order : {'C', 'F', 'A', 'K'}, optional
        Memory order of copied data.
    mask : bool or array_like, optional
        True where an element is masked.
    fill_value : scalar, optional
        The fill value.
    keep_mask : bool, optional
        Combine a masked input's mask with `mask`.
    hard_mask : bool, optional
        Make the mask hard.
    shrink : bool, optional
        Accepted for NumPy's signature.
    subok : bool, optional
        Accepted for NumPy's signature.
    ndmin : int, optional
        The least number of dimensions.

    Returns
    -------
    MaskedArray

    See Also
    --------
    masked_array, asarray

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ma.array([[1.0, 2.0], [3.0, 4.0]], mask=[[0, 1], [0, 0]])
    >>> a.filled(0)
    array([[1., 0.],
           [3., 4.]])
    """
    return MaskedArray(data, mask=mask, dtype=dtype, copy=copy, subok=subok, ndmin=ndmin, fill_value=fill_value,
                       keep_mask=keep_mask, hard_mask=hard_mask, shrink=shrink, order=order)


def asarray(a, dtype=None, order=None):
    """`a` as a MaskedArray, without a copy where it already is one of `dtype`.

    Parameters
    ----------
    a : array_like
        The input.
    dtype : dtype, optional
        The data's dtype.
    order : {'C', 'F', 'A', 'K'}, optional
        Accepted for NumPy's signature.

    Returns
    -------
    MaskedArray

    See Also
    --------
    array, asanyarray

    Examples
    --------
    >>> import gpuarray as xp
    >>> m = xp.ma.asarray(xp.arange(3))
    >>> m.mask
    np.False_
    """
    if isinstance(a, MaskedArray) and (dtype is None or numpy.dtype(dtype) == a.dtype):
        return a
    return MaskedArray(a, dtype=dtype, keep_mask=True)


def asanyarray(a, dtype=None):
    """`a` as a MaskedArray (the same as `asarray`: there are no subclasses to keep).

    Parameters
    ----------
    a : array_like
        The input.
    dtype : dtype, optional
        The data's dtype.

    Returns
    -------
    MaskedArray

    See Also
    --------
    asarray

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.asanyarray([1, 2]).get()
    masked_array(data=[1, 2],
                 mask=False,
           fill_value=999999)
    """
    return asarray(a, dtype=dtype)


def _creation(name):
    def function(*args, **kwargs):
        return MaskedArray(getattr(ns.xp, name)(*args, **kwargs))
    function.__name__ = function.__qualname__ = name
    function.__module__ = __name__
    function.__doc__ = f"""gpuarray.{name} as an unmasked MaskedArray (numpy.ma.{name}).

    Parameters
    ----------
    *args
        gpuarray.{name}'s positional arguments.
    **kwargs
        gpuarray.{name}'s keyword arguments.

    Returns
    -------
    MaskedArray
        With ``nomask``.

    See Also
    --------
    gpuarray.{name}

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.{name}(3).shape
    (3,)
    """
    return function


zeros, ones, empty, arange = (_creation(n) for n in ("zeros", "ones", "empty", "arange"))

def _like(name):
    def function(a, *args, **kwargs):
        if isinstance(a, MaskedArray):
            mask = a._mask if a._mask is nomask else a._mask.copy()
            return MaskedArray._of(getattr(ns.xp, name)(a._data, *args, **kwargs), mask, like=a)
        return MaskedArray(getattr(ns.xp, name)(a, *args, **kwargs))
    function.__name__ = function.__qualname__ = name
    function.__module__ = __name__
    function.__doc__ = f"""gpuarray.{name} of `a`'s data as a MaskedArray with `a`'s mask (numpy.ma.{name}).

    Parameters
    ----------
    a : array_like
        The array (masked or not) whose shape and dtype are taken.
    *args
        gpuarray.{name}'s other positional arguments.
    **kwargs
        gpuarray.{name}'s keyword arguments.

    Returns
    -------
    MaskedArray
        With a copy of `a`'s mask (``nomask`` for plain arrays).

    See Also
    --------
    gpuarray.{name}

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.{name}(xp.ma.array([1, 2], mask=[0, 1])).mask
    array([False,  True])
    """
    return function


zeros_like, ones_like, empty_like = (_like(n) for n in ("zeros_like", "ones_like", "empty_like"))


def masked_all(shape, dtype=float):
    """A MaskedArray of `shape` with every element masked.

    Parameters
    ----------
    shape : int or tuple of int
        The shape.
    dtype : dtype, optional
        The dtype (float64 by default).

    Returns
    -------
    MaskedArray

    See Also
    --------
    masked_all_like

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.masked_all((2,), dtype=xp.int32).mask
    array([ True,  True])
    """
    return MaskedArray._of(ns.xp.empty(shape, dtype), ns.xp.ones(shape, numpy.bool_))


def masked_all_like(arr):
    """A MaskedArray of `arr`'s shape and dtype with every element masked.

    Parameters
    ----------
    arr : array_like
        The array whose shape and dtype are taken.

    Returns
    -------
    MaskedArray

    See Also
    --------
    masked_all

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.masked_all_like(xp.zeros(2)).mask
    array([ True,  True])
    """
    data = arr._data if isinstance(arr, MaskedArray) else ns.xp.asarray(arr)
    return masked_all(data.shape, data.dtype)
