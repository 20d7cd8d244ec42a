# SPDX-License-Identifier: BSD-3-Clause
"""FFT: large 1-D complex and real transforms and a 2-D one (cuFFT's speed,
plus what the layer around it adds), and the host overhead of a repeated
small transform, where the plan cache must make the call planning-free."""
import numpy

from benchmarks.registry import case

AREA = "fft"
N = 2**24
SIDE = 4096
SMALL = 1024

c2c = case(AREA, "fft complex64 2^24", "device", unit="ms", bytes_moved=2 * 8 * N, target="≤ 0.28 ms")
r2c = case(AREA, "rfft float32 2^24", "device", unit="ms", bytes_moved=4 * N + 8 * (N // 2 + 1),
           target="≤ 0.29 ms")
c2c_2d = case(AREA, "fft2 complex64 4096x4096", "device", unit="ms", bytes_moved=2 * 8 * SIDE * SIDE,
              target="≤ 0.33 ms")
small = case(AREA, "fft complex64 1024, repeated", "host", unit="µs", target="≤ 10 µs")


def _complex(xp, shape):
    return (xp.ones(shape, dtype=numpy.float32) + 1j * xp.ones(shape, dtype=numpy.float32)).astype(numpy.complex64)


@c2c.on("gpuarray", "cupy")
def fft_1d(xp):
    a = _complex(xp, N)
    return lambda: xp.fft.fft(a)


@r2c.on("gpuarray", "cupy")
def rfft_1d(xp):
    a = xp.ones(N, dtype=numpy.float32)
    return lambda: xp.fft.rfft(a)


@c2c_2d.on("gpuarray", "cupy")
def fft_2d(xp):
    a = _complex(xp, (SIDE, SIDE))
    return lambda: xp.fft.fft2(a)


@small.on("gpuarray", "cupy")
def fft_small(xp):
    a = _complex(xp, SMALL)
    return lambda: xp.fft.fft(a)


@c2c.on("torch")
def fft_1d_tensor(torch):
    a = torch.ones(N, dtype=torch.complex64, device="cuda")
    return lambda: torch.fft.fft(a)


@r2c.on("torch")
def rfft_1d_tensor(torch):
    a = torch.ones(N, dtype=torch.float32, device="cuda")
    return lambda: torch.fft.rfft(a)


@c2c_2d.on("torch")
def fft_2d_tensor(torch):
    a = torch.ones(SIDE, SIDE, dtype=torch.complex64, device="cuda")
    return lambda: torch.fft.fft2(a)


@small.on("torch")
def fft_small_tensor(torch):
    a = torch.ones(SMALL, dtype=torch.complex64, device="cuda")
    return lambda: torch.fft.fft(a)
