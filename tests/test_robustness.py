# SPDX-License-Identifier: BSD-3-Clause
"""The robustness corpus (issue 22): inputs a user cannot see coming. Each
test checks the exception's type and message, then that the library still
computes correctly in the same process (on a machine with a GPU; without one
the raising part runs alone wherever it needs no device).

Non-finite input through linalg lives in test_linalg_nonfinite.py and empty
reductions' warnings in test_reductions_empty_warnings.py; both belong to
this corpus."""
import gc
import os
import subprocess
import sys
import threading

import numpy
import pytest

import gpuarray as xp
from gpuarray import cuda
from gpuarray.cuda import compiler

HAVE_GPU = cuda.is_available()
TOO_BIG = "array is too big"


def still_computes():
    """The library works after whatever the test did (skipped without a GPU)."""
    if not HAVE_GPU:
        return
    a = xp.arange(1000, dtype=xp.float64)
    numpy.testing.assert_array_equal((a * 2 + 1).get(), numpy.arange(1000) * 2.0 + 1)
    assert float(a.sum()) == 499500.0
    cuda.Device().synchronize()


# --- Sizes that overflow (Note [Array size limit]) ---------------------------------------------

# Each builds an array whose size or byte count does not fit in int64, from
# shapes alone: nothing reaches the device before the check.
SHAPE_ONLY = {
    "empty 2^62 x 2^62": lambda: xp.empty((2**62, 2**62)),
    "zeros 2^40 x 2^40 int8": lambda: xp.zeros((2**40, 2**40), xp.int8),
    "empty 2^61 float64": lambda: xp.empty(2**61),
    "ones 2^61 float64": lambda: xp.ones(2**61),
    "full 2^62 x 4": lambda: xp.full((2**62, 4), 1.0),
    "empty with a zero extent": lambda: xp.empty((2**62, 4, 0), xp.int8),
    "empty F order": lambda: xp.empty((2**40, 2**40), order="F"),
    "eye 2^40": lambda: xp.eye(2**40),
    "identity 2^40": lambda: xp.identity(2**40),
    "arange 2^62 float64": lambda: xp.arange(0, 2**62, dtype=xp.float64),
    "arange 2^62 int64": lambda: xp.arange(2**62),
    "linspace 2^62": lambda: xp.linspace(0, 1, 2**62),
    "Generator.random": lambda: xp.random.default_rng(0).random((2**62, 4)),
    "Generator.normal": lambda: xp.random.default_rng(0).normal(size=(2**62, 4)),
    "Generator.integers": lambda: xp.random.default_rng(0).integers(0, 5, size=(2**62, 4)),
    "RandomState.rand": lambda: xp.random.RandomState(0).rand(2**62, 4),
}
# Shape-only too, but they read per-device state (the current device's
# global RandomState) or build small pieces first.
SHAPE_ONLY_ON_A_DEVICE = {
    "indices 2^40 x 2^40": lambda: xp.indices((2**40, 2**40)),
    "random.standard_normal": lambda: xp.random.standard_normal((2**62, 4)),
    "random.rand": lambda: xp.random.rand(2**62, 4),
}
SHAPE_ONLY.update(SHAPE_ONLY_ON_A_DEVICE)


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.gpu) if c in SHAPE_ONLY_ON_A_DEVICE else c
                                  for c in SHAPE_ONLY])
def test_overflowing_size_raises_before_the_device(case):
    with pytest.raises(ValueError, match=TOO_BIG):
        SHAPE_ONLY[case]()
    still_computes()


def test_dimension_beyond_int64_and_negative_dimensions():
    with pytest.raises(ValueError, match="Maximum allowed dimension exceeded"):
        xp.empty(2**63)
    with pytest.raises(ValueError, match="negative dimensions are not allowed"):
        xp.empty((3, -1))
    still_computes()


