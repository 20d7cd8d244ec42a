# SPDX-License-Identifier: BSD-3-Clause
"""Views (basic indexing, reshape, transpose, T, mT, base) against NumPy.

Views only compute shapes, strides and offsets, so most of these tests run
without a GPU: the arrays borrow a fake address that is never dereferenced.
Assignment through views needs the device and is marked `gpu`."""
import itertools

import numpy
import pytest

import gpuarray
from gpuarray import cuda

FAKE_ADDRESS = 1 << 20


def fake_device_array(host):
    """A device array with host's shape, dtype and strides over memory nobody touches."""
    lo = sum((n - 1) * s for n, s in zip(host.shape, host.strides) if s < 0 and n > 0)
    mem = cuda.UnownedMemory(FAKE_ADDRESS, 1 << 30, None, 0)
    return gpuarray.ndarray(host.shape, host.dtype, memptr=cuda.MemoryPointer(mem, -lo), strides=host.strides)


def assert_same_view(d, h, d_root, h_root):
    """d is to d_root what h is to h_root: shape, strides, dtype and element-0 offset."""
    assert d.shape == h.shape and d.strides == h.strides and d.dtype == h.dtype, (d.shape, h.shape, d.strides,
                                                                                  h.strides)
    h_off = h.__array_interface__["data"][0] - h_root.__array_interface__["data"][0]
    assert d.data.ptr - d_root.data.ptr == h_off


def error_of(fn, *args):
    try:
        fn(*args)
    except Exception as e:  # compared below
        return type(e), str(e)
    return None


def assert_same_error(fn, h, d):
    expected, actual = error_of(fn, h), error_of(fn, d)
    assert expected is not None and actual is not None, (expected, actual)
    assert issubclass(actual[0], expected[0]) and actual[1] == expected[1], (expected, actual)


BASE_SHAPE = (4, 5, 6)
INDICES = [
    0, -1, 3, slice(None), slice(1, 3), slice(None, None, -1), slice(-2, None, -2), slice(10, 20), slice(3, 1),
    slice(None, None, 4), (1, 2), (1, 2, 3), (-4, -5, -6), (Ellipsis, 2), (1, Ellipsis), (Ellipsis,),
    (None,), (None, 1, None, slice(1, 4, 2)), (slice(None), None, -1), (Ellipsis, None), (),
    (slice(None, None, -1), slice(1, None, 2), slice(None, None, -3)), (2, slice(-100, 100)),
    numpy.int64(2), (numpy.int32(1), numpy.uint8(3)), (slice(numpy.int64(1), None),),
]


@pytest.mark.parametrize("layout", ["C", "F", "strided", "reversed"])
@pytest.mark.parametrize("index", INDICES, ids=repr)
def test_basic_index_views(layout, index):
    h = numpy.zeros((8, 5, 12), numpy.float32)
    h = {"C": h[:4, :, :6].copy(), "F": numpy.asfortranarray(h[:4, :, :6]), "strided": h[::2, :, ::2],
         "reversed": h[:4, ::-1, :6]}[layout]
    d = fake_device_array(h)
    hv = h[index]
    dv = d[index]
    if numpy.ndim(hv) == 0 and not isinstance(hv, numpy.ndarray):  # NumPy gives a scalar, gpuarray a 0-d view
        hv = h[index + (Ellipsis,) if isinstance(index, tuple) else (index, Ellipsis)]
    assert_same_view(dv, hv, d, h)
    assert dv.base is d


@pytest.mark.parametrize("index", [5, -5, (0, 9), (1, 2, 3, 4), (Ellipsis, Ellipsis), 1.5, "a",
                                   slice(None, None, 0), (0, 0, 0, None, 0)], ids=repr)
def test_basic_index_errors(index):
    h = numpy.zeros(BASE_SHAPE)
    assert_same_error(lambda a: a[index], h, fake_device_array(h))


def test_huge_index_is_an_index_error():
    d = fake_device_array(numpy.zeros(3))
    with pytest.raises(IndexError):
        d[2**70]


