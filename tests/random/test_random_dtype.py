# SPDX-License-Identifier: BSD-3-Clause
"""dtype= (float32 or float64) on every continuous distribution of Generator,
RandomState and the module functions. Without a GPU: signatures, NumPy's
TypeError for other dtypes and ValueError/OverflowError for bad parameters,
docstrings (the float32 kernels themselves are run on the host and their PTX
checked in test_random_kernels.py). On a GPU: n = 10^6 samples of each
distribution in both dtypes against scipy.stats (Kolmogorov-Smirnov and
moments), size=None, broadcasting of array parameters, reproducibility and the
documented relation between the float32 and float64 streams."""
import inspect
import math
import types

import numpy
import pytest
import scipy.stats as st

import gpuarray as xp
from random_cases import CONTINUOUS, ks_pvalue

gpu = pytest.mark.gpu
N = 10**6
SEED = 33
P_KS = 1e-3  # fixed seeds: a correct sampler passes at this level, a wrong one fails by far at n = 10^6
FLOATS = [numpy.float64, numpy.float32]

# Every continuous distribution, and the branches that float32 treats apart.
CASES = CONTINUOUS + [
    ("beta", (0.5, 0.5), st.beta(0.5, 0.5)),  # a, b <= 1: Johnk's algorithm
    ("standard_gamma", (1e6,), st.gamma(1e6)),  # large shape: the logarithmic test, in double
    ("standard_t", (0.5,), st.t(0.5)),  # df < 1: float32 draws made in double
    ("f", (5.0, 0.5), st.f(5.0, 0.5)),  # dfden < 1: likewise
    ("vonmises", (1.0, 500.0), st.vonmises(500.0, loc=1.0)),  # large kappa (in double for both dtypes)
    ("wald", (2.0, 0.01), st.invgauss(200.0, scale=0.01)),  # mean >> scale: the root written not to cancel
]

# Samplers whose float32 kernel keeps a step in double (docs/random.md says
# which step and why): the gamma family's logarithmic test, the df < 1 draws
# of standard_t / f / noncentral_f, von Mises throughout.
DOUBLE_INSIDE = {"beta", "chisquare", "f", "gamma", "noncentral_chisquare", "noncentral_f", "standard_gamma",
                 "standard_t", "vonmises"}

# The samplers of the distribution kernels (every continuous one but
# standard_normal, and normal, uniform, lognormal with scalar parameters):
# float32 and float64 samples of one seed take the same words, the float32
# uniforms being the float64 ones cut to 23 bits, so nearly every element
# agrees to float32 precision (rejection samplers part where a test falls
# differently, the transforms differ in the far tails). Measured on the host:
# 99.8% or more of the elements within rtol 1e-4, the median 1-3 ulps apart.
RELATED = sorted({m for m, _, _ in CASES} - {"normal", "uniform", "lognormal", "standard_normal"})
RELATED_FRACTION = 0.995

METHODS = sorted({m for m, _, _ in CASES}) + ["dirichlet", "multivariate_normal"]
EXAMPLE_ARGS = {m: a for m, a, _ in reversed(CASES)} | {"dirichlet": ([1.0, 2.0],),
                                                         "multivariate_normal": ([0.0], [[1.0]])}


def ids(cases):
    return [f"{m}{a}" for m, a, *_ in cases]


# ---- CPU: the API ------------------------------------------------------------------------

@pytest.mark.parametrize("method", METHODS)
def test_every_continuous_method_takes_dtype_after_size(method):
    for owner in (xp.random.Generator, xp.random.RandomState):
        params = inspect.signature(getattr(owner, method)).parameters
        names = list(params)
        assert params["dtype"].default in (numpy.float64, float), owner
        if method != "multivariate_normal":  # NumPy's check_valid, tol and method come between
            assert names.index("dtype") == names.index("size") + 1, (owner, names)
    assert callable(getattr(xp.random, method)), "the module function of the legacy API"


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float16, numpy.complex64, bool, "i8"])
def test_other_dtypes_raise_type_error_naming_the_allowed_ones(method, dtype):
    for rng in (xp.random.default_rng(0), xp.random.RandomState(0)):
        with pytest.raises(TypeError, match=rf"Unsupported dtype '\w+' for {method}: dtype must be float32 or "
                                            "float64"):
            getattr(rng, method)(*EXAMPLE_ARGS[method], dtype=dtype)


