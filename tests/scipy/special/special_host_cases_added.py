# SPDX-License-Identifier: BSD-3-Clause
"""The host-build accuracy cases of the scipy.special functions added for
issue 28's count (Carlson's integrals, binom, powm1, erfi, wrightomega, the
Chebyshev evaluators, the parameter inverses, sici, shichi, fresnel), in
special_host_cases.CASES's format: name -> (nin, call in the headers,
reference, sample args, float64 tol, float32 tol, absolute floor). Where
SciPy is the less accurate side the reference is exact instead (a
long-double closed form, or SciPy's forward function in the round-trip tests)."""
import numpy
import scipy.special as sc

from special_host_cases import NONFINITE, grid, spread
from special_host_cases_bessel_real import BESSEL_REAL_UFUNCS, CASES_BESSEL_REAL, HEADERS_BESSEL_REAL
from special_host_cases_kelvin import CASES_KELVIN, HEADERS_KELVIN
from special_host_cases_struve import CASES_STRUVE, HEADERS_STRUVE
from special_host_cases_struve_integrals import (CASES_STRUVE_INTEGRALS, HEADERS_STRUVE_INTEGRALS,
                                                 STRUVE_INTEGRAL_UFUNCS)

# The headers these functions live in (on top of special_host_build.HEADERS).
HEADERS_ADDED = ["carlson", "binomial", "wright", "chebyshev", "parameter_inverses", "trig_integrals",
                 "distribution_extras", "bessel_integrals", "owens_t", "mathieu"]

_CARLSON = numpy.concatenate([numpy.geomspace(1e-30, 1e30, 25), [0, 0.5, 1, 2, -1, numpy.nan, numpy.inf]])


def _grid3(a, b, c):
    return tuple(x.ravel() for x in numpy.meshgrid(a, b, c, indexing="ij"))


def _elliprc_sample():
    values = numpy.concatenate([_CARLSON[:-2], -_CARLSON[:25], [numpy.inf]])
    x, y = grid(values, values)
    return numpy.concatenate([x, [numpy.nan, 1.0, numpy.nan]]), numpy.concatenate([y, [1.0, numpy.nan, -1.0]])


def _chebyshev_exact(second, scale, shift):
    """p_v(scale x + shift) from the trigonometric/hyperbolic closed form in long double."""
    def reference(v, x):
        v = numpy.asarray(v, numpy.longdouble)
        t = numpy.asarray(x, numpy.longdouble) * scale + shift
        with numpy.errstate(all="ignore"):
            inside = numpy.abs(t) <= 1
            th = numpy.arccos(numpy.clip(t, -1, 1))
            ch = numpy.arccosh(numpy.maximum(numpy.abs(t), 1))
            if second:
                at_one = numpy.where(t > 0, v + 1, numpy.where(v == numpy.floor(v), numpy.cos(v * numpy.pi) * (v + 1),
                                                               numpy.inf))
                trig = numpy.where(numpy.abs(t) == 1, at_one, numpy.sin((v + 1) * th) / numpy.sin(th))
                hyp = numpy.sinh((v + 1) * ch) / numpy.sinh(ch)
            else:
                trig = numpy.cos(v * th)
                hyp = numpy.cosh(v * ch)
            integer = v == numpy.floor(v)
            below = numpy.where(integer, numpy.where(numpy.fmod(v, 2) == 0, 1, -1) * hyp, numpy.inf)
            value = numpy.where(inside, trig, numpy.where(t > 1, hyp, below))
        return (2.0 if not second and scale == 0.5 else 1.0) * value.astype(numpy.float64)
    return reference


_CHEB_N_REAL = numpy.array([0.5, 2.5, 3.3, 10.25, 47.6, 999.5, 0.0, 1.0, 2.0, 7.0])
_CHEB_X = numpy.concatenate([numpy.linspace(-1, 3, 161), [1 + 1e-9, 10.0, 1e3]])
_CHEB_FORMS = {  # name: (second kind, scale, shift) of x in T or U
    "eval_chebyt": (False, 1.0, 0.0), "eval_chebyu": (True, 1.0, 0.0),
    "eval_chebyc": (False, 0.5, 0.0), "eval_chebys": (True, 0.5, 0.0),
    "eval_sh_chebyt": (False, 2.0, -1.0), "eval_sh_chebyu": (True, 2.0, -1.0),
}

