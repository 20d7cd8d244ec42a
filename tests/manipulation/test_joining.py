# SPDX-License-Identifier: BSD-3-Clause
"""concatenate, concat, stack, vstack, hstack, dstack, column_stack, row_stack,
block and append against NumPy. Without a GPU: the result layout rule and the
errors raised before any device work; tests marked `gpu` run each body with
xp=numpy and xp=gpuarray."""
import numpy
import pytest

import gpuarray
from gpuarray import testing
from gpuarray._array_manipulation.joining import _joint_axis_order
from gpuarray.testing import DTYPES, exact_sample as sample

gpu = pytest.mark.gpu


def layouts(xp, a):
    """The values of `a` as C, Fortran, strided and negative-stride device arrays."""
    wide = xp.asarray(sample((6, 8), a.dtype, 2))
    return {"C": a, "F": xp.asfortranarray(a), "strided": wide[::2, ::2], "negative": a[::-1, ::-1]}


@pytest.mark.parametrize("arrays, expected", [
    ([((2, 3), (24, 8))], [0, 1]),
    ([((2, 3), (8, 16))], [1, 0]),
    ([((2, 3), (8, 16)), ((2, 3), (24, 8))], [0, 1]),
    ([((2, 3), (8, 16)), ((2, 3), (8, 16))], [1, 0]),
    ([((1, 3), (8, 8)), ((4, 3), (8, 32))], [1, 0]),
    ([((2, 3, 4), (8, 16, 48))], [2, 1, 0]),
])
def test_joint_axis_order_is_numpys(arrays, expected):
    shapes, strides = zip(*arrays)
    assert _joint_axis_order(shapes, strides) == expected
    host = [numpy.lib.stride_tricks.as_strided(numpy.zeros(64), s, st) for s, st in arrays]
    joined = numpy.concatenate(host, axis=0)
    order = sorted(range(joined.ndim), key=lambda ax: -joined.strides[ax])
    if len(set(joined.strides)) == joined.ndim:
        assert order == expected


@pytest.mark.parametrize("call, error", [
    (lambda xp: xp.concatenate([]), ValueError),
    (lambda xp: xp.concatenate([], axis=None), ValueError),
    (lambda xp: xp.stack([]), ValueError),
    (lambda xp: xp.vstack(x for x in [1]), TypeError),
    (lambda xp: xp.hstack(x for x in [1]), TypeError),
    (lambda xp: xp.block((1, 2)), TypeError),
    (lambda xp: xp.block([]), ValueError),
    (lambda xp: xp.block([[1], []]), ValueError),
    (lambda xp: xp.block([[1, 2], 3]), ValueError),
])
def test_errors_raised_before_any_device_work(call, error):
    for xp in (numpy, gpuarray):
        with pytest.raises(error):
            call(xp)


def test_concat_is_concatenate_and_row_stack_follows_numpy():
    assert gpuarray.concat is gpuarray.concatenate
    assert hasattr(gpuarray, "row_stack") == hasattr(numpy, "row_stack")


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", [0, 1, -1, None])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_concatenate_every_dtype(xp, dtype, axis):
    a = xp.asarray(sample((3, 4), dtype))
    b = xp.asarray(sample((3, 4), dtype, 1))
    return xp.concatenate([a, b, a], axis=axis)


@gpu
@pytest.mark.parametrize("layout", ["C", "F", "strided", "negative"])
@pytest.mark.parametrize("axis", [0, 1])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_concatenate_layouts(xp, layout, axis):
    a = xp.asarray(sample((3, 4), numpy.float32))
    views = layouts(xp, a)
    return xp.concatenate([views[layout], a, views["F"]], axis), xp.concatenate([views[layout]] * 2, axis)


@gpu
@testing.numpy_gpuarray_equal(check_strides=True)
def test_concatenate_fortran_inputs_give_a_fortran_result(xp):
    a = xp.asfortranarray(xp.asarray(sample((3, 4), numpy.int16)))
    return xp.concatenate([a, a], 0), xp.concatenate([a, a], 1)


@gpu
@testing.numpy_gpuarray_equal()
def test_concatenate_mixed_dtypes_empty_and_3d(xp):
    a = xp.asarray(sample((2, 0, 3), numpy.int8))
    b = xp.asarray(sample((2, 2, 3), numpy.float32))
    c = xp.asarray(sample((2, 1, 3), numpy.bool_))
    return (xp.concatenate((a, b, c), 1), xp.concatenate([a, a], 0), xp.concatenate([b[:, :0], c[:, :0]], 2),
            xp.concatenate([xp.asarray(sample((2,), numpy.uint8)), xp.asarray(sample((3,), numpy.int8))]))


@gpu
@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind", "unsafe"])
@testing.numpy_gpuarray_equal()
def test_concatenate_dtype_and_casting(xp, casting):
    a = xp.asarray(sample((2, 2), numpy.float64))
    b = xp.asarray(sample((1, 2), numpy.int32))
    return xp.concatenate([a, b], dtype=numpy.float32, casting=casting)


@gpu
@pytest.mark.parametrize("axis", [0, None])
@testing.numpy_gpuarray_equal()
def test_concatenate_into_out(xp, axis):
    a = xp.asarray(sample((2, 3), numpy.float32))
    out = xp.zeros((4, 3) if axis == 0 else (12,), numpy.float64)
    res = xp.concatenate([a, a], axis=axis, out=out)
    assert res is out
    return out


