# SPDX-License-Identifier: BSD-3-Clause
"""Shape and view routines (ravel, squeeze, broadcast_to, view, real/imag, ...)
and the conversions of an array to Python scalars and sequences.

Views are built with ``a._view(shape, strides, offset, dtype)``; the layout
arithmetic lives in small pure functions (``_*_layout``, ``_k_order``,
``_item_offset``, ``broadcast_shapes``) so that it runs, and is tested, on a
machine without a GPU. NumPy's semantics are the specification: the same
views, strides, flags, exception types and messages."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

from gpuarray._core import ndarray
from gpuarray._creation import asarray

__all__ = [
    "atleast_1d", "atleast_2d", "atleast_3d", "broadcast_arrays", "broadcast_shapes", "broadcast_to",
    "expand_dims", "moveaxis", "ravel", "reshape", "squeeze", "swapaxes", "transpose", "ndim", "shape", "size",
]

_PART_DTYPE = {numpy.dtype(numpy.complex64): numpy.dtype(numpy.float32),
               numpy.dtype(numpy.complex128): numpy.dtype(numpy.float64)}


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


def transpose(a, axes=None):
    """Permute the axes of an array.

    Parameters
    ----------
    a : array_like
        Input array; host data is copied to the device first.
    axes : tuple or list of ints, optional
        A permutation of the axes of `a` (negative values count from the end):
        axis ``i`` of the result is axis ``axes[i]`` of `a`. None (default)
        reverses the axes.

    Returns
    -------
    p : ndarray
        A view of `a` with its axes permuted.

    Raises
    ------
    ValueError
        If `axes` does not name every axis of `a` exactly once.
    numpy.exceptions.AxisError
        If an entry of `axes` is out of range.

    Notes
    -----
    Only the shape and strides change: no element is moved and the device is not
    used.

    See Also
    --------
    swapaxes, moveaxis, ndarray.transpose, ndarray.T

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(2, 3)
    >>> xp.transpose(a)
    array([[0, 3],
           [1, 4],
           [2, 5]])
    >>> xp.transpose(xp.ones((1, 2, 3))).shape
    (3, 2, 1)
    >>> xp.transpose(xp.ones((1, 2, 3)), (1, 0, 2)).shape
    (2, 1, 3)
    """
    return asarray(a).transpose(axes)


def swapaxes(a, axis1, axis2):
    """Interchange two axes of an array.

    Parameters
    ----------
    a : array_like
        Input array; host data is copied to the device first.
    axis1, axis2 : int
        The two axes to exchange (negative values count from the end).

    Returns
    -------
    a_swapped : ndarray
        A view of `a` with `axis1` and `axis2` exchanged.

    Raises
    ------
    numpy.exceptions.AxisError
        If `axis1` or `axis2` is out of range.

    Notes
    -----
    A view: only the shape and strides change, no element is moved.

    See Also
    --------
    transpose, moveaxis, ndarray.swapaxes

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.swapaxes(xp.array([[1, 2, 3]]), 0, 1)
    array([[1],
           [2],
           [3]])
    >>> xp.swapaxes(xp.zeros((2, 3, 4)), 0, 2).shape
    (4, 3, 2)
    """
    a = asarray(a)
    axes = list(range(a.ndim))
    i, j = normalize_axis_index(axis1, a.ndim, "axis1"), normalize_axis_index(axis2, a.ndim, "axis2")
    axes[i], axes[j] = j, i
    return a.transpose(axes)


def moveaxis(a, source, destination):
    """Move axes of an array to new positions, keeping the order of the others.

    Parameters
    ----------
    a : array_like
        Input array; host data is copied to the device first.
    source : int or sequence of ints
        The axes to move (negative values count from the end).
    destination : int or sequence of ints
        Their positions in the result, one per entry of `source`.

    Returns
    -------
    result : ndarray
        A view of `a` with its axes rearranged.

    Raises
    ------
    ValueError
        If `source` and `destination` have different lengths, or one of them
        names an axis twice.
    numpy.exceptions.AxisError
        If an axis in `source` or `destination` is out of range.

    Notes
    -----
    A view: only the shape and strides change, no element is moved.

    See Also
    --------
    transpose, swapaxes

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.zeros((2, 3, 4))
    >>> xp.moveaxis(x, 0, -1).shape
    (3, 4, 2)
    >>> xp.moveaxis(x, -1, 0).shape
    (4, 2, 3)
    >>> xp.moveaxis(x, [0, 1], [-1, -2]).shape
    (4, 3, 2)
    """
    a = asarray(a)
    source = normalize_axis_tuple(source, a.ndim, "source")
    destination = normalize_axis_tuple(destination, a.ndim, "destination")
    if len(source) != len(destination):
        raise ValueError("`source` and `destination` arguments must have the same number of elements")
    axes = [n for n in range(a.ndim) if n not in source]
    for dst, src in sorted(zip(destination, source)):
        axes.insert(dst, src)
    return a.transpose(axes)


def _squeeze_axes(axis, shape):
    """The axes squeeze removes, with NumPy's errors (it takes an int or a tuple, not a list)."""
    if axis is None:
        return [i for i, n in enumerate(shape) if n == 1]
    if not isinstance(axis, tuple):
        # NumPy lets a 0-d array name axis 0 or -1, as if it had one axis.
        if not shape and not isinstance(axis, (bool, numpy.bool_)) and operator.index(axis) in (0, -1):
            return []
        axis = (axis,)
    axes = []
    for ax in axis:
        if isinstance(ax, (bool, numpy.bool_)):
            raise TypeError("an integer is required for the axis")
        ax = normalize_axis_index(operator.index(ax), len(shape))
        if ax in axes:
            raise ValueError("duplicate value in 'axis'")
        axes.append(ax)
    if any(shape[ax] != 1 for ax in axes):
        raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
    return axes


