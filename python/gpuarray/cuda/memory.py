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
    """The pool that serves array allocations by default (all devices).

    Parameters
    ----------
        It takes none.

    Returns
    -------
    MemoryPool
        The same pool on every call.

    See Also
    --------
    MemoryPool, set_allocator, get_default_pinned_memory_pool

    Examples
    --------
    >>> import gpuarray as xp
    >>> pool = xp.get_default_memory_pool()
    >>> a = xp.zeros(1 << 20, dtype=xp.uint8)
    >>> pool.used_bytes() >= a.nbytes
    True
    """
    return _default_memory_pool


def get_default_pinned_memory_pool():
    """The pool that serves ``alloc_pinned_memory`` by default.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    PinnedMemoryPool
        The same pool on every call.

    See Also
    --------
    PinnedMemoryPool, set_pinned_memory_allocator, get_default_memory_pool

    Examples
    --------
    >>> import gpuarray as xp
    >>> pool = xp.get_default_pinned_memory_pool()
    >>> pool.free_all_blocks()
    >>> pool.n_free_blocks()
    0
    """
    return _default_pinned_memory_pool


def alloc(size):
    """Device memory from the current allocator, on the current device.

    Parameters
    ----------
    size : int
        Bytes wanted.

    Returns
    -------
    MemoryPointer
        The memory; it is freed (or returns to the pool) when the last
        reference goes.

    Raises
    ------
    OutOfMemoryError
        The device has no room.

    See Also
    --------
    set_allocator, MemoryPool.malloc, alloc_pinned_memory

    Examples
    --------
    >>> import gpuarray as xp
    >>> p = xp.cuda.alloc(1024)
    >>> p.size >= 1024
    True
    """
    return _core.alloc(size)


def _is_pool_malloc(allocator):
    return (isinstance(getattr(allocator, "__self__", None), MemoryPool)
            and getattr(allocator, "__func__", None) is _pool_malloc)


def set_allocator(allocator=None):
    """Sets the allocator of device memory for arrays.

    Parameters
    ----------
    allocator : callable or None, optional
        None means plain cudaMalloc/cudaFree with no caching; a pool's
        ``malloc`` (``MemoryPool().malloc``) routes allocations to that
        pool without going through Python; any other callable is called as
        ``allocator(size)``, with the GIL held, and must return a
        MemoryPointer of at least `size` bytes.

    Returns
    -------
    None

    Raises
    ------
    TypeError
        `allocator` is neither None nor callable.

    See Also
    --------
    get_allocator, MemoryPool, get_default_memory_pool

    Examples
    --------
    >>> import gpuarray as xp
    >>> pool = xp.cuda.MemoryPool()
    >>> xp.cuda.set_allocator(pool.malloc)
    >>> a = xp.ones(256)
    >>> pool.used_bytes() >= a.nbytes
    True
    >>> xp.cuda.set_allocator(xp.get_default_memory_pool().malloc)
    """
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
    """The current allocator of device memory, as set by ``set_allocator``.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    callable
        The default pool's ``malloc`` unless ``set_allocator`` chose
        another.

    See Also
    --------
    set_allocator

    Examples
    --------
    >>> import gpuarray as xp
    >>> previous = xp.cuda.get_allocator()
    >>> xp.cuda.set_allocator(None)
    >>> xp.cuda.set_allocator(previous)
    >>> xp.cuda.get_allocator() == previous
    True
    """
    return _current_allocator


def alloc_pinned_memory(nbytes):
    """Page-locked host memory from the current pinned allocator.

    Parameters
    ----------
    nbytes : int
        Bytes wanted.

    Returns
    -------
    PinnedMemoryPointer
        The memory, readable and writable as a buffer
        (``numpy.frombuffer``); copies between it and the device can be
        asynchronous.

    See Also
    --------
    set_pinned_memory_allocator, PinnedMemoryPool, alloc

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> pinned = xp.cuda.alloc_pinned_memory(8 * 4)
    >>> host = np.frombuffer(pinned, np.float64, 4)
    >>> host[:] = [1, 2, 3, 4]
    >>> xp.asarray(host).sum().item()
    10.0
    """
    return _current_pinned_allocator(nbytes)


def set_pinned_memory_allocator(allocator=None):
    """Sets the allocator behind ``alloc_pinned_memory``.

    Parameters
    ----------
    allocator : callable or None, optional
        None means plain cudaHostAlloc with no caching; otherwise a
        callable ``allocator(nbytes)`` returning a PinnedMemoryPointer
        (such as ``PinnedMemoryPool().malloc``).

    Returns
    -------
    None

    Raises
    ------
    TypeError
        `allocator` is neither None nor callable.

    See Also
    --------
    alloc_pinned_memory, get_default_pinned_memory_pool

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cuda.set_pinned_memory_allocator(None)
    >>> p = xp.cuda.alloc_pinned_memory(64)
    >>> pool = xp.get_default_pinned_memory_pool()
    >>> xp.cuda.set_pinned_memory_allocator(pool.malloc)
    """
    global _current_pinned_allocator
    if allocator is None:
        allocator = _malloc_pinned
    elif not callable(allocator):
        raise TypeError(
            f"set_pinned_memory_allocator: allocator must be None or a callable taking a size, "
            f"not {type(allocator).__name__}")
    _current_pinned_allocator = allocator


def _set_limit(self, size=None, fraction=None):
    """Caps the bytes this pool may hold on the current device.

    Parameters
    ----------
    size : int, optional
        The cap in bytes; None or 0 removes it.
    fraction : float, optional
        The cap as a fraction, in [0, 1], of the device's memory.

    Returns
    -------
    None

    Raises
    ------
    ValueError
        Both `size` and `fraction` are given, or `size` is negative.

    See Also
    --------
    MemoryPool.get_limit, MemoryPool.free_all_blocks

    Notes
    -----
    Past the cap, an allocation first releases the pool's cache, then
    raises OutOfMemoryError.

    Examples
    --------
    >>> import gpuarray as xp
    >>> pool = xp.cuda.MemoryPool()
    >>> pool.set_limit(size=1 << 20)
    >>> pool.get_limit()
    1048576
    >>> pool.set_limit()
    >>> pool.get_limit()
    0
    """
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
    """Deprecated spelling of ``free_all_blocks()``.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    None

    See Also
    --------
    MemoryPool.free_all_blocks

    Examples
    --------
    >>> import gpuarray as xp
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", DeprecationWarning)
    ...     xp.cuda.MemoryPool().free_all_free()
    """
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
