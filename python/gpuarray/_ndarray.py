# SPDX-License-Identifier: BSD-3-Clause
"""ndarray methods and properties written in Python (the rest are bound in C++).

Note [ndarray methods]: every method or property that Python gives the C++
class is attached at the end of this module, in one place, and nowhere else.
The functions live with their area (``a.sort`` is _sorting's); this module
only adapts NumPy's method signatures to them. It is imported after the area
modules (see __init__.py), so that none of them needs it."""
import operator

import numpy

from gpuarray import _core, _reductions
from gpuarray._array_api import _array_namespace, _device, _to_device
from gpuarray._core import ndarray
from gpuarray._cuda_array_interface import _export as _cuda_array_interface
from gpuarray._dlpack import _dlpack, _dlpack_device, _to_dlpack
from gpuarray._indexing import choose, compress, put, take
from gpuarray._manipulation import (
    _diagonal, _flatten, _host_stand_in, _imag, _item, _iter, _len, _real, _set_imag, _set_real, _tolist, _view_as,
    ravel, squeeze, swapaxes,
)
from gpuarray._math_functions import _clip, _round
from gpuarray._numpy_dispatch import _array_function, _array_ufunc
from gpuarray._printing import _format, _repr, _str
from gpuarray._scans import cumprod, cumsum
from gpuarray._searching import nonzero
from gpuarray._sorting import (
    _argpartition_method, _argsort_method, _partition_in_place, _searchsorted_method, _sort_in_place,
)
from gpuarray._statistics import _trace_method
from gpuarray._tiling import repeat
from gpuarray._transfer import _get, _set
from gpuarray._ufuncs import _conjugate
from gpuarray.linalg._products import matmul


def _astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
    """A copy of the array converted to `dtype` (NumPy's casting rules and
    memory orders); with copy=False the array itself when nothing changes."""
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


class Flags:
    """NumPy's ndarray.flags for a device array: by key (`a.flags['C_CONTIGUOUS']`,
    short keys too) or attribute; WRITEABLE can be set, to True only while the
    owner of the memory is writeable."""
    _KEYS = {"C": "c_contiguous", "C_CONTIGUOUS": "c_contiguous", "CONTIGUOUS": "c_contiguous",
             "F": "f_contiguous", "F_CONTIGUOUS": "f_contiguous", "FORTRAN": "f_contiguous",
             "O": "owndata", "OWNDATA": "owndata", "W": "writeable", "WRITEABLE": "writeable",
             "A": "aligned", "ALIGNED": "aligned", "X": "writebackifcopy", "WRITEBACKIFCOPY": "writebackifcopy",
             "FNC": "fnc", "FORC": "forc", "BEHAVED": "behaved", "CARRAY": "carray"}

    __slots__ = ("_array",)

    def __init__(self, array):
        self._array = array

    c_contiguous = property(lambda self: self._array._c_contiguous)
    f_contiguous = property(lambda self: self._array._f_contiguous)
    owndata = property(lambda self: self._array.base is None)
    aligned = property(lambda self: True)
    writebackifcopy = property(lambda self: False)
    fnc = property(lambda self: self.f_contiguous and not self.c_contiguous)
    forc = property(lambda self: self.f_contiguous or self.c_contiguous)
    behaved = property(lambda self: self.writeable)
    carray = property(lambda self: self.c_contiguous and self.writeable)

    @property
    def writeable(self):
        return self._array._writeable

    @writeable.setter
    def writeable(self, value):
        value = bool(value)
        base = self._array.base
        if value and isinstance(base, ndarray) and not base._writeable:
            raise ValueError("cannot set WRITEABLE flag to True of this array")
        self._array._writeable = value

    def __getitem__(self, key):
        try:
            return getattr(self, self._KEYS[key])
        except KeyError:
            raise KeyError("Unknown flag") from None

    def __setitem__(self, key, value):
        if self._KEYS.get(key) != "writeable":
            raise KeyError("Unknown flag")
        self.writeable = value

    def __eq__(self, other):
        return isinstance(other, Flags) and all(
            getattr(self, k) == getattr(other, k) for k in ("c_contiguous", "f_contiguous", "owndata", "writeable"))

    def __repr__(self):
        names = ("C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "WRITEABLE", "ALIGNED", "WRITEBACKIFCOPY")
        return "\n".join(f"  {n} : {self[n]}" for n in names) + "\n"


def _reduction_method(fn):
    """A method calling the reduction function `fn` with the array first (NumPy's
    method takes the function's arguments in the same order)."""
    def method(self, *args, **kwargs):
        return fn(self, *args, **kwargs)
    method.__name__ = fn.__name__
    method.__doc__ = fn.__doc__
    return method


def _compress(self, condition, axis=None, out=None):
    return compress(condition, self, axis, out)


def _choose(self, choices, out=None, mode="raise"):
    return choose(self, choices, out, mode)


def _repeat(self, repeats, axis=None):
    return repeat(self, repeats, axis)


def _matmul(self, other):
    return matmul(self, other)


def _rmatmul(self, other):
    return matmul(other, self)


def _imatmul(self, other):
    return matmul(self, other, out=self)


# ---- Note [ndarray methods]: the attachments, by NumPy's reference section

# conversion and copies
ndarray.astype = _astype
ndarray.fill = ndarray._fill
ndarray.__array__ = _array
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

# attributes
ndarray.flags = property(Flags)
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
ndarray.__len__ = _len
ndarray.__iter__ = _iter

# item selection
ndarray.take = take
ndarray.put = put
ndarray.compress = _compress
ndarray.choose = _choose
ndarray.nonzero = nonzero
ndarray.diagonal = _diagonal
ndarray.sort = _sort_in_place
ndarray.argsort = _argsort_method
ndarray.partition = _partition_in_place
ndarray.argpartition = _argpartition_method
ndarray.searchsorted = _searchsorted_method

# calculation: sum and prod are bound in C++ (the small-op path)
for _fn in (_reductions.max, _reductions.min, _reductions.all, _reductions.any, _reductions.argmax,
            _reductions.argmin, _reductions.mean, _reductions.var, _reductions.std):
    setattr(ndarray, _fn.__name__, _reduction_method(_fn))
del _fn
_core._bind_reduction_methods(ndarray)
ndarray.cumsum = cumsum
ndarray.cumprod = cumprod
ndarray.trace = _trace_method
ndarray.clip = _clip
ndarray.round = _round
ndarray.conj = ndarray.conjugate = _conjugate
ndarray.__matmul__ = _matmul
ndarray.__rmatmul__ = _rmatmul
ndarray.__imatmul__ = _imatmul

# printing and interoperability
ndarray.__repr__ = _repr
ndarray.__str__ = _str
ndarray.__format__ = _format
ndarray.__array_ufunc__ = _array_ufunc
ndarray.__array_function__ = _array_function
ndarray.__array_namespace__ = _array_namespace
ndarray.__cuda_array_interface__ = property(_cuda_array_interface)
ndarray.__dlpack__ = _dlpack
ndarray.__dlpack_device__ = _dlpack_device
ndarray.toDlpack = _to_dlpack