def squeeze(a, axis=None):
    """Remove axes of extent one from an array.

    Parameters
    ----------
    a : array_like
        Input array; host data is copied to the device first.
    axis : int or tuple of ints, optional
        The axes to remove, each of extent one. None (default) removes every
        axis of extent one. A 0-d array accepts axis 0 or -1 (and removes
        nothing).

    Returns
    -------
    squeezed : ndarray
        A view of `a` without those axes; `a` itself when no axis is removed.

    Raises
    ------
    ValueError
        If a selected axis does not have extent one, or `axis` names an axis
        twice.
    TypeError
        If `axis` is a list or a bool, or holds a bool.
    numpy.exceptions.AxisError
        If an axis is out of range.

    Notes
    -----
    A view: only the shape and strides change, no element is moved. As in NumPy,
    `axis` must be an int or a tuple (a list is refused).

    See Also
    --------
    expand_dims, reshape, ndarray.squeeze

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([[[0], [1], [2]]])
    >>> x.shape
    (1, 3, 1)
    >>> xp.squeeze(x)
    array([0, 1, 2])
    >>> xp.squeeze(x, axis=0).shape
    (3, 1)
    >>> xp.squeeze(x, axis=2).shape
    (1, 3)
    """
    a = asarray(a)
    drop = _squeeze_axes(axis, a.shape)
    if not drop:
        return a  # NumPy returns the array itself when no axis goes
    keep = [i for i in range(a.ndim) if i not in drop]
    return a._view([a.shape[i] for i in keep], [a.strides[i] for i in keep])


def expand_dims(a, axis):
    """Insert axes of extent one into an array.

    Parameters
    ----------
    a : array_like
        Input array; host data is copied to the device first.
    axis : int or tuple of ints
        Positions of the new axes in the result (negative values count from the
        end of the result's axes).

    Returns
    -------
    result : ndarray
        A view of `a` with ``a.ndim + len(axis)`` dimensions.

    Raises
    ------
    ValueError
        If `axis` names a position twice.
    numpy.exceptions.AxisError
        If a position is out of range for the result.

    Notes
    -----
    The view is made by reshaping, as NumPy does, so the new axes have the
    strides NumPy's reshape gives them; no element is moved.

    See Also
    --------
    squeeze, reshape, atleast_1d, atleast_2d, atleast_3d

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.expand_dims(xp.array([1, 2]), 0)
    array([[1, 2]])
    >>> xp.expand_dims(xp.array([1, 2]), 1)
    array([[1],
           [2]])
    >>> xp.expand_dims(xp.array([1, 2]), (0, 2)).shape
    (1, 2, 1)
    """
    a = asarray(a)
    ndim = a.ndim + (len(axis) if isinstance(axis, (tuple, list)) else 1)
    axis = normalize_axis_tuple(axis, ndim)
    extents = iter(a.shape)
    # NumPy reshapes here, so the strides of the new axes are reshape's.
    return a.reshape([1 if i in axis else next(extents) for i in range(ndim)])


