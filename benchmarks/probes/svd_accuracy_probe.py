# SPDX-License-Identifier: BSD-3-Clause
"""Accuracy and time of every SVD driver beside CuPy's gesvd (GPU machine).

For each matrix class (uniform, normal, graded spectrum 1 ... 1e-6,
rank-deficient, tall, wide, batched) and LAPACK dtype, the reduced SVD by each
of gpuarray's drivers (gesvd, gesvdp with and without its gesvd fallback,
batched Jacobi; each also factored in the wider dtype and cast back) and by CuPy: reconstruction error
||U diag(s) Vh - A||_F / ||A||_F and orthogonality max(|U^H U - I|, |Vh Vh^H - I|),
both computed on the host in float64, and each as a multiple of CuPy's.
Then the GPU time of each by size, and of the batched kernel on stacks.
Note [SVD drivers] picks drivers from these numbers.

Usage: python3 benchmarks/probes/svd_accuracy_probe.py [--quick]
"""
import sys

import numpy

import cupy
import gpuarray
from gpuarray.linalg._svd import BATCHED_JACOBI_MAX_SIDE, _svd, _svd_polar
from probe_timing import gpu_ms

WIDE = {"f": "d", "F": "D"}
# (driver, wide): driver None is svd's own choice; "gesvdp-raw" is gesvdp's
# factors even where it perturbed the matrix (svd then falls back to gesvd).
OPTIONS = [(None, False), ("gesvd", False), ("gesvdp", False), ("gesvdp-raw", False), ("gesvd", True),
           ("gesvdp", True), ("gesvdp-raw", True)]
BATCHED_OPTIONS = [(None, False), ("gesvdj_batched", False), ("gesvdj_batched", True), ("gesvd", False),
                   ("gesvd", True)]


def orthogonal(rng, n, complex_):
    z = rng.standard_normal((n, n)) + (1j * rng.standard_normal((n, n)) if complex_ else 0)
    return numpy.linalg.qr(z)[0]


