# SPDX-License-Identifier: BSD-3-Clause
"""The bulk streams of gpuarray.random (gpuarray/random_bulk.cuh, random/_bulk.py).

Without a GPU: NVRTC compiles every kernel (the PTX stores 16-byte vectors);
the same kernels, built as host C++, are launched by BulkStream itself (its
allocations and launches sent to the host) and checked against NumPy
references of SplitMix64 seeding, XORWOW, MRG32k3a and Philox4x32-10 (with
Random123's known answers), and against scipy.stats; the random API routes
its uniforms, normals and raw words through them; bad arguments raise
NumPy's errors. On a GPU: the same streams on the device, bit for bit where
the arithmetic is exact, their distributions, every size class, alignment,
reproducibility, independence, continuation and the current stream."""
import ctypes
import os
import shutil
import subprocess
import sys
import types

import numpy
import pytest
import scipy.stats as st

import gpuarray
import gpuarray as xp
from gpuarray import _core
from gpuarray._array_creation import from_shape as _from_shape
from gpuarray.random import _bulk
from host_kernels import HOST_LAUNCHER, HOST_THREAD_INDICES
from random_cases import P_MIN, ks_pvalue

gpu = pytest.mark.gpu
PACKAGE_INCLUDE = os.path.join(os.path.dirname(gpuarray.__file__), "_include")
KINDS = list(_bulk.GENERATORS)
FLOAT_OUTPUTS = ["uniform", "normal", "lognormal"]
VARIANTS = [(k, o, d) for k in KINDS for o, dtypes in _bulk.OUTPUTS.items() for d in dtypes]
HOST_SMS = 2  # the host "device"
HOST_THREADS = HOST_SMS * _bulk.THREADS_PER_SM  # BulkStream's grid there
M64 = (1 << 64) - 1
M1, M2 = 4294967087, 4294944443


# ---- NumPy references ------------------------------------------------------------------

def splitmix64(seed, k):
    """Outputs k (an array of indices) of SplitMix64 started at `seed`."""
    with numpy.errstate(over="ignore"):
        z = numpy.uint64(seed) + (numpy.asarray(k, numpy.uint64) + numpy.uint64(1)) * numpy.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> numpy.uint64(30))) * numpy.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> numpy.uint64(27))) * numpy.uint64(0x94D049BB133111EB)
        return z ^ (z >> numpy.uint64(31))


def reference_states(kind, seed, threads):
    """(6, threads) uint32: the seeded per-thread states, word-major."""
    t = numpy.arange(threads, dtype=numpy.uint64)
    words = numpy.stack([splitmix64(seed, 6 * t + k) for k in range(6)])
    if kind == "XORWOW":
        return (words >> numpy.uint64(32)).astype(numpy.uint32)
    return numpy.concatenate([words[:3] % numpy.uint64(M1), words[3:] % numpy.uint64(M2)]).astype(numpy.uint32)


class XorwowRef:
    def __init__(self, column):
        self.x, self.d = [int(v) for v in column[:5]], int(column[5])

    def next(self):
        x = self.x
        s = x[0] ^ (x[0] >> 2)
        self.x = x[1:] + [(x[4] ^ (x[4] << 4) ^ s ^ (s << 1)) & 0xFFFFFFFF]
        self.d = (self.d + 362437) & 0xFFFFFFFF
        return (self.x[4] + self.d) & 0xFFFFFFFF


class Mrg32k3aRef:
    def __init__(self, column):
        self.s1, self.s2 = [int(v) for v in column[:3]], [int(v) for v in column[3:]]

    def next(self):
        p1 = (1403580 * self.s1[1] - 810728 * self.s1[0]) % M1
        p2 = (527612 * self.s2[2] - 1370589 * self.s2[0]) % M2
        self.s1, self.s2 = self.s1[1:] + [p1], self.s2[1:] + [p2]
        z = p1 - p2 if p1 > p2 else p1 - p2 + M1
        return int(z * (4294967296.0 / 4294967088.0))


def philox_block(counter, key):
    x, (k0, k1) = list(counter), key
    for _ in range(10):
        p0, p1 = 0xD2511F53 * x[0], 0xCD9E8D57 * x[2]
        x = [(p1 >> 32) ^ x[1] ^ k0, p1 & 0xFFFFFFFF, (p0 >> 32) ^ x[3] ^ k1, p0 & 0xFFFFFFFF]
        k0, k1 = (k0 + 0x9E3779B9) & 0xFFFFFFFF, (k1 + 0xBB67AE85) & 0xFFFFFFFF
    return x


