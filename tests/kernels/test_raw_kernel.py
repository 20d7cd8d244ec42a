# SPDX-License-Identifier: BSD-3-Clause
"""RawKernel and RawModule on a device: launch shapes, shared memory,
templates, argument conversion for every parameter type, interop objects,
globals, modules loaded from files, streams, errors and attributes."""
import numpy
import pytest

import gpuarray
from gpuarray.cuda import compiler

pytestmark = pytest.mark.gpu

SAXPY = r'''
extern "C" __global__ void saxpy(float a, const float* x, const float* y, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * x[i] + y[i];
}
'''


@pytest.fixture(autouse=True, scope="module")
def private_kernel_cache(tmp_path_factory):
    """Compile into a cache of this module's own."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GPUARRAY_CACHE_DIR", str(tmp_path_factory.mktemp("kernel-cache")))
        compiler._reset_cache()
        yield
    compiler._reset_cache()


def device_properties():
    return gpuarray.cuda.runtime.getDeviceProperties(gpuarray.cuda.runtime.getDevice())


def compute_capability():
    props = device_properties()
    return props["major"] * 10 + props["minor"]


def saxpy_inputs(n=1000):
    rng = numpy.random.default_rng(0)
    x = rng.standard_normal(n).astype(numpy.float32)
    y = rng.standard_normal(n).astype(numpy.float32)
    return x, y


# --- Launch shapes ------------------------------------------------------------------------

@pytest.mark.parametrize("as_tuple", [False, True])
def test_saxpy_1d(as_tuple):
    x, y = saxpy_inputs()
    n = x.size
    out = gpuarray.empty(n, numpy.float32)
    k = gpuarray.cuda.RawKernel(SAXPY, "saxpy")
    grid, block = ((n + 127) // 128,), (128,)
    if not as_tuple:
        grid, block = grid[0], block[0]
    k(grid, block, (2.0, gpuarray.asarray(x), gpuarray.asarray(y), out, n))
    numpy.testing.assert_allclose(out.get(), 2.0 * x + y, rtol=1e-6)


COORDS = r'''
extern "C" __global__ void coords(int* out, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < nx && y < ny && z < nz) out[(z * ny + y) * nx + x] = x + 100 * y + 10000 * z;
}
'''


@pytest.mark.parametrize("grid, block, shape", [
    ((3, 5), (8, 4), (1, 19, 21)),           # 2-D: (nz, ny, nx)
    ((2, 3, 4), (4, 4, 2), (7, 11, 6)),      # 3-D
    ([2, 2, 2], [8, 8, 8], (16, 16, 16)),    # lists work as tuples
])
def test_multidimensional_grids(grid, block, shape):
    nz, ny, nx = shape
    out = gpuarray.asarray(numpy.full(shape, -1, dtype=numpy.int32))
    gpuarray.cuda.RawKernel(COORDS, "coords")(grid, block, (out, nx, ny, nz))
    expected = numpy.fromfunction(lambda z, y, x: x + 100 * y + 10000 * z, shape, dtype=numpy.int32)
    numpy.testing.assert_array_equal(out.get(), expected)


# --- Shared memory ------------------------------------------------------------------------

REVERSE = r'''
extern "C" __global__ void reverse_blocks(const float* in, float* out) {
  extern __shared__ float tile[];
  int t = threadIdx.x, base = blockIdx.x * blockDim.x;
  tile[t] = in[base + t];
  __syncthreads();
  out[base + t] = tile[blockDim.x - 1 - t];
}
'''


def test_dynamic_shared_memory():
    block, blocks = 256, 4
    host = numpy.arange(block * blocks, dtype=numpy.float32)
    out = gpuarray.empty(host.size, numpy.float32)
    k = gpuarray.cuda.RawKernel(REVERSE, "reverse_blocks")
    k(blocks, block, (gpuarray.asarray(host), out), shared_mem=block * 4)
    numpy.testing.assert_array_equal(out.get(), host.reshape(blocks, block)[:, ::-1].ravel())


INCREMENT = r'''
extern "C" __global__ void increment(float* x, int n) {
  extern __shared__ float staged[];
  int i = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x;
  staged[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  if (i < n) x[i] = staged[threadIdx.x] + 1.0f;
}
'''


def test_repeated_launches_see_new_values():
    # The same launch (arguments, 2-D grid, shared memory, stream) repeated
    # runs from a graph after its second time; each run reads what the
    # previous one wrote, on the null stream and on a created one.
    n = 1000
    x = gpuarray.zeros(n, numpy.float32)
    k = gpuarray.cuda.RawKernel(INCREMENT, "increment")
    stream = gpuarray.cuda.Stream()
    for i in range(6):
        k((4, 2), 128, (x, n), shared_mem=128 * 4)
        with stream:
            k((4, 2), 128, (x, n), shared_mem=128 * 4)
            stream.synchronize()
        numpy.testing.assert_array_equal(x.get(), numpy.full(n, 2.0 * (i + 1), numpy.float32))


BIG_SHARED = r'''
extern "C" __global__ void big_shared(float* out, int words) {
  extern __shared__ float buffer[];
  for (int i = threadIdx.x; i < words; i += blockDim.x) buffer[i] = (float)i;
  __syncthreads();
  if (threadIdx.x == 0) out[0] = buffer[words - 1] + buffer[0];
}
'''


def test_more_than_48_kib_of_dynamic_shared_memory():
    nbytes = 96 * 1024
    if device_properties()["sharedMemPerBlockOptin"] < nbytes:
        pytest.skip("the device offers less than 96 KiB of shared memory per block")
    k = gpuarray.cuda.RawKernel(BIG_SHARED, "big_shared")
    out = gpuarray.asarray(numpy.zeros(1, numpy.float32))
    with pytest.raises(gpuarray.cuda.CUDARuntimeError, match="big_shared"):
        k(1, 256, (out, nbytes // 4), shared_mem=nbytes)  # over 48 KiB needs the opt-in
    k.max_dynamic_shared_size_bytes = nbytes
    assert k.max_dynamic_shared_size_bytes == nbytes
    assert k.attributes["max_dynamic_shared_size_bytes"] == nbytes
    k(1, 256, (out, nbytes // 4), shared_mem=nbytes)
    assert out.get()[0] == nbytes // 4 - 1


# --- Templates ----------------------------------------------------------------------------

AXPY_TEMPLATE = r'''
template <typename T>
__global__ void axpy(T a, const T* x, T* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += a * x[i];
}
'''


@pytest.mark.parametrize("ctype, dtype, a", [
    ("float", numpy.float32, 2.5),
    ("double", numpy.float64, -1.25),
    ("int", numpy.int32, 3),
    ("long long", numpy.int64, -7),
])
def test_template_through_name_expressions(ctype, dtype, a):
    mod = gpuarray.cuda.RawModule(code=AXPY_TEMPLATE,
                                  name_expressions=["axpy<float>", "axpy<double>", "axpy<int>", "axpy<long long>"])
    f = mod.get_function(f"axpy<{ctype}>")
    assert f.name == f"axpy<{ctype}>" and f.symbol.startswith("_Z")
    assert f.signature == f"({ctype}, {ctype} const*, {ctype}*, int)"
    x = numpy.arange(100).astype(dtype)
    y = numpy.ones(100, dtype=dtype)
    d_y = gpuarray.asarray(y)
    f(1, 128, (a, gpuarray.asarray(x), d_y, 100))
    numpy.testing.assert_array_equal(d_y.get(), (y + numpy.asarray(a, dtype=dtype) * x).astype(dtype))


def test_template_scalar_gets_the_instantiated_type():
    mod = gpuarray.cuda.RawModule(code=AXPY_TEMPLATE, name_expressions=["axpy<int>"])
    f = mod.get_function("axpy<int>")
    x = gpuarray.asarray(numpy.zeros(4, numpy.int32))
    with pytest.raises(TypeError, match=r"kernel 'axpy<int>' args\[0\] \(int\): cannot pass a Python float"):
        f(1, 4, (2.5, x, x, 4))


# --- Scalar arguments of every type -------------------------------------------------------

# (declared type, NumPy dtype of the output, values)
SCALAR_TYPES = [
    ("signed char", numpy.int8, [-128, 127]),
    ("unsigned char", numpy.uint8, [0, 255]),
    ("short", numpy.int16, [-32768, 32767]),
    ("unsigned short", numpy.uint16, [0, 65535]),
    ("int", numpy.int32, [-2**31, 2**31 - 1]),
    ("unsigned int", numpy.uint32, [0, 2**32 - 1]),
    ("long long", numpy.int64, [-2**63, 2**63 - 1]),
    ("unsigned long long", numpy.uint64, [0, 2**64 - 1]),
    ("size_t", numpy.uint64, [2**64 - 1, 12345]),
    ("float", numpy.float32, [0.1, -3.0e38]),
    ("double", numpy.float64, [0.1, -1e300]),
    ("bool", numpy.bool_, [True, False]),
    ("__half", numpy.float16, [0.1, -65504.0]),
    ("ga::complex<float>", numpy.complex64, [1 + 2j, 0.1 - 0.2j]),
    ("ga::complex<double>", numpy.complex128, [1 + 2j, 0.1 - 0.2j]),
    ("float2", numpy.complex64, [3 - 4j]),
    ("double2", numpy.complex128, [3 - 4j]),
]
SCALAR_HEADERS = "#include <gpuarray/complex.cuh>\n#include <gpuarray/half.cuh>\n"
STORE_EXTERN_C = SCALAR_HEADERS + "".join(
    f'extern "C" __global__ void store_{i}({ctype} value, {ctype}* out) {{ *out = value; }}\n'
    for i, (ctype, _, _) in enumerate(SCALAR_TYPES))
STORE_TEMPLATE = SCALAR_HEADERS + "template <typename T> __global__ void store(T value, T* out) { *out = value; }\n"


def store_and_read(f, value, dtype):
    out = gpuarray.empty(1, dtype)
    f(1, 1, (value, out))
    return out.get()[0]


@pytest.fixture(scope="module")
def store_extern_c():
    return gpuarray.cuda.RawModule(code=STORE_EXTERN_C)


@pytest.fixture(scope="module")
def store_template():
    return gpuarray.cuda.RawModule(code=STORE_TEMPLATE,
                                   name_expressions=[f"store<{ctype} >" for ctype, _, _ in SCALAR_TYPES])


@pytest.mark.parametrize("index", range(len(SCALAR_TYPES)), ids=[t[0] for t in SCALAR_TYPES])
def test_python_scalars_become_the_declared_type(store_extern_c, index):
    ctype, dtype, values = SCALAR_TYPES[index]
    f = store_extern_c.get_function(f"store_{index}")
    for value in values:
        assert store_and_read(f, value, dtype) == numpy.asarray(value, dtype=dtype)


@pytest.mark.parametrize("index", range(len(SCALAR_TYPES)), ids=[t[0] for t in SCALAR_TYPES])
def test_python_scalars_become_the_template_argument(store_template, index):
    ctype, dtype, values = SCALAR_TYPES[index]
    f = store_template.get_function(f"store<{ctype} >")
    for value in values:
        assert store_and_read(f, value, dtype) == numpy.asarray(value, dtype=dtype)


@pytest.mark.parametrize("index", range(len(SCALAR_TYPES)), ids=[t[0] for t in SCALAR_TYPES])
def test_numpy_scalars_pass_as_their_dtype(store_extern_c, index):
    ctype, dtype, values = SCALAR_TYPES[index]
    f = store_extern_c.get_function(f"store_{index}")
    for value in values:
        scalar = numpy.asarray(value, dtype=dtype)[()]
        assert store_and_read(f, scalar, dtype) == scalar


def test_bfloat16_scalar():
    source = ('#include <cuda_bf16.h>\n'
              'extern "C" __global__ void bits(__nv_bfloat16 v, unsigned short* out) '
              '{ *out = __bfloat16_as_ushort(v); }\n')
    f = gpuarray.cuda.RawKernel(source, "bits")
    assert [store_and_read(f, v, numpy.uint16) for v in (1.5, -2.0, 0.1)] == [0x3FC0, 0xC000, 0x3DCD]


def test_python_int_and_float_widen_into_wider_types(store_extern_c):
    index = [t[0] for t in SCALAR_TYPES].index("ga::complex<double>")
    assert store_and_read(store_extern_c.get_function(f"store_{index}"), 7, numpy.complex128) == 7 + 0j
    index = [t[0] for t in SCALAR_TYPES].index("double")
    assert store_and_read(store_extern_c.get_function(f"store_{index}"), 2**53, numpy.float64) == 2.0**53


# --- Pointers from other objects ----------------------------------------------------------

POINTERS = r'''
extern "C" __global__ void address_of(const void* p, unsigned long long* out) { *out = (unsigned long long)p; }
extern "C" __global__ void fill(float* p, float value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = value;
}
'''


class CudaArray:
    """The smallest object exposing __cuda_array_interface__ (as CuPy and PyTorch do)."""

    def __init__(self, ptr, n):
        self.__cuda_array_interface__ = {"shape": (n,), "typestr": "<f4", "data": (ptr, False), "version": 3}


class Pointer:
    """Like CuPy's MemoryPointer: an object with .ptr."""

    def __init__(self, ptr):
        self.ptr = ptr


