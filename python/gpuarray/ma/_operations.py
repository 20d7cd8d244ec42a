# SPDX-License-Identifier: BSD-3-Clause
"""Masked ufuncs and MaskedArray's operators: every gpuarray ufunc as a
function of gpuarray.ma (``xp.ma.log``, ``xp.ma.add``, ...) that applies the
ufunc to the data and carries the masks, with numpy.ma's domains.

Note [Masked domains]: as numpy.ma, an element becomes masked where an input
is masked or where the function has no value there: sqrt of x < 0; log,
log2, log10 of x <= 0; log1p of x <= -1; arcsin and arccos outside [-1, 1];
arccosh of x < 1; arctanh outside (-1, 1); tan where |cos x| < 1e-35; and a
division (divide, true_divide, floor_divide, remainder, fmod, divmod) by b
with |a| * tiny >= |b|, tiny the smallest normal float64. Functions with a
domain also mask every non-finite result. Under the mask, a result holds
the first input's value where it can be cast there (numpy.ma's choice);
nothing is read back to decide any of it."""
import numpy

from gpuarray._ufunc import ufuncs as _ufuncs
from gpuarray.ma import _namespace as ns
from gpuarray.ma._core import MaskedArray, _fill_scalar, masked, nomask

_TINY = numpy.finfo(numpy.float64).tiny  # a numpy.float64: strong, as numpy.ma's tolerance
_UFUNC_NAMES = [n for n in _ufuncs.__all__ if n != "ufunc"]

# The domains of Note [Masked domains], each a function of the data giving a boolean array.
_UNARY_DOMAINS = {
    "sqrt": lambda x: ns.xp.less(x, 0.0),
    "log": lambda x: ns.xp.less_equal(x, 0.0),
    "log2": lambda x: ns.xp.less_equal(x, 0.0),
    "log10": lambda x: ns.xp.less_equal(x, 0.0),
    "log1p": lambda x: ns.xp.less_equal(x, -1.0),
    "arcsin": lambda x: ns.xp.logical_or(ns.xp.greater(x, 1.0), ns.xp.less(x, -1.0)),
    "arccos": lambda x: ns.xp.logical_or(ns.xp.greater(x, 1.0), ns.xp.less(x, -1.0)),
    "arccosh": lambda x: ns.xp.less(x, 1.0),
    "arctanh": lambda x: ns.xp.logical_or(ns.xp.greater(x, 1.0 - 1e-15), ns.xp.less(x, -1.0 + 1e-15)),
    "tan": lambda x: ns.xp.less(ns.xp.absolute(ns.xp.cos(x)), 1e-35),
}
_DIVISIONS = {"divide", "true_divide", "floor_divide", "remainder", "mod", "fmod", "divmod"}
for _alias in ("asin", "acos", "acosh", "atanh"):
    _UNARY_DOMAINS[_alias] = _UNARY_DOMAINS["arc" + _alias[1:]]


def _safe_divide_domain(a, b):
    return ns.xp.greater_equal(ns.xp.multiply(ns.xp.absolute(a), _TINY), ns.xp.absolute(b))


def _data(x):
    if isinstance(x, MaskedArray):
        return x._data
    return x


def _mask(x):
    return x._mask if isinstance(x, MaskedArray) else nomask


def _union(shape, *masks):
    """The union of masks (nomask, or arrays broadcasting to `shape`) as a new array of
    `shape`, or nomask when every one is nomask."""
    present = [m for m in masks if m is not nomask]
    if not present:
        return nomask
    union = present[0]
    for m in present[1:]:
        union = ns.xp.logical_or(union, m)
    if union is present[0] or union.shape != tuple(shape):
        union = ns.xp.broadcast_to(union, shape).copy()
    return union


def _under_mask(result, mask, value, casting):
    """`result` with `value` where `mask` is True, when `value`'s dtype casts to the result's."""
    if mask is nomask or not numpy.can_cast(ns.xp.asarray(value).dtype, result.dtype, casting):
        return result
    return ns.xp.where(mask, ns.xp.asarray(value).astype(result.dtype), result)


def _like(*inputs):
    return next((x for x in inputs if isinstance(x, MaskedArray)), None)


def _wrap(result, mask, like):
    out = MaskedArray._of(ns.xp.asarray(result), mask)
    if like is not None:
        out._hardmask = like._hardmask
        if like._fill_value is not None:
            try:
                out.fill_value = like._fill_value
            except TypeError:
                pass  # the result's dtype cannot hold it: the default applies
    return out


