# SPDX-License-Identifier: BSD-3-Clause
"""The host-build accuracy cases of the real-order Bessel functions jv, yv
(and so jn, jve, yve, the same rows) and hyp0f1, in
special_host_cases.CASES's format: name -> (nin, call in the headers,
reference, sample args, float64 tol, float32 tol, absolute floor). SciPy is
the less accurate side at large x (jv/yv: 2e-10 relative near the zeros at
x = 1e5, AMOS's phase) and for hyp0f1 at large |z| and order (1e-2 and NaN
at v = 150), so the reference there is mpmath at 30 digits; SciPy's own
special values (zeros, poles, NaN, inf, negative x) are kept as they are.
test_special_host_accuracy_bessel_real.py compares with SciPy itself too."""
import mpmath
import numpy
import scipy.special as sc

from special_host_cases import NONFINITE, grid

HEADERS_BESSEL_REAL = ["bessel_real", "hyp0f1"]

mpmath.mp.dps = 30


def _exact_where_finite(scipy_function, mp_function, positive_only):
    """mpmath's value, except SciPy's special values (at 0, the poles, NaN and inf, and for jv/yv overflows and x < 0)."""
    exact = numpy.frompyfunc(lambda v, x: float(mp_function(mpmath.mpf(float(v)), mpmath.mpf(float(x)))), 2, 1)

    def reference(v, x):
        v, x = numpy.broadcast_arrays(numpy.asarray(v, numpy.float64), numpy.asarray(x, numpy.float64))
        with numpy.errstate(all="ignore"):
            want = numpy.array(scipy_function(v, x), numpy.float64)
        pick = (x != 0) & numpy.isfinite(v) & numpy.isfinite(x)
        if positive_only:  # jv, yv: also SciPy's overflows to inf (Y's) and its NaN for x < 0
            pick &= numpy.isfinite(want) & (x > 0)
        pick &= ~((v <= 0) & (v == numpy.floor(v)) & (not positive_only))  # hyp0f1's poles: SciPy's NaN
        if pick.any():
            want[pick] = exact(v[pick], x[pick]).astype(numpy.float64)
        return want
    return reference


# -60.3 and not -60.5: at a half-integer SciPy's Y_(-n-1/2) = (-1)^n J_(n+1/2) overflows to inf where J underflows
BESSEL_ORDERS = numpy.array([0, 1e-10, 0.25, 0.5, 1, 1.5, 2, 3.7, 10, 25.5, 60, 150, -0.5, -1, -1.5, -2.3, -7, -60.3])
BESSEL_X = numpy.concatenate([numpy.geomspace(1e-6, 1e5, 120), [2.0, 25.0, 0.0, -1.0, -2.5], NONFINITE])
HYP0F1_ORDERS = numpy.array([0.5, 1, 2.5, -2.5, 1e-300, 1e-3, 3, 10.5, 50, 150, -7.3, 0, -1, numpy.inf, -numpy.inf,
                             numpy.nan])
HYP0F1_Z = numpy.concatenate([numpy.geomspace(1e-6, 1e5, 60), -numpy.geomspace(1e-6, 1e5, 60), [0], NONFINITE])

_YV_REFERENCE = _exact_where_finite(sc.yv, mpmath.bessely, True)

CASES_BESSEL_REAL = {
    # floor 1e-280: J_v(x) underflowing for v >> x (both sides lose digits in subnormals)
    "jv": (2, "ga::special::jv", _exact_where_finite(sc.jv, mpmath.besselj, True), lambda: grid(BESSEL_ORDERS, BESSEL_X),
           1e-12, 1e-5, 1e-280),
    "yv": (2, "ga::special::yv", _YV_REFERENCE, lambda: grid(BESSEL_ORDERS, BESSEL_X),
           1e-12, 1e-5, 1e-280),
    # yve: yv for real x, and SciPy's NaN at x = 0 (yv's -inf)
    "yve": (2, "ga::special::yve", lambda v, x: numpy.where(numpy.asarray(x) == 0, numpy.nan, _YV_REFERENCE(v, x)),
            lambda: grid(BESSEL_ORDERS, BESSEL_X), 1e-12, 1e-5, 1e-280),
    "hyp0f1": (2, "ga::special::hyp0f1", _exact_where_finite(sc.hyp0f1, mpmath.hyp0f1, False),
               lambda: grid(HYP0F1_ORDERS, HYP0F1_Z), 2e-12, 1e-5, 1e-300),  # 1.04e-12 at v = -7.3, z = -7609
}
# The rows that are the same device function (jn, jve) take jv's cases on the GPU.
BESSEL_REAL_UFUNCS = {"jv": [("jv", None)], "jn": [("jv", None)], "jve": [("jv", None)], "yv": [("yv", None)],
                      "yve": [("yve", None)], "hyp0f1": [("hyp0f1", None)]}