def _shape_tuple(shape):
    """A shape argument (an int or a sequence of ints) as a tuple, TypeError for anything else."""
    try:
        return (operator.index(shape),)
    except TypeError:
        return tuple(operator.index(n) for n in shape)


def _format_shape(shape):
    """A shape as NumPy's iterator errors print it: (2,3), (3,)."""
    return "(" + ",".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def broadcast_shapes(*shapes):
    """The shape that arrays of the given shapes broadcast to.

    Parameters
    ----------
    *shapes : int or tuple of ints
        The shapes to broadcast together; an int is a 1-D shape.

    Returns
    -------
    broadcasted : tuple of ints
        The common shape (``()`` when no shape is given).

    Raises
    ------
    ValueError
        If the shapes cannot be broadcast together (the message names the first
        two arguments that clash, as NumPy's does) or an extent is negative.
    TypeError
        If a shape is not an integer or a sequence of integers.

    Notes
    -----
    Computed on the host from the shapes alone; no array is made and the device
    is not used.

    See Also
    --------
    broadcast_to, broadcast_arrays

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.broadcast_shapes((2, 1), (3,))
    (2, 3)
    >>> xp.broadcast_shapes((6, 7), (5, 6, 1), (7,), (5, 1, 7))
    (5, 6, 7)
    >>> xp.broadcast_shapes(3, ())
    (3,)
    """
    shapes = [_shape_tuple(s) for s in shapes]
    for s in shapes:
        if any(n < 0 for n in s):
            raise ValueError("negative dimensions are not allowed")
    ndim = max(map(len, shapes), default=0)
    result = []
    # Axis by axis, arguments in order, as NumPy scans: its error names the first clash found so.
    for k in range(ndim):
        extent, owner = 1, None
        for i, s in enumerate(shapes):
            n = s[k - ndim + len(s)] if k >= ndim - len(s) else 1
            if n == 1 or n == extent:
                continue
            if extent != 1:
                raise ValueError(
                    "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between "
                    f"arg {owner} with shape {shapes[owner]} and arg {i} with shape {s}.")
            extent, owner = n, i
        result.append(extent)
    return tuple(result)


def _broadcast_layout(shape, strides, target):
    """The strides of a view broadcasting an array of `shape`/`strides` to `target`: 0 on new
    axes and on extent-1 axes (even when they stay 1, as NumPy's iterator gives them)."""
    extra = len(target) - len(shape)
    if not target and shape:
        raise ValueError("cannot broadcast a non-scalar to a scalar array")
    if extra < 0:
        raise ValueError("input operand has more dimensions than allowed by the axis remapping")
    out = [0] * extra
    for n, m, s in zip(target[extra:], shape, strides):
        if m != 1 and m != n:
            raise ValueError("operands could not be broadcast together with remapped shapes "
                             f"[original->remapped]: {_format_shape(shape)}  and requested shape "
                             f"{_format_shape(target)}")
        out.append(0 if m == 1 else s)
    return out


def broadcast_to(array, shape):
    """Broadcast an array to a given shape.

    Parameters
    ----------
    array : array_like
        The array to broadcast; host data is copied to the device first.
    shape : int or tuple of ints
        The shape of the result; `array`'s shape must broadcast to it.

    Returns
    -------
    broadcast : ndarray
        A read-only view of `array` with the given shape.

    Raises
    ------
    ValueError
        If `array` cannot be broadcast to `shape`, or `shape` has a negative
        extent.
    TypeError
        If `shape` is not an integer or a sequence of integers.

    Notes
    -----
    The view has stride 0 along every repeated axis, so no memory is allocated
    and many of its elements share one memory location; it is read-only for that
    reason. NumPy's `subok` parameter is not accepted.

    See Also
    --------
    broadcast_arrays, broadcast_shapes

    Examples
    --------
    >>> import gpuarray as xp
    >>> b = xp.broadcast_to(xp.array([1, 2, 3]), (2, 3))
    >>> b
    array([[1, 2, 3],
           [1, 2, 3]])
    >>> b.strides[0]
    0
    >>> b.flags.writeable
    False
    """
    a = asarray(array)
    shape = _shape_tuple(shape)
    if any(n < 0 for n in shape):
        raise ValueError("all elements of broadcast shape must be non-negative")
    view = a._view(shape, _broadcast_layout(a.shape, a.strides, shape))
    view.flags.writeable = False
    return view


