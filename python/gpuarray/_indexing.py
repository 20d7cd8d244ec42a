# SPDX-License-Identifier: BSD-3-Clause
"""The take/put family with NumPy 2's semantics: take, put, take_along_axis,
put_along_axis, compress, choose, place, putmask (and the ndarray methods
take, put, compress, choose).

Everything is advanced indexing underneath (cpp/kernels/advanced_indexing.cpp:
one gather or scatter kernel). ``mode='raise'`` (the default of take, put and
choose, as NumPy's; CuPy's default differs) checks the indices first with one
reduction whose result is read back (a synchronization); 'wrap' and 'clip'
never synchronize. take_along_axis and put_along_axis index as ``a[idx]``
does: out-of-range indices wrap (see docs/indexing.md)."""
import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray import _core
from gpuarray._core import ndarray
from gpuarray._creation import asarray, empty
from gpuarray._dtypes import result_type
from gpuarray._manipulation import broadcast_shapes, broadcast_to, ravel
from gpuarray._math_functions import _asarray
from gpuarray._ranges import arange
from gpuarray._reduction_kernel import ReductionKernel
from gpuarray._searching import flatnonzero

__all__ = ["take", "put", "take_along_axis", "put_along_axis", "compress", "choose", "place", "putmask"]

_MODES = ("raise", "wrap", "clip")

# The index outside [low, high) farthest from zero, or 0 when there is none
# (callers' ranges contain 0).
_farthest_out_of_bounds = ReductionKernel(
    "T index, int64 low, int64 high", "int64 bad",
    "ga_out_of_bounds((long long)index, low, high)",
    "ga_farther(a, b)", "bad = a", "0", "ga_farthest_out_of_bounds",
    preamble="""
    __device__ long long ga_out_of_bounds(long long i, long long low, long long high) {
      return (i < low || i >= high) ? i : 0;
    }
    __device__ long long ga_farther(long long a, long long b) {
      const unsigned long long ua = a < 0 ? 0ull - (unsigned long long)a : (unsigned long long)a;
      const unsigned long long ub = b < 0 ? 0ull - (unsigned long long)b : (unsigned long long)b;
      return ua > ub || (ua == ub && a > b) ? a : b;
    }
    """)


def _check_mode(mode):
    if mode not in _MODES:
        raise ValueError(f"mode must be one of 'raise', 'wrap' or 'clip', got {mode!r}")


def _index_array(indices, what="indices"):
    """Integer indices as a device array: gpuarray arrays as they are, anything
    else through numpy.asarray (an empty sequence as int64); booleans count as
    0 and 1, as NumPy's take casts them."""
    if not isinstance(indices, ndarray):
        host = numpy.asarray(indices)
        if host.size == 0 and host.dtype.kind == "f":
            host = host.astype(numpy.int64)
        indices = asarray(host)
    if indices.dtype.kind == "b":
        indices = indices.astype(numpy.int64)
    if indices.dtype.kind not in "iu":
        raise TypeError(f"Cannot cast {what} of dtype {indices.dtype} to int64 according to the rule 'safe'")
    return indices


def _check_bounds(indices, extent, axis):
    """mode='raise': IndexError naming an out-of-bounds index (one reduction, one read)."""
    if indices.size == 0:
        return
    if extent == 0:
        raise IndexError("cannot do a non-empty take from an empty axes.")
    bad = int(_farthest_out_of_bounds(indices, -extent, extent).get())
    if bad:
        raise IndexError(f"index {bad} is out of bounds for axis {axis} with size {extent}")


def _kernel_mode(mode, indices, extent, axis):
    _check_mode(mode)
    if mode == "raise":
        _check_bounds(indices, extent, axis)
        return "wrap"
    return mode


def _into(result, out):
    if out is None:
        return result
    if not isinstance(out, ndarray):
        raise TypeError(f"out must be a gpuarray.ndarray, got {type(out).__name__}")
    if out.shape != result.shape:
        raise ValueError(f"output array does not match result of the operation: out has shape {out.shape}, "
                         f"the result {result.shape}")
    out[...] = result
    return out


def take(a, indices, axis=None, out=None, mode="raise"):
    """Elements of `a` at `indices` along `axis` (of the flattened array when None)."""
    a = _asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    else:
        axis = normalize_axis_index(axis, a.ndim)
    indices = _index_array(indices)
    kernel_mode = _kernel_mode(mode, indices, a.shape[axis], axis)
    return _into(_core._index_get(a, (slice(None),) * axis + (indices,), kernel_mode), out)


def _check_target(a, what):
    if not isinstance(a, ndarray):
        raise TypeError(f"{what}: the target must be a gpuarray.ndarray, got {type(a).__name__}")
    if not a._writeable:
        raise ValueError("assignment destination is read-only")


def _values(v):
    """put/place/putmask values: a scalar as it is, anything else flattened on the device."""
    return v if numpy.isscalar(v) else ravel(asarray(v))


def _cyclic(values, n):
    """The first n elements of the flat `values` repeated cyclically (NumPy's put/place/putmask rule)."""
    if values.size == n:
        return values
    return _core._index_get(values, (arange(n),), "wrap")


