# SPDX-License-Identifier: BSD-3-Clause
"""Launches of the ndimage kernels (python/gpuarray/_include/gpuarray/
ndimage/filters.cuh and label.cuh, rows "ndimage_correlate1d",
"ndimage_uniform1d", "ndimage_rank", "ndimage_rank_small", "ndimage_label_merge" and "ndimage_label_flatten" of the
engine's device-template table).

Each launcher returns None where it does not apply (host arrays in the CPU
tests, dtypes or sizes the rows do not cover, or an engine built before the
rows existed), and the caller then takes its array-operation path, which
computes the same sums in the same order."""
import numpy

from gpuarray import _core
from gpuarray._array_creation.from_data import asarray, ascontiguousarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._array_creation.ranges import arange
from gpuarray._sorting_searching.searching import where

_THREADS = 256  # the rows' launch bounds
_MAX_BLOCKS = 1 << 20  # grid-stride loops cover the rest
_MODES = {"reflect": 0, "mirror": 1, "nearest": 2, "wrap": 3, "constant": 4}
_RANK_DTYPES = {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64"}
_missing = set()  # rows this engine does not have


def _kernel(row, types):
    if row in _missing:
        return None
    try:
        return _core._device_template_kernel(row, types)
    except ValueError as error:  # an engine built before the row: "no such row"
        if "no such row" not in str(error):
            raise
        _missing.add(row)
        return None


def _blocks(total):
    return max(1, min(-(-total // _THREADS), _MAX_BLOCKS))


def correlate1d(x, weights, axis, before, mode, cval):
    """The correlation of device array x (float32 or float64) with host weights
    along `axis`, or None (see the module's docstring)."""
    if not isinstance(x, _core.ndarray) or x.dtype.name not in ("float32", "float64") or x.size == 0:
        return None
    kernel = _kernel("ndimage_correlate1d", [x.dtype.name])
    if kernel is None:
        return None
    x = ascontiguousarray(x)
    shape = tuple(x.shape)
    n = shape[axis]
    outer = int(numpy.prod(shape[:axis], dtype=numpy.int64))
    inner = int(numpy.prod(shape[axis + 1:], dtype=numpy.int64))
    scalar = numpy.dtype(x.dtype).type
    w = asarray(numpy.ascontiguousarray(weights, dtype=x.dtype))
    out = empty(shape, dtype=x.dtype)
    kernel(_blocks(x.size), _THREADS, (x, out, numpy.int64(outer), numpy.int64(n), numpy.int64(inner), w,
                                       numpy.int32(len(weights)), numpy.int32(before), numpy.int32(_MODES[mode]),
                                       scalar(cval)))
    return out


_UNIFORM_CHUNK = 32  # outputs per thread of the running sum


def uniform1d(x, size, axis, before, mode, cval):
    """The running mean of `size` samples along `axis` of device array x
    (float32 or float64), or None."""
    if not isinstance(x, _core.ndarray) or x.dtype.name not in ("float32", "float64") or x.size == 0:
        return None
    kernel = _kernel("ndimage_uniform1d", [x.dtype.name])
    if kernel is None:
        return None
    x = ascontiguousarray(x)
    shape = tuple(x.shape)
    n = shape[axis]
    outer = int(numpy.prod(shape[:axis], dtype=numpy.int64))
    inner = int(numpy.prod(shape[axis + 1:], dtype=numpy.int64))
    out = empty(shape, dtype=x.dtype)
    threads = outer * inner * -(-n // _UNIFORM_CHUNK)
    kernel(_blocks(threads), _THREADS, (x, out, numpy.int64(outer), numpy.int64(n), numpy.int64(inner),
                                        numpy.int32(size), numpy.int32(before), numpy.int32(_MODES[mode]),
                                        numpy.dtype(x.dtype).type(cval), numpy.int32(_UNIFORM_CHUNK)))
    return out


def rank(x, deltas, rank, mode, cval):
    """The rank-th smallest of x[i + delta] over the N-D `deltas` for each
    output i (each axis extended by `mode`), or None."""
    count = len(deltas)
    if (not isinstance(x, _core.ndarray) or x.dtype.name not in _RANK_DTYPES or count > 1024 or x.ndim > 8
            or x.ndim == 0 or x.size == 0):
        return None
    if count <= 9:  # 3 x 3 and smaller windows: unrolled, in registers
        kernel = _kernel("ndimage_rank_small", [x.dtype.name, "9"])
    else:
        kernel = _kernel("ndimage_rank", [x.dtype.name, "32" if count <= 32 else "1024"])
    if kernel is None:
        return None
    x = ascontiguousarray(x)
    out = empty(tuple(x.shape), dtype=x.dtype)
    kernel(_blocks(x.size), _THREADS, (x, out, numpy.int64(x.size), numpy.int32(x.ndim),
                                       asarray(numpy.asarray(x.shape, dtype=numpy.int64)),
                                       asarray(numpy.asarray(deltas, dtype=numpy.int64).reshape(-1)),
                                       numpy.int32(count), numpy.int32(rank), numpy.int32(_MODES[mode]),
                                       numpy.dtype(x.dtype).type(cval)))
    return out


def label_roots(mask, offsets):
    """Per element of the boolean device `mask`, the flat index of its
    component's first element (-1 for background), components joined through
    the N-D `offsets`; or None."""
    if not isinstance(mask, _core.ndarray) or mask.size == 0 or mask.ndim == 0:
        return None
    merge = _kernel("ndimage_label_merge", ["bool"])
    flatten = _kernel("ndimage_label_flatten", ["bool"]) if merge is not None else None
    if flatten is None:
        return None
    mask = ascontiguousarray(mask)
    size = mask.size
    parent = where(mask.reshape(-1), arange(size, dtype=numpy.int64), -1)
    shape = asarray(numpy.asarray(mask.shape, dtype=numpy.int64))
    deltas = asarray(numpy.asarray(offsets, dtype=numpy.int64).reshape(-1))
    flat = mask.reshape(-1)
    merge(_blocks(size), _THREADS, (flat, parent, numpy.int64(size), numpy.int32(mask.ndim), shape, deltas,
                                    numpy.int32(len(offsets))))
    flatten(_blocks(size), _THREADS, (flat, parent, numpy.int64(size)))
    return parent