def test_the_message_names_the_shape():
    with pytest.raises(ValueError, match=r"shape \(4611686018427387904, 4\), itemsize 8"):
        xp.empty((2**62, 4))


# The same from arrays: views over small buffers and routines that size
# their result from their arguments.
FROM_ARRAYS = {
    "broadcast_to": lambda a: xp.broadcast_to(a[0], (2**62, 2**62)),
    "broadcast_to int8": lambda a: xp.broadcast_to(a.astype(xp.int8)[0], (2**40, 2**40)),
    "reshape": lambda a: xp.empty(0).reshape(2**62, 2**62, 0),
    "tile": lambda a: xp.tile(a, 2**62),
    "repeat": lambda a: xp.repeat(a, 2**60),
    "kron": lambda a: xp.kron(a, xp.broadcast_to(a[0], (2**62,))),
    "outer": lambda a: xp.outer(xp.broadcast_to(a[0], (2**40,)), xp.broadcast_to(a[0], (2**40,))),
    "pad": lambda a: xp.pad(a, 2**60),
    "concatenate": lambda a: xp.concatenate([xp.broadcast_to(a[0], (2**62,))] * 2),
    "empty_like of a broadcast": lambda a: xp.empty_like(xp.broadcast_to(a[0], (2**40, 2**40))),
    "zeros_like of a broadcast": lambda a: xp.zeros_like(xp.broadcast_to(a[0], (2**40, 2**40))),
    "Generator.normal with a broadcast loc": lambda a: xp.random.default_rng(0).normal(
        xp.broadcast_to(a[0], (2**40, 2**40))),
}


@pytest.mark.gpu
@pytest.mark.parametrize("case", list(FROM_ARRAYS))
def test_overflowing_size_from_arrays_raises(case):
    a = xp.ones(4)
    with pytest.raises((ValueError, MemoryError)) as e:
        FROM_ARRAYS[case](a)
    # NumPy says "array is too big" or "iterator is too large" (ValueError),
    # "negative dimensions" where its own size arithmetic wrapped, or
    # MemoryError for sizes that fit int64 but no memory holds; an extent
    # past int64 is "Maximum allowed dimension exceeded".
    assert e.type is not ValueError or any(s in str(e.value) for s in (
        TOO_BIG, "too large", "cannot reshape", "negative dimensions", "Maximum allowed dimension"))
    still_computes()


class FakeCudaArray:
    """A producer whose __cuda_array_interface__ claims a shape over a small buffer."""

    def __init__(self, base, shape):
        self.base = base
        self.__cuda_array_interface__ = {"shape": shape, "typestr": "<f8", "data": (base.data.ptr, False),
                                         "strides": None, "version": 3}


@pytest.mark.gpu
def test_overflowing_shape_from_cuda_array_interface():
    base = xp.ones(4)
    with pytest.raises(ValueError, match=TOO_BIG):
        xp.asarray(FakeCudaArray(base, (2**62, 2**62)))
    still_computes()


@pytest.mark.gpu
def test_ones_2_61_then_the_context_still_works():
    # The reported sequence: before the size check this launched through a
    # null pointer and every later call failed with cudaErrorIllegalAddress.
    with pytest.raises(ValueError, match=TOO_BIG):
        xp.ones(2**61)
    still_computes()


# --- Bad shapes ----------------------------------------------------------------------------------

BAD_SHAPES = {
    "add": (lambda: xp.ones(3) + xp.ones(4), ValueError, "could not be broadcast"),
    "reshape": (lambda: xp.ones(6).reshape(4, 2), ValueError, "cannot reshape array of size 6"),
    "matmul": (lambda: xp.ones((2, 3)) @ xp.ones((2, 3)), ValueError, "mismatch"),
    "concatenate": (lambda: xp.concatenate([xp.ones((2, 3)), xp.ones((2, 4))]), ValueError, "dimension"),
    "axis": (lambda: xp.ones((2, 3)).sum(axis=2), numpy.exceptions.AxisError, "axis 2 is out of bounds"),
    "index": (lambda: xp.ones(3)[3], IndexError, "out of bounds"),
    "solve": (lambda: xp.linalg.solve(xp.ones((3, 3)), xp.ones(4)), ValueError, ""),
    "inv of a stack of non-square": (lambda: xp.linalg.inv(xp.ones((2, 3, 4))), numpy.linalg.LinAlgError,
                                     "must be square"),
}


