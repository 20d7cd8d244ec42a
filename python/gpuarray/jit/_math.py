# SPDX-License-Identifier: BSD-3-Clause
"""Operators and math functions in kernels: each is a NumPy ufunc for its
types (Note [Types in jit kernels]) and a CUDA function or operator for its
code. ``math.sqrt``, ``numpy.sqrt`` and ``gpuarray.sqrt`` are the same
function here: NumPy's, so ``math.sqrt`` of a float32 is float32 and
``math.floor`` returns a float (Python's returns an int)."""
import math

import numpy

from gpuarray.jit import _ir as ir
from gpuarray.jit import _types
from gpuarray.jit._errors import JitError
from gpuarray.jit._values import coerce, require_scalar, weak_operand

# ufunc name -> CUDA function of the double version (float's adds an "f").
_UNARY = {
    "sqrt": "sqrt", "cbrt": "cbrt", "exp": "exp", "exp2": "exp2", "expm1": "expm1", "log": "log", "log2": "log2",
    "log10": "log10", "log1p": "log1p", "sin": "sin", "cos": "cos", "tan": "tan", "arcsin": "asin",
    "arccos": "acos", "arctan": "atan", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh", "arcsinh": "asinh",
    "arccosh": "acosh", "arctanh": "atanh", "floor": "floor", "ceil": "ceil", "trunc": "trunc", "rint": "rint",
    "fabs": "fabs", "deg2rad": None, "rad2deg": None, "square": None, "reciprocal": None,
}
_BINARY = {"arctan2": "atan2", "hypot": "hypot", "fmod": "fmod", "copysign": "copysign", "fmax": "fmax",
           "fmin": "fmin", "power": None, "maximum": None, "minimum": None, "logaddexp": None}
_PREDICATES = {"isnan": "isnan", "isinf": "isinf", "isfinite": "isfinite", "signbit": "signbit"}
# Functions of Python's math module without a ufunc of the same name.
_MATH_ALIASES = {"asin": "arcsin", "acos": "arccos", "atan": "arctan", "asinh": "arcsinh", "acosh": "arccosh",
                 "atanh": "arctanh", "atan2": "arctan2", "pow": "power", "fabs": "fabs", "radians": "deg2rad",
                 "degrees": "rad2deg"}
# math functions that are no ufunc: typed as sqrt is (floats keep their type, integers become float64).
_MATH_ONLY = {"erf": "erf", "erfc": "erfc", "gamma": "tgamma", "lgamma": "lgamma"}

# Python operator (ast class name) -> (ufunc, C++ operator or helper).
BINARY_OPERATORS = {
    "Add": (numpy.add, "+"), "Sub": (numpy.subtract, "-"), "Mult": (numpy.multiply, "*"),
    "Div": (numpy.true_divide, "/"), "FloorDiv": (numpy.floor_divide, "ga::jit::floor_divide"),
    "Mod": (numpy.remainder, "ga::jit::remainder"), "Pow": (numpy.power, None),
    "BitAnd": (numpy.bitwise_and, "&"), "BitOr": (numpy.bitwise_or, "|"), "BitXor": (numpy.bitwise_xor, "^"),
    "LShift": (numpy.left_shift, "<<"), "RShift": (numpy.right_shift, ">>"),
}
COMPARISONS = {"Lt": (numpy.less, "<"), "LtE": (numpy.less_equal, "<="), "Gt": (numpy.greater, ">"),
               "GtE": (numpy.greater_equal, ">="), "Eq": (numpy.equal, "=="), "NotEq": (numpy.not_equal, "!=")}


def _compute_dtype(dtype):
    """float16 is computed in float32 (Note [Types in jit kernels])."""
    return numpy.dtype(numpy.float32) if dtype == _types.FLOAT16 else dtype


def _widen(expr, compute):
    """A float16 operand computed in float32: constants are rounded to float16 first, as NumPy's would be."""
    if isinstance(expr, ir.Const):
        return ir.Const(float(numpy.float16(expr.value)), compute)
    return ir.Cast(expr, compute)


def _finish(expr, dtype):
    return ir.Cast(expr, dtype) if expr.type != dtype else expr


def _float_call(cname, args, dtype):
    """A CUDA math function of float or double arguments."""
    compute = _compute_dtype(dtype)
    # Qualified, so that a kernel's variable named like the function cannot hide it.
    name = "::" + (cname + "f" if compute == numpy.float32 else cname)
    return _finish(ir.Call(name, args, compute), dtype)


