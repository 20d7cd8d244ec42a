# SPDX-License-Identifier: BSD-3-Clause
"""Typed IR to CUDA C++ source, with a map from each generated line to the
Python line it came from (Note [Errors at the user's line]).

Note [Array parameters]
An N-d array argument becomes 1 + 2N kernel parameters: its data pointer,
its shape and its strides in bytes, each a plain scalar, so that the
engine's RawKernel converts them as it converts any argument (Note
[Argument conversion] in cpp/jit/kernel_args.hpp) and no struct layout has
to agree between host and device. The kernel's first lines gather them into
a ``ga::jit::Array<T, N>`` view (gpuarray/jit.cuh) under the argument's
name. Device functions take that view by value."""
import numpy

from gpuarray.jit import _ir as ir
from gpuarray.jit import _types

_NARROW = frozenset("?bBhH")
_COMPARISONS = frozenset(("<", "<=", ">", ">=", "==", "!=", "&&", "||"))


class Source:
    """Lines of C++ and, for each, the Location it came from (or None)."""

    def __init__(self):
        self.lines = []
        self.locations = []

    def add(self, text, location=None, indent=0):
        self.lines.append("  " * indent + text)
        self.locations.append(location)

    def text(self):
        return "\n".join(self.lines) + "\n"


def array_params(name, t):
    """The scalar parameters an array argument travels as: [(C++ name, C++ type)]."""
    # The _ga_ prefix keeps them apart from the user's names (Python names never get it: _names.py).
    params = [(f"_ga_{name}_data", f"{_types.cpp_name(t.dtype)}*")]
    params += [(f"_ga_{name}_shape{d}", "long long") for d in range(t.ndim)]
    params += [(f"_ga_{name}_stride{d}", "long long") for d in range(t.ndim)]
    return params


def emit_module(kernel, functions, uses_half):
    """The source of `kernel` and the device functions it calls: (text, line locations)."""
    out = Source()
    out.add("#include <gpuarray/jit.cuh>")
    if uses_half or _any_half(kernel, functions):
        out.add("#include <gpuarray/half.cuh>")
    for f in functions + [kernel]:
        out.add("")
        _emit_function(out, f)
    return out.text(), out.locations


def emit_device_functions(functions, uses_half):
    """The source of device functions alone (a preamble): (text, line locations)."""
    out = Source()
    out.add("#include <gpuarray/jit.cuh>")
    if uses_half or _any_half(None, functions):
        out.add("#include <gpuarray/half.cuh>")
    for f in functions:
        out.add("")
        _emit_function(out, f)
    return out.text(), out.locations


def _any_half(kernel, functions):
    def has_half(t):
        if isinstance(t, tuple):
            return any(has_half(x) for x in t)
        return t == _types.FLOAT16 or (isinstance(t, _types.ArrayType) and t.dtype == _types.FLOAT16)
    for f in functions + ([kernel] if kernel is not None else []):
        if any(has_half(t) for _, t in f.params) or any(has_half(t) for t in f.locals.values()):
            return True
        if has_half(f.return_type):
            return True
    return False


def _emit_function(out, f):
    if f.is_kernel:
        params = []
        for name, t in f.params:
            if isinstance(t, _types.ArrayType):
                params += [f"{ctype} {pname}" for pname, ctype in array_params(name, t)]
            else:
                params.append(f"{_types.cpp_name(t)} {name}")
        out.add(f'extern "C" __global__ void {f.name}({", ".join(params)}) {{', f.location)
        for name, t in f.params:
            if isinstance(t, _types.ArrayType):
                names = [pname for pname, _ in array_params(name, t)]
                shape, strides = ", ".join(names[1:1 + t.ndim]), ", ".join(names[1 + t.ndim:])
                out.add(f"const {t.cpp()} {name}{{{names[0]}, {{{shape}}}, {{{strides}}}}};", f.location, 1)
    else:
        tuple_result = isinstance(f.return_type, tuple)
        result = "void" if f.return_type is None or tuple_result else _types.cpp_type(f.return_type)
        params = [f"{_types.cpp_type(t)} {name}" for name, t in f.params]
        if tuple_result:   # a returned tuple is written through references
            params += [f"{_types.cpp_name(t)}& _ga_out{k}" for k, t in enumerate(f.return_type)]
        params = ", ".join(params)
        out.add(f"__device__ {result} {f.name}({params}) {{", f.location)
    for name, dtype, size, alignment in f.shared:
        align = f"__align__({alignment}) " if alignment else ""
        if size is None:
            out.add(f"extern __shared__ {align or '__align__(16) '}unsigned char _ga_dynamic_shared[];", f.location, 1)
        else:
            out.add(f"__shared__ {align}{_types.cpp_name(dtype)} {name}[{size}];", f.location, 1)
    for name, dtype, size in f.local_arrays:
        out.add(f"{_types.cpp_name(dtype)} {name}[{size}];", f.location, 1)
    for name, t in f.locals.items():
        out.add(f"{_types.cpp_type(t)} {name};", f.location, 1)
    _emit_block(out, f.body, 1)
    out.add("}", f.location)