class ReferenceStream:
    """A BulkStream in Python: the words of each chunk, call after call."""

    def __init__(self, kind, seed, threads):
        self.kind, self.seed, self.threads, self.offset = kind, seed, threads, 0
        if kind != "Philox4x32_10":
            states = reference_states(kind, seed, threads)
            ref = XorwowRef if kind == "XORWOW" else Mrg32k3aRef
            self.gens = {}  # thread -> its generator, made when the thread first writes
            self.make = lambda t: ref(states[:, t])

    def words(self, chunks):
        """(chunks, 4) uint32 of the next call of `chunks` chunks."""
        out = numpy.empty((chunks, 4), numpy.uint32)
        for c in range(chunks):
            if self.kind == "Philox4x32_10":
                counter = (self.offset + c) & M64
                out[c] = philox_block([counter & 0xFFFFFFFF, counter >> 32, 0, 0],
                                      [self.seed & 0xFFFFFFFF, self.seed >> 32])
            else:
                t = c % self.threads
                gen = self.gens.get(t)
                if gen is None:
                    gen = self.gens[t] = self.make(t)
                out[c] = [gen.next() for _ in range(4)]
        self.offset += chunks
        return out

    def values(self, output, dtype, n, shift=0.0, scale=1.0):
        dtype = numpy.dtype(dtype)
        w = self.words(_bulk.chunks(n, dtype)).astype(numpy.uint64)
        if output == "raw":
            x = w if dtype == numpy.uint32 else (w[:, 0::2] << numpy.uint64(32)) | w[:, 1::2]
            return x.reshape(-1)[:n].astype(dtype)
        if output == "uniform":
            if dtype == numpy.float32:
                u = ((w >> numpy.uint64(8)).astype(numpy.float32) * numpy.float32(2.0**-24))
                return (numpy.float32(shift) + numpy.float32(scale) * u).reshape(-1)[:n]
            bits = ((w[:, 0::2] << numpy.uint64(32)) | w[:, 1::2]) >> numpy.uint64(11)
            return (shift + scale * (bits.astype(numpy.float64) * 2.0**-53)).reshape(-1)[:n]
        if dtype == numpy.float32:  # u and the angle rounded to float as the kernel rounds them
            f = numpy.float32
            u = (w[:, 0::2].astype(f) * f(2.0**-32) + f(2.0**-33)).astype(numpy.float64)
            angle = (w[:, 1::2].astype(numpy.uint32).view(numpy.int32).astype(f) * f(numpy.pi / 2.0**31))
            angle = angle.astype(numpy.float64)
        else:
            u = ((((w[:, 0] << numpy.uint64(32)) | w[:, 1]) >> numpy.uint64(11)).astype(numpy.float64) + 0.5) * 2.0**-53
            hi = ((w[:, 2] << numpy.uint64(32)) | w[:, 3]).view(numpy.int64) >> 11
            u, angle = u[:, None], (hi.astype(numpy.float64) * 2.0**-52 * numpy.pi)[:, None]
        radius = numpy.sqrt(-2.0 * numpy.log(u))
        z = numpy.stack([radius * numpy.cos(angle), radius * numpy.sin(angle)], axis=-1).reshape(-1)[:n]
        z = shift + scale * z
        return (numpy.exp(z) if output == "lognormal" else z).astype(dtype)


# ---- the kernels, built as host C++ ----------------------------------------------------

HOST_PRELUDE = """\
// Stand-ins for the CUDA built-ins, so the bulk kernels run as host code.
#include <cstddef>
#include <utility>
#define __global__
#define __launch_bounds__(...)
""" + HOST_THREAD_INDICES + """\
#include "gpuarray/random_bulk.cuh"
""" + HOST_LAUNCHER + """\
extern "C" void ga_philox_block(const unsigned* c, const unsigned* k, unsigned* out) {
  ga::random::Philox p;
  for (int i = 0; i < 4; ++i) p.c[i] = c[i];
  p.k[0] = k[0];
  p.k[1] = k[1];
  p.block(out);
}
"""


def all_sources():
    """(name, source) of every kernel BulkStream launches with the default shape."""
    return [_bulk.fill_source(*v) for v in VARIANTS] + [_bulk.seed_source(k) for k in ("XORWOW", "MRG32k3a")]


