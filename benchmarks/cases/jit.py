# SPDX-License-Identifier: BSD-3-Clause
"""Kernels written in Python (issue 29): the host time of a jit.rawkernel
launch (the per-signature lookup and argument flattening in front of
RawKernel's launch), vectorize of a polynomial against CuPy's, and a fused
elementwise chain against CuPy's fuse and the unfused chain (PyTorch eager
beside them)."""
import numpy

from benchmarks.registry import case

AREA = "jit"
N = 2**24

# The kernels read the library's jit module as a global, set by the setups
# before the first launch (when the translators read globals).
gpuarray_jit = None
cupyx_jit = None


def saxpy_gpuarray(a, x, y):
    i = gpuarray_jit.grid(1)
    if i < x.size:
        y[i] = a * x[i] + y[i]


def saxpy_cupy(a, x, y, n):
    i = cupyx_jit.grid(1)
    if i < n:
        y[i] = a * x[i] + y[i]


def polynomial(x):
    return ((3 * x - 2) * x + 1) * x - 5


launch_overhead = case(AREA, "jit.rawkernel launch overhead", "host", unit="µs", target="≤ 5 µs")


@launch_overhead.on("gpuarray", "cupy")
def launch_saxpy(xp):
    global gpuarray_jit, cupyx_jit
    n = 256
    x = xp.zeros((n,), dtype=numpy.float32)
    y = xp.zeros((n,), dtype=numpy.float32)
    a = numpy.float32(2.0)
    if xp.__name__ == "gpuarray":
        gpuarray_jit = xp.jit
        kernel = xp.jit.rawkernel()(saxpy_gpuarray)
        args = (a, x, y)
    else:
        import cupyx.jit
        cupyx_jit = cupyx.jit
        kernel = cupyx.jit.rawkernel()(saxpy_cupy)
        args = (a, x, y, numpy.int32(n))
    kernel((1,), (n,), args)   # translate and compile outside the timing
    return lambda: kernel((1,), (n,), args)


vectorize_polynomial = case(AREA, "vectorize polynomial float32 2^24", "device", unit="ms", bytes_moved=2 * 4 * N,
                            target="≥ 0.9 × copy bandwidth")


@vectorize_polynomial.on("gpuarray", "cupy")
def vectorized_polynomial(xp):
    x = xp.linspace(-1, 1, N, dtype=numpy.float32)
    f = xp.vectorize(polynomial)
    f(x)   # translate and compile outside the timing
    return lambda: f(x)


M = 2**28


def square_plus_twice(x, y):
    return x ** 2 + 2 * y


fused_chain = case(AREA, "fuse x**2 + 2*y float32 2^28", "device", unit="ms", bytes_moved=3 * 4 * M,
                   target="≥ 0.91 × copy bandwidth")
unfused_chain = case(AREA, "x**2 + 2*y float32 2^28, unfused", "device", unit="ms", bytes_moved=3 * 4 * M)


def _chain_inputs(xp):
    x = xp.linspace(-1, 1, M, dtype=numpy.float32)
    y = xp.linspace(1, 2, M, dtype=numpy.float32)
    return x, y


@fused_chain.on("gpuarray", "cupy")
def fused_square_plus_twice(xp):
    x, y = _chain_inputs(xp)
    f = xp.fuse(square_plus_twice)
    f(x, y)   # translate and compile outside the timing
    return lambda: f(x, y)


@unfused_chain.on("gpuarray", "cupy", "torch")
def unfused_square_plus_twice(xp):
    if xp.__name__ == "torch":
        x = xp.linspace(-1, 1, M, dtype=xp.float32, device="cuda")
        y = xp.linspace(1, 2, M, dtype=xp.float32, device="cuda")
    else:
        x, y = _chain_inputs(xp)
    return lambda: square_plus_twice(x, y)
