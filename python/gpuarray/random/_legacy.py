# SPDX-License-Identifier: BSD-3-Clause
"""CuPy's legacy API: RandomState and the module-level functions that use
the global state of the current device (get_random_state / set_random_state)."""
import inspect
import warnings

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._core import ndarray
from gpuarray._index_routines.indexing import take
from gpuarray.cuda import runtime
from gpuarray.random import _bit_generator
from gpuarray.random import _integers
from gpuarray.random import _sampling
from gpuarray.random import _state
from gpuarray.random._distributions import Distributions
from gpuarray.random._sampling import float_dtype, shape_of, uniform01


class RandomState(Distributions):
    """NumPy's RandomState on the GPU, over XORWOW (CuPy's default). `method`
    picks the bit generator by CuPy's names: ``'XORWOW'``, ``'MRG32k3a'`` or
    ``'Philox4x32_10'``."""

    _min_nsample = 1

    def __init__(self, seed=None, method="XORWOW"):
        kinds = {"XORWOW": _bit_generator.XORWOW, "MRG32k3a": _bit_generator.MRG32k3a,
                 "Philox4x32_10": _bit_generator.Philox4x32_10}
        if method not in kinds:
            raise ValueError(f"method must be one of {sorted(kinds)}, got {method!r}")
        self._bit_generator = kinds[method](seed)

    def seed(self, seed=None):
        """Restarts every stream from `seed` (fresh entropy when None)."""
        self._bit_generator._reseed(seed)

    def random_sample(self, size=None, dtype=float):
        return uniform01(self._bit_generator, shape_of(size), float_dtype(dtype, "random_sample"))

    random = ranf = sample = random_sample

    def rand(self, *size, dtype=float):
        return self.random_sample(size, dtype)

    def randn(self, *size, dtype=float):
        return self.standard_normal(size, dtype)

    def standard_normal(self, size=None, dtype=float):
        return _sampling.normal(self._bit_generator, shape_of(size), float_dtype(dtype, "standard_normal"))

    def randint(self, low, high=None, size=None, dtype=int):
        return _integers.integers(self._bit_generator, low, high, size, dtype, False)

    def random_integers(self, low, high=None, size=None):
        warnings.warn("This function is deprecated. Please call randint instead", DeprecationWarning, stacklevel=2)
        if high is None:
            low, high = 1, low
        return _integers.integers(self._bit_generator, low, high, size, numpy.int64, True)

    def choice(self, a, size=None, replace=True, p=None):
        return _integers.choice(self._bit_generator, a, size, replace, p,
                                lambda shape: uniform01(self._bit_generator, shape, numpy.float64), True)

    def permutation(self, num):
        if isinstance(num, (int, numpy.integer)):
            return _integers.permutation_indices(self._bit_generator, int(num))
        x = num if isinstance(num, ndarray) else asarray(num)
        if x.ndim == 0:
            raise TypeError("x must be an integer or at least 1-dimensional")
        return take(x, _integers.permutation_indices(self._bit_generator, x.shape[0]), axis=0)

    def shuffle(self, x):
        _integers.shuffle_axis(self._bit_generator, x, 0)

    def bytes(self, length):
        words = self._bit_generator.random_raw((int(length) + 3) // 4)
        return words.get().tobytes()[:length]

    def tomaxint(self, size=None):
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


_states = {}


def get_random_state():
    """The global RandomState of the current device (seeded from
    $CUPY_SEED / $GPUARRAY_SEED when set, else from fresh entropy)."""
    import os
    device = runtime.getDevice()
    state = _states.get(device)
    if state is None:
        seed = os.environ.get("GPUARRAY_SEED", os.environ.get("CUPY_SEED"))
        state = _states[device] = RandomState(None if seed is None else int(seed))
    return state


def set_random_state(rs):
    """Makes `rs` the global RandomState of the current device."""
    if not isinstance(rs, RandomState):
        raise TypeError(f"Random state must be an instance of RandomState. Actual: {type(rs)}")
    _states[runtime.getDevice()] = rs


def seed(seed=None):
    """Reseeds the global RandomState of the current device."""
    get_random_state().seed(seed)


def reset_states():
    """Forgets the global RandomState of every device (the next use makes new ones)."""
    _states.clear()


def get_bit_generator():
    """The bit generator of the global RandomState of the current device.

    Returns
    -------
    BitGenerator
        XORWOW unless set_bit_generator or set_random_state chose another.

    See Also
    --------
    set_bit_generator, get_random_state

    Examples
    --------
    >>> import gpuarray as xp
    >>> type(xp.random.get_bit_generator()).__name__ in ("XORWOW", "MRG32k3a", "Philox4x32_10")
    True
    """
    return get_random_state()._bit_generator


def set_bit_generator(bitgen):
    """Makes the global RandomState of the current device draw from `bitgen`.

    Parameters
    ----------
    bitgen : BitGenerator
        A gpuarray.random bit generator; it is used, not copied.

    Returns
    -------
    None

    Raises
    ------
    TypeError
        When `bitgen` is not a gpuarray.random.BitGenerator.

    See Also
    --------
    get_bit_generator, set_random_state

    Examples
    --------
    >>> import gpuarray as xp
    >>> bg = xp.random.Philox4x32_10(1)
    >>> xp.random.set_bit_generator(bg)
    >>> xp.random.get_bit_generator() is bg
    True
    """
    if not isinstance(bitgen, _bit_generator.BitGenerator):
        raise TypeError(f"bitgen must be a gpuarray.random.BitGenerator, got {type(bitgen).__name__}")
    get_random_state()._bit_generator = bitgen


_FUNCTIONS = ["get_state", "set_state", "rand", "randn", "random_sample", "random", "ranf", "sample", "randint", "random_integers", "uniform",
              "normal", "standard_normal", "choice", "permutation", "shuffle", "bytes", "beta", "binomial",
              "chisquare", "dirichlet", "exponential", "f", "gamma", "geometric", "gumbel", "hypergeometric",
              "laplace", "logistic", "lognormal", "logseries", "multinomial", "multivariate_normal",
              "negative_binomial", "noncentral_chisquare", "noncentral_f", "pareto", "poisson", "power", "rayleigh",
              "standard_cauchy", "standard_exponential", "standard_gamma", "standard_t", "triangular", "vonmises",
              "wald", "weibull", "zipf"]


def _module_function(name):
    def function(*args, **kwargs):
        return getattr(get_random_state(), name)(*args, **kwargs)
    function.__name__ = function.__qualname__ = name
    method_doc = getattr(RandomState, name).__doc__
    function.__doc__ = f"RandomState.{name} on the global state of the current device." + (
        "\n\n" + method_doc if method_doc else "")
    # The method's parameters without `self`, for help() and Sphinx (issue #32).
    method_signature = inspect.signature(getattr(RandomState, name))
    function.__signature__ = method_signature.replace(parameters=list(method_signature.parameters.values())[1:])
    return function


globals().update({name: _module_function(name) for name in _FUNCTIONS})

__all__ = ["RandomState", "get_random_state", "set_random_state", "seed", "reset_states", "get_bit_generator",
           "set_bit_generator"] + _FUNCTIONS