def test_pointers_from_arrays_interfaces_and_ptr_objects():
    mod = gpuarray.cuda.RawModule(code=POINTERS)
    address_of, fill = mod.get_function("address_of"), mod.get_function("fill")
    a = gpuarray.asarray(numpy.zeros(8, numpy.float32))
    address = gpuarray.empty(1, numpy.uint64)
    address_of(1, 1, (a, address))
    ptr = int(address.get()[0])
    assert ptr != 0
    fill(1, 32, (CudaArray(ptr, 8), 7.0, 8))
    numpy.testing.assert_array_equal(a.get(), numpy.full(8, 7.0, numpy.float32))
    fill(1, 32, (Pointer(ptr), 9.0, 8))
    numpy.testing.assert_array_equal(a.get(), numpy.full(8, 9.0, numpy.float32))
    address_of(1, 1, (None, address))
    assert address.get()[0] == 0


# --- Globals ------------------------------------------------------------------------------

GLOBALS = r'''
__device__ float table[4];
__constant__ double coefficients[4];
extern "C" __global__ void write_table(float* t) { t[threadIdx.x] = threadIdx.x * 1.5f; }
extern "C" __global__ void read_table(float* out) { out[threadIdx.x] = table[threadIdx.x]; }
extern "C" __global__ void read_coefficient(double* out) { *out = coefficients[threadIdx.x]; }
'''


