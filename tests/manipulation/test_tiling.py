# SPDX-License-Identifier: BSD-3-Clause
"""tile, repeat, resize, flip, fliplr, flipud, rot90, rollaxis, roll, tril,
triu, insert, delete, trim_zeros, copyto and require against NumPy."""
import numpy
import pytest

import gpuarray
from gpuarray import testing
from gpuarray.testing import DTYPES, exact_sample as sample
from test_elementwise_codegen import nvrtc_options  # noqa: F401 (a fixture)

gpu = pytest.mark.gpu


def variants(xp, shape, dtype):
    """C, Fortran and negative-stride arrays of one shape."""
    a = xp.asarray(sample(shape, dtype))
    return [a, xp.asfortranarray(a), a[::-1] if a.ndim else a]


# ---- tile, repeat, resize ----

@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("reps", [2, (2, 1), (1, 3), (2, 1, 2), 0, (1, 1)])
@testing.numpy_gpuarray_equal()
def test_tile(xp, dtype, reps):
    return [xp.tile(a, reps) for a in variants(xp, (2, 3), dtype)] + [xp.tile(xp.asarray(sample((), dtype)), reps)]


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("repeats, axis", [(2, None), (0, 0), (3, 1), (2, -1), ([1, 0, 2], 1), ([2], 0),
                                           ([1, 2], 0), ([0, 0, 0], 1), ([3, 1, 0, 2, 1, 1], None)])
@testing.numpy_gpuarray_equal()
def test_repeat(xp, dtype, repeats, axis):
    return [xp.repeat(a, repeats, axis) for a in variants(xp, (2, 3), dtype)]


@gpu
@testing.numpy_gpuarray_equal()
def test_repeat_method_device_counts_and_errors(xp):
    a = xp.asarray(sample((3, 2), numpy.float32))
    counts = xp.asarray(numpy.array([1, 4, 2]))
    return (a.repeat(2, axis=0), xp.repeat(a, counts, 0), xp.repeat(xp.asarray(5), 3), xp.repeat(a, 2.7, 1),
            xp.repeat(a[:0], [], 0))


@gpu
@pytest.mark.parametrize("repeats", [[1, 2], [1, -2, 1], -1, [-1], numpy.array([1.0, 2.0, 3.0])])
@testing.numpy_gpuarray_equal()
def test_repeat_errors(xp, repeats):
    return xp.repeat(xp.asarray([1, 2, 3]), repeats)


@gpu
@pytest.mark.parametrize("new_shape", [7, (2, 5), (0,), (3, 0), 1, (2, 2, 2)])
@testing.numpy_gpuarray_equal()
def test_resize(xp, new_shape):
    a = xp.asarray(sample((2, 3), numpy.int64))
    return xp.resize(a, new_shape), xp.resize(a[:, ::-2], new_shape), xp.resize(a[:0], new_shape)


# ---- flips, rotations, rolls ----

@gpu
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 2), ()])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_flip_is_a_view(xp, axis):
    a = xp.asarray(sample((2, 3, 4), numpy.float32))
    return xp.flip(a, axis), xp.flip(a[:, ::-2], axis), xp.flip(xp.asarray(sample((0, 2, 1), numpy.int8)), axis)


@gpu
@testing.numpy_gpuarray_equal(check_strides=True)
def test_fliplr_flipud(xp):
    a = xp.asarray(sample((3, 4), numpy.uint16))
    return xp.fliplr(a), xp.flipud(a), xp.flipud(a[0])


@gpu
@pytest.mark.parametrize("k", [0, 1, 2, 3, 4, -1, 7])
@pytest.mark.parametrize("axes", [(0, 1), (1, 0), (2, 0), (-1, 1)])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_rot90(xp, k, axes):
    return xp.rot90(xp.asarray(sample((2, 3, 4), numpy.int32)), k, axes)


