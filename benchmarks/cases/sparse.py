# SPDX-License-Identifier: BSD-3-Clause
"""scipy.sparse (issue 26), beside cupyx.scipy.sparse and torch.sparse:

- SpMV of a float32 CSR matrix with 1M rows and 10M entries (target ≤ 0.07 ms;
  CuPy 0.128 ms on an H200, 0.144 on an H100), and the host time of one
  ``A @ x`` call (target ≤ 8 µs);
- SpGEMM ``X.T @ X`` of a 50 000 × 5 000 random 5% float64 matrix (issue's
  target: a correct result within CuPy's memory; CuPy's is zeros, cupy#10033);
- cg on the 2-D Poisson matrix (5-point stencil) with n = 10^5 and 4·10^6
  unknowns to rtol 1e-6, 100 iterations at most (target ≥ 3× and ≥ 1.1×
  CuPy's speed: judged against the cupy column, not a registered target).

gpuarray's products run on `_kernels.py` (array operations) until the
cuSPARSE binding replaces them; these cases measure that seam."""
import inspect

import numpy

from benchmarks.registry import case

AREA = "sparse"
ROWS, NNZ_PER_ROW = 1_000_000, 10
GEMM_SHAPE, GEMM_DENSITY = (50_000, 5_000), 0.05
POISSON_SIDES = {"1e5": 316, "4e6": 2000}
CG_RTOL, CG_MAXITER = 1e-6, 100

spmv = case(AREA, "SpMV float32 CSR 1M rows, 10M nnz", "device", unit="ms", target="≤ 0.07 ms",
            bytes_moved=ROWS * NNZ_PER_ROW * (4 + 4 + 4) + ROWS * (4 + 4 + 4))
spmv_host = case(AREA, "A @ x host time (SpMV 1M rows)", "host", unit="µs", target="≤ 8 µs")
spgemm = case(AREA, "SpGEMM X.T @ X, X 50000x5000 5% float64", "device", unit="ms")
cg_cases = {name: case(AREA, f"cg 2-D Poisson n={name} float64, rtol 1e-6, ≤ 100 iterations", "device", unit="ms")
            for name in POISSON_SIDES}


def _spmv_arrays():
    rng = numpy.random.default_rng(0)
    indptr = numpy.arange(0, ROWS * NNZ_PER_ROW + 1, NNZ_PER_ROW, dtype=numpy.int32)
    indices = numpy.sort(rng.integers(0, ROWS, (ROWS, NNZ_PER_ROW), dtype=numpy.int32), axis=1).reshape(-1)
    data = rng.random(ROWS * NNZ_PER_ROW, dtype=numpy.float32)
    x = rng.random(ROWS, dtype=numpy.float32)
    return data, indices, indptr, x


def _gemm_host():
    import scipy.sparse
    return scipy.sparse.random_array(GEMM_SHAPE, density=GEMM_DENSITY, format="csr", rng=1)


def _poisson_host(side):
    import scipy.sparse
    t = scipy.sparse.diags_array([-numpy.ones(side - 1), 2 * numpy.ones(side), -numpy.ones(side - 1)],
                                 offsets=[-1, 0, 1])
    eye = scipy.sparse.eye_array(side)
    return (scipy.sparse.kron(eye, t) + scipy.sparse.kron(t, eye)).tocsr()


# ---------------------------------------------------------------- SpMV

@spmv.on("gpuarray")
def spmv_gpuarray(xp):
    from gpuarray.scipy import sparse
    data, indices, indptr, x = _spmv_arrays()
    a = sparse.csr_array((xp.asarray(data), xp.asarray(indices), xp.asarray(indptr)), shape=(ROWS, ROWS))
    x = xp.asarray(x)
    return lambda: a @ x


@spmv.on("cupy")
def spmv_cupy(xp):
    from cupyx.scipy import sparse
    data, indices, indptr, x = _spmv_arrays()
    a = sparse.csr_matrix((xp.asarray(data), xp.asarray(indices), xp.asarray(indptr)), shape=(ROWS, ROWS))
    x = xp.asarray(x)
    return lambda: a @ x


@spmv.on("torch")
def spmv_torch(torch):
    data, indices, indptr, x = _spmv_arrays()
    a = torch.sparse_csr_tensor(torch.as_tensor(indptr.astype(numpy.int64)), torch.as_tensor(indices.astype(
        numpy.int64)), torch.as_tensor(data), size=(ROWS, ROWS), device="cuda")
    x = torch.as_tensor(x, device="cuda")
    return lambda: torch.mv(a, x)


@spmv_host.on("gpuarray")
def spmv_host_gpuarray(xp):
    return spmv_gpuarray(xp)


@spmv_host.on("cupy")
def spmv_host_cupy(xp):
    return spmv_cupy(xp)


# ---------------------------------------------------------------- SpGEMM

@spgemm.on("gpuarray")
def spgemm_gpuarray(xp):
    from gpuarray.scipy import sparse
    x = sparse.csr_array(_gemm_host())
    return lambda: x.T @ x


@spgemm.on("cupy")
def spgemm_cupy(xp):
    from cupyx.scipy import sparse
    host = _gemm_host()
    x = sparse.csr_matrix((xp.asarray(host.data), xp.asarray(host.indices), xp.asarray(host.indptr)),
                          shape=host.shape)
    return lambda: x.T @ x


@spgemm.on("torch")
def spgemm_torch(torch):
    host = _gemm_host()
    x = torch.sparse_csr_tensor(torch.as_tensor(host.indptr.astype(numpy.int64)),
                                torch.as_tensor(host.indices.astype(numpy.int64)), torch.as_tensor(host.data),
                                size=host.shape, device="cuda")
    xt = x.t().to_sparse_csr()
    return lambda: torch.sparse.mm(xt, x)


# ---------------------------------------------------------------- cg

def _register_cg(name, side):
    @cg_cases[name].on("gpuarray")
    def cg_gpuarray(xp):
        from gpuarray.scipy import sparse
        from gpuarray.scipy.sparse.linalg import cg
        a = sparse.csr_array(_poisson_host(side))
        b = xp.ones(side * side)
        return lambda: cg(a, b, rtol=CG_RTOL, maxiter=CG_MAXITER)

    @cg_cases[name].on("cupy")
    def cg_cupy(xp):
        from cupyx.scipy import sparse
        from cupyx.scipy.sparse.linalg import cg
        host = _poisson_host(side)
        a = sparse.csr_matrix((xp.asarray(host.data), xp.asarray(host.indices), xp.asarray(host.indptr)),
                              shape=host.shape)
        b = xp.ones(side * side)
        tolerance = "rtol" if "rtol" in inspect.signature(cg).parameters else "tol"
        return lambda: cg(a, b, maxiter=CG_MAXITER, **{tolerance: CG_RTOL})


for _name, _side in POISSON_SIDES.items():
    _register_cg(_name, _side)
