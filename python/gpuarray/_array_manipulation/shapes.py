# SPDX-License-Identifier: BSD-3-Clause
"""Shapes: reading them (ndim, shape, size, which take anything NumPy's do)
and changing them (reshape, ravel, ndarray.flatten), with NumPy 2's
semantics: the same views where NumPy gives a view, the same element orders
('C', 'F', 'A', 'K') where it copies. The memory-order arithmetic
(``_k_order``, ``_is_dense``) is pure host code, tested without a GPU."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._core import ndarray

__all__ = ["ravel", "reshape", "ndim", "shape", "size"]


def reshape(a, shape, order="C", *, copy=None):
    """Give an array a new shape without changing its elements.

    Parameters
    ----------
    a : array_like
        Array to reshape; host data is copied to the device first.
    shape : int or tuple of ints
        The new shape, with as many elements as `a`. One extent may be -1: it is
        then computed from the size of `a` and the other extents.
    order : {'C', 'F', 'A'}, optional
        Order in which the elements are read from `a` and placed in the result:
        'C' (default) with the last index changing fastest, 'F' with the first,
        'A' as 'F' when `a` is Fortran-contiguous but not C-contiguous, else
        as 'C'.
    copy : bool, optional
        True always copies; False raises instead of copying; None (default)
        copies only when no view can give the new shape.

    Returns
    -------
    reshaped_array : ndarray
        A view of `a` whenever NumPy's reshape gives one, otherwise a view of a
        new copy.

    Raises
    ------
    ValueError
        If the new shape does not hold as many elements as `a`, more than one
        extent is -1, `order` is 'K' or not an order, or ``copy=False`` and the
        new shape needs a copy.
    TypeError
        If `shape` is not an integer or a sequence of integers.

    Notes
    -----
    When the strides of `a` cannot express the new shape, `a` is first copied on
    the device into a contiguous array of the requested order; nothing is read
    back to the host. NumPy's deprecated `newshape` keyword is not accepted.

    See Also
    --------
    ravel, expand_dims, squeeze, ndarray.reshape

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6)
    >>> xp.reshape(a, (2, 3))
    array([[0, 1, 2],
           [3, 4, 5]])
    >>> xp.reshape(a, (3, -1), order="F")
    array([[0, 3],
           [1, 4],
           [2, 5]])
    """
    return asarray(a).reshape(shape, order=order, copy=copy)


# ---- ravel and flatten ----

def _flat_order(a, order):
    """The traversal that flattening `a` with `order` means: 'C', 'F' or 'K' ('A' and 'K' resolved
    as NumPy does; 'K' stays only for an array contiguous in neither order)."""
    if order is None:
        return "C"
    if not isinstance(order, str):
        raise TypeError(f"order must be str, not {type(order).__name__}")
    o = order.upper()
    if o == "A":
        return "F" if a._f_contiguous and not a._c_contiguous else "C"
    if o == "K":
        return "C" if a._c_contiguous else "F" if a._f_contiguous else "K"
    if o not in ("C", "F"):
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
    return o


def _k_order(shape, strides):
    """The axes, outermost first, in which NumPy's order='K' copy visits an array: NumPy's
    iterator insertion-sorts the axes by decreasing absolute stride, starting from C order;
    an axis of extent 1 or stride 0 says nothing, so comparisons with it move nothing, and
    negative strides are not flipped."""
    weight = [abs(s) if n != 1 else 0 for n, s in zip(shape, strides)]
    inner_first = []
    for ax in reversed(range(len(shape))):
        pos = len(inner_first)
        for j in reversed(range(len(inner_first))):
            other = weight[inner_first[j]]
            if weight[ax] == 0 or other == 0:
                continue
            if other <= weight[ax]:
                break
            pos = j
        inner_first.insert(pos, ax)
    return inner_first[::-1]


def _is_dense(shape, strides, itemsize):
    """Whether the elements fill a block of memory without gaps, lowest address first, when
    visited by increasing stride: then order='K' flattening is a view."""
    step = itemsize
    for s, n in sorted((s, n) for n, s in zip(shape, strides) if n != 1):
        if s != step:
            return False
        step *= n
    return True


def _flat_copy(a, order):
    """A new 1-d array of `a`'s elements visited in `order` ('C', 'F' or 'K')."""
    if order == "F":
        a = a.transpose(tuple(reversed(range(a.ndim))))
    elif order == "K":
        a = a.transpose(_k_order(a.shape, a.strides))
    out = ndarray((a.size,), a.dtype)
    out.reshape(a.shape)._copy_from(a)
    return out


