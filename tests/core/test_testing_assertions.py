# SPDX-License-Identifier: BSD-3-Clause
"""xp.testing's assertions (issue 25): numpy.testing's, taking device arrays;
xp.testing loads on first use, not with `import gpuarray`."""
import subprocess
import sys

import numpy
import pytest

import gpuarray as xp
from gpuarray.testing import _assertions

gpu = pytest.mark.gpu


def test_testing_loads_on_first_use():
    code = ("import sys, gpuarray; assert 'gpuarray.testing' not in sys.modules; "
            "assert 'numpy.testing' not in sys.modules; gpuarray.testing.assert_equal(1, 1); "
            "assert 'gpuarray.testing' in sys.modules and 'testing' in dir(gpuarray)")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("name", _assertions.HELPERS)
def test_helpers_are_numpys(name):
    assert getattr(xp.testing, name) is getattr(numpy.testing, name)


@pytest.mark.parametrize("name", _assertions.ARRAY_ASSERTIONS)
def test_host_arguments_behave_as_in_numpy(name):
    """Without device arrays each assertion is NumPy's: same passes, same failure text."""
    args = {"assert_array_less": ([1.0, 2.0], [1.5, 2.5]), "assert_approx_equal": (1.0, 1.0 + 1e-9),
            "assert_array_almost_equal_nulp": (numpy.array([1.0]), numpy.array([1.0])),
            "assert_array_max_ulp": (numpy.array([1.0]), numpy.array([1.0]))}.get(name, ([1.0, 2.0], (1.0, 2.0)))
    getattr(xp.testing, name)(*args)
    failing = (1.0, 2.0) if name == "assert_approx_equal" else (numpy.array([1.0, 2.0]), numpy.array([1.0, 3.0]))
    with pytest.raises(AssertionError) as expected:
        getattr(numpy.testing, name)(*failing)
    with pytest.raises(AssertionError) as actual:
        getattr(xp.testing, name)(*failing)
    assert str(actual.value) == str(expected.value)


def test_containers_are_walked():
    assert _assertions.to_host({"a": [1, (2, 3)]}) == {"a": [1, (2, 3)]}


@gpu
@pytest.mark.parametrize("name", [n for n in _assertions.ARRAY_ASSERTIONS if n != "assert_approx_equal"])
def test_device_arguments_compare_as_their_host_copies(name):
    a = xp.asarray(numpy.array([[1.0, 2.0], [3.0, 4.0]], dtype=numpy.float32))
    host = a.get()
    bigger = host + 1
    if name == "assert_array_less":
        xp.testing.assert_array_less(a, xp.asarray(bigger))
        xp.testing.assert_array_less(a.T, bigger.T)
    else:
        getattr(xp.testing, name)(a, host)
        getattr(xp.testing, name)(a.T, xp.asarray(host).T)
    with pytest.raises(AssertionError) as expected:
        getattr(numpy.testing, name)(bigger, host)
    with pytest.raises(AssertionError) as actual:
        getattr(xp.testing, name)(xp.asarray(bigger), a)
    assert str(actual.value) == str(expected.value)


@gpu
def test_assert_equal_walks_lists_of_device_arrays():
    a = xp.arange(3)
    xp.testing.assert_equal([a, {"b": a[1:]}], [numpy.arange(3), {"b": numpy.arange(1, 3)}])
    with pytest.raises(AssertionError):
        xp.testing.assert_equal([a], [numpy.arange(1, 4)])


@gpu
def test_assert_approx_equal_takes_0d_device_arrays():
    xp.testing.assert_approx_equal(xp.asarray(1.0), 1.0 + 1e-9)
    with pytest.raises(AssertionError):
        xp.testing.assert_approx_equal(xp.asarray(1.0), 2.0)
