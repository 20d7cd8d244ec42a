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
from gpuarray._core import ndarray
from gpuarray._creation import asarray, empty, ones, zeros
from gpuarray._dtypes import result_type
from gpuarray._manipulation import broadcast_shapes
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
    """Round towards zero: NumPy 2's fix is trunc (integers and bools keep their dtype)."""
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
    """Round to `decimals` decimal places (see ndarray.round)."""
    return _round(_asarray(a), decimals, out)


def round(a, decimals=0, out=None):
    """Round to `decimals` decimal places (see ndarray.round)."""
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
    """Limit the values of `a` to [a_min, a_max] (or min=, max=); see ndarray.clip."""
    if a_min is _NoValue and a_max is _NoValue:
        a_min, a_max = (None if bound is _NoValue else bound for bound in (min, max))
    elif a_min is _NoValue or a_max is _NoValue:
        raise TypeError("clip() takes a_min and a_max together (or min= and max= instead)")
    elif min is not _NoValue or max is not _NoValue:
        raise ValueError("clip() takes either a_min and a_max or min= and max=, not both")
    return _clip(_asarray(a), a_min, a_max, out=out, **kwargs)


# ------------------------------------------------------------------ special values, parts

def sinc(x):
    """sin(pi x) / (pi x), 1 at 0 (where pi x is replaced by the dtype's eps, or 1e-20 for complex)."""
    y = multiply(numpy.pi, x)
    _fill_where(y, numpy.finfo(y.dtype).eps if y.dtype.kind == "f" else 1e-20, equal(y, 0))
    return true_divide(sin(y), y)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """NaN, +inf and -inf replaced by `nan`, `posinf` and `neginf` (the largest and
    smallest finite values by default) in each part; other dtypes unchanged.
    With copy=False a gpuarray array is changed in place and returned."""
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
    """The real part: a view of a gpuarray array (the array itself when real); a scalar's `.real`."""
    return _check(val).real


def imag(val):
    """The imaginary part: a view of a complex gpuarray array, read-only zeros for a real one; a
    scalar's `.imag`."""
    return _check(val).imag


def iscomplexobj(x):
    """Whether `x`'s dtype is complex (its values are not looked at)."""
    dtype = getattr(x, "dtype", None)
    return (dtype if isinstance(dtype, numpy.dtype) else numpy.asarray(x).dtype).kind == "c"


def isrealobj(x):
    """Whether `x`'s dtype is not complex."""
    return not iscomplexobj(x)


def iscomplex(x):
    """Elementwise: a non-zero imaginary part (all False for a real dtype)."""
    x = _asarray(x)
    return not_equal(x.imag, 0) if x.dtype.kind == "c" else zeros(x.shape, numpy.bool_)


def isreal(x):
    """Elementwise: a zero imaginary part (all True for a real dtype)."""
    x = _asarray(x)
    return equal(x.imag, 0) if x.dtype.kind == "c" else ones(x.shape, numpy.bool_)


def angle(z, deg=False):
    """The counterclockwise angle from the positive real axis: arctan2(imag, real)
    (arctan2(0, z) for real z, float16 for int8 as in NumPy), in degrees with deg=True."""
    z = _check(z)
    a = arctan2(z.imag, z.real) if iscomplexobj(z) else arctan2(0, z)
    if deg:
        a *= 180 / numpy.pi
    return a


# ------------------------------------------------------------------ comparisons

def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """|a - b| <= atol + rtol |b| where b is finite, or a == b (infinities equal
    only to themselves); NaNs equal with equal_nan. As NumPy 2, b is made inexact
    (result_type(b, 1.0)) and decides the precision; a is left as it is."""
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
    """Whether isclose holds everywhere: a Python bool."""
    return _all(isclose(a, b, rtol, atol, equal_nan))


def array_equal(a1, a2, equal_nan=False):
    """Whether the arrays have the same shape and elements (NaNs equal with equal_nan;
    an array is equal to itself then): a Python bool."""
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
    """Whether the arrays broadcast together and are equal everywhere: a Python bool."""
    a1, a2 = map(_asarray, (_check(a1), _check(a2)))  # both checked before either is uploaded
    try:
        broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return False
    return _all(equal(a1, a2))


ndarray.clip = _clip
ndarray.round = _round
