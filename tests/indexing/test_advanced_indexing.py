# SPDX-License-Identifier: BSD-3-Clause
"""Advanced indexing (a[index] and a[index] = v with integer and boolean
arrays, mixed with slices, integers, None and Ellipsis) against NumPy.

Without a GPU: the AdvancedIndex plan (result shapes, where the index
dimensions land, and the values a gather following the plan reads, emulated
with NumPy on the host), the errors raised before the device is touched, and
NVRTC compilation of the generated gather and scatter kernels. Tests marked
`gpu` run each body with xp=numpy and xp=gpuarray (testing.numpy_gpuarray_equal)."""
import itertools

import numpy
import pytest

import gpuarray
from gpuarray import _core
from gpuarray.testing import DTYPES, INT_DTYPES, numpy_gpuarray_equal
from test_elementwise_codegen import batched_sources, compile_all, nvrtc_options  # noqa: F401 (fixture)

gpu = pytest.mark.gpu
SHAPE = (4, 5, 6)
I = numpy.array


def idx(*items):
    return items


# Index forms of NumPy's indexing guide on a (4, 5, 6) array: integer arrays
# alone, broadcasting, negative, mixed with slices/ints/None/Ellipsis
# (adjacent: in place; separated: first), masks full and leading, 0-d booleans.
INDEX_CASES = {
    "list": idx([0, 2, 3]),
    "list_negative": idx([-1, 0, -4]),
    "nested_list": idx([[0, 1], [2, 3]]),
    "array_2d": idx(I([[0, 3], [1, 1]])),
    "two_arrays": idx(I([0, 2]), I([1, 4])),
    "broadcast_arrays": idx(I([[0], [2]]), I([1, 4, 3])),
    "three_arrays": idx(I([0, 1]), I([1, 2]), I([5, 0])),
    "slice_then_array": idx(slice(None), I([4, 0, 1])),
    "array_then_slice": idx(I([3, 1]), slice(1, 4)),
    "adjacent_in_middle": idx(slice(None), I([0, 2]), I([1, 5])),
    "separated_by_slice": idx(I([0, 2]), slice(None), I([1, 5])),
    "separated_by_none": idx(I([0, 2]), None, I([1, 4])),
    "separated_by_ellipsis": idx(I([1]), Ellipsis, I([2])),
    "int_and_array_adjacent": idx(slice(None), 1, I([0, 2])),
    "int_and_array_separated": idx(1, slice(None), I([0, 2])),
    "ellipsis_array": idx(Ellipsis, I([5, 0, 1])),
    "none_first": idx(None, I([1, 2]), slice(None, None, -1)),
    "negative_step_slice": idx(slice(None, None, -2), I([0, 4])),
    "mask_full": idx("mask_full"),
    "mask_leading": idx("mask_leading"),
    "mask_middle": idx(slice(None), "mask_2"),
    "mask_and_array": idx("mask_1", slice(None), I([0, 5, 2])),
    "true": idx(True),
    "false": idx(False),
    "true_with_array": idx(True, I([0, 1])),
    "numpy_bool": idx(numpy.True_, slice(1, 2)),
    "empty_list": idx([]),
    "empty_array": idx(I([], dtype=numpy.int64), slice(None)),
    "empty_2d": idx(I([[], []], dtype=numpy.int32)),
    "int8_index": idx(I([1, -1], dtype=numpy.int8)),
    "uint32_index": idx(slice(None), I([4, 0], dtype=numpy.uint32)),
}


def masks(xp):
    r = numpy.random.default_rng(1)
    return {"mask_full": r.random(SHAPE) > 0.5, "mask_leading": r.random(SHAPE[:2]) > 0.4,
            "mask_2": r.random(SHAPE[1:]) > 0.6, "mask_1": numpy.array([True, False, True, True])}


def index_for(xp, case, host=False):
    """The case's index with its arrays as xp arrays (gpuarray: device arrays; host=True keeps NumPy's)."""
    m = masks(xp)
    out = []
    for it in INDEX_CASES[case]:
        if isinstance(it, str):
            it = m[it]
        if isinstance(it, numpy.ndarray) and not host:
            it = xp.asarray(it)
        out.append(it)
    return tuple(out)


def values(shape, dtype, seed=0):
    r = numpy.random.default_rng(seed)
    v = r.integers(-50, 50, size=shape) if numpy.dtype(dtype).kind != "b" else r.random(shape) > 0.5
    if numpy.dtype(dtype).kind == "c":
        v = v + 1j * r.integers(-5, 5, size=shape)
    return v.astype(dtype)


