# SPDX-License-Identifier: BSD-3-Clause
"""Issue 26's correctness and memory checks that the timed cases leave out:
X.T @ X of a 50 000 x 5 000 random 5% matrix against SciPy (a sample of
result rows, computed on the host from the same X) with the pool's peak
bytes, CuPy's result of the same product (cupy#10033: zeros), and the
iterations and residual of cg on the 2-D Poisson matrix beside SciPy's."""
import time

import numpy
import scipy.sparse
import scipy.sparse.linalg

import gpuarray
from gpuarray.cuda import memory
from gpuarray.scipy import sparse
from gpuarray.scipy.sparse.linalg import cg


def spgemm_check():
    host = scipy.sparse.random_array((50_000, 5_000), density=0.05, format="csr", rng=1)
    x = sparse.csr_array(host)
    pool = memory.get_default_memory_pool()
    before = pool.used_bytes()
    start = time.perf_counter()
    product = x.T @ x
    gpuarray.cuda.Device().synchronize()
    seconds = time.perf_counter() - start
    rows = numpy.arange(0, 5_000, 250)
    expected = (host.T.tocsr()[rows] @ host).toarray()
    actual = product.tocsr()[rows].toarray().get()
    error = numpy.abs(actual - expected).max() / numpy.abs(expected).max()
    print(f"gpuarray X.T @ X: nnz {product.nnz}, {seconds:.2f} s, sampled rows max rel error {error:.2e}, "
          f"pool used after - before {(pool.used_bytes() - before) / 2**30:.2f} GiB, "
          f"total {pool.total_bytes() / 2**30:.2f} GiB")
    try:
        import cupy
        from cupyx.scipy import sparse as cusparse
        cx = cusparse.csr_matrix((cupy.asarray(host.data), cupy.asarray(host.indices), cupy.asarray(host.indptr)),
                                 shape=host.shape)
        cupy_product = (cx.T @ cx).tocsr()
        sample = cupy_product[rows].toarray().get()
        print(f"cupy X.T @ X: nnz {cupy_product.nnz}, sampled rows max |value| {numpy.abs(sample).max():.3g}, "
              f"max rel error {numpy.abs(sample - expected).max() / numpy.abs(expected).max():.2e}, "
              f"pool total {cupy.get_default_memory_pool().total_bytes() / 2**30:.2f} GiB")
    except Exception as error:  # CuPy absent or failing: report, the check above stands
        print(f"cupy X.T @ X: {type(error).__name__}: {error}")


def cg_check(side):
    t = scipy.sparse.diags_array([-numpy.ones(side - 1), 2 * numpy.ones(side), -numpy.ones(side - 1)],
                                 offsets=[-1, 0, 1])
    eye = scipy.sparse.eye_array(side)
    host = (scipy.sparse.kron(eye, t) + scipy.sparse.kron(t, eye)).tocsr()
    b = numpy.ones(side * side)
    a = sparse.csr_array(host)
    count = [0]
    start = time.perf_counter()
    x, info = cg(a, gpuarray.asarray(b), rtol=1e-6, maxiter=2000,
                 callback=lambda xk: count.__setitem__(0, count[0] + 1))
    seconds = time.perf_counter() - start
    residual = numpy.linalg.norm(host @ x.get() - b) / numpy.linalg.norm(b)
    print(f"cg n={side * side}: info {info}, {count[0]} iterations, {seconds:.3f} s, relative residual {residual:.2e}")


if __name__ == "__main__":
    cg_check(316)
    spgemm_check()
