# SPDX-License-Identifier: BSD-3-Clause
"""CUDA runtime queries, named as in ``cupy.cuda.runtime``."""
from gpuarray import _core
from gpuarray._core import CUDARuntimeError

__all__ = [
    "CUDARuntimeError", "getDeviceCount", "getDeviceProperties", "getDevice", "setDevice",
    "deviceSynchronize", "runtimeGetVersion", "driverGetVersion", "memGetInfo", "is_available",
    "deviceCanAccessPeer", "deviceEnablePeerAccess",
    "streamCaptureModeGlobal", "streamCaptureModeThreadLocal", "streamCaptureModeRelaxed",
]

# cudaStreamCaptureMode, for Stream.begin_capture.
streamCaptureModeGlobal = 0
streamCaptureModeThreadLocal = 1
streamCaptureModeRelaxed = 2



def is_available():
    """Whether a CUDA device can be used here: a driver, a GPU and the CUDA
    runtime were found. Never raises; False on a machine without a GPU."""
    return _core.is_available()


def getDeviceCount():
    """Number of CUDA devices; raises CUDARuntimeError when no driver/device is found."""
    return _core.get_device_count()


def getDeviceProperties(device):
    """A dict of the device's properties with CuPy's keys (``name`` is bytes)."""
    return _core.device_properties(device)


def getDevice():
    return _core.get_device()


def setDevice(device):
    _core.set_device(device)


def deviceSynchronize():
    _core.device_synchronize(_core.get_device())


def runtimeGetVersion():
    return _core.runtime_version()


def driverGetVersion():
    """The driver's CUDA version (e.g. 13000), or 0 when no driver is installed."""
    return _core.driver_version()


def deviceCanAccessPeer(device, peerDevice):  # noqa: N803 (CuPy's names)
    """1 when kernels on `device` can access memory of `peerDevice` (peer access), else 0."""
    return int(_core.device_can_access_peer(int(device), int(peerDevice)))


def deviceEnablePeerAccess(peerDevice):  # noqa: N803 (CuPy's name)
    """Lets the current device access memory of `peerDevice`; raises
    CUDARuntimeError (cudaErrorPeerAccessAlreadyEnabled) when it already can.
    gpuarray enables it on its own when an operation needs it."""
    _core.device_enable_peer_access(int(peerDevice))


def memGetInfo():
    """(free, total) bytes on the current device."""
    return _core.mem_info(_core.get_device())