@gpu
@pytest.mark.parametrize("axes", [(0, 0), (0, 3), (0,), (0, 2)])
@testing.numpy_gpuarray_equal()
def test_rot90_errors(xp, axes):
    return xp.rot90(xp.asarray(sample((2, 3), numpy.int32)), 1, axes)


@gpu
@pytest.mark.parametrize("axis, start", [(0, 0), (0, 2), (2, 0), (-1, 1), (1, 3), (1, -1), (0, 4), (0, -4)])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_rollaxis(xp, axis, start):
    return xp.rollaxis(xp.asarray(sample((2, 3, 4), numpy.float64)), axis, start)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shift, axis", [(1, None), (-7, None), (2, 0), (1, 1), ((1, 2), (0, 1)), ((1, 1), (1, 1)),
                                         (5, -1), (0, 0), (1.5, 0), ((1, 2), 1)])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_roll(xp, dtype, shift, axis):
    return [xp.roll(a, shift, axis) for a in variants(xp, (3, 4), dtype)]


@gpu
@testing.numpy_gpuarray_equal()
def test_roll_edge_cases(xp):
    return (xp.roll(xp.asarray(3.5), 2), xp.roll(xp.asarray(sample((0, 3), numpy.int8)), 1, 1),
            xp.roll(xp.asarray(sample((3,), numpy.int8)), 2, (0, 0, -1)))


# ---- triangles ----

@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("k", [0, 1, -1, 5, -5])
@testing.numpy_gpuarray_equal()
def test_tril_triu(xp, dtype, k):
    a = xp.asarray(sample((2, 3, 4), dtype))
    v = xp.asarray(sample((3,), dtype))
    return xp.tril(a, k), xp.triu(a, k), xp.tril(v, k), xp.triu(a[:, ::-1].T, k)


# ---- insert, delete, trim_zeros ----

@gpu
@pytest.mark.parametrize("obj", [0, 2, -1, 3, [1], [0, 2, 2, 1], [], slice(None, None, 2), numpy.array([1, 0]),
                                 numpy.array([True, False, True]), 4, [-4]])
@pytest.mark.parametrize("axis", [None, 0, 1])
@testing.numpy_gpuarray_equal()
def test_insert(xp, obj, axis):
    a = xp.asarray(sample((3, 3), numpy.int32))
    return xp.insert(a, obj, 7, axis), xp.insert(a, obj, xp.asarray(sample((3,), numpy.float32)), axis)


@gpu
@testing.numpy_gpuarray_equal()
def test_insert_values_shapes(xp):
    a = xp.asarray(sample((2, 3), numpy.float64))
    return (xp.insert(a, 1, [[1], [2]], axis=1), xp.insert(a, [1], [[1], [2]], axis=1),
            xp.insert(a, 1, [1, 2], axis=1), xp.insert(a[:, :0], 0, 5, axis=1), xp.insert(a, [0, 3], [9, 8], 1))


@gpu
@pytest.mark.parametrize("obj", [0, -1, 2, slice(1, None), slice(None, None, 2), slice(None, None, -3),
                                 slice(0, 5, 3), slice(4, 4), [0, 2], [], [True, False, True, False, True],
                                 numpy.array([4, -5]), 5, [1.5], [[0, 1]]])
@pytest.mark.parametrize("axis", [None, 0, -1])
@testing.numpy_gpuarray_equal()
def test_delete(xp, obj, axis):
    a = xp.asarray(sample((5, 5), numpy.complex64))
    return xp.delete(a, obj, axis), xp.delete(xp.asfortranarray(a)[::-1], obj, axis)


@gpu
@testing.numpy_gpuarray_equal()
def test_delete_with_a_device_mask(xp):
    a = xp.asarray(sample((4, 3), numpy.uint8))
    return xp.delete(a, xp.asarray(numpy.array([True, False, False, True])), 0)


