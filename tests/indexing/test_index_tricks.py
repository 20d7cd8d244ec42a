# SPDX-License-Identifier: BSD-3-Clause
"""indices, ix_, unravel_index, ravel_multi_index, the diagonal and triangle
index helpers, fill_diagonal, mask_indices, select and diagonal against NumPy
(0-d device arrays stand for NumPy's integer scalars)."""
import numpy
import pytest

import gpuarray
from gpuarray import testing
from gpuarray.testing import DTYPES, exact_sample as sample

gpu = pytest.mark.gpu


@pytest.mark.parametrize("call", [
    lambda xp: xp.unravel_index(1, (2, 3), order="A"),
    lambda xp: xp.unravel_index(1, (2, 3), order="X"),
    lambda xp: xp.ravel_multi_index((1, 1), (2, 3), mode="bad"),
    lambda xp: xp.ravel_multi_index((1, 1), (2, 3), mode=("clip",)),
    lambda xp: xp.ravel_multi_index((1,), (2, 3)),
    lambda xp: xp.diag_indices_from(numpy.zeros(3)),
    lambda xp: xp.diag_indices_from(numpy.zeros((2, 3))),
    lambda xp: xp.tril_indices_from(numpy.zeros(3)),
    lambda xp: xp.select([], []),
    lambda xp: xp.select([True], [1, 2]),
])
def test_errors_raised_before_any_device_work(call):
    expected = None
    try:
        call(numpy)
    except Exception as e:  # noqa: BLE001 (compared below)
        expected = type(e)
    assert expected is not None
    with pytest.raises(expected):
        call(gpuarray)


@gpu
@pytest.mark.parametrize("dims", [(2, 3), (4,), (2, 0, 3), ()])
@pytest.mark.parametrize("dtype", [int, numpy.int8, numpy.float32])
@testing.numpy_gpuarray_equal()
def test_indices(xp, dims, dtype):
    return xp.indices(dims, dtype), xp.indices(dims, dtype, sparse=True)


@gpu
@testing.numpy_gpuarray_equal()
def test_ix(xp):
    return (xp.ix_([0, 2], [1]), xp.ix_(xp.asarray(numpy.array([True, False, True])), [3, 1, 0]), xp.ix_([]),
            xp.ix_(xp.arange(3)))


@gpu
@testing.numpy_gpuarray_equal()
def test_ix_needs_1d():
    return gpuarray.ix_([[1]])


@gpu
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("indices", [0, 5, [0, 7, 23], [[1, 2], [3, 23]], [], 24, -1, 1.0])
@testing.numpy_gpuarray_equal()
def test_unravel_index(xp, order, indices):
    return xp.unravel_index(xp.asarray(numpy.asarray(indices)), (2, 3, 4), order)


@gpu
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("mode", ["raise", "wrap", "clip", ("clip", "wrap", "raise")])
@pytest.mark.parametrize("coords", [([0, 1], [2, 0], [3, 1]), ([5, -1], [2, 0], [1, 1]), ([1], [0, 2], [[3], [0]])])
@testing.numpy_gpuarray_equal()
def test_ravel_multi_index(xp, order, mode, coords):
    return xp.ravel_multi_index(tuple(xp.asarray(numpy.asarray(c)) for c in coords), (2, 3, 4), mode, order)


@gpu
@testing.numpy_gpuarray_equal()
def test_diag_and_triangle_indices(xp):
    a = xp.zeros((3, 3, 3))
    m = xp.zeros((3, 5))
    return (xp.diag_indices(4), xp.diag_indices(3, 3), xp.diag_indices_from(a), xp.tril_indices(4),
            xp.tril_indices(3, 1, 5), xp.triu_indices(4, -1), xp.triu_indices(3, 2, 2), xp.tril_indices_from(m, 1),
            xp.triu_indices_from(m), xp.tril_indices(0), xp.mask_indices(3, xp.triu, 1))


@gpu
@pytest.mark.parametrize("shape", [(3, 3), (2, 5), (7, 3), (8, 3), (3, 3, 3), (1, 1)])
@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize("val", [5, [1, 2], 2.5])
@testing.numpy_gpuarray_equal()
def test_fill_diagonal(xp, shape, wrap, val):
    a = xp.zeros(shape, numpy.float32)
    xp.fill_diagonal(a, val, wrap)
    f = xp.asfortranarray(xp.zeros(shape, numpy.int64))
    xp.fill_diagonal(f, val, wrap)
    return a, f


@gpu
@testing.numpy_gpuarray_equal()
def test_fill_diagonal_errors(xp):
    xp.fill_diagonal(xp.zeros((2, 3, 2)), 1)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@testing.numpy_gpuarray_equal()
def test_select(xp, dtype):
    x = xp.asarray(sample((2, 3), dtype))
    conds = [xp.asarray(sample((2, 3), numpy.bool_)), xp.asarray(sample((3,), numpy.bool_, 1))]
    return (xp.select(conds, [x, xp.asarray(sample((3,), dtype, 2))]), xp.select(conds, [x, 1], default=2),
            xp.select([xp.asarray(True)], [x], default=x[0]))


@gpu
@testing.numpy_gpuarray_equal()
def test_select_needs_bool_conditions(xp):
    return xp.select([xp.asarray(numpy.array([1, 0]))], [xp.asarray(numpy.array([1, 2]))])


@gpu
@pytest.mark.parametrize("offset, axis1, axis2", [(0, 0, 1), (1, 0, 1), (-1, 1, 0), (0, 0, 2), (2, -1, 0)])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_diagonal_is_a_view(xp, offset, axis1, axis2):
    return xp.diagonal(xp.asarray(sample((3, 4, 5), numpy.int16)), offset, axis1, axis2)
