# SPDX-License-Identifier: BSD-3-Clause
"""Array creation from shapes, fill values, host data and other device arrays
(NumPy's semantics; device arrays and CUDA Array Interface objects are used
without a trip through the host)."""
import operator

import numpy

from gpuarray import _core
from gpuarray._core import ndarray
from gpuarray._cuda_array_interface import from_cuda_array_interface
from gpuarray._device_arg import accepts_device, device_scope
from gpuarray._dlpack import CUDA, CUDA_MANAGED, from_dlpack
from gpuarray._host_upload import _from_host, _like_layout, _order_char
from gpuarray._nested_sequences import from_nested_sequence, holds_device_arrays

__all__ = [
    "array", "asarray", "asanyarray", "ascontiguousarray", "asfortranarray", "copy",
    "empty", "zeros", "ones", "full", "empty_like", "zeros_like", "ones_like", "full_like",
]

# ---------------------------------------------------------------- from shapes

# empty and zeros pass the constructor's arguments by position: pybind11 matches
# keywords more slowly, and zeros(16) should take at most 3 µs of host time.

@accepts_device
def empty(shape, dtype=None, order="C"):
    """Return a new array of the given shape and dtype, its entries left uninitialized.

    Parameters
    ----------
    shape : int or tuple of ints
        Shape of the new array.
    dtype : data-type, optional
        Dtype of the new array; None (default) means float64.
    order : {'C', 'F'}, optional
        Row-major ('C', default) or column-major ('F') layout, in either case;
        None means 'C'.
    device : gpuarray.cuda.Device, optional
        Keyword-only: the device to make the array on, current while it is
        made. None (default) means the current device.

    Returns
    -------
    out : ndarray
        A device array of `shape` and `dtype` whose entries are whatever the
        memory held before.

    Raises
    ------
    ValueError
        If a dimension is negative, `order` is not 'C' or 'F', or `device` is
        neither None nor a gpuarray.cuda.Device.
    TypeError
        If `dtype` is not a bool, integer, float or complex dtype.

    Notes
    -----
    The memory is taken from the device's memory pool and nothing is written
    to it: no kernel runs, nothing waits for the device. NumPy's `like`
    argument is not accepted.

    See Also
    --------
    empty_like, zeros, ones, full

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.empty((2, 3), dtype=xp.int32)
    >>> a.shape, a.dtype
    ((2, 3), dtype('int32'))
    >>> xp.empty(4).dtype
    dtype('float64')
    >>> xp.empty((2, 3), order='F').flags['F_CONTIGUOUS']
    True
    """
    return ndarray(shape, dtype, None, None, "C" if order is None else order)


@accepts_device
def zeros(shape, dtype=None, order="C"):
    """Return a new array of the given shape and dtype filled with zeros.

    Parameters
    ----------
    shape : int or tuple of ints
        Shape of the new array.
    dtype : data-type, optional
        Dtype of the new array; None (default) means float64.
    order : {'C', 'F'}, optional
        Row-major ('C', default) or column-major ('F') layout, in either case;
        None means 'C'.
    device : gpuarray.cuda.Device, optional
        Keyword-only: the device to make the array on, current while it is
        made. None (default) means the current device.

    Returns
    -------
    out : ndarray
        A device array of `shape` and `dtype` holding zeros.

    Raises
    ------
    ValueError
        If a dimension is negative, `order` is not 'C' or 'F', or `device` is
        neither None nor a gpuarray.cuda.Device.
    TypeError
        If `dtype` is not a bool, integer, float or complex dtype.

    Notes
    -----
    The memory, taken from the device's memory pool, is cleared by an
    asynchronous memset on the current stream (no kernel launch); nothing
    waits for the device. NumPy's `like` argument is not accepted.

    See Also
    --------
    zeros_like, empty, ones, full

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.zeros(3)
    array([0., 0., 0.])
    >>> xp.zeros((2, 2), dtype=xp.int64)
    array([[0, 0],
           [0, 0]])
    >>> xp.zeros((2, 1), dtype=bool)
    array([[False],
           [False]])
    >>> xp.zeros(2, device=xp.cuda.Device(0)).device == xp.cuda.Device(0)
    True
    """
    return _core._zeros(shape, dtype, "C" if order is None else order)


