# SPDX-License-Identifier: BSD-3-Clause
"""Array creation (empty/zeros/ones/full and *_like, array/asarray and friends, the CUDA
Array Interface) against NumPy. Tests marked `gpu` need a device; the rest check
what is decided on the host: layouts, argument errors raised before any device work."""
import itertools
import warnings

import numpy
import pytest

import gpuarray
from gpuarray import testing
from gpuarray._base import host_upload as _host_upload
from gpuarray.testing import DTYPES

gpu = pytest.mark.gpu


def sample(shape, dtype, seed=0):
    """Values every dtype holds exactly (0..50 in halves; bool: some False)."""
    rng = numpy.random.default_rng(seed)
    v = rng.integers(0, 100, size=shape) / 2
    if numpy.dtype(dtype).kind == "c":
        v = v - 1j * rng.integers(0, 100, size=shape) / 2
    return numpy.asarray(v).astype(dtype)


# Layouts of an input array, as (base shape, view of it); the view is taken with the
# module under test (xp), so that device inputs are real device views.
LAYOUTS = {
    "C": ((3, 4), lambda xp, a: a),
    "F": ((3, 4), lambda xp, a: xp.asfortranarray(a)),
    "strided": ((5, 8), lambda xp, a: a[::2, 1::3]),
    "negative": ((4, 6), lambda xp, a: a[::-1, ::-2]),
    "permuted": ((2, 3, 4), lambda xp, a: a.transpose(1, 0, 2)),
    "1-D reversed": ((7,), lambda xp, a: a[::-1]),
    "0-d": ((), lambda xp, a: a),
    "empty": ((0, 3), lambda xp, a: a),
}


def make(xp, layout, dtype=numpy.float64, seed=0):
    """An array of `layout` (see LAYOUTS) on xp's side, from the same host values."""
    shape, view = LAYOUTS[layout]
    return view(xp, xp.asarray(sample(shape, dtype, seed)))


def host_view(layout, dtype=numpy.float64):
    return make(numpy, layout, dtype)


class Exporter:
    """An object exporting memory through the CUDA Array Interface only."""

    def __init__(self, **desc):
        self.__cuda_array_interface__ = dict(version=3, **desc)


# ------------------------------------------------------------- host-side logic

@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("order", ["K", "A", "C", "F", None, "k"])
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.int8, numpy.complex128])
def test_like_layout_matches_numpy(layout, order, dtype):
    proto = host_view(layout)
    shapes = [proto.shape, proto.shape[::-1], proto.shape + (2,), tuple(max(0, d - 1) for d in proto.shape)]
    for shape in shapes:
        expected = numpy.empty_like(proto, dtype=dtype, order=order, shape=shape).strides
        got = _host_upload._like_layout(proto.shape, proto.strides, proto.flags.c_contiguous,
                                     proto.flags.f_contiguous, shape, numpy.dtype(dtype).itemsize, order)
        if not isinstance(got, tuple):
            got = numpy.empty(shape, dtype, order=got).strides
        assert got == expected, shape


def odd_host_arrays():
    """Host inputs whose copies NumPy lays out in every way it does."""
    base = numpy.arange(120.0).reshape(4, 5, 6)
    out = [host_view(layout) for layout in LAYOUTS]
    for source in (base, numpy.asfortranarray(base)):
        for index in [(slice(0, 1), slice(None, None, -2), slice(1, 2)),
                      (slice(None, None, 2), slice(None), slice(None, None, -1))]:
            out += [source[index].transpose(p) for p in itertools.permutations(range(3))]
    out += [numpy.broadcast_to(numpy.arange(4.0), (3, 4)), numpy.zeros((3, 4))[:, :1], [[1, 2], [3, 4]], 3.5,
            numpy.arange(12.0).reshape(3, 4).astype(">f4"), numpy.arange(12.0).reshape(3, 4).astype(">f4")[:, ::2].T]
    return out