def broadcast_arrays(*args):
    """Broadcast arrays against each other.

    Parameters
    ----------
    *args : array_like
        The arrays to broadcast; host data is copied to the device first.

    Returns
    -------
    broadcasted : tuple of ndarray
        One array per argument, all of the common shape: an argument that
        already has that shape is returned itself, the others as views.

    Raises
    ------
    ValueError
        If the shapes cannot be broadcast together.

    Notes
    -----
    The views have stride 0 along the repeated axes, so several of their elements
    share one memory location. They are writeable when their source is, as in
    NumPy 2, but unlike NumPy no warning is given on writing to them; copy a view
    before writing to it. NumPy's `subok` parameter is not accepted.

    See Also
    --------
    broadcast_to, broadcast_shapes

    Examples
    --------
    >>> import gpuarray as xp
    >>> x, y = xp.broadcast_arrays(xp.array([[1], [2]]), xp.array([10, 20, 30]))
    >>> x
    array([[1, 1, 1],
           [2, 2, 2]])
    >>> y
    array([[10, 20, 30],
           [10, 20, 30]])
    """
    arrays = [asarray(a) for a in args]
    shape = broadcast_shapes(*(a.shape for a in arrays))
    return tuple(a if a.shape == shape else a._view(shape, _broadcast_layout(a.shape, a.strides, shape))
                 for a in arrays)


def _atleast(arys, to_view):
    """NumPy 2's atleast_*d calling convention: one array for one argument, else a tuple."""
    result = tuple(to_view(asarray(a)) for a in arys)
    return result[0] if len(result) == 1 else result


def _atleast_1d(a):
    return a._view((1,), (a.itemsize,)) if a.ndim == 0 else a


def _atleast_2d(a):
    if a.ndim == 0:
        return a._view((1, 1), (a.itemsize,) * 2)
    return a._view((1,) + a.shape, (0,) + a.strides) if a.ndim == 1 else a


def _atleast_3d(a):
    # As NumPy's reshape (0-d) and a[None, :, None] / a[:, :, None]: new axes get stride 0.
    if a.ndim == 0:
        return a._view((1, 1, 1), (a.itemsize,) * 3)
    if a.ndim == 1:
        return a._view((1,) + a.shape + (1,), (0,) + a.strides + (0,))
    return a._view(a.shape + (1,), a.strides + (0,)) if a.ndim == 2 else a


def atleast_1d(*arys):
    """Convert inputs to arrays with at least one dimension.

    Parameters
    ----------
    *arys : array_like
        One or more arrays or scalars; host data is copied to the device first.

    Returns
    -------
    res : ndarray or tuple of ndarray
        Each input with at least one dimension: a 0-d input becomes shape
        ``(1,)``, others are returned themselves. One array for one argument,
        else a tuple.

    Notes
    -----
    The results are views of the inputs (no copy on the device).

    See Also
    --------
    atleast_2d, atleast_3d, expand_dims

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.atleast_1d(5)
    array([5])
    >>> xp.atleast_1d(xp.array([1, 2]))
    array([1, 2])
    >>> xp.atleast_1d(1, xp.array([2, 3]))
    (array([1]), array([2, 3]))
    """
    return _atleast(arys, _atleast_1d)