@pytest.fixture(scope="module")
def host_library(tmp_path_factory):
    compiler = shutil.which("c++") or shutil.which("g++")
    if compiler is None:
        pytest.skip("no host C++ compiler to run the kernels on the CPU")
    sources = dict(all_sources())
    text = HOST_PRELUDE + "".join(
        src.replace('#include "gpuarray/random_bulk.cuh"\n', "")
        + f'extern "C" void run_{name}(void** p, unsigned g, unsigned b) {{ ga_run(&{name}, p, g, b); }}\n'
        for name, src in sources.items())
    tmp = tmp_path_factory.mktemp("random_bulk")
    (tmp / "bulk.cpp").write_text(text)
    subprocess.run([compiler, "-std=c++17", "-O1", "-shared", "-fPIC", f"-I{PACKAGE_INCLUDE}", str(tmp / "bulk.cpp"),
                    "-o", str(tmp / "bulk.so")], check=True)
    return ctypes.CDLL(str(tmp / "bulk.so")), sources


class HostKernel:
    """Stands in for a RawKernel: packs the arguments as a launch does (the
    engine's conversion to the declared parameter types, NumPy arrays as
    pointers) and runs the host build of the same source, every thread of the
    grid in turn."""

    def __init__(self, library, name, source):
        lib, sources = library
        assert sources[name] == source, "the host library was built from the source BulkStream launches"
        self.run, self.name, self.source = getattr(lib, f"run_{name}"), name, source
        self.launches = []

    def __call__(self, grid, block, args):
        pointers = tuple(types.SimpleNamespace(ptr=a.ctypes.data) if isinstance(a, numpy.ndarray) else a for a in args)
        packed = _core._pack_arguments(self.source, self.name, pointers)
        assert len(packed) == 8 * len(args), "every parameter is 8 bytes: parameter i lies at 8 i"
        buffer = ctypes.create_string_buffer(packed, len(packed))
        argv = (ctypes.c_void_p * len(args))(*[ctypes.addressof(buffer) + 8 * i for i in range(len(args))])
        self.launches.append((grid, block))
        self.run(argv, ctypes.c_uint(grid[0]), ctypes.c_uint(block[0]))


@pytest.fixture
def host(host_library, monkeypatch):
    """BulkStream (and the random API above it) on the host: kernels from the
    host library, arrays from NumPy, a device of HOST_SMS SMs."""
    kernels = {}
    def host_kernel(row, args, shape):
        name, source = _core._device_template_source(row, list(args), **_bulk._bounds(shape))
        return kernels.setdefault(name, HostKernel(host_library, name, source))
    monkeypatch.setattr(_bulk, "_kernel", host_kernel)
    monkeypatch.setattr(_bulk, "_residency", lambda device: (HOST_SMS, 2048))
    monkeypatch.setattr(_bulk, "_core", types.SimpleNamespace(get_device=lambda: 0))
    monkeypatch.setattr(_from_shape, "empty", lambda shape, dtype=numpy.float64: numpy.empty(shape, dtype))
    return kernels


# ---- CPU: compilation ------------------------------------------------------------------

@pytest.fixture(scope="module")
def nvrtc_options():
    from test_elementwise_codegen import cuda_include_dir
    cuda_inc = cuda_include_dir()
    if cuda_inc is None:
        pytest.skip("the CUDA toolkit headers were not found: set CUDA_HOME")
    return ["--gpu-architecture=sm_90", f"-I{PACKAGE_INCLUDE}", f"-I{cuda_inc}", "-std=c++17"]  # device_template_options()


VECTOR_STORE = {"float32": "st.global.v4.f32", "float64": "st.global.v2.f64", "uint32": "st.global.v4.u32",
                "uint64": "st.global.v2.u64"}


@pytest.mark.parametrize("kind, output, dtype", VARIANTS, ids=lambda v: str(v))
def test_fill_kernel_compiles_with_vector_stores(nvrtc_options, kind, output, dtype):
    name, source = _bulk.fill_source(kind, output, dtype)
    result = _core._nvrtc_compile_check(source, "bulk.cu", nvrtc_options)
    assert result["ok"], source + "\n" + result["log"]
    assert "warning" not in result["log"], result["log"]
    ptx = result["ptx"]
    assert f".entry {name}(" in ptx
    assert VECTOR_STORE[dtype] in ptx, "whole chunks are stored as one 16-byte vector"
    assert f".maxntid {_bulk.BLOCK}" in ptx and f".minnctapersm {_bulk.THREADS_PER_SM // _bulk.BLOCK}" in ptx


