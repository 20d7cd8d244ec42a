# SPDX-License-Identifier: BSD-3-Clause
"""The scipy.special ufuncs added for issue 28's count on the GPU against
SciPy (or the exact references of special_host_cases_added where SciPy is the
less accurate side): float64 and float32 over the host-accuracy samples, the
two-output ufuncs (sici, shichi, fresnel) with out= tuples, integer input
promoting as SciPy 1.18's loops do, layouts and broadcasting, and softplus."""
import numpy
import pytest
import scipy.special as sc

import gpuarray as xp
from gpuarray.scipy import special
from special_host_cases import since_scipy_1_18
from special_host_cases_added import ADDED_UFUNCS, CASES_ADDED

pytestmark = pytest.mark.gpu

# The device runs the headers the host tests check, with CUDA's exp, log, sin, ... (within an ulp or two of
# the C library's): the host tolerance, at least 1e-13.
DEVICE_TOL64 = 1e-13


def assert_close(got, want, rtol, floor):
    got, want = numpy.asarray(got, numpy.float64), numpy.asarray(want, numpy.float64)
    assert got.shape == want.shape
    # SciPy overflows to +-inf a little before the true value does (kv(60, 3.3e-4) = 2.78e306,
    # poch(1e-8, 174.3) = 2.06e306, erfi(26.65) = 5.58e306, the device's values, as mpmath's to 14 digits):
    # the device's finite value past 1e300 with the same sign stands there.
    overflows_early = numpy.isinf(want) & numpy.isfinite(got) & (numpy.abs(got) > 1e300) & (
        numpy.sign(got) == numpy.sign(want))
    special_values = ~numpy.isfinite(want) & ~overflows_early
    numpy.testing.assert_array_equal(got[special_values], want[special_values])
    finite = numpy.isfinite(want)
    err = numpy.abs(got[finite] - want[finite]) / numpy.maximum(numpy.abs(want[finite]), floor)
    assert err.size == 0 or err.max() <= rtol, f"max relative error {err.max():.3g} > {rtol:g}"


def each_case(name):
    """(arguments, reference of the output, output index, float64 tol, absolute floor) for each case of `name`."""
    for case, index in ADDED_UFUNCS[name]:
        _, _, reference, sample, tol64, _, floor = CASES_ADDED[case]
        yield [numpy.asarray(a, numpy.float64) for a in sample()], reference, index, max(tol64, DEVICE_TOL64), floor


def output(result, index):
    return result if index is None else result[index]


@pytest.mark.parametrize("name", sorted(ADDED_UFUNCS))
def test_float64_matches_scipy(name):
    for args, reference, index, rtol, floor in each_case(name):
        with numpy.errstate(all="ignore"):
            want = reference(*args)
        got = output(getattr(special, name)(*[xp.asarray(a) for a in args]), index)
        assert got.dtype == numpy.float64
        assert_close(got.get(), want, rtol, max(floor, 1e-300))


@pytest.mark.parametrize("name", sorted(ADDED_UFUNCS))
def test_float32_matches_scipy(name):
    for args, reference, index, _, floor in each_case(name):
        with numpy.errstate(all="ignore"):
            args32 = [a.astype(numpy.float32) for a in args]
            want = numpy.asarray(reference(*[a.astype(numpy.float64) for a in args32])).astype(numpy.float32)
        got = output(getattr(special, name)(*[xp.asarray(a) for a in args32]), index)
        assert got.dtype == numpy.float32
        assert_close(got.get(), want, 1e-5, max(floor, 1e-30))


# Parameter inverses at arguments all 0 or all 1 (every bool input, the first integer one) put the
# probability at 0 or 1: SciPy returns its root search's bound there (DBL_MIN or FLT_MIN, 1e10, inf),
# and its float32 and float64 loops, and its versions, disagree (nbdtrik(1, 1, 1) is inf in float32 and NaN in float64 under SciPy 1.17); gpuarray
# returns the parameter's limit (0 or inf) or NaN. Those elements are left out of the value comparison.
BOUNDARY_ARTEFACTS = {"btdtria", "btdtrib", "chndtridf", "chndtrinc", "nbdtrik", "nbdtrin", "stdtridf"}
# SciPy's float32 loops of the Kelvin functions compute in float32 (kei(6) 1e-3 off); gpuarray's compute in
# double and round: where SciPy picks float32, its float64 values at the same inputs are the reference.
FLOAT32_COMPUTED_IN_FLOAT32 = {"ber", "bei", "ker", "kei", "berp", "beip", "kerp", "keip"}


