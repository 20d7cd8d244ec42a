# SPDX-License-Identifier: BSD-3-Clause
"""Generated elementwise kernels, checked without a GPU: NVRTC compiles them
for sm_90 (the casts between all 14 dtypes, strided kernels of many ranks,
scalars of every dtype), the PTX of contiguous kernels uses vector accesses,
and the same sources, compiled as host C++ with stand-ins for the CUDA
built-ins, compute what NumPy computes from the plan's real parameters."""
import concurrent.futures
import ctypes
import functools
import mmap
import os
import re
import shutil
import subprocess
import textwrap

import numpy as np
import pytest

import gpuarray
from gpuarray import _core
from host_kernels import HOST_LAUNCHER, HOST_THREAD_INDICES

PACKAGE_INCLUDE = os.path.join(os.path.dirname(gpuarray.__file__), "_include")
DTYPES = [np.dtype(c) for c in "?bhilBHILefdFD"]
HOST_DTYPES = [d for d in DTYPES if d.kind not in "cf" or d.itemsize > 2]  # no __half / complex on the host

# Stand-ins for headers written elsewhere in the project, used only where the
# package does not ship them yet; they provide just what generated code uses.
PLACEHOLDERS = {
    "gpuarray/half.cuh": "#pragma once\n#include <cuda_fp16.h>\n",
    "gpuarray/complex.cuh": textwrap.dedent("""\
        #pragma once
        namespace ga {
        template <typename T> struct alignas(2 * sizeof(T)) complex {
          T re, im;
          complex() = default;
          __host__ __device__ constexpr complex(T r, T i) : re(r), im(i) {}
          __host__ __device__ constexpr T real() const { return re; }
          __host__ __device__ constexpr T imag() const { return im; }
        };
        }  // namespace ga
        """),
}


def cuda_include_dir():
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if root and os.path.exists(os.path.join(root, "include", "cuda_fp16.h")):
            return os.path.join(root, "include")
    nvcc = shutil.which("nvcc")
    if nvcc:
        inc = os.path.join(os.path.dirname(os.path.dirname(nvcc)), "include")
        if os.path.exists(os.path.join(inc, "cuda_fp16.h")):
            return inc
    return None


@pytest.fixture(scope="session")
def nvrtc_options(tmp_path_factory):
    cuda_inc = cuda_include_dir()
    if cuda_inc is None:
        pytest.skip("the CUDA toolkit headers (cuda_fp16.h) were not found: set CUDA_HOME")
    extra = tmp_path_factory.mktemp("placeholder_include")
    for rel, text in PLACEHOLDERS.items():
        if not os.path.exists(os.path.join(PACKAGE_INCLUDE, rel)):
            (extra / rel).parent.mkdir(parents=True, exist_ok=True)
            (extra / rel).write_text(text)
    return ["--gpu-architecture=sm_90", "--std=c++17", f"-I{PACKAGE_INCLUDE}", f"-I{extra}", f"-I{cuda_inc}"]


def compile_ok(source, options):
    result = _core._nvrtc_compile_check(source, "kernel.cu", options)
    assert result["ok"], source + "\n" + result["log"]
    assert "warning" not in result["log"], source + "\n" + result["log"]
    return result


def compile_all(sources, options):
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return list(pool.map(lambda s: compile_ok(s, options), sources))


def operand(shape, dtype, out=False, strides=None, addr=1 << 40):
    dtype = np.dtype(dtype)
    if strides is None:
        strides = np.empty(shape, dtype).strides
    return (tuple(shape), tuple(strides), dtype, addr, out)


def kernel(operands, expression, name="k", scalars=(), preamble=""):
    return _core._elementwise_kernel(list(operands), name, expression, preamble, list(scalars))


def scalar(dtype, value):
    return (np.dtype(dtype), np.asarray(value, dtype).tobytes())


# ---- the header and the generated text ------------------------------------------

def test_device_header_includes_nothing():
    with open(os.path.join(PACKAGE_INCLUDE, "gpuarray", "elementwise.cuh")) as f:
        assert not [line for line in f if line.lstrip().startswith("#include")]