class _MaskedUfunc:
    """A gpuarray ufunc over masked arrays (see Note [Masked domains])."""

    def __init__(self, name):
        self.__name__ = name
        self._ufunc = getattr(_ufuncs, name)
        self.nin, self.nout = self._ufunc.nin, self._ufunc.nout
        self.__doc__ = (f"The ufunc {name} over masked arrays: data through gpuarray.{name}, masks "
                        "combined (numpy.ma's domains, Note [Masked domains] in gpuarray.ma._operations).")

    def __repr__(self):
        return f"<masked ufunc '{self.__name__}'>"

    def _domain(self, datas):
        if self.__name__ in _DIVISIONS:
            return _safe_divide_domain(datas[0], datas[1])
        domain = _UNARY_DOMAINS.get(self.__name__)
        return None if domain is None else domain(datas[0])

    def __call__(self, *inputs, **kwargs):
        return self._apply(inputs, kwargs, weak_scalars=False)

    def _apply(self, inputs, kwargs, weak_scalars):
        """The call; with `weak_scalars`, Python scalars stay weakly typed (NEP 50), as in
        NumPy's operators that numpy.ma leaves to ndarray (%, divmod); numpy.ma's functions
        make arrays of them first."""
        if len(inputs) != self.nin:
            raise TypeError(f"{self.__name__}() takes {self.nin} positional arguments but {len(inputs)} were given")
        if "out" in kwargs or "where" in kwargs:
            raise TypeError(f"gpuarray.ma.{self.__name__}: out= and where= are not supported on masked arrays")
        if any(x is masked for x in inputs):
            return _all_masked(self, inputs, kwargs)
        datas = [x if weak_scalars and isinstance(x, (int, float, complex)) else ns.xp.asarray(_data(x))
                 for x in inputs]
        results = getattr(ns.xp, self.__name__)(*datas, **kwargs)
        results = results if isinstance(results, tuple) else (results,)
        results = tuple(ns.xp.asarray(r) for r in results)
        shape = results[0].shape
        extra = []
        domain = self._domain(datas)
        if domain is not None:
            extra.append(domain)
            for r in results:
                if r.dtype.kind in "fc":
                    extra.append(ns.xp.logical_not(ns.xp.isfinite(r)))
        mask = _union(shape, *(_mask(x) for x in inputs), *extra)
        casting = "same_kind" if self.nin == 1 else "unsafe"
        if self.nin == 2 and domain is not None:
            casting = "safe"
        like = _like(*inputs)
        first = ns.xp.asarray(datas[0])
        out = tuple(_wrap(_under_mask(r, mask, first, casting), mask, like) for r in results)
        return out if self.nout > 1 else out[0]

    def reduce(self, target, axis=0, dtype=None):
        """The ufunc's reduction over the unmasked elements along `axis`; masked where
        every element of a slice is."""
        target = target if isinstance(target, MaskedArray) else MaskedArray(target)
        identity = self._ufunc.identity
        filled = target.filled(0 if identity is None else identity)
        result = ns.xp.asarray(getattr(ns.xp, self.__name__).reduce(filled, axis=axis, dtype=dtype))
        mask = nomask if target._mask is nomask else ns.xp.asarray(ns.xp.all(target._mask, axis=axis))
        return _wrap(result, mask, target)

    def accumulate(self, target, axis=0):
        """The ufunc's accumulation of the data with masked elements filled by its
        identity; unmasked result, as numpy.ma's."""
        target = target if isinstance(target, MaskedArray) else MaskedArray(target)
        identity = self._ufunc.identity
        filled = target.filled(0 if identity is None else identity)
        return _wrap(getattr(ns.xp, self.__name__).accumulate(filled, axis=axis), nomask, target)

    def outer(self, a, b):
        """The ufunc of every pair (a[i...], b[j...]); masked where either is."""
        da, db = ns.xp.asarray(_data(a)), ns.xp.asarray(_data(b))
        result = getattr(ns.xp, self.__name__).outer(da, db)
        ma, mb = _mask(a), _mask(b)
        if ma is nomask and mb is nomask:
            return _wrap(result, nomask, _like(a, b))
        from_a = ns.xp.zeros(da.shape, numpy.bool_) if ma is nomask else ma
        from_b = ns.xp.zeros(db.shape, numpy.bool_) if mb is nomask else mb
        return _wrap(result, ns.xp.asarray(ns.xp.logical_or.outer(from_a, from_b)), _like(a, b))