def matrix(kind, shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    cplx = numpy.dtype(dtype).kind == "c"

    def draw(sh):
        if kind.startswith("uniform"):
            x = rng.random(sh) + (1j * rng.random(sh) if cplx else 0)
        else:
            x = rng.standard_normal(sh) + (1j * rng.standard_normal(sh) if cplx else 0)
        return x

    *batch, m, n = shape
    if batch:
        mats = [matrix(kind, (m, n), dtype, seed + i) for i in range(int(numpy.prod(batch)))]
        return numpy.stack(mats).reshape(shape)
    if kind == "graded":
        k = min(m, n)
        s = numpy.logspace(0, -6, k)
        u, v = orthogonal(rng, m, cplx)[:, :k], orthogonal(rng, n, cplx)[:, :k]
        a = (u * s) @ v.conj().T
    elif kind == "rank-deficient":
        r = max(1, min(m, n) // 4)
        a = draw(tuple(batch) + (m, r)) @ draw(tuple(batch) + (r, n))
    else:
        a = draw(tuple(shape))
    return numpy.ascontiguousarray(a.astype(dtype))


def errors(a, u, s, vh):
    a, u, s, vh = (numpy.asarray(x, dtype=numpy.complex128 if numpy.iscomplexobj(x) else numpy.float64)
                   for x in (a, u, s, vh))
    recon = numpy.linalg.norm(((u * s[..., None, :]) @ vh - a).reshape(-1)) / numpy.linalg.norm(a.reshape(-1))
    k = s.shape[-1]
    eye = numpy.eye(k)
    orth_u = numpy.abs(numpy.swapaxes(u, -1, -2).conj() @ u - eye).max()
    orth_v = numpy.abs(vh @ numpy.swapaxes(vh, -1, -2).conj() - eye).max()
    return recon, max(orth_u, orth_v)


def ours(a, driver, wide):
    g = gpuarray.asarray(a)
    work = numpy.dtype(WIDE.get(a.dtype.char) if wide else a.dtype)
    if driver == "gesvdp-raw":
        (u, s, vh), perturbed = _svd_polar(g, work, False)
        real = numpy.dtype(a.dtype.char.lower())
        return [x.astype(a.dtype if x.dtype == work else real).get() for x in (u, s, vh)], perturbed
    res = _svd(g, False, True, driver=driver, compute_dtype=None if driver is None else work)
    return [x.get() for x in res], None


def theirs(a):
    res = cupy.linalg.svd(cupy.asarray(a), full_matrices=False)
    return [cupy.asnumpy(x) for x in res]


def accuracy(cases):
    print(f"{'case':42s} {'option':24s} {'recon':>9s} {'orth':>9s} {'x cupy':>13s}")
    worst = {}
    for kind, shape, dtype in cases:
        a = matrix(kind, shape, dtype)
        name = f"{kind} {'x'.join(map(str, shape))} {numpy.dtype(dtype).name}"
        try:
            ref = errors(a, *theirs(a))
        except Exception as exc:  # CuPy lacks some stacks
            ref = None
            print(f"{name:42s} {'cupy':24s} failed: {type(exc).__name__}: {exc}")
        if ref:
            print(f"{name:42s} {'cupy':24s} {ref[0]:9.2e} {ref[1]:9.2e}")
        small = len(shape) > 2 and max(shape[-2:]) <= BATCHED_JACOBI_MAX_SIDE
        for driver, wide in (BATCHED_OPTIONS if small else OPTIONS):
            if wide and numpy.dtype(dtype).char not in WIDE:
                continue
            label = (driver or "default") + ("+wide" if wide else "")
            try:
                factors, perturbed = ours(a, driver, wide)
                err = errors(a, *factors)
            except Exception as exc:
                print(f"{name:42s} {label:24s} failed: {type(exc).__name__}: {exc}")
                continue
            ratio = (err[0] / ref[0], err[1] / ref[1]) if ref else (float("nan"),) * 2
            worst[label] = max(worst.get(label, 0), *ratio) if ref else worst.get(label, 0)
            shown = label + (" (perturbed)" if perturbed else "")
            print(f"{name:42s} {shown:24s} {err[0]:9.2e} {err[1]:9.2e} {ratio[0]:6.2f} {ratio[1]:6.2f}")
    print("worst ratio to CuPy per option:", {k: round(v, 2) for k, v in worst.items()})


def timing(dtype, shapes, options):
    """GPU ms of each option on uniform matrices of each shape."""
    print(f"\n{numpy.dtype(dtype).name + ', ms':26s} " + " ".join(f"{'x'.join(map(str, sh)):>11s}" for sh in shapes))
    arrays = [matrix("uniform", sh, dtype) for sh in shapes]
    for driver, wide in [("cupy", False)] + options:
        cells = []
        for host in arrays:
            if driver == "gesvdj_batched" and max(host.shape[-2:]) > BATCHED_JACOBI_MAX_SIDE:
                cells.append(f"{'—':>11s}")
                continue
            if driver == "cupy":
                c = cupy.asarray(host)
                ms = gpu_ms(lambda: cupy.linalg.svd(c, full_matrices=False), cupy, 3)
            else:
                g = gpuarray.asarray(host)
                work = numpy.dtype(WIDE.get(host.dtype.char) if wide else host.dtype)
                ms = gpu_ms(lambda: _svd(g, False, True, driver=driver, compute_dtype=None if driver is None else work),
                            gpuarray, 3)
            cells.append(f"{ms:11.3f}")
        print(f"{(driver or 'default') + ('+wide' if wide else ''):26s} " + " ".join(cells))


def main():
    quick = "--quick" in sys.argv
    kinds = ["uniform", "normal", "graded", "rank-deficient"]
    dtypes = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]
    cases = [(k, (1024, 1024), numpy.float32) for k in kinds] + [("uniform", (2048, 2048), numpy.float32)]
    if not quick:
        cases += [(k, (384, 384), d) for d in dtypes[1:] for k in kinds]
        cases += [(k, s, d) for d in dtypes for k in ("uniform", "graded")
                  for s in ((1500, 300), (300, 1500), (6, 80, 80), (20, 24, 24))]
    accuracy(cases)
    square = [(n, n) for n in (64, 128, 256, 384, 512, 768, 1024)]
    plain = [(None, False), ("gesvd", False), ("gesvdp", False)]
    timing(numpy.float32, square, plain + [("gesvd", True), ("gesvdp", True)])
    timing(numpy.float64, square, plain)
    timing(numpy.complex64, [(256, 256), (1024, 1024)], plain + [("gesvdp", True)])
    timing(numpy.complex128, [(256, 256), (1024, 1024)], plain)
    timing(numpy.float32, [(1000, 16, 16), (200, 32, 32), (100, 64, 64)],
           [(None, False), ("gesvdj_batched", False), ("gesvdj_batched", True), ("gesvd", True)])


if __name__ == "__main__":
    main()
