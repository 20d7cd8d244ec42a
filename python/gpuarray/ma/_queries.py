# SPDX-License-Identifier: BSD-3-Clause
"""Questions about masked arrays: isMaskedArray (isMA, isarray), count_masked,
allequal, allclose, common_fill_value, set_fill_value, and the reductions
sometrue and alltrue."""
import numpy

from gpuarray.ma import _namespace as ns
from gpuarray.ma._core import MaskedArray, nomask
from gpuarray.ma._creation import asarray
from gpuarray.ma._masks import getmaskarray
from gpuarray.ma._operations import _MASKED_UFUNCS, _union

__all__ = ["isMaskedArray", "isMA", "isarray", "count_masked", "allequal", "allclose", "common_fill_value",
           "set_fill_value", "sometrue", "alltrue", "masked_singleton", "bool_"]

masked_singleton = numpy.ma.masked_singleton
bool_ = numpy.bool_
sometrue = _MASKED_UFUNCS["logical_or"].reduce
alltrue = _MASKED_UFUNCS["logical_and"].reduce


def isMaskedArray(x):
    """True when `x` is a gpuarray.ma.MaskedArray.

    Parameters
    ----------
    x : object
        Anything.

    Returns
    -------
    bool

    See Also
    --------
    is_masked, is_mask

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.isMaskedArray(xp.ma.array([1, 2])), xp.ma.isMaskedArray(xp.arange(2))
    (True, False)
    """
    return isinstance(x, MaskedArray)


isMA = isarray = isMaskedArray


def count_masked(arr, axis=None):
    """The number of masked elements (along `axis`).

    Parameters
    ----------
    arr : array_like
        The values (masked or not).
    axis : int, optional
        The axis to count along (None: all).

    Returns
    -------
    int or ndarray
        0 for an unmasked input; a device array otherwise.

    See Also
    --------
    MaskedArray.count

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.count_masked(xp.ma.array([[1, 2], [3, 4]], mask=[[0, 1], [1, 1]]), axis=0)
    array([1, 2])
    """
    mask = getmaskarray(arr)
    if isinstance(arr, MaskedArray) and arr._mask is nomask and axis is None:
        return 0
    return ns.xp.asarray(mask.sum(axis=axis))


def allequal(a, b, fill_value=True):
    """True when `a` and `b` are equal where neither is masked (masked elements count as
    equal with `fill_value` True, as unequal otherwise). Reads one value from the device.

    Parameters
    ----------
    a, b : array_like
        The arrays (masked or not).
    fill_value : bool, optional
        Whether masked elements count as equal.

    Returns
    -------
    bool

    See Also
    --------
    allclose

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ma.array([1, 2], mask=[0, 1])
    >>> xp.ma.allequal(a, xp.asarray([1, 5])), xp.ma.allequal(a, xp.asarray([1, 5]), fill_value=False)
    (True, False)
    """
    a, b = asarray(a), asarray(b)
    equal = ns.xp.equal(a._data, b._data)
    mask = _union(equal.shape, a._mask, b._mask)
    if mask is not nomask:
        if not fill_value:
            return False if bool(mask.any()) else bool(equal.all())
        equal = ns.xp.logical_or(equal, mask)
    return bool(ns.xp.all(equal))


def allclose(a, b, masked_equal=True, rtol=1e-05, atol=1e-08):
    """True when `a` and `b` are close (isclose's test) where neither is masked.

    Parameters
    ----------
    a, b : array_like
        The arrays (masked or not).
    masked_equal : bool, optional
        Whether masked elements count as close.
    rtol, atol : float, optional
        The tolerances.

    Returns
    -------
    bool
        One value read from the device.

    See Also
    --------
    allequal

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.allclose(xp.ma.array([1.0, 2.0], mask=[0, 1]), xp.asarray([1.0, 5.0]))
    True
    """
    a, b = asarray(a), asarray(b)
    close = ns.xp.isclose(a._data, b._data, rtol=rtol, atol=atol, equal_nan=False)
    # NumPy's rule for infinities: equal infinities are close, others not (isclose's too).
    mask = _union(close.shape, a._mask, b._mask)
    if mask is not nomask:
        if not masked_equal:
            return False if bool(mask.any()) else bool(close.all())
        close = ns.xp.logical_or(close, mask)
    return bool(ns.xp.all(close))


def common_fill_value(a, b):
    """The fill value of `a` and `b` when they are the same, else None.

    Parameters
    ----------
    a, b : MaskedArray
        The arrays.

    Returns
    -------
    scalar or None

    See Also
    --------
    set_fill_value

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.common_fill_value(xp.ma.array([1], fill_value=3), xp.ma.array([2], fill_value=3))
    np.int64(3)
    """
    t1, t2 = asarray(a).fill_value, asarray(b).fill_value
    return t1 if t1 == t2 else None


def set_fill_value(a, fill_value):
    """Set the fill value of a MaskedArray `a` (other inputs are left alone).

    Parameters
    ----------
    a : MaskedArray
        The array.
    fill_value : scalar
        The new fill value.

    Returns
    -------
    None

    See Also
    --------
    common_fill_value, MaskedArray.fill_value

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ma.array([1, 2], mask=[0, 1])
    >>> xp.ma.set_fill_value(a, -1)
    >>> a.filled()
    array([ 1, -1])
    """
    if isinstance(a, MaskedArray):
        a.fill_value = fill_value
