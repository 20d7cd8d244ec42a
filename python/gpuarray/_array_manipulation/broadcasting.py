# SPDX-License-Identifier: BSD-3-Clause
"""Broadcasting: broadcast_shapes, broadcast_to and broadcast_arrays, with
NumPy 2's semantics and messages. The views are built with
``a._view(shape, strides)`` from strides computed on the host by small pure
functions (``broadcast_shapes``, ``_broadcast_layout``), so that the
arithmetic runs, and is tested, on a machine without a GPU."""
import operator

from gpuarray._array_creation.from_data import asarray

__all__ = ["broadcast_arrays", "broadcast_shapes", "broadcast_to"]


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
