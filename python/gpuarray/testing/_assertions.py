# SPDX-License-Identifier: BSD-3-Clause
"""numpy.testing's assertions for device arrays: ``xp.testing.assert_allclose(a,
b)`` in a NumPy script keeps working after ``import gpuarray as xp``.

Each array assertion is NumPy's own, called after every gpuarray array among
its arguments (also inside lists, tuples and dicts, which assert_equal
compares item by item) is copied to the host; failures read as NumPy's. The
helpers that take no arrays (assert_raises, assert_warns, ...) are NumPy's
objects themselves."""
import functools
import inspect

import numpy
import numpy.testing

from gpuarray._core import ndarray

# numpy.testing's assertions that compare array values.
ARRAY_ASSERTIONS = ("assert_equal", "assert_almost_equal", "assert_approx_equal", "assert_array_equal",
                    "assert_array_less", "assert_array_almost_equal", "assert_allclose",
                    "assert_array_almost_equal_nulp", "assert_array_max_ulp")
# numpy.testing's helpers that take no arrays, re-exported as they are.
HELPERS = ("assert_", "assert_raises", "assert_raises_regex", "assert_warns", "assert_no_warnings",
           "assert_string_equal", "suppress_warnings")


def to_host(x):
    """`x` with every gpuarray array in it (at any depth of lists, tuples and
    dicts) replaced by its NumPy copy."""
    if isinstance(x, ndarray):
        return x.get(order="A")
    if isinstance(x, (list, tuple)):
        return type(x)(to_host(v) for v in x) if type(x) in (list, tuple) else x
    if isinstance(x, dict):
        return {k: to_host(v) for k, v in x.items()}
    return x


def _on_host(name):
    """numpy.testing.`name`, with its arguments copied to the host first."""
    check = getattr(numpy.testing, name)

    @functools.wraps(check)
    def assertion(*args, **kwargs):
        __tracebackhide__ = True  # pytest shows the caller, not this frame
        return check(*map(to_host, args), **{k: to_host(v) for k, v in kwargs.items()})

    assertion.__doc__ = _docstring(name, check)
    assertion.__module__ = "gpuarray.testing"
    return assertion


# What the assertions' parameters mean (NumPy's parameters: numpy.testing documents them fully).
_PARAMETERS = {
    "actual": "array_like\n    The value checked (gpuarray arrays are copied to the host).",
    "desired": "array_like\n    The expected value.",
    "x": "array_like\n    The first array compared.",
    "y": "array_like\n    The second array compared.",
    "a": "array_like\n    The first array compared.",
    "b": "array_like\n    The second array compared.",
    "err_msg": "str, optional\n    Text added to the failure's message.",
    "verbose": "bool, optional\n    Whether the conflicting values are shown in the message.",
    "strict": "bool, optional\n    Also require equal shapes and dtypes (no broadcasting of scalars).",
    "decimal": "int, optional\n    How many decimals must agree.",
    "significant": "int, optional\n    How many significant digits must agree.",
    "rtol": "float, optional\n    Relative tolerance.",
    "atol": "float, optional\n    Absolute tolerance.",
    "equal_nan": "bool, optional\n    Whether NaNs in the same places compare equal.",
    "nulp": "int, optional\n    The largest difference allowed, in units in the last place.",
    "maxulp": "int, optional\n    The largest difference allowed, in units in the last place.",
    "dtype": "dtype, optional\n    The type the arrays are converted to first.",
}
# One passing and one failing call of each assertion.
_EXAMPLES = {
    "assert_equal": ("xp.testing.assert_equal(xp.arange(3), [0, 1, 2])",
                     "xp.testing.assert_equal(xp.arange(3), [0, 1, 3])"),
    "assert_almost_equal": ("xp.testing.assert_almost_equal(xp.array(1.0), 1.0 + 1e-9)",
                            "xp.testing.assert_almost_equal(xp.array(1.0), 1.1)"),
    "assert_approx_equal": ("xp.testing.assert_approx_equal(xp.array(1e6), 1e6 + 0.01)",
                            "xp.testing.assert_approx_equal(xp.array(1.0), 1.01)"),
    "assert_array_equal": ("xp.testing.assert_array_equal(xp.ones((2, 2)), np.ones((2, 2)))",
                           "xp.testing.assert_array_equal(xp.ones(2), [1.0, 2.0])"),
    "assert_array_less": ("xp.testing.assert_array_less(xp.arange(3), [1, 2, 3])",
                          "xp.testing.assert_array_less(xp.arange(3), [1, 1, 3])"),
    "assert_array_almost_equal": ("xp.testing.assert_array_almost_equal(xp.array([1.0, 2.0]), [1.0, 2.0000001])",
                                  "xp.testing.assert_array_almost_equal(xp.array([1.0, 2.0]), [1.0, 2.1])"),
    "assert_allclose": ("xp.testing.assert_allclose(xp.sqrt(xp.array([4.0, 9.0])), [2.0, 3.0])",
                        "xp.testing.assert_allclose(xp.array([1.0]), [1.001], rtol=1e-6)"),
    "assert_array_almost_equal_nulp": (
        "xp.testing.assert_array_almost_equal_nulp(xp.array([1.0]), np.array([1.0]) + np.spacing(1.0))",
        "xp.testing.assert_array_almost_equal_nulp(xp.array([1.0]), [1.001])"),
    "assert_array_max_ulp": (
        "ulps = xp.testing.assert_array_max_ulp(xp.array([1.0]), np.array([1.0]) + np.spacing(1.0))",
        "xp.testing.assert_array_max_ulp(xp.array([1.0]), [1.001])"),
}


def _docstring(name, check):
    """A NumPy-style docstring for the device form of numpy.testing.`name`,
    whose parameters are `check`'s (NumPy's function, of the installed NumPy)."""
    other = f"object\n    As numpy.testing.{name} takes it."
    parameters = "\n".join(f"{p} : {_PARAMETERS.get(p, other)}" for p in inspect.signature(check).parameters)
    passing, failing = _EXAMPLES[name]
    returns = "ndarray\n    The differences in units in the last place." if name == "assert_array_max_ulp" else "None"
    return f"""numpy.testing.{name} for gpuarray arrays.

Every gpuarray array among the arguments (also inside lists, tuples and
dicts) is copied to the host, then NumPy's assertion runs: its checks and
its messages.

Parameters
----------
{parameters}

Returns
-------
{returns}

Raises
------
AssertionError
    The check fails.

See Also
--------
numpy.testing.{name}, gpuarray.testing.numpy_gpuarray_equal

Examples
--------
>>> import gpuarray as xp
>>> import numpy as np
>>> {passing}
>>> try:
...     {failing}
... except AssertionError:
...     print("AssertionError")
AssertionError
"""


globals().update({name: _on_host(name) for name in ARRAY_ASSERTIONS})
globals().update({name: getattr(numpy.testing, name) for name in HELPERS})
__all__ = [*ARRAY_ASSERTIONS, *HELPERS]
