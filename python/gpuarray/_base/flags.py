# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's ndarray.flags and ndarray.setflags for device arrays.

Of NumPy's flags, WRITEABLE is the one a device array stores (the engine's
`writeable`, checked by every kernel, copy and library call that writes an
array). The others are computed from the layout: contiguity, OWNDATA from the
base, ALIGNED from the addresses, and WRITEBACKIFCOPY, which gpuarray never
sets."""
from gpuarray._core import ndarray


def _is_aligned(a):
    """Whether every element of `a` starts at a multiple of its itemsize: what the device's
    loads need (ga::complex<T> is aligned to its whole size, more than NumPy's
    dtype.alignment asks of complex types)."""
    itemsize = a.itemsize
    if a.data.ptr % itemsize:
        return False
    return all(s % itemsize == 0 for n, s in zip(a.shape, a.strides) if n > 1)


def _may_become_writeable(a):
    """NumPy's rule for setting WRITEABLE to True: the array owns its memory, or its base is a
    writeable device array, or a foreign exporter that allows writes. Of foreign bases only a
    CUDA Array Interface export says so (its read-only bit); a DLPack capsule or any other
    owner is refused, as NumPy refuses a buffer it cannot prove writable."""
    if a._writeable:
        return True
    base = a.base
    if base is None:
        return True
    if isinstance(base, ndarray):
        return base._writeable
    try:
        return not base.__cuda_array_interface__["data"][1]
    except Exception:  # no interface, or the exporter refuses to describe itself now
        return False


def _set_writeable(a, value):
    if value and not _may_become_writeable(a):
        raise ValueError("cannot set WRITEABLE flag to True of this array")
    a._writeable = bool(value)


def _set_aligned(a, value):
    if not value:
        # NumPy records the flag and then uses unaligned loops; every device loop needs
        # aligned elements, so the flag stays what the addresses say.
        raise ValueError("cannot set ALIGNED flag to False of a gpuarray array: device kernels "
                         "load aligned elements only, so the flag always tells the layout")
    if not _is_aligned(a):
        raise ValueError("cannot set aligned flag of mis-aligned array to True")


def _set_writebackifcopy(a, value):
    if value:
        raise ValueError("cannot set WRITEBACKIFCOPY flag to True")


class Flags:
    """Memory-layout flags of a device array, as NumPy's ``ndarray.flags``.

    Read by key (``a.flags['C_CONTIGUOUS']``, the short keys too) or by
    attribute (``a.flags.c_contiguous``). WRITEABLE, ALIGNED and
    WRITEBACKIFCOPY can be assigned, with `ndarray.setflags`'s rules.

    Parameters
    ----------
    array : ndarray
        The device array whose flags these are; the object reads them from
        the array each time, as NumPy's does.

    Notes
    -----
    WRITEABLE is enforced by every operation that writes a device array
    (assignment, ``out=``, in-place methods, library calls). ALIGNED says
    whether each element starts at a multiple of its itemsize, which device
    loads need (NumPy asks only ``dtype.alignment``, half the itemsize for
    complex types). WRITEBACKIFCOPY is always False.

    See Also
    --------
    ndarray.setflags

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.zeros((2, 3))
    >>> a.flags['C_CONTIGUOUS'], a.T.flags.f_contiguous
    (True, True)
    >>> a.flags.writeable = False
    >>> a.flags['W']
    False
    """
    _KEYS = {"C": "c_contiguous", "C_CONTIGUOUS": "c_contiguous", "CONTIGUOUS": "c_contiguous",
             "F": "f_contiguous", "F_CONTIGUOUS": "f_contiguous", "FORTRAN": "f_contiguous",
             "O": "owndata", "OWNDATA": "owndata", "W": "writeable", "WRITEABLE": "writeable",
             "A": "aligned", "ALIGNED": "aligned", "X": "writebackifcopy", "WRITEBACKIFCOPY": "writebackifcopy",
             "FNC": "fnc", "FORC": "forc", "BEHAVED": "behaved", "CARRAY": "carray"}
    _SETTABLE = {"writeable": _set_writeable, "aligned": _set_aligned, "writebackifcopy": _set_writebackifcopy}

    __slots__ = ("_array",)

    def __init__(self, array):
        self._array = array

    c_contiguous = property(lambda self: self._array._c_contiguous)
    f_contiguous = property(lambda self: self._array._f_contiguous)
    owndata = property(lambda self: self._array.base is None)
    fnc = property(lambda self: self.f_contiguous and not self.c_contiguous)
    forc = property(lambda self: self.f_contiguous or self.c_contiguous)
    behaved = property(lambda self: self.aligned and self.writeable)
    carray = property(lambda self: self.c_contiguous and self.behaved)
    writeable = property(lambda self: self._array._writeable,
                         lambda self, value: _set_writeable(self._array, value))
    aligned = property(lambda self: _is_aligned(self._array), lambda self, value: _set_aligned(self._array, value))
    writebackifcopy = property(lambda self: False, lambda self, value: _set_writebackifcopy(self._array, value))

    def __getitem__(self, key):
        try:
            return getattr(self, self._KEYS[key])
        except KeyError:
            raise KeyError("Unknown flag") from None

    def __setitem__(self, key, value):
        setter = self._SETTABLE.get(self._KEYS.get(key))
        if setter is None:
            raise KeyError("Unknown flag")
        setter(self._array, value)

    def __eq__(self, other):
        return isinstance(other, Flags) and all(
            getattr(self, k) == getattr(other, k) for k in ("c_contiguous", "f_contiguous", "owndata", "writeable"))

    def __repr__(self):
        names = ("C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "WRITEABLE", "ALIGNED", "WRITEBACKIFCOPY")
        return "\n".join(f"  {n} : {self[n]}" for n in names) + "\n"


def _setflags(self, write=None, align=None, uic=None):
    """Set the array's flags WRITEABLE, ALIGNED and WRITEBACKIFCOPY.

    Parameters
    ----------
    write : bool, optional
        Whether the array may be written. True is refused when the memory
        belongs to a read-only device array or to a foreign exporter that
        shared it read-only.
    align : bool, optional
        True checks that the elements are aligned; False is refused.
    uic : bool, optional
        WRITEBACKIFCOPY: False is accepted, True refused (as NumPy, which
        sets it only from its C API).

    Returns
    -------
    None

    Raises
    ------
    ValueError
        If a flag cannot take the value asked for; the flags are checked
        and set in NumPy's order (ALIGNED, WRITEBACKIFCOPY, WRITEABLE).

    Notes
    -----
    No device work and no synchronization. A read-only array is really
    read-only: assignment, ``out=`` arguments, in-place methods and
    ``ndarray.set`` raise ValueError, as NumPy does. Raw kernels
    (`RawKernel`, `RawModule`) receive pointers and are not checked. NumPy
    can clear ALIGNED (it then uses unaligned loops); device kernels load
    aligned elements only, so gpuarray refuses ``align=False``.

    See Also
    --------
    ndarray.flags

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(3)
    >>> a.setflags(write=False)
    >>> a[0] = 5
    Traceback (most recent call last):
        ...
    ValueError: assignment destination is read-only
    >>> a.setflags(write=True)
    >>> a[0] = 5
    >>> a
    array([5, 1, 2])
    """
    if align is not None:
        _set_aligned(self, bool(align))
    if uic is not None:
        _set_writebackifcopy(self, bool(uic))
    if write is not None:
        _set_writeable(self, write)
