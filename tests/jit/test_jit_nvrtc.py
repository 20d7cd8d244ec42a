# SPDX-License-Identifier: BSD-3-Clause
"""NVRTC compiles what gpuarray.jit generates, for sm_90 and without a device:
every atomic for its dtypes, shuffles and warp builtins, shared (static,
dynamic, aligned) and local memory, arithmetic and math for every dtype,
N-d arrays, device functions, float16, and vectorize's device functions."""
import math

import numpy as np
import pytest

import gpuarray
from gpuarray import jit
from gpuarray.cuda import compiler
from test_elementwise_kernel import host_kernel
import test_fuse

F32_1D = (np.float32, 1)
ELF_MAGIC = b"\x7fELF"


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("GPUARRAY_CACHE_DIR", str(tmp_path / "kernel-cache"))
    compiler._reset_cache()
    yield
    compiler._reset_cache()


# --- NVRTC compiles what the translator makes ---------------------------------------------

def compiles(kernel, *types):
    kernel.compile(*types, arch="sm_90")
    binary, origin = compiler.compile_with_cache(kernel.cached_code, arch="sm_90")
    assert binary[:4] == ELF_MAGIC and origin == "memory"


ATOMIC_DTYPES = {
    "atomic_add": ["int32", "uint32", "int64", "uint64", "float32", "float64"],
    "atomic_sub": ["int32", "uint32", "int64", "uint64", "float32", "float64"],
    "atomic_exch": ["int32", "uint32", "int64", "uint64", "float32", "float64"],
    "atomic_min": ["int32", "uint32", "int64", "uint64", "float32", "float64"],
    "atomic_max": ["int32", "uint32", "int64", "uint64", "float32", "float64"],
    "atomic_inc": ["uint32"], "atomic_dec": ["uint32"],
    "atomic_and": ["int32", "uint32", "int64", "uint64"], "atomic_or": ["int32", "uint32", "int64", "uint64"],
    "atomic_xor": ["int32", "uint32", "int64", "uint64"],
}


@pytest.mark.parametrize("name", sorted(ATOMIC_DTYPES))
def test_atomics_compile_for_their_dtypes(cache_dir, name):
    atomic = getattr(jit, name)

    @jit.rawkernel()
    def k(x, out):
        i = jit.grid(1)
        old = atomic(out, i % 4, x[i])
        x[i] = old
    for dtype in ATOMIC_DTYPES[name]:
        compiles(k, (dtype, 1), (dtype, 1))
    with pytest.raises(jit.JitError, match=f"{name} is not available for int8"):
        k.translate((np.int8, 1), (np.int8, 1))


def test_atomic_cas_and_2d_indices_compile(cache_dir):
    @jit.rawkernel()
    def k(x, out):
        i, j = jit.grid(2)
        old = jit.atomic_cas(out, (i, j), x[i, j], x[j, i])
        x[i, j] = old
        jit.atomic_add(out, (i, 0), 1)
    for dtype in ("int32", "uint64", "float32", "float64"):
        compiles(k, (dtype, 2), (dtype, 2))


@pytest.mark.parametrize("dtype", ["bool", "int8", "int32", "uint32", "int64", "float32", "float64"])
def test_shuffles_and_warp_builtins_compile(cache_dir, dtype):
    @jit.rawkernel()
    def k(x):
        i = jit.grid(1)
        v = x[i]
        v = jit.shfl_sync(0xFFFFFFFF, v, 0)
        v = jit.shfl_up_sync(0xFFFFFFFF, v, 1)
        v = jit.shfl_down_sync(0xFFFFFFFF, v, 2, width=16)
        v = jit.shfl_xor_sync(0xFFFFFFFF, v, 4)
        jit.syncwarp()
        jit.syncwarp(mask=0xFFFF)
        if jit.laneid() == jit.warpsize - 1:
            x[i] = v
        jit.threadfence()
        jit.threadfence_block()
        jit.threadfence_system()
    compiles(k, (dtype, 1))


