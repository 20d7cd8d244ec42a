# SPDX-License-Identifier: BSD-3-Clause
"""Data type routines: promotion, casting and type information, NumPy 2 rules.

These are NumPy's own functions. Where NumPy takes arrays, a gpuarray array
stands for its dtype: its data never leaves the device (min_scalar_type of a
0-d array excepted, which depends on the value). Ufuncs apply the same rules
from C++ tables (cpp/core/promotion.hpp), which tests/engine/test_promotion.py checks
against NumPy."""
import numpy
from numpy import (  # dtype names NumPy 2 has for the dtypes gpuarray supports
    byte, cdouble, complexfloating, csingle, double, finfo, floating, generic, half, iinfo, inexact, int_, intc,
    integer, isdtype, issubdtype, long, longlong, number, promote_types, short, signedinteger, single, ubyte,
    uint, uintc, ulong, ulonglong, unsignedinteger, ushort,
)
# NumPy's other scalar types and type tables, the objects themselves, so that code which
# tests or names a dtype (`x.dtype.type is xp.str_`, `xp.typecodes["AllFloat"]`) runs
# unchanged. Naming a type is not supporting it: an array of any dtype outside bool,
# integer, float and complex still raises TypeError when it is made.
from numpy import (  # noqa: E402
    False_, ScalarType, True_, bytes_, character, clongdouble, datetime64, flexible, little_endian, longdouble,
    mintypecode, object_, sctypeDict, str_, timedelta64, typecodes, typename, void,
)

from gpuarray._core import ndarray

__all__ = [
    "result_type", "promote_types", "can_cast", "min_scalar_type", "common_type", "finfo", "iinfo",
    "issubdtype", "isdtype",
    "byte", "ubyte", "short", "ushort", "intc", "uintc", "int_", "uint", "long", "ulong", "longlong", "ulonglong",
    "half", "single", "double", "csingle", "cdouble",
    "generic", "number", "integer", "signedinteger", "unsignedinteger", "inexact", "floating", "complexfloating",
    "False_", "True_", "ScalarType", "character", "flexible", "bytes_", "str_", "object_", "void",
    "datetime64", "timedelta64", "longdouble", "clongdouble", "sctypeDict", "typecodes", "little_endian",
    "typename", "mintypecode",
]


def _dtype_of(x):
    # An array's dtype is all that promotion reads from it: NumPy 2 treats
    # 0-d arrays like any other array (strong), unlike Python scalars.
    return x.dtype if isinstance(x, ndarray) else x


def result_type(*arrays_and_dtypes):
    """numpy.result_type; gpuarray arrays count as arrays (Python scalars stay weak)."""
    return numpy.result_type(*map(_dtype_of, arrays_and_dtypes))


def can_cast(from_, to, casting="safe"):
    """numpy.can_cast; `from_` may be a gpuarray array."""
    return numpy.can_cast(_dtype_of(from_), to, casting)


def min_scalar_type(a):
    """numpy.min_scalar_type; a gpuarray array of ndim >= 1 gives its dtype, a 0-d
    one is judged by its value, which is copied to the host."""
    if isinstance(a, ndarray):
        return a.dtype if a.ndim else numpy.min_scalar_type(a.get())
    return numpy.min_scalar_type(a)


def common_type(*arrays):
    """numpy.common_type; gpuarray arrays are judged by their dtype."""
    return numpy.common_type(*(numpy.empty(0, a.dtype) if isinstance(a, ndarray) else a for a in arrays))