def binary(op_name, left, right, location, construct):
    """`left op right` for an operator name of BINARY_OPERATORS or a binary ufunc name."""
    if op_name in BINARY_OPERATORS:
        ufunc, cpp = BINARY_OPERATORS[op_name]
    else:
        ufunc, cpp = getattr(numpy, op_name), _BINARY[op_name]
    in1, in2, out = _types.resolve(ufunc, (weak_operand(left), weak_operand(right)), location, construct)
    compute = _compute_dtype(in1)
    a, b = coerce(left, in1, location), coerce(right, in2, location)
    if compute != in1:
        a, b = _widen(a, compute), _widen(b, compute)
    name = ufunc.__name__
    if name == "power" and compute.kind == "f" and isinstance(right, ir.Const) and right.weak \
            and right.value in (2, 0.5, 1, -1):
        # NumPy's array ** scalar takes these exponents to square, sqrt, positive and reciprocal.
        if right.value == 2:
            return _finish(ir.Binary("*", a, a, compute), out)
        if right.value == 0.5:
            return _float_call("sqrt", [a], out)
        if right.value == 1:
            return _finish(a, out)
        return _finish(ir.Binary("/", ir.Const(1.0, compute), a, compute), out)
    if name == "power":
        if compute.kind in "iub":
            return _finish(ir.Call("ga::jit::integer_power", [a, b], compute), out)
        return _float_call("pow", [a, b], out)
    if name in ("maximum", "minimum"):
        return _finish(ir.Call(f"ga::jit::{name}", [a, b], compute), out)
    if name == "logaddexp":
        big = ir.Call("ga::jit::maximum", [a, b], compute)
        diff = ir.Unary("-", _float_call("fabs", [ir.Binary("-", a, b, compute)], compute), compute)
        return _finish(ir.Binary("+", big, _float_call("log1p", [_float_call("exp", [diff], compute)], compute),
                                 compute), out)
    if cpp is None or not (cpp[0].isalpha() or cpp.startswith("ga::")):
        return _finish(ir.Binary(cpp, a, b, compute), out)
    if cpp.startswith("ga::"):
        return _finish(ir.Call(cpp, [a, b], compute), out)
    return _float_call(cpp, [a, b], out)


def compare(op_name, left, right, location, construct):
    ufunc, cpp = COMPARISONS[op_name]
    in1, in2, out = _types.resolve(ufunc, (weak_operand(left), weak_operand(right)), location, construct)
    compute = _compute_dtype(in1)
    a, b = coerce(left, in1, location), coerce(right, in2, location)
    if compute != in1:
        a, b = _widen(a, compute), _widen(b, compute)
    return ir.Binary(cpp, a, b, out)


def unary(op_name, operand, location, construct):
    """-x, +x, ~x."""
    ufunc = {"USub": numpy.negative, "UAdd": numpy.positive, "Invert": numpy.invert}[op_name]
    (dtype, out) = _types.resolve(ufunc, (weak_operand(operand),), location, construct)
    x = coerce(operand, dtype, location)
    if op_name == "Invert" and dtype == _types.BOOL:
        return ir.Unary("!", x, out)
    compute = _compute_dtype(dtype)
    if compute != dtype:
        x = _widen(x, compute)
    return _finish(ir.Unary({"USub": "-", "UAdd": "+", "Invert": "~"}[op_name], x, compute), out)


def absolute(operand, location, construct):
    (dtype, out) = _types.resolve(numpy.absolute, (weak_operand(operand),), location, construct)
    x = coerce(operand, dtype, location)
    if dtype.kind == "b" or dtype.kind == "u":
        return x
    if dtype.kind == "i":
        zero = ir.Const(0, dtype)
        return ir.Ternary(ir.Binary("<", x, zero, _types.BOOL), _finish(ir.Unary("-", x, dtype), dtype), x, dtype)
    return _float_call("fabs", [x if _compute_dtype(dtype) == dtype else ir.Cast(x, _compute_dtype(dtype))], out)


# Ufuncs that are operators: called by name (numpy.add(x, y)) they are the operator.
OPERATOR_UFUNCS = {
    "add": "Add", "subtract": "Sub", "multiply": "Mult", "true_divide": "Div", "divide": "Div",
    "floor_divide": "FloorDiv", "remainder": "Mod", "mod": "Mod", "bitwise_and": "BitAnd", "bitwise_or": "BitOr",
    "bitwise_xor": "BitXor", "left_shift": "LShift", "right_shift": "RShift",
}
COMPARISON_UFUNCS = {"less": "Lt", "less_equal": "LtE", "greater": "Gt", "greater_equal": "GtE", "equal": "Eq",
                     "not_equal": "NotEq"}