@pytest.mark.parametrize("order", ["K", "A", "C", "F"])
@pytest.mark.parametrize("dtype", [None, numpy.float32, ">i2"])
def test_host_source_is_laid_out_as_numpy_array(order, dtype):
    for obj in odd_host_arrays():
        expected = numpy.array(obj, dtype=dtype, order=order)
        host, layout = _host_upload._host_source(obj, dtype, order)
        assert host.dtype == expected.dtype.newbyteorder("=") and host.shape == expected.shape
        strides = layout if isinstance(layout, tuple) else numpy.empty(host.shape, host.dtype, order=layout).strides
        assert strides == expected.strides
        if host.size:  # the bytes uploaded, placed at those strides, give NumPy's array
            flat = host.ravel(order="K")
            assert numpy.shares_memory(flat, host)
            placed = numpy.lib.stride_tricks.as_strided(flat.copy(), host.shape, strides)
            numpy.testing.assert_array_equal(placed, expected)


@pytest.mark.parametrize("call, error", [
    (lambda: gpuarray.empty(-1), ValueError),
    (lambda: gpuarray.zeros((2, -3)), ValueError),
    (lambda: gpuarray.ones((2, 2.5)), TypeError),
    (lambda: gpuarray.full(2.5, 1), TypeError),
    (lambda: gpuarray.zeros(None), TypeError),
    (lambda: gpuarray.empty(3, order="K"), ValueError),
    (lambda: gpuarray.zeros(3, order="X"), ValueError),
    (lambda: gpuarray.ones(3, dtype="U3"), TypeError),
    (lambda: gpuarray.full(3, "a"), TypeError),
    (lambda: gpuarray.full(3, 1, dtype=object), TypeError),
    (lambda: gpuarray.empty_like(numpy.zeros(3), order="X"), ValueError),
    (lambda: gpuarray.zeros_like(numpy.zeros(3), shape=(2, -1)), ValueError),
    (lambda: gpuarray.ones_like(numpy.zeros(3), shape=2.5), TypeError),
    (lambda: gpuarray.empty_like([1, 2], dtype="M8[s]"), TypeError),
    (lambda: gpuarray.array([1, 2], copy=False), ValueError),
    (lambda: gpuarray.array(numpy.zeros(3), copy=False), ValueError),
    (lambda: gpuarray.array([1, 2], order="X"), ValueError),
    (lambda: gpuarray.asarray([1, 2], order=""), ValueError),
    (lambda: gpuarray.asarray(["a", "b"]), TypeError),
    (lambda: gpuarray.asarray([1, None]), TypeError),
    (lambda: gpuarray.array([[1], [2, 3]]), ValueError),
])
def test_errors_raised_before_any_device_work(call, error):
    with pytest.raises(error):
        call()


@pytest.mark.parametrize("desc, error, match", [
    (dict(shape=(2,), typestr=">f4", data=(0, False)), TypeError, "native byte order"),
    (dict(shape=(2,), typestr="<f4", data=(0, False), mask=Exporter(shape=(2,), typestr="|b1", data=(0, False))),
     ValueError, "masked"),
    (dict(shape=(2,), typestr="<f4", data=(0, False), stream=0), ValueError, "stream 0"),
])
def test_cuda_array_interface_errors(desc, error, match):
    with pytest.raises(error, match=match):
        gpuarray.asarray(Exporter(**desc))


# ------------------------------------------------------------ empty/zeros/ones/full

@gpu
@pytest.mark.parametrize("dtype", DTYPES + (None,))
@pytest.mark.parametrize("shape", [(), 0, (3, 4), (2, 0, 3)])
@pytest.mark.parametrize("order", ["C", "F"])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_zeros_ones(xp, dtype, shape, order):
    e = xp.empty(shape, dtype, order)
    return xp.zeros(shape, dtype, order), xp.ones(shape, dtype, order), (e.shape, e.strides, e.dtype.str)


@gpu
@testing.numpy_gpuarray_equal(check_strides=True)
def test_defaults_and_order_none(xp):
    return xp.zeros((2, 3), order=None), xp.ones(4), xp.empty((2, 2)).dtype.str, xp.full(2, 7, order=None)


