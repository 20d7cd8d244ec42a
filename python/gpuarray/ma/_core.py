# SPDX-License-Identifier: BSD-3-Clause
"""The MaskedArray class: a device data array, a device boolean mask (or
``nomask``), a fill value kept on the host, and the methods that treat data
and mask alike (construction, indexing, shapes, transfers, printing).

Arithmetic, ufuncs and comparisons are attached by _operations.py, the
reductions by _reductions.py (Note [Masked array methods]); the functions
that make masked arrays are _creation.py's."""
import numpy

from gpuarray.ma import _namespace as ns

__all__ = ["MaskedArray", "MaskError", "MAError", "masked", "nomask", "MaskType"]

# NumPy's own objects: `x is gpuarray.ma.masked` and `x is numpy.ma.masked` are the same test,
# and assigning either masks (Note [Masked scalars]).
masked = numpy.ma.masked
nomask = numpy.ma.nomask
MaskError = numpy.ma.MaskError
MAError = numpy.ma.MAError
MaskType = numpy.bool_

# Note [Masked scalars]: numpy.ma returns a scalar or the `masked` constant where an index or a
# reduction leaves no dimension. Telling the two apart needs the mask's value on the host, so
# gpuarray.ma returns a 0-d MaskedArray instead and never waits for the device there; `.get()`
# gives NumPy's 0-d masked array, and `is_masked` or `bool()` read the value when asked.

# Note [Masked array methods]: the methods that need the masked operations (arithmetic, ufuncs,
# comparisons: _operations.py) or the reductions (_reductions.py) live in those modules and are
# attached to MaskedArray there, so that this module imports neither.


def _is_device(x):
    return isinstance(x, ns.xp.ndarray)


def _device_index(index):
    """An index for the data array: masked arrays inside it give their data, as NumPy's do."""
    if isinstance(index, MaskedArray):
        return index._data
    if isinstance(index, tuple):
        return tuple(i._data if isinstance(i, MaskedArray) else i for i in index)
    return index


def _mask_of_shape(mask, shape):
    """A device boolean array of `shape` from a mask argument (True, False, array_like); a
    mask of one element is repeated, one of the data's size is reshaped, as NumPy's are."""
    if isinstance(mask, MaskedArray):
        mask = mask.filled(True)
    if _is_device(mask):
        mask = mask.astype(numpy.bool_, copy=False)
    else:
        mask = ns.xp.asarray(numpy.asarray(mask, dtype=numpy.bool_))
    if mask.shape != tuple(shape):
        size = int(numpy.prod(shape))
        if mask.size == 1:
            mask = ns.xp.broadcast_to(mask.reshape(()), shape).copy()
        elif mask.size == size:
            mask = mask.reshape(shape)
        else:
            raise MaskError(f"Mask and data not compatible: data size is {size}, mask size is {mask.size}.")
    return mask


def _from_host(data, dtype):
    """(device data, device mask or nomask) of host data; numpy.ma reads it, so lists may
    hold `masked`."""
    host = numpy.ma.array(data, dtype=dtype)
    mask = host.mask
    return ns.xp.asarray(host.data), (nomask if mask is nomask else ns.xp.asarray(mask))


def _data_and_mask(data, dtype):
    """(device data, mask) of any input: masked or plain, device or host."""
    if isinstance(data, MaskedArray):
        values, mask = data._data, data._mask
    elif isinstance(data, numpy.ma.MaskedArray):
        return _from_host(data, dtype)
    elif _is_device(data):
        values, mask = data, nomask
    elif isinstance(data, numpy.ndarray) and not isinstance(data, numpy.ma.MaskedArray):
        values, mask = ns.xp.asarray(data), nomask
    elif isinstance(data, (list, tuple)) and any(isinstance(e, MaskedArray) or (
            _is_device(e) and not isinstance(e, numpy.ma.MaskedArray)) for e in data):
        values = ns.xp.stack([e._data if isinstance(e, MaskedArray) else ns.xp.asarray(e) for e in data])
        masks = [e._mask for e in data if isinstance(e, MaskedArray)]
        mask = nomask if all(m is nomask for m in masks) else ns.xp.stack(
            [e._mask if isinstance(e, MaskedArray) and e._mask is not nomask
             else ns.xp.zeros(values.shape[1:], numpy.bool_) for e in data])
    else:
        return _from_host(data, dtype)
    if dtype is not None and numpy.dtype(dtype) != values.dtype:
        values = values.astype(dtype)
    return values, mask


