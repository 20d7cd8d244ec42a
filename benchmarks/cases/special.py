# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special (issue 28): the cheap special functions on 2^26 float32 values
against sin's bandwidth (target ≥ 0.9 × sin's, `reference` below), and each
beside CuPy's cupyx.scipy.special where CuPy has the function (target: at most
CuPy's time, judged in RESULTS.md)."""
import numpy

from benchmarks.registry import case

AREA = "special"
N = 2**26  # float32 elements

sin = case(AREA, "sin float32 2^26 (special's reference)", "device", unit="ms", bytes_moved=2 * 4 * N,
           reference="sin bandwidth")


@sin.on("gpuarray", "cupy")
def sin_arrays(xp):
    a = xp.asarray(numpy.linspace(0.1, 10, N, dtype=numpy.float32))
    return lambda: xp.sin(a)


def _special(xp):
    if xp.__name__ == "cupy":
        import cupyx.scipy.special as special
    else:
        import gpuarray.scipy.special as special
    return special


def _register(name, low, high, target=None):
    c = case(AREA, f"{name} float32 2^26", "device", unit="ms", bytes_moved=2 * 4 * N, target=target)

    @c.on("gpuarray", "cupy")
    def arrays(xp):
        f = getattr(_special(xp), name)
        a = xp.asarray(numpy.linspace(low, high, N, dtype=numpy.float32))
        return lambda: f(a)

    return c


CHEAP = [("erf", -3.0, 3.0), ("expit", -20.0, 20.0), ("gammaln", 0.1, 50.0)]
for _name, _low, _high in CHEAP:
    _register(_name, _low, _high, target="≥ 0.9 × sin bandwidth")
for _name, _low, _high in [("erfcx", -2.0, 20.0), ("digamma", 0.1, 50.0), ("j0", 0.0, 50.0), ("i0e", 0.0, 50.0),
                           ("k1", 0.1, 20.0), ("ndtri", 0.001, 0.999), ("log_ndtr", -30.0, 5.0)]:
    _register(_name, _low, _high)


# The families added for the count (branch specialnames), gpuarray only (CuPy has none of these
# three): a two-output ufunc, a Chebyshev function of real degree, and the heaviest new distribution function.
def _register_added(name, make_args):
    c = case(AREA, f"{name} float32 2^20", "device", unit="ms")

    @c.on("gpuarray")
    def arrays(xp):
        f = getattr(_special(xp), name)
        args = [xp.asarray(a) for a in make_args()]
        return lambda: f(*args)

    return c


_M = 2**20
_register_added("sici", lambda: [numpy.linspace(0.1, 50.0, _M, dtype=numpy.float32)])
_register_added("eval_chebyt", lambda: [numpy.float32(7.5), numpy.linspace(-1.0, 1.0, _M, dtype=numpy.float32)])
_register_added("chndtr", lambda: [numpy.linspace(0.1, 60.0, _M, dtype=numpy.float32), numpy.float32(5.0),
                                   numpy.float32(20.0)])
