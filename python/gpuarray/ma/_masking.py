# SPDX-License-Identifier: BSD-3-Clause
"""Masking by condition or value: masked_where, masked_equal and its kin,
masked_inside, masked_outside, masked_invalid, masked_values, fix_invalid.
The conditions are computed on the device."""
import numpy

from gpuarray.ma import _namespace as ns
from gpuarray.ma._core import MaskedArray, _fill_scalar, nomask
from gpuarray.ma._masks import make_mask
from gpuarray.ma._operations import _union

__all__ = ["masked_where", "masked_equal", "masked_not_equal", "masked_greater", "masked_greater_equal",
           "masked_less", "masked_less_equal", "masked_inside", "masked_outside", "masked_invalid", "masked_values",
           "fix_invalid"]


def _data(x):
    return x._data if isinstance(x, MaskedArray) else ns.xp.asarray(x)


def masked_where(condition, a, copy=True):
    """`a` masked where `condition` is True (and where `a` was masked).

    Parameters
    ----------
    condition : array_like
        Booleans of `a`'s shape (nonzero is True).
    a : array_like
        The values.
    copy : bool, optional
        Copy the data (default) or share it with `a`.

    Returns
    -------
    MaskedArray

    Raises
    ------
    IndexError
        If `condition` and `a` differ in shape.

    See Also
    --------
    masked_equal, masked_invalid

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(4)
    >>> xp.ma.masked_where(a > 1, a).get()
    masked_array(data=[0, 1, --, --],
                 mask=[False, False,  True,  True],
           fill_value=999999)
    """
    cond = make_mask(condition, shrink=False)
    a_shape = tuple(a.shape) if hasattr(a, "shape") else numpy.shape(a)
    if cond.shape and cond.shape != a_shape:
        raise IndexError(f"Inconsistent shape between the condition and the input (got {cond.shape} and {a_shape})")
    result = MaskedArray(a, copy=copy)
    result._mask = _union(result.shape, result._mask, cond)  # a new array: never `condition` itself
    return result


def _masked_by(compare, x, value, copy):
    result = masked_where(getattr(ns.xp, compare)(_data(x), _data(value)), x, copy=copy)
    return result


def masked_equal(x, value, copy=True):
    """`x` masked where it equals `value`; the fill value becomes `value`.

    Parameters
    ----------
    x : array_like
        The values.
    value : scalar
        The value to mask.
    copy : bool, optional
        Copy the data.

    Returns
    -------
    MaskedArray

    See Also
    --------
    masked_values, masked_where

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.masked_equal(xp.asarray([0, 1, 2, 1]), 1).get()
    masked_array(data=[0, --, 2, --],
                 mask=[False,  True, False,  True],
           fill_value=1)
    """
    result = _masked_by("equal", x, value, copy)
    result.fill_value = value
    return result


def _comparison_masking(name, compare, words):
    def function(x, value, copy=True):
        return _masked_by(compare, x, value, copy)
    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"""`x` masked where it is {words} `value`.

    Parameters
    ----------
    x : array_like
        The values.
    value : scalar
        The value compared with.
    copy : bool, optional
        Copy the data.

    Returns
    -------
    MaskedArray

    See Also
    --------
    masked_where, masked_equal

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.{name}(xp.arange(4), 2).mask
    {numpy.array2string(getattr(numpy.ma, name)(numpy.arange(4), 2).mask, separator=', ').join(['array(', ')'])}
    """
    return function


masked_not_equal = _comparison_masking("masked_not_equal", "not_equal", "not equal to")
masked_greater = _comparison_masking("masked_greater", "greater", "greater than")
masked_greater_equal = _comparison_masking("masked_greater_equal", "greater_equal", "greater than or equal to")
masked_less = _comparison_masking("masked_less", "less", "less than")
masked_less_equal = _comparison_masking("masked_less_equal", "less_equal", "less than or equal to")
for _f in (masked_not_equal, masked_greater, masked_greater_equal, masked_less, masked_less_equal):
    _f.__module__ = __name__


def _interval(v1, v2):
    return (v2, v1) if v2 < v1 else (v1, v2)