def test_views_of_views_keep_the_owner_as_base():
    d = fake_device_array(numpy.zeros(BASE_SHAPE))
    assert d.base is None
    v = d[1:][::2][0]
    assert v.base is d
    assert d.T.base is d and d.reshape(-1).base is d and d.transpose(1, 0, 2).base is d


RESHAPES = [(120,), (-1,), (4, 30), (2, 2, 5, 6), (6, 5, 4), (1, 120, 1), (2, -1, 3), (1, 1, 4, 1, 5, 6, 1), ()]


@pytest.mark.parametrize("layout", ["C", "F", "T", "sliced", "reversed", "ones"])
@pytest.mark.parametrize("order", ["C", "F", "A"])
@pytest.mark.parametrize("shape", RESHAPES, ids=repr)
def test_reshape_views_match_numpy(layout, order, shape):
    base = numpy.zeros((4, 5, 6), numpy.int16)
    h = {"C": base, "F": numpy.asfortranarray(base), "T": base.transpose(2, 0, 1),
         "sliced": numpy.zeros((4, 10, 6), numpy.int16)[:, ::2], "reversed": base[::-1],
         "ones": base.reshape(4, 1, 5, 1, 6)}[layout]
    d = fake_device_array(h)
    expected = error_of(lambda: h.reshape(shape, order=order, copy=False))
    if expected is not None:  # NumPy needs a copy: so must gpuarray (with copy=False it refuses)
        assert_same_error(lambda a: a.reshape(shape, order=order, copy=False), h, d)
        return
    assert_same_view(d.reshape(shape, order=order), h.reshape(shape, order=order), d, h)
    assert_same_view(d.reshape(shape, order=order, copy=False), h.reshape(shape, order=order), d, h)


@pytest.mark.parametrize("args", [((2, 3),), (2, 3), ([2, 3],), (numpy.array([2, 3]),), (6,), ((6,),)], ids=repr)
def test_reshape_argument_forms(args):
    h = numpy.zeros(6)
    d = fake_device_array(h)
    assert d.reshape(*args).shape == h.reshape(*args).shape
    assert d.reshape(shape=args[0] if len(args) == 1 else args).shape == h.reshape(*args).shape


@pytest.mark.parametrize("call", [
    lambda a: a.reshape(7), lambda a: a.reshape(4, -1), lambda a: a.reshape(-1, -1), lambda a: a.reshape(4, -1, 7),
    lambda a: a.reshape(6, order="K"), lambda a: a.reshape(6, order="X"), lambda a: a.reshape(2.0, 3),
    lambda a: a.reshape((-1, 0)), lambda a: a.reshape(6, bogus=1),
    lambda a: a.reshape(2, 3).T.reshape(6, copy=False),
])
def test_reshape_errors(call):
    h = numpy.zeros(6)
    assert_same_error(call, h, fake_device_array(h))


def test_empty_reshape():
    h = numpy.zeros((0, 3))
    d = fake_device_array(h)
    for shape in [(3, 0), (0,), (-1, 3), (1, 0, 3)]:
        assert d.reshape(shape).shape == h.reshape(shape).shape
        assert d.reshape(shape).strides == h.reshape(shape).strides  # NumPy 2.5 too: extent 0 counts as 1


@pytest.mark.parametrize("axes", [None, (), (1, 0, 2), (2, 0, 1), (-1, 0, 1), ((2, 1, 0),), ([0, 2, 1],)], ids=repr)
def test_transpose(axes):
    h = numpy.zeros(BASE_SHAPE, numpy.complex64)[:, ::2]
    d = fake_device_array(h)
    if axes is None:
        hv, dv = h.transpose(), d.transpose()
    elif axes == ():
        hv, dv = h.transpose(None), d.transpose(None)
    elif isinstance(axes[0], (tuple, list)):
        hv, dv = h.transpose(axes[0]), d.transpose(axes[0])
    else:
        hv, dv = h.transpose(*axes), d.transpose(*axes)
    assert_same_view(dv, hv, d, h)
    assert_same_view(d.T, h.T, d, h)
    assert_same_view(d.mT, h.mT, d, h)


