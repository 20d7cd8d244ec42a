# SPDX-License-Identifier: BSD-3-Clause
"""Bandwidth of the engine's contiguous float32 kernels (sin, add over 2**28
elements) under other launch shapes and loop forms, next to the device copy
and PyTorch's sin (GPU machine). Each kernel is the engine's own generated
source; a variant swaps the loop for one that keeps two vectors in flight per
thread, or launches another grid (the engine caps it at kElementwiseBlocksPerSm
blocks per SM; "one pass" gives every vector its own thread, as PyTorch does).

Usage: python3 benchmarks/probes/elementwise_probe.py
"""
import sys
from pathlib import Path

import numpy

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gpuarray as xp  # noqa: E402
from compile_times import source_for  # noqa: E402
from probe_timing import gpu_ms  # noqa: E402

N = 1 << 28
VEC, BLOCK = 4, 256

# Two vectors loaded before either is computed: twice the bytes in flight per thread.
PIPELINED = r'''
namespace probe {
template <int VEC, typename... Roles, typename C, typename Body>
__device__ __forceinline__ void two_in_flight(const ga::ew::Pointers<sizeof...(Roles)>& p, C n, const Body& body) {
  char* const* ptr = p.data;
  const C nvec = n / VEC, tid = ga::ew::thread_rank<C>(), nthreads = ga::ew::thread_count<C>();
  ga::ew::FrameOf<VEC, Roles...> f0, f1;
  f0.prepare(ptr);
  f1.prepare(ptr);
  C v = tid;
  for (; v + nthreads < nvec; v += 2 * nthreads) {
    f0.load_vec(ptr, v);
    f1.load_vec(ptr, v + nthreads);
#pragma unroll
    for (int j = 0; j < VEC; ++j) f0.apply(body, j, v * VEC + j);
#pragma unroll
    for (int j = 0; j < VEC; ++j) f1.apply(body, j, (v + nthreads) * VEC + j);
    f0.store_vec(ptr, v);
    f1.store_vec(ptr, v + nthreads);
  }
  if (v < nvec) {
    f0.load_vec(ptr, v);
#pragma unroll
    for (int j = 0; j < VEC; ++j) f0.apply(body, j, v * VEC + j);
    f0.store_vec(ptr, v);
  }
}
}  // namespace probe
'''


def gbs(op, nbytes):
    return nbytes / (gpu_ms(op, xp) * 1e-3) / 1e9


def main():
    a, b, out = (xp.ones(N, dtype=numpy.float32) for _ in range(3))
    sms = xp.cuda.Device().attributes["MultiProcessorCount"]
    print(f"device copy: {gbs(lambda: out.data.copy_from_device(a.data, 4 * N), 8 * N):.0f} GB/s")
    print(f"gpuarray sin: {gbs(lambda: xp.sin(a, out=out), 8 * N):.0f} GB/s, "
          f"add: {gbs(lambda: xp.add(a, b, out=out), 12 * N):.0f} GB/s")
    try:
        import torch
        t, to = torch.ones(N, device="cuda"), torch.empty(N, device="cuda")
        torch.sin(t, out=to)
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(20):
            torch.sin(t, out=to)
        end.record()
        end.synchronize()
        print(f"torch sin: {8 * N * 20 / (start.elapsed_time(end) * 1e-3) / 1e9:.0f} GB/s")
        del t, to
    except ImportError:
        pass
    grids = {f"{k}/SM": sms * k for k in (4, 8, 16, 32)}
    grids["one pass"] = -(-N // (VEC * BLOCK))
    for name, inputs in (("sin", [a]), ("add", [a, b])):
        info = source_for(name, n=N, addresses=[x.data.ptr for x in inputs] + [out.data.ptr])
        args = [numpy.frombuffer(p, dtype=f"V{len(p)}")[0] for p in info["params"]]
        nbytes = 4 * N * (len(inputs) + 1)
        engine = info["source"]
        head, call = engine.split('extern "C"', 1)
        pipelined = head + PIPELINED + 'extern "C"' + call.replace("ga::ew::contiguous_kernel<", "probe::two_in_flight<")
        for loop, src in (("engine loop", engine), ("two in flight", pipelined)):
            kernel = xp.RawModule(code=src, options=("-std=c++17", "-fmad=false")).get_function(info["kernel_name"])
            row = ", ".join(f"{g}: {gbs(lambda: kernel((grid,), (BLOCK,), args), nbytes):.0f}"
                            for g, grid in grids.items())
            print(f"{name} {loop:14s} GB/s  {row}  (engine grid {info['grid']})", flush=True)


if __name__ == "__main__":
    main()
