# SPDX-License-Identifier: BSD-3-Clause
"""``Device``: a CUDA device, and the calling thread's current device."""
import threading

from gpuarray import _core

__all__ = ["Device", "get_device_id"]

_local = threading.local()


def _stack():
    s = getattr(_local, "device_stack", None)
    if s is None:
        s = _local.device_stack = []
    return s


def get_device_id():
    """The calling thread's current device.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    int
        The device ordinal.

    See Also
    --------
    Device, gpuarray.cuda.runtime.getDevice

    Examples
    --------
    >>> import gpuarray as xp
    >>> with xp.cuda.Device(0):
    ...     xp.cuda.get_device_id()
    0
    """
    return _core.get_device()


class Device:
    """A CUDA device. ``Device()`` is the current device; ``with Device(1):``
    makes device 1 current for the block and restores the previous one after."""

    __slots__ = ("id", "_attributes")

    def __init__(self, device=None):
        if device is None:
            device = _core.get_device()
        elif isinstance(device, Device):
            device = device.id
        device = int(device)
        if device < 0:
            raise ValueError(f"Invalid device ID: {device}")
        self.id = device
        self._attributes = None

    def use(self):
        """Makes this device current for the calling thread."""
        _core.set_device(self.id)

    def __enter__(self):
        previous = _core.get_device()
        _core.set_device(self.id)  # raises for a device that does not exist: push only after it succeeded
        _stack().append(previous)
        return self

    def __exit__(self, *exc):
        _core.set_device(_stack().pop())

    def synchronize(self):
        """Waits for all work on this device to finish."""
        _core.device_synchronize(self.id)

    @property
    def compute_capability(self):
        """The compute capability as CuPy spells it, e.g. '90'."""
        return _core.compute_capability(self.id)

    @property
    def attributes(self):
        """Every device attribute, keyed as CuPy keys them ('MaxThreadsPerBlock', ...)."""
        if self._attributes is None:
            self._attributes = _core.device_attributes(self.id)
        return dict(self._attributes)

    @property
    def mem_info(self):
        """(free, total) bytes on this device."""
        return _core.mem_info(self.id)

    def __int__(self):
        return self.id

    __index__ = __int__

    def __eq__(self, other):
        return isinstance(other, Device) and other.id == self.id

    def __hash__(self):
        return hash(("gpuarray.cuda.Device", self.id))

    def __repr__(self):
        return f"<CUDA Device {self.id}>"