def test_get_global():
    mod = gpuarray.cuda.RawModule(code=GLOBALS)
    table = mod.get_global("table")
    assert table.size == 16 and table.ptr != 0
    assert table.device_id == gpuarray.cuda.runtime.getDevice()
    assert mod.get_global("coefficients").size == 32
    mod.get_function("write_table")(1, 4, (table,))  # a global passes as a pointer through .ptr
    out = gpuarray.empty(4, numpy.float32)
    mod.get_function("read_table")(1, 4, (out,))
    numpy.testing.assert_array_equal(out.get(), [0.0, 1.5, 3.0, 4.5])
    with pytest.raises(gpuarray.cuda.CUDARuntimeError, match="no_such_global"):
        mod.get_global("no_such_global")


# --- Modules from files -------------------------------------------------------------------

def run_saxpy(f):
    x, y = saxpy_inputs(300)
    out = gpuarray.empty(x.size, numpy.float32)
    f(3, 128, (2.0, gpuarray.asarray(x), gpuarray.asarray(y), out, x.size))
    numpy.testing.assert_allclose(out.get(), 2.0 * x + y, rtol=1e-6)


def test_load_cubin_file(tmp_path):
    binary, _ = compiler.compile_with_cache(SAXPY)  # for the current device
    path = tmp_path / "saxpy.cubin"
    path.write_bytes(binary)
    run_saxpy(gpuarray.cuda.RawModule(path=str(path)).get_function("saxpy"))


