# SPDX-License-Identifier: BSD-3-Clause
"""Run-time compilation without a GPU: NVRTC output, device headers, compile
errors, the disk cache, kernel signatures and launch-argument conversion."""
import concurrent.futures
import os
import pathlib
import shutil
import struct
import subprocess
import sys
import textwrap

import numpy
import pytest

import gpuarray
from gpuarray.cuda import compiler
from gpuarray.cuda import kernel as kernel_module

SAXPY = r'''
extern "C" __global__ void saxpy(float a, const float* x, const float* y, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * x[i] + y[i];
}
'''
TEMPLATE = r'''
template <typename T>
__global__ void add(T* x, const T* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += y[i];
}
'''
ELF_MAGIC = b"\x7fELF"
INCLUDE_DIR = pathlib.Path(gpuarray.__file__).parent / "_include" / "gpuarray"


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    """A fresh, empty kernel cache in a temporary folder."""
    folder = tmp_path / "kernel-cache"
    monkeypatch.setenv("GPUARRAY_CACHE_DIR", str(folder))
    compiler._reset_cache()
    yield folder
    compiler._reset_cache()


def cache_files(folder):
    return sorted(p for p in folder.iterdir() if p.suffix == ".kernel")


# --- NVRTC output -------------------------------------------------------------------------

def test_cubin_for_sm90_needs_no_device(cache_dir):
    binary, origin = compiler.compile_with_cache(SAXPY, arch="sm_90")
    assert binary[:4] == ELF_MAGIC
    assert origin == "compiled"


def test_ptx_for_a_compute_arch(cache_dir):
    ptx, origin = compiler.compile_with_cache(SAXPY, arch="compute_90")
    assert origin == "compiled"
    assert ptx.endswith(b"\0"), "PTX keeps its NUL: the loader reads it as a C string"
    text = ptx.rstrip(b"\0").decode()
    assert ".target sm_90" in text and ".entry saxpy" in text


@pytest.mark.parametrize("spelling", ["90", 90])
def test_a_bare_capability_picks_the_cubin_target(cache_dir, spelling):
    by_name, _ = compiler.compile_with_cache(SAXPY, arch="sm_90")
    binary, origin = compiler.compile_with_cache(SAXPY, arch=spelling)
    assert origin == "memory" and binary == by_name


@pytest.mark.parametrize("bad, message", [({"arch": "hopper"}, "arch must look like"),
                                          ({"backend": "clang"}, "backend must be 'nvrtc' or 'nvcc'")])
def test_bad_arch_or_backend_raises_value_error(cache_dir, bad, message):
    with pytest.raises(ValueError, match=message):
        compiler.compile_with_cache(SAXPY, **{"arch": "sm_90", **bad})


def test_nvrtc_version_and_archs():
    major, minor = compiler.get_nvrtc_version()
    assert major >= 12 and minor >= 0
    archs = compiler.get_supported_archs()
    assert 90 in archs and archs == sorted(archs)


def test_name_expressions_are_lowered(cache_dir):
    lowered = compiler.get_lowered_names(TEMPLATE, ["add<float>", "add<double>"], arch="sm_90")
    assert lowered == {"add<float>": "_Z3addIfEvPT_PKS0_i", "add<double>": "_Z3addIdEvPT_PKS0_i"}


def test_nvcc_backend(cache_dir):
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc is not on PATH")
    binary, origin = compiler.compile_with_cache(SAXPY, arch="sm_90", backend="nvcc")
    assert binary[:4] == ELF_MAGIC and origin == "compiled"
    assert compiler.compile_with_cache(SAXPY, arch="sm_90", backend="nvcc")[1] == "memory"
    with pytest.raises(compiler.CompileException, match="undefined"):
        compiler.compile_with_cache("__global__ void f() { undefined_name; }", arch="sm_90", backend="nvcc")


# --- Device headers -----------------------------------------------------------------------

