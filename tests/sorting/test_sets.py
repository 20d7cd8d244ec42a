# SPDX-License-Identifier: BSD-3-Clause
"""unique and NumPy 2's unique_*, isin, in1d, intersect1d, union1d, setdiff1d
and setxor1d against NumPy (GPU only: they need a device and flatnonzero).
The kernels they use are checked without a GPU in test_sorting.py."""
import numpy as np
import pytest

from gpuarray.testing import DTYPES, numpy_gpuarray_equal
from test_sorting import sample

pytestmark = pytest.mark.gpu


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("equal_nan", [True, False])
@numpy_gpuarray_equal()
def test_unique_with_every_flag(xp, dtype, equal_nan):
    a = xp.asarray(sample(dtype, 240).reshape(12, 20))
    return (xp.unique(a, equal_nan=equal_nan),
            xp.unique(a, return_index=True, return_inverse=True, return_counts=True, equal_nan=equal_nan))


@pytest.mark.parametrize("flags", [(True, False, False), (False, True, False), (False, False, True)])
@numpy_gpuarray_equal()
def test_unique_single_flags_and_layouts(xp, flags):
    a = xp.asarray(sample(np.int32, 300).reshape(10, 30))[::-1, ::2]
    return xp.unique(a, *flags), xp.unique(a[0, 0], *flags)


@pytest.mark.parametrize("shape", [(0,), (3, 0), ()])
@numpy_gpuarray_equal()
def test_unique_of_empty_and_0d(xp, shape):
    a = xp.asarray(np.ones(shape, np.float32))
    return xp.unique(a, return_index=True, return_inverse=True, return_counts=True)


@pytest.mark.parametrize("dtype", [np.int8, np.float32, np.complex128, np.bool_])
@pytest.mark.parametrize("axis", [0, 1, -1])
@numpy_gpuarray_equal()
def test_unique_along_an_axis(xp, dtype, axis):
    rng = np.random.default_rng(2)
    host = sample(dtype, 16)[rng.integers(0, 4, (30, 3))]  # rows (and columns) repeat
    if axis != 0:
        host = host.T.copy()
    a = xp.asarray(host)
    return xp.unique(a, return_index=True, return_inverse=True, return_counts=True, axis=axis)


@numpy_gpuarray_equal()
def test_unique_along_an_axis_of_3d_and_empty_rows(xp):
    a = xp.asarray(np.array([[[1, 2], [3, 4]], [[1, 2], [3, 4]], [[0, 2], [3, 4]]]))
    return xp.unique(a, axis=0), xp.unique(a, axis=2, return_counts=True), xp.unique(
        xp.asarray(np.zeros((3, 0))), axis=0, return_counts=True)


@pytest.mark.parametrize("dtype", [np.int64, np.float64, np.complex64])
@numpy_gpuarray_equal()
def test_unique_all_counts_inverse_values(xp, dtype):
    host = sample(dtype, 120).reshape(6, 20)
    a = xp.asarray(host)
    u = xp.unique_all(a)
    c = xp.unique_counts(a)
    # NumPy's unique_inverse sorts unstably: which NaN gets which index varies, so no NaNs here.
    i = xp.unique_inverse(xp.asarray(np.nan_to_num(host)))
    names = (u._fields, c._fields, i._fields)
    assert names == (("values", "indices", "inverse_indices", "counts"), ("values", "counts"),
                     ("values", "inverse_indices"))
    # NumPy's unique_values (a hash table) gives any order: compare sorted.
    return tuple(u), tuple(c), tuple(i), xp.sort(xp.unique_values(a))


@pytest.mark.parametrize("dtypes", [(np.int32, np.int32), (np.float32, np.float64), (np.int8, np.float16),
                                    (np.complex64, np.float32), (np.bool_, np.int16), (np.uint8, np.int8)])
@pytest.mark.parametrize("invert", [False, True])
@numpy_gpuarray_equal()
def test_isin(xp, dtypes, invert):
    a = xp.asarray(sample(dtypes[0], 200).reshape(10, 20))
    b = xp.asarray(sample(dtypes[1], 30, seed=9))
    return xp.isin(a, b, invert=invert), xp.isin(a, b, invert=invert, kind="sort"), xp.isin(a[0, 0], b)


@numpy_gpuarray_equal()
def test_isin_errors(xp):
    return xp.isin(xp.asarray(np.arange(3.0)), xp.asarray(np.arange(2.0)), kind="table")


def test_in1d_is_isin_of_the_flattened_array():
    import gpuarray as xp
    a, b = sample(np.int16, 60).reshape(6, 10), sample(np.int16, 10, seed=3)
    with pytest.warns(DeprecationWarning):
        got = xp.in1d(xp.asarray(a), xp.asarray(b), invert=True)
    np.testing.assert_array_equal(got.get(), np.isin(a.ravel(), b, invert=True))


@pytest.mark.parametrize("dtypes", [(np.int32, np.int32), (np.int64, np.float64), (np.float32, np.float32)])
@numpy_gpuarray_equal()
def test_intersect1d(xp, dtypes):
    a = xp.asarray(sample(dtypes[0], 100).reshape(10, 10))
    b = xp.asarray(sample(dtypes[1], 50, seed=4))
    ua, ub = xp.unique(a), xp.unique(b)
    return (xp.intersect1d(a, b), xp.intersect1d(a, b, return_indices=True),
            xp.intersect1d(ua, ub, assume_unique=True, return_indices=True))


@pytest.mark.parametrize("dtype", [np.int8, np.float64, np.complex128])
@numpy_gpuarray_equal()
def test_union_difference_xor(xp, dtype):
    a = xp.asarray(sample(dtype, 100).reshape(10, 10))
    b = xp.asarray(sample(dtype, 50, seed=4))
    ua, ub = xp.unique(a), xp.unique(b)
    empty = xp.asarray(np.zeros(0, dtype))
    return (xp.union1d(a, b), xp.setdiff1d(a, b), xp.setdiff1d(ua[::-1], ub, assume_unique=True),
            xp.setxor1d(a, b), xp.setxor1d(ua, ub, assume_unique=True), xp.setxor1d(empty, empty),
            xp.union1d(empty, empty), xp.intersect1d(empty, a))
