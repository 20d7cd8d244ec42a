# SPDX-License-Identifier: BSD-3-Clause
"""CuPy's legacy API: RandomState and the module-level functions that use
the global state of the current device (get_random_state / set_random_state)."""
import warnings

import numpy

from gpuarray._core import ndarray
from gpuarray._creation import asarray
from gpuarray._indexing import take
from gpuarray.cuda import runtime
from gpuarray.random import _bit_generator
from gpuarray.random import _integers
from gpuarray.random import _sampling
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
    _states.clear()


_FUNCTIONS = ["rand", "randn", "random_sample", "random", "ranf", "sample", "randint", "random_integers", "uniform",
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
    return function


globals().update({name: _module_function(name) for name in _FUNCTIONS})

__all__ = ["RandomState", "get_random_state", "set_random_state", "seed", "reset_states"] + _FUNCTIONS
