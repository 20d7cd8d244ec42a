# SPDX-License-Identifier: BSD-3-Clause
"""``ufunc.at`` and ``ufunc.reduceat`` with NumPy 2's semantics, through the
engine's kernels that run the ufunc loop's own body (cpp/kernels/ufunc_methods.hpp
around gpuarray/ufunc_methods.cuh); this module reads the indices, picks the
loop and launches.

at: the elements ``a[indices]`` names become byte offsets into ``a`` (an
int64 array built with device ops; the indices are bounds-checked with one
min/max each), then one thread per element applies the loop to its target
inside an atomic read-modify-write, so a repeated index applies repeatedly.
The loop is the one NumPy picks for (a.dtype, b); b is cast to its second
input type and the result back to a.dtype, both unsafely, as NumPy does.

reduceat: one thread per output element folds its segment in order.

Note [ufunc methods]: the ufunc class (_ufunc/ufuncs.py) sits below the array
modules, which import it for their arithmetic; its methods that build on them
(accumulate from _math/scans.py, at and reduceat here) are attached at the end of
this module, which __init__.py imports after the area modules."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray import _core
from gpuarray._array_creation.from_data import asarray, ascontiguousarray
from gpuarray._array_creation.from_shape import empty, full
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._core import ndarray
from gpuarray._math.scans import accumulate
from gpuarray._sorting_searching.searching import nonzero, where
from gpuarray._ufunc.ufuncs import ufunc

_BLOCK = 256
_MAX_BLOCKS = 1 << 20  # the kernels loop grid-stride beyond this
_INDEX_TYPES = ("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or "
                "boolean arrays are valid indices")


def _loop_dtypes(signature):
    """'bd->d' -> ([int8, float64], [float64])."""
    ins, outs = signature.split("->")
    return [numpy.dtype(c) for c in ins], [numpy.dtype(c) for c in outs]


def _launch(kernel, n, args):
    grid = min((n + _BLOCK - 1) // _BLOCK, _MAX_BLOCKS)
    kernel((grid,), (_BLOCK,), args)


# ---------------------------------------------------------------- indices of at

def _index_array(item):
    """An array index as a device array: int64, or bool (expanded by the caller)."""
    if not isinstance(item, ndarray):
        host = numpy.asarray(item)
        if host.size == 0 and host.dtype.kind not in "iub":
            host = host.astype(numpy.int64)  # `[]` indexes nothing, as in NumPy
        item = asarray(host)
    if item.dtype.kind == "b":
        return item
    if item.dtype.kind not in "iu":
        raise IndexError("arrays used as indices must be of integer (or boolean) type")
    return item.astype(numpy.int64, copy=False)


def _index_entries(indices, shape):
    """NumPy's reading of `indices` for an array of `shape`: one entry per
    index position, each an int, a slice, None or an int64 device array; bool
    arrays become their nonzero() arrays and the Ellipsis (or the end) full
    slices."""
    entries = []
    for item in indices if isinstance(indices, tuple) else (indices,):
        if item is None or item is Ellipsis or isinstance(item, slice):
            entries.append(item)
        elif isinstance(item, (bool, numpy.bool_)):
            raise IndexError("ufunc.at: a boolean scalar is not a supported index (use an integer array)")
        elif isinstance(item, (int, numpy.integer)):
            entries.append(operator.index(item))
        elif isinstance(item, (float, complex, numpy.inexact, str, bytes)):
            raise IndexError(_INDEX_TYPES)
        else:
            entries.append(_index_array(item))
    ellipses = [k for k, e in enumerate(entries) if e is Ellipsis]
    if len(ellipses) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    used = sum(e.ndim if isinstance(e, ndarray) and e.dtype.kind == "b" else e is not None and e is not Ellipsis
               for e in entries)
    if used > len(shape):
        raise IndexError(f"too many indices for array: array is {len(shape)}-dimensional, but {used} were indexed")
    fill = [slice(None)] * (len(shape) - used)
    entries = entries[:ellipses[0]] + fill + entries[ellipses[0] + 1:] if ellipses else entries + fill

    result, axis = [], 0
    for e in entries:
        if isinstance(e, ndarray) and e.dtype.kind == "b":
            if e.ndim == 0:
                raise IndexError("ufunc.at: a 0-d boolean index is not supported (use an integer array)")
            for k, (n, m) in enumerate(zip(shape[axis:], e.shape)):
                if n != m:
                    raise IndexError(f"boolean index did not match indexed array along axis {axis + k}; size of "
                                     f"axis is {n} but size of corresponding boolean axis is {m}")
            result.extend(nonzero(e))
            axis += e.ndim
        else:
            result.append(e)
            axis += e is not None
    return result


def _checked_array(arr, size, axis):
    """`arr` with negative indices wrapped; IndexError (NumPy's) if one is out of range."""
    if arr.size == 0:
        return arr
    lo, hi = int(arr.min()), int(arr.max())
    if hi >= size or lo < -size:
        bad = hi if hi >= size else lo
        raise IndexError(f"index {bad} is out of bounds for axis {axis} with size {size}")
    return where(arr < 0, arr + size, arr) if lo < 0 else arr


def _target_offsets(a, indices):
    """(shape of a[indices], the byte offset from a's first element of each of
    its elements as a C-ordered int64 device array)."""
    entries = _index_entries(indices, a.shape)
    has_arrays = any(isinstance(e, ndarray) for e in entries)
    # With array indices, integers are advanced indices too: together they
    # make one block of dimensions, placed where they stand when adjacent,
    # else first (NumPy's rule).
    advanced = [k for k, e in enumerate(entries) if isinstance(e, ndarray) or (has_arrays and isinstance(e, int))]
    adjacent = bool(advanced) and advanced == list(range(advanced[0], advanced[-1] + 1))
    try:
        block = numpy.broadcast_shapes(*(e.shape for e in entries if isinstance(e, ndarray)))
    except ValueError:
        shapes = " ".join(str(e.shape) for e in entries if isinstance(e, ndarray))
        raise IndexError(f"shape mismatch: indexing arrays could not be broadcast together with shapes {shapes}") \
            from None

    base, axis = 0, 0
    basic = []   # per basic result dimension: (length, byte step or None for a new axis)
    arrays = []  # (wrapped index array, byte stride)
    block_at = 0
    for k, e in enumerate(entries):
        if e is None:
            basic.append((1, None))
            continue
        size, stride = a.shape[axis], a.strides[axis]
        if k == (advanced[0] if adjacent else -1):
            block_at = len(basic)
        if isinstance(e, slice):
            start, stop, step = e.indices(size)
            basic.append((len(range(start, stop, step)), step * stride))
            base += start * stride
        elif isinstance(e, int):
            if not -size <= e < size:
                raise IndexError(f"index {e} is out of bounds for axis {axis} with size {size}")
            base += (e % size) * stride
        else:
            arrays.append((_checked_array(e, size, axis), stride))
        axis += 1

    lengths = [n for n, _ in basic]
    shape = tuple(lengths[:block_at]) + block + tuple(lengths[block_at:])
    total = None
    for pos, (n, step) in enumerate(basic):
        if step is None or n == 1:
            continue
        dim = pos + (len(block) if pos >= block_at else 0)
        term = (arange(n, dtype=numpy.int64) * step).reshape((n,) + (1,) * (len(shape) - dim - 1))
        total = term if total is None else total + term
    after = (1,) * (len(shape) - block_at - len(block))
    for arr, stride in arrays:
        term = (arr * stride).reshape((1,) * (len(block) - arr.ndim) + arr.shape + after)
        total = term if total is None else total + term
    if total is None:
        return shape, full(shape, base, dtype=numpy.int64)
    return shape, ascontiguousarray(broadcast_to(total + base, shape))


# ---------------------------------------------------------------- at

def _values(b, dtype, shape):
    """`b` (a device or NumPy array) as a device array of `dtype` to read at
    b[i * step]: (array, step); a private copy, so that b may alias the target."""
    if isinstance(b, ndarray):
        b = b.astype(dtype)
    else:
        with numpy.errstate(all="ignore"):
            b = asarray(b.astype(dtype))
    if b.ndim > len(shape) or any(m not in (1, n) for m, n in zip(b.shape[::-1], shape[::-1])):
        raise ValueError(f"array is not broadcastable to correct shape: values of shape {b.shape} for "
                         f"indexed elements of shape {shape}")
    if b.size == 1:
        return b.reshape(1), 0
    return ascontiguousarray(broadcast_to(b, shape)), 1


def _aligned(a):
    """Whether every element of `a` lies on a multiple of its itemsize (the atomics' word)."""
    size = a.itemsize
    return a.data.ptr % size == 0 and all(s % size == 0 for s, n in zip(a.strides, a.shape) if n > 1)


def at(ufunc, a, indices, b=None):
    """``ufunc.at(a, indices, b=None)``: ``a[indices] = ufunc(a[indices], b)``
    in place and unbuffered: an element indexed k times is updated k times."""
    name = ufunc.__name__
    if not isinstance(a, ndarray):
        raise TypeError(f"{name}.at: the first operand must be a gpuarray.ndarray, not {type(a).__name__}")
    if ufunc.nout != 1:
        raise ValueError("Only single output ufuncs supported at this time")
    if ufunc.nin == 1 and b is not None:
        raise ValueError("second operand provided when ufunc is unary")
    if ufunc.nin == 2 and b is None:
        raise ValueError("second operand needed for ufunc")
    if not a.flags.writeable:
        raise ValueError(f"{name}.at: the array is read-only")
    if b is not None and not isinstance(b, ndarray):
        b = numpy.asarray(b)  # as NumPy's at: Python scalars become int64/float64/complex128, not weak
    operands = [a.dtype] if b is None else [a.dtype, b.dtype]
    module = ufunc._module
    loop = _core._ufunc_resolve(name, operands, module)
    if loop is None:
        names = ", ".join(map(repr, operands))
        raise TypeError(f"ufunc '{name}' not supported for the input types: {name}.at has no loop for "
                        f"({names}) under the 'safe' casting rule")
    loop_index = _core._ufunc_info(name, module)["types"].index(loop)
    value_dtype = _loop_dtypes(loop)[0][1] if b is not None else None
    if (a.dtype.itemsize == 16 and int(_core.compute_capability(a._device_id)) < 90
            and not _core._ufunc_at_source(name, loop_index, a.dtype, value_dtype, module)[2]):
        raise TypeError(f"{name}.at on complex128 needs 16-byte atomics (compute capability 9.0 or newer); "
                        "this device has only add and subtract for it")

    if not _aligned(a):
        # A dtype-reinterpreting view can leave elements off their itemsize,
        # where the atomics cannot reach them: update an aligned copy.
        work = a.copy()
        at(ufunc, work, indices, b)
        a[...] = work
        return

    shape, offsets = _target_offsets(a, indices)
    args = (offsets,) + (_values(b, value_dtype, shape) if b is not None else ())
    if offsets.size == 0:
        return
    kernel, _ = _core._ufunc_at_kernel(name, loop_index, a.dtype, value_dtype, module)
    _launch(kernel, offsets.size, (a, *args, offsets.size))


# ---------------------------------------------------------------- reduceat

def _reduceat_loop(name, in_dtype, dtype, module):
    """The loop index reduceat runs: reduce's rules (add and multiply widen
    bool and small integers, dtype= picks the loop of that dtype)."""
    try:
        loop = _core._accumulate_loop(name, in_dtype, dtype, module)
    except TypeError:
        given = f" with dtype={dtype}" if dtype is not None else ""
        raise TypeError(f"No loop matching the specified signature and casting was found for ufunc {name} "
                        f"(reduceat of {in_dtype}{given})") from None
    return _core._ufunc_info(name, module)["types"].index(loop)


def _reduceat_axis(axis, ndim):
    """reduceat's one axis: None means 0 for a 1-d array; a tuple must name one axis."""
    if axis is None or isinstance(axis, tuple):
        axes = [0] if axis is None and ndim == 1 else list(axis or ())
        if len(axes) != 1:
            raise ValueError("reduceat does not allow multiple axes")
        axis = axes[0]
    return normalize_axis_index(operator.index(axis), ndim)


def _segment_starts(name, indices, size):
    """`indices` as a 1-d int64 device array, each in [0, size) (IndexError as NumPy's)."""
    given = indices if isinstance(indices, ndarray) else numpy.asarray(indices)
    if given.ndim != 1:
        raise ValueError(f"{name}.reduceat: indices must be 1-dimensional, got shape {given.shape}")
    if given.dtype.kind not in "biuf":
        raise TypeError(f"{name}.reduceat: indices must be integers, not {given.dtype}")
    starts = given.astype(numpy.int64)  # NumPy casts them to intp, floats too
    lo, hi = (int(starts.min()), int(starts.max())) if starts.size else (0, -1)
    if lo < 0 or hi >= size:
        raise IndexError(f"index {lo if lo < 0 else hi} out-of-bounds in {name}.reduceat [0, {size})")
    return ascontiguousarray(starts)


def reduceat(ufunc, array, indices, axis=0, dtype=None, out=None):
    """``ufunc.reduceat``: result[..., i, ...] reduces array[..., indices[i]:indices[i+1], ...]
    along `axis` (just array[..., indices[i], ...] when indices[i] >= indices[i+1]; the last
    runs to the end). Computed in reduce's dtype, then cast into `out` when given."""
    name = ufunc.__name__
    if ufunc.nin != 2:
        raise ValueError("reduceat only supported for binary functions")
    if ufunc.nout != 1:
        raise ValueError("reduceat only supported for functions returning a single value")
    array = array if isinstance(array, ndarray) else asarray(array)
    if array.ndim == 0:
        raise TypeError("cannot reduceat on a scalar")
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry")
        out = out[0]
    if out is not None and not isinstance(out, ndarray):
        raise TypeError(f"out must be a gpuarray.ndarray, not {type(out).__name__}")
    axis = _reduceat_axis(axis, array.ndim)
    starts = _segment_starts(name, indices, array.shape[axis])
    loop_index = _reduceat_loop(name, array.dtype, None if dtype is None else numpy.dtype(dtype), ufunc._module)
    shape = array.shape[:axis] + starts.shape + array.shape[axis + 1:]
    if out is not None and out.shape != shape:
        raise ValueError(f"{name}.reduceat: out has shape {out.shape}, the result has shape {shape}")

    work_dtype = _loop_dtypes(_core._ufunc_info(name, ufunc._module)["types"][loop_index])[1][0]
    result = empty(shape, work_dtype)  # fresh: `out` may alias `array`
    if result.size:
        x = ascontiguousarray(array, dtype=work_dtype)
        inner = int(numpy.prod(array.shape[axis + 1:], dtype=numpy.int64))
        _launch(_core._ufunc_reduceat_kernel(name, loop_index, ufunc._module), result.size,
                (x, starts, result, inner, starts.size, array.shape[axis], result.size))
    if out is None:
        return result
    out[...] = result
    return out


def _accumulate_method(self, array, axis=0, dtype=None, out=None):
    """NumPy's ufunc.accumulate for binary ufuncs (gpuarray/_math/scans.py)."""
    return accumulate(self, array, axis, dtype, out)


def _at_method(self, a, indices, b=None, /):
    """In place, unbuffered ``a[indices] = ufunc(a[indices], b)``: a repeated index applies repeatedly."""
    return at(self, a, indices, b)


def _reduceat_method(self, array, indices, axis=0, dtype=None, out=None):
    """Reductions over the slices array[indices[i]:indices[i+1]] along `axis`, as NumPy's ufunc.reduceat."""
    return reduceat(self, array, indices, axis, dtype, out)


# Note [ufunc methods]
for _name, _method in (("accumulate", _accumulate_method), ("at", _at_method), ("reduceat", _reduceat_method)):
    _method.__name__, _method.__qualname__ = _name, "ufunc." + _name
    setattr(ufunc, _name, _method)
del _name, _method
