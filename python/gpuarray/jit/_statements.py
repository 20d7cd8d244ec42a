# SPDX-License-Identifier: BSD-3-Clause
"""Statements of a kernel: assignments (to locals, array elements and
tuples), if/while/for with break and continue, range loops (with steps of
either sign, and jit.range's unroll) and loops over compile-time tuples
(unrolled), return. Part of FunctionTranslator (_translate.py)."""
import ast

import numpy

from gpuarray.jit import _builtins, _math, _types
from gpuarray.jit import _ir as ir
from gpuarray.jit._errors import JitError, construct_name
from gpuarray.jit._names import cpp_identifier
from gpuarray.jit._values import Static, TupleValue, coerce, common_dtype, describe, require_scalar, to_bool


class StatementsMixin:
    """Statement translation; the expression side is FunctionTranslator's."""

    def block(self, statements):
        out = []
        for node in statements:
            method = getattr(self, "stmt_" + type(node).__name__, None)
            if method is None:
                raise JitError(f"{construct_name(node).split(' ')[0]} statements are not supported in kernels",
                               self.location(node))
            result = method(node)
            if result is None:
                continue
            out.extend(result if isinstance(result, list) else [result])
        return out

    def stmt_Pass(self, node):
        return None

    def stmt_Expr(self, node):
        value = self.expr(node.value)
        if isinstance(value, ir.Call):
            return ir.ExprStmt(self.location(node), value)
        return None   # an expression without effect does nothing, as in Python

    # --- Assignment -----------------------------------------------------------------------

    def stmt_Assign(self, node):
        value = self.expr(node.value)
        out = []
        for target in node.targets:
            out += self.assign(target, value, node)
        return out

    def stmt_AnnAssign(self, node):
        location = self.location(node)
        if not isinstance(node.target, ast.Name):
            raise JitError("annotated assignments declare a local variable", location)
        if isinstance(node.annotation, ast.Constant) and isinstance(node.annotation.value, str):
            annotation = Static(node.annotation.value)   # a dtype name: "float32"
        else:
            annotation = self.expr(node.annotation)
        dtype = None
        if isinstance(annotation, Static):
            try:
                dtype = numpy.dtype(annotation.value)
            except TypeError:
                dtype = None
        if dtype is None:
            raise JitError(f"the annotation of {node.target.id!r} must be a dtype or NumPy scalar type", location)
        dtype = _types.check_dtype(dtype, f"variable {node.target.id!r}", location)
        name = node.target.id
        if name in self.scope:
            raise JitError(f"variable {name!r} already has a type; annotate its first assignment", location)
        var = self.new_local(name, dtype, node)
        if node.value is None:
            return None
        value = require_scalar(self.expr(node.value), location, "the value")
        return [ir.Assign(location, var, coerce(value, dtype, location))]

    def new_local(self, name, t, node):
        cname = cpp_identifier(name)
        while cname in self.locals or any(cname == p for p, _ in self.params):
            cname += "_"
        var = ir.Var(cname, t)
        self.scope[name] = var
        self.locals[cname] = t
        self.first_assigned[name] = self.location(node)
        if t == _types.FLOAT16 or (isinstance(t, _types.ArrayType) and t.dtype == _types.FLOAT16):
            self.module.uses_half = True
        return var

    def assign(self, target, value, node):
        location = self.location(node)
        if isinstance(target, (ast.Tuple, ast.List)):
            if not isinstance(value, TupleValue) or len(value.items) != len(target.elts):
                raise JitError(f"cannot unpack {describe(value)} into {len(target.elts)} names", location)
            # Evaluate every item before assigning any (a, b = b, a swaps).
            temps, out = [], []
            for item in value.items:
                if isinstance(item, ir.Expr) and item.type is not None and not isinstance(item, ir.Const):
                    temp = ir.Var(self.fresh("t"), item.type)
                    self.locals[temp.name] = item.type
                    out.append(ir.Assign(location, temp, item))
                    temps.append(temp)
                else:
                    temps.append(item)
            for t, item in zip(target.elts, temps):
                out += self.assign(t, item, node)
            return out
        if isinstance(target, ast.Subscript):
            array = self.expr(target.value)
            if isinstance(target.slice, ast.Slice):
                raise JitError(f"slice assignment ({ast.unparse(target)}) is not supported in kernels", location)
            element = self.element(array, self.expr(target.slice), location, ast.unparse(target))
            return [ir.Assign(location, element, self.assignable(value, element.type, location, ast.unparse(target)))]
        if isinstance(target, ast.Name):
            return self.assign_name(target.id, value, node)
        raise JitError(f"cannot assign to {construct_name(target)} in kernels", location)

    def assign_name(self, name, value, node):
        location = self.location(node)
        if self.fuse_mode and name in self.parameter_names:
            if getattr(node, "in_place_update", False) and name in self.in_place_parameters:
                # `p = ufunc(...)` made of `ufunc(..., out=p)`: NumPy casts into p's dtype (same_kind)
                return [ir.Assign(location, self.scope[name], self.converted(name, self.scope[name], value, location))]
            raise JitError(f"assigning to argument {name!r} updates the array in place in NumPy; gpuarray.fuse runs "
                           "such functions unfused", location)
        if isinstance(value, (TupleValue, Static)):
            if name in self.scope and isinstance(self.scope[name], ir.Var):
                raise JitError(f"variable {name!r} holds {describe(self.scope[name])}; it cannot become "
                               f"{describe(value)}", location)
            if isinstance(value, TupleValue):
                # A tuple local is a tuple of locals: each item keeps its own type.
                items, out = [], []
                for i, item in enumerate(value.items):
                    if isinstance(item, ir.Expr) and item.type is not None:
                        var = self.new_local(f"{name}_{i}", item.type, node)
                        items.append(var)
                        out.append(ir.Assign(location, var, coerce(item, item.type, location)))
                    else:
                        items.append(item)
                self.scope[name] = TupleValue(items)
                return out
            self.scope[name] = value
            return []
        if value.type is None:
            raise JitError(f"{ast.unparse(node.value)} returns nothing; it cannot be assigned", location)
        existing = self.scope.get(name)
        if isinstance(value, ir.WeakVar) and existing is None:
            self.scope[name] = value   # another name for a Python-number parameter: still weak
            return []
        if existing is None or not isinstance(existing, ir.Var):
            t = value.type
            var = self.new_local(name, t, node)
            return [ir.Assign(location, var, coerce(value, t, location) if isinstance(t, numpy.dtype) else value)]
        return [ir.Assign(location, existing, self.converted(name, existing, value, location))]

    def converted(self, name, var, value, location):
        """`value` for a variable of a fixed type (same_kind conversions only)."""
        t = var.type
        if isinstance(t, _types.ArrayType) or isinstance(value.type, _types.ArrayType):
            if value.type != t:
                raise JitError(f"variable {name!r} is a {t}; it cannot be assigned {describe(value)}", location)
            return value
        if value.weak:
            if numpy.can_cast(type(value.value), t, "same_kind") or \
                    numpy.result_type(t, value.value) == t:
                return coerce(value, t, location)
        elif numpy.can_cast(value.type, t, "same_kind"):
            return coerce(value, t, location)
        first = self.first_assigned.get(name)
        where = f" (first assigned at line {first.line})" if first else ""
        raise JitError(f"type mismatch: variable {name!r} is {t}{where}; assigning {describe(value)} would change "
                       f"its type. Give it the wider type where it is first assigned (e.g. {name} = numpy.{value.type}(0))",
                       location)

    def stmt_AugAssign(self, node):
        location = self.location(node)
        op = type(node.op).__name__
        if op not in _math.BINARY_OPERATORS:
            raise JitError(f"operator {op} is not supported in kernels", location)
        if self.fuse_mode and isinstance(node.target, ast.Name) and node.target.id in self.parameter_names and \
                node.target.id not in self.in_place_parameters:
            raise JitError(f"{ast.unparse(node)} updates argument {node.target.id!r} in place; gpuarray.fuse runs "
                           "such functions unfused", location)
        current = require_scalar(self.expr(_load(node.target)), location, "the target")
        value = self.scalar(node.value)
        result = _math.binary(op, current, value, location, f"operator {ast.unparse(node)!r}")
        if isinstance(node.target, ast.Name):
            return [ir.Assign(location, self.scope[node.target.id],
                              self.converted(node.target.id, self.scope[node.target.id], result, location))]
        return self.assign(node.target, result, node)

    # --- Control flow ---------------------------------------------------------------------

    def stmt_If(self, node):
        condition = to_bool(self.scalar(node.test, "a condition"), self.location(node))
        if isinstance(condition, ir.Const):
            # A condition known at translation (a closure flag): only the branch taken is translated.
            return self.block(node.body if condition.value else node.orelse)
        self.elementwise_only(node, "an if statement on a value")
        return ir.If(self.location(node), condition, self.block(node.body), self.block(node.orelse))

    def stmt_While(self, node):
        location = self.location(node)
        if node.orelse:
            raise JitError("while ... else is not supported in kernels", location)
        self.elementwise_only(node, "a while loop")
        condition = to_bool(self.scalar(node.test, "a condition"), location)
        self.loop_depth += 1
        try:
            body = self.block(node.body)
        finally:
            self.loop_depth -= 1
        return ir.While(location, condition, body)

    def stmt_Break(self, node):
        return self.loop_exit(node, ir.Break)

    def stmt_Continue(self, node):
        return self.loop_exit(node, ir.Continue)

    def loop_exit(self, node, kind):
        if self.static_loop_depth and not self.loop_depth:
            raise JitError(f"{kind.__name__.lower()} in a loop over a tuple (unrolled at translation) is not "
                           "supported", self.location(node))
        return kind(self.location(node))

    def stmt_Return(self, node):
        location = self.location(node)
        if node.value is None:
            return ir.Return(location, None)
        return self.returned_value(self.expr(node.value), node)

    def stmt_For(self, node):
        location = self.location(node)
        if node.orelse:
            raise JitError("for ... else is not supported in kernels", location)
        iterable = node.iter
        if isinstance(iterable, ast.Call):
            func = self.expr(iterable.func)
            if isinstance(func, Static) and (func.value is range or func.value is _builtins.range):
                return self.range_loop(node, iterable, func.value is _builtins.range)
        values = self.expr(iterable)
        if isinstance(values, TupleValue):
            return self.unrolled_loop(node, values)
        raise JitError(f"for loops in kernels iterate over range(...), jit.range(...) or a tuple known at "
                       f"translation, not {describe(values)}", location)

    def unrolled_loop(self, node, values):
        out = []
        self.static_loop_depth += 1
        saved_depth, self.loop_depth = self.loop_depth, 0
        try:
            for item in values.items:
                existing = self.scope.get(node.target.id) if isinstance(node.target, ast.Name) else None
                if isinstance(item, ir.Const) and not isinstance(existing, ir.Var):
                    # The loop variable is the item itself, as in Python: a weak number stays weak.
                    self.scope[node.target.id] = item
                else:
                    out += self.assign(node.target, item, node)
                out += self.block(node.body)
        finally:
            self.static_loop_depth -= 1
            self.loop_depth = saved_depth
        return out

    def range_loop(self, node, call, is_jit_range):
        location = self.location(node)
        unroll = None
        for k in call.keywords:
            if k.arg != "unroll" or not is_jit_range:
                raise JitError(f"range() got an unexpected keyword argument {k.arg!r}", location)
            value = self.expr(k.value)
            if isinstance(value, ir.Const) and value.weak and not isinstance(value.value, float):
                unroll = value.value
            else:
                raise JitError("unroll must be True, False or an integer known at translation", location)
        args = [self.scalar(a, "a range bound") for a in call.args]
        if not all(isinstance(a, ir.Const) for a in args):
            self.elementwise_only(node, "a range loop with bounds computed from values")
        if not 1 <= len(args) <= 3:
            raise JitError(f"range expected 1 to 3 arguments, got {len(args)}", location)
        for a in args:
            if a.type.kind not in "iu" or (a.weak and isinstance(a.value, bool)):
                raise JitError(f"range bounds must be integers, got {describe(a)}", location)
        if len(args) == 1:
            args = [ir.Const(0, _types.INT64, weak=True), args[0]]
        if len(args) == 2:
            args.append(ir.Const(1, _types.INT64, weak=True))
        dtype = common_dtype(args, location, "range")
        start, stop, step = (coerce(a, dtype, location) for a in args)
        step_sign = 0
        if isinstance(step, ir.Const):
            if step.value == 0:
                raise JitError("range() arg 3 must not be zero", location)
            step_sign = 1 if step.value > 0 else -1
        elif dtype.kind == "u":
            step_sign = 1
        if not isinstance(node.target, ast.Name):
            raise JitError("the variable of a range loop is one name", location)
        counter = ir.Var(self.fresh("i"), dtype)
        self.locals[counter.name] = dtype
        limit, stride = ir.Var(self.fresh("stop"), dtype), ir.Var(self.fresh("step"), dtype)
        self.locals[limit.name] = dtype
        self.locals[stride.name] = dtype
        setup = [ir.Assign(location, limit, stop), ir.Assign(location, stride, step)]
        self.loop_depth += 1
        try:
            bind = self.assign_name(node.target.id, counter, node)
            body = bind + self.block(node.body)
        finally:
            self.loop_depth -= 1
        if unroll is False or unroll == 0:
            unroll = None
        loop = ir.ForRange(location, counter, start, limit, stride, step_sign, body, unroll)
        return setup + [loop]


def _load(target):
    """The same target read instead of written."""
    copy = ast.parse(ast.unparse(target), mode="eval").body
    ast.copy_location(copy, target)
    for n in ast.walk(copy):
        n.lineno = getattr(target, "lineno", 1)
        n.col_offset = getattr(target, "col_offset", 0)
    return copy
