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
    """Whether a CUDA device can be used here.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    bool
        True when a driver, a GPU and the CUDA runtime were found. It never
        raises: False on a machine without a GPU.

    See Also
    --------
    getDeviceCount, driverGetVersion

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cuda.is_available()
    True
    """
    return _core.is_available()


def getDeviceCount():
    """The number of CUDA devices visible to this process.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    int
        The count (``CUDA_VISIBLE_DEVICES`` restricts it).

    Raises
    ------
    CUDARuntimeError
        No driver or no device was found.

    See Also
    --------
    is_available, gpuarray.cuda.Device

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cuda.runtime.getDeviceCount() >= 1
    True
    """
    return _core.get_device_count()


def getDeviceProperties(device):
    """The properties of a device, as CuPy's dict (cudaDeviceProp's fields).

    Parameters
    ----------
    device : int
        The device number.

    Returns
    -------
    dict
        Keys such as ``name`` (bytes), ``totalGlobalMem``,
        ``multiProcessorCount``, ``major`` and ``minor`` (the compute
        capability).

    See Also
    --------
    gpuarray.cuda.Device.compute_capability

    Examples
    --------
    >>> import gpuarray as xp
    >>> props = xp.cuda.runtime.getDeviceProperties(0)
    >>> isinstance(props["name"], bytes), props["major"] >= 7
    (True, True)
    """
    return _core.device_properties(device)


def getDevice():
    """The current device of this thread.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    int
        The device number (cudaGetDevice).

    See Also
    --------
    setDevice, gpuarray.cuda.Device

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cuda.runtime.getDevice() == xp.cuda.Device().id
    True
    """
    return _core.get_device()


def setDevice(device):
    """Makes `device` the current device of this thread (cudaSetDevice).

    Parameters
    ----------
    device : int
        The device number.

    Returns
    -------
    None

    See Also
    --------
    getDevice, gpuarray.cuda.Device.use

    Notes
    -----
    ``with gpuarray.cuda.Device(n):`` changes the device for a block and
    restores it after, which is usually what is wanted.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cuda.runtime.setDevice(0)
    >>> xp.cuda.runtime.getDevice()
    0
    """
    _core.set_device(device)


def deviceSynchronize():
    """Waits until all work queued on the current device has finished.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    None

    See Also
    --------
    gpuarray.cuda.Stream.synchronize, gpuarray.cuda.Device.synchronize

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ones(1000) * 2
    >>> xp.cuda.runtime.deviceSynchronize()
    """
    _core.device_synchronize(_core.get_device())


def runtimeGetVersion():
    """The version of the CUDA runtime gpuarray runs with.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    int
        ``1000 * major + 10 * minor`` (13000 for CUDA 13.0).

    See Also
    --------
    driverGetVersion

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cuda.runtime.runtimeGetVersion() >= 13000
    True
    """
    return _core.runtime_version()


def driverGetVersion():
    """The newest CUDA version the installed driver supports.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    int
        ``1000 * major + 10 * minor`` (13000 for CUDA 13.0), or 0 when no
        driver is installed.

    See Also
    --------
    runtimeGetVersion, is_available

    Examples
    --------
    >>> import gpuarray as xp
    >>> rt = xp.cuda.runtime
    >>> rt.driverGetVersion() >= rt.runtimeGetVersion()
    True
    """
    return _core.driver_version()


def deviceCanAccessPeer(device, peerDevice):  # noqa: N803 (CuPy's names)
    """Whether kernels on `device` can read and write memory of `peerDevice`.

    Parameters
    ----------
    device : int
        The device that would access.
    peerDevice : int
        The device whose memory would be accessed.

    Returns
    -------
    int
        1 when peer access is possible, else 0 (as CuPy's).

    See Also
    --------
    deviceEnablePeerAccess

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cuda.runtime.deviceCanAccessPeer(0, 0) in (0, 1)
    True
    """
    return int(_core.device_can_access_peer(int(device), int(peerDevice)))


def deviceEnablePeerAccess(peerDevice):  # noqa: N803 (CuPy's name)
    """Lets the current device access memory of `peerDevice`.

    Parameters
    ----------
    peerDevice : int
        The other device.

    Returns
    -------
    None

    Raises
    ------
    CUDARuntimeError
        Peer access is impossible, or already enabled
        (cudaErrorPeerAccessAlreadyEnabled).

    See Also
    --------
    deviceCanAccessPeer

    Notes
    -----
    gpuarray enables peer access on its own when an operation needs it.

    Examples
    --------
    >>> import gpuarray as xp
    >>> rt = xp.cuda.runtime
    >>> if rt.getDeviceCount() > 1 and rt.deviceCanAccessPeer(0, 1):
    ...     try:
    ...         rt.deviceEnablePeerAccess(1)
    ...     except xp.cuda.runtime.CUDARuntimeError:
    ...         pass  # already enabled
    """
    _core.device_enable_peer_access(int(peerDevice))


def memGetInfo():
    """Free and total memory of the current device (cudaMemGetInfo).

    Parameters
    ----------
        It takes none.

    Returns
    -------
    tuple of int
        ``(free, total)`` in bytes. Memory cached by gpuarray's pool counts
        as used.

    See Also
    --------
    gpuarray.cuda.MemoryPool.free_bytes

    Examples
    --------
    >>> import gpuarray as xp
    >>> free, total = xp.cuda.runtime.memGetInfo()
    >>> 0 < free <= total
    True
    """
    return _core.mem_info(_core.get_device())
