# SPDX-License-Identifier: BSD-3-Clause
"""Arrays from existing data (NumPy's "from existing data" routines): array,
asarray, asanyarray, ascontiguousarray, asfortranarray and copy, with NumPy's
semantics; device arrays and CUDA Array Interface objects are used without a
trip through the host. Arrays from a shape and a fill value are in
_array_creation/from_shape.py."""
import numpy

from gpuarray._array_creation.nested_sequences import from_nested_sequence, holds_device_arrays
from gpuarray._base.device_arg import device_scope
from gpuarray._base.host_upload import _from_host, _order_char
from gpuarray._core import ndarray
from gpuarray._interop.cuda_array_interface import from_cuda_array_interface
from gpuarray._interop.dlpack import CUDA, CUDA_MANAGED, from_dlpack

__all__ = ["array", "asarray", "asanyarray", "ascontiguousarray", "asfortranarray", "copy"]
def array(obj, dtype=None, copy=True, order="K", ndmin=0):
    """Create a device array from host data, a device array or a GPU buffer.

    Parameters
    ----------
    obj : array_like
        Host data (anything numpy.array accepts: lists, scalars, NumPy
        arrays), a gpuarray array, an object exporting device memory
        through ``__cuda_array_interface__`` or DLPack, lists and tuples
        holding device arrays (with host values or not), or a Dask
        collection (computed first, as numpy.array computes it).
    dtype : data-type, optional
        Dtype of the result; None (default) keeps `obj`'s, or takes the one
        NumPy infers for host data (and for the same values in lists of
        device arrays).
    copy : bool or None, optional
        As in NumPy 2: True (default) always copies, None copies only when
        needed, False never copies and raises ValueError where a copy is
        needed, which is always the case for host data.
    order : {'K', 'A', 'C', 'F'}, optional
        Memory layout of the result: 'K' keeps the layout of `obj` where it
        is not copied and NumPy's layout of a copy otherwise, 'A' is 'F' for a
        Fortran-contiguous `obj` and 'C' otherwise, 'C' and 'F' force that
        order (a device array in another order is copied). Either case;
        None means 'K'.
    ndmin : int, optional
        Minimum number of dimensions: length-1 axes are prepended (a view) up
        to it.

    Returns
    -------
    out : ndarray
        A device array; `obj` itself, or a view of its memory, when no copy is
        made.

    Raises
    ------
    ValueError
        If `copy` is False and a copy is needed, `order` is not one of 'K',
        'A', 'C', 'F', or `obj` is a ragged nested sequence.
    TypeError
        If the dtype is not a bool, integer, float or complex dtype (strings,
        objects, None entries), or a ``__cuda_array_interface__`` export is
        not in native byte order.

    Notes
    -----
    Host data is converted by NumPy and copied to the device on the current
    stream, and the call waits for the copy; the result has the dtype and
    strides numpy.array would give, except that a non-native byte order
    becomes native. A device array is copied (or cast) on the device,
    without a trip through the host. An object exporting device memory
    through ``__cuda_array_interface__`` or DLPack is viewed in place
    (copied on the device unless `copy` is None or False); the current
    stream then waits for the producer's stream without blocking the host.
    A list of device arrays is assembled on the device, one copy per array
    (host values in it are uploaded), never through the host.
    NumPy's `subok`, `ndmax` and `like` arguments are not accepted, and
    `copy` and `order` may also be given by position.

    See Also
    --------
    asarray, asanyarray, ascontiguousarray, asfortranarray, copy, from_dlpack, asnumpy

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.array([1, 2, 3])
    array([1, 2, 3])
    >>> xp.array([[1, 2], [3, 4]], dtype=xp.float32)
    array([[1., 2.],
           [3., 4.]], dtype=float32)
    >>> xp.array([1, 2, 3], ndmin=2)
    array([[1, 2, 3]])
    >>> a = xp.array([1, 2, 3])
    >>> xp.array(a) is a, xp.array(a, copy=None) is a
    (False, True)
    >>> xp.array([a, a + 3])
    array([[1, 2, 3],
           [4, 5, 6]])
    >>> xp.array([a.min(), a.max(), 0.5])
    array([1. , 3. , 0.5])
    >>> xp.array([1, 2], copy=False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    ValueError: Unable to avoid copy while creating an array as requested: host data ...
    """
    order = _order_char(order)
    if _is_dask_collection(obj):
        # numpy.array computes a Dask array (its __array__), and so does this; the
        # chunks of a gpuarray-backed one then need no trip through the host.
        obj = obj.compute()
    if isinstance(obj, ndarray):
        out = _from_device(obj, dtype, copy, order)
    elif hasattr(obj, "__cuda_array_interface__"):
        out = _from_device(from_cuda_array_interface(obj), dtype, copy, order)
    elif not isinstance(obj, numpy.ndarray) and _exports_device_dlpack(obj):
        out = _from_device(from_dlpack(obj), dtype, copy, order)
    elif copy is False:
        raise ValueError("Unable to avoid copy while creating an array as requested: "
                         "host data has to be copied to the device (use asarray to allow the copy)")
    else:
        try:
            out = _from_host(obj, dtype, order)
        except TypeError:
            # NumPy met a device array in a list (it refuses __array__): build on the device.
            # Tried after NumPy, so that host lists pay nothing for the search.
            if not holds_device_arrays(obj):
                raise
            out = from_nested_sequence(obj, dtype, order)
    return out if out.ndim >= ndmin else _prepend_ones(out, ndmin, order)