@pytest.mark.gpu
@pytest.mark.parametrize("case", list(BAD_SHAPES))
def test_bad_shapes_raise_numpys_exception(case):
    call, error, message = BAD_SHAPES[case]
    with pytest.raises(error, match=message):
        call()
    still_computes()


# --- Out of memory, then recovery ----------------------------------------------------------------

@pytest.mark.gpu
def test_out_of_memory_then_recovery():
    # Arrays an earlier test left in reference cycles would be freed whenever the
    # collector next runs, moving used_bytes in the middle of this test.
    gc.collect()
    pool = xp.get_default_memory_pool()
    used = pool.used_bytes()
    free, total = cuda.Device().mem_info
    with pytest.raises(cuda.OutOfMemoryError, match="Out of memory") as e:
        xp.empty(total + 2**30, dtype=xp.int8)
    assert isinstance(e.value, MemoryError)
    assert pool.used_bytes() == used
    with pytest.raises(MemoryError):
        xp.ones((1 << 20, 1 << 20))  # 8 TiB: fits int64, no device holds it
    assert pool.used_bytes() == used
    still_computes()


# --- Corrupt kernel-cache files ------------------------------------------------------------------

@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    folder = tmp_path / "kernel-cache"
    monkeypatch.setenv("GPUARRAY_CACHE_DIR", str(folder))
    compiler._reset_cache()
    yield folder
    compiler._reset_cache()


