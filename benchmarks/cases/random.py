# SPDX-License-Identifier: BSD-3-Clause
"""Random numbers: the bulk normal stream written straight into pool memory
(judged as write bandwidth: by an absolute rate for standard_normal, against
a memset of as many bytes for normal(dtype=float32), issue #33), and legacy
rand() in float64 (the bulk uniform stream). benchmarks/random_bulk_variants.py
times the bulk kernels' launch shapes."""
import numpy

from benchmarks.registry import case

AREA = "random"
N = 2**28  # float32 normals: 1 GiB written
M = 2**26  # float64 uniforms: 512 MiB written
GiB = 2**30

normal = case(AREA, "default_rng().standard_normal(2^28, float32)", "device", unit="ms", bytes_moved=4 * N,
              target="≥ 2115 GB/s")
write = case(AREA, "memset 1 GiB", "device", unit="ms", bytes_moved=GiB, reference="write bandwidth")
normal_float32 = case(AREA, "normal(size=2^28, dtype=float32)", "device", unit="ms", bytes_moved=4 * N,
                      target="≥ 0.9 × write bandwidth")
rand = case(AREA, "random.rand(2^26) float64", "device", unit="ms", target="≤ 1.1 ms")


@normal.on("gpuarray", "cupy")
def normal_arrays(xp):
    rng = xp.random.default_rng(0)
    return lambda: rng.standard_normal(N, dtype=numpy.float32)


@normal.on("torch")
def normal_tensors(torch):
    g = torch.Generator(device="cuda").manual_seed(0)
    return lambda: torch.randn(N, dtype=torch.float32, device="cuda", generator=g)


@write.on("gpuarray", "cupy")
def memset_pool_memory(xp):
    a = xp.empty(GiB, dtype=numpy.uint8)
    return lambda: a.data.memset_async(0, GiB)


@write.on("torch")
def zero_tensor(torch):
    t = torch.empty(GiB, dtype=torch.uint8, device="cuda")
    return lambda: t.zero_()


@normal_float32.on("gpuarray")
def generator_normal(gpuarray):
    rng = gpuarray.random.default_rng(0)
    return lambda: rng.normal(size=N, dtype=numpy.float32)


@normal_float32.on("cupy")
def legacy_normal(cupy):
    # The comparison: CuPy's Generator.normal takes no dtype, its legacy function does.
    cupy.random.seed(0)
    return lambda: cupy.random.normal(size=N, dtype=cupy.float32)


@normal_float32.on("torch")
def normal_tensor(torch):
    g = torch.Generator(device="cuda").manual_seed(0)
    return lambda: torch.randn(N, dtype=torch.float32, device="cuda", generator=g)


@rand.on("gpuarray", "cupy")
def rand_arrays(xp):
    xp.random.seed(0)
    return lambda: xp.random.rand(M)


@rand.on("torch")
def rand_tensors(torch):
    g = torch.Generator(device="cuda").manual_seed(0)
    return lambda: torch.rand(M, dtype=torch.float64, device="cuda", generator=g)
