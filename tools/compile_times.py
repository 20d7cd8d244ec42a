# SPDX-License-Identifier: BSD-3-Clause
"""NVRTC compile time of generated ufunc kernels (float32, contiguous), with and
without NVRTC's fast-compile levels. Needs no GPU: run here to see what a
first `sin(a) * 2 + 1` pays for compilation."""
import sys
import time
from pathlib import Path

import numpy

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from gpuarray import _core  # noqa: E402
from test_elementwise_codegen import PACKAGE_INCLUDE, cuda_include_dir, operand  # noqa: E402

OPTIONS = ["--gpu-architecture=sm_90", "--std=c++17", "-fmad=false", f"-I{PACKAGE_INCLUDE}",
           f"-I{cuda_include_dir()}"]
F4 = numpy.dtype(numpy.float32)


def source(name, scalar_second):
    types = _core._ufunc_info(name)["types"]
    binary = "ff->f" in types
    loop = types.index("ff->f" if binary else "f->f")
    scalars = [False, scalar_second] if binary else [False]
    op = _core._ufunc_loop_op(name, loop, [F4] * len(scalars), [F4], scalars)
    arrays = [operand((1024,), "f4") for s in scalars if not s] + [operand((1024,), "f4", True)]
    values = [(F4, numpy.float32(2).tobytes())] if scalar_second else []
    return _core._elementwise_kernel(arrays, *op, values)["source"]


def best_ms(src, options, repeat=3):
    times = []
    for _ in range(repeat):
        begin = time.perf_counter()
        result = _core._nvrtc_compile_check(src, "kernel.cu", options)
        times.append((time.perf_counter() - begin) * 1e3)
        assert result["ok"], result["log"]
    return min(times)


if __name__ == "__main__":
    cases = [("sin", False), ("multiply", True), ("add", True), ("exp", False), ("divide", False)]
    for level in (None, "min", "mid", "max"):
        options = OPTIONS + ([f"--Ofast-compile={level}"] if level else [])
        row = {name: best_ms(source(name, s), options) for name, s in cases}
        print(f"{level or 'default':8s} " + "  ".join(f"{k} {v:5.1f} ms" for k, v in row.items()))