def test_source_is_glue_with_type_headers_only_when_needed():
    src = kernel([operand((10,), "f4"), operand((10,), "f4", True)], "out0 = in0;")["source"]
    assert re.findall(r"#include.*", src) == ['#include "gpuarray/elementwise.cuh"']
    src = kernel([operand((10,), "e"), operand((10,), "F", True)], "out0 = in0;")["source"]
    assert '#include "gpuarray/half.cuh"' in src and '#include "gpuarray/complex.cuh"' in src


def test_source_is_deterministic_and_names_are_unique_per_key():
    ops = [operand((4, 5), "f4"), operand((4, 5), "f4", True)]
    assert kernel(ops, "out0 = in0;")["source"] == kernel(ops, "out0 = in0;")["source"]
    variants = [
        [operand((4, 5), "f4"), operand((4, 5), "f4", True)],
        [operand((4, 5), "f8"), operand((4, 5), "f4", True)],
        [operand((4, 5), "f4"), operand((4, 5), "f4", True, addr=(1 << 40) + 4)],  # vector width 1
        [operand((4, 5), "f4", strides=(40, 4)), operand((4, 5), "f4", True)],  # strided
        [operand((4, 5, 6), "f4", strides=(400, 28, 4)), operand((4, 5, 6), "f4", True)],  # strided, 3 dims
        [operand((1 << 31,), "i1"), operand((1 << 31,), "i1", True)],  # 64-bit
        [operand((), "f4"), operand((4, 5), "f4"), operand((4, 5), "f4", True)],  # broadcast
    ]
    names = {kernel(v, "out0 = in0;")["kernel_name"] for v in variants}
    names |= {kernel(variants[0], "out0 = -in0;")["kernel_name"]}
    names |= {kernel(variants[0], "out0 = in0 * s0;", scalars=[scalar("f4", 2)])["kernel_name"]}
    assert len(names) == len(variants) + 2
    assert all(re.fullmatch(r"ga_ew_k_[0-9a-f]{16}_\w+", n) for n in names)


def test_op_and_key_mismatch_and_bad_names_are_errors():
    with pytest.raises(ValueError, match="may only hold letters"):
        kernel([operand((3,), "f4"), operand((3,), "f4", True)], "out0 = in0;", name="a-b")
    with pytest.raises(ValueError, match="takes 4 bytes, got 8"):
        kernel([operand((3,), "f4", True)], "out0 = s0;", scalars=[(np.dtype("f4"), b"\0" * 8)])


# ---- casts ----------------------------------------------------------------------

def test_cast_and_copy_and_fill_ops():
    assert _core._cast_op("f", "f")[:2] == ("copy_float32", "out0 = in0;")
    assert _core._cast_op("d", "?")[:2] == ("cast_float64_bool", "out0 = (in0 != 0);")
    assert _core._fill_op("e")[:2] == ("fill_float16", "out0 = s0;")
    hashes = {_core._cast_op(s, d)[2] for s in DTYPES for d in DTYPES} | {_core._fill_op(d)[2] for d in DTYPES}
    assert len(hashes) == 14 * 14 + 14


def test_all_casts_compile(nvrtc_options):
    sources = []
    for src in DTYPES:
        for dst in DTYPES:
            name, expression, _ = _core._cast_op(src, dst)
            sources.append(kernel([operand((1000,), src), operand((1000,), dst, True)], expression, name)["source"])
    results = compile_all(sources, nvrtc_options)
    assert all(r["ok"] for r in results)


def test_fill_with_scalars_of_every_dtype_compiles(nvrtc_options):
    sources = []
    for dt in DTYPES:
        name, expression, _ = _core._fill_op(dt)
        out = operand((7, 9), dt, True, strides=(9 * 2 * dt.itemsize, 2 * dt.itemsize))
        sources.append(kernel([out], expression, name, scalars=[scalar(dt, 1)])["source"])
    compile_all(sources, nvrtc_options)


# ---- kernel shapes --------------------------------------------------------------

def gapped(shape, itemsize):
    """Strides with a gap in every dimension, so nothing coalesces."""
    strides, step = [], 2 * itemsize
    for extent in reversed(shape):
        strides.append(step)
        step *= extent + 1
    return tuple(reversed(strides))