def _all_masked(ufunc, inputs, kwargs):
    """numpy.ma: an operation with the `masked` constant gives a fully masked result."""
    datas = [ns.xp.asarray(0.0 if x is masked else _data(x)) for x in inputs]
    results = getattr(ns.xp, ufunc.__name__)(*datas, **kwargs)
    results = results if isinstance(results, tuple) else (results,)
    out = tuple(_wrap(r, ns.xp.ones(ns.xp.asarray(r).shape, numpy.bool_), _like(*inputs)) for r in results)
    return out if ufunc.nout > 1 else out[0]


_MASKED_UFUNCS = {name: _MaskedUfunc(name) for name in _UFUNC_NAMES}
globals().update(_MASKED_UFUNCS)


def power(a, b, third=None):
    """`a` to the power `b`, masked where either is or the result is not finite.

    Parameters
    ----------
    a, b : array_like
        Bases and exponents (masked or not).
    third : None
        Must be None (NumPy's modulo argument is not supported).

    Returns
    -------
    MaskedArray
        Masked where `a` or `b` is, and where the result is NaN or
        infinite; there the data is the fill value, as numpy.ma's.

    Raises
    ------
    MaskError
        If `third` is given.

    See Also
    --------
    numpy.ma.power

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.power(xp.ma.array([-1.0, 4.0]), 0.5).get()
    masked_array(data=[--, 2.0],
                 mask=[ True, False],
           fill_value=1e+20)
    """
    if third is not None:
        raise numpy.ma.MaskError("3-argument power not supported.")
    if a is masked or b is masked:
        return _all_masked(_MASKED_UFUNCS["power"], (a, b), {})
    da, db = ns.xp.asarray(_data(a)), ns.xp.asarray(_data(b))
    result = ns.xp.asarray(ns.xp.power(da, db))
    invalid = ns.xp.logical_not(ns.xp.isfinite(result)) if result.dtype.kind in "fc" else nomask
    mask = _union(result.shape, _mask(a), _mask(b), invalid)
    out = _wrap(result, mask, _like(a, b))
    if invalid is not nomask:
        out._data = ns.xp.where(invalid, _fill_scalar(out.fill_value, result.dtype), result)
    return out


_COMPARISON_METHODS = {"equal": "eq", "not_equal": "ne", "less": "lt", "less_equal": "le", "greater": "gt",
                       "greater_equal": "ge"}


def _compare(name):
    ufunc = getattr(_ufuncs, name)

    def method(self, other):
        """numpy.ma's comparison: masked where either side is; two masked elements are equal."""
        if other is masked:
            data = getattr(ns.xp, name)(self._data, ns.xp.zeros((), self.dtype))
            return MaskedArray._of(ns.xp.asarray(data), ns.xp.ones(self.shape, numpy.bool_))
        other_data = ns.xp.asarray(_data(other))
        check = ns.xp.asarray(getattr(ns.xp, ufunc.__name__)(self._data, other_data))
        mask = _union(check.shape, self._mask, _mask(other))
        if mask is not nomask and name in ("equal", "not_equal"):
            # numpy.ma: two masked elements compare equal, a masked and an unmasked one not.
            self_mask = ns.xp.zeros((), numpy.bool_) if self._mask is nomask else self._mask
            other_mask = ns.xp.zeros((), numpy.bool_) if _mask(other) is nomask else _mask(other)
            check = ns.xp.where(mask, getattr(ns.xp, name)(self_mask, other_mask), check)
        return _wrap(check, mask, self)

    method.__name__ = f"__{_COMPARISON_METHODS[name]}__"
    return method


def _binary(name, reflected=False):
    def method(self, other):
        if name == "power":
            return power(other, self) if reflected else power(self, other)
        inputs = (other, self) if reflected else (self, other)
        return _MASKED_UFUNCS[name]._apply(inputs, {}, weak_scalars=name in _WEAK_OPERATORS)
    return method


_WEAK_OPERATORS = {"remainder", "divmod", "left_shift", "right_shift"}


# numpy.ma's in-place operators: masked elements keep their data (the other operand is
# replaced by a neutral value there); a division also masks its domain.
_NEUTRAL = {"add": 0, "subtract": 0, "multiply": 1, "true_divide": 1, "floor_divide": 1, "power": 1,
            "bitwise_and": -1, "bitwise_or": 0, "bitwise_xor": 0}


