# SPDX-License-Identifier: BSD-3-Clause
"""Joining: concatenate of 8 float32 arrays of 2^24 elements (512 MiB read,
512 MiB written), against the device copy bandwidth."""
import numpy

from benchmarks.registry import case

AREA = "joining"
PARTS = 8
N = 2**24

concatenate = case(AREA, "concatenate 8 x float32 2^24", "device", unit="ms", bytes_moved=2 * 4 * N * PARTS,
                   target="≥ 0.9 × copy bandwidth")


@concatenate.on("gpuarray", "cupy")
def concatenate_arrays(xp):
    parts = [xp.ones(N, dtype=numpy.float32) for _ in range(PARTS)]
    return lambda: xp.concatenate(parts)


@concatenate.on("torch")
def concatenate_tensors(torch):
    parts = [torch.ones(N, dtype=torch.float32, device="cuda") for _ in range(PARTS)]
    return lambda: torch.cat(parts)