UNARY_UFUNCS = {"negative": "USub", "positive": "UAdd", "invert": "Invert", "bitwise_not": "Invert"}
LOGICAL_UFUNCS = ("logical_and", "logical_or", "logical_xor", "logical_not")


def function_for(obj):
    """The math function `obj` stands for (a NumPy ufunc, a gpuarray ufunc or
    a function of Python's math module), as a ufunc name or a math-only name; None otherwise."""
    name = getattr(obj, "__name__", None)
    if not isinstance(name, str):
        return None
    if obj is getattr(math, name, None):
        name = _MATH_ALIASES.get(name, name)
        if name in _MATH_ONLY:
            return name
    elif not (isinstance(obj, numpy.ufunc) or type(obj).__name__ == "ufunc"):
        return None
    if name == "abs":
        name = "absolute"
    if name in _UNARY or name in _BINARY or name in _PREDICATES or name == "absolute":
        return name
    if name in OPERATOR_UFUNCS or name in COMPARISON_UFUNCS or name in UNARY_UFUNCS or name in LOGICAL_UFUNCS:
        return name
    return None


def call(name, args, location):
    """A math function of scalars (`name` from function_for)."""
    construct = f"{name}()"
    args = [require_scalar(a, location, f"{name}'s argument") for a in args]
    binary_names = (_BINARY, OPERATOR_UFUNCS, COMPARISON_UFUNCS, LOGICAL_UFUNCS[:3])
    expected = 2 if any(name in table for table in binary_names) else 1
    if len(args) == expected and name in OPERATOR_UFUNCS:
        return binary(OPERATOR_UFUNCS[name], args[0], args[1], location, construct)
    if len(args) == expected and name in COMPARISON_UFUNCS:
        return compare(COMPARISON_UFUNCS[name], args[0], args[1], location, construct)
    if len(args) == expected and name in UNARY_UFUNCS:
        return unary(UNARY_UFUNCS[name], args[0], location, construct)
    if len(args) == expected and name in LOGICAL_UFUNCS:
        values = [coerce(a, _types.BOOL, location) for a in args]
        if name == "logical_not":
            return ir.Unary("!", values[0], _types.BOOL)
        op = {"logical_and": "&&", "logical_or": "||", "logical_xor": "!="}[name]
        return ir.Binary(op, values[0], values[1], _types.BOOL)
    if len(args) != expected:
        raise JitError(f"{name}() takes {expected} argument{'s' if expected > 1 else ''}, got {len(args)}", location)
    if name in _BINARY:
        return binary(name, args[0], args[1], location, construct)
    x = args[0]
    if name == "absolute":
        return absolute(x, location, construct)
    ufunc = getattr(numpy, name) if name not in _MATH_ONLY else numpy.sqrt
    (dtype, out) = _types.resolve(ufunc, (weak_operand(x),), location, construct)
    value = coerce(x, dtype, location)
    compute = _compute_dtype(dtype)
    if compute != dtype:
        value = _widen(value, compute)
    if name in _PREDICATES:
        if compute.kind != "f":
            return ir.Const(name == "isfinite", _types.BOOL) if name != "signbit" else ir.Binary(
                "<", value, ir.Const(0, compute), _types.BOOL)
        return ir.Cast(ir.Call("ga::jit::" + _PREDICATES[name], [value], _types.BOOL), _types.BOOL)
    if name == "square":
        return _finish(ir.Binary("*", value, value, compute), out)
    if name == "reciprocal":
        if compute.kind in "iu":
            return _finish(ir.Binary("/", ir.Const(1, compute), value, compute), out)
        return _finish(ir.Binary("/", ir.Const(1.0, compute), value, compute), out)
    if name in ("deg2rad", "rad2deg"):
        factor = math.pi / 180 if name == "deg2rad" else 180 / math.pi
        return _finish(ir.Binary("*", value, ir.Const(factor, compute), compute), out)
    if name in ("floor", "ceil", "trunc", "rint", "fabs") and compute.kind in "iub":
        return _finish(value, out)
    cname = _MATH_ONLY.get(name) or _UNARY[name]
    return _float_call(cname, [value], out)
