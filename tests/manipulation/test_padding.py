# SPDX-License-Identifier: BSD-3-Clause
"""pad against NumPy: every mode, NumPy's broadcasting of the widths and of
the per-mode values, pads wider than the array, strided inputs, errors."""
import numpy
import pytest

import gpuarray
from gpuarray import testing
from gpuarray._array_padding.padding import _pairs
from gpuarray.testing import DTYPES, exact_sample as sample

gpu = pytest.mark.gpu

MODES = ["constant", "edge", "linear_ramp", "maximum", "mean", "median", "minimum", "reflect", "symmetric", "wrap"]
WIDTHS = [0, 1, 2, (1, 3), ((0, 2), (3, 1)), ((5, 7),), ((9, 0), (0, 11))]


@pytest.mark.parametrize("x, ndim, as_index", [
    (1, 3, True), ((1, 2), 2, True), ([[1, 2]], 2, True), ([[1], [2]], 2, True), ([[1, 2], [3, 4]], 2, True),
    (((1, 2), (3, 4), (5, 6)), 3, True), (2.6, 1, True), (None, 2, True), ([1.5, 2.5], 2, False),
])
def test_pairs_broadcast_as_numpys(x, ndim, as_index):
    from numpy.lib._arraypad_impl import _as_pairs
    assert [tuple(p) for p in _pairs(x, ndim, as_index)] == [tuple(p) for p in _as_pairs(x, ndim, as_index)]


def test_negative_widths_raise():
    with pytest.raises(ValueError, match="negative"):
        _pairs(((1, -1),), 1, as_index=True)


@gpu
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("width", WIDTHS)
@testing.numpy_gpuarray_equal(rtol=1e-6)
def test_pad_modes(xp, mode, width):
    a = xp.asarray(sample((3, 4), numpy.float64))
    return xp.pad(a, width, mode), xp.pad(a[::-1, ::2], width, mode), xp.pad(xp.asfortranarray(a), width, mode)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("mode", MODES + ["empty"])
@testing.numpy_gpuarray_equal(rtol=1e-3)
def test_pad_every_dtype(xp, dtype, mode):
    if mode in ("linear_ramp", "mean", "median") and dtype in (numpy.bool_,):
        return xp.zeros(1)  # NumPy's own results for bool ramps and means depend on float-to-bool casts
    a = xp.asarray(sample((3, 2, 4), dtype))
    padded = xp.pad(a, ((1, 2), (0, 1), (3, 0)), mode)
    return padded.shape if mode == "empty" else padded


@gpu
@pytest.mark.parametrize("reflect_type", ["even", "odd"])
@pytest.mark.parametrize("mode", ["reflect", "symmetric"])
@pytest.mark.parametrize("n", [1, 2, 3, 5])
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_reflect_wider_than_the_array(xp, reflect_type, mode, n):
    a = xp.asarray(sample((n, 2), numpy.float64))
    ints = xp.asarray(sample((n,), numpy.int16))
    return (xp.pad(a, ((7, 12), (3, 4)), mode, reflect_type=reflect_type),
            xp.pad(ints, (9, 4), mode, reflect_type=reflect_type))


@gpu
@testing.numpy_gpuarray_equal(rtol=1e-12)
def test_pad_keywords(xp):
    a = xp.asarray(sample((3, 4), numpy.float32))
    i = xp.asarray(sample((3, 4), numpy.int32))
    return (xp.pad(a, 2, constant_values=((1, 2), (3, 4))), xp.pad(i, (1, 2), constant_values=7.7),
            xp.pad(a, 3, "linear_ramp", end_values=((-1, 5), (2, 0))), xp.pad(i, 4, "linear_ramp", end_values=9),
            xp.pad(a, 2, "mean", stat_length=1), xp.pad(i, ((1, 2), (3, 1)), "maximum", stat_length=((1, 2), (3, 1))),
            xp.pad(i, 3, "median", stat_length=2), xp.pad(i, 2, "mean", stat_length=(2, 3)),
            xp.pad(a, 2, "wrap"), xp.pad(a[0], 11, "wrap"))


@gpu
@testing.numpy_gpuarray_equal()
def test_pad_empty_and_0d(xp):
    e = xp.asarray(sample((0, 3), numpy.int8))
    return (xp.pad(e, 1), xp.pad(e, ((0, 0), (1, 1)), "edge"), xp.pad(xp.asarray(5.0), 3),
            xp.pad(e, 2, "empty").shape)


@gpu
@pytest.mark.parametrize("call", [
    lambda xp, a: xp.pad(a, 1.5),
    lambda xp, a: xp.pad(a, -1),
    lambda xp, a: xp.pad(a, ((1, 2), (3, 4), (5, 6))),
    lambda xp, a: xp.pad(a, 1, "bogus"),
    lambda xp, a: xp.pad(a, 1, "edge", constant_values=3),
    lambda xp, a: xp.pad(a, 1, "maximum", stat_length=0),
    lambda xp, a: xp.pad(a[:0], 1, "edge"),
])
@testing.numpy_gpuarray_equal()
def test_pad_errors(xp, call):
    return call(xp, xp.asarray(sample((3, 4), numpy.float32)))


@gpu
def test_pad_with_a_function():
    def fill(vector, width, axis, kwargs):
        if width[0]:
            vector[:width[0]] = kwargs.get("value", 9)
        if width[1]:
            vector[-width[1]:] = -1

    host = sample((2, 3), numpy.float32)
    result = gpuarray.pad(gpuarray.asarray(host), ((1, 0), (2, 1)), fill, value=4)
    numpy.testing.assert_array_equal(result.get(), numpy.pad(host, ((1, 0), (2, 1)), fill, value=4))