def _is_dask_collection(obj):
    """Whether `obj` is a Dask collection (a Dask array, dataframe or delayed value):
    Dask's own test (dask.base.is_dask_collection), made without importing Dask. An
    object that has the method but no graph (an xarray DataArray over NumPy data) is not."""
    if isinstance(obj, ndarray) or not hasattr(type(obj), "__dask_graph__") or not hasattr(obj, "compute"):
        return False
    return obj.__dask_graph__() is not None


def _exports_device_dlpack(obj):
    """Whether `obj` exports CUDA memory through DLPack (JAX arrays and others without the
    CUDA Array Interface); host producers (NumPy, CPU tensors) take the host path."""
    dlpack_device = getattr(obj, "__dlpack_device__", None)
    if dlpack_device is None or not hasattr(obj, "__dlpack__"):
        return False
    return dlpack_device()[0] in (CUDA, CUDA_MANAGED)


def _from_device(a, dtype, copy, order):
    """`a`, or a device copy of it where dtype, order or copy=True ask for one."""
    if dtype is not None:
        dtype = numpy.dtype(dtype)
        if not dtype.isnative:  # device arrays are native: asking for a byte order is no reason to copy
            dtype = dtype.newbyteorder("=")
    cast = dtype is not None and dtype != a.dtype
    if cast or copy or not (order in "KA" or (order == "C" and a._c_contiguous)
                            or (order == "F" and a._f_contiguous)):
        if copy is False:
            raise ValueError("Unable to avoid copy while creating an array as requested")
        if cast:  # NumPy casts keeping the layout for 'A' too ('A' is 'F' only when 'K' is)
            return a._astype(dtype, "K" if order == "A" else order)
        return a.copy(order)
    return a


def _prepend_ones(a, ndmin, order):
    """A view of `a` with leading length-1 axes up to `ndmin` dimensions, strided as NumPy's ndmin."""
    if order == "F" or (a._f_contiguous and not a._c_contiguous) or a.ndim == 0:
        stride = a.itemsize
    else:
        stride = a.strides[0] * a.shape[0]
    n = ndmin - a.ndim
    return a._view((1,) * n + a.shape, (stride,) * n + a.strides)


