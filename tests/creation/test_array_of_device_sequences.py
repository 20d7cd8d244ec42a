# SPDX-License-Identifier: BSD-3-Clause
"""array/asarray of lists and tuples holding device arrays (``xp.array([a, b])``,
``xp.array([x.min(), 0.5])``, Dask's ``np.array(list(q), like=q[0])``) against
numpy.array of the same lists of NumPy arrays: values, dtypes, layouts, errors.
Tests marked `gpu` need a device; the rest check what is decided before any
device work (over arrays at made-up addresses: tests/fake_memory.py)."""
import warnings

import numpy
import pytest

import gpuarray
from gpuarray import testing
from gpuarray._array_creation.nested_sequences import holds_device_arrays
from fake_memory import fake_array

gpu = pytest.mark.gpu


def sample(shape, dtype, seed=0):
    """Values every dtype holds exactly (0..50 in halves; bool: some False)."""
    v = numpy.random.default_rng(seed).integers(0, 100, size=shape) / 2
    return numpy.asarray(v).astype(dtype)


def arrays(xp, *specs):
    """One xp array per (shape, dtype), each with other values."""
    return [xp.asarray(sample(shape, dtype, seed)) for seed, (shape, dtype) in enumerate(specs)]


# ---------------------------------------------------- values, dtypes and layouts (GPU)

@gpu
@pytest.mark.parametrize("dtypes", [("float32", "float32"), ("int8", "uint8"), ("bool", "float16"),
                                    ("int32", "complex64"), ("int64", "float32"), ("uint16", "bool")])
@pytest.mark.parametrize("shape", [(), (3,), (2, 3), (0,)])
@pytest.mark.parametrize("dtype", [None, "float64", "int16"])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_list_of_arrays(xp, dtypes, shape, dtype):
    a, b = arrays(xp, (shape, dtypes[0]), (shape, dtypes[1]))
    with warnings.catch_warnings(), numpy.errstate(all="ignore"):
        warnings.simplefilter("ignore")  # NumPy's ComplexWarning of a complex-to-int cast
        return xp.array([a, b, a], dtype=dtype), xp.array((b, a), dtype=dtype)


@gpu
@pytest.mark.parametrize("order", ["K", "A", "C", "F"])
@pytest.mark.parametrize("ndmin", [0, 4])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_nested_lists_of_views(xp, order, ndmin):
    base = xp.asarray(sample((4, 6), "float64"))
    views = [base[:2, :3], base.T[:2, :3], base[::-2, ::-2][:2, :3], base[1:3, 3:]]  # C, F, negative, strided
    return xp.array([views[:2], views[2:]], order=order, ndmin=ndmin)


@gpu
@pytest.mark.parametrize("dtype", [None, "float32", "int8"])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_device_arrays_mixed_with_host_values(xp, dtype):
    a, b = arrays(xp, ((), "float32"), ((2,), "int16"))
    return (xp.array([a, 1.5, numpy.float16(2), True], dtype=dtype),  # Python float: float64, as NumPy's
            xp.array([b, [3, 4], numpy.arange(2, dtype=numpy.uint8)], dtype=dtype),
            xp.array([[], b[:0]], dtype=dtype),  # an empty list adds no dtype
            xp.array([[[b, b]], [[[5, 6], (7, 8)]]], dtype=dtype))


@gpu
@testing.numpy_gpuarray_equal(check_strides=True)
def test_zero_d_arrays_of_an_iterated_array(xp):
    # Dask's merge_percentiles: numpy.array(list(q), like=q[0]) with q a device array.
    q = xp.asarray(numpy.array([0.0, 10.0, 50.0, 100.0]))
    return xp.array(list(q)), xp.asarray([q[0], q[-1]])


@gpu
def test_numpy_array_like_a_device_array():
    q = gpuarray.asarray(numpy.array([0.0, 10.0, 50.0, 100.0]))
    out = numpy.array(list(q), like=q[0])  # as Dask calls it: q[0] is a 0-d device array
    assert type(out) is gpuarray.ndarray
    numpy.testing.assert_array_equal(out.get(), [0.0, 10.0, 50.0, 100.0])


@gpu
def test_the_result_is_a_copy():
    a = gpuarray.arange(3.0)
    b = gpuarray.array([a, a])
    a[0] = 7
    numpy.testing.assert_array_equal(b.get(), [[0, 1, 2], [0, 1, 2]])


@gpu
@pytest.mark.parametrize("make", [
    lambda xp: xp.array([xp.zeros(2), xp.zeros(3)]),
    lambda xp: xp.array([[xp.zeros(2)], [xp.zeros(2), xp.zeros(2)]]),
    lambda xp: xp.array([xp.zeros(2), 1.0]),
    lambda xp: xp.array([xp.zeros(2, numpy.int8), [300, 1]], dtype=numpy.int8),  # OverflowError
    lambda xp: xp.array([xp.zeros(2), "ab"]),
    lambda xp: xp.array([xp.zeros(2)], copy=False),
], ids=["ragged", "ragged-nested", "array-and-scalar", "overflow", "string", "copy-False"])
@testing.numpy_gpuarray_equal()
def test_errors_are_numpys(xp, make):
    return make(xp)


# ---------------------------------------------------- decided before device work (CPU)

def test_holds_device_arrays():
    a = fake_array((2,))[0]
    assert holds_device_arrays([a]) and holds_device_arrays((1, [2, (a,)]))
    assert not holds_device_arrays([1, [2.0, (3,)], numpy.zeros(2)]) and not holds_device_arrays([])
    assert not holds_device_arrays(a)  # an array is not a list holding one


@pytest.mark.parametrize("shapes", [[(2,), (3,)], [(2, 3), (2, 4)], [(2,), ()], [(1, 2), (2,)]])
def test_ragged_lists_raise_numpys_error_before_device_work(shapes):
    with pytest.raises(ValueError) as expected:
        numpy.array([numpy.zeros(s) for s in shapes])
    with pytest.raises(ValueError) as actual:
        gpuarray.array([fake_array(s)[0] for s in shapes])
    assert str(actual.value) == str(expected.value)


def test_ragged_nested_lists_raise_numpys_error():
    a2, a3 = fake_array((2,))[0], fake_array((3,))[0]
    with pytest.raises(ValueError) as expected:
        numpy.array([[numpy.zeros(2), numpy.zeros(3)], [numpy.zeros(2), numpy.zeros(2)]])
    with pytest.raises(ValueError) as actual:
        gpuarray.array([[a2, a3], [a2, a2]])
    assert str(actual.value) == str(expected.value)


def test_unsupported_dtype_is_refused_before_device_work():
    a = fake_array((2,))[0]
    with pytest.raises(TypeError, match="does not support dtype"):
        gpuarray.array([a, a], dtype="U3")


def test_host_lists_keep_their_errors():
    with pytest.raises(TypeError, match="does not support dtype object"):
        gpuarray.array([None, 1])