def masked_inside(x, v1, v2, copy=True):
    """`x` masked where v1 <= x <= v2 (the bounds in either order).

    Parameters
    ----------
    x : array_like
        The values.
    v1, v2 : scalar
        The interval's bounds (host scalars).
    copy : bool, optional
        Copy the data.

    Returns
    -------
    MaskedArray

    See Also
    --------
    masked_outside

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.masked_inside(xp.asarray([0.3, 1.5, -0.2]), 1, 0).mask
    array([ True, False, False])
    """
    low, high = _interval(v1, v2)
    d = _data(x)
    return masked_where(ns.xp.logical_and(ns.xp.greater_equal(d, low), ns.xp.less_equal(d, high)), x, copy=copy)


def masked_outside(x, v1, v2, copy=True):
    """`x` masked where x < v1 or x > v2 (the bounds in either order).

    Parameters
    ----------
    x : array_like
        The values.
    v1, v2 : scalar
        The interval's bounds (host scalars).
    copy : bool, optional
        Copy the data.

    Returns
    -------
    MaskedArray

    See Also
    --------
    masked_inside

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.masked_outside(xp.asarray([0.3, 1.5, -0.2]), 0, 1).mask
    array([False,  True,  True])
    """
    low, high = _interval(v1, v2)
    d = _data(x)
    return masked_where(ns.xp.logical_or(ns.xp.less(d, low), ns.xp.greater(d, high)), x, copy=copy)


def masked_invalid(a, copy=True):
    """`a` masked where it is NaN or infinite.

    Parameters
    ----------
    a : array_like
        The values.
    copy : bool, optional
        Copy the data.

    Returns
    -------
    MaskedArray

    See Also
    --------
    fix_invalid, masked_where

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.masked_invalid(xp.asarray([1.0, xp.nan, xp.inf])).mask
    array([False,  True,  True])
    """
    return masked_where(ns.xp.logical_not(ns.xp.isfinite(_data(a))), a, copy=copy)


def masked_values(x, value, rtol=1e-05, atol=1e-08, copy=True, shrink=True):
    """`x` masked where it is close to `value` (floats, isclose's test) or equal to it;
    the fill value becomes `value`.

    Parameters
    ----------
    x : array_like
        The values.
    value : scalar
        The value to mask.
    rtol, atol : float, optional
        isclose's tolerances (floating-point `x` only).
    copy : bool, optional
        Copy the data.
    shrink : bool, optional
        Accepted for NumPy's signature: the mask stays an array
        (Note [Shrinking masks] in gpuarray.ma._masks).

    Returns
    -------
    MaskedArray

    See Also
    --------
    masked_equal, isclose

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.masked_values(xp.asarray([1.0, 1.1, 2.0, 1.1, 3.0]), 1.1).get()
    masked_array(data=[1.0, --, 2.0, --, 3.0],
                 mask=[False,  True, False,  True, False],
           fill_value=1.1)
    """
    d = _data(x)
    if d.dtype.kind in "fc":
        condition = ns.xp.isclose(d, value, atol=atol, rtol=rtol)
    else:
        condition = ns.xp.equal(d, value)
    result = masked_where(condition, x, copy=copy)
    result.fill_value = value
    return result


def fix_invalid(a, mask=nomask, copy=True, fill_value=None):
    """`a` with NaN and infinite elements masked and their data replaced by the fill value.

    Parameters
    ----------
    a : array_like
        The values.
    mask : array_like, optional
        More elements to mask.
    copy : bool, optional
        Copy the data (default) or change `a`'s data in place.
    fill_value : scalar, optional
        The value written under the new mask (the array's fill value when None).

    Returns
    -------
    MaskedArray

    See Also
    --------
    masked_invalid

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.fix_invalid(xp.asarray([1.0, xp.nan, 2.0]), fill_value=0).data
    array([1., 0., 2.])
    """
    result = MaskedArray(a, mask=mask, copy=copy)
    invalid = ns.xp.logical_not(ns.xp.isfinite(result._data))
    result._mask = _union(result.shape, result._mask, invalid)
    value = result.fill_value if fill_value is None else fill_value
    fixed = ns.xp.where(invalid, _fill_scalar(value, result.dtype), result._data)
    if copy:
        result._data = ns.xp.asarray(fixed)
    else:
        result._data[...] = fixed
    return result
