# SPDX-License-Identifier: BSD-3-Clause
"""Dask on one GPU: ``(x + x.T).sum()`` on a 20000 x 20000 float32 array in
5000 x 5000 chunks (16 chunks, 1.6 GB), computed with Dask's threaded
scheduler; gpuarray chunks against CuPy chunks, and NumPy chunks on the host
(listed under the gpuarray column: the harness has one column per GPU
library). The time is the wall time of ``compute()`` up to the result on the
host: Dask's graph and scheduling overhead is in it, as users see it. The
arrays are made once with ``from_array(name=False)`` (no tokenizing), outside
the time."""
import time

import numpy

from benchmarks.registry import case

AREA = "dask"
N = 20_000
CHUNK = 5_000

device_chunks = case(AREA, "dask (x + x.T).sum() 20000² float32, 5000² chunks", "reported", unit="ms")
host_chunks = case(AREA, "dask (x + x.T).sum() 20000² float32, 5000² NumPy chunks (CPU)", "reported", unit="ms")


def _timed_sum(x):
    """A callable timing one compute of (x + x.T).sum() up to a host float, in seconds."""
    total = (x + x.T).sum()

    def measure():
        begin = time.perf_counter()
        float(total.compute(scheduler="threads"))  # float(): the result reaches the host
        return time.perf_counter() - begin
    return measure


@device_chunks.on("gpuarray", "cupy")
def dask_device_chunks(xp):
    import dask.array as da
    a = xp.random.default_rng(0).random((N, N), dtype=numpy.float32)
    return _timed_sum(da.from_array(a, chunks=CHUNK, name=False))


@host_chunks.on("gpuarray")
def dask_numpy_chunks(_):
    import dask.array as da
    a = numpy.random.default_rng(0).random((N, N), dtype=numpy.float32)
    return _timed_sum(da.from_array(a, chunks=CHUNK, name=False))
