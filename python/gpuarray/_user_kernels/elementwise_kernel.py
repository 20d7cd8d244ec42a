# SPDX-License-Identifier: BSD-3-Clause
"""CuPy's ElementwiseKernel: a per-element operation written in CUDA C++,
run by the elementwise engine like any ufunc. The parameters are parsed here,
once; calls go straight to C++ (cpp/bindings/user_kernels.cpp; how parameters
become operands: Note [User elementwise kernels] in
cpp/kernels/user_elementwise.hpp)."""
import collections
import re

import numpy

from gpuarray import _core
from gpuarray.cuda.compiler import _as_strings

# `ctype` is the type as written: a dtype name, or a placeholder such as 'T'.
ParameterInfo = collections.namedtuple("ParameterInfo", "name dtype ctype raw is_const")

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
# NVRTC options the engine honours: macros become #define lines ahead of the
# preamble, and its kernels are C++17, which older -std levels compile as.
_DEFINE = re.compile(r"(?:-D|--define-macro=?)\s*([A-Za-z_]\w*)(?:=(.*))?\Z", re.S)
_STD = re.compile(r"--?std=c\+\+(03|11|14|17)\Z")
# Options that only loosen floating-point accuracy or add line information:
# ignored, so results keep NumPy's rounding (the engine compiles with -fmad=false).
_IGNORED = re.compile(r"--?(use_fast_math|fmad=\w+|ftz=\w+|prec-div=\w+|prec-sqrt=\w+|lineinfo|generate-line-info)\Z")


def _parse_params(text, is_const):
    """CuPy's parameter list: comma-separated `[raw] type name`; a type of one
    character is a placeholder, anything longer a NumPy dtype name."""
    if not isinstance(text, str):
        raise TypeError(f"parameter lists are strings, got {type(text).__name__}")
    if not text.strip():
        return ()
    params = []
    for item in text.strip().split(","):
        words = item.split()
        if len(words) < 2:
            raise ValueError(f"Syntax error: {item!r} is not '[raw] type name'")
        *modifiers, ctype, name = words
        for m in modifiers:
            if m != "raw":
                raise ValueError(f'Unknown keyword "{m}" in {item.strip()!r}')
        dtype = None if len(ctype) == 1 else numpy.dtype(ctype)
        params.append(ParameterInfo(name, dtype, ctype, "raw" in modifiers, is_const))
    return tuple(params)


def _option_defines(options):
    """The #define lines `options` stand for; ValueError for options without an equivalent."""
    lines = []
    for opt in options:
        m = _DEFINE.match(opt)
        if m:
            lines.append(f"#define {m.group(1)} {'1' if m.group(2) is None else m.group(2)}\n")
        elif not (_STD.match(opt) or _IGNORED.match(opt)):
            raise ValueError(f"ElementwiseKernel does not support the compile option {opt!r}: elementwise "
                             "kernels compile with the engine's options (-std=c++17, -fmad=false); "
                             "-D/--define-macro and -std up to c++17 are accepted")
    return "".join(lines)


class ElementwiseKernel(_core._ElementwiseKernel):
    """A user-defined elementwise kernel, as CuPy's.

    ``in_params`` and ``out_params`` are comma-separated ``'[raw] type name'``
    lists: ``type`` is a dtype name (``float32``, ``int64``, ``bool``; anything
    ``numpy.dtype`` reads) or a one-character placeholder (``T``) whose dtype
    comes from the array arguments of each call; every parameter of one
    placeholder must get the same dtype, and a typed parameter exactly its own.
    ``operation`` is CUDA C++ run once per element of the broadcast shape: it
    sees the parameters by name (array elements as references, scalars by
    value, ``raw`` arrays whole: ``x[j]`` is the j-th element in C order and
    ``x.size()`` their count), ``i`` (the element's C-order index),
    ``_ind.size()`` (the element count) and the placeholders as type names
    (also in ``preamble``, which is placed before the kernel).

    ``kernel(*args, size=None, block_size=None, stream=None)`` takes the inputs,
    optionally followed by all outputs (otherwise new C-contiguous arrays of
    the broadcast shape; ``size=`` sets the loop size when every array is
    ``raw``). It returns the output, a tuple of outputs (several, or
    ``return_tuple``), or None (``no_return``). Kernels are compiled once per
    combination of dtypes and cached like every elementwise kernel.

    Differences from CuPy: ``loop_prep`` and ``after_loop`` run around the
    operation for each element, not once per thread (the same for
    declarations and for per-thread accumulations flushed atomically);
    ``block_size`` is checked, and the engine picks the launch shape;
    ``reduce_dims`` changes nothing (the engine always merges dimensions, and
    neither ``i`` nor ``raw`` indexing depends on it); raw arrays have no
    ``shape()`` or N-d indexing; of the compile ``options``, ``-D`` macros and
    ``-std`` up to C++17 are honoured and accuracy-only flags ignored."""

    def __init__(self, in_params, out_params, operation, name="kernel", reduce_dims=True, preamble="",
                 no_return=False, return_tuple=False, *, loop_prep="", after_loop="", options=()):
        if not isinstance(name, str) or not _IDENTIFIER.match(name):
            raise ValueError(f'Invalid kernel name: "{name}"')
        ins, outs = _parse_params(in_params, True), _parse_params(out_params, False)
        if any(p.name == "i" for p in ins + outs):
            raise ValueError("Can not use 'i' as a parameter name")
        options = _as_strings(options, "options")
        super().__init__([(p.name, p.dtype, p.ctype, p.raw) for p in ins],
                         [(p.name, p.dtype, p.ctype, p.raw) for p in outs],
                         operation, name, _option_defines(options) + preamble, loop_prep, after_loop,
                         bool(no_return), bool(return_tuple))
        self.in_params, self.out_params = ins, outs
        self.nin, self.nout, self.nargs = len(ins), len(outs), len(ins) + len(outs)
        self.name = self.__name__ = name
        self.operation, self.preamble = operation, preamble
        self.loop_prep, self.after_loop, self.options = loop_prep, after_loop, options
        self.reduce_dims, self.no_return, self.return_tuple = bool(reduce_dims), bool(no_return), bool(return_tuple)

    def __repr__(self):
        return f"<ElementwiseKernel {self.name!r}>"


__all__ = ["ElementwiseKernel"]
