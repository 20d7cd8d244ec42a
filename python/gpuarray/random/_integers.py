# SPDX-License-Identifier: BSD-3-Clause
"""Integers, permutations and choice: uniform integers by rejection on a
masked range (ga::random::bounded), permutations as the argsort of random
64-bit keys, weighted choice by searchsorted on the cumulative weights, and
weighted choice without replacement by the Gumbel top-k trick (the same
distribution as NumPy's draw-one-then-renormalize)."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray._array_creation.from_data import array, asarray
from gpuarray._array_manipulation.copying import copyto
from gpuarray._core import ndarray
from gpuarray._index_routines.indexing import take, take_along_axis
from gpuarray._sorting_searching.sorting import argsort, searchsorted
from gpuarray._ufunc.ufuncs import log, minimum
from gpuarray.random._sampling import raw, sample, shape_of


def integers(bitgen, low, high, size, dtype, endpoint):
    """Uniform on [low, high) ([low, high] with `endpoint`), NumPy's checks and messages."""
    dtype = numpy.dtype(dtype)
    if dtype.kind not in "iub":
        raise TypeError(f"Unsupported dtype {dtype.name!r} for randint")
    if high is None:
        low, high = 0, low
    try:
        low, high = operator.index(low), operator.index(high)
    except TypeError:
        raise TypeError("low and high must be integers (arrays of bounds are not supported, as in CuPy)") from None
    info = numpy.iinfo(dtype) if dtype.kind != "b" else numpy.iinfo(numpy.uint8)
    top = 1 if dtype.kind == "b" else info.max
    last = high if endpoint else high - 1
    if low < info.min:
        raise ValueError(f"low is out of bounds for {dtype.name}")
    if last > top:
        raise ValueError(f"high is out of bounds for {dtype.name}")
    if low > last:
        raise ValueError(("low > high" if endpoint else "low >= high") if low != 0 else "high <= 0" if not endpoint
                         else "high < 0")
    span = last - low  # < 2**64; both travel as int64 words and are added modulo 2**64 on the device
    as_i64 = lambda v: v - (1 << 64) if v >= (1 << 63) else v
    return sample(bitgen, "(unsigned long long)low + ga::random::bounded(rng, (unsigned long long)span)",
                  [("int64", "low", numpy.int64(as_i64(low % (1 << 64)))), ("int64", "span", numpy.int64(as_i64(span)))],
                  shape_of(size), dtype)


def permutation_indices(bitgen, n):
    """A uniformly random permutation of range(n) (int64): the argsort of
    random 64-bit keys, the generator's raw words (ties, about n**2 / 2**65,
    only bias toward the identity)."""
    return argsort(raw(bitgen, (n,), numpy.uint64))


def choice(bitgen, a, size, replace, p, uniform, legacy):
    """NumPy's choice; `uniform(shape)` gives float64 uniforms on [0, 1);
    `legacy` picks RandomState's wording of errors over Generator's."""
    if isinstance(a, ndarray):
        if a.ndim != 1:
            raise ValueError("a must be 1-dimensional")
        pop, n = a, a.shape[0]
    else:
        arr = numpy.asarray(a)
        if arr.ndim == 0:
            try:
                n = operator.index(a)
            except TypeError:
                raise ValueError("a must be 1-dimensional or an integer") from None
            if n < 0:
                raise ValueError("a must be greater than 0 unless no samples are taken")
            pop = None
        elif arr.ndim == 1:
            pop, n = asarray(arr), arr.shape[0]
        else:
            raise ValueError("a must be 1-dimensional")
    shape = shape_of(size)
    count = int(numpy.prod(shape, dtype=numpy.int64))
    if n == 0 and count:
        raise ValueError("a cannot be empty unless no samples are taken")
    if p is not None:
        p = numpy.asarray(p.get() if isinstance(p, ndarray) else p, numpy.float64)
        if p.ndim != 1:
            raise ValueError("p must be 1-dimensional")
        if p.size != n:
            raise ValueError("a and p must have same size")
        if numpy.any(numpy.isnan(p)) or numpy.any(p < 0):
            raise ValueError("probabilities are not non-negative")
        if abs(p.sum() - 1.0) > numpy.sqrt(numpy.finfo(numpy.float64).eps):
            raise ValueError("probabilities do not sum to 1" if legacy else
                             "Probabilities do not sum to 1. See Notes section of docstring for more information.")
    if replace:
        if p is None:
            idx = integers(bitgen, 0, n, shape, numpy.int64, False)
        else:
            cdf = numpy.cumsum(p)
            cdf /= cdf[-1]
            u = uniform(shape)
            idx = minimum(searchsorted(asarray(cdf), u, side="right"), n - 1)
    else:
        if count > n:
            raise ValueError("Cannot take a larger sample than population when "
                             + ("'replace=False'" if legacy else "replace is False"))
        if p is not None and numpy.count_nonzero(p > 0) < count:
            raise ValueError("Fewer non-zero entries in p than size")
        if p is None:
            idx = permutation_indices(bitgen, n)[:count]
        else:
            # Gumbel top-k: log p + Gumbel noise, the `count` largest.
            g = -log(-log(1.0 - uniform((n,))))
            with numpy.errstate(divide="ignore"):
                logp = numpy.log(p)
            idx = argsort(-(asarray(logp) + g))[:count]
        idx = idx.reshape(shape)
    return idx if pop is None else pop[idx]


def shuffle_axis(bitgen, x, axis):
    """Shuffles `x` in place along `axis`."""
    if not isinstance(x, ndarray):
        raise TypeError("x must be a gpuarray.ndarray")
    if x.ndim == 0:
        raise TypeError("x must be an array of at least one dimension")
    axis = operator.index(axis)
    if not -x.ndim <= axis < x.ndim:
        raise numpy.exceptions.AxisError(axis, x.ndim)
    perm = permutation_indices(bitgen, x.shape[axis])
    x[...] = take(x, perm, axis=axis)


def permuted(bitgen, x, axis, out):
    """Generator.permuted: a copy of `x` (or `out`, filled with it) whose 1-d
    slices along `axis` are each shuffled independently (the whole flattened
    array for axis=None). Each slice is sorted by its own random 64-bit keys,
    so the slices' permutations are independent and uniform (ties, about
    n**2 / 2**65 per slice of n, only bias toward the identity). NumPy's
    errors come before any device work."""
    host = None if isinstance(x, ndarray) else numpy.asarray(x)
    source = x if host is None else host
    if out is not None:
        if not isinstance(out, ndarray):
            raise TypeError(f"out must be a gpuarray.ndarray, got {type(out).__name__}")
        if out.shape != source.shape:
            raise ValueError("out must have the same shape as x")
        if not numpy.can_cast(source.dtype, out.dtype, "safe"):
            raise TypeError(f"Cannot cast array data from {source.dtype!r} to {out.dtype!r} according to the rule 'safe'")
    if axis is None:
        if source.ndim == 0:
            raise TypeError("len() of unsized object")
    else:
        axis = normalize_axis_index(operator.index(axis), source.ndim)
    if host is not None:
        source = asarray(host)
    if out is None:
        out = array(source, copy=True)
    else:
        copyto(out, source, casting="safe")
    if out.size == 0:
        return out
    if axis is None:
        perm = permutation_indices(bitgen, out.size)
        out[...] = take(out.ravel(), perm).reshape(out.shape)
    else:
        order = argsort(raw(bitgen, out.shape, numpy.uint64), axis=axis)
        out[...] = take_along_axis(out, order, axis=axis)
    return out
