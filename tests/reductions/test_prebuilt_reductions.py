# SPDX-License-Identifier: BSD-3-Clause
"""Issue 25's cold start: the common reductions are prebuilt at install time
(cpp/kernels/prebuilt_kernels.cpp), so their first call in a fresh process
compiles nothing. Without a GPU: the requests match what a call makes (same
kernel names as the engine's generated sources); with one: a fresh process
whose kernel cache is empty writes nothing into it."""
import os
import pathlib
import subprocess
import sys

import pytest

from gpuarray import _core

gpu = pytest.mark.gpu
PACKAGE = pathlib.Path(_core.__file__).parent

FIRST_CALLS = """\
import numpy
import gpuarray as xp
v = xp.ones(1 << 20, dtype=numpy.float32)
m = xp.ones((1024, 1024), dtype=numpy.float64)
i = xp.arange(1001 * 999, dtype=numpy.int64).reshape(1001, 999)
b = v > 0.5
results = [v.sum(), v.max(), v.argmax(), v.mean(), m.sum(axis=0), m.sum(axis=1), m.min(axis=0), i.sum(),
           i.max(axis=1), i.argmin(axis=0), b.any(), b.all(), b.sum(), v.prod(), m.mean()]
xp.cuda.Device().synchronize()
print(float(results[0].get()))
"""


def test_prebuilt_set_holds_the_common_reductions():
    names = [name for name, *_ in _core._prebuilt_kernel_requests()]
    reductions = [n for n in names if n.startswith("ga_red_")]
    assert len(reductions) >= 90, len(reductions)
    for op in ("add", "maximum", "minimum", "argmax", "argmin", "mean", "logical_or", "logical_and", "multiply"):
        assert any(op in n for n in reductions), op


@gpu
@pytest.mark.skipif(not (PACKAGE / "_kernels").is_dir(), reason="built with GPUARRAY_PREBUILD_KERNELS=OFF")
def test_first_common_reductions_compile_nothing(tmp_path):
    env = dict(os.environ, GPUARRAY_CACHE_DIR=str(tmp_path), CUDA_CACHE_DISABLE="1")
    out = subprocess.run([sys.executable, "-c", FIRST_CALLS], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(float(1 << 20))
    written = sorted(p.name for p in tmp_path.rglob("*") if p.is_file())
    assert written == [], f"compiled at run time (not prebuilt): {written}"
