# SPDX-License-Identifier: BSD-3-Clause
"""asnumpy, ndarray.get and ndarray.set (CuPy's API): layouts, orders, `out`, streams and
non-blocking copies into pinned memory. Tests marked `gpu` need a device; the rest
check the argument errors, raised before any copy."""
import numpy
import pytest

import gpuarray
from gpuarray.cuda import MemoryPointer, UnownedMemory
from gpuarray.testing import DTYPES

gpu = pytest.mark.gpu


def sample(shape, dtype, seed=0):
    """Values every dtype holds exactly (0..50 in halves; bool: some False)."""
    rng = numpy.random.default_rng(seed)
    v = numpy.asarray(rng.integers(0, 100, size=shape) / 2)
    if numpy.dtype(dtype).kind == "c":
        v = v - 1j * v
    return v.astype(dtype)


def untouched(shape, dtype, strides=None):
    """A device array over memory nothing may touch (no device is needed to make it):
    for the checks that must raise before any copy."""
    mem = UnownedMemory(0x10000, 1 << 20, None, 0)
    return gpuarray.ndarray(shape, dtype, memptr=MemoryPointer(mem, 0), strides=strides)


def side_stream():
    """A non-blocking stream whose work follows what the current stream has queued so
    far (the arrays a test just made): a non-blocking stream does not wait for the
    legacy default stream, so without the event its copies could run first."""
    stream = gpuarray.cuda.Stream(non_blocking=True)
    stream.wait_event(gpuarray.cuda.get_current_stream().record())
    return stream


VIEWS = {
    "C": lambda a: a,
    "F": lambda a: a.T.copy().T,
    "strided": lambda a: a[::2, 1::2],
    "negative": lambda a: a[::-1, ::-2],
    "row": lambda a: a[1:2],  # C- and F-contiguous at once
}


def pair(view, dtype=numpy.float32, shape=(4, 6), seed=0):
    """The same view of a device array and of its host copy."""
    host = sample(shape, dtype, seed)
    return VIEWS[view](gpuarray.asarray(host)), VIEWS[view](host)


def pinned_like(a):
    """An empty NumPy array of a's shape and dtype in pinned host memory (C order)."""
    mem = gpuarray.cuda.alloc_pinned_memory(max(a.nbytes, 1))
    return numpy.frombuffer(mem, a.dtype, a.size).reshape(a.shape)


# ------------------------------------------------------------ argument errors

@pytest.mark.parametrize("call, error, match", [
    (lambda a: a.get(out=[0.0] * 6), TypeError, "Only numpy.ndarray"),
    (lambda a: a.get(out=numpy.empty((2, 3), numpy.float64)), TypeError, "cannot be obtained"),
    (lambda a: a.get(out=numpy.empty((3, 2), numpy.float32)), ValueError, "Shape mismatch"),
    (lambda a: a.get(out=numpy.empty((2, 6), numpy.float32)[:, ::2]), RuntimeError, "non-contiguous"),
    (lambda a: a.get(order="K"), ValueError, "unsupported order"),
    (lambda a: gpuarray.asnumpy(a, out=numpy.empty(6, numpy.float32)), ValueError, "Shape mismatch"),
    (lambda a: a.set([[0.0] * 3] * 2), TypeError, "Only numpy.ndarray"),
    (lambda a: a.set(numpy.zeros((2, 3), numpy.float64)), TypeError, "cannot be set"),
    (lambda a: a.set(numpy.zeros((2, 3), ">f4")), TypeError, "cannot be set"),
    (lambda a: a.set(numpy.zeros((3, 2), numpy.float32)), ValueError, "Shape mismatch"),
])
def test_argument_errors(call, error, match):
    with pytest.raises(error, match=match):
        call(untouched((2, 3), numpy.float32))


def test_asnumpy_of_host_data():
    out = gpuarray.asnumpy([[1, 2], [3, 4]], order="F")
    assert out.flags.f_contiguous and not out.flags.c_contiguous
    numpy.testing.assert_array_equal(out, [[1, 2], [3, 4]])
    target = numpy.zeros(3)
    assert gpuarray.asnumpy((1, 2, 3), out=target) is target
    numpy.testing.assert_array_equal(target, [1, 2, 3])
    host = numpy.arange(4)
    assert gpuarray.asnumpy(host) is host


# ------------------------------------------------------------------------ get

@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("view", ["C", "negative"])
def test_get_every_dtype(dtype, view):
    a, h = pair(view, dtype)
    got = a.get()
    assert got.dtype == h.dtype and got.flags.c_contiguous
    numpy.testing.assert_array_equal(got, h)
    numpy.testing.assert_array_equal(gpuarray.asnumpy(a), h)


