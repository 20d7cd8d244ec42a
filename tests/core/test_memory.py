# SPDX-License-Identifier: BSD-3-Clause
"""Device memory pool, pinned memory pool, MemoryPointer and the allocators."""
import ctypes
import gc
import inspect
import threading

import numpy
import pytest

import gpuarray
from gpuarray import _core
from gpuarray.cuda import (
    CUDARuntimeError, MemoryPointer, MemoryPool, OutOfMemoryError, PinnedMemoryPointer,
    PinnedMemoryPool, Stream, UnownedMemory, memory,
)

gpu = pytest.mark.gpu
no_device = pytest.mark.skipif(gpuarray.cuda.is_available(), reason="needs a machine without a CUDA device")

KiB = 1 << 10
MiB = 1 << 20


@pytest.fixture
def restore_allocators():
    allocator = memory.get_allocator()
    pinned = memory._current_pinned_allocator
    yield
    memory.set_allocator(allocator)
    memory.set_pinned_memory_allocator(pinned)


def fake_pointer(address, size):
    """A MemoryPointer to memory that is never touched: lets allocator and
    arithmetic tests run without a device."""
    return MemoryPointer(UnownedMemory(address, size, None, device_id=0), 0)


# --- No device needed ---------------------------------------------------------

def test_public_names():
    for name in ["BaseMemory", "MemoryPointer", "MemoryPool", "PinnedMemory", "PinnedMemoryPointer",
                 "PinnedMemoryPool", "UnownedMemory", "alloc", "alloc_pinned_memory", "get_allocator",
                 "set_allocator", "set_pinned_memory_allocator", "memory"]:
        assert name in gpuarray.cuda.__all__
        assert hasattr(gpuarray.cuda, name)
    assert gpuarray.get_default_memory_pool is memory.get_default_memory_pool
    assert gpuarray.get_default_pinned_memory_pool is memory.get_default_pinned_memory_pool
    assert callable(_core._bench_pool_malloc_free)
    assert memory.get_default_memory_pool() is memory.get_default_memory_pool()
    assert isinstance(memory.get_default_memory_pool(), MemoryPool)
    assert isinstance(memory.get_default_pinned_memory_pool(), PinnedMemoryPool)


@pytest.mark.parametrize("func, params", [
    (memory.set_allocator, ["allocator"]),
    (memory.get_allocator, []),
    (memory.alloc, ["size"]),
    (memory.alloc_pinned_memory, ["nbytes"]),
    (memory.set_pinned_memory_allocator, ["allocator"]),
    (memory.get_default_memory_pool, []),
    (memory.get_default_pinned_memory_pool, []),
    (MemoryPool.set_limit, ["self", "size", "fraction"]),
])
def test_python_signatures(func, params):
    assert list(inspect.signature(func).parameters) == params


def test_class_methods_exist():
    for name in ["malloc", "free_all_blocks", "free_all_free", "n_free_blocks", "used_bytes",
                 "free_bytes", "total_bytes", "set_limit", "get_limit"]:
        assert callable(getattr(MemoryPool, name))
    for name in ["malloc", "free_all_blocks", "free_all_free", "n_free_blocks"]:
        assert callable(getattr(PinnedMemoryPool, name))
    for name in ["copy_from_device", "copy_from_device_async", "copy_from_host", "copy_from_host_async",
                 "copy_to_host", "copy_to_host_async", "copy_from", "copy_from_async", "memset",
                 "memset_async", "__int__", "__add__", "__radd__", "__sub__", "__iadd__", "__isub__"]:
        assert callable(getattr(MemoryPointer, name))
    for name in ["size", "__int__", "__add__", "__sub__"]:
        assert callable(getattr(PinnedMemoryPointer, name))