@gpu
@pytest.mark.parametrize("trim", ["fb", "f", "b", "BF"])
@pytest.mark.parametrize("axis", [None, 0, -1, (0, 1)])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_trim_zeros(xp, trim, axis):
    a = xp.asarray(numpy.array([[0, 0, 0, 0], [0, 1, 0, 2], [0, 0, 3, 0], [0, 0, 0, 0]], numpy.float32))
    return xp.trim_zeros(a, trim, axis), xp.trim_zeros(xp.zeros((3, 2)), trim, axis), \
        xp.trim_zeros(a[1], trim, 0 if axis is not None else None)


def test_trim_zeros_checks_trim_first():
    for xp in (numpy, gpuarray):
        with pytest.raises(ValueError):
            xp.trim_zeros([0, 1, 0], "x")


# ---- copyto, require ----

@gpu
@pytest.mark.parametrize("src", [3, 2.5, 300, 1j, True, numpy.float64(3), numpy.int64(300)])
@pytest.mark.parametrize("casting", ["same_kind", "unsafe", "safe"])
@testing.numpy_gpuarray_equal()
def test_copyto_scalars(xp, src, casting):
    dst = xp.zeros(3, numpy.int8)
    xp.copyto(dst, src, casting=casting)
    return dst


@gpu
@testing.numpy_gpuarray_equal()
def test_copyto_arrays_and_masks(xp):
    dst = xp.zeros((2, 3), numpy.float32)
    xp.copyto(dst, xp.asarray(sample((3,), numpy.int16)))
    masked = xp.zeros((2, 3), numpy.complex64)
    xp.copyto(masked, xp.asarray(sample((2, 3), numpy.float64)), where=xp.asarray(sample((2, 3), numpy.bool_)))
    listed = xp.ones(3, numpy.int64)
    xp.copyto(listed, 5, where=[1, 0, 1])
    overlap = xp.arange(6)
    xp.copyto(overlap[1:], overlap[:-1])
    return dst, masked, listed, overlap


@gpu
@pytest.mark.parametrize("call", [
    lambda xp, d: xp.copyto(d, xp.asarray(sample((3,), numpy.float64))),
    lambda xp, d: xp.copyto(d, [1, 2]),
    lambda xp, d: xp.copyto(d, 1, where=xp.asarray(numpy.array([1, 0, 1]))),
    lambda xp, d: xp.copyto(d, 1, casting="bogus"),
    lambda xp, d: xp.copyto([1, 2, 3], 1),
])
@testing.numpy_gpuarray_equal()
def test_copyto_errors(xp, call):
    return call(xp, xp.zeros(3, numpy.int32))


@gpu
@pytest.mark.parametrize("requirements", [None, "C", "F", ["A", "W"], ["O"], ["C", "O"], ["E"], "CONTIGUOUS"])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_require(xp, requirements):
    a = xp.asarray(sample((3, 4), numpy.float32))[::2]
    return xp.require(a, requirements=requirements), xp.require(a, numpy.float64, requirements)


@gpu
@testing.numpy_gpuarray_equal()
def test_require_both_orders(xp):
    return xp.require(xp.zeros(2), requirements="CF")


# ---- the gather kernel behind repeat, insert and delete (no GPU: host C++ and NVRTC) ----

def test_gather_along_axis_kernel_on_the_host(tmp_path, nvrtc_options):
    from test_elementwise_codegen import compile_all, run_kernels_on_host
    from test_elementwise_kernel import host_kernel

    from gpuarray._array_editing.tiling import _gather_along_axis
    src = numpy.arange(24, dtype=numpy.float32).reshape(2, 3, 4)
    index = numpy.array([2, 0, 0, 1, 2], numpy.int64)
    out = numpy.zeros((2, 5, 4), numpy.float32)
    kernel, keep = host_kernel(_gather_along_axis, [src, index, 3, 5, 4], [out])
    run_kernels_on_host(tmp_path, [kernel], "")
    numpy.testing.assert_array_equal(out, src[:, index, :])
    compile_all([kernel["source"]], nvrtc_options + ["-fmad=false"])
