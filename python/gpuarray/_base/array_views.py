# SPDX-License-Identifier: BSD-3-Clause
"""Views of an array's memory, bodies of ndarray methods and properties
attached by _methods/ndarray_methods.py: ndarray.view (as another dtype), real and imag
(and their setters; imag of a real array is a new read-only array of zeros,
as NumPy's), and diagonal (read-only, as NumPy's). The shape, strides and offset of each
view come from small pure functions (``_dtype_view_layout``,
``_diagonal_layout``) that run, and are tested, without a GPU."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray._core import ndarray

__all__ = []

_PART_DTYPE = {numpy.dtype(numpy.complex64): numpy.dtype(numpy.float32),
               numpy.dtype(numpy.complex128): numpy.dtype(numpy.float64)}


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
    """A new view of the array's memory, optionally read as another dtype.

    Parameters
    ----------
    dtype : dtype, optional
        The type to read the bytes as; an itemsize change rescales the last
        axis, which must then be contiguous (NumPy's rules).

    Returns
    -------
    ndarray
        A view sharing the memory (its ``base`` is this array).

    Raises
    ------
    ValueError
        The last axis cannot be reinterpreted at the new itemsize.

    See Also
    --------
    ndarray.astype, ndarray.copy

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([1.0, -2.0], dtype=xp.float32)
    >>> a.view(xp.int32)
    array([ 1065353216, -1073741824], dtype=int32)
    >>> b = a.view(); b[0] = 5; a
    array([ 5., -2.], dtype=float32)
    """
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
    """A diagonal of the array, or of each of its planes.

    Parameters
    ----------
    offset : int, optional
        The diagonal: 0 the main one, positive above it, negative below.
    axis1, axis2 : int, optional
        The plane's axes; the diagonal becomes the last axis of the result.

    Returns
    -------
    ndarray
        A read-only view, as NumPy's.

    Raises
    ------
    ValueError
        The array has fewer than two dimensions, or `axis1` equals `axis2`.

    See Also
    --------
    gpuarray.diagonal, gpuarray.trace

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(2, 3)
    >>> a.diagonal()
    array([0, 4])
    >>> a.diagonal(1)
    array([1, 5])
    """
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
