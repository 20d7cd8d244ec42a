# SPDX-License-Identifier: BSD-3-Clause
"""CuPy's Generator API: Generator(bit_generator) and default_rng(seed), with
numpy.random.Generator's methods and signatures (dtype= and out= where NumPy
has them)."""
import numpy

from gpuarray._array_creation.from_data import array, asarray
from gpuarray._core import ndarray
from gpuarray._index_routines.indexing import take
from gpuarray.random import _integers
from gpuarray.random._bit_generator import BitGenerator, XORWOW
from gpuarray.random._distributions import Distributions
from gpuarray.random._multivariate_hypergeometric import multivariate_hypergeometric
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

    def permuted(self, x, axis=None, out=None):
        """Shuffles each slice of `x` along `axis` independently of the others.

        Parameters
        ----------
        x : array_like
            The array to shuffle (host data is copied to the device); at
            least 1-d when `axis` is None.
        axis : int, optional
            The 1-d slices along this axis are shuffled, each by its own
            permutation. None (the default): the flattened array is shuffled.
        out : gpuarray.ndarray, optional
            Where to write: of `x`'s shape and a dtype `x` casts to safely;
            it may be `x` itself (in place). Default: a new array.

        Returns
        -------
        out : gpuarray.ndarray
            The shuffled copy, or `out`.

        Raises
        ------
        TypeError
            `out` is not a gpuarray.ndarray, `x`'s dtype does not cast safely
            to `out`'s, or `x` is 0-d with axis None.
        ValueError
            `out`'s shape is not `x`'s.
        numpy.exceptions.AxisError
            `axis` is out of range.

        See Also
        --------
        shuffle, permutation

        Notes
        -----
        Each slice is sorted by its own random 64-bit keys (x.size of them,
        from the bulk stream): the permutations are uniform and independent;
        equal keys, about n**2 / 2**65 of a slice of n, only leave elements
        in order. Errors are raised before any device work. The numbers are
        not NumPy's.

        Examples
        --------
        >>> import gpuarray as xp
        >>> rng = xp.random.default_rng(7)
        >>> x = xp.arange(12).reshape(3, 4)
        >>> y = rng.permuted(x, axis=1)
        >>> bool((xp.sort(y, axis=1) == x).all())
        True
        """
        return _integers.permuted(self._bit_generator, x, axis, out)

    def multivariate_hypergeometric(self, colors, nsample, size=None, method="marginals"):
        """Counts of each color among `nsample` items drawn without replacement.

        Parameters
        ----------
        colors : sequence of ints
            How many items of each color the urn holds, each >= 0.
            sum(colors) must be below 10**9 for method 'marginals', at most
            2**60 - 1 for 'count' (NumPy's limits).
        nsample : int
            How many items are drawn, 0 <= nsample <= sum(colors).
        size : int or tuple of ints, optional
            Shape of the batch of variates: the output is
            ``size + (len(colors),)``; default (None): one variate.
        method : {'marginals', 'count'}, optional
            'marginals' (the default): one univariate hypergeometric draw per
            color. 'count': the items themselves, a random subset of
            nsample of the sum(colors) items, whose colors are counted.

        Returns
        -------
        variates : gpuarray.ndarray
            int64 counts of shape ``size + (len(colors),)``; each variate
            sums to `nsample` and never exceeds `colors`.

        Raises
        ------
        ValueError
            NumPy's errors, in NumPy's order: an unknown method; nsample not
            an integer, negative or past int64; colors that are not 1-d
            nonnegative integers; sum(colors) past int64, past 2**60 - 1
            with 'count', or 10**9 or more with 'marginals'; nsample >
            sum(colors).
        MemoryError
            'count' with more items than the device memory holds keys for.

        See Also
        --------
        hypergeometric, multinomial

        Notes
        -----
        The law is NumPy's; the numbers are not. 'marginals' runs one
        distribution kernel per color but the last, each element in time
        proportional to the items it draws (at most sum(colors) / 2: beyond
        half, both methods draw the items left in the urn). 'count' sorts
        sum(colors) random keys per variate, in passes of up to 2**24 keys:
        it needs memory proportional to sum(colors), as NumPy's, and is the
        faster one for small urns. Device arrays given as `colors` are read
        back to the host.

        Examples
        --------
        >>> import gpuarray as xp
        >>> rng = xp.random.default_rng(11)
        >>> x = rng.multivariate_hypergeometric([16, 8, 4], 6, size=5)
        >>> x.shape, bool((x.sum(axis=1) == 6).all())
        ((5, 3), True)
        """
        return multivariate_hypergeometric(self._bit_generator, colors, nsample, size, method)

    def spawn(self, n_children):
        """New Generators whose streams are independent of this one's.

        Parameters
        ----------
        n_children : int
            How many to make.

        Returns
        -------
        list of Generator
            Generators over bit generators of this one's type, seeded from
            the next children of its SeedSequence (BitGenerator.spawn).

        Raises
        ------
        TypeError
            When the bit generator's seed sequence cannot spawn.

        See Also
        --------
        BitGenerator.spawn, numpy.random.SeedSequence.spawn

        Examples
        --------
        >>> import gpuarray as xp
        >>> a, b = xp.random.default_rng(1).spawn(2)
        >>> bool((a.random(8) == b.random(8)).all())
        False
        """
        return [type(self)(bit_generator) for bit_generator in self._bit_generator.spawn(n_children)]

    def bytes(self, length):
        words = self._bit_generator.random_raw((int(length) + 3) // 4)
        return words.get().tobytes()[:length]

    def __repr__(self):
        return f"Generator({type(self._bit_generator).__name__})"


def default_rng(seed=None):
    """A Generator over XORWOW (CuPy's default bit generator).

    Parameters
    ----------
    seed : None, int, array_like of ints, SeedSequence, BitGenerator or Generator, optional
        None draws fresh entropy; an int, ints or a SeedSequence seed XORWOW
        through numpy.random.SeedSequence (so default_rng(n) and
        default_rng(SeedSequence(n)) give the same stream); a BitGenerator is
        wrapped; a Generator is returned unchanged.

    Returns
    -------
    Generator

    See Also
    --------
    Generator, SeedSequence

    Notes
    -----
    The streams are gpuarray's, not NumPy's: the same seed gives other
    numbers than numpy.random.default_rng (docs/random.md).

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.random.default_rng(xp.random.SeedSequence(5)).random(3)
    >>> bool((a == xp.random.default_rng(5).random(3)).all())
    True
    """
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, BitGenerator):
        return Generator(seed)
    return Generator(XORWOW(seed))


__all__ = ["Generator", "default_rng"]
