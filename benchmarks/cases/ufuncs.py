# SPDX-License-Identifier: BSD-3-Clause
"""Ufuncs: bandwidth of large elementwise ops (contiguous, strided, broadcast),
host overhead of tiny ones, and the cold start of a first expression."""
import numpy

from benchmarks.registry import Script, case

AREA = "ufuncs"
N = 2**28  # float32 elements: 1 GiB per array
SIDE = 2**14

add = case(AREA, "add float32 2^28", "device", unit="ms", bytes_moved=3 * 4 * N,
           target="≥ 0.95 × copy bandwidth", reference="add bandwidth")


@add.on("gpuarray", "cupy")
def add_arrays(xp):
    a, b = xp.ones(N, dtype=numpy.float32), xp.ones(N, dtype=numpy.float32)
    return lambda: a + b


@add.on("torch")
def add_tensors(torch):
    a, b = torch.ones(N, dtype=torch.float32, device="cuda"), torch.ones(N, dtype=torch.float32, device="cuda")
    return lambda: a + b


sin = case(AREA, "sin float32 2^28", "device", unit="ms", bytes_moved=2 * 4 * N, target="≥ 0.95 × copy bandwidth")


@sin.on("gpuarray", "cupy")
def sin_array(xp):
    a = xp.ones(N, dtype=numpy.float32)
    return lambda: xp.sin(a)


@sin.on("torch")
def sin_tensor(torch):
    a = torch.ones(N, dtype=torch.float32, device="cuda")
    return lambda: torch.sin(a)


strided = case(AREA, "add float32 strided a[::2] + b[::2]", "device", unit="ms", bytes_moved=3 * 4 * N,
               target="≥ 0.67 × add bandwidth")


@strided.on("gpuarray", "cupy")
def add_strided(xp):
    a, b = xp.ones(2 * N, dtype=numpy.float32), xp.ones(2 * N, dtype=numpy.float32)
    return lambda: a[::2] + b[::2]


@strided.on("torch")
def add_strided_tensors(torch):
    a, b = torch.ones(2 * N, dtype=torch.float32, device="cuda"), torch.ones(2 * N, dtype=torch.float32, device="cuda")
    return lambda: a[::2] + b[::2]


# Rows cut out of wider arrays: strided operands whose every fetched byte is
# used, unlike a[::2], where each 32-byte sector read carries 16 bytes used.
sliced = case(AREA, "add float32 a[:, 1:] + b[:, 1:] (16384, 16385)", "device", unit="ms", bytes_moved=3 * 4 * N,
              target="≥ 0.67 × add bandwidth")


@sliced.on("gpuarray", "cupy")
def add_sliced(xp):
    a, b = xp.ones((SIDE, SIDE + 1), dtype=numpy.float32), xp.ones((SIDE, SIDE + 1), dtype=numpy.float32)
    return lambda: a[:, 1:] + b[:, 1:]


@sliced.on("torch")
def add_sliced_tensors(torch):
    a, b = torch.ones(SIDE, SIDE + 1, device="cuda"), torch.ones(SIDE, SIDE + 1, device="cuda")
    return lambda: a[:, 1:] + b[:, 1:]


transposed = case(AREA, "add float32 a.T + b (16384, 16384)", "device", unit="ms", bytes_moved=3 * 4 * N,
                  target="≥ 0.67 × add bandwidth")


@transposed.on("gpuarray", "cupy")
def add_transposed(xp):
    a, b = xp.ones((SIDE, SIDE), dtype=numpy.float32), xp.ones((SIDE, SIDE), dtype=numpy.float32)
    return lambda: a.T + b


@transposed.on("torch")
def add_transposed_tensors(torch):
    a, b = torch.ones(SIDE, SIDE, device="cuda"), torch.ones(SIDE, SIDE, device="cuda")
    return lambda: a.T + b


broadcast = case(AREA, "add float32 (16384, 16384) + (16384,)", "device", unit="ms", bytes_moved=2 * 4 * N,
                 target="≥ 0.67 × add bandwidth")


@broadcast.on("gpuarray", "cupy")
def add_broadcast(xp):
    a, b = xp.ones((SIDE, SIDE), dtype=numpy.float32), xp.ones(SIDE, dtype=numpy.float32)
    return lambda: a + b


@broadcast.on("torch")
def add_broadcast_tensors(torch):
    a, b = torch.ones(SIDE, SIDE, dtype=torch.float32, device="cuda"), torch.ones(SIDE, dtype=torch.float32, device="cuda")
    return lambda: a + b


tiny_add = case(AREA, "a + b, 1 element", "host", unit="µs", target="≤ 4 µs")


@tiny_add.on("gpuarray", "cupy")
def tiny_add_arrays(xp):
    a, b = xp.ones(1, dtype=numpy.float32), xp.ones(1, dtype=numpy.float32)
    return lambda: a + b


@tiny_add.on("torch")
def tiny_add_tensors(torch):
    a, b = torch.ones(1, device="cuda"), torch.ones(1, device="cuda")
    return lambda: a + b


tiny_sin = case(AREA, "sin(a), 1 element", "host", unit="µs", target="≤ 4 µs")


@tiny_sin.on("gpuarray", "cupy")
def tiny_sin_array(xp):
    a = xp.ones(1, dtype=numpy.float32)
    return lambda: xp.sin(a)


@tiny_sin.on("torch")
def tiny_sin_tensor(torch):
    a = torch.ones(1, device="cuda")
    return lambda: torch.sin(a)


FIRST_EXPRESSION = """\
import time
import numpy
import {name} as xp
a = xp.ones(1024, dtype=numpy.float32)
xp.cuda.Device().synchronize()  # the CUDA context exists now: its creation is not timed
begin = time.perf_counter()
r = xp.sin(a) * 2 + 1
xp.cuda.Device().synchronize()
print(time.perf_counter() - begin)
"""

cold_expression = case(AREA, "first sin(a) * 2 + 1, empty cache", "process", unit="ms", target="≤ 150 ms")
# The same without the kernels installed with the package (Note [Prebuilt
# kernels]): what a call outside the prebuilt set costs, every kernel from NVRTC.
jit_expression = case(AREA, "first sin(a) * 2 + 1, empty cache, nothing prebuilt", "process", unit="ms",
                      target="≤ 150 ms")
cached_expression = case(AREA, "first sin(a) * 2 + 1, disk cache", "process", unit="ms", target="≤ 10 ms",
                         prime_runs=1)


@cold_expression.on("gpuarray", "cupy")
@cached_expression.on("gpuarray", "cupy")
def first_expression(module, scratch):
    env = {"GPUARRAY_CACHE_DIR": str(scratch), "CUPY_CACHE_DIR": str(scratch), "CUDA_CACHE_DISABLE": "1"}
    return Script(FIRST_EXPRESSION.format(name=module.__name__), env)


@jit_expression.on("gpuarray")
def first_expression_compiled(module, scratch):
    env = {"GPUARRAY_CACHE_DIR": str(scratch), "GPUARRAY_PREBUILT_KERNELS": "0", "CUDA_CACHE_DISABLE": "1"}
    return Script(FIRST_EXPRESSION.format(name=module.__name__), env)
