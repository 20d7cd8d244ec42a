# SPDX-License-Identifier: BSD-3-Clause
"""User-written CUDA kernels with CuPy's API: RawKernel and RawModule.

A kernel is compiled for the current device on first use (a launch, an
attribute, ``compile()``), through the memory and disk caches. Launch
arguments are converted to the kernel's declared parameter types: see
Note [Argument conversion] in cpp/jit/kernel_args.hpp."""
import os
import re

from gpuarray import _core
from gpuarray._core import Function
from gpuarray.cuda.compiler import _as_strings, _check_backend

_CUCOMPLEX_INCLUDE = re.compile(r'#\s*include\s*[<"]cuComplex\.h[>"]')


def _check_options(backend, jitify):
    _check_backend(backend)
    if jitify:
        raise ValueError("jitify=True is not supported: gpuarray compiles with NVRTC directly "
                         "(the toolkit's headers are on the include path)")


def _translate_cucomplex(code):
    """cuComplex.h's names on ga::complex, the type of complex arrays."""
    return _CUCOMPLEX_INCLUDE.sub("#include <gpuarray/cucomplex.cuh>", code)


class RawModule(_core._RawModule):
    """A CUDA module from source `code` or from a .cubin/.ptx/.fatbin `path`.

    ``get_function(name)`` returns a callable Function: `name` is an
    ``extern "C"`` name or one of `name_expressions` (C++ names such as
    ``'add<float>'``, lowered by NVRTC). ``get_global(name)`` returns a MemoryPointer
    (``.ptr``, ``.size``) to a ``__device__`` or ``__constant__``
    variable on the current device."""

    def __init__(self, code=None, *, path=None, options=(), backend="nvrtc", translate_cucomplex=False,
                 enable_cooperative_groups=False, name_expressions=None, jitify=False):
        _check_options(backend, jitify)
        if (code is None) == (path is None):
            raise TypeError("RawModule needs exactly one of code and path")
        options = _as_strings(options, "options")
        name_expressions = _as_strings(name_expressions or (), "name_expressions")
        if path is not None and name_expressions:
            raise ValueError("name_expressions need code: a module loaded from a file has no names to lower")
        if backend == "nvcc" and name_expressions:
            raise ValueError("name_expressions need backend='nvrtc': nvcc does not report lowered names")
        if code is not None and translate_cucomplex:
            code = _translate_cucomplex(code)
        binary = None
        if path is not None:
            path = os.fspath(path)
            with open(path, "rb") as f:
                binary = f.read()
        super().__init__(code, binary, list(options), list(name_expressions), backend,
                         bool(enable_cooperative_groups), "module")
        self.code = code
        self.file_path = path
        self.options = options
        self.backend = backend
        self.name_expressions = name_expressions
        self.enable_cooperative_groups = bool(enable_cooperative_groups)


class RawKernel(_core._RawKernel):
    """The kernel `name` (``extern "C"``, or a mangled name) of CUDA source `code`.

    ``kernel(grid, block, args, *, shared_mem=0, stream=None)`` launches it:
    grid and block are ints or tuples of 1 to 3 ints; args is a tuple of
    arrays (anything with ``__cuda_array_interface__`` or ``.ptr``), None
    (a null pointer), NumPy scalars and Python scalars, which become the
    declared parameter types. `stream` (anything with ``.ptr``) defaults to
    the current stream."""

    def __init__(self, code, name, options=(), backend="nvrtc", translate_cucomplex=False, *,
                 enable_cooperative_groups=False, jitify=False):
        _check_options(backend, jitify)
        if not isinstance(code, str) or not isinstance(name, str):
            raise TypeError("RawKernel needs the source code and the kernel name as str")
        options = _as_strings(options, "options")
        if translate_cucomplex:
            code = _translate_cucomplex(code)
        module = _core._RawModule(code, None, list(options), [], backend,
                                  bool(enable_cooperative_groups), name)
        super().__init__(module, name)
        self.code = code
        self.name = name
        self.options = options
        self.backend = backend
        self.enable_cooperative_groups = bool(enable_cooperative_groups)


# pybind11 gives the C++ class no docstring (issue #32).
Function.__doc__ = """A kernel of a RawModule, ready to launch: ``RawModule.get_function``
returns one; users do not make them.

Calling it launches the kernel: ``f(grid, block, args, *, shared_mem=0,
stream=None)``, as ``RawKernel``. ``name`` is the name it was asked by,
``symbol`` the (possibly mangled) symbol in the module, ``signature`` the
parameter types the arguments are converted to, and ``attributes`` (with
``num_regs``, ``max_threads_per_block``, ...) what the driver reports.

See Also
--------
RawModule, RawKernel

Examples
--------
>>> import gpuarray as xp
>>> module = xp.RawModule(code=r'''
... template <typename T>
... __global__ void fill(T* x, T value, int n) {
...     int i = blockIdx.x * blockDim.x + threadIdx.x;
...     if (i < n) x[i] = value;
... }''', name_expressions=["fill<float>"])
>>> f = module.get_function("fill<float>")
>>> x = xp.empty(3, dtype=xp.float32)
>>> f((1,), (32,), (x, xp.float32(2.5), xp.int32(3)))
>>> x
array([2.5, 2.5, 2.5], dtype=float32)
"""

__all__ = ["Function", "RawKernel", "RawModule"]
