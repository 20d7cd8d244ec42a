# SPDX-License-Identifier: BSD-3-Clause
"""Reductions: bandwidth of a whole-array sum and of sums over either axis of
a square matrix, the host overhead of a tiny sum, and the first sum of a
fresh process (its kernels prebuilt at install time)."""
import numpy

from benchmarks.registry import Script, case

AREA = "reductions"
N = 2**28  # float32 elements: 1 GiB
SIDE = 2**14

whole = case(AREA, "sum float32 2^28", "device", unit="ms", bytes_moved=4 * N, target="≥ 0.9 × copy bandwidth")
axis0 = case(AREA, "sum(axis=0) float32 16384x16384", "device", unit="ms", bytes_moved=4 * N,
             target="≥ 0.9 × copy bandwidth")
axis1 = case(AREA, "sum(axis=1) float32 16384x16384", "device", unit="ms", bytes_moved=4 * N,
             target="≥ 0.9 × copy bandwidth")


@whole.on("gpuarray", "cupy")
def sum_whole(xp):
    a = xp.ones(N, dtype=numpy.float32)
    return lambda: a.sum()


@whole.on("torch")
def sum_whole_tensor(torch):
    a = torch.ones(N, dtype=torch.float32, device="cuda")
    return lambda: a.sum()


def _matrix_sum(axis):
    def arrays(xp):
        a = xp.ones((SIDE, SIDE), dtype=numpy.float32)
        return lambda: a.sum(axis=axis)

    def tensors(torch):
        a = torch.ones(SIDE, SIDE, dtype=torch.float32, device="cuda")
        return lambda: a.sum(dim=axis)
    return arrays, tensors


for _case, _axis in ((axis0, 0), (axis1, 1)):
    _arrays, _tensors = _matrix_sum(_axis)
    _case.on("gpuarray", "cupy")(_arrays)
    _case.on("torch")(_tensors)

tiny_sum = case(AREA, "a.sum(), 1 element", "host", unit="µs", target="≤ 5 µs")


@tiny_sum.on("gpuarray", "cupy")
def tiny_sum_array(xp):
    a = xp.ones(1, dtype=numpy.float32)
    return lambda: a.sum()


@tiny_sum.on("torch")
def tiny_sum_tensor(torch):
    a = torch.ones(1, device="cuda")
    return lambda: a.sum()


# Issue 25's cold start: the first `a.sum()` of a fresh process with an empty
# kernel cache, its kernels prebuilt at install time (Note [Prebuilt kernels]).
FIRST_SUM = """\
import time
import numpy
import {name} as xp
a = xp.ones(1 << 20, dtype=numpy.float32)
xp.cuda.Device().synchronize()  # the CUDA context exists now: its creation is not timed
begin = time.perf_counter()
r = a.sum()
xp.cuda.Device().synchronize()
print(time.perf_counter() - begin)
"""

cold_sum = case(AREA, "first a.sum() of 2^20 float32, empty cache", "process", unit="ms", target="≤ 5 ms")


@cold_sum.on("gpuarray", "cupy")
def first_sum(module, scratch):
    env = {"GPUARRAY_CACHE_DIR": str(scratch), "CUPY_CACHE_DIR": str(scratch), "CUDA_CACHE_DISABLE": "1"}
    return Script(FIRST_SUM.format(name=module.__name__), env)
