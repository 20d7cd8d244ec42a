# SPDX-License-Identifier: BSD-3-Clause
"""The machinery every distribution shares: sizes, parameters and their checks,
the distribution kernels (one ElementwiseKernel per sampler and output dtype,
over the samplers of gpuarray/random.cuh), and the bulk streams (_bulk.py)."""
import functools
import operator

import numpy

import gpuarray  # the namespace itself, as the array module of device arrays (_xp)
from gpuarray._array_creation import from_data as _creation
from gpuarray._array_creation import from_shape as _from_shape
from gpuarray._core import ndarray
from gpuarray._user_kernels.elementwise_kernel import ElementwiseKernel
from gpuarray.random import _replayed
from gpuarray._reduction import reductions as _reductions

_PREAMBLE = '#include "gpuarray/random.cuh"\n'
_CTYPES = {"float16": "float", "float32": "float", "float64": "double", "int8": "signed char", "int16": "short",
           "int32": "int", "int64": "long long", "uint8": "unsigned char", "uint16": "unsigned short",
           "uint32": "unsigned int", "uint64": "unsigned long long", "bool": "bool"}


def shape_of(size):
    """`size` as a shape tuple; NumPy's errors for negative or non-integer entries."""
    if size is None:
        return ()
    shape = tuple(operator.index(s) for s in (size if numpy.iterable(size) else (size,)))
    if any(s < 0 for s in shape):
        raise ValueError("negative dimensions are not allowed")
    return shape


def param(x, dtype=numpy.float64):
    """A distribution parameter: device arrays stay on the device (cast to
    `dtype`), host values become a NumPy scalar or an uploaded array."""
    if isinstance(x, ndarray):
        return x.astype(dtype, copy=False)
    if (type(x) is float or type(x) is int) and dtype is numpy.float64:
        return numpy.float64(x)  # the common case, without asarray's dispatch
    a = numpy.asarray(x)
    if a.dtype.kind == "c":
        raise TypeError(f"can't convert complex to {numpy.dtype(dtype).name}")
    a = a.astype(dtype)
    return a[()] if a.ndim == 0 else _creation.asarray(a)


def check(bad, message, *values, error=ValueError):
    """`error`(message) where bad(*values) holds for some element. Device
    parameters need one reduction and a synchronization, as in CuPy."""
    if any(isinstance(v, ndarray) for v in values):
        hit = bool(_reductions.any(bad(*values)).get())
    else:
        # The method .any(), not numpy.any: on a scalar the function costs
        # ~9 us of dispatch, paid on every draw (issue 33's normal()).
        with numpy.errstate(invalid="ignore", over="ignore"):
            hit = bool(numpy.asarray(bad(*(numpy.asarray(v) for v in values))).any())
    if hit:
        raise error(message)


def _xp(x):
    """The array module of `x`: gpuarray for device arrays, else NumPy."""
    return gpuarray if isinstance(x, ndarray) else numpy


def negative(x):
    """NumPy's test of a parameter that must not be negative: the sign bit, so
    -0.0 fails and NaN passes."""
    xp = _xp(x)
    return xp.signbit(x) & ~xp.isnan(x)


def infinite_range(low, high):
    """NumPy's test of uniform's bounds: high - low must be finite."""
    span = high - low
    return ~_xp(span).isfinite(span)


def float_dtype(dtype, method):
    """`dtype` as a NumPy dtype, float32 or float64; TypeError (NumPy's error
    type) for anything else."""
    dtype = numpy.dtype(dtype)
    if dtype not in (numpy.float32, numpy.float64):
        raise TypeError(f"Unsupported dtype {dtype.name!r} for {method}: dtype must be float32 or float64")
    return dtype


def output_shape(size, values):
    if size is not None:
        return shape_of(size)
    return numpy.broadcast_shapes(*(numpy.shape(v) if not isinstance(v, ndarray) else v.shape for v in values))


@functools.lru_cache(maxsize=None)
def _kernel(sampler, params, out_dtype):
    ins = ", ".join(["uint64 rng_seed", "raw uint64 rng_base", "uint64 rng_call"] + [f"{t} {n}" for t, n in params])
    args = "".join(f", {n}" for _, n in params)
    ctype = _CTYPES[out_dtype]
    op = (f"ga::random::Stream rng(rng_seed, rng_base[0] + rng_call, i); "
          f"out = ({ctype})({sampler.format(args=args, T=ctype)});")
    return ElementwiseKernel(ins, f"{out_dtype} out", op, "ga_random", preamble=_PREAMBLE)


def sample(bitgen, sampler, params, size, dtype, out=None):
    """Runs `sampler` (a C++ expression over the stream `rng`; `{args}` stands
    for ', a, b, ...', the parameter names, and `{T}` for the C type of
    `dtype`, the precision a sampler computes in) with parameters [(dtype
    name, name, value)], into a new array of `size` (default: the parameters'
    broadcast shape) or into `out`."""
    dtype = numpy.dtype(dtype)
    values = [v for _, _, v in params]
    if out is None:
        out = _from_shape.empty(output_shape(size, values), dtype)
    if out.size:
        k = _kernel(sampler, tuple((t, n) for t, n, _ in params), dtype.name)
        base, call = _replayed.call_number(bitgen)
        k(bitgen._seed, base, call, *values, out)
    return out


def _fill(bitgen, output, shape, dtype, out, shift=0.0, scale=1.0):
    """The bulk stream `output` of `bitgen` (see _bulk.BulkStream.fill) into a
    new float32 or float64 array of `shape`, or into `out` (its shape)."""
    dtype = numpy.dtype(dtype)
    if dtype not in (numpy.float32, numpy.float64):
        raise TypeError(f"Unsupported dtype {dtype.name!r} for {output}")
    if out is not None:
        if out.dtype != dtype:
            raise TypeError(f"Supplied output array has the wrong type. Expected {dtype.name}, got {out.dtype.name}")
        if out.flags.c_contiguous:
            return bitgen._bulk().fill(out, output, shift, scale)
        out[...] = bitgen._bulk().fill(_from_shape.empty(out.shape, dtype), output, shift, scale)
        return out
    return bitgen._bulk().fill(_from_shape.empty(shape, dtype), output, shift, scale)


def uniform(bitgen, shape, dtype, low=0.0, high=1.0, out=None):
    """Uniform on [low, high) as NumPy's low + (high - low) * [0, 1)."""
    return _fill(bitgen, "uniform", shape, dtype, out, float(low), float(high) - float(low))


def uniform01(bitgen, shape, dtype, out=None):
    """Uniform on [0, 1), never 1.0, as NumPy's."""
    return _fill(bitgen, "uniform", shape, dtype, out)


def normal(bitgen, shape, dtype, loc=0.0, scale=1.0, out=None):
    return _fill(bitgen, "normal", shape, dtype, out, float(loc), float(scale))


def lognormal(bitgen, shape, dtype, mean=0.0, sigma=1.0, out=None):
    return _fill(bitgen, "lognormal", shape, dtype, out, float(mean), float(sigma))


def raw(bitgen, shape, dtype):
    """The generator's words as uint32, or pairs of them as uint64."""
    return bitgen._bulk().fill(_from_shape.empty(shape, dtype), "raw")


def host_scalars(*values):
    """Whether every value is a host scalar (not a device array, 0-d): the
    bulk kernels take them as launch parameters."""
    return all(isinstance(v, (float, int, numpy.generic)) or (not isinstance(v, ndarray) and numpy.ndim(v) == 0)
               for v in values)
