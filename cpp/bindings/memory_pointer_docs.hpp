// SPDX-License-Identifier: BSD-3-Clause
// The docstrings of MemoryPointer's and UnownedMemory's methods (issue #32).
// Each starts with a text signature: Note [Text signatures] in
// bindings/method_docs.hpp.
#pragma once

namespace gpuarray::bindings::docs {

// ---- MemoryPointer, UnownedMemory (memory.cpp)

inline constexpr const char* unowned_memory_init = R"doc(__init__(self, /, ptr, size, owner, device_id=-1)
--

Device memory allocated by someone else (another library, a raw
cudaMalloc), wrapped so that a MemoryPointer and an array can use it.

Parameters
----------
ptr : int
    The device address.
size : int
    Its size in bytes.
owner : object
    An object kept alive as long as this memory is referenced (the one
    that frees the memory when collected), or None.
device_id : int, optional
    The device the memory is on; -1 (default) asks the CUDA runtime.

Raises
------
ValueError
    `ptr` is 0 and `device_id` is not given.

See Also
--------
MemoryPointer, gpuarray.from_dlpack

Examples
--------
>>> import gpuarray as xp
>>> from gpuarray import cuda
>>> owner = cuda.alloc(64)
>>> mem = cuda.UnownedMemory(owner.ptr, 64, owner)
>>> a = xp.ndarray((8,), xp.float64, cuda.MemoryPointer(mem, 0))
>>> a.fill(1.0); int(a.sum())
8
)doc";

inline constexpr const char* memory_pointer_init = R"doc(__init__(self, /, mem, offset)
--

A pointer `offset` bytes into device memory `mem`; it keeps `mem` alive.

Parameters
----------
mem : BaseMemory
    The memory (from a pool, ``cuda.alloc``, or an UnownedMemory).
offset : int
    Bytes from the start of `mem`; ``ptr + n`` makes the same pointer.

See Also
--------
gpuarray.cuda.alloc, MemoryPool.malloc, UnownedMemory

Examples
--------
>>> from gpuarray import cuda
>>> p = cuda.alloc(256)
>>> q = cuda.MemoryPointer(p.mem, 128)
>>> q.ptr - p.ptr, q.size == p.mem.size - 128   # the pool may round the block up
(128, True)
)doc";

inline constexpr const char* memory_pointer_copy_from_device = R"doc(copy_from_device(self, /, src, size)
--

Copies `size` bytes from device pointer `src` to this pointer, and waits
for the copy.

Parameters
----------
src : MemoryPointer
    The source (any device; peer copies are made by the runtime).
size : int
    Bytes to copy.

Returns
-------
None

See Also
--------
MemoryPointer.copy_from_device_async, MemoryPointer.copy_from

Examples
--------
>>> import numpy as np
>>> from gpuarray import cuda
>>> a, b = cuda.alloc(8), cuda.alloc(8)
>>> a.copy_from_host(np.arange(8, dtype=np.uint8), 8)
>>> b.copy_from_device(a, 8)
>>> host = np.empty(8, np.uint8); b.copy_to_host(host, 8); host
array([0, 1, 2, 3, 4, 5, 6, 7], dtype=uint8)
)doc";

inline constexpr const char* memory_pointer_copy_from_device_async = R"doc(copy_from_device_async(self, /, src, size, stream=None)
--

Enqueues a copy of `size` bytes from device pointer `src` to this pointer
on `stream`, and returns at once.

Parameters
----------
src : MemoryPointer
    The source.
size : int
    Bytes to copy.
stream : Stream, optional
    The stream; None is the current stream of this pointer's device.

Returns
-------
None

See Also
--------
MemoryPointer.copy_from_device, gpuarray.cuda.Stream

Examples
--------
>>> import numpy as np
>>> from gpuarray import cuda
>>> a, b = cuda.alloc(8), cuda.alloc(8)
>>> a.memset(7, 8)
>>> stream = cuda.Stream()
>>> b.copy_from_device_async(a, 8, stream)
>>> stream.synchronize()
>>> host = np.empty(8, np.uint8); b.copy_to_host(host, 8); int(host[0])
7
)doc";

inline constexpr const char* memory_pointer_copy_from_host = R"doc(copy_from_host(self, /, mem, size)
--

Copies `size` bytes from host memory to this pointer, and waits for the
copy.

Parameters
----------
mem : int, ctypes pointer, PinnedMemoryPointer or buffer
    The host memory: an address, a ctypes pointer, pinned memory, or a
    contiguous object with the buffer protocol (a NumPy array, bytes).
size : int
    Bytes to copy; a buffer must hold at least that many.

Returns
-------
None

Raises
------
ValueError
    The buffer is smaller than `size`.
TypeError
    `mem` is none of the accepted kinds.

See Also
--------
MemoryPointer.copy_from_host_async, MemoryPointer.copy_to_host

Examples
--------
>>> import numpy as np
>>> from gpuarray import cuda
>>> p = cuda.alloc(16)
>>> p.copy_from_host(np.arange(4, dtype=np.int32), 16)
>>> out = np.zeros(4, np.int32); p.copy_to_host(out, 16); out
array([0, 1, 2, 3], dtype=int32)
)doc";

inline constexpr const char* memory_pointer_copy_from_host_async = R"doc(copy_from_host_async(self, /, mem, size, stream=None)
--

Enqueues a copy of `size` bytes from host memory to this pointer on
`stream`, and returns at once.

Parameters
----------
mem : int, ctypes pointer, PinnedMemoryPointer or buffer
    The host memory; it must stay valid until the copy has run. Only
    pinned memory makes the copy truly asynchronous.
size : int
    Bytes to copy.
stream : Stream, optional
    The stream; None is the current stream of this pointer's device.

Returns
-------
None

