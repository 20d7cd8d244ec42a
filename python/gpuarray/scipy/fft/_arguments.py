# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fft's argument rules, read from the arguments and array metadata only,
so that every error comes before any device work and in SciPy's order: `plan`,
the dtype, `norm`, `workers`, then the sizes and axes (each function says
which of these it checks when). SciPy's words and exception types; where
SciPy's type comes from an accident of its bindings (a float `n` meets a
slice), Python's own error of the same type is raised instead.

The dtype rule is SciPy's, not NumPy 2's: float16 computes in float32 and
integers and bools in float64; float32 stays single precision."""
import numbers
import operator

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._core import ndarray
from gpuarray.scipy.fft._workers import checked_workers

_NORMS = ("backward", "ortho", "forward")
_SWAPPED = {"backward": "forward", "ortho": "ortho", "forward": "backward"}


def check_plan(plan):
    """`plan` must be None: gpuarray has no plan objects to pass (cuFFT plans are
    cached per shape, layout and dtype by gpuarray.fft's plan cache)."""
    if plan is not None:
        raise ValueError(f"plan={plan!r} is not a plan gpuarray can use: gpuarray.scipy.fft plans every transform "
                         "itself and caches the cuFFT plan (gpuarray.fft.config.get_plan_cache()); pass plan=None")


def host_or_device(x):
    """`x` as an array whose metadata the checks read: a device array as it is
    (another library's, through __cuda_array_interface__, as a gpuarray view),
    any other input as NumPy reads it (copied to the device only after the
    checks). Non-numeric host data becomes float64 as SciPy's conversion makes it."""
    if isinstance(x, ndarray):
        return x
    if hasattr(x, "__cuda_array_interface__"):
        return asarray(x)  # another library's device array: a view, no copy
    a = numpy.asarray(x)
    if a.dtype.kind not in "biufc":
        a = a.astype(numpy.float64)
    return a


def to_device(a, dtype=None):
    """The checked input on the device, as `dtype` when given; float16 becomes
    float32 otherwise (SciPy computes it in single precision, where NumPy's
    rules would keep float16 results or intermediates)."""
    a = asarray(a)
    if dtype is None and a.dtype == numpy.float16:
        dtype = numpy.float32
    return a if dtype is None or a.dtype == dtype else a.astype(dtype)


def float_dtype(dtype):
    """The dtype SciPy computes `dtype` in: float16 as float32, bools and integers
    as float64, other floating and complex dtypes as they are."""
    dtype = numpy.dtype(dtype)
    if dtype == numpy.float16:
        return numpy.dtype(numpy.float32)
    if dtype.kind not in "fc":
        return numpy.dtype(numpy.float64)
    return dtype


def checked_norm(norm):
    """'backward', 'ortho' or 'forward' (None is 'backward')."""
    if norm is None:
        return "backward"
    if norm not in _NORMS:
        raise ValueError(f'Invalid norm value {norm!r}, should be "backward", "ortho" or "forward"')
    return norm


def swapped_norm(norm):
    """The norm of the transform in the other direction (hfft is irfft's mirror)."""
    return _SWAPPED[norm]


def check_workers(workers):
    checked_workers(workers)


def axis_length(shape, axis):
    """shape[axis], with IndexError (NumPy's AxisError, which is one) for an axis
    out of range and TypeError for one that is not an integer."""
    axis = operator.index(axis)
    if not -len(shape) <= axis < len(shape):
        raise numpy.exceptions.AxisError(axis, len(shape))
    return shape[axis]


def checked_length(n, shape, axis):
    """The number of points of a 1-D transform: `n`, or the length along `axis`;
    below one is refused (`n` first, then the axis, in SciPy's order)."""
    if n is not None:
        n = operator.index(n)
        if n < 1:
            raise ValueError(f"invalid number of data points ({n}) specified")
        axis_length(shape, axis)
        return n
    length = axis_length(shape, axis)
    if length < 1:
        raise ValueError(f"invalid number of data points ({length}) specified")
    return length


def iterable_of_int(x, name):
    if isinstance(x, numbers.Number):
        x = (x,)
    try:
        return [operator.index(v) for v in x]
    except TypeError as error:
        raise ValueError(f"{name} must be a scalar or iterable of integers") from error


def shape_and_axes(shape_of_x, s, axes):
    """SciPy's N-d rules: (sizes, axes), both lists, the axes non-negative and
    distinct; `s` alone names the last len(s) axes; -1 in `s` keeps that axis'
    length. Errors are SciPy's, in its order."""
    ndim = len(shape_of_x)
    if axes is not None:
        axes = [a + ndim if a < 0 else a for a in iterable_of_int(axes, "axes")]
        if any(a >= ndim or a < 0 for a in axes):
            raise ValueError("axes exceeds dimensionality of input")
        if len(set(axes)) != len(axes):
            raise ValueError("all axes must be unique")
    if s is not None:
        s = iterable_of_int(s, "shape")
        if axes and len(axes) != len(s):
            raise ValueError("when given, axes and shape arguments have to be of the same length")
        if axes is None:
            if len(s) > ndim:
                raise ValueError("shape requires more axes than are present")
            axes = list(range(ndim - len(s), ndim))
        s = [shape_of_x[a] if n == -1 else n for n, a in zip(s, axes)]
    elif axes is None:
        s, axes = list(shape_of_x), list(range(ndim))
    else:
        s = [shape_of_x[a] for a in axes]
    if any(n < 1 for n in s):
        raise ValueError(f"invalid number of data points ({s}) specified")
    return s, list(axes)
