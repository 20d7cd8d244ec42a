# SPDX-License-Identifier: BSD-3-Clause
"""Random numbers: the bulk normal stream written straight into pool memory
(judged as write bandwidth), and legacy rand() in float64 (the bulk uniform
stream). benchmarks/random_bulk_variants.py times the bulk kernels' launch
shapes."""
import numpy

from benchmarks.registry import case

AREA = "random"
N = 2**28  # float32 normals: 1 GiB written
M = 2**26  # float64 uniforms: 512 MiB written

normal = case(AREA, "default_rng().standard_normal(2^28, float32)", "device", unit="ms", bytes_moved=4 * N,
              target="≥ 2115 GB/s")
rand = case(AREA, "random.rand(2^26) float64", "device", unit="ms", target="≤ 1.1 ms")


@normal.on("gpuarray", "cupy")
def normal_arrays(xp):
    rng = xp.random.default_rng(0)
    return lambda: rng.standard_normal(N, dtype=numpy.float32)


@normal.on("torch")
def normal_tensors(torch):
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
