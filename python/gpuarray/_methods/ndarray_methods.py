# SPDX-License-Identifier: BSD-3-Clause
"""ndarray methods and properties written in Python (the rest are bound in C++).

Note [ndarray methods]: every method or property that Python gives the C++
class is attached at the end of this module, in one place, and nowhere else.
The functions live with their area (``a.sort`` is _sorting_searching/sorting.py's); this module
only adapts NumPy's method signatures to them. It is imported after the area
modules (see __init__.py), so that none of them needs it."""
import inspect
import operator
import types

import numpy

from gpuarray import _core
from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.transfer import _get, _set
from gpuarray._array_editing.tiling import repeat
from gpuarray._array_manipulation.axes import squeeze, swapaxes
from gpuarray._array_manipulation.shapes import _flatten, ravel
from gpuarray._base.array_bytes import _byteswap, _getfield, _setfield
from gpuarray._base.array_views import _diagonal, _imag, _real, _set_imag, _set_real, _view_as
from gpuarray._base.flags import Flags, _setflags
from gpuarray._base.printing import _format, _repr, _str
from gpuarray._base.python_conversions import _host_stand_in, _item, _iter, _len, _tolist
from gpuarray._core import ndarray
from gpuarray._dask.tokenize import _dask_tokenize
from gpuarray._file_io.serialization import _dump, _dumps, _reduce, _tobytes, _tofile
from gpuarray._index_routines.flatiter import _flat, _set_flat
from gpuarray._index_routines.indexing import choose, compress, take
from gpuarray._index_routines.put import put
from gpuarray._interop.array_api import _array_namespace, _device, _to_device
from gpuarray._interop.cuda_array_interface import _export as _cuda_array_interface
from gpuarray._interop.dlpack import _dlpack, _dlpack_device, _to_dlpack
from gpuarray._math.scans import cumprod, cumsum
from gpuarray._reduction import arg_extrema as _arg_extrema
from gpuarray._reduction import extrema as _extrema
from gpuarray._reduction import moments as _moments
from gpuarray._reduction import reductions as _reductions
from gpuarray._base.signatures import set_signature
from gpuarray._sorting_searching.searching import nonzero
from gpuarray._methods.reference_count import count_own_references
from gpuarray._methods.ndarray_doc import NDARRAY_DOC
from gpuarray._methods.resize import _resize
from gpuarray._sorting_searching.sort_methods import (
    _argpartition_method, _argsort_method, _partition_in_place, _searchsorted_method, _sort_in_place,
)
from gpuarray._stats.averages import _trace_method
from gpuarray._ufunc.numpy_dispatch import _array_function, _array_ufunc
from gpuarray._ufunc.rounding import _clip, _round
from gpuarray._ufunc.ufuncs import _conjugate, divmod as _divmod_ufunc
from gpuarray.linalg._matmul import matmul
from gpuarray.linalg._products import dot


def _astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
    """A copy of the array converted to another dtype.

    Parameters
    ----------
    dtype : dtype
        The type wanted.
    order : {'C', 'F', 'A', 'K'}, optional
        The copy's layout: 'K' (default) keeps the array's as closely as
        possible.
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        Which conversions are allowed ('unsafe', the default, allows all).
    subok : bool, optional
        Accepted for NumPy's signature; not used.
    copy : bool, optional
        False returns the array itself when the dtype and layout already
        match.

    Returns
    -------
    ndarray
        The converted array (or the array itself, see `copy`).

    Raises
    ------
    TypeError
        The conversion breaks `casting`.

    See Also
    --------
    ndarray.copy, gpuarray.astype, gpuarray.can_cast

    Notes
    -----
    Conversions follow NumPy's rules: float to integer truncates toward
    zero; the conversion runs on the device.

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([1.7, -2.2, 3.5])
    >>> a.astype(xp.int32)
    array([ 1, -2,  3], dtype=int32)
    >>> a.astype(a.dtype, copy=False) is a
    True
    """
    dtype = numpy.dtype(dtype)
    if not numpy.can_cast(self.dtype, dtype, casting):
        raise TypeError(f"Cannot cast array data from {self.dtype!r} to {dtype!r} "
                        f"according to the rule '{casting}'")
    if not copy and dtype == self.dtype and (
            order in "KkAa" or (order in "Cc" and self._c_contiguous) or (order in "Ff" and self._f_contiguous)):
        return self
    return self._astype(dtype, order)


def _array(self, *args, **kwargs):
    raise TypeError(
        "Implicit conversion to a NumPy array is not allowed. "
        "Please use `.get()` to construct a NumPy array explicitly.")


def _copy_k(self, *memo):
    """copy.copy / copy.deepcopy: a copy keeping the memory layout (order 'K'), as NumPy."""
    return self.copy("K")


