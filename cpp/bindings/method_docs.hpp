// SPDX-License-Identifier: BSD-3-Clause
// The docstrings of the methods bound in C++ that Python users call (issue #32).
//
// Note [Text signatures]: pybind11 writes its own signature line at the top of
// a docstring ("copy(self: gpuarray._core.ndarray, order: str = 'C') -> ..."),
// which inspect.signature, help() and Sphinx cannot read. CPython reads a
// builtin's signature from a first line "name(parameters)\n--\n\n" instead, so
// these texts start with one, and the bindings that use them switch pybind11's
// line off for those definitions only (a scoped py::options). The name must be
// the one bound. The parameters are written as `self, /, ...` and not with
// `$self`: pybind11 gives its builtins a __self__ (the function record), so
// inspect would take `$self` as already bound and drop it, and a bound method
// would then lose its first real parameter. Defaults must be Python literals.
// tests/core/test_signatures.py checks the result once the engine is rebuilt.
#pragma once

namespace gpuarray::bindings::docs {

// ---- ndarray (ndarray.cpp, reductions.cpp)

inline constexpr const char* ndarray_reshape = R"doc(reshape(self, /, *shape, order='C', copy=None)
--

The array with a new shape and the same data: a view when the layout
allows one, else a view of a copy.

Parameters
----------
*shape : int or tuple of ints
    The new shape, as one tuple or as separate ints; one dimension may be
    -1 and is then inferred. ``shape=`` is accepted as a keyword too.
order : {'C', 'F', 'A'}, optional
    Read and place the elements in C (row-major) or Fortran (column-major)
    order; 'A' is Fortran when the array is Fortran-contiguous only.
copy : bool or None, optional
    True always copies; False raises ValueError when a view is impossible;
    None (default) copies only when needed.

Returns
-------
ndarray
    The reshaped array, on the same device.

Raises
------
ValueError
    The new shape has a different size, or ``copy=False`` and the layout
    needs a copy, or `order` is 'K'.

See Also
--------
gpuarray.reshape, ndarray.ravel, ndarray.transpose

Examples
--------
>>> import gpuarray as xp
>>> a = xp.arange(6)
>>> a.reshape(2, 3)
array([[0, 1, 2],
       [3, 4, 5]])
>>> a.reshape((3, -1), order='F').shape
(3, 2)
)doc";

inline constexpr const char* ndarray_transpose = R"doc(transpose(self, /, *axes)
--

A view of the array with its axes permuted (no data moves).

Parameters
----------
*axes : None, tuple of ints, or ints
    The new order of the axes, as one tuple or as separate ints; none (or
    None) reverses them.

Returns
-------
ndarray
    A view with ``shape[i] == a.shape[axes[i]]``.

Raises
------
ValueError
    `axes` is not a permutation of the array's axes.
numpy.exceptions.AxisError
    An axis is out of range.

See Also
--------
gpuarray.transpose, ndarray.T, gpuarray.swapaxes, gpuarray.moveaxis

Examples
--------
>>> import gpuarray as xp
>>> a = xp.arange(6).reshape(2, 3)
>>> a.transpose()
array([[0, 3],
       [1, 4],
       [2, 5]])
>>> xp.ones((2, 3, 4)).transpose(2, 0, 1).shape
(4, 2, 3)
)doc";

inline constexpr const char* ndarray_copy = R"doc(copy(self, /, order='C')
--

A copy of the array in new device memory.

Parameters
----------
order : {'C', 'F', 'A', 'K'}, optional
    The copy's memory layout: C (row-major), Fortran (column-major), 'A'
    (Fortran when the array is Fortran-contiguous) or 'K' (as close to the
    array's own layout as possible).

Returns
-------
ndarray
    A new array, on the same device, that shares no memory with this one.

See Also
--------
gpuarray.copy, ndarray.astype, ndarray.view

Notes
-----
The copy is enqueued on the current stream; the call returns before it
has run.

Examples
--------
>>> import gpuarray as xp
>>> a = xp.arange(6).reshape(2, 3)
>>> b = a.copy(order='F')
>>> b.flags.f_contiguous, xp.shares_memory(a, b)
(True, False)
>>> b
array([[0, 1, 2],
       [3, 4, 5]])
)doc";

inline constexpr const char* ndarray_sum = R"doc(sum(self, /, axis=None, dtype=None, out=None, keepdims=False, *, initial=None, where=True)
--

The sum of the array's elements over the given axes.

