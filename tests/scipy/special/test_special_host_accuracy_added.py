# SPDX-License-Identifier: BSD-3-Clause
"""CPU: the scipy.special functions added for issue 28's count (Carlson's
integrals, binom, powm1, erfi, wrightomega, the Chebyshev evaluators, the
parameter inverses, sici, shichi, fresnel), their headers compiled as host
C++ and compared with SciPy over special_host_cases_added.CASES_ADDED, plus
the checks where SciPy is the less accurate side: the inverses' round
trips, fresnel far out against the exact phase, binom for k >> |n| against
its asymptotic term."""
import math
from fractions import Fraction

import numpy
import pytest
import scipy.special as sc

import special_host_build as host
from special_host_cases_added import CASES_ADDED, HEADERS_ADDED

pytestmark = pytest.mark.skipif(host.compiler() is None, reason="no host C++ compiler (g++) to build the headers")


@pytest.fixture(scope="module")
def functions(tmp_path_factory):
    library = host.build([(name, case[0], case[1]) for name, case in CASES_ADDED.items()],
                         tmp_path_factory.mktemp("special_host_added"), host.HEADERS + HEADERS_ADDED)
    return host.HostFunctions(library)


@pytest.mark.parametrize("name", sorted(CASES_ADDED))
def test_float64_within_tolerance_of_scipy(functions, name):
    _, _, reference, sample, tol64, _, floor = CASES_ADDED[name]
    args = sample()
    with numpy.errstate(all="ignore"):
        want = reference(*args)
        got = functions(name, *args)
    assert host.relative_error(got, want, floor) <= tol64


@pytest.mark.parametrize("name", sorted(CASES_ADDED))
def test_float32_within_tolerance_of_scipy(functions, name):
    _, _, reference, sample, _, tol32, floor = CASES_ADDED[name]
    with numpy.errstate(all="ignore"):
        args = [numpy.asarray(a, numpy.float64).astype(numpy.float32) for a in sample()]
        want = numpy.asarray(reference(*[a.astype(numpy.float64) for a in args])).astype(numpy.float32)
        got = functions(name, *args, dtype=numpy.float32)
    assert host.relative_error(got, want, max(floor, 1e-30)) <= tol32


# (inverse, the forward function of (root, other arguments in the inverse's order), the probability's position)
ROUND_TRIPS = [
    ("gdtrib", lambda r, a, x: sc.gdtr(a, r, x), 1),
    ("chdtriv", lambda r, x: sc.chdtr(r, x), 0),
    ("pdtrik", lambda r, m: sc.gammaincc(r + 1, m), 0),
    ("bdtrik", lambda r, n, p: sc.betainc(n - r, r + 1, 1 - p), 0),
    ("bdtrin", lambda r, k, p: sc.betainc(r - k, k + 1, 1 - p), 1),
    ("nbdtrik", lambda r, n, p: sc.betainc(n, r + 1, p), 0),
    ("nbdtrin", lambda r, k, p: sc.betainc(r, k + 1, p), 1),
    ("stdtridf", lambda r, t: sc.stdtr(r, t), 0),
    ("btdtria", lambda r, b, x: sc.betainc(r, b, x), 0),
    ("btdtrib", lambda r, a, x: sc.betainc(a, r, x), 1),
    ("smirnovi", lambda r, n: sc.smirnov(n, r), 1),
    ("chndtrix", lambda r, df, nc: sc.chndtr(r, df, nc), 0),
    ("chndtridf", lambda r, x, nc: sc.chndtr(x, r, nc), 1),
    ("chndtrinc", lambda r, x, df: sc.chndtr(x, df, r), 2),
]