def test_dtype_is_checked_before_the_parameters():
    """As NumPy's Generator.standard_gamma: the dtype first."""
    with pytest.raises(TypeError):
        numpy.random.default_rng(0).standard_gamma(-1.0, dtype=numpy.int32)
    for rng in (xp.random.default_rng(0), xp.random.RandomState(0)):
        with pytest.raises(TypeError):
            rng.standard_gamma(-1.0, dtype=numpy.int32)
        with pytest.raises(TypeError):
            rng.normal(0.0, -1.0, dtype=numpy.int32)


# (method, args): NumPy raises for each (ValueError, or OverflowError for uniform's range).
BAD = [
    ("beta", (0.0, 1.0)), ("beta", (1.0, -1.0)), ("chisquare", (0.0,)), ("exponential", (-1.0,)),
    ("exponential", (-0.0,)), ("f", (0.0, 1.0)), ("f", (1.0, 0.0)), ("gamma", (-1.0,)), ("gamma", (1.0, -1.0)),
    ("gamma", (-0.0,)), ("gumbel", (0.0, -1.0)), ("laplace", (0.0, -1.0)), ("logistic", (0.0, -1.0)),
    ("lognormal", (0.0, -1.0)), ("normal", (0.0, -1.0)), ("normal", (0.0, -0.0)),
    ("noncentral_chisquare", (0.0, 1.0)), ("noncentral_chisquare", (1.0, -1.0)),
    ("noncentral_f", (0.0, 1.0, 1.0)), ("noncentral_f", (1.0, 0.0, 1.0)), ("noncentral_f", (1.0, 1.0, -1.0)),
    ("pareto", (0.0,)), ("power", (0.0,)), ("rayleigh", (-1.0,)), ("standard_gamma", (-1.0,)),
    ("standard_t", (0.0,)), ("triangular", (2.0, 1.0, 3.0)), ("triangular", (0.0, 2.0, 1.0)),
    ("triangular", (1.0, 1.0, 1.0)), ("uniform", (0.0, numpy.inf)), ("uniform", (-1e308, 1e308)),
    ("uniform", (numpy.nan, 1.0)), ("vonmises", (0.0, -1.0)), ("wald", (0.0, 1.0)), ("wald", (1.0, 0.0)),
    ("weibull", (-1.0,)),
]


@pytest.mark.parametrize("method, args", BAD, ids=ids(BAD))
@pytest.mark.parametrize("dtype", FLOATS, ids=["float64", "float32"])
def test_bad_parameters_raise_what_numpy_raises(method, args, dtype):
    for ours, theirs in ((xp.random.default_rng(0), numpy.random.default_rng(0)),
                         (xp.random.RandomState(0), numpy.random.RandomState(0))):
        with pytest.raises((ValueError, OverflowError)) as expected:
            getattr(theirs, method)(*args)
        with pytest.raises(expected.type) as got:
            getattr(ours, method)(*args, dtype=dtype)
        assert str(got.value) == str(expected.value), type(ours)


@pytest.mark.parametrize("method", METHODS)
def test_docstrings_are_numpy_style(method):
    doc = inspect.getdoc(getattr(xp.random.Generator, method))
    for section in ("Parameters\n----------", "dtype : {float32, float64}, optional", "Returns\n-------",
                    "Examples\n--------", f"rng.{method}("):
        assert section in doc, section
    assert f"RandomState.{method} on the global state" in inspect.getdoc(getattr(xp.random, method))


# ---- GPU: the samples ------------------------------------------------------------------

def assert_moments(x, dist, dtype):
    """Mean (and variance, where the fourth moment is finite) within five
    standard errors, plus the rounding of float32 samples."""
    mean, var, kurtosis = (float(v) for v in dist.stats(moments="mvk"))
    if not (math.isfinite(mean) and math.isfinite(var)):
        return
    rounding = 4 * numpy.finfo(dtype).eps * (abs(mean) + math.sqrt(var))
    assert abs(x.mean() - mean) < 5 * math.sqrt(var / x.size) + rounding
    if math.isfinite(kurtosis):
        assert abs(x.var() - var) < 5 * var * math.sqrt((kurtosis + 2) / x.size) + 2 * rounding * math.sqrt(var)


@gpu
@pytest.mark.parametrize("dtype", FLOATS, ids=["float64", "float32"])
@pytest.mark.parametrize("method, args, dist", CASES, ids=ids(CASES))
def test_samples_follow_the_distribution(method, args, dist, dtype):
    x = getattr(xp.random.default_rng(SEED), method)(*args, size=N, dtype=dtype)
    assert x.shape == (N,) and x.dtype == dtype
    h = x.get().astype(numpy.float64)
    assert not numpy.isnan(h).any()
    assert ks_pvalue(h, dist) > P_KS
    assert_moments(h, dist, dtype)


