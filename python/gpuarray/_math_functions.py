# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's elementwise functions that are compositions of ufuncs: fix, round
(around, ndarray.round), clip (ndarray.clip), sinc, nan_to_num, real, imag,
angle, iscomplexobj/isrealobj/iscomplex/isreal, isclose, and allclose, array_equal and array_equiv, with NumPy 2's
signatures, result dtypes and values. Each step is one ufunc call (one
kernel). Arguments are gpuarray arrays or Python or NumPy scalars; NumPy
arrays and lists raise TypeError, as ufuncs do (nothing is uploaded
implicitly). Where NumPy turns a scalar into an array (asarray), a scalar
becomes a 0-d device array; results NumPy gives as scalars are 0-d arrays."""
import operator
import warnings

import numpy

from gpuarray import _core
from gpuarray._broadcasting import broadcast_shapes
from gpuarray._core import ndarray
from gpuarray._creation import asarray, empty, ones, zeros
from gpuarray._dtypes import result_type
from gpuarray._ufuncs import (
    absolute, add, arctan2, bitwise_and, bitwise_or, equal, isfinite, isnan, less_equal, maximum, minimum,
    multiply, not_equal, positive, rint, sin, subtract, true_divide, trunc,
)

__all__ = ["fix", "around", "round", "clip", "sinc", "nan_to_num", "real", "imag", "angle", "iscomplexobj",
           "isrealobj", "iscomplex", "isreal", "isclose", "allclose", "array_equal", "array_equiv"]

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


def _fill_where(a, value, mask):
    """numpy.copyto(a, value, where=mask): `value` cast to a's dtype (same_kind)."""
    positive(value, out=a, where=mask, dtype=a.dtype)


def _all(mask):
    """A Python bool: the mask is reduced on the device, one byte comes back."""
    return bool(_core._reduce("all", mask, None, None, None, False, None, None, 0).get())


def _weak_or_ufunc(ufunc, op, *args):
    """`op` when every argument is a Python scalar (NumPy computes those in Python,
    so the result stays a weak scalar), the ufunc otherwise."""
    return op(*args) if all(map(_is_python_scalar, args)) else ufunc(*args)


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
    """ndarray.round: NumPy's algorithm, bit for bit. Integers are copied for
    decimals >= 0; otherwise multiply by 10**decimals, rint, divide (divide,
    rint, multiply for decimals < 0) in the array's dtype (float64 for integers,
    cast back); complex arrays round both parts; bool rounds to float16 with
    decimals=0 and raises otherwise."""
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
    """ndarray.clip: min(max(a, min), max) with NaN propagating from any operand;
    None leaves that side open (positive(a) with neither). Takes the ufunc
    keywords (dtype, casting, where)."""
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


# ------------------------------------------------------------------ special values, parts

