# SPDX-License-Identifier: BSD-3-Clause
"""Kernels written in Python, with CuPy's API (``cupyx.jit``).

``rawkernel`` translates a Python function into CUDA C++ (Python source →
``ast`` → typed IR → C++), once per signature of argument types, and
launches it through the engine's RawKernel and NVRTC cache. The names below
are what kernels use; called from host Python they raise. The package's
files, one idea each: _source (reading the function), _types and _values
(NumPy's type rules, compile-time values), _math (operators and math
functions), _builtins (thread indices, memory, atomics, shuffles),
_translate and _statements (ast → IR), _ir, _emit (IR → C++ and the line
map), _kernel (the kernel object), _errors; gpuarray.vectorize
(_vectorize) and gpuarray.fuse (_fuse) use the same translator. docs/jit.md is the guide."""
from gpuarray.jit._builtins import (  # noqa: F401
    atomic_add, atomic_and, atomic_cas, atomic_dec, atomic_exch, atomic_inc, atomic_max, atomic_min, atomic_or,
    atomic_sub, atomic_xor, blockDim, blockIdx, grid, gridDim, gridsize, laneid, local_memory, range, shared_memory,
    shfl_down_sync, shfl_sync, shfl_up_sync, shfl_xor_sync, syncthreads, syncwarp, threadfence, threadfence_block,
    threadfence_system, threadIdx, warpsize,
)
from gpuarray.jit._errors import JitCompileError, JitError
from gpuarray.jit._kernel import JitKernel, rawkernel
from gpuarray.jit._source import register_source

__all__ = ["rawkernel", "JitKernel", "JitError", "JitCompileError", "register_source",
           "threadIdx", "blockIdx", "blockDim", "gridDim", "warpsize", "grid", "gridsize", "laneid",
           "syncthreads", "syncwarp", "threadfence", "threadfence_block", "threadfence_system",
           "shared_memory", "local_memory", "range",
           "atomic_add", "atomic_sub", "atomic_exch", "atomic_min", "atomic_max", "atomic_inc", "atomic_dec",
           "atomic_cas", "atomic_and", "atomic_or", "atomic_xor",
           "shfl_sync", "shfl_up_sync", "shfl_down_sync", "shfl_xor_sync"]
