# SPDX-License-Identifier: BSD-3-Clause
"""array() of lists and tuples that hold device arrays: ``xp.array([a, b])``
stacks them and ``xp.array([x.min(), x.max(), 0.0])`` mixes them with host
values, as numpy.array does with NumPy arrays (and CuPy's array with its own).

NumPy cannot build these (a device array refuses ``__array__``), so the
result is assembled on the device. Its shape, dtype and errors are NumPy's for
the same values, worked out from the parts' shapes and dtypes before any
device work: a list's items must have one shape (else NumPy's ValueError for
an inhomogeneous shape), and the dtype promotes the parts' dtypes in order, a
Python scalar counting as the dtype NumPy gives it alone (int64, float64,
complex128, bool), an empty list as none. The parts are then copied in: a
device array by one copy on the device (a cast where its dtype differs), each
largest sublist that holds no device array (and each host scalar or NumPy
array) converted by NumPy and uploaded once."""
import functools

import numpy

from gpuarray._core import ndarray
from gpuarray._interop.cuda_array_interface import from_cuda_array_interface

__all__ = []

_SEQUENCES = (list, tuple)


def _is_device_array(obj):
    return isinstance(obj, ndarray) or hasattr(obj, "__cuda_array_interface__")


def holds_device_arrays(obj):
    """Whether `obj` is a list or tuple holding a device array (a gpuarray array or a
    ``__cuda_array_interface__`` exporter) at any depth of nested lists and tuples."""
    if not isinstance(obj, _SEQUENCES):
        return False
    pending = [obj]
    while pending:
        for item in pending.pop():
            if isinstance(item, _SEQUENCES):
                pending.append(item)
            elif _is_device_array(item):
                return True
    return False


def _holds_a_value(obj):
    """Whether a nest of lists and tuples holds anything but empty lists and tuples."""
    return any(not isinstance(item, _SEQUENCES) or _holds_a_value(item) for item in obj)


def _inhomogeneous(detected):
    return ValueError("setting an array element with a sequence. The requested array has an inhomogeneous "
                      f"shape after {len(detected)} dimensions. The detected shape was {detected} + "
                      "inhomogeneous part.")


def _common_prefix(shapes):
    prefix = []
    for extents in zip(*shapes):
        if any(n != extents[0] for n in extents):
            break
        prefix.append(extents[0])
    return tuple(prefix)


def _collect(obj, index, outer, dtype, parts, dtypes):
    """Appends ``(index, part)`` to `parts` for each device array and host block of
    `obj`, which sits at `index` of the result inside lists of lengths `outer`, and
    the dtypes that decide the result's to `dtypes`; returns `obj`'s shape."""
    if _is_device_array(obj):
        part = obj if isinstance(obj, ndarray) else from_cuda_array_interface(obj)
        parts.append((index, part))
        dtypes.append(part.dtype)
        return part.shape
    if holds_device_arrays(obj):
        outer = outer + (len(obj),)
        shapes = [_collect(item, index + (i,), outer, dtype, parts, dtypes) for i, item in enumerate(obj)]
        if any(s != shapes[0] for s in shapes):
            raise _inhomogeneous(outer + _common_prefix(shapes))
        return (len(obj),) + shapes[0]
    host = numpy.array(obj, dtype=dtype)
    parts.append((index, host))
    if not isinstance(obj, _SEQUENCES) or _holds_a_value(obj):
        dtypes.append(host.dtype)
    return host.shape


def from_nested_sequence(obj, dtype, order):
    """A new device array holding the values of a nest of lists and tuples that holds
    device arrays, as numpy.array(obj, dtype, order=order) lays it out.

    Parameters
    ----------
    obj : list or tuple
        Device arrays, host scalars, NumPy arrays and lists and tuples of them.
    dtype : data-type or None
        The result's dtype (every part is cast to it, as numpy.array casts);
        None promotes the parts' dtypes as NumPy does.
    order : {'K', 'A', 'C', 'F'}
        'F' lays the result out in Fortran order, the others in C order.

    Returns
    -------
    ndarray
        A new array; no part of it shares memory with `obj`.

    Raises
    ------
    ValueError
        If the items of a list do not all have the same shape (NumPy's message).
    TypeError
        If the result's dtype is not one gpuarray arrays hold.
    """
    parts, dtypes = [], []
    if dtype is not None:
        dtype = numpy.dtype(dtype)
        if not dtype.isnative:
            dtype = dtype.newbyteorder("=")
    shape = _collect(obj, (), (), dtype, parts, dtypes)
    if dtype is None:
        dtype = functools.reduce(numpy.promote_types, dict.fromkeys(dtypes))
    out = ndarray(shape, dtype, order="F" if order == "F" else "C")
    if out.size:
        for index, part in parts:
            target = out[index]
            if target.size:
                target._copy_from(part if isinstance(part, ndarray) else part.astype(dtype, copy=False))
    return out
