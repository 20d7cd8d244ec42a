# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.scipy.special on the GPU against SciPy on the host: every ufunc
in float64 and float32 over its domain (the host-accuracy samples), integer
input promoting as SciPy's loops do, layouts (strided, negative strides,
broadcast, 0-d, empty), out= and dtype=; then zeta, multigammaln, logsumexp,
softmax, log_softmax, comb, perm and the factorials."""
import numpy
import pytest
import scipy.special as sc

import gpuarray as xp
from gpuarray.scipy import special
from special_host_cases import CASES, EDGES, exactly_as_scipy, since_scipy_1_18
from special_host_cases_added import ADDED_UFUNCS

pytestmark = pytest.mark.gpu

# (the ufuncs added for issue 28's count have their own file, test_special_gpu_added.py)
PUBLIC_UFUNCS = sorted(n for n in special.__all__ if isinstance(getattr(special, n), xp.ufunc) and n not in ADDED_UFUNCS)
# Samples for the ufuncs without a host case (CUDA's functions on the device).
EXTRA_SAMPLES = {
    "erf": lambda: (numpy.concatenate([numpy.linspace(-7, 7, 2001), [0, numpy.nan, numpy.inf, -numpy.inf]]),),
    "gamma": lambda: (numpy.concatenate([numpy.linspace(-20.5, 171, 3001), [0, -1, -2, numpy.nan, numpy.inf]]),),
    "gammaln": lambda: (numpy.concatenate([numpy.linspace(-20.5, 1e4, 3001), [0, 1, 2, -1, numpy.nan, numpy.inf]]),),
    "psi": CASES["digamma"][3],
    "cbrt": lambda: (numpy.concatenate([numpy.geomspace(1e-300, 1e300, 500), -numpy.geomspace(1e-300, 1e300, 500)]),),
    "expm1": lambda: (numpy.concatenate([numpy.linspace(-50, 700, 2001), numpy.geomspace(1e-300, 1e-3, 200)]),),
    "log1p": lambda: (numpy.concatenate([numpy.geomspace(1e-300, 1e300, 500), -numpy.geomspace(1e-300, 0.999, 200),
                                         [-1, -2, numpy.inf]]),),
}
# The device's own functions (CUDA's erf, tgamma, lgamma, j0, ... and the
# headers' where CUDA has one) are checked to 1e-13 relative in float64.
DEVICE_TOL64 = 1e-13


def sample(name):
    if name in CASES:
        case = CASES[name]
        return case[3](), max(case[4], DEVICE_TOL64), max(case[6], 1e-300)
    # lgamma's zeros on the negative axis (|gamma| = 1): absolute error there, as CUDA documents lgamma's
    return EXTRA_SAMPLES[name](), DEVICE_TOL64, 1.0 if name == "gammaln" else 1e-300


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


@pytest.mark.parametrize("name", PUBLIC_UFUNCS)
def test_float64_matches_scipy(name):
    args, rtol, floor = sample(name)
    if getattr(sc, name).types[0][0] == "l" and getattr(sc, name).ntypes == 1:
        args = (numpy.asarray(args[0]).astype(numpy.int64),) + tuple(args[1:])  # an integer degree only
    with numpy.errstate(all="ignore"):
        want = getattr(sc, name)(*args)
    got = getattr(special, name)(*[xp.asarray(a) for a in args])
    assert got.dtype == want.dtype
    assert_close(got.get(), want, rtol, floor)


# SciPy 1.18's float loops of these (Boost's incomplete beta under a policy that
# keeps float in float) are computed in float arithmetic and lose accuracy:
# betainc(581.7, 33.84, 0.825) is 0 in float32 where the double loop (and the
# true value) is 1.5e-19, fdtrc 15% off at 8.6e-30, the inverses 0.15% off at
# tiny roots, stdtr 1.4e-5. gpuarray's float loops compute in double and round
# once, so these compare with SciPy's double loop on the same float32 inputs,
# rounded (test_special_host_accuracy checks the same on the host).
SCIPY_FLOAT_LOOP_IN_FLOAT = {"betainc", "betaincinv", "betainccinv", "fdtr", "fdtrc", "fdtri", "stdtr"}


@pytest.mark.parametrize("name", PUBLIC_UFUNCS)
def test_float32_matches_scipy(name):
    if not any(t.startswith("f") for t in getattr(sc, name).types):
        pytest.skip(f"scipy.special.{name} has no float32 loop")
    args, _, floor = sample(name)
    with numpy.errstate(all="ignore"):
        args32 = [numpy.asarray(a).astype(numpy.float32) for a in args]
        if name in SCIPY_FLOAT_LOOP_IN_FLOAT:
            want = getattr(sc, name)(*[a.astype(numpy.float64) for a in args32]).astype(numpy.float32)
        else:
            want = getattr(sc, name)(*args32)
    got = getattr(special, name)(*[xp.asarray(a) for a in args32])
    assert got.dtype == want.dtype == numpy.float32
    assert_close(got.get(), want, 1e-5, max(floor, 1e-30))


@pytest.mark.parametrize("name", PUBLIC_UFUNCS)
@since_scipy_1_18
def test_integer_and_bool_inputs_promote_as_scipy(name):
    ufunc = getattr(sc, name)
    for dtype in (numpy.int8, numpy.int32, numpy.int64, numpy.uint16, numpy.bool_):
        host = [numpy.arange(1, 7).astype(dtype) for _ in range(ufunc.nin)]
        with numpy.errstate(all="ignore"):
            want = ufunc(*host)
        got = getattr(special, name)(*[xp.asarray(h) for h in host])
        assert got.dtype == want.dtype, (dtype, got.dtype, want.dtype)
        # SciPy 1.18 computes small integers in float32: a float32 ulp or two apart.
        assert_close(got.get(), want, 1e-12 if want.dtype == numpy.float64 else 1e-6, 1e-300)


@pytest.mark.parametrize("name", ["erf", "gammaln", "expit", "i0e", "digamma", "beta", "xlogy", "kv", "radian"])
def test_layouts(name):
    ufunc, ours = getattr(sc, name), getattr(special, name)
    rng = numpy.random.default_rng(7)
    base = rng.uniform(0.5, 4.0, size=(6, 10))
    views = [lambda a: a[::2, ::3], lambda a: a[::-1, ::-2], lambda a: a[2, 3], lambda a: a[:0]]
    for view in views:
        host = [view(base + i) for i in range(ufunc.nin)]
        device = [view(xp.asarray(base + i)) for i in range(ufunc.nin)]
        assert_close(ours(*device).get(), ufunc(*host), 1e-12, 1e-300)
    # broadcasting: a row against a column
    host = [base[:1] if i == 0 else base[:, :1] + i for i in range(ufunc.nin)]
    assert_close(ours(*[xp.asarray(h) for h in host]).get(), ufunc(*host), 1e-12, 1e-300)


def test_out_and_dtype():
    x = numpy.linspace(-3, 3, 50)
    out = xp.empty(50)
    assert special.erf(xp.asarray(x), out=out) is out
    assert_close(out.get(), sc.erf(x), 1e-13, 1e-300)
    out32 = xp.empty(50, numpy.float32)
    special.erf(xp.asarray(x), out=out32)  # same_kind cast of the double loop's result
    assert_close(out32.get(), sc.erf(x).astype(numpy.float32), 1e-6, 1e-30)
    got = special.erf(xp.asarray(x), dtype=numpy.float32)
    want = sc.erf(x, dtype=numpy.float32)
    assert got.dtype == want.dtype and numpy.allclose(got.get(), want, rtol=1e-6)
    with pytest.raises(TypeError):
        special.erf(xp.asarray(x), out=xp.empty(50, numpy.int32))  # NumPy's casting error


@since_scipy_1_18
def test_python_scalars_and_weak_promotion():
    f32 = xp.asarray(numpy.linspace(1, 2, 5, dtype=numpy.float32))
    assert special.beta(f32, 2.0).dtype == sc.beta(f32.get(), 2.0).dtype == numpy.float32
    assert special.poch(f32, 2.0).dtype == sc.poch(f32.get(), 2.0).dtype == numpy.float32
    # NumPy 2's legacy search: a Python int casts by kind next to integer arrays ('fff->f' for int8 and
    # uint16), and fits the integer order of 'ld->d' loops
    i8, u16 = xp.asarray(numpy.arange(1, 4, dtype=numpy.int8)), xp.asarray(numpy.arange(1, 4, dtype=numpy.uint16))
    assert special.betainc(i8, u16, 1).dtype == sc.betainc(i8.get(), u16.get(), 1).dtype == numpy.float32
    assert special.kn(2, f32).dtype == sc.kn(2, f32.get()).dtype == numpy.float64
    assert_close(special.kn(2, f32).get(), sc.kn(2, f32.get()), 1e-13, 1e-300)
    b = xp.asarray(numpy.array([True, False]))
    assert special.bdtr(b, 3, xp.asarray(numpy.array([0.5, 0.25]))).dtype == numpy.float64
    assert special.erf(f32).dtype == numpy.float32
    assert float(special.erf(0.5)) == pytest.approx(sc.erf(0.5), rel=1e-15)


def test_special_cbrt_and_expm1_complex():
    z = numpy.array([0.5 + 0.25j, -1e-10 + 1e-12j, 3 - 4j])
    assert_close(special.expm1(xp.asarray(z)).get().real, sc.expm1(z).real, 1e-15, 1e-300)
    assert_close(special.log1p(xp.asarray(z)).get().imag, sc.log1p(z).imag, 1e-15, 1e-300)
    assert special.cbrt(xp.asarray(numpy.float32(8))).dtype == numpy.float32


def test_zeta_polygamma_and_multigammaln():
    x = numpy.linspace(-20, 20, 81)
    assert_close(special.zeta(xp.asarray(x)).get(), sc.zeta(x), 1e-12, 1e-300)
    q = numpy.linspace(0.5, 5, 10)
    assert_close(special.zeta(xp.asarray(x[45:55]), xp.asarray(q)).get(), sc.zeta(x[45:55], q), 1e-13, 1e-300)
    out = xp.empty(81)
    assert special.zeta(xp.asarray(x), out=out) is out
    n, xs = numpy.array([[0], [1], [2], [5]]), numpy.array([0.5, 1.0, 3.5, 40.0, -1.5])
    assert_close(special.polygamma(xp.asarray(n), xp.asarray(xs)).get(), sc.polygamma(n, xs), 1e-12, 1e-300)
    a = numpy.linspace(3, 30, 7)
    for d in (1, 2, 5):
        assert_close(special.multigammaln(xp.asarray(a), d).get(), sc.multigammaln(a, d), 1e-13, 1e-300)
    with pytest.raises(ValueError):
        special.multigammaln(xp.asarray([1.0, 2.0]), 5)


@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1), -1])
@pytest.mark.parametrize("keepdims", [False, True])
def test_logsumexp(axis, keepdims):
    rng = numpy.random.default_rng(3)
    a = rng.normal(size=(4, 5)) * 300
    b = rng.uniform(-1, 1, size=(4, 5))
    assert_close(special.logsumexp(xp.asarray(a), axis=axis, keepdims=keepdims).get(),
                 sc.logsumexp(a, axis=axis, keepdims=keepdims), 1e-13, 1e-300)
    got, sign = special.logsumexp(xp.asarray(a), axis=axis, b=xp.asarray(b), keepdims=keepdims, return_sign=True)
    want, want_sign = sc.logsumexp(a, axis=axis, b=b, keepdims=keepdims, return_sign=True)
    assert_close(got.get(), want, 1e-12, 1e-300)
    numpy.testing.assert_array_equal(sign.get(), want_sign)


def test_logsumexp_infinities_and_dtypes():
    a = numpy.array([[-numpy.inf, -numpy.inf], [numpy.inf, 1.0], [0.0, 1.0]])
    with numpy.errstate(all="ignore"):
        want = sc.logsumexp(a, axis=1)
    assert_close(special.logsumexp(xp.asarray(a), axis=1).get(), want, 1e-15, 1e-300)
    f32 = numpy.linspace(0, 1, 8, dtype=numpy.float32)
    assert special.logsumexp(xp.asarray(f32)).dtype == sc.logsumexp(f32).dtype


@pytest.mark.parametrize("axis", [None, 0, 1])
def test_softmax_and_log_softmax(axis):
    a = numpy.random.default_rng(5).normal(size=(3, 6)) * 50
    assert_close(special.softmax(xp.asarray(a), axis=axis).get(), sc.softmax(a, axis=axis), 1e-13, 1e-300)
    assert_close(special.log_softmax(xp.asarray(a), axis=axis).get(), sc.log_softmax(a, axis=axis), 1e-13, 1e-300)


def test_comb_perm_factorials_float():
    N = numpy.array([10.0, 3.0, 0.0, -2.0, 10.5, 60.0])
    k = numpy.array([3.0, 5.0, 0.0, 1.0, 3.2, 30.0])
    assert_close(special.comb(xp.asarray(N), xp.asarray(k)).get(), sc.comb(N, k), 1e-13, 1e-300)
    assert_close(special.comb(xp.asarray(N), xp.asarray(k), repetition=True).get(), sc.comb(N, k, repetition=True),
                 1e-13, 1e-300)
    assert_close(special.perm(xp.asarray(N), xp.asarray(k)).get(), sc.perm(N, k), 1e-13, 1e-300)
    n = numpy.array([-1.0, 0.0, 3.0, 3.5, 170.0, 171.0, numpy.nan])
    assert_close(special.factorial(xp.asarray(n)).get(), sc.factorial(n), 1e-13, 1e-300)
    assert_close(special.factorial(xp.asarray(n), extend="complex").get(), sc.factorial(n, extend="complex"),
                 1e-13, 1e-300)
    m = numpy.array([-3, 0, 1, 6, 7, 300, 301])
    assert_close(special.factorial2(xp.asarray(m)).get(), sc.factorial2(m), 1e-13, 1e-300)
    r = numpy.array([-1.5, 6.0, 7.0, 7.5])
    assert_close(special.factorial2(xp.asarray(r), extend="complex").get(), sc.factorial2(r, extend="complex"),
                 1e-13, 1e-300)


def test_ufunc_reduce_and_outer_on_a_binary_special_ufunc():
    a = numpy.linspace(0.5, 3, 12).reshape(3, 4)
    assert_close(special.beta.reduce(xp.asarray(a), axis=1).get(), sc.beta.reduce(a, axis=1), 1e-12, 1e-300)
    assert_close(special.xlogy.outer(xp.asarray(a[0]), xp.asarray(a[1])).get(), sc.xlogy.outer(a[0], a[1]), 1e-14,
                 1e-300)
    assert_close(special.beta.accumulate(xp.asarray(a[0])).get(), sc.beta.accumulate(a[0]), 1e-12, 1e-300)


@pytest.mark.parametrize("name, call, sample", EDGES, ids=[f"{e[0]}-{i}" for i, e in enumerate(EDGES)])
@since_scipy_1_18
def test_overflow_and_pole_edges_exactly_as_scipy(name, call, sample):
    args = numpy.broadcast_arrays(*[numpy.asarray(a, numpy.float64) for a in sample()])
    with numpy.errstate(all="ignore"):
        want = getattr(sc, name)(*args)
    got = getattr(special, name)(*[xp.asarray(numpy.ascontiguousarray(a)) for a in args]).get()
    assert exactly_as_scipy(got, want) == []


@since_scipy_1_18
def test_comb_perm_factorials_special_values():
    # SciPy 1.18: comb and perm are 0 for NaN; comb with repetition is binom(N + k - 1, k) (NaN where that
    # is a negative integer, 1 for k = 0 <= N); factorial(extend='complex') is NaN at -1, factorial2's at -2;
    # empty input comes back as given.
    N = numpy.array([numpy.nan, 5.0, 0.0, -1.0, -2.0, 5.0, 2.5, 30.0])
    k = numpy.array([2.0, numpy.nan, 0.0, 0.0, 3.0, -1.0, 1.5, 10.0])
    for repetition in (False, True):
        want = sc.comb(N, k, repetition=repetition)
        assert exactly_as_scipy(special.comb(xp.asarray(N), xp.asarray(k), repetition=repetition).get(), want,
                                1e-13) == []
    assert exactly_as_scipy(special.perm(xp.asarray(N), xp.asarray(k)).get(), sc.perm(N, k), 1e-13) == []
    n = numpy.array([-1.0, -2.0, -0.5, 0.0, numpy.nan, 171.0])
    for extend in ("zero", "complex"):
        assert exactly_as_scipy(special.factorial(xp.asarray(n), extend=extend).get(),
                                sc.factorial(n, extend=extend), 1e-13) == []
    r = numpy.array([-2.0, -4.0, -3.0, -1.0, numpy.nan, 0.0])
    assert exactly_as_scipy(special.factorial2(xp.asarray(r), extend="complex").get(),
                            sc.factorial2(r, extend="complex"), 1e-13) == []
    empty = xp.asarray(numpy.array([], dtype=numpy.int8))
    assert special.factorial(empty).dtype == sc.factorial(numpy.array([], dtype=numpy.int8)).dtype == numpy.int8
    assert special.factorial2(empty).dtype == numpy.int8


def test_poch_integer_products_in_contiguous_pairs():
    # Note [Fixed-count product loops] (gamma.cuh): contiguous arrays gave z (z + 2) (z + 4) ...
    z = numpy.arange(1, 12)
    for dtype in (numpy.int32, numpy.float64):
        a = z.astype(dtype)
        assert_close(special.poch(xp.asarray(a), xp.asarray(a)).get(), sc.poch(a, a), 1e-14, 1e-300)
        assert_close(special.poch(xp.asarray(a), xp.asarray(a[::-1].copy())).get(), sc.poch(a, a[::-1]), 1e-14,
                     1e-300)