@pytest.mark.parametrize("call", [lambda a: a.transpose(0, 1), lambda a: a.transpose(0, 0, 1),
                                  lambda a: a.transpose(0, 1, 3), lambda a: a.transpose(0, 1, -4),
                                  lambda a: a[0, 0].mT])
def test_transpose_errors(call):
    h = numpy.zeros(BASE_SHAPE)
    assert_same_error(call, h, fake_device_array(h))


def test_axis_error_is_numpys():
    with pytest.raises(numpy.exceptions.AxisError):
        fake_device_array(numpy.zeros((2, 2))).transpose(0, 5)


def test_reshape_none_keeps_the_shape():
    d = fake_device_array(numpy.zeros((2, 3)))
    assert d.reshape(None).shape == (2, 3)


def test_zero_d_views():
    h = numpy.zeros(())
    d = fake_device_array(h)
    assert d[()].shape == () and d[...].shape == () and d[None].shape == (1,)
    assert d.reshape(1, 1).shape == (1, 1) and d.T.shape == ()


def test_view_attributes_and_private_view():
    h = numpy.zeros((3, 4), numpy.float64)
    d = fake_device_array(h)
    v = d._view((4, 3), (8, 32), 8, numpy.int64)
    assert v.shape == (4, 3) and v.strides == (8, 32) and v.dtype == numpy.int64 and v.base is d
    assert v.data.ptr == d.data.ptr + 8
    d._writeable = False
    assert not d[1:]._writeable
    other = object()
    d._set_base(other)
    assert d.base is other and d[0].base is other


def test_itertools_combinations_of_slices_match():
    """Every pair of a few slices on a 2-D array: offsets and strides as NumPy."""
    h = numpy.zeros((7, 9), numpy.uint8)
    d = fake_device_array(h)
    slices = [slice(None), slice(2, None, 3), slice(None, None, -2), slice(5, 1, -1), slice(1, 1)]
    for a, b in itertools.product(slices, repeat=2):
        assert_same_view(d[a, b], h[a, b], d, h)
        assert_same_view(d[a][:, b], h[a][:, b], d, h)


# Assignment through views needs the device.

DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int32, numpy.int64, numpy.uint64, numpy.float16,
          numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("index", [(slice(None),), (1,), (slice(None, None, -2), 2), (Ellipsis, slice(1, 3)),
                                   (None, 0, slice(None, None, -1))], ids=repr)
def test_setitem_values_arrays_and_broadcast(dtype, index):
    h = (numpy.arange(24) % 7).reshape(4, 6).astype(dtype)
    d = gpuarray.asarray(h)
    target_shape = h[index].shape
    value = (numpy.arange(numpy.prod(target_shape, dtype=int)) % 5).reshape(target_shape).astype(dtype)
    h[index] = value
    d[index] = gpuarray.asarray(value)
    numpy.testing.assert_array_equal(d.get(), h)
    h[index] = 3
    d[index] = 3
    numpy.testing.assert_array_equal(d.get(), h)
    row = (numpy.arange(target_shape[-1]) if target_shape else numpy.array(2)).astype(dtype)
    h[index] = row
    d[index] = row  # a NumPy array: uploaded, broadcast
    numpy.testing.assert_array_equal(d.get(), h)


@pytest.mark.gpu
def test_setitem_casts_and_errors():
    h = numpy.zeros((3, 4), numpy.int32)
    d = gpuarray.asarray(h)
    h[1] = 2.75
    d[1] = 2.75
    h[:, 2] = [1.5, -2.5, 7.9]
    d[:, 2] = [1.5, -2.5, 7.9]
    d[2] = gpuarray.asarray(numpy.array([9.9, 8.8, 7.7, 6.6]))
    h[2] = numpy.array([9.9, 8.8, 7.7, 6.6])
    numpy.testing.assert_array_equal(d.get(), h)
    with pytest.raises(ValueError):
        d[0] = numpy.zeros(3)  # does not broadcast
    with pytest.raises(OverflowError):
        gpuarray.zeros(2, numpy.uint8)[0] = -1
    ro = gpuarray.zeros(3)
    ro._writeable = False
    with pytest.raises(ValueError, match="read-only"):
        ro[0] = 1
    with pytest.raises(ValueError, match="read-only"):
        ro[1:] = gpuarray.zeros(2)


