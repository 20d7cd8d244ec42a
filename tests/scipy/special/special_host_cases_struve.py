# SPDX-License-Identifier: BSD-3-Clause
"""The host-build accuracy cases of the Struve functions struve (H_v) and
modstruve (L_v), in special_host_cases.CASES's format: name -> (nin, call in
the headers, reference, sample args, float64 tol, float32 tol, absolute
floor). SciPy is the less accurate side in places (modstruve 9.5e-12 at
x = 13, struve 1.5e-12 at x = 26, v = -0.3), so the reference is mpmath at
30 digits wherever SciPy's value is finite and x != 0, and SciPy's special
values elsewhere. test_special_host_accuracy_struve.py compares with SciPy."""
import mpmath
import numpy
import scipy.special as sc

from special_host_cases import NONFINITE, grid

HEADERS_STRUVE = ["struve"]

mpmath.mp.dps = 30


def struve_reference(name):
    exact = {"struve": mpmath.struveh, "modstruve": mpmath.struvel}[name]

    def reference(v, x):
        v, x = numpy.broadcast_arrays(numpy.asarray(v, numpy.float64), numpy.asarray(x, numpy.float64))
        with numpy.errstate(all="ignore"):
            want = numpy.array(getattr(sc, name)(v, x), numpy.float64)
        for i in numpy.flatnonzero(numpy.isfinite(want) & (x != 0) & (numpy.abs(want) < 1e300)):
            want.flat[i] = float(exact(float(v.flat[i]), float(x.flat[i])))
        return want
    return reference


STRUVE_ORDERS = numpy.array([0, 0.25, 0.5, 1, 1.5, 2, 3, -0.3, -0.5, -0.7, -1, -1.5, -2, -2.3, -3.5, -5.5, -7.3, 10, 25.5,
                             50, -10.2])
STRUVE_X = numpy.concatenate([numpy.geomspace(1e-4, 1e3, 70), [3.99, 4.0, 4.01, 39.9, 40, 40.1, 0, -1, -2.5],
                              NONFINITE])
# floor 1e-2: H_v's zeros (H_(1/2)(x) = sqrt(2 / (pi x)) (1 - cos x) has double ones, H_(-1/2) = J_(1/2) simple
# ones) are met to an absolute few 1e-16 of the amplitude, as SciPy's; test_special_host_accuracy_struve.py checks
# the small values relative to themselves
CASES_STRUVE = {"struve": (2, "ga::special::struve", struve_reference("struve"), lambda: grid(STRUVE_ORDERS, STRUVE_X),
                           1e-12, 1e-5, 1e-2),
                "modstruve": (2, "ga::special::modstruve", struve_reference("modstruve"),
                              lambda: grid(STRUVE_ORDERS, STRUVE_X), 1e-12, 1e-5, 1e-300)}
