# SPDX-License-Identifier: BSD-3-Clause
"""GPU-specific API, as CuPy's ``cupy.cuda``: devices, streams, events,
memory pools, run-time compiled kernels, NVTX and the profiler switch. Importing it needs no GPU.
``gpuarray.cuda.nccl`` (NCCL collectives) loads NCCL on first use."""
from gpuarray._core import CUDARuntimeError, OutOfMemoryError
from gpuarray._base.signatures import EXCEPTION_SIGNATURE
from gpuarray.cuda import compiler, graph, memory, nvtx, profiler, runtime
from gpuarray.cuda.runtime import is_available
from gpuarray.cuda.compiler import CompileException
from gpuarray.cuda.device import Device, get_device_id
from gpuarray.cuda.graph import Graph
from gpuarray.cuda._graphed import graphed
from gpuarray.cuda.kernel import Function, RawKernel, RawModule
from gpuarray.cuda.memory import (
    BaseMemory, MemoryPointer, MemoryPool, PinnedMemory, PinnedMemoryPointer, PinnedMemoryPool,
    UnownedMemory, alloc, alloc_pinned_memory, get_allocator, set_allocator,
    set_pinned_memory_allocator,
)
from gpuarray.cuda.stream import (
    Event, ExternalStream, Stream, get_current_stream, get_elapsed_time,
)

# C++ exception classes: inspect cannot read BaseException's C __init__ (issue #32).
CUDARuntimeError.__signature__ = OutOfMemoryError.__signature__ = EXCEPTION_SIGNATURE

__all__ = [
    "CUDARuntimeError", "OutOfMemoryError", "is_available", "runtime", "nvtx", "profiler",
    "Device", "get_device_id", "Graph", "graph", "graphed",
    "Event", "ExternalStream", "Stream", "get_current_stream", "get_elapsed_time",
    "memory", "BaseMemory", "MemoryPointer", "MemoryPool", "PinnedMemory", "PinnedMemoryPointer",
    "PinnedMemoryPool", "UnownedMemory", "alloc", "alloc_pinned_memory", "get_allocator",
    "set_allocator", "set_pinned_memory_allocator",
    "CompileException", "Function", "RawKernel", "RawModule", "compiler",
]


def __getattr__(name):
    if name == "nccl":  # loaded on first use: it maps libnccl, or raises ImportError without it
        import importlib
        return importlib.import_module("gpuarray.cuda.nccl")
    raise AttributeError(f"module 'gpuarray.cuda' has no attribute {name!r}")