@gpu
@pytest.mark.parametrize("dtype", FLOATS, ids=["float64", "float32"])
def test_size_none_gives_a_0d_array(dtype):
    for rng in (xp.random.default_rng(SEED), xp.random.RandomState(SEED)):
        for method, args, dist in CASES:
            x = getattr(rng, method)(*args, dtype=dtype)
            assert x.shape == () and x.dtype == dtype, method
            value, (low, high) = float(x.get()), dist.support()
            assert low <= value <= high, method


# (method, parameters broadcast to (2, 3), the scipy law of one cell's parameters)
BROADCAST = [
    ("normal", ([[0.0], [10.0]], [1.0, 2.0, 3.0]), lambda loc, scale: st.norm(loc, scale)),
    ("uniform", ([[-1.0], [2.0]], [0.5, 3.0, 4.0]),  # high < low is allowed: values in (high, low]
     lambda low, high: st.uniform(min(low, high), abs(high - low))),
    ("lognormal", ([[0.0], [1.0]], [0.25, 0.5, 1.0]), lambda m, s: st.lognorm(s, scale=math.exp(m))),
    ("gamma", ([[0.5], [4.0]], [1.0, 2.0, 0.5]), lambda k, s: st.gamma(k, scale=s)),
    ("beta", ([[0.5], [2.0]], [0.5, 1.0, 3.0]), lambda a, b: st.beta(a, b)),
    ("wald", ([[1.0], [3.0]], [0.5, 2.0, 20.0]), lambda m, s: st.invgauss(m / s, scale=s)),
    ("triangular", ([[0.0], [1.0]], [1.0, 1.5, 2.0], 3.0), lambda lo, m, hi: st.triang((m - lo) / (hi - lo), lo,
                                                                                       hi - lo)),
    ("vonmises", ([[0.0], [1.0]], [0.5, 2.0, 50.0]), lambda mu, k: wrapped_vonmises(mu, k)),
]


def wrapped_vonmises(mu, kappa):
    """scipy's von Mises law about `mu` on [-pi, pi], where the samples are
    wrapped (scipy's cdf accumulates along the whole real line)."""
    law = st.vonmises(kappa, loc=mu)
    return types.SimpleNamespace(cdf=lambda x: law.cdf(x) - law.cdf(-numpy.pi))


@gpu
@pytest.mark.parametrize("dtype", FLOATS, ids=["float64", "float32"])
@pytest.mark.parametrize("method, params, law", BROADCAST, ids=[b[0] for b in BROADCAST])
def test_array_parameters_broadcast(method, params, law, dtype):
    rng = xp.random.default_rng(SEED)
    on_device = [xp.asarray(p) if isinstance(p, list) else p for p in params]
    assert getattr(rng, method)(*on_device, dtype=dtype).shape == (2, 3)
    assert getattr(rng, method)(*params, dtype=dtype).shape == (2, 3), "host lists too"
    n = 50_000
    x = getattr(rng, method)(*on_device, size=(n, 2, 3), dtype=dtype)
    assert x.shape == (n, 2, 3) and x.dtype == dtype
    h = x.get().astype(numpy.float64)
    cells = numpy.broadcast_arrays(*(numpy.asarray(p, numpy.float64) for p in params))
    for i in range(2):
        for j in range(3):
            dist = law(*(float(c[i, j]) for c in cells))
            assert ks_pvalue(h[:, i, j], dist) > P_KS, (i, j)


@gpu
@pytest.mark.parametrize("dtype", FLOATS, ids=["float64", "float32"])
def test_same_seed_and_dtype_give_the_same_numbers(dtype):
    for method, args, _ in CASES:
        a, b = xp.random.default_rng(SEED), xp.random.default_rng(SEED)
        first = getattr(a, method)(*args, size=1001, dtype=dtype).get()
        numpy.testing.assert_array_equal(first, getattr(b, method)(*args, size=1001, dtype=dtype).get())
        assert not numpy.array_equal(first, getattr(a, method)(*args, size=1001, dtype=dtype).get()), method


