# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.polynomial (numpy.polynomial.polynomial and polyutils) against
NumPy (issue 25), and its accuracy on hard inputs."""
import inspect
import subprocess
import sys
import warnings

import numpy
import pytest

import gpuarray
from gpuarray import testing

gpu = pytest.mark.gpu

SERIES = [[1.0, 2.0, 3.0], [0.0], [1, 0, 0], [3], numpy.float32([1, 2]), [1j, 2, 0], [0, 0, 0, 5.0],
          numpy.complex64([1, 1j]), numpy.int16([4, -2, 1])]


def P(xp):
    return xp.polynomial.polynomial


def U(xp):
    return xp.polynomial.polyutils


def device(xp, c):
    return xp.asarray(numpy.asarray(c))


def test_names_and_signatures_are_numpys():
    ours, numpys = gpuarray.polynomial.polynomial, numpy.polynomial.polynomial
    # Left out: the Polynomial class, and NumPy 2.5's N-dimensional evaluators.
    assert set(ours.__all__) == set(numpys.__all__) - {"Polynomial", "polyvalnd", "polygridnd"}
    for name in ours.__all__:
        if callable(getattr(numpys, name)):
            assert inspect.signature(getattr(ours, name)) == inspect.signature(getattr(numpys, name)), name
    for name in ["as_series", "trimseq", "trimcoef", "getdomain", "mapdomain", "mapparms"]:
        assert inspect.signature(getattr(gpuarray.polynomial.polyutils, name)) == \
            inspect.signature(getattr(numpy.polynomial.polyutils, name)), name
    assert ours.polytrim is gpuarray.polynomial.polyutils.trimcoef


def test_subpackage_loads_on_first_use():
    code = ("import sys, gpuarray; assert 'gpuarray.polynomial' not in sys.modules; "
            "gpuarray.polynomial.polynomial.polyval; assert 'gpuarray.polynomial' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)
    assert "polynomial" in dir(gpuarray)


@pytest.mark.parametrize("call", [
    lambda m: m.polynomial.polyder([1.0, 2.0], -1), lambda m: m.polynomial.polyder([1.0], 1.5),
    lambda m: m.polynomial.polyder([1.0], 1, 1, 0.5), lambda m: m.polynomial.polyint([1.0], -1),
    lambda m: m.polynomial.polyint([1.0], 1, [1, 2]), lambda m: m.polynomial.polyint([1.0], 1, [], [1, 2]),
    lambda m: m.polynomial.polyint([1.0], 1, [], 0, [1, 2]), lambda m: m.polynomial.polyvander([1.0], -1),
    lambda m: m.polynomial.polyvander([1.0], 1.5), lambda m: m.polyutils.trimcoef([1.0], -1),
    lambda m: m.polyutils.as_series([[]]), lambda m: m.polyutils.as_series([[[1.0]]]),
    lambda m: m.polynomial.polyfit([1.0], [1.0], -1), lambda m: m.polynomial.polyfit([1.0], [1.0], 1.5),
    lambda m: m.polynomial.polyfit([1.0], [1.0], [[1]]), lambda m: m.polynomial.polyvander2d([1.0], [1.0], [1]),
], ids=lambda f: inspect.getsource(f).split("lambda m: ")[1].strip(" ,\n)"))
def test_errors_before_device_work(call):
    with pytest.raises(Exception) as expected:
        call(numpy.polynomial)
    with pytest.raises(type(expected.value)):
        call(gpuarray.polynomial)


@gpu
@pytest.mark.parametrize("c", SERIES, ids=repr)
@pytest.mark.parametrize("name", ["as_series", "trimcoef", "trimseq", "getdomain", "polymulx", "polycompanion",
                                  "polyfromroots"])
@testing.numpy_gpuarray_equal(rtol=1e-12, atol=1e-12)
def test_one_series(xp, c, name):
    c = device(xp, c)
    if name == "as_series":
        return U(xp).as_series([c, c[:1]]) + U(xp).as_series([c], trim=False)
    if name in ("trimcoef", "trimseq", "getdomain"):
        return getattr(U(xp), name)(c)
    return getattr(P(xp), name)(c)


@gpu
@pytest.mark.parametrize("c1", SERIES, ids=repr)
@pytest.mark.parametrize("c2", SERIES[:7], ids=repr)
@pytest.mark.parametrize("name", ["polyadd", "polysub", "polymul", "polydiv"])
@testing.numpy_gpuarray_equal(rtol=1e-6, atol=1e-6)
def test_two_series(xp, c1, c2, name):
    result = getattr(P(xp), name)(device(xp, c1), device(xp, c2))
    return list(result) if isinstance(result, tuple) else result


@gpu
@pytest.mark.parametrize("c", SERIES, ids=repr)
@pytest.mark.parametrize("power", [0, 1, 2, 5])
@testing.numpy_gpuarray_equal(rtol=1e-6, atol=1e-6)
def test_polypow(xp, c, power):
    return P(xp).polypow(device(xp, c), power)


@gpu
@pytest.mark.parametrize("x", ["scalar", "list", "2-d", "reversed", "0-d", "empty"])
@pytest.mark.parametrize("c", [[1, 2, 3], "2-d", [True], numpy.float32([2.0, -1.0]), [1j, 2.0]], ids=repr)
@pytest.mark.parametrize("tensor", [True, False])
@pytest.mark.parametrize("name", ["polyval", "polyvalfromroots"])
@testing.numpy_gpuarray_equal(rtol=1e-6, atol=1e-6)
def test_evaluation(xp, x, c, tensor, name):
    grid = device(xp, numpy.linspace(-1, 1, 6).reshape(2, 3))
    x = {"scalar": 1.5, "list": [0.5, 2.0], "2-d": grid, "reversed": grid[::-1, ::-2], "0-d": grid[1, 1, ...],
         "empty": grid[:0]}[x]
    c = device(xp, numpy.arange(12.0).reshape(3, 4) - 4 if isinstance(c, str) else c)
    return getattr(P(xp), name)(x, c, tensor)


@gpu
@pytest.mark.parametrize("name", ["polyval2d", "polyval3d", "polygrid2d", "polygrid3d", "polyval2d mismatch",
                                  "polyval3d mismatch", "polyval2d scalars"])
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_multivariate_evaluation(xp, name):
    x, y, z = (device(xp, numpy.linspace(lo, hi, 5)) for lo, hi in [(0, 1), (-1, 2), (1, 3)])
    c = device(xp, numpy.arange(24.0).reshape(2, 3, 4))
    p = P(xp)
    return {"polyval2d": lambda: p.polyval2d(x, y, c), "polyval3d": lambda: p.polyval3d(x, y, z, c),
            "polygrid2d": lambda: p.polygrid2d(x, y[:3], c), "polygrid3d": lambda: p.polygrid3d(x, y[:3], z[:2], c),
            "polyval2d mismatch": lambda: p.polyval2d(x, y[:3], c),
            "polyval3d mismatch": lambda: p.polyval3d(x, y, z[:2], c),
            "polyval2d scalars": lambda: p.polyval2d(0.5, 1.5, c)}[name]()


@gpu
@pytest.mark.parametrize("c", [[1, 2, 3, 4], numpy.float32([1, 2, 3]), [1j, 2, 3], "2-d", [5]], ids=repr)
@pytest.mark.parametrize("m", [0, 1, 2, 5])
@pytest.mark.parametrize("scl,axis", [(1, 0), (2, 0), (-0.5, -1), (1, 1)])
@testing.numpy_gpuarray_equal(rtol=1e-6, atol=1e-6)
def test_polyder(xp, c, m, scl, axis):
    c = device(xp, numpy.arange(12.0).reshape(3, 4) - 4 if isinstance(c, str) else c)
    return P(xp).polyder(c, m, scl, axis)


@gpu
@pytest.mark.parametrize("c", [[1, 2, 3, 4], numpy.float32([1, 2, 3]), [1j, 2, 3], "2-d", [5], [0.0]], ids=repr)
@pytest.mark.parametrize("m,k,lbnd,scl,axis", [(1, [], 0, 1, 0), (2, [1, 2], 0, 1, 0), (1, 3, 2, 1, 0),
                                               (3, [1], -1, 2, 0), (1, [], 0, 1, -1), (2, [], 0.5, 1, 1),
                                               (0, [], 0, 1, 0)], ids=repr)
@testing.numpy_gpuarray_equal(rtol=1e-6, atol=1e-6)
def test_polyint(xp, c, m, k, lbnd, scl, axis):
    c = device(xp, numpy.arange(12.0).reshape(3, 4) - 4 if isinstance(c, str) else c)
    return P(xp).polyint(c, m, k, lbnd, scl, axis)


@gpu
@pytest.mark.parametrize("x", [[1.0, 2, 3], 2, "2-d", [1, 2]], ids=repr)
@pytest.mark.parametrize("deg", [0, 1, 3])
@testing.numpy_gpuarray_equal(rtol=1e-12, check_strides=True)
def test_polyvander(xp, x, deg):
    x = device(xp, numpy.arange(6.0).reshape(2, 3)) if isinstance(x, str) else x
    return P(xp).polyvander(x, deg)


@gpu
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_polyvander2d_3d(xp):
    x, y, z = (device(xp, numpy.linspace(lo, hi, 5)) for lo, hi in [(0, 1), (-1, 2), (1, 3)])
    return [P(xp).polyvander2d(x, y, [2, 3]), P(xp).polyvander3d(x, y, z, [1, 2, 3]),
            P(xp).polyvander2d(x.reshape(5, 1), y.reshape(5, 1), [1, 1])]


@gpu
@pytest.mark.parametrize("deg", [0, 3, 7, [0, 2, 4], [4, 0, 2]], ids=repr)
@pytest.mark.parametrize("columns", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
@testing.numpy_gpuarray_equal(rtol=1e-8, atol=1e-10)
def test_polyfit(xp, deg, columns, weighted):
    x = numpy.linspace(-1, 1, 30)
    y = numpy.cos(3 * x)
    y = numpy.stack([y, 2 * y + x], 1) if columns else y
    w = device(xp, 1 + x * x) if weighted else None
    return P(xp).polyfit(device(xp, x), device(xp, y), deg, None, False, w)


@gpu
@testing.numpy_gpuarray_equal(rtol=1e-8, atol=1e-10)
def test_polyfit_full_and_complex(xp):
    x = numpy.linspace(-1, 1, 30)
    c, [residuals, rank, s, rcond] = P(xp).polyfit(device(xp, x), device(xp, numpy.exp(x)), 4, full=True)
    return [c, residuals, xp.asarray(numpy.array(rank)), s, xp.asarray(numpy.array(rcond)),
            P(xp).polyfit(device(xp, x), device(xp, numpy.exp(x) + 1j * x), 3)]


@gpu
def test_polyfit_warns_when_rank_deficient():
    x = gpuarray.asarray(numpy.array([1.0, 1.0, 1.0, 2.0]))
    with pytest.warns(numpy.exceptions.RankWarning):
        gpuarray.polynomial.polynomial.polyfit(x, x, 3)


@gpu
@pytest.mark.parametrize("c", [[-2.0, 1.0, 1.0], [1.0, 0.0, 1.0], [5.0], [1, 2], [0.0, 0.0, 1.0],
                               [1j, 3.0, 1j], numpy.float32([6, -5, 1])], ids=repr)
def test_polyroots_match_numpys(c):
    expected = numpy.polynomial.polynomial.polyroots(numpy.asarray(c))
    actual = gpuarray.polynomial.polynomial.polyroots(gpuarray.asarray(numpy.asarray(c))).get()
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    numpy.testing.assert_allclose(actual, expected, rtol=1e-6, atol=1e-6)


# Hard inputs (issue 25): each error within a small factor of NumPy's (LAPACK's balanced geev, SVD lstsq).
HARD_ROOTS = {
    "Wilkinson 20": numpy.arange(1, 21.0),
    "spread 1e-6..1e6": numpy.array([1e-6, 1e-3, 1.0, 1e3, 1e6]),
    "spread 1e-8..1e8": numpy.logspace(-8, 8, 9),
    "fourfold root": numpy.array([2.0] * 4 + [-1.0, 3.0]),
    "clustered large": numpy.linspace(1e3, 2e3, 8),
    "clustered small": numpy.linspace(1e-4, 2e-4, 6),
    "mixed scales": numpy.array([1e-5, 2e-5, 1e4, 3e4, -7.0]),
    "roots of unity 30": numpy.exp(2j * numpy.pi * numpy.arange(30) / 30),
}


def _worst_relative_error(found, true):
    found = numpy.asarray(found, complex)
    return max(numpy.abs(found - t).min() / max(abs(t), 1e-300) for t in true)


@gpu
@pytest.mark.parametrize("name", list(HARD_ROOTS))
@pytest.mark.parametrize("function", ["polyroots", "roots", "companion"])
def test_roots_accuracy_on_hard_inputs(name, function):
    true = HARD_ROOTS[name]
    c = numpy.polynomial.polynomial.polyfromroots(true)
    if function == "polyroots":
        expected = numpy.polynomial.polynomial.polyroots(c)
        actual = gpuarray.polynomial.polynomial.polyroots(gpuarray.asarray(c)).get()
    elif function == "roots":
        expected = numpy.roots(c[::-1])
        actual = gpuarray.roots(gpuarray.asarray(c[::-1].copy())).get()
    else:
        expected = numpy.linalg.eigvals(numpy.polynomial.polynomial.polycompanion(c))
        actual = gpuarray.linalg.eigvals(gpuarray.polynomial.polynomial.polycompanion(gpuarray.asarray(c))).get()
    assert _worst_relative_error(actual, true) <= 20 * _worst_relative_error(expected, true) + 1e-14


@gpu
@pytest.mark.parametrize("deg,x", [(12, numpy.linspace(0, 10, 60)), (20, numpy.linspace(-1, 1, 200)),
                                   (9, numpy.linspace(1e3, 1e3 + 1, 50)), (25, numpy.cos(numpy.linspace(0, 3, 80)))],
                         ids=["deg 12 on [0, 10]", "deg 20", "deg 9 offset 1e3", "deg 25 Chebyshev-like"])
@pytest.mark.parametrize("which", ["polynomial.polyfit", "polyfit"])
def test_polyfit_accuracy_on_ill_conditioned_vandermonde(deg, x, which):
    y = numpy.sin(3 * x) + 0.1 * x
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", numpy.exceptions.RankWarning)
        if which == "polyfit":
            expected = numpy.polyval(numpy.polyfit(x, y, deg), x)
            actual = numpy.polyval(gpuarray.polyfit(gpuarray.asarray(x), gpuarray.asarray(y), deg).get(), x)
        else:
            fit = numpy.polynomial.polynomial
            expected = fit.polyval(x, fit.polyfit(x, y, deg))
            actual = fit.polyval(x, gpuarray.polynomial.polynomial.polyfit(gpuarray.asarray(x), gpuarray.asarray(y),
                                                                           deg).get())
    assert numpy.abs(actual - y).max() <= 4 * numpy.abs(expected - y).max() + 1e-12


@gpu
def test_constants_are_device_arrays_equal_to_numpys():
    for name in ["polydomain", "polyzero", "polyone", "polyx"]:
        value = getattr(gpuarray.polynomial.polynomial, name)
        assert isinstance(value, gpuarray.ndarray) and value is getattr(gpuarray.polynomial.polynomial, name)
        numpy.testing.assert_array_equal(value.get(), getattr(numpy.polynomial.polynomial, name), strict=True)


@gpu
@pytest.mark.parametrize("name,args", [("polyline", (1, -1)), ("polyline", (2.5, 0)), ("mapparms", ((-1, 1), (-1, 3))),
                                       ("mapdomain", (0.5, (0, 1), (0, 10)))], ids=repr)
def test_small_helpers(name, args):
    module = "polyutils" if name.startswith("map") else "polynomial"
    expected = getattr(getattr(numpy.polynomial, module), name)(*args)
    actual = getattr(getattr(gpuarray.polynomial, module), name)(*args)
    actual = actual.get() if isinstance(actual, gpuarray.ndarray) else actual
    numpy.testing.assert_array_equal(actual, expected, strict=True)


@gpu
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_mapdomain_of_device_points(xp):
    return U(xp).mapdomain(device(xp, [0.0, 1.0, 2.0]), (0, 2), (-1, 1))


@gpu
def test_numpy_functions_dispatch_to_the_subpackage():
    c = gpuarray.asarray(numpy.array([1.0, 2.0, 3.0]))
    x = gpuarray.asarray(numpy.array([0.5]))
    result = numpy.polynomial.polynomial.polyval2d(x, x, c.reshape(3, 1))
    assert isinstance(result, gpuarray.ndarray)