@accepts_device
def ones(shape, dtype=None, order="C"):
    """Return a new array of the given shape and dtype filled with ones.

    Parameters
    ----------
    shape : int or tuple of ints
        Shape of the new array.
    dtype : data-type, optional
        Dtype of the new array; None (default) means float64.
    order : {'C', 'F'}, optional
        Row-major ('C', default) or column-major ('F') layout, in either case;
        None means 'C'.
    device : gpuarray.cuda.Device, optional
        Keyword-only: the device to make the array on, current while it is
        made. None (default) means the current device.

    Returns
    -------
    out : ndarray
        A device array of `shape` and `dtype` holding ones.

    Raises
    ------
    ValueError
        If a dimension is negative, `order` is not 'C' or 'F', or `device` is
        neither None nor a gpuarray.cuda.Device.
    TypeError
        If `dtype` is not a bool, integer, float or complex dtype.

    Notes
    -----
    An uninitialized array is filled by a fill kernel on the current stream;
    nothing waits for the device. NumPy's `like` argument is not accepted.

    See Also
    --------
    ones_like, empty, zeros, full

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ones(3)
    array([1., 1., 1.])
    >>> xp.ones((2, 3), dtype=xp.int8)
    array([[1, 1, 1],
           [1, 1, 1]], dtype=int8)
    """
    a = empty(shape, dtype, order)
    a._fill(1)
    return a


@accepts_device
def full(shape, fill_value, dtype=None, order="C"):
    """Return a new array of the given shape filled with a value.

    Parameters
    ----------
    shape : int or tuple of ints
        Shape of the new array.
    fill_value : scalar or array_like
        The value to fill with, broadcast to `shape`: a scalar, host data or
        a device array.
    dtype : data-type, optional
        Dtype of the new array; None (default) means the dtype NumPy gives
        `fill_value` (a device array's own dtype).
    order : {'C', 'F'}, optional
        Row-major ('C', default) or column-major ('F') layout, in either case;
        None means 'C'.
    device : gpuarray.cuda.Device, optional
        Keyword-only: the device to make the array on, current while it is
        made. None (default) means the current device.

    Returns
    -------
    out : ndarray
        A device array of `shape` and `dtype` holding `fill_value`.

    Raises
    ------
    ValueError
        If a dimension is negative, `order` is not 'C' or 'F', `fill_value`
        does not broadcast to `shape`, or `device` is neither None nor a
        gpuarray.cuda.Device.
    TypeError
        If the dtype (given or inferred, e.g. from a string) is not a bool,
        integer, float or complex dtype.
    OverflowError
        If a Python int `fill_value` does not fit `dtype`, as in NumPy.

    Notes
    -----
    A host `fill_value` is converted to `dtype` on the host with NumPy's
    unsafe casting, as numpy.full does (1.9 fills an integer array with 1).
    A scalar is then written by a fill kernel; an array is uploaded, which
    waits for the copy to finish, and broadcast on the device. A device array
    `fill_value` is broadcast and cast on the device, without a trip through
    the host. NumPy's `like` argument is not accepted.

    See Also
    --------
    full_like, empty, zeros, ones

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.full((2, 2), 7)
    array([[7, 7],
           [7, 7]])
    >>> xp.full(3, 2.5)
    array([2.5, 2.5, 2.5])
    >>> xp.full((2, 3), [1, 2, 3])
    array([[1, 2, 3],
           [1, 2, 3]])
    >>> xp.full(3, 1.9, dtype=xp.int32)
    array([1, 1, 1], dtype=int32)
    """
    if dtype is None:
        dtype = fill_value.dtype if isinstance(fill_value, ndarray) else numpy.asarray(fill_value).dtype
    a = empty(shape, dtype, order)
    _copyto(a, fill_value)
    return a


def _copyto(a, value):
    """``a[...] = value`` with numpy.copyto's unsafe casting, as numpy.full and full_like
    fill (a Python int must still fit the dtype)."""
    if isinstance(value, ndarray):
        a._copy_from(value)
        return
    host = numpy.empty(numpy.shape(value), a.dtype)
    numpy.copyto(host, value, casting="unsafe")
    if host.ndim == 0:
        a._fill(host)
    else:
        a[...] = host


# ------------------------------------------------------------ like an array

def _new_like(prototype, dtype, order, shape):
    """An uninitialized array laid out like `prototype` as NumPy's empty_like lays it out."""
    if isinstance(prototype, ndarray):
        c_contiguous, f_contiguous = prototype._c_contiguous, prototype._f_contiguous
    else:
        prototype = numpy.asarray(prototype)  # only its shape, dtype and layout are read
        c_contiguous, f_contiguous = prototype.flags.c_contiguous, prototype.flags.f_contiguous
    dtype = prototype.dtype if dtype is None else numpy.dtype(dtype)
    if shape is None:
        shape = prototype.shape
    else:
        shape = tuple(map(operator.index, shape if numpy.iterable(shape) else (shape,)))
    layout = _like_layout(prototype.shape, prototype.strides, c_contiguous, f_contiguous, shape,
                          dtype.itemsize, order)
    if isinstance(layout, tuple):
        return ndarray(shape, dtype, strides=layout)
    return ndarray(shape, dtype, order=layout)