LAYOUTS = {
    "c": lambda a: a,
    "strided": lambda a: a[:, ::2],
    "negative": lambda a: a[::-1, :, ::-1],
    "transposed": lambda a: a.transpose(2, 0, 1),
}
BASE_SHAPES = {"c": SHAPE, "strided": (4, 10, 6), "negative": SHAPE, "transposed": (5, 6, 4)}


def layout(xp, name, dtype):
    base = xp.asarray(values(BASE_SHAPES[name], dtype))
    return base, LAYOUTS[name](base)


# ---- no GPU: the plan -----------------------------------------------------------

def plan_of(shape, index, itemsize=8):
    strides = numpy.empty(shape, numpy.dtype(f"V{itemsize}")).strides
    return _core._advanced_index_plan(shape, strides, index)


@pytest.mark.parametrize("case", sorted(INDEX_CASES))
def test_plan_result_shape_is_numpys(case):
    index = index_for(numpy, case, host=True)
    assert plan_of(SHAPE, index)["result_shape"] == numpy.empty(SHAPE)[index].shape


def emulate_gather(a, index, plan):
    """What the gather kernel reads, computed on the host from the plan: the
    basic part's offset plus each wrapped index times its axis' stride."""
    rs = plan["result_shape"]
    nd = len(rs)
    offsets = numpy.full(rs, plan["source_offset"], numpy.int64)
    for d, stride in enumerate(plan["source_strides"]):
        offsets = offsets + numpy.arange(rs[d]).reshape([-1 if e == d else 1 for e in range(nd)]) * stride
    arrays = [numpy.asarray(it) for it in index
              if isinstance(it, (list, numpy.ndarray)) and numpy.asarray(it).dtype != bool]
    b, first = plan["broadcast_shape"], plan["advanced_first"]
    for arr, (_, extent, stride) in zip(arrays, plan["axes"]):
        picked = numpy.broadcast_to(arr.astype(numpy.int64), b) % extent
        offsets = offsets + picked.reshape((1,) * first + tuple(b) + (1,) * (nd - first - len(b))) * stride
    return a.ravel()[offsets // a.itemsize]


@pytest.mark.parametrize("case", sorted(c for c in INDEX_CASES if "mask" not in c))
def test_plan_reads_what_numpy_indexes(case):
    a = numpy.arange(numpy.prod(SHAPE)).reshape(SHAPE)
    index = index_for(numpy, case, host=True)
    numpy.testing.assert_array_equal(emulate_gather(a, index, plan_of(SHAPE, index)), a[index])


def test_plan_out_of_range_indices_wrap():
    a = numpy.arange(10)
    index = ([12, -13, 3],)
    numpy.testing.assert_array_equal(emulate_gather(a, index, plan_of((10,), index)), [2, 7, 3])


def test_plan_separated_index_dimensions_come_first():
    p = plan_of((2, 3, 4, 5), (I([0, 1]), slice(None), None, I([[1], [2], [3]])))
    assert p["advanced_first"] == 0 and p["result_shape"] == (3, 2, 3, 1, 5)
    assert p["axes"] == [(0, 2, 480), (2, 4, 40)]


def test_plan_masks_expand_to_one_array_per_axis():
    mask = numpy.zeros((3, 4), bool)
    mask[1, 2] = mask[2, 0] = True
    p = plan_of((3, 4, 5), (mask,))
    assert p["result_shape"] == (2, 5) and [ax[0] for ax in p["axes"]] == [0, 1]


@pytest.mark.parametrize("index, exc", [
    ((0, 0, 0, I([0])), IndexError),                   # too many indices
    ((I([0.0]),), IndexError),                         # float index array
    ((I([0, 1]), I([0, 1, 2])), IndexError),           # index arrays do not broadcast
    ((numpy.ones(3, bool),), IndexError),              # mask shape differs from the axis
    ((Ellipsis, Ellipsis, I([0])), IndexError),
    ((5, I([0])), IndexError),                         # integer out of bounds
    ((1.5,), IndexError),
    (([0, slice(None)],), IndexError),                 # a list that is not an index array
], ids=repr)
def test_plan_errors(index, exc):
    with pytest.raises(exc):
        numpy.empty(SHAPE)[index]
    with pytest.raises(exc):
        plan_of(SHAPE, index)


def test_device_index_errors_come_before_the_device_is_touched():
    from test_views import fake_device_array
    a = fake_device_array(numpy.zeros(SHAPE))
    with pytest.raises(IndexError, match="integer"):
        a[fake_device_array(numpy.zeros(2))]
    with pytest.raises(IndexError, match="too many indices"):
        a[0, 0, 0, fake_device_array(numpy.zeros(2, numpy.int64))]
    with pytest.raises(IndexError, match="boolean index did not match"):
        a[fake_device_array(numpy.zeros(3, bool))]
    with pytest.raises(ValueError, match=r"value array of shape \(5,\) .* result of shape \(2,5,6\)"):
        a[fake_device_array(numpy.zeros(2, numpy.int64))] = fake_device_array(numpy.zeros(5))


def test_a_non_empty_index_into_an_empty_axis_raises():
    with pytest.raises(IndexError):
        plan_of((0, 3), ([0],))
    assert plan_of((0, 3), ([],))["result_shape"] == (0, 3)


# ---- no GPU: NVRTC compiles the generated kernels ---------------------------------------

def test_gather_and_scatter_kernels_compile(nvrtc_options):
    shape, strides = (8, 6), (48, 8)
    sources = []

    def add(dtype, index, value, mode="wrap", shp=shape, st=strides):
        got = _core._gather_scatter_source(shp, st, dtype, index, value, mode)
        assert got is not None
        sources.append(got[1])

    for dt in DTYPES:  # gathers of every dtype, contiguous and strided, both modes
        add(dt, (I([1, 2, 3]),), None, shp=(48,), st=(numpy.dtype(dt).itemsize,))
        add(dt, (slice(None), I([[1], [2]])), None, "clip", st=(6 * numpy.dtype(dt).itemsize, numpy.dtype(dt).itemsize))
        add(dt, (I([1, 2]),), "scalar")
    for it in INT_DTYPES:  # every index dtype
        add(numpy.float32, (I([1, 2], dtype=it), slice(None, None, -1)), None)
    for vt in DTYPES:  # scatters casting from every value dtype
        add(numpy.complex64, (I([1, 2]), I([0, 5])), vt)
        add(numpy.float16, (slice(1, None), I([0, 5])), vt, "clip")
    many = tuple(I([0, 1]) for _ in range(14))  # the most index arrays one kernel takes
    add(numpy.int8, many, None, shp=(2,) * 14, st=tuple(2 ** (13 - k) for k in range(14)))
    compile_all(batched_sources(sources, 24), nvrtc_options)


def test_more_index_arrays_than_a_kernel_takes_raise():
    with pytest.raises(IndexError, match="at most 14"):
        _core._gather_scatter_source((2,) * 15, tuple(2 ** (14 - k) for k in range(15)), numpy.int8,
                                     tuple(I([0, 1]) for _ in range(15)), None, "wrap")


def test_gather_of_a_huge_array_uses_64_bit_offsets():
    name, source = _core._gather_scatter_source((2**33,), (1,), numpy.int8, (I([0, 2**32]),), None, "wrap")
    assert "_i32" in name  # two elements: 32-bit count; the index part is always 64-bit
    assert "long long at" in source


# ---- GPU: get ---------------------------------------------------------------------

@gpu
@pytest.mark.parametrize("case", sorted(INDEX_CASES))
@pytest.mark.parametrize("lay", sorted(LAYOUTS))
@numpy_gpuarray_equal()
def test_get(xp, case, lay):
    _, a = layout(xp, lay, numpy.float32)
    return a[index_for(xp, case)]


@gpu
@pytest.mark.parametrize("case", ["list", "two_arrays", "mask_leading", "separated_by_slice", "true_with_array"])
@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.int64, numpy.float16, numpy.float32,
                                   numpy.complex128])
