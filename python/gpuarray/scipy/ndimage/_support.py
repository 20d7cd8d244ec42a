# SPDX-License-Identifier: BSD-3-Clause
"""SciPy's argument rules for ndimage, shared by every module: boundary
modes, per-axis sequences, axes, origins, sizes and footprints, and the
`output=` argument. All of it is host logic, checked before any device work,
with SciPy's exception types and messages."""
import operator
import warnings

import numpy

from gpuarray.scipy.ndimage import _array_ops as xp

MODES = ("reflect", "constant", "nearest", "mirror", "wrap", "grid-wrap", "grid-constant", "grid-mirror")

# For filters the grid modes are their plain twins: a filter reads whole samples, so
# the only difference (how far past the edge an interpolated coordinate may go) does not arise.
_FILTER_MODE = {"grid-wrap": "wrap", "grid-constant": "constant", "grid-mirror": "reflect"}


def filter_mode(mode):
    """The boundary mode a filter applies for SciPy's `mode` name."""
    if not isinstance(mode, str) or mode not in MODES:
        raise RuntimeError("boundary mode not supported")
    return _FILTER_MODE.get(mode, mode)


def interpolation_mode(mode):
    """`mode` checked for the interpolation functions (every name kept)."""
    if not isinstance(mode, str) or mode not in MODES:
        raise RuntimeError("boundary mode not supported")
    return mode


def as_array(input):
    """`input` as an array whose shape and dtype can be checked: a device array
    as it is, anything else as a host NumPy array (copied to the device by
    `to_device` once the arguments are checked, so bad ones raise first)."""
    return input if isinstance(input, xp.ndarray) else numpy.asarray(input)


def to_device(x):
    """x as a device array (host data copied over)."""
    return x if isinstance(x, xp.ndarray) else xp.asarray(x)


def host(values):
    """A host NumPy copy of small arguments (weights, footprints, structures)."""
    if isinstance(values, xp.ndarray):
        return numpy.asarray(xp.asnumpy(values))
    return numpy.asarray(values)


def sequence(value, ndim):
    """SciPy's per-axis argument: a string or scalar repeated `ndim` times, or a
    sequence of exactly `ndim` items."""
    if isinstance(value, str) or not hasattr(value, "__len__"):
        return [value] * ndim
    value = list(value)
    if len(value) != ndim:
        raise RuntimeError("sequence argument must have length equal to input rank")
    return value


def check_axes(axes, ndim):
    """`axes` as a tuple of distinct non-negative axes (None: every axis)."""
    if axes is None:
        return tuple(range(ndim))
    if numpy.isscalar(axes):
        axes = (axes,)
    try:
        axes = [operator.index(a) for a in axes]
    except TypeError:
        raise ValueError("axes must be an integer, iterable of integers, or None") from None
    for a in axes:
        if not -ndim <= a < ndim:
            raise ValueError(f"specified axis: {a} is out of range")
    axes = tuple(a % ndim if ndim else a for a in axes)
    if len(set(axes)) != len(axes):
        raise ValueError("axes must be unique")
    return axes


def check_axis(axis, ndim):
    """One axis made non-negative, NumPy's AxisError past the rank."""
    axis = operator.index(axis)
    if not -ndim <= axis < max(ndim, 1):
        raise numpy.exceptions.AxisError(axis, ndim)
    return axis % ndim if ndim else 0


