# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special's Gauss quadrature rules (roots_* and the short aliases):
the host rules against SciPy's nodes, weights and mu, the rules' exactness
on polynomials (where SciPy's own weights are the less accurate ones:
1e-11 for Legendre at n = 100), SciPy's argument errors before any device
work, and (GPU) the device arrays the public functions return."""
import math

import numpy
import pytest
import scipy.special as sc

import gpuarray as xp
from gpuarray.scipy import special
from gpuarray.scipy.special._gauss_quadrature import HOST_RULES

FAMILIES = [("legendre", ()), ("sh_legendre", ()), ("chebyt", ()), ("chebyu", ()), ("chebyc", ()), ("chebys", ()),
            ("sh_chebyt", ()), ("sh_chebyu", ()), ("hermite", ()), ("hermitenorm", ()), ("laguerre", ()),
            ("genlaguerre", (0.5,)), ("genlaguerre", (-0.7,)), ("genlaguerre", (12.0,)), ("gegenbauer", (0.7,)),
            ("gegenbauer", (3.5,)), ("gegenbauer", (-0.3,)), ("gegenbauer", (0.0,)), ("jacobi", (0.5, -0.3)),
            ("jacobi", (-0.5, -0.5)), ("jacobi", (3.0, 7.0)), ("sh_jacobi", (2.5, 1.5)), ("sh_jacobi", (1.0, 1.0))]
IDS = [f"{f}{p}" for f, p in FAMILIES]
DEGREES = [1, 2, 3, 5, 10, 31, 64, 100]
ALIASES = {"p_roots": "legendre", "ps_roots": "sh_legendre", "t_roots": "chebyt", "u_roots": "chebyu",
           "c_roots": "chebyc", "s_roots": "chebys", "ts_roots": "sh_chebyt", "us_roots": "sh_chebyu",
           "h_roots": "hermite", "he_roots": "hermitenorm", "l_roots": "laguerre", "la_roots": "genlaguerre",
           "cg_roots": "gegenbauer", "j_roots": "jacobi", "js_roots": "sh_jacobi"}


@pytest.mark.parametrize("family, params", FAMILIES, ids=IDS)
def test_host_rules_match_scipy(family, params):
    for n in DEGREES:
        x, w, mu = HOST_RULES[family](n, *params)
        want_x, want_w, want_mu = getattr(sc, "roots_" + family)(n, *params, mu=True)
        assert x.shape == w.shape == (n,)
        # nodes: relative, absolute below 1e-3 (the middle node 0 is 1e-16 on either side)
        assert numpy.max(numpy.abs(x - want_x) / numpy.maximum(numpy.abs(want_x), 1e-3)) <= 2e-13
        # weights: SciPy's own are off by up to 3e-11 (Gegenbauer, alpha < 0) of the largest (see the exactness test)
        assert numpy.max(numpy.abs(w - want_w)) <= 1e-10 * numpy.max(want_w)
        assert mu == pytest.approx(want_mu, rel=1e-15)


def moment(family, params, k):
    """The integral of x^k against the family's weight (exact, from the Beta and Gamma functions)."""
    if family in ("legendre", "jacobi", "gegenbauer"):
        a, b = (0.0, 0.0) if family == "legendre" else params if family == "jacobi" else (params[0] - 0.5,) * 2
        # int_-1^1 x^k (1-x)^a (1+x)^b dx = 2^(a+b+1) int_0^1 (2t-1)^k t^b (1-t)^a dt, expanded binomially
        return 2 ** (a + b + 1) * sum(math.comb(k, j) * 2 ** j * (-1) ** (k - j) * sc.beta(b + j + 1, a + 1)
                                      for j in range(k + 1))
    if family == "hermite":
        return 0.0 if k % 2 else math.gamma((k + 1) / 2)
    if family == "genlaguerre":
        return math.gamma(k + params[0] + 1)
    raise ValueError(family)


@pytest.mark.parametrize("family, params", [("legendre", ()), ("jacobi", (0.5, -0.3)), ("gegenbauer", (0.7,)),
                                            ("hermite", ()), ("genlaguerre", (0.5,))])
def test_rules_integrate_polynomials_exactly(family, params):
    for n in (10, 64, 100):
        x, w, _ = HOST_RULES[family](n, *params)
        for k in (0, 1, 2, 7, 19, min(2 * n - 1, 99)):  # Gamma(k + 1.5) overflows a double past k ~ 170
            want = moment(family, params, k)
            got = numpy.sum(w * x ** k)
            # the sum's own rounding (odd moments near 0), and the reference's: its binomial sum cancels 3^k-fold
            slack = numpy.sum(numpy.abs(w * x ** k)) + (1e-2 * 3.0 ** k if family in ("legendre", "jacobi", "gegenbauer")
                                                        else 0.0)
            assert abs(got - want) <= 1e-13 * slack + 1e-13 * abs(want), (n, k)


def test_large_rules_stay_finite():
    x, w, _ = HOST_RULES["laguerre"](400)  # SciPy's own is NaN here
    assert numpy.all(numpy.isfinite(x)) and numpy.all(numpy.isfinite(w))
    assert abs(w.sum() - 1) <= 1e-13 and abs((w * x).sum() - 1) <= 1e-12
    x, w, _ = HOST_RULES["legendre"](1000)
    assert abs(w.sum() - 2) <= 1e-14


@pytest.mark.parametrize("bad", [0, -1, 2.5])
def test_degree_errors_are_scipys(bad):
    for family, params in (("legendre", ()), ("jacobi", (0.5, 0.5)), ("chebyt", ())):
        with pytest.raises(ValueError, match="n must be a positive integer"):
            getattr(special, "roots_" + family)(bad, *params)
        with pytest.raises(ValueError, match="n must be a positive integer"):
            getattr(sc, "roots_" + family)(bad, *params)


def test_parameter_errors_are_scipys():
    cases = [("roots_genlaguerre", (3, -1.5), "alpha must be greater than -1"),
             ("roots_gegenbauer", (3, -0.6), "alpha must be greater than -0.5"),
             ("roots_jacobi", (3, -1, 0.5), "alpha and beta must be greater than -1"),
             ("roots_sh_jacobi", (3, 1, 2.5), r"\(p - q\) must be greater than -1"),
             ("roots_sh_jacobi", (3, 1, 0), r"\(p - q\) must be greater than -1")]
    for name, args, message in cases:
        with pytest.raises(ValueError, match=message):
            getattr(special, name)(*args)
        with pytest.raises(ValueError, match=message):
            getattr(sc, name)(*args)


def test_aliases_are_the_same_functions():
    for alias, family in ALIASES.items():
        assert getattr(special, alias) is getattr(special, "roots_" + family)
        assert getattr(sc, alias) is getattr(sc, "roots_" + family)


@pytest.mark.gpu
@pytest.mark.parametrize("family, params", FAMILIES, ids=IDS)
def test_device_arrays(family, params):
    x, w = getattr(special, "roots_" + family)(7, *params)
    x2, w2, mu = getattr(special, "roots_" + family)(7, *params, mu=True)
    assert isinstance(x, xp.ndarray) and isinstance(w, xp.ndarray) and isinstance(mu, float)
    assert x.dtype == w.dtype == numpy.float64 and x.shape == (7,)
    want_x, want_w, _ = HOST_RULES[family](7, *params)
    numpy.testing.assert_array_equal(x.get(), want_x)
    numpy.testing.assert_array_equal(w2.get(), want_w)
