# SPDX-License-Identifier: BSD-3-Clause
"""Linear algebra: large float32/float16/bfloat16 matmul (cuBLAS; no absolute target,
compare with CuPy and PyTorch, which call the same library), and the issue's
cuSOLVER targets: svd 1024^2 (2x CuPy's 105 ms on an H200), solve 4096^2,
a batched inverse of 100 64x64 matrices, eigvalsh 1024. Untargeted rows
time SVD drivers in float32 alone (Note [SVD drivers] picks gesvdp in
float64 for float32 input where float64 is fast),
singular values alone, and the tiled integer matmul kernel."""
import numpy

from benchmarks.registry import case

AREA = "linalg"

mm32 = case(AREA, "matmul float32 8192x8192", "device", unit="ms")  # no target: the same cuBLAS as CuPy and PyTorch
mm16 = case(AREA, "matmul float16 8192x8192", "device", unit="ms")  # no target: the same cuBLAS as CuPy and PyTorch
# Issue 25's target is "within 3% of PyTorch", which RESULTS.md judges: targets
# here name gpuarray cases only. CuPy has no bfloat16.
mmbf16 = case(AREA, "matmul bfloat16 8192x8192", "device", unit="ms")
svd = case(AREA, "svd float32 1024x1024", "device", unit="ms", target="≤ 52.5 ms")
solve = case(AREA, "solve float32 4096x4096", "device", unit="ms", target="≤ 13.1 ms")
inv = case(AREA, "inv float32 100x64x64", "device", unit="ms", target="≤ 0.26 ms")
eigvalsh = case(AREA, "eigvalsh float32 1024x1024", "device", unit="ms", target="≤ 11.4 ms")
svd_gesvd = case(AREA, "svd float32 1024x1024, gesvd in float32", "device", unit="ms")
svd_gesvdp = case(AREA, "svd float32 1024x1024, gesvdp in float32", "device", unit="ms")
svd64 = case(AREA, "svd float64 1024x1024", "device", unit="ms")
svdvals = case(AREA, "svdvals float32 1024x1024", "device", unit="ms")
mm_int32 = case(AREA, "matmul int32 2048x2048", "device", unit="ms")
# Issue 28: scipy.linalg.solve within 5% of gpuarray.linalg.solve (the case above),
# judged in RESULTS.md; CuPy 14.2 has no cupyx.scipy.linalg.solve.
scipy_solve = case(AREA, "scipy.linalg.solve float32 4096x4096", "device", unit="ms")


def _random(xp, shape, dtype, spd=False):
    host = numpy.random.default_rng(0).standard_normal(shape).astype(numpy.float32)
    if spd:  # well conditioned, symmetric: solve/inv/eigvalsh stay meaningful
        host = (host + numpy.swapaxes(host, -1, -2)) / 2 + shape[-1] * numpy.eye(shape[-1], dtype=numpy.float32)
    return xp.asarray(host.astype(dtype))


def _tensor(torch, shape, dtype, spd=False):
    return torch.as_tensor(_random(numpy, shape, dtype, spd), device="cuda")


@mm32.on("gpuarray", "cupy")
def mm32_arrays(xp):
    a = _random(xp, (8192, 8192), numpy.float32)
    return lambda: a @ a


@mm32.on("torch")
def mm32_tensors(torch):
    torch.backends.cuda.matmul.allow_tf32 = False  # true float32, as gpuarray's default
    a = _tensor(torch, (8192, 8192), numpy.float32)
    return lambda: a @ a


@mm16.on("gpuarray", "cupy")
def mm16_arrays(xp):
    a = _random(xp, (8192, 8192), numpy.float16)
    return lambda: a @ a


@mm16.on("torch")
def mm16_tensors(torch):
    a = _tensor(torch, (8192, 8192), numpy.float16)
    return lambda: a @ a


@mmbf16.on("gpuarray")
def mmbf16_arrays(xp):
    import ml_dtypes
    a = _random(xp, (8192, 8192), ml_dtypes.bfloat16)
    return lambda: a @ a


