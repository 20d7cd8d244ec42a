# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.jit.rawkernel: a Python function launched as a CUDA kernel.

A kernel is translated (_translate.py, _emit.py) once per signature of
argument types and compiled and launched by the engine's RawKernel, whose
NVRTC cache (memory and disk) keeps the binary: this module keeps only the
RawKernel object of each signature. Arrays travel as pointer, shape and
strides (Note [Array parameters] in _emit.py)."""
import functools
import re

import numpy

from gpuarray._core import ndarray
from gpuarray.cuda import compiler
from gpuarray.cuda.compiler import CompileException
from gpuarray.cuda.kernel import RawKernel
from gpuarray.jit import _emit, _types
from gpuarray.jit._errors import JitCompileError
from gpuarray.jit._names import cpp_identifier
from gpuarray.jit._source import parse_function
from gpuarray.jit._translate import FunctionTranslator, Module

_GENERATED_LINE = re.compile(r"kernel\.cu\((\d+)\)")
_PYTHON_SCALARS = {bool: _types.BOOL, int: _types.INT64, float: _types.FLOAT64}
# NumPy's scalar types of the dtypes kernels take: their type is their dtype.
_NUMPY_SCALARS = frozenset(numpy.dtype(c).type for c in "?bBhHiIlLqQefd")

# Note [Launch fast path]
# A launch's host time is mostly spent finding the translation of its argument
# types. The key is flat: an array adds its dtype and ndim, a scalar its
# Python or NumPy type (never an int, so the two cannot be confused); a key
# seen before maps straight to its specialization, and the arguments are
# flattened in the same pass. Anything else (objects with
# __cuda_array_interface__, subclasses) takes the general path.


def _arg_type(value, index, name):
    """The kernel parameter type of one launch argument."""
    t = type(value)
    if t is ndarray:
        return _types.ArrayType(value.dtype, value.ndim)
    if t in _PYTHON_SCALARS:
        return _PYTHON_SCALARS[t]
    if isinstance(value, numpy.generic):
        return _types.check_dtype(value.dtype, f"kernel {name!r} args[{index}]")
    if isinstance(value, numpy.ndarray):
        raise TypeError(f"kernel {name!r} args[{index}] is a numpy.ndarray (host memory): copy it to the device "
                        "with gpuarray.asarray first")
    if isinstance(value, ndarray):
        return _types.ArrayType(value.dtype, value.ndim)
    for python_type, dtype in _PYTHON_SCALARS.items():
        if isinstance(value, python_type):
            return dtype
    interface = getattr(value, "__cuda_array_interface__", None)
    if interface is not None:
        return _types.ArrayType(numpy.dtype(interface["typestr"]), len(interface["shape"]))
    raise TypeError(f"kernel {name!r} args[{index}]: {type(value).__name__} is not an argument kernels take "
                    "(gpuarray arrays, objects with __cuda_array_interface__, bool, int, float, NumPy scalars)")


def _flatten(value, t):
    """The launch arguments one kernel argument becomes."""
    if not isinstance(t, _types.ArrayType):
        return [value]
    if type(value) is ndarray or isinstance(value, ndarray):
        return [value, *value.shape, *value.strides]
    interface = value.__cuda_array_interface__
    shape = interface["shape"]
    strides = interface.get("strides")
    if strides is None:   # C-contiguous
        strides, step = [], t.dtype.itemsize
        for n in reversed(shape):
            strides.insert(0, step)
            step *= n
    return [value, *shape, *strides]


class _Specialization:
    """The code and compiled kernel of one argument-type signature."""

    def __init__(self, name, code, locations, types):
        self.name, self.code, self.locations, self.types = name, code, locations, types
        self.raw = None

    def annotate(self, error):
        """`error` (a CompileException) with each generated line it names beside its Python line."""
        lines = self.code.splitlines()
        notes, seen = [], set()
        for match in _GENERATED_LINE.finditer(error.log or ""):
            n = int(match.group(1))
            if n in seen or not 1 <= n <= len(lines):
                continue
            seen.add(n)
            location = self.locations[n - 1]
            note = f"generated line {n}: {lines[n - 1].strip()}"
            if location is not None:
                note += f"\n    from {location.filename}:{location.line}: {location.source_line()}"
            notes.append(note)
        message = (f"NVRTC could not compile the code generated for kernel {self.name!r} "
                   f"(argument types {', '.join(map(str, self.types))}); this is a bug of the translator or a "
                   "CUDA limit:\n" + (error.log or str(error)).rstrip() + "\n\n" + "\n".join(notes))
        new = JitCompileError(message)
        new.log, new.source, new.options, new.name = error.log, self.code, error.options, self.name
        return new


class JitKernel:
    """A Python function translated to CUDA: what ``rawkernel`` makes.

    Parameters
    ----------
    func : callable
        The Python function (its source must be readable: see Notes).
    device : bool, optional
        A device function, called from kernels, rather than a kernel.

    Notes
    -----
    A kernel is launched as ``kernel(grid, block, args, shared_mem=0,
    stream=None)`` or ``kernel[grid, block](*args)`` (also Numba's
    ``[grid, block, stream, shared_mem]``). Each new signature of argument
    types (dtype and ndim of arrays, dtype of scalars; Python ints are
    int64, floats float64) is translated once; the RawKernel compiled from
    it is kept, and its binary is in the engine's memory and disk caches.
    ``cached_code`` is the CUDA source of the last signature translated,
    ``cached_codes`` those of every signature. The source is read through
    ``linecache``: files, Jupyter cells and exec'd code registered with
    ``register_source`` all work.

    See Also
    --------
    rawkernel : the decorator making it.
    gpuarray.RawKernel : kernels written in CUDA C++.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray import jit
    >>> def double(x):
    ...     i = jit.grid(1)
    ...     if i < x.size:
    ...         x[i] = x[i] * 2
    >>> kernel = jit.JitKernel(double)
    >>> x = xp.arange(4)
    >>> kernel[1, 32](x)
    >>> x
    array([0, 2, 4, 6])
    """

    def __init__(self, func, device=False):
        if not callable(func) or not hasattr(func, "__code__"):
            raise TypeError(f"rawkernel decorates a Python function, got {type(func).__name__}")
        functools.update_wrapper(self, func)
        self._jit_python_function = func
        self.device = bool(device)
        self._specializations = {}
        self._by_key = {}            # flat launch key -> _Specialization (Note [Launch fast path])
        self._last = None

    def __repr__(self):
        kind = "device function" if self.device else "kernel"
        return f"<gpuarray.jit {kind} {self.__name__!r}>"

    # --- Translation ----------------------------------------------------------------------

    def _specialize(self, types):
        spec = self._specializations.get(types)
        if spec is None:
            func = self._jit_python_function
            parsed = parse_function(func)
            module = Module()
            name = cpp_identifier(func.__name__)
            kernel = FunctionTranslator(func, parsed, list(types), module, is_kernel=True, cpp_name=name).translate()
            code, locations = _emit.emit_module(kernel, module.functions, module.uses_half)
            spec = _Specialization(name, code, locations, types)
            self._specializations[types] = spec
        self._last = spec
        return spec

    def _types_of(self, args):
        name = self.__name__
        return tuple(_arg_type(a, i, name) for i, a in enumerate(args))

    def translate(self, *args):
        """The CUDA C++ source of this kernel for arguments like `args`.

        Parameters
        ----------
        *args
            Launch arguments (arrays and scalars) or their types: a dtype
            (or NumPy scalar type) for a scalar, ``(dtype, ndim)`` for an array.

        Returns
        -------
        str
            The generated source, as ``cached_code`` then holds it.

        Raises
        ------
        JitError
            For what cannot be translated, at the user's line. No device is needed.

        See Also
        --------
        compile : translate and compile.

        Examples
        --------
        >>> import gpuarray as xp
        >>> from gpuarray import jit
        >>> @jit.rawkernel()
        ... def fill(x, v):
        ...     x[jit.grid(1)] = v
        >>> print(fill.translate((xp.float32, 1), xp.float32).splitlines()[0])
        #include <gpuarray/jit.cuh>
        """
        if self.device:
            raise TypeError(f"{self.__name__} is a device function: translate the kernel that calls it")
        return self._specialize(tuple(_as_type(a, i, self.__name__) for i, a in enumerate(args))).code

    def compile(self, *args, arch=None):
        """Translates and compiles this kernel for arguments like `args`.

        Parameters
        ----------
        *args
            As for ``translate``.
        arch : str, optional
            A target such as ``'sm_90'`` (no device needed); by default the
            current device.

        Returns
        -------
        None

        Raises
        ------
        JitCompileError
            When NVRTC refuses the generated code: the message shows each
            generated line it names beside the Python line it came from.

        See Also
        --------
        translate : the source alone.

        Examples
        --------
        >>> import gpuarray as xp
        >>> from gpuarray import jit
        >>> @jit.rawkernel()
        ... def fill(x, v):
        ...     x[jit.grid(1)] = v
        >>> fill.compile((xp.float32, 1), xp.float32, arch="sm_90")
        """
        spec = self._specialize(tuple(_as_type(a, i, self.__name__) for i, a in enumerate(args)))
        try:
            if arch is not None:
                compiler.compile_with_cache(spec.code, arch=arch)
            else:
                self._raw(spec).compile()
        except CompileException as e:
            if isinstance(e, JitCompileError):
                raise
            raise spec.annotate(e) from None

    @property
    def cached_codes(self):
        """{argument types: CUDA source} of every signature translated so far."""
        return {types: spec.code for types, spec in self._specializations.items()}

    @property
    def cached_code(self):
        """The CUDA source of the signature translated or launched last."""
        if self._last is None:
            raise RuntimeError(f"{self.__name__} has not been translated yet: launch it or call translate()")
        return self._last.code

    # --- Launch ---------------------------------------------------------------------------

    def _raw(self, spec):
        if spec.raw is None:
            spec.raw = RawKernel(spec.code, spec.name)
        return spec.raw

    def __call__(self, grid, block, args, shared_mem=0, stream=None):
        if self.device:
            raise RuntimeError(f"{self.__name__} is a device function (rawkernel(device=True)): call it from a "
                               "kernel")
        if not isinstance(args, (tuple, list)):
            raise TypeError(f"kernel {self.__name__!r}: args must be a tuple of arguments, got "
                            f"{type(args).__name__}")
        # The common arguments (gpuarray arrays, Python and NumPy scalars) find their
        # translation through a flat key without building types: Note [Launch fast path].
        key, flat = [], []
        for a in args:
            t = type(a)
            if t is ndarray:
                key.append(a.dtype)
                key.append(a.ndim)
                flat.append(a)
                flat.extend(a.shape)
                flat.extend(a.strides)
            elif t is float or t is int or t is bool or t in _NUMPY_SCALARS:
                key.append(t)
                flat.append(a)
            else:
                key = None
                break
        spec = self._by_key.get(tuple(key)) if key is not None else None
        if spec is None:
            types = self._types_of(args)
            spec = self._specialize(types)
            flat = []
            for a, t in zip(args, types):
                flat += _flatten(a, t)
            if key is not None:
                self._by_key[tuple(key)] = spec
        self._last = spec
        raw = spec.raw or self._raw(spec)
        try:
            raw(grid, block, flat, shared_mem=shared_mem, stream=stream)
        except CompileException as e:
            raise spec.annotate(e) from None

    def __getitem__(self, config):
        """``kernel[grid, block]`` (or ``[grid, block, stream, shared_mem]``, Numba's order): a launcher."""
        if not isinstance(config, tuple) or not 2 <= len(config) <= 4:
            raise TypeError("kernel[...] takes grid, block and optionally stream and shared_mem")
        grid, block = config[0], config[1]
        stream = config[2] if len(config) > 2 else None
        shared_mem = config[3] if len(config) > 3 else 0

        def launch(*args):
            self(grid, block, args, shared_mem=shared_mem, stream=stream)
        return launch


def _as_type(value, index, name):
    """A launch argument, or a type standing for one, as a parameter type."""
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], int):
        return _types.ArrayType(_types.check_dtype(value[0], f"args[{index}]"), value[1])
    if isinstance(value, numpy.dtype) or (isinstance(value, type) and issubclass(value, numpy.generic)):
        return _types.check_dtype(value, f"args[{index}]")
    if isinstance(value, _types.ArrayType):
        return value
    return _arg_type(value, index, name)


