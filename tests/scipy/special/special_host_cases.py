# SPDX-License-Identifier: BSD-3-Clause
"""The host-build accuracy cases: for each scipy.special function, the
header's call, SciPy's function, sample points over its domain (large
arguments, poles, zeros, NaN/inf included) and the worst relative error
allowed in float64 and float32 (docs/scipy_special.md lists what was measured)."""
import numpy
import pytest
import scipy
import scipy.special as sc

# Note [SciPy 1.18 is the reference] (tests/scipy/linalg/scipy_linalg_cases.py): the
# special table follows SciPy 1.18's loops, float before double (1.17 listed double
# first, so small integers and float16 resolved to double there).
SCIPY_1_18 = tuple(int(p) for p in scipy.__version__.split(".")[:2]) >= (1, 18)
since_scipy_1_18 = pytest.mark.skipif(not SCIPY_1_18, reason="the special table follows SciPy 1.18's loop order; "
                                      f"this host has SciPy {scipy.__version__}")

NONFINITE = numpy.array([numpy.nan, numpy.inf, -numpy.inf])


def spread(lo, hi, n=4000):
    """Points from lo to hi, evenly in log scale where the range spans decades, plus random ones."""
    pts = [numpy.linspace(lo, hi, n)]
    if lo > 0 and hi / lo > 100:
        pts.append(numpy.geomspace(lo, hi, n))
    if lo < 0 < hi:
        pts.append(numpy.geomspace(1e-300, hi, n // 2))
        pts.append(-numpy.geomspace(1e-300, -lo, n // 2))
    pts.append(numpy.random.default_rng([2026, n]).uniform(lo, hi, n))  # the same points whatever runs first
    return numpy.concatenate(pts)


def grid(xs, ys):
    """Every pair (x, y) of the two samples."""
    a, b = numpy.meshgrid(xs, ys)
    return a.ravel(), b.ravel()


def _pos(n=60):
    return numpy.concatenate([numpy.geomspace(1e-8, 1e3, n), [0.5, 1, 2, 2.5, 10, 100.5]])


# name: (nin, call in the headers, SciPy function, sample args, float64 tol, float32 tol, absolute floor)
CASES = {
    "erfcx": (1, "ga::special::erfcx", sc.erfcx, lambda: (numpy.concatenate([spread(-26, 1e4), spread(1e4, 1e300, 100),
                                                                              NONFINITE]),), 1e-13, 1e-6, 0),
    "erfinv": (1, "ga::special::erfinv", sc.erfinv, lambda: (numpy.concatenate([spread(-1, 1), 1 - numpy.geomspace(
        1e-16, 0.5, 300), [1, -1, 0, 1.5, numpy.nan]]),), 1e-13, 1e-6, 0),
    "erfcinv": (1, "ga::special::erfcinv", sc.erfcinv, lambda: (numpy.concatenate([spread(0, 2), numpy.geomspace(
        1e-300, 0.5, 500), 2 - numpy.geomspace(1e-16, 0.5, 300), [0, 2, -1, 3, numpy.nan]]),), 1e-13, 1e-6, 0),
    # ndtr(x) = erfc(-x/sqrt(2))/2 inherits the rounding of x/sqrt(2): x^2 eps relative in the far lower tail.
    "ndtr": (1, "ga::special::ndtr", sc.ndtr, lambda: (numpy.concatenate([spread(-38, 10), NONFINITE]),),
             5e-13, 1e-6, 1e-290),
    "ndtri": (1, "ga::special::ndtri", sc.ndtri, lambda: (numpy.concatenate([spread(0, 1), numpy.geomspace(
        1e-300, 0.5, 500), [0, 1, -0.5, 2, numpy.nan]]),), 1e-13, 1e-6, 0),
    "log_ndtr": (1, "ga::special::log_ndtr", sc.log_ndtr, lambda: (numpy.concatenate([spread(-1e5, 40), NONFINITE]),),
                 2e-13, 1e-6, 0),
    "dawsn": (1, "ga::special::dawsn", sc.dawsn, lambda: (numpy.concatenate([spread(-30, 30), spread(30, 1e300, 200),
                                                                              NONFINITE]),), 1e-13, 1e-6, 0),
    "loggamma": (1, "ga::special::loggamma", sc.loggamma, lambda: (numpy.concatenate([spread(0, 1e5), [-1.5, 0, 1, 2],
                                                                                       NONFINITE]),), 1e-13, 1e-6, 0),
    "rgamma": (1, "ga::special::rgamma", sc.rgamma, lambda: (numpy.concatenate([spread(-180, 180), numpy.arange(
        -10, 3.0), NONFINITE]),), 1e-12, 1e-6, 1e-290),
    "digamma": (1, "ga::special::digamma", sc.digamma, lambda: (numpy.concatenate([spread(-50, 1e6), numpy.linspace(
        1.2, 1.7, 2001), numpy.arange(-5, 3.0), [-0.0], NONFINITE]),), 1e-12, 1e-6, 1e-3),
    # SciPy is the less accurate one at the worst points of beta, betaln and poch
    # (2e-12 from mpmath where these functions are within 1e-13 of it).
    "beta": (2, "ga::special::beta", sc.beta, lambda: grid(numpy.concatenate([_pos(), [-1.5, -2.5, -0.3, 0, -2]]),
                                                           numpy.concatenate([_pos(), [-1.5, -0.7, 0]])),
             3e-12, 1e-6, 0),
    "betaln": (2, "ga::special::betaln", sc.betaln, lambda: grid(_pos(), _pos()), 3e-12, 1e-6, 1e-3),
    "poch": (2, "ga::special::poch", sc.poch, lambda: grid(numpy.concatenate([_pos(), [-2, -1.5, -7.25, 0]]),
                                                           numpy.concatenate([numpy.linspace(-5, 5, 21), _pos(30),
                                                                              -_pos(20)])), 3e-12, 1e-6, 0),
    "gammainc": (2, "ga::special::gammainc", sc.gammainc, lambda: grid(_pos(), _pos()), 1e-12, 1e-6, 1e-300),
    "gammaincc": (2, "ga::special::gammaincc", sc.gammaincc, lambda: grid(_pos(), _pos()), 1e-12, 1e-6, 1e-300),
}

_BESSEL_X = lambda: (numpy.concatenate([spread(0, 800), numpy.geomspace(1e-300, 1, 300), [0, -1.5, -0.0],  # noqa: E731
                                        NONFINITE]),)
_ORDERS = numpy.array([0, 0.25, 0.5, 1, 1.5, 2, 3.7, 10, 25.5, 60, -0.5, -2.3])
CASES.update({
    "i0": (1, "ga::special::i0", sc.i0, lambda: (numpy.concatenate([spread(-713, 713), NONFINITE]),), 1e-13, 1e-6, 0),
    "i1": (1, "ga::special::i1", sc.i1, lambda: (numpy.concatenate([spread(-713, 713), NONFINITE]),), 1e-13, 1e-6, 0),
    "i0e": (1, "ga::special::i0e", sc.i0e, lambda: (numpy.concatenate([spread(-1e5, 1e5), NONFINITE]),), 1e-13, 1e-6,
            0),
    "i1e": (1, "ga::special::i1e", sc.i1e, lambda: (numpy.concatenate([spread(-1e5, 1e5), NONFINITE]),), 1e-13, 1e-6,
            0),
    "k0": (1, "ga::special::k0", sc.k0, _BESSEL_X, 1e-13, 1e-6, 0),
    "k1": (1, "ga::special::k1", sc.k1, _BESSEL_X, 1e-13, 1e-6, 0),
    "k0e": (1, "ga::special::k0e", sc.k0e, _BESSEL_X, 1e-13, 1e-6, 0),
    "k1e": (1, "ga::special::k1e", sc.k1e, _BESSEL_X, 1e-13, 1e-6, 0),
    "kv": (2, "ga::special::kv", sc.kv, lambda: grid(_ORDERS, numpy.concatenate([numpy.geomspace(1e-6, 650, 200),
                                                                                [0, -1, numpy.inf]])), 1e-12, 1e-6, 0),
    "kve": (2, "ga::special::kve", sc.kve, lambda: grid(_ORDERS, numpy.concatenate([numpy.geomspace(1e-6, 1e4, 200),
                                                                                   [0, -1, numpy.inf]])), 1e-12, 1e-6, 0),
    "j0": (1, "ga::special::j0", sc.j0, _BESSEL_X, 1e-14, 1e-6, 1),
    "j1": (1, "ga::special::j1", sc.j1, _BESSEL_X, 1e-14, 1e-6, 1),
    "y0": (1, "ga::special::y0", sc.y0, _BESSEL_X, 1e-14, 1e-6, 1),
    "y1": (1, "ga::special::y1", sc.y1, _BESSEL_X, 1e-14, 1e-6, 1),
    "zeta": (2, "ga::special::zeta", sc.zeta, lambda: grid(numpy.concatenate([numpy.linspace(1.01, 60, 80), [1, 0.5, 2,
                                                                                               3, numpy.inf]]),
                                                           numpy.concatenate([_pos(40), [-1.5, -2, 1]])), 1e-13, 1e-6, 0),
    "riemann_zeta": (1, "ga::special::riemann_zeta", sc.zeta, lambda: (numpy.concatenate([spread(-250, 100), [
        1, 0, -2, -3, -1e300], NONFINITE]),), 2e-11, 1e-6, 0),
    # riemann_zeta, zetac: near the trivial zeros (-2k) SciPy is off by up to 1.2e-11 (mpmath agrees with these
    # to 3e-14 there).
    "zetac": (1, "ga::special::zetac", sc.zetac, lambda: (numpy.concatenate([spread(-250, 120), [1, 0, -2, 2],
                                                                            NONFINITE]),), 2e-11, 1e-6, 0),
    "exp1": (1, "ga::special::exp1", sc.exp1, lambda: (numpy.concatenate([spread(0, 800), [-1, 0], NONFINITE]),),
             1e-13, 1e-6, 0),
    "expi": (1, "ga::special::expi", sc.expi, lambda: (numpy.concatenate([spread(-800, 800), [0], NONFINITE]),),
             1e-13, 1e-6, 1e-3),
})

_REAL = lambda: numpy.concatenate([spread(-800, 800), NONFINITE])  # noqa: E731
_PROB = lambda: numpy.concatenate([spread(0, 1), numpy.geomspace(1e-300, 1e-3, 200), 1 - numpy.geomspace(  # noqa: E731
    1e-16, 1e-3, 200), [0, 1, -0.5, 1.5], NONFINITE])
_PAIR = lambda: grid(numpy.concatenate([-_pos(20), [0], _pos(40), NONFINITE]),  # noqa: E731
                     numpy.concatenate([-_pos(20), [0], _pos(40), NONFINITE]))
_LAMBDAS = numpy.concatenate([numpy.linspace(-3, 3, 25), [1e-12, -1e-12, 0]])
# SciPy's inv_boxcox1p(y, lmbda) returns y itself once |lmbda y| < 1e-154 or so
# (expm1(y) is the limit): lambdas that small are left out of its cases.
# Degrees: SciPy returns 0 past |x| = 1e14 (these reduce exactly) and its cotdg loses accuracy below |x| ~ 1e-2 (inf below 1e-13).
def _degrees():
    x = spread(-1e6, 1e6)
    return (numpy.concatenate([x[numpy.abs(x) > 1e-2], numpy.arange(-720, 721, 15.0), NONFINITE]),)


_DEGREES = _degrees
CASES.update({
    "expit": (1, "ga::special::expit", sc.expit, lambda: (_REAL(),), 1e-15, 1e-6, 0),
    "logit": (1, "ga::special::logit", sc.logit, lambda: (_PROB(),), 1e-14, 1e-6, 0),
    "log_expit": (1, "ga::special::log_expit", sc.log_expit, lambda: (_REAL(),), 1e-15, 1e-6, 0),
    "xlogy": (2, "ga::special::xlogy", sc.xlogy, _PAIR, 1e-15, 1e-6, 0),
    "xlog1py": (2, "ga::special::xlog1py", sc.xlog1py, _PAIR, 1e-15, 1e-6, 0),
    "entr": (1, "ga::special::entr", sc.entr, lambda: (_REAL(),), 1e-15, 1e-6, 0),
    "rel_entr": (2, "ga::special::rel_entr", sc.rel_entr, _PAIR, 2e-15, 1e-6, 0),
    "kl_div": (2, "ga::special::kl_div", sc.kl_div, _PAIR, 1e-13, 1e-6, 1e-300),
    "huber": (2, "ga::special::huber", sc.huber, _PAIR, 1e-15, 1e-6, 0),
    "pseudo_huber": (2, "ga::special::pseudo_huber", sc.pseudo_huber, _PAIR, 1e-14, 1e-6, 0),
    "boxcox": (2, "ga::special::boxcox", sc.boxcox, lambda: grid(numpy.concatenate([_pos(), [0, -1]]), numpy.append(
        _LAMBDAS, 1e-300)),
               1e-13, 1e-6, 0),
    "boxcox1p": (2, "ga::special::boxcox1p", sc.boxcox1p, lambda: grid(numpy.concatenate([_pos(), -_pos(10) / 2e3,
                                                                                          [0, -1, -2]]), _LAMBDAS),
                 1e-13, 1e-6, 0),
    "inv_boxcox": (2, "ga::special::inv_boxcox", sc.inv_boxcox, lambda: grid(numpy.linspace(-5, 5, 41), _LAMBDAS),
                   1e-13, 1e-6, 0),
    "inv_boxcox1p": (2, "ga::special::inv_boxcox1p", sc.inv_boxcox1p, lambda: grid(numpy.concatenate([numpy.linspace(
        -5, 5, 41), [1e-10, -1e-10]]), _LAMBDAS), 1e-13, 1e-6, 0),
    "sindg": (1, "ga::special::sindg", sc.sindg, _DEGREES, 1e-13, 1e-6, 1e-10),
    "cosdg": (1, "ga::special::cosdg", sc.cosdg, _DEGREES, 1e-13, 1e-6, 1e-10),
    # tandg, cotdg: within 1e-16 of mpmath near the poles, where SciPy is off by up to 3e-11.
    "tandg": (1, "ga::special::tandg", sc.tandg, _DEGREES, 1e-10, 1e-6, 1e-10),
    "cotdg": (1, "ga::special::cotdg", sc.cotdg, _DEGREES, 1e-10, 1e-6, 1e-10),
    "exp10": (1, "ga::special::exp10", sc.exp10, lambda: (numpy.concatenate([spread(-330, 310), NONFINITE]),),
              1e-15, 1e-6, 1e-290),
    # cosm1: relative near 0; absolute elsewhere, where SciPy's cos(x) - 1 cancels (-2 sin(x/2)^2 here does not).
    "cosm1": (1, "ga::special::cosm1", sc.cosm1, lambda: (numpy.concatenate([spread(-0.7, 0.7), NONFINITE]),), 1e-15,
              1e-6, 0),
    "cosm1_wide": (1, "ga::special::cosm1", sc.cosm1, lambda: (spread(-1e5, 1e5),), 1e-15, 1e-6, 1),
    "round": (1, "ga::special::round", sc.round, lambda: (numpy.concatenate([spread(-1e6, 1e6), numpy.arange(
        -5, 5, 0.5), NONFINITE]),), 0, 0, 0),
    "radian": (3, "ga::special::radian", sc.radian, lambda: tuple(numpy.broadcast_arrays(
        numpy.linspace(-720, 720, 97)[:, None, None], numpy.linspace(-60, 60, 13)[:, None],
        numpy.linspace(-60, 60, 13))), 1e-14, 1e-6, 1e-10),
})

# x within 1e-6 of 1 is left to test_betainc_closed_forms: SciPy's betainc(0.5, 0.5, 1 - 1e-12) is off
# by 3.5e-11 (the arcsine law gives these headers' value to 1 ulp).
_UNIT = lambda: numpy.concatenate([numpy.linspace(0, 1, 41), numpy.geomspace(1e-12, 1e-3, 10),  # noqa: E731
                                   1 - numpy.geomspace(1e-6, 1e-3, 4), [-0.1, 1.1, numpy.nan]])
_SHAPES = numpy.concatenate([numpy.geomspace(1e-3, 1e4, 18), [0.5, 1, 2, 5.5, 0]])
_M = lambda: (numpy.concatenate([numpy.linspace(-10, 1, 2001), 1 - numpy.geomspace(1e-300, 1e-2, 300),  # noqa: E731
                                 -numpy.geomspace(10, 1e300, 100), [1.5, 2], NONFINITE]),)
_PHI = numpy.concatenate([numpy.linspace(-10, 10, 61), [numpy.pi / 2, -numpy.pi / 2, 1e-300, 100.0], NONFINITE])
# (SciPy's ellipkinc is off by 8e-12 near phi = pi/2 with m = 1 - 1e-12, where mpmath agrees with
# these headers to 1e-16: m that close to 1 is left out.)
_MS = numpy.concatenate([numpy.linspace(-5, 1, 25), [0.999999, -1e6, 1.5], NONFINITE])
# The incomplete beta family: SciPy's own error reaches 1.3e-12 at the worst points (mpmath), and it
# returns 0 for results below about 1e-250 that are representable.
_COUNTS = numpy.concatenate([numpy.arange(-1, 12.0), [2.5, 30, 100, 1000]])
CASES.update({
    "gammasgn": (1, "ga::special::gammasgn", sc.gammasgn, lambda: (numpy.concatenate([spread(-300, 300), numpy.arange(
        -5, 3.0), [-0.0], NONFINITE]),), 0, 0, 0),
    "exprel": (1, "ga::special::exprel", sc.exprel, lambda: (numpy.concatenate([spread(-800, 800), [0, 1e-20, -1e-20],
                                                                                 NONFINITE]),), 1e-15, 1e-6, 0),
    "agm": (2, "ga::special::agm", sc.agm, lambda: grid(numpy.concatenate([_pos(30), -_pos(5), [0, 1e300, 1e-300],
                                                                           NONFINITE]),
                                                        numpy.concatenate([_pos(30), -_pos(5), [0, 1e300, 1e-300],
                                                                           NONFINITE])), 1e-15, 1e-6, 0),
    "ellipk": (1, "ga::special::ellipk", sc.ellipk, _M, 1e-14, 1e-6, 0),
    "ellipkm1": (1, "ga::special::ellipkm1", sc.ellipkm1, lambda: (numpy.concatenate([numpy.geomspace(1e-300, 1e300, 600),
                                                                                      [0, -0.5, 1, 2], NONFINITE]),),
                 1e-14, 1e-6, 0),
    "ellipe": (1, "ga::special::ellipe", sc.ellipe, _M, 1e-14, 1e-6, 0),
    "ellipkinc": (2, "ga::special::ellipkinc", sc.ellipkinc, lambda: grid(_PHI, _MS), 1e-13, 1e-6, 0),
    "ellipeinc": (2, "ga::special::ellipeinc", sc.ellipeinc, lambda: grid(_PHI, _MS), 1e-13, 1e-6, 0),
    "betainc": (3, "ga::special::betainc", sc.betainc, lambda: tuple(numpy.broadcast_arrays(
        _SHAPES[:, None, None], _SHAPES[:, None], _UNIT())), 3e-12, 1e-6, 1e-250),
    "betaincc": (3, "ga::special::betaincc", sc.betaincc, lambda: tuple(numpy.broadcast_arrays(
        _SHAPES[:, None, None], _SHAPES[:, None], _UNIT())), 3e-12, 1e-6, 1e-250),
    "bdtr": (3, "ga::special::bdtr", sc.bdtr, lambda: tuple(numpy.broadcast_arrays(
        _COUNTS[:, None, None], _COUNTS[:, None], _UNIT())), 3e-12, 1e-6, 1e-250),
    "bdtrc": (3, "ga::special::bdtrc", sc.bdtrc, lambda: tuple(numpy.broadcast_arrays(
        _COUNTS[:, None, None], _COUNTS[:, None], _UNIT())), 3e-12, 1e-6, 1e-250),
    "nbdtr": (3, "ga::special::nbdtr", sc.nbdtr, lambda: tuple(numpy.broadcast_arrays(
        _COUNTS[:, None, None], _COUNTS[:, None], _UNIT())), 3e-12, 1e-6, 1e-250),
    "nbdtrc": (3, "ga::special::nbdtrc", sc.nbdtrc, lambda: tuple(numpy.broadcast_arrays(
        _COUNTS[:, None, None], _COUNTS[:, None], _UNIT())), 3e-12, 1e-6, 1e-250),
    "fdtr": (3, "ga::special::fdtr", sc.fdtr, lambda: tuple(numpy.broadcast_arrays(
        _SHAPES[:, None, None], _SHAPES[:, None], numpy.concatenate([_pos(20), [0, -1, numpy.inf]]))), 3e-12, 1e-6,
             1e-250),
    "fdtrc": (3, "ga::special::fdtrc", sc.fdtrc, lambda: tuple(numpy.broadcast_arrays(
        _SHAPES[:, None, None], _SHAPES[:, None], numpy.concatenate([_pos(20), [0, -1, numpy.inf]]))), 3e-12, 1e-6,
              1e-250),
    "stdtr": (2, "ga::special::stdtr", sc.stdtr, lambda: grid(numpy.concatenate([_SHAPES, [numpy.inf, -1]]),
                                                              numpy.concatenate([numpy.linspace(-40, 40, 161),
                                                                                 NONFINITE])), 3e-12, 1e-6, 1e-250),
    "pdtr": (2, "ga::special::pdtr", sc.pdtr, lambda: grid(_COUNTS, numpy.concatenate([_pos(30), [0, -1]])), 1e-12,
             1e-6, 1e-300),
    "pdtrc": (2, "ga::special::pdtrc", sc.pdtrc, lambda: grid(_COUNTS, numpy.concatenate([_pos(30), [0, -1]])), 1e-12,
              1e-6, 1e-300),
    "chdtr": (2, "ga::special::chdtr", sc.chdtr, lambda: grid(_SHAPES, numpy.concatenate([_pos(30), [0, -1]])), 1e-12,
              1e-6, 1e-300),
    "chdtrc": (2, "ga::special::chdtrc", sc.chdtrc, lambda: grid(_SHAPES, numpy.concatenate([_pos(30), [0, -1]])),
               1e-12, 1e-6, 1e-300),
    # gdtr, gdtrc: SciPy is off by up to 8e-12 for shapes in the thousands (mpmath agrees with these to 5e-16).
    "gdtr": (3, "ga::special::gdtr", sc.gdtr, lambda: tuple(numpy.broadcast_arrays(
        _SHAPES[:, None, None], _SHAPES[:, None], numpy.concatenate([_pos(15), [0, -1]]))), 2e-11, 1e-6, 1e-300),
    "gdtrc": (3, "ga::special::gdtrc", sc.gdtrc, lambda: tuple(numpy.broadcast_arrays(
        _SHAPES[:, None, None], _SHAPES[:, None], numpy.concatenate([_pos(15), [0, -1]]))), 2e-11, 1e-6, 1e-300),
})

_PROBS = numpy.concatenate([numpy.linspace(0, 1, 41), numpy.geomspace(1e-300, 1e-3, 12), 1 - numpy.geomspace(
    1e-15, 1e-3, 6), [-0.1, 1.1, numpy.nan]])
_INV_SHAPES = numpy.concatenate([numpy.geomspace(1e-2, 1e4, 12), [0.5, 1, 2, 5.5, -1]])
# SciPy's inverses fail at some extreme targets (bdtri(1, 1000, 1e-30) = 1 - 1e-16 where bdtr there is ~0,
# nbdtri(0, 1000, 1e-30) = 1e-16 where p^1000 = 1e-30 gives 0.933, betaincinv(5.3, 0.01, 1e-300) = NaN):
# nbdtri(1000, 1, 1 - 1.6e-8) = 1 - 4e-8 where 1 - (1-p)^1001 = y gives 0.0178, stdtrit(0.5, 1e-138) capped at
# -4.7e153 for -1.03e275): probabilities below 1e-20 or above 1 - 1e-6 are checked by the round trips of
# test_special_host_accuracy.py instead; so are fdtri's shapes below 0.1 and stdtrit's below 0.5, where
# SciPy's roots past 1e150 are capped or lost.
_MODERATE_PROBS = _PROBS[~((_PROBS < 1e-20) | (_PROBS > 1 - 1e-6))]
_ORDERS_INT = numpy.concatenate([numpy.arange(-3, 12.0), [2.5, 30, 100]])
CASES.update({
    "gammaincinv": (2, "ga::special::gammaincinv", sc.gammaincinv, lambda: grid(_INV_SHAPES, _PROBS), 1e-12, 1e-6,
                    1e-290),
    "gammainccinv": (2, "ga::special::gammainccinv", sc.gammainccinv, lambda: grid(_INV_SHAPES, _PROBS), 1e-12, 1e-6,
                     1e-290),
    # betaincinv: a root x ~ 1e-67 of I_x(0.01, b) moves by 100 times the error of I (x^0.01): 2e-12 from SciPy.
    "betaincinv": (3, "ga::special::betaincinv", sc.betaincinv, lambda: tuple(numpy.broadcast_arrays(
        _INV_SHAPES[:, None, None], _INV_SHAPES[:, None], _MODERATE_PROBS)), 5e-12, 1e-6, 1e-290),
    "betainccinv": (3, "ga::special::betainccinv", sc.betainccinv, lambda: tuple(numpy.broadcast_arrays(
        _INV_SHAPES[:, None, None], _INV_SHAPES[:, None], _MODERATE_PROBS)), 5e-12, 1e-6, 1e-290),
    "chdtri": (2, "ga::special::chdtri", sc.chdtri, lambda: grid(_INV_SHAPES, _PROBS), 1e-12, 1e-6, 1e-290),
    "pdtri": (2, "ga::special::pdtri", sc.pdtri, lambda: grid(_COUNTS, _PROBS), 1e-12, 1e-6, 1e-290),
    # bdtri, nbdtri: SciPy is off by up to 1.5e-11 (bdtri(1, 1000, 1 - 4e-6); mpmath agrees with these to 1e-15).
    "bdtri": (3, "ga::special::bdtri", sc.bdtri, lambda: tuple(numpy.broadcast_arrays(
        _COUNTS[:, None, None], _COUNTS[:, None], _MODERATE_PROBS)), 2e-11, 1e-6, 1e-290),
    "nbdtri": (3, "ga::special::nbdtri", sc.nbdtri, lambda: tuple(numpy.broadcast_arrays(
        _COUNTS[:, None, None], _COUNTS[:, None], _MODERATE_PROBS)), 2e-11, 1e-6, 1e-290),
    "fdtri": (3, "ga::special::fdtri", sc.fdtri, lambda: tuple(numpy.broadcast_arrays(
        _INV_SHAPES[:, None, None][2:], _INV_SHAPES[:, None][2:], _MODERATE_PROBS)), 1e-12, 1e-6, 1e-290),
    "stdtrit": (2, "ga::special::stdtrit", sc.stdtrit, lambda: grid(numpy.concatenate([_INV_SHAPES[_INV_SHAPES >= 0.5], [numpy.inf, -1]]),
                                                                    _MODERATE_PROBS), 1e-12, 1e-6, 1e-290),
    # ndtri_exp: SciPy is off by 6.6e-13 at y = -3.2e5 (mpmath agrees with these to 1e-16).
    "ndtri_exp": (1, "ga::special::ndtri_exp", sc.ndtri_exp, lambda: (numpy.concatenate([
        -numpy.geomspace(1e-300, 1e300, 600), [0, 0.5], NONFINITE]),), 1e-12, 1e-6, 0),
    "kn": (2, "ga::special::kn", sc.kn, lambda: grid(_ORDERS_INT, numpy.concatenate([numpy.geomspace(1e-5, 650, 80),
                                                                                    [0, -1], NONFINITE])),
           1e-12, 1e-6, 1e-300),
    "yn": (2, "ga::special::yn", sc.yn, lambda: grid(_ORDERS_INT, numpy.concatenate([numpy.geomspace(1e-3, 1e3, 80),
                                                                                    [0, -1], NONFINITE])),
           1e-12, 1e-6, 1),
    "expn": (2, "ga::special::expn", sc.expn, lambda: grid(numpy.concatenate([numpy.arange(-1, 12.0), [2.5, 50, 500]]),
                                                           numpy.concatenate([numpy.geomspace(1e-300, 700, 120), [0, -1],
                                                                              NONFINITE])), 1e-13, 1e-6, 1e-300),
    "spence": (1, "ga::special::spence", sc.spence, lambda: (numpy.concatenate([spread(0, 5), numpy.geomspace(
        1e-300, 1e300, 600), [0, 0.5, 1, 2, -1], NONFINITE]),), 1e-13, 1e-6, 0),
})

_REAL_ORDERS = numpy.array([0, 0.25, 0.5, 1, 1.5, 2, 3.7, 10, 25.5, 60, 150, -0.5, -1, -2.3, -7])
CASES.update({
    "iv": (2, "ga::special::iv", sc.iv, lambda: grid(_REAL_ORDERS, numpy.concatenate([
        numpy.geomspace(1e-6, 700, 150), -numpy.geomspace(1e-3, 700, 30), [0], NONFINITE])), 1e-12, 1e-6, 1e-290),
    "ive": (2, "ga::special::ive", sc.ive, lambda: grid(_REAL_ORDERS, numpy.concatenate([
        numpy.geomspace(1e-6, 1e5, 150), -numpy.geomspace(1e-3, 1e3, 30), [0], NONFINITE])), 1e-12, 1e-6, 1e-300),
})

_DEGREES_N = numpy.concatenate([numpy.arange(-1, 12.0), [30, 100, 200, 1000]])
CASES.update({
    # SciPy's Hermite evaluators take an integer degree only ('ld->d'); where H_200 just overflows (|x| = 27)
    # SciPy's scaling gives inf and this one NaN, so eval_hermite's grid stops at 26.
    "eval_hermite": (2, "ga::special::eval_hermite", lambda n, x: sc.eval_hermite(numpy.asarray(n, numpy.int64), x), lambda: grid(
        _DEGREES_N, numpy.concatenate([numpy.linspace(-26, 26, 53), [0.5, 1e-3], NONFINITE])), 1e-13, 1e-6, 1e-300),
    "eval_hermitenorm": (2, "ga::special::eval_hermitenorm",
                         lambda n, x: sc.eval_hermitenorm(numpy.asarray(n, numpy.int64), x), lambda: grid(
        _DEGREES_N, numpy.concatenate([numpy.linspace(-30, 30, 61), [0.5, 1e-3], NONFINITE])), 1e-13, 1e-6, 1e-300),
    "kolmogorov": (1, "ga::special::kolmogorov", sc.kolmogorov, lambda: (numpy.concatenate([
        spread(0, 10), numpy.geomspace(1e-3, 30, 200), [0, -1], NONFINITE]),), 1e-13, 1e-6, 1e-300),
})

CASES.update({
    # CUDA's erfc and exp2 on the device (the C library's on the host) behind SciPy's cut-offs: erfc is 0
    # past x = 26.64, exp2 below x = -1024, where SciPy stops short of the subnormals (the last GPU run saw
    # 1.1e-10 and 4e-9 "relative" there: subnormal values against SciPy's 0 over the floor 1e-300).
    "erfc": (1, "ga::special::erfc", sc.erfc, lambda: (numpy.concatenate([
        numpy.linspace(-7, 27, 2001), numpy.linspace(26.5, 26.7, 401), NONFINITE]),), 1e-13, 1e-6, 1e-300),
    "exp2": (1, "ga::special::exp2", sc.exp2, lambda: (numpy.concatenate([
        numpy.linspace(-1100, 1030, 2001), numpy.linspace(-1024.01, -1023.99, 201), NONFINITE]),),
        1e-15, 1e-6, 1e-300),
})


def exactly_as_scipy(got, want, rtol=1e-12, floor=1e-300):
    """The same NaN, infinities (with sign) and zeros as SciPy, finite values within rtol (floor absolute)."""
    got, want = numpy.asarray(got), numpy.asarray(want)
    same = (got == want) | (numpy.isnan(got) & numpy.isnan(want))
    with numpy.errstate(invalid="ignore"):
        close = numpy.isfinite(want) & numpy.isfinite(got) & (numpy.abs(got - want) <= rtol * numpy.abs(want) + floor)
    bad = numpy.flatnonzero(~(same | close))
    return [(int(i), got.flat[i], want.flat[i]) for i in bad[:5]]


_EDGE_V = numpy.array([0, 0.25, 0.5, 0.9, 1, 1.1, 1.5, 2, 3, 5, 10, 50, 100, 170, 200, -200])[:, None]
# (SciPy's poch is NaN at +-1e300 and 2e-11 off at poch(1e4, 0.5): left out.)
_EDGE_POCH = numpy.array([-200.5, -171.5, -170, -10.5, -10, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 10, 170,
                          numpy.inf, -numpy.inf])
# (name, call, arguments): the overflow and pole edges (test_special_host_accuracy.py on the host,
# test_special_gpu.py on the device) where the last GPU run saw inf against SciPy's
# finite value, NaN against inf, or the other sign.
EDGES = [
    # SciPy's i0 and i1 are inf once e^|x| overflows (|x| > 709.78), short of I's own overflow at 713.98.
    ("i0", "ga::special::i0", lambda: (numpy.concatenate([numpy.linspace(705, 715, 401), -numpy.linspace(705, 715, 41),
                                                          [709.782712893384, 709.7827128933841]]),)),
    ("i1", "ga::special::i1", lambda: (numpy.concatenate([numpy.linspace(705, 715, 401), -numpy.linspace(705, 715, 401),
                                                          [709.782712893384, 709.7827128933841]]),)),
    # kv and kve: AMOS's early overflow for tiny x, kve's NaN past 2^30, the underflow past x = 700
    ("kv", "ga::special::kv", lambda: (_EDGE_V, numpy.concatenate([numpy.geomspace(1e-308, 1e-2, 80), [
        5e-324, 1e-320, 2.2e-308, 2.2250738585072014e-305, 2.3e-305, 700, 710, 1e4, 1e10]])[None, :])),
    ("kve", "ga::special::kve", lambda: (_EDGE_V, numpy.concatenate([numpy.geomspace(1e-308, 1e-2, 80), [
        2.3e-305, 700, 1e4, 1e9, 1073741823.5, 1073741824.0, 1e10, 1e300]])[None, :])),
    ("k1", "ga::special::k1", lambda: (numpy.array([1e-308, 2.2e-308, 1e-300, 1e-200, 700, 745]),)),
    # gamma and rgamma below -170: SciPy's gamma is +-0 where |Gamma| < pi / DBL_MAX, so rgamma +-inf
    ("rgamma", "ga::special::rgamma", lambda: (numpy.concatenate([-numpy.linspace(169, 185, 1601),
                                                                  numpy.linspace(170, 180, 101)]),)),
    ("gamma", "ga::special::gamma", lambda: (numpy.concatenate([-numpy.linspace(169, 185, 1601) + 1e-9]),)),
    # poch at infinite arguments, and between nonpositive integers (a finite product, NaN past overflow)
    ("poch", "ga::special::poch", lambda: grid(_EDGE_POCH, _EDGE_POCH)),
    ("poch", "ga::special::poch", lambda: grid(-numpy.array([1.0, 5, 30, 100, 170, 171, 200, 250, 400, 1000]),
                                               numpy.array([1.0, 3, 31, 50, 100, 150, 170, 171, 200, 300, -1, -5, -31,
                                                            -100, -171, -200]))),
]


