# SPDX-License-Identifier: BSD-3-Clause
"""Python's ast to typed IR: one function, for one signature of argument types.

The translator walks the function's statements in order, giving each local
variable the type of its first assignment (later assignments must convert
to it under NumPy's "same_kind" rule, so ``acc = 0`` then ``acc += x[i]``
with a float32 x is an error at that line, as a silent int accumulator
would be a wrong answer). Locals are declared at the top of the generated
function, as Python's function scope is the whole function. Unsupported
constructs, names that are not defined and type errors raise JitError at
the user's line (Note [Errors at the user's line]); names resolve as
Note [Compile-time values] says."""
import ast
import builtins

import numpy

from gpuarray.jit import _builtins, _math, _types
from gpuarray.jit import _ir as ir
from gpuarray.jit._errors import JitError, Location, construct_name
from gpuarray.jit._names import cpp_identifier
from gpuarray.jit._source import parse_function
from gpuarray.jit._statements import StatementsMixin
from gpuarray.jit._values import (Static, TupleValue, coerce, common_dtype, describe, from_python, require_scalar,
                                  to_bool)

class Module:
    """What the functions translated for one kernel signature share: the
    device functions made so far, in the order they must be printed."""

    def __init__(self):
        self.functions = []          # ir.Function, callees before callers
        self.by_key = {}             # (python function, argument types) -> ir.Function
        self.in_progress = set()
        self.uses_half = False


def signature_key(values):
    out = []
    for v in values:
        out.append(("weak", v.type) if v.weak else v.type)
    return tuple(out)


