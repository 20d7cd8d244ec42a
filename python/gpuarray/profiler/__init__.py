# SPDX-License-Identifier: BSD-3-Clause
"""Timing and profiling, as ``cupyx.profiler``: `benchmark`, `time_range`
(NVTX ranges) and `profile` (the CUDA profiler's collection switch); the
``%gpu_timeit`` IPython magic loads with ``%load_ext gpuarray.profiler``."""
from gpuarray.profiler._benchmark import BenchmarkResult, benchmark
from gpuarray.profiler._ipython import load_ipython_extension
from gpuarray.profiler._time_range import profile, time_range

__all__ = ["BenchmarkResult", "benchmark", "load_ipython_extension", "profile", "time_range"]