@pytest.mark.parametrize("kind", ["XORWOW", "MRG32k3a"])
def test_seed_kernel_compiles(nvrtc_options, kind):
    name, source = _bulk.seed_source(kind)
    result = _core._nvrtc_compile_check(source, "seed.cu", nvrtc_options)
    assert result["ok"], source + "\n" + result["log"]
    assert f".entry {name}(" in result["ptx"]


def test_grid_is_one_wave_of_whole_blocks(monkeypatch):
    monkeypatch.setattr(_bulk, "_residency", lambda device: (132, 2048))
    assert _bulk.grid_threads(0, _bulk.LaunchShape()) == 132 * _bulk.THREADS_PER_SM
    assert _bulk.grid_threads(0, _bulk.LaunchShape(block=256, threads_per_sm=2048)) == 132 * 2048
    assert _bulk.grid_threads(0, _bulk.LaunchShape(block=128, threads_per_sm=1024)) == 132 * 1024
    monkeypatch.setattr(_bulk, "_residency", lambda device: (84, 1536))  # a device that holds fewer threads
    assert _bulk.grid_threads(0, _bulk.LaunchShape(block=256, threads_per_sm=2048)) == 84 * 1536
    assert _bulk.grid_threads(0, _bulk.LaunchShape(block=1024, threads_per_sm=2048)) == 84 * 1024
    monkeypatch.setattr(_bulk, "_residency", lambda device: (84, 768))
    assert _bulk.grid_threads(0, _bulk.LaunchShape(block=512, threads_per_sm=1024)) == 84 * 512


def test_launch_shape_reaches_the_source():
    _, source = _bulk.fill_source("XORWOW", "normal", numpy.float32, _bulk.LaunchShape(block=128, threads_per_sm=1024))
    assert "__launch_bounds__(128, 8)" in source


# ---- CPU: argument checks --------------------------------------------------------------

