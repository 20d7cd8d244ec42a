# SPDX-License-Identifier: BSD-3-Clause
"""ndarray methods that read an array's elements as bytes: byteswap, getfield, setfield.

All three are views of the same memory under another dtype (`ndarray._view`), so they
need no kernel of their own: byteswap copies a uint8 view whose byte axis runs
backwards, getfield is a view at a byte offset inside each element."""
import operator

import numpy

from gpuarray._core import ndarray


def _swap_unit(dtype):
    """The size of the units whose bytes byteswap reverses: the itemsize, or half of it
    for complex types, whose real and imaginary parts are swapped each in place (NumPy)."""
    return dtype.itemsize // 2 if dtype.kind == "c" else dtype.itemsize


def _byte_view(a, unit, reverse):
    """`a`'s bytes as a uint8 view of shape (*a.shape, parts, unit): each element split into
    its parts, and each part's bytes in memory order, or last byte first when `reverse`."""
    parts = a.itemsize // unit
    if reverse:
        return a._view(a.shape + (parts, unit), a.strides + (unit, -1), unit - 1, numpy.uint8)
    return a._view(a.shape + (parts, unit), a.strides + (unit, 1), 0, numpy.uint8)


def _byteswap(self, inplace=False):
    """Swap the bytes of the array elements.

    Toggles between little- and big-endian representations of the values:
    the bytes of each element (of each of the real and imaginary parts of a
    complex element) are reversed. The dtype stays the same.

    Parameters
    ----------
    inplace : bool, optional
        If True, swap the bytes in place and return the array itself;
        otherwise (default) return a swapped copy.

    Returns
    -------
    out : ndarray
        The byteswapped array: `self` when `inplace` is True, else a new
        array (Fortran-ordered when `self` is Fortran- and not C-contiguous,
        else C-ordered, as NumPy's copy).

    Raises
    ------
    ValueError
        If `inplace` is True and the array is read-only.

    Notes
    -----
    Done with copies between uint8 views of the arrays, one of them with
    its byte axis reversed: no kernel of its own and no transfer to the
    host. In place it goes through a temporary (two copies), because the
    swap reads bytes that it also writes. Arrays of one-byte elements are
    copied (or left alone in place).

    See Also
    --------
    ndarray.view, ndarray.tobytes

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([1, 256, 8755], dtype=xp.int16)
    >>> a.byteswap()
    array([  256,     1, 13090], dtype=int16)
    >>> a.byteswap(inplace=True) is a
    True
    >>> a
    array([  256,     1, 13090], dtype=int16)
    """
    unit = _swap_unit(self.dtype)
    if inplace:
        if not self._writeable:
            raise ValueError("array to be byte-swapped is read-only")
        if unit > 1 and self.size:
            swapped = ndarray(self.shape + (self.itemsize // unit, unit), numpy.uint8)
            swapped._copy_from(_byte_view(self, unit, reverse=True))
            _byte_view(self, unit, reverse=False)._copy_from(swapped)
        return self
    out = ndarray(self.shape, self.dtype, order="F" if self._f_contiguous and not self._c_contiguous else "C")
    if self.size:
        _byte_view(out, unit, reverse=False)._copy_from(_byte_view(self, unit, reverse=unit > 1))
    return out


def _c_strides(shape, itemsize):
    strides, step = [], itemsize
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)
    return tuple(reversed(strides))


def _field_view(a, dtype, offset):
    """The view `getfield(dtype, offset)` returns, after NumPy's checks of the offset and
    the one the device adds: the field must be aligned to its itemsize."""
    dtype = numpy.dtype(dtype)
    offset = operator.index(offset)
    if dtype.hasobject:
        raise TypeError("Cannot get/set field of an object array")
    a._view((), (), 0, dtype.base)  # the engine's TypeError for a dtype device arrays cannot hold
    if offset < 0:
        raise ValueError("offset is negative")
    if offset + dtype.itemsize > a.itemsize:
        raise ValueError("new type plus offset is larger than original type")
    field = dtype.base  # a subarray dtype such as (int16, (2,)) adds its shape to the view's
    unit = field.itemsize
    start = a.data.ptr + offset
    if a.size and unit and (start % unit or any(s % unit for n, s in zip(a.shape, a.strides) if n > 1)):
        raise ValueError(
            f"getfield: a {field} field at byte offset {offset} of {a.dtype} elements with strides {a.strides} "
            f"does not start at a multiple of its itemsize ({unit} bytes); device kernels load aligned "
            f"elements only (NumPy returns an unaligned view here). Copy the bytes with "
            f"a.view(numpy.uint8) and view the copy instead.")
    return a._view(a.shape + dtype.shape, a.strides + _c_strides(dtype.shape, unit), offset, field)


def _getfield(self, dtype, offset=0):
    """Return a field of the array as a view of a given type.

    A field is the part of each element that starts `offset` bytes into it
    and is read as `dtype`, such as the imaginary part of a complex number
    (``getfield(float64, 8)`` of complex128) or the high word of an integer.

    Parameters
    ----------
    dtype : str or dtype
        The field's dtype; its itemsize plus `offset` must not exceed the
        array's itemsize. A subarray dtype such as ``(numpy.int16, (2,))``
        adds its shape after the array's.
    offset : int, optional
        Bytes to skip from the start of each element (default 0).

    Returns
    -------
    field : ndarray
        A view of the same memory: writes to it change the array; it is
        writeable when the array is.

    Raises
    ------
    ValueError
        If `offset` is negative, the field does not fit in an element, or
        the field would not be aligned to its itemsize.
    TypeError
        If `dtype` is not one device arrays hold.

    Notes
    -----
    No device work. Device kernels read only aligned elements, so a field
    whose address in some element is not a multiple of its itemsize (an
    int16 at byte 1 of an int32, a float32 at byte 4 of a float64 array
    whose strides are odd multiples of 4...) raises ValueError where NumPy
    returns an unaligned view.

    See Also
    --------
    ndarray.setfield, ndarray.view

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([1 + 2j, 3 - 4j])
    >>> a.getfield(xp.float64, offset=8)
    array([ 2., -4.])
    >>> x = xp.array([65536 + 7], dtype=xp.int32)
    >>> x.getfield(xp.int16, 2)
    array([1], dtype=int16)
    """
    return _field_view(self, dtype, offset)


def _setfield(self, val, dtype, offset=0):
    """Put a value into a field of the array.

    Parameters
    ----------
    val : array_like or scalar
        The value to write, broadcast to the field's shape and cast to
        `dtype` as assignment casts.
    dtype : str or dtype
        The field's dtype (see `ndarray.getfield`).
    offset : int, optional
        Bytes to skip from the start of each element (default 0).

    Returns
    -------
    None
        The array is changed in place.

    Raises
    ------
    ValueError
        If the array is read-only, or the field is out of the element or
        not aligned (see `ndarray.getfield`).
    TypeError
        If `dtype` is not one device arrays hold.

    Notes
    -----
    One copy or fill kernel on the field's view; a host `val` is copied to
    the device first.

    See Also
    --------
    ndarray.getfield

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.zeros(2, dtype=xp.complex128)
    >>> a.setfield(1.5, xp.float64, offset=8)
    >>> a
    array([0.+1.5j, 0.+1.5j])
    """
    field = _field_view(self, dtype, offset)
    if not self._writeable:
        raise ValueError("assignment destination is read-only")
    field[...] = val
