# SPDX-License-Identifier: BSD-3-Clause
"""The docstrings of the memory classes bound in C++ (issue #32), which
pybind11 leaves without one; memory.py sets them. Their methods' docstrings
are the bindings' (cpp/bindings/method_docs.hpp)."""

BASE_MEMORY = """Device memory: a block from a pool or from cudaMalloc, freed when
the last reference goes.

Users do not make these: ``MemoryPointer.mem`` holds one, and
``UnownedMemory`` wraps memory allocated elsewhere. It has ``ptr`` (the
device address), ``size`` (bytes), ``device_id`` and ``device``.

See Also
--------
MemoryPointer, UnownedMemory, MemoryPool

Examples
--------
>>> from gpuarray import cuda
>>> mem = cuda.alloc(1024).mem
>>> mem.size >= 1024, mem.device_id == cuda.Device().id
(True, True)
"""

PINNED_MEMORY = """Page-locked host memory (cudaHostAlloc), freed when the last
reference goes. Copies from and to it can run asynchronously.

Users do not make these: ``PinnedMemoryPointer.mem`` holds one. It has
``ptr`` (the host address) and ``size`` (bytes).

See Also
--------
PinnedMemoryPointer, PinnedMemoryPool, alloc_pinned_memory

Examples
--------
>>> from gpuarray import cuda
>>> cuda.alloc_pinned_memory(64).mem.size >= 64
True
"""

UNOWNED_MEMORY = """Device memory allocated by someone else (another library, a raw
cudaMalloc), made usable by a MemoryPointer and an array.

Parameters
----------
ptr : int
    The device address.
size : int
    Its size in bytes.
owner : object
    An object kept alive as long as this memory is referenced (the one that
    frees the memory when collected), or None.
device_id : int, optional
    The device the memory is on; -1 (default) asks the CUDA runtime.

See Also
--------
MemoryPointer, gpuarray.from_dlpack

Notes
-----
gpuarray never frees this memory; keeping `owner` alive is what keeps
the memory valid.

Examples
--------
>>> import gpuarray as xp
>>> from gpuarray import cuda
>>> owner = cuda.alloc(32)
>>> mem = cuda.UnownedMemory(owner.ptr, 32, owner)
>>> a = xp.ndarray((4,), xp.float64, cuda.MemoryPointer(mem, 0))
>>> a.fill(2.0); float(a.sum())
8.0
"""

MEMORY_POINTER = """A pointer into device memory: the memory (``mem``) and an offset
in bytes. It keeps the memory alive; arrays hold one as ``a.data``.

Parameters
----------
mem : BaseMemory
    The memory.
offset : int
    Bytes from the start of `mem`.

See Also
--------
alloc, MemoryPool.malloc, UnownedMemory

Notes
-----
As CuPy's: ``ptr`` is the address, ``size`` the bytes from it to the end
of the memory, ``p + n`` a pointer `n` bytes further; the copy and memset
methods work in bytes on the current stream of the memory's device.

Examples
--------
>>> import gpuarray as xp
>>> a = xp.arange(4, dtype=xp.int32)
>>> p = a.data
>>> p.ptr == a.__cuda_array_interface__['data'][0], p.size >= 16
(True, True)
>>> (p + 8).ptr - p.ptr
8
"""

MEMORY_POOL = """A caching pool of device memory: one stream-ordered cache per device,
so that freed blocks are reused without cudaFree and cudaMalloc. Its
methods (``malloc``, ``used_bytes``, ``free_all_blocks``, ``set_limit``,
...) work on the current device's cache.

Arrays allocate from the default pool (``get_default_memory_pool()``)
unless ``set_allocator`` chose another allocator.

Parameters
----------
allocator : None
    Accepted for CuPy's signature; only None is supported (the pool
    allocates with cudaMalloc).

See Also
--------
get_default_memory_pool, set_allocator, PinnedMemoryPool

Notes
-----
A freed block goes back to the cache of the stream it was allocated on and
is reused at once by the next request on that stream (its work runs in
order); it is never handed to another stream, whose work could overtake
the old owner's. Memory used on a stream other than its own must be
ordered with an event, as in CuPy. ``set_limit`` caps what the pool may
hold.

Examples
--------
>>> import gpuarray as xp
>>> from gpuarray import cuda
>>> pool = xp.get_default_memory_pool()
>>> a = xp.zeros(1 << 20, dtype=xp.float32)
>>> pool.used_bytes() >= a.nbytes
True
>>> del a
>>> pool.free_all_blocks()
"""

PINNED_MEMORY_POINTER = """A pointer into page-locked host memory; it keeps the memory alive and
exposes the bytes from there to the end through the buffer protocol.

Parameters
----------
mem : PinnedMemory
    The pinned memory.
offset : int
    Bytes from the start of `mem`.

See Also
--------
alloc_pinned_memory, PinnedMemoryPool

Examples
--------
>>> import numpy as np
>>> from gpuarray import cuda
>>> p = cuda.alloc_pinned_memory(16)
>>> host = np.frombuffer(p, np.float32, 4)
>>> host[:] = 1.5
>>> float(host.sum())
6.0
"""

PINNED_MEMORY_POOL = """A cache of page-locked host blocks, kept by rounded size and handed
out again for requests of that size.

Parameters
----------
allocator : None
    Accepted for CuPy's signature; only None is supported (the pool
    allocates with cudaHostAlloc).

See Also
--------
set_pinned_memory_allocator, alloc_pinned_memory, MemoryPool

Notes
-----
Host memory has no stream order: memory given to an asynchronous copy
must not be freed before the copy has finished (synchronize first).

Examples
--------
>>> import gpuarray as xp
>>> from gpuarray import cuda
>>> pool = cuda.PinnedMemoryPool()
>>> cuda.set_pinned_memory_allocator(pool.malloc)
>>> p = cuda.alloc_pinned_memory(4096)
>>> del p
>>> pool.n_free_blocks()
1
>>> cuda.set_pinned_memory_allocator(xp.get_default_pinned_memory_pool().malloc)
"""
