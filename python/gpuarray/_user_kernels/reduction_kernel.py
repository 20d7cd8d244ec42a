# SPDX-License-Identifier: BSD-3-Clause
"""CuPy's ReductionKernel: map each element with a CUDA expression, combine
pairs with another (`a`, `b`), write each result with a third, on the
engine's reduction planner (cpp/kernels/user_reduction.cpp). Types are
resolved here, per call; the kernels are cached like every reduction."""
import numpy

from gpuarray import _core
from gpuarray._core import ndarray
from gpuarray._user_kernels.elementwise_kernel import _IDENTIFIER, _option_defines, _parse_params
from gpuarray.cuda.compiler import _as_strings

_CTYPES = {numpy.dtype(k): v for k, v in {
    "bool": "bool", "int8": "signed char", "int16": "short", "int32": "int", "int64": "long long",
    "uint8": "unsigned char", "uint16": "unsigned short", "uint32": "unsigned int", "uint64": "unsigned long long",
    "float16": "__half", "float32": "float", "float64": "double", "complex64": "ga::complex<float>",
    "complex128": "ga::complex<double>"}.items()}


def _scalar_dtype(value):
    if isinstance(value, (bool, numpy.bool_)):
        return numpy.dtype(numpy.bool_)
    if isinstance(value, int):
        return numpy.dtype(numpy.int64)
    if isinstance(value, float):
        return numpy.dtype(numpy.float64)
    if isinstance(value, complex):
        return numpy.dtype(numpy.complex128)
    return numpy.asarray(value).dtype


class ReductionKernel:
    """A user-defined reduction, as CuPy's.

    ``in_params`` / ``out_params`` are ``'type name'`` lists as for
    ElementwiseKernel (one-letter types are placeholders resolved from the
    arguments; there must be one output). ``map_expr`` maps one element of the
    broadcast inputs (named by ``in_params``) to the reduce type;
    ``reduce_expr`` combines two reduced values ``a`` and ``b`` (it must be
    associative and commutative: the order of combination is the engine's);
    ``post_map_expr`` writes the output from ``a``; ``identity`` (a CUDA
    expression, or None: then each reduction starts from its first element)
    starts every reduction. ``reduce_type`` is the type of ``a`` and ``b``
    (default: the output's); it is also named ``_type_reduce``, and each
    placeholder is a type name in the expressions and the preamble.

    ``kernel(*args, out=None, axis=None, keepdims=False, stream=None)``
    reduces over ``axis`` (None: all axes; an int or a tuple) of the
    broadcast shape. Python scalars among the inputs are passed by value.
    Differences from CuPy: ``reduce_dims`` changes nothing (the planner
    always merges dimensions); ``_in_ind``/``_out_ind`` are not available;
    of ``options``, -D macros and -std up to C++17 are honoured."""

    def __init__(self, in_params, out_params, map_expr, reduce_expr, post_map_expr="out0 = a", identity=None,
                 name="reduce_kernel", reduce_type=None, reduce_dims=True, preamble="", options=()):
        if not isinstance(name, str) or not _IDENTIFIER.match(name):
            raise ValueError(f'Invalid kernel name: "{name}"')
        self.in_params = _parse_params(in_params, True)
        self.out_params = _parse_params(out_params, False)
        if len(self.out_params) != 1:
            raise ValueError(f"ReductionKernel '{name}' takes exactly one output parameter, got "
                             f"{len(self.out_params)}")
        if any(p.raw for p in self.in_params + self.out_params):
            raise ValueError(f"ReductionKernel '{name}' takes no raw parameters")
        if not self.in_params:
            raise ValueError(f"ReductionKernel '{name}' needs at least one input parameter")
        self.nin, self.nout = len(self.in_params), 1
        self.nargs = self.nin + 1
        self.map_expr, self.reduce_expr, self.post_map_expr = map_expr, reduce_expr, post_map_expr
        self.identity = None if identity is None else str(identity)
        self.name = self.__name__ = name
        self.reduce_type = reduce_type
        self.reduce_dims = bool(reduce_dims)
        self.preamble = preamble
        self.options = _as_strings(options, "options")
        self._defines = _option_defines(self.options)

    def __call__(self, *args, out=None, axis=None, keepdims=False, stream=None):
        if len(args) == self.nargs:
            if out is not None:
                raise ValueError("output given both as an argument and as out=")
            *args, out = args
        if len(args) != self.nin:
            raise TypeError(f"Wrong number of arguments for '{self.name}': {self.nin} inputs (and optionally "
                            f"the output) expected, {len(args)} given")
        types = {}

        def bind(param, dtype, strict):
            if param.dtype is not None:
                return param.dtype
            bound = types.setdefault(param.ctype, dtype)
            if strict and bound != dtype:
                raise TypeError(f"Type is mismatched. {param.name} {bound} {dtype}")
            return bound

        for p, a in zip(self.in_params, args):  # arrays decide the placeholders first
            if isinstance(a, ndarray):
                bind(p, a.dtype, True)
        arrays, array_names, scalars, scalar_names = [], [], [], []
        for p, a in zip(self.in_params, args):
            if isinstance(a, ndarray):
                if p.dtype is not None and a.dtype != p.dtype:
                    a = a.astype(p.dtype)
                arrays.append(a)
                array_names.append(p.name)
            elif isinstance(a, (int, float, complex, numpy.generic)):
                scalars.append((bind(p, _scalar_dtype(a), False), a))
                scalar_names.append(p.name)
            else:
                raise TypeError(f"Unsupported type {type(a).__name__} for argument {p.name} of '{self.name}'")
        if not arrays:
            raise ValueError(f"ReductionKernel '{self.name}' needs at least one array argument")
        o = self.out_params[0]
        if out is not None:
            if not isinstance(out, ndarray):
                raise TypeError(f"out must be a gpuarray.ndarray, got {type(out).__name__}")
            out_dtype = bind(o, out.dtype, True) if o.dtype is None else o.dtype
        else:
            out_dtype = o.dtype if o.dtype is not None else types.get(o.ctype)
            if out_dtype is None:
                raise TypeError(f"Cannot determine the type of output '{o.name}' of '{self.name}'")
        acc = self._reduce_dtype(types, out_dtype)
        typedefs = "".join(f"typedef {_CTYPES[dt]} {letter};\n" for letter, dt in sorted(types.items()))
        with _stream(stream):
            return _core._run_user_reduction(
                self.name, array_names, scalar_names, o.name, self.map_expr, self.reduce_expr,
                self.post_map_expr, self.identity or "", self._defines + self.preamble, typedefs, acc, arrays,
                scalars, axis, bool(keepdims), out_dtype, out)

    def _reduce_dtype(self, types, out_dtype):
        if self.reduce_type is None:
            return out_dtype
        if len(self.reduce_type) == 1:
            if self.reduce_type not in types:
                raise TypeError(f"reduce_type {self.reduce_type!r} of '{self.name}' is not a bound placeholder")
            return types[self.reduce_type]
        return numpy.dtype(self.reduce_type)

    def __repr__(self):
        return f"<ReductionKernel {self.name!r}>"


class _stream:
    """`with stream:` when a stream is given, nothing otherwise."""

    def __init__(self, stream):
        self.stream = stream

    def __enter__(self):
        if self.stream is not None:
            self.stream.__enter__()

    def __exit__(self, *exc):
        if self.stream is not None:
            self.stream.__exit__(*exc)


__all__ = ["ReductionKernel"]