def _inplace(name):
    def method(self, other):
        other_data = ns.xp.asarray(_data(other))
        domain = _safe_divide_domain(self._data, other_data) if name in _DIVISIONS else nomask
        mask = _union(self.shape, self._mask, _mask(other), domain)
        if mask is not nomask:
            neutral = ns.xp.asarray(_NEUTRAL[name]).astype(other_data.dtype)
            other_data = ns.xp.where(mask, neutral, other_data)
        getattr(ns.xp, name)(self._data, other_data, out=self._data)
        if name == "power" and self.dtype.kind in "fc":
            invalid = ns.xp.logical_not(ns.xp.isfinite(self._data))
            mask = _union(self.shape, mask, invalid)
            self._data[...] = ns.xp.where(invalid, _fill_scalar(self.fill_value, self.dtype), self._data)
        self._mask = mask
        return self
    return method


def _unary(name):
    def method(self):
        return _MASKED_UFUNCS[name](self)
    return method


for _op, _name in [("add", "add"), ("sub", "subtract"), ("mul", "multiply"), ("truediv", "true_divide"),
                   ("floordiv", "floor_divide"), ("mod", "remainder"), ("pow", "power"), ("and", "bitwise_and"),
                   ("or", "bitwise_or"), ("xor", "bitwise_xor"), ("lshift", "left_shift"),
                   ("rshift", "right_shift")]:
    setattr(MaskedArray, f"__{_op}__", _binary(_name))
    setattr(MaskedArray, f"__r{_op}__", _binary(_name, reflected=True))
    if _name in _NEUTRAL:
        setattr(MaskedArray, f"__i{_op}__", _inplace(_name))
for _op, _name in [("neg", "negative"), ("pos", "positive"), ("abs", "absolute"), ("invert", "invert")]:
    setattr(MaskedArray, f"__{_op}__", _unary(_name))
for _name in ("equal", "not_equal", "less", "less_equal", "greater", "greater_equal"):
    _method = _compare(_name)
    setattr(MaskedArray, _method.__name__, _method)
MaskedArray.__hash__ = None
MaskedArray.__divmod__ = _binary("divmod")
MaskedArray.__rdivmod__ = _binary("divmod", reflected=True)
MaskedArray.conjugate = MaskedArray.conj = _unary("conjugate")


def _round(self, decimals=0, out=None):
    """The data rounded to `decimals` decimals; the mask is kept."""
    if out is not None:
        raise TypeError("gpuarray.ma: round(out=) is not supported")
    return _wrap(ns.xp.round(self._data, decimals), self._mask if self._mask is nomask else self._mask.copy(), self)


def _clip(self, min=None, max=None):
    """The data limited to [min, max]; masked where the array or a masked bound is."""
    return _wrap(ns.xp.clip(self._data, _data(min), _data(max)),
                 _union(self.shape, self._mask, _mask(min), _mask(max)), self)


MaskedArray.round = _round
MaskedArray.clip = _clip


def around(a, decimals=0, out=None):
    """`a` rounded to `decimals` decimals; the mask is kept.

    Parameters
    ----------
    a : array_like
        The values (masked or not).
    decimals : int, optional
        Decimals to keep (negative: tens, hundreds, ...).
    out : None
        Must be None.

    Returns
    -------
    MaskedArray

    See Also
    --------
    numpy.ma.around, gpuarray.around

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.around(xp.ma.array([1.26, 2.5], mask=[0, 1]), 1).get()
    masked_array(data=[1.3, --],
                 mask=[False,  True],
           fill_value=1e+20)
    """
    return _round(a if isinstance(a, MaskedArray) else MaskedArray(a), decimals, out)


round_ = round = around


def angle(z, deg=False):
    """The angles of complex values (radians, or degrees with `deg`); the mask is kept.

    Parameters
    ----------
    z : array_like
        The values (masked or not).
    deg : bool, optional
        Degrees instead of radians.

    Returns
    -------
    MaskedArray

    See Also
    --------
    numpy.ma.angle, gpuarray.angle

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ma.angle(xp.ma.array([1j, -1.0], mask=[0, 1]), deg=True).get()
    masked_array(data=[90.0, --],
                 mask=[False,  True],
           fill_value=1e+20)
    """
    m = _mask(z)
    return _wrap(ns.xp.angle(ns.xp.asarray(_data(z)), deg=deg), m if m is nomask else m.copy(), None)


__all__ = [*_MASKED_UFUNCS, "power", "around", "round", "round_", "angle"]