# A kernel using each header's API (templates are only checked when instantiated).
HEADER_USES = {
    # Every generated jit kernel includes jit.cuh too: tests/jit/test_jit_translate.py compiles those.
    "jit.cuh": r'''
        #include <gpuarray/jit.cuh>
        extern "C" __global__ void use(float* f, long long* l, unsigned int* u, double* d) {
          ga::jit::Array<float, 2> a{f, {2, 3}, {12, 4}};
          a(1, 2) = a(0, 1) + ga::jit::floor_divide(f[1], f[2]) + ga::jit::remainder(f[3], f[4]);
          l[0] = ga::jit::integer_power(l[1], l[2]) + ga::jit::atomic_add(l, 1LL) + ga::jit::atomic_max(l, 2LL);
          u[0] = ga::jit::atomic_inc(u, 5u) + ga::jit::laneid();
          d[0] = ga::jit::atomic_min(d, 1.0) + ga::jit::shfl_xor_sync(0xffffffffu, d[1], 1, 32)
                 + ga::jit::isnan(d[2]) + ga::jit::signbit(d[3]) + ga::jit::maximum(d[4], d[5]);
        }''',
    "bfloat16.cuh": r'''
        #include <gpuarray/bfloat16.cuh>
        extern "C" __global__ void use(__nv_bfloat16* b, const float* f) {
          b[0] = __float2bfloat16_rn(__bfloat162float(b[1]) * f[0]);
        }''',
    "bessel.cuh": r'''
        #include <gpuarray/half.cuh>
        #include <gpuarray/bessel.cuh>
        extern "C" __global__ void use(float* f, double* d, __half* h) {
          f[0] = ga::special::numpy_i0(f[1]);
          d[0] = ga::special::numpy_i0(d[1]) + ga::special::i0(d[2]);
          h[0] = ga::special::numpy_i0(h[1]);
        }''',
    "correlate.cuh": r'''
        #include <gpuarray/complex.cuh>
        #include <gpuarray/correlate.cuh>
        extern "C" __global__ void use(const float* a, const float* w, float* z, const ga::complex<double>* ca,
                                       const ga::complex<double>* cw, ga::complex<double>* cz) {
          ga::correlate::direct<float, float>(a, 100, w, 10, z, 109, 0);
          ga::correlate::direct<ga::complex<double>, ga::complex<double>>(ca, 100, cw, 10, cz, 91, 9);
        }''',
    "interp.cuh": r'''
        #include <gpuarray/complex.cuh>
        #include <gpuarray/interp.cuh>
        extern "C" __global__ void use(const double* xp, const double* fp, const ga::complex<double>* cf,
                                       double* y, ga::complex<double>* cy) {
          y[0] = ga::interp::at(y[1], xp, fp, 5, 0.0, 1.0);
          cy[0] = ga::interp::at(y[1], xp, cf, 5, ga::complex<double>(0.0), cf[4]);
        }''',
    "complex.cuh": r'''
        #include <gpuarray/complex.cuh>
        typedef ga::complex<float> c64;
        typedef ga::complex<double> c128;
        extern "C" __global__ void use(c64* a, c128* b) {
          __shared__ c64 tile[32];
          tile[threadIdx.x] = a[threadIdx.x];
          c64 z = a[0] * 2 + 1.0 - a[1] / a[2];
          z = 2.0f * z - 1;  z += 3;  z *= z;  z /= 2;  z = 1 / z;  z = -z + (+z);
          c128 w = z;                      // widening converts implicitly
          w = w * 3.0 + b[0] / 2.0;
          c64 narrowed(w);                 // narrowing only explicitly
          bool same = (z == a[1]) || (z != 2.0f) || (1.0f == z) || (w == b[1]);
          a[3] = ga::conj(z) + c64(ga::abs(z), ga::arg(z)) + ga::real(z) + ga::imag(z) + ga::norm(narrowed) + tile[0];
          b[2] = w + (same ? 1.0 : 0.0);
        }''',
    "half.cuh": r'''
        #include <gpuarray/half.cuh>
        extern "C" __global__ void use(__half* h, float* f) {
          h[0] = h[1] * h[2] + __float2half(f[0]);
          f[1] = __half2float(h[0]);
        }''',
    "indexing.cuh": r'''
        #include <gpuarray/indexing.cuh>
        extern "C" __global__ void use(const char* src, char* dst, ga::StridedLayout32<3> in,
                                       ga::StridedLayout64<2> out, const unsigned long long* shape,
                                       const long long* strides, int ndim) {
          unsigned i = threadIdx.x;
          ga::element_at<float>(dst, out.offset(i)) = ga::element_at<float>(src, in.offset(i));
          ga::element_at<double>(dst, ga::strided_offset<long long>(i, ndim, shape, strides)) = 1.0;
        }''',
    "gather_scatter.cuh": r'''
        #include <gpuarray/gather_scatter.cuh>
        extern "C" __global__ void use(ga::ew::Pointers<3> p, unsigned int n, ga::ew::StridedGeometry<2, 3, int> g,
                                       ga::gs::IndexedAxes<1> axes) {
          ga::gs::strided_elements<2, int, 3>(n, g, [&](const int* off) {
            const long long at = off[0] + ga::gs::wrap_index(ga::gs::index_at<short>(p.data[1], off[1]),
                                                             axes.extent[0]) * axes.stride[0];
            *reinterpret_cast<float*>(p.data[2] + off[2]) = *reinterpret_cast<const float*>(p.data[0] + at);
          });
          ga::gs::contiguous_elements<0, 8, 4>(n, [&](const long long* off) {
            const long long at = off[0] + ga::gs::clip_index(ga::gs::index_at<unsigned long long>(p.data[1], off[1]),
                                                             axes.extent[0]) * axes.stride[0];
            *reinterpret_cast<float*>(p.data[0] + at) = *reinterpret_cast<const float*>(p.data[2] + off[2]);
          });
        }''',
    "cucomplex.cuh": r'''
        #include <gpuarray/cucomplex.cuh>
        extern "C" __global__ void use(cuComplex* a, cuDoubleComplex* b) {
          a[0] = cuCaddf(cuCmulf(a[1], make_cuComplex(1, 2)), cuConjf(cuCdivf(a[2], a[3])));
          a[1] = make_cuFloatComplex(cuCabsf(a[0]), cuCrealf(a[0]) + cuCimagf(a[0]));
          a[2] = cuCfmaf(a[0], a[1], cuComplexDoubleToFloat(b[0]));
          b[1] = cuCsub(cuCadd(b[0], cuComplexFloatToDouble(a[0])), make_cuDoubleComplex(1, 2));
          b[2] = cuCfma(cuCdiv(b[0], b[1]), cuConj(b[1]), cuCmul(b[0], b[0]));
          b[3] = make_cuDoubleComplex(cuCabs(b[2]), cuCreal(b[2]) + cuCimag(b[2]));
        }''',
    "philox.cuh": r'''
        #include <gpuarray/philox.cuh>
        extern "C" __global__ void use(unsigned int* out, unsigned int key) {
          ga::random::Philox p = {{threadIdx.x, blockIdx.x, 0, 0}, {key, ~key}};
          p.block(out + 4 * (blockIdx.x * blockDim.x + threadIdx.x));
        }''',
    "random.cuh": r'''
        #include <gpuarray/random.cuh>
        namespace r = ga::random;
        extern "C" __global__ void use(double* d, long long* k, unsigned long long seed) {
          r::Stream s(seed, 3, blockIdx.x * blockDim.x + threadIdx.x);
          d[0] = s.uniform() + s.normal() + s.exponential() + r::standard_gamma(s, d[1]) + r::beta(s, 2, 3);
          d[1] = r::chisquare(s, 3) + r::vonmises(s, 0, 2) + r::wald(s, 1, 2) + r::triangular(s, 0, 1, 2);
          d[2] = r::noncentral_chisquare(s, 2, 1) + r::laplace(s, 0, 1) + r::logistic(s, 0, 1) + r::gumbel(s, 0, 1);
          d[3] = r::pareto(s, 2) + r::power(s, 2) + r::weibull(s, 2) + r::rayleigh(s, 1) + r::standard_cauchy(s);
          d[4] = r::standard_t(s, 3) + r::f(s, 2, 3) + r::noncentral_f(s, 2, 3, 1) + (double)r::negative_binomial(s, 2, 0.5);
          k[0] = r::poisson(s, d[3]) + r::binomial(s, k[1], 0.3) + r::geometric(s, 0.2) + (long long)r::bounded(s, 7);
          k[1] = r::hypergeometric(s, 5, 6, 4) + r::logseries(s, 0.5) + r::zipf(s, 2);
        }''',
}


