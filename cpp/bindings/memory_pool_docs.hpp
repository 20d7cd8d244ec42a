// SPDX-License-Identifier: BSD-3-Clause
// The docstrings of the device and pinned memory pools' and pointers' methods (issue #32).
// Each starts with a text signature: Note [Text signatures] in
// bindings/method_docs.hpp.
#pragma once

namespace gpuarray::bindings::docs {

// ---- MemoryPool (memory.cpp)

inline constexpr const char* memory_pool_init = R"doc(__init__(self, /, allocator=None)
--

A caching pool of device memory, one stream-ordered cache per device.
Freed blocks are kept for reuse instead of going back to cudaFree.

Parameters
----------
allocator : None
    Accepted for CuPy's signature; only None is supported (the pool
    allocates with cudaMalloc).

Raises
------
TypeError
    `allocator` is not None.

See Also
--------
gpuarray.cuda.set_allocator, gpuarray.get_default_memory_pool

Examples
--------
>>> import gpuarray as xp
>>> from gpuarray import cuda
>>> pool = cuda.MemoryPool()
>>> cuda.set_allocator(pool.malloc)
>>> a = xp.zeros(1024, xp.float32)
>>> pool.used_bytes() >= a.nbytes
True
>>> cuda.set_allocator(xp.get_default_memory_pool().malloc)
)doc";

inline constexpr const char* memory_pool_malloc = R"doc(malloc(self, /, size)
--

`size` bytes of device memory from this pool, on the current device, for
work on its current stream.

Parameters
----------
size : int
    Bytes wanted (rounded up to the pool's block size).

Returns
-------
MemoryPointer
    The memory; it returns to the pool when the last reference is gone.

Raises
------
OutOfMemoryError
    The device has no room even after the pool released its cache, or
    the pool's limit (``set_limit``) would be passed.

See Also
--------
MemoryPool.free_all_blocks, gpuarray.cuda.alloc

Examples
--------
>>> from gpuarray import cuda
>>> pool = cuda.MemoryPool()
>>> p = pool.malloc(1000)
>>> p.size >= 1000, pool.used_bytes() >= 1000
(True, True)
)doc";

inline constexpr const char* memory_pool_free_all_blocks = R"doc(free_all_blocks(self, /, stream=None)
--

Gives the pool's wholly free cached memory on the current device back
(cudaFree); memory in use is untouched.

Parameters
----------
stream : Stream, optional
    Release only the cache kept for this stream; None releases the cache
    of every stream.

Returns
-------
None

See Also
--------
MemoryPool.free_bytes, MemoryPool.set_limit

Examples
--------
>>> from gpuarray import cuda
>>> pool = cuda.MemoryPool()
>>> p = pool.malloc(1 << 20); del p
>>> pool.free_bytes() > 0
True
>>> pool.free_all_blocks(); pool.free_bytes()
0
)doc";

inline constexpr const char* memory_pool_n_free_blocks = R"doc(n_free_blocks(self, /)
--

The number of free blocks the pool caches on the current device.

Returns
-------
int

See Also
--------
MemoryPool.free_bytes, MemoryPool.free_all_blocks

Examples
--------
>>> from gpuarray import cuda
>>> pool = cuda.MemoryPool()
>>> pool.n_free_blocks()
0
>>> p = pool.malloc(4096); del p
>>> pool.n_free_blocks() >= 1
True
)doc";

inline constexpr const char* memory_pool_used_bytes = R"doc(used_bytes(self, /)
--

Bytes of the pool on the current device in live allocations (arrays and
pointers still referenced).

Returns
-------
int

See Also
--------
MemoryPool.free_bytes, MemoryPool.total_bytes

Examples
--------
>>> from gpuarray import cuda
>>> pool = cuda.MemoryPool()
>>> p = pool.malloc(512)
>>> pool.used_bytes() >= 512
True
>>> del p; pool.used_bytes()
0
)doc";

inline constexpr const char* memory_pool_free_bytes = R"doc(free_bytes(self, /)
--

Bytes the pool holds on the current device but has not handed out:
cached, ready for reuse.

Returns
-------
int
    ``total_bytes() - used_bytes()``.

See Also
--------
MemoryPool.used_bytes, MemoryPool.free_all_blocks

Examples
--------
>>> from gpuarray import cuda
>>> pool = cuda.MemoryPool()
>>> p = pool.malloc(1 << 20); del p
>>> pool.free_bytes() == pool.total_bytes()
True
)doc";

inline constexpr const char* memory_pool_total_bytes = R"doc(total_bytes(self, /)
--

Bytes the pool holds on the current device (cudaMalloc): used plus
cached.

Returns
-------
int

