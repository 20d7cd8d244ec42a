# SPDX-License-Identifier: BSD-3-Clause
"""packbits and unpackbits (issue 25) against NumPy: every integer dtype and
bool, axes, bit orders, counts, layouts (strided, reversed, broadcast, 0-d,
empty, rows whose length is and is not a multiple of 8, unaligned starts)
and NumPy's errors. The kernels' compilation is
tests/engine/cpp/test_device_templates.cpp's."""
import numpy
import pytest

import gpuarray
from gpuarray import testing

gpu = pytest.mark.gpu

INPUT_DTYPES = [numpy.bool_, numpy.int8, numpy.uint8, numpy.int16, numpy.uint16, numpy.int32, numpy.int64,
                numpy.uint64]
SHAPES = [(0,), (1,), (7,), (8,), (9,), (64,), (1000,), (3, 5), (4, 16), (2, 3, 17), (0, 3), (3, 0)]


def bits(xp, shape, dtype, seed=0):
    host = numpy.random.default_rng(seed).integers(-2, 3, shape)
    host[host < 0] = 0 if numpy.dtype(dtype).kind in "bu" else host[host < 0]
    return xp.asarray(host.astype(dtype))


def axes_of(shape):
    return [None] + list(range(-len(shape), len(shape)))


@gpu
@pytest.mark.parametrize("bitorder", ["big", "little"])
@pytest.mark.parametrize("shape", SHAPES, ids=repr)
@pytest.mark.parametrize("dtype", INPUT_DTYPES, ids=lambda d: numpy.dtype(d).name)
def test_packbits_matches_numpy(dtype, shape, bitorder):
    for axis in axes_of(shape):
        @testing.numpy_gpuarray_equal(check_flags=True)
        def pack(xp):
            return xp.packbits(bits(xp, shape, dtype), axis=axis, bitorder=bitorder)
        pack()


@gpu
@pytest.mark.parametrize("bitorder", ["big", "little"])
@pytest.mark.parametrize("count", [None, 0, 1, 5, 8, 13, 40, -1, -7, -8])
@pytest.mark.parametrize("shape", [(0,), (1,), (3,), (8,), (4, 3), (2, 5, 3), (3, 0)], ids=repr)
def test_unpackbits_matches_numpy(shape, count, bitorder):
    for axis in axes_of(shape):
        @testing.numpy_gpuarray_equal(check_flags=True)
        def unpack(xp):
            data = xp.asarray(numpy.random.default_rng(1).integers(0, 256, shape).astype(numpy.uint8))
            return xp.unpackbits(data, axis=axis, count=count, bitorder=bitorder)
        if count and count > 0 and (0 in shape if axis is None else shape[axis] == 0):
            # Nothing to unpack, padded to `count`: zeros. NumPy 2.4 and 2.5 leave
            # that padding uninitialised (their result changes from run to run).
            data = gpuarray.zeros(shape, numpy.uint8)
            out = gpuarray.unpackbits(data, axis=axis, count=count, bitorder=bitorder)
            expected_shape = numpy.unpackbits(numpy.zeros(shape, numpy.uint8), axis=axis, count=count).shape
            assert out.shape == expected_shape and not out.get().any()
            continue
        unpack()


@gpu
@pytest.mark.parametrize("layout", ["strided", "reversed", "broadcast", "0-d", "unaligned", "transposed"])
@pytest.mark.parametrize("axis", [None, 0, -1])
@testing.numpy_gpuarray_equal()
def test_layouts(xp, layout, axis):
    base = bits(xp, (40, 24), numpy.bool_, 3)
    a = {"strided": base[::3, 1::2], "reversed": base[::-1, ::-2], "broadcast": xp.broadcast_to(base[5], (7, 24)),
         "0-d": base[2, 3], "unaligned": base.reshape(-1)[3:].reshape(137, 7), "transposed": base.T}[layout]
    packed = xp.packbits(a, axis=axis)
    return packed, xp.unpackbits(packed, axis=axis, count=a.shape[axis] if axis is not None and a.ndim else None)


@gpu
def test_round_trip_of_2_to_the_24_bools():
    host = numpy.random.default_rng(4).random(1 << 24) < 0.3
    a = gpuarray.asarray(host)
    packed = gpuarray.packbits(a)
    numpy.testing.assert_array_equal(packed.get(), numpy.packbits(host))
    numpy.testing.assert_array_equal(gpuarray.unpackbits(packed).get().astype(bool), host)


@gpu
@pytest.mark.parametrize("call", ["float input", "complex input", "bad order", "axis out of range",
                                  "unpack int8", "unpack float", "negative count too large", "count float",
                                  "axis 1 of 0-d"])
@testing.numpy_gpuarray_equal()
def test_errors_are_numpys(xp, call):
    u8 = xp.asarray(numpy.arange(6, dtype=numpy.uint8).reshape(2, 3))
    return {"float input": lambda: xp.packbits(xp.ones(3)),
            "complex input": lambda: xp.packbits(xp.ones(3, dtype=xp.complex64)),
            "bad order": lambda: xp.packbits(u8, bitorder="middle"),
            "axis out of range": lambda: xp.packbits(u8, axis=2),
            "unpack int8": lambda: xp.unpackbits(u8.astype(xp.int8)),
            "unpack float": lambda: xp.unpackbits(xp.ones(3)),
            "negative count too large": lambda: xp.unpackbits(u8, axis=1, count=-25),
            "count float": lambda: xp.unpackbits(u8, count=1.5),
            "axis 1 of 0-d": lambda: xp.packbits(u8[0, 0], axis=1)}[call]()