def sinc(x):
    """Normalized sinc function, ``sin(pi x) / (pi x)``, elementwise.

    Parameters
    ----------
    x : ndarray or scalar
        Input values (a gpuarray array, or a Python or NumPy scalar).

    Returns
    -------
    out : ndarray
        ``sin(pi x) / (pi x)``, 1 where `x` is 0; float64 for integer and
        bool input. A scalar gives a 0-d device array.

    Raises
    ------
    TypeError
        If `x` is a list or a NumPy array.

    Notes
    -----
    Five kernels: ``pi * x``, a mask of its zeros, the zeros replaced by the
    dtype's machine epsilon (1e-20 for complex), the sine, and the division,
    so the value at 0 is exactly 1. NumPy replaces ``x == 0`` by 1e-20 before
    multiplying instead; the results are the same. The device's sine may
    differ from NumPy's in the last bits. Nothing is read back to the host.

    See Also
    --------
    sin, pi

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.round(xp.sinc(xp.array([0.0, 0.5, 1.5])), 6)
    array([ 1.      ,  0.63662 , -0.212207])
    >>> float(xp.sinc(xp.array(0.0)))
    1.0
    """
    y = multiply(numpy.pi, x)
    _fill_where(y, numpy.finfo(y.dtype).eps if y.dtype.kind == "f" else 1e-20, equal(y, 0))
    return true_divide(sin(y), y)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """Replace NaN and infinities with finite numbers.

    Parameters
    ----------
    x : ndarray or scalar
        Input values (a gpuarray array, or a Python or NumPy scalar).
    copy : bool, optional
        If True (default) work on a copy; if False a gpuarray array `x` is
        changed in place and returned.
    nan : int or float, optional
        Value for NaN (default 0.0).
    posinf : int or float, optional
        Value for positive infinity; by default the dtype's largest finite
        value.
    neginf : int or float, optional
        Value for negative infinity; by default the dtype's most negative
        finite value.

    Returns
    -------
    out : ndarray
        `x` with the replacements made, in the real and the imaginary part of
        complex values alike; `x` itself with ``copy=False``. Integer and bool
        arrays come back unchanged (copied unless ``copy=False``). A scalar
        gives a 0-d device array (NumPy returns a scalar).

    Raises
    ------
    TypeError
        If `x` is a list or a NumPy array.

    Notes
    -----
    For each real part the three masks (NaN, +inf, -inf) are computed first
    and the three replacements then written through them, each a kernel; the
    replacement values are cast to the dtype with ``same_kind`` casting.
    Nothing is read back to the host.

    See Also
    --------
    isnan, isinf, isfinite

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([xp.nan, xp.inf, -xp.inf, 1.0])
    >>> xp.nan_to_num(x)
    array([ 0.00000000e+000,  1.79769313e+308, -1.79769313e+308,
            1.00000000e+000])
    >>> xp.nan_to_num(x, nan=-1.0, posinf=9.0, neginf=-9.0)
    array([-1.,  9., -9.,  1.])
    """
    x = (x.copy("K") if copy else x) if isinstance(x, ndarray) else _asarray(x)
    if x.dtype.kind not in "fc":
        return x
    info = numpy.finfo(x.dtype)
    values = (nan, info.max if posinf is None else posinf, info.min if neginf is None else neginf)
    for part in (x.real, x.imag) if x.dtype.kind == "c" else (x,):
        masks = isnan(part), equal(part, numpy.inf), equal(part, -numpy.inf)  # all before any is replaced
        for value, mask in zip(values, masks):
            _fill_where(part, value, mask)
    return x


def real(val):
    """Return the real part of the argument.

    Parameters
    ----------
    val : ndarray or scalar
        A gpuarray array, or a Python or NumPy scalar.

    Returns
    -------
    out : ndarray or scalar
        For a complex array, a view of its real parts (writing to it changes
        `val`); for a real array, the array itself; for a scalar, its
        ``.real``.

    Raises
    ------
    TypeError
        If `val` is a list or a NumPy array (NumPy converts those).

    Notes
    -----
    No kernel runs and nothing is copied.

    See Also
    --------
    imag, angle, iscomplexobj

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.real(xp.array([1+2j, 3-4j]))
    array([1., 3.])
    >>> xp.real(3+4j)
    3.0
    """
    return _check(val).real


def imag(val):
    """Return the imaginary part of the argument.

    Parameters
    ----------
    val : ndarray or scalar
        A gpuarray array, or a Python or NumPy scalar.

    Returns
    -------
    out : ndarray or scalar
        For a complex array, a view of its imaginary parts (writing to it
        changes `val`); for a real array, read-only zeros of its shape and
        dtype; for a scalar, its ``.imag``.

    Raises
    ------
    TypeError
        If `val` is a list or a NumPy array (NumPy converts those).

    Notes
    -----
    For a complex array no kernel runs and nothing is copied.

    See Also
    --------
    real, angle, iscomplexobj

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.imag(xp.array([1+2j, 3-4j]))
    array([ 2., -4.])
    >>> xp.imag(xp.array([1.0, 2.0]))
    array([0., 0.])
    """
    return _check(val).imag


def iscomplexobj(x):
    """Check whether the argument has a complex dtype.

    Parameters
    ----------
    x : any
        A gpuarray array, scalar, or anything NumPy can make an array of.

    Returns
    -------
    iscomplexobj : bool
        True if the dtype of `x` is complex, whatever its values.

    Notes
    -----
    Only the dtype is looked at: nothing runs on or is read from the device.
    An object without a NumPy dtype (a list, say) is converted on the host
    with ``numpy.asarray`` to find one, as NumPy does.

    See Also
    --------
    isrealobj, iscomplex, isreal

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.iscomplexobj(xp.array([1.0, 2.0]))
    False
    >>> xp.iscomplexobj(xp.array([1+0j]))
    True
    >>> xp.iscomplexobj(1j)
    True
    """
    dtype = getattr(x, "dtype", None)
    return (dtype if isinstance(dtype, numpy.dtype) else numpy.asarray(x).dtype).kind == "c"


