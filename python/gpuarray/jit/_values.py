# SPDX-License-Identifier: BSD-3-Clause
"""Values the translator handles besides typed expressions, and the
conversions between them: compile-time Python objects (modules, functions,
dtypes, builtins), tuples, and Python numbers read from the kernel's globals
and closures (Note [Types in jit kernels]).

Note [Compile-time values]
A name in a kernel resolves, as Python resolves it, to a local, an argument,
a closure cell, a global or a builtin. Locals and arguments are run-time
values (ir.Expr). Everything else is read once, when the kernel is
translated for a signature: Python numbers and NumPy scalars become
constants written into the code (so a closure over ``n = 128`` works, which
CuPy's jit refuses: cupy#9129), tuples of them stay tuples (indexed and
unpacked at compile time, iterated by unrolled loops), dtypes and NumPy
scalar types are casts, and modules, functions and the jit builtins are
looked into or called. A global that changes after a kernel was translated
is seen by the next new signature only, as with CuPy."""
import dataclasses
import typing

import numpy

from gpuarray.jit import _ir as ir
from gpuarray.jit import _types
from gpuarray.jit._errors import JitError


@dataclasses.dataclass
class Static:
    """A Python object known at translation time."""
    value: typing.Any


@dataclasses.dataclass
class TupleValue:
    """A tuple whose items (expressions or static values) are known one by one."""
    items: list


def from_python(value, location, what="value"):
    """A Python object read by the kernel as a translator value."""
    if isinstance(value, (bool, int, float)) and not isinstance(value, numpy.generic):
        return ir.Const(value, _types.default_dtype(value), weak=True)
    if isinstance(value, numpy.generic):
        dtype = _types.check_dtype(value.dtype, what, location)
        return ir.Const(value.item(), dtype)
    if isinstance(value, (tuple, list)):
        return TupleValue([from_python(v, location, what) for v in value])
    if isinstance(value, complex):
        raise JitError(f"{what} {value!r}: complex numbers are not supported in jit kernels", location)
    return Static(value)


def weak_operand(expr):
    """What NumPy's type resolution sees of `expr`: a dtype, or int/float/bool for a weak number."""
    if expr.weak and not isinstance(expr.value, bool):   # a bool is a bool either way
        return _types.weak_kind(expr.value)
    return expr.type


def coerce(expr, dtype, location):
    """`expr` as a value of `dtype` (weak numbers become literals of it)."""
    if isinstance(expr, ir.Const) and (expr.weak or expr.type != dtype):
        if expr.weak:
            _types.check_fits(expr.value, dtype, location)
        value = numpy.array(expr.value).astype(dtype).item() if dtype.kind != "b" else bool(expr.value)
        return ir.Const(value, dtype)
    if expr.type == dtype and not expr.weak:
        return expr
    if isinstance(expr, ir.WeakVar):
        return ir.Cast(ir.Var(expr.name, expr.type), dtype) if dtype != expr.type else ir.Var(expr.name, expr.type)
    return ir.Cast(expr, dtype)


def to_bool(expr, location):
    """Python's truth value of a scalar."""
    require_scalar(expr, location, "a condition")
    return coerce(expr, _types.BOOL, location)


def require_scalar(value, location, what):
    if isinstance(value, ir.Expr) and isinstance(value.type, numpy.dtype):
        return value
    raise JitError(f"{what} must be a scalar, got {describe(value)}", location)


def require_int_static(value, location, what):
    """A Python int known at translation time (a literal, a global, a closure)."""
    if isinstance(value, ir.Const) and value.type.kind in "iu" and not isinstance(value.value, bool):
        return int(value.value)
    raise JitError(f"{what} must be an integer known when the kernel is translated (a literal, or a global or "
                   f"closure variable), got {describe(value)}", location)


def common_dtype(values, location, construct):
    """NumPy's result type of several scalars (weak numbers weakly)."""
    operands = [(type(v.value)(1) if isinstance(v, ir.WeakVar) else v.value) if v.weak else v.type for v in values]
    try:
        dtype = numpy.result_type(*operands)
    except (TypeError, numpy.exceptions.DTypePromotionError) as e:
        raise JitError(f"{construct}: no common type of {', '.join(describe(v) for v in values)} ({e})",
                       location) from None
    return _types.check_dtype(dtype, construct, location)


def describe(value):
    if isinstance(value, ir.Expr):
        if isinstance(value, ir.WeakVar):
            return f"Python {type(value.value).__name__} argument {value.name!r}"
        if value.weak:
            return f"Python {type(value.value).__name__} {value.value!r}"
        return f"{value.type}" if isinstance(value.type, numpy.dtype) else (str(value.type) if value.type else "None")
    if isinstance(value, TupleValue):
        return f"a tuple of {len(value.items)}"
    obj = value.value
    if obj is None:
        return "None"
    return f"{type(obj).__name__} {getattr(obj, '__name__', repr(obj))!r}"
