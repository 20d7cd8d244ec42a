# SPDX-License-Identifier: BSD-3-Clause
"""Putting values into arrays with NumPy 2's semantics: put, put_along_axis,
place and putmask (and the ndarray method put). Values are repeated
cyclically where they are fewer than the positions, as NumPy's.

Everything is advanced indexing underneath (cpp/kernels/advanced_indexing.cpp:
one scatter kernel), or one where kernel for putmask; place finds its
positions with flatnonzero (a synchronization). put's ``mode='raise'`` (its
default, as NumPy's) checks the indices first with one reduction whose
result is read back (a synchronization); 'wrap' and 'clip' never
synchronize. put_along_axis indexes as ``a[idx] = values`` does:
out-of-range indices wrap (see docs/indexing.md)."""
import numpy

from gpuarray import _core
from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.shapes import ravel
from gpuarray._core import ndarray
from gpuarray._index_routines.indexing import _along_axis_args, _along_axis_index, _index_array, _kernel_mode
from gpuarray._sorting_searching.searching import flatnonzero
from gpuarray._ufunc.rounding import _asarray

__all__ = ["put", "put_along_axis", "place", "putmask"]


def _check_target(a, what):
    if not isinstance(a, ndarray):
        raise TypeError(f"{what}: the target must be a gpuarray.ndarray, got {type(a).__name__}")
    if not a._writeable:
        raise ValueError("assignment destination is read-only")


def _values(v):
    """put/place/putmask values: a scalar as it is, anything else flattened on the device."""
    return v if numpy.isscalar(v) else ravel(asarray(v))


def _cyclic(values, n):
    """The first n elements of the flat `values` repeated cyclically (NumPy's put/place/putmask rule)."""
    if values.size == n:
        return values
    return _core._index_get(values, (arange(n),), "wrap")


def put(a, ind, v, mode="raise"):
    """Replace elements of the flattened array at given indices.

    Does ``a.flat[ind] = v`` in place, repeating `v` when it is shorter than
    `ind`.

    Parameters
    ----------
    a : ndarray
        Target gpuarray array, written in place.
    ind : array_like of int
        Flat indices into `a` (flattened when not 1-D).
    v : array_like or scalar
        Values to write, flattened and cast to `a`'s dtype; the first
        ``ind.size`` of them are used, repeated cyclically when there are
        fewer.
    mode : {'raise', 'wrap', 'clip'}, optional
        How out-of-range indices behave: 'raise' (default) raises, 'wrap'
        wraps them around ``a.size``, 'clip' clips them to ``[0, a.size)``
        (a negative index then becomes 0).

    Returns
    -------
    None
        `a` is modified in place.

    Raises
    ------
    TypeError
        If `a` is not a gpuarray array, or `ind` does not have an integer or
        boolean dtype.
    ValueError
        If `a` is read-only or `mode` is not one of the three.
    IndexError
        With ``mode='raise'``, if an index is outside ``[-a.size, a.size)``.

    Notes
    -----
    One scatter kernel writes the values. With repeated indices, the threads
    writing the same element race: one of the values remains, unspecified
    which (NumPy keeps the last). ``mode='raise'`` checks the indices first
    with one reduction whose result is read back to the host (a
    synchronization); 'wrap' and 'clip' do not synchronize. An `a` that is not
    C-contiguous is written through a contiguous copy, then copied back.
    Nothing happens when `ind` or `v` is empty.

    See Also
    --------
    take, put_along_axis, place, putmask, ndarray.put

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6)
    >>> xp.put(a, [0, 2], [-1, -2])
    >>> a
    array([-1,  1, -2,  3,  4,  5])
    >>> xp.put(a, [1, 3, 5], [10, 20])
    >>> a
    array([-1, 10, -2, 20,  4, 10])
    >>> xp.put(a, [9, -9], 0, mode="clip")
    >>> a
    array([ 0, 10, -2, 20,  4,  0])
    """
    _check_target(a, "put")
    ind = ravel(_index_array(ind))
    kernel_mode = _kernel_mode(mode, ind, a.size, 0)
    v = _values(v)
    if ind.size == 0 or (isinstance(v, ndarray) and v.size == 0):
        return
    flat = a.reshape(-1) if a._c_contiguous else a.copy().reshape(-1)
    _core._index_set(flat, (ind,), _cyclic(v, ind.size) if isinstance(v, ndarray) else v, kernel_mode)
    if not a._c_contiguous:
        a[...] = flat.reshape(a.shape)