@gpu
@pytest.mark.parametrize("value", [0, 1, -3, True, 2.5, float("nan"), -float("inf"), 1 - 2j, numpy.float16(1.5),
                                   numpy.int8(-7), numpy.uint64(2 ** 63), numpy.complex64(3j), 2 ** 62])
@testing.numpy_gpuarray_equal()
def test_full_infers_numpy_dtype(xp, value):
    return xp.full((2, 3), value)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("value", [0, 1, 7, 2.75, -1.5, True, 200])
@testing.numpy_gpuarray_equal()
def test_full_casts_unsafely(xp, dtype, value):
    with warnings.catch_warnings(), numpy.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return xp.full((3, 2), value, dtype=dtype, order="F")


@gpu
@pytest.mark.parametrize("dtype, value", [(numpy.uint8, 300), (numpy.uint8, -1), (numpy.int8, 128)])
@testing.numpy_gpuarray_equal()
def test_full_python_int_out_of_range(xp, dtype, value):
    return xp.full(3, value, dtype=dtype)


@gpu
@pytest.mark.parametrize("value, dtype", [([1, 2, 3], None), ([[1.5], [2.5]], numpy.float32), ([1, 2], None),
                                          (numpy.arange(3, dtype=numpy.int16), numpy.complex64)])
@testing.numpy_gpuarray_equal()
def test_full_broadcasts_array_values(xp, value, dtype):
    return xp.full((2, 3), value, dtype=dtype)


@gpu
def test_full_from_device_value():
    v = gpuarray.asarray(numpy.array([1.5, 2.5, 3.5], numpy.float32))
    out = gpuarray.full((2, 3), v)
    assert out.dtype == numpy.float32
    numpy.testing.assert_array_equal(out.get(), numpy.full((2, 3), [1.5, 2.5, 3.5], numpy.float32))
    out = gpuarray.full_like(numpy.zeros((2, 3), numpy.int32), v)
    numpy.testing.assert_array_equal(out.get(), numpy.full((2, 3), [1, 2, 3], numpy.int32))


# ------------------------------------------------------------------ *_like

@gpu
@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("order", ["K", "A", "C", "F"])
@pytest.mark.parametrize("dtype, shape", [(None, None), (numpy.int8, None), (numpy.complex64, "reversed")])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_like(xp, layout, order, dtype, shape):
    a = make(xp, layout, numpy.float32)
    if shape == "reversed":
        shape = a.shape[::-1]
    e = xp.empty_like(a, dtype, order, shape=shape)
    return ((e.shape, e.strides, e.dtype.str), xp.zeros_like(a, dtype, order, shape=shape),
            xp.ones_like(a, dtype, order, shape=shape), xp.full_like(a, 3, dtype, order, shape=shape))


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@testing.numpy_gpuarray_equal(check_strides=True)
def test_like_every_dtype(xp, dtype):
    a = make(xp, "permuted", dtype)
    return xp.zeros_like(a), xp.ones_like(a), xp.full_like(a, 2), xp.full_like(a, 9, shape=(4, 2, 3))


@gpu
@testing.numpy_gpuarray_equal(check_strides=True)
def test_like_host_prototypes(xp):
    f = numpy.asfortranarray(numpy.zeros((2, 3), numpy.int16))
    return xp.zeros_like([[1, 2], [3, 4]]), xp.ones_like(f), xp.full_like(2.5, 4), xp.zeros_like(f, shape=7)


@gpu
@pytest.mark.parametrize("value", [2.7, -1, float("nan"), 1 + 5j, [1, 2, 3], numpy.float64(2 ** 40)])
@testing.numpy_gpuarray_equal()
def test_full_like_casts_as_numpy(xp, value):
    with warnings.catch_warnings(), numpy.errstate(all="ignore"):
        warnings.simplefilter("ignore")  # NumPy's cast warnings, the same on both sides
        return xp.full_like(xp.zeros((2, 3), numpy.int16), value), xp.full_like(xp.zeros((2, 3), numpy.float32), value)


# ------------------------------------------------------ array from host data

