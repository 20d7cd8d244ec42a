# SPDX-License-Identifier: BSD-3-Clause
"""numpy.testing's assertions for device arrays: ``xp.testing.assert_allclose(a,
b)`` in a NumPy script keeps working after ``import gpuarray as xp``.

Each array assertion is NumPy's own, called after every gpuarray array among
its arguments (also inside lists, tuples and dicts, which assert_equal
compares item by item) is copied to the host; failures read as NumPy's. The
helpers that take no arrays (assert_raises, assert_warns, ...) are NumPy's
objects themselves."""
import functools

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

    assertion.__doc__ = (f"numpy.testing.{name} for gpuarray arrays: every device array among the arguments "
                         f"is copied to the host, then NumPy's assertion runs (its parameters, its messages).\n\n"
                         f"See numpy.testing.{name} for the parameters.")
    assertion.__module__ = "gpuarray.testing"
    return assertion


globals().update({name: _on_host(name) for name in ARRAY_ASSERTIONS})
globals().update({name: getattr(numpy.testing, name) for name in HELPERS})
__all__ = [*ARRAY_ASSERTIONS, *HELPERS]