@pytest.mark.parametrize("name, forward, position", ROUND_TRIPS, ids=[r[0] for r in ROUND_TRIPS])
def test_parameter_inverses_round_trip(functions, name, forward, position):
    # SciPy's CDFLIB stops at a relative 1e-10 or so; these roots give the probability back to 1e-11 through
    # SciPy's own forward function (its error included), wherever the root is an interior one.
    args = [numpy.asarray(a, numpy.float64) for a in CASES_ADDED[name][3]()]
    with numpy.errstate(all="ignore"):
        root = functions(name, *args)
        others = args[:position] + args[position + 1:]
        back = forward(root, *others)
    p = args[position]
    # interior roots, not within 1e-6 of 1 (1 - root keeps only 1e-16 / (1 - root) of its digits there)
    interior = numpy.isfinite(root) & (root > 1e-6) & ~(numpy.abs(1 - root) < 1e-6)
    assert interior.sum() >= 0.5 * root.size
    assert host.relative_error(back[interior], p[interior]) <= 1e-11


def test_gdtria_gdtrix_are_gammaincinv_scaled(functions):
    p = numpy.array([1e-300, 1e-10, 0.3, 0.5, 0.9, 1 - 1e-12])
    b, scale = 3.5, 2.0
    assert host.relative_error(functions("gdtrix", scale, b, p), sc.gammaincinv(b, p) / scale) <= 1e-13
    assert host.relative_error(functions("gdtria", p, b, scale), sc.gammaincinv(b, p) / scale) <= 1e-13


def _fresnel_far(x):
    """S and C from the exact phase (x^2 mod 4 in rationals) and the first two terms of the auxiliary functions."""
    s, c = [], []
    for v in map(float, x):
        phase = float(Fraction(float(v)) ** 2 % 4) * math.pi / 2
        f = (1 - 3 / (math.pi * v * v) ** 2 if v < 1e50 else 1.0) / (math.pi * v)
        g = 1 / (math.pi ** 2 * v ** 3) if v < 1e50 else 0.0
        s.append(0.5 - f * math.cos(phase) - g * math.sin(phase))
        c.append(0.5 + f * math.sin(phase) - g * math.cos(phase))
    return numpy.array(s), numpy.array(c)


def test_fresnel_far_out(functions):
    # SciPy rounds pi x^2 / 2 before reducing it (an error of x eps / pi in the oscillating term); this one
    # reduces x^2 exactly, so beyond x = 1e3 it is compared with the exact phase: within 1 ulp.
    x = numpy.concatenate([numpy.geomspace(1e3, 1e300, 300), numpy.linspace(1e3, 2e4, 500)])
    s, c = _fresnel_far(x)
    assert host.relative_error(functions("fresnel_s", x), s) <= 5e-16
    assert host.relative_error(functions("fresnel_c", x), c) <= 5e-16
    assert host.relative_error(functions("fresnel_s", -x), -s) <= 5e-16


def test_binom_large_k(functions):
    # k >> |n|: binom(n, k) = Gamma(1 + n) sin(pi (k - n)) / (pi k^(n + 1)) (1 + n (n + 1) / (2k) + O(1/k^2)),
    # exactly 0 where k - n is an integer and n a non-negative integer.
    n = numpy.array([0.3, -0.5, 2.5, -28.5, 7.0, 1000.0])
    k = numpy.array([1e12 + 0.25, 1e13 + 0.75, 3e11, 1e12 + 0.25, 1e12, 1e12])
    want = numpy.array([sc.gammasgn(1 + a) * math.sin(math.pi * ((b - math.floor(b)) - a)) * (-1) ** int(b % 2)
                        / math.pi * math.exp(math.lgamma(1 + a) - (a + 1) * math.log(b)) * (1 + a * (a + 1) / (2 * b))
                        for a, b in zip(n, k)])
    want[-2:] = 0.0
    assert host.relative_error(functions("binom", n, k), want, 1e-300) <= 1e-13


def test_chebyshev_recurrence_matches_scipy_integer_loop_to_large_degree(functions):
    # Degrees past the recurrence (2000) take the closed form: absolute error n eps inside [-1, 1].
    n = numpy.array([1000, 2001, 2500, 4000])
    x = numpy.linspace(-1, 1, 201)
    nn, xx = numpy.meshgrid(n, x)
    for name in ("eval_chebyt", "eval_chebyu"):
        want = getattr(sc, name)(nn, xx)
        got = functions(name, nn.astype(numpy.float64), xx)
        scale = 1.0 if name == "eval_chebyt" else nn + 1.0
        assert numpy.all(numpy.abs(got - want) / scale <= 5e-16 * nn)


