# SPDX-License-Identifier: BSD-3-Clause
"""Sorting: sort and argsort of 2^26 random float32 values. The targets are
CuPy's times on an H100 (the registry's relative targets refer to other
cases' gpuarray results, not to another library's, so they are absolute)."""
import numpy

from benchmarks.registry import case

AREA = "sorting"
N = 2**26


def _random_host():
    return numpy.random.default_rng(0).random(N, dtype=numpy.float32)


sort = case(AREA, "sort float32 2^26", "device", unit="ms", target="≤ 1.8 ms")


@sort.on("gpuarray", "cupy")
def sort_array(xp):
    a = xp.asarray(_random_host())
    return lambda: xp.sort(a)


@sort.on("torch")
def sort_tensor(torch):
    a = torch.rand(N, dtype=torch.float32, device="cuda")
    return lambda: torch.sort(a).values


argsort = case(AREA, "argsort float32 2^26", "device", unit="ms", target="≤ 3.1 ms")


@argsort.on("gpuarray", "cupy")
def argsort_array(xp):
    a = xp.asarray(_random_host())
    return lambda: xp.argsort(a)


@argsort.on("torch")
def argsort_tensor(torch):
    a = torch.rand(N, dtype=torch.float32, device="cuda")
    return lambda: torch.argsort(a)
