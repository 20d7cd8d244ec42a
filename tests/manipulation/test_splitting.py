# SPDX-License-Identifier: BSD-3-Clause
"""split, array_split, hsplit, vsplit, dsplit and unstack against NumPy: the
pieces are views with NumPy's shapes and strides."""
import numpy
import pytest

import gpuarray
from gpuarray import testing
from gpuarray.testing import DTYPES

gpu = pytest.mark.gpu


def sample(shape, dtype):
    return (numpy.arange(numpy.prod(shape, dtype=int)) % 7).reshape(shape).astype(dtype)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("sections", [1, 2, 3, 4, 7, [1, 3], [2, 2, 5], [-2], [0, 10], []])
@pytest.mark.parametrize("axis", [0, 1, -1])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_array_split(xp, dtype, sections, axis):
    a = xp.asarray(sample((6, 6), dtype))
    return xp.array_split(a, sections, axis), xp.array_split(a[::-1, 1::2], sections, axis)


@gpu
@pytest.mark.parametrize("sections", [1, 2, 3, 4, [1, 3], 0, 5])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_split(xp, sections):
    a = xp.asarray(sample((4, 6, 2), numpy.float32))
    return xp.split(a, sections), xp.split(a, sections, axis=1) if sections != 5 else a


@gpu
@testing.numpy_gpuarray_equal(check_strides=True)
def test_split_of_empty_and_bad_axis(xp):
    a = xp.asarray(sample((0, 3), numpy.int8))
    return xp.split(a, 3, 1), xp.array_split(a, 2)


@gpu
@pytest.mark.parametrize("shape", [(), (6,), (4, 6), (2, 4, 6)])
@pytest.mark.parametrize("fn", ["hsplit", "vsplit", "dsplit"])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_hsplit_vsplit_dsplit(xp, shape, fn):
    return getattr(xp, fn)(xp.asarray(sample(shape, numpy.int32)), 2)


@gpu
@pytest.mark.parametrize("shape", [(), (3,), (2, 3), (2, 0, 4)])
@pytest.mark.parametrize("axis", [0, 1, -1])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_unstack(xp, shape, axis):
    return xp.unstack(xp.asarray(sample(shape, numpy.complex64)), axis=axis)


@gpu
def test_pieces_are_views():
    a = gpuarray.arange(6)
    first, second = gpuarray.split(a, 2)
    second[...] = 0
    numpy.testing.assert_array_equal(a.get(), [0, 1, 2, 0, 0, 0])
    assert first.base is a


def test_sections_must_be_positive():
    for xp in (numpy,):
        with pytest.raises(ValueError):
            xp.array_split(numpy.arange(3), 0)
    with pytest.raises(ValueError, match="larger than 0"):
        gpuarray._array_manipulation.splitting._division_points(3, 0)
    assert gpuarray._array_manipulation.splitting._division_points(7, 3) == [0, 3, 5, 7]
