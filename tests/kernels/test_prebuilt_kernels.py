# SPDX-License-Identifier: BSD-3-Clause
"""The kernels compiled at install time (Note [Prebuilt kernels] in
cpp/jit/disk_cache.hpp): the package holds them, and a new process with an
empty kernel cache runs the common ufunc calls without compiling anything."""
import os
import pathlib
import subprocess
import sys

import pytest

import gpuarray

PREBUILT = pathlib.Path(gpuarray.__file__).parent / "_kernels"
needs_prebuilt = pytest.mark.skipif(not PREBUILT.is_dir(),
                                    reason="built with GPUARRAY_PREBUILD_KERNELS=OFF: no gpuarray/_kernels")


@needs_prebuilt
def test_the_package_holds_cache_files():
    # One folder per architecture (tests/core/test_packaging.py checks each).
    files = sorted(next(PREBUILT.glob("sm_*")).glob("*.kernel"))
    # Every one-input ufunc on float32/float64, every two-input one in three forms on three
    # dtypes, fills, aranges and casts.
    assert len(files) > 400
    assert not [p for p in PREBUILT.rglob("*") if p.is_file() and p.suffix != ".kernel"], "temporary files left behind"
    for path in files[:20]:
        assert path.read_bytes()[:8] == b"GAKERNEL"


CALLS = """\
import numpy, gpuarray as xp
# linspace is not in the prebuilt set: host copies instead.
f = xp.asarray(numpy.linspace(0, 1, 1000, dtype=numpy.float32))
d = xp.asarray(numpy.linspace(0.1, 1, 1000))
i = xp.arange(1000)
r = (xp.sin(f) * 2 + 1, xp.exp(d) - d, 2.5 / d, i * 3, i < 7, xp.maximum(f, f), xp.isnan(d),
     xp.ones(1000, numpy.float32), xp.full(1000, 2.5), f.astype(numpy.float64), i.astype(numpy.float32))
expected = (numpy.sin(f.get()) * 2 + 1, numpy.exp(d.get()) - d.get(), 2.5 / d.get(), numpy.arange(1000) * 3,
            numpy.arange(1000) < 7, f.get(), numpy.isnan(d.get()), numpy.ones(1000, numpy.float32),
            numpy.full(1000, 2.5), f.get().astype(numpy.float64), numpy.arange(1000, dtype=numpy.float32))
for got, want in zip(r, expected):
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    numpy.testing.assert_allclose(got.get(), want, rtol=1e-6)
print("ok")
"""


def run_calls(cache_dir, **env):
    full_env = dict(os.environ, GPUARRAY_CACHE_DIR=str(cache_dir), **env)
    out = subprocess.run([sys.executable, "-c", CALLS], capture_output=True, text=True, env=full_env, timeout=300)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
    return sorted(p.name for p in cache_dir.iterdir()) if cache_dir.exists() else []


@pytest.mark.gpu
@needs_prebuilt
def test_common_calls_compile_nothing(tmp_path):
    assert run_calls(tmp_path / "cache") == []


@pytest.mark.gpu
def test_without_prebuilt_kernels_every_call_compiles(tmp_path):
    assert len(run_calls(tmp_path / "cache", GPUARRAY_PREBUILT_KERNELS="0")) >= 11
