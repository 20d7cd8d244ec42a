# SPDX-License-Identifier: BSD-3-Clause
"""Arrays from a shape and a fill value (NumPy's "from shape or value"
routines): empty, zeros, ones, full and their _like forms. Arrays from
existing data are in _array_creation/from_data.py."""
import operator

import numpy

from gpuarray import _core
from gpuarray._base.device_arg import accepts_device
from gpuarray._base.host_upload import _like_layout
from gpuarray._core import ndarray

__all__ = ["empty", "zeros", "ones", "full", "empty_like", "zeros_like", "ones_like", "full_like"]

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
