# SPDX-License-Identifier: BSD-3-Clause
"""Foundation: import time, RawKernel compile and launch, the memory pool, and
the device-to-device copy bandwidth that later cases are measured against."""
import numpy

from benchmarks.registry import Script, case

AREA = "foundation"
GiB = 2**30

SAXPY = r"""extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}"""

# gpuarray converts Python scalars to the kernel's declared parameter types;
# CuPy passes them as they are, so it needs NumPy scalars of the right width.
SAXPY_ARGS = {"gpuarray": "(2.0, x, y, n)", "cupy": "(numpy.float32(2.0), x, y, numpy.int32(n))"}




import_time = case(AREA, "import", "process", unit="ms", target="≤ 150 ms")


@import_time.on("gpuarray", "cupy", "torch")
def import_script(module, scratch):
    return Script(f"import time\nbegin = time.perf_counter()\nimport {module.__name__}\n"
                  "print(time.perf_counter() - begin)\n")


COMPILE_AND_LAUNCH = """\
import time
import numpy
import {name} as xp
n = 4096
x = xp.zeros((n,), dtype=numpy.float32)
y = xp.zeros((n,), dtype=numpy.float32)
xp.cuda.Device().synchronize()  # the CUDA context exists now: its creation is not timed
begin = time.perf_counter()
saxpy = xp.RawKernel({source!r}, "saxpy")
saxpy(((n + 255) // 256,), (256,), {args})
xp.cuda.Device().synchronize()
print(time.perf_counter() - begin)
"""

cold_compile = case(AREA, "rawkernel cold compile+launch", "process", unit="ms", target="≤ 40 ms")
disk_cache = case(AREA, "rawkernel from disk cache, new process", "process", unit="ms",
                  target="≤ 3 ms", prime_runs=1)


@cold_compile.on("gpuarray", "cupy")
@disk_cache.on("gpuarray", "cupy")
def compile_and_launch_script(module, scratch):
    # Kernel caches in the scratch directory (empty unless primed). The driver's
    # own JIT cache is off so that a library caching PTX rather than a binary
    # pays for that in every run, as it would on a machine seeing the kernel first.
    env = {"GPUARRAY_CACHE_DIR": str(scratch), "CUPY_CACHE_DIR": str(scratch), "CUDA_CACHE_DISABLE": "1"}
    name = module.__name__
    return Script(COMPILE_AND_LAUNCH.format(name=name, source=SAXPY, args=SAXPY_ARGS[name]), env)


launch_overhead = case(AREA, "rawkernel launch overhead", "host", unit="µs")


@launch_overhead.on("gpuarray", "cupy")
def launch_saxpy(xp):
    n = 256
    x = xp.zeros((n,), dtype=numpy.float32)
    y = xp.zeros((n,), dtype=numpy.float32)
    saxpy = xp.RawKernel(SAXPY, "saxpy")
    # One spelling of the arguments serves the subprocess scripts and this in-process case.
    args = eval(SAXPY_ARGS[xp.__name__], {"numpy": numpy, "x": x, "y": y, "n": n})
    return lambda: saxpy((1,), (n,), args)


pool_malloc = case(AREA, "pool malloc+free", "host", unit="µs", target="≤ 1 µs")


@pool_malloc.on("gpuarray", "cupy")
def malloc_from_default_pool(xp):
    pool = xp.get_default_memory_pool()
    return lambda: pool.malloc(1024)  # the pointer is dropped at once, back to the pool


@pool_malloc.on("torch")
def empty_from_caching_allocator(torch):
    return lambda: torch.empty(256, dtype=torch.float32, device="cuda")


pool_malloc_cpp = case(AREA, "pool malloc+free (C++)", "reported", unit="ns")


@pool_malloc_cpp.on("gpuarray")
def pool_loop_in_cpp(gpuarray):
    return lambda: gpuarray._core._bench_pool_malloc_free(1024, 100_000) * 1e-9  # ns per pair


device_copy = case(AREA, "device copy 1 GiB", "device", unit="ms", bytes_moved=2 * GiB,
                   reference="copy bandwidth")


@device_copy.on("gpuarray", "cupy")
def copy_between_pointers(xp):
    src = xp.empty((GiB,), dtype=numpy.uint8)
    dst = xp.empty((GiB,), dtype=numpy.uint8)
    return lambda: dst.data.copy_from_device(src.data, GiB)


@device_copy.on("torch")
def copy_tensor(torch):
    src = torch.empty(GiB, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    return lambda: dst.copy_(src)
