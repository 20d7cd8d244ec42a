# SPDX-License-Identifier: BSD-3-Clause
"""nonzero (and ndarray.nonzero), flatnonzero, argwhere, extract and where
(one and three arguments) against NumPy.

Without a GPU: NVRTC compilation of the generated where and unravel ops,
where's dtype rules, and the errors raised before the device is touched.
Tests marked `gpu` run each body with xp=numpy and xp=gpuarray
(testing.numpy_gpuarray_equal)."""
import itertools

import numpy
import pytest

import gpuarray
from gpuarray import _core
from gpuarray.testing import DTYPES, numpy_gpuarray_equal
from test_elementwise_codegen import batched_sources, compile_all, nvrtc_options, operand  # noqa: F401 (fixture)

gpu = pytest.mark.gpu


# ---- no GPU ------------------------------------------------------------------------

def test_where_ops_compile(nvrtc_options):
    sources = []
    for cond, out in itertools.product(DTYPES, DTYPES):
        for x, x_scalar, y, y_scalar in [(out, True, out, True), (numpy.int8, False, out, True),
                                         (out, True, numpy.float16, False), (numpy.bool_, False, out, False)]:
            name, expression, preamble = _core._where_op(cond, x, x_scalar, y, y_scalar, out)
            operands = [operand((4, 3), cond)] + [operand((4, 3), d) for d, s in ((x, x_scalar), (y, y_scalar))
                                                  if not s] + [operand((4, 3), out, out=True)]
            scalars = [(numpy.dtype(out), numpy.zeros(1, out).tobytes())] * (x_scalar + y_scalar)
            k = _core._elementwise_kernel(operands, name, expression, preamble, scalars)
            sources.append(k["source"])
    compile_all(batched_sources(sources, 80), nvrtc_options)


def test_unravel_op_compiles(nvrtc_options):
    name, expression, preamble = _core._unravel_op()
    scalars = [(numpy.dtype(numpy.int64), numpy.zeros(1, numpy.int64).tobytes())] * 2
    k = _core._elementwise_kernel([operand((7,), numpy.int64), operand((7,), numpy.int64, strides=(24,), out=True)],
                                  name, expression, preamble, scalars)
    compile_all([k["source"]], nvrtc_options)


def test_where_needs_both_or_neither():
    with pytest.raises(ValueError, match="either both or neither"):
        gpuarray.where(True, 1)
    with pytest.raises(ValueError, match="either both or neither"):
        gpuarray.where(True, y=1)


def test_numpy_arrays_are_refused():
    for fn in (gpuarray.nonzero, gpuarray.flatnonzero, gpuarray.argwhere):
        with pytest.raises(TypeError):
            fn(numpy.ones(3))


# ---- on the device -----------------------------------------------------------------

def mask_values(dtype, shape=(4, 6)):
    """Zeros and nonzeros in every dtype: NaN counts as nonzero, a complex number with only an
    imaginary part too, -0.0 does not."""
    dtype = numpy.dtype(dtype)
    n = int(numpy.prod(shape))
    v = numpy.resize(numpy.array([0, 3, 0, 0, 1, 2, 0, 5]), n).reshape(shape)
    if dtype.kind == "b":
        return v != 0
    a = v.astype(dtype)
    if dtype.kind == "f":
        a.flat[0], a.flat[2] = numpy.nan, -0.0
    if dtype.kind == "c":
        a.flat[0], a.flat[3] = complex(0, 1), complex(numpy.nan, 0)
    return a


def layouts(xp, a):
    """Contiguous, every other column, both axes reversed, transposed, broadcast (stride 0), 3-d, empty."""
    return [a, a[:, ::2], a[::-1, ::-1], a.T, xp.broadcast_to(a[1:2], (3, a.shape[1])), a.reshape(2, 3, 4),
            a[:0], a[:, :0]]


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@numpy_gpuarray_equal()
def test_nonzero_every_dtype_and_layout(xp, dtype):
    a = xp.asarray(mask_values(dtype))
    results = []
    for x in layouts(xp, a) + [a[1], a[1, ::-2]]:
        results += [xp.nonzero(x), x.nonzero(), xp.flatnonzero(x), xp.argwhere(x), xp.where(x)]
    return results