Parameters
----------
axis : None or int or tuple of ints, optional
    The axes to sum over; None (default) sums all elements.
dtype : dtype, optional
    The accumulator's and result's type; by default the array's, with
    booleans and integers smaller than the platform integer widened as
    NumPy does.
out : ndarray, optional
    Where to write the result (its shape must be the result's).
keepdims : bool, optional
    Keep the summed axes with length one, so that the result broadcasts
    against the array.
initial : scalar, optional
    A value added to each sum.
where : array_like of bool, optional
    Only the elements where this is True are summed.

Returns
-------
ndarray
    The sums: a 0-d array when all axes are summed (NumPy returns a
    scalar; ``float()`` or ``.item()`` reads the value back).

See Also
--------
gpuarray.sum, ndarray.prod, ndarray.cumsum, ndarray.mean

Notes
-----
Floating-point sums are accumulated in another order than NumPy's
pairwise summation, so their last bits may differ. Nothing is read back to
the host.

Examples
--------
>>> import gpuarray as xp
>>> a = xp.arange(6).reshape(2, 3)
>>> int(a.sum())
15
>>> a.sum(axis=0, keepdims=True)
array([[3, 5, 7]])
)doc";

inline constexpr const char* ndarray_prod = R"doc(prod(self, /, axis=None, dtype=None, out=None, keepdims=False, *, initial=None, where=True)
--

The product of the array's elements over the given axes.

Parameters
----------
axis : None or int or tuple of ints, optional
    The axes to multiply over; None (default) multiplies all elements.
dtype : dtype, optional
    The accumulator's and result's type; by default the array's, with
    booleans and integers smaller than the platform integer widened as
    NumPy does.
out : ndarray, optional
    Where to write the result (its shape must be the result's).
keepdims : bool, optional
    Keep the reduced axes with length one, so that the result broadcasts
    against the array.
initial : scalar, optional
    A value each product starts from.
where : array_like of bool, optional
    Only the elements where this is True are multiplied.

Returns
-------
ndarray
    The products: a 0-d array when all axes are reduced (NumPy returns a
    scalar; ``float()`` or ``.item()`` reads the value back).

See Also
--------
gpuarray.prod, ndarray.sum, ndarray.cumprod

Examples
--------
>>> import gpuarray as xp
>>> a = xp.arange(1, 7).reshape(2, 3)
>>> int(a.prod())
720
>>> a.prod(axis=1)
array([  6, 120])
)doc";

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
>>> q.ptr - p.ptr, q.size
(128, 128)
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
gpuarray.cuda.set_allocator, gpuarray.cuda.get_default_memory_pool

Examples
--------
>>> import gpuarray as xp
>>> from gpuarray import cuda
>>> pool = cuda.MemoryPool()
>>> cuda.set_allocator(pool.malloc)
>>> a = xp.zeros(1024, xp.float32)
>>> pool.used_bytes() >= a.nbytes
True
>>> cuda.set_allocator(cuda.get_default_memory_pool().malloc)
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
>>> q.ptr - p.ptr, q.size()
(16, 48)
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

// ---- Function and RawKernel launches (jit.cpp)

inline constexpr const char* kernel_call = R"doc(__call__(self, /, grid, block, args, *, shared_mem=0, stream=None)
--

Launches the kernel.

Parameters
----------
grid : int or tuple of ints
    Blocks per grid, up to three dimensions.
block : int or tuple of ints
    Threads per block, up to three dimensions.
args : tuple
    The kernel's arguments in order: arrays (anything with
    ``__cuda_array_interface__`` or ``.ptr``, passed as device pointers),
    None (a null pointer), and NumPy and Python scalars, converted to the
    kernel's declared parameter types.
shared_mem : int, optional
    Bytes of dynamic shared memory.
stream : Stream, optional
    The stream to launch on; None is the current stream.

Returns
-------
None
    The launch is enqueued; the call returns before the kernel runs.

See Also
--------
gpuarray.RawKernel, gpuarray.RawModule.get_function

Examples
--------
>>> import gpuarray as xp
>>> kernel = xp.RawKernel(r'''
... extern "C" __global__ void twice(float* x, int n) {
...     int i = blockIdx.x * blockDim.x + threadIdx.x;
...     if (i < n) x[i] *= 2;
... }''', 'twice')
>>> x = xp.arange(4, dtype=xp.float32)
>>> kernel((1,), (32,), (x, xp.int32(4)))
>>> x
array([0., 2., 4., 6.], dtype=float32)
)doc";

}  // namespace gpuarray::bindings::docs