def asarray(a, dtype=None, order=None, *, device=None, copy=None):
    """Convert the input to a device array, copying only when needed.

    Parameters
    ----------
    a : array_like
        Host data, a gpuarray array, or an object exporting device memory
        through ``__cuda_array_interface__`` or DLPack (see array).
    dtype : data-type, optional
        Dtype of the result; None (default) keeps `a`'s, or takes the one
        NumPy infers for host data.
    order : {'K', 'A', 'C', 'F'}, optional
        Memory layout of the result: 'K' keeps the layout of `a` where it
        is not copied and NumPy's layout of a copy otherwise, 'A' is 'F' for a
        Fortran-contiguous `a` and 'C' otherwise, 'C' and 'F' force that
        order (a device array in another order is copied). Either case;
        None means 'K'.
    device : gpuarray.cuda.Device, optional
        Keyword-only: the device the result must be on, current while it is
        made; a device array on another device is copied there. None
        (default) means the current device for host data and leaves a device
        array where it is.
    copy : bool or None, optional
        Keyword-only. None (default) copies only when needed, True always,
        False never (ValueError where a copy is needed, always for host data).

    Returns
    -------
    out : ndarray
        `a` itself when it is a device array needing no change, else a new
        device array (or a view of exported device memory).

    Raises
    ------
    ValueError
        If `copy` is False and a copy is needed (including a copy between
        devices), `order` is not one of 'K', 'A', 'C', 'F', or `device` is
        neither None nor a gpuarray.cuda.Device.
    TypeError
        If the dtype is not a bool, integer, float or complex dtype.

    Notes
    -----
    Host data is copied to the device and the call waits for the copy; device
    arrays are converted on the device (see array). NumPy's `device` takes
    only "cpu"; here it is a gpuarray.cuda.Device. NumPy's `like` argument
    is not accepted.

    See Also
    --------
    array, asanyarray, ascontiguousarray, asfortranarray, ndarray.to_device

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.asarray([1, 2])
    >>> a
    array([1, 2])
    >>> xp.asarray(a) is a
    True
    >>> xp.asarray(a, dtype=xp.float32)
    array([1., 2.], dtype=float32)
    >>> xp.asarray(a, device=xp.cuda.Device(0)).device == xp.cuda.Device(0)
    True
    """
    if device is None:
        return array(a, dtype, copy=copy, order=order)
    with device_scope(device, "asarray()"):
        out = array(a, dtype, copy=copy, order=order)
    if out.device == device:
        return out
    if copy is False:
        raise ValueError(f"asarray: the array is on {out.device!r} and device={device!r} needs a copy "
                         "between devices, which copy=False forbids")
    return out.to_device(device)


def asanyarray(a, dtype=None, order=None, *, copy=None):
    """Convert the input to a device array, copying only when needed (as asarray).

    Parameters
    ----------
    a : array_like
        Host data, a gpuarray array, or an object exporting device memory
        through ``__cuda_array_interface__`` or DLPack (see array).
    dtype : data-type, optional
        Dtype of the result; None (default) keeps `a`'s, or takes the one
        NumPy infers for host data.
    order : {'K', 'A', 'C', 'F'}, optional
        Memory layout of the result: 'K' keeps the layout of `a` where it
        is not copied and NumPy's layout of a copy otherwise, 'A' is 'F' for a
        Fortran-contiguous `a` and 'C' otherwise, 'C' and 'F' force that
        order (a device array in another order is copied). Either case;
        None means 'K'.
    copy : bool or None, optional
        Keyword-only. None (default) copies only when needed, True always,
        False never (ValueError where a copy is needed, always for host data).

    Returns
    -------
    out : ndarray
        `a` itself when it is a device array needing no change, else a new
        device array (or a view of exported device memory).

    Raises
    ------
    ValueError
        If `copy` is False and a copy is needed, or `order` is not one of 'K',
        'A', 'C', 'F'.
    TypeError
        If the dtype is not a bool, integer, float or complex dtype.

    Notes
    -----
    gpuarray has no ndarray subclasses to pass through, so this is asarray
    without its `device` argument. Host data is copied to the device and the
    call waits for the copy. NumPy's `device` and `like` arguments are not
    accepted.

    See Also
    --------
    asarray, array

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.asanyarray([[1, 2], [3, 4]])
    >>> a
    array([[1, 2],
           [3, 4]])
    >>> xp.asanyarray(a) is a
    True
    """
    return array(a, dtype, copy=copy, order=order)


