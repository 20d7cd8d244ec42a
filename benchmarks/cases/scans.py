# SPDX-License-Identifier: BSD-3-Clause
"""Scans and compaction: cumsum's bandwidth (CUB's single-pass scan) and
nonzero of a half-true mask (a count, one device-to-host copy of it, a
flagged select)."""
import numpy

from benchmarks.registry import case

AREA = "scans"
N = 2**26

cumsum = case(AREA, "cumsum float32 2^26", "device", unit="ms", bytes_moved=2 * 4 * N, target="≤ 0.2 ms")


@cumsum.on("gpuarray", "cupy")
def cumsum_array(xp):
    a = xp.ones(N, dtype=numpy.float32)
    return lambda: xp.cumsum(a)


@cumsum.on("torch")
def cumsum_tensor(torch):
    a = torch.ones(N, dtype=torch.float32, device="cuda")
    return lambda: torch.cumsum(a, 0)


# Reads the mask twice (count, then select) and writes 8 bytes per true element.
nonzero = case(AREA, "nonzero bool 2^26, half true", "device", unit="ms", bytes_moved=2 * N + 8 * (N // 2))


def half_true(n):
    """Every other element true: exactly half, the same mask for every library."""
    return numpy.arange(n) % 2 == 0


@nonzero.on("gpuarray", "cupy")
def nonzero_array(xp):
    mask = xp.asarray(half_true(N))
    return lambda: xp.nonzero(mask)


@nonzero.on("torch")
def nonzero_tensor(torch):
    mask = torch.from_numpy(half_true(N)).cuda()
    return lambda: torch.nonzero(mask, as_tuple=True)
