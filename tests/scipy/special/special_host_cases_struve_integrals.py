# SPDX-License-Identifier: BSD-3-Clause
"""The host-build accuracy cases of itstruve0, itmodstruve0, itj0y0 and
iti0k0 (struve_integrals.cuh), in special_host_cases.CASES's format: name ->
(nin, call in the headers, reference, sample args, float64 tol, float32 tol,
absolute floor); the two-output ufuncs as one case per output. SciPy
(specfun) is the less accurate side: 2e-8 relative around x = 18-21 for all
four, and itstruve0 fails past x = 20 (0.0013 at x = 40, -107 at x = 1e5,
where the integral is 3.15 and 7.9). So the reference is mpmath's closed
forms at 30 digits (past x = 40, pi/2 less the rest for int K_0), and
SciPy's special values (0, inf, NaN, x < 0) are kept;
test_special_host_accuracy_struve.py checks the closed forms against
mpmath's quadrature, and these functions against SciPy below x = 15."""
import mpmath
import numpy
import scipy.special as sc

from special_host_cases import NONFINITE

HEADERS_STRUVE_INTEGRALS = ["struve_integrals"]

def _cylinder(c0, c1, h0, h1):
    """int_0^x C_0 = x C_0 + (pi x / 2) (C_1 H_0 - C_0 H_1) (DLMF 10.22.2), at 30 digits."""
    return lambda x: x * c0(x) + mpmath.pi * x / 2 * (c1(x) * h0(x) - c0(x) * h1(x))


def _h(order):
    return lambda x: mpmath.struveh(order, x)


def _l(order):
    return lambda x: mpmath.struvel(order, x)


# name: (the integral from 0 to x > 0 in closed form at 30 digits, SciPy's function, output index, odd in x)
# (the hypergeometric forms integrate the power series term by term; test_special_host_accuracy_struve.py
# checks the closed forms against mpmath's quadrature at a few points)
_EXACT = {
    "itstruve0": (lambda x: x * x / mpmath.pi * mpmath.hyp2f3(1, 1, 1.5, 1.5, 2, -x * x / 4), sc.itstruve0, None, False),
    "itmodstruve0": (lambda x: x * x / mpmath.pi * mpmath.hyp2f3(1, 1, 1.5, 1.5, 2, x * x / 4), sc.itmodstruve0, None,
                     False),
    "itj0y0_j": (lambda x: x * mpmath.hyp1f2(0.5, 1, 1.5, -x * x / 4), sc.itj0y0, 0, True),
    "itj0y0_y": (_cylinder(lambda x: mpmath.bessely(0, x), lambda x: mpmath.bessely(1, x), _h(0), _h(1)), sc.itj0y0, 1,
                 False),
    "iti0k0_i": (lambda x: x * mpmath.hyp1f2(0.5, 1, 1.5, x * x / 4), sc.iti0k0, 0, True),
    "iti0k0_k": (lambda x: (x * mpmath.besselk(0, x) + mpmath.pi * x / 2 * (mpmath.besselk(1, x) * mpmath.struvel(0, x) +
                                                                          mpmath.besselk(0, x) * mpmath.struvel(1, x)))
                 if x < 40 else mpmath.pi / 2 - mpmath.quad(lambda t: mpmath.besselk(0, t), [x, mpmath.inf]),
                 sc.iti0k0, 1, False),
}


def integral_reference(name):
    exact, scipy_function, index, odd = _EXACT[name]

    def reference(x):
        x = numpy.asarray(x, numpy.float64)
        with numpy.errstate(all="ignore"):
            want = scipy_function(x)
        want = numpy.array(want if index is None else want[index], numpy.float64)
        with mpmath.workdps(30):
            for i in numpy.flatnonzero(numpy.isfinite(want) & (x != 0) & (numpy.abs(want) < 1e300)):
                value = float(exact(mpmath.mpf(abs(float(x.flat[i])))))
                want.flat[i] = -value if odd and x.flat[i] < 0 else value
        return want
    return reference


STRUVE_INTEGRAL_X = numpy.concatenate([numpy.geomspace(1e-5, 600, 40), [7.99, 8.0, 8.01, 18.2, 20.9, 39.9, 40.0],
                                       [0.0, -1.0, -30.0, 1000.0], NONFINITE])
CASES_STRUVE_INTEGRALS = {
    name: (1, f"ga::special::{name}" if name.startswith("it") and "_" not in name else
           f"[](double x) {{ double a, b; ga::special::{name[:-2]}(x, a, b); return {'a' if index == 0 else 'b'}; }}",
           integral_reference(name), lambda: (STRUVE_INTEGRAL_X,), 1e-12, 1e-5, 1e-300)
    for name, (_, _, index, _) in _EXACT.items()}
STRUVE_INTEGRAL_UFUNCS = {"itstruve0": [("itstruve0", None)], "itmodstruve0": [("itmodstruve0", None)],
                          "itj0y0": [("itj0y0_j", 0), ("itj0y0_y", 1)], "iti0k0": [("iti0k0_i", 0), ("iti0k0_k", 1)]}
