# SPDX-License-Identifier: BSD-3-Clause
"""NumPy names added for issue #25 that have a speed target: convolve of
2^20 by 2^10 float32 ('full'). gpuarray sums each output directly (Note
[Direct correlation]); CuPy switches to an FFT at this size; PyTorch's row
is conv1d over the flipped kernel with full padding (cuDNN's choice)."""
import numpy

from benchmarks.registry import case

AREA = "parity"
N = 2**20
K = 2**10

convolve = case(AREA, "convolve float32 2^20 by 2^10", "device", unit="ms")


def _signals(seed=0):
    rng = numpy.random.default_rng(seed)
    return rng.standard_normal(N).astype(numpy.float32), rng.standard_normal(K).astype(numpy.float32)


@convolve.on("gpuarray", "cupy")
def convolve_arrays(xp):
    a, v = (xp.asarray(x) for x in _signals())
    return lambda: xp.convolve(a, v)


@convolve.on("torch")
def convolve_tensors(torch):
    a, v = (torch.as_tensor(x, device="cuda") for x in _signals())
    signal, kernel = a[None, None], v.flip(0)[None, None]
    return lambda: torch.nn.functional.conv1d(signal, kernel, padding=K - 1)
