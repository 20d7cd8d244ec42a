# SPDX-License-Identifier: BSD-3-Clause
"""The engine's strided kernel for a[::2] + b[::2] (float32, 2^28 results)
compiled through RawModule with the generated kernels' NVRTC options, with
--Ofast-compile=min, and with other launch bounds' register limits:
registers and GB/s (logical bytes: 12 per result), against the engine's own
call and the contiguous add. Decides whether strided kernels keep
--Ofast-compile=min (tiled kernels lost 37% to it: benchmarks/probes/tiled_copy_probe.py)."""
import os
import sys
from pathlib import Path

import numpy

import gpuarray as xp
from gpuarray import _core

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
TESTS = Path(__file__).resolve().parents[2] / "tests"
sys.path[:0] = [str(TESTS / "engine"), str(TESTS)]
from probe_timing import gpu_ms  # noqa: E402
from test_elementwise_codegen import operand  # noqa: E402

N = 1 << 28
BASE = ("-std=c++17", "-fmad=false")
VARIANTS = {"engine options": BASE + ("--Ofast-compile=min",), "without --Ofast-compile": BASE,
            "without, -maxrregcount=32": BASE + ("-maxrregcount=32",)}


def main():
    f4 = numpy.dtype(numpy.float32)
    a = xp.ones(2 * N, dtype=f4)
    b = xp.ones(2 * N, dtype=f4)
    out = xp.empty(N, dtype=f4)
    types = _core._ufunc_info("add")["types"]
    op = _core._ufunc_loop_op("add", types.index("ff->f"), [f4, f4], [f4], [False, False])
    info = _core._elementwise_kernel([operand((N,), f4, strides=(8,), addr=a.data.ptr),
                                      operand((N,), f4, strides=(8,), addr=b.data.ptr),
                                      operand((N,), f4, out=True, addr=out.data.ptr)], *op)
    args = [numpy.frombuffer(p, dtype=f"V{len(p)}")[0] for p in info["params"]]
    gb = 12 * N / 1e9
    include = "-I" + str(Path(xp.__file__).parent / "_include")
    for label, options in VARIANTS.items():
        kernel = xp.RawModule(code=info["source"], options=options + (include,)).get_function(info["kernel_name"])
        out.fill(0)
        ms = gpu_ms(lambda: kernel((info["grid"],), (info["block"],), args), xp)
        ok = bool((out.get() == 2).all())
        print(f"{label:28s} {kernel.num_regs:3d} registers  {ms:.3f} ms  {gb / ms * 1e3:6.0f} GB/s  "
              f"{'ok' if ok else 'WRONG'}", flush=True)
    ms = gpu_ms(lambda: xp.add(a[::2], b[::2]), xp)
    print(f"{'engine a[::2] + b[::2]':28s}      {ms:.3f} ms  {gb / ms * 1e3:6.0f} GB/s")
    c, d = a[:N], b[:N]
    ms = gpu_ms(lambda: c + d, xp)
    print(f"{'engine contiguous add':28s}      {ms:.3f} ms  {gb / ms * 1e3:6.0f} GB/s")


if __name__ == "__main__":
    main()
