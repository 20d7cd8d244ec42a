# SPDX-License-Identifier: BSD-3-Clause
"""The tiled kernel of gpuarray/elementwise.cuh on out = m.T (float32 16384²)
in a RawKernel, with and without NVRTC's --Ofast-compile=min, against the
engine's ascontiguousarray(m.T): registers and GB/s. The variant set is
what decided kTiledKernelOptions."""
import os
import sys

import numpy

import gpuarray as xp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_timing import gpu_ms  # noqa: E402

N = 16384
BODY = """
struct body {
  static constexpr bool kUsesIndex = false;
  __device__ __forceinline__ void operator()(const float& in0, float& out0) const { out0 = in0; }
};
"""
WRAPPER = """
#include "gpuarray/elementwise.cuh"
%s
extern "C" __global__ void __launch_bounds__(512) copy(char* in, char* out, long long n0, long long n1, long long si0,
                                                       long long si1, long long so0, long long so1) {
  ga::ew::Pointers<2> p{{in, out}};
  ga::ew::StridedGeometry<3, 2, long long> g{{n0, n1, 1}, {{si0, so0}, {si1, so1}, {0, 0}}};
  ga::ew::tiled_kernel<%s>(p, 0, g, body{});
}
"""


def main():
    new_dir = os.path.join(os.path.dirname(xp.__file__), "_include")
    m = xp.asarray(numpy.random.default_rng(0).standard_normal((N, N), dtype=numpy.float32))
    expected = xp.ascontiguousarray(m.T).get()
    gb = 2 * 4 * N * N / 1e9
    template = "1u, ga::ew::In<float>, ga::ew::Out<float>"
    variants = [("default options", ()), ("-maxrregcount=32", ("-maxrregcount=32",)),
                ("--Ofast-compile=min", ("--Ofast-compile=min",))]
    for label, extra in variants:
        kernel = xp.RawKernel(WRAPPER % (BODY, template), "copy", options=("-std=c++17", f"-I{new_dir}") + extra)
        out = xp.empty((N, N), numpy.float32)
        # out[i, j] = m[j, i]: dimension 0 is j (out dense), 1 is i (m.T dense along i).
        args = (m, out, numpy.int64(N), numpy.int64(N), numpy.int64(4 * N), numpy.int64(4), numpy.int64(4),
                numpy.int64(4 * N))
        ms = gpu_ms(lambda: kernel(((N // 64) ** 2,), (512,), args), xp)
        ok = bool((out.get() == expected).all())
        print(f"{label:26s} {kernel.num_regs:3d} registers  {1e3 * gb / ms:6.0f} GB/s  {'ok' if ok else 'WRONG'}")
    print(f"engine ascontiguousarray(m.T): {1e3 * gb / gpu_ms(lambda: xp.ascontiguousarray(m.T), xp):.0f} GB/s")


if __name__ == "__main__":
    main()