def _emit_block(out, statements, indent):
    for s in statements:
        _emit_statement(out, s, indent)


def _emit_statement(out, s, indent):
    loc = s.location
    if isinstance(s, ir.Assign):
        out.add(f"{expr(s.target)} = {expr(s.value)};", loc, indent)
    elif isinstance(s, ir.ExprStmt):
        out.add(f"{expr(s.value)};", loc, indent)
    elif isinstance(s, ir.If):
        out.add(f"if ({expr(s.condition)}) {{", loc, indent)
        _emit_block(out, s.body, indent + 1)
        if s.orelse:
            out.add("} else {", loc, indent)
            _emit_block(out, s.orelse, indent + 1)
        out.add("}", loc, indent)
    elif isinstance(s, ir.While):
        out.add(f"while ({expr(s.condition)}) {{", loc, indent)
        _emit_block(out, s.body, indent + 1)
        out.add("}", loc, indent)
    elif isinstance(s, ir.ForRange):
        i, stop, step = s.var.name, expr(s.stop), expr(s.step)
        if s.step_sign > 0:
            test = f"{i} < {stop}"
        elif s.step_sign < 0:
            test = f"{i} > {stop}"
        else:
            test = f"({step} > 0) ? ({i} < {stop}) : ({i} > {stop})"
        if s.unroll is True:
            out.add("#pragma unroll", loc, indent)
        elif s.unroll:
            out.add(f"#pragma unroll {int(s.unroll)}", loc, indent)
        out.add(f"for ({i} = {expr(s.start)}; {test}; {i} += {step}) {{", loc, indent)
        _emit_block(out, s.body, indent + 1)
        out.add("}", loc, indent)
    elif isinstance(s, ir.Break):
        out.add("break;", loc, indent)
    elif isinstance(s, ir.Continue):
        out.add("continue;", loc, indent)
    elif isinstance(s, ir.Return):
        if isinstance(s.value, list):
            stores = " ".join(f"_ga_out{k} = {expr(v)};" for k, v in enumerate(s.value))
            out.add(f"{{ {stores} return; }}", loc, indent)
        else:
            out.add("return;" if s.value is None else f"return {expr(s.value)};", loc, indent)
    else:  # the translator makes no other statement
        raise AssertionError(f"unknown statement {s!r}")


def _cast(text, source, target):
    if source == target:
        return text
    if target == _types.FLOAT16:
        return f"__half(static_cast<float>({text}))" if source != _types.FLOAT16 else text
    if source == _types.FLOAT16:
        as_float = f"__half2float({text})"
        if target == numpy.float32:
            return as_float
        return f"({as_float} != 0.0f)" if target == _types.BOOL else f"static_cast<{_types.cpp_name(target)}>({as_float})"
    return f"static_cast<{_types.cpp_name(target)}>({text})"


def expr(e):
    """The C++ text of an IR expression (fully parenthesised)."""
    if isinstance(e, ir.Const):
        return _types.literal(e.value, e.type)
    if isinstance(e, (ir.Var, ir.WeakVar)):
        return e.name
    if isinstance(e, ir.Special):
        return e.text
    if isinstance(e, ir.Cast):
        return _cast(expr(e.operand), e.operand.type, e.type)
    if isinstance(e, ir.Unary):
        text = f"({e.op}{expr(e.operand)})"
        return _narrow(text, e.type) if e.op != "!" else text
    if isinstance(e, ir.Binary):
        if e.is_function or e.op[0].isalpha() or e.op.startswith("::"):
            return f"{e.op}({expr(e.left)}, {expr(e.right)})"
        text = f"({expr(e.left)} {e.op} {expr(e.right)})"
        return text if e.op in _COMPARISONS else _narrow(text, e.type)
    if isinstance(e, ir.Logical):
        return "(" + f" {e.op} ".join(expr(v) for v in e.values) + ")"
    if isinstance(e, ir.Ternary):
        return f"({expr(e.condition)} ? {expr(e.if_true)} : {expr(e.if_false)})"
    if isinstance(e, ir.Call):
        template = f"<{e.template}>" if e.template else ""
        return f"{e.function}{template}({', '.join(expr(a) for a in e.args)})"
    if isinstance(e, ir.Element):
        if e.array.type.kind == "view":
            return f"{expr(e.array)}({', '.join(expr(i) for i in e.indices)})"
        return f"{expr(e.array)}[{expr(e.indices[0])}]"
    if isinstance(e, ir.Member):
        return f"{expr(e.array)}.{e.text}"
    if isinstance(e, ir.AddressOf):
        return f"&{expr(e.element)}"
    raise AssertionError(f"unknown expression {e!r}")


def _narrow(text, dtype):
    """C++ computes bool, char and short arithmetic in int: convert back, as NumPy's loops do."""
    if isinstance(dtype, numpy.dtype) and dtype.char in _NARROW:
        return f"static_cast<{_types.cpp_name(dtype)}>{text}"
    return text
