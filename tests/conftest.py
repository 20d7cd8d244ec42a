# SPDX-License-Identifier: BSD-3-Clause
"""Tests marked `gpu` need a CUDA device; elsewhere they are skipped with the reason.

Every test must leave the process-wide settings below as it found them: with
pytest-xdist a worker runs any mix of tests in one process, so a setting left
behind would change the tests that follow it there."""
import os

# Note [BLAS threads under pytest-xdist]: NumPy's BLAS starts one thread per
# core in every process, so n workers run n × cores threads and the linalg
# files crawl: test_linalg_accuracy.py took ~320 s beside other files that way
# on a 16-core H100 machine and 32 s with 8 threads (2026-11-26). A worker
# caps its pool before NumPy loads BLAS; a value set by the user wins.
if "PYTEST_XDIST_WORKER" in os.environ:
    os.environ.setdefault("OMP_NUM_THREADS", "2")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", os.environ["OMP_NUM_THREADS"])

import numpy  # noqa: E402  (after the thread cap above)
import pytest

import gpuarray
from gpuarray import cuda
from gpuarray.cuda import compiler, memory
from gpu_presence import HAVE_GPU  # Note [Test helper modules]


def pytest_collection_modifyitems(config, items):
    if HAVE_GPU:
        return
    skip = pytest.mark.skip(
        reason="needs a CUDA device: gpuarray.cuda.is_available() is False on this machine")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


def pytest_report_header(config):
    if not HAVE_GPU:
        return "gpuarray: no CUDA device; GPU tests are skipped"
    props = gpuarray.cuda.runtime.getDeviceProperties(0)
    return f"gpuarray: {props['name'].decode()} (compute capability {props['major']}.{props['minor']})"


def _set_plan_cache_limits(limits):
    cache = gpuarray.fft.config.get_plan_cache()
    cache.set_size(limits[0])
    cache.set_memsize(limits[1])


def _settings():
    """{name: (value, restore)} of the settings a test may change. The device
    ones are read only where there is a device (reading them needs one); the
    device comes first, since the others are read and restored on it."""
    settings = {
        "NumPy's error handling": (numpy.geterr(), lambda v: numpy.seterr(**v)),
        "NumPy's print options": (numpy.get_printoptions(), lambda v: numpy.set_printoptions(**v)),
        "the allocator": (memory.get_allocator(), memory.set_allocator),
        "the pinned-memory allocator": (memory._current_pinned_allocator, memory.set_pinned_memory_allocator),
        # Read from $GPUARRAY_CACHE_DIR at first use: forgetting it reads the variable again.
        "the kernel-cache folder": (compiler.get_cache_dir(), lambda v: compiler._reset_cache()),
    }
    if HAVE_GPU:
        cache = gpuarray.fft.config.get_plan_cache()
        settings = {
            "the current device": (cuda.runtime.getDevice(), lambda v: cuda.Device(v).use()),
            "the current stream": (cuda.get_current_stream(), lambda v: v.use()),
            "the default pool's limit": (memory.get_default_memory_pool().get_limit(),
                                         lambda v: memory.get_default_memory_pool().set_limit(size=v)),
            "the FFT plan cache's limits": ((cache.get_size(), cache.get_memsize()), _set_plan_cache_limits),
            "TF32": (gpuarray.linalg.get_tf32(), gpuarray.linalg.set_tf32),
            **settings,
        }
    return settings


@pytest.fixture(autouse=True)
def _leaves_the_settings_as_it_found_them():
    before = _settings()
    yield
    after = _settings()
    changed = [name for name in before if after[name][0] != before[name][0]]
    for name in changed:
        before[name][1](before[name][0])
    if changed:
        pytest.fail("the test left behind a changed setting: " + "; ".join(
            f"{name} was {before[name][0]!r}, is {after[name][0]!r}" for name in changed))
