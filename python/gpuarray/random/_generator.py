# SPDX-License-Identifier: BSD-3-Clause
"""CuPy's Generator API: Generator(bit_generator) and default_rng(seed), with
numpy.random.Generator's methods and signatures (dtype= and out= where NumPy
has them)."""
import numpy

from gpuarray._core import ndarray
from gpuarray._creation import array, asarray
from gpuarray._indexing import take
from gpuarray.random import _integers
from gpuarray.random._bit_generator import BitGenerator, XORWOW
from gpuarray.random._distributions import Distributions
from gpuarray.random._sampling import float_dtype, normal, shape_of, uniform01


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
    _range_message = "high - low range exceeds valid bounds"

    def __init__(self, bit_generator):
        if not isinstance(bit_generator, BitGenerator):
            raise TypeError("bit_generator must be a gpuarray.random.BitGenerator "
                            "(XORWOW, Philox4x32_10 or MRG32k3a)")
        self._bit_generator = bit_generator

    @property
    def bit_generator(self):
        return self._bit_generator

    def random(self, size=None, dtype=numpy.float64, out=None):
        """Uniform samples on [0, 1): 24 random bits (float32) or 53 (float64).

        Parameters
        ----------
        size : int or tuple of ints, optional
            Output shape; default (None): a 0-d array.
        dtype : {float32, float64}, optional
            Output dtype, float64 by default.
        out : gpuarray.ndarray, optional
            Where to write: of dtype `dtype` (and of shape `size` when given).

        Returns
        -------
        out : gpuarray.ndarray
            The samples, of dtype `dtype`.

        Examples
        --------
        >>> import gpuarray as xp
        >>> rng = xp.random.default_rng(123)
        >>> x = rng.random(4, dtype=xp.float32)
        >>> x.shape, x.dtype
        ((4,), dtype('float32'))
        """
        dtype = float_dtype(dtype, "random")
        return uniform01(self._bit_generator, shape_of(size), dtype, _check_out(out, size, dtype))

    def standard_normal(self, size=None, dtype=numpy.float64, out=None):
        """Samples of the standard normal distribution (Box-Muller, in float32
        arithmetic for float32).

        Parameters
        ----------
        size : int or tuple of ints, optional
            Output shape; default (None): a 0-d array.
        dtype : {float32, float64}, optional
            Output dtype, float64 by default.
        out : gpuarray.ndarray, optional
            Where to write: of dtype `dtype` (and of shape `size` when given).

        Returns
        -------
        out : gpuarray.ndarray
            The samples, of dtype `dtype`.

        Examples
        --------
        >>> import gpuarray as xp
        >>> rng = xp.random.default_rng(123)
        >>> x = rng.standard_normal(4, dtype=xp.float32)
        >>> x.shape, x.dtype
        ((4,), dtype('float32'))
        """
        dtype = float_dtype(dtype, "standard_normal")
        return normal(self._bit_generator, shape_of(size), dtype, out=_check_out(out, size, dtype))

    def standard_exponential(self, size=None, dtype=numpy.float64, method="zig", out=None):
        """Samples of the standard exponential distribution (mean 1).

        Parameters
        ----------
        size : int or tuple of ints, optional
            Output shape; default (None): a 0-d array.
        dtype : {float32, float64}, optional
            Output dtype, float64 by default; float32 samples are computed in
            float32 arithmetic.
        method : {'zig', 'inv'}, optional
            NumPy's choice of algorithm; both give inversion, -log(U), here.
        out : gpuarray.ndarray, optional
            Where to write: of dtype `dtype` (and of shape `size` when given).

        Returns
        -------
        out : gpuarray.ndarray
            The samples, of dtype `dtype`.

        Examples
        --------
        >>> import gpuarray as xp
        >>> rng = xp.random.default_rng(123)
        >>> x = rng.standard_exponential(4, dtype=xp.float32)
        >>> x.shape, x.dtype
        ((4,), dtype('float32'))
        """
        dtype = float_dtype(dtype, "standard_exponential")
        return self._continuous("standard_exponential", [], size, dtype, _check_out(out, size, dtype))

    def standard_gamma(self, shape, size=None, dtype=numpy.float64, out=None):
        """Samples of the standard gamma distribution (scale 1).

        Parameters
        ----------
        shape : float or array_like of floats
            Shape k, >= 0.
        size : int or tuple of ints, optional
            Output shape. Default (None): the shape of `shape`, a 0-d array
            for a scalar.
        dtype : {float32, float64}, optional
            Output dtype, float64 by default; float32 samples are computed in
            float32 arithmetic (docs/random.md: one rare test is in float64).
        out : gpuarray.ndarray, optional
            Where to write: of dtype `dtype` (and of shape `size` when given).

        Returns
        -------
        out : gpuarray.ndarray
            The samples, of dtype `dtype`.

        Examples
        --------
        >>> import gpuarray as xp
        >>> rng = xp.random.default_rng(123)
        >>> x = rng.standard_gamma(2.0, size=4, dtype=xp.float32)
        >>> x.shape, x.dtype
        ((4,), dtype('float32'))
        """
        dtype = float_dtype(dtype, "standard_gamma")
        return self._standard_gamma(shape, size, dtype, _check_out(out, size, dtype))

    def integers(self, low, high=None, size=None, dtype=numpy.int64, endpoint=False):
        return _integers.integers(self._bit_generator, low, high, size, dtype, endpoint)

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        if isinstance(a, (int, numpy.integer)) or numpy.ndim(a) <= 1:
            return _integers.choice(self._bit_generator, a, size, replace, p, self._uniform, False)
        # Rows (or slices along `axis`) of a multi-dimensional population.
        pop = a if isinstance(a, ndarray) else asarray(a)
        idx = _integers.choice(self._bit_generator, pop.shape[axis], size, replace, p, self._uniform, False)
        return take(pop, idx, axis=axis)

    def _uniform(self, shape):
        return uniform01(self._bit_generator, shape, numpy.float64)

    def permutation(self, x, axis=0):
        if isinstance(x, (int, numpy.integer)):
            return _integers.permutation_indices(self._bit_generator, int(x))
        arr = array(x, copy=True)
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
