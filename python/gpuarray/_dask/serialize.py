# SPDX-License-Identifier: BSD-3-Clause
"""distributed's serializers for gpuarray arrays: ``(header, frames)`` pairs that
distributed's ``cuda_serialize``/``dask_serialize`` tables hold for them
(registered by ``import_hook``; this module imports no distributed).

Two families, as distributed has them for CuPy's arrays:

- "cuda": the one frame is the device buffer itself, a 1-D ``uint8`` gpuarray
  array over the array's bytes. A transport that moves device memory (UCX)
  sends it without touching the host; the receiver's frame may be any object
  with ``__cuda_array_interface__``.
- "dask": the same header with the bytes copied to the host, for transports
  that move host memory only (TCP); the receiver copies them to its current
  device.

A strided array is sent as a C-ordered copy (a C- or Fortran-contiguous one as
it is), so that its frame is exactly its ``nbytes``; the header keeps the
strides, so a Fortran-ordered array arrives Fortran-ordered. Pickling (the
"pickle" family) needs nothing here: ``ndarray.__reduce__`` copies to the host.
"""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._array_creation.transfer import asnumpy
from gpuarray._core import ndarray

__all__ = []


def _contiguous(a):
    """`a`, or a C-ordered copy where its bytes are not one dense block in C or F order."""
    if a.flags.c_contiguous or a.flags.f_contiguous:
        return a
    return a.copy(order="C")


def _header(a):
    return {"shape": tuple(a.shape), "typestr": a.dtype.str, "strides": tuple(a.strides)}


def _bytes_of(a):
    """A 1-D uint8 view of the dense block of a contiguous array's bytes."""
    if a.nbytes == 0:
        return empty((0,), numpy.uint8)
    return ndarray((a.nbytes,), numpy.uint8, memptr=a.data)


def device_serialize(a):
    """The "cuda" family's serializer: a header and the array's bytes on the device.

    Parameters
    ----------
    a : gpuarray.ndarray
        The array to send.

    Returns
    -------
    header : dict
        ``shape``, ``typestr`` (NumPy's type string) and ``strides`` of the array sent.
    frames : list of gpuarray.ndarray
        One 1-D ``uint8`` array viewing the array's memory (of a C-ordered copy
        when `a` is neither C- nor Fortran-contiguous).
    """
    a = _contiguous(a)
    return _header(a), [_bytes_of(a)]


def _as_device_bytes(frame):
    """A received "cuda" frame (any CUDA Array Interface or DLPack exporter) as 1-D uint8."""
    frame = frame if isinstance(frame, ndarray) else asarray(frame)
    if frame.dtype != numpy.uint8 or frame.ndim != 1:
        frame = frame.reshape(-1).view(numpy.uint8)
    return frame


def _array_over(header, frame):
    """The array the header describes, over the bytes of a 1-D uint8 device array."""
    dtype = numpy.dtype(header["typestr"])
    shape = tuple(header["shape"])
    expected = dtype.itemsize * int(numpy.prod(shape, dtype=numpy.int64))
    if frame.size != expected:
        raise ValueError(f"gpuarray deserializer: the frame holds {frame.size} bytes, "
                         f"the header's shape {shape} of {dtype} needs {expected}")
    if expected == 0:
        return empty(shape, dtype)
    return ndarray(shape, dtype, memptr=frame.data, strides=tuple(header["strides"]))


def device_deserialize(header, frames):
    """The "cuda" family's deserializer: the array over the received device buffer, no copy.

    Parameters
    ----------
    header : dict
        What ``device_serialize`` sent.
    frames : list
        One device buffer: a gpuarray array or any object with
        ``__cuda_array_interface__`` or ``__dlpack__``.

    Returns
    -------
    gpuarray.ndarray
        The array; it keeps the frame's memory alive.

    Raises
    ------
    ValueError
        If the frame's size is not the header's shape times its itemsize.
    """
    (frame,) = frames
    return _array_over(header, _as_device_bytes(frame))


def host_serialize(a):
    """The "dask" family's serializer: a header and the array's bytes on the host.

    Parameters
    ----------
    a : gpuarray.ndarray
        The array to send.

    Returns
    -------
    header : dict
        As ``device_serialize``'s.
    frames : list of memoryview
        One host copy of the array's bytes.
    """
    header, (frame,) = device_serialize(a)
    return header, [memoryview(asnumpy(frame))]


def host_deserialize(header, frames):
    """The "dask" family's deserializer: the received bytes copied to the current device.

    Parameters
    ----------
    header : dict
        What ``host_serialize`` sent.
    frames : list
        One bytes-like object (bytes, bytearray, memoryview, NumPy array).

    Returns
    -------
    gpuarray.ndarray
        A new array on the current device.

    Raises
    ------
    ValueError
        If the frame's size is not the header's shape times its itemsize.
    """
    (frame,) = frames
    host = numpy.frombuffer(frame, dtype=numpy.uint8)
    return _array_over(header, asarray(host))