def check_origin(origin, size):
    """A filter's origin along one axis of `size` taps (SciPy's rule)."""
    origin = operator.index(origin)
    if not -(size // 2) <= origin <= (size - 1) // 2:
        raise ValueError("Invalid origin; origin must satisfy -(len(weights) // 2) <= origin <= "
                         "(len(weights)-1) // 2")
    return origin


def expand_footprint(ndim, axes, footprint, name="footprint"):
    """A footprint (or weights) over `axes` as one over every axis: its axes go
    to the filtered axes in increasing order, length 1 elsewhere (SciPy's rule)."""
    if len(axes) < ndim:
        if footprint.ndim != len(axes):
            raise RuntimeError(f"{name}.ndim ({footprint.ndim}) must match len(axes) ({len(axes)})")
        footprint = numpy.expand_dims(footprint, tuple(a for a in range(ndim) if a not in axes))
    return footprint


def expand_origin(ndim, axes, origin):
    """One origin per input axis: SciPy's `origin` (a scalar or one per filtered
    axis, in the order of `axes`), 0 on the axes not filtered."""
    origins = sequence(origin, len(axes))
    if len(axes) < ndim:
        full = [0] * ndim
        for o, axis in zip(origins, axes):
            full[axis] = o
        origins = full
    return [operator.index(o) for o in origins]


def size_footprint(size, footprint, axes, ndim, need=True):
    """(sizes per filtered axis, boolean host footprint or None) from SciPy's
    `size`/`footprint` pair; a footprint of all True becomes a plain size."""
    if footprint is None:
        if size is None:
            raise RuntimeError("no footprint or filter size provided")
        sizes = sequence(size, len(axes)) if not (hasattr(size, "__len__") and len(size) == ndim
                                                  and len(axes) != ndim) else [size[a] for a in axes]
        sizes = [operator.index(s) for s in sizes]
        if any(s < 1 for s in sizes):
            raise RuntimeError("incorrect filter size")
        return sizes, None
    footprint = host(footprint).astype(bool)
    if footprint.ndim != len(axes):
        raise RuntimeError(f"footprint.ndim ({footprint.ndim}) must match len(axes) ({len(axes)})")
    if footprint.size == 0 or not footprint.any():
        raise ValueError("All-zero footprint is not supported.")
    return list(footprint.shape), footprint


def output_array(output, input, shape=None, complex_output=False):
    """SciPy's `output=` rule: (dtype of the result, the caller's array or None).

    None gives input's dtype (complex where `complex_output`), a dtype gives
    itself, an array must have the result's shape."""
    shape = tuple(input.shape) if shape is None else tuple(shape)
    if output is None:
        dtype = numpy.dtype(input.dtype)
        if complex_output:
            dtype = numpy.promote_types(dtype, numpy.complex64)
        return dtype, None
    if isinstance(output, (xp.ndarray, numpy.ndarray)):
        if tuple(output.shape) != shape:
            raise RuntimeError("output shape not correct")
        if complex_output and numpy.dtype(output.dtype).kind != "c":
            raise RuntimeError("output must have complex dtype")
        return numpy.dtype(output.dtype), output
    if isinstance(output, str):
        dtype = numpy.dtype(output)
        if complex_output and dtype.kind != "c":
            raise RuntimeError("output must have complex dtype")
        if not issubclass(dtype.type, numpy.number):
            raise RuntimeError("output must have numeric dtype")
        return dtype, None
    dtype = numpy.dtype(output)
    if complex_output and dtype.kind != "c":
        warnings.warn("promoting specified output dtype to complex", stacklevel=4)
        dtype = numpy.promote_types(dtype, numpy.complex64)
    return dtype, None


def cast(result, dtype):
    """result in `dtype` as SciPy's C stores a double: complex drops its imaginary
    part, floats truncate towards zero into integers through a machine integer
    (-1.0 becomes 255 in uint8, where the GPU's direct conversion saturates)."""
    dtype = numpy.dtype(dtype)
    if numpy.dtype(result.dtype) == dtype:
        return result
    if dtype.kind != "c" and numpy.dtype(result.dtype).kind == "c":
        result = xp.real(result)
    if dtype.kind in "iu" and numpy.dtype(result.dtype).kind == "f" and dtype.itemsize < 8:
        result = result.astype(numpy.int64)
    return result.astype(dtype)


def finish(result, dtype, out):
    """`result` cast to `dtype` (see cast) and written into `out` when given."""
    result = cast(result, dtype)
    if out is None:
        return result
    out[...] = result
    return out


def work_dtype(input_dtype, output_dtype, complex_weights=False):
    """The type a linear filter sums in: float64 (complex128 with a complex
    operand), as SciPy's C; float32 where the input and output are both
    float32 (the device kernels then sum in float32, within float32's
    rounding of SciPy's double sums)."""
    input_dtype, output_dtype = numpy.dtype(input_dtype), numpy.dtype(output_dtype)
    if complex_weights or input_dtype.kind == "c" or output_dtype.kind == "c":
        return numpy.dtype(numpy.complex128)
    if input_dtype == numpy.float32 and output_dtype == numpy.float32:
        return numpy.dtype(numpy.float32)
    return numpy.dtype(numpy.float64)


def extended_indices(length, before, after, mode):
    """Host int64 indices into a line of `length` samples for positions -before
    .. length + after - 1 extended by `mode` (a filter mode); -1 marks a
    position outside the line in 'constant' mode.

    reflect repeats the line mirrored about its edges (d c b a | a b c d | d c b a),
    mirror about its edge samples (d c b | a b c d | c b a), wrap periodically,
    nearest repeats the edge samples; each pattern continues as far as asked."""
    i = numpy.arange(-before, length + after, dtype=numpy.int64)
    if mode == "constant":
        return numpy.where((i >= 0) & (i < length), i, -1)
    if mode == "nearest":
        return numpy.clip(i, 0, length - 1)
    if mode == "wrap":
        return i % length
    if mode == "reflect":
        m = i % (2 * length)
        return numpy.where(m < length, m, 2 * length - 1 - m)
    if mode == "mirror":
        if length == 1:
            return numpy.zeros_like(i)
        m = i % (2 * length - 2)
        return numpy.where(m < length, m, 2 * length - 2 - m)
    raise RuntimeError("boundary mode not supported")


def extend(x, axis, before, after, mode, cval):
    """x extended along `axis` by `before` and `after` samples in filter `mode`
    (SciPy's boundary extension; cval fills 'constant' mode in x's dtype)."""
    if before == 0 and after == 0:
        return x
    length = x.shape[axis]
    if mode == "constant":
        parts = []
        side = list(x.shape)
        if before:
            side[axis] = before
            parts.append(xp.full(tuple(side), cval, dtype=x.dtype))
        parts.append(x)
        if after:
            side[axis] = after
            parts.append(xp.full(tuple(side), cval, dtype=x.dtype))
        return xp.concatenate(parts, axis=axis)
    index = extended_indices(length, before, after, mode)
    return xp.take(x, xp.asarray(index), axis=axis)


def window(x, axis, start, length):
    """x[..., start:start + length, ...] along `axis` (a view)."""
    key = [slice(None)] * x.ndim
    key[axis] = slice(start, start + length)
    return x[tuple(key)]
