# SPDX-License-Identifier: BSD-3-Clause
"""Advanced indexing: a gather by 2^26 random int64 indices (one kernel:
read the indices, read the picked elements, write the result) and a boolean
mask selection x[x > 0.5] (the comparison, a count and its one read back, a
flagged select of positions, then the gather)."""
import numpy

from benchmarks.registry import case

AREA = "indexing"
N = 2**26


def random_positions(n):
    """The same random int64 positions in [0, n) for every library."""
    return numpy.random.default_rng(0).integers(0, n, size=n, dtype=numpy.int64)


def uniform(n):
    return numpy.random.default_rng(1).random(n, dtype=numpy.float32)


# Reads 8-byte indices and 4-byte picked elements, writes 4-byte results.
gather = case(AREA, "x[idx] float32, 2^26 random int64 indices", "device", unit="ms", bytes_moved=16 * N,
              target="≤ 1.6 ms")


@gather.on("gpuarray", "cupy")
def gather_array(xp):
    x, idx = xp.asarray(uniform(N)), xp.asarray(random_positions(N))
    return lambda: x[idx]


@gather.on("torch")
def gather_tensor(torch):
    x, idx = torch.from_numpy(uniform(N)).cuda(), torch.from_numpy(random_positions(N)).cuda()
    return lambda: x[idx]


mask = case(AREA, "x[x > 0.5] float32 2^26", "device", unit="ms", target="≤ 0.55 ms")


@mask.on("gpuarray", "cupy")
def mask_array(xp):
    x = xp.asarray(uniform(N))
    return lambda: x[x > 0.5]


@mask.on("torch")
def mask_tensor(torch):
    x = torch.from_numpy(uniform(N)).cuda()
    return lambda: x[x > 0.5]