@accepts_device
def empty_like(prototype, dtype=None, order="K", subok=None, shape=None):
    """Return a new array shaped and typed like another, its entries left uninitialized.

    Parameters
    ----------
    prototype : array_like
        Array (device array or host data) whose shape, dtype and memory layout
        the result takes.
    dtype : data-type, optional
        Dtype of the result instead of `prototype`'s.
    order : {'K', 'A', 'C', 'F'}, optional
        Memory layout of the result: 'K' (default) keeps the layout of
        `prototype` (its axes' memory order, as NumPy does, if it is in neither
        order), 'A' is 'F' for a Fortran-contiguous `prototype` and 'C' otherwise,
        'C' and 'F' force that order. Either case; None means 'K'.
    subok : None, optional
        Accepted for NumPy compatibility and ignored: gpuarray has no ndarray
        subclasses.
    shape : int or tuple of ints, optional
        Shape of the result instead of `prototype`'s; with a different number of
        dimensions order 'K' gives a C-contiguous array.
    device : gpuarray.cuda.Device, optional
        Keyword-only: the device to make the array on, current while it is
        made. None (default) means the current device.

    Returns
    -------
    out : ndarray
        A device array whose entries are whatever the memory held before.

    Raises
    ------
    ValueError
        If `order` is not 'K', 'A', 'C' or 'F', a dimension of `shape` is
        negative, or `device` is neither None nor a gpuarray.cuda.Device.
    TypeError
        If `shape` holds a non-integer, or the dtype is not a bool, integer,
        float or complex dtype.

    Notes
    -----
    Only the shape, dtype and layout of `prototype` are read: host data is
    not uploaded and a device array's contents are not touched. No kernel
    runs and nothing waits for the device.

    See Also
    --------
    empty, zeros_like, ones_like, full_like

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2, 3], [4, 5, 6]])
    >>> b = xp.empty_like(a)
    >>> b.shape, b.dtype
    ((2, 3), dtype('int64'))
    >>> xp.empty_like(a.T).flags['F_CONTIGUOUS']
    True
    >>> xp.empty_like(a, dtype=xp.float32, shape=(3,)).dtype
    dtype('float32')
    """
    return _new_like(prototype, dtype, order, shape)


@accepts_device
def zeros_like(a, dtype=None, order="K", subok=None, shape=None):
    """Return an array of zeros shaped and typed like another.

    Parameters
    ----------
    a : array_like
        Array (device array or host data) whose shape, dtype and memory layout
        the result takes.
    dtype : data-type, optional
        Dtype of the result instead of `a`'s.
    order : {'K', 'A', 'C', 'F'}, optional
        Memory layout of the result: 'K' (default) keeps the layout of
        `a` (its axes' memory order, as NumPy does, if it is in neither
        order), 'A' is 'F' for a Fortran-contiguous `a` and 'C' otherwise,
        'C' and 'F' force that order. Either case; None means 'K'.
    subok : None, optional
        Accepted for NumPy compatibility and ignored: gpuarray has no ndarray
        subclasses.
    shape : int or tuple of ints, optional
        Shape of the result instead of `a`'s; with a different number of
        dimensions order 'K' gives a C-contiguous array.
    device : gpuarray.cuda.Device, optional
        Keyword-only: the device to make the array on, current while it is
        made. None (default) means the current device.

    Returns
    -------
    out : ndarray
        A device array of zeros.

    Raises
    ------
    ValueError
        If `order` is not 'K', 'A', 'C' or 'F', a dimension of `shape` is
        negative, or `device` is neither None nor a gpuarray.cuda.Device.
    TypeError
        If `shape` holds a non-integer, or the dtype is not a bool, integer,
        float or complex dtype.

    Notes
    -----
    Only the shape, dtype and layout of `a` are read: host data is not
    uploaded. The new memory is cleared by an asynchronous memset on the
    current stream; nothing waits for the device.

    See Also
    --------
    zeros, empty_like, ones_like, full_like

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2, 3], [4, 5, 6]])
    >>> xp.zeros_like(a)
    array([[0, 0, 0],
           [0, 0, 0]])
    >>> xp.zeros_like(a, dtype=float)
    array([[0., 0., 0.],
           [0., 0., 0.]])
    >>> xp.zeros_like(a, shape=(2,))
    array([0, 0])
    """
    out = _new_like(a, dtype, order, shape)
    out.data.memset_async(0, out.nbytes)  # dense: its bytes start at element 0
    return out