def test_shared_memory_static_dynamic_and_local_compile(cache_dir):
    @jit.rawkernel()
    def k(x, out):
        tile = jit.shared_memory(np.float32, 256)
        extra = jit.shared_memory(np.int64, None)
        scratch = jit.local_memory(np.float64, 8)
        t = jit.threadIdx.x
        tile[t] = x[jit.grid(1)]
        extra[t] = t
        for k in range(8):
            scratch[k] = tile[t] * k
        jit.syncthreads()
        s = 128
        while s > 0:
            if t < s:
                tile[t] += tile[t + s]
            jit.syncthreads()
            s //= 2
        if t == 0:
            out[jit.blockIdx.x] = tile[0] + scratch[7] + extra[3]
    code = k.translate(F32_1D, (np.float64, 1))
    assert "extern __shared__ __align__(16) unsigned char _ga_dynamic_shared[];" in code
    assert "double _ga_local" in code
    compiles(k, F32_1D, (np.float64, 1))


def test_aligned_dynamic_shared_memory():
    @jit.rawkernel()
    def k(x):
        s = jit.shared_memory(np.float64, None, alignment=32)
        s[0] = x[0]
    assert "extern __shared__ __align__(32) unsigned char" in k.translate((np.float64, 1))


@pytest.mark.parametrize("dtype", ["int8", "uint16", "int32", "int64", "float16", "float32", "float64"])
def test_arithmetic_and_math_compile_for_every_dtype(cache_dir, dtype):
    @jit.rawkernel()
    def k(x, y, out):
        i = jit.grid(1)
        a, b = x[i], y[i]
        r = a + b - a * b
        r2 = a // (b + 1) + a % (b + 1) + (a ** 2 if a < b else -a)
        r3 = np.sqrt(abs(a)) + math.exp(a) + np.arctan2(a, b) + np.maximum(a, b) + min(a, b, 1)
        ok = (a < b) and not (a == b) or np.isnan(a)
        out[i] = r + r2 + r3 + ok
    compiles(k, (dtype, 1), (dtype, 1), (np.float64, 1))


def test_nd_arrays_device_functions_and_tuples_compile(cache_dir):
    @jit.rawkernel(device=True)
    def at(a, i, j):
        return a[i, j] * 2

    @jit.rawkernel()
    def k(a, b):
        n, m = a.shape
        s0, s1 = a.strides
        i, j = jit.grid(2)
        i, j = j, i
        if i < n and j < m and s0 != 0:
            b[i, j, 0] = at(a, i, j) + a.ndim + s1 + len(a)
        for q in range(n - 1, -1, -2):
            b[q, 0, 0] = b[q, 0, 0] + 1
        for q in jit.range(0, m, unroll=4):
            b[0, q, 0] = 0
    code = k.translate((np.float32, 2), (np.float64, 3))
    assert "#pragma unroll 4" in code
    assert "_ga_i" in code and " > " in code   # the negative step counts down
    compiles(k, (np.float32, 2), (np.float64, 3))