@pytest.mark.parametrize("kwargs, message", [
    (dict(size=-1), "memory limit size out of range"),
    (dict(fraction=1.5), "memory limit fraction out of range"),
    (dict(fraction=-0.1), "memory limit fraction out of range"),
    (dict(fraction=float("nan")), "memory limit fraction out of range"),
    (dict(size=1024, fraction=0.5), "size and fraction cannot be specified at one time"),
])
def test_set_limit_rejects_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        MemoryPool().set_limit(**kwargs)


def test_pools_accept_only_the_default_base_allocator():
    with pytest.raises(TypeError, match="allocator=None"):
        MemoryPool(allocator=lambda size: None)
    with pytest.raises(TypeError, match="allocator=None"):
        PinnedMemoryPool(allocator=lambda size: None)
    MemoryPool(allocator=None)
    PinnedMemoryPool(None)


@no_device
@pytest.mark.parametrize("call", [
    lambda: MemoryPool().malloc(16),
    lambda: MemoryPool().used_bytes(),
    lambda: MemoryPool().set_limit(size=1024),
    lambda: memory.get_default_memory_pool().malloc(16),
    lambda: gpuarray.cuda.alloc(16),
    lambda: PinnedMemoryPool().malloc(16),
    lambda: gpuarray.zeros(4),
])
def test_first_pool_call_without_device_raises(call):
    with pytest.raises(CUDARuntimeError, match="^No NVIDIA (driver|GPU) was found"):
        call()


def test_pointer_arithmetic():
    mem = UnownedMemory(0x10000, 256, None, device_id=0)
    p = MemoryPointer(mem, 0)
    assert (p.ptr, p.size, p.offset, p.device_id, int(p)) == (0x10000, 256, 0, 0, 0x10000)
    assert (p.mem.ptr, p.mem.size, p.mem.device_id) == (0x10000, 256, 0)
    q = p + 16
    assert (q.ptr, q.offset, q.size) == (0x10010, 16, 240)
    assert (16 + p).ptr == 0x10010
    assert (q - 16).ptr == 0x10000
    assert (p + 256).size == 0
    r = MemoryPointer(mem, 8)
    r += 8
    assert r.ptr == 0x10010
    r -= 16
    assert r.ptr == 0x10000
    assert p.device == gpuarray.cuda.Device(0)
    with pytest.raises(ValueError, match="outside its allocation of 256 bytes"):
        p + 257
    with pytest.raises(ValueError, match="outside its allocation"):
        p - 1
    with pytest.raises(TypeError):
        p + "1"


def test_pointer_bounds_and_empty_operations_need_no_device():
    p = fake_pointer(0x10000, 256)
    p.memset_async(0, 0)
    p.copy_from_host(0, 0)
    p.copy_to_host_async(numpy.empty(0, numpy.uint8), 0)
    with pytest.raises(ValueError, match="257 bytes requested"):
        p.memset_async(0, 257)
    with pytest.raises(ValueError, match="257 bytes requested"):
        p.copy_from_device(fake_pointer(0x20000, 512), 257)
    with pytest.raises(ValueError, match="but the host memory has 8"):
        p.copy_from_host(numpy.zeros(1), 16)
    with pytest.raises(TypeError, match="host memory must be"):
        p.copy_from_host("not memory", 0)


def test_zero_byte_pinned_allocation_needs_no_device():
    p = PinnedMemoryPool().malloc(0)
    assert (p.ptr, p.size()) == (0, 0)


def test_python_allocator_serves_array_allocations(restore_allocators):
    calls = []

    def allocator(size):
        calls.append(size)
        return fake_pointer(0x100000, size)

    memory.set_allocator(allocator)
    assert memory.get_allocator() is allocator
    assert gpuarray.cuda.alloc(40).ptr == 0x100000
    a = gpuarray.empty((2, 3), dtype=numpy.float32)
    assert a.data.ptr == 0x100000
    assert calls == [40, 24]


