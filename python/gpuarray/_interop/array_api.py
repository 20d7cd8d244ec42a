# SPDX-License-Identifier: BSD-3-Clause
"""The Python array API standard (2024.12) where NumPy 2's main namespace has it and the
rest of gpuarray does not: ``__array_namespace__``, ``__array_namespace_info__``,
``astype``, ``permute_dims``, ``ndarray.device`` and ``ndarray.to_device``. (isdtype comes
from NumPy with the other dtype functions; matmul, vecdot and matrix_transpose belong to
gpuarray.linalg's work.)"""
import numpy

import gpuarray  # the namespace itself, which __array_namespace__ returns
from gpuarray import _core
from gpuarray._base.device_arg import device_scope
from gpuarray._interop.dlpack import _to_device as copy_to
from gpuarray.cuda.device import Device, get_device_id

__all__ = ["astype", "permute_dims", "__array_namespace_info__"]

API_VERSION = "2024.12"
_SUPPORTED_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12")
_MAX_DIMENSIONS = 64  # NumPy 2's NPY_MAXDIMS, which the engine's plans share (kMaxDims)

_DTYPES = {
    "bool": (numpy.dtype(numpy.bool_),),
    "signed integer": tuple(numpy.dtype(t) for t in (numpy.int8, numpy.int16, numpy.int32, numpy.int64)),
    "unsigned integer": tuple(numpy.dtype(t) for t in (numpy.uint8, numpy.uint16, numpy.uint32, numpy.uint64)),
    "real floating": tuple(numpy.dtype(t) for t in (numpy.float32, numpy.float64)),
    "complex floating": tuple(numpy.dtype(t) for t in (numpy.complex64, numpy.complex128)),
}
_COMPOSITE_KINDS = {
    "integral": ("signed integer", "unsigned integer"),
    "numeric": ("signed integer", "unsigned integer", "real floating", "complex floating"),
}


def _array_namespace(self, /, *, api_version=None):
    """The namespace of the array API functions for this array: gpuarray itself."""
    if api_version is not None and api_version not in _SUPPORTED_VERSIONS:
        raise ValueError(f"api_version {api_version!r} is not supported; gpuarray implements "
                         f"{', '.join(_SUPPORTED_VERSIONS)}")
    return gpuarray


class _Info:
    """What ``__array_namespace_info__()`` returns: the inspection API of the standard."""

    __module__ = "gpuarray"

    def capabilities(self):
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": _MAX_DIMENSIONS}

    def default_device(self):
        return Device(get_device_id())

    def default_dtypes(self, *, device=None):
        device_scope(device, "default_dtypes()")
        return {"real floating": numpy.dtype(numpy.float64), "complex floating": numpy.dtype(numpy.complex128),
                "integral": numpy.dtype(numpy.intp), "indexing": numpy.dtype(numpy.intp)}

    def dtypes(self, *, device=None, kind=None):
        """The dtypes of `kind` (a kind name or a tuple of them; every dtype if None), by name."""
        device_scope(device, "dtypes()")
        kinds = kind if isinstance(kind, tuple) else (tuple(_DTYPES) if kind is None else (kind,))
        out = {}
        for k in kinds:
            for group in _COMPOSITE_KINDS.get(k, (k,)):
                if group not in _DTYPES:
                    raise ValueError(f"dtypes(): unknown kind {k!r}; the standard's kinds are "
                                     f"{', '.join(map(repr, [*_DTYPES, *_COMPOSITE_KINDS]))}")
                out.update((dt.name, dt) for dt in _DTYPES[group])
        return out

    def devices(self):
        return [Device(i) for i in range(_core.get_device_count())] if _core.is_available() else []


def __array_namespace_info__():
    """The array API standard's inspection namespace for gpuarray.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    object
        With the standard's methods: ``capabilities()``, ``default_device()``,
        ``default_dtypes()``, ``dtypes()`` and ``devices()`` (the visible
        GPUs, as gpuarray.cuda.Device).

    See Also
    --------
    ndarray.__array_namespace__

    Examples
    --------
    >>> import gpuarray as xp
    >>> info = xp.__array_namespace_info__()
    >>> info.default_dtypes()["real floating"]
    dtype('float64')
    >>> info.capabilities()["boolean indexing"]
    True
    """
    return _Info()


def astype(x, dtype, /, *, copy=True, device=None):
    """The array converted to another dtype: the array API's function form of `ndarray.astype`.

    Parameters
    ----------
    x : ndarray
        Input.
    dtype : dtype
        The type wanted.
    copy : bool, optional
        True (default) always returns a new array; False returns `x` itself
        when nothing changes.
    device : Device, optional
        Where to put the result; None keeps `x`'s device.

    Returns
    -------
    ndarray

    See Also
    --------
    ndarray.astype, ndarray.to_device

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.astype(xp.arange(3), xp.float32)
    array([0., 1., 2.], dtype=float32)
    >>> a = xp.ones(2)
    >>> xp.astype(a, a.dtype, copy=False) is a
    True
    """
    out = x.astype(dtype, copy=copy)
    return out if device is None else out.to_device(device)


def permute_dims(x, /, axes):
    """The array with its axes permuted: the array API's name for `transpose`.

    Parameters
    ----------
    x : ndarray
        Input.
    axes : tuple of ints
        The new order of the axes.

    Returns
    -------
    ndarray
        A view of `x`.

    See Also
    --------
    transpose, matrix_transpose

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.permute_dims(xp.ones((2, 3, 4)), (2, 0, 1)).shape
    (4, 2, 3)
    >>> xp.permute_dims(xp.arange(4).reshape(2, 2), (1, 0))
    array([[0, 2],
           [1, 3]])
    """
    return x.transpose(axes)


def _device(self):
    """The gpuarray.cuda.Device holding the array's memory."""
    return Device(self.data.device_id if self.data.ptr else get_device_id())


def _to_device(self, device, /, *, stream=None):
    """The array on a given device.

    Parameters
    ----------
    device : Device
        The device wanted.
    stream : Stream, optional
        A stream of that device to copy on; None is its current stream.

    Returns
    -------
    ndarray
        The array itself when it is already there, else a copy on `device`.

    See Also
    --------
    ndarray.device, gpuarray.asarray

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(3)
    >>> a.to_device(a.device) is a
    True
    >>> a.to_device(xp.cuda.Device(0)).device.id
    0
    """
    device_scope(device, "to_device()")
    if device == self.device:
        return self
    if stream is None:
        return copy_to(self, device)
    with stream:
        out = copy_to(self, device)
    return out
