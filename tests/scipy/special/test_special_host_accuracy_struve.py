# SPDX-License-Identifier: BSD-3-Clause
"""CPU: the Struve functions (struve.cuh) compiled as host C++, against SciPy
itself (special_host_cases_struve's cases, run by
test_special_host_accuracy_added.py, compare with mpmath), SciPy's special
values, small values relative to themselves, and the borders between the
methods (x = 4, x = v + 1/2, x = 40)."""
import mpmath
import numpy
import pytest
import scipy.special as sc

import special_host_build as host
from special_host_cases import NONFINITE
from special_host_cases_struve import CASES_STRUVE, HEADERS_STRUVE, STRUVE_ORDERS

pytestmark = pytest.mark.skipif(host.compiler() is None, reason="no host C++ compiler (g++) to build the headers")


@pytest.fixture(scope="module")
def functions(tmp_path_factory):
    library = host.build([(name, case[0], case[1]) for name, case in CASES_STRUVE.items()],
                         tmp_path_factory.mktemp("special_host_struve"), host.HEADERS + HEADERS_STRUVE)
    return host.HostFunctions(library)


# SciPy's own error reaches 7.3e-11 (modstruve at v = -0.5, x = 12; these 5e-16 from mpmath there) and 1.5e-12
# (struve at x = 26, v = -0.3)
@pytest.mark.parametrize("name", ["struve", "modstruve"])
def test_matches_scipy(functions, name):
    x = numpy.concatenate([numpy.geomspace(1e-3, 700, 150), -numpy.geomspace(1e-3, 50, 10)])
    v, x = (a.ravel() for a in numpy.meshgrid(STRUVE_ORDERS, x))
    with numpy.errstate(all="ignore"):
        got, want = functions(name, v, x), getattr(sc, name)(v, x)
    assert host.relative_error(got, want, 1e-3 if name == "struve" else 1e-300) <= (2e-11 if name == "struve" else 1e-10)


@pytest.mark.parametrize("name", ["struve", "modstruve"])
def test_special_values_as_scipy(functions, name):
    v = numpy.concatenate([numpy.arange(-6, 5, 0.5), [-1.2, -2.3, 0.9, 0.99, 1.01, numpy.inf, -numpy.inf, numpy.nan]])
    for x in numpy.concatenate([[0.0, -0.0, -2.0], NONFINITE]):
        with numpy.errstate(all="ignore"):
            got, want = functions(name, v, numpy.full(v.shape, x)), getattr(sc, name)(v, x)
        special = ~numpy.isfinite(want) | (x == 0) | ~numpy.isfinite(v)
        numpy.testing.assert_array_equal(got[special], want[special], err_msg=f"{name} at x = {x}")
        assert host.relative_error(got, want, 1e-300) <= 1e-13


def test_small_values_relative_to_themselves(functions):
    # the power series' region and large orders, where H and L are far below 1
    v = numpy.array([2.0, 10.0, 25.5, 50.0, 150.0])[:, None]
    x = numpy.array([1e-3, 0.5, 3.9, 20.0, 60.0])[None, :]
    v, x = numpy.broadcast_arrays(v, x)
    for name, exact in (("struve", mpmath.struveh), ("modstruve", mpmath.struvel)):
        want = numpy.array([float(exact(a, b)) for a, b in zip(v.ravel(), x.ravel())])
        assert host.relative_error(functions(name, v.ravel(), x.ravel()), want, 1e-300) <= 1e-12


def test_method_borders(functions):
    for v in (0.3, 3.0, 10.0, 35.5):
        x = numpy.array([4.0 - 1e-9, 4.0, v + 0.5, v + 0.5 + 1e-9, 40.0 - 1e-9, 40.0, 3 * v, 3 * v + 1e-9])
        x = x[x > 0]
        orders = numpy.full(x.shape, v)
        for name, exact in (("struve", mpmath.struveh), ("modstruve", mpmath.struvel)):
            want = numpy.array([float(exact(v, b)) for b in x])
            assert host.relative_error(functions(name, orders, x), want, 1e-300) <= 1e-12, (name, v)