def test_bool_logic_compiles(cache_dir):
    @jit.rawkernel()
    def k(x, y, out):
        i = jit.grid(1)
        a, b = x[i], y[i]
        out[i] = (a & b) | (a ^ ~b) | (a + b) | (a * b) | (not a) | (a < b) | bool(a // b)
    assert "(!a)" in k.translate((np.bool_, 1), (np.bool_, 1), (np.bool_, 1))
    compiles(k, (np.bool_, 1), (np.bool_, 1), (np.bool_, 1))


def test_float16_kernels_include_half(cache_dir):
    @jit.rawkernel()
    def k(x):
        i = jit.grid(1)
        x[i] = x[i] * 2 + np.float16(1.5)
    code = k.translate((np.float16, 1))
    assert "#include <gpuarray/half.cuh>" in code
    compiles(k, (np.float16, 1))


def test_vectorize_preamble_compiles(cache_dir):
    def f(a, b):
        if a > b:
            return a - b, a
        return b - a, b
    v = gpuarray.vectorize(f)
    in_params, out_params, operation, preamble = v._kernel_source([None, None], [np.dtype("f4"), np.dtype("i2")])
    assert (in_params, out_params) == ("float32 in0, int16 in1", "float32 out0, float32 out1")
    body = (f'extern "C" __global__ void t(float* in0, short* in1, float* out0, float* out1) '
            f'{{ {operation.replace("in0", "in0[0]").replace("in1", "in1[0]").replace("out0 =", "out0[0] =").replace("out1 =", "out1[0] =")} }}')
    binary, _ = compiler.compile_with_cache(preamble + body, arch="sm_90")
    assert binary[:4] == ELF_MAGIC


def test_vectorize_and_fuse_elementwise_kernels_compile_whole(cache_dir):
    # The engine's whole elementwise source (its loops, then the translated preamble), as a launch makes it.

    def f(a, b):
        return np.sqrt(abs(a)) * b, a > b

    @gpuarray.fuse
    def fused(a, b, s):
        return gpuarray.where(a > 0, a * s, b) ** 2

    kernels = [gpuarray.vectorize(f)._make_kernel([None, None], [np.dtype("f2"), np.dtype("i4")]),
               fused._plan((np.dtype("f4"), np.dtype("f8"), gpuarray.jit._types.WeakScalar(float))).kernel]
    args = [[np.ones((3, 4), np.float16), np.ones(4, np.int32)], [np.ones(5, np.float32), np.ones(5), 2.0]]
    for ek, inputs in zip(kernels, args):
        outs = [np.zeros(np.broadcast_shapes(*[a.shape for a in inputs if isinstance(a, np.ndarray)]), p.dtype)
                for p in ek.out_params]
        source = host_kernel(ek, inputs, outs)[0]["source"]
        assert "#include <gpuarray/jit.cuh>" in source
        binary, _ = compiler.compile_with_cache(source, arch="sm_90")
        assert binary[:4] == ELF_MAGIC


@pytest.mark.parametrize("name, dtype", [("squared_distance", "i1"), ("squared_distance", "f2"),
                                         ("peak", "f2"), ("peak", "u8"), ("any_negative", "f2"), ("row_mean", "i4")])
def test_fused_reductions_map_and_reduce_compile(cache_dir, name, dtype):
    # ReductionKernel's source is made at launch; its pieces are checked here inside a small kernel.
    fusion = getattr(test_fuse, name)
    dt = np.dtype(dtype)
    arity = fusion.__wrapped__.__code__.co_argcount
    k = fusion._plan(tuple([dt] * arity)).kernel
    ctype = {p.dtype for p in k.in_params}.pop()
    acc = np.dtype(k.reduce_type)
    names = {np.dtype(c): n for c, n in zip("?bBhHiIlLefd", ["bool", "signed char", "unsigned char", "short",
                                                              "unsigned short", "int", "unsigned int", "long long",
                                                              "unsigned long long", "__half", "float", "double"])}
    params = ", ".join(f"const {names[ctype]}* p{j}" for j in range(arity))
    loads = " ".join(f"const {names[ctype]} in{j} = p{j}[i];" for j in range(arity))
    source = (("#include <gpuarray/half.cuh>\n" if "__half" in k.preamble or dt == np.float16 else "") + k.preamble
              + f'extern "C" __global__ void t({params}, {names[acc]}* out) {{\n'
              f"  int i = threadIdx.x; {loads}\n"
              f"  {names[acc]} a = {k.map_expr}; {names[acc]} b = out[1];\n"
              f"  a = {k.reduce_expr};\n  out[0] = a;\n}}\n")
    binary, _ = compiler.compile_with_cache(source, arch="sm_90")
    assert binary[:4] == ELF_MAGIC