def test_load_ptx_file(tmp_path):
    cc = compute_capability()
    arch = max(a for a in compiler.get_supported_archs() if a <= cc)
    ptx, _ = compiler.compile_with_cache(SAXPY, arch=f"compute_{arch}")
    path = tmp_path / "saxpy.ptx"
    path.write_bytes(ptx.rstrip(b"\0"))
    run_saxpy(gpuarray.cuda.RawModule(path=path).get_function("saxpy"))


def test_file_module_reads_types_from_mangled_names(tmp_path):
    source = "__global__ void scale(float* x, float s, int n) { if (threadIdx.x < n) x[threadIdx.x] *= s; }"
    lowered = compiler.get_lowered_names(source, ["scale"])["scale"]
    binary, _ = compiler.compile_with_cache(source, name_expressions=["scale"])
    path = tmp_path / "scale.cubin"
    path.write_bytes(binary)
    f = gpuarray.cuda.RawModule(path=str(path)).get_function(lowered)
    x = gpuarray.asarray(numpy.ones(4, numpy.float32))
    f(1, 4, (x, 3, 4))  # the int 3 becomes the declared float
    numpy.testing.assert_array_equal(x.get(), numpy.full(4, 3.0, numpy.float32))
    with pytest.raises(TypeError, match=r"args\[2\] \(int\): cannot pass a Python float"):
        f(1, 4, (x, 3.0, 4.5))