# Every generated elementwise kernel includes elementwise.cuh: tests/engine/test_elementwise_codegen.py
# compiles those. The ufunc loops' kernels include the ufunc headers:
# tests/ufuncs/test_ufuncs_arithmetic.py and tests/ufuncs/test_ufuncs_math.py compile every loop;
# tests/reductions/test_reductions.py compiles the reductions' kernels; tests/random/test_random_bulk.py
# every kernel over random_bulk.cuh; tests/ufuncs/test_ufunc_methods.py every ufunc.at and reduceat
# kernel; tests/sorting/test_sorting.py the searches of sort_search.cuh for every dtype; and
# tests/engine/cpp/test_device_templates.cpp every device-template instance the package launches
# (correlate, int_matmul, small_inverse, row_swaps, bits, random_bulk).
COMPILED_ELSEWHERE = {"elementwise.cuh", "ufunc_arith.cuh", "ufunc_math.cuh", "reduction.cuh", "random_bulk.cuh",
                      "int_matmul.cuh", "small_inverse.cuh", "row_swaps.cuh", "bits.cuh", "sort_search.cuh",
                      "ufunc_methods.cuh"}


def test_every_device_header_has_a_compile_test():
    headers = {p.name for p in INCLUDE_DIR.glob("*.cuh")} - COMPILED_ELSEWHERE
    assert sorted(headers) == sorted(HEADER_USES)


@pytest.mark.parametrize("header", sorted(HEADER_USES))
def test_device_header_compiles(cache_dir, header):
    binary, _ = compiler.compile_with_cache(textwrap.dedent(HEADER_USES[header]), arch="sm_90")
    assert binary[:4] == ELF_MAGIC