def test_python_allocator_results_are_checked(restore_allocators):
    memory.set_allocator(lambda size: 42)
    with pytest.raises(TypeError, match="must return a gpuarray.cuda.MemoryPointer"):
        gpuarray.cuda.alloc(16)
    memory.set_allocator(lambda size: fake_pointer(0x100000, size - 1))
    with pytest.raises(ValueError, match="returned 15 bytes for a request of 16 bytes"):
        gpuarray.cuda.alloc(16)


def test_set_allocator_choices(restore_allocators):
    with pytest.raises(TypeError, match="must be None or a callable"):
        memory.set_allocator(3)
    memory.set_allocator(None)
    assert memory.get_allocator() is memory._malloc
    pool = MemoryPool()
    memory.set_allocator(pool.malloc)
    assert memory.get_allocator() == pool.malloc
    memory.set_allocator(memory.get_default_memory_pool().malloc)


def test_set_pinned_memory_allocator(restore_allocators):
    calls = []

    def allocator(nbytes):
        calls.append(nbytes)
        return PinnedMemoryPool().malloc(0)

    memory.set_pinned_memory_allocator(allocator)
    assert memory.alloc_pinned_memory(100).size() == 0
    assert calls == [100]
    with pytest.raises(TypeError, match="must be None or a callable"):
        memory.set_pinned_memory_allocator(3)
    memory.set_pinned_memory_allocator(None)
    assert memory._current_pinned_allocator is memory._malloc_pinned


# --- On a device --------------------------------------------------------------

@pytest.fixture
def pool():
    pool = MemoryPool()
    yield pool
    gc.collect()
    pool.free_all_blocks()


@gpu
def test_pointer_attributes(pool):
    p = pool.malloc(1000)
    assert p.size == 1024  # rounded to the 512-byte granularity
    assert p.mem.size == 1024 and p.mem.ptr == p.ptr and p.offset == 0
    assert p.device_id == gpuarray.cuda.Device().id == p.mem.device_id
    assert (p + 24).size == 1000
    assert int(p) == p.ptr != 0
    z = pool.malloc(0)
    assert (z.ptr, z.size) == (0, 0)


@gpu
def test_freed_block_is_reused_on_the_same_stream(pool):
    for size in [1000, 3 * MiB]:
        p = pool.malloc(size)
        ptr = p.ptr
        del p
        q = pool.malloc(size)
        assert q.ptr == ptr
        del q


@gpu
def test_small_blocks_split_one_segment_and_merge_back(pool):
    blocks = [pool.malloc(512) for _ in range(4)]
    base = blocks[0].ptr
    assert [b.ptr for b in blocks] == [base + 512 * i for i in range(4)]
    total = pool.total_bytes()
    assert pool.n_free_blocks() == 1  # the rest of the segment
    # Free out of order: each step merges with whichever neighbours are free.
    p0, p1, p2, p3 = blocks
    del blocks
    del p1
    assert pool.n_free_blocks() == 2
    del p3  # merges with the rest of the segment
    assert pool.n_free_blocks() == 2
    del p2  # merges with p1 before it and p3 after it
    assert pool.n_free_blocks() == 1
    del p0
    assert pool.n_free_blocks() == 1
    assert pool.used_bytes() == 0
    merged = pool.malloc(4 * 512)
    assert merged.ptr == base
    assert pool.total_bytes() == total  # no new segment


@gpu
def test_block_freed_on_one_stream_is_not_handed_to_another(pool):
    # Both streams stay alive: a destroyed stream's handle may be reused.
    s1, s2 = Stream(), Stream()
    with s1:
        p = pool.malloc(1000)
    ptr = p.ptr
    with s2:
        del p  # returns to s1's arena, whatever stream is current
        q = pool.malloc(1000)
    assert q.ptr != ptr
    with s1:
        r = pool.malloc(1000)
    assert r.ptr == ptr
    del q, r
    assert pool.n_free_blocks() == 2  # one whole segment in each arena