@mmbf16.on("torch")
def mmbf16_tensors(torch):
    a = torch.as_tensor(_random(numpy, (8192, 8192), numpy.float32), device="cuda").to(torch.bfloat16)
    return lambda: a @ a


@svd.on("gpuarray", "cupy")
def svd_arrays(xp):
    a = _random(xp, (1024, 1024), numpy.float32)
    return lambda: xp.linalg.svd(a)


@svd.on("torch")
def svd_tensors(torch):
    a = _tensor(torch, (1024, 1024), numpy.float32)
    return lambda: torch.linalg.svd(a)


@solve.on("gpuarray", "cupy")
def solve_arrays(xp):
    a = _random(xp, (4096, 4096), numpy.float32, spd=True)
    b = _random(xp, (4096, 1), numpy.float32)
    return lambda: xp.linalg.solve(a, b)


@solve.on("torch")
def solve_tensors(torch):
    a = _tensor(torch, (4096, 4096), numpy.float32, spd=True)
    b = _tensor(torch, (4096, 1), numpy.float32)
    return lambda: torch.linalg.solve(a, b)


@scipy_solve.on("gpuarray")
def scipy_solve_arrays(xp):
    import gpuarray.scipy.linalg as gl  # the case's subject; loading it here keeps --list light
    a = _random(xp, (4096, 4096), numpy.float32, spd=True)
    b = _random(xp, (4096, 1), numpy.float32)
    return lambda: gl.solve(a, b)  # SciPy's defaults, check_finite=True included


@inv.on("gpuarray", "cupy")
def inv_arrays(xp):
    a = _random(xp, (100, 64, 64), numpy.float32, spd=True)
    return lambda: xp.linalg.inv(a)


@inv.on("torch")
def inv_tensors(torch):
    a = _tensor(torch, (100, 64, 64), numpy.float32, spd=True)
    return lambda: torch.linalg.inv(a)


@eigvalsh.on("gpuarray", "cupy")
def eigvalsh_arrays(xp):
    a = _random(xp, (1024, 1024), numpy.float32, spd=True)
    return lambda: xp.linalg.eigvalsh(a)


@eigvalsh.on("torch")
def eigvalsh_tensors(torch):
    a = _tensor(torch, (1024, 1024), numpy.float32, spd=True)
    return lambda: torch.linalg.eigvalsh(a)


def _svd_with(driver):
    def setup(xp):
        from gpuarray.linalg._svd import _svd
        a = _random(xp, (1024, 1024), numpy.float32)
        return lambda: _svd(a, True, True, driver=driver, compute_dtype=numpy.float32)
    return setup


svd_gesvd.on("gpuarray")(_svd_with("gesvd"))
svd_gesvdp.on("gpuarray")(_svd_with("gesvdp"))


@svd64.on("gpuarray", "cupy")
def svd64_arrays(xp):
    a = _random(xp, (1024, 1024), numpy.float64)
    return lambda: xp.linalg.svd(a)


@svd64.on("torch")
def svd64_tensors(torch):
    a = _tensor(torch, (1024, 1024), numpy.float64)
    return lambda: torch.linalg.svd(a)


@svdvals.on("gpuarray", "cupy")
def svdvals_arrays(xp):
    a = _random(xp, (1024, 1024), numpy.float32)
    return lambda: xp.linalg.svd(a, compute_uv=False)


@svdvals.on("torch")
def svdvals_tensors(torch):
    a = _tensor(torch, (1024, 1024), numpy.float32)
    return lambda: torch.linalg.svdvals(a)


@mm_int32.on("gpuarray", "cupy")  # PyTorch has no integer matmul on CUDA
def mm_int32_arrays(xp):
    a = xp.asarray(numpy.random.default_rng(0).integers(-100, 100, (2048, 2048), dtype=numpy.int32))
    return lambda: a @ a
