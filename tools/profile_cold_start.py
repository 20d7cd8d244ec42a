# SPDX-License-Identifier: BSD-3-Clause
"""Where a first `sin(a) * 2 + 1` spends its time in a new process with an
empty kernel cache (run on a GPU machine): each op timed alone, and the bare
NVRTC compile of each kernel's source for comparison."""
import os
import subprocess
import sys
import tempfile

CHILD = r"""
import time
import numpy
import gpuarray as xp
from gpuarray import _core
a = xp.ones(1024, dtype=numpy.float32)
xp.cuda.Device().synchronize()
def timed(label, fn):
    begin = time.perf_counter()
    r = fn()
    xp.cuda.Device().synchronize()
    print(f"{label:24s} {(time.perf_counter() - begin) * 1e3:7.1f} ms")
    return r
s = timed("sin(a)", lambda: xp.sin(a))
m = timed("s * 2", lambda: s * 2)
timed("m + 1", lambda: m + 1)
timed("again: sin(a) * 2 + 1", lambda: xp.sin(a) * 2 + 1)
b = xp.ones(1024, dtype=numpy.float64)
timed("cos(b) (float64, new)", lambda: xp.cos(b))
"""

if __name__ == "__main__" and "--stages" not in sys.argv:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, GPUARRAY_CACHE_DIR=cache, CUDA_CACHE_DISABLE="1")
        subprocess.run([sys.executable, "-c", CHILD], env=env, check=True)
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run([sys.executable, os.path.join(here, "compile_times.py")], check=True)

STAGES = r"""
import time, sys
sys.path.insert(0, "tests")
import numpy
import gpuarray as xp
from gpuarray import _core
from gpuarray.cuda import compiler
from test_elementwise_codegen import operand
a = xp.ones(1024, dtype=numpy.float32)
xp.cuda.Device().synchronize()
types = _core._ufunc_info("tan")["types"]
op = _core._ufunc_loop_op("tan", types.index("f->f"), [numpy.dtype("f4")], [numpy.dtype("f4")], [])
src = _core._elementwise_kernel([operand((1024,), "f4"), operand((1024,), "f4", True)], *op, [])["source"]
name = [l for l in src.splitlines() if l.startswith("extern")][0].split("(")[0].split()[-1]
def t(label, fn):
    b = time.perf_counter(); r = fn(); print(f"{label:34s} {(time.perf_counter() - b) * 1e3:7.1f} ms"); return r
t("nvrtc compile check (tan)", lambda: _core._nvrtc_compile_check(src, "k.cu", ["-std=c++17", "-fmad=false", "-arch=sm_90", "-I" + _core.kernel_cache_dir()]))
binary = t("compile_with_cache (new key)", lambda: compiler.compile_with_cache(src, options=("-std=c++17", "-fmad=false", "-DX=1")))
mod = t("RawModule(code) + get_function", lambda: xp.RawModule(code=src, options=("-std=c++17", "-fmad=false", "-DY=1")).get_function(name))
t("xp.tan(a) (engine, new kernel)", lambda: (xp.tan(a), xp.cuda.Device().synchronize()))
"""


def stages():
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, GPUARRAY_CACHE_DIR=cache, CUDA_CACHE_DISABLE="1")
        subprocess.run([sys.executable, "-c", STAGES], env=env, check=True)


if __name__ == "__main__" and "--stages" in sys.argv:
    stages()