def test_kolmogi_and_tklmbda_round_trip(functions):
    p = numpy.concatenate([numpy.geomspace(1e-300, 0.5, 60), 1 - numpy.geomspace(1e-15, 0.5, 30)])
    assert host.relative_error(sc.kolmogorov(functions("kolmogi", p)), p) <= 1e-12
    # tklmbda against its quantile function (p^l - (1-p)^l) / l, where SciPy's own bisection stops at 7e-15
    # (for lmbda >= 1, x = Q(q) near -1/lmbda keeps only x eps / q of q: tails from 1e-3 there)
    for lmbda, tail in ((-0.5, 1e-12), (-0.1, 1e-12), (0.1, 1e-12), (0.5, 1e-12), (2.0, 1e-3)):
        q = numpy.concatenate([numpy.geomspace(tail, 0.5, 40), 1 - numpy.geomspace(max(tail, 1e-9), 0.5, 40)])
        x = (q ** lmbda - (1 - q) ** lmbda) / lmbda
        assert host.relative_error(functions("tklmbda", x, numpy.full_like(x, lmbda)), q) <= 1e-9


def test_owens_t_small_a(functions):
    # T(h, a) = a exp(-h^2 / 2) / (2 pi) (1 + O(a^2 h^2)) for tiny a; SciPy's is off by 2.5e-9 at a = 1e-8.
    h = numpy.linspace(-8, 8, 33)
    a = numpy.full_like(h, 1e-8)
    want = a * numpy.exp(-h * h / 2) / (2 * numpy.pi)
    assert host.relative_error(functions("owens_t", h, a), want) <= 1e-14
    # T(0, a) = atan(a) / (2 pi), T(h, 1) = Q(h) (1 - Q(h)) / 2, T(h, inf) = Q(|h|) / 2
    a = numpy.array([0.1, 1.0, 10.0, 1e10])
    assert host.relative_error(functions("owens_t", numpy.zeros(4), a), numpy.arctan(a) / (2 * numpy.pi)) <= 1e-15
    h = numpy.array([0.5, 2.0, 5.0, 10.0])
    q = sc.ndtr(-h)
    assert host.relative_error(functions("owens_t", h, numpy.ones(4)), q * (1 - q) / 2) <= 1e-13
    assert host.relative_error(functions("owens_t", -h, numpy.full(4, numpy.inf)), q / 2) <= 1e-13  # ndtr's own


def _mathieu_dense(kind, q, size=400):
    """The eigenvalues of the recurrence matrix `kind` (0: a_2n, 1: a_2n+1, 2: b_2n+1, 3: b_2n+2), densely."""
    k = numpy.arange(size)
    j = 2 * k if kind == 0 else 2 * k + 2 if kind == 3 else 2 * k + 1
    diagonal = (j * j).astype(numpy.float64)
    diagonal[0] += q if kind == 1 else -q if kind == 2 else 0.0
    off = numpy.full(size - 1, float(q))
    if kind == 0:
        off[0] *= numpy.sqrt(2)
    return numpy.linalg.eigvalsh(numpy.diag(diagonal) + numpy.diag(off, 1) + numpy.diag(off, -1))


def test_mathieu_against_dense_eigenvalues(functions):
    # where SciPy's own characteristic values fail (large m, |q|): NumPy's eigvalsh of a 400-row truncation
    for q in (300.0, 1e4, -1e4, 3e4):
        for m in (0, 1, 2, 3, 10, 25, 40):
            a = _mathieu_dense(m % 2, q)[m // 2]
            assert host.relative_error(functions("mathieu_a", m, q), a) <= 1e-12, (m, q)
            if m:
                b = _mathieu_dense(2, q)[(m - 1) // 2] if m % 2 else _mathieu_dense(3, q)[(m - 2) // 2]
                assert host.relative_error(functions("mathieu_b", m, q), b) <= 1e-12, (m, q)