def test_file_module_without_declarations_converts_by_size(tmp_path):
    binary, _ = compiler.compile_with_cache(SAXPY)
    path = tmp_path / "saxpy.cubin"
    path.write_bytes(binary)
    f = gpuarray.cuda.RawModule(path=str(path)).get_function("saxpy")
    assert f.signature == ("(4-byte parameter, 8-byte parameter, 8-byte parameter, 8-byte parameter, "
                           "4-byte parameter)")
    x = gpuarray.asarray(numpy.zeros(1, numpy.float32))
    with pytest.raises(OverflowError, match=r"args\[4\].*out of range for a 4-byte integer"):
        f(1, 1, (1.0, x, x, x, 2**31))


# --- Streams ------------------------------------------------------------------------------

def test_launch_on_a_stream():
    x, y = saxpy_inputs()
    dx, dy = gpuarray.asarray(x), gpuarray.asarray(y)
    out = gpuarray.empty(x.size, numpy.float32)
    k = gpuarray.cuda.RawKernel(SAXPY, "saxpy")
    stream = gpuarray.cuda.Stream(non_blocking=True)
    k(8, 128, (3.0, dx, dy, out, x.size), stream=stream)
    stream.synchronize()
    numpy.testing.assert_allclose(out.get(), 3.0 * x + y, rtol=1e-6, atol=1e-6)  # the GPU fuses a*x+y
    with stream:  # the current stream is the default
        k(8, 128, (-1.0, dx, dy, out, x.size))
        stream.synchronize()
        numpy.testing.assert_allclose(out.get(), -x + y, rtol=1e-6)


def test_cooperative_launch():
    if not device_properties()["cooperativeLaunch"]:
        pytest.skip("the device has no cooperative launch")
    source = r'''
        #include <cooperative_groups.h>
        namespace cg = cooperative_groups;
        extern "C" __global__ void reverse_grid(int* scratch, int* out, int n) {
          cg::grid_group grid = cg::this_grid();
          int i = grid.thread_rank();
          if (i < n) scratch[i] = i;
          grid.sync();
          if (i < n) out[i] = scratch[n - 1 - i];
        }'''
    k = gpuarray.cuda.RawKernel(source, "reverse_grid", enable_cooperative_groups=True)
    scratch, out = gpuarray.empty(128, numpy.int32), gpuarray.empty(128, numpy.int32)
    k(2, 64, (scratch, out, 128))
    numpy.testing.assert_array_equal(out.get(), numpy.arange(128)[::-1])


def test_launch_on_a_second_device():
    if gpuarray.cuda.runtime.getDeviceCount() < 2:
        pytest.skip("needs two devices")
    k = gpuarray.cuda.RawKernel(SAXPY, "saxpy")
    run_saxpy(k)
    with gpuarray.cuda.Device(1):
        run_saxpy(k)


# --- Errors -------------------------------------------------------------------------------