@pytest.mark.gpu
@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty"])
def test_corrupt_kernel_cache_files_are_recompiled(cache_dir, damage):
    kernel = xp.ElementwiseKernel("float64 x", "float64 y", "y = x * 3 + 0.25", f"robust_{damage}")
    x = xp.arange(64, dtype=xp.float64)
    expected = numpy.arange(64) * 3 + 0.25
    numpy.testing.assert_array_equal(kernel(x).get(), expected)
    files = [p for p in cache_dir.iterdir() if p.suffix == ".kernel"]
    assert files
    for path in files:
        data = path.read_bytes()
        path.write_bytes({"garbage": os.urandom(len(data)), "truncated": data[: len(data) // 3],
                          "empty": b""}[damage])
    compiler._reset_cache()
    kernel = xp.ElementwiseKernel("float64 x", "float64 y", "y = x * 3 + 0.25", f"robust_{damage}")
    numpy.testing.assert_array_equal(kernel(x).get(), expected)
    still_computes()


# --- Threads, streams and devices ----------------------------------------------------------------

@pytest.mark.gpu
def test_stream_current_in_one_thread_outlives_the_last_reference_elsewhere():
    # Thread A makes a stream current and keeps launching; this thread drops
    # the last reference it can see. The current-stream state holds the stream
    # (before, the stream was destroyed under thread A: SIGSEGV).
    box = {}
    ready, dropped, failures = threading.Event(), threading.Event(), []

    def worker():
        try:
            box["stream"] = cuda.Stream(non_blocking=True)
            box["stream"].use()
            a = xp.arange(4096, dtype=xp.float32)
            ready.set()
            dropped.wait(30)
            gc.collect()
            for i in range(200):
                b = a * 2 + i
                if i % 50 == 0:
                    numpy.testing.assert_array_equal(b.get(), numpy.arange(4096, dtype=numpy.float32) * 2 + i)
            cuda.get_current_stream().synchronize()
            cuda.Stream.null.use()
        except Exception as exc:  # reported below: an assertion in a thread would be lost
            failures.append(exc)

    t = threading.Thread(target=worker)
    t.start()
    assert ready.wait(30)
    box.clear()
    gc.collect()
    dropped.set()
    t.join(60)
    assert not t.is_alive() and not failures, failures
    still_computes()


@pytest.mark.gpu
def test_streams_in_many_threads():
    results, failures = {}, []

    def worker(k):
        try:
            with cuda.Stream(non_blocking=True):
                a = xp.full(10000, k, dtype=xp.int64)
                results[k] = int((a * a).sum())
        except Exception as exc:
            failures.append(exc)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not failures, failures
    assert results == {k: 10000 * k * k for k in range(16)}
    still_computes()


@pytest.mark.gpu
def test_failed_device_switch_leaves_the_device_stack_clean():
    from gpuarray.cuda import device as device_module
    n = cuda.runtime.getDeviceCount()
    depth = len(device_module._stack())
    with pytest.raises(cuda.CUDARuntimeError, match="cudaErrorInvalidDevice"):
        with cuda.Device(n):
            pass
    assert len(device_module._stack()) == depth
    assert cuda.runtime.getDevice() == 0
    with cuda.Device(n - 1):
        assert cuda.runtime.getDevice() == n - 1
    assert cuda.runtime.getDevice() == 0
    still_computes()


# --- DLPack and __cuda_array_interface__ lifetimes -----------------------------------------------

@pytest.mark.gpu
def test_dlpack_export_outlives_the_array():
    torch = pytest.importorskip("torch")
    a = xp.arange(1 << 16, dtype=xp.float32)
    t = torch.from_dlpack(a)
    del a
    gc.collect()
    xp.ones(1 << 16, dtype=xp.float32) * 7  # would reuse a's block if it were freed
    assert float(t.sum()) == float(numpy.arange(1 << 16, dtype=numpy.float64).sum())
    still_computes()


@pytest.mark.gpu
def test_dlpack_import_outlives_the_producer():
    torch = pytest.importorskip("torch")
    t = torch.arange(1 << 16, dtype=torch.float32, device="cuda")
    a = xp.from_dlpack(t)
    del t
    gc.collect()
    torch.ones(1 << 16, dtype=torch.float32, device="cuda").mul_(7)
    torch.cuda.synchronize()
    numpy.testing.assert_array_equal(a.get(), numpy.arange(1 << 16, dtype=numpy.float32))
    still_computes()


@pytest.mark.gpu
def test_cuda_array_interface_import_outlives_the_producer():
    cupy = pytest.importorskip("cupy")
    c = cupy.arange(1 << 16, dtype=cupy.float64)
    a = xp.asarray(c)
    del c
    gc.collect()
    cupy.ones(1 << 16, dtype=cupy.float64) * 7
    cupy.cuda.Device().synchronize()
    numpy.testing.assert_array_equal(a.get(), numpy.arange(1 << 16, dtype=numpy.float64))
    still_computes()


# --- A sticky CUDA error -------------------------------------------------------------------------

STICKY_SCRIPT = r"""
import gpuarray as xp
k = xp.RawKernel(r'extern "C" __global__ void poke(float* p) { p[threadIdx.x + (1ll << 40)] = 1.0f; }', "poke")
a = xp.ones(32, dtype=xp.float32)
try:
    k((1,), (32,), (a,))
    xp.cuda.Device().synchronize()
except xp.cuda.CUDARuntimeError as e:
    print("RAISED", e)
"""


@pytest.mark.gpu
def test_a_sticky_error_says_the_process_must_restart():
    # In a child process: the error ruins the CUDA context for good.
    out = subprocess.run([sys.executable, "-c", STICKY_SCRIPT], capture_output=True, text=True, timeout=120)
    assert "RAISED" in out.stdout, out.stdout + out.stderr
    assert "cudaErrorIllegalAddress" in out.stdout
    assert "sticky" in out.stdout and "restart the process" in out.stdout
    still_computes()