@gpu
def test_accounting(pool):
    assert (pool.used_bytes(), pool.free_bytes(), pool.total_bytes(), pool.n_free_blocks()) == (0, 0, 0, 0)
    p = pool.malloc(1000)
    assert pool.used_bytes() == 1024
    assert pool.total_bytes() >= 1024
    assert pool.free_bytes() == pool.total_bytes() - 1024
    q = pool.malloc(5 * MiB)
    assert pool.used_bytes() == 1024 + q.mem.size
    assert q.mem.size >= 5 * MiB
    assert pool.used_bytes() + pool.free_bytes() == pool.total_bytes()
    del p, q
    assert pool.used_bytes() == 0
    assert pool.free_bytes() == pool.total_bytes() > 0


@gpu
def test_free_all_blocks_releases_only_whole_free_segments(pool):
    kept = pool.malloc(1000)
    big = pool.malloc(4 * MiB)
    del big
    before = pool.total_bytes()
    pool.free_all_blocks()
    # The big segment went back to the device; the one holding `kept` stays.
    assert pool.total_bytes() <= before - 4 * MiB
    assert pool.used_bytes() == 1024
    del kept
    pool.free_all_blocks()
    assert (pool.used_bytes(), pool.total_bytes(), pool.n_free_blocks()) == (0, 0, 0)


@gpu
def test_free_all_blocks_of_one_stream(pool):
    s = Stream()
    with s:
        pool.malloc(1000)  # freed at once, cached in s's arena
    pool.malloc(1000)      # cached in the null stream's arena
    both = pool.total_bytes()
    pool.free_all_blocks(stream=s)
    assert 0 < pool.total_bytes() < both
    pool.free_all_blocks()
    assert pool.total_bytes() == 0


@gpu
def test_free_all_free_is_deprecated(pool):
    pool.malloc(1000)
    with pytest.warns(DeprecationWarning):
        pool.free_all_free()
    assert pool.total_bytes() == 0


@gpu
def test_limit(pool):
    pool.set_limit(size=MiB)
    assert pool.get_limit() == MiB
    with pytest.raises(OutOfMemoryError, match="allocating 2,097,152 bytes") as info:
        pool.malloc(2 * MiB)
    assert isinstance(info.value, MemoryError)
    assert "limit: 1,048,576 bytes" in str(info.value)
    # A small request still fits under the limit, in a segment of its own size.
    p = pool.malloc(1000)
    assert p.ptr != 0
    assert pool.total_bytes() <= MiB
    pool.set_limit()  # no limit
    assert pool.get_limit() == 0
    q = pool.malloc(2 * MiB)
    assert q.ptr != 0
    pool.set_limit(fraction=0.5)
    assert pool.get_limit() == int(0.5 * gpuarray.cuda.Device().mem_info[1])
    pool.set_limit(size=0)
    assert pool.get_limit() == 0


@gpu
def test_exhaustion_releases_the_cache_and_retries(pool):
    pool.set_limit(size=4 * MiB)
    p = pool.malloc(3 * MiB)
    del p  # its 4 MiB segment stays cached
    assert pool.total_bytes() == 4 * MiB
    # A new small segment does not fit next to the cached one; releasing the
    # cache makes room and the retry succeeds.
    q = pool.malloc(1000)
    assert q.ptr != 0
    assert pool.used_bytes() == 1024
    assert pool.total_bytes() <= 4 * MiB


@gpu
def test_huge_allocation_raises_and_pool_recovers(pool):
    kept = pool.malloc(1000)
    with pytest.raises(OutOfMemoryError, match="allocating 1,125,899,906,842,624 bytes") as info:
        pool.malloc(1 << 50)
    assert isinstance(info.value, MemoryError)
    assert "allocated so far: 1,024 bytes" in str(info.value)
    assert pool.used_bytes() == 1024
    p = pool.malloc(2 * MiB)
    p.memset(1, 2 * MiB)
    del kept, p
    with pytest.raises(OutOfMemoryError):  # the same through the default pool
        gpuarray.empty(1 << 47, dtype=numpy.float64)
    assert (gpuarray.zeros(1000).get() == 0).all()