def test_argument_errors_name_the_kernel_and_parameter():
    k = gpuarray.cuda.RawKernel(SAXPY, "saxpy")
    x = gpuarray.asarray(numpy.zeros(4, numpy.float32))
    with pytest.raises(TypeError, match=r"kernel 'saxpy' takes 5 arguments \(float a, const float\* x, "
                                        r"const float\* y, float\* out, int n\) but 4 were given"):
        k(1, 4, (1.0, x, x, x))
    with pytest.raises(OverflowError, match=r"kernel 'saxpy' args\[4\] \(int n\): Python int 2147483648"):
        k(1, 4, (1.0, x, x, x, 2**31))
    with pytest.raises(TypeError, match=r"kernel 'saxpy' args\[4\] \(int n\): cannot pass a Python float"):
        k(1, 4, (1.0, x, x, x, 4.0))
    with pytest.raises(TypeError, match=r"kernel 'saxpy' args\[1\] \(const float\* x\): expects a device pointer"):
        k(1, 4, (1.0, 5, x, x, 4))
    with pytest.raises(TypeError, match=r"kernel 'saxpy' args\[0\] \(float a\): expects a scalar, got a "
                                        r"gpuarray.ndarray"):
        k(1, 4, (x, x, x, x, 4))
    with pytest.raises(TypeError, match="args must be a tuple or list"):
        k(1, 4, x)
    with pytest.raises(ValueError, match="grid must be an int or a tuple of 1 to 3 ints"):
        k((1, 1, 1, 1), 4, (1.0, x, x, x, 4))


def test_compile_error_on_first_use_names_the_kernel():
    k = gpuarray.cuda.RawKernel('extern "C" __global__ void oops(int* x) { x[0] = nope; }', "oops")
    with pytest.raises(gpuarray.cuda.CompileException, match="nope") as info:
        k(1, 1, (None,))
    assert info.value.name == "oops"


def test_missing_kernel_raises_with_a_hint():
    mod = gpuarray.cuda.RawModule(code="__global__ void cpp_linkage(float* x) {}")
    with pytest.raises(gpuarray.cuda.CUDARuntimeError, match=r'cpp_linkage.*extern "C" or its name in '
                                                             r'name_expressions'):
        mod.get_function("cpp_linkage")


# --- Attributes ---------------------------------------------------------------------------

STATIC_SHARED = r'''
extern "C" __global__ void static_shared(float* out) {
  __shared__ float tile[1024];
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[1023 - threadIdx.x];
}
'''


def test_kernel_attributes():
    k = gpuarray.cuda.RawKernel(STATIC_SHARED, "static_shared")
    attributes = k.attributes
    assert set(attributes) == {
        "binary_version", "cache_mode_ca", "const_size_bytes", "local_size_bytes",
        "max_dynamic_shared_size_bytes", "max_threads_per_block", "num_regs",
        "preferred_shared_memory_carveout", "ptx_version", "shared_size_bytes"}
    assert k.shared_size_bytes == attributes["shared_size_bytes"] == 4096
    assert 0 < k.max_threads_per_block <= 1024
    assert k.num_regs > 0 and k.local_size_bytes >= 0 and k.const_size_bytes >= 0
    assert k.binary_version == compute_capability()
    assert k.ptx_version > 0
    k.preferred_shared_memory_carveout = 50
    k.max_dynamic_shared_size_bytes = 1024
    assert k.max_dynamic_shared_size_bytes == 1024
    out = gpuarray.empty(1024, numpy.float32)
    k(1, 1024, (out,))
    numpy.testing.assert_array_equal(out.get(), numpy.arange(1024, dtype=numpy.float32)[::-1])


def test_function_from_a_module_has_the_same_api():
    mod = gpuarray.cuda.RawModule(code=STATIC_SHARED)
    mod.compile()
    f = mod.get_function("static_shared")
    assert isinstance(f, gpuarray.cuda.Function)
    assert f.shared_size_bytes == 4096 and f.attributes["shared_size_bytes"] == 4096
    k = gpuarray.cuda.RawKernel(STATIC_SHARED, "static_shared")
    k.compile()
    assert k.kernel.name == "static_shared" and k.kernel.signature == "(float* out)"


# --- Device headers, checked against NumPy ------------------------------------------------