def _reduction_method(fn):
    """A method calling the reduction function `fn` with the array first (NumPy's
    method takes the function's arguments in the same order). Its signature is
    the function's with `self` for the array, so help() and Sphinx show the
    parameters rather than ``(*args, **kwargs)`` (issue #32)."""
    def method(self, *args, **kwargs):
        return fn(self, *args, **kwargs)
    method.__name__ = fn.__name__
    method.__qualname__ = f"ndarray.{fn.__name__}"
    method.__doc__ = fn.__doc__
    signature = inspect.signature(fn)
    array, *rest = signature.parameters.values()
    method.__signature__ = signature.replace(parameters=[array.replace(name="self"), *rest])
    return method


def _fill(self, value):
    """Sets every element of the array to `value`, in place.

    Parameters
    ----------
    value : scalar
        The value, converted to the array's dtype as NumPy's assignment
        converts it (a float is truncated into an integer array).

    Returns
    -------
    None

    Raises
    ------
    ValueError
        The array is read-only.

    See Also
    --------
    gpuarray.full, gpuarray.copyto, MemoryPointer.memset

    Notes
    -----
    The fill is enqueued on the current stream; nothing is read back to the
    host.

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.empty(4, dtype=xp.int32)
    >>> a.fill(7)
    >>> a
    array([7, 7, 7, 7], dtype=int32)
    >>> b = xp.zeros((2, 2))
    >>> b[0].fill(1.5)
    >>> b
    array([[1.5, 1.5],
           [0. , 0. ]])
    """
    self._fill(value)


def _compress(self, condition, axis=None, out=None):
    """The slices of the array where a condition is true: ``gpuarray.compress(condition, a, axis, out)``.

    Parameters
    ----------
    condition : 1-D array_like of bool
        Which slices to keep.
    axis : int, optional
        The axis; None works on the flattened array.
    out : ndarray, optional
        Where to write the result.

    Returns
    -------
    ndarray

    See Also
    --------
    gpuarray.compress, gpuarray.extract

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(3, 2)
    >>> a.compress(xp.array([False, True, True]), axis=0)
    array([[2, 3],
           [4, 5]])
    >>> a.compress(xp.array([True, False, True]))
    array([0, 2])
    """
    return compress(condition, self, axis, out)


def _choose(self, choices, out=None, mode="raise"):
    """An array built from `choices` by this array's indices: ``gpuarray.choose(a, choices, out, mode)``.

    Parameters
    ----------
    choices : sequence of array_like
        The arrays to choose from, broadcast with this array.
    out : ndarray, optional
        Where to write the result.
    mode : {'raise', 'wrap', 'clip'}, optional
        What to do with indices out of range.

    Returns
    -------
    ndarray

    See Also
    --------
    gpuarray.choose, gpuarray.select

    Examples
    --------
    >>> import gpuarray as xp
    >>> index = xp.array([0, 1, 0])
    >>> index.choose([xp.array([1, 2, 3]), xp.array([10, 20, 30])])
    array([ 1, 20,  3])
    >>> xp.array([0, 3]).choose([xp.array([5, 6]), xp.array([7, 8])], mode='clip')
    array([5, 8])
    """
    return choose(self, choices, out, mode)


def _repeat(self, repeats, axis=None):
    """Each element of the array repeated: ``gpuarray.repeat(a, repeats, axis)``.

    Parameters
    ----------
    repeats : int or array_like of ints
        One count for all elements, or one per element along `axis`.
    axis : int, optional
        The axis; None repeats the elements of the flattened array.

    Returns
    -------
    ndarray

    See Also
    --------
    gpuarray.repeat, gpuarray.tile

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.array([1, 2]).repeat(2)
    array([1, 1, 2, 2])
    >>> xp.array([[1, 2]]).repeat([1, 2], axis=1)
    array([[1, 2, 2]])
    """
    return repeat(self, repeats, axis)


def _matmul(self, other):
    return matmul(self, other)


def _rmatmul(self, other):
    return matmul(other, self)


def _imatmul(self, other):
    return matmul(self, other, out=self)


def _divmod(self, other):
    return _divmod_ufunc(self, other)


def _rdivmod(self, other):
    return _divmod_ufunc(other, self)


def _contains(self, value):
    """``value in a``: whether any element equals `value` (broadcast against the array, as
    NumPy's); the answer is read back to the host."""
    if not isinstance(value, ndarray) and not numpy.isscalar(value):
        value = asarray(value)  # operators refuse host sequences; `in` takes them, as NumPy's
    return bool(_reductions.any(self == value))


def _delitem(self, key):
    raise ValueError("cannot delete array elements")


