# SPDX-License-Identifier: BSD-3-Clause
"""The kernel's types and NumPy's rules for them.

Note [Types in jit kernels]
A scalar has a NumPy dtype (bool, the integers, float16/32/64). Python's
own numbers written in the kernel (literals, and ints, floats and bools read
from globals or closures) are *weak*, as NumPy 2 treats Python scalars: they
take the other operand's type (``x * 2`` stays float32 for a float32 x), and
become int64, float64 or bool where nothing else decides. Every operator and
math function gets its operand and result types from the NumPy ufunc it
stands for (``numpy.add.resolve_dtypes``), so a kernel computes in the types
NumPy would: ``int8 + int64`` is int64, ``int32 / int32`` float64, ``uint32
- int64`` int64. Operands are converted to the ufunc loop's type in the
generated code, so C++'s own conversions (unsigned wins over signed) never
decide a result. float16 values are stored as ``__half`` and computed in
float, then rounded back, as NumPy's float16 loops do.

An array has a dtype and a number of dimensions; its C++ type is the view
``ga::jit::Array<T, N>`` of gpuarray/jit.cuh, or a plain pointer for shared
and local memory (1-d, no shape)."""
import dataclasses
import math

import numpy

from gpuarray.jit._errors import JitError

_CPP_NAMES = {
    "?": "bool", "b": "signed char", "B": "unsigned char", "h": "short", "H": "unsigned short",
    "i": "int", "I": "unsigned int", "l": "long long", "L": "unsigned long long", "q": "long long",
    "Q": "unsigned long long", "e": "__half", "f": "float", "d": "double",
}
BOOL = numpy.dtype(bool)
INT64 = numpy.dtype(numpy.int64)
UINT32 = numpy.dtype(numpy.uint32)
FLOAT64 = numpy.dtype(numpy.float64)
FLOAT16 = numpy.dtype(numpy.float16)


def is_supported(dtype):
    return dtype.char in _CPP_NAMES and dtype.isnative


def cpp_name(dtype):
    """The C++ spelling of a scalar dtype."""
    return _CPP_NAMES[dtype.char]


def check_dtype(dtype, what, location=None):
    """`dtype` as a numpy.dtype the kernels handle; JitError otherwise."""
    try:
        dtype = numpy.dtype(dtype)
    except TypeError:
        raise JitError(f"{what}: {dtype!r} is not a dtype", location) from None
    if not is_supported(dtype):
        raise JitError(f"{what}: dtype {dtype} is not supported in jit kernels (bool, integers, float16, float32 "
                       "and float64 are)", location)
    return dtype


@dataclasses.dataclass(frozen=True)
class ArrayType:
    """An array argument (``view``: ga::jit::Array, with shape and strides) or
    shared/local memory (``pointer``: 1-d, no shape)."""
    dtype: numpy.dtype
    ndim: int
    kind: str = "view"

    def cpp(self):
        if self.kind == "view":
            return f"ga::jit::Array<{cpp_name(self.dtype)}, {self.ndim}>"
        return f"{cpp_name(self.dtype)}*"

    def __str__(self):
        return f"{self.ndim}-d {self.dtype} array" if self.kind == "view" else f"{self.dtype} {self.kind} array"


@dataclasses.dataclass(frozen=True)
class WeakScalar:
    """The type of a parameter holding a Python int or float (gpuarray.fuse):
    passed as int64 or float64, typed weakly in expressions."""
    kind: type

    @property
    def dtype(self):
        return INT64 if self.kind is int else FLOAT64

    def __str__(self):
        return f"Python {self.kind.__name__}"


def cpp_type(t):
    return t.cpp() if isinstance(t, ArrayType) else cpp_name(t)


def describe(t):
    return str(t)


def weak_kind(value):
    """The Python type NumPy treats as weak for a Python number."""
    if isinstance(value, bool):
        return bool
    if isinstance(value, int):
        return int
    if isinstance(value, float):
        return float
    raise TypeError(value)


def default_dtype(value):
    """The dtype a weak Python number gets where nothing else decides."""
    return {bool: BOOL, int: INT64, float: FLOAT64}[weak_kind(value)]


def resolve(ufunc, operands, location, construct):
    """The loop dtypes (inputs..., output) of `ufunc` for `operands`, each a
    dtype or a weak Python type (int, float, bool)."""
    try:
        dtypes = ufunc.resolve_dtypes(tuple(operands) + (None,) * ufunc.nout)
    except (TypeError, numpy.exceptions.DTypePromotionError) as e:
        names = ", ".join(d.__name__ if isinstance(d, type) else str(d) for d in operands)
        raise JitError(f"{construct} is not defined for ({names}): {e}", location) from None
    for d in dtypes:
        if not is_supported(d):
            raise JitError(f"{construct} of ({', '.join(map(str, operands))}) computes in {d}, which jit kernels "
                           "do not support", location)
    return dtypes


def check_fits(value, dtype, location):
    """A weak Python number converted to `dtype`, OverflowError-free as NumPy 2 requires."""
    if isinstance(value, bool) or dtype.kind in "fc" or dtype.kind == "b":
        return
    if isinstance(value, float):
        return
    info = numpy.iinfo(dtype)
    if not info.min <= value <= info.max:
        raise JitError(f"Python integer {value} is out of bounds for {dtype}", location)


def literal(value, dtype):
    """A C++ literal of `value` (a Python or NumPy number) as `dtype`."""
    if dtype == BOOL:
        return "true" if bool(value) else "false"
    if dtype.kind in "iu":
        value = int(value)
        if dtype.itemsize == 8:
            if dtype.kind == "u":
                return f"{value}ULL"
            # -2**63 has no literal spelling: its magnitude overflows before the minus applies.
            return f"({value + 1}LL - 1)" if value == -2**63 else f"{value}LL"
        if dtype.char == "I":
            return f"{value}u"
        if dtype.char == "i":
            return f"({value + 1} - 1)" if value == -2**31 else str(value)
        return f"static_cast<{cpp_name(dtype)}>({value})"
    value = float(value)
    if math.isnan(value):
        text = "__builtin_nan(\"\")"
    elif math.isinf(value):
        text = "__builtin_huge_val()" if value > 0 else "(-__builtin_huge_val())"
    else:
        text = repr(value) if dtype != numpy.float32 else repr(float(numpy.float32(value)))
        if "e" not in text and "." not in text:
            text += ".0"
    if dtype == numpy.float32:
        return f"{text}f" if math.isfinite(value) else f"static_cast<float>({text})"
    if dtype == FLOAT16:
        return f"__half(static_cast<float>({text}))"
    return text
