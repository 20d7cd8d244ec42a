# SPDX-License-Identifier: BSD-3-Clause
"""Arrays of another device (issue 31, item 1; Note [Arrays of another
device] in cpp/cuda/device.cpp): an elementwise operation on device 0 that
reads an array of device 1 works through peer access where the hardware
allows (as in CuPy), and never faults the CUDA context."""
import numpy
import pytest

import gpuarray as xp
from gpuarray import cuda

DEVICES = cuda.runtime.getDeviceCount() if cuda.is_available() else 0
pytestmark = [pytest.mark.gpu, pytest.mark.skipif(DEVICES < 2, reason=f"needs two or more GPUs ({DEVICES} here)")]


def test_arrays_remember_their_device():
    with cuda.Device(1):
        b = xp.arange(4.0)
    assert b.device == cuda.Device(1)
    assert xp.arange(2.0).device == cuda.Device(0)


def test_ufunc_reads_an_array_of_another_device_through_peer_access():
    with cuda.Device(1):
        b = xp.arange(4.0)
    a = xp.ones(4)
    if not cuda.runtime.deviceCanAccessPeer(0, 1):
        with pytest.raises(ValueError, match="operand is on device 1 but device 0 is current"):
            a + b
        return
    c = a + b
    assert c.device == cuda.Device(0)
    numpy.testing.assert_array_equal(c.get(), [1.0, 2.0, 3.0, 4.0])
    with cuda.Device(1):
        numpy.testing.assert_array_equal((b * 2).get(), [0.0, 2.0, 4.0, 6.0])  # device 1 still sound


def test_reduction_sort_and_scan_read_an_array_of_another_device():
    # Reductions check their operands as elementwise operations do; sorts and scans
    # read their input through an elementwise load first.
    with cuda.Device(1):
        b = xp.asarray([3.0, 1.0, 2.0, 5.0])
    if not cuda.runtime.deviceCanAccessPeer(0, 1):
        with pytest.raises(ValueError, match="operand is on device 1 but device 0 is current"):
            b.sum()
        return
    assert float(b.sum()) == 11.0 and float(b.max()) == 5.0 and int(b.argmin()) == 1
    numpy.testing.assert_array_equal(xp.sort(b).get(), [1.0, 2.0, 3.0, 5.0])
    numpy.testing.assert_array_equal(xp.cumsum(b).get(), [3.0, 4.0, 6.0, 11.0])


def test_library_calls_read_an_array_of_another_device():
    # matmul (cuBLAS) and fft (cuFFT) check their operands' devices before the call.
    with cuda.Device(1):
        b = xp.asarray(numpy.eye(3) * 2.0)
    a = xp.asarray(numpy.arange(9.0).reshape(3, 3))
    if not cuda.runtime.deviceCanAccessPeer(0, 1):
        with pytest.raises(ValueError, match="operand is on device 1 but device 0 is current"):
            a @ b
        with pytest.raises(ValueError, match="operand is on device 1 but device 0 is current"):
            xp.fft.fft(b)
        return
    numpy.testing.assert_array_equal((a @ b).get(), numpy.arange(9.0).reshape(3, 3) * 2.0)
    numpy.testing.assert_allclose(xp.fft.fft(b).get(), numpy.fft.fft(numpy.eye(3) * 2.0), atol=1e-12)