@pytest.mark.parametrize("call, error, message", [
    (lambda: _bulk.fill_source("PCG64", "uniform", "float32"), ValueError, "unknown bit generator 'PCG64'"),
    (lambda: _bulk.fill_source("XORWOW", "gamma", "float32"), ValueError, "unknown bulk output 'gamma'"),
    (lambda: _bulk.fill_source("XORWOW", "normal", "uint32"), TypeError, "Unsupported dtype 'uint32' for normal"),
    (lambda: _bulk.fill_source("XORWOW", "raw", "float32"), TypeError, "Unsupported dtype 'float32' for raw"),
    (lambda: _bulk.fill_source("XORWOW", "uniform", "float16"), TypeError, "Unsupported dtype 'float16'"),
    (lambda: _bulk.seed_source("Philox4x32_10"), ValueError, "counter-based"),
    (lambda: _bulk.LaunchShape(block=48), ValueError, "block must be a multiple of 32"),
    (lambda: _bulk.LaunchShape(block=2048), ValueError, "block must be a multiple of 32"),
    (lambda: _bulk.LaunchShape(block=256, threads_per_sm=4096), ValueError, "threads_per_sm must be"),
    (lambda: _bulk.LaunchShape(block=256, threads_per_sm=640), ValueError, "threads_per_sm must be"),
    (lambda: _bulk.BulkStream("XORWOW", -1), ValueError, "seed must be in"),
    (lambda: _bulk.BulkStream("XORWOW", 1 << 64), ValueError, "seed must be in"),
    (lambda: _bulk.BulkStream("xorwow", 1), ValueError, "unknown bit generator"),
])
def test_bad_arguments(call, error, message):
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize("call, error, message", [
    (lambda: xp.random.default_rng(0).random(3, dtype=numpy.int32), TypeError, "Unsupported dtype 'int32'"),
    (lambda: xp.random.default_rng(0).standard_normal(3, dtype=numpy.float16), TypeError, "Unsupported dtype"),
    (lambda: xp.random.default_rng(0).random(3, out=numpy.empty(3)), TypeError, "out must be a gpuarray.ndarray"),
    (lambda: xp.random.RandomState(0).rand(3, dtype=numpy.int64), TypeError, "dtype must be float32 or float64"),
    (lambda: xp.random.RandomState(0).normal(0, -1.0, 3), ValueError, "scale < 0"),
    (lambda: xp.random.RandomState(0).lognormal(0, -1.0, 3), ValueError, "sigma < 0"),
    (lambda: xp.random.default_rng(0).random(-1), ValueError, "negative dimensions are not allowed"),
])
def test_api_argument_errors_need_no_device(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_fill_checks_dtype_and_layout(host):
    s = _bulk.BulkStream("XORWOW", 1)
    with pytest.raises(TypeError, match="Unsupported dtype 'int32' for uniform"):
        s.fill(numpy.empty(4, numpy.int32), "uniform")
    with pytest.raises(ValueError, match="C-contiguous"):
        s.fill(numpy.empty((4, 4), numpy.float32).T, "uniform")
    assert s._state is None, "a refused call touches no state"


# ---- CPU: the kernels against the references ------------------------------------------

def test_philox_known_answers(host_library):
    """Random123's known-answer vectors for Philox4x32-10, and the reference's."""
    lib = host_library[0]
    vectors = [([0, 0, 0, 0], [0, 0], [0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]),
               ([0xFFFFFFFF] * 4, [0xFFFFFFFF] * 2, [0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD]),
               ([0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344], [0xA4093822, 0x299F31D0],
                [0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1])]
    for counter, key, expected in vectors:
        out = (ctypes.c_uint * 4)()
        lib.ga_philox_block((ctypes.c_uint * 4)(*counter), (ctypes.c_uint * 2)(*key), out)
        assert list(out) == expected
        assert philox_block(counter, key) == expected


@pytest.mark.parametrize("kind", ["XORWOW", "MRG32k3a"])
@pytest.mark.parametrize("seed", [0, 1, 12345, (1 << 63) - 1])
def test_states_are_seeded_by_splitmix64(host, kind, seed):
    s = _bulk.BulkStream(kind, seed)
    state = s._states_here()
    assert state.shape == (_bulk.STATE_WORDS, HOST_THREADS) and state.dtype == numpy.uint32
    numpy.testing.assert_array_equal(state, reference_states(kind, seed, HOST_THREADS))
    assert len({tuple(c) for c in state.T}) == HOST_THREADS, "every thread starts elsewhere"
    (launch,) = host[f"ga_bulk_seed_{kind}"].launches
    assert launch == ((HOST_THREADS // _bulk.BLOCK,), (_bulk.BLOCK,))


def test_splitmix64_reference_known_values():
    """SplitMix64 from state 0 (Vigna's splitmix64.c): the reference the states follow."""
    assert [int(v) for v in splitmix64(0, [0, 1, 2])] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def assert_matches(got, want, output, dtype, shift, scale, float32_tol):
    """Bit for bit where the arithmetic is exact (raw words, uniforms on [0, 1));
    to rounding where it is not (an fma, log, sincos, exp)."""
    if output == "raw" or (output == "uniform" and (shift, scale) == (0.0, 1.0)):
        numpy.testing.assert_array_equal(got, want)
    else:
        tol = float32_tol if numpy.dtype(dtype) == numpy.float32 else 1e-12
        numpy.testing.assert_allclose(got, want, rtol=tol, atol=tol)


@pytest.mark.parametrize("kind, output, dtype", VARIANTS, ids=lambda v: str(v))
def test_host_kernels_follow_the_reference(host, kind, output, dtype):
    s = _bulk.BulkStream(kind, 2024)
    ref = ReferenceStream(kind, 2024, HOST_THREADS)
    # Several chunks per thread, then continuation with tails cut short.
    for n, (shift, scale) in [(4 * HOST_THREADS + 13, (0.0, 1.0)), (37, (0.5, 2.0)), (0, (0.0, 1.0)),
                              (1, (0.0, 1.0)), (1001, (-1.0, 0.25))]:
        got = s.fill(numpy.empty(n, dtype), output, shift, scale)
        assert_matches(got, ref.values(output, dtype, n, shift, scale), output, dtype, shift, scale, 2e-5)
    if kind == "Philox4x32_10":
        assert s._offset == ref.offset


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("output", FLOAT_OUTPUTS)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_host_samples_follow_the_distribution(host, kind, output, dtype):
    n = 100_003
    x = _bulk.BulkStream(kind, 7).fill(numpy.empty(n, dtype), output).astype(numpy.float64)
    dist = {"uniform": st.uniform(), "normal": st.norm(), "lognormal": st.lognorm(1.0)}[output]
    assert ks_pvalue(x, dist) > P_MIN
    if output == "uniform":
        assert x.min() >= 0 and x.max() < 1
    else:
        assert abs(x.mean() - dist.mean()) < 6 * dist.std() / numpy.sqrt(n)
    assert numpy.isfinite(x).all()
    # Neighbouring elements come from one thread's consecutive words, or from
    # neighbouring threads: neither may correlate.
    lag1 = numpy.corrcoef(x[:-1], x[1:])[0, 1] if output != "lognormal" else 0.0
    assert abs(lag1) < 5 / numpy.sqrt(n)


@pytest.mark.parametrize("kind", KINDS)
def test_misaligned_output_gets_the_same_numbers(host, kind):
    base = numpy.empty(1001 + 1, numpy.float32)
    out = base[1:] if base.ctypes.data % 16 == 0 else base[:-1]
    assert out.ctypes.data % 16 != 0
    _bulk.BulkStream(kind, 3).fill(out, "normal")
    numpy.testing.assert_array_equal(out, _bulk.BulkStream(kind, 3).fill(numpy.empty(1001, numpy.float32), "normal"))


@pytest.mark.parametrize("kind", KINDS)
def test_continuation_reproducibility_independence(host, kind):
    a, b, c = (_bulk.BulkStream(kind, seed) for seed in (5, 5, 6))
    first = a.fill(numpy.empty(5000), "uniform")
    numpy.testing.assert_array_equal(first, b.fill(numpy.empty(5000), "uniform"))
    other = c.fill(numpy.empty(5000), "uniform")
    assert abs(numpy.corrcoef(first, other)[0, 1]) < 5 / numpy.sqrt(5000)
    second = a.fill(numpy.empty(5000), "uniform")
    assert not numpy.array_equal(first, second), "a second call goes on with the stream"
    assert abs(numpy.corrcoef(first, second)[0, 1]) < 5 / numpy.sqrt(5000)


def test_philox_calls_continue_the_counter(host):
    """Counter-based: two calls of whole chunks give the numbers of one call."""
    s = _bulk.BulkStream("Philox4x32_10", 9)
    parts = [s.fill(numpy.empty(n, numpy.float32), "normal") for n in (400, 1000)]
    whole = _bulk.BulkStream("Philox4x32_10", 9).fill(numpy.empty(1400, numpy.float32), "normal")
    numpy.testing.assert_array_equal(numpy.concatenate(parts), whole)
    assert s._offset == 350


@pytest.mark.parametrize("kind", ["XORWOW", "MRG32k3a"])
def test_small_calls_launch_only_the_threads_they_need(host, kind):
    s = _bulk.BulkStream(kind, 11)
    before = s._states_here().copy()
    s.fill(numpy.empty(3, numpy.float32), "uniform")  # one chunk: thread 0 alone
    after = s._state
    assert host[f"ga_bulk_fill_{kind}_float32_uniform"].launches == [((1,), (_bulk.BLOCK,))]
    assert not numpy.array_equal(after[:, 0], before[:, 0])
    numpy.testing.assert_array_equal(after[:, 1:], before[:, 1:])
    s.fill(numpy.empty(0, numpy.float32), "uniform")
    assert len(host[f"ga_bulk_fill_{kind}_float32_uniform"].launches) == 1, "nothing to write: no launch"


# ---- CPU: the random API draws from the bulk streams ------------------------------------

ROUTES = [
    ("RandomState.rand", lambda rs, g: rs.rand(6, 7), ("uniform", "float64", 42, 0.0, 1.0)),
    ("RandomState.random_sample", lambda rs, g: rs.random_sample(42), ("uniform", "float64", 42, 0.0, 1.0)),
    ("RandomState.rand float32", lambda rs, g: rs.rand(42, dtype=numpy.float32), ("uniform", "float32", 42, 0.0, 1.0)),
    ("RandomState.randn", lambda rs, g: rs.randn(42), ("normal", "float64", 42, 0.0, 1.0)),
    ("RandomState.standard_normal", lambda rs, g: rs.standard_normal(42, dtype=numpy.float32),
     ("normal", "float32", 42, 0.0, 1.0)),
    ("RandomState.normal", lambda rs, g: rs.normal(2.0, 3.0, 42), ("normal", "float64", 42, 2.0, 3.0)),
    ("RandomState.lognormal", lambda rs, g: rs.lognormal(0.5, 0.25, 42), ("lognormal", "float64", 42, 0.5, 0.25)),
    ("RandomState.uniform", lambda rs, g: rs.uniform(-1.0, 3.0, 42), ("uniform", "float64", 42, -1.0, 4.0)),
    ("Generator.random", lambda rs, g: g.random(42, dtype=numpy.float32), ("uniform", "float32", 42, 0.0, 1.0)),
    ("Generator.standard_normal", lambda rs, g: g.standard_normal(42, dtype=numpy.float32),
     ("normal", "float32", 42, 0.0, 1.0)),
    ("Generator.normal", lambda rs, g: g.normal(1.0, 2.0, 42), ("normal", "float64", 42, 1.0, 2.0)),
    ("Generator.uniform", lambda rs, g: g.uniform(2.0, 5.0, 42), ("uniform", "float64", 42, 2.0, 3.0)),
    ("Generator.lognormal", lambda rs, g: g.lognormal(0.0, 1.0, 42), ("lognormal", "float64", 42, 0.0, 1.0)),
    ("random_raw", lambda rs, g: g.bit_generator.random_raw(42), ("raw", "uint32", 42, 0.0, 1.0)),
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name, call, expected", ROUTES, ids=[r[0] for r in ROUTES])
def test_api_draws_from_the_bulk_stream(host, kind, name, call, expected):
    rs = xp.random.RandomState(77, method=kind)
    g = xp.random.Generator(getattr(xp.random, kind)(77))
    x = call(rs, g)
    output, dtype, n, shift, scale = expected
    want = ReferenceStream(kind, rs._bit_generator._seed, HOST_THREADS).values(output, dtype, n, shift, scale)
    assert x.dtype == numpy.dtype(dtype) and x.size == n
    numpy.testing.assert_allclose(x.reshape(-1), want, rtol=2e-5 if dtype == "float32" else 1e-12, atol=1e-6)


def test_reseed_restarts_the_bulk_stream(host):
    rs = xp.random.RandomState(4)
    first = rs.rand(100)
    assert not numpy.array_equal(rs.rand(100), first)
    rs.seed(4)
    numpy.testing.assert_array_equal(rs.rand(100), first)


def test_random_needs_no_library_module():
    """The bulk streams are gpuarray's own kernels: gpuarray.random never
    imports gpuarray._base.libs (cuBLAS, cuFFT, ...)."""
    code = ("import sys, gpuarray; import gpuarray.random._bulk; gpuarray.random.RandomState(1); "
            "print('gpuarray._base.libs' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


# ---- GPU -------------------------------------------------------------------------------

DISTRIBUTIONS = {"uniform": st.uniform(), "normal": st.norm(), "lognormal": st.lognorm(1.0)}
N = 200_000


def device_threads():
    return _bulk.grid_threads(_core.get_device(), _bulk.LaunchShape())


@gpu
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("output", FLOAT_OUTPUTS)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_device_samples_follow_the_distribution(kind, output, dtype):
    s = _bulk.BulkStream(kind, 31)
    x = s.fill(xp.empty(N + 3, dtype), output).get().astype(numpy.float64)
    dist = DISTRIBUTIONS[output]
    assert numpy.isfinite(x).all()
    assert ks_pvalue(x, dist) > P_MIN
    assert abs(x.mean() - dist.mean()) < 6 * dist.std() / numpy.sqrt(x.size)
    if output != "lognormal":
        assert abs(x.var() / dist.var() - 1) < 0.02
    if output == "uniform":
        assert x.min() >= 0 and x.max() < 1


@gpu
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("output, dtype", [(o, d) for o, ds in _bulk.OUTPUTS.items() for d in ds])
def test_device_matches_the_reference(kind, output, dtype):
    """Bit for bit where the arithmetic is exact (raw words, uniforms), to
    rounding where the device's log, sincos and exp differ from NumPy's."""
    s = _bulk.BulkStream(kind, 2024)
    ref = ReferenceStream(kind, 2024, device_threads())
    # Then continuation, with tails cut short.
    for n, (shift, scale) in [(4099, (0.0, 1.0)), (0, (0.0, 1.0)), (1, (0.0, 1.0)), (3, (0.25, 1.5)),
                              (7, (0.0, 1.0)), (1001, (0.25, 1.5))]:
        got = s.fill(xp.empty(n, dtype), output, shift, scale).get()
        assert_matches(got, ref.values(output, dtype, n, shift, scale), output, dtype, shift, scale, 5e-5)


@gpu
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("size", [0, 1, 3, 5, 7, 1001, (3, 5), 2**20 + 3])
def test_device_sizes(kind, size):
    g = xp.random.Generator(getattr(xp.random, kind)(8))
    for method, dtype in [("random", numpy.float32), ("random", numpy.float64), ("standard_normal", numpy.float32),
                          ("standard_normal", numpy.float64)]:
        x = getattr(g, method)(size, dtype=dtype)
        shape = size if isinstance(size, tuple) else (size,)
        assert x.shape == shape and x.dtype == dtype
        h = x.get()
        assert numpy.isfinite(h).all()
        if method == "random":
            assert ((h >= 0) & (h < 1)).all()
    raw = g.bit_generator.random_raw(size)
    assert raw.dtype == numpy.uint32 and raw.size == numpy.prod(size)


@gpu
@pytest.mark.parametrize("kind", KINDS)
def test_device_unaligned_and_strided_out(kind):
    big = xp.empty(1002, numpy.float32)
    out = big[1:]
    assert out.data.ptr % 16 != 0 and out.flags.c_contiguous
    g = xp.random.Generator(getattr(xp.random, kind)(12))
    g.standard_normal(dtype=numpy.float32, out=out)
    want = xp.random.Generator(getattr(xp.random, kind)(12)).standard_normal(1001, dtype=numpy.float32)
    numpy.testing.assert_array_equal(out.get(), want.get())
    strided = xp.zeros(2002, numpy.float32)[::2]
    xp.random.Generator(getattr(xp.random, kind)(12)).standard_normal(dtype=numpy.float32, out=strided)
    numpy.testing.assert_array_equal(strided.get(), want.get())


@gpu
@pytest.mark.parametrize("kind", KINDS)
def test_device_reproducible_independent_continued(kind):
    make = getattr(xp.random, kind)
    a, b, c = xp.random.Generator(make(5)), xp.random.Generator(make(5)), xp.random.Generator(make(6))
    for method in ("random", "standard_normal"):
        x, y, z = (getattr(g, method)(N).get() for g in (a, b, c))
        numpy.testing.assert_array_equal(x, y)
        assert abs(numpy.corrcoef(x, z)[0, 1]) < 5 / numpy.sqrt(N)
        again = getattr(a, method)(N).get()
        getattr(b, method)(N)
        assert not numpy.array_equal(x, again)
        assert abs(numpy.corrcoef(x, again)[0, 1]) < 5 / numpy.sqrt(N)


@gpu
@pytest.mark.parametrize("kind", KINDS)
def test_device_generation_on_the_current_stream(kind):
    s = xp.cuda.Stream()
    with s:
        x = xp.random.Generator(getattr(xp.random, kind)(13)).standard_normal(2**22, dtype=numpy.float32)
        y = x * 2  # ordered after the fill on s
    s.synchronize()
    want = xp.random.Generator(getattr(xp.random, kind)(13)).standard_normal(2**22, dtype=numpy.float32)
    numpy.testing.assert_array_equal(y.get(), 2 * want.get())


@gpu
def test_device_legacy_functions_and_permutation():
    xp.random.seed(21)
    u = xp.random.rand(N).get()
    assert u.dtype == numpy.float64 and u.min() >= 0 and u.max() < 1
    assert ks_pvalue(u, st.uniform()) > P_MIN
    for f in (xp.random.random, xp.random.ranf, xp.random.sample, xp.random.random_sample):
        assert ks_pvalue(f(N).get(), st.uniform()) > P_MIN
    assert ks_pvalue(xp.random.randn(N).get(), st.norm()) > P_MIN
    assert ks_pvalue(xp.random.lognormal(0.5, 0.75, N).get(), st.lognorm(0.75, scale=numpy.exp(0.5))) > P_MIN
    perm = xp.random.permutation(10_000).get()
    assert sorted(perm.tolist()) == list(range(10_000))
    assert len(xp.random.bytes(13)) == 13


@gpu
def test_device_switch_moves_the_states():
    if xp.cuda.runtime.getDeviceCount() < 2:
        pytest.skip("needs two CUDA devices")
    a, b = xp.random.default_rng(17), xp.random.default_rng(17)
    with xp.cuda.Device(0):
        first = (a.random(1000).get(), b.random(1000).get())
        numpy.testing.assert_array_equal(*first)
    with xp.cuda.Device(1):
        moved = a.random(1000).get()
    with xp.cuda.Device(0):
        stayed = b.random(1000).get()
    numpy.testing.assert_array_equal(moved, stayed)