See Also
--------
MemoryPool.used_bytes, MemoryPool.free_bytes, MemoryPool.get_limit

Examples
--------
>>> from gpuarray import cuda
>>> pool = cuda.MemoryPool()
>>> p = pool.malloc(1 << 20)
>>> pool.total_bytes() == pool.used_bytes() + pool.free_bytes()
True
)doc";

inline constexpr const char* memory_pool_get_limit = R"doc(get_limit(self, /)
--

The cap on the bytes this pool may hold on the current device, set by
``set_limit``; 0 means no cap.

Returns
-------
int

See Also
--------
MemoryPool.set_limit, MemoryPool.total_bytes

Examples
--------
>>> from gpuarray import cuda
>>> pool = cuda.MemoryPool()
>>> pool.get_limit()
0
>>> pool.set_limit(size=1 << 30); pool.get_limit()
1073741824
)doc";

// ---- Pinned host memory (memory.cpp)

inline constexpr const char* pinned_memory_pointer_init = R"doc(__init__(self, /, mem, offset)
--

A pointer `offset` bytes into page-locked host memory `mem`; it keeps
`mem` alive and exposes the bytes from there to the end through the
buffer protocol (``numpy.frombuffer`` takes it).

Parameters
----------
mem : PinnedMemory
    The pinned memory.
offset : int
    Bytes from the start of `mem`.

See Also
--------
gpuarray.cuda.alloc_pinned_memory, PinnedMemoryPool.malloc

Examples
--------
>>> from gpuarray import cuda
>>> p = cuda.alloc_pinned_memory(64)
>>> q = cuda.PinnedMemoryPointer(p.mem, 16)
>>> q.ptr - p.ptr, q.size() == p.mem.size - 16   # the pool may round the block up
(16, True)
)doc";

inline constexpr const char* pinned_memory_pointer_size = R"doc(size(self, /)
--

The bytes from this pointer to the end of its memory.

Returns
-------
int

See Also
--------
PinnedMemoryPointer.mem

Examples
--------
>>> from gpuarray import cuda
>>> cuda.alloc_pinned_memory(100).size() >= 100
True
)doc";

inline constexpr const char* pinned_memory_pool_init = R"doc(__init__(self, /, allocator=None)
--

A cache of page-locked host memory blocks, kept by rounded size and
handed out again for requests of that size.

Parameters
----------
allocator : None
    Accepted for CuPy's signature; only None is supported (the pool
    allocates with cudaHostAlloc).

Raises
------
TypeError
    `allocator` is not None.

See Also
--------
gpuarray.cuda.set_pinned_memory_allocator, gpuarray.cuda.alloc_pinned_memory

Notes
-----
Host memory has no stream order: memory given to an asynchronous copy
must not be freed before the copy has finished.

Examples
--------
>>> from gpuarray import cuda
>>> pool = cuda.PinnedMemoryPool()
>>> p = pool.malloc(4096)
>>> p.size() >= 4096
True
)doc";

inline constexpr const char* pinned_memory_pool_malloc = R"doc(malloc(self, /, size)
--

`size` bytes of page-locked host memory from this pool.

Parameters
----------
size : int
    Bytes wanted (rounded up).

Returns
-------
PinnedMemoryPointer
    The memory; it returns to the pool when the last reference is gone.

Raises
------
OutOfMemoryError
    cudaHostAlloc failed even after the cached blocks were released.

See Also
--------
PinnedMemoryPool.free_all_blocks

Examples
--------
>>> import numpy as np
>>> from gpuarray import cuda
>>> p = cuda.PinnedMemoryPool().malloc(32)
>>> np.frombuffer(p, np.uint8, 32).nbytes
32
)doc";

inline constexpr const char* pinned_memory_pool_free_all_blocks = R"doc(free_all_blocks(self, /)
--

Gives the pool's cached (unused) blocks back with cudaFreeHost.

Returns
-------
None

See Also
--------
PinnedMemoryPool.n_free_blocks

Examples
--------
>>> from gpuarray import cuda
>>> pool = cuda.PinnedMemoryPool()
>>> p = pool.malloc(4096); del p
>>> pool.free_all_blocks(); pool.n_free_blocks()
0
)doc";

inline constexpr const char* pinned_memory_pool_n_free_blocks = R"doc(n_free_blocks(self, /)
--

The number of cached blocks ready for reuse.

Returns
-------
int

See Also
--------
PinnedMemoryPool.free_all_blocks

Examples
--------
>>> from gpuarray import cuda
>>> pool = cuda.PinnedMemoryPool()
>>> p = pool.malloc(4096); del p
>>> pool.n_free_blocks()
1
)doc";

}  // namespace gpuarray::bindings::docs