@gpu
@pytest.mark.parametrize("view", list(VIEWS))
@pytest.mark.parametrize("order", ["C", "F", "A", "c", "a"])
@pytest.mark.parametrize("shape", [(4, 6), (0, 6), (1, 1)])
def test_get_orders(view, order, shape):
    a, h = pair(view, numpy.complex64, shape)
    got = a.get(order=order)
    fortran = order in "Ff" or (order in "Aa" and h.flags.f_contiguous and not h.flags.c_contiguous)
    assert got.strides == numpy.empty(h.shape, h.dtype, order="F" if fortran else "C").strides
    numpy.testing.assert_array_equal(got, h)
    numpy.testing.assert_array_equal(gpuarray.asnumpy(a, order=order), h)


@gpu
@pytest.mark.parametrize("view", list(VIEWS))
@pytest.mark.parametrize("out_order", ["C", "F"])
def test_get_into_out(view, out_order):
    a, h = pair(view, numpy.int16)
    out = numpy.full(h.shape, -1, numpy.int16, order=out_order)
    assert a.get(out=out) is out
    numpy.testing.assert_array_equal(out, h)
    out[...] = -1
    assert gpuarray.asnumpy(a, out=out) is out
    numpy.testing.assert_array_equal(out, h)


@gpu
def test_get_of_zero_dim_and_empty():
    for host in (numpy.array(2.5), numpy.zeros((0, 3), numpy.int8), numpy.zeros((2, 0), numpy.bool_, order="F")):
        a = gpuarray.asarray(host)
        for order in ("C", "F", "A"):
            got = a.get(order=order)
            assert got.shape == host.shape and got.dtype == host.dtype
            numpy.testing.assert_array_equal(got, host)
        numpy.testing.assert_array_equal(a.get(out=numpy.empty_like(host)), host)


@gpu
@pytest.mark.parametrize("view", ["C", "F", "negative"])
@pytest.mark.parametrize("blocking", [True, False])
def test_get_on_a_stream(view, blocking):
    a, h = pair(view, numpy.float64, (512, 300))
    stream = side_stream()
    with stream:
        a.fill(3)  # queued on `stream` only: the copy must follow it there
    h = numpy.full(h.shape, 3.0)
    out = pinned_like(a)
    assert a.get(stream=stream, out=out, blocking=blocking) is out
    if not blocking:
        stream.synchronize()
    numpy.testing.assert_array_equal(out, h)
    got = a.get(stream=stream, order="F", blocking=blocking)  # a new pageable array: complete on return
    assert got.flags.f_contiguous
    numpy.testing.assert_array_equal(got, h)
    numpy.testing.assert_array_equal(gpuarray.asnumpy(a, stream=stream), h)


@gpu
def test_non_blocking_get_on_the_current_stream():
    a, h = pair("strided", numpy.float32, (1024, 512))
    out = pinned_like(a)
    a.get(out=out, blocking=False)
    gpuarray.cuda.get_current_stream().synchronize()
    numpy.testing.assert_array_equal(out, h)


# ------------------------------------------------------------------------ set

@gpu
@pytest.mark.parametrize("view", list(VIEWS))
@pytest.mark.parametrize("source", ["C", "F", "strided"])
@pytest.mark.parametrize("with_stream", [False, True])
def test_set(view, source, with_stream):
    host = sample((4, 6), numpy.uint16)
    dev = gpuarray.asarray(host)
    a, h = VIEWS[view](dev), VIEWS[view](host)
    new = sample(h.shape, numpy.uint16, seed=1)
    arr = {"C": new, "F": numpy.asfortranarray(new), "strided": numpy.repeat(new, 2, axis=-1)[..., ::2]}[source]
    stream = side_stream() if with_stream else None
    a.set(arr, stream=stream)
    if stream is not None:
        stream.synchronize()
    numpy.testing.assert_array_equal(a.get(), new)
    if view != "F":  # a view: the rest of its owner is left as it was
        h[...] = new
        numpy.testing.assert_array_equal(dev.get(), host)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_set_every_dtype(dtype):
    a = gpuarray.empty((3, 5), dtype)
    new = sample((3, 5), dtype, seed=2)
    a.set(new)
    numpy.testing.assert_array_equal(a.get(), new)


@gpu
def test_set_from_pinned_memory_on_a_stream():
    a = gpuarray.zeros((256, 1024), numpy.float32)
    stream = side_stream()
    src = pinned_like(a)
    src[...] = sample(a.shape, numpy.float32, seed=3)
    a.set(src, stream=stream)
    stream.synchronize()
    numpy.testing.assert_array_equal(a.get(), src)


@gpu
def test_set_of_empty_and_zero_dim():
    a = gpuarray.empty((0, 4), numpy.int32)
    a.set(numpy.zeros((0, 4), numpy.int32), stream=gpuarray.cuda.Stream())
    b = gpuarray.empty((), numpy.complex128)
    b.set(numpy.array(1 - 2j))
    assert b.get() == 1 - 2j