@gpu
@pytest.mark.parametrize("method, args", [(m, a) for m, a, _ in CASES if m in RELATED], ids=str)
def test_float32_stream_is_the_float64_stream_in_float(method, args):
    """Distribution kernels: the same seed draws the same words in both
    dtypes; float32 evaluates the sampler in float on uniforms cut to 23 bits."""
    x32 = getattr(xp.random.default_rng(SEED), method)(*args, size=100_000, dtype=numpy.float32).get()
    x64 = getattr(xp.random.default_rng(SEED), method)(*args, size=100_000).get()
    assert numpy.isclose(x32, x64, rtol=1e-4, atol=1e-6).mean() > RELATED_FRACTION
    if method not in DOUBLE_INSIDE:
        assert (x32 != x64.astype(numpy.float32)).any(), "computed in float, not rounded from double"


@gpu
def test_float32_bulk_uniforms_are_float64_uniforms_cut_to_24_bits():
    """The bulk streams take one word per float32 value and two per float64
    one: float32 element 2m holds the leading 24 bits of float64 element m."""
    for kind in (xp.random.XORWOW, xp.random.Philox4x32_10, xp.random.MRG32k3a):
        x32 = xp.random.Generator(kind(SEED)).random(2 * 4099, dtype=numpy.float32).get()
        x64 = xp.random.Generator(kind(SEED)).random(4099).get()
        numpy.testing.assert_array_equal(x32[::2], numpy.floor(x64 * 2**24) / 2**24)


@gpu
def test_legacy_api_takes_dtype_in_cupy_order():
    rs = xp.random.RandomState(SEED)
    for method, args, dist in CASES:
        x = getattr(rs, method)(*args, 2000, numpy.float32)
        assert x.shape == (2000,) and x.dtype == numpy.float32
    xp.random.seed(SEED)
    x = xp.random.gamma(2.0, 1.0, 2000, numpy.float32)
    assert x.dtype == numpy.float32 and ks_pvalue(x.get(), st.gamma(2.0)) > P_KS
    d = rs.dirichlet([1.0, 2.0, 3.0], 1000, numpy.float32)
    assert d.shape == (1000, 3) and d.dtype == numpy.float32
    numpy.testing.assert_allclose(d.get().sum(axis=1), 1.0, rtol=1e-6)
    m = rs.multivariate_normal([0.0, 1.0], [[2.0, 0.5], [0.5, 1.0]], 200_000, dtype=numpy.float32)
    assert m.shape == (200_000, 2) and m.dtype == numpy.float32
    numpy.testing.assert_allclose(numpy.cov(m.get().T), [[2.0, 0.5], [0.5, 1.0]], atol=0.05)  # 8 standard errors


@gpu
def test_bad_device_parameters_raise_what_numpy_raises():
    rng = xp.random.default_rng(0)
    for method, args, message in [("gamma", ([1.0, -2.0],), "shape < 0"),
                                  ("normal", ([0.0, 1.0], [1.0, -0.0]), "scale < 0"),
                                  ("wald", ([1.0, 2.0], [0.0, 1.0]), "scale <= 0"),
                                  ("triangular", ([0.0, 2.0], [1.0, 1.0], 3.0), "left > mode")]:
        with pytest.raises(ValueError, match=message):
            getattr(numpy.random.default_rng(0), method)(*args)
        with pytest.raises(ValueError, match=message):
            getattr(rng, method)(*(xp.asarray(a) if isinstance(a, list) else a for a in args), dtype=numpy.float32)
    with pytest.raises(OverflowError, match="high - low range exceeds valid bounds"):
        rng.uniform(xp.asarray([0.0, -numpy.inf]), 1.0, dtype=numpy.float32)


@gpu
def test_small_parameters_give_no_nan_in_float32():
    """Where both gammas of a ratio would underflow float32: beta by Johnk's
    algorithm in logs, standard_t and f with df < 1 in double."""
    rng = xp.random.default_rng(SEED)
    for x in (rng.beta(0.01, 0.02, size=N, dtype=numpy.float32), rng.standard_t(0.05, size=N, dtype=numpy.float32),
              rng.f(0.05, 0.05, size=N, dtype=numpy.float32)):
        h = x.get()
        assert not numpy.isnan(h).any()
    b = rng.beta(0.01, 0.02, size=N, dtype=numpy.float32).get()
    assert ((b >= 0) & (b <= 1)).all()
    # P(X > 1/2) of Beta(0.01, 0.02) is about 2/3: the mass sits at both ends.
    assert abs((b > 0.5).mean() - st.beta(0.01, 0.02).sf(0.5)) < 0.005