class FunctionTranslator(StatementsMixin):
    """Translates one Python function for one list of argument types."""

    def __init__(self, func, parsed, arg_types, module, *, is_kernel, cpp_name):
        self.func = func
        self.parsed = parsed
        self.module = module
        self.is_kernel = is_kernel
        self.cpp_name = cpp_name
        self.scope = {}              # Python name -> ir.Var, TupleValue or Static
        self.locals = {}             # C++ name -> type
        self.first_assigned = {}     # Python name -> Location
        self.shared, self.local_arrays = [], []
        self.returns = []            # ir.Return statements with a value
        self.allow_tuple_return = False
        # gpuarray.fuse: arguments stand for arrays, so constructs that are not
        # elementwise on arrays (truth values, Python's min/max) are refused.
        self.fuse_mode = False
        # gpuarray.fuse: the array arguments a fused function updates in place (x += ..., out=x);
        # their final values are among the function's results (Note [In-place updates in fuse]).
        self.in_place_parameters = frozenset()
        self.counter = 0
        self.loop_depth = 0
        self.static_loop_depth = 0
        node = parsed.node
        self.assigned = _assigned_names(node)
        self.closure = _closure_values(func)
        self.globals = getattr(func, "__globals__", {})
        args = node.args
        if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs or args.defaults:
            raise JitError("kernels take positional parameters only (no *args, **kwargs, keyword-only "
                           "parameters or defaults)", self.location(node))
        names = [a.arg for a in args.args]
        self.parameter_names = frozenset(names)
        if len(names) != len(arg_types):
            raise JitError(f"{parsed.name}() takes {len(names)} arguments, got {len(arg_types)}", self.location(node))
        self.params = []
        for name, t in zip(names, arg_types):
            if isinstance(t, (ir.Const, TupleValue, Static)):
                self.scope[name] = t   # known at translation (vectorize's excluded arguments)
                continue
            cname = cpp_identifier(name)
            if isinstance(t, _types.WeakScalar):
                self.scope[name] = ir.WeakVar(cname, t.dtype, t.kind(0))
                self.params.append((cname, t.dtype))
                continue
            self.scope[name] = ir.Var(cname, t)
            self.params.append((cname, t))

    # --- Locations and names --------------------------------------------------------------

    def location(self, node):
        return Location(self.parsed.filename, getattr(node, "lineno", self.parsed.node.lineno), self.parsed.name)

    def fresh(self, stem):
        self.counter += 1
        return f"_ga_{stem}{self.counter}"

    def elementwise_only(self, node, what):
        """In fuse mode, refuses `what`, which NumPy does not apply element by element."""
        if self.fuse_mode:
            raise JitError(f"{what} is not elementwise on arrays (NumPy takes the truth value of a whole array); "
                           "gpuarray.fuse runs such functions unfused", self.location(node))

    def lookup(self, name, node):
        if name in self.scope:
            return self.scope[name]
        location = self.location(node)
        if name in self.assigned:
            raise JitError(f"variable {name!r} is used before it is assigned, so it has no type", location)
        if name in self.closure:
            return from_python(self.closure[name], location, f"closure variable {name!r}")
        if name in self.globals:
            return from_python(self.globals[name], location, f"global {name!r}")
        if hasattr(builtins, name):
            return Static(getattr(builtins, name))
        raise JitError(f"name {name!r} is not defined", location)

    # --- Functions ------------------------------------------------------------------------

    def translate(self):
        node = self.parsed.node
        if isinstance(node, ast.Lambda):
            body = [self.returned_value(self.expr(node.body), node.body)]
        else:
            statements = node.body
            if statements and isinstance(statements[0], ast.Expr) and isinstance(statements[0].value, ast.Constant) \
                    and isinstance(statements[0].value.value, str):
                statements = statements[1:]   # the docstring
            body = self.block(statements)
        return_type = self.unify_returns(node)
        return ir.Function(self.cpp_name, self.params, self.locals, body, return_type, self.is_kernel,
                           self.location(node), self.shared, self.local_arrays)

    def returned_value(self, value, node):
        """A Return statement of `value`; its type is fixed once every return is seen (unify_returns)."""
        location = self.location(node)
        if isinstance(value, Static) and value.value is None:
            return ir.Return(location, None)
        if isinstance(value, TupleValue) and self.allow_tuple_return:
            for item in value.items:
                require_scalar(item, location, "a returned tuple's item")
        elif isinstance(value, TupleValue) or not isinstance(value, ir.Expr) or value.type is None:
            raise JitError(f"a function can return one scalar or array, not {describe(value)}", location)
        statement = ir.Return(location, value)
        self.returns.append(statement)
        return statement

    def unify_returns(self, node):
        """The return type: the NumPy result type of every returned value (per item for tuples)."""
        if not self.returns:
            return None
        first = self.returns[0].location
        if self.is_kernel:
            raise JitError("a kernel cannot return a value; write results into an array argument", first)
        if any(isinstance(r.value, TupleValue) for r in self.returns):
            sizes = {len(r.value.items) if isinstance(r.value, TupleValue) else None for r in self.returns}
            if len(sizes) != 1 or None in sizes:
                raise JitError("every return of a function returning a tuple returns a tuple of the same length",
                               first)
            dtypes = tuple(self.unify([r.value.items[k] for r in self.returns], [r.location for r in self.returns])
                           for k in range(sizes.pop()))
            for r in self.returns:
                r.value = [coerce(v, d, r.location) for v, d in zip(r.value.items, dtypes)]
            return dtypes
        values = [r.value for r in self.returns]
        if any(isinstance(v.type, _types.ArrayType) for v in values):
            if len({v.type for v in values}) != 1:
                raise JitError("returned arrays differ in type", first)
            return values[0].type
        dtype = self.unify(values, [r.location for r in self.returns])
        for r in self.returns:
            r.value = coerce(r.value, dtype, r.location)
        return dtype

    def unify(self, values, locations):
        dtype = common_dtype(values, locations[0], "the returned values")
        for value, location in zip(values, locations):
            if not value.weak and not numpy.can_cast(value.type, dtype, "same_kind"):
                raise JitError(f"returns {value.type} here but {dtype} elsewhere", location)
        return dtype

    def call_function(self, func, args, location):
        """A call of a Python function (a device function) from this one."""
        from_kernel = getattr(func, "_jit_python_function", None)
        if from_kernel is not None:
            if not getattr(func, "device", False):
                raise JitError(f"{func.__name__} is a kernel (rawkernel without device=True); kernels cannot be "
                               "called from kernels", location)
            func = from_kernel
        for a in args:
            if not isinstance(a, ir.Expr) or a.type is None:
                raise JitError(f"arguments of device function {func.__name__!r} must be scalars or arrays, got "
                               f"{describe(a)}", location)
        args = [coerce(a, a.type, location) if a.weak else a for a in args]
        key = (func, tuple(a.type for a in args))
        if key in self.module.in_progress:
            raise JitError(f"{func.__name__!r} calls itself: recursion is not supported in kernels", location)
        target = self.module.by_key.get(key)
        if target is None:
            self.module.in_progress.add(key)
            try:
                parsed = parse_function(func)
                name = f"{cpp_identifier(func.__name__)}_{len(self.module.functions)}"
                callee = FunctionTranslator(func, parsed, [a.type for a in args], self.module, is_kernel=False,
                                            cpp_name=name)
                callee.fuse_mode = self.fuse_mode   # a helper of a fused function sees arrays too
                target = callee.translate()
            finally:
                self.module.in_progress.discard(key)
            self.module.functions.append(target)
            self.module.by_key[key] = target
        return ir.Call(target.name, args, target.return_type)

    # --- Memory ---------------------------------------------------------------------------

    def declare_memory(self, kind, dtype, size, alignment, location):
        if dtype == _types.FLOAT16:
            self.module.uses_half = True
        if kind == "shared" and size is None:
            self.shared.append(("_ga_dynamic_shared", dtype, None, alignment))
            t = _types.ArrayType(dtype, 1, "shared")
            return ir.Special(f"reinterpret_cast<{_types.cpp_name(dtype)}*>(_ga_dynamic_shared)", t)
        name = self.fresh(kind)
        t = _types.ArrayType(dtype, 1, kind)
        (self.shared if kind == "shared" else self.local_arrays).append(
            (name, dtype, size, alignment) if kind == "shared" else (name, dtype, size))
        return ir.Var(name, t)

    def element(self, array, index, location, construct):
        """The element `array[index]` (index a scalar or a tuple of them)."""
        if not isinstance(array, ir.Expr) or not isinstance(array.type, _types.ArrayType):
            raise JitError(f"{construct}: {describe(array)} is not an array", location)
        indices = index.items if isinstance(index, TupleValue) else [index]
        t = array.type
        wanted = t.ndim if t.kind == "view" else 1
        if len(indices) != wanted:
            raise JitError(f"{construct}: a {t} takes {wanted} indices, got {len(indices)} (slices and partial "
                           "indexing are not supported in kernels)", location)
        out = []
        for i in indices:
            i = require_scalar(i, location, "an index")
            if i.type.kind not in "iub":
                raise JitError(f"{construct}: indices must be integers, got {describe(i)}", location)
            out.append(coerce(i, _types.INT64, location) if i.weak else i)
        return ir.Element(array, out, t.dtype)

    def assignable(self, value, dtype, location, construct):
        """`value` converted for storage into `dtype` (NumPy's setitem casts, unsafe)."""
        value = require_scalar(value, location, f"the value of {construct}")
        return coerce(value, dtype, location)

    # --- Expressions ----------------------------------------------------------------------

    def expr(self, node):
        method = getattr(self, "expr_" + type(node).__name__, None)
        if method is None:
            raise JitError(f"{construct_name(node)} is not supported in kernels", self.location(node))
        value = method(node)
        if isinstance(value, Static) and isinstance(value.value, _builtins.WarpSize):
            return ir.Special("warpSize", numpy.dtype(numpy.int32))
        return value

    def scalar(self, node, what="an operand"):
        return require_scalar(self.expr(node), self.location(node), what)

    def expr_Constant(self, node):
        value = node.value
        if value is None:
            return Static(None)
        if isinstance(value, (bool, int, float)):
            return ir.Const(value, _types.default_dtype(value), weak=True)
        raise JitError(f"constant {value!r} ({type(value).__name__}) is not supported in kernels",
                       self.location(node))

    def expr_Name(self, node):
        return self.lookup(node.id, node)

    def expr_Tuple(self, node):
        return TupleValue([self.expr(e) for e in node.elts])

    expr_List = expr_Tuple

    def expr_Attribute(self, node):
        base = self.expr(node.value)
        location = self.location(node)
        attr = node.attr
        if isinstance(base, Static):
            obj = base.value
            if isinstance(obj, _builtins.Dim3):
                if attr not in ("x", "y", "z"):
                    raise JitError(f"{obj.name} has members x, y and z, not {attr!r}", location)
                return obj.member(attr)
            if not hasattr(obj, attr):
                raise JitError(f"{describe(base)} has no attribute {attr!r}", location)
            return from_python(getattr(obj, attr), location, f"{ast.unparse(node)}")
        if isinstance(base, ir.Expr) and isinstance(base.type, _types.ArrayType):
            return self.array_attribute(base, attr, location)
        raise JitError(f"{describe(base)} has no attribute {attr!r} in kernels", location)

    def array_attribute(self, array, attr, location):
        t = array.type
        if attr == "ndim":
            return ir.Const(t.ndim, _types.INT64, weak=True)
        if attr == "dtype":
            return Static(t.dtype)
        if attr == "itemsize":
            return ir.Const(t.dtype.itemsize, _types.INT64, weak=True)
        if t.kind != "view":
            raise JitError(f"{t} has no {attr!r}: shared and local memory are plain 1-d buffers", location)
        if attr == "shape":
            return TupleValue([ir.Member(array, f"shape[{d}]", _types.INT64) for d in range(t.ndim)])
        if attr == "strides":
            return TupleValue([ir.Member(array, f"strides[{d}]", _types.INT64) for d in range(t.ndim)])
        if attr == "size":
            return ir.Member(array, "size()", _types.INT64)
        raise JitError(f"arrays in kernels have shape, strides, size, ndim, dtype and itemsize, not {attr!r}",
                       location)

    def expr_Subscript(self, node):
        base = self.expr(node.value)
        location = self.location(node)
        if isinstance(node.slice, ast.Slice):
            raise JitError(f"slicing ({ast.unparse(node)}) is not supported in kernels", location)
        index = self.expr(node.slice)
        if isinstance(base, TupleValue):
            i = index.value if isinstance(index, ir.Const) and index.weak and isinstance(index.value, int) else None
            if i is None or not -len(base.items) <= i < len(base.items):
                raise JitError(f"a tuple is indexed by an integer constant in range, got {describe(index)}", location)
            return base.items[i]
        return self.element(base, index, location, ast.unparse(node))

    def expr_BinOp(self, node):
        op = type(node.op).__name__
        location = self.location(node)
        if op not in _math.BINARY_OPERATORS:
            raise JitError(f"operator {op} is not supported in kernels", location)
        left, right = self.scalar(node.left), self.scalar(node.right)
        if isinstance(left, ir.Const) and isinstance(right, ir.Const) and left.weak and right.weak:
            folded = _fold(node.op, left.value, right.value)
            if folded is not None:
                return ir.Const(folded, _types.default_dtype(folded), weak=True)
        return _math.binary(op, left, right, location, f"operator {ast.unparse(node)!r}")

    def expr_UnaryOp(self, node):
        operand = self.scalar(node.operand)
        location = self.location(node)
        if isinstance(node.op, ast.Not):
            self.elementwise_only(node, "not")
            return ir.Unary("!", to_bool(operand, location), _types.BOOL)
        if isinstance(operand, ir.Const) and operand.weak and not isinstance(node.op, ast.Invert):
            value = -operand.value if isinstance(node.op, ast.USub) else +operand.value
            return ir.Const(value, _types.default_dtype(value), weak=True)
        return _math.unary(type(node.op).__name__, operand, location, f"operator {ast.unparse(node)!r}")

    def expr_BoolOp(self, node):
        self.elementwise_only(node, "and/or")
        location = self.location(node)
        values = [to_bool(self.scalar(v, "an operand of and/or"), location) for v in node.values]
        return ir.Logical("&&" if isinstance(node.op, ast.And) else "||", values, _types.BOOL)

    def expr_Compare(self, node):
        if len(node.ops) > 1:
            self.elementwise_only(node, "a chained comparison")
        location = self.location(node)
        parts = []
        left = self.scalar(node.left)
        for op, right_node in zip(node.ops, node.comparators):
            name = type(op).__name__
            if name not in _math.COMPARISONS:
                raise JitError(f"comparison {name} ({ast.unparse(node)!r}) is not supported in kernels", location)
            right = self.scalar(right_node)
            if isinstance(left, ir.Const) and isinstance(right, ir.Const) and left.weak and right.weak \
                    and len(node.ops) == 1:
                folded = _fold_compare(op, left.value, right.value)
                return ir.Const(folded, _types.BOOL, weak=True)
            parts.append(_math.compare(name, left, right, location, f"comparison {ast.unparse(node)!r}"))
            left = right
        return parts[0] if len(parts) == 1 else ir.Logical("&&", parts, _types.BOOL)

    def expr_IfExp(self, node):
        location = self.location(node)
        condition = to_bool(self.scalar(node.test), location)
        if not isinstance(condition, ir.Const):
            self.elementwise_only(node, "a conditional expression")
        a, b = self.expr(node.body), self.expr(node.orelse)
        if isinstance(a, ir.Expr) and isinstance(a.type, _types.ArrayType):
            if not isinstance(b, ir.Expr) or b.type != a.type:
                raise JitError("both branches of a conditional expression must be arrays of one type", location)
            return ir.Ternary(condition, a, b, a.type)
        a, b = require_scalar(a, location, "a branch"), require_scalar(b, location, "a branch")
        dtype = common_dtype([a, b], location, "a conditional expression")
        return ir.Ternary(condition, coerce(a, dtype, location), coerce(b, dtype, location), dtype)

    def expr_Call(self, node):
        location = self.location(node)
        func = self.expr(node.func)
        args = []
        for a in node.args:
            if isinstance(a, ast.Starred):
                value = self.expr(a.value)
                if not isinstance(value, TupleValue):
                    raise JitError("only tuples can be unpacked into a call", location)
                args.extend(value.items)
            else:
                args.append(self.expr(a))
        kwargs = {}
        for k in node.keywords:
            if k.arg is None:
                raise JitError("**kwargs in calls is not supported in kernels", location)
            kwargs[k.arg] = self.expr(k.value)
        if not isinstance(func, Static):
            raise JitError(f"{describe(func)} is not callable", location)
        return self.call(func.value, args, kwargs, location, node)

    def call(self, obj, args, kwargs, location, node):
        if isinstance(obj, _builtins.Builtin):
            return obj.handler(self, args, kwargs, location)
        name = getattr(obj, "__name__", repr(obj))
        math_name = _math.function_for(obj)
        if math_name is not None:
            if kwargs:
                raise JitError(f"{name}() takes no keyword arguments in kernels", location)
            return _math.call(math_name, args, location)
        if obj in (builtins.abs, builtins.min, builtins.max, builtins.len, builtins.int, builtins.float,
                   builtins.bool, builtins.range):
            if kwargs:
                raise JitError(f"{name}() takes no keyword arguments in kernels", location)
            return self.call_python_builtin(obj, args, location)
        if _is_array_function(obj, "where") and len(args) == 3 and not kwargs:
            condition = to_bool(require_scalar(args[0], location, "where's condition"), location)
            a, b = (require_scalar(v, location, "where's choices") for v in args[1:])
            dtype = common_dtype([a, b], location, "where()")
            return ir.Ternary(condition, coerce(a, dtype, location), coerce(b, dtype, location), dtype)
        if _is_array_function(obj, "clip") and len(args) == 3 and not kwargs:
            low = _math.binary("maximum", require_scalar(args[0], location, "clip's a"),
                               require_scalar(args[1], location, "clip's a_min"), location, "clip()")
            return _math.binary("minimum", low, require_scalar(args[2], location, "clip's a_max"), location, "clip()")
        dtype = _as_dtype(obj)
        if dtype is not None:
            if kwargs or len(args) != 1:
                raise JitError(f"{name}(x) converts one scalar", location)
            dtype = _types.check_dtype(dtype, name, location)
            if dtype == _types.FLOAT16:
                self.module.uses_half = True
            return coerce(require_scalar(args[0], location, f"{name}'s argument"), dtype, location)
        if str(getattr(obj, "__module__", "")).split(".")[0] in ("gpuarray", "numpy") and \
                not hasattr(obj, "_jit_python_function"):
            raise JitError(f"{name} (an array function) cannot be called in kernels: the math functions, "
                           "where and clip can", location)
        if callable(obj) and (hasattr(obj, "__code__") or hasattr(obj, "_jit_python_function")):
            if kwargs:
                raise JitError(f"device function {name!r} is called with positional arguments only", location)
            return self.call_function(obj, args, location)
        raise JitError(f"{name} ({type(obj).__name__}) cannot be called in kernels", location)

    def call_python_builtin(self, obj, args, location):
        name = obj.__name__
        if self.fuse_mode and obj is not builtins.abs:
            raise JitError(f"Python's {name}() is not elementwise on arrays; gpuarray.fuse runs such functions "
                           "unfused", location)
        if obj is builtins.range:
            raise JitError("range can only be the iterable of a for loop", location)
        if obj is builtins.len:
            if len(args) != 1:
                raise JitError("len() takes one argument", location)
            if isinstance(args[0], TupleValue):
                return ir.Const(len(args[0].items), _types.INT64, weak=True)
            return self.array_attribute(args[0], "shape", location).items[0] if isinstance(
                args[0], ir.Expr) and isinstance(args[0].type, _types.ArrayType) and args[0].type.ndim > 0 and \
                args[0].type.kind == "view" else _raise(JitError(f"len() of {describe(args[0])}", location))
        if len(args) == 1 and isinstance(args[0], TupleValue) and obj in (builtins.min, builtins.max):
            args = args[0].items
        scalars = [require_scalar(a, location, f"{name}'s argument") for a in args]
        if obj is builtins.abs:
            if len(scalars) != 1:
                raise JitError("abs() takes one argument", location)
            return _math.absolute(scalars[0], location, "abs()")
        if obj in (builtins.int, builtins.float, builtins.bool):
            if len(scalars) != 1:
                raise JitError(f"{name}() converts one scalar in kernels", location)
            target = {builtins.int: _types.INT64, builtins.float: _types.FLOAT64, builtins.bool: _types.BOOL}[obj]
            return coerce(scalars[0], target, location)
        if len(scalars) < 2:
            raise JitError(f"{name}() needs two or more scalars in kernels", location)
        # Python's min and max: the first of the extreme values (NaN comparisons are false).
        dtype = common_dtype(scalars, location, f"{name}()")
        result = coerce(scalars[0], dtype, location)
        for other in scalars[1:]:
            other = coerce(other, dtype, location)
            better = ir.Binary(">" if obj is builtins.max else "<", other, result, _types.BOOL)
            result = ir.Ternary(better, other, result, dtype)
        return result


