# SPDX-License-Identifier: BSD-3-Clause
"""Where the Foundation's host time goes (run on a GPU machine): import,
kernel launch, pool malloc+free, cold compile. Prints one line per probe."""
import os
import subprocess
import sys
import tempfile
import time


def per_call(fn, n):
    fn()
    t = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t) / n * 1e6


def main():
    for mod in ("numpy", "gpuarray"):
        runs = [float(subprocess.run([sys.executable, "-c", f"import time; t=time.perf_counter(); import {mod}; "
                                      "print(time.perf_counter()-t)"], capture_output=True, text=True).stdout)
                for _ in range(5)]
        print(f"import {mod}: median {sorted(runs)[2] * 1e3:.1f} ms")
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import gpuarray"], capture_output=True, text=True)
    rows = [line.split("|") for line in out.stderr.splitlines() if line.startswith("import time:") and "self" not in line]
    rows.sort(key=lambda r: -int(r[0].split(":")[1]))
    print("largest self import times (us):", [(r[2].strip(), int(r[0].split(':')[1])) for r in rows[:8]])

    import numpy
    import gpuarray as xp
    from gpuarray import _core
    src = 'extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {' \
          ' int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = a * x[i] + y[i]; }'
    x = xp.zeros(256, numpy.float32)
    y = xp.zeros(256, numpy.float32)
    k = xp.RawKernel(src, "saxpy")
    args = (2.0, x, y, 256)
    k((1,), (256,), args)
    xp.cuda.Device().synchronize()
    print(f"launch (no sync), us: {per_call(lambda: k((1,), (256,), args), 20000):.2f}")
    xp.cuda.Device().synchronize()
    empty = xp.RawKernel('extern "C" __global__ void e() {}', "e")
    print(f"empty kernel launch, us: {per_call(lambda: empty(1, 1, ()), 20000):.2f}")
    xp.cuda.Device().synchronize()
    print(f"_core.get_device(), us: {per_call(_core.get_device, 100000):.3f}")
    print(f"current_stream_ptr(0), us: {per_call(lambda: _core.current_stream_ptr(0), 100000):.3f}")
    pool = xp.get_default_memory_pool()
    print(f"pool.malloc(1024)+free, us: {per_call(lambda: pool.malloc(1024), 100000):.3f}")
    print(f"pool C++ ns: {_core._bench_pool_malloc_free(1024, 200000):.1f}")
    try:
        import cupy
        cx = cupy.zeros(256, cupy.float32)
        cy = cupy.zeros(256, cupy.float32)
        ck = cupy.RawKernel(src, "saxpy")
        cargs = (numpy.float32(2.0), cx, cy, numpy.int32(256))
        ck((1,), (256,), cargs)
        cupy.cuda.Device().synchronize()
        print(f"cupy launch (no sync), us: {per_call(lambda: ck((1,), (256,), cargs), 20000):.2f}")
        cupy.cuda.Device().synchronize()
        cpool = cupy.get_default_memory_pool()
        print(f"cupy pool.malloc(1024)+free, us: {per_call(lambda: cpool.malloc(1024), 100000):.3f}")
    except ImportError:
        pass
    with tempfile.TemporaryDirectory() as d:
        os.environ["GPUARRAY_CACHE_DIR"] = d
        xp.cuda.compiler._reset_cache()
        t = time.perf_counter()
        xp.cuda.compiler.compile_with_cache(src.replace("saxpy", "saxpy2"))
        t1 = time.perf_counter()
        k2 = xp.RawKernel(src.replace("saxpy", "saxpy3"), "saxpy3")
        k2((1,), (256,), args)
        xp.cuda.Device().synchronize()
        t2 = time.perf_counter()
        print(f"cold compile only: {(t1 - t) * 1e3:.1f} ms; RawKernel compile+load+launch: {(t2 - t1) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