@gpu
@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("order", ["K", "A", "C", "F"])
@pytest.mark.parametrize("dtype", [None, numpy.float32])
@pytest.mark.parametrize("ndmin", [0, 3])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_array_from_host(xp, layout, order, dtype, ndmin):
    return xp.array(host_view(layout), dtype=dtype, order=order, ndmin=ndmin)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", ["C", "F", "permuted", "0-d", "empty"])  # dense: numpy.asarray keeps them
@testing.numpy_gpuarray_equal(check_strides=True)
def test_asarray_every_dtype(xp, dtype, layout):
    return xp.asarray(host_view(layout, dtype))


@gpu
@pytest.mark.parametrize("obj", [[1, 2, 3], [[1.5, 2], [3, 4]], [True, False], [1, 2.5j], 7, 2.5, True, 1j, (),
                                 [[]], [numpy.float32(1), 2], numpy.float16(3), numpy.uint64(2 ** 64 - 1),
                                 [2 ** 63, 1], range(5)])
@pytest.mark.parametrize("dtype", [None, numpy.int16, numpy.complex128])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_array_from_python_objects(xp, obj, dtype):
    with warnings.catch_warnings(), numpy.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return xp.array(obj, dtype=dtype, ndmin=1)


@gpu
@pytest.mark.parametrize("layout", ["C", "strided", "permuted"])
def test_non_native_byte_order_is_converted(layout):
    host = host_view(layout, numpy.int32).astype(">i4")
    for dtype in (None, ">i4", "<f8"):
        a = gpuarray.array(host, dtype=dtype)
        expected = numpy.array(host, dtype=dtype)
        assert a.dtype == expected.dtype.newbyteorder("=") and a.dtype.isnative
        assert a.strides == expected.strides
        numpy.testing.assert_array_equal(a.get(), expected)


# ---------------------------------------------------- array from device data

@gpu
@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("order", ["K", "A", "C", "F"])
@pytest.mark.parametrize("dtype", [None, numpy.int32])
@pytest.mark.parametrize("copy", [True, None, False])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_array_from_device(xp, layout, order, dtype, copy):
    a = make(xp, layout, numpy.float64)
    return xp.array(a, dtype=dtype, order=order, copy=copy), xp.array(a, dtype=dtype, order=order, copy=copy, ndmin=4)


@gpu
def test_array_copy_semantics():
    a = gpuarray.asarray(sample((3, 4), numpy.float32))
    assert gpuarray.asarray(a) is a and gpuarray.array(a, copy=False) is a and gpuarray.asanyarray(a) is a
    assert gpuarray.asarray(a, dtype=numpy.float32) is a and gpuarray.asarray(a, dtype=">f4") is a
    assert gpuarray.ascontiguousarray(a) is a and gpuarray.asarray(a, order="A") is a
    for b in (gpuarray.array(a), gpuarray.copy(a), gpuarray.asarray(a, copy=True), gpuarray.asfortranarray(a)):
        assert b is not a and b.data.ptr != a.data.ptr and b.flags.owndata
        numpy.testing.assert_array_equal(b.get(), a.get())
    f = gpuarray.asfortranarray(a)
    assert gpuarray.asfortranarray(f) is f and f.strides == (4, 12)
    with pytest.raises(ValueError):
        gpuarray.array(a, dtype=numpy.float64, copy=False)
    with pytest.raises(ValueError):
        gpuarray.asarray(a, order="F", copy=False)


@gpu
@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("dtype", [None, numpy.complex64])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_ascontiguous_asfortran_copy(xp, layout, dtype):
    a = make(xp, layout, numpy.float32)
    return (xp.ascontiguousarray(a, dtype), xp.asfortranarray(a, dtype), xp.copy(a), xp.copy(a, order="F"),
            xp.copy(a, order="A"), xp.asanyarray(a, dtype))


@gpu
@testing.numpy_gpuarray_equal(check_strides=True)
def test_ascontiguous_asfortran_host(xp):
    return (xp.ascontiguousarray(host_view("strided")), xp.asfortranarray([[1, 2], [3, 4]]),
            xp.ascontiguousarray(3.0), xp.asfortranarray(numpy.int8(4)))


