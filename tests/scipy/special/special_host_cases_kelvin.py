# SPDX-License-Identifier: BSD-3-Clause
"""The host-build accuracy cases of Kelvin's functions ber, bei, ker, kei,
berp, beip, kerp, keip, in special_host_cases.CASES's format: name -> (nin,
call in the headers, reference, sample args, float64 tol, float32 tol,
absolute floor). SciPy (specfun's KLVNA) is the less accurate side, 2e-9
relative around x = 8-10, so the reference is mpmath's modified Bessel
functions of x e^(i pi/4) at 30 digits (DLMF 10.61.1-2), with SciPy's own
special values kept (NaN, inf, the limits at 0, the K's NaN for x < 0, ber's
overflow past x = 1004). test_special_host_accuracy_kelvin.py compares with
SciPy itself too."""
import mpmath
import numpy
import scipy.special as sc

from special_host_cases import NONFINITE

HEADERS_KELVIN = ["kelvin"]
KELVIN_NAMES = ["ber", "bei", "ker", "kei", "berp", "beip", "kerp", "keip"]

mpmath.mp.dps = 30
_ROTATION = mpmath.expjpi(mpmath.mpf(1) / 4)  # e^(i pi/4)


def _kelvin_exact(name, x):
    """ber ... keip at x >= 0 from I_0, I_1, K_0, K_1 of x e^(i pi/4)."""
    z = mpmath.mpf(x) * _ROTATION
    value = {"ber": lambda: mpmath.besseli(0, z), "bei": lambda: mpmath.besseli(0, z),
             "ker": lambda: mpmath.besselk(0, z), "kei": lambda: mpmath.besselk(0, z),
             "berp": lambda: _ROTATION * mpmath.besseli(1, z), "beip": lambda: _ROTATION * mpmath.besseli(1, z),
             "kerp": lambda: -_ROTATION * mpmath.besselk(1, z), "keip": lambda: -_ROTATION * mpmath.besselk(1, z)}[name]()
    return float(value.imag if name in ("bei", "kei", "beip", "keip") else value.real)


def kelvin_reference(name):
    """mpmath's value where SciPy's is finite (odd derivatives of ber, bei change sign for x < 0)."""
    def reference(x):
        x = numpy.asarray(x, numpy.float64)
        with numpy.errstate(all="ignore"):
            want = numpy.array(getattr(sc, name)(x), numpy.float64)
        # below |x| = 1e-6 SciPy's leading terms are exact, and mpmath's K_1(z) - 1/z would need 600 digits at 1e-300
        for i in numpy.flatnonzero(numpy.isfinite(want) & (numpy.abs(x) >= 1e-6)):
            sign = -1.0 if name in ("berp", "beip") and x.flat[i] < 0 else 1.0
            want.flat[i] = sign * _kelvin_exact(name, abs(float(x.flat[i])))
        return want
    return reference


KELVIN_X = numpy.concatenate([numpy.geomspace(1e-6, 1100, 200), -numpy.geomspace(1e-3, 50, 12),
                              [0.0, 3.0, 40.0], NONFINITE])
# float32: x up to 100 (ber overflows float32 past x = 125; the K's underflow there)
CASES_KELVIN = {name: (1, f"ga::special::{name}", kelvin_reference(name), lambda: (KELVIN_X,), 1e-12, 1e-5, 1e-300)
                for name in KELVIN_NAMES}