def _check_fill_value(fill_value, dtype):
    """`fill_value` as a host scalar of `dtype` (its default for None); TypeError, as
    NumPy's, for a value the dtype cannot hold."""
    dtype = numpy.dtype(dtype)
    if fill_value is None:
        # NumPy's default as NumPy keeps it (999999 as int64 for every integer dtype);
        # `filled` casts it as NumPy does, wrapping where the dtype is narrower.
        return numpy.ma.default_fill_value(dtype)
    if isinstance(fill_value, MaskedArray) or _is_device(fill_value):
        raise TypeError("fill_value must be a host scalar: read a device value with .get() first")
    try:
        return numpy.asarray(fill_value, dtype=dtype)[()]
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"Cannot convert fill_value {fill_value!r} to dtype {dtype!r}") from None


def _fill_scalar(value, dtype):
    """A fill value as a 0-d device array of `dtype`, cast on the host as NumPy casts it."""
    with numpy.errstate(all="ignore"):
        return ns.xp.asarray(numpy.asarray(value).astype(dtype))


class MaskedArray:
    """An array with masked (invalid) elements, on the device: numpy.ma.MaskedArray.

    Parameters
    ----------
    data : array_like
        The values: a device array, a MaskedArray (its mask is kept when
        `keep_mask`), or host data (lists may hold ``masked``).
    mask : bool or array_like, optional
        True where an element is masked. One value is repeated; an array
        of the data's size is reshaped. ``nomask`` (default) masks nothing.
    dtype : dtype, optional
        The data's dtype (the input's when None).
    copy : bool, optional
        Copy the data (default False: a device array is used as it is).
    subok : bool, optional
        Accepted for NumPy's signature; there are no subclasses to keep.
    ndmin : int, optional
        The least number of dimensions of the data.
    fill_value : scalar, optional
        The value `filled` puts under the mask (the dtype's default when
        None: see `default_fill_value`).
    keep_mask : bool, optional
        When `data` is masked, combine its mask with `mask` (True, default)
        or replace it.
    hard_mask : bool, optional
        When True, assignments leave masked elements as they are.
    shrink : bool, optional
        Accepted for NumPy's signature (see Notes).
    order : {'C', 'F', 'A', 'K'}, optional
        Memory order of copied data.

    Notes
    -----
    Data and mask are device arrays; the fill value is a host scalar.
    Where NumPy returns a scalar or the ``masked`` constant (an integer
    index, a reduction over every axis) this class returns a 0-d
    MaskedArray, so that nothing waits for the device: ``.get()`` gives
    NumPy's value (Note [Masked scalars]). A mask that is given stays an
    array even when it masks nothing (`shrink` would read it back).
    gpuarray's ufuncs do not take masked arrays; the functions of
    ``gpuarray.ma`` (``xp.ma.log``, ``xp.ma.add``, ...) and the operators do.

    See Also
    --------
    numpy.ma.MaskedArray, gpuarray.ma.masked_where

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ma.MaskedArray([1.0, 2.0, 3.0], mask=[False, True, False])
    >>> a
    masked_array(data=[1.0, --, 3.0],
                 mask=[False,  True, False],
           fill_value=1e+20)
    >>> (a * 2).filled(-1)
    array([ 2., -1.,  6.])
    """

    __array_ufunc__ = None  # gpuarray's and NumPy's operators defer to this class's
    __array_priority__ = 15.0

    def __init__(self, data=None, mask=nomask, dtype=None, copy=False, subok=True, ndmin=0, fill_value=None,
                 keep_mask=True, hard_mask=None, shrink=True, order=None):
        values, own_mask = _data_and_mask([] if data is None else data, dtype)
        if copy:
            values = values.copy(order="C" if order is None or order in "AK" else order)
            own_mask = own_mask if own_mask is nomask else own_mask.copy()
        if values.ndim < ndmin:
            values = values.reshape((1,) * (ndmin - values.ndim) + values.shape)
            own_mask = own_mask if own_mask is nomask else own_mask.reshape(values.shape)
        if mask is nomask or mask is None:
            new_mask = own_mask if keep_mask else nomask
        else:
            new_mask = _mask_of_shape(mask, values.shape)
            if keep_mask and own_mask is not nomask:
                new_mask = ns.xp.logical_or(new_mask, own_mask)
            elif copy or _is_device(mask):
                new_mask = new_mask.copy() if new_mask is mask else new_mask
        self._data = values
        self._mask = new_mask
        if fill_value is None and isinstance(data, (MaskedArray, numpy.ma.MaskedArray)) and (
                data._fill_value is not None):
            fill_value = data._fill_value if isinstance(data, MaskedArray) else data.fill_value
        self._fill_value = None if fill_value is None else _check_fill_value(fill_value, values.dtype)
        if hard_mask is None:
            hard_mask = data._hardmask if isinstance(data, (MaskedArray, numpy.ma.MaskedArray)) else False
        self._hardmask = bool(hard_mask)

    @classmethod
    def _of(cls, data, mask, like=None, fill_value=None):
        """A MaskedArray of device `data` and `mask` (nomask or a boolean array of its shape),
        taking the fill value and hard mask of `like`; no checks, no copies."""
        out = cls.__new__(cls)
        out._data = data if _is_device(data) else ns.xp.asarray(data)
        out._mask = mask
        out._fill_value = None
        out._hardmask = False
        if like is not None:
            out._hardmask = like._hardmask
            if like._fill_value is not None and fill_value is None:
                fill_value = like._fill_value
        if fill_value is not None:
            out._fill_value = _check_fill_value(fill_value, out._data.dtype)
        return out

    # ---- attributes -------------------------------------------------------------------

    @property
    def data(self):
        """The device data array, masked elements included."""
        return self._data

    @property
    def mask(self):
        """The device boolean mask, or ``nomask``; assigning True, False or an array sets it."""
        return self._mask

    @mask.setter
    def mask(self, value):
        self.__setmask__(value)

    def __setmask__(self, mask, copy=False):
        """Set the mask from True, False, an array or nomask (a hard mask only grows)."""
        if mask is nomask or mask is None:
            self._mask = nomask
            return
        new = _mask_of_shape(mask, self.shape)
        if self._hardmask and self._mask is not nomask:
            new = ns.xp.logical_or(new, self._mask)
        self._mask = new.copy() if new is mask or copy else new

    @property
    def shape(self):
        """The data's shape."""
        return self._data.shape

    @property
    def ndim(self):
        """The number of dimensions."""
        return self._data.ndim

    @property
    def size(self):
        """The number of elements, masked ones included."""
        return self._data.size

    @property
    def dtype(self):
        """The data's dtype."""
        return self._data.dtype

    @property
    def itemsize(self):
        """The size of one element in bytes."""
        return self._data.itemsize

    @property
    def nbytes(self):
        """The size of the data in bytes."""
        return self._data.nbytes

    @property
    def fill_value(self):
        """The host scalar `filled` uses; the dtype's default until one is set."""
        if self._fill_value is None:
            return _check_fill_value(None, self.dtype)  # not stored: it is no explicit value
        return self._fill_value

    @fill_value.setter
    def fill_value(self, value):
        self._fill_value = _check_fill_value(value, self.dtype)

    def set_fill_value(self, value=None):
        """Set the fill value (None: the dtype's default)."""
        self.fill_value = value

    def get_fill_value(self):
        """The fill value."""
        return self.fill_value

    @property
    def hardmask(self):
        """True when assignments cannot unmask elements."""
        return self._hardmask

    def harden_mask(self):
        """Make the mask hard (assignments keep masked elements); returns self."""
        self._hardmask = True
        return self

    def soften_mask(self):
        """Make the mask soft (assignments unmask); returns self."""
        self._hardmask = False
        return self

    @property
    def sharedmask(self):
        """False: masks are never marked shared (views share their mask array)."""
        return False

    def unshare_mask(self):
        """Give the array a mask of its own (a copy); returns self."""
        if self._mask is not nomask:
            self._mask = self._mask.copy()
        return self

    def shrink_mask(self):
        """Replace an all-False mask by ``nomask`` (reads one value from the device)."""
        if self._mask is not nomask and not bool(self._mask.any()):
            self._mask = nomask
        return self

    @property
    def recordmask(self):
        """The mask (record masks belong to structured dtypes, which the device lacks)."""
        return self._mask

    @property
    def baseclass(self):
        """gpuarray.ndarray, the class of the data."""
        return ns.xp.ndarray

    # ---- values -----------------------------------------------------------------------

    def filled(self, fill_value=None):
        """The data with masked elements replaced by `fill_value` (the array's fill value
        when None): a device array; the data itself when nothing is masked."""
        if self._mask is nomask:
            return self._data
        value = self.fill_value if fill_value is None else _check_fill_value(fill_value, self.dtype)
        return ns.xp.where(self._mask, _fill_scalar(value, self.dtype), self._data)

    def compressed(self):
        """The unmasked elements, in C order, as a 1-D device array."""
        if self._mask is nomask:
            return self._data.ravel()
        return self._data.ravel()[ns.xp.logical_not(self._mask.ravel())]

    def get(self, stream=None):
        """A numpy.ma.MaskedArray copy on the host (data, mask, fill value, hard mask)."""
        data = ns.xp.asnumpy(self._data)
        mask = nomask if self._mask is nomask else ns.xp.asnumpy(self._mask)
        return numpy.ma.MaskedArray(data, mask=mask, fill_value=self._fill_value, hard_mask=self._hardmask)

    def tolist(self, fill_value=None):
        """Nested Python lists of the values, None where masked (one copy to the host)."""
        host = self.get()
        return host.tolist(fill_value)

    def __repr__(self):
        return repr(self.get())

    def __str__(self):
        return str(self.get())

    def __array__(self, *args, **kwargs):
        raise TypeError("Implicit conversion to a NumPy array is not allowed for a device masked array: "
                        "use .get() for a numpy.ma.MaskedArray or .filled().get() for its values")

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __bool__(self):
        if self.size != 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous. "
                             "Use a.any() or a.all()")
        return bool(self.filled(0).get().reshape(()))

    def __iter__(self):
        if not self.shape:
            raise TypeError("iteration over a 0-d array")
        for i in range(self.shape[0]):
            yield self[i]

    def copy(self, order="C"):
        """A copy of data and mask."""
        mask = self._mask if self._mask is nomask else self._mask.copy(order=order)
        return MaskedArray._of(self._data.copy(order=order), mask, like=self)

    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
        """The data cast to `dtype`, same mask (a copy of it); the fill value is cast too."""
        out = MaskedArray._of(self._data.astype(dtype, order=order, casting=casting, copy=copy),
                              self._mask if self._mask is nomask or not copy else self._mask.copy())
        out._hardmask = self._hardmask
        if self._fill_value is not None:
            out._fill_value = _check_fill_value(self._fill_value, out.dtype)
        return out

    def view(self, dtype=None, type=None):
        """The same data and mask (no copy); with `dtype`, the data viewed as it."""
        if type is not None and dtype is None and isinstance(type, builtin_type) and issubclass(type, ns.xp.ndarray):
            return self._data
        if dtype is None:
            return MaskedArray._of(self._data, self._mask, like=self)
        data = self._data.view(dtype)
        mask = self._mask if self._mask is nomask or data.shape == self.shape else nomask
        return MaskedArray._of(data, mask, like=None)

    # ---- indexing ---------------------------------------------------------------------

    def __getitem__(self, index):
        index = _device_index(index)
        data = ns.xp.asarray(self._data[index])
        mask = nomask if self._mask is nomask else ns.xp.asarray(self._mask[index])
        return MaskedArray._of(data, mask, like=self)

    def __setitem__(self, index, value):
        index = _device_index(index)
        if value is masked:
            if self._mask is nomask:
                self._mask = ns.xp.zeros(self.shape, numpy.bool_)
            self._mask[index] = True
            return
        values = value._data if isinstance(value, MaskedArray) else value
        value_mask = value._mask if isinstance(value, MaskedArray) else nomask
        if self._hardmask and self._mask is not nomask:
            # Masked elements keep their data and mask: write only where unmasked.
            kept = self._mask[index]
            current = self._data[index]
            written = ns.xp.where(kept, current, ns.xp.asarray(values).astype(self.dtype, copy=False))
            self._data[index] = written
            if value_mask is not nomask:
                self._mask[index] = ns.xp.logical_or(kept, value_mask)
            return
        self._data[index] = values
        if self._mask is nomask:
            if value_mask is nomask:
                return
            self._mask = ns.xp.zeros(self.shape, numpy.bool_)
        self._mask[index] = False if value_mask is nomask else value_mask

    # ---- shapes: the same operation on data and mask ---------------------------------------

    def _both(self, name, *args, **kwargs):
        """The same method on data and mask, as a MaskedArray like self."""
        data = getattr(self._data, name)(*args, **kwargs)
        mask = self._mask if self._mask is nomask else getattr(self._mask, name)(*args, **kwargs)
        return MaskedArray._of(data, mask, like=self)

    def reshape(self, *shape, order="C"):
        """Data and mask in a new shape (views where the layout allows)."""
        return self._both("reshape", *shape, order=order)

    def ravel(self, order="C"):
        """Data and mask flattened."""
        return self._both("ravel", order)

    def flatten(self, order="C"):
        """A flattened copy of data and mask."""
        return self._both("flatten", order)

    def transpose(self, *axes):
        """Data and mask with axes permuted (views)."""
        return self._both("transpose", *axes)

    @property
    def T(self):
        """The transpose of data and mask."""
        return self._both("transpose")

    def swapaxes(self, axis1, axis2):
        """Data and mask with two axes exchanged (views)."""
        return self._both("swapaxes", axis1, axis2)

    def squeeze(self, axis=None):
        """Data and mask without their length-one axes."""
        return self._both("squeeze", axis)

    def repeat(self, repeats, axis=None):
        """Data and mask repeated along `axis`."""
        return self._both("repeat", repeats, axis)

    def diagonal(self, offset=0, axis1=0, axis2=1):
        """Diagonals of data and mask."""
        return self._both("diagonal", offset, axis1, axis2)

    def take(self, indices, axis=None, out=None, mode="raise"):
        """Elements of data and mask at `indices`."""
        if out is not None:
            raise TypeError("gpuarray.ma: take(out=) is not supported")
        return self._both("take", _device_index(indices), axis=axis, mode=mode)

    @property
    def real(self):
        """The real parts, same mask."""
        return MaskedArray._of(self._data.real, self._mask, like=None)

    @property
    def imag(self):
        """The imaginary parts, same mask."""
        return MaskedArray._of(self._data.imag, self._mask, like=None)

    @property
    def flat(self):
        """The flattened array (a MaskedArray, not an iterator)."""
        return self.ravel()

    def count_masked(self):
        """The number of masked elements."""
        return ns.xp.count_nonzero(self._mask) if self._mask is not nomask else 0


builtin_type = type