def put_along_axis(arr, indices, values, axis):
    """Write values into an array by matching 1-D index slices along an axis.

    The assignment counterpart of `take_along_axis`: each 1-D slice of
    `indices` along `axis` says where in the corresponding slice of `arr` the
    values go.

    Parameters
    ----------
    arr : ndarray
        Target gpuarray array, written in place.
    indices : array_like of int
        Indices along `axis`, of `arr`'s number of dimensions; the other
        axes broadcast against `arr`'s.
    values : array_like or scalar
        Values to write, broadcast to the shape of the indexed positions and
        cast to `arr`'s dtype.
    axis : int or None
        Axis to write along; None treats `arr` as flattened, and `indices`
        must then be 1-D.

    Returns
    -------
    None
        `arr` is modified in place.

    Raises
    ------
    TypeError
        If `arr` is not a gpuarray array, or `indices` does not have an
        integer or boolean dtype.
    ValueError
        If `indices` and `arr` have different numbers of dimensions,
        `indices` is not 1-D with ``axis=None``, `values` does not
        broadcast, or ``axis=None`` and `arr` is not C-contiguous.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    This is an advanced-index assignment, one scatter kernel without reading
    anything back. As for ``a[idx] = v``, the indices are not checked: one
    outside ``[-n, n)`` wraps modulo ``n``, where NumPy raises IndexError.
    With repeated indices one of the values remains, unspecified which
    (NumPy keeps the last). With ``axis=None`` `arr` must be C-contiguous,
    as in NumPy, which flattens any other array into a read-only copy.

    See Also
    --------
    take_along_axis, put, putmask, argsort

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[10, 30, 20], [60, 40, 50]])
    >>> xp.put_along_axis(a, xp.array([[1], [0]]), 0, axis=1)
    >>> a
    array([[10,  0, 20],
           [ 0, 40, 50]])
    >>> xp.put_along_axis(a, xp.array([[1, 0, 0]]), xp.array([[7, 8, 9]]), axis=0)
    >>> a
    array([[10,  8,  9],
           [ 7, 40, 50]])
    """
    if not isinstance(arr, ndarray):
        raise TypeError(f"put_along_axis: arr must be a gpuarray.ndarray, got {type(arr).__name__}")
    if axis is None and not arr.flags.c_contiguous:
        # NumPy flattens with np.array(arr.flat): a view of a C-contiguous
        # array, a read-only copy of any other, which the write then refuses.
        raise ValueError(f"put_along_axis: with axis=None the array must be C-contiguous (its strides are "
                         f"{arr.strides} for shape {arr.shape}): assignment destination is read-only")
    target, indices, axis = _along_axis_args(arr, indices, axis)
    target[_along_axis_index(target, indices, axis)] = values


def place(arr, mask, vals):
    """Change elements of an array where a mask is true, cycling the values.

    The i-th true position of `mask` (in flat order) receives
    ``vals.flat[i % vals.size]``.

    Parameters
    ----------
    arr : ndarray
        Target gpuarray array, written in place.
    mask : ndarray
        Boolean array (a gpuarray array) of `arr`'s size, read in flat order.
    vals : array_like
        Values to write, flattened and cast to `arr`'s dtype; repeated when
        there are fewer than the true entries of `mask`, the extra ones
        unused.

    Returns
    -------
    None
        `arr` is modified in place.

    Raises
    ------
    TypeError
        If `arr` is not a gpuarray array.
    ValueError
        If `mask` and `arr` differ in size, `arr` is read-only, or `vals` is
        empty while `mask` has a true entry.

    Notes
    -----
    The true positions of `mask` are found by a compaction whose count is
    read back to the host (a synchronization); the values are then written by
    `put`.

    See Also
    --------
    putmask, put, extract, copyto

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6)
    >>> xp.place(a, a > 2, xp.array([10, 20]))
    >>> a
    array([ 0,  1,  2, 10, 20, 10])
    >>> b = xp.array([[1, -2], [-3, 4]])
    >>> xp.place(b, b < 0, 0)
    >>> b
    array([[1, 0],
           [0, 4]])
    """
    _check_target(arr, "place")
    if numpy.size(mask) != arr.size:  # before the device: positions past arr would wrap
        raise ValueError("place: mask and data must be the same size")
    positions = flatnonzero(mask)
    if positions.size == 0:
        return
    vals = ravel(asarray(vals))
    if vals.size == 0:
        raise ValueError("Cannot insert from an empty array!")
    put(arr, positions, _cyclic(vals, positions.size), mode="wrap")


def putmask(a, mask, values):
    """Change elements of an array where a mask is true, values by position.

    Where ``mask.flat[i]`` is true, ``a.flat[i] = values.flat[i %
    values.size]``: unlike `place`, the value used depends on the position
    in `a`, not on the count of true entries before it.

    Parameters
    ----------
    a : ndarray
        Target gpuarray array, written in place.
    mask : ndarray
        Boolean array (a gpuarray array or a scalar) of `a`'s size.
    values : array_like or scalar
        Values to write, flattened, repeated cyclically to `a`'s size and
        cast to `a`'s dtype.

    Returns
    -------
    None
        `a` is modified in place.

    Raises
    ------
    TypeError
        If `a` is not a gpuarray array, or `mask` is a host sequence.
    ValueError
        If `a` is read-only, or `mask` and `a` have different sizes.

    Notes
    -----
    One elementwise kernel (``where(mask, values, a)`` written over `a`)
    does the work, without reading anything back to the host. Nothing
    happens when `values` is empty.

    See Also
    --------
    place, put, where, copyto

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6)
    >>> xp.putmask(a, a % 2 == 1, xp.array([-10, -20, -30]))
    >>> a
    array([  0, -20,   2, -10,   4, -30])
    >>> xp.putmask(a, a < 0, 0)
    >>> a
    array([0, 0, 2, 0, 4, 0])
    """
    _check_target(a, "putmask")
    mask = _asarray(mask)
    if mask.size != a.size:
        raise ValueError("putmask: mask and data must be the same size")
    values = _values(values)
    if isinstance(values, ndarray):
        if values.size == 0:
            return
        values = _cyclic(values, a.size).reshape(a.shape)
    # where(mask, values, a) written over a: each element reads and writes only itself.
    _core._where(mask.reshape(a.shape), _scalar_for(values, a.dtype), a, a)


def _scalar_for(value, dtype):
    """Arrays as they are; a scalar as a NumPy scalar of `dtype` (NumPy casts putmask's values)."""
    return value if isinstance(value, ndarray) else numpy.asarray(value).astype(dtype)[()]
