# SPDX-License-Identifier: BSD-3-Clause
"""interp against NumPy (issue 25): real results bit for bit, complex ones to
rounding; NumPy's rules for ends, exact hits, NaN and infinities."""
import numpy
import pytest

from gpuarray import testing

gpu = pytest.mark.gpu

XP = numpy.array([-2.0, -0.5, 0.0, 0.25, 1.0, 4.0, 4.5])
FP = numpy.array([1.0, -3.0, 0.5, 2.0, 2.0, -1.0, 7.0])
X = numpy.array([-5.0, -2.0, -1.0, -0.5, 0.1, 0.25, 0.7, 1.0, 3.9, 4.5, 9.0, numpy.nan, numpy.inf, -numpy.inf])


@gpu
@pytest.mark.parametrize("layout", ["1-d", "2-d", "transposed", "reversed", "0-d", "empty", "python scalar"])
@testing.numpy_gpuarray_equal()
def test_real_values_bit_for_bit(xp, layout):
    x = xp.asarray(numpy.resize(X, 28).reshape(4, 7))
    where = {"1-d": x[0], "2-d": x, "transposed": x.T, "reversed": x[::-1, ::-2], "0-d": x[1, 3, ...],
             "empty": x[:0], "python scalar": 0.7}[layout]
    return xp.interp(where, xp.asarray(XP), xp.asarray(FP))


@gpu
@pytest.mark.parametrize("dtypes", [(numpy.int64, numpy.int32, numpy.float32),
                                    (numpy.float32, numpy.uint8, numpy.bool_),
                                    (numpy.float16, numpy.float64, numpy.int8)], ids=repr)
@testing.numpy_gpuarray_equal()
def test_input_dtypes(xp, dtypes):
    x = xp.asarray(numpy.array([-1, 0, 1, 2, 3, 5]).astype(dtypes[0]))
    return xp.interp(x, xp.asarray(numpy.array([0, 1, 3]).astype(dtypes[1])),
                     xp.asarray(numpy.array([1, 0, 1]).astype(dtypes[2])))


@gpu
@pytest.mark.parametrize("left,right", [(None, None), (-10.0, 10.0), (numpy.nan, None), (None, 3)], ids=repr)
@testing.numpy_gpuarray_equal()
def test_left_right(xp, left, right):
    return xp.interp(xp.asarray(X), xp.asarray(XP), xp.asarray(FP), left=left, right=right)


@gpu
@pytest.mark.parametrize("fp", ["infinities", "nan", "duplicated points", "one point"])
@testing.numpy_gpuarray_equal()
def test_special_samples(xp, fp):
    if fp == "infinities":
        points, values = XP, numpy.array([numpy.inf, 1.0, -numpy.inf, 2.0, numpy.inf, numpy.inf, 0.0])
    elif fp == "nan":
        points, values = XP, numpy.array([0.0, numpy.nan, 1.0, 2.0, 3.0, 4.0, 5.0])
    elif fp == "duplicated points":
        points, values = numpy.array([0.0, 1.0, 1.0, 2.0, 2.0, 2.0, 3.0]), FP
    else:
        points, values = numpy.array([0.5]), numpy.array([9.0])
    return xp.interp(xp.asarray(X), xp.asarray(points), xp.asarray(values))


@gpu
@pytest.mark.parametrize("left,right", [(None, None), (1j, -1j)], ids=repr)
@testing.numpy_gpuarray_equal(rtol=1e-14, atol=1e-14)
def test_complex_values(xp, left, right):
    values = FP + 1j * FP[::-1]
    return xp.interp(xp.asarray(X[numpy.isfinite(X)]), xp.asarray(XP), xp.asarray(values), left=left, right=right)


@gpu
@pytest.mark.parametrize("period", [360, -360, 2 * numpy.pi, 1.5])
@testing.numpy_gpuarray_equal(rtol=1e-12, atol=1e-12)
def test_period(xp, period):
    x = numpy.linspace(-700, 900, 41) * (period / 360)
    points = numpy.array([170, -170, 10, -100, 0.0]) * (period / 360)
    return xp.interp(xp.asarray(x), xp.asarray(points), xp.asarray(numpy.arange(5.0)), left=-1, right=1,
                     period=period)


@gpu
def test_large_input_matches_numpy():
    import gpuarray
    rng = numpy.random.default_rng(5)
    x = rng.uniform(-0.1, 1.1, 2**20)
    points = numpy.sort(rng.uniform(0, 1, 1000))
    values = rng.standard_normal(1000)
    expected = numpy.interp(x, points, values)
    actual = gpuarray.interp(gpuarray.asarray(x), gpuarray.asarray(points), gpuarray.asarray(values)).get()
    numpy.testing.assert_array_equal(actual, expected)


@gpu
@pytest.mark.parametrize("call", ["empty", "lengths", "2-d xp", "0-d xp", "period 0", "complex x", "complex xp",
                                  "period lengths"])
@testing.numpy_gpuarray_equal()
def test_errors_are_numpys(xp, call):
    args = {"empty": (1.0, [], []), "lengths": (1.0, [1.0, 2.0], [1.0]), "2-d xp": (1.0, [[1.0]], [1.0]),
            "0-d xp": (1.0, 1.0, 1.0), "period 0": (1.0, [1.0, 2.0], [1.0, 2.0], None, None, 0),
            "complex x": (1j, [1.0, 2.0], [1.0, 2.0]), "complex xp": (1.0, [1j, 2.0], [1.0, 2.0]),
            "period lengths": (1.0, [1.0, 2.0], [1.0, 2.0, 3.0], None, None, 3)}[call]
    x, points, values, *rest = args
    return xp.interp(xp.asarray(numpy.array(x)), xp.asarray(numpy.array(points)), xp.asarray(numpy.array(values)),
                     *rest)
