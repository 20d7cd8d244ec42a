# SPDX-License-Identifier: BSD-3-Clause
"""take, put, take_along_axis, put_along_axis, compress, choose, place,
putmask (and the ndarray methods) against NumPy.

Without a GPU: argument errors raised before the device is touched (over
arrays whose memory nobody reads). Tests marked `gpu` run each body with
xp=numpy and xp=gpuarray (testing.numpy_gpuarray_equal)."""
import numpy
import pytest

import gpuarray
from gpuarray.testing import numpy_gpuarray_equal
from test_views import fake_device_array

gpu = pytest.mark.gpu
TYPES = [numpy.bool_, numpy.int8, numpy.int64, numpy.float16, numpy.float32, numpy.complex128]


def data(xp, shape, dtype=numpy.float32, seed=0):
    r = numpy.random.default_rng(seed)
    v = r.integers(-20, 20, size=shape)
    return xp.asarray((v > 0) if numpy.dtype(dtype).kind == "b" else v.astype(dtype))


# ---- no GPU ---------------------------------------------------------------------

def test_take_checks_mode_and_axis_first():
    a = fake_device_array(numpy.zeros((3, 4)))
    idx = fake_device_array(numpy.zeros(2, numpy.int64))
    with pytest.raises(ValueError, match="mode"):
        gpuarray.take(a, idx, axis=0, mode="bogus")
    with pytest.raises(numpy.exceptions.AxisError):
        gpuarray.take(a, idx, axis=2)
    with pytest.raises(TypeError):
        gpuarray.take(a, fake_device_array(numpy.zeros(2)), axis=0)


def test_along_axis_checks_dimensions_first():
    a = fake_device_array(numpy.zeros((3, 4)))
    with pytest.raises(ValueError, match="same number of dimensions"):
        gpuarray.take_along_axis(a, fake_device_array(numpy.zeros(3, numpy.int64)), axis=1)


def test_place_checks_the_mask_size_first():
    # Positions past arr.size would otherwise wrap into arr without a word.
    a = fake_device_array(numpy.zeros(4))
    for mask in (numpy.zeros(3, bool), numpy.zeros((2, 3), bool)):
        with pytest.raises(ValueError, match="mask and data must be the same size"):
            gpuarray.place(a, fake_device_array(mask), [1.0])


def test_put_needs_a_gpuarray_target():
    with pytest.raises(TypeError):
        gpuarray.put(numpy.zeros(3), [0], 1)


# ---- GPU: take --------------------------------------------------------------------

@gpu
@pytest.mark.parametrize("dtype", TYPES)
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
@numpy_gpuarray_equal()
def test_take(xp, dtype, axis):
    a = data(xp, (4, 5, 6), dtype)[:, ::-1]
    return xp.take(a, xp.asarray(numpy.array([[0, 3], [2, -1]])), axis=axis)


@gpu
@pytest.mark.parametrize("mode", ["wrap", "clip"])
@pytest.mark.parametrize("axis", [None, 1])
@numpy_gpuarray_equal()
def test_take_modes(xp, mode, axis):
    a = data(xp, (3, 4))
    return xp.take(a, xp.asarray(numpy.array([-7, -1, 0, 5, 13])), axis=axis, mode=mode)


@gpu
@pytest.mark.parametrize("indices", [[0, 4], [-5], [[1], [-6]]], ids=repr)
@numpy_gpuarray_equal()
def test_take_raise_mode_out_of_bounds(xp, indices):
    return xp.take(data(xp, (5,)), xp.asarray(numpy.array(indices)))


@gpu
def test_take_raise_names_the_index():
    with pytest.raises(IndexError, match="index 9 is out of bounds for axis 0 with size 5"):
        gpuarray.take(gpuarray.arange(5), gpuarray.asarray([1, 9, 2]))


@gpu
@numpy_gpuarray_equal()
def test_take_method_scalar_index_and_out(xp):
    a = data(xp, (3, 4))
    out = xp.zeros((3,), numpy.float32)
    a.take(2, axis=1, out=out)
    return out, a.take(1), xp.take(a, [], axis=0)


@gpu
@numpy_gpuarray_equal()
def test_take_from_an_empty_axis(xp):
    return xp.take(xp.zeros((0, 3)), xp.asarray(numpy.array([0])), axis=0)


# ---- GPU: put -----------------------------------------------------------------------

@gpu
@pytest.mark.parametrize("dtype", TYPES)
@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
@numpy_gpuarray_equal()
def test_put(xp, dtype, mode):
    a = data(xp, (3, 4), dtype)
    ind = [0, 5, -1] if mode == "raise" else [0, 5, -1, 30, -20]
    xp.put(a, xp.asarray(numpy.array(ind)), xp.asarray(numpy.array([7, 8]).astype(dtype)), mode=mode)
    return a


@gpu
@numpy_gpuarray_equal()
def test_put_into_a_non_contiguous_array(xp):
    base = data(xp, (4, 6))
    a = base[:, ::2]
    a.put([0, 5, 11], 9.0)
    return base


@gpu
@numpy_gpuarray_equal()
def test_put_raise_out_of_bounds(xp):
    xp.put(data(xp, (4,)), [1, 4], 0.0)


# ---- GPU: along an axis ----------------------------------------------------------

