# SPDX-License-Identifier: BSD-3-Clause
"""Numerical ranges: arange, linspace, logspace, geomspace, meshgrid (NumPy's semantics).

arange and scalar linspace fill on the device; the host computes only what
NumPy computes with Python or NumPy scalars (lengths, steps), the same way."""
import math
import numbers
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray import _core
from gpuarray._array_creation.from_data import asarray
from gpuarray._base.device_arg import accepts_device
from gpuarray._core import ndarray

__all__ = ["arange", "linspace", "logspace", "geomspace", "meshgrid"]

_PYTHON_SCALARS = (int, float, complex)
_MAX_INTP = 2 ** 63


def _safe_ceil(value):
    """ceil(value) as an array length, with NumPy's errors."""
    if math.isnan(value):
        raise ValueError("arange: cannot compute length")
    if math.isinf(value) or not -_MAX_INTP <= math.ceil(value) < _MAX_INTP:
        raise OverflowError
    return math.ceil(value)


def _arange_length(start, stop, step, complex_result):
    """NumPy's arange length, ceil((stop - start) / step), and its second element,
    start + step, both computed with the arguments' own arithmetic as NumPy computes them,
    special cases and errors included (any overflow means too long a range)."""
    try:
        delta = stop - start
        delta_is_nonzero = delta != 0
        quotient = delta / step
        if complex_result and isinstance(quotient, complex):
            length = min(_safe_ceil(quotient.real), _safe_ceil(quotient.imag))
        elif quotient == 0 and delta_is_nonzero:
            # The quotient underflowed or the step is infinite: one element if it points forward.
            length = 0 if math.copysign(1.0, float(quotient)) < 0 else 1
        else:
            length = _safe_ceil(float(quotient))
        return (length, start + step) if length > 0 else (0, None)
    except OverflowError:
        raise ValueError("Maximum allowed size exceeded") from None


def _arange_dtype(*args):
    """arange's dtype when none is given: intp promoted with each given argument's own dtype
    (not value-based: a Python int is int64, a float float64)."""
    dtype = numpy.dtype(numpy.intp)
    for value in args:
        if value is not None:
            dtype = numpy.promote_types(dtype, numpy.asarray(value).dtype)
    return dtype


@accepts_device
def arange(start=None, stop=None, step=None, dtype=None):
    """Evenly spaced values in [start, stop) by `step` (start 0 and step 1 by default).
    The dtype, when not given, is that of the arguments promoted with intp, as in NumPy."""
    if start is None and stop is None:
        raise TypeError("arange() requires stop to be specified.")
    dtype = _arange_dtype(start, stop, step) if dtype is None else numpy.dtype(dtype)
    if step is None:
        step = 1
    if stop is None:
        start, stop = 0, start
    elif start is None:
        start = 0
    length, second = _arange_length(start, stop, step, dtype.kind == "c")
    if dtype.kind == "b" and length > 2:
        raise TypeError("arange() is only supported for booleans when the result has at most length 2.")
    if length < 2:
        second = start  # NumPy does not store the second element
    if dtype.kind in "iu":
        # NumPy stores a real number in an integer array as a Python int: one out of the
        # dtype's range raises OverflowError (a NumPy scalar included) instead of wrapping.
        start, second = (int(v) if isinstance(v, numbers.Real) else v for v in (start, second))
    out = ndarray((length,), dtype)
    if length:
        # NumPy stores start and start + step, and extrapolates from the two in the dtype.
        _core._fill_arange(out, start, second)
    return out


def _on_host(x):
    """`x` for NumPy: a device array comes to the host."""
    return x.get() if isinstance(x, ndarray) else x


def _linspace_plan(start, stop, num, endpoint):
    """The scalars NumPy's linspace computes for scalar `start` and `stop`: the working
    dtype, the factor and divisor of the fill, and the step it returns with retstep.
    Computed with NumPy on the same operands as numpy.linspace, so the device fill
    (i / divisor * factor + start, each step rounded in the working dtype) matches it."""
    # NumPy's conversion: Python scalars stay Python scalars (weakly typed) beside an array.
    keep = not all(type(v) in _PYTHON_SCALARS for v in (start, stop))
    start, stop = (v if keep and type(v) in _PYTHON_SCALARS else numpy.asarray(v) for v in (start, stop))
    working = numpy.result_type(start, stop, 0.0)  # the float added makes it inexact, weakly
    delta = numpy.subtract(stop, start, dtype=working)
    div = num - 1 if endpoint else num
    if div <= 0:
        return working, delta, 0, numpy.nan  # 0 or 1 samples: no step
    step = delta / div
    if step == 0:  # delta / div underflowed: NumPy divides first, then multiplies by delta
        return working, delta, div, step
    return working, step, 0, step


@accepts_device
def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """`num` evenly spaced samples from `start` to `stop` (included when `endpoint`)."""
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    start, stop = _on_host(start), _on_host(stop)
    if numpy.ndim(start) or numpy.ndim(stop):
        # Array endpoints need broadcasting arithmetic: NumPy computes on the host until
        # gpuarray has ufuncs.
        y, step = numpy.linspace(start, stop, num, endpoint, True, dtype, axis)
        y = asarray(y)
        if retstep:
            return y, asarray(step) if isinstance(step, numpy.ndarray) else step
        return y
    if axis != 0:
        normalize_axis_index(axis, 1)  # the result is 1-D: raises AxisError unless axis is -1
    floor = dtype is not None and numpy.issubdtype(dtype, numpy.integer)
    working, factor, divisor, step = _linspace_plan(start, stop, num, endpoint)
    if floor and working.kind == "c":
        raise TypeError("linspace: complex samples cannot be floored to an integer dtype")
    y = ndarray((num,), working)
    if num:
        _core._fill_linspace(y, start, factor, stop, divisor, endpoint and num > 1, floor)
    if dtype is not None:
        y = y.astype(dtype, copy=False)
    return (y, step) if retstep else y


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """Samples evenly spaced on a log scale: base ** linspace(start, stop)."""
    # Needs power, which gpuarray lacks until it has ufuncs: NumPy computes on the host.
    return asarray(numpy.logspace(_on_host(start), _on_host(stop), num, endpoint, _on_host(base), dtype, axis))


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """Samples from `start` to `stop` evenly spaced on a log scale (a geometric progression)."""
    # Needs log and power, which gpuarray lacks until it has ufuncs: NumPy computes on the host.
    return asarray(numpy.geomspace(_on_host(start), _on_host(stop), num, endpoint, dtype, axis))


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    """Coordinate arrays from 1-D coordinate vectors (any input is flattened), as NumPy's:
    broadcast views unless `copy`, each vector along its own axis when `sparse`; 'xy'
    indexing swaps the first two axes."""
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    ndim = len(xi)
    ones = (1,) * ndim
    out = [asarray(x).reshape(ones[:i] + (-1,) + ones[i + 1:]) for i, x in enumerate(xi)]
    if indexing == "xy" and ndim > 1:
        out[0] = out[0].reshape((1, -1) + ones[2:])
        out[1] = out[1].reshape((-1, 1) + ones[2:])
    if not sparse:
        # Each axis has one vector along it; the others are broadcast with stride 0 on
        # their length-1 axes, as numpy.broadcast_arrays does (it keeps a full-shaped one).
        shape = tuple(next((a.shape[d] for a in out if a.shape[d] != 1), 1) for d in range(ndim))
        out = [a if a.shape == shape else
               a._view(shape, tuple(0 if n == 1 else s for n, s in zip(a.shape, a.strides)))
               for a in out]
    if copy:
        out = [a.copy() for a in out]
    return tuple(out)