def isrealobj(x):
    """Check whether the argument has a dtype that is not complex.

    Parameters
    ----------
    x : any
        A gpuarray array, scalar, or anything NumPy can make an array of.

    Returns
    -------
    isrealobj : bool
        False if the dtype of `x` is complex, True otherwise, whatever its
        values.

    Notes
    -----
    The negation of `iscomplexobj`: only the dtype is looked at, nothing runs
    on or is read from the device.

    See Also
    --------
    iscomplexobj, isreal, iscomplex

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.isrealobj(xp.array([1+0j]))
    False
    >>> xp.isrealobj(3.0)
    True
    """
    return not iscomplexobj(x)


def iscomplex(x):
    """Test elementwise for a non-zero imaginary part.

    Parameters
    ----------
    x : ndarray or scalar
        A gpuarray array, or a Python or NumPy scalar.

    Returns
    -------
    out : ndarray of bool
        True where the imaginary part is not zero; all False for a dtype that
        is not complex. A scalar gives a 0-d device array (NumPy returns a
        scalar).

    Raises
    ------
    TypeError
        If `x` is a list or a NumPy array.

    Notes
    -----
    One kernel; nothing is read back to the host.

    See Also
    --------
    isreal, iscomplexobj, imag

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.iscomplex(xp.array([1+1j, 1+0j, 4.5, 3, 2, 2j]))
    array([ True, False, False, False, False,  True])
    >>> xp.iscomplex(xp.array([1, 2]))
    array([False, False])
    """
    x = _asarray(x)
    return not_equal(x.imag, 0) if x.dtype.kind == "c" else zeros(x.shape, numpy.bool_)


def isreal(x):
    """Test elementwise for a zero imaginary part.

    Parameters
    ----------
    x : ndarray or scalar
        A gpuarray array, or a Python or NumPy scalar.

    Returns
    -------
    out : ndarray of bool
        True where the imaginary part is zero; all True for a dtype that is
        not complex. A scalar gives a 0-d device array (NumPy returns a
        scalar).

    Raises
    ------
    TypeError
        If `x` is a list or a NumPy array.

    Notes
    -----
    One kernel; nothing is read back to the host.

    See Also
    --------
    iscomplex, isrealobj, real

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.isreal(xp.array([1+1j, 1+0j, 4.5, 3, 2, 2j]))
    array([False,  True,  True,  True,  True, False])
    >>> xp.isreal(xp.array([1, 2]))
    array([ True,  True])
    """
    x = _asarray(x)
    return equal(x.imag, 0) if x.dtype.kind == "c" else ones(x.shape, numpy.bool_)


def angle(z, deg=False):
    """Return the angle of complex numbers, elementwise.

    The angle is measured counterclockwise from the positive real axis, in
    ``(-pi, pi]`` (in radians by default).

    Parameters
    ----------
    z : ndarray or scalar
        A gpuarray array, or a Python or NumPy scalar; real values are
        complex numbers with a zero imaginary part.
    deg : bool, optional
        If True give degrees instead of radians (default False).

    Returns
    -------
    angle : ndarray
        ``arctan2(z.imag, z.real)``; for real `z` ``arctan2(0, z)``, which is
        pi for negative values and -0.0. The dtype is arctan2's, as in
        NumPy: float16 for 8-bit integers, float32 for 16-bit ones.

    Raises
    ------
    TypeError
        If `z` is a list or a NumPy array.

    Notes
    -----
    One `arctan2` kernel, and an in-place multiplication for ``deg=True``.
    The device's arctangent may differ from NumPy's in the last bits. Nothing
    is read back to the host.

    See Also
    --------
    arctan2, absolute, real, imag

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.round(xp.angle(xp.array([1.0, -1.0, 1j])), 6)
    array([0.      , 3.141593, 1.570796])
    >>> xp.round(xp.angle(xp.array([1+1j, -1j]), deg=True), 6)
    array([ 45., -90.])
    >>> xp.round(xp.angle(xp.array([-2, 3])), 6)
    array([3.141593, 0.      ])
    """
    z = _check(z)
    a = arctan2(z.imag, z.real) if iscomplexobj(z) else arctan2(0, z)
    if deg:
        a *= 180 / numpy.pi
    return a


