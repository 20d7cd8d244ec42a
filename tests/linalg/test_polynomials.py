# SPDX-License-Identifier: BSD-3-Clause
"""polyval, polyadd, polysub, polyder, polyint, polyfit and roots against NumPy (issue 25)."""
import warnings

import numpy
import pytest

from gpuarray import testing

gpu = pytest.mark.gpu

DTYPES = [numpy.int8, numpy.int64, numpy.uint16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


def coefficients(xp, dtype, n=5):
    return xp.asarray((numpy.arange(n) % 4 - 1.0).astype(dtype))


@gpu
@pytest.mark.parametrize("x", ["scalar", "1-d", "2-d transposed", "reversed", "0-d", "empty"])
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: numpy.dtype(d).name)
@testing.numpy_gpuarray_equal(rtol=1e-5, atol=1e-5)
def test_polyval(xp, dtype, x):
    points = xp.asarray(numpy.linspace(-2, 2, 12).reshape(3, 4))
    where = {"scalar": 1.5, "1-d": points[0], "2-d transposed": points.T, "reversed": points[::-1, ::-2],
             "0-d": points[1, 1, ...], "empty": points[:0]}[x]
    return xp.polyval(coefficients(xp, dtype), where)


@gpu
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_polyval_two_dimensional_coefficients(xp):
    return xp.polyval(xp.asarray(numpy.arange(6.0).reshape(3, 2)), xp.asarray(numpy.array([0.5, -1.0])))


@gpu
@pytest.mark.parametrize("name", ["polyadd", "polysub"])
@pytest.mark.parametrize("lengths", [(3, 3), (2, 5), (5, 2), (1, 4), (0, 3)], ids=repr)
@pytest.mark.parametrize("dtypes", [(numpy.int64, numpy.int64), (numpy.int8, numpy.float32),
                                    (numpy.float64, numpy.complex64)], ids=repr)
@testing.numpy_gpuarray_equal()
def test_polyadd_polysub(xp, name, lengths, dtypes):
    a = coefficients(xp, dtypes[0], lengths[0])
    b = coefficients(xp, dtypes[1], lengths[1])[::-1]
    return getattr(xp, name)(a, b)


@gpu
@pytest.mark.parametrize("name", ["polyadd", "polysub"])
@testing.numpy_gpuarray_equal()
def test_polyadd_polysub_scalars(xp, name):
    return getattr(xp, name)(xp.asarray(numpy.array([1.5, 0.0])), 2)


@gpu
@pytest.mark.parametrize("m", [0, 1, 2, 4, 7])
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: numpy.dtype(d).name)
@testing.numpy_gpuarray_equal(rtol=1e-6)
def test_polyder(xp, dtype, m):
    return xp.polyder(coefficients(xp, dtype, 6), m)


@gpu
@pytest.mark.parametrize("m,k", [(0, None), (1, None), (2, None), (1, 3), (3, [1, 2, 3]), (2, 5.5), (3, [1, 2, 3, 4]),
                                 (3, "device scalar"), (2, "device pair")], ids=repr)
@pytest.mark.parametrize("dtype", [numpy.int64, numpy.float32, numpy.float64, numpy.complex128],
                         ids=lambda d: numpy.dtype(d).name)
@testing.numpy_gpuarray_equal(rtol=1e-6)
def test_polyint(xp, dtype, m, k):
    if k == "device scalar":
        k = xp.asarray(numpy.array(2.5))
    elif k == "device pair":
        k = xp.asarray(numpy.array([1.0, -1.0]))
    return xp.polyint(coefficients(xp, dtype, 4), m, k)


@pytest.mark.parametrize("name,args", [("polyder", (-1,)), ("polyint", (-1,)), ("polyint", (3, [1, 2]))], ids=repr)
@testing.numpy_gpuarray_equal()
def test_order_errors(xp, name, args):
    # Raised before the coefficients reach the device: runs without a GPU.
    return getattr(xp, name)([1.0, 2.0], *args)