# ---------------------------------------------------- CUDA Array Interface

def export(owner, host, index, readonly=False, stream=None, c_strides_as_none=True):
    """An Exporter describing owner[index] (owner: a device copy of the host array `host`)."""
    view = host[index]
    offset = view.__array_interface__["data"][0] - host.__array_interface__["data"][0]
    strides = None if c_strides_as_none and view.flags.c_contiguous else view.strides
    return view, Exporter(shape=view.shape, typestr=view.dtype.str, data=(owner.data.ptr + offset, readonly),
                          strides=strides, stream=stream)


@gpu
@pytest.mark.parametrize("index", [(slice(None), slice(None)), (slice(1, 3), slice(None)),
                                   (slice(None, None, -1), slice(1, None, 2)), (slice(None), slice(None, None, -3)),
                                   (slice(None), 2), ()])
@pytest.mark.parametrize("readonly", [False, True])
def test_cuda_array_interface_is_zero_copy(index, readonly):
    host = sample((4, 6), numpy.float32)
    owner = gpuarray.asarray(host)
    view, exporter = export(owner, host, index, readonly)
    a = gpuarray.asarray(exporter)
    assert a.base is exporter and not a.flags.owndata
    assert a.shape == view.shape and a.strides == view.strides and a.dtype == view.dtype
    assert a.flags.writeable is (not readonly)
    numpy.testing.assert_array_equal(a.get(), view)
    numpy.testing.assert_array_equal(gpuarray.asnumpy(exporter), view)
    if not readonly:
        a.fill(-1)
        view[...] = -1
        numpy.testing.assert_array_equal(owner.get(), host)
    c = gpuarray.array(exporter)  # copy=True copies, writeable whatever the export
    assert c.flags.owndata and c.flags.writeable and c.strides == numpy.array(view).strides
    c.fill(5)
    numpy.testing.assert_array_equal(owner.get(), host)
    d = gpuarray.asarray(exporter, dtype=numpy.float64, order="F")
    numpy.testing.assert_array_equal(d.get(), view.astype(numpy.float64))


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_cuda_array_interface_dtypes_and_explicit_strides(dtype):
    host = sample((3, 5), dtype)
    owner = gpuarray.asarray(host)
    view, exporter = export(owner, host, (slice(None), slice(None)), c_strides_as_none=False)
    a = gpuarray.asarray(exporter)
    assert a.dtype == host.dtype and a.strides == host.strides
    numpy.testing.assert_array_equal(a.get(), host)


@gpu
@pytest.mark.parametrize("stream", [1, 2])  # the legacy and the per-thread default streams
def test_cuda_array_interface_default_streams(stream):
    host = sample((5,), numpy.float32)
    owner = gpuarray.asarray(host)
    _, exporter = export(owner, host, (), stream=stream)
    numpy.testing.assert_array_equal(gpuarray.asarray(exporter).get(), host)


@gpu
def test_cuda_array_interface_waits_for_the_producer_stream():
    host = sample((1 << 22,), numpy.float32)
    owner = gpuarray.asarray(host)
    producer = gpuarray.cuda.Stream(non_blocking=True)  # no implicit ordering with the consumer's stream
    with producer:
        for value in range(1, 9):
            owner.fill(value)
    _, exporter = export(owner, host, (), stream=producer.ptr)
    numpy.testing.assert_array_equal(gpuarray.asarray(exporter).get(), numpy.full(host.shape, 8, numpy.float32))


@gpu
def test_cuda_array_interface_zero_size_and_ndmin():
    a = gpuarray.asarray(Exporter(shape=(0, 3), typestr="<f8", data=(0, False)))
    assert a.shape == (0, 3) and a.get().shape == (0, 3)
    host = sample((4,), numpy.int16)
    owner = gpuarray.asarray(host)
    _, exporter = export(owner, host, ())
    b = gpuarray.array(exporter, copy=False, ndmin=3)
    assert b.shape == (1, 1, 4) and b.strides == numpy.array(host, copy=False, ndmin=3).strides
    numpy.testing.assert_array_equal(b.get(), host[None, None])