def _class_getitem(cls, item):
    """``ndarray[shape_type, dtype_type]`` for type annotations, as NumPy's (one or two arguments)."""
    if isinstance(item, tuple) and len(item) > 2:
        raise TypeError("Too many arguments for gpuarray.ndarray")
    return types.GenericAlias(cls, item)


# ---- Note [ndarray methods]: the attachments, by NumPy's reference section

# conversion and copies
ndarray.astype = _astype
ndarray.fill = _fill
ndarray.__array__ = _array
# pybind11 gives the constructor no text signature (issue #32): the binding's arguments.
set_signature(ndarray, "shape, dtype=float, memptr=None, strides=None, order='C'")
ndarray.__doc__ = NDARRAY_DOC  # the C++ class has none
ndarray.__copy__ = _copy_k
ndarray.__deepcopy__ = _copy_k
ndarray.get = _get
ndarray.set = _set
ndarray.item = _item
ndarray.tolist = _tolist
ndarray.__int__ = lambda self: int(_host_stand_in(self))
ndarray.__float__ = lambda self: float(_host_stand_in(self))
ndarray.__complex__ = lambda self: complex(_host_stand_in(self))
ndarray.__bool__ = lambda self: bool(_host_stand_in(self))
ndarray.__index__ = lambda self: operator.index(_host_stand_in(self))
ndarray.byteswap = _byteswap
ndarray.tobytes = _tobytes
ndarray.tofile = _tofile
ndarray.dump = _dump
ndarray.dumps = _dumps
ndarray.__reduce__ = _reduce

# attributes
ndarray.flags = property(Flags)
ndarray.setflags = _setflags
ndarray.flat = property(_flat, _set_flat)
ndarray.real = property(_real, _set_real)
ndarray.imag = property(_imag, _set_imag)
ndarray.device = property(_device)
ndarray.to_device = _to_device

# shape manipulation
ndarray.swapaxes = swapaxes
ndarray.squeeze = squeeze
ndarray.ravel = ravel
ndarray.flatten = _flatten
ndarray.view = _view_as
ndarray.repeat = _repeat
ndarray.resize = _resize
ndarray._count_own_references = count_own_references  # resize's reference baseline (_resize.py)
ndarray.__len__ = _len
ndarray.__class_getitem__ = classmethod(_class_getitem)
ndarray.__iter__ = _iter

# item selection
ndarray.take = take
ndarray.__contains__ = _contains
ndarray.__delitem__ = _delitem
ndarray.put = put
ndarray.compress = _compress
ndarray.choose = _choose
ndarray.nonzero = nonzero
ndarray.diagonal = _diagonal
ndarray.getfield = _getfield
ndarray.setfield = _setfield
ndarray.sort = _sort_in_place
ndarray.argsort = _argsort_method
ndarray.partition = _partition_in_place
ndarray.argpartition = _argpartition_method
ndarray.searchsorted = _searchsorted_method

# calculation: sum and prod are bound in C++ (the small-op path)
for _fn in (_extrema.max, _extrema.min, _reductions.all, _reductions.any, _arg_extrema.argmax,
            _arg_extrema.argmin, _moments.mean, _moments.var, _moments.std):
    setattr(ndarray, _fn.__name__, _reduction_method(_fn))
del _fn
_core._bind_reduction_methods(ndarray)
ndarray.cumsum = cumsum
ndarray.cumprod = cumprod
ndarray.trace = _trace_method
ndarray.clip = _clip
ndarray.round = _round
ndarray.conj = ndarray.conjugate = _conjugate
ndarray.dot = dot
ndarray.__matmul__ = _matmul
ndarray.__rmatmul__ = _rmatmul
ndarray.__imatmul__ = _imatmul
ndarray.__divmod__ = _divmod
ndarray.__rdivmod__ = _rdivmod

# printing and interoperability
ndarray.__repr__ = _repr
ndarray.__str__ = _str
ndarray.__format__ = _format
# CuPy's value. NumPy's operators ignore it beside __array_ufunc__, but Dask reads it on
# every chunk to pick the library of an operation (tensordot, concatenate, divide): without
# it Dask's tensordot raised AttributeError on gpuarray chunks, and da.dot's meta fell back to NumPy.
ndarray.__array_priority__ = 100.0
ndarray.__array_ufunc__ = _array_ufunc
ndarray.__array_function__ = _array_function
ndarray.__array_namespace__ = _array_namespace
ndarray.__cuda_array_interface__ = property(_cuda_array_interface)
ndarray.__dlpack__ = _dlpack
ndarray.__dlpack_device__ = _dlpack_device
ndarray.toDlpack = _to_dlpack
ndarray.__dask_tokenize__ = _dask_tokenize  # Dask's task names: Note [Tokens of device arrays]