def test_translate_cucomplex_uses_the_bridge_header(cache_dir):
    code = '#include <cuComplex.h>\nextern "C" __global__ void f(cuComplex* z) { z[0] = cuCmulf(z[1], z[2]); }\n'
    translated = kernel_module._translate_cucomplex(code)
    assert "#include <gpuarray/cucomplex.cuh>" in translated and "cuComplex.h" not in translated
    assert compiler.compile_with_cache(translated, arch="sm_90")[0][:4] == ELF_MAGIC


def test_headers_are_part_of_the_cache_key(cache_dir):
    compiler.compile_with_cache(SAXPY, arch="sm_90")
    (key_text,) = [read_key_text(p) for p in cache_files(cache_dir)]
    assert "device headers[16] " in key_text
    # The folder is a token, so keys made in the build tree match the installed package.
    assert "-I<gpuarray device headers>" in key_text and str(INCLUDE_DIR.parent) not in key_text


# --- Compile errors -----------------------------------------------------------------------

BROKEN = 'extern "C" __global__ void broken(float* x) {\n  x[0] = undefined_name;\n}\n'


def test_compile_exception_carries_log_source_and_options(cache_dir):
    with pytest.raises(compiler.CompileException) as info:
        compiler.compile_with_cache(BROKEN, options=("-DFOO=1",), arch="sm_90")
    e = info.value
    assert 'identifier "undefined_name" is undefined' in e.log
    assert "kernel.cu(2)" in e.log
    assert e.source == BROKEN
    assert "-DFOO=1" in e.options and "-arch=sm_90" in e.options
    message = str(e)
    assert message.startswith(e.log.rstrip("\n")), "the log comes first"
    assert "    2 |   x[0] = undefined_name;" in message
    assert "-DFOO=1" in message
    assert gpuarray.cuda.CompileException is compiler.CompileException
    assert issubclass(compiler.CompileException, Exception)


def test_failed_compilation_is_not_cached(cache_dir):
    for _ in range(2):
        with pytest.raises(compiler.CompileException):
            compiler.compile_with_cache(BROKEN, arch="sm_90")
    assert not cache_dir.exists() or not cache_files(cache_dir)


def test_bad_option_or_name_expression_is_a_compile_exception(cache_dir):
    with pytest.raises(compiler.CompileException, match="--no-such-option"):
        compiler.compile_with_cache(SAXPY, options=("--no-such-option",), arch="sm_90")
    with pytest.raises(compiler.CompileException, match="flaot"):
        compiler.get_lowered_names(TEMPLATE, ["add<flaot>"], arch="sm_90")


def test_options_must_be_strings(cache_dir):
    with pytest.raises(TypeError, match="options must be strings"):
        compiler.compile_with_cache(SAXPY, options=("-O3", 3), arch="sm_90")


# --- Disk cache ---------------------------------------------------------------------------

def read_key_text(path):
    data = path.read_bytes()
    key_size = struct.unpack_from("<Q", data, 16)[0]
    return data[40:40 + key_size].decode()


def test_cache_dir_comes_from_the_environment(cache_dir):
    assert compiler.get_cache_dir() == str(cache_dir)
    compiler.compile_with_cache(SAXPY, arch="sm_90")
    files = cache_files(cache_dir)
    assert len(files) == 1 and len(files[0].stem) == 16