def ascontiguousarray(a, dtype=None):
    """Return a C-contiguous device array of at least one dimension.

    Parameters
    ----------
    a : array_like
        Host data, a gpuarray array, or an object exporting device memory
        (see array).
    dtype : data-type, optional
        Dtype of the result; None (default) keeps `a`'s.

    Returns
    -------
    out : ndarray
        `a` itself when it is already a C-contiguous device array of that
        dtype and at least 1-D, else a C-contiguous copy; a 0-d input becomes
        1-D.

    Raises
    ------
    TypeError
        If the dtype is not a bool, integer, float or complex dtype.

    Notes
    -----
    A device array is copied on the device; host data is copied to the
    device and the call waits for the copy. NumPy's `like` argument is not
    accepted.

    See Also
    --------
    asfortranarray, asarray, array, copy

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2, 3], [4, 5, 6]])
    >>> b = xp.ascontiguousarray(a.T)
    >>> b.flags['C_CONTIGUOUS']
    True
    >>> b
    array([[1, 4],
           [2, 5],
           [3, 6]])
    >>> xp.ascontiguousarray(a) is a
    True
    >>> xp.ascontiguousarray(5)
    array([5])
    """
    return array(a, dtype, copy=None, order="C", ndmin=1)


def asfortranarray(a, dtype=None):
    """Return a Fortran-contiguous device array of at least one dimension.

    Parameters
    ----------
    a : array_like
        Host data, a gpuarray array, or an object exporting device memory
        (see array).
    dtype : data-type, optional
        Dtype of the result; None (default) keeps `a`'s.

    Returns
    -------
    out : ndarray
        `a` itself when it is already a Fortran-contiguous device array of
        that dtype and at least 1-D, else a Fortran-contiguous copy; a 0-d
        input becomes 1-D.

    Raises
    ------
    TypeError
        If the dtype is not a bool, integer, float or complex dtype.

    Notes
    -----
    A device array is copied on the device; host data is copied to the
    device and the call waits for the copy. NumPy's `like` argument is not
    accepted.

    See Also
    --------
    ascontiguousarray, asarray, array, copy

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2, 3], [4, 5, 6]])
    >>> f = xp.asfortranarray(a)
    >>> f.flags['F_CONTIGUOUS'], f.strides
    (True, (8, 16))
    >>> f
    array([[1, 2, 3],
           [4, 5, 6]])
    >>> xp.asfortranarray(f) is f
    True
    >>> xp.asfortranarray(2.5)
    array([2.5])
    """
    return array(a, dtype, copy=None, order="F", ndmin=1)


def copy(a, order="K", subok=False):
    """Return a new device array holding a copy of the input.

    Parameters
    ----------
    a : array_like
        Host data, a gpuarray array, or an object exporting device memory
        (see array).
    order : {'K', 'A', 'C', 'F'}, optional
        Memory layout of the copy: 'K' (default) follows the layout of `a`
        as closely as NumPy does, 'A' is 'F' for a Fortran-contiguous `a` and
        'C' otherwise, 'C' and 'F' force that order. Either case; None means
        'K'.
    subok : bool, optional
        Accepted for NumPy compatibility and ignored: gpuarray has no ndarray
        subclasses.

    Returns
    -------
    out : ndarray
        A new device array with its own memory, equal to `a`.

    Raises
    ------
    ValueError
        If `order` is not one of 'K', 'A', 'C', 'F'.
    TypeError
        If the dtype is not a bool, integer, float or complex dtype.

    Notes
    -----
    This is ``array(a, copy=True, order=order)``: a device array is copied on
    the device without waiting for it; host data is copied to the device and
    the call waits for the copy.

    See Also
    --------
    array, ndarray.copy, ascontiguousarray, asfortranarray

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([1, 2, 3])
    >>> b = xp.copy(a)
    >>> b[0] = 10
    >>> a, b
    (array([1, 2, 3]), array([10,  2,  3]))
    >>> m = xp.array([[1, 2], [3, 4]])
    >>> xp.copy(m.T).flags['F_CONTIGUOUS'], xp.copy(m.T, order='C').flags['C_CONTIGUOUS']
    (True, True)
    """
    return array(a, copy=True, order=order)