def ravel(a, order="C"):
    """Return the elements of an array as a 1-D array.

    Parameters
    ----------
    a : array_like
        Input array; host data is copied to the device first.
    order : {'C', 'F', 'A', 'K'}, optional
        Order in which the elements are read: 'C' (default) with the last index
        changing fastest, 'F' with the first, 'A' as 'F' when `a` is
        Fortran-contiguous but not C-contiguous, else as 'C', and 'K' in the
        order the elements lie in memory. None means 'C'.

    Returns
    -------
    y : ndarray
        A 1-D array of ``a.size`` elements of `a`'s dtype: a view of `a` when
        its elements lie contiguously in that order, else a copy.

    Raises
    ------
    TypeError
        If `order` is not a string or None.
    ValueError
        If `order` is not one of 'C', 'F', 'A', 'K'.

    Notes
    -----
    A copy is made on the device, without reading back to the host. With
    'K', an array contiguous in neither order is a view when its elements fill a
    block of memory without gaps; otherwise it is copied visiting its axes in the
    order NumPy's iterator chooses (by decreasing stride, negative strides not
    reversed), so the element order matches NumPy's.

    See Also
    --------
    reshape, ndarray.flatten, ndarray.ravel

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2, 3], [4, 5, 6]])
    >>> xp.ravel(a)
    array([1, 2, 3, 4, 5, 6])
    >>> xp.ravel(a, order="F")
    array([1, 4, 2, 5, 3, 6])
    >>> xp.ravel(a.T, order="K")
    array([1, 2, 3, 4, 5, 6])
    """
    a = asarray(a)
    order = _flat_order(a, order)
    if ((order == "C" and a._c_contiguous) or (order == "F" and a._f_contiguous)
            or (order == "K" and _is_dense(a.shape, a.strides, a.itemsize))):
        return a._view((a.size,), (a.itemsize,))
    return _flat_copy(a, order)


def _flatten(self, order="C"):
    """A copy of the array collapsed into one dimension.

    Parameters
    ----------
    order : {'C', 'F', 'A', 'K'}, optional
        The order the elements are read in: row-major (default), column-major,
        'A' (column-major for Fortran-contiguous arrays) or 'K' (memory order).

    Returns
    -------
    ndarray
        A new 1-D array (never a view: see `ravel` for one when possible).

    See Also
    --------
    ndarray.ravel, gpuarray.reshape

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2], [3, 4]])
    >>> a.flatten()
    array([1, 2, 3, 4])
    >>> a.flatten('F')
    array([1, 3, 2, 4])
    """
    return _flat_copy(self, _flat_order(self, order))


def ndim(a):
    """Return the number of dimensions of an array.

    Parameters
    ----------
    a : array_like
        A device array, or anything ``numpy.ndim`` accepts.

    Returns
    -------
    number_of_dimensions : int
        The number of axes of `a`.

    Notes
    -----
    A device array's dimension count is held on the host, so the device is not
    used; other inputs are handed to ``numpy.ndim`` and not copied to the device.

    See Also
    --------
    shape, size, ndarray.ndim

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.ndim(xp.zeros((2, 3)))
    2
    >>> xp.ndim([[1, 2], [3, 4], [5, 6]])
    2
    >>> xp.ndim(7)
    0
    """
    return a.ndim if isinstance(a, ndarray) else numpy.ndim(a)


def shape(a):
    """Return the shape of an array.

    Parameters
    ----------
    a : array_like
        A device array, or anything ``numpy.shape`` accepts.

    Returns
    -------
    shape : tuple of ints
        The extent of each axis of `a`.

    Notes
    -----
    A device array's shape is held on the host, so the device is not used; other
    inputs are handed to ``numpy.shape`` and not copied to the device.

    See Also
    --------
    ndim, size, ndarray.shape

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.shape(xp.zeros((2, 3)))
    (2, 3)
    >>> xp.shape([[1, 2]])
    (1, 2)
    >>> xp.shape(0)
    ()
    """
    return a.shape if isinstance(a, ndarray) else numpy.shape(a)


def size(a, axis=None):
    """Return the number of elements of an array, or along one of its axes.

    Parameters
    ----------
    a : array_like
        A device array, or anything ``numpy.size`` accepts.
    axis : int, optional
        The axis whose extent is returned (negative values count from the end).
        None (default) gives the total number of elements.

    Returns
    -------
    element_count : int
        The number of elements of `a`, or the extent of its axis `axis`.

    Raises
    ------
    IndexError
        If `axis` is out of range for a device array.
    TypeError
        If `axis` is not an integer for a device array.

    Notes
    -----
    A device array's shape is held on the host, so the device is not used; other
    inputs are handed to ``numpy.size`` and not copied to the device. For a
    device array `axis` must be a single integer: NumPy 2.4's tuple of axes is
    not accepted, and an axis out of range raises IndexError, not NumPy's
    AxisError.

    See Also
    --------
    shape, ndim, ndarray.size

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.zeros((2, 3))
    >>> xp.size(a)
    6
    >>> xp.size(a, 1)
    3
    >>> xp.size([[1, 2], [3, 4]])
    4
    """
    if not isinstance(a, ndarray):
        return numpy.size(a, axis)
    return a.size if axis is None else a.shape[axis]