@pytest.mark.gpu
def test_setitem_overlapping_self_assignment():
    h = numpy.arange(10.0)
    d = gpuarray.asarray(h)
    h[1:] = h[:-1].copy()
    d[1:] = d[:-1]
    numpy.testing.assert_array_equal(d.get(), h)
    h2 = numpy.arange(12).reshape(3, 4)
    d2 = gpuarray.asarray(h2)
    d2[...] = d2[::-1, ::-1]
    numpy.testing.assert_array_equal(d2.get(), h2[::-1, ::-1])


@pytest.mark.gpu
@pytest.mark.parametrize("order", ["C", "F"])
def test_reshape_copies_when_numpy_does(order):
    h = numpy.arange(24, dtype=numpy.float32).reshape(2, 3, 4).transpose(1, 2, 0)
    d = gpuarray.asarray(h.copy()).transpose(0, 1, 2)
    d = gpuarray.asarray(numpy.ascontiguousarray(h.transpose(2, 0, 1))).transpose(1, 2, 0)
    r = d.reshape(6, 4, order=order)
    numpy.testing.assert_array_equal(r.get(), h.reshape(6, 4, order=order))
    assert r.base is not None and r.base is not d
    c = d.reshape(3, 8, copy=True)
    numpy.testing.assert_array_equal(c.get(), h.reshape(3, 8))


@pytest.mark.gpu
def test_getitem_values():
    h = numpy.arange(60, dtype=numpy.float64).reshape(3, 4, 5)
    d = gpuarray.asarray(h)
    for index in [(1,), (slice(None, None, -1), 2), (Ellipsis, 3), (None, 2, slice(1, None, 2)), (0, 0, 0)]:
        numpy.testing.assert_array_equal(d[index].get(), h[index])


def test_flags_match_numpy():
    for h in [numpy.zeros((3, 4)), numpy.zeros((3, 4), order="F"), numpy.zeros((3, 4))[:, ::2], numpy.zeros(()),
              numpy.zeros((0, 3)), numpy.zeros((1, 5))]:
        d = fake_device_array(h)
        for key in ("C_CONTIGUOUS", "F_CONTIGUOUS", "WRITEABLE", "C", "F", "W", "FORC", "FNC", "CARRAY"):
            assert d.flags[key] == h.flags[key], (h.shape, h.strides, key)
        assert d.flags.c_contiguous == h.flags.c_contiguous and d.flags.owndata and not d[...].flags.owndata
        assert repr(d.flags).splitlines()[:2] == repr(h.flags).splitlines()[:2]
    d = fake_device_array(numpy.zeros(4))
    v = d[1:]
    d.flags.writeable = False
    assert not d.flags["WRITEABLE"] and v.flags.writeable
    with pytest.raises(ValueError):
        d[1:].flags.writeable = True
    with pytest.raises(KeyError):
        d.flags["C"] = True


@pytest.mark.gpu
def test_bad_input_leaves_the_pool_as_it_was():
    pool = gpuarray.get_default_memory_pool()
    a = gpuarray.zeros((4, 6), numpy.float32)
    gpuarray.cuda.Device().synchronize()
    before = pool.used_bytes()
    failures = [
        lambda: a.reshape(5, 5),
        lambda: a.reshape(24).T.reshape(4, 6).transpose(0, 0),
        lambda: a.__setitem__(slice(None), numpy.zeros((3, 6))),  # uploaded, then does not broadcast
        lambda: a.__setitem__((0, 9), 1),
        lambda: a.astype(numpy.int8, casting="safe"),
        lambda: gpuarray.empty((2, -1)),
        lambda: gpuarray.zeros(3, dtype=object),
        lambda: a[..., ...],
    ]
    for fail in failures:
        with pytest.raises((ValueError, TypeError, IndexError)):
            fail()
    gpuarray.cuda.Device().synchronize()
    assert pool.used_bytes() == before
    numpy.testing.assert_array_equal(a.get(), numpy.zeros((4, 6), numpy.float32))