@pytest.mark.parametrize("name", sorted(ADDED_UFUNCS))
@since_scipy_1_18
def test_integer_and_bool_inputs_promote_as_scipy(name):
    ufunc = getattr(sc, name)
    for dtype in (numpy.int8, numpy.int32, numpy.int64, numpy.uint16, numpy.bool_):
        host = [(numpy.arange(1, 7) % 2 if dtype is numpy.bool_ else numpy.arange(1, 7)).astype(dtype)
                for _ in range(ufunc.nin)]
        with numpy.errstate(all="ignore"):
            want = ufunc(*host)
        got = getattr(special, name)(*[xp.asarray(h) for h in host])
        for g, w in zip(got if ufunc.nout > 1 else [got], want if ufunc.nout > 1 else [want]):
            assert g.dtype == w.dtype, (dtype, g.dtype, w.dtype)
            g = g.get()
            if name in FLOAT32_COMPUTED_IN_FLOAT32 and w.dtype == numpy.float32:
                with numpy.errstate(all="ignore"):
                    w = ufunc(*[h.astype(numpy.float64) for h in host]).astype(numpy.float32)
            if name in BOUNDARY_ARTEFACTS:  # the elements whose arguments are all 0 or 1 (every bool one)
                interior = ~numpy.all([(h == 0) | (h == 1) for h in host], axis=0)
                g, w = g[interior], w[interior]
            assert_close(g, w, 1e-7 if w.dtype == numpy.float64 else 1e-5, 1e-300)


def test_two_output_ufuncs_and_out_tuples():
    x = numpy.concatenate([numpy.linspace(-20, 20, 401), [0.0, numpy.inf, numpy.nan]])
    for name in ("sici", "shichi", "fresnel"):
        ours, theirs = getattr(special, name), getattr(sc, name)
        assert (ours.nin, ours.nout) == (1, 2)
        with numpy.errstate(all="ignore"):
            want = theirs(x)
        first, second = xp.empty(x.size), xp.empty(x.size)
        got = ours(xp.asarray(x), out=(first, second))
        assert got[0] is first and got[1] is second
        assert_close(first.get(), want[0], 1e-13, 1e-3)
        assert_close(second.get(), want[1], 1e-13, 1e-3)
        got32 = ours(xp.asarray(x.astype(numpy.float32)))
        assert got32[0].dtype == got32[1].dtype == numpy.float32


@pytest.mark.parametrize("name", ["binom", "elliprf", "elliprg", "gdtrix", "sici", "powm1"])
def test_layouts_and_broadcasting(name):
    ufunc, ours = getattr(sc, name), getattr(special, name)
    base = numpy.random.default_rng(11).uniform(0.1, 0.9, size=(6, 10))
    views = [lambda a: a[::2, ::3], lambda a: a[::-1, ::-2], lambda a: a[2, 3], lambda a: a[:0]]
    for view in views:
        host = [view(base * (i + 1)) for i in range(ufunc.nin)]
        device = [view(xp.asarray(base * (i + 1))) for i in range(ufunc.nin)]
        got, want = ours(*device), ufunc(*host)
        for g, w in zip(got if ufunc.nout > 1 else [got], want if ufunc.nout > 1 else [want]):
            assert_close(g.get(), w, 1e-12, 1e-300)
    host = [base[:1] if i == 0 else base[:, :1] * (i + 1) for i in range(ufunc.nin)]
    got, want = ours(*[xp.asarray(h) for h in host]), ufunc(*host)
    for g, w in zip(got if ufunc.nout > 1 else [got], want if ufunc.nout > 1 else [want]):
        assert_close(g.get(), w, 1e-12, 1e-300)


def test_chebyshev_integer_degree_loop():
    n = numpy.arange(-5, 40)
    x = numpy.linspace(-1.5, 1.5, 31)[:, None]
    for name in ("eval_chebyt", "eval_chebyu", "eval_sh_chebyt"):
        got = getattr(special, name)(xp.asarray(n), xp.asarray(x))
        want = getattr(sc, name)(n, x)
        assert got.dtype == want.dtype == numpy.float64
        assert_close(got.get(), want, 1e-13, 1.0)


def test_softplus_and_sinc():
    x = numpy.array([-1000.0, -30.0, -1.0, 0.0, 1e-20, 1.0, 30.0, 1000.0, numpy.inf, -numpy.inf])
    assert_close(special.softplus(xp.asarray(x)).get(), sc.softplus(x), 1e-15, 1e-300)
    f32 = x.astype(numpy.float32)
    assert special.softplus(xp.asarray(f32)).dtype == sc.softplus(f32).dtype == numpy.float32
    out = xp.empty(x.size)
    assert special.softplus(xp.asarray(x), out=out) is out
    assert_close(special.sinc(xp.asarray(x[2:8])).get(), sc.sinc(x[2:8]), 1e-15, 1e-300)
