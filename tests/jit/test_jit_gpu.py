# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.jit and gpuarray.vectorize on a device, against NumPy: both launch
syntaxes, grid-stride loops, N-d views, atomics of every dtype, shared-memory
reductions (static and dynamic), warp shuffles, device functions, streams,
vectorize over dtypes with broadcasting, tuple outputs and excluded
arguments, and compile errors raised at launch."""
import math

import numpy as np
import pytest

import gpuarray
from gpuarray import jit
from gpuarray.cuda import compiler
from gpuarray.jit import _math

pytestmark = pytest.mark.gpu
RNG = np.random.default_rng(11)


@pytest.fixture(autouse=True, scope="module")
def private_kernel_cache(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GPUARRAY_CACHE_DIR", str(tmp_path_factory.mktemp("jit-cache")))
        compiler._reset_cache()
        yield
    compiler._reset_cache()


def dev(a):
    return gpuarray.asarray(a)


@jit.rawkernel()
def axpy(a, x, y, out):
    for i in range(jit.grid(1), x.size, jit.gridsize(1)):
        out[i] = a * x[i] + y[i]


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64, np.int8, np.int32, np.uint64])
def test_grid_stride_loop_both_launch_syntaxes(dtype):
    n = 10_001
    x = (RNG.random(n) * 50).astype(dtype)
    y = (RNG.random(n) * 50).astype(dtype)
    a = dtype(3)
    with np.errstate(over="ignore"):
        want = a * x + y
    out = gpuarray.empty(n, dtype)
    axpy[7, 128](a, dev(x), dev(y), out)
    np.testing.assert_allclose(out.get(), want, rtol=1e-3 if dtype == np.float16 else 1e-6)
    out2 = gpuarray.zeros(n, dtype)
    axpy((3,), (256,), (a, dev(x), dev(y), out2))
    np.testing.assert_array_equal(out2.get(), out.get())
    assert len([k for k in axpy.cached_codes if k[1].dtype == np.dtype(dtype)]) == 1


def test_python_scalars_and_streams():
    x = dev(np.arange(100, dtype=np.float64))
    out = gpuarray.empty(100, np.float64)
    stream = gpuarray.cuda.Stream()
    with stream:
        axpy((1,), (64,), (2.5, x, x, out), stream=stream)
    stream.synchronize()
    np.testing.assert_allclose(out.get(), 3.5 * np.arange(100))


@jit.rawkernel()
def scale_2d(x, out, factor):
    i, j = jit.grid(2)
    n, m = x.shape
    if i < n and j < m:
        out[i, j] = x[i, j] * factor + i - j


@pytest.mark.parametrize("view", ["contiguous", "transposed", "strided", "negative", "broadcast"])
def test_nd_indexing_of_every_layout(view):
    base = RNG.standard_normal((33, 45)).astype(np.float32)
    d = dev(base)
    views = {"contiguous": (base, d), "transposed": (base.T, d.T), "strided": (base[::2, 1::3], d[::2, 1::3]),
             "negative": (base[::-1, ::-2], d[::-1, ::-2]),
             "broadcast": (np.broadcast_to(base[0], (7, 45)), gpuarray.broadcast_to(d[0], (7, 45)))}
    host, device = views[view]
    out = gpuarray.zeros(host.shape, np.float64).T.copy().T   # a Fortran-ordered output
    scale_2d[(8, 8), (8, 8)](device, out, 0.5)
    i, j = np.indices(host.shape)
    np.testing.assert_allclose(out.get(), host * 0.5 + i - j, rtol=1e-6)


def test_zero_d_and_empty_arrays():
    @jit.rawkernel()
    def fill(x, v):
        if jit.grid(1) == 0 and x.size > 0:
            x[()] = v

    @jit.rawkernel()
    def touch(x):
        for i in range(jit.grid(1), x.size, jit.gridsize(1)):
            x[i] = 1
    scalar = gpuarray.zeros((), np.int32)
    # A 0-d array takes no index: () is the empty tuple.
    fill[1, 32](scalar, 7)
    assert int(scalar.get()) == 7
    empty = gpuarray.zeros(0, np.int32)
    touch[1, 32](empty)
    assert empty.get().shape == (0,)


# --- Atomics --------------------------------------------------------------------------------

@jit.rawkernel()
def histogram(values, bins, counts):
    for i in range(jit.grid(1), values.size, jit.gridsize(1)):
        jit.atomic_add(counts, values[i] % bins, 1)


@pytest.mark.parametrize("dtype", [np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64])
def test_atomic_add_histogram(dtype):
    values = RNG.integers(0, 1000, 100_000)
    counts = gpuarray.zeros(17, dtype)
    histogram[64, 256](dev(values), 17, counts)
    np.testing.assert_array_equal(counts.get(), np.bincount(values % 17, minlength=17).astype(dtype))


@pytest.mark.parametrize("dtype", [np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64])
def test_atomic_min_max_exch_sub(dtype):
    @jit.rawkernel()
    def extremes(x, out, olds):
        i = jit.grid(1)
        if i < x.size:
            jit.atomic_min(out, 0, x[i])
            jit.atomic_max(out, 1, x[i])
            jit.atomic_sub(out, 2, x[i])
            olds[i] = jit.atomic_exch(out, 3, x[i])
    x = (RNG.random(5000) * 1000).astype(dtype)
    start = np.array([x.max() + 1, 0, x.sum(dtype=dtype) + 5, 0], dtype)
    out = dev(start)
    olds = gpuarray.zeros(5000, dtype)
    extremes[40, 128](dev(x), out, olds)
    got = out.get()
    assert got[0] == x.min() and got[1] == x.max()
    # Floats: the subtractions' order differs from NumPy's sum; allow their rounding.
    atol = {"f": 1e-4, "d": 1e-10}.get(x.dtype.char, 0) * float(x.sum(dtype=np.float64))
    np.testing.assert_allclose(got[2], 5, atol=atol)
    # Every value went into slot 3 once: the exchanged-out values are the others plus the initial 0.
    np.testing.assert_array_equal(np.sort(np.append(olds.get(), got[3])), np.sort(np.append(x, dtype(0))))


def test_atomic_float_max_propagates_nan():
    @jit.rawkernel()
    def k(x, out):
        i = jit.grid(1)
        if i < x.size:
            jit.atomic_max(out, 0, x[i])
    x = np.arange(100, dtype=np.float32)
    x[37] = np.nan
    out = dev(np.zeros(1, np.float32))
    k[1, 128](dev(x), out)
    assert np.isnan(out.get()[0])


def test_atomic_bitwise_inc_dec_cas():
    @jit.rawkernel()
    def k(bits, counters, flags):
        i = jit.grid(1)
        if i < 64:
            bit = one << np.uint64(i % 64)
            jit.atomic_or(bits, 0, bit)
            jit.atomic_and(bits, 1, ~bit)
            jit.atomic_xor(bits, 2, bit)
            jit.atomic_inc(counters, 0, 9)
            jit.atomic_dec(counters, 1, 100)
            jit.atomic_cas(flags, i % 4, 0, i + 1)
    one = np.uint64(1)  # noqa: F841  (a closure constant of the kernel)
    bits = dev(np.array([0, 2**64 - 1, 0], np.uint64))
    counters = dev(np.array([0, 50], np.uint32))
    flags = gpuarray.zeros(4, np.int64)
    k[1, 64](bits, counters, flags)
    assert bits.get().tolist() == [2**64 - 1, 0, 2**64 - 1]
    # atomicInc wraps to 0 past 9: 64 increments end at 64 % 10; atomicDec wraps from 0 to 100: 50 -> 0 -> 100 -> 87.
    assert counters.get().tolist() == [4, 87]
    got = flags.get()
    assert all(1 <= v <= 64 and (v - 1) % 4 == q for q, v in enumerate(got))


# --- Shared memory, barriers, shuffles ------------------------------------------------------

BLOCK = 256


@jit.rawkernel()
def block_sums_static(x, out):
    tile = jit.shared_memory(np.float32, BLOCK)
    t = jit.threadIdx.x
    acc = np.float32(0)
    for i in range(jit.grid(1), x.size, jit.gridsize(1)):
        acc += x[i]
    tile[t] = acc
    jit.syncthreads()
    stride = BLOCK // 2
    while stride > 0:
        if t < stride:
            tile[t] += tile[t + stride]
        jit.syncthreads()
        stride //= 2
    if t == 0:
        jit.atomic_add(out, 0, tile[0])


@jit.rawkernel()
def block_sums_dynamic(x, out):
    tile = jit.shared_memory(np.float64, None)
    t = jit.threadIdx.x
    acc = 0.0
    for i in range(jit.grid(1), x.size, jit.gridsize(1)):
        acc += x[i]
    tile[t] = acc
    jit.syncthreads()
    stride = jit.blockDim.x // 2
    while stride > 0:
        if t < stride:
            tile[t] += tile[t + stride]
        jit.syncthreads()
        stride //= 2
    if t == 0:
        out[jit.blockIdx.x] = tile[0]


def test_shared_memory_reductions():
    x = RNG.standard_normal(1_000_003).astype(np.float32)
    out = gpuarray.zeros(1, np.float32)
    block_sums_static[120, BLOCK](dev(x), out)
    np.testing.assert_allclose(out.get()[0], x.sum(dtype=np.float64), rtol=1e-4)
    xd = x.astype(np.float64)
    partial = gpuarray.zeros(50, np.float64)
    block_sums_dynamic((50,), (512,), (dev(xd), partial), shared_mem=512 * 8)
    np.testing.assert_allclose(partial.get().sum(), xd.sum(), rtol=1e-12)


@jit.rawkernel()
def warp_sums(x, out):
    i = jit.grid(1)
    v = x[i] if i < x.size else 0
    offset = jit.warpsize // 2
    while offset > 0:
        v += jit.shfl_down_sync(0xFFFFFFFF, v, offset)
        offset //= 2
    total = jit.shfl_sync(0xFFFFFFFF, v, 0)
    up = jit.shfl_up_sync(0xFFFFFFFF, x[i] if i < x.size else 0, 1)
    mirrored = jit.shfl_xor_sync(0xFFFFFFFF, jit.laneid(), 31)
    if i < x.size:
        out[i, 0] = total
        out[i, 1] = up
        out[i, 2] = mirrored


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.float32, np.float64])
def test_warp_shuffles(dtype):
    x = RNG.integers(-100, 100, 256).astype(dtype)
    out = gpuarray.zeros((256, 3), dtype)
    warp_sums[2, 128](dev(x), out)
    got = out.get()
    warps = x.reshape(-1, 32)
    np.testing.assert_array_equal(got[:, 0], np.repeat(warps.sum(axis=1), 32))
    lane = np.arange(256) % 32
    np.testing.assert_array_equal(got[:, 1], np.where(lane == 0, x, np.roll(x, 1)))
    np.testing.assert_array_equal(got[:, 2], 31 - lane)


# --- Device functions, math, closures ---------------------------------------------------

@jit.rawkernel(device=True)
def logistic(v):
    return 1 / (1 + math.exp(-v))


def test_device_functions_and_math_against_numpy():
    @jit.rawkernel()
    def k(x, out):
        i = jit.grid(1)
        if i < x.size:
            out[i] = logistic(x[i]) + np.sqrt(abs(x[i])) + np.arctan2(x[i], 1.5) + (x[i] // 0.75) + x[i] % 0.75
    for dtype in (np.float32, np.float64):
        x = RNG.standard_normal(999).astype(dtype) * 5
        out = gpuarray.empty(999, dtype)
        k[8, 128](dev(x), out)
        want = (1 / (1 + np.exp(-x)) + np.sqrt(abs(x)) + np.arctan2(x, dtype(1.5)) + x // dtype(0.75)
                + x % dtype(0.75))
        tolerance = 1e-5 if dtype == np.float32 else 1e-12
        np.testing.assert_allclose(out.get(), want, rtol=tolerance, atol=tolerance)


def test_kernel_defined_in_exec_code_runs():
    source = "def triple(x):\n    i = jit.grid(1)\n    if i < x.size:\n        x[i] = x[i] * 3\n"
    jit.register_source(source, "<gpu-exec>")
    namespace = {"jit": jit}
    exec(compile(source, "<gpu-exec>", "exec"), namespace)
    x = dev(np.arange(10, dtype=np.int32))
    jit.rawkernel()(namespace["triple"])[1, 32](x)
    np.testing.assert_array_equal(x.get(), np.arange(10) * 3)


def test_compile_errors_at_launch_show_the_python_line(monkeypatch):
    monkeypatch.setitem(_math._UNARY, "cbrt", "no_such_cbrt")

    @jit.rawkernel()
    def broken(x):
        x[0] = np.cbrt(x[0])
    with pytest.raises(jit.JitCompileError, match="x\\[0\\] = np.cbrt\\(x\\[0\\]\\)"):
        broken[1, 1](gpuarray.zeros(1, np.float64))


# --- vectorize ------------------------------------------------------------------------------

def poly(x):
    return 3 * x ** 3 - 2 * x ** 2 + x - 5


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64, np.int16, np.int32, np.int64, np.uint8])
def test_vectorize_over_dtypes(dtype):
    # A generator of the test's own: the module's RNG is drawn in whatever order the tests of a
    # pytest-xdist worker ran (--dist load), and the samples changed from run to run.
    rng = np.random.default_rng(7)
    x = (rng.standard_normal(1000) * 3).astype(dtype) if np.dtype(dtype).kind != "u" else \
        rng.integers(2, 5, 1000).astype(dtype)  # poly is 13..159 there: NumPy's vectorize computes on
    # Python ints and raises OverflowError for a value outside uint8 (poly(0) = -5)
    f = gpuarray.vectorize(poly)
    got = f(dev(x))
    with np.errstate(all="ignore"):
        want = np.vectorize(poly)(x)
    assert got.dtype == want.dtype
    if np.dtype(dtype).kind != "f":
        np.testing.assert_array_equal(got.get(), want)
        return
    # Near a root the terms cancel: the error is an ulp or two of the largest term, not of the value.
    # NumPy rounds float16 after every operation, the kernel computes float16 through float (and the
    # device contracts to FMA): 4 ulp of the terms' magnitude.
    terms = np.abs(x.astype(np.float64))
    scale = 3 * terms ** 3 + 2 * terms ** 2 + terms + 5
    np.testing.assert_array_less(np.abs(got.get().astype(np.float64) - want), 4 * np.finfo(dtype).eps * scale)


def test_vectorize_broadcasting_tuples_excluded_otypes():
    def split(a, b):
        if a > b:
            return a - b, a
        return b - a, b
    a = RNG.integers(-9, 9, (4, 1, 5)).astype(np.float32)
    b = RNG.integers(-9, 9, (3, 1)).astype(np.int64)
    diff, top = gpuarray.vectorize(split)(dev(a), dev(b))
    want_diff, want_top = np.vectorize(split, otypes=[np.float64, np.float64])(a, b)
    np.testing.assert_array_equal(diff.get(), want_diff)
    np.testing.assert_array_equal(top.get(), want_top)

    def polyval(p, x):
        result = 0.0
        for coefficient in p:
            result = result * x + coefficient
        return result
    x = np.linspace(-2, 2, 101)
    v = gpuarray.vectorize(polyval, excluded={"p"})
    np.testing.assert_allclose(v([1, -2, 3.5], x=dev(x)).get(), np.polyval([1, -2, 3.5], x))
    np.testing.assert_allclose(v(p=(2, 0, 0, 1), x=x).get(), np.polyval([2, 0, 0, 1], x))   # host input, new constants
    f32 = gpuarray.vectorize(poly, otypes=[np.float32])(dev(x))
    assert f32.dtype == np.float32
    scalar = gpuarray.vectorize(poly)(2)
    assert scalar.shape == () and int(scalar.get()) == poly(2)
    empty = gpuarray.vectorize(poly)(gpuarray.zeros((0, 3), np.float32))
    assert empty.shape == (0, 3) and empty.dtype == np.float32


def test_vectorize_of_a_lambda_and_strided_input():
    base = RNG.standard_normal((20, 30))
    view = dev(base)[::3, ::-2]
    got = gpuarray.vectorize(lambda t: t * 2 if t > 0 else -t)(view)
    np.testing.assert_allclose(got.get(), np.where(base[::3, ::-2] > 0, base[::3, ::-2] * 2, -base[::3, ::-2]))