# ------------------------------------------------------------------ comparisons

def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Test elementwise whether two arrays are equal within a tolerance.

    `a` is close to `b` where ``absolute(a - b) <= atol + rtol * absolute(b)``
    and `b` is finite, or where ``a == b`` (so infinities are close only to
    themselves). NaNs are close to nothing unless `equal_nan` is True.

    Parameters
    ----------
    a, b : ndarray or scalar
        Values to compare (gpuarray arrays, or Python or NumPy scalars); they
        must broadcast together.
    rtol : float or ndarray, optional
        Relative tolerance, scaled by ``absolute(b)`` (default 1e-05).
    atol : float or ndarray, optional
        Absolute tolerance (default 1e-08).
    equal_nan : bool, optional
        If True, a NaN in `a` is close to a NaN in `b` (default False).

    Returns
    -------
    y : ndarray of bool
        Whether `a` and `b` are close, elementwise, in their broadcast shape.
        Scalar arguments give a 0-d device array (NumPy returns a scalar).

    Raises
    ------
    TypeError
        If an argument is a list or a NumPy array.
    FloatingPointError
        If `rtol` or `atol` is not finite and ``numpy.seterr(invalid='raise')``
        is in force.

    Warns
    -----
    RuntimeWarning
        If `rtol` or `atol` is not finite and ``invalid='warn'`` (NumPy's
        default) is in force.

    Notes
    -----
    The test is not symmetric in `a` and `b`. As in NumPy 2, `b` is made
    inexact (``result_type(b, 1.0)``) and sets the precision of the test;
    `a` is left as it is. Each arithmetic step and comparison is one kernel
    (about ten in all); nothing is read back to the host. Tolerances given
    as device arrays are not checked for being finite, since that would need
    a reduction.

    See Also
    --------
    allclose, array_equal, equal

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.isclose(xp.array([1e10, 1e-7]), xp.array([1.00001e10, 1e-8]))
    array([ True, False])
    >>> xp.isclose(xp.array([1e-8, 1e-7]), xp.array([0.0, 0.0]))
    array([ True, False])
    >>> x = xp.array([1.0, xp.nan])
    >>> xp.isclose(x, x)
    array([ True, False])
    >>> xp.isclose(x, x, equal_nan=True)
    array([ True,  True])
    """
    x, y, atol, rtol = map(_check, (a, b, atol, rtol))
    if isinstance(y, (ndarray, numpy.generic)):
        y = y.astype(result_type(y, 1.0), copy=False)
    elif isinstance(y, int):
        y = float(y)
    # NumPy's check of the tolerances, honouring numpy.seterr(invalid=...);
    # tolerances given as device arrays are not checked (it would need a reduction).
    if not all(numpy.isfinite(t) for t in (atol, rtol) if not isinstance(t, ndarray)):
        message, mode = f"One of rtol or atol is not valid, atol: {atol}, rtol: {rtol}", numpy.geterr()["invalid"]
        if mode == "raise":
            raise FloatingPointError(message)
        if mode == "warn":
            warnings.warn(message, RuntimeWarning, stacklevel=2)
        elif mode == "print":
            print(message)
    distance = _weak_or_ufunc(absolute, abs, _weak_or_ufunc(subtract, operator.sub, x, y))
    scaled = _weak_or_ufunc(multiply, operator.mul, rtol, _weak_or_ufunc(absolute, abs, y))
    tolerance = _weak_or_ufunc(add, operator.add, atol, scaled)
    result = bitwise_or(bitwise_and(less_equal(distance, tolerance), isfinite(y)),
                        _weak_or_ufunc(equal, operator.eq, x, y))
    if equal_nan:
        bitwise_or(result, bitwise_and(isnan(x), isnan(y)), out=result)
    return result


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Test whether two arrays are equal within a tolerance everywhere.

    Parameters
    ----------
    a, b : ndarray or scalar
        Values to compare (gpuarray arrays, or Python or NumPy scalars); they
        must broadcast together.
    rtol : float or ndarray, optional
        Relative tolerance, scaled by ``absolute(b)`` (default 1e-05).
    atol : float or ndarray, optional
        Absolute tolerance (default 1e-08).
    equal_nan : bool, optional
        If True, NaNs in the same places are equal (default False).

    Returns
    -------
    allclose : bool
        True if `isclose` holds for every element, as a Python bool.

    Raises
    ------
    TypeError
        If an argument is a list or a NumPy array.
    FloatingPointError
        If `rtol` or `atol` is not finite and ``numpy.seterr(invalid='raise')``
        is in force.

    Warns
    -----
    RuntimeWarning
        If `rtol` or `atol` is not finite and ``invalid='warn'`` (NumPy's
        default) is in force.

    Notes
    -----
    The elementwise test is `isclose`'s, not symmetric in `a` and `b`. Its
    result is reduced on the device and one byte is read back to the host,
    which waits for the device to finish.

    See Also
    --------
    isclose, array_equal, array_equiv, all

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.allclose(xp.array([1e10, 1e-7]), xp.array([1.00001e10, 1e-8]))
    False
    >>> xp.allclose(xp.array([1e10, 1e-8]), xp.array([1.00001e10, 1e-9]))
    True
    >>> xp.allclose(xp.array([1.0, xp.nan]), xp.array([1.0, xp.nan]), equal_nan=True)
    True
    """
    return _all(isclose(a, b, rtol, atol, equal_nan))


