# SPDX-License-Identifier: BSD-3-Clause
"""numpy.ma on the device: masked arrays whose data and mask are gpuarray
arrays (docs/masked_arrays.md).

``gpuarray.ma`` loads on first use. MaskedArray holds a device data array, a
device boolean mask or ``nomask``, and a host fill value; every operation
runs on the device with array operations. What differs from numpy.ma: a
reduction over every axis, or an integer index, gives a 0-d MaskedArray
rather than a scalar or ``masked`` (Note [Masked scalars]); a mask that
masks nothing stays an array where NumPy would shrink it to ``nomask``
(Note [Shrinking masks]); gpuarray's ufuncs do not accept masked arrays,
the functions here and the operators do."""
from gpuarray.ma import (_core, _creation, _functions, _masking, _masks, _operations, _queries, _reductions,
                         _shape_functions)

_PARTS = (_core, _creation, _masks, _operations, _reductions, _masking, _functions, _shape_functions, _queries)
__all__ = [name for part in _PARTS for name in part.__all__]
globals().update({name: getattr(part, name) for part in _PARTS for name in part.__all__})