@gpu
def test_default_pool_serves_arrays():
    pool = memory.get_default_memory_pool()
    gc.collect()
    before = pool.used_bytes()
    a = gpuarray.empty(1000, dtype=numpy.float64)
    assert pool.used_bytes() - before == 8192
    assert a.data.mem.size == 8192
    del a
    assert pool.used_bytes() == before


@gpu
def test_set_allocator_none_and_back(restore_allocators):
    pool = memory.get_default_memory_pool()
    gc.collect()
    memory.set_allocator(None)
    before = pool.used_bytes()
    p = gpuarray.cuda.alloc(100)
    a = gpuarray.asarray(numpy.arange(10))
    assert p.mem.size == 100  # cudaMalloc'd as asked, not rounded by a pool
    assert pool.used_bytes() == before
    assert (a.get() == numpy.arange(10)).all()
    memory.set_allocator(pool.malloc)
    q = gpuarray.cuda.alloc(100)
    assert q.mem.size == 512
    assert pool.used_bytes() == before + 512


@gpu
def test_set_allocator_to_another_pool(restore_allocators):
    other = MemoryPool()
    memory.set_allocator(other.malloc)
    a = gpuarray.zeros(100)  # 800 bytes
    assert other.used_bytes() == 1024
    assert (a.get() == 0).all()


@gpu
def test_set_allocator_python_function(restore_allocators, pool):
    calls = []

    def allocator(size):
        calls.append(size)
        return pool.malloc(size)

    memory.set_allocator(allocator)
    a = gpuarray.zeros(5, dtype=numpy.float32)
    b = gpuarray.asarray(numpy.arange(6, dtype=numpy.int64))
    assert calls == [20, 48]
    assert pool.used_bytes() == 1024
    assert (a.get() == 0).all()
    assert (b.get() == numpy.arange(6)).all()


