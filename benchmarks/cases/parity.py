# SPDX-License-Identifier: BSD-3-Clause
"""NumPy names added for issue #25 that have a speed target: convolve of
2^20 by 2^10 float32 ('full') and interp of 2^24 points (≤ CuPy's time),
packbits of 2^28 bools (≥ 0.8 × copy bandwidth).
gpuarray sums each convolution output directly (Note [Direct correlation]);
CuPy switches to an FFT at this size; PyTorch's row is conv1d over the
flipped kernel with full padding (cuDNN's choice). PyTorch has no interp."""
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


interp = case(AREA, "interp of 2^24 float64 points over 2^10 samples", "device", unit="ms")
M = 2**24


def _interp_data(seed=1):
    rng = numpy.random.default_rng(seed)
    return rng.uniform(-0.05, 1.05, M), numpy.sort(rng.uniform(0, 1, 2**10)), rng.standard_normal(2**10)


@interp.on("gpuarray", "cupy")
def interp_arrays(xp):
    x, points, values = (xp.asarray(a) for a in _interp_data())
    return lambda: xp.interp(x, points, values)


# packbits moves 2^28 bytes in and 2^25 out: its GB/s against a copy's
# (foundation's "copy bandwidth" case) is the target.
P = 2**28
packbits = case(AREA, "packbits of 2^28 bools", "device", unit="ms", bytes_moved=P + P // 8,
                target="≥ 0.8 × copy bandwidth")


@packbits.on("gpuarray", "cupy")
def packbits_arrays(xp):
    a = xp.asarray(numpy.random.default_rng(2).random(P) < 0.5)
    return lambda: xp.packbits(a)