def rawkernel(func=None, *, mode="cuda", device=False):
    """Translates a Python function into a CUDA kernel (or a device function).

    The function's body is Python: thread indices (``jit.threadIdx``,
    ``jit.grid``), loops, conditions, arithmetic with NumPy's type rules,
    math functions, array indexing, shared memory, atomics and warp
    shuffles (see docs/jit.md). It is translated to CUDA C++ at its first
    launch with each signature of argument types, compiled by NVRTC through
    the engine's kernel cache and launched like a RawKernel.

    Parameters
    ----------
    func : callable, optional
        The function, when used as ``@rawkernel`` without parentheses.
    mode : str, optional
        ``'cuda'``, the only mode (CuPy's name).
    device : bool, optional
        Make a device function, called from kernels (it may return a value)
        instead of launched.

    Returns
    -------
    JitKernel or callable
        The kernel (or a decorator making it, when `func` is not given).

    Raises
    ------
    ValueError
        For a mode other than ``'cuda'``.

    Notes
    -----
    The source is read through ``linecache``, so kernels defined in Jupyter
    cells, nested functions and exec'd code (registered with
    ``register_source``) are translated; closures and globals that are
    numbers, tuples of numbers or dtypes are constants of the generated code.
    Errors name the Python file and line (``JitError``, a TypeError).

    See Also
    --------
    gpuarray.RawKernel : kernels written in CUDA C++.
    gpuarray.vectorize : elementwise functions from scalar Python functions.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray import jit
    >>> @jit.rawkernel()
    ... def axpy(a, x, y, out):
    ...     i = jit.grid(1)
    ...     if i < x.size:
    ...         out[i] = a * x[i] + y[i]
    >>> x = xp.arange(5, dtype=xp.float32)
    >>> out = xp.empty_like(x)
    >>> axpy[1, 32](xp.float32(2), x, x, out)
    >>> out
    array([ 0.,  3.,  6.,  9., 12.], dtype=float32)
    """
    if mode != "cuda":
        raise ValueError(f"rawkernel supports mode='cuda' only, got {mode!r}")
    if func is not None:
        return JitKernel(func, device)
    return functools.partial(JitKernel, device=device)


__all__ = ["JitKernel", "rawkernel"]