def atleast_2d(*arys):
    """Convert inputs to arrays with at least two dimensions.

    Parameters
    ----------
    *arys : array_like
        One or more arrays or scalars; host data is copied to the device first.

    Returns
    -------
    res : ndarray or tuple of ndarray
        Each input with at least two dimensions: a 0-d input becomes shape
        ``(1, 1)``, a 1-D input of length N shape ``(1, N)``, others are
        returned themselves. One array for one argument, else a tuple.

    Notes
    -----
    The results are views of the inputs (no copy on the device); a new leading
    axis has stride 0, as in NumPy.

    See Also
    --------
    atleast_1d, atleast_3d, expand_dims

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.atleast_2d(5)
    array([[5]])
    >>> xp.atleast_2d(xp.array([1, 2]))
    array([[1, 2]])
    >>> xp.atleast_2d(xp.array([1, 2]), xp.array([[3]]))
    (array([[1, 2]]), array([[3]]))
    """
    return _atleast(arys, _atleast_2d)


def atleast_3d(*arys):
    """Convert inputs to arrays with at least three dimensions.

    Parameters
    ----------
    *arys : array_like
        One or more arrays or scalars; host data is copied to the device first.

    Returns
    -------
    res : ndarray or tuple of ndarray
        Each input with at least three dimensions: a 0-d input becomes shape
        ``(1, 1, 1)``, a 1-D input of length N shape ``(1, N, 1)``, a 2-D input
        of shape ``(M, N)`` shape ``(M, N, 1)``, others are returned themselves.
        One array for one argument, else a tuple.

    Notes
    -----
    The results are views of the inputs (no copy on the device); the new axes of
    a 1-D or 2-D input have stride 0, as in NumPy.

    See Also
    --------
    atleast_1d, atleast_2d, expand_dims

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.atleast_3d(5).shape
    (1, 1, 1)
    >>> xp.atleast_3d(xp.ones((2, 3))).shape
    (2, 3, 1)
    >>> xp.atleast_3d(xp.array([1, 2]))
    array([[[1],
            [2]]])
    """
    return _atleast(arys, _atleast_3d)


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
    """A copy of the array as a 1-d array, elements in `order` ('C', 'F', 'A' or 'K')."""
    return _flat_copy(self, _flat_order(self, order))


# ---- view, real, imag, diagonal ----

def _dtype_view_layout(shape, strides, itemsize, new_itemsize):
    """Shape and strides of a view as a dtype of another itemsize (NumPy 2's rules: the last axis
    must be contiguous and changes its extent)."""
    if not shape:
        raise ValueError("Changing the dtype of a 0d array is only supported if the itemsize is unchanged")
    shape, strides = list(shape), list(strides)
    if shape[-1] != 1 and 0 not in shape and strides[-1] != itemsize:
        raise ValueError("To change to a dtype of a different size, the last axis must be contiguous")
    if new_itemsize < itemsize:
        if new_itemsize == 0 or itemsize % new_itemsize:
            raise ValueError("When changing to a smaller dtype, its size must be a divisor of the size of "
                             "original dtype")
        shape[-1] *= itemsize // new_itemsize
    else:
        if shape[-1] * itemsize % new_itemsize:
            raise ValueError("When changing to a larger dtype, its size must be a divisor of the total size "
                             "in bytes of the last axis of the array.")
        shape[-1] = shape[-1] * itemsize // new_itemsize
    strides[-1] = new_itemsize
    return shape, strides


def _view_as(self, dtype=None):
    """A new view of the same memory, reinterpreted as `dtype` when given."""
    if dtype is None:
        return self._view(self.shape, self.strides)
    dtype = numpy.dtype(dtype)
    if dtype.itemsize == self.itemsize:
        return self._view(self.shape, self.strides, 0, dtype)
    return self._view(*_dtype_view_layout(self.shape, self.strides, self.itemsize, dtype.itemsize), 0, dtype)


def _real(self):
    """The real part: a view (the array itself for a real dtype)."""
    if self.dtype.kind != "c":
        return self
    return self._view(self.shape, self.strides, 0, _PART_DTYPE[self.dtype])


def _set_real(self, value):
    self.real[...] = value