def put(a, ind, v, mode="raise"):
    """a.flat[ind] = v, `v` repeated when shorter. With repeated indices one of
    the values lands (unspecified which; NumPy's last)."""
    _check_target(a, "put")
    ind = ravel(_index_array(ind))
    kernel_mode = _kernel_mode(mode, ind, a.size, 0)
    v = _values(v)
    if ind.size == 0 or (isinstance(v, ndarray) and v.size == 0):
        return
    flat = a.reshape(-1) if a._c_contiguous else a.copy().reshape(-1)
    _core._index_set(flat, (ind,), _cyclic(v, ind.size) if isinstance(v, ndarray) else v, kernel_mode)
    if not a._c_contiguous:
        a[...] = flat.reshape(a.shape)


def _along_axis_index(arr, indices, axis):
    """The advanced index that picks `indices` along `axis`: aranges on the other axes."""
    if arr.ndim != indices.ndim:
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    index = []
    for d in range(arr.ndim):
        if d == axis:
            index.append(indices)
        else:
            shape = [1] * arr.ndim
            shape[d] = arr.shape[d]
            index.append(arange(arr.shape[d]).reshape(shape))
    return tuple(index)


def _along_axis_args(arr, indices, axis):
    arr = _asarray(arr)
    indices = _index_array(indices)
    if axis is None:
        if indices.ndim != 1:
            raise ValueError("when axis=None, `indices` must have a single dimension.")
        return ravel(arr), indices, 0
    return arr, indices, normalize_axis_index(axis, arr.ndim)


def take_along_axis(arr, indices, axis=-1):
    """arr's values at `indices` along `axis`, the other axes matched (broadcast) with indices'."""
    arr, indices, axis = _along_axis_args(arr, indices, axis)
    return arr[_along_axis_index(arr, indices, axis)]


def put_along_axis(arr, indices, values, axis):
    """arr[...] at `indices` along `axis` = values (broadcast)."""
    if not isinstance(arr, ndarray):
        raise TypeError(f"put_along_axis: arr must be a gpuarray.ndarray, got {type(arr).__name__}")
    target, indices, axis = _along_axis_args(arr, indices, axis)
    target[_along_axis_index(target, indices, axis)] = values


def compress(condition, a, axis=None, out=None):
    """The slices of `a` along `axis` where the 1-d `condition` is true."""
    condition = _asarray(condition)
    if condition.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    return take(a, flatnonzero(condition), axis=axis, out=out, mode="raise")


def choose(a, choices, out=None, mode="raise"):
    """result[i] = choices[a[i]][i], `a` and every choice broadcast together."""
    _check_mode(mode)
    a = _index_array(a, "a")
    choices = [_asarray(c) for c in choices]
    if not choices:
        raise ValueError("0-length sequence.")
    n = len(choices)
    shape = broadcast_shapes(a.shape, *(c.shape for c in choices))
    stacked = empty((n,) + shape, result_type(*choices))
    for k, c in enumerate(choices):
        stacked[k] = c
    picks = ravel(broadcast_to(a, shape))
    if mode == "raise":
        if picks.size and int(_farthest_out_of_bounds(picks, 0, n).get()):
            raise ValueError("invalid entry in choice array")
        mode = "wrap"
    size = int(numpy.prod(shape))
    result = _core._index_get(stacked.reshape(n, size), (picks, arange(size)), mode).reshape(shape)
    return _into(result, out)


def place(arr, mask, vals):
    """arr[mask] = vals, the first mask.sum() values repeated cyclically."""
    _check_target(arr, "place")
    positions = flatnonzero(mask)
    if positions.size == 0:
        return
    vals = ravel(asarray(vals))
    if vals.size == 0:
        raise ValueError("Cannot insert from an empty array!")
    put(arr, positions, _cyclic(vals, positions.size), mode="wrap")


def putmask(a, mask, values):
    """a.flat[i] = values.flat[i % values.size] where mask.flat[i]; one elementwise
    kernel, no synchronization."""
    _check_target(a, "putmask")
    mask = _asarray(mask)
    if mask.size != a.size:
        raise ValueError("putmask: mask and data must be the same size")
    values = _values(values)
    if isinstance(values, ndarray):
        if values.size == 0:
            return
        values = _cyclic(values, a.size).reshape(a.shape)
    # where(mask, values, a) written over a: each element reads and writes only itself.
    _core._where(mask.reshape(a.shape), _scalar_for(values, a.dtype), a, a)


def _scalar_for(value, dtype):
    """Arrays as they are; a scalar as a NumPy scalar of `dtype` (NumPy casts putmask's values)."""
    return value if isinstance(value, ndarray) else numpy.asarray(value).astype(dtype)[()]


ndarray.take = take
ndarray.put = put
ndarray.compress = lambda self, condition, axis=None, out=None: compress(condition, self, axis, out)
ndarray.choose = lambda self, choices, out=None, mode="raise": choose(self, choices, out, mode)
