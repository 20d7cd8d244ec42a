# SPDX-License-Identifier: BSD-3-Clause
"""Where a first `sin(a) * 2 + 1` spends its time in a new process with an
empty kernel cache (run on a GPU machine).

Each stage runs in the same fresh process, in order: the CUDA context, NVRTC's
first (trivial) compile, the bare NVRTC compile of sin's kernel source with the
engine's options, then the engine's first sin(a) (which compiles that source
again through the cache), *2, +1, and the same three ops again (all cached)."""
import os
import subprocess
import sys
import tempfile

CHILD = r"""
import os, time
t0 = time.perf_counter()
import numpy
import gpuarray as xp
from gpuarray import _core
def timed(label, fn):
    begin = time.perf_counter()
    r = fn()
    xp.cuda.Device().synchronize()
    print(f"{label:44s} {(time.perf_counter() - begin) * 1e3:8.1f} ms", flush=True)
    return r
print(f"{'import gpuarray':44s} {(time.perf_counter() - t0) * 1e3:8.1f} ms")
a = timed("xp.ones(1024) (context, first allocation)", lambda: xp.ones(1024, dtype=numpy.float32))
include = os.path.join(os.path.dirname(xp.__file__), "_include")
options = ["-std=c++17", "-fmad=false", "-arch=sm_90", "-I" + include, "-minimal"]
trivial = 'extern "C" __global__ void k(float* p) { p[0] = 1; }'
timed("NVRTC first compile (trivial kernel)", lambda: _core._nvrtc_compile_check(trivial, "t.cu", options))
timed("NVRTC second compile (trivial kernel)", lambda: _core._nvrtc_compile_check(trivial, "t.cu", options))
f4 = numpy.dtype("f4")
def source(name, scalar=None):
    types = _core._ufunc_info(name)["types"]
    sig = "ff->f" if scalar is not None else "f->f"
    op = _core._ufunc_loop_op(name, types.index(sig), [f4] * len(sig[:-3]), [f4], [False, scalar is not None])
    operands = [((1024,), (4,), f4, 1 << 40, False), ((1024,), (4,), f4, 1 << 41, True)]
    extra = [(f4, numpy.float32(scalar).tobytes())] if scalar is not None else []
    return _core._elementwise_kernel(operands, *op, extra)["source"]
for name, scalar in (("sin", None), ("multiply", 2.0), ("add", 1.0)):
    src = source(name, scalar)
    r = timed(f"bare NVRTC compile: {name} source", lambda: _core._nvrtc_compile_check(src, "k.cu", options))
    assert r["ok"], r["log"]
s = timed("engine: sin(a) (first)", lambda: xp.sin(a))
m = timed("engine: s * 2 (first)", lambda: s * 2)
timed("engine: m + 1 (first)", lambda: m + 1)
timed("engine: sin(a) * 2 + 1 (cached)", lambda: xp.sin(a) * 2 + 1)
timed("engine: cos(a) (first)", lambda: xp.cos(a))
"""


def main():
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, GPUARRAY_CACHE_DIR=cache, CUDA_CACHE_DISABLE="1")
        subprocess.run([sys.executable, "-c", CHILD], env=env, check=True)


if __name__ == "__main__":
    main()
