# SPDX-License-Identifier: BSD-3-Clause
"""`python -m gpuarray`: versions, where the CUDA libraries were found,
devices, and a short showcase checked against NumPy.

Exits 0 on a machine without a GPU, after saying so (the report is still
useful there); `--require-gpu` makes that exit 1, for scripts."""
import argparse
import os
import sys
import time

import numpy

import gpuarray
from gpuarray import _core, cuda
from gpuarray._base import libraries as _libraries

SAXPY = r"""
extern "C" __global__ void saxpy(float a, const float* x, const float* y, float* out, long long n) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  for (; i < n; i += (long long)gridDim.x * blockDim.x) out[i] = a * x[i] + y[i];
}
"""

def _build():
    archs = _core._build_cuda_architectures.split()
    sass = [f"sm_{a.removesuffix('-real')}" for a in archs if not a.endswith("-virtual")]
    ptx = [f"compute_{a.removesuffix('-real').removesuffix('-virtual')}" for a in archs if not a.endswith("-real")]
    kernels = os.path.join(os.path.dirname(gpuarray.__file__), "_kernels")
    prebuilt = sorted(d.name for d in os.scandir(kernels) if d.is_dir()) if os.path.isdir(kernels) else []
    print(f"built with CUDA {_core._build_cuda_version} for {' '.join(sass) or 'no SASS'}"
          + (f" + PTX {' '.join(ptx)}" if ptx else "") + f"; prebuilt kernels: {' '.join(prebuilt) or 'none'}")


def _versions():
    print(f"gpuarray {gpuarray.__version__}, NumPy {numpy.__version__}, Python {sys.version.split()[0]}")
    _build()
    _runtime()


def _runtime():
    """The CUDA runtime and driver, the libraries and where they were found."""
    from gpuarray._base import libs as _libs  # lazily: maps cuBLAS, cuSOLVER and cuFFT
    rt = cuda.runtime.runtimeGetVersion()
    drv = cuda.runtime.driverGetVersion()
    print(f"CUDA runtime {rt // 1000}.{rt % 1000 // 10}, driver "
          + (f"{drv // 1000}.{drv % 1000 // 10}" if drv else "not found"))
    print("libraries: " + ", ".join(f"{name} {ver}" for name, ver in _libs.library_versions()))
    try:
        from gpuarray.cuda import nccl  # lazily: maps libnccl
        v = nccl.get_version()
        print(f"NCCL {v // 10000}.{v // 100 % 100}.{v % 100} (gpuarray.cuda.nccl)")
    except ImportError as e:
        print(f"NCCL: not available ({e})")
    print("found (Note [Finding CUDA libraries]):")
    for name, path, origin in sorted(_libraries.loaded_libraries()):
        print(f"  {name:<20} {path}  [{origin}]")
    print(f"  {'CUDA headers':<20} {', '.join(_core._toolkit_include_dirs()) or 'NOT FOUND: kernels will not compile'}")


def _devices():
    n = cuda.runtime.getDeviceCount()
    for i in range(n):
        p = cuda.runtime.getDeviceProperties(i)
        print(f"device {i}: {p['name'].decode()}, compute capability {p['major']}.{p['minor']}, "
              f"{p['multiProcessorCount']} SMs, {p['totalGlobalMem'] / 2**30:.1f} GiB")


def _time_gpu(fn, repeat=20):
    fn()
    start, end = cuda.Event(), cuda.Event()
    start.record()
    for _ in range(repeat):
        fn()
    end.record()
    end.synchronize()
    return cuda.get_elapsed_time(start, end) / repeat / 1e3


def _time_cpu(fn, repeat=5):
    fn()
    t = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - t) / repeat


def _row(name, ok, t_gpu, t_cpu):
    status = "ok" if ok else "MISMATCH"
    print(f"  {name:<34} {status:<8} GPU {t_gpu * 1e3:8.3f} ms   NumPy {t_cpu * 1e3:8.2f} ms"
          f"   {t_cpu / t_gpu:7.1f}x")
    return ok


