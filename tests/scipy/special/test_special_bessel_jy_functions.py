# SPDX-License-Identifier: BSD-3-Clause
"""jvp, yvp, spherical_jn and spherical_yn (built on the jv and yv ufuncs):
their argument errors before any device work on the CPU, and on the GPU
their values against SciPy, including negative, zero, infinite and
non-integer arguments."""
import inspect

import numpy
import pytest
import scipy.special as sc

import gpuarray as xp
from gpuarray.scipy import special


def test_derivative_order_errors_are_scipys():
    for ours, theirs in ((special.jvp, sc.jvp), (special.yvp, sc.yvp)):
        for bad, error in ((-1, ValueError), (1.5, TypeError)):
            with pytest.raises(error, match="n must be a non-negative integer"):
                ours(1.0, 2.0, bad)
            with pytest.raises(error, match="n must be a non-negative integer"):
                theirs(1.0, 2.0, bad)


def test_names_and_signatures():
    for name in ("jvp", "yvp"):
        assert list(inspect.signature(getattr(special, name)).parameters) == ["v", "z", "n"]
    for name in ("spherical_jn", "spherical_yn"):
        assert list(inspect.signature(getattr(special, name)).parameters) == ["n", "z", "derivative"]
        assert name in special.__all__


def close(got, want, rtol, floor=1e-300):
    got, want = numpy.asarray(got, numpy.float64), numpy.asarray(want, numpy.float64)
    numpy.testing.assert_array_equal(numpy.isnan(got), numpy.isnan(want))
    numpy.testing.assert_array_equal(got[numpy.isinf(want)], want[numpy.isinf(want)])
    finite = numpy.isfinite(want)
    err = numpy.abs(got[finite] - want[finite]) / numpy.maximum(numpy.abs(want[finite]), floor)
    assert err.size == 0 or err.max() <= rtol, err.max()


@pytest.mark.gpu
def test_jvp_yvp():
    v = numpy.array([0.0, 0.5, 1.5, 3.0, -2.5, 10.2])[:, None]
    z = numpy.array([0.1, 1.0, 2.0, 10.0, 50.0, 700.0])
    for n in (0, 1, 2, 5):
        close(special.jvp(xp.asarray(v), xp.asarray(z), n).get(), sc.jvp(v, z, n), 1e-10, 1e-3)
        close(special.yvp(xp.asarray(v), xp.asarray(z), n).get(), sc.yvp(v, z, n), 1e-10, 1e-3)


@pytest.mark.gpu
@pytest.mark.parametrize("derivative", [False, True])
def test_spherical_jn_yn(derivative):
    n = numpy.array([0, 1, 2, 5, 20, 2.7, -1])[:, None]  # 2.7: SciPy's integer loop truncates it to 2
    z = numpy.array([0.0, 1e-3, 0.5, 3.0, 40.0, 300.0, -2.0, -7.5, numpy.inf, -numpy.inf, numpy.nan])
    with numpy.errstate(all="ignore"):
        want_j = sc.spherical_jn(numpy.trunc(n).astype(int), z, derivative)
        want_y = sc.spherical_yn(numpy.trunc(n).astype(int), z, derivative)
    close(special.spherical_jn(xp.asarray(n), xp.asarray(z), derivative).get(), want_j, 1e-12, 1e-3)
    close(special.spherical_yn(xp.asarray(n), xp.asarray(z), derivative).get(), want_y, 1e-12, 1e-3)
    assert numpy.isnan(special.spherical_jn(-1, xp.asarray(1.0)).get()) and numpy.isnan(sc.spherical_jn(-1, 1.0))
    assert numpy.isnan(special.spherical_yn(-1, xp.asarray(1.0)).get()) and numpy.isnan(sc.spherical_yn(-1, 1.0))
