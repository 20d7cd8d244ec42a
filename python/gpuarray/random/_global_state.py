# SPDX-License-Identifier: BSD-3-Clause
"""CuPy's legacy module-level functions: the global RandomState of each
device (get_random_state / set_random_state, seed) and NumPy's
``numpy.random.rand``-style functions, each calling the method of that
name on the current device's global RandomState."""
import inspect

from gpuarray.cuda import runtime
from gpuarray.random import _bit_generator
from gpuarray.random._legacy import RandomState

_states = {}


def get_random_state():
    """The global RandomState of the current device, which the module functions use.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    RandomState
        Made on first use, seeded from ``$GPUARRAY_SEED`` (or CuPy's
        ``$CUPY_SEED``) when set, else from fresh entropy.

    See Also
    --------
    set_random_state, seed, reset_states

    Examples
    --------
    >>> import gpuarray as xp
    >>> rs = xp.random.get_random_state()
    >>> rs is xp.random.get_random_state()
    True
    >>> type(rs).__name__
    'RandomState'
    """
    import os
    device = runtime.getDevice()
    state = _states.get(device)
    if state is None:
        seed = os.environ.get("GPUARRAY_SEED", os.environ.get("CUPY_SEED"))
        state = _states[device] = RandomState(None if seed is None else int(seed))
    return state


def set_random_state(rs):
    """Makes a RandomState the global one of the current device.

    Parameters
    ----------
    rs : RandomState
        The generator the module functions will use.

    Returns
    -------
    None

    Raises
    ------
    TypeError
        `rs` is not a gpuarray RandomState.

    See Also
    --------
    get_random_state

    Examples
    --------
    >>> import gpuarray as xp
    >>> rs = xp.random.RandomState(7)
    >>> xp.random.set_random_state(rs)
    >>> xp.random.get_random_state() is rs
    True
    """
    if not isinstance(rs, RandomState):
        raise TypeError(f"Random state must be an instance of RandomState. Actual: {type(rs)}")
    _states[runtime.getDevice()] = rs


def seed(seed=None):
    """Reseeds the global RandomState of the current device.

    Parameters
    ----------
    seed : int or array_like of ints, optional
        The seed; None takes fresh entropy.

    Returns
    -------
    None

    See Also
    --------
    RandomState.seed, get_random_state

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.random.seed(0); a = xp.random.rand(3)
    >>> xp.random.seed(0); bool((xp.random.rand(3) == a).all())
    True
    """
    get_random_state().seed(seed)


def reset_states():
    """Forgets the global RandomState of every device; the next use makes new ones.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    None

    See Also
    --------
    get_random_state

    Examples
    --------
    >>> import gpuarray as xp
    >>> before = xp.random.get_random_state()
    >>> xp.random.reset_states()
    >>> xp.random.get_random_state() is before
    False
    """
    _states.clear()


def get_bit_generator():
    """The bit generator of the global RandomState of the current device.

    Parameters
    ----------
        It takes none.

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
    method_doc = inspect.getdoc(getattr(RandomState, name))  # cleaned: it is indented as a method's
    function.__doc__ = f"RandomState.{name} on the global state of the current device." + (
        "\n\n" + method_doc if method_doc else "")
    # The method's parameters without `self`, for help() and Sphinx (issue #32).
    method_signature = inspect.signature(getattr(RandomState, name))
    function.__signature__ = method_signature.replace(parameters=list(method_signature.parameters.values())[1:])
    return function


globals().update({name: _module_function(name) for name in _FUNCTIONS})

__all__ = ["get_random_state", "set_random_state", "seed", "reset_states", "get_bit_generator",
           "set_bit_generator"] + _FUNCTIONS
