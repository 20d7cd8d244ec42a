# SPDX-License-Identifier: BSD-3-Clause
"""Jit kernels run on the CPU in tests: the translated CUDA source is built as
host C++ with the stand-ins for CUDA's built-ins of tests/engine (every thread
of a 1-d grid runs in turn), so what a kernel computes is checked against
NumPy without a device. Kernels using shared memory, barriers, atomics or
shuffles need the device (test_jit_gpu.py)."""
import ctypes
import shutil
import subprocess

import numpy as np
import pytest

from gpuarray.jit import _types
from test_elementwise_codegen import HOST_FP16_HEADERS, HOST_PRELUDE, PACKAGE_INCLUDE, cuda_include_dir


def _param_bytes(value, t):
    """The launch parameters of one argument, as the engine would pack them (Note [Array parameters])."""
    if isinstance(t, _types.ArrayType):
        return ([np.uint64(value.ctypes.data).tobytes()] + [np.int64(n).tobytes() for n in value.shape]
                + [np.int64(s).tobytes() for s in value.strides])
    return [np.asarray(value, t).tobytes()]


def _type_of(value):
    if isinstance(value, np.ndarray):
        return _types.ArrayType(value.dtype, value.ndim)
    if isinstance(value, np.generic):
        return value.dtype
    return {bool: _types.BOOL, int: _types.INT64, float: _types.FLOAT64}[type(value)]


def run_on_host(tmp_path, launches):
    """Runs each (kernel, grid, block, args) of `launches` on the host; the arrays
    among args are written in place, as on a device. Skips without a host compiler."""
    compiler = shutil.which("c++") or shutil.which("g++")
    if compiler is None:
        pytest.skip("no host C++ compiler to run kernels on the CPU")
    cuda_inc = cuda_include_dir()
    if cuda_inc is None:
        pytest.skip("the CUDA toolkit headers were not found: set CUDA_HOME")
    source = HOST_FP16_HEADERS + HOST_PRELUDE + '#include "gpuarray/jit.cuh"\n'
    prepared = []
    for i, (kernel, grid, block, args) in enumerate(launches):
        types = tuple(_type_of(a) for a in args)
        code = kernel.translate(*types)
        body = "\n".join(line for line in code.splitlines() if not line.startswith("#include"))
        body = body.replace('extern "C" ', "")
        name = kernel._specialize(types).name
        source += (f"namespace case{i} {{\n{body}\n}}\n"
                   f'extern "C" void run_case{i}(void** p, unsigned g, unsigned b) '
                   f"{{ ga_run(&case{i}::{name}, p, g, b); }}\n")
        params = [b for a, t in zip(args, types) for b in _param_bytes(a, t)]
        prepared.append((params, grid, block))
    (tmp_path / "jit_kernels.cpp").write_text(source)
    lib = tmp_path / "jit_kernels.so"
    build = subprocess.run([compiler, "-std=c++17", "-O1", "-shared", "-fPIC", f"-I{PACKAGE_INCLUDE}",
                            f"-I{cuda_inc}", str(tmp_path / "jit_kernels.cpp"), "-o", str(lib)],
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-4000:]
    dll = ctypes.CDLL(str(lib))
    for i, (params, grid, block) in enumerate(prepared):
        buffers = [ctypes.create_string_buffer(p, len(p)) for p in params]
        argv = (ctypes.c_void_p * len(buffers))(*[ctypes.addressof(b) for b in buffers])
        getattr(dll, f"run_case{i}")(argv, ctypes.c_uint(grid), ctypes.c_uint(block))