@gpu
@pytest.mark.parametrize("call", [
    lambda xp, a, b: xp.concatenate([a, b]),
    lambda xp, a, b: xp.concatenate([a, a], axis=2),
    lambda xp, a, b: xp.concatenate([a, a[0]]),
    lambda xp, a, b: xp.concatenate([a[0, 0], a[0, 0]]),
    lambda xp, a, b: xp.concatenate([a, a], out=xp.empty((4, 4))),
    lambda xp, a, b: xp.concatenate([a, a], out=xp.empty((12,))),
    lambda xp, a, b: xp.concatenate([a, a], axis=None, out=xp.empty((3, 4))),
    lambda xp, a, b: xp.concatenate([a, a], dtype=numpy.int32),
    lambda xp, a, b: xp.concatenate([a, a], out=xp.empty((4, 3)), dtype=numpy.float64),
    lambda xp, a, b: xp.concatenate([a, a], casting="bogus"),
    lambda xp, a, b: xp.stack([a, b]),
    lambda xp, a, b: xp.stack([a, a], axis=3),
    lambda xp, a, b: xp.vstack([a, b.T]),
])
@testing.numpy_gpuarray_equal()
def test_concatenate_errors(xp, call):
    a = xp.asarray(sample((2, 3), numpy.float64))
    b = xp.asarray(sample((2, 4), numpy.float64))
    return call(xp, a, b)


def test_concatenate_error_names_the_axis_and_sizes():
    with pytest.raises(ValueError, match="along dimension 1, the array at index 0 has size 3 and the array at "
                                         "index 1 has size 4"):
        gpuarray._array_manipulation.joining._check_shapes([numpy.zeros((2, 3)), numpy.zeros((2, 4))], 0)


@gpu
@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int64, numpy.float16, numpy.complex128])
@pytest.mark.parametrize("axis", [0, 1, 2, -1, -3])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_stack(xp, dtype, axis):
    a = xp.asarray(sample((2, 3), dtype))
    return xp.stack([a, a.T.T, a[::-1]], axis), xp.stack((a,), axis)


@gpu
@testing.numpy_gpuarray_equal()
def test_stack_of_scalars_and_out(xp):
    out = xp.zeros((2, 3), numpy.float32)
    xp.stack([xp.asarray(sample((3,), numpy.int8))] * 2, out=out)
    return xp.stack([xp.asarray(1.5), xp.asarray(2.5)]), out, xp.stack([[1, 2]], dtype=numpy.int8)


@gpu
@pytest.mark.parametrize("shape", [(), (3,), (2, 3), (2, 3, 2)])
@testing.numpy_gpuarray_equal()
def test_vstack_hstack_dstack_column_stack(xp, shape):
    a = xp.asarray(sample(shape, numpy.int32))
    b = xp.asarray(sample(shape, numpy.float32, 1))
    results = [xp.vstack([a, b]), xp.hstack([a, b]), xp.dstack([a, b]), xp.hstack((a,), dtype=numpy.int64)]
    if len(shape) <= 2:
        results.append(xp.column_stack([a, b]))
    return results


@gpu
@testing.numpy_gpuarray_equal()
def test_row_stack(xp):
    if not hasattr(xp, "row_stack"):
        return xp.vstack([xp.asarray([1, 2])])
    with pytest.warns(DeprecationWarning):
        return xp.row_stack([xp.asarray([1, 2]), xp.asarray([3, 4])])


@gpu
@testing.numpy_gpuarray_equal()
def test_block(xp):
    a = xp.asarray(sample((2, 2), numpy.float32))
    b = xp.asarray(sample((2, 1), numpy.int64))
    c = xp.asarray(sample((1, 3), numpy.float64))
    return (xp.block([[a, b], [c]]), xp.block([a, b]), xp.block(a), xp.block(3), xp.block([1, 2, 3]),
            xp.block([[[a]], [[a]]]), xp.block([[1, 2], [3, 4]]))


@gpu
@pytest.mark.parametrize("axis", [None, 0, 1])
@testing.numpy_gpuarray_equal()
def test_append(xp, axis):
    a = xp.asarray(sample((2, 3), numpy.int16))
    values = xp.asarray(sample((2, 3), numpy.float32))
    return xp.append(a, values, axis=axis), xp.append(a[0], [7, 8]) if axis is None else a


@gpu
@pytest.mark.parametrize("dtype", [numpy.int8, numpy.int16, numpy.float32, numpy.complex128])
def test_concatenate_pieces_of_odd_sizes_and_offsets(dtype):
    hosts = [numpy.arange(n, dtype=dtype) for n in (3, 5, 16, 7, 1, 33, 100)] + [numpy.arange(70, dtype=dtype)[::2]]
    got = gpuarray.concatenate([gpuarray.asarray(h) for h in hosts])
    numpy.testing.assert_array_equal(got.get(), numpy.concatenate(hosts))


@gpu
def test_concatenate_many_pieces():
    hosts = [numpy.full(k + 1, k, dtype=numpy.float64) for k in range(150)]
    got = gpuarray.concatenate([gpuarray.asarray(h) for h in hosts])
    numpy.testing.assert_array_equal(got.get(), numpy.concatenate(hosts))
