# SPDX-License-Identifier: BSD-3-Clause
"""Data type routines: promotion, casting and type information, NumPy 2 rules.

These are NumPy's own functions. Where NumPy takes arrays, a gpuarray array
stands for its dtype: its data never leaves the device (min_scalar_type of a
0-d array excepted, which depends on the value). Ufuncs apply the same rules
from C++ tables (cpp/core/promotion.hpp), which tests/engine/test_promotion.py checks
against NumPy."""
import numpy
from numpy import (  # dtype names NumPy 2 has for the dtypes gpuarray supports
    byte, cdouble, complexfloating, csingle, double, floating, generic, half, iinfo, inexact, int_, intc,
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

from gpuarray import _core
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


def bfloat16_type():
    """ml_dtypes' bfloat16 scalar type, which ``gpuarray.bfloat16`` names.

    Raises
    ------
    AttributeError
        When ml_dtypes is not installed (so that ``hasattr(xp, "bfloat16")``
        says whether bfloat16 is there).
    """
    try:
        from ml_dtypes import bfloat16
    except ImportError:
        raise AttributeError("gpuarray.bfloat16 is ml_dtypes' bfloat16, and ml_dtypes is not installed "
                             "(pip install ml_dtypes)") from None
    return bfloat16


def _is_bfloat16(x):
    dtype = getattr(x, "dtype", x)
    try:
        return numpy.dtype(dtype).name == "bfloat16"
    except TypeError:
        return False


def finfo(dtype):
    """Machine limits for floating-point types: numpy.finfo, and ml_dtypes.finfo
    for bfloat16 (which numpy.finfo refuses).

    Parameters
    ----------
    dtype : float, dtype, instance or gpuarray array
        The floating-point (or complex) type to describe.

    Returns
    -------
    finfo
        NumPy's finfo object, or ml_dtypes' for bfloat16.

    Examples
    --------
    >>> import gpuarray as xp
    >>> float(xp.finfo(xp.float32).eps)
    1.1920928955078125e-07
    >>> float(xp.finfo(xp.bfloat16).eps)
    0.0078125
    """
    if _is_bfloat16(dtype):
        from ml_dtypes import finfo as ml_finfo
        return ml_finfo(numpy.dtype(getattr(dtype, "dtype", dtype)))
    return numpy.finfo(_dtype_of(dtype))


def _dtype_of(x):
    # An array's dtype is all that promotion reads from it: NumPy 2 treats
    # 0-d arrays like any other array (strong), unlike Python scalars.
    return x.dtype if isinstance(x, ndarray) else x


def result_type(*arrays_and_dtypes):
    """numpy.result_type; gpuarray arrays count as arrays (Python scalars stay weak).
    With bfloat16 it is the engine's, which keeps Python scalars weak as
    ufuncs do (NumPy with ml_dtypes does not: Note [bfloat16])."""
    operands = list(map(_dtype_of, arrays_and_dtypes))
    if any(_is_bfloat16(o) for o in operands if not isinstance(o, (int, float, complex))):
        return _core._result_type([_weak_or_dtype(o) for o in operands])
    return numpy.result_type(*operands)


def _weak_or_dtype(operand):
    """What _core._result_type takes: the type of a weak Python scalar, else a dtype."""
    if isinstance(operand, bool):
        return numpy.dtype(bool)
    if type(operand) in (int, float, complex):
        return type(operand)
    return numpy.dtype(operand)


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