_P = numpy.array([1e-10, 1e-5, 0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 1 - 1e-6])
_SHAPES = numpy.array([0.1, 0.5, 1, 2.5, 10, 100])
_COUNTS = numpy.array([0, 1, 5, 20, 100.0])
_PROBS = numpy.array([0.01, 0.2, 0.5, 0.9])
_UNIT = numpy.array([0.01, 0.3, 0.5, 0.9])


def _pair(function, index):
    return lambda x: function(x)[index]


_TRIG_X = numpy.concatenate([numpy.linspace(-50, 50, 4001), numpy.geomspace(1e-300, 1e300, 600),
                             -numpy.geomspace(1e-10, 1e5, 200), [0, numpy.nan, numpy.inf, -numpy.inf]])
_HYPERBOLIC_X = numpy.concatenate([numpy.linspace(-50, 50, 4001), numpy.geomspace(1e-300, 720, 600),
                                   -numpy.geomspace(1e-10, 800, 200), [0, numpy.nan, numpy.inf, -numpy.inf]])
# SciPy rounds pi x^2 / 2 before reducing it, which costs it x^2 eps / (pi x) absolute: compared up to 1e3
# here, and beyond against the exact phase (test_fresnel_far_out in the accuracy test).
_FRESNEL_X = numpy.concatenate([numpy.linspace(-10, 10, 4001), numpy.geomspace(1e-300, 1e3, 600),
                                -numpy.geomspace(1e-10, 1e3, 200), [0, numpy.nan, numpy.inf, -numpy.inf]])

CASES_ADDED = {
    "elliprf": (3, "ga::special::elliprf", sc.elliprf, lambda: _grid3(_CARLSON, _CARLSON, _CARLSON), 1e-14, 1e-6, 0),
    "elliprd": (3, "ga::special::elliprd", sc.elliprd, lambda: _grid3(_CARLSON, _CARLSON, _CARLSON), 1e-14, 1e-6, 0),
    "elliprg": (3, "ga::special::elliprg", sc.elliprg, lambda: _grid3(_CARLSON, _CARLSON, _CARLSON), 1e-14, 1e-6, 0),
    # elliprc(inf, nan) is NaN in SciPy 1.17 and 0 in 1.18: NaN and inf are not paired here
    "elliprc": (2, "ga::special::elliprc", sc.elliprc, lambda: _elliprc_sample(), 1e-14, 1e-6, 0),
    # binom: SciPy's own error where k >> |n| (binom(-1e-9, 1e12) is 1e-21, SciPy -8.6e-17; binom(0.3, 1e12 + 0.25)
    # off by 3e-3; inf or NaN where the value is finite or 0) stays out of this sample: test_binom_large_k checks
    # that regime against the leading asymptotic term.
    "binom": (2, "ga::special::binom", sc.binom, lambda: grid(
        numpy.concatenate([numpy.linspace(-30, 30, 121), [100.5, 1e3, 1e10, 0, 1e-9, 0.3]]),
        numpy.concatenate([numpy.linspace(-30, 30, 121), [0.5, 1e-9, 3.25]])), 3e-12, 1e-6, 1e-300),
    # powm1(x, -inf) for 0 < x < 1 is inf (SciPy: 0), so y = -inf stays out.
    "powm1": (2, "ga::special::powm1", sc.powm1, lambda: grid(
        numpy.concatenate([numpy.linspace(-5, 5, 101), numpy.geomspace(1e-10, 1e3, 60), -numpy.geomspace(1e-10, 1e3, 60),
                           [0, 1, numpy.nan, numpy.inf, -numpy.inf]]),
        numpy.concatenate([numpy.linspace(-5, 5, 41), [1e-12, -1e-12, 100, numpy.nan, numpy.inf, 0]])),
        1e-14, 1e-6, 1e-300),
    "erfi": (1, "ga::special::erfi", sc.erfi, lambda: (numpy.concatenate([spread(-27, 27), numpy.geomspace(
        1e-300, 1, 100), NONFINITE, [0]]),), 1e-13, 1e-6, 0),
    "wrightomega": (1, "ga::special::wrightomega", sc.wrightomega, lambda: (numpy.concatenate([
        spread(-50, 50), numpy.geomspace(1e-300, 1e300, 300), -numpy.geomspace(1e-300, 1e3, 300), NONFINITE, [0]]),),
        1e-14, 1e-6, 1e-300),
    "sici_si": (1, "ga::special::sici_si", _pair(sc.sici, 0), lambda: (_TRIG_X,), 1e-14, 1e-6, 0),
    # Ci's zeros: relative above 1e-3 (absolute error 4e-17 at Ci(9.525) = 6e-5)
    "sici_ci": (1, "ga::special::sici_ci", _pair(sc.sici, 1), lambda: (_TRIG_X,), 1e-13, 1e-6, 1e-3),
    "shichi_shi": (1, "ga::special::shichi_shi", _pair(sc.shichi, 0), lambda: (_HYPERBOLIC_X,), 1e-13, 1e-6, 0),
    "shichi_chi": (1, "ga::special::shichi_chi", _pair(sc.shichi, 1), lambda: (_HYPERBOLIC_X,), 1e-13, 1e-6, 1e-3),
    "fresnel_s": (1, "ga::special::fresnel_s", _pair(sc.fresnel, 0), lambda: (_FRESNEL_X,), 1e-13, 1e-6, 1e-300),
    "fresnel_c": (1, "ga::special::fresnel_c", _pair(sc.fresnel, 1), lambda: (_FRESNEL_X,), 1e-13, 1e-6, 1e-300),
    # the closed-form inverses over gammaincinv
    "gdtria": (3, "ga::special::gdtria", sc.gdtria, lambda: _grid3(_P, _SHAPES, _SHAPES), 1e-13, 1e-6, 1e-300),
    "gdtrix": (3, "ga::special::gdtrix", sc.gdtrix, lambda: _grid3(_SHAPES, _SHAPES, _P), 1e-13, 1e-6, 1e-300),
}

