# SPDX-License-Identifier: BSD-3-Clause
"""Compile time and bandwidth of generated ufunc kernels under other NVRTC
options (run on a GPU machine): before an option joins the generated kernels'
option list, it must keep their bandwidth. Each kernel is the engine's own
source for a 2**28-element float32 operation, compiled through RawModule with
the option set and launched with the engine's grid and parameters."""
import sys
from pathlib import Path

import numpy

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gpuarray as xp  # noqa: E402
from gpuarray import _core  # noqa: E402
from compile_times import source_for  # noqa: E402

N = 1 << 28
BASE = ("-std=c++17", "-fmad=false")
OPTION_SETS = {"engine options": BASE, "--Ofast-compile=min": BASE + ("--Ofast-compile=min",)}


def bandwidth(kernel, grid, block, args, nbytes, repeat=20):
    start, end = xp.cuda.Event(), xp.cuda.Event()
    kernel((grid,), (block,), args)
    start.record()
    for _ in range(repeat):
        kernel((grid,), (block,), args)
    end.record()
    end.synchronize()
    return nbytes * repeat / (xp.cuda.get_elapsed_time(start, end) * 1e-3) / 1e9


def main():
    a = xp.ones(N, dtype=numpy.float32)
    b = xp.ones(N, dtype=numpy.float32)
    out = xp.empty(N, dtype=numpy.float32)
    cases = {"add": (["add"], [a, b]), "sin": (["sin"], [a]), "exp": (["exp"], [a])}
    print(f"{'kernel':8s}{'options':24s}{'compile ms':>12s}{'GB/s':>10s}")
    for name, (ufunc, inputs) in cases.items():
        info = source_for(ufunc[0], n=N, addresses=[x.data.ptr for x in inputs] + [out.data.ptr])
        args = [numpy.frombuffer(p, dtype=f"V{len(p)}")[0] for p in info["params"]]
        nbytes = 4 * N * (len(inputs) + 1)
        for label, options in OPTION_SETS.items():
            compiled = _core._nvrtc_compile_check(info["source"], "k.cu", list(options) + ["-arch=sm_90", "-minimal",
                                                  "-I" + str(Path(xp.__file__).parent / "_include")])
            kernel = xp.RawModule(code=info["source"], options=options).get_function(info["kernel_name"])
            gbs = bandwidth(kernel, info["grid"], info["block"], args, nbytes)
            print(f"{name:8s}{label:24s}{compiled['milliseconds']:12.1f}{gbs:10.0f}", flush=True)


if __name__ == "__main__":
    main()
