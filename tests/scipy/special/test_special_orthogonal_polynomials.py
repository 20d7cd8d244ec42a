# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special's orthogonal polynomial constructors (legendre(n), ...,
sh_jacobi(n, p, q)): their host parts (coefficients, Gauss rule, norm,
interval) against SciPy's orthopoly1d for every family, degree 0 to 8 and
monic or not, the argument errors, and (GPU) the orthopoly1d objects:
device coefficients, weights, calls through the eval_* ufuncs or the polynomial."""
import numpy
import pytest
import scipy.special as sc

import gpuarray as xp
from gpuarray.scipy import special
from gpuarray.scipy.special._orthogonal_polynomials import host_orthopoly

FAMILIES = [("legendre", ()), ("chebyt", ()), ("chebyu", ()), ("chebyc", ()), ("chebys", ()),
            ("jacobi", (0.5, -0.3)), ("jacobi", (2.0, 3.5)), ("laguerre", ()), ("genlaguerre", (0.5,)),
            ("genlaguerre", (-0.6,)), ("hermite", ()), ("hermitenorm", ()), ("gegenbauer", (0.7,)),
            ("gegenbauer", (2.5,)), ("sh_legendre", ()), ("sh_chebyt", ()), ("sh_chebyu", ()),
            ("sh_jacobi", (2.5, 1.5)), ("sh_jacobi", (1.0, 1.0))]
IDS = [f"{f}{p}" for f, p in FAMILIES]


@pytest.mark.parametrize("family, params", FAMILIES, ids=IDS)
def test_host_parts_match_scipy(family, params):
    for n in range(9):
        for monic in (False, True):
            coeffs, weights, norm, limits, _ = host_orthopoly(family, n, params, monic)
            want = getattr(sc, family)(n, *params, monic=monic)
            assert coeffs.shape == want.coeffs.shape
            assert numpy.max(numpy.abs(coeffs - want.coeffs)) <= 1e-12 * numpy.max(numpy.abs(want.coeffs))
            assert weights.shape == numpy.shape(want.weights)
            if n:
                scale = numpy.maximum(numpy.abs(want.weights), 1e-3)  # the middle node cos(pi/2) is 6e-17 here, 0 there
                assert numpy.max(numpy.abs(weights - want.weights) / scale) <= 1e-10
            assert norm == pytest.approx(want.normcoef, rel=1e-12)
            assert tuple(limits) == tuple(want.limits)


def test_argument_errors_are_scipys():
    cases = [("legendre", (-1,)), ("genlaguerre", (3, -1.0)), ("gegenbauer", (3, -0.5)), ("jacobi", (3, -1.0, 0.5)),
             ("sh_jacobi", (3, 1.0, 0.0))]
    for name, args in cases:
        with pytest.raises(ValueError):
            getattr(special, name)(*args)
        with pytest.raises(ValueError):
            getattr(sc, name)(*args)


@pytest.mark.gpu
@pytest.mark.parametrize("family, params", FAMILIES, ids=IDS)
def test_orthopoly1d_objects(family, params):
    for n in (0, 1, 4):
        ours, theirs = getattr(special, family)(n, *params), getattr(sc, family)(n, *params)
        assert isinstance(ours, xp.poly1d) and isinstance(ours.coeffs, xp.ndarray)
        numpy.testing.assert_allclose(ours.coeffs.get(), theirs.coeffs, rtol=1e-12, atol=1e-14)
        assert ours.normcoef == pytest.approx(theirs.normcoef, rel=1e-12) and tuple(ours.limits) == tuple(theirs.limits)
        x = numpy.linspace(0.05, 0.95, 7)  # inside every family's interval
        numpy.testing.assert_allclose(ours(xp.asarray(x)).get(), theirs(x), rtol=1e-11, atol=1e-12)
        numpy.testing.assert_allclose(xp.asarray(ours.weight_func(xp.asarray(x))).get(), theirs.weight_func(x),
                                      rtol=1e-13)
