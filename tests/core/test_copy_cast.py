# SPDX-License-Identifier: BSD-3-Clause
"""Copy, cast and fill through the elementwise engine, against NumPy."""
import numpy
import pytest

import gpuarray

pytestmark = pytest.mark.gpu

DTYPES = [numpy.bool_, numpy.int8, numpy.int16, numpy.int32, numpy.int64, numpy.uint8, numpy.uint16,
          numpy.uint32, numpy.uint64, numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
          numpy.complex128]


def sample(shape, dtype, seed=0):
    """Values every dtype represents exactly in the range all casts share (0..100, halves)."""
    rng = numpy.random.default_rng(seed)
    v = rng.integers(0, 200, size=shape) / 2
    if numpy.dtype(dtype).kind == "c":
        v = v + 1j * rng.integers(0, 200, size=shape) / 2
    return v.astype(dtype)


def view(a_dev, a_host, index):
    """The same strided view of a device array and its host copy (built from strides, so
    it needs nothing but the ndarray constructor)."""
    h = a_host[index]
    offset = h.__array_interface__["data"][0] - a_host.__array_interface__["data"][0]
    d = gpuarray.ndarray(h.shape, h.dtype, memptr=a_dev.data + offset, strides=h.strides)
    return d, h


@pytest.mark.parametrize("src", DTYPES)
@pytest.mark.parametrize("dst", DTYPES)
def test_astype_every_pair(src, dst):
    host = sample((3, 37), src)
    out = gpuarray.asarray(host).astype(dst)
    expected = host.astype(dst)
    assert out.dtype == expected.dtype and out.shape == expected.shape
    numpy.testing.assert_array_equal(out.get(), expected)


@pytest.mark.parametrize("dtype", DTYPES)
def test_astype_special_values_to_bool_and_float(dtype):
    if numpy.dtype(dtype).kind in "fc":
        host = numpy.array([0.0, -0.0, numpy.nan, numpy.inf, -numpy.inf, 1e-30], dtype=dtype)
        for target in (numpy.bool_, numpy.float32, numpy.float64, numpy.complex128):
            with numpy.errstate(all="ignore"):
                expected = host.astype(target) if numpy.dtype(dtype).kind != "c" or numpy.dtype(target).kind == "c" \
                    else host.real.astype(target)
            numpy.testing.assert_array_equal(gpuarray.asarray(host).astype(target).get(), expected)


def upload_dense(host):
    """A device array with the exact strides of a C- or F-contiguous host array."""
    buf = gpuarray.asarray(host.ravel(order="K"))
    return gpuarray.ndarray(host.shape, host.dtype, memptr=buf.data, strides=host.strides)


@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
@pytest.mark.parametrize("index", [
    (slice(None), slice(None)),
    (slice(None, None, 2), slice(1, None, 3)),
    (slice(None, None, -1), slice(None)),
    (slice(None), slice(None, None, -2)),
])
@pytest.mark.parametrize("layout", ["C", "F"])
def test_copy_orders_match_numpy(order, index, layout):
    host = sample((6, 10), numpy.float32)
    if layout == "F":
        host = numpy.asfortranarray(host)
    d, h = view(upload_dense(host), host, index)
    c = d.copy(order)
    e = h.copy(order)
    assert c.strides == e.strides
    numpy.testing.assert_array_equal(c.get(), e)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("value", [0, 1, True, 3.5, 2 + 1j, numpy.float32(7.25)])
def test_fill(dtype, value):
    if isinstance(value, complex) and numpy.dtype(dtype).kind != "c":
        pytest.skip("NumPy drops the imaginary part with a warning")
    if isinstance(value, (float, numpy.floating)) and numpy.dtype(dtype).kind in "biu?":
        pytest.skip("NumPy 2 fills integer arrays from floats by truncation; covered by astype")
    host = numpy.empty((5, 7), dtype)
    host.fill(value)
    dev = gpuarray.empty((5, 7), dtype)
    dev.fill(value)
    numpy.testing.assert_array_equal(dev.get(), host)


def test_fill_strided_view_leaves_the_rest():
    host = sample((8, 9), numpy.int32)
    dev = gpuarray.asarray(host)
    d, h = view(dev, host, (slice(1, None, 2), slice(None, None, -3)))
    d.fill(-5)
    h.fill(-5)
    numpy.testing.assert_array_equal(dev.get(), host)


def test_fill_out_of_range_python_int_raises_overflow():
    dev = gpuarray.empty(3, numpy.uint8)
    with pytest.raises(OverflowError):
        dev.fill(300)


@pytest.mark.parametrize("src_dtype,dst_dtype", [(numpy.float64, numpy.float32), (numpy.int8, numpy.complex64),
                                                 (numpy.float32, numpy.float32)])
def test_copy_from_broadcasts_and_casts(src_dtype, dst_dtype):
    dst_host = numpy.zeros((4, 5, 6), dst_dtype)
    src_host = sample((5, 1), src_dtype)
    dst = gpuarray.asarray(dst_host)
    dst._copy_from(gpuarray.asarray(src_host))
    dst_host[...] = src_host
    numpy.testing.assert_array_equal(dst.get(), dst_host)


def test_copy_from_shape_mismatch_is_numpys_error():
    dst = gpuarray.empty((4, 5), numpy.float32)
    with pytest.raises(ValueError, match=r"could not be broadcast"):
        dst._copy_from(gpuarray.empty((3,), numpy.float32))


def test_overlapping_copy_uses_a_temporary():
    host = numpy.arange(100, dtype=numpy.int64)
    dev = gpuarray.asarray(host)
    d_dst, h_dst = view(dev, host, (slice(1, None),))
    d_src, h_src = view(dev, host, (slice(None, -1),))
    d_dst._copy_from(d_src)
    h_dst[...] = h_src.copy()
    numpy.testing.assert_array_equal(dev.get(), host)


def test_get_and_set_of_strided_views():
    host = sample((7, 11), numpy.complex64)
    dev = gpuarray.asarray(host)
    d, h = view(dev, host, (slice(None, None, -2), slice(2, 9, 3)))
    numpy.testing.assert_array_equal(d.get(), h)
    new = sample(h.shape, numpy.complex64, seed=3)
    d.set(new)
    h[...] = new
    numpy.testing.assert_array_equal(dev.get(), host)


def test_astype_casting_rules():
    dev = gpuarray.zeros(3, numpy.float64)
    with pytest.raises(TypeError, match="according to the rule 'safe'"):
        dev.astype(numpy.int32, casting="safe")
    assert dev.astype(numpy.float64, copy=False) is dev
    assert dev.astype(numpy.float32, casting="same_kind").dtype == numpy.float32


@pytest.mark.parametrize("n", [1, 5, 1000, 1 << 20])
def test_large_and_odd_sizes(n):
    host = sample((n,), numpy.float16)
    numpy.testing.assert_array_equal(gpuarray.asarray(host).astype(numpy.float32).get(), host.astype(numpy.float32))
