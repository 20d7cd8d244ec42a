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

    See Also
    --------
    iinfo, result_type

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
    """The type NumPy's promotion rules give an operation on the arguments.

    Parameters
    ----------
    *arrays_and_dtypes : arrays, dtypes or scalars
        The operands: gpuarray or NumPy arrays (their dtype counts), dtypes,
        and Python scalars, which are weak (NEP 50): they adopt the other
        operands' kind.

    Returns
    -------
    numpy.dtype
        The result's type.

    Raises
    ------
    TypeError
        No common type exists (as NumPy's DTypePromotionError).

    See Also
    --------
    promote_types, can_cast, common_type

    Notes
    -----
    As numpy.result_type; with bfloat16 the engine's rule, which keeps
    Python scalars weak as the ufuncs do (Note [bfloat16]).

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.result_type(xp.arange(3, dtype=xp.int8), xp.float32)
    dtype('float32')
    >>> xp.result_type(xp.ones(2, dtype=xp.float32), 2.5)
    dtype('float32')
    """
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
    """Whether a cast from one type to another follows a casting rule.

    Parameters
    ----------
    from_ : dtype, dtype specifier, NumPy scalar or array
        The source type; a gpuarray array gives its dtype.
    to : dtype or dtype specifier
        The target type.
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        The rule ('safe' by default).

    Returns
    -------
    bool

    Raises
    ------
    TypeError
        `from_` is a Python scalar (NumPy 2 refuses them).

    See Also
    --------
    result_type, ndarray.astype

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.can_cast(xp.int32, xp.float64)
    True
    >>> xp.can_cast(xp.arange(3.0), xp.int64, casting='same_kind')
    False
    """
    return numpy.can_cast(_dtype_of(from_), to, casting)


def min_scalar_type(a):
    """The smallest type that holds a value without loss.

    Parameters
    ----------
    a : scalar or array_like
        The value; an array of at least one dimension gives its own dtype.

    Returns
    -------
    numpy.dtype

    See Also
    --------
    result_type, can_cast

    Notes
    -----
    A 0-d gpuarray array is judged by its value, which is copied to the
    host.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.min_scalar_type(300)
    dtype('uint16')
    >>> xp.min_scalar_type(xp.arange(3, dtype=xp.int64))
    dtype('int64')
    """
    if isinstance(a, ndarray):
        return a.dtype if a.ndim else numpy.min_scalar_type(a.get())
    return numpy.min_scalar_type(a)


def common_type(*arrays):
    """The floating type common to the arrays: at least float64 for integer
    arrays, complex when one is complex.

    Parameters
    ----------
    *arrays : ndarray
        The arrays (gpuarray or NumPy), judged by their dtype.

    Returns
    -------
    type
        A NumPy scalar type such as ``numpy.float64``.

    Raises
    ------
    TypeError
        An array is not numeric.

    See Also
    --------
    result_type

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.common_type(xp.arange(3), xp.ones(2, dtype=xp.float32))
    <class 'numpy.float64'>
    >>> xp.common_type(xp.ones(2, dtype=xp.float32))
    <class 'numpy.float32'>
    """
    return numpy.common_type(*(numpy.empty(0, a.dtype) if isinstance(a, ndarray) else a for a in arrays))