@pytest.mark.parametrize("ndim", [1, 2, 3, 4, 5, 6, 8, 12, 25])
def test_strided_kernels_of_many_ranks_compile(ndim, nvrtc_options):
    shape = (2,) * ndim
    ops = [operand(shape, "f4", strides=gapped(shape, 4)), operand(shape, "i8"), operand(shape, "f8", True)]
    k = kernel(ops, "out0 = in0 * (double)in1;")
    assert k["kind"] == "strided" and k["ndim"] == ndim
    assert k["index_width"] == (64 if 8 * 3**ndim > 2**31 else 32)  # gapped strides triple per dim
    compile_ok(k["source"], nvrtc_options)
    wide = [operand((4, 5), "f4", strides=(1 << 31, 4)), operand((4, 5), "f4", True)]
    k = kernel(wide, "out0 = in0;")
    assert k["index_width"] == 64
    compile_ok(k["source"], nvrtc_options)


def test_parameter_sizes_match_the_device_structs(nvrtc_options):
    cases = [
        [operand((3, 4), "f4", strides=(32, 4)), operand((3, 4), "d"), operand((3, 4), "b", True)],
        [operand((3, 4, 5), "e", strides=gapped((3, 4, 5), 2)), operand((3, 4, 5), "D", True)],
        [operand((3, 4), "f4", strides=(1 << 32, 4)), operand((3, 4), "f4", True)],
        [operand((1000,), "h"), operand((1000,), "q", True)],
    ]
    for ops in cases:
        k = kernel(ops, "out0 = out0_type();", scalars=[scalar("D", 1j), scalar("?", True)])
        types = ["ga::ew::Pointers<%d>" % len(ops),
                 "unsigned int" if k["index_width"] == 32 else "unsigned long long"]
        if k["kind"] == "strided":
            types.append("ga::ew::StridedGeometry<%d, %d, %s>" % (k["ndim"], len(ops),
                                                                   "int" if k["index_width"] == 32 else "long long"))
        types += ["ga::complex<double>", "bool"]
        checks = "".join(f"static_assert(sizeof({t}) == {len(p)}, \"{t}\");\n" for t, p in zip(types, k["params"]))
        assert len(types) == len(k["params"])
        compile_ok(k["source"] + checks, nvrtc_options)


def transposed(shape, dtype):
    """The strides of a transposed C-contiguous array of the reversed shape."""
    return np.empty(tuple(reversed(shape)), dtype).T.strides


def test_tiled_copies_and_casts_compile_for_every_dtype(nvrtc_options):
    sources = []
    for src in DTYPES:
        for dst in (src, np.dtype("f8"), np.dtype("F")):
            name, expression, _ = _core._cast_op(src, dst)
            k = kernel([operand((64, 48), src, strides=transposed((64, 48), src)), operand((64, 48), dst, True)],
                       expression, name)
            assert k["kind"] == "tiled", (src, dst)
            sources.append(k["source"])
    assert all(r["ok"] for r in compile_all(sources, nvrtc_options))


def test_tiled_kernels_with_several_operands_compile_for_every_dtype(nvrtc_options):
    # A staged input, an input read in place, a read-modify-write output and a
    # second output: every path of tiled_kernel, for each item size.
    sources = []
    for dt in DTYPES:
        shape = (64, 48)
        ops = [operand(shape, dt, strides=transposed(shape, dt)), operand(shape, dt),
               operand(shape, dt, True), operand(shape, "f8", True)]
        k = _core._elementwise_kernel(ops, "several", "out0 = out0 + in0 + in1; out1 = 1.0;", reads_outputs=True)
        assert k["kind"] == "tiled" and k["staged"] == [True, False, False, False], k
        sources.append(k["source"])
    assert all(r["ok"] for r in compile_all(sources, nvrtc_options))


