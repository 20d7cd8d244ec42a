# SPDX-License-Identifier: BSD-3-Clause
"""Copies between host and device with CuPy's API: asnumpy, ndarray.get, ndarray.set.

Without a stream the copies run on the current stream and return when done.
With one they run on it (``with stream:`` makes it current, so that a device-side
contiguous copy and the transfer share it, and the pool's stream ordering keeps
temporaries alive long enough). blocking=False returns once the copy is queued:
into pinned host memory it then runs asynchronously and the caller synchronizes."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._core import ndarray

__all__ = ["asnumpy"]


def asnumpy(a, stream=None, order="C", out=None, *, blocking=True):
    """The contents of an array as a NumPy array on the host.

    Parameters
    ----------
    a : array_like
        A gpuarray array, an object exporting ``__cuda_array_interface__``
        (CuPy, PyTorch, Numba), or anything ``numpy.asarray`` accepts.
    stream : Stream, optional
        The stream to copy on; None is the current stream.
    order : {'C', 'F', 'A'}, optional
        The NumPy array's layout.
    out : numpy.ndarray, optional
        A host array of `a`'s shape and dtype to copy into.
    blocking : bool, optional
        Wait for the copy (True, default); see `ndarray.get`.

    Returns
    -------
    numpy.ndarray

    See Also
    --------
    ndarray.get, asarray

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> host = xp.asnumpy(xp.arange(3))
    >>> type(host).__name__, host
    ('ndarray', array([0, 1, 2]))
    >>> xp.asnumpy([1, 2], out=np.empty(2, dtype=int))
    array([1, 2])
    """
    if isinstance(a, ndarray):
        return _get(a, stream, order, out, blocking)
    if hasattr(a, "__cuda_array_interface__"):
        return _get(asarray(a), stream, order, out, blocking)
    host = numpy.asarray(a, order=order)
    if out is None:
        return host
    out[...] = host
    return out


def _get(self, stream=None, order="C", out=None, blocking=True):
    """The array's contents copied to the host, as a NumPy array.

    Parameters
    ----------
    stream : Stream, optional
        The stream to copy on; None is the current stream.
    order : {'C', 'F', 'A'}, optional
        The NumPy array's layout ('A': Fortran when the array is Fortran- and
        not C-contiguous); ignored when `out` is given.
    out : numpy.ndarray, optional
        A C- or Fortran-contiguous host array of the same shape and dtype to
        copy into.
    blocking : bool, optional
        Wait for the copy (True, default). False returns at once: read the
        result only after synchronizing the stream, and pass pinned memory as
        `out` for the copy to overlap other work.

    Returns
    -------
    numpy.ndarray
        A new host array, or `out`.

    Raises
    ------
    TypeError
        `out` is not a NumPy array of this array's dtype.
    ValueError
        `out`'s shape differs, or `order` is not 'C', 'F' or 'A'.

    See Also
    --------
    ndarray.set, gpuarray.asnumpy, gpuarray.asarray

    Notes
    -----
    The copy waits for the work queued on the stream before it: this is
    where a program waits for the GPU.

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(2, 3)
    >>> a.get()
    array([[0, 1, 2],
           [3, 4, 5]])
    >>> a.get(order='F').flags.f_contiguous
    True
    """
    if stream is None and out is None and blocking and order == "C":
        return self._download()
    if stream is None:
        return _download(self, order, out, blocking)
    with stream:
        return _download(self, order, out, blocking)


def _download(a, order, out, blocking):
    """ndarray.get on the current stream."""
    if out is None:
        order = order.upper()
        if order == "A":
            order = "F" if a._f_contiguous and not a._c_contiguous else "C"
        if order not in ("C", "F"):
            raise ValueError(f"unsupported order: {order}")
        out = numpy.empty(a.shape, a.dtype, order=order)
    else:
        _check_host_array(out, a, "obtained from", "Expected shape: {device}, actual shape: {host}")
        if out.flags.c_contiguous:
            order = "C"
        elif out.flags.f_contiguous:
            order = "F"
        else:
            raise RuntimeError("Cannot copy into a non-contiguous NumPy array")
    if a.size:
        src = a if (a._c_contiguous if order == "C" else a._f_contiguous) else a.copy(order)
        if blocking:
            src.data.copy_to_host(out, src.nbytes)
        else:
            src.data.copy_to_host_async(out, src.nbytes)
    return out


def _check_host_array(host, a, verb, shapes):
    """CuPy's errors for a host array that cannot be `verb` device array `a`;
    `shapes` spells the shape mismatch from {device} and {host}."""
    if not isinstance(host, numpy.ndarray):
        raise TypeError(f"Only numpy.ndarray can be {verb} gpuarray.ndarray, not {type(host).__name__}")
    if host.dtype != a.dtype:
        raise TypeError(f"{host.dtype} array cannot be {verb} {a.dtype} array")
    if host.shape != a.shape:
        raise ValueError("Shape mismatch. " + shapes.format(device=a.shape, host=host.shape))


def _set(self, arr, stream=None):
    """Copies a NumPy array into this array.

    Parameters
    ----------
    arr : numpy.ndarray
        The values: same shape and dtype as this array.
    stream : Stream, optional
        The stream to copy on; None is the current stream. With a stream, the
        copy is asynchronous when `arr` is pinned and this array contiguous.

    Returns
    -------
    None

    Raises
    ------
    TypeError
        `arr` is not a NumPy array of this array's dtype.
    ValueError
        The shapes differ, or this array is read-only.

    See Also
    --------
    ndarray.get, gpuarray.asarray, gpuarray.copyto

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> a = xp.zeros(3)
    >>> a.set(np.array([1.0, 2.0, 3.0]))
    >>> a
    array([1., 2., 3.])
    >>> a[::2].set(np.zeros(2)); a
    array([0., 2., 0.])
    """
    _check_host_array(arr, self, "set to", "Old shape: {device}, new shape: {host}")
    if not self._writeable:  # the host copy below writes the memory directly, past the engine's check
        raise ValueError("assignment destination is read-only")
    if stream is None:
        self._upload(arr)
        return
    with stream:
        if self._c_contiguous or self._f_contiguous:
            if self.size:
                host = numpy.ascontiguousarray(arr) if self._c_contiguous else numpy.asfortranarray(arr)
                self.data.copy_from_host_async(host, self.nbytes)
        else:
            self._upload(arr)  # staged through a contiguous temporary, synchronously
