# SPDX-License-Identifier: BSD-3-Clause
"""CPU: Kelvin's functions (kelvin.cuh) compiled as host C++, against SciPy
itself (special_host_cases_kelvin's cases, run by
test_special_host_accuracy_added.py, compare with mpmath: SciPy is the less
accurate side), against SciPy's special values, the parities, and the
Wronskian-like identity of the ber/bei and ker/kei pairs."""
import mpmath
import numpy
import pytest
import scipy.special as sc

import special_host_build as host
from special_host_cases_kelvin import CASES_KELVIN, HEADERS_KELVIN, KELVIN_NAMES

pytestmark = pytest.mark.skipif(host.compiler() is None, reason="no host C++ compiler (g++) to build the headers")


@pytest.fixture(scope="module")
def functions(tmp_path_factory):
    library = host.build([(name, case[0], case[1]) for name, case in CASES_KELVIN.items()],
                         tmp_path_factory.mktemp("special_host_kelvin"), host.HEADERS + HEADERS_KELVIN)
    return host.HostFunctions(library)


def _envelope(name, x):
    """The size of the oscillation: e^(x/sqrt 2) / sqrt(2 pi x) for the I's, sqrt(pi / (2x)) e^(-x/sqrt 2) for the K's."""
    x = numpy.maximum(numpy.abs(x), 1e-300)
    with numpy.errstate(all="ignore"):
        if name.startswith("b"):
            return numpy.maximum(numpy.exp(x / numpy.sqrt(2)) / numpy.sqrt(2 * numpy.pi * x), 1.0)
        return numpy.sqrt(numpy.pi / (2 * x)) * numpy.exp(-x / numpy.sqrt(2))


# SciPy's KLVNA keeps 1e-9 to 2e-9 relative around x = 8-10 and near the zeros (these within 5e-13 of mpmath there).
@pytest.mark.parametrize("name", KELVIN_NAMES)
def test_matches_scipy_to_its_accuracy(functions, name):
    x = numpy.concatenate([numpy.geomspace(1e-6, 1000, 400), -numpy.geomspace(1e-3, 50, 20)])
    with numpy.errstate(all="ignore"):
        got, want = functions(name, x), getattr(sc, name)(x)
    ok = numpy.isfinite(want)
    err = numpy.abs(got[ok] - want[ok]) / numpy.maximum(numpy.abs(want[ok]), _envelope(name, x[ok]))
    assert err.max() <= 3e-9
    numpy.testing.assert_array_equal(numpy.isnan(got), numpy.isnan(want))


@pytest.mark.parametrize("name", KELVIN_NAMES)
def test_special_values_as_scipy(functions, name):
    x = numpy.array([0.0, -0.0, -1.0, numpy.inf, -numpy.inf, numpy.nan, 1100.0, 1200.0])
    with numpy.errstate(all="ignore"):
        got, want = functions(name, x), getattr(sc, name)(x)
    special = ~numpy.isfinite(want) | (x == 0)
    numpy.testing.assert_array_equal(got[special], want[special])


def test_parities(functions):
    x = numpy.geomspace(1e-3, 60, 50)
    for name in ("ber", "bei"):
        numpy.testing.assert_array_equal(functions(name, -x), functions(name, x))
    for name in ("berp", "beip"):
        numpy.testing.assert_array_equal(functions(name, -x), -functions(name, x))
    for name in ("ker", "kei", "kerp", "keip"):
        assert numpy.isnan(functions(name, -x)).all()


def test_wronskian(functions):
    # The real part of I_0(z) d/dx K_0(z) - d/dx I_0(z) K_0(z) = -1/x (z = x e^(i pi/4), the Wronskian
    # I_0 K_0' - I_0' K_0 = -1/z times dz/dx): ber ker' - ber' ker - bei kei' + bei' kei = -1/x
    x = numpy.geomspace(1e-2, 60, 300)
    br, bi, kr, ki = (functions(n, x) for n in ("ber", "bei", "ker", "kei"))
    brp, bip, krp, kip = (functions(n, x) for n in ("berp", "beip", "kerp", "keip"))
    w = br * krp - brp * kr - bi * kip + bip * ki
    scale = numpy.abs(br * krp) + numpy.abs(brp * kr) + numpy.abs(bi * kip) + numpy.abs(bip * ki)
    assert numpy.max(numpy.abs(w + 1 / x) / scale) <= 1e-13


def test_keip_at_tiny_x(functions):
    # keip(x) = -(x/2) log(x/2) + (x/4)(1 - 2 gamma) + O(x^3 log x): exact where SciPy's is 7e-4 off at x = 1e-300
    with mpmath.workdps(700):
        rotation = mpmath.expjpi(mpmath.mpf(1) / 4)
        want = float((-rotation * mpmath.besselk(1, mpmath.mpf(1e-300) * rotation)).imag)
    assert host.relative_error(functions("keip", numpy.array([1e-300])), numpy.array([want])) <= 1e-15
