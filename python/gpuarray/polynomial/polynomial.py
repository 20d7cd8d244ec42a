# SPDX-License-Identifier: BSD-3-Clause
"""Power series (numpy.polynomial.polynomial) on device arrays: coefficients
lowest power first, the reverse of numpy.poly1d's order.

The functions live by theme in _power_series_algebra.py,
_power_series_calculus.py and _power_series_fitting.py; this module is
NumPy's namespace for them. The constants polydomain, polyzero, polyone and
polyx are device arrays made on first access (importing needs no device).
NumPy's Polynomial convenience class, and NumPy 2.5's polyvalnd and
polygridnd, are not offered yet (issue 25)."""
from gpuarray._array_creation.from_data import asarray
from gpuarray.polynomial._power_series_algebra import (polyadd, polydiv, polyfromroots, polyline, polymul, polymulx,
                                                       polypow, polysub)
from gpuarray.polynomial._power_series_calculus import (polyder, polygrid2d, polygrid3d, polyint, polyval, polyval2d,
                                                        polyval3d, polyvalfromroots)
from gpuarray.polynomial._power_series_fitting import (polycompanion, polyfit, polyroots, polyvander, polyvander2d,
                                                       polyvander3d)
from gpuarray.polynomial.polyutils import trimcoef as polytrim

_CONSTANTS = {"polydomain": [-1.0, 1.0], "polyzero": [0], "polyone": [1], "polyx": [0, 1]}

__all__ = [*_CONSTANTS, "polyline", "polyadd", "polysub", "polymulx", "polymul", "polydiv", "polypow", "polyval",
           "polyvalfromroots", "polyder", "polyint", "polyfromroots", "polyvander", "polyfit", "polytrim", "polyroots",
           "polyval2d", "polyval3d", "polygrid2d", "polygrid3d", "polyvander2d", "polyvander3d", "polycompanion"]


def __getattr__(name):
    if name in _CONSTANTS:
        value = globals()[name] = asarray(_CONSTANTS[name])  # made once, kept as NumPy keeps its
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_CONSTANTS))
