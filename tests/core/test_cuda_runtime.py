# SPDX-License-Identifier: BSD-3-Clause
"""Devices, streams and events (CuPy's gpuarray.cuda API)."""
import threading
import time

import numpy
import pytest

import gpuarray
from gpuarray import cuda

pytestmark = pytest.mark.gpu


def test_device_count_and_properties():
    n = cuda.runtime.getDeviceCount()
    assert n >= 1
    props = cuda.runtime.getDeviceProperties(0)
    assert isinstance(props["name"], bytes) and props["name"]
    for key in ("totalGlobalMem", "multiProcessorCount", "major", "sharedMemPerBlock",
                "maxThreadsPerBlock", "warpSize", "l2CacheSize"):
        assert isinstance(props[key], int) and props[key] > 0, key
    assert props["minor"] >= 0
    assert len(props["maxThreadsDim"]) == 3


def test_versions():
    assert cuda.runtime.runtimeGetVersion() >= 12000
    assert cuda.runtime.driverGetVersion() >= 12000


def test_device_object():
    d = cuda.Device()
    assert d.id == 0 and int(d) == 0 and d == cuda.Device(0)
    props = cuda.runtime.getDeviceProperties(0)
    assert d.compute_capability == f"{props['major']}{props['minor']}"
    attrs = d.attributes
    assert attrs["MaxThreadsPerBlock"] == props["maxThreadsPerBlock"]
    assert attrs["MultiProcessorCount"] == props["multiProcessorCount"]
    free, total = d.mem_info
    assert 0 < free <= total == props["totalGlobalMem"]
    d.synchronize()
    assert repr(d) == "<CUDA Device 0>"


def test_device_context_manager_and_use():
    n = cuda.runtime.getDeviceCount()
    with cuda.Device(n - 1) as d:
        assert cuda.runtime.getDevice() == n - 1 == d.id
    assert cuda.runtime.getDevice() == 0
    cuda.Device(0).use()
    assert cuda.get_device_id() == 0


def test_invalid_device_raises():
    n = cuda.runtime.getDeviceCount()
    with pytest.raises(cuda.CUDARuntimeError, match="cudaErrorInvalidDevice"):
        cuda.Device(n).use()
    with pytest.raises(cuda.CUDARuntimeError, match="cudaErrorInvalidDevice") as e:
        cuda.runtime.getDeviceProperties(n + 5)
    assert e.value.status == 101
    assert cuda.runtime.getDevice() == 0


def test_current_device_is_per_thread():
    n = cuda.runtime.getDeviceCount()
    seen = []

    def worker():
        seen.append(cuda.runtime.getDevice())

    with cuda.Device(n - 1):
        t = threading.Thread(target=worker)
        t.start()
        t.join()
    assert seen == [0]


def test_stream_null_and_current():
    assert cuda.Stream.null.ptr == 0
    assert cuda.get_current_stream().ptr == 0
    s = cuda.Stream()
    assert s.ptr != 0
    with s:
        assert cuda.get_current_stream() is s
        with cuda.Stream(non_blocking=True) as s2:
            assert cuda.get_current_stream() is s2
        assert cuda.get_current_stream() is s
    assert cuda.get_current_stream().ptr == 0
    assert cuda.Stream(ptds=True).ptr == 2


def test_current_stream_is_per_thread():
    s = cuda.Stream()
    seen = []

    def worker():
        seen.append(cuda.get_current_stream().ptr)

    with s:
        t = threading.Thread(target=worker)
        t.start()
        t.join()
    assert seen == [0]


def test_stream_synchronize_done_and_events():
    s = cuda.Stream()
    a = gpuarray.zeros(1 << 20, dtype=numpy.float32)
    with s:
        start = s.record()
        for _ in range(10):
            a.data.memset_async(1, a.nbytes)
        end = cuda.Event()
        end.record()
    s.synchronize()
    assert s.done and end.done
    ms = cuda.get_elapsed_time(start, end)
    assert ms >= 0.0


def test_event_orders_streams():
    """Work on s2 that waits for an event on s1 sees s1's writes."""
    n = 1 << 24
    a = gpuarray.zeros(n, dtype=numpy.uint8)
    s1, s2 = cuda.Stream(non_blocking=True), cuda.Stream(non_blocking=True)
    host = numpy.empty(n, dtype=numpy.uint8)
    with s1:
        for v in range(1, 20):
            a.data.memset_async(v, n)
        ev = s1.record()
    s2.wait_event(ev)
    with s2:
        a.data.copy_to_host_async(host, n)
    s2.synchronize()
    assert (host == 19).all()


def test_event_flags_and_errors():
    e = cuda.Event(block=True, disable_timing=True)
    e.record()
    e.synchronize()
    assert e.done
    with pytest.raises(ValueError, match="disable_timing"):
        cuda.Event(interprocess=True)
    t0, t1 = cuda.Event(disable_timing=True), cuda.Event(disable_timing=True)
    t0.record()
    t1.record()
    t1.synchronize()
    with pytest.raises(cuda.CUDARuntimeError, match="cudaEventElapsedTime"):
        cuda.get_elapsed_time(t0, t1)


def test_elapsed_time_measures_work():
    a = gpuarray.zeros(1 << 28, dtype=numpy.uint8)
    start, end = cuda.Event(), cuda.Event()
    start.record()
    for _ in range(20):
        a.data.memset_async(3, a.nbytes)
    end.record()
    end.synchronize()
    ms = cuda.get_elapsed_time(start, end)
    assert 0.01 < ms < 10_000


def test_external_stream():
    s = cuda.Stream()
    ext = cuda.ExternalStream(s.ptr)
    assert ext.ptr == s.ptr
    with ext:
        assert cuda.get_current_stream().ptr == s.ptr
    ext.synchronize()
