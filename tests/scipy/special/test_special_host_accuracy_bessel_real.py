# SPDX-License-Identifier: BSD-3-Clause
"""CPU: jv, yv (the rows jv, jn, jve, yv, yve) and hyp0f1, their headers
compiled as host C++, against SciPy itself (special_host_cases_bessel_real's
cases, run by test_special_host_accuracy_added.py, compare with mpmath where
SciPy is the less accurate side), and against identities: the Wronskian, the
three-term recurrence across the methods' borders, and hyp0f1's series."""
import numpy
import pytest
import scipy.special as sc

import special_host_build as host
from special_host_cases import NONFINITE
from special_host_cases_bessel_real import BESSEL_ORDERS, CASES_BESSEL_REAL, HEADERS_BESSEL_REAL

pytestmark = pytest.mark.skipif(host.compiler() is None, reason="no host C++ compiler (g++) to build the headers")


@pytest.fixture(scope="module")
def functions(tmp_path_factory):
    library = host.build([(name, case[0], case[1]) for name, case in CASES_BESSEL_REAL.items()],
                         tmp_path_factory.mktemp("special_host_bessel_real"), host.HEADERS + HEADERS_BESSEL_REAL)
    return host.HostFunctions(library)


# SciPy's jv and yv (AMOS) keep about 1e-10 relative near the zeros at x = 1e5 (its phase), so far out these
# agree with it to 1e-10 of the amplitude sqrt(2 / (pi x)); below x = 1e3 to 1e-12 of it.
@pytest.mark.parametrize("name", ["jv", "yv"])
@pytest.mark.parametrize("xmax, tol", [(1e3, 1e-12), (1e5, 1e-10)])
def test_bessel_matches_scipy(functions, name, xmax, tol):
    x = numpy.concatenate([numpy.geomspace(1e-6, xmax, 200), [0.0, -1.0, -2.5], NONFINITE])
    v, x = (a.ravel() for a in numpy.meshgrid(BESSEL_ORDERS, x))
    with numpy.errstate(all="ignore"):
        want = getattr(sc, name)(v, x)
        got = functions(name, v, x)
        amplitude = numpy.minimum(1.0, numpy.sqrt(2 / (numpy.pi * numpy.abs(x))))
    finite = numpy.isfinite(want)
    ok = numpy.isfinite(want) & numpy.isfinite(got)
    err = numpy.abs(got[ok] - want[ok]) / numpy.maximum(numpy.maximum(numpy.abs(want[ok]), amplitude[ok]), 1e-280)
    assert err.max() <= tol
    # inf where SciPy overflowed, NaN where it gives NaN, agree (past 1e300 counts as overflowing)
    special = ~finite
    assert numpy.all(numpy.isnan(got[special]) == numpy.isnan(want[special]))
    big = special & ~numpy.isnan(want)
    assert numpy.all((got[big] == want[big]) | ((numpy.abs(got[big]) > 1e300) & (numpy.sign(got[big]) ==
                                                                                 numpy.sign(want[big]))))


def test_special_values_as_scipy(functions):
    v = numpy.array([0, 1, 2, -1, -2, -3, 0.5, -0.5, -1.5, -2.3, -2.5, -3.5, 2.3, numpy.inf, -numpy.inf, numpy.nan])
    for x in (0.0, -0.0, -1.0, numpy.inf, -numpy.inf, numpy.nan):
        xs = numpy.full(v.shape, x)
        with numpy.errstate(all="ignore"):
            for name in ("jv", "yv"):
                got, want = functions(name, v, xs), getattr(sc, name)(v, xs)
                numpy.testing.assert_allclose(got, want, rtol=1e-14, atol=0, err_msg=f"{name} at x = {x}")
                if x == 0:  # jv(-3, 0) is -0.0 as SciPy's
                    assert numpy.array_equal(numpy.signbit(got), numpy.signbit(want))


@pytest.mark.parametrize("v", [0.3, 2.7, 11.5, 40.2, 149.6])
def test_wronskian(functions, v):
    # J_(v+1) Y_v - J_v Y_(v+1) = 2 / (pi x) across every method's range
    x = numpy.geomspace(1e-2, 3e4, 400)
    orders = numpy.full(x.shape, v)
    j0, j1 = functions("jv", orders, x), functions("jv", orders + 1, x)
    y0, y1 = functions("yv", orders, x), functions("yv", orders + 1, x)
    ok = numpy.isfinite(y1) & (numpy.abs(y1) < 1e150)
    w = (j1 * y0 - j0 * y1)[ok]
    scale = (numpy.abs(j1 * y0) + numpy.abs(j0 * y1))[ok]
    assert numpy.max(numpy.abs(w - 2 / (numpy.pi * x[ok])) / scale) <= 1e-13


def test_hyp0f1_against_its_series_and_scipy(functions):
    v = numpy.array([0.5, 1.0, 2.5, 10.5, 50.0])[:, None]
    z = numpy.linspace(-30, 30, 61)[None, :]
    v, z = numpy.broadcast_arrays(v, z)
    got = functions("hyp0f1", v, z)
    k = numpy.arange(200.0)[:, None, None]
    # the terms z^k / ((v)_k k!) as exp of logs, with their signs
    logs = k * numpy.log(numpy.abs(z) + 1e-300) - (sc.gammaln(v + k) - sc.gammaln(v)) - sc.gammaln(k + 1)
    terms = numpy.exp(logs) * numpy.where(z < 0, (-1.0) ** k, 1.0)
    terms[0] = 1.0
    series = terms.sum(axis=0)
    magnitude = numpy.abs(terms).sum(axis=0)
    assert numpy.max(numpy.abs(got - series) / magnitude) <= 1e-14
    # SciPy is the less accurate side here: 1.05e-11 from mpmath at v = 0.5, z = -30 (these 4e-14)
    assert host.relative_error(got, sc.hyp0f1(v, z), 1e-2) <= 2e-11