def array_equal(a1, a2, equal_nan=False):
    """Test whether two arrays have the same shape and elements.

    Parameters
    ----------
    a1, a2 : ndarray or scalar
        Arrays to compare (gpuarray arrays, or Python or NumPy scalars, which
        become 0-d arrays).
    equal_nan : bool, optional
        If True, NaNs in the same places are equal (default False).

    Returns
    -------
    b : bool
        True if the shapes are the same and every pair of elements is equal,
        as a Python bool.

    Raises
    ------
    TypeError
        If an argument is a list or a NumPy array.

    Notes
    -----
    Different shapes give False on the host, without a kernel; with
    ``equal_nan=True`` an array compared with itself gives True without a
    look at its values. Otherwise the comparison (and the NaN test, for
    inexact dtypes with `equal_nan`) runs on the device, is reduced there, and
    one byte is read back to the host, which waits for the device to finish.

    See Also
    --------
    array_equiv, allclose, equal

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.array_equal(xp.array([1, 2]), xp.array([1, 2]))
    True
    >>> xp.array_equal(xp.array([1, 2]), xp.array([1, 2, 3]))
    False
    >>> a = xp.array([1.0, xp.nan])
    >>> xp.array_equal(a, a)
    False
    >>> xp.array_equal(a, a, equal_nan=True)
    True
    """
    a1, a2 = map(_asarray, (_check(a1), _check(a2)))  # both checked before either is uploaded
    if a1.shape != a2.shape:
        return False
    if equal_nan and a1 is a2:
        return True
    same = equal(a1, a2)
    if equal_nan and (a1.dtype.kind in "fc" or a2.dtype.kind in "fc"):
        bitwise_or(same, bitwise_and(isnan(a1), isnan(a2)), out=same)
    return _all(same)


def array_equiv(a1, a2):
    """Test whether two arrays broadcast together and are equal everywhere.

    Parameters
    ----------
    a1, a2 : ndarray or scalar
        Arrays to compare (gpuarray arrays, or Python or NumPy scalars, which
        become 0-d arrays).

    Returns
    -------
    b : bool
        True if the shapes broadcast together and every pair of broadcast
        elements is equal, as a Python bool.

    Raises
    ------
    TypeError
        If an argument is a list or a NumPy array.

    Notes
    -----
    Shapes that do not broadcast give False on the host, without a kernel.
    Otherwise the comparison runs on the device, is reduced there, and one
    byte is read back to the host, which waits for the device to finish.

    See Also
    --------
    array_equal, allclose, equal

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.array_equiv(xp.array([1, 2]), xp.array([[1, 2], [1, 2]]))
    True
    >>> xp.array_equiv(xp.array([1, 2]), xp.array([[1, 2, 1, 2], [1, 2, 1, 2]]))
    False
    >>> xp.array_equiv(xp.array([1, 2]), xp.array([[1, 2], [1, 3]]))
    False
    """
    a1, a2 = map(_asarray, (_check(a1), _check(a2)))  # both checked before either is uploaded
    try:
        broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return False
    return _all(equal(a1, a2))
