# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.poly1d against numpy.poly1d, and the legacy functions taking and
giving poly1d (issue 25). The checks that need no device run everywhere."""
import warnings

import numpy
import pytest

import gpuarray
from gpuarray import testing
from fake_memory import fake_array

gpu = pytest.mark.gpu

COEFFICIENTS = [[1, 2, 3], [0, 0, 1.5, -2.0], [0], [0.0, 0.0], [1j, 2], [3.0], numpy.float32([1, 0, 2]),
                numpy.int8([0, 4, -1]), numpy.complex64([2, 1j, 0])]
OTHERS = [[1, 1], [2.0, 0.0, 1.0], [0.5j, 1], 2, 0.5, numpy.float64(1.5)]


def poly(xp, c, **kwargs):
    # A copy: numpy.poly1d keeps the array it is given, and p[k] = v would
    # change the shared parameter for the gpuarray run that follows.
    return xp.poly1d(xp.asarray(numpy.array(c)), **kwargs)


def as_result(value):
    """A poly1d as (its coefficients, its variable), which the comparison takes."""
    if isinstance(value, (numpy.poly1d, gpuarray.poly1d)):
        return [value.coeffs, value.variable]
    if isinstance(value, tuple):
        return [as_result(v) for v in value]
    return value


def operand(xp, other):
    return poly(xp, other) if isinstance(other, list) else other


@gpu
@pytest.mark.parametrize("c", COEFFICIENTS, ids=repr)
@pytest.mark.parametrize("how", ["coefficients", "roots", "variable", "copy", "copy renamed", "host list"])
@testing.numpy_gpuarray_equal(rtol=1e-12, atol=1e-12)
def test_construction(xp, c, how):
    if how == "coefficients":
        return as_result(poly(xp, c))
    if how == "roots":
        return as_result(poly(xp, c, r=True))
    if how == "variable":
        return as_result(poly(xp, c, variable="z"))
    if how == "host list":
        return as_result(xp.poly1d(numpy.asarray(c).tolist()))
    return as_result(xp.poly1d(poly(xp, c), variable="t" if how == "copy renamed" else None))


@gpu
@pytest.mark.parametrize("c", COEFFICIENTS, ids=repr)
@pytest.mark.parametrize("other", OTHERS, ids=repr)
@pytest.mark.parametrize("op", ["+", "r+", "-", "r-", "*", "r*", "/", "r/"])
@testing.numpy_gpuarray_equal(rtol=1e-6, atol=1e-6)
def test_arithmetic(xp, c, other, op):
    p, q = poly(xp, c), operand(xp, other)
    if op.startswith("r"):
        p, q = q, p
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # division by a zero polynomial: inf and nan, as NumPy
        return as_result({"+": lambda: p + q, "-": lambda: p - q, "*": lambda: p * q, "/": lambda: p / q}[op[-1]]())


@gpu
@pytest.mark.parametrize("c", COEFFICIENTS, ids=repr)
@pytest.mark.parametrize("n", [0, 1, 2, 5])
@testing.numpy_gpuarray_equal(rtol=1e-6)
def test_power_and_negation(xp, c, n):
    p = poly(xp, c)
    return [as_result(p ** n), as_result(-p), as_result(+p)]


@pytest.mark.parametrize("n", [-1, 1.5, "2", [2]], ids=repr)
def test_power_rejects_what_numpy_rejects_before_device_work(n):
    with pytest.raises(ValueError, match="non-negative integers"):
        numpy.poly1d([1, 2]) ** n
    p = gpuarray.poly1d.__new__(gpuarray.poly1d)
    p._coeffs, p._variable = fake_array((2,))[0], "x"
    with pytest.raises(ValueError, match="non-negative integers"):
        p ** n


def _fake_poly1d(shape=(3,), dtype=numpy.float32):
    """A poly1d over a fake device array (no data read): for the host-only parts."""
    p = gpuarray.poly1d.__new__(gpuarray.poly1d)
    p._coeffs, p._variable = fake_array(shape, dtype)[0], "x"
    return p


def test_host_parts_without_a_device():
    p = _fake_poly1d((4,))
    assert p.order == p.o == len(p) == 3
    assert p.variable == "x" and p.coeffs is p.c is p.coef is p.coefficients is p.__dict__["coeffs"]
    assert gpuarray.poly1d.__hash__ is None
    with pytest.raises(AttributeError, match="Cannot set attribute"):
        p.coeffs = fake_array((4,))[0]
    p.coeffs = p.coeffs  # what `p.coeffs *= 2` does: allowed
    with pytest.raises(AttributeError):
        p.variable = "y"
    with pytest.raises(ValueError, match="negative powers"):
        p[-1] = 2
    assert p.__eq__(3) is NotImplemented and p.__ne__([1]) is NotImplemented
    assert (p == _fake_poly1d((2,))) is False


def test_numpy_conversion_raises_and_gpuarray_sees_the_coefficients():
    p = _fake_poly1d((3,))
    with pytest.raises(TypeError, match="coeffs.get"):
        numpy.asarray(p)
    assert p.__cuda_array_interface__ == p.coeffs.__cuda_array_interface__


@pytest.mark.parametrize("scalar", [numpy.float64(1.5), numpy.float32(2), numpy.int8(3), numpy.complex128(1j)],
                         ids=repr)
@pytest.mark.parametrize("method", ["__add__", "__sub__", "__mul__", "__truediv__"])
def test_numpy_scalars_leave_the_operation_to_poly1d(scalar, method):
    """`numpy_scalar + p` must reach poly1d's reflected operator (NumPy's
    scalar otherwise calls __array__, which raises): no device work here."""
    assert getattr(scalar, method)(_fake_poly1d()) is NotImplemented


@pytest.mark.parametrize("op", ["+", "-", "*", "/"])
def test_numpy_arrays_raise_before_device_work(op):
    p, host = _fake_poly1d(), numpy.ones(3)
    with pytest.raises(TypeError, match="coeffs.get"):
        {"+": lambda: host + p, "-": lambda: host - p, "*": lambda: host * p, "/": lambda: host / p}[op]()
    with pytest.raises(TypeError):
        numpy.add(p, 1)  # poly1d opts out of NumPy's ufuncs, as a device array would need


@gpu
def test_gpuarray_asarray_views_the_coefficients():
    p = gpuarray.poly1d([1.0, 2.0, 3.0])
    view = gpuarray.asarray(p)
    assert view.shape == (3,) and view.data.ptr == p.coeffs.data.ptr
    assert (gpuarray.asarray(numpy.array([1.0, 1.0, 1.0])) + p).get().tolist() == [2.0, 3.0, 4.0]


@pytest.mark.parametrize("bad", [[[1, 2]], numpy.ones((2, 2)), [[[1.0]]]], ids=["nested", "2x2", "3-d"])
def test_more_than_one_dimension_raises_before_device_work(bad):
    with pytest.raises(ValueError, match="1d only"):
        numpy.poly1d(bad)
    with pytest.raises(ValueError, match="1d only"):
        gpuarray.poly1d(bad)


@gpu
@pytest.mark.parametrize("c", COEFFICIENTS, ids=repr)
@pytest.mark.parametrize("k", [-1, 0, 1, 2, 5])
@testing.numpy_gpuarray_equal()
def test_getitem_setitem(xp, c, k):
    p = poly(xp, c)
    got = p[k]
    if k >= 0:
        p[k] = 7
    return [got, as_result(p)]


@gpu
@pytest.mark.parametrize("c", COEFFICIENTS, ids=repr)
@testing.numpy_gpuarray_equal(rtol=1e-6, atol=1e-6)
def test_calls_calculus_and_iteration(xp, c):
    p = poly(xp, c)
    x = xp.asarray(numpy.array([[0.5, -2.0], [1.0, 3.0]]))
    return [p(2), p(x), p(x[:, ::-1]), as_result(p(poly(xp, [1.0, -1.0]))), as_result(p.deriv()),
            as_result(p.deriv(3)), as_result(p.integ()), as_result(p.integ(2, [1, 2])), list(p), len(p), p.order]


@gpu
@pytest.mark.parametrize("c,d", [([1, 2, 3], [1, 2, 3]), ([1, 2, 3], [1, 2, 4]), ([1, 2], [1, 2, 3]), ([0.0], [0])])
def test_equality(c, d):
    for xp in (numpy, gpuarray):
        p, q = poly(xp, c), poly(xp, d)
        assert (p == q) == (numpy.poly1d(c) == numpy.poly1d(d))
        assert (p != q) == (numpy.poly1d(c) != numpy.poly1d(d))
    assert type(poly(gpuarray, c) == poly(gpuarray, c)) is numpy.bool_


@gpu
@pytest.mark.parametrize("c", COEFFICIENTS + [[1e-5, 123456.0, -2.5], [1.0] * 40, [2j, 0, 0, 1 + 1j]], ids=repr)
@pytest.mark.parametrize("variable", [None, "z"])
def test_str_and_repr_are_numpys(c, variable):
    expected = numpy.poly1d(numpy.asarray(c), variable=variable)
    actual = gpuarray.poly1d(gpuarray.asarray(numpy.asarray(c)), variable=variable)
    assert str(actual) == str(expected)
    assert repr(actual) == repr(expected)


@gpu
@pytest.mark.parametrize("c", [[1.0, -3.0, 2.0], [1, 0, 1], [2.0, 0.0, 0.0]], ids=repr)
def test_roots_property(c):
    expected = numpy.sort_complex(numpy.poly1d(c).roots)
    actual = numpy.sort_complex(gpuarray.poly1d(gpuarray.asarray(numpy.asarray(c))).r.get())
    numpy.testing.assert_allclose(actual, expected, rtol=1e-10, atol=1e-10)


@gpu
def test_in_place_coefficient_update():
    p = gpuarray.poly1d([1.0, 2.0])
    p.coeffs *= 2
    assert p.coeffs.get().tolist() == [2.0, 4.0]


@gpu
def test_extra_attributes_copied_with_numpys_warning():
    p = gpuarray.poly1d([1.0, 2.0])
    p.extra = 1
    with pytest.warns(FutureWarning, match="extra properties"):
        q = gpuarray.poly1d(p)
    assert q.extra == 1


@gpu
@pytest.mark.parametrize("name", ["polyadd", "polysub", "polymul", "polydiv"])
@pytest.mark.parametrize("which", ["first", "second", "both", "neither"])
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_legacy_functions_give_poly1d_for_poly1d(xp, name, which):
    a, b = xp.asarray(numpy.array([1.0, 2.0, 3.0])), xp.asarray(numpy.array([2.0, -1.0]))
    a = xp.poly1d(a) if which in ("first", "both") else a
    b = xp.poly1d(b) if which in ("second", "both") else b
    return as_result(getattr(xp, name)(a, b))


@gpu
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_legacy_functions_of_one_poly1d(xp):
    p = xp.poly1d(xp.asarray(numpy.array([1.0, 2.0, 3.0, 4.0])))
    c = p.coeffs
    return [as_result(xp.polyder(p, 2)), as_result(xp.polyint(p, 2, k=[1, 2])), as_result(xp.polyint(p, 0)),
            xp.polyder(c), xp.polyval(p, 2.0), as_result(xp.polyval(c, xp.poly1d(xp.asarray(numpy.array([1.0, 1.0]))))),
            xp.sort(xp.roots(p)), xp.poly(xp.asarray(numpy.array([1.0, 2.0])))]


@gpu
def test_polyfit_result_makes_a_poly1d():
    x = numpy.linspace(-1, 1, 20)
    y = 2 * x ** 2 - 1
    expected = numpy.poly1d(numpy.polyfit(x, y, 2))
    actual = gpuarray.poly1d(gpuarray.polyfit(gpuarray.asarray(x), gpuarray.asarray(y), 2))
    numpy.testing.assert_allclose(actual.coeffs.get(), expected.coeffs, atol=1e-12)
    numpy.testing.assert_allclose(actual(gpuarray.asarray(x)).get(), expected(x), atol=1e-12)
