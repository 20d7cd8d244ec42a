# SPDX-License-Identifier: BSD-3-Clause
"""Where NVRTC spends the compile time of generated ufunc kernels (float32
unless named, contiguous): the front end alone (-fdevice-syntax-only), up to
PTX (a virtual arch: front end + NVVM), and up to a cubin (+ ptxas), with a
trivial kernel as the floor. Runs without a GPU; timings are this host's."""
import sys
import time
from pathlib import Path

import numpy

TESTS = Path(__file__).resolve().parents[2] / "tests"
sys.path[:0] = [str(TESTS / "engine"), str(TESTS)]
from gpuarray import _core  # noqa: E402
from test_elementwise_codegen import PACKAGE_INCLUDE, cuda_include_dir, operand  # noqa: E402

COMMON = ["--std=c++17", "-fmad=false", "-minimal", f"-I{PACKAGE_INCLUDE}", f"-I{cuda_include_dir()}"]
STAGES = {"front end": ["-arch=compute_90", "-fdevice-syntax-only"],
          "to PTX": ["-arch=compute_90"],
          "to cubin": ["-arch=sm_90"]}
TRIVIAL = 'extern "C" __global__ void k(float* p) { p[threadIdx.x] = 1.0f; }'


def source_for(name, dtype="f4", scalar_second=False, n=1024, addresses=None):
    """The engine's kernel dict (source, kernel_name, grid, block, params) for
    ufunc `name` on contiguous operands of `n` elements at `addresses`."""
    dt = numpy.dtype(dtype)
    c = dt.char
    types = _core._ufunc_info(name)["types"]
    binary = f"{c}{c}->{c}" in types
    loop = types.index(f"{c}{c}->{c}" if binary else f"{c}->{c}")
    scalars = [False, scalar_second] if binary else [False]
    op = _core._ufunc_loop_op(name, loop, [dt] * len(scalars), [dt], scalars)
    outputs = [s for s in scalars if not s] + [True]
    addresses = addresses or [(k + 1) << 40 for k in range(len(outputs))]
    arrays = [operand((n,), dt, is_out, addr=addr) for is_out, addr in zip(outputs, addresses)]
    values = [(dt, numpy.asarray(2, dt).tobytes())] if scalar_second else []
    return _core._elementwise_kernel(arrays, *op, values)


def source(name, dtype="f4", scalar_second=False, n=1024):
    return source_for(name, dtype, scalar_second, n)["source"]


def best_ms(src, options, repeat=3):
    times = []
    for _ in range(repeat):
        result = _core._nvrtc_compile_check(src, "kernel.cu", options)
        assert result["ok"], result["log"]
        times.append(result["milliseconds"])
    return min(times)


def main():
    cases = {"trivial": TRIVIAL, "negative": source("negative"), "a * 2": source("multiply", scalar_second=True),
             "a + b": source("add"), "sin": source("sin"), "sin, 1 element": source("sin", n=1),
             "exp": source("exp"), "sin float64": source("sin", "f8"), "arctan2": source("arctan2")}
    print(f"{'kernel':18s}" + "".join(f"{s:>12s}" for s in STAGES) + "   (ms, best of 3)")
    for name, src in cases.items():
        print(f"{name:18s}" + "".join(f"{best_ms(src, COMMON + opts):12.1f}" for opts in STAGES.values()), flush=True)


if __name__ == "__main__":
    main()