@pytest.mark.parametrize("shape,strides,tiled", [
    ((64, 48), "transposed", True),
    ((3, 40, 50), "batch_transposed", True),
    ((40, 3, 50), "outer_batch", True),
    ((8, 100), "transposed", False),       # a dense extent below kTileMinExtent
    ((64, 48), "contiguous", False),
    ((2, 3, 40, 50), "transposed", False),  # more than 3 dimensions after coalescing
])
def test_when_plans_are_tiled(shape, strides, tiled):
    c = np.empty(shape, np.float32)
    src = {"transposed": lambda: np.empty(tuple(reversed(shape)), np.float32).T,
           "batch_transposed": lambda: np.empty((shape[0], shape[2], shape[1]), np.float32).transpose(0, 2, 1),
           "outer_batch": lambda: np.empty((shape[2], shape[1], shape[0]), np.float32).transpose(2, 1, 0),
           "contiguous": lambda: c}[strides]()
    plan = _core._make_iteration_plan([(src.shape, src.strides, "f4", 0, False), (shape, c.strides, "f4", 0, True)])
    assert (plan["kind"] == "tiled") == tiled, plan
    if tiled:
        assert plan["ndim"] == 3 and plan["strides"][1][0] == 4 and plan["strides"][0][1] == 4
        assert plan["staged"] == [True, False]
    # More operands: every input laid out like src is staged; one laid out
    # like the output, or broadcast along the output's dense dimension, is
    # read in place.
    follows = (shape, c.strides, "f4", 0, False)
    row = (shape, (0,) * (len(shape) - 1) + (4,), "f4", 0, False)
    transposed_in = (src.shape, src.strides, "f4", 0, False)
    out = (shape, c.strides, "f4", 0, True)
    plan = _core._make_iteration_plan([transposed_in, follows, row, transposed_in, out])
    assert (plan["kind"] == "tiled") == tiled, plan
    if tiled:
        assert plan["staged"] == [True, False, False, True, False]


