# SPDX-License-Identifier: BSD-3-Clause
"""CuPy's Generator API: Generator(bit_generator) and default_rng(seed), with
numpy.random.Generator's methods and signatures (dtype= and out= where NumPy
has them)."""
import numpy

from gpuarray._core import ndarray
from gpuarray.random import _integers
from gpuarray.random._bit_generator import BitGenerator, XORWOW
from gpuarray.random._distributions import Distributions
from gpuarray.random._sampling import host_scalars, normal, output_shape, param, sample, shape_of, uniform, uniform01


def _float_dtype(dtype):
    dtype = numpy.dtype(dtype)
    if dtype not in (numpy.float32, numpy.float64):
        raise TypeError(f"Unsupported dtype {dtype.name!r} for this method")
    return dtype


def _check_out(out, size, dtype):
    if out is None:
        return None
    if not isinstance(out, ndarray):
        raise TypeError(f"out must be a gpuarray.ndarray, got {type(out).__name__}")
    if size is not None and shape_of(size) != out.shape:
        raise ValueError("size must match out.shape when used together")
    if out.dtype != dtype:
        raise TypeError(f"Supplied output array has the wrong type. Expected {dtype.name}, got {out.dtype.name}")
    return out


class Generator(Distributions):
    """numpy.random.Generator on the GPU over a gpuarray.random bit generator."""

    _min_nsample = 0

    def __init__(self, bit_generator):
        if not isinstance(bit_generator, BitGenerator):
            raise TypeError("bit_generator must be a gpuarray.random.BitGenerator "
                            "(XORWOW, Philox4x32_10 or MRG32k3a)")
        self._bit_generator = bit_generator

    @property
    def bit_generator(self):
        return self._bit_generator

    def random(self, size=None, dtype=numpy.float64, out=None):
        dtype = _float_dtype(dtype)
        return uniform01(self._bit_generator, shape_of(size), dtype, _check_out(out, size, dtype))

    def standard_normal(self, size=None, dtype=numpy.float64, out=None):
        dtype = _float_dtype(dtype)
        return normal(self._bit_generator, shape_of(size), dtype, out=_check_out(out, size, dtype))

    def normal(self, loc=0.0, scale=1.0, size=None):
        scale, loc = self._scale_check(scale), param(loc)
        if host_scalars(loc, scale):
            return normal(self._bit_generator, shape_of(size), numpy.float64, loc, scale)
        return normal(self._bit_generator, output_shape(size, [loc, scale]), numpy.float64) * scale + loc

    def uniform(self, low=0.0, high=1.0, size=None):
        low, high = param(low), param(high)
        if host_scalars(low, high):
            return uniform(self._bit_generator, shape_of(size), numpy.float64, low, high)
        u = uniform01(self._bit_generator, output_shape(size, [low, high]), numpy.float64)
        return u * (high - low) + low

    def standard_exponential(self, size=None, dtype=numpy.float64, method="zig", out=None):
        # `method` picks NumPy's algorithm; one sampler (inversion) serves both here.
        dtype = _float_dtype(dtype)
        return sample(self._bit_generator, "rng.exponential()", [], size, dtype, _check_out(out, size, dtype))

    def standard_gamma(self, shape, size=None, dtype=numpy.float64, out=None):
        dtype = _float_dtype(dtype)
        shape = self._scale_check(shape, "shape")
        return sample(self._bit_generator, "ga::random::standard_gamma(rng{args})", [("float64", "shape", shape)],
                      size, dtype, _check_out(out, size, dtype))

    def integers(self, low, high=None, size=None, dtype=numpy.int64, endpoint=False):
        return _integers.integers(self._bit_generator, low, high, size, dtype, endpoint)

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        import gpuarray
        if isinstance(a, (int, numpy.integer)) or numpy.ndim(a) <= 1:
            return _integers.choice(self._bit_generator, a, size, replace, p, self._uniform, False)
        # Rows (or slices along `axis`) of a multi-dimensional population.
        pop = a if isinstance(a, ndarray) else gpuarray.asarray(a)
        idx = _integers.choice(self._bit_generator, pop.shape[axis], size, replace, p, self._uniform, False)
        return gpuarray.take(pop, idx, axis=axis)

    def _uniform(self, shape):
        return uniform01(self._bit_generator, shape, numpy.float64)

    def permutation(self, x, axis=0):
        import gpuarray
        if isinstance(x, (int, numpy.integer)):
            return _integers.permutation_indices(self._bit_generator, int(x))
        arr = gpuarray.array(x, copy=True)
        _integers.shuffle_axis(self._bit_generator, arr, axis)
        return arr

    def shuffle(self, x, axis=0):
        _integers.shuffle_axis(self._bit_generator, x, axis)

    def bytes(self, length):
        words = self._bit_generator.random_raw((int(length) + 3) // 4)
        return words.get().tobytes()[:length]

    def __repr__(self):
        return f"Generator({type(self._bit_generator).__name__})"


def default_rng(seed=None):
    """A Generator over XORWOW; `seed` may be None, an int, array of ints, a
    BitGenerator (wrapped) or a Generator (returned unchanged)."""
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, BitGenerator):
        return Generator(seed)
    return Generator(XORWOW(seed))


__all__ = ["Generator", "default_rng"]