def _showcase():
    n = 1 << 24
    rng = numpy.random.default_rng(0)
    x_h = rng.standard_normal(n, dtype=numpy.float32)
    y_h = rng.standard_normal(n, dtype=numpy.float32)
    x, y = gpuarray.asarray(x_h), gpuarray.asarray(y_h)
    out = gpuarray.empty(n, dtype=numpy.float32)
    print(f"showcase ({n:,} elements, checked against NumPy):")
    ok = True

    saxpy = cuda.RawKernel(SAXPY, "saxpy")
    grid, block = 4 * cuda.Device().attributes["MultiProcessorCount"], 256
    # The GPU fuses a*x+y into one rounding, NumPy rounds twice: compare with an absolute floor.
    t_gpu = _time_gpu(lambda: saxpy((grid,), (block,), (2.5, x, y, out, n)))
    t_cpu = _time_cpu(lambda: 2.5 * x_h + y_h)
    ok &= _row("saxpy (RawKernel, scalars by decl.)", numpy.allclose(out.get(), 2.5 * x_h + y_h, atol=1e-6), t_gpu, t_cpu)

    t_gpu = _time_gpu(lambda: 2.5 * x + y)
    ok &= _row("2.5 * x + y (ufuncs)", numpy.allclose((2.5 * x + y).get(), 2.5 * x_h + y_h), t_gpu,
               _time_cpu(lambda: 2.5 * x_h + y_h))

    d_h = rng.standard_normal(n)
    d = gpuarray.asarray(d_h)
    t_gpu = _time_gpu(lambda: d.sum())
    ok &= _row("d.sum() (float64 reduction)", numpy.isclose(float(d.sum().get()), d_h.sum()), t_gpu,
               _time_cpu(lambda: d_h.sum()))
    t_gpu = _time_gpu(lambda: gpuarray.cumsum(x))
    ok &= _row("cumsum(x)", numpy.allclose(gpuarray.cumsum(x).get(), numpy.cumsum(x_h, dtype=numpy.float64),
                                           rtol=1e-3, atol=1e-2), t_gpu, _time_cpu(lambda: numpy.cumsum(x_h)))
    t_gpu = _time_gpu(lambda: gpuarray.sort(x))
    ok &= _row("sort(x)", numpy.array_equal(gpuarray.sort(x).get(), numpy.sort(x_h)), t_gpu,
               _time_cpu(lambda: numpy.sort(x_h), repeat=1))
    t_gpu = _time_gpu(lambda: x[x > 0])
    ok &= _row("x[x > 0] (mask compaction)", numpy.array_equal(x[x > 0].get(), x_h[x_h > 0]), t_gpu,
               _time_cpu(lambda: x_h[x_h > 0]))

    t = time.perf_counter()
    back = x.get()
    t_down = time.perf_counter() - t
    t = time.perf_counter()
    gpuarray.asarray(x_h)
    t_up = time.perf_counter() - t
    print(f"  transfers: to device {x_h.nbytes / t_up / 1e9:.1f} GB/s, to host {x_h.nbytes / t_down / 1e9:.1f} GB/s"
          f" ({'ok' if numpy.array_equal(back, x_h) else 'MISMATCH'})")
    ok &= numpy.array_equal(back, x_h)
    return ok


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m gpuarray", description=__doc__.split("\n\n")[0])
    parser.add_argument("--require-gpu", action="store_true",
                        help="exit with status 1 where there is no usable GPU (default: report it and exit 0)")
    args = parser.parse_args(argv)
    _versions()
    try:
        cuda.runtime.getDeviceCount()
    except cuda.CUDARuntimeError as e:
        print(f"no GPU: {e}")
        print("This report is all gpuarray can do on this machine"
              + ("." if args.require_gpu else " (exit status 0; --require-gpu makes it 1)."))
        return 1 if args.require_gpu else 0
    _devices()
    return 0 if _showcase() else 2


if __name__ == "__main__":
    sys.exit(main())