See Also
--------
MemoryPointer.copy_from_host, gpuarray.cuda.alloc_pinned_memory

Examples
--------
>>> import numpy as np
>>> from gpuarray import cuda
>>> host = cuda.alloc_pinned_memory(16)
>>> np.frombuffer(host, np.int32, 4)[:] = [1, 2, 3, 4]
>>> p = cuda.alloc(16)
>>> p.copy_from_host_async(host, 16)
>>> cuda.Stream.null.synchronize()
>>> out = np.zeros(4, np.int32); p.copy_to_host(out, 16); out
array([1, 2, 3, 4], dtype=int32)
)doc";

inline constexpr const char* memory_pointer_copy_to_host = R"doc(copy_to_host(self, /, mem, size)
--

Copies `size` bytes from this pointer to host memory, and waits for the
copy.

Parameters
----------
mem : int, ctypes pointer, PinnedMemoryPointer or writable buffer
    The host destination (a NumPy array, a bytearray, an address).
size : int
    Bytes to copy; a buffer must hold at least that many.

Returns
-------
None

Raises
------
ValueError
    The buffer is smaller than `size`.

See Also
--------
MemoryPointer.copy_to_host_async, MemoryPointer.copy_from_host

Examples
--------
>>> import numpy as np
>>> from gpuarray import cuda
>>> p = cuda.alloc(4)
>>> p.memset(255, 4)
>>> out = bytearray(4); p.copy_to_host(out, 4); bytes(out)
b'\xff\xff\xff\xff'
)doc";

inline constexpr const char* memory_pointer_copy_to_host_async = R"doc(copy_to_host_async(self, /, mem, size, stream=None)
--

Enqueues a copy of `size` bytes from this pointer to host memory on
`stream`, and returns at once.

Parameters
----------
mem : int, ctypes pointer, PinnedMemoryPointer or writable buffer
    The host destination; read it only after the stream has synchronized.
size : int
    Bytes to copy.
stream : Stream, optional
    The stream; None is the current stream of this pointer's device.

Returns
-------
None

See Also
--------
MemoryPointer.copy_to_host, gpuarray.cuda.Stream.synchronize

Examples
--------
>>> import numpy as np
>>> from gpuarray import cuda
>>> p = cuda.alloc(4)
>>> p.memset(1, 4)
>>> out = np.zeros(4, np.uint8)
>>> p.copy_to_host_async(out, 4)
>>> cuda.Stream.null.synchronize(); out
array([1, 1, 1, 1], dtype=uint8)
)doc";

inline constexpr const char* memory_pointer_copy_from = R"doc(copy_from(self, /, mem, size)
--

Copies `size` bytes to this pointer from device memory (a MemoryPointer)
or from host memory (anything ``copy_from_host`` takes), and waits.

Parameters
----------
mem : MemoryPointer or host memory
    The source.
size : int
    Bytes to copy.

Returns
-------
None

See Also
--------
MemoryPointer.copy_from_device, MemoryPointer.copy_from_host

Examples
--------
>>> import numpy as np
>>> from gpuarray import cuda
>>> a, b = cuda.alloc(4), cuda.alloc(4)
>>> a.copy_from(b'\x01\x02\x03\x04', 4)
>>> b.copy_from(a, 4)
>>> out = bytearray(4); b.copy_to_host(out, 4); list(out)
[1, 2, 3, 4]
)doc";

inline constexpr const char* memory_pointer_copy_from_async = R"doc(copy_from_async(self, /, mem, size, stream=None)
--

Enqueues a copy of `size` bytes to this pointer from device or host
memory on `stream`, and returns at once.

Parameters
----------
mem : MemoryPointer or host memory
    The source; host memory must stay valid until the copy has run.
size : int
    Bytes to copy.
stream : Stream, optional
    The stream; None is the current stream of this pointer's device.

Returns
-------
None

See Also
--------
MemoryPointer.copy_from, MemoryPointer.copy_from_device_async

Examples
--------
>>> from gpuarray import cuda
>>> a, b = cuda.alloc(4), cuda.alloc(4)
>>> a.memset(9, 4)
>>> b.copy_from_async(a, 4)
>>> cuda.Stream.null.synchronize()
>>> out = bytearray(4); b.copy_to_host(out, 4); list(out)
[9, 9, 9, 9]
)doc";

inline constexpr const char* memory_pointer_memset = R"doc(memset(self, /, value, size)
--

Sets `size` bytes from this pointer to the byte `value`, and waits.

Parameters
----------
value : int
    The byte value (its low 8 bits are used, as cudaMemset's).
size : int
    Bytes to set.

Returns
-------
None

See Also
--------
MemoryPointer.memset_async, ndarray.fill

Examples
--------
>>> from gpuarray import cuda
>>> p = cuda.alloc(4)
>>> p.memset(0x2a, 4)
>>> out = bytearray(4); p.copy_to_host(out, 4); bytes(out)
b'****'
)doc";

inline constexpr const char* memory_pointer_memset_async = R"doc(memset_async(self, /, value, size, stream=None)
--

Enqueues setting `size` bytes from this pointer to the byte `value` on
`stream`, and returns at once.

Parameters
----------
value : int
    The byte value (its low 8 bits are used).
size : int
    Bytes to set.
stream : Stream, optional
    The stream; None is the current stream of this pointer's device.

Returns
-------
None

See Also
--------
MemoryPointer.memset

Examples
--------
>>> from gpuarray import cuda
>>> p = cuda.alloc(4)
>>> p.memset_async(0, 4)
>>> cuda.Stream.null.synchronize()
>>> out = bytearray(b'xxxx'); p.copy_to_host(out, 4); list(out)
[0, 0, 0, 0]
)doc";

}  // namespace gpuarray::bindings::docs
