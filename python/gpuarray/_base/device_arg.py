# SPDX-License-Identifier: BSD-3-Clause
"""The array API's ``device=`` argument of creation functions: None (the current device)
or a gpuarray.cuda.Device, whose device then is current while the array is made."""
import functools
import inspect

from gpuarray.cuda.device import Device


def device_scope(device, what):
    """A context making `device` current (None: nothing to do); ValueError for anything else."""
    if device is None:
        return _NO_SCOPE
    if isinstance(device, Device):
        return device
    raise ValueError(f"{what}: device must be None or a gpuarray.cuda.Device, not {device!r}")


class _NoScope:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


_NO_SCOPE = _NoScope()


def accepts_device(func):
    """`func` with a keyword-only ``device=None`` argument, as the array API's creation
    functions take; the call without one goes straight through."""
    @functools.wraps(func)
    def with_device(*args, device=None, **kwargs):
        if device is None:
            return func(*args, **kwargs)
        with device_scope(device, f"{func.__name__}()"):
            return func(*args, **kwargs)
    # functools.wraps makes inspect show func's own signature; show the device argument too.
    signature = inspect.signature(func)
    device_parameter = inspect.Parameter("device", inspect.Parameter.KEYWORD_ONLY, default=None)
    parameters = list(signature.parameters.values())
    at = next((i for i, p in enumerate(parameters) if p.kind == p.VAR_KEYWORD), len(parameters))
    with_device.__signature__ = signature.replace(parameters=parameters[:at] + [device_parameter] + parameters[at:])
    return with_device
