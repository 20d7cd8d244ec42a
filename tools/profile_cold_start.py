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

if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, GPUARRAY_CACHE_DIR=cache, CUDA_CACHE_DISABLE="1")
        subprocess.run([sys.executable, "-c", CHILD], env=env, check=True)
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run([sys.executable, os.path.join(here, "compile_times.py")], check=True)