COMPLEX_OPS = r'''
#include <gpuarray/complex.cuh>
template <typename T>
__global__ void complex_ops(const ga::complex<T>* a, const ga::complex<T>* b, ga::complex<T>* out,
                            T* reals, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  ga::complex<T> x = a[i], y = b[i];
  out[7 * i + 0] = x + y;
  out[7 * i + 1] = x - y;
  out[7 * i + 2] = x * y;
  out[7 * i + 3] = x / y;
  out[7 * i + 4] = -x;
  out[7 * i + 5] = ga::conj(x) * T(2) - T(1);
  out[7 * i + 6] = T(3) / x;
  reals[3 * i + 0] = ga::abs(x);
  reals[3 * i + 1] = ga::arg(x);
  reals[3 * i + 2] = (x == y) + 2 * (x != y) + 4 * (ga::real(x) == x);
}
'''


@pytest.mark.parametrize("dtype, real, rtol", [(numpy.complex64, numpy.float32, 1e-6),
                                               (numpy.complex128, numpy.float64, 1e-14)])
def test_complex_header_matches_numpy(dtype, real, rtol):
    rng = numpy.random.default_rng(1)
    n = 64
    a = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(dtype)
    b = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(dtype)
    a[:4] = [1 + 0j, 2 - 3j, 1e15 + 1e15j, -4j]
    b[:4] = [1 + 0j, 2 - 3j, 1e15 - 2e15j, 5 + 0j]
    ctype = "float" if dtype == numpy.complex64 else "double"
    mod = gpuarray.cuda.RawModule(code=COMPLEX_OPS, name_expressions=[f"complex_ops<{ctype}>"])
    out = gpuarray.empty(7 * n, dtype)
    reals = gpuarray.empty(3 * n, real)
    mod.get_function(f"complex_ops<{ctype}>")(1, 64, (gpuarray.asarray(a), gpuarray.asarray(b), out, reals, n))
    expected = numpy.stack([a + b, a - b, a * b, a / b, -a, numpy.conj(a) * 2 - 1, 3 / a], axis=1)
    # Contracted multiply-adds (on the device, maybe in NumPy) differ by an
    # ulp of the operands' size, not of the result's: compare at that scale.
    abs_a, abs_b = numpy.abs(a), numpy.abs(b)
    scale = numpy.stack([abs_a + abs_b, abs_a + abs_b, abs_a * abs_b, abs_a / abs_b, abs_a, 2 * abs_a + 1,
                         3 / abs_a], axis=1)
    error = numpy.abs(out.get().reshape(n, 7) - expected)
    assert numpy.all(error <= rtol * scale), numpy.max(error / scale)
    got = reals.get().reshape(n, 3)
    numpy.testing.assert_allclose(got[:, 0], numpy.abs(a), rtol=rtol)
    numpy.testing.assert_allclose(got[:, 1], numpy.angle(a), rtol=rtol, atol=rtol)
    flags = (a == b) + 2 * (a != b) + 4 * (a.imag == 0)
    numpy.testing.assert_array_equal(got[:, 2], flags)


GATHER = r'''
#include <gpuarray/indexing.cuh>
extern "C" __global__ void gather32(const char* base, long long start, float* dst,
                                    ga::StridedLayout32<3> layout, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = ga::element_at<float>(base + start, layout.offset(i));
}
extern "C" __global__ void gather64(const char* base, long long start, float* dst,
                                    ga::StridedLayout64<3> layout, unsigned long long n) {
  unsigned long long i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = ga::element_at<float>(base + start, layout.offset(i));
}
'''


@pytest.mark.parametrize("width, index, offset", [("32", "<u4", "<i4"), ("64", "<u8", "<i8")])
def test_indexing_header_matches_numpy_strides(width, index, offset):
    host = numpy.arange(4 * 5 * 6, dtype=numpy.float32).reshape(4, 5, 6)
    view = host[::-1, 1:4, ::2]
    start = view.__array_interface__["data"][0] - host.__array_interface__["data"][0]
    layout = numpy.array((view.shape, view.strides),
                         dtype=[("shape", index, (3,)), ("strides", offset, (3,))])[()]
    dst = gpuarray.empty(view.size, numpy.float32)
    f = gpuarray.cuda.RawModule(code=GATHER).get_function("gather" + width)
    f(1, 64, (gpuarray.asarray(host), start, dst, layout, view.size))  # the struct passes as a NumPy record
    numpy.testing.assert_array_equal(dst.get(), view.ravel())