# Chebyshev: the integer-degree loop against SciPy's ('ld->d', a recurrence like these) where it does not
# overflow, and real degrees against the long-double closed form (SciPy's double loop goes through its
# hyp2f1 and is off by O(1) at some points, e.g. eval_chebyt(47.6, -0.2) = 3.66). Absolute inside [-1, 1].
for _name, (_second, _scale, _shift) in _CHEB_FORMS.items():
    _x_of = (lambda s, h: lambda t: (t - h) / s)(_scale, _shift)  # the x that maps to t
    CASES_ADDED[_name] = (2, f"ga::special::{_name}", (lambda f: lambda n, x: f(numpy.asarray(n, numpy.int64), x))(
        getattr(sc, _name)), (lambda xf: lambda: grid(numpy.concatenate([numpy.arange(-12, 13.0), [30, 31, 100, 101]]),
                                                       xf(numpy.linspace(-3, 3, 121))))(_x_of), 1e-13, 1e-6, 1.0)
    CASES_ADDED[_name + "_real"] = (2, f"ga::special::{_name}", _chebyshev_exact(_second, _scale, _shift),
                                    (lambda xf: lambda: grid(_CHEB_N_REAL, xf(_CHEB_X)))(_x_of), 1e-12, 1e-6, 1.0)

# The parameter inverses against SciPy (CDFLIB, which stops at a relative 1e-10 or so: gdtrib differs by 5e-11
# at shapes near 1e6, btdtrib by 3e-8 at b ~ 1e-10): the round trips in the accuracy test are the strict check.
_INVERSES = {
    "gdtrib": (3, lambda: _grid3(_SHAPES, _P, _SHAPES)),
    "chdtriv": (2, lambda: grid(_SHAPES, _P)[::-1]),
    "pdtrik": (2, lambda: grid(_SHAPES, _P)[::-1]),
    "bdtrik": (3, lambda: _grid3(_P, numpy.array([1, 5, 20, 100, 1000.0]), _PROBS)),
    "bdtrin": (3, lambda: _grid3(_COUNTS, _P, _PROBS)),
    "nbdtrik": (3, lambda: _grid3(_P, numpy.array([1, 5, 20, 100.0]), _PROBS)),
    "nbdtrin": (3, lambda: _grid3(_COUNTS, _P, _PROBS)),
    # p between 1/2 (df -> 0) and ndtr(t) (df -> inf), where a root exists
    "stdtridf": (2, lambda: (numpy.array([0.4, 0.2, 0.01, 0.45, 0.3, 0.2, 0.6, 0.8, 0.99, 0.55, 0.7, 0.8]),
                             numpy.array([-0.5, -1, -3, -0.2, -1, -3, 0.5, 1, 3, 0.2, 1, 3.0]))),
    "btdtria": (3, lambda: _grid3(_P, _SHAPES, _UNIT)),
    "btdtrib": (3, lambda: _grid3(_SHAPES, _P, _UNIT)),
}
for _name, (_nin, _sample) in _INVERSES.items():
    # relative above 1e-6: a count root of 0 comes out as 1e-16 or 0 on either side
    CASES_ADDED[_name] = (_nin, f"ga::special::{_name}", getattr(sc, _name), _sample, 1e-7, 1e-5, 1e-6)

