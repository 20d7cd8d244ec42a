# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.cuda.nccl, CuPy's cupy.cuda.nccl API (issue 31, item 2): ids,
versions, constants and argument errors on any machine with NCCL; the
collectives on one device (a communicator of one rank), over every device of
the machine in one process (initAll with groupStart/groupEnd), across
processes (the id pickled to each), and captured into a CUDA graph."""
import multiprocessing
import pickle

import numpy
import pytest

import gpuarray as xp
from gpuarray import cuda

try:
    from gpuarray.cuda import nccl
except ImportError as error:   # the loader's ImportError names the NCCL wheel to install
    pytest.skip(f"this build or machine has no NCCL: {error}", allow_module_level=True)

gpu = pytest.mark.gpu
DEVICES = cuda.runtime.getDeviceCount() if cuda.is_available() else 0
multi_gpu = pytest.mark.skipif(DEVICES < 2, reason=f"needs two or more GPUs ({DEVICES} here)")


def test_versions_and_unique_id():
    assert nccl.get_version() >= 22000
    assert nccl.get_build_version() >= 22000
    uid = nccl.get_unique_id()
    assert isinstance(uid, tuple) and len(uid) == 128 and all(-128 <= v < 128 for v in uid)
    assert pickle.loads(pickle.dumps(uid)) == uid
    assert nccl.get_unique_id() != uid


def test_constants_are_ncclS():
    assert (nccl.NCCL_SUM, nccl.NCCL_PROD, nccl.NCCL_MAX, nccl.NCCL_MIN, nccl.NCCL_AVG) == (0, 1, 2, 3, 4)
    assert (nccl.NCCL_FLOAT16, nccl.NCCL_FLOAT32, nccl.NCCL_FLOAT64, nccl.NCCL_BFLOAT16) == (6, 7, 8, 9)
    assert nccl.NCCL_INT == nccl.NCCL_INT32 == 2 and nccl.NCCL_CHAR == nccl.NCCL_INT8 == 0
    assert issubclass(nccl.NcclError, RuntimeError)
    assert cuda.nccl is nccl  # the lazy attribute of gpuarray.cuda


@pytest.mark.parametrize("ndev, comm_id, rank, error, match", [
    (2, None, 2, ValueError, r"rank 2 is not in range\(2\)"),
    (2, None, -1, ValueError, "rank -1"),
    (1, (1, 2, 3), 0, ValueError, "128 values"),
    (1, "abc", 0, TypeError, "commId must be"),
])
def test_bad_communicator_arguments_raise_before_nccl(ndev, comm_id, rank, error, match):
    with pytest.raises(error, match=match):
        nccl.NcclCommunicator(ndev, nccl.get_unique_id() if comm_id is None else comm_id, rank)


def test_pointer_buffers_need_count_and_type():
    comm = nccl.NcclCommunicator.__new__(nccl.NcclCommunicator)
    with pytest.raises(TypeError, match="count and datatype are required"):
        comm.allReduce(1024, 2048)
    with pytest.raises(TypeError, match="device pointer"):
        comm.allReduce(numpy.ones(3), 2048, 3, nccl.NCCL_FLOAT64, nccl.NCCL_SUM, 0)
    with pytest.raises(TypeError, match="stream must be"):
        comm.bcast(1024, 4, nccl.NCCL_FLOAT32, 0, "stream")


@gpu
def test_one_rank_collectives_with_arrays_and_pointers():
    comm = nccl.NcclCommunicator(1, nccl.get_unique_id(), 0)
    try:
        assert (comm.rank_id(), comm.size(), comm.device_id()) == (0, 1, cuda.Device().id)
        for dtype in (numpy.float32, numpy.float64, numpy.int32, numpy.int64, numpy.uint8, numpy.float16,
                      numpy.complex128):
            x = xp.arange(10).astype(dtype)
            y = xp.zeros_like(x)
            comm.allReduce(x, y)
            numpy.testing.assert_array_equal(y.get(), x.get())
        x = xp.arange(6, dtype=xp.float32)
        y = xp.zeros(6, dtype=xp.float32)
        s = cuda.Stream(non_blocking=True)
        # CuPy's call form: pointers, count, type, op, stream pointer.
        comm.allReduce(x.data.ptr, y.data.ptr, 6, nccl.NCCL_FLOAT32, nccl.NCCL_MAX, s.ptr)
        s.synchronize()
        numpy.testing.assert_array_equal(y.get(), numpy.arange(6, dtype=numpy.float32))
        z = xp.zeros(6, dtype=xp.float32)
        comm.broadcast(x, z, root=0, stream=s)
        comm.bcast(z, root=0, stream=s)
        g = xp.zeros(6, dtype=xp.float32)
        comm.allGather(x, g, stream=s)
        r = xp.zeros(6, dtype=xp.float32)
        comm.reduceScatter(x, r, stream=s)
        comm.reduce(x, r, op=nccl.NCCL_SUM, root=0, stream=s)
        s.synchronize()
        for out in (z, g, r):
            numpy.testing.assert_array_equal(out.get(), x.get())
        nccl.groupStart()
        back = xp.zeros(6, dtype=xp.float32)
        comm.send(x, peer=0, stream=s)
        comm.recv(back, peer=0, stream=s)
        nccl.groupEnd()
        s.synchronize()
        numpy.testing.assert_array_equal(back.get(), x.get())
        comm.check_async_error()
        with pytest.raises(TypeError, match="NCCL_SUM or NCCL_AVG"):
            comm.allReduce(xp.ones(2, xp.complex64), xp.ones(2, xp.complex64), op=nccl.NCCL_MAX)
        with pytest.raises(ValueError, match="C-contiguous"):
            comm.allReduce(xp.ones(8)[::2], xp.ones(4))
    finally:
        comm.destroy()
    with pytest.raises(nccl.NcclError, match="destroyed") as info:
        comm.rank_id()
    assert info.value.status == nccl.NCCL_ERROR_INVALID_USAGE
    assert "destroyed" in repr(comm)


@gpu
def test_all_reduce_is_captured_in_a_graph():
    comm = nccl.NcclCommunicator(1, nccl.get_unique_id(), 0)
    try:
        s = cuda.Stream(non_blocking=True)
        x = xp.ones(1024, dtype=xp.float32)
        y = xp.zeros_like(x)
        comm.allReduce(x, y, stream=s)
        s.synchronize()
        s.begin_capture()
        with s:
            comm.allReduce(x, y)
            total = y.sum()
        graph = s.end_capture()
        for scale in (2.0, 3.0):
            with s:
                x[...] = scale
            graph.launch(s)
            s.synchronize()
            assert float(total.get()) == 1024 * scale
    finally:
        comm.destroy()


@gpu
@multi_gpu
def test_init_all_sums_over_every_device():
    comms = nccl.NcclCommunicator.initAll(DEVICES)
    try:
        assert [c.rank_id() for c in comms] == list(range(DEVICES))
        assert [c.device_id() for c in comms] == list(range(DEVICES))
        xs, ys = [], []
        for d in range(DEVICES):
            with cuda.Device(d):
                xs.append(xp.full(1000, d + 1, dtype=xp.float64))
                ys.append(xp.zeros(1000, dtype=xp.float64))
        nccl.groupStart()
        for d, c in enumerate(comms):
            with cuda.Device(d):
                c.allReduce(xs[d], ys[d])
        nccl.groupEnd()
        for d in range(DEVICES):
            with cuda.Device(d):
                cuda.Device(d).synchronize()
                numpy.testing.assert_array_equal(ys[d].get(), numpy.full(1000, DEVICES * (DEVICES + 1) / 2))
    finally:
        for c in comms:
            c.destroy()


def _rank_main(rank, ndev, uid, queue):
    import gpuarray as xp  # a fresh process (spawn)
    from gpuarray.cuda import Device
    from gpuarray.cuda import nccl
    Device(rank).use()
    comm = nccl.NcclCommunicator(ndev, uid, rank)
    x = xp.full(16, rank + 1, dtype=xp.float32)
    y = xp.zeros_like(x)
    comm.allReduce(x, y)
    gathered = xp.zeros(16 * ndev, dtype=xp.float32)
    comm.allGather(x, gathered)
    Device(rank).synchronize()
    queue.put((rank, y.get().tolist(), gathered.get().tolist()))
    comm.destroy()


@gpu
@multi_gpu
def test_ranks_in_separate_processes_share_a_pickled_id():
    ctx = multiprocessing.get_context("spawn")
    uid = nccl.get_unique_id()
    queue = ctx.Queue()
    procs = [ctx.Process(target=_rank_main, args=(r, 2, uid, queue)) for r in range(2)]
    for p in procs:
        p.start()
    results = dict((rank, (y, g)) for rank, y, g in (queue.get(timeout=120) for _ in procs))
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    for rank in range(2):
        y, g = results[rank]
        assert y == [3.0] * 16
        assert g == [1.0] * 16 + [2.0] * 16
