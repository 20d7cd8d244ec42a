# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray's entries in dask.array's dispatch tables: the functions Dask calls on a
chunk by the chunk's type, filled as Dask fills them for CuPy (dask/array/backends.py).

Loaded by ``gpuarray._dask.backend`` (the ``dask.array.backends`` entry point),
never by ``import gpuarray`` (Note [Telling Dask about gpuarray]).
"""
import math
import threading

import numpy
from dask.array.dispatch import (
    concatenate_lookup, einsum_lookup, empty_lookup, nannumel_lookup, numel_lookup,
    percentile_lookup, take_lookup, tensordot_lookup, to_cupy_dispatch, to_numpy_dispatch,
)
from dask.utils import Dispatch

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty, full
from gpuarray._array_creation.transfer import asnumpy
from gpuarray._array_manipulation.joining import concatenate
from gpuarray._core import ndarray
from gpuarray._index_routines.indexing import take
from gpuarray._reduction.reductions import sum as _sum
from gpuarray._stats.quantiles import percentile
from gpuarray._ufunc.ufuncs import isnan, logical_not
from gpuarray.linalg._einsum import einsum
from gpuarray.linalg._products import tensordot

__all__ = []  # used by gpuarray._dask.backend; nothing here is public API

# Dask's tables have one for NumPy and one for CuPy; this one moves chunks to gpuarray
# (the backend's to_backend, `x.to_backend("gpuarray")`).
to_gpuarray_dispatch = Dispatch("to_gpuarray_dispatch")

_registered = False
_lock = threading.Lock()


def chunk_numel(x, **kwargs):
    """The number of elements of a chunk that a reduction counts (Dask's ``numel``):
    a host scalar for a full reduction without keepdims, else a gpuarray array of the
    reduced shape, as Dask's CuPy registration gives."""
    axis = kwargs.get("axis")
    keepdims = kwargs.get("keepdims", False)
    dtype = kwargs.get("dtype", numpy.float64)
    if axis is None:
        count = numpy.prod(x.shape, dtype=dtype)
        if not keepdims:
            return count
        return full((1,) * x.ndim, count, dtype=dtype)
    axes = [a % x.ndim for a in (axis if isinstance(axis, (tuple, list)) else [axis])]
    count = math.prod(x.shape[a] for a in axes)
    if keepdims:
        shape = tuple(1 if d in axes else n for d, n in enumerate(x.shape))
    else:
        shape = tuple(n for d, n in enumerate(x.shape) if d not in axes)
    return full(shape, count, dtype=dtype)


def chunk_nannumel(x, **kwargs):
    """The number of non-NaN elements of a chunk (Dask's ``nannumel``), on the device."""
    return _sum(logical_not(isnan(x)), **kwargs)


def chunk_percentile(a, q, method="linear"):
    """One chunk's percentiles and its length, as Dask's percentile tasks expect
    (``(values, n)``, ``(None, 0)`` for an empty chunk). Non-numeric data (bool)
    takes the ``nearest`` method, as Dask's NumPy version does."""
    n = len(a)
    if not n:
        return None, n
    if not numpy.issubdtype(a.dtype, numpy.number):
        method = "nearest"
    return percentile(a, asarray(q), method=method), n


def gpuarray_to_numpy(data, **kwargs):
    """A gpuarray chunk copied to the host (``x.to_backend("numpy")``)."""
    return asnumpy(data, **kwargs)


def gpuarray_to_cupy(data, **kwargs):
    """A gpuarray chunk as a CuPy array, sharing its memory (the CUDA Array Interface)."""
    import cupy  # only where a gpuarray-backed Dask array is moved to CuPy

    return cupy.asarray(data, **kwargs)


def to_gpuarray(data, **kwargs):
    """A chunk (NumPy, CuPy or any CUDA Array Interface/DLPack exporter) as a gpuarray array."""
    return asarray(data, **kwargs)


def _same_gpuarray(data, **kwargs):
    return data if not kwargs else asarray(data, **kwargs)


def register_dispatch():
    """Registers gpuarray.ndarray in every dask.array dispatch table (once).

    Returns
    -------
    None

    Notes
    -----
    ``concatenate``, ``take``, ``tensordot``, ``einsum`` and ``empty`` are
    gpuarray's own (``divide`` keeps Dask's default, NumPy's ``divide``
    then ``astype``, which reaches gpuarray through ``__array_ufunc__``);
    ``numel`` gives gpuarray arrays (not
    NumPy's, which a gpuarray chunk could not be combined with);
    ``percentile`` computes each chunk's percentiles on the device; chunks go
    to NumPy by a device-to-host copy and to CuPy without a copy.
    """
    global _registered
    with _lock:
        if _registered:
            return
        concatenate_lookup.register(ndarray, concatenate)
        take_lookup.register(ndarray, take)
        tensordot_lookup.register(ndarray, tensordot)
        einsum_lookup.register(ndarray, einsum)
        empty_lookup.register(ndarray, empty)
        percentile_lookup.register(ndarray, chunk_percentile)
        numel_lookup.register(ndarray, chunk_numel)
        nannumel_lookup.register(ndarray, chunk_nannumel)
        to_numpy_dispatch.register(ndarray, gpuarray_to_numpy)
        to_cupy_dispatch.register(ndarray, gpuarray_to_cupy)
        to_gpuarray_dispatch.register((numpy.ndarray, object), to_gpuarray)
        to_gpuarray_dispatch.register(ndarray, _same_gpuarray)
        _registered = True
