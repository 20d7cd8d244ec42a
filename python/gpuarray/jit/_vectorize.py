# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.vectorize: a scalar Python function as an elementwise kernel.

The function is translated by the jit translator into a ``__device__``
function of the inputs' dtypes (Note [Types in jit kernels]); an
ElementwiseKernel whose preamble is that function and whose operation calls
it does the broadcasting, output allocation and launch, as for every
elementwise kernel. One kernel per signature of input dtypes (and excluded
values, otypes) is kept; the engine caches the compiled code."""
import inspect

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._core import ndarray
from gpuarray._user_kernels.elementwise_kernel import ElementwiseKernel
from gpuarray.jit import _emit, _types
from gpuarray.jit import _ir as ir
from gpuarray.jit._errors import JitError
from gpuarray.jit._names import cpp_identifier
from gpuarray.jit._source import parse_function
from gpuarray.jit._translate import FunctionTranslator, Module
from gpuarray.jit._values import coerce, from_python


def _hashable(value):
    """An excluded argument as part of a cache key (lists become tuples)."""
    if isinstance(value, (list, tuple)):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, numpy.generic):
        return (value.dtype.str, value.item())
    if value is None or isinstance(value, (bool, int, float, numpy.dtype)) or (
            isinstance(value, type) and issubclass(value, numpy.generic)):
        return (type(value), value)
    raise TypeError(f"vectorize: excluded argument {value!r} must be a number, a tuple or list of numbers, "
                    "a dtype or None (it becomes a constant of the kernel)")


class vectorize:
    """A generalisation of a scalar Python function to arrays, as ``numpy.vectorize``, run on the GPU.

    The function is translated to CUDA (with ``gpuarray.jit``'s translator)
    for the dtypes of each call's inputs and runs as one elementwise kernel
    over the broadcast inputs: a loop in Python it is not.

    Parameters
    ----------
    pyfunc : callable, optional
        The scalar function, written in the Python a jit kernel accepts
        (arithmetic, comparisons, if/while/for, math functions, local
        variables, calls of other Python functions). Omitted, vectorize is
        a decorator taking the other arguments.
    otypes : str or list of dtypes, optional
        The output dtypes (``'f'``, ``[numpy.float32]``); the function's
        results are converted to them. By default they are the types the
        translator infers with NumPy's rules.
    doc : str, optional
        The docstring; by default `pyfunc`'s.
    excluded : set of int or str, optional
        Positions or names of arguments passed to `pyfunc` as they are
        instead of element by element. They must be numbers, tuples or
        lists of numbers, dtypes or None: they are constants of the
        generated code (a new kernel is made for each new value).
    cache : bool, optional
        Accepted for NumPy's signature; results never depend on it (NumPy
        uses it to avoid calling `pyfunc` twice on the first element, which
        the translator never does).
    signature : str, optional
        Generalised ufunc signatures (``'(n),(n)->()'``) are not supported:
        a value other than None raises ValueError.

    Notes
    -----
    Output types come from the translation, not from calling the function
    on the first element as NumPy does: a function whose branches return
    different types returns their common NumPy type, and size-0 inputs need
    no `otypes`. Functions of Python's ``math`` module follow the NumPy
    ufunc of the same name (``math.sqrt`` of float32 is float32; NumPy's
    vectorize would see Python's float64). Functions returning a tuple
    return a tuple of arrays. Inputs are taken with ``gpuarray.asarray``
    (NumPy arrays and Python scalars are copied to the device; Python
    scalars are int64, float64 or bool there, as in NumPy's vectorize).

    See Also
    --------
    numpy.vectorize : the host original.
    gpuarray.ElementwiseKernel : elementwise kernels written in CUDA C++.
    gpuarray.jit.rawkernel : kernels written in Python.

    Examples
    --------
    >>> import gpuarray as xp
    >>> def clipped_square(x, limit):
    ...     y = x * x
    ...     return y if y < limit else limit
    >>> f = xp.vectorize(clipped_square)
    >>> f(xp.arange(5, dtype=xp.float32), xp.float32(10))
    array([ 0.,  1.,  4.,  9., 10.], dtype=float32)
    >>> def mypolyval(p, x):
    ...     result = 0.0
    ...     for coefficient in p:
    ...         result = result * x + coefficient
    ...     return result
    >>> xp.vectorize(mypolyval, excluded={"p"})([1, 2, 3], x=xp.asarray([0.0, 1.0]))
    array([3., 6.])
    """

    def __init__(self, pyfunc=None, otypes=None, doc=None, excluded=None, cache=False, signature=None):
        if signature is not None:
            raise ValueError(f"vectorize(signature={signature!r}): generalised ufunc signatures are not supported "
                             "by gpuarray.vectorize; use a gpuarray.jit.rawkernel for functions of sub-arrays")
        self._otypes_given = otypes
        if isinstance(otypes, str):
            otypes = list(otypes)
        self.otypes = None if otypes is None else [numpy.dtype(t) for t in otypes]
        if self.otypes is not None:
            for t in self.otypes:
                _types.check_dtype(t, "vectorize otypes")
        self.excluded = set(excluded or ())
        for e in self.excluded:
            if not isinstance(e, (int, str)):
                raise TypeError(f"vectorize: excluded holds positions (int) and names (str), got {e!r}")
        self.cache = bool(cache)
        self.signature = signature
        self.pyfunc = pyfunc
        self._doc = doc
        self._kernels = {}
        if pyfunc is not None:
            self._bind(pyfunc)

    def _bind(self, pyfunc):
        if not callable(pyfunc):
            raise TypeError(f"vectorize needs a callable, got {type(pyfunc).__name__}")
        self.pyfunc = pyfunc
        self.__doc__ = pyfunc.__doc__ if self._doc is None else self._doc
        self.__name__ = getattr(pyfunc, "__name__", "vectorized")
        try:
            self._parameters = list(inspect.signature(pyfunc).parameters.values())
        except (TypeError, ValueError):
            raise TypeError(f"vectorize: cannot read the parameters of {pyfunc!r}") from None
        for p in self._parameters:
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD, p.KEYWORD_ONLY):
                raise TypeError(f"vectorize: {self.__name__} has parameter {p}; the translated function takes "
                                "positional-or-keyword parameters only")

    def __call__(self, *args, **kwargs):
        if self.pyfunc is None:   # used as a decorator with arguments: @vectorize(otypes=...)
            if kwargs or len(args) != 1:
                raise TypeError("vectorize(...) used as a decorator takes the function only")
            self._bind(args[0])
            return self
        values = self._bind_arguments(args, kwargs)
        static, arrays, names = [], [], []
        for k, (p, value) in enumerate(zip(self._parameters, values)):
            if k in self.excluded or p.name in self.excluded:
                static.append(_hashable(value))
            else:
                static.append(None)
                arrays.append(value if isinstance(value, ndarray) else asarray(value))
                names.append(p.name)
        key = (tuple(static), tuple(a.dtype for a in arrays))
        kernel = self._kernels.get(key)
        if kernel is None:
            kernel = self._kernels[key] = self._make_kernel(values, [a.dtype for a in arrays])
        return kernel(*arrays)

    def _bind_arguments(self, args, kwargs):
        try:
            bound = inspect.signature(self.pyfunc).bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{self.__name__}(): {e}") from None
        bound.apply_defaults()
        return [bound.arguments[p.name] for p in self._parameters]

    def _translate(self, values, dtypes):
        """The device function for these inputs: (its Function, the preamble source)."""
        parsed = parse_function(self.pyfunc)
        module = Module()
        arg_types, dtype_iter = [], iter(dtypes)
        location = None
        for k, (p, value) in enumerate(zip(self._parameters, values)):
            if k in self.excluded or p.name in self.excluded:
                arg_types.append(from_python(value, location, f"excluded argument {p.name!r}"))
            else:
                arg_types.append(_types.check_dtype(next(dtype_iter), f"vectorize input {p.name!r}"))
        translator = FunctionTranslator(self.pyfunc, parsed, arg_types, module, is_kernel=False,
                                        cpp_name=f"vectorized_{cpp_identifier(parsed.name.strip('<>'))}")
        translator.allow_tuple_return = True
        function = translator.translate()
        if function.return_type is None:
            raise JitError(f"vectorize: {self.__name__} returns nothing; it must return a scalar (or a tuple)",
                           function.location)
        if isinstance(function.return_type, _types.ArrayType):
            raise JitError(f"vectorize: {self.__name__} returns an array; it must return a scalar", function.location)
        preamble, _ = _emit.emit_device_functions(module.functions + [function], module.uses_half)
        return function, preamble

    def _kernel_source(self, values, dtypes):
        """(in_params, out_params, operation, preamble) of the kernel for these inputs."""
        function, preamble = self._translate(values, dtypes)
        results = function.return_type if isinstance(function.return_type, tuple) else (function.return_type,)
        otypes = self.otypes or list(results)
        if len(otypes) != len(results):
            raise ValueError(f"vectorize: otypes names {len(otypes)} outputs but {self.__name__} returns "
                             f"{len(results)} values")
        ins = [ir.Var(f"in{k}", d) for k, d in enumerate(dtypes)]
        in_params = ", ".join(f"{d.name} in{k}" for k, d in enumerate(dtypes))
        out_params = ", ".join(f"{d.name} out{k}" for k, d in enumerate(otypes))
        if isinstance(function.return_type, tuple):
            temps = [ir.Var(f"_ga_r{k}", d) for k, d in enumerate(results)]
            declarations = " ".join(f"{_types.cpp_name(t.type)} {t.name};" for t in temps)
            call = _emit.expr(ir.Call(function.name, ins + temps, None))
            stores = " ".join(f"out{k} = {_emit.expr(coerce(t, o, None))};" for k, (t, o) in enumerate(zip(temps, otypes)))
            operation = f"{declarations} {call}; {stores}"
        else:
            call = ir.Call(function.name, ins, results[0])
            operation = f"out0 = {_emit.expr(coerce(call, otypes[0], None))};"
        return in_params, out_params, operation, preamble

    def _make_kernel(self, values, dtypes):
        in_params, out_params, operation, preamble = self._kernel_source(values, dtypes)
        return ElementwiseKernel(in_params, out_params, operation, name=f"vectorize_{cpp_identifier(self.__name__)}"
                                 if self.__name__.isidentifier() else "vectorize_lambda", preamble=preamble,
                                 return_tuple=len(out_params.split(",")) > 1)

    def __repr__(self):
        return f"<gpuarray.vectorize {getattr(self, '__name__', None)!r}>"


__all__ = ["vectorize"]
