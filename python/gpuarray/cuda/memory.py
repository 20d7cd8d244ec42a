# SPDX-License-Identifier: BSD-3-Clause
"""Device and pinned host memory with CuPy's API (``cupy.cuda.memory`` and
``cupy.cuda.pinned_memory``).

The pools live in C++ (cpp/memory/): a stream-ordered caching pool for the
device (see Note [Stream-ordered arenas] in cpp/memory/device_pool.hpp) and a
size-keyed cache of page-locked host blocks. Array allocations go through
the current allocator, the default pool unless ``set_allocator`` chose
another; a pool's ``malloc`` is used from C++ directly, any other callable is
called with the GIL held. Nothing here touches a device until it is called."""
import warnings

from gpuarray import _core
from gpuarray._core import (
    BaseMemory, MemoryPointer, MemoryPool, PinnedMemory, PinnedMemoryPointer,
    PinnedMemoryPool, UnownedMemory,
)
from gpuarray._base.signatures import set_signature
from gpuarray.cuda import _memory_docs
from gpuarray.cuda.device import Device

__all__ = [
    "BaseMemory", "MemoryPointer", "MemoryPool", "PinnedMemory", "PinnedMemoryPointer",
    "PinnedMemoryPool", "UnownedMemory", "alloc", "alloc_pinned_memory", "get_allocator",
    "get_default_memory_pool", "get_default_pinned_memory_pool", "set_allocator",
    "set_pinned_memory_allocator",
]

_default_memory_pool = _core.default_memory_pool()
_default_pinned_memory_pool = _core.default_pinned_memory_pool()

# Uncached allocators, as CuPy's ``memory._malloc`` and ``pinned_memory._malloc``.
_malloc = _core.malloc_uncached
_malloc_pinned = _core.malloc_pinned_uncached

# The function MemoryPool.malloc is bound to: a bound method of it is a pool's
# own malloc, which C++ calls without going through Python.
_pool_malloc = MemoryPool.__dict__["malloc"].__func__

_current_allocator = _default_memory_pool.malloc
_current_pinned_allocator = _default_pinned_memory_pool.malloc


def get_default_memory_pool():
    """The pool that serves array allocations by default (all devices)."""
    return _default_memory_pool


def get_default_pinned_memory_pool():
    """The pool that serves ``alloc_pinned_memory`` by default."""
    return _default_pinned_memory_pool


def alloc(size):
    """`size` bytes on the current device from the current allocator, as a MemoryPointer."""
    return _core.alloc(size)


def _is_pool_malloc(allocator):
    return (isinstance(getattr(allocator, "__self__", None), MemoryPool)
            and getattr(allocator, "__func__", None) is _pool_malloc)


def set_allocator(allocator=None):
    """Sets the allocator of device memory for arrays.

    ``None`` means plain cudaMalloc/cudaFree with no caching; a pool's
    ``malloc`` (``MemoryPool().malloc``) routes allocations to that pool; any
    other callable is called as ``allocator(size)`` and must return a
    MemoryPointer of at least `size` bytes."""
    global _current_allocator
    if allocator is None or allocator is _malloc:
        _core.set_allocator_uncached()
        allocator = _malloc
    elif _is_pool_malloc(allocator):
        _core.set_allocator_pool(allocator.__self__)
    elif callable(allocator):
        _core.set_allocator_callable(allocator)
    else:
        raise TypeError(
            f"set_allocator: allocator must be None or a callable taking a size, "
            f"not {type(allocator).__name__}")
    _current_allocator = allocator


def get_allocator():
    """The current allocator of device memory, as set by ``set_allocator``."""
    return _current_allocator


def alloc_pinned_memory(nbytes):
    """`nbytes` of pinned host memory from the current pinned allocator, as a PinnedMemoryPointer."""
    return _current_pinned_allocator(nbytes)


def set_pinned_memory_allocator(allocator=None):
    """Sets the allocator behind ``alloc_pinned_memory``: ``None`` means plain
    cudaHostAlloc with no caching, otherwise a callable ``allocator(nbytes)``
    returning a PinnedMemoryPointer (such as ``PinnedMemoryPool().malloc``)."""
    global _current_pinned_allocator
    if allocator is None:
        allocator = _malloc_pinned
    elif not callable(allocator):
        raise TypeError(
            f"set_pinned_memory_allocator: allocator must be None or a callable taking a size, "
            f"not {type(allocator).__name__}")
    _current_pinned_allocator = allocator


def _set_limit(self, size=None, fraction=None):
    """Caps the bytes this pool may hold on the current device: `size` bytes,
    or `fraction` (in [0, 1]) of the device's memory. Neither, or 0, removes
    the cap. Past the cap, allocations first release the cache, then raise
    OutOfMemoryError."""
    if size is not None and fraction is not None:
        raise ValueError("size and fraction cannot be specified at one time")
    if fraction is not None:
        self._set_limit_fraction(float(fraction))
        return
    size = 0 if size is None else int(size)
    if size < 0:
        raise ValueError(f"memory limit size out of range: {size}")
    self._set_limit_bytes(size)


def _free_all_free(self):
    """Deprecated spelling of ``free_all_blocks()``."""
    warnings.warn("free_all_free is deprecated. Use free_all_blocks instead.",
                  DeprecationWarning, stacklevel=2)
    self.free_all_blocks()


def _device(self):
    """The Device whose memory this is."""
    return Device(self.device_id)


MemoryPool.set_limit = _set_limit
# pybind11 gives the constructors no text signature (issue #32): the bindings' arguments.
set_signature(UnownedMemory, "ptr, size, owner, device_id=-1")
set_signature(MemoryPointer, "mem, offset")
set_signature(PinnedMemoryPointer, "mem, offset")
set_signature(MemoryPool, "allocator=None")
set_signature(PinnedMemoryPool, "allocator=None")
# pybind11 gives the classes no docstring (issue #32).
BaseMemory.__doc__ = _memory_docs.BASE_MEMORY
PinnedMemory.__doc__ = _memory_docs.PINNED_MEMORY
UnownedMemory.__doc__ = _memory_docs.UNOWNED_MEMORY
MemoryPointer.__doc__ = _memory_docs.MEMORY_POINTER
MemoryPool.__doc__ = _memory_docs.MEMORY_POOL
PinnedMemoryPointer.__doc__ = _memory_docs.PINNED_MEMORY_POINTER
PinnedMemoryPool.__doc__ = _memory_docs.PINNED_MEMORY_POOL
MemoryPool.free_all_free = _free_all_free
PinnedMemoryPool.free_all_free = _free_all_free
MemoryPointer.device = property(_device)
BaseMemory.device = property(_device)