@gpu
def test_pointer_copies_and_memset(pool):
    n = 64
    a = pool.malloc(n)
    host = numpy.zeros(n, numpy.uint8)
    a.memset(7, n)
    a.copy_to_host(host, n)  # buffer protocol
    assert (host == 7).all()
    a.memset_async(1, 32)
    a.copy_to_host(host.ctypes.data, n)  # int address
    assert (host[:32] == 1).all() and (host[32:] == 7).all()

    b = pool.malloc(n)
    b.copy_from_device(a, n)
    (b + 32).copy_from_host(numpy.full(32, 9, numpy.uint8), 32)
    out = numpy.zeros(n, numpy.uint8)
    b.copy_to_host(ctypes.c_void_p(out.ctypes.data), n)  # ctypes pointer
    assert (out[:32] == 1).all() and (out[32:] == 9).all()

    c = pool.malloc(n)
    c.copy_from(b, n)
    c.copy_to_host(out.ctypes.data_as(ctypes.POINTER(ctypes.c_uint8)), n)
    assert (out[:32] == 1).all() and (out[32:] == 9).all()
    c.copy_from(numpy.arange(n, dtype=numpy.uint8), n)
    c.copy_to_host(out, n)
    assert (out == numpy.arange(n)).all()

    too_many = a.size + 1  # the block is rounded up, so ask past its end
    with pytest.raises(ValueError, match=f"{too_many} bytes requested"):
        a.copy_to_host(numpy.zeros(too_many, numpy.uint8), too_many)
    with pytest.raises(ValueError, match="host memory has"):
        a.copy_to_host(numpy.zeros(n // 2, numpy.uint8), n)


@gpu
def test_async_copies_on_a_stream(pool):
    s = Stream()
    n = 4096
    src = numpy.random.default_rng(0).integers(0, 255, n, dtype=numpy.uint8)
    a = pool.malloc(n)
    b = pool.malloc(n)
    out = numpy.zeros(n, numpy.uint8)
    a.copy_from_host_async(src, n, stream=s)
    b.memset_async(0, n, stream=s)
    b.copy_from_device_async(a, n, stream=s)
    b.copy_to_host_async(out, n, stream=s)
    s.synchronize()
    assert (out == src).all()
    with s:  # stream=None is the current stream
        a.memset_async(3, n)
        a.copy_to_host_async(out, n)
    s.synchronize()
    assert (out == 3).all()


@gpu
def test_pinned_round_trip():
    pool = PinnedMemoryPool()
    n = 256
    p = pool.malloc(n * 4)
    assert p.size() >= n * 4 and int(p) == p.ptr != 0
    host = numpy.frombuffer(p, numpy.float32, n)
    host[:] = numpy.arange(n, dtype=numpy.float32)
    d = gpuarray.empty(n, dtype=numpy.float32)
    d.data.copy_from_host(p, n * 4)
    assert (d.get() == host).all()
    back = pool.malloc(n * 4)
    d.data.copy_to_host_async(back, n * 4)
    gpuarray.cuda.get_current_stream().synchronize()
    assert (numpy.frombuffer(back, numpy.float32, n) == host).all()
    offset = p + 16
    assert offset.ptr == p.ptr + 16 and offset.size() == p.size() - 16


@gpu
def test_pinned_pool_reuses_and_releases_blocks():
    pool = PinnedMemoryPool()
    p = pool.malloc(1000)
    ptr = p.ptr
    del p
    assert pool.n_free_blocks() == 1
    q = pool.malloc(1000)
    assert q.ptr == ptr and pool.n_free_blocks() == 0
    del q
    pool.free_all_blocks()
    assert pool.n_free_blocks() == 0


@gpu
def test_numpy_view_keeps_pinned_memory_alive():
    pool = PinnedMemoryPool()
    view = numpy.frombuffer(pool.malloc(1024), numpy.float32, 256)
    gc.collect()
    assert pool.n_free_blocks() == 0
    view[:] = 1.0
    del view
    gc.collect()
    assert pool.n_free_blocks() == 1


@gpu
def test_alloc_pinned_memory_uses_the_default_pinned_pool():
    pool = memory.get_default_pinned_memory_pool()
    p = memory.alloc_pinned_memory(4096)
    ptr = p.ptr
    del p
    assert memory.alloc_pinned_memory(4096).ptr == ptr
    assert pool.n_free_blocks() >= 1


@gpu
@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.int32, numpy.uint64,
                                   numpy.float32, numpy.float64, numpy.complex128])
def test_arrays_on_the_pool(dtype):
    z = gpuarray.zeros((3, 5), dtype=dtype)
    assert (z.get() == numpy.zeros((3, 5), dtype)).all()
    host = (numpy.arange(15) % 7).astype(dtype).reshape(3, 5)
    a = gpuarray.asarray(host)
    assert (a.get() == host).all()
    assert (gpuarray.array(a).get() == host).all()
    assert (gpuarray.zeros(0, dtype=dtype).get() == numpy.zeros(0, dtype)).all()


@gpu
def test_pool_from_many_threads(pool):
    errors = []

    def work(use_stream):
        try:
            stream = Stream() if use_stream else None
            with stream if stream is not None else Stream.null:
                for i in range(200):
                    p = pool.malloc(512 * (1 + i % 7))
                    q = pool.malloc(3 * MiB)
                    del p, q
        except Exception as e:  # reported below: pytest does not see thread failures
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i % 2 == 0,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert pool.used_bytes() == 0


@gpu
def test_bench_hook_reports_nanoseconds():
    ns = _core._bench_pool_malloc_free(1024, 1000)
    assert 0 < ns < 1e6