# nrdtrimn, nrdtrisd: p = 1/2 (ndtri = 0) differs between SciPy 1.17 and 1.18 and is left out
CASES_ADDED.update({
    "nrdtrimn": (3, "ga::special::nrdtrimn", sc.nrdtrimn, lambda: _grid3(
        numpy.array([1e-10, 0.01, 0.3, 0.7, 0.99, 0, 1]), numpy.array([0.1, 1, 5, 0, -1]),
        numpy.array([-3, 0, 1, 2.5])), 1e-14, 1e-6, 0),
    "nrdtrisd": (3, "ga::special::nrdtrisd", sc.nrdtrisd, lambda: _grid3(
        numpy.array([-3, 0, 1, 2.5]), numpy.array([1e-10, 0.01, 0.3, 0.7, 0.99, 0, 1]),
        numpy.array([-3, 0, 1, 2.5])), 1e-14, 1e-6, 0),
    # smirnov: n eps relative from the logarithms of the terms (5e-13 at n = 1000)
    "smirnov": (2, "ga::special::smirnov", sc.smirnov, lambda: grid(numpy.array([1, 2, 3, 5, 10, 50, 100, 1000, 2.5]),
                                                                    numpy.concatenate([numpy.linspace(0, 1, 41), [
                                                                        1e-5, 0.999, -0.1, 1.1, numpy.nan]])),
                1e-12, 1e-6, 1e-300),
    # tklmbda: SciPy's bisection leaves an absolute 7e-15 (tklmbda(-9.5, 0.1) = 9.766e-14, SciPy 9.24e-14):
    # relative above 1e-6 here, and the round trip through the quantile function in the accuracy test
    "tklmbda": (2, "ga::special::tklmbda", sc.tklmbda, lambda: grid(numpy.concatenate([numpy.linspace(-10, 10, 81), [
        numpy.inf, numpy.nan, 1e3]]), numpy.array([-2, -0.5, -0.1, 0, 0.1, 0.14, 0.5, 1, 2, 5])), 1e-8, 1e-6, 1e-6),
    # chndtr: SciPy returns 0 below about 1e-100
    "chndtr": (3, "ga::special::chndtr", sc.chndtr, lambda: _grid3(numpy.concatenate([numpy.geomspace(1e-3, 1e3, 40),
                                                                                      [0, numpy.inf]]),
                                                                   numpy.array([0, 0.5, 1, 2, 5.5, 30, 200]),
                                                                   numpy.array([0, 0.1, 1, 10, 100, 1000])),
               1e-12, 1e-6, 1e-90),
    "kolmogi": (1, "ga::special::kolmogi", sc.kolmogi, lambda: (numpy.concatenate([_P, [0, 1, 1e-300, -1, 2,
                                                                                        numpy.nan]]),),
                1e-14, 1e-6, 0),
    # besselpoly: J's series, as SciPy's; past a = 3 both keep only 1e-16 e^(2a) absolute
    "besselpoly": (3, "ga::special::besselpoly", sc.besselpoly, lambda: _grid3(
        numpy.array([0, 0.1, 0.5, 1, 2, 3]), numpy.array([0, 0.5, 1, 2.5, -0.5]), numpy.array([0, 1, 2.5, 0.5, -0.5])),
        1e-12, 1e-6, 1e-300),
})
# owens_t: SciPy is off by 2.5e-9 at a = 1e-8 (T = a exp(-h^2/2) / 2pi there; these within 1e-15), left out of
# this sample (test_owens_t_small_a); 1e-13 at h = 30 (T = 2e-198), from the normal tail on either side
_OWENS_H = numpy.concatenate([numpy.linspace(-10, 10, 81), [0, 1e-5, 30, 38, 40, numpy.inf, -numpy.inf, numpy.nan]])
_OWENS_A = numpy.concatenate([numpy.linspace(-5, 5, 41), [0.001, 0.999, 1.001, 100, 1e5, numpy.inf, -numpy.inf,
                                                          numpy.nan]])