@accepts_device
def ones_like(a, dtype=None, order="K", subok=None, shape=None):
    """Return an array of ones shaped and typed like another.

    Parameters
    ----------
    a : array_like
        Array (device array or host data) whose shape, dtype and memory layout
        the result takes.
    dtype : data-type, optional
        Dtype of the result instead of `a`'s.
    order : {'K', 'A', 'C', 'F'}, optional
        Memory layout of the result: 'K' (default) keeps the layout of
        `a` (its axes' memory order, as NumPy does, if it is in neither
        order), 'A' is 'F' for a Fortran-contiguous `a` and 'C' otherwise,
        'C' and 'F' force that order. Either case; None means 'K'.
    subok : None, optional
        Accepted for NumPy compatibility and ignored: gpuarray has no ndarray
        subclasses.
    shape : int or tuple of ints, optional
        Shape of the result instead of `a`'s; with a different number of
        dimensions order 'K' gives a C-contiguous array.
    device : gpuarray.cuda.Device, optional
        Keyword-only: the device to make the array on, current while it is
        made. None (default) means the current device.

    Returns
    -------
    out : ndarray
        A device array of ones.

    Raises
    ------
    ValueError
        If `order` is not 'K', 'A', 'C' or 'F', a dimension of `shape` is
        negative, or `device` is neither None nor a gpuarray.cuda.Device.
    TypeError
        If `shape` holds a non-integer, or the dtype is not a bool, integer,
        float or complex dtype.

    Notes
    -----
    Only the shape, dtype and layout of `a` are read: host data is not
    uploaded. The new array is filled by a fill kernel on the current stream;
    nothing waits for the device.

    See Also
    --------
    ones, empty_like, zeros_like, full_like

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2, 3], [4, 5, 6]])
    >>> xp.ones_like(a)
    array([[1, 1, 1],
           [1, 1, 1]])
    >>> xp.ones_like(a, dtype=xp.float32, shape=(2, 2))
    array([[1., 1.],
           [1., 1.]], dtype=float32)
    """
    out = _new_like(a, dtype, order, shape)
    out._fill(1)
    return out


@accepts_device
def full_like(a, fill_value, dtype=None, order="K", subok=None, shape=None):
    """Return an array filled with a value, shaped and typed like another.

    Parameters
    ----------
    a : array_like
        Array (device array or host data) whose shape, dtype and memory layout
        the result takes.
    fill_value : scalar or array_like
        The value to fill with, broadcast to the result's shape: a scalar,
        host data or a device array.
    dtype : data-type, optional
        Dtype of the result instead of `a`'s.
    order : {'K', 'A', 'C', 'F'}, optional
        Memory layout of the result: 'K' (default) keeps the layout of
        `a` (its axes' memory order, as NumPy does, if it is in neither
        order), 'A' is 'F' for a Fortran-contiguous `a` and 'C' otherwise,
        'C' and 'F' force that order. Either case; None means 'K'.
    subok : None, optional
        Accepted for NumPy compatibility and ignored: gpuarray has no ndarray
        subclasses.
    shape : int or tuple of ints, optional
        Shape of the result instead of `a`'s; with a different number of
        dimensions order 'K' gives a C-contiguous array.
    device : gpuarray.cuda.Device, optional
        Keyword-only: the device to make the array on, current while it is
        made. None (default) means the current device.

    Returns
    -------
    out : ndarray
        A device array holding `fill_value` cast to the result's dtype.

    Raises
    ------
    ValueError
        If `order` is not 'K', 'A', 'C' or 'F', a dimension of `shape` is
        negative, `fill_value` does not broadcast to the result's shape, or
        `device` is neither None nor a gpuarray.cuda.Device.
    TypeError
        If `shape` holds a non-integer, or the dtype is not a bool, integer,
        float or complex dtype.
    OverflowError
        If a Python int `fill_value` does not fit the dtype, as in NumPy.

    Notes
    -----
    Only the shape, dtype and layout of `a` are read: host data is not
    uploaded. A host `fill_value` is converted on the host with NumPy's
    unsafe casting (2.7 fills an integer array with 2); a scalar is then
    written by a fill kernel, an array uploaded (the host waits for the copy)
    and broadcast on the device. A device array `fill_value` is broadcast and
    cast on the device.

    See Also
    --------
    full, empty_like, zeros_like, ones_like

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2, 3], [4, 5, 6]])
    >>> xp.full_like(a, 9)
    array([[9, 9, 9],
           [9, 9, 9]])
    >>> xp.full_like(a, 2.7)
    array([[2, 2, 2],
           [2, 2, 2]])
    >>> xp.full_like(a, [7, 8, 9], dtype=float)
    array([[7., 8., 9.],
           [7., 8., 9.]])
    """
    out = _new_like(a, dtype, order, shape)
    _copyto(out, fill_value)
    return out


# ------------------------------------------------------------- from objects

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
