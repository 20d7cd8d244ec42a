# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.emath against numpy.emath: every function over real dtypes (each
inside and outside the real domain), complex input, layouts, 0-d, empty and
special values; the result dtype rule (complex64 for float32 and small
integers, complex128 otherwise) and NumPy's integer-exponent rule of power."""
import inspect
import warnings

import numpy
import pytest

import gpuarray as xp

gpu = pytest.mark.gpu
UNARY = ["sqrt", "log", "log2", "log10", "arccos", "arcsin", "arctanh"]
DTYPES = [numpy.int8, numpy.uint8, numpy.int16, numpy.int32, numpy.int64, numpy.float16, numpy.float32,
          numpy.float64, numpy.complex64, numpy.complex128, numpy.bool_]


def test_names_and_signatures_are_numpys():
    assert sorted(xp.emath.__all__) == sorted(numpy.emath.__all__)
    for name in numpy.emath.__all__:
        ours, theirs = getattr(xp.emath, name), getattr(numpy.emath, name)
        assert list(inspect.signature(ours).parameters) == list(inspect.signature(theirs).parameters)


def check(ours, theirs):
    ours = xp.asnumpy(ours)
    theirs = numpy.asarray(theirs)
    assert ours.shape == theirs.shape and ours.dtype == theirs.dtype, (ours.dtype, theirs.dtype)
    rtol = 1e-3 if theirs.dtype in (numpy.float16,) else 2e-6 if theirs.dtype.itemsize <= 8 and \
        theirs.dtype.kind == "c" or theirs.dtype == numpy.float32 else 1e-12
    numpy.testing.assert_allclose(ours, theirs, rtol=rtol, atol=rtol, equal_nan=True)


def values(dtype, inside):
    """Values of `dtype` inside the real domain of every function ([0, 1)), or
    spanning outside it (negative and beyond 1)."""
    if dtype == numpy.bool_:
        return numpy.array([False, True] * 3)
    base = numpy.array([0.0, 0.25, 0.5, 0.75, 0.9, 0.1]) if inside else numpy.array([-3.0, -0.5, 0.0, 0.5, 2.0, 5.0])
    if numpy.dtype(dtype).kind in "iu":
        base = numpy.array([0, 1, 0, 1, 1, 0]) if inside else numpy.array([0, 1, 2, 3, 5, 7])
        if numpy.dtype(dtype).kind == "i" and not inside:
            base = base - 3
    return base.astype(dtype)


@gpu
@pytest.mark.parametrize("name", UNARY)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("inside", [True, False])
def test_unary_matches_numpy(name, dtype, inside):
    host = values(dtype, inside)
    with warnings.catch_warnings(), numpy.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        expected = getattr(numpy.emath, name)(host)
    check(getattr(xp.emath, name)(xp.asarray(host)), expected)


@gpu
@pytest.mark.parametrize("name", UNARY)
def test_layouts_0d_empty_and_special_values(name):
    host = numpy.array([[-4.0, 9.0, 0.5], [numpy.nan, -numpy.inf, -0.0]])
    with warnings.catch_warnings(), numpy.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        f, g = getattr(xp.emath, name), getattr(numpy.emath, name)
        d = xp.asarray(numpy.repeat(host, 2, axis=1))
        check(f(d[:, ::2]), g(host))
        check(f(xp.asarray(host)[:, ::-1]), g(host[:, ::-1]))
        check(f(xp.broadcast_to(xp.asarray(host[0]), (3, 3))), g(numpy.broadcast_to(host[0], (3, 3))))
        check(f(xp.asarray(numpy.float64(-2.0))), g(numpy.float64(-2.0)))
        check(f(xp.asarray(numpy.zeros((0, 3)))), g(numpy.zeros((0, 3))))
        check(f(numpy.array([-2.0, 2.0])), g(numpy.array([-2.0, 2.0])))  # host input is uploaded


@gpu
@pytest.mark.parametrize("x, p", [(numpy.array([-2, 2]), 2), (numpy.array([-2.0, 2.0]), 0.5),
                                  (numpy.array([4, 9]), numpy.array([-1, 2])), (numpy.array([2.0, 3.0]), 3),
                                  (numpy.array([-8.0, 8.0], dtype=numpy.float32), numpy.float32(1 / 3)),
                                  (numpy.array([1 + 1j, -2]), 2)])
def test_power(x, p):
    with numpy.errstate(all="ignore"):
        expected = numpy.emath.power(x, p)
    check(xp.emath.power(xp.asarray(x), p if numpy.ndim(p) == 0 else xp.asarray(p)), expected)


@gpu
@pytest.mark.parametrize("n, x", [(2, numpy.array([4.0, 8.0])), (2, numpy.array([-4.0, 4.0])),
                                  (numpy.array([-2.0, 10.0]), numpy.array([4.0, 100.0])),
                                  (3, numpy.array([9, 27], dtype=numpy.int32))])
def test_logn(n, x):
    with numpy.errstate(all="ignore"):
        expected = numpy.emath.logn(n, x)
    check(xp.emath.logn(n if numpy.ndim(n) == 0 else xp.asarray(n), xp.asarray(x)), expected)