CASES_ADDED["owens_t"] = (2, "ga::special::owens_t", sc.owens_t, lambda: grid(_OWENS_H, _OWENS_A), 2e-13, 1e-6, 1e-300)

# mathieu_a, mathieu_b: SciPy's own values fail for larger orders and |q| (mathieu_a(25, 300) is 704.19, SciPy
# 231.8; a_1(1e4) is -19401.25, SciPy 8185.8: a dense eigensolver agrees with these), so SciPy is the reference
# for m <= 11, |q| <= 1000 and test_mathieu_against_dense_eigenvalues checks the rest
_MATHIEU_Q = numpy.concatenate([[0, 1e-3, 0.1, 1, 5, 25, 100, 300, 1000], -numpy.array([1e-3, 1, 25, 1000])])
_MATHIEU_M = numpy.array([0, 1, 2, 3, 4, 5, 10, 11, 2.5, -1])
CASES_ADDED["mathieu_a"] = (2, "ga::special::mathieu_a", sc.mathieu_a, lambda: grid(_MATHIEU_M, _MATHIEU_Q), 1e-13,
                            1e-6, 1e-300)
CASES_ADDED["mathieu_b"] = (2, "ga::special::mathieu_b", sc.mathieu_b, lambda: grid(_MATHIEU_M, _MATHIEU_Q), 1e-13,
                            1e-6, 1e-300)

_INVERSES_MORE = {
    "smirnovi": (2, lambda: grid(numpy.array([1, 2, 5, 10, 100, 1000.0]), _P)),
    "chndtrix": (3, lambda: _grid3(_P, numpy.array([0.5, 2, 10, 100]), numpy.array([0, 0.5, 5, 50]))),
    "chndtridf": (3, lambda: _grid3(numpy.array([0.5, 2, 10, 100]), _P, numpy.array([0, 0.5, 5, 50]))),
    "chndtrinc": (3, lambda: _grid3(numpy.array([0.5, 2, 10, 100]), numpy.array([0.5, 2, 10, 100]), _P)),
}
for _name, (_nin, _sample) in _INVERSES_MORE.items():
    CASES_ADDED[_name] = (_nin, f"ga::special::{_name}", getattr(sc, _name), _sample, 1e-7, 1e-5, 1e-6)

# The real-order Bessel functions and hyp0f1 (their own module: mpmath references)
CASES_ADDED.update(CASES_BESSEL_REAL)
HEADERS_ADDED += HEADERS_BESSEL_REAL
# Kelvin's functions (their own module: mpmath references)
CASES_ADDED.update(CASES_KELVIN)
HEADERS_ADDED += HEADERS_KELVIN
# The Struve functions (their own module: mpmath references)
CASES_ADDED.update(CASES_STRUVE)
HEADERS_ADDED += HEADERS_STRUVE
CASES_ADDED.update(CASES_STRUVE_INTEGRALS)
HEADERS_ADDED += HEADERS_STRUVE_INTEGRALS

# The added ufuncs and their cases: name -> [(case, output index or None)] (the GPU tests' map).
ADDED_UFUNCS = {name: [(name, None)] for name in CASES_ADDED if name in dir(sc)}
ADDED_UFUNCS.update(BESSEL_REAL_UFUNCS)
ADDED_UFUNCS.update(STRUVE_INTEGRAL_UFUNCS)
ADDED_UFUNCS.update({name: [(name, None), (name + "_real", None)] for name in _CHEB_FORMS})
ADDED_UFUNCS.update({"sici": [("sici_si", 0), ("sici_ci", 1)], "shichi": [("shichi_shi", 0), ("shichi_chi", 1)],
                     "fresnel": [("fresnel_s", 0), ("fresnel_c", 1)]})
