# SPDX-License-Identifier: BSD-3-Clause
"""The typed intermediate form between Python's ast and CUDA C++.

Expressions carry their type (a numpy.dtype or an ArrayType, see _types.py)
and whether they are a weak Python number; statements carry the Python
Location they came from, which the emitter writes into its line map. The
translator (_translate.py) builds these, the emitter (_emit.py) prints them:
nothing here knows C++ but the names of operators and functions that the
translator chose."""
import dataclasses
import typing

import numpy

from gpuarray.jit._errors import Location


class Expr:
    """A typed expression."""
    type: typing.Any
    weak: bool = False


@dataclasses.dataclass
class Const(Expr):
    value: typing.Any
    type: numpy.dtype
    weak: bool = False


@dataclasses.dataclass
class Var(Expr):
    name: str                 # the C++ name
    type: typing.Any


@dataclasses.dataclass
class WeakVar(Expr):
    """A parameter holding a Python number (gpuarray.fuse's scalars): typed
    weakly, as NumPy 2 types Python scalars; `value` is 0, 0.0 or False, its kind."""
    name: str
    type: numpy.dtype
    value: typing.Any
    weak: bool = True


@dataclasses.dataclass
class Special(Expr):
    """A CUDA built-in value such as ``threadIdx.x`` or ``warpSize``."""
    text: str
    type: numpy.dtype


@dataclasses.dataclass
class Cast(Expr):
    operand: Expr
    type: numpy.dtype


@dataclasses.dataclass
class Unary(Expr):
    op: str                   # C++ operator: "-", "+", "~", "!"
    operand: Expr
    type: numpy.dtype


@dataclasses.dataclass
class Binary(Expr):
    """`left op right`, both operands already of the computing type."""
    op: str                   # C++ operator, or a function name written as op(left, right)
    left: Expr
    right: Expr
    type: numpy.dtype
    is_function: bool = False


@dataclasses.dataclass
class Logical(Expr):
    op: str                   # "&&" or "||"
    values: list
    type: numpy.dtype


@dataclasses.dataclass
class Ternary(Expr):
    condition: Expr
    if_true: Expr
    if_false: Expr
    type: typing.Any


@dataclasses.dataclass
class Call(Expr):
    """A C++ function call; `template` is written as ``name<template>(...)``."""
    function: str
    args: list
    type: typing.Any
    template: str = ""


@dataclasses.dataclass
class Element(Expr):
    """An array element: ``view(i, j)`` or ``pointer[i]``."""
    array: Expr
    indices: list
    type: numpy.dtype


@dataclasses.dataclass
class Member(Expr):
    """``view.shape[d]``, ``view.strides[d]``, ``view.size()``, ``view.data``."""
    array: Expr
    text: str
    type: typing.Any


@dataclasses.dataclass
class AddressOf(Expr):
    element: Expr
    type: typing.Any = None


# --- Statements ----------------------------------------------------------------------------

@dataclasses.dataclass
class Stmt:
    location: Location


@dataclasses.dataclass
class Assign(Stmt):
    target: Expr              # a Var or an Element
    value: Expr


@dataclasses.dataclass
class ExprStmt(Stmt):
    value: Expr


@dataclasses.dataclass
class If(Stmt):
    condition: Expr
    body: list
    orelse: list


@dataclasses.dataclass
class While(Stmt):
    condition: Expr
    body: list


@dataclasses.dataclass
class ForRange(Stmt):
    """``for var in range(start, stop, step)``; `step_sign` is +1, -1 or 0 (known at run time only)."""
    var: Var
    start: Expr
    stop: Expr
    step: Expr
    step_sign: int
    body: list
    unroll: typing.Any = None   # None, True, or a count


@dataclasses.dataclass
class Break(Stmt):
    pass


@dataclasses.dataclass
class Continue(Stmt):
    pass


@dataclasses.dataclass
class Return(Stmt):
    value: typing.Any = None


@dataclasses.dataclass
class Function:
    """A kernel (``__global__``) or device function, ready to print."""
    name: str
    params: list              # [(C++ name, type)]
    locals: dict              # {C++ name: type}: declared at the top, as Python's function scope
    body: list
    return_type: typing.Any   # None: void
    is_kernel: bool
    location: Location
    shared: list = dataclasses.field(default_factory=list)   # [(C++ name, dtype, size or None, alignment)]
    local_arrays: list = dataclasses.field(default_factory=list)  # [(C++ name, dtype, size)]
    uses_half: bool = False
