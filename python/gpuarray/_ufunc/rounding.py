# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's rounding and clipping as compositions of ufuncs: fix, round
(around, ndarray.round) and clip (ndarray.clip), with NumPy 2's signatures,
result dtypes and values; and the argument rule that every composition of
ufuncs shares (_check, _asarray). Each step is one ufunc call (one kernel).
Arguments are gpuarray arrays or Python or NumPy scalars; NumPy arrays and
lists raise TypeError, as ufuncs do (nothing is uploaded implicitly). Where
NumPy turns a scalar into an array (asarray), a scalar becomes a 0-d device
array; results NumPy gives as scalars are 0-d arrays.

The other compositions of ufuncs: _math/special_values.py (sinc, nan_to_num),
_math/complex_numbers.py (real, imag, angle, iscomplex, ...) and _logic/comparisons.py
(isclose, allclose, array_equal, array_equiv)."""
import operator

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._base.dtypes import result_type
from gpuarray._core import ndarray
from gpuarray._ufunc.ufuncs import maximum, minimum, multiply, positive, rint, true_divide, trunc

__all__ = ["fix", "around", "round", "clip"]

_NoValue = numpy._NoValue  # NumPy's marker for an argument not given (clip(a, lo, hi, min=None) raises)


def _is_python_scalar(x):
    return isinstance(x, (int, float, complex)) and not isinstance(x, numpy.generic)


def _check(x):
    """`x` when it is a gpuarray array or a Python or NumPy scalar."""
    if isinstance(x, (ndarray, numpy.generic)) or _is_python_scalar(x):
        return x
    raise TypeError(f"unsupported operand type {type(x).__name__} "
                    "(gpuarray takes gpuarray arrays and Python or NumPy scalars)")


def _asarray(x):
    """NumPy's asarray of an argument: a scalar becomes a 0-d device array (strong, as NumPy's)."""
    return x if isinstance(x, ndarray) else asarray(_check(x))


# ------------------------------------------------------------------ rounding

def fix(x, out=None):
    """Round to the nearest integer towards zero, elementwise.

    Parameters
    ----------
    x : ndarray or scalar
        Values to round (a gpuarray array, or a Python or NumPy scalar).
    out : ndarray, optional
        Array to write the result into; of a shape `x` broadcasts to.

    Returns
    -------
    y : ndarray
        `x` truncated, of `x`'s dtype (integers and bools keep theirs); `out`
        if given. A scalar gives a 0-d device array.

    Raises
    ------
    TypeError
        If `x` is a list or a NumPy array (nothing is uploaded implicitly).

    Notes
    -----
    As in NumPy 2, this is the `trunc` ufunc: one kernel, nothing read back to
    the host.

    See Also
    --------
    trunc, rint, round, floor, ceil

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.fix(xp.array([2.1, 2.9, -2.1, -2.9]))
    array([ 2.,  2., -2., -2.])
    >>> xp.fix(xp.array([3, -3]))
    array([ 3, -3])
    """
    return trunc(x, out=out)


def _power_of_ten(n):
    # As NumPy: 10.0 multiplied n times, which differs from 10.0 ** n above 1e22 (inf from 309).
    p = 1.0
    for _ in range(min(n, 309)):
        p *= 10.0
    return p


def _round(self, decimals=0, out=None):
    """The array rounded to a number of decimals, halves to even, as NumPy's.

    Parameters
    ----------
    decimals : int, optional
        Decimal places (negative: to tens, hundreds, ...).
    out : ndarray, optional
        Where to write the result.

    Returns
    -------
    ndarray
        Of the array's dtype.

    See Also
    --------
    gpuarray.round, gpuarray.rint, gpuarray.floor

    Notes
    -----
    NumPy's algorithm, bit for bit: scale by ``10**decimals``, round to the
    nearest even integer, scale back, in the array's dtype (float64 for
    integers). Complex arrays round both parts.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.array([0.5, 1.5, 2.675]).round()
    array([0., 2., 3.])
    >>> xp.array([1234, 5678]).round(-2)
    array([1200, 5700])
    """
    decimals = operator.index(decimals)
    if out is not None:
        if not isinstance(out, ndarray):
            raise TypeError("out must be a gpuarray array")
        if out.size != self.size:
            raise ValueError("invalid output shape")
    if self.dtype.kind == "c":
        if out is None:
            out = empty(self.shape, self.dtype)
        elif out.dtype.kind != "c":
            raise TypeError("rounding a complex array needs a complex out")
        elif out.dtype != self.dtype:  # NumPy rounds the parts in the array's precision, then casts
            out[...] = _round(self, decimals)
            return out
        _round(self.real, decimals, out.real)
        _round(self.imag, decimals, out.imag)
        return out
    integer = self.dtype.kind in "iu"
    if decimals >= 0:
        if integer:
            return self.copy("K") if out is None else positive(self, out=out)
        if decimals == 0:
            return rint(self, out=out)
        scale, unscale = multiply, true_divide
    else:
        scale, unscale, decimals = true_divide, multiply, -decimals
    cast_back = integer and out is None
    if out is None:
        out = empty(self.shape, numpy.float64 if integer else self.dtype, order="F" if self.flags.fnc else "C")
    factor = _power_of_ten(decimals)  # a Python float: weak, so float16 and float32 stay so
    scale(self, factor, out=out)
    rint(out, out=out)
    unscale(out, factor, out=out)
    return out.astype(self.dtype) if cast_back else out


def around(a, decimals=0, out=None):
    """Round an array to the given number of decimals (an alias of `round`).

    Parameters
    ----------
    a : ndarray or scalar
        Values to round (a gpuarray array, or a Python or NumPy scalar).
    decimals : int, optional
        Number of decimal places (default 0); negative values round to tens,
        hundreds and so on, left of the decimal point.
    out : ndarray, optional
        Array to write the result into, with as many elements as `a`; complex
        if `a` is complex.

    Returns
    -------
    rounded_array : ndarray
        `a` rounded, of `a`'s dtype (bool gives float16), or `out` if given. A
        scalar gives a 0-d device array.

    Raises
    ------
    TypeError
        If `decimals` is not an integer, `a` is a list or a NumPy array, `out`
        is not a gpuarray array, `a` is complex and `out` is not, or `a` is
        boolean and `decimals` is not 0.
    ValueError
        If `out` does not have as many elements as `a`.

    Notes
    -----
    NumPy's algorithm, step for step: halves round to the nearest even value
    (`rint`), and for ``decimals != 0`` the values are multiplied by
    ``10**decimals`` (a power built by repeated multiplication, as NumPy's),
    rounded and divided back (divided, rounded and multiplied for negative
    `decimals`), in the array's dtype. The results are therefore NumPy's, such
    as 2.675 rounding to 2.67 because it is not exactly representable.
    Integers are copied for ``decimals >= 0`` and otherwise rounded in float64
    and cast back. Complex arrays round their real and imaginary parts
    separately. Each step is one kernel; nothing is read back to the host.

    See Also
    --------
    round, ndarray.round, rint, fix

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.around(xp.array([0.5, 1.5, 2.5, -0.5]))
    array([ 0.,  2.,  2., -0.])
    >>> xp.around(xp.array([1.234, 5.678]), 1)
    array([1.2, 5.7])
    >>> xp.around(xp.array([1234, 5678]), -2)
    array([1200, 5700])
    >>> xp.around(xp.array([1+2.5j, 0.5-1.5j]))
    array([1.+2.j, 0.-2.j])
    """
    return _round(_asarray(a), decimals, out)


def round(a, decimals=0, out=None):
    """Round an array to the given number of decimals.

    Parameters
    ----------
    a : ndarray or scalar
        Values to round (a gpuarray array, or a Python or NumPy scalar).
    decimals : int, optional
        Number of decimal places (default 0); negative values round to tens,
        hundreds and so on, left of the decimal point.
    out : ndarray, optional
        Array to write the result into, with as many elements as `a`; complex
        if `a` is complex.

    Returns
    -------
    rounded_array : ndarray
        `a` rounded, of `a`'s dtype (bool gives float16), or `out` if given. A
        scalar gives a 0-d device array.

    Raises
    ------
    TypeError
        If `decimals` is not an integer, `a` is a list or a NumPy array, `out`
        is not a gpuarray array, `a` is complex and `out` is not, or `a` is
        boolean and `decimals` is not 0.
    ValueError
        If `out` does not have as many elements as `a`.

    Notes
    -----
    NumPy's algorithm, step for step: halves round to the nearest even value
    (`rint`), and for ``decimals != 0`` the values are multiplied by
    ``10**decimals`` (a power built by repeated multiplication, as NumPy's),
    rounded and divided back (divided, rounded and multiplied for negative
    `decimals`), in the array's dtype. The results are therefore NumPy's, such
    as 2.675 rounding to 2.67 because it is not exactly representable.
    Integers are copied for ``decimals >= 0`` and otherwise rounded in float64
    and cast back. Complex arrays round their real and imaginary parts
    separately. Each step is one kernel; nothing is read back to the host.

    See Also
    --------
    around, ndarray.round, rint, fix

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.round(xp.array([0.5, 1.5, 2.5, -0.5]))
    array([ 0.,  2.,  2., -0.])
    >>> xp.round(xp.array([1.234, 5.678]), 1)
    array([1.2, 5.7])
    >>> xp.round(xp.array([1234, 5678]), -2)
    array([1200, 5700])
    >>> xp.round(xp.array([1+2.5j, 0.5-1.5j]))
    array([1.+2.j, 0.-2.j])
    """
    return _round(_asarray(a), decimals, out)


# ------------------------------------------------------------------ clip

def _clip(self, min=None, max=None, out=None, **kwargs):
    """The array's values limited to an interval: ``minimum(maximum(a, min), max)``.

    Parameters
    ----------
    min, max : scalar or array_like, optional
        The bounds (broadcast against the array); None leaves that side open.
    out : ndarray, optional
        Where to write the result.
    **kwargs
        The ufunc keywords `dtype`, `casting` and `where`.

    Returns
    -------
    ndarray
        The clipped array; NaN propagates from any operand.

    See Also
    --------
    gpuarray.clip, gpuarray.minimum, gpuarray.maximum

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.arange(6).clip(1, 4)
    array([1, 1, 2, 3, 4, 4])
    >>> xp.array([-2.0, 0.5, 3.0]).clip(max=1.0)
    array([-2. ,  0.5,  1. ])
    """
    if self.dtype.kind in "iu":
        # A Python int bound beyond the dtype's range clips nothing: dropped, not an OverflowError.
        info = numpy.iinfo(self.dtype)
        if type(min) is int and min <= info.min:
            min = None
        if type(max) is int and max >= info.max:
            max = None
    if min is None and max is None:
        return positive(self, out=out, **kwargs)
    if min is None:
        return minimum(self, max, out=out, **kwargs)
    if max is None:
        return maximum(self, min, out=out, **kwargs)
    # NumPy's clip ufunc computes in result_type(a, min, max) (Python scalar bounds
    # weak), which maximum then minimum may not reach pairwise: it is named.
    if kwargs.get("dtype") is None:
        kwargs["dtype"] = result_type(self, _check(min), _check(max))
    low = maximum(self, min, **kwargs)
    return minimum(low, max, out=low if out is None else out, **kwargs)


def clip(a, a_min=_NoValue, a_max=_NoValue, out=None, *, min=_NoValue, max=_NoValue, **kwargs):
    """Limit the values of an array to an interval.

    Values below the lower bound become the lower bound and values above the
    upper bound the upper bound; a bound of None leaves that side open.

    Parameters
    ----------
    a : ndarray or scalar
        Values to clip (a gpuarray array, or a Python or NumPy scalar).
    a_min : scalar or ndarray or None
        Lower bound; given together with `a_max` (positionally or not), or
        not at all when `min` and `max` are used.
    a_max : scalar or ndarray or None
        Upper bound; given together with `a_min`.
    out : ndarray, optional
        Array to write the result into.
    min : scalar or ndarray or None, optional
        Lower bound, NumPy 2's keyword form of `a_min`.
    max : scalar or ndarray or None, optional
        Upper bound, NumPy 2's keyword form of `a_max`.
    **kwargs
        The ufunc keywords ``dtype``, ``casting`` and ``where``.

    Returns
    -------
    clipped_array : ndarray
        `a` with its values limited to ``[min, max]``, in the result type of
        `a` and the bounds (Python scalar bounds do not widen it); `out` if
        given. A scalar `a` gives a 0-d device array.

    Raises
    ------
    TypeError
        If only one of `a_min` and `a_max` is given, or `a` or a bound is a
        list or a NumPy array.
    ValueError
        If `a_min` and `a_max` are given together with `min` or `max`.

    Notes
    -----
    Computed as ``minimum(maximum(a, min), max)``: two kernels, in the dtype
    NumPy's clip would use, with NaN propagating from `a` or from either
    bound. Nothing is read back to the host. With no bound at all the result
    is a copy of `a`. For an integer `a`, a Python int bound beyond the dtype's
    range clips nothing on that side instead of raising OverflowError.

    See Also
    --------
    ndarray.clip, maximum, minimum

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(10)
    >>> xp.clip(a, 1, 8)
    array([1, 1, 2, 3, 4, 5, 6, 7, 8, 8])
    >>> xp.clip(a, min=3)
    array([3, 3, 3, 3, 4, 5, 6, 7, 8, 9])
    >>> xp.clip(xp.array([1.0, xp.nan, 5.0]), 2, 4)
    array([ 2., nan,  4.])
    """
    if a_min is _NoValue and a_max is _NoValue:
        a_min, a_max = (None if bound is _NoValue else bound for bound in (min, max))
    elif a_min is _NoValue or a_max is _NoValue:
        raise TypeError("clip() takes a_min and a_max together (or min= and max= instead)")
    elif min is not _NoValue or max is not _NoValue:
        raise ValueError("clip() takes either a_min and a_max or min= and max=, not both")
    return _clip(_asarray(a), a_min, a_max, out=out, **kwargs)
