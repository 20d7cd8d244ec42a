# SPDX-License-Identifier: BSD-3-Clause
"""CuPy's legacy API: RandomState (NumPy's legacy methods on gpuarray's bit
generators). The module-level functions that use the global state of the
current device are _global_state.py's."""
import warnings

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._core import ndarray
from gpuarray._index_routines.indexing import take
from gpuarray.random import _bit_generator
from gpuarray.random import _integers
from gpuarray.random import _sampling
from gpuarray.random import _state
from gpuarray.random._distributions import Distributions
from gpuarray.random._sampling import float_dtype, shape_of, uniform01

__all__ = ["RandomState"]


class RandomState(Distributions):
    """NumPy's legacy RandomState on the GPU: the ``numpy.random.rand`` API.

    Parameters
    ----------
    seed : int or array_like of ints, optional
        The seed; None (default) takes fresh entropy.
    method : {'XORWOW', 'MRG32k3a', 'Philox4x32_10'}, optional
        The bit generator, by CuPy's names; XORWOW (CuPy's default) by
        default.

    Raises
    ------
    ValueError
        An unknown `method`.

    See Also
    --------
    gpuarray.random.default_rng, gpuarray.random.get_random_state

    Notes
    -----
    The streams are gpuarray's (as CuPy's are CuPy's): the same seed gives
    other numbers than NumPy's RandomState. New code should prefer
    ``default_rng()`` and the Generator API.

    Examples
    --------
    >>> import gpuarray as xp
    >>> rs = xp.random.RandomState(42)
    >>> x = rs.standard_normal((2, 3), dtype=xp.float32)
    >>> x.shape, x.dtype
    ((2, 3), dtype('float32'))
    >>> xp.random.RandomState(42, method='Philox4x32_10').randint(10, size=3).dtype
    dtype('int64')
    """

    _min_nsample = 1

    def __init__(self, seed=None, method="XORWOW"):
        kinds = {"XORWOW": _bit_generator.XORWOW, "MRG32k3a": _bit_generator.MRG32k3a,
                 "Philox4x32_10": _bit_generator.Philox4x32_10}
        if method not in kinds:
            raise ValueError(f"method must be one of {sorted(kinds)}, got {method!r}")
        self._bit_generator = kinds[method](seed)

    def seed(self, seed=None):
        """Restarts every stream of this generator from a seed.

        Parameters
        ----------
        seed : int or array_like of ints, optional
            The seed; None (default) takes fresh entropy from the system.

        Returns
        -------
        None

        See Also
        --------
        gpuarray.random.seed, get_state

        Examples
        --------
        >>> import gpuarray as xp
        >>> rs = xp.random.RandomState()
        >>> rs.seed(42); a = rs.rand(3)
        >>> rs.seed(42); bool((rs.rand(3) == a).all())
        True
        """
        self._bit_generator._reseed(seed)

    def random_sample(self, size=None, dtype=float):
        """Uniform samples on [0, 1) (also ``random``, ``ranf`` and ``sample``).

        Parameters
        ----------
        size : int or tuple of ints, optional
            The output shape; None (default) gives one value (a 0-d array).
        dtype : {float32, float64}, optional
            The output dtype (float64 by default).

        Returns
        -------
        ndarray

        See Also
        --------
        rand, uniform, Generator.random

        Examples
        --------
        >>> import gpuarray as xp
        >>> x = xp.random.RandomState(0).random_sample((2, 3))
        >>> x.shape, bool(((x >= 0) & (x < 1)).all())
        ((2, 3), True)
        >>> xp.random.RandomState(0).random_sample(4, dtype=xp.float32).dtype
        dtype('float32')
        """
        return uniform01(self._bit_generator, shape_of(size), float_dtype(dtype, "random_sample"))

    random = ranf = sample = random_sample

    def rand(self, *size, dtype=float):
        """Uniform samples on [0, 1), the shape given as separate arguments.

        Parameters
        ----------
        *size : ints
            The output shape (none: one value).
        dtype : {float32, float64}, optional
            The output dtype (float64 by default).

        Returns
        -------
        ndarray

        See Also
        --------
        random_sample, randn

        Examples
        --------
        >>> import gpuarray as xp
        >>> xp.random.RandomState(0).rand(2, 3).shape
        (2, 3)
        >>> float(xp.random.RandomState(0).rand()) < 1.0
        True
        """
        return self.random_sample(size, dtype)

    def randn(self, *size, dtype=float):
        """Standard normal samples, the shape given as separate arguments.

        Parameters
        ----------
        *size : ints
            The output shape (none: one value).
        dtype : {float32, float64}, optional
            The output dtype (float64 by default).

        Returns
        -------
        ndarray

        See Also
        --------
        standard_normal, normal, rand

        Examples
        --------
        >>> import gpuarray as xp
        >>> x = xp.random.RandomState(0).randn(100000)
        >>> abs(float(x.mean())) < 0.02, abs(float(x.std()) - 1) < 0.02
        (True, True)
        """
        return self.standard_normal(size, dtype)

    def standard_normal(self, size=None, dtype=float):
        """Samples of the standard normal distribution (mean 0, standard deviation 1).

        Parameters
        ----------
        size : int or tuple of ints, optional
            The output shape; None (default) gives one value (a 0-d array).
        dtype : {float32, float64}, optional
            The output dtype (float64 by default).

        Returns
        -------
        ndarray

        See Also
        --------
        randn, normal

        Examples
        --------
        >>> import gpuarray as xp
        >>> rs = xp.random.RandomState(1)
        >>> rs.standard_normal((3, 2)).shape
        (3, 2)
        >>> rs.standard_normal(4, dtype=xp.float32).dtype
        dtype('float32')
        """
        return _sampling.normal(self._bit_generator, shape_of(size), float_dtype(dtype, "standard_normal"))

    def randint(self, low, high=None, size=None, dtype=int):
        """Random integers from the half-open interval [low, high).

        Parameters
        ----------
        low : int or array_like of ints
            The lowest value; with `high` None, the values are in [0, low).
        high : int or array_like of ints, optional
            One above the highest value.
        size : int or tuple of ints, optional
            The output shape; None gives the broadcast shape of the bounds.
        dtype : dtype, optional
            An integer or bool type (int64 by default).

        Returns
        -------
        ndarray

        Raises
        ------
        ValueError
            ``low >= high``, or a bound outside `dtype`'s range.

        See Also
        --------
        random_integers, Generator.integers

        Examples
        --------
        >>> import gpuarray as xp
        >>> x = xp.random.RandomState(0).randint(5, size=1000)
        >>> int(x.min()) >= 0 and int(x.max()) <= 4
        True
        >>> xp.random.RandomState(0).randint(-3, 3, size=(2, 2), dtype=xp.int8).dtype
        dtype('int8')
        """
        return _integers.integers(self._bit_generator, low, high, size, dtype, False)

    def random_integers(self, low, high=None, size=None):
        """Random integers from the closed interval [low, high] (deprecated: use `randint`).

        Parameters
        ----------
        low : int or array_like of ints
            The lowest value; with `high` None, the values are in [1, low].
        high : int or array_like of ints, optional
            The highest value.
        size : int or tuple of ints, optional
            The output shape.

        Returns
        -------
        ndarray
            int64 values.

        See Also
        --------
        randint

        Examples
        --------
        >>> import gpuarray as xp
        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore", DeprecationWarning)
        ...     x = xp.random.RandomState(0).random_integers(6, size=1000)
        >>> int(x.min()) >= 1 and int(x.max()) <= 6
        True
        """
        warnings.warn("This function is deprecated. Please call randint instead", DeprecationWarning, stacklevel=2)
        if high is None:
            low, high = 1, low
        return _integers.integers(self._bit_generator, low, high, size, numpy.int64, True)

    def choice(self, a, size=None, replace=True, p=None):
        """A random sample from an array or from ``arange(a)``.

        Parameters
        ----------
        a : int or 1-D array_like
            The population, or its size.
        size : int or tuple of ints, optional
            The output shape; None gives one value.
        replace : bool, optional
            Sample with replacement (True, default) or without.
        p : 1-D array_like, optional
            The probability of each entry (uniform by default); must sum to 1.

        Returns
        -------
        ndarray

        Raises
        ------
        ValueError
            `a` is empty or not 1-D, `p` is not a probability vector of `a`'s
            length, or more samples than entries are asked without replacement.

        See Also
        --------
        permutation, shuffle, Generator.choice

        Examples
        --------
        >>> import gpuarray as xp
        >>> rs = xp.random.RandomState(0)
        >>> x = rs.choice(5, size=3, replace=False)
        >>> len(set(x.tolist())) == 3
        True
        >>> rs.choice(xp.array([10, 20]), size=4, p=[0.0, 1.0])
        array([20, 20, 20, 20])
        """
        return _integers.choice(self._bit_generator, a, size, replace, p,
                                lambda shape: uniform01(self._bit_generator, shape, numpy.float64), True)

    def permutation(self, num):
        """A random permutation of ``arange(num)``, or of an array's first axis.

        Parameters
        ----------
        num : int or array_like
            An int: permute ``arange(num)``. An array: a permuted copy along the
            first axis.

        Returns
        -------
        ndarray

        Raises
        ------
        TypeError
            `num` is a 0-d array.

        See Also
        --------
        shuffle, choice

        Examples
        --------
        >>> import gpuarray as xp
        >>> rs = xp.random.RandomState(0)
        >>> sorted(rs.permutation(5).tolist())
        [0, 1, 2, 3, 4]
        >>> rs.permutation(xp.arange(6).reshape(3, 2)).shape
        (3, 2)
        """
        if isinstance(num, (int, numpy.integer)):
            return _integers.permutation_indices(self._bit_generator, int(num))
        x = num if isinstance(num, ndarray) else asarray(num)
        if x.ndim == 0:
            raise TypeError("x must be an integer or at least 1-dimensional")
        return take(x, _integers.permutation_indices(self._bit_generator, x.shape[0]), axis=0)

    def shuffle(self, x):
        """Shuffles an array in place along its first axis.

        Parameters
        ----------
        x : ndarray
            A gpuarray array, at least 1-D.

        Returns
        -------
        None

        See Also
        --------
        permutation

        Examples
        --------
        >>> import gpuarray as xp
        >>> x = xp.arange(10)
        >>> xp.random.RandomState(0).shuffle(x)
        >>> sorted(x.tolist()) == list(range(10))
        True
        """
        _integers.shuffle_axis(self._bit_generator, x, 0)

    def bytes(self, length):
        """Random bytes.

        Parameters
        ----------
        length : int
            How many.

        Returns
        -------
        bytes
            Drawn on the device and copied to the host.

        See Also
        --------
        randint

        Examples
        --------
        >>> import gpuarray as xp
        >>> b = xp.random.RandomState(0).bytes(10)
        >>> type(b).__name__, len(b)
        ('bytes', 10)
        """
        words = self._bit_generator.random_raw((int(length) + 3) // 4)
        return words.get().tobytes()[:length]

    def tomaxint(self, size=None):
        """Random integers in [0, the largest int64).

        Parameters
        ----------
        size : int or tuple of ints, optional
            The output shape.

        Returns
        -------
        ndarray
            int64 values.

        See Also
        --------
        randint

        Examples
        --------
        >>> import gpuarray as xp
        >>> x = xp.random.RandomState(0).tomaxint(5)
        >>> x.dtype, bool((x >= 0).all())
        (dtype('int64'), True)
        """
        return self.randint(0, numpy.iinfo(numpy.int64).max, size)

    def get_state(self, legacy=True):
        """The state of the generator, to continue its stream with set_state.

        Parameters
        ----------
        legacy : bool, optional
            True (the default): NumPy's legacy tuple ``(name, key, pos,
            has_gauss, cached_gaussian)``, where name is the bit generator's
            ('XORWOW', 'MRG32k3a' or 'Philox4x32_10', not 'MT19937'), key is
            uint32 ``[seed, calls, offset (two words each, low first), then
            the per-thread states row by row]`` and pos, has_gauss,
            cached_gaussian are 0, 0, 0.0. False: the dict
            ``{'bit_generator', 'state', 'has_gauss', 'gauss'}``, 'state'
            as the bit generator's `state`.

        Returns
        -------
        state : tuple or dict
            Host values only (NumPy integers and arrays).

        See Also
        --------
        set_state, BitGenerator.state

        Notes
        -----
        For XORWOW and MRG32k3a after a draw, the per-thread states are
        copied to the host (about 3 MB on an H100), which waits for the
        device. No Gaussian is ever cached (the normals use both values of
        each Box-Muller pair): has_gauss is always 0.

        Examples
        --------
        >>> import gpuarray as xp
        >>> rs = xp.random.RandomState(3)
        >>> saved = rs.get_state()
        >>> a = rs.rand(4)
        >>> rs.set_state(saved)
        >>> bool((rs.rand(4) == a).all())
        True
        """
        state = dict(self._bit_generator.state, has_gauss=0, gauss=0.0)
        return _state.to_legacy(state) if legacy else state

    def set_state(self, state):
        """Restores a state get_state returned: the stream continues from there.

        Parameters
        ----------
        state : tuple or dict
            get_state's legacy tuple ``(name, key, pos[, has_gauss,
            cached_gaussian])`` or its dict, for this RandomState's kind of
            bit generator.

        Returns
        -------
        None

        Raises
        ------
        TypeError
            When `state` is neither a dict nor a tuple.
        ValueError
            NumPy's errors: a dict without 'bit_generator' and 'state', a
            tuple or dict of another kind of generator; and a malformed key,
            a nonzero pos or has_gauss.

        See Also
        --------
        get_state

        Examples
        --------
        >>> import gpuarray as xp
        >>> rs = xp.random.RandomState(3, method="Philox4x32_10")
        >>> saved = rs.get_state(legacy=False)
        >>> a = rs.poisson(2.0, size=5)
        >>> rs.set_state(saved)
        >>> bool((rs.poisson(2.0, size=5) == a).all())
        True
        """
        kind = self._bit_generator._kind
        if isinstance(state, dict):
            if "bit_generator" not in state or "state" not in state:
                raise ValueError("state dictionary is not valid.")
            _state.check_no_gauss(state.get("has_gauss", 0))
        elif isinstance(state, (tuple, list)):
            state = _state.from_legacy(state, kind)
        else:
            raise TypeError("state must be a dict or a tuple.")
        self._bit_generator.state = {"bit_generator": state["bit_generator"], "state": state["state"]}

    def __repr__(self):
        return f"RandomState({type(self._bit_generator).__name__})"
