# SPDX-License-Identifier: BSD-3-Clause
"""shares_memory and may_share_memory for device arrays, answered by NumPy's
own overlap solver without touching memory.

NumPy decides overlap from addresses, strides, shapes and item sizes alone
(it never reads the data). So each device array is handed to it as a NumPy
array that claims the device address with the same layout (an
``__array_interface__`` over the device pointer, never dereferenced): the
answer, and the effort `max_work` allows, are NumPy's exactly. CUDA's
unified virtual addresses are distinct across devices and host memory, so a
device array never overlaps a host one."""
import numpy

from gpuarray._core import ndarray

__all__ = ["shares_memory", "may_share_memory"]


class _AddressOnly:
    """A device buffer's address and layout, as NumPy's array interface, for
    the overlap solver only."""

    __slots__ = ("__array_interface__",)

    def __init__(self, shape, strides, typestr, address):
        self.__array_interface__ = {"version": 3, "shape": shape, "strides": strides, "typestr": typestr,
                                    "data": (address, True)}


def _device_layout(x):
    """`x` as an address-only NumPy array when it is device memory (a gpuarray
    array, or an object exporting the CUDA Array Interface: CuPy, PyTorch,
    Numba), else None. Reads metadata only."""
    if isinstance(x, ndarray):
        return numpy.asarray(_AddressOnly(x.shape, x.strides, x.dtype.str, x.data.ptr))
    cai = getattr(x, "__cuda_array_interface__", None)
    if cai is None:
        return None
    shape = tuple(cai["shape"])
    strides = cai.get("strides")
    if strides is None:  # C-contiguous
        strides, step = [], numpy.dtype(cai["typestr"]).itemsize
        for n in reversed(shape):
            strides.insert(0, step)
            step *= n
    return numpy.asarray(_AddressOnly(shape, tuple(strides), cai["typestr"], cai["data"][0]))


def _overlap(test, a, b, max_work):
    """`test` (NumPy's solver) on the layouts of `a` and `b`; False when one is
    device memory and the other is not."""
    device_a, device_b = _device_layout(a), _device_layout(b)
    if device_a is None and device_b is None:
        return test(a, b, max_work=max_work)
    if device_a is None or device_b is None:
        return False
    return test(device_a, device_b, max_work=max_work)


def shares_memory(a, b, /, max_work=-1):
    """Determine if two arrays share memory.

    Parameters
    ----------
    a, b : ndarray or array_like
        gpuarray arrays, objects exporting device memory through the CUDA
        Array Interface (CuPy, PyTorch, Numba), or host data, which NumPy
        examines as ``numpy.shares_memory`` does.
    max_work : int, optional
        NumPy's bound on the effort: -1 (default) solves the overlap problem
        exactly, which can take exponential time for some layouts; 0 checks
        only the memory bounds; a positive number caps the work and raises
        TooHardError past it.

    Returns
    -------
    out : bool
        Whether some element of `a` and some element of `b` occupy the same
        bytes. A device array never shares memory with host data.

    Raises
    ------
    numpy.exceptions.TooHardError
        If `max_work` is positive and the problem needs more work.

    Notes
    -----
    NumPy's solver answers on the arrays' addresses and layouts (Note in
    ``_base/memory_overlap.py``): no device memory is read, no kernel runs and the
    device is not synchronized.

    See Also
    --------
    may_share_memory

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(10)
    >>> xp.shares_memory(a[::2], a[1::2])
    False
    >>> xp.shares_memory(a[::2], a[4:])
    True
    >>> xp.shares_memory(a, a.copy())
    False
    """
    return _overlap(numpy.shares_memory, a, b, max_work)


def may_share_memory(a, b, /, max_work=0):
    """Determine if two arrays might share memory.

    Parameters
    ----------
    a, b : ndarray or array_like
        gpuarray arrays, objects exporting device memory through the CUDA
        Array Interface, or host data (see `shares_memory`).
    max_work : int, optional
        0 (default) compares only the memory bounds of `a` and `b`; -1 or a
        positive number solves the problem as `shares_memory` does.

    Returns
    -------
    out : bool
        False when `a` and `b` certainly do not overlap; True when they might
        (with the default, when their memory bounds overlap).

    Notes
    -----
    As `shares_memory`: NumPy's answer from addresses and layouts, with no
    device work.

    See Also
    --------
    shares_memory

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(10)
    >>> xp.may_share_memory(a[::2], a[1::2])
    True
    >>> xp.may_share_memory(a[:5], a[5:])
    False
    """
    return _overlap(numpy.may_share_memory, a, b, max_work)