@numpy_gpuarray_equal()
def test_get_dtypes(xp, case, dtype):
    _, a = layout(xp, "negative", dtype)
    return a[index_for(xp, case)]


@gpu
@pytest.mark.parametrize("case", ["array_2d", "mask_full", "broadcast_arrays"])
@numpy_gpuarray_equal()
def test_get_with_host_index_arrays(xp, case):
    _, a = layout(xp, "c", numpy.int64)
    return a[index_for(xp, case, host=True)]


@gpu
@numpy_gpuarray_equal()
def test_get_mask_of_a_computed_condition(xp):
    x = xp.asarray(numpy.random.default_rng(3).random(1000).astype(numpy.float32))
    return x[x > 0.5]


@gpu
@pytest.mark.parametrize("shape, index", [((0,), ([],)), ((0, 3), (slice(None), [0, 2])), ((3, 0), ([1, 2],)),
                                          ((3, 0), (numpy.ones(3, bool),)), ((2, 3), (numpy.zeros((2, 3), bool),)),
                                          ((), (True,)), ((), (False,))], ids=repr)
@numpy_gpuarray_equal()
def test_get_empty(xp, shape, index):
    return xp.asarray(numpy.ones(shape, numpy.float32))[index]


@gpu
def test_out_of_range_indices_wrap():
    a = gpuarray.arange(10)
    assert a[gpuarray.asarray([12, -13, 3, -1])].get().tolist() == [2, 7, 3, 9]


