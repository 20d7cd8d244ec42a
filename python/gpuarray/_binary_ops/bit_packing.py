# SPDX-License-Identifier: BSD-3-Clause
"""numpy.packbits and numpy.unpackbits: the rows "packbits" and "unpackbits"
of the engine's device templates (gpuarray/bits.cuh), over the last axis of
C-contiguous rows; the requested axis is moved last and back."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray import _core
from gpuarray._array_creation.from_data import asarray, ascontiguousarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._array_manipulation.axes import moveaxis
from gpuarray._ufunc.ufuncs import not_equal

__all__ = ["packbits", "unpackbits"]

_THREADS = 256  # the rows' launch bounds (cpp/kernels/device_templates.cpp)
_MAX_BLOCKS = 1 << 30  # the kernels loop over the rest


def _bitorder(bitorder):
    if bitorder not in ("big", "little"):
        raise ValueError("'order' must be either 'little' or 'big'")
    return bitorder


def _rows(a, axis):
    """(C-contiguous array with `axis` last, the axis in a's dims or None):
    a flattened for axis=None; a 0-d array is 1-D, as NumPy takes it."""
    if axis is None:
        return ascontiguousarray(a.reshape(-1)), None
    axis = operator.index(axis)
    if a.ndim == 0:
        a = a.reshape(1)
    axis = normalize_axis_index(axis, a.ndim)
    return ascontiguousarray(moveaxis(a, axis, -1)), axis


def _launch(row, bitorder, threads, args):
    """One thread per unit of work (bits.cuh's loops are grid-stride)."""
    if threads:
        kernel = _core._device_template_kernel(row, [bitorder])
        kernel(min(-(-threads // _THREADS), _MAX_BLOCKS), _THREADS, args)


def _restore(out, axis):
    """out (the axis last) with the axis back in its place, C-contiguous as NumPy's result."""
    if axis is None or axis == out.ndim - 1:
        return out
    return moveaxis(out, -1, axis).copy()  # a new array even where the view is contiguous


def packbits(a, /, axis=None, bitorder="big"):
    """Pack the elements of a binary-valued array into bits of uint8 bytes.

    Each group of eight elements along `axis` becomes one byte; a nonzero
    element is a 1 bit. The last group is padded with zero bits.

    Parameters
    ----------
    a : array_like
        An array of integers or booleans (host data is copied to the device).
    axis : int, optional
        The axis to pack along. None (default) packs the flattened array.
    bitorder : {'big', 'little'}, optional
        'big' (default) puts the first element of a group in the byte's most
        significant bit, 'little' in its least significant bit.

    Returns
    -------
    packed : ndarray
        uint8 array with ``ceil(n / 8)`` elements along `axis` for the n of
        `a` (a 1-D array when `axis` is None).

    Raises
    ------
    TypeError
        If `a` is not of an integer or boolean dtype.
    ValueError
        If `bitorder` is neither 'big' nor 'little'.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    One kernel packs C-contiguous rows; when their length is a multiple of
    8 it reads 32 bytes a thread in two 16-byte loads. Other layouts, and
    dtypes wider than one byte (tested for nonzero first), are copied into
    such rows first.

    See Also
    --------
    unpackbits

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.packbits(xp.array([1, 0, 1, 1, 0, 0, 0, 0, 1], dtype=xp.uint8))
    array([176, 128], dtype=uint8)
    >>> xp.packbits(xp.array([[True, False, True]]), axis=1, bitorder="little")
    array([[5]], dtype=uint8)
    """
    a = asarray(a)
    if a.dtype.kind not in "biu":
        raise TypeError("Expected an input array of integer or boolean data type")
    bitorder = _bitorder(bitorder)
    if a.dtype.itemsize != 1:
        a = not_equal(a, 0)
    rows, axis = _rows(a, axis)
    n = rows.shape[-1]
    out = empty(rows.shape[:-1] + ((n + 7) // 8,), numpy.uint8)
    nrows = out.size // out.shape[-1] if out.shape[-1] else 0
    # n % 8 == 0: four output bytes a thread (bits.cuh's stream path).
    threads = -(-out.size // 4) if n % 8 == 0 else out.size
    _launch("packbits", bitorder, threads, (rows, out, numpy.int64(nrows), numpy.int64(n)))
    return _restore(out, axis)


def unpackbits(a, /, axis=None, count=None, bitorder="big"):
    """Unpack the bits of a uint8 array into an array of 0s and 1s.

    Parameters
    ----------
    a : array_like
        A uint8 array (host data is copied to the device).
    axis : int, optional
        The axis to unpack along. None (default) unpacks the flattened array.
    count : int, optional
        How many elements to produce along `axis`: None (default) gives all
        ``8 n`` bits; a larger count pads with zeros; a negative count trims
        that many bits from the end.
    bitorder : {'big', 'little'}, optional
        The order of the bits in a byte, as in `packbits`: 'big' (default)
        reads the most significant bit first.

    Returns
    -------
    unpacked : ndarray
        uint8 array of 0s and 1s.

    Raises
    ------
    TypeError
        If `a` is not uint8, or `count` is not an integer.
    ValueError
        If `bitorder` is neither 'big' nor 'little', or ``-count`` exceeds
        the number of bits.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    One kernel unpacks C-contiguous rows; without `count` (or with
    ``count == 8 n``) it writes the 16 outputs of two bytes in one 16-byte
    store.

    See Also
    --------
    packbits

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.unpackbits(xp.array([176, 128], dtype=xp.uint8), count=9)
    array([1, 0, 1, 1, 0, 0, 0, 0, 1], dtype=uint8)
    >>> xp.unpackbits(xp.array([[5]], dtype=xp.uint8), axis=1, bitorder="little")
    array([[1, 0, 1, 0, 0, 0, 0, 0]], dtype=uint8)
    """
    a = asarray(a)
    if a.dtype != numpy.uint8:
        raise TypeError("Expected an input array of unsigned byte data type")
    if count is not None:
        count = operator.index(count)
    bitorder = _bitorder(bitorder)
    rows, axis = _rows(a, axis)
    m = rows.shape[-1]
    length = 8 * m
    if count is not None:
        if count < 0 and -count > length:
            raise ValueError("-count larger than number of elements")
        length = count if count >= 0 else length + count
    out = empty(rows.shape[:-1] + (length,), numpy.uint8)
    nrows = out.size // length if length else 0
    # count == 8 m: two input bytes a thread (bits.cuh's stream path).
    threads = -(-nrows * m // 2) if length == 8 * m else nrows * -(-length // 8)
    _launch("unpackbits", bitorder, threads,
            (rows, out, numpy.int64(nrows), numpy.int64(m), numpy.int64(length)))
    return _restore(out, axis)
