# SPDX-License-Identifier: BSD-3-Clause
"""The cuFFT plan cache's logic without a device: tests/engine/cpp/fft_plan_cache_stub.cpp
links cpp/libs/fft_plan_cache.cpp against a stub cuFFT that checks every handle is
made and destroyed once, and runs the limit, eviction and info() sequences (the
one that crashed a GPU run among them) under AddressSanitizer where the compiler
has it. Needs a source checkout, a host C++ compiler and the CUDA headers."""
import os
import shutil
import subprocess

import pytest

import gpuarray

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCES = [os.path.join(ROOT, "tests", "engine", "cpp", "fft_plan_cache_stub.cpp"),
           os.path.join(ROOT, "cpp", "libs", "fft_plan_cache.cpp")]
SANITIZERS = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer"]


def cuda_include_dir():
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if root and os.path.exists(os.path.join(root, "include", "cufft.h")):
            return os.path.join(root, "include")
    nvcc = shutil.which("nvcc")
    if nvcc:
        inc = os.path.join(os.path.dirname(os.path.dirname(nvcc)), "include")
        if os.path.exists(os.path.join(inc, "cufft.h")):
            return inc
    return None


def build(tmp_path):
    compiler = shutil.which("c++") or shutil.which("g++")
    if compiler is None:
        pytest.skip("no host C++ compiler")
    if not all(os.path.exists(s) for s in SOURCES):
        pytest.skip("not a source checkout (cpp/ and tests/engine/cpp/ are needed)")
    cuda_inc = cuda_include_dir()
    if cuda_inc is None:
        pytest.skip("the CUDA toolkit headers (cufft.h) were not found: set CUDA_HOME")
    package = os.path.dirname(gpuarray.__file__)
    if not os.path.exists(os.path.join(package, "libgpuarray_engine.so")):
        pytest.skip("libgpuarray_engine.so is not beside the package")
    exe = tmp_path / "fft_plan_cache_stub"
    command = [compiler, "-std=c++17", "-O1", "-g", f"-I{os.path.join(ROOT, 'cpp')}", f"-I{cuda_inc}", *SOURCES,
               f"-L{package}", "-l:libgpuarray_engine.so", f"-Wl,-rpath,{package}", "-o", str(exe)]
    result = subprocess.run(command[:1] + SANITIZERS + command[1:], capture_output=True, text=True)
    if result.returncode != 0:  # a compiler without the sanitizers: the checks still run
        subprocess.run(command, check=True, capture_output=True, text=True)
    return exe


def test_plan_cache_logic(tmp_path):
    exe = build(tmp_path)
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0", UBSAN_OPTIONS="halt_on_error=1")
    result = subprocess.run([str(exe)], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stdout + result.stderr