@gpu
@pytest.mark.parametrize("deg", [0, 1, 2, 3, 5])
@pytest.mark.parametrize("columns", [None, 3])
@testing.numpy_gpuarray_equal(rtol=1e-7, atol=1e-9)
def test_polyfit(xp, deg, columns):
    x = numpy.linspace(-1, 3, 20)
    y = 0.5 * x ** 3 - x + 2 + 0.01 * numpy.sin(7 * x)
    if columns:
        y = numpy.stack([y * (c + 1) for c in range(columns)], axis=1)
    return xp.polyfit(xp.asarray(x), xp.asarray(y), deg)


@gpu
@pytest.mark.parametrize("option", ["full", "weights", "cov", "cov unscaled", "cov 2-d", "rcond", "float deg"])
@testing.numpy_gpuarray_equal(rtol=1e-7, atol=1e-9)
def test_polyfit_options(xp, option):
    x = numpy.linspace(0, 2, 15)
    y = numpy.exp(x)
    X, Y = xp.asarray(x), xp.asarray(y)
    if option == "full":
        c, residuals, rank, s, rcond = xp.polyfit(X, Y, 3, full=True)
        return [c, residuals, xp.asarray(numpy.array(rank)), s, xp.asarray(numpy.array(rcond))]
    if option == "weights":
        return xp.polyfit(X, Y, 2, w=xp.asarray(1 / (1 + x)))
    if option == "cov":
        return list(xp.polyfit(X, Y, 2, cov=True))
    if option == "cov unscaled":
        return list(xp.polyfit(X, Y, 2, cov="unscaled"))
    if option == "cov 2-d":
        return list(xp.polyfit(X, xp.stack([Y, 2 * Y], axis=1), 2, cov=True))
    if option == "rcond":
        return xp.polyfit(X, Y, 4, rcond=1e-3)
    return xp.polyfit(X, Y, 2.0)


@gpu
def test_polyfit_accuracy_on_an_ill_conditioned_fit():
    """Degree 12 on [0, 10]: the unscaled Vandermonde matrix has condition
    ~1e15; the column scaling must keep the fit as good as NumPy's."""
    import gpuarray
    x = numpy.linspace(0, 10, 60)
    y = numpy.cos(x)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", numpy.exceptions.RankWarning)
        expected = numpy.polyfit(x, y, 12)
        actual = gpuarray.polyfit(gpuarray.asarray(x), gpuarray.asarray(y), 12).get()
    err_numpy = numpy.abs(numpy.polyval(expected, x) - y).max()
    err_ours = numpy.abs(numpy.polyval(actual, x) - y).max()
    assert err_ours <= 4 * err_numpy + 1e-12


@gpu
def test_polyfit_warns_when_rank_deficient():
    import gpuarray
    x = gpuarray.asarray(numpy.array([1.0, 1.0, 1.0, 2.0]))
    with pytest.warns(numpy.exceptions.RankWarning):
        gpuarray.polyfit(x, x, 3)


@pytest.mark.parametrize("call", ["deg", "x 2-d", "x empty", "y 3-d", "lengths", "w 2-d", "w length"])
@testing.numpy_gpuarray_equal()
def test_polyfit_errors(xp, call):
    # Shape and degree errors come before any device work: runs without a GPU... except
    # that x and y are copied first, so this is skipped without one.
    x, y = [0.0, 1.0, 2.0], [1.0, 2.0, 3.0]
    args = {"deg": (x, y, -1), "x 2-d": ([x], y, 1), "x empty": ([], [], 1), "y 3-d": (x, [[[1.0]] * 3], 1),
            "lengths": (x, y[:2], 1), "w 2-d": (x, y, 1, None, False, [[1.0] * 3]),
            "w length": (x, y, 1, None, False, [1.0])}[call]
    return xp.polyfit(*args)


test_polyfit_errors = gpu(test_polyfit_errors)