@pytest.mark.parametrize("dtypes,tiled", [
    (["f4", "f4"], True),       # 8 bytes a staged element: 64 x 64 tiles
    (["f8", "f8"], True),       # 16 bytes: 32 x 32 tiles
    (["D", "D", "D"], False),   # 48 bytes: not even 32 x 32 tiles fit 48 KiB
])
def test_tiled_plans_only_where_the_staged_tiles_fit(dtypes, tiled):
    shape = (64, 128)
    ins = [(shape, transposed(shape, np.dtype(d)), d, 0, False) for d in dtypes]
    out = (shape, np.empty(shape, dtypes[0]).strides, dtypes[0], 0, True)
    plan = _core._make_iteration_plan(ins + [out])
    assert (plan["kind"] == "tiled") == tiled, plan
    if tiled:
        expected_side = 64 if sum(np.dtype(d).itemsize for d in dtypes) <= 11 else 32
        assert plan["grid"] == (64 // expected_side) * (128 // expected_side)


def test_sixteen_operands_and_two_outputs_compile(nvrtc_options):
    ops = [operand((5, 6), "f4", strides=(4, 20) if i % 2 else None) for i in range(14)]
    ops += [operand((5, 6), "f4", True), operand((5, 6), "i4", True)]
    expression = "out0 = " + " + ".join(f"in{i}" for i in range(14)) + "; out1 = (int)out0;"
    k = kernel(ops, expression)
    assert k["kind"] == "strided"
    compile_ok(k["source"], nvrtc_options)


@pytest.mark.parametrize("dtype,width,ptx", [
    ("f4", 4, "ld.global.v4.f32"), ("f8", 2, "ld.global.v2.f64"), ("u1", 16, "ld.global.v4.u32"),
    ("e", 8, "ld.global.v4.u32"), ("F", 2, "ld.global.v4.f32"), ("D", 1, "ld.global.v2.f64"),
])
def test_contiguous_kernels_use_16_byte_accesses(dtype, width, ptx, nvrtc_options):
    k = kernel([operand((4096,), dtype), operand((4096,), dtype, True)], "out0 = in0;")
    assert (k["kind"], k["vector_width"]) == ("contiguous", width)
    result = compile_ok(k["source"], nvrtc_options)
    assert ptx in result["ptx"]
    assert re.search(r"st\.global\.v[24]\.", result["ptx"])


def test_compile_time_of_one_kernel(nvrtc_options):
    k = kernel([operand((4096,), "f4"), operand((4096,), "f4"), operand((4096,), "f4", True)], "out0 = in0 + in1;")
    times = [compile_ok(k["source"], nvrtc_options)["milliseconds"] for _ in range(3)]
    print(f"\nNVRTC compile of one elementwise kernel: {min(times):.0f} ms (first {times[0]:.0f} ms)")
    assert min(times) < 5000


# ---- the loops, run on the host -------------------------------------------------

HOST_PRELUDE = textwrap.dedent("""\
    // Stand-ins for the CUDA built-ins, so generated kernels run as host code.
    #include <cmath>  // what NVRTC provides built in (complex.cuh's fabs, hypot, ...)
    #include <cstddef>
    #include <utility>
    #define __host__
    #define __device__
    #define __global__
    #define __forceinline__ inline
    #define __launch_bounds__(n)
    #define __CUDACC__ 1
    """) + HOST_THREAD_INDICES + textwrap.dedent("""\
    #include "gpuarray/elementwise.cuh"
    #include "gpuarray/complex.cuh"
    """) + HOST_LAUNCHER


def sparse_buffer(nbytes):
    """Address space without memory behind it until touched (Linux)."""
    flags = mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | getattr(mmap, "MAP_NORESERVE", 0x4000)
    return np.frombuffer(mmap.mmap(-1, nbytes, flags=flags), np.uint8)


@functools.lru_cache(maxsize=None)
def host_cases():
    """Built once per session (test ids and the runs share it):
    (name, inputs, outputs, expression, scalars, sm_count, (reads_outputs, uses_index), expected outputs)."""
    rng = np.random.default_rng(5)
    cases = []

    def add(name, inputs, outputs, expression, expected, scalars=(), sm_count=132, reads_outputs=False,
            uses_index=False):
        cases.append((name, inputs, outputs, expression, list(scalars), sm_count, (reads_outputs, uses_index),
                      expected))

    a = rng.standard_normal((37, 53)).astype(np.float32)
    b = rng.standard_normal((37, 53)).astype(np.float32)
    add("add_contiguous", [a, b], [np.zeros_like(a)], "out0 = in0 + in1;", [a + b])

    s = np.array(0.25)
    add("broadcast_scalar_and_param", [a, s], [np.zeros_like(a)], "out0 = in0 * s0 + (float)in1;",
        [a * np.float32(3) + np.float32(0.25)], [scalar("f4", 3)])

    t = rng.standard_normal((30, 40)).T
    add("transposed_input", [t], [np.zeros((40, 30))], "out0 = in0 * 2;", [t * 2])

    root = rng.integers(-1000, 1000, (20, 30)).astype(np.int32)
    neg = root[::-1, ::-2]
    c = rng.integers(-1000, 1000, neg.shape).astype(np.int32)
    add("negative_strides", [neg, c], [np.zeros(neg.shape, np.int32)], "out0 = in0 - in1;", [neg - c])
    both = np.zeros((20, 30), np.int32)
    add("flipped_everywhere", [root[::-1, ::-1]], [both[::-1, ::-1]], "out0 = in0 + 1;", [root[::-1, ::-1] + 1])

    col = rng.standard_normal((50, 1)).astype(np.float32)
    row = rng.standard_normal((1, 70)).astype(np.float32)
    add("outer", [col, row], [np.zeros((50, 70), np.float32)], "out0 = in0 - in1;", [col - row])

    big = rng.integers(-99, 99, (9, 8, 14)).astype(np.int64)
    v = big.transpose(2, 0, 1)[::2, 1:, ::3]
    add("permuted_steps_fortran_out", [v], [np.zeros(v.shape, order="F")], "out0 = (double)in0 * 0.5;", [v * 0.5])

    x = np.array([0.0, -0.0, 1.5, -2.7, np.nan, np.inf, 1e9, -3e9], np.float64)
    for src, dst, values in [("f8", "i4", x[:4]), ("f8", "?", x), ("f4", "?", x.astype(np.float32)),
                             ("i8", "f4", rng.integers(-2**62, 2**62, 100)), ("?", "f8", rng.random(100) < 0.5),
                             ("B", "h", rng.integers(0, 255, 99).astype(np.uint8)),
                             ("h", "B", rng.integers(-30000, 30000, 99).astype(np.int16)),
                             ("Q", "d", rng.integers(0, 2**64, 100, dtype=np.uint64))]:
        name, expression, _ = _core._cast_op(src, dst)
        values = values.astype(src)
        add(name, [values], [np.zeros(values.shape, dst)], expression, [values.astype(dst)])

    m = rng.standard_normal(1001).astype(np.float32)[1:]  # 4 bytes past a 16-byte boundary
    add("misaligned_scalar_loop", [m], [np.zeros_like(m)], "out0 = in0 + 1;", [m + 1])

    u = rng.integers(0, 255, 1003).astype(np.uint8)
    add("mixed_sizes_with_tail", [u], [np.zeros(1003)], "out0 = in0 * 1.5;", [u * 1.5])

    g = rng.standard_normal(10007).astype(np.float32)
    add("contiguous_many_blocks", [g], [np.zeros_like(g)], "out0 = in0 * in0;", [g * g], sm_count=1)
    gs = rng.standard_normal((101, 99)).astype(np.float32)[:, ::2]
    add("grid_stride_strided", [gs], [np.zeros(gs.shape, np.float32)], "out0 = -in0;", [-gs], sm_count=1)

    many = [rng.standard_normal((6, 7)).astype(np.float32) for _ in range(14)]
    many = [m if i % 2 else np.asfortranarray(m) for i, m in enumerate(many)]
    add("fourteen_inputs_two_outputs", many, [np.zeros((6, 7), np.float32), np.zeros((7, 6), np.float64).T],
        "out0 = " + " + ".join(f"in{i}" for i in range(14)) + "; out1 = (double)in0 * in13;",
        [sum(many[1:], many[0]), many[0].astype(np.float64) * many[13]])

    hd_root = rng.integers(-5, 5, (3,) * 12).astype(np.int16)
    hd = hd_root[(slice(0, 2),) * 12]
    add("twelve_dims", [hd], [np.zeros(hd.shape, np.int16)], "out0 = in0 * 3;", [hd * 3])

    z = np.array(2.5, np.float32)
    add("zero_dim", [z, np.array(4.0)], [np.zeros((), np.float64)], "out0 = in0 * in1;", [np.float64(10.0)])

    acc = np.arange(1001, dtype=np.float32)
    add("read_modify_write_contiguous", [g[:1001]], [acc], "out0 += in0;", [acc + g[:1001]], reads_outputs=True)
    acc2 = np.arange(60.0).reshape(6, 10)[:, ::3]
    add("read_modify_write_strided", [np.full((6, 4), 2.0)], [acc2], "out0 = out0 * in0 + 1;", [acc2 * 2 + 1],
        reads_outputs=True)

    sl = np.zeros(40)
    add("fill_stepped", [], [sl[::3]], "out0 = s0;", [np.full(14, 7.5)], [scalar("f8", 7.5)])

    # 64-bit offsets over a sparse 6 GiB buffer: rows 2^31 + 4 KiB apart, forwards and backwards.
    buf = sparse_buffer(6 << 30)
    step = (1 << 31) + 4096
    fwd = np.lib.stride_tricks.as_strided(buf.view(np.float32), (3, 5), (step, 4))
    bwd = np.lib.stride_tricks.as_strided(buf[2 * step + 64:].view(np.float32), (3, 5), (-step, 4))
    fwd[...] = rng.standard_normal((3, 5))
    bwd[...] = rng.standard_normal((3, 5))
    # Tiled transposes (host loops read directly; the device stages tiles in shared memory).
    tt = rng.standard_normal((45, 70)).astype(np.float32).T
    add("tiled_cast_odd_sizes", [tt], [np.zeros((70, 45), np.float64)], "out0 = (double)in0 * 2;",
        [tt.astype(np.float64) * 2])
    tb = rng.integers(0, 100, (3, 50, 33)).astype(np.int16).transpose(0, 2, 1)
    add("tiled_batch", [tb], [np.zeros((3, 33, 50), np.int16)], "out0 = in0 + 1;", [tb + 1])
    tb2 = rng.standard_normal((40, 3, 20)).transpose(2, 1, 0)
    add("tiled_outer_batch", [tb2], [np.zeros((20, 3, 40))], "out0 = in0;", [tb2])
    tc = (rng.standard_normal((70, 130)) + 1j * rng.standard_normal((70, 130))).T  # 32-wide tiles, several
    add("tiled_complex128_many_tiles", [tc], [np.zeros((130, 70), np.complex128)], "out0 = in0;", [tc])
    tacc = np.arange(64 * 32, dtype=np.float32).reshape(64, 32)
    tr = rng.standard_normal((32, 64)).astype(np.float32).T
    add("tiled_read_modify_write", [tr], [tacc], "out0 += in0;", [tacc + tr], reads_outputs=True)
    # Several operands: transposed inputs staged, the others read in place.
    td = rng.standard_normal((70, 45)).astype(np.float32)
    trow = rng.standard_normal(45).astype(np.float32)
    add("tiled_staged_dense_and_broadcast", [tt, td, trow], [np.zeros((70, 45), np.float32)],
        "out0 = in0 + in1 * in2;", [tt + td * trow])
    t1 = rng.standard_normal((50, 3, 40)).transpose(1, 2, 0)
    t2 = rng.standard_normal((3, 50, 40)).transpose(0, 2, 1)
    t3 = rng.standard_normal((3, 40, 50))
    add("tiled_two_staged_two_outputs_batch", [t1, t2, t3], [np.zeros((3, 40, 50)), np.zeros((3, 40, 50), np.int32)],
        "out0 = in0 * in1 + in2; out1 = (int)(in0 * 10);", [t1 * t2 + t3, (t1 * 10).astype(np.int32)])

    # `i` is the C-order position whatever the layout: the plan keeps C order for such ops.
    idx_t = np.zeros((7, 9), np.int64).T
    add("index_transposed_output", [], [idx_t], "out0 = i;", [np.arange(63).reshape(9, 7)], uses_index=True)
    idx_r = np.zeros(1001, np.float32)[::-1]
    add("index_reversed_output", [], [idx_r], "out0 = (float)i;", [np.arange(1001, dtype=np.float32)],
        uses_index=True)
    idx_v = np.zeros(1003, np.int32)
    add("index_contiguous_vectorized", [np.ones(1003, np.int32)], [idx_v], "out0 = in0 + (int)i;",
        [np.arange(1, 1004, dtype=np.int32)], uses_index=True)
    idx_b = np.zeros((5, 6, 4), np.int64)[:, ::2, :]
    add("index_strided_broadcast_input", [np.arange(4)], [idx_b], "out0 = i * 10 + in0;",
        [np.arange(60).reshape(5, 3, 4) * 10 + np.arange(4)], uses_index=True)

    add("offsets_past_2gib", [fwd, bwd], [np.zeros((3, 5), np.float32)], "out0 = in0 + in1;", [fwd + bwd])
    return cases


def batched_sources(sources, per_batch):
    """Generated sources concatenated per_batch at a time for one NVRTC call each, every source in
    its own namespace and the includes once on top, in generated order: elementwise.cuh first,
    the ufunc preambles (which use half and complex) last."""
    def rank(line):
        return 0 if "elementwise.cuh" in line else 2 if "ufunc_" in line else 1
    batches = []
    for start in range(0, len(sources), per_batch):
        chunk = sources[start:start + per_batch]
        includes = sorted({line for s in chunk for line in s.splitlines() if line.startswith("#include")}, key=rank)
        text = "\n".join(includes) + "\n"
        for i, s in enumerate(chunk):
            body = "\n".join(line for line in s.splitlines() if not line.startswith("#include"))
            text += f"namespace loop{i} {{\n{body}\n}}\n"
        batches.append(text)
    return batches


HOST_FP16_HEADERS = """\
// float16 from the toolkit's header, before the prelude's stand-ins for the CUDA keywords.
#include <cuda_fp16.h>
#undef __host__
#undef __device__
#undef __global__
#undef __forceinline__
#undef __launch_bounds__
"""


def run_kernels_on_host(tmp, kernels, include):
    """Builds generated kernels (dicts from _core._elementwise_kernel, float16 allowed) as
    host C++ after `include` (a device header's #include line), in parallel translation
    units, and runs each once on its parameters: outputs land in the arrays they point to.
    Skips the test without a host compiler or the toolkit's headers."""
    compiler = shutil.which("c++") or shutil.which("g++")
    if compiler is None:
        pytest.skip("no host C++ compiler to run the loops on the CPU")
    cuda_inc = cuda_include_dir()
    if cuda_inc is None:
        pytest.skip("the CUDA toolkit headers (cuda_fp16.h) were not found: set CUDA_HOME")
    units = 2 * (os.cpu_count() or 2)
    sources = [HOST_FP16_HEADERS + HOST_PRELUDE + include + "\n" for _ in range(units)]
    for i, k in enumerate(kernels):
        body = "\n".join(line for line in k["source"].splitlines() if not line.startswith("#include"))
        body = body.replace('extern "C" ', "")
        sources[i % units] += (f"namespace case{i} {{\n{body}\n}}\n"
                               f'extern "C" void run_case{i}(void** p, unsigned g, unsigned b) '
                               f"{{ ga_run(&case{i}::{k['kernel_name']}, p, g, b); }}\n")

    def build(u):
        (tmp / f"loops{u}.cpp").write_text(sources[u])
        lib = tmp / f"loops{u}.so"
        subprocess.run([compiler, "-std=c++17", "-O1", "-shared", "-fPIC", f"-I{PACKAGE_INCLUDE}", f"-I{cuda_inc}",
                        str(tmp / f"loops{u}.cpp"), "-o", str(lib)], check=True)
        return ctypes.CDLL(str(lib))

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        libs = list(pool.map(build, range(units)))
    for i, k in enumerate(kernels):
        buffers = [ctypes.create_string_buffer(p, len(p)) for p in k["params"]]
        argv = (ctypes.c_void_p * len(buffers))(*[ctypes.addressof(b) for b in buffers])
        getattr(libs[i % units], f"run_case{i}")(argv, ctypes.c_uint(k["grid"]), ctypes.c_uint(k["block"]))


@pytest.fixture(scope="module")
def host_runs(tmp_path_factory):
    compiler = shutil.which("c++") or shutil.which("g++")
    if compiler is None:
        pytest.skip("no host C++ compiler to run the loops on the CPU")
    cases = host_cases()
    prepared, source = [], HOST_PRELUDE
    for i, (name, inputs, outputs, expression, scalars, sm_count, (reads, indexed), expected) in enumerate(cases):
        ops = [(x.shape, x.strides, x.dtype, x.ctypes.data, False) for x in inputs]
        ops += [(y.shape, y.strides, y.dtype, y.ctypes.data, True) for y in outputs]
        k = _core._elementwise_kernel(ops, "k", expression, "", scalars, sm_count, reads, indexed)
        body = k["source"].replace('#include "gpuarray/elementwise.cuh"', "").replace('extern "C" ', "")
        body = body.replace('#include "gpuarray/complex.cuh"', "")  # in the prelude, outside the case's namespace
        source += f"namespace case{i} {{\n{body}}}\n"
        source += (f'extern "C" void run_case{i}(void** p, unsigned g, unsigned b) '
                   f"{{ ga_run(&case{i}::{k['kernel_name']}, p, g, b); }}\n")
        prepared.append((name, k, outputs, expected))
    tmp = tmp_path_factory.mktemp("host_loops")
    (tmp / "loops.cpp").write_text(source)
    lib = tmp / "loops.so"
    subprocess.run([compiler, "-std=c++17", "-O1", "-shared", "-fPIC", f"-I{PACKAGE_INCLUDE}",
                    str(tmp / "loops.cpp"), "-o", str(lib)], check=True)
    dll = ctypes.CDLL(str(lib))
    runs = {}
    for i, (name, k, outputs, expected) in enumerate(prepared):
        buffers = [ctypes.create_string_buffer(p, len(p)) for p in k["params"]]
        params = (ctypes.c_void_p * len(buffers))(*[ctypes.addressof(b) for b in buffers])
        getattr(dll, f"run_case{i}")(params, ctypes.c_uint(k["grid"]), ctypes.c_uint(k["block"]))
        runs[name] = (k, outputs, expected)
    return runs


@pytest.mark.parametrize("name", [c[0] for c in host_cases()])
def test_loops_compute_what_numpy_computes(host_runs, name):
    k, outputs, expected = host_runs[name]
    for got, want in zip(outputs, expected):
        np.testing.assert_array_equal(got, want)


def test_host_cases_cover_every_loop_variant(host_runs):
    kinds = {(k["kind"], k.get("index_width"), k.get("vector_width", 1) > 1) for k, _, _ in host_runs.values()}
    assert {("contiguous", 32, True), ("contiguous", 32, False), ("strided", 32, False), ("strided", 64, False),
            ("tiled", 64, False)} <= kinds
    assert host_runs["twelve_dims"][0]["ndim"] == 12
    assert host_runs["grid_stride_strided"][0]["grid"] == 8
    assert host_runs["broadcast_scalar_and_param"][0]["broadcast"] == [False, True, False]
