# SPDX-License-Identifier: BSD-3-Clause
"""What cuFFT itself costs, next to gpuarray's and CuPy's calls (GPU machine).

Plans made through ctypes on the libcufft each library loaded, so the numbers
separate the plan variant and the cuFFT build from what the library adds:

- GPU time of a 4096x4096 complex64 fft2 for planning variants (basic layout,
  advanced layout with embeds equal to the shape, the 64-bit planner);
- host time per call of a repeated 1024-point fft: cufftExecC2C alone (through
  ctypes, which adds a fraction of a microsecond) and each library's call.

Usage: python3 benchmarks/probes/fft_probe.py
"""
import ctypes
import time

import numpy

import cupy
import gpuarray
from probe_timing import gpu_ms as _gpu_ms, loaded

C2C, FORWARD = 0x29, -1
PATIENT_JIT = 0x1


class Cufft:
    def __init__(self, path):
        self.lib = ctypes.CDLL(path)
        version = ctypes.c_int()
        self.lib.cufftGetVersion(ctypes.byref(version))
        self.version = version.value
        self.path = path

    def check(self, status, what):
        if status != 0:
            raise RuntimeError(f"{what} failed: {status}")

    def plan(self, shape, batch=1, embed=False, wide=False, patient=False):
        handle = ctypes.c_int()
        self.check(self.lib.cufftCreate(ctypes.byref(handle)), "cufftCreate")
        if patient:  # NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT: cuFFT times JIT-compiled variants at planning
            self.check(self.lib.cufftSetPlanPropertyInt64(handle, PATIENT_JIT, ctypes.c_longlong(1)),
                       "cufftSetPlanPropertyInt64(PATIENT_JIT)")
        work = ctypes.c_size_t()
        rank = len(shape)
        dist = int(numpy.prod(shape))
        if wide:
            n = (ctypes.c_longlong * rank)(*shape)
            emb = (ctypes.c_longlong * rank)(*shape) if embed else None
            self.check(self.lib.cufftMakePlanMany64(handle, rank, n, emb, ctypes.c_longlong(1), ctypes.c_longlong(dist),
                                                    emb, ctypes.c_longlong(1), ctypes.c_longlong(dist), C2C,
                                                    ctypes.c_longlong(batch), ctypes.byref(work)), "MakePlanMany64")
        else:
            n = (ctypes.c_int * rank)(*shape)
            emb = (ctypes.c_int * rank)(*shape) if embed else None
            self.check(self.lib.cufftMakePlanMany(handle, rank, n, emb, 1, dist, emb, 1, dist, C2C, batch,
                                                  ctypes.byref(work)), "MakePlanMany")
        return handle

    def exec_c2c(self, handle, src, dst):
        return self.lib.cufftExecC2C(handle, ctypes.c_void_p(src.data.ptr), ctypes.c_void_p(dst.data.ptr), FORWARD)


def gpu_ms(op, xp=cupy, count=20):
    return _gpu_ms(op, xp, count)


def host_us(op, sync, seconds=0.2):
    for _ in range(100):
        op()
    sync()
    count = 0
    begin = time.perf_counter()
    while time.perf_counter() - begin < seconds:
        for _ in range(200):
            op()
        count += 200
    sync()
    return (time.perf_counter() - begin) / count * 1e6


def fft2_after_1d_cases(side):
    """The benchmark's order in one process: the 2^24 fft and rfft first, then fft2,
    whose time there differed from this probe's. Prints the GPU time and which output
    blocks the pool hands out call after call (a change per call means the work area
    is likely rebound per call too)."""
    n = 1 << 24
    a1 = gpuarray.ones(n, dtype=numpy.complex64)
    r1 = gpuarray.ones(n, dtype=numpy.float32)
    for _ in range(30):
        gpuarray.fft.fft(a1)
        gpuarray.fft.rfft(r1)
    g2 = gpuarray.ones((side, side), dtype=numpy.complex64)
    print(f"fft2 after the 1-D cases: {gpu_ms(lambda: gpuarray.fft.fft2(g2), gpuarray, 50):.4f} ms; "
          f"output blocks of 6 calls: {[hex(gpuarray.fft.fft2(g2).data.ptr) for _ in range(6)]}")
    pool = gpuarray.get_default_memory_pool()
    print(f"  pool: used {pool.used_bytes() >> 20} MiB, held {pool.total_bytes() >> 20} MiB; "
          f"plan cache: {gpuarray.fft.config.get_plan_cache()!r}")