@gpu
@pytest.mark.parametrize("axis", [0, 1, -1, None])
@numpy_gpuarray_equal()
def test_take_along_axis(xp, axis):
    a = data(xp, (3, 4, 5))
    if axis is None:
        return xp.take_along_axis(a, xp.asarray(numpy.array([0, 59, 7])), axis=None)
    shape = [3, 4, 5]
    shape[axis] = 2
    ind = numpy.random.default_rng(2).integers(0, a.shape[axis], size=shape)
    return xp.take_along_axis(a, xp.asarray(ind), axis=axis)


@gpu
@numpy_gpuarray_equal()
def test_take_along_axis_of_argsort_broadcasts(xp):
    a = data(xp, (3, 4))
    return xp.take_along_axis(a, xp.asarray(numpy.array([[1], [0], [3]])), axis=1)


@gpu
@pytest.mark.parametrize("axis", [0, 1])
@numpy_gpuarray_equal()
def test_put_along_axis(xp, axis):
    a = data(xp, (4, 5), numpy.int64)
    ind = xp.asarray(numpy.array([[1, 0, 3, 2, 2]]) if axis == 0 else numpy.array([[4], [0], [1], [2]]))
    xp.put_along_axis(a, ind, -1, axis=axis)
    return a


@gpu
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "reversed", "strided"])
@numpy_gpuarray_equal()
def test_put_along_axis_flattened_needs_a_c_contiguous_array(xp, layout):
    # NumPy flattens a non-C-contiguous array into a read-only copy and raises
    # ValueError; a C-contiguous one is written in place.
    base = data(xp, (4, 6), numpy.int64)
    a = {"contiguous": base, "transposed": base.T, "reversed": base[::-1, ::-1], "strided": base[::2, 1::2]}[layout]
    xp.put_along_axis(a, xp.asarray(numpy.array([0, 3, a.size - 1])), -7, axis=None)
    return base


# ---- GPU: compress, choose, place, putmask ----------------------------------------------

@gpu
@pytest.mark.parametrize("axis", [None, 0, 1])
@pytest.mark.parametrize("cond", [[True, False, True], [False, True], [0, 1, 0, 1, 1, 0], [False] * 3], ids=repr)
@numpy_gpuarray_equal()
def test_compress(xp, axis, cond):
    return xp.compress(xp.asarray(numpy.array(cond)), data(xp, (3, 3)), axis=axis)


@gpu
@numpy_gpuarray_equal()
def test_compress_method_with_out(xp):
    a = data(xp, (3, 4))
    out = xp.zeros((3, 2), numpy.float32)
    a.compress(xp.asarray(numpy.array([True, False, False, True])), axis=1, out=out)
    return out


@gpu
@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
@numpy_gpuarray_equal()
def test_choose(xp, mode):
    a = xp.asarray(numpy.array([[0, 1, 2], [2, 1, 0]] if mode == "raise" else [[0, 4, -1], [2, -5, 3]]))
    choices = [data(xp, (2, 3), seed=s) for s in range(2)] + [data(xp, (3,), seed=7)]
    return xp.choose(a, choices, mode=mode), a.choose(choices, mode=mode)


@gpu
@numpy_gpuarray_equal()
def test_choose_raise_invalid_entry(xp):
    return xp.choose(xp.asarray(numpy.array([0, 2])), [data(xp, (2,)), data(xp, (2,))])


@gpu
@pytest.mark.parametrize("vals", [[10, 20], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]], ids=len)
@numpy_gpuarray_equal()
def test_place(xp, vals):
    a = data(xp, (3, 4), numpy.int64)
    xp.place(a, a > 0, xp.asarray(numpy.array(vals)))
    return a


@gpu
@numpy_gpuarray_equal()
def test_place_from_nothing_raises(xp):
    a = data(xp, (3, 4))
    xp.place(a, a > -100, xp.asarray(numpy.array([], numpy.float32)))


@gpu
@pytest.mark.parametrize("values", ["scalar", "short", "same_size"])
@pytest.mark.parametrize("dtype", TYPES)
@numpy_gpuarray_equal()
def test_putmask(xp, values, dtype):
    a = data(xp, (3, 4), dtype)
    mask = data(xp, (3, 4), numpy.int8, seed=4) > 0
    v = {"scalar": 1, "short": xp.asarray(numpy.array([5, 6, 7]).astype(dtype)),
         "same_size": data(xp, (3, 4), dtype, seed=8)}[values]
    xp.putmask(a, mask, v)
    return a


@gpu
@numpy_gpuarray_equal()
def test_putmask_size_mismatch(xp):
    xp.putmask(data(xp, (3, 4)), xp.asarray(numpy.ones(3, bool)), 1.0)


@gpu
def test_repeated_gathers_and_scatters_see_new_values():
    # A repeated launch runs from a graph after its second time: each run
    # reads the values (and indices) written since.
    host = numpy.arange(20.0).reshape(4, 5)
    rows = numpy.array([3, 0, 3])
    a, idx = gpuarray.asarray(host), gpuarray.asarray(rows)
    for _ in range(4):
        numpy.testing.assert_array_equal(a[idx].get(), host[rows])
        a[idx, 1] = a[0, 0]
        host[rows, 1] = host[0, 0]
        numpy.testing.assert_array_equal(a.get(), host)
        a += 1.0
        host += 1.0
        rows[0] = (rows[0] + 1) % 4
        idx[0] = int(rows[0])
