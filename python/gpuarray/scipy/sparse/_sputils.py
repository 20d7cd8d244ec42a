# SPDX-License-Identifier: BSD-3-Clause
"""SciPy's host-side rules for sparse objects: which dtypes a sparse matrix
may hold, the index dtype (int32 until a shape or count needs int64), the
dtype an operation yields, and the checks of shapes and scalars. Nothing
here touches the device."""
import operator

import numpy

from gpuarray.scipy.sparse import _array_ops as xp

INT32_MAX = numpy.iinfo(numpy.int32).max

_SUPPORTED = [numpy.dtype(t) for t in (
    numpy.bool_, numpy.int8, numpy.uint8, numpy.int16, numpy.uint16, numpy.int32, numpy.uint32, numpy.int64,
    numpy.uint64, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128)]
_SUPPORTED_NAMES = ("bool, int8, uint8, int16, uint16, int32, uint32, int64, uint64, longlong, ulonglong, "
                    "float32, float64, complex64, complex128")


def check_dtype(dtype):
    """`dtype` as a NumPy dtype that a sparse matrix may hold (ValueError as SciPy's otherwise;
    float16 and the long doubles have no device loops here, so they are refused as well)."""
    dtype = numpy.dtype(dtype)
    if dtype not in _SUPPORTED:
        raise ValueError(f"scipy.sparse does not support dtype {dtype.name}. The only supported types are: "
                         f"{_SUPPORTED_NAMES}.")
    return dtype


def index_dtype(*arrays, maxval=0):
    """SciPy's get_index_dtype: int32 unless `maxval` (a shape or count) or an int64 input needs int64."""
    if maxval > INT32_MAX:
        return numpy.dtype(numpy.int64)
    for a in arrays:
        if a is not None and numpy.dtype(a.dtype).itemsize > 4:
            return numpy.dtype(numpy.int64)
    return numpy.dtype(numpy.int32)


def upcast(*dtypes):
    """The dtype SciPy gives an operation on sparse matrices of these dtypes."""
    return check_dtype(numpy.result_type(*[numpy.dtype(d) for d in dtypes]))


def upcast_scalar(dtype, scalar):
    """The dtype of (a `dtype` array) * `scalar`, as SciPy computes it: by NumPy on a one-element array."""
    return (numpy.zeros(1, dtype=dtype) * scalar).dtype


def isscalarlike(x):
    """Whether `x` is a Python/NumPy scalar or a 0-d array (host or device)."""
    return numpy.isscalar(x) or (isdense(x) and x.ndim == 0)


def isdense(x):
    """Whether `x` is a dense array, NumPy's or the device's."""
    return isinstance(x, (numpy.ndarray, xp.ndarray))


def isintlike(x):
    """Whether `x` is an integer (a Python or NumPy integer, or a 0-d integer array)."""
    try:
        operator.index(x)
    except TypeError:
        return False
    return True


def check_shape(shape, allow_1d=False):
    """`shape` as a tuple of non-negative ints of length 2 (or 1 when `allow_1d`), SciPy's errors otherwise."""
    if isintlike(shape):
        shape = (shape,)
    try:
        shape = tuple(operator.index(n) for n in shape)
    except TypeError:
        raise TypeError("invalid shape") from None
    if len(shape) not in ((1, 2) if allow_1d else (2,)):
        raise ValueError(f"shape must be a 2-tuple, got {shape}" if not allow_1d else
                         f"shape must be a 1- or 2-tuple, got {shape}")
    if any(n < 0 for n in shape):
        raise ValueError("'shape' elements cannot be negative")
    return shape


def check_reshape_shape(new_shape, size):
    """A reshape target (one entry may be -1) resolved against `size` elements (ValueError as SciPy's)."""
    if isintlike(new_shape):
        new_shape = (new_shape,)
    new_shape = tuple(operator.index(n) for n in new_shape)
    unknown = [i for i, n in enumerate(new_shape) if n < 0]
    if len(unknown) > 1:
        raise ValueError("can only specify one unknown dimension")
    if unknown:
        known = int(numpy.prod([n for n in new_shape if n >= 0], dtype=numpy.int64))
        if known == 0 or size % known:
            raise ValueError(f"cannot reshape array of size {size} into shape {new_shape}")
        new_shape = tuple(size // known if n < 0 else n for n in new_shape)
    if int(numpy.prod(new_shape, dtype=numpy.int64)) != size:
        raise ValueError(f"cannot reshape array of size {size} into shape {new_shape}")
    return new_shape


def validate_axis(axis, ndim=2):
    """`axis` as None or a non-negative axis of a 2-D matrix (SciPy's errors)."""
    if axis is None:
        return None
    if isinstance(axis, tuple):
        if len(axis) == ndim:
            return None
        if len(axis) != 1:
            raise ValueError("axis tuple must have length 1 or 2")
        axis = axis[0]
    if not isintlike(axis):
        raise TypeError(f"axis must be an integer, not {type(axis).__name__}")
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise ValueError("axis out of range")
    return axis % ndim


def dense_on_device(x, dtype=None):
    """`x` (host or device array, or nested sequence) as a device array."""
    return xp.asarray(x, dtype=dtype)