def _imag(self):
    """The imaginary part: a view of a complex array; for a real dtype a new read-only array of
    zeros (Fortran-ordered when the array is, as NumPy makes it)."""
    if self.dtype.kind == "c":
        return self._view(self.shape, self.strides, self.itemsize // 2, _PART_DTYPE[self.dtype])
    zeros = ndarray(self.shape, self.dtype, order="F" if self._f_contiguous and not self._c_contiguous else "C")
    zeros._fill(0)
    zeros.flags.writeable = False
    return zeros


def _set_imag(self, value):
    if self.dtype.kind != "c":
        # NumPy's TypeError, in the words of the NumPy installed (they changed in 2.5).
        numpy.empty(0, self.dtype).imag = value
    self.imag[...] = value


def _diagonal_layout(shape, strides, offset, axis1, axis2):
    """Shape, strides and byte offset of the diagonal view: the other axes in order, then the
    diagonal."""
    n1, n2, s1, s2 = shape[axis1], shape[axis2], strides[axis1], strides[axis2]
    if offset >= 0:
        n, start = min(n1, n2 - offset), offset * s2
    else:
        n, start = min(n1 + offset, n2), -offset * s1
    if n < 0:
        n, start = 0, 0  # NumPy leaves the data pointer where it is rather than past the end
    rest = [i for i in range(len(shape)) if i not in (axis1, axis2)]
    return [shape[i] for i in rest] + [n], [strides[i] for i in rest] + [s1 + s2], start


def _diagonal(self, offset=0, axis1=0, axis2=1):
    """The diagonal `offset` of the planes (`axis1`, `axis2`): a read-only view, as NumPy's."""
    offset = operator.index(offset)
    if self.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    axis1 = normalize_axis_index(axis1, self.ndim, "axis1")
    axis2 = normalize_axis_index(axis2, self.ndim, "axis2")
    if axis1 == axis2:
        raise ValueError("axis1 and axis2 cannot be the same")
    view = self._view(*_diagonal_layout(self.shape, self.strides, offset, axis1, axis2))
    view.flags.writeable = False
    return view


# ---- Python scalars and sequences ----

def _index_arg(i):
    if isinstance(i, (bool, numpy.bool_)):
        raise TypeError("an integer is required")
    return operator.index(i)


def _item_offset(shape, strides, args):
    """The byte offset of the element that a.item(*args) names: nothing (size-1 arrays), a flat
    C-order index, or one index per axis (also given as one tuple)."""
    if len(args) == 1 and isinstance(args[0], tuple):
        args = args[0]
    if len(args) == len(shape):
        offset = 0
        for axis, (i, n, s) in enumerate(zip(args, shape, strides)):
            i = _index_arg(i)
            if not -n <= i < n:
                raise IndexError(f"index {i} is out of bounds for axis {axis} with size {n}")
            offset += (i % n) * s
        return offset
    size = 1
    for n in shape:
        size *= n
    if not args:
        if size != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        return 0
    if len(args) > 1:
        raise ValueError("incorrect number of indices for array")
    flat = _index_arg(args[0])
    if not -size <= flat < size:
        raise IndexError(f"index {flat} is out of bounds for size {size}")
    flat %= size
    offset = 0
    for n, s in zip(reversed(shape), reversed(strides)):
        flat, i = divmod(flat, n)
        offset += i * s
    return offset


def _item(self, *args):
    """One element as a Python scalar (NumPy's item: no argument, a flat index or a multi-index)."""
    return self._view((), (), _item_offset(self.shape, self.strides, args))._download().item()


def _tolist(self):
    """The array as nested Python lists of Python scalars (a scalar for a 0-d array)."""
    return self._download().tolist()


def _host_stand_in(self):
    """What the scalar conversions convert: the value on the host when the array has one element,
    else a host array of the same shape and dtype that needs no transfer, so that NumPy itself
    decides which shapes and dtypes convert and raises its own errors."""
    if self.size == 1:
        return self._download()
    return numpy.broadcast_to(numpy.zeros((), self.dtype), self.shape)


def _len(self):
    if not self.shape:
        raise TypeError("len() of unsized object")
    return self.shape[0]


def _iter(self):
    """Views of the array's slices along the first axis (0-d arrays for a 1-d array)."""
    if not self.shape:
        raise TypeError("iteration over a 0-d array")
    shape, strides = self.shape[1:], self.strides[1:]
    return (self._view(shape, strides, i * self.strides[0]) for i in range(self.shape[0]))


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
