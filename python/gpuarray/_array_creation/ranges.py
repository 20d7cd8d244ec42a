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
    """Evenly spaced values in the half-open interval ``[start, stop)``.

    Parameters
    ----------
    start : int or float, optional
        The first value (0 by default). With one positional argument, that
        argument is `stop`.
    stop : int or float
        The end, not included (except through rounding with float steps).
    step : int or float, optional
        The spacing (1 by default); not 0.
    dtype : dtype, optional
        The result's type; by default that of the arguments promoted with the
        platform integer, as NumPy's.
    device : Device, optional
        Where to put the result; None is the current device.

    Returns
    -------
    ndarray
        ``ceil((stop - start) / step)`` values.

    Raises
    ------
    ZeroDivisionError
        `step` is 0.
    TypeError
        No `stop` is given.

    See Also
    --------
    linspace, logspace, indices

    Notes
    -----
    The values are computed on the device as ``start + i * step``; with a
    float step prefer `linspace`, whose end point is exact.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.arange(5)
    array([0, 1, 2, 3, 4])
    >>> xp.arange(1, 2, 0.25)
    array([1.  , 1.25, 1.5 , 1.75])
    >>> xp.arange(3, dtype=xp.float32).dtype
    dtype('float32')
    """
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
    """Evenly spaced samples over an interval.

    Parameters
    ----------
    start, stop : array_like
        The first and last values (`stop` is excluded when `endpoint` is
        False); arrays give one sequence per element, along `axis`.
    num : int, optional
        The number of samples (50 by default); not negative.
    endpoint : bool, optional
        Whether `stop` is the last sample.
    retstep : bool, optional
        Also return the spacing.
    dtype : dtype, optional
        The result's type; by default a floating type from the inputs.
    axis : int, optional
        The axis of the samples when `start` or `stop` are arrays.
    device : Device, optional
        Where to put the result; None is the current device.

    Returns
    -------
    samples : ndarray
        `num` samples.
    step : float or ndarray
        The spacing, only when `retstep` is True.

    Raises
    ------
    ValueError
        `num` is negative.

    See Also
    --------
    arange, logspace, geomspace

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.linspace(0, 1, 5)
    array([0.  , 0.25, 0.5 , 0.75, 1.  ])
    >>> samples, step = xp.linspace(0, 1, 4, endpoint=False, retstep=True)
    >>> samples, float(step)
    (array([0.  , 0.25, 0.5 , 0.75]), 0.25)
    """
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
    """Samples evenly spaced on a log scale: ``base ** linspace(start, stop)``.

    Parameters
    ----------
    start, stop : array_like
        The exponents of the first and last samples.
    num : int, optional
        The number of samples (50 by default).
    endpoint : bool, optional
        Whether ``base ** stop`` is the last sample.
    base : array_like, optional
        The base of the exponents (10 by default).
    dtype : dtype, optional
        The result's type.
    axis : int, optional
        The axis of the samples when the inputs are arrays.

    Returns
    -------
    ndarray
        `num` samples.

    See Also
    --------
    geomspace, linspace

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.logspace(0, 3, 4)
    array([   1.,   10.,  100., 1000.])
    >>> xp.logspace(0, 3, 4, base=2.0)
    array([1., 2., 4., 8.])
    """
    # Needs power, which gpuarray lacks until it has ufuncs: NumPy computes on the host.
    return asarray(numpy.logspace(_on_host(start), _on_host(stop), num, endpoint, _on_host(base), dtype, axis))


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """Samples from `start` to `stop` in a geometric progression.

    Parameters
    ----------
    start, stop : array_like
        The first and last samples; not zero. Negative or complex ends give
        the progression between them.
    num : int, optional
        The number of samples (50 by default).
    endpoint : bool, optional
        Whether `stop` is the last sample.
    dtype : dtype, optional
        The result's type.
    axis : int, optional
        The axis of the samples when the inputs are arrays.

    Returns
    -------
    ndarray
        `num` samples with a constant ratio between neighbours.

    Raises
    ------
    ValueError
        `start` or `stop` is zero.

    See Also
    --------
    logspace, linspace

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.geomspace(1, 1000, 4)
    array([   1.,   10.,  100., 1000.])
    >>> xp.geomspace(-1, -8, 4)
    array([-1., -2., -4., -8.])
    """
    # Needs log and power, which gpuarray lacks until it has ufuncs: NumPy computes on the host.
    return asarray(numpy.geomspace(_on_host(start), _on_host(stop), num, endpoint, dtype, axis))


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    """Coordinate matrices from coordinate vectors.

    Parameters
    ----------
    *xi : array_like
        The coordinate vectors (any input is flattened).
    copy : bool, optional
        Return copies; False returns broadcast views of the inputs, which
        must not be written.
    sparse : bool, optional
        Return each vector along its own axis only (shape 1 elsewhere), to
        broadcast against the others.
    indexing : {'xy', 'ij'}, optional
        'xy' (default, Cartesian) swaps the first two output axes; 'ij'
        (matrix) keeps the inputs' order.

    Returns
    -------
    tuple of ndarray
        One array per input.

    Raises
    ------
    ValueError
        `indexing` is neither 'xy' nor 'ij'.

    See Also
    --------
    mgrid, ogrid, indices, broadcast_arrays

    Examples
    --------
    >>> import gpuarray as xp
    >>> x, y = xp.meshgrid(xp.arange(3), xp.arange(2))
    >>> x
    array([[0, 1, 2],
           [0, 1, 2]])
    >>> y
    array([[0, 0, 0],
           [1, 1, 1]])
    >>> [a.shape for a in xp.meshgrid(xp.arange(3), xp.arange(2), sparse=True, indexing='ij')]
    [(3, 1), (1, 2)]
    """
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