@gpu
def test_zero_d_device_index_gives_a_copy():
    a = gpuarray.arange(10)
    r = a[gpuarray.asarray(4)]
    assert r.shape == () and int(r.get()) == 4 and r.base is None


@gpu
@pytest.mark.parametrize("index", [(0, 0, 0, [0]), ([0.5],), ([0, 1], [0, 1, 2]), (numpy.ones(3, bool),)], ids=repr)
@numpy_gpuarray_equal()
def test_get_errors(xp, index):
    return xp.zeros(SHAPE)[index]


# ---- GPU: set ---------------------------------------------------------------------

SET_CASES = ["list", "array_2d", "two_arrays", "broadcast_arrays", "slice_then_array", "separated_by_slice",
             "int_and_array_separated", "mask_full", "mask_leading", "mask_and_array", "true", "false",
             "empty_list", "negative_step_slice"]


@gpu
@pytest.mark.parametrize("case", SET_CASES)
@pytest.mark.parametrize("lay", sorted(LAYOUTS))
@numpy_gpuarray_equal()
def test_set_scalar(xp, case, lay):
    base, a = layout(xp, lay, numpy.float32)
    a[index_for(xp, case)] = 7.5
    return base


# Distinct values into repeated positions are unspecified (docs/indexing.md): the
# index of "array_2d" repeats 1, so only scalar assignment uses it.
@gpu
@pytest.mark.parametrize("case", [c for c in SET_CASES if c != "array_2d"])
@pytest.mark.parametrize("lay", ["c", "negative", "transposed"])
@numpy_gpuarray_equal()
def test_set_array_of_the_result_shape(xp, case, lay):
    base, a = layout(xp, lay, numpy.float64)
    shape = numpy.empty(a.shape)[index_for(numpy, case)].shape
    a[index_for(xp, case)] = xp.asarray(values(shape, numpy.float64, seed=5))
    return base


@gpu
@pytest.mark.parametrize("value", ["row", "host_row", "list", "numpy_scalar", "column"])
@numpy_gpuarray_equal()
def test_set_broadcasts_the_value(xp, value):
    base, a = layout(xp, "strided", numpy.int32)
    index = index_for(xp, "slice_then_array")  # result shape (4, 3, 6)
    v = {"row": lambda: xp.asarray(numpy.arange(6)), "host_row": lambda: numpy.arange(6.0),
         "list": lambda: [1, 2, 3, 4, 5, 6], "numpy_scalar": lambda: numpy.float64(-2.7),
         "column": lambda: xp.asarray(numpy.arange(3).reshape(1, 3, 1))}[value]()
    a[index] = v
    return base


@gpu
@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.int64, numpy.float16, numpy.float32,
                                   numpy.complex128])
@pytest.mark.parametrize("value_dtype", [numpy.bool_, numpy.int64, numpy.float32, numpy.complex128])
@numpy_gpuarray_equal()
def test_set_casts(xp, dtype, value_dtype):
    base, a = layout(xp, "c", dtype)
    if numpy.dtype(value_dtype).kind == "c" and numpy.dtype(dtype).kind != "c":
        value_dtype = numpy.float32  # NumPy warns (ComplexWarning) on complex to real
    a[index_for(xp, "two_arrays")] = xp.asarray(values((2, 6), value_dtype, seed=9))
    return base


@gpu
@numpy_gpuarray_equal()
def test_set_value_overlapping_the_destination(xp):
    a = xp.asarray(numpy.arange(10.0))
    a[xp.asarray(numpy.arange(10))] = a[::-1]
    return a


@gpu
def test_set_duplicates_store_one_of_the_values():
    a = gpuarray.zeros(4)
    a[gpuarray.asarray([1, 1, 1, 2])] = gpuarray.asarray([5.0, 6.0, 7.0, 8.0])
    got = a.get()
    assert got[1] in (5.0, 6.0, 7.0) and got[2] == 8.0 and got[0] == got[3] == 0


@gpu
@pytest.mark.parametrize("index, value", [(([0, 1],), numpy.zeros(5)), ((numpy.ones((4, 5), bool),), numpy.zeros(3)),
                                          (([0, 1], [0, 1, 2]), 1.0)], ids=repr)
@numpy_gpuarray_equal()
def test_set_errors(xp, index, value):
    a = xp.zeros(SHAPE)
    a[index] = value if numpy.isscalar(value) else xp.asarray(value)
    return a


@gpu
def test_set_read_only_raises():
    a = gpuarray.zeros(5)
    a.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        a[[0, 1]] = 1