def main():
    side, small = 4096, 1024
    fft2_after_1d_cases(side)
    g2 = gpuarray.ones((side, side), dtype=numpy.complex64)
    c2 = cupy.ones((side, side), dtype=numpy.complex64)
    gpuarray.fft.fft2(g2)
    cupy.fft.fft2(c2)
    gs, cs = gpuarray.ones(small, dtype=numpy.complex64), cupy.ones(small, dtype=numpy.complex64)
    gpuarray.fft.fft(gs)
    cupy.fft.fft(cs)
    gsync = gpuarray.cuda.Device().synchronize
    csync = cupy.cuda.Device().synchronize
    gsync()
    print("libcufft loaded:", loaded("libcufft.so"))
    for round_ in range(2):
        print(f"--- round {round_}")
        print(f"fft2 {side}^2 c64: gpuarray {gpu_ms(lambda: gpuarray.fft.fft2(g2), gpuarray):.4f} ms, "
              f"cupy {gpu_ms(lambda: cupy.fft.fft2(c2)):.4f} ms")
        out2 = cupy.empty_like(c2)
        outs = cupy.empty_like(cs)
        for path in loaded("libcufft.so"):
            lib = Cufft(path)
            for name, kw in (("basic", {}), ("embed=shape", {"embed": True}), ("64-bit basic", {"wide": True}),
                             ("64-bit embed", {"wide": True, "embed": True})):
                h = lib.plan((side, side), **kw)
                t = gpu_ms(lambda: lib.exec_c2c(h, c2, out2))
                lib.lib.cufftDestroy(h)
                print(f"  cufft {lib.version} {name:14s} fft2 {t:.4f} ms   ({path})")
            big = cupy.ones(1 << 24, dtype=numpy.complex64)
            big_out = cupy.empty_like(big)
            for shape, src, dst in (((side, side), c2, out2), ((1 << 24,), big, big_out)):
                for patient in (False, True) if round_ == 0 else (False,):
                    try:
                        begin = time.perf_counter()
                        h = lib.plan(shape, patient=patient)
                        planned = time.perf_counter() - begin
                    except RuntimeError as error:
                        print(f"  cufft {lib.version} {shape} patient={patient}: {error}")
                        continue
                    t = gpu_ms(lambda: lib.exec_c2c(h, src, dst))
                    lib.lib.cufftDestroy(h)
                    print(f"  cufft {lib.version} {shape} patient={patient}: {t:.4f} ms (planning {planned * 1e3:.0f} ms)")
            h = lib.plan((small,))
            print(f"  cufft {lib.version} bare cufftExecC2C 1024 host: "
                  f"{host_us(lambda: lib.exec_c2c(h, cs, outs), csync):.2f} us/call")
            lib.lib.cufftDestroy(h)
        print(f"gpuarray.fft.fft 1024 host: {host_us(lambda: gpuarray.fft.fft(gs), gsync):.2f} us/call")
        print(f"cupy.fft.fft 1024 host: {host_us(lambda: cupy.fft.fft(cs), csync):.2f} us/call")
        print(f"gpuarray.empty 1024 c64 host: {host_us(lambda: gpuarray.empty(small, numpy.complex64), gsync):.2f} us")
        print(f"gpuarray.negative 1024 c64 host: {host_us(lambda: gpuarray.negative(gs), gsync):.2f} us")


if __name__ == "__main__":
    main()