@gpu
@pytest.mark.parametrize("p", [[1.0, -3.0, 2.0], [1.0, 0.0, 1.0], [2.0, 0.0, 0.0], [0.0, 0.0, 1.0, -1.0],
                               [5.0], [0.0, 0.0], [1, -6, 11, -6], [1j, 3.0, 1j], [0.0, 1.0, 0.0, -4.0, 0.0]],
                         ids=repr)
def test_roots_match_numpys_as_a_set(p):
    import gpuarray
    expected = numpy.roots(numpy.array(p))
    actual = gpuarray.roots(gpuarray.asarray(numpy.array(p))).get()
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    key = (lambda r: (round(r.real, 6), round(r.imag, 6)))
    numpy.testing.assert_allclose(sorted(actual, key=key), sorted(expected, key=key), rtol=1e-10, atol=1e-10)


@gpu
def test_roots_of_a_double_root_are_as_close_as_numpys():
    """1j x^2 + 2x - 1j has the double root 1j: any solver finds it only to
    about sqrt(eps) (NumPy's roots are 1.5e-8 away)."""
    import gpuarray
    p = numpy.array([1j, 2.0, -1j])
    worst_numpy = numpy.abs(numpy.roots(p) - 1j).max()
    worst_ours = numpy.abs(gpuarray.roots(gpuarray.asarray(p)).get() - 1j).max()
    assert worst_ours <= 4 * worst_numpy


@gpu
@testing.numpy_gpuarray_equal()
def test_roots_of_a_matrix_raise(xp):
    return xp.roots(xp.asarray(numpy.ones((2, 2))))


@gpu
@pytest.mark.parametrize("lengths", [(1, 1), (3, 3), (2, 6), (6, 2), (300, 40)], ids=repr)
@pytest.mark.parametrize("dtypes", [(numpy.int64, numpy.int64), (numpy.int8, numpy.float32),
                                    (numpy.float64, numpy.complex128)], ids=repr)
@testing.numpy_gpuarray_equal(rtol=1e-6)
def test_polymul(xp, lengths, dtypes):
    return xp.polymul(coefficients(xp, dtypes[0], lengths[0]), coefficients(xp, dtypes[1], lengths[1])[::-1])


@gpu
@pytest.mark.parametrize("uv", [([3.0, 5.0, 2.0], [2.0, 1.0]), ([1.0, -3.0, 2.0], [1.0, -1.0]), ([1.0], [2.0, 1.0]),
                                ([1, 2, 3, 4, 5], [1, 1]), ([1j, 2.0, 0.5], [1.0, 1j]), ([4.0, 0.0, 0.0], [2.0])],
                         ids=repr)
@testing.numpy_gpuarray_equal(rtol=1e-12, atol=1e-14)
def test_polydiv(xp, uv):
    return list(xp.polydiv(xp.asarray(numpy.array(uv[0])), xp.asarray(numpy.array(uv[1]))))


@gpu
@pytest.mark.parametrize("zeros", [[1.0, 2.0], [1j, -1j], [1 + 2j, 3.0], [2, 3, 5], [], numpy.float32([0.5, 0.25]),
                                   [[1.0, 2.0], [3.0, 4.0]]], ids=repr)
@testing.numpy_gpuarray_equal(rtol=1e-10, atol=1e-12)
def test_poly(xp, zeros):
    result = xp.poly(xp.asarray(numpy.array(zeros)))
    return result if not isinstance(result, float) else xp.asarray(numpy.array(result))


@gpu
@pytest.mark.parametrize("bad", [numpy.ones((2, 3)), numpy.ones((1, 2, 2))], ids=["2x3", "3-d"])
@testing.numpy_gpuarray_equal()
def test_poly_rejects_what_numpy_rejects(xp, bad):
    return xp.poly(xp.asarray(bad))


@gpu
def test_poly_and_roots_invert_each_other():
    import gpuarray
    r = numpy.array([-2.0, 0.5, 3.0, 7.0])
    back = gpuarray.roots(gpuarray.poly(gpuarray.asarray(r))).get()
    numpy.testing.assert_allclose(numpy.sort(back.real), r, rtol=1e-10)