def _raise(error):
    raise error


def _is_array_function(obj, name):
    """`obj` is NumPy's or gpuarray's function `name` (where, clip)."""
    if obj is getattr(numpy, name, None):
        return True
    return getattr(obj, "__name__", None) == name and str(getattr(obj, "__module__", "")).startswith("gpuarray")


def _as_dtype(obj):
    """The dtype a cast target names (numpy.float32, gpuarray.int8, a dtype), else None."""
    if isinstance(obj, numpy.dtype):
        return obj
    if isinstance(obj, type) and issubclass(obj, numpy.generic):
        return numpy.dtype(obj)
    return None


def _fold(op, a, b):
    """Python's arithmetic on two weak numbers (constants stay weak, as in NumPy); None when it raises."""
    try:
        value = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b, ast.Div: lambda: a / b,
                 ast.FloorDiv: lambda: a // b, ast.Mod: lambda: a % b, ast.Pow: lambda: a ** b,
                 ast.BitAnd: lambda: a & b, ast.BitOr: lambda: a | b, ast.BitXor: lambda: a ^ b,
                 ast.LShift: lambda: a << b, ast.RShift: lambda: a >> b}[type(op)]()
    except (ArithmeticError, TypeError, ValueError):
        return None
    return value if isinstance(value, (bool, int, float)) else None


def _fold_compare(op, a, b):
    return {ast.Lt: a < b, ast.LtE: a <= b, ast.Gt: a > b, ast.GtE: a >= b, ast.Eq: a == b,
            ast.NotEq: a != b}[type(op)]


def _assigned_names(node):
    """The names a function assigns (its locals, as Python's compiler decides)."""
    names = set()
    body = node.body if isinstance(node.body, list) else [node.body]
    for stmt in body:
        for n in ast.walk(stmt):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                names.add(n.id)
            elif isinstance(n, (ast.FunctionDef, ast.Lambda, ast.ClassDef)) and n is not node:
                pass
    return names


def _closure_values(func):
    code = getattr(func, "__code__", None)
    cells = getattr(func, "__closure__", None) or ()
    out = {}
    if code is not None:
        for name, cell in zip(code.co_freevars, cells):
            try:
                out[name] = cell.cell_contents
            except ValueError:   # an empty cell: the name is not bound yet
                pass
    return out