@gpu
@numpy_gpuarray_equal(check_strides=True)
def test_nonzero_columns_are_views_of_one_array(xp):
    # argwhere is C-ordered (count, ndim), as CuPy's; NumPy's is the transpose of an (ndim, count) array.
    a = xp.asarray(mask_values(numpy.int32))
    return list(xp.nonzero(a)) + list(xp.nonzero(a[0]))


@gpu
@pytest.mark.parametrize("value", [0, 7])
@numpy_gpuarray_equal()
def test_zero_d(xp, value):
    a = xp.asarray(numpy.int16(value))
    return [xp.argwhere(a), xp.flatnonzero(a)]


@gpu
@numpy_gpuarray_equal()
def test_nonzero_of_zero_d_raises(xp):
    return xp.nonzero(xp.asarray(1.0))


@gpu
@pytest.mark.parametrize("fraction", [0.0, 0.5, 1.0])
@numpy_gpuarray_equal()
def test_large_masks_span_many_tiles(xp, fraction):
    rng = numpy.random.default_rng(5)
    mask = rng.random(1 << 20) < fraction
    a = xp.asarray(mask)
    f = xp.asarray(mask.reshape(512, 2048).astype(numpy.float32))
    return [xp.nonzero(a), xp.argwhere(f), xp.flatnonzero(f.T), xp.nonzero(f[::-1, ::3])]


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@numpy_gpuarray_equal()
def test_extract(xp, dtype):
    a = xp.asarray(mask_values(dtype))
    values = xp.asarray(numpy.arange(24).reshape(4, 6).astype(dtype))
    return [xp.extract(a, values), xp.extract(a[::-1], values.T), xp.extract(a[:2], values),
            xp.extract(a[:0], values), xp.extract(xp.asarray(numpy.array(True)), values[1:2, :1])]


@gpu
@numpy_gpuarray_equal()
def test_extract_with_a_longer_condition_raises(xp):
    return xp.extract(xp.ones(6, bool), xp.arange(5))


@gpu
@numpy_gpuarray_equal()
def test_extract_with_a_longer_condition_false_beyond(xp):
    cond = xp.asarray(numpy.array([True, False, True, False, False, False]))
    return xp.extract(cond, xp.arange(5))


# ---- where(cond, x, y) -------------------------------------------------------------------

@gpu
@pytest.mark.parametrize("x_dtype", DTYPES)
@numpy_gpuarray_equal()
def test_where_promotes_every_pair(xp, x_dtype):
    cond = xp.asarray(mask_values(numpy.int8, (3, 4)))
    x = xp.asarray(numpy.arange(12).reshape(3, 4).astype(x_dtype))
    return [xp.where(cond, x, xp.asarray(numpy.full((3, 4), 1, y))) for y in DTYPES]


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@numpy_gpuarray_equal()
def test_where_with_scalars(xp, dtype):
    cond = xp.asarray(mask_values(dtype, (3, 4)))  # a condition of any dtype
    x = xp.asarray(numpy.arange(12).reshape(3, 4).astype(dtype))
    results = [xp.where(cond, x, 1), xp.where(cond, 2, x), xp.where(cond, x, True), xp.where(cond, 1, 2),
               xp.where(cond, 1.5, 2), xp.where(cond, numpy.float32(1), x), xp.where(cond, x, 2j)]
    if numpy.dtype(dtype).kind in "iu":
        results.append(xp.where(cond, x, 1000))  # a weak int out of range wraps, as NumPy's where
    return results


@gpu
@numpy_gpuarray_equal()
def test_where_broadcasts_and_layouts(xp):
    cond = xp.asarray(mask_values(numpy.bool_, (4, 6)))
    x = xp.asarray(numpy.arange(24.0).reshape(4, 6))
    return [xp.where(cond[::-1, ::2], x[:, ::2], x[0, ::2]), xp.where(cond[:, :1], x.T.T, -x),
            xp.where(cond.T, x.T, xp.asarray(numpy.float32(3))), xp.where(True, x, 0), xp.where(False, 1, 2),
            xp.where(cond[:0], x[:0], 1), xp.where(xp.broadcast_to(cond[1], (4, 6)), x, 0)]


@gpu
@numpy_gpuarray_equal()
def test_where_shape_mismatch_raises(xp):
    return xp.where(xp.ones((2, 3), bool), xp.ones(4), 0)
