# SPDX-License-Identifier: BSD-3-Clause
"""apply_along_axis, apply_over_axes and piecewise against NumPy (issue 25)."""
import numpy
import pytest

from gpuarray import testing

gpu = pytest.mark.gpu


def sample(xp, shape=(3, 4, 5), dtype=numpy.float64):
    return xp.asarray(testing.exact_sample(shape, dtype))


@gpu
@pytest.mark.parametrize("axis", [0, 1, 2, -1])
@pytest.mark.parametrize("func", ["sum", "sort", "diag", "scalar", "outer", "cumsum with args"])
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_apply_along_axis(xp, func, axis):
    f = {"sum": lambda v: v.sum(), "sort": xp.sort, "diag": xp.diag, "scalar": lambda v: float(v[0].get())
         if hasattr(v, "get") else float(v[0]), "outer": lambda v: xp.outer(v, v[:2]),
         "cumsum with args": lambda v, k, scale=1: xp.cumsum(v) * k * scale}[func]
    extra = ((2,), {"scale": 3}) if func == "cumsum with args" else ((), {})
    return xp.apply_along_axis(f, axis, sample(xp), *extra[0], **extra[1])


@gpu
@pytest.mark.parametrize("layout", ["transposed", "reversed", "1-d"])
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_apply_along_axis_layouts(xp, layout):
    a = sample(xp, (4, 6))
    a = {"transposed": a.T, "reversed": a[::-1, ::-2], "1-d": a[1]}[layout]
    return xp.apply_along_axis(lambda v: v.max() - v.min(), -1, a)


@gpu
@pytest.mark.parametrize("shape,axis", [((0, 3), 1), ((3, 4), 5)], ids=repr)
@testing.numpy_gpuarray_equal()
def test_apply_along_axis_errors(xp, shape, axis):
    return xp.apply_along_axis(lambda v: v.sum(), axis, xp.zeros(shape))


@gpu
@pytest.mark.parametrize("axes", [0, [0, 2], (2, -3), [], [1, 1]], ids=repr)
@pytest.mark.parametrize("func", ["sum", "mean", "keepdims"])
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_apply_over_axes(xp, func, axes):
    f = {"sum": xp.sum, "mean": xp.mean, "keepdims": lambda a, axis: xp.max(a, axis=axis, keepdims=True)}[func]
    return xp.apply_over_axes(f, sample(xp), axes)


@gpu
@testing.numpy_gpuarray_equal()
def test_apply_over_axes_wrong_shape(xp):
    return xp.apply_over_axes(lambda a, axis: a.sum(), sample(xp), [1])


@gpu
@pytest.mark.parametrize("case", ["constants", "functions", "default", "overlap", "bare condition", "0-d",
                                  "args", "no condition", "ints", "empty piece"])
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_piecewise(xp, case):
    x = xp.asarray(numpy.linspace(-3, 3, 13))
    if case == "constants":
        return xp.piecewise(x, [x < 0, x >= 0], [-1, 1])
    if case == "functions":
        return xp.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v ** 2])
    if case == "default":
        return xp.piecewise(x, [x < -1, x > 1], [0, 5, lambda v: v * 10])
    if case == "overlap":
        return xp.piecewise(x, [x < 1, x > -1], [lambda v: v + 100, 7])
    if case == "bare condition":
        return xp.piecewise(x, x > 0, [lambda v: v * 2])
    if case == "0-d":
        return xp.piecewise(x[4, ...], [True, False], [1.5, 2.5])
    if case == "args":
        return xp.piecewise(x, [x > 0], [lambda v, a, b=0: v * a + b], 3, b=1)
    if case == "no condition":
        return xp.piecewise(x, [], [4.0])
    if case == "ints":
        return xp.piecewise(xp.asarray(numpy.arange(-3, 4)), [xp.asarray(numpy.arange(-3, 4)) > 0], [lambda v: v * 3])
    return xp.piecewise(x, [x > 100, x <= 100], [lambda v: v / 0, 1])


@gpu
@testing.numpy_gpuarray_equal()
def test_piecewise_wrong_number_of_functions(xp):
    x = xp.asarray(numpy.arange(4.0))
    return xp.piecewise(x, [x > 1, x > 2], [1, 2, 3, 4])