def test_default_cache_dir_is_under_home(tmp_path, monkeypatch):
    monkeypatch.delenv("GPUARRAY_CACHE_DIR", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    compiler._reset_cache()
    try:
        assert compiler.get_cache_dir() == str(tmp_path / ".cache" / "gpuarray")
    finally:
        compiler._reset_cache()


def test_miss_then_memory_then_disk(cache_dir):
    binary, origin = compiler.compile_with_cache(SAXPY, arch="sm_90")
    assert origin == "compiled"
    assert compiler.compile_with_cache(SAXPY, arch="sm_90") == (binary, "memory")
    compiler._reset_cache()  # as a new process
    assert compiler.compile_with_cache(SAXPY, arch="sm_90") == (binary, "disk")


def test_lowered_names_come_back_from_disk(cache_dir):
    lowered = compiler.get_lowered_names(TEMPLATE, ["add<float>", "add<int>"], arch="sm_90")
    compiler._reset_cache()
    assert compiler.get_lowered_names(TEMPLATE, ["add<float>", "add<int>"], arch="sm_90") == lowered


def test_a_new_process_reads_the_disk_cache(cache_dir):
    binary, _ = compiler.compile_with_cache(SAXPY, arch="sm_90")
    script = ("import sys; from gpuarray.cuda import compiler; "
              "b, o = compiler.compile_with_cache(sys.stdin.read(), arch='sm_90'); "
              "print(o, b[:4] == b'\\x7fELF', len(b))")
    out = subprocess.run([sys.executable, "-c", script], input=SAXPY, capture_output=True, text=True,
                         env=dict(os.environ), check=True).stdout.split()
    assert out == ["disk", "True", str(len(binary))]


@pytest.mark.parametrize("change", [
    {"options": ("-DX=1",)},
    {"arch": "sm_80"},
    {"arch": "compute_90"},
    {"name_expressions": ("saxpy",)},
    {"source": SAXPY + "\n"},
])
def test_each_key_part_makes_a_new_entry(cache_dir, change):
    compiler.compile_with_cache(SAXPY, arch="sm_90")
    args = {"source": SAXPY, "arch": "sm_90", **change}
    source = args.pop("source")
    assert compiler.compile_with_cache(source, **args)[1] == "compiled"
    assert len(cache_files(cache_dir)) == 2


def flip_a_middle_byte(data):
    data = bytearray(data)
    data[len(data) // 2] ^= 0xFF
    return bytes(data)


DAMAGE = {
    "corrupted": flip_a_middle_byte,
    "truncated": lambda data: data[:-100],
    "garbage": lambda data: os.urandom(len(data)),
    "empty": lambda data: b"",
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_damaged_file_is_recompiled_and_rewritten(cache_dir, damage):
    binary, _ = compiler.compile_with_cache(SAXPY, arch="sm_90")
    (path,) = cache_files(cache_dir)
    good = path.read_bytes()
    path.write_bytes(DAMAGE[damage](good))
    compiler._reset_cache()
    assert compiler.compile_with_cache(SAXPY, arch="sm_90") == (binary, "compiled")
    assert path.read_bytes() == good
    compiler._reset_cache()
    assert compiler.compile_with_cache(SAXPY, arch="sm_90") == (binary, "disk")


def test_file_with_another_key_is_not_used(cache_dir):
    other = SAXPY.replace("a * x[i]", "a * a * x[i]")
    other_binary, _ = compiler.compile_with_cache(other, arch="sm_90")
    (other_path,) = cache_files(cache_dir)
    binary, _ = compiler.compile_with_cache(SAXPY, arch="sm_90")
    (path,) = [p for p in cache_files(cache_dir) if p != other_path]
    assert other_binary != binary
    path.write_bytes(other_path.read_bytes())  # a valid file, for the wrong key
    compiler._reset_cache()
    assert compiler.compile_with_cache(SAXPY, arch="sm_90") == (binary, "compiled")
    assert read_key_text(path) != read_key_text(other_path)


def test_no_temporary_files_are_left(cache_dir):
    compiler.compile_with_cache(SAXPY, arch="sm_90")
    compiler.compile_with_cache(TEMPLATE, arch="sm_90", name_expressions=("add<float>",))
    assert sorted(p.suffix for p in cache_dir.iterdir()) == [".kernel", ".kernel"]


def test_unwritable_cache_dir_only_loses_caching(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("GPUARRAY_CACHE_DIR", str(blocker / "cache"))
    compiler._reset_cache()
    try:
        assert compiler.compile_with_cache(SAXPY, arch="sm_90")[1] == "compiled"
        compiler._reset_cache()
        assert compiler.compile_with_cache(SAXPY, arch="sm_90")[1] == "compiled"
    finally:
        compiler._reset_cache()


def test_concurrent_processes_share_the_cache(cache_dir):
    script = ("import sys; from gpuarray.cuda import compiler; "
              "b, o = compiler.compile_with_cache(sys.argv[1], arch='sm_90'); print(b.hex())")
    procs = [subprocess.Popen([sys.executable, "-c", script, SAXPY], stdout=subprocess.PIPE, text=True,
                              env=dict(os.environ)) for _ in range(4)]
    outputs = {p.communicate()[0] for p in procs}
    assert all(p.returncode == 0 for p in procs)
    assert len(outputs) == 1
    (path,) = cache_files(cache_dir)
    assert [p.name for p in cache_dir.iterdir()] == [path.name], "no temporary files remain"
    compiler._reset_cache()
    assert compiler.compile_with_cache(SAXPY, arch="sm_90")[1] == "disk"


def test_threads_compile_concurrently(cache_dir):
    sources = [SAXPY.replace("a * x[i]", f"a * x[i] + {k}") for k in range(4)] * 2
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda src: compiler.compile_with_cache(src, arch="sm_90"), sources))
    assert all(binary[:4] == ELF_MAGIC for binary, _ in results)
    assert [b for b, _ in results[:4]] == [b for b, _ in results[4:]]
    assert len(cache_files(cache_dir)) == 4


# --- Kernel signatures --------------------------------------------------------------------

@pytest.mark.parametrize("declaration, expected", [
    ("float a", ("float", "a", "float", 4)),
    ("double", ("double", "", "float", 8)),
    ("const float* __restrict__ x", ("const float* __restrict__", "x", "pointer", 8)),
    ("float *y", ("float*", "y", "pointer", 8)),
    ("const double * const p", ("const double* const", "p", "pointer", 8)),
    ("float arr[4]", ("float*", "arr", "pointer", 8)),
    ("int n", ("int", "n", "int", 4)),
    ("unsigned n", ("unsigned", "n", "uint", 4)),
    ("unsigned int", ("unsigned int", "", "uint", 4)),
    ("long long n", ("long long", "n", "int", 8)),
    ("unsigned long long n", ("unsigned long long", "n", "uint", 8)),
    ("long int n", ("long int", "n", "int", 8)),
    ("short s", ("short", "s", "int", 2)),
    ("unsigned short s", ("unsigned short", "s", "uint", 2)),
    ("signed char c", ("signed char", "c", "int", 1)),
    ("unsigned char c", ("unsigned char", "c", "uint", 1)),
    ("bool flag", ("bool", "flag", "bool", 1)),
    ("size_t n", ("size_t", "n", "uint", 8)),
    ("std::size_t n", ("std::size_t", "n", "uint", 8)),
    ("ptrdiff_t d", ("ptrdiff_t", "d", "int", 8)),
    ("cudaTextureObject_t t", ("cudaTextureObject_t", "t", "uint", 8)),
    ("int8_t v", ("int8_t", "v", "int", 1)),
    ("uint16_t v", ("uint16_t", "v", "uint", 2)),
    ("cuda::std::int32_t v", ("cuda::std::int32_t", "v", "int", 4)),
    ("uint64_t v", ("uint64_t", "v", "uint", 8)),
    ("__half h", ("__half", "h", "half", 2)),
    ("half h", ("half", "h", "half", 2)),
    ("__nv_bfloat16 b", ("__nv_bfloat16", "b", "bfloat16", 2)),
    ("ga::complex<float> z", ("ga::complex<float>", "z", "complex", 8)),
    ("complex<double> z", ("complex<double>", "z", "complex", 16)),
    ("thrust::complex<float> z", ("thrust::complex<float>", "z", "complex", 8)),
    ("cuComplex z", ("cuComplex", "z", "complex", 8)),
    ("cuDoubleComplex z", ("cuDoubleComplex", "z", "complex", 16)),
    ("float2 z", ("float2", "z", "complex", 8)),
    ("double2 z", ("double2", "z", "complex", 16)),
    ("Params p", ("Params", "p", "struct", 0)),
    ("const Params& p", ("const Params&", "p", "pointer", 8)),
    ("__grid_constant__ const Params p", ("__grid_constant__ const Params", "p", "struct", 0)),
    ("ga::StridedLayout32<3> layout", ("ga::StridedLayout32<3>", "layout", "struct", 0)),
    ("real_t a", ("real_t", "a", "float", 4)),
    ("index_t i", ("index_t", "i", "int", 8)),
    ("int n = 4", ("int", "n", "int", 4)),
])
def test_parse_signature(declaration, expected):
    source = ("typedef float real_t;\nusing index_t = long long;\nstruct Params { int a; float b; };\n"
              f'extern "C" __global__ void k({declaration}) {{}}\n')
    assert compiler._parse_signature(source, "k") == [expected]


def test_parse_signature_finds_the_global_declaration():
    source = textwrap.dedent(r'''
        // __global__ void k(double commented_out);
        #define K_ARGS (char from_a_macro)
        __device__ void k_helper(int);
        __device__ float k(float not_a_kernel);
        extern "C" {
        __global__ void __launch_bounds__(256, 2)
        k(const float* x, /* a comment */ int n,
          unsigned long long m) {
          const char* s = "k(int fake)";
          k_helper(n);
        }
        }
        template <typename T> __global__ void t(T x) {}
    ''')
    assert compiler._parse_signature(source, "k") == [
        ("const float*", "x", "pointer", 8), ("int", "n", "int", 4), ("unsigned long long", "m", "uint", 8)]
    assert compiler._parse_signature(source, "t") is None, "templates are read from their lowered names"
    assert compiler._parse_signature(source, "missing") is None
    assert compiler._parse_signature('extern "C" __global__ void v(void) {}', "v") == []
    assert compiler._parse_signature('extern "C" __global__ void v() {}', "v") == []


def test_demangle_a_lowered_template_name(cache_dir):
    source = TEMPLATE + textwrap.dedent(r'''
        #include <gpuarray/complex.cuh>
        #include <gpuarray/half.cuh>
        template <typename T> __global__ void scale(ga::complex<T>* z, T factor, unsigned long long n) {}
        namespace ns { __global__ void plain(unsigned char c, __half h) {} }
    ''')
    lowered = compiler.get_lowered_names(source, ["add<float>", "scale<double>", "ns::plain"], arch="sm_90")
    assert compiler._demangle(lowered["add<float>"]) == "void add<float>(float*, float const*, int)"
    assert compiler._signature_from_mangled_name(lowered["add<float>"]) == [
        ("float*", "", "pointer", 8), ("float const*", "", "pointer", 8), ("int", "", "int", 4)]
    assert compiler._signature_from_mangled_name(lowered["scale<double>"]) == [
        ("ga::complex<double>*", "", "pointer", 8), ("double", "", "float", 8),
        ("unsigned long long", "", "uint", 8)]
    assert compiler._signature_from_mangled_name(lowered["ns::plain"]) == [
        ("unsigned char", "", "uint", 1), ("__half", "", "half", 2)]
    assert compiler._demangle("saxpy") == ""
    assert compiler._signature_from_mangled_name("saxpy") is None


# --- Launch-argument conversion (no launch) -----------------------------------------------

ARGS_KERNEL = ('extern "C" __global__ void k(float a, const float* x, int n, unsigned char u8, __half h, '
               'ga::complex<double> z, bool b, long long q, double d) {}')


def pack(*args, source=ARGS_KERNEL):
    return compiler._pack_arguments(source, "k", args)


class CudaArray:
    """The smallest object exposing __cuda_array_interface__."""

    def __init__(self, ptr):
        self.__cuda_array_interface__ = {"shape": (1,), "typestr": "<f4", "data": (ptr, False), "version": 3}


class Pointer:
    def __init__(self, ptr):
        self.ptr = ptr


def test_pack_lays_out_every_type():
    got = pack(2.0, None, -5, 255, 1.5, 1 + 2j, True, 2**63 - 1, numpy.float64(3.5))
    expected = bytearray(72)
    struct.pack_into("<f", expected, 0, 2.0)
    struct.pack_into("<Q", expected, 8, 0)
    struct.pack_into("<i", expected, 16, -5)
    struct.pack_into("<B", expected, 20, 255)
    expected[22:24] = numpy.float16(1.5).tobytes()
    struct.pack_into("<dd", expected, 32, 1.0, 2.0)
    struct.pack_into("<?", expected, 48, True)
    struct.pack_into("<q", expected, 56, 2**63 - 1)
    struct.pack_into("<d", expected, 64, 3.5)
    assert got == bytes(expected)


def test_pointers_come_from_every_kind_of_device_object():
    for obj in (CudaArray(0x7F0000001000), Pointer(0x7F0000001000)):
        got = pack(2.0, obj, 1, 1, 1.0, 0j, False, 0, 0.0)
        assert struct.unpack_from("<Q", got, 8)[0] == 0x7F0000001000


@pytest.mark.parametrize("value", [0.1, 1 / 3, 65504.0, 6e-8, -2.5e-5, 1e-9, float("inf")])
def test_python_float_to_half_rounds_as_numpy(value):
    got = pack(0.0, None, 0, 0, value, 0j, False, 0, 0.0)
    assert got[22:24] == numpy.float16(value).tobytes()


def test_numpy_scalars_pass_their_bytes():
    got = pack(numpy.float32(0.1), None, numpy.int32(-7), numpy.uint8(200), numpy.float16(0.1),
               numpy.complex128(3 - 4j), numpy.bool_(True), numpy.int64(-1), numpy.float64(0.1))
    assert got[0:4] == numpy.float32(0.1).tobytes()
    assert got[16:20] == numpy.int32(-7).tobytes()
    assert got[32:48] == numpy.complex128(3 - 4j).tobytes()


def test_python_scalars_widen_to_complex_and_float():
    got = pack(3, None, True, False, 2, 7, 1, False, 5)
    assert struct.unpack_from("<f", got, 0)[0] == 3.0
    assert struct.unpack_from("<dd", got, 32) == (7.0, 0.0)
    assert struct.unpack_from("<d", got, 64)[0] == 5.0


def test_int_out_of_range_raises_overflow_error():
    with pytest.raises(OverflowError, match=r"kernel 'k' args\[2\] \(int n\): Python int 2147483648 is out of "
                                            r"range for int \(-2147483648 to 2147483647\)"):
        pack(1.0, None, 2**31, 0, 0.0, 0j, False, 0, 0.0)
    with pytest.raises(OverflowError, match=r"args\[3\] \(unsigned char u8\): Python int -1 .*\(0 to 255\)"):
        pack(1.0, None, 0, -1, 0.0, 0j, False, 0, 0.0)
    with pytest.raises(OverflowError, match=r"args\[7\] \(long long q\): Python int above 2\*\*64-1"):
        pack(1.0, None, 0, 0, 0.0, 0j, False, 2**64, 0.0)


def test_float_out_of_range_raises_overflow_error():
    with pytest.raises(OverflowError, match=r"args\[0\] \(float a\): Python float 1e\+39 is out of range"):
        pack(1e39, None, 0, 0, 0.0, 0j, False, 0, 0.0)
    with pytest.raises(OverflowError, match=r"args\[4\] \(__half h\): Python float 65520(\.0)? is out of range"):
        pack(0.0, None, 0, 0, 65520.0, 0j, False, 0, 0.0)


@pytest.mark.parametrize("index, value, message", [
    (2, 1.5, r"args\[2\] \(int n\): cannot pass a Python float to an integer parameter"),
    (1, 12345, r"args\[1\] \(const float\* x\): expects a device pointer .* got a Python int"),
    (2, Pointer(8), r"args\[2\] \(int n\): expects a scalar, got a .*Pointer"),
    (2, None, r"args\[2\] \(int n\): expects a scalar, got None"),
    (8, 1j, r"args\[8\] \(double d\): cannot pass a Python complex"),
    (2, "3", r"args\[2\] \(int n\): cannot pass an object of type 'str'"),
])
def test_wrong_kind_of_argument_raises_type_error(index, value, message):
    args = [1.0, None, 0, 0, 0.0, 0j, False, 0, 0.0]
    args[index] = value
    with pytest.raises(TypeError, match=r"kernel 'k' " + message):
        pack(*args)


def test_numpy_scalar_of_the_wrong_size_or_kind_raises_type_error():
    with pytest.raises(TypeError, match=r"args\[2\] \(int n\): a numpy.int64 scalar has 8 bytes but the "
                                        r"parameter has 4"):
        pack(1.0, None, numpy.int64(1), 0, 0.0, 0j, False, 0, 0.0)
    with pytest.raises(TypeError, match=r"args\[8\] \(double d\): cannot pass a numpy.int64 scalar to a "
                                        r"floating-point parameter"):
        pack(1.0, None, 0, 0, 0.0, 0j, False, 0, numpy.int64(1))


def test_wrong_argument_count_lists_the_parameters():
    with pytest.raises(TypeError, match=r"kernel 'k' takes 9 arguments \(float a, const float\* x, int n, "
                                        r"unsigned char u8, __half h, ga::complex<double> z, bool b, "
                                        r"long long q, double d\) but 2 were given"):
        pack(1.0, None)


def test_numpy_record_into_pointer_raises_type_error():
    source = 'extern "C" __global__ void k(const int* p, long long n) {}'
    record = numpy.zeros((), dtype=[("a", "<i4"), ("b", "<f4")])[()]
    with pytest.raises(TypeError, match=r"args\[0\] \(const int\* p\): expects a device pointer .* got a "
                                        r"numpy.void scalar"):
        compiler._pack_arguments(source, "k", (record, 1))


# --- RawKernel / RawModule arguments (checked before any device use) ------------------------

def test_raw_kernel_rejects_unsupported_options():
    with pytest.raises(ValueError, match="jitify=True is not supported"):
        gpuarray.cuda.RawKernel(SAXPY, "saxpy", jitify=True)
    with pytest.raises(ValueError, match="backend must be 'nvrtc' or 'nvcc'"):
        gpuarray.cuda.RawKernel(SAXPY, "saxpy", backend="hip")
    with pytest.raises(TypeError, match="options must be strings"):
        gpuarray.cuda.RawKernel(SAXPY, "saxpy", options=(1,))


def test_raw_module_argument_checks(tmp_path):
    with pytest.raises(TypeError, match="exactly one of code and path"):
        gpuarray.cuda.RawModule()
    with pytest.raises(TypeError, match="exactly one of code and path"):
        gpuarray.cuda.RawModule(SAXPY, path="x.cubin")
    with pytest.raises(ValueError, match="name_expressions need code"):
        gpuarray.cuda.RawModule(path=str(tmp_path / "m.cubin"), name_expressions=["f"])
    with pytest.raises(ValueError, match="name_expressions need backend='nvrtc'"):
        gpuarray.cuda.RawModule(TEMPLATE, backend="nvcc", name_expressions=["add<float>"])
    with pytest.raises(FileNotFoundError):
        gpuarray.cuda.RawModule(path=str(tmp_path / "missing.cubin"))


def test_raw_kernel_construction_needs_no_device():
    k = gpuarray.cuda.RawKernel(SAXPY, "saxpy", options=("-DX",))
    assert (k.code, k.name, k.options, k.backend) == (SAXPY, "saxpy", ("-DX",), "nvrtc")
