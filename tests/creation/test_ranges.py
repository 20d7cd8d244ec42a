# SPDX-License-Identifier: BSD-3-Clause
"""arange, linspace, logspace, geomspace and meshgrid against NumPy. Tests marked `gpu`
need a device; the rest check what the host computes (lengths, dtypes, the linspace
factors) and the errors raised before any device work."""
import itertools
import warnings

import numpy
import pytest

import gpuarray
from gpuarray import testing
from gpuarray._array_creation import ranges as _ranges

gpu = pytest.mark.gpu

SCALARS = [0, 1, -3, 7, 2.5, -0.1, 0.1, 1e-320, numpy.inf, numpy.nan, 1j, 2 + 3j, numpy.float32(0.3),
           numpy.int8(5), numpy.uint64(3), numpy.float16(1.5), True, 2 ** 62, 10 ** 20, numpy.int64(-4),
           numpy.uint8(200)]


def quietly(fn, *args, **kwargs):
    """fn(...) with NumPy's cast and overflow warnings silenced (or its exception)."""
    with warnings.catch_warnings(), numpy.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            return fn(*args, **kwargs), None
        except Exception as exc:
            return None, exc


# ------------------------------------------------------------- host-side logic

@pytest.mark.parametrize("start", SCALARS)
def test_arange_length_and_dtype_match_numpy(start):
    for stop, step in itertools.product(SCALARS + [None], SCALARS + [None]):
        for dtype in (None, numpy.float64, numpy.int64, numpy.complex128, numpy.uint8):
            expected, np_exc = quietly(numpy.arange, start, stop, step, dtype=dtype)
            if isinstance(np_exc, MemoryError) or (np_exc and "too big" in str(np_exc)):
                continue  # a length NumPy cannot allocate
            dt = _ranges._arange_dtype(start, stop, step) if dtype is None else numpy.dtype(dtype)
            step_or_1 = 1 if step is None else step
            args = (0, start, step_or_1) if stop is None else (start, stop, step_or_1)
            got, exc = quietly(_ranges._arange_length, *args, dt.kind == "c")
            if exc is not None and np_exc is None and len(expected) == 0:
                continue  # NumPy's length overflowed (2**63 elements, undefined behaviour in C)
            if exc is not None:
                assert isinstance(exc, type(np_exc)), (start, stop, step, dtype, exc, np_exc)
            elif np_exc is None:
                assert got[0] == len(expected) and (dtype is not None or dt == expected.dtype), (start, stop, step)


@pytest.mark.parametrize("args, dtype, error", [
    ((0, 5, 0), None, ZeroDivisionError),
    ((0.0, 5.0, 0.0), None, ZeroDivisionError),
    ((numpy.nan,), None, ValueError),
    ((0, numpy.inf), None, ValueError),
    ((0, 1, 1e-320), None, ValueError),
    ((3,), bool, TypeError),
    (((1, 2),), None, TypeError),
    ((0, (1, 2)), None, TypeError),
    ((0, 3, 1j), float, TypeError),
    ((0j, 3), int, TypeError),
    (("a",), None, TypeError),
    ((None,), None, TypeError),
    ((), None, TypeError),
])
def test_arange_errors_as_numpy(args, dtype, error):
    for xp in (numpy, gpuarray):
        with pytest.raises(error):
            xp.arange(*args, dtype=dtype)


@pytest.mark.parametrize("args, dtype", [((5,), "U3"), ((5,), object), ((2 ** 70, 2 ** 70 + 3), None)])
def test_arange_unsupported_dtypes(args, dtype):
    with pytest.raises(TypeError, match="does not support dtype"):
        gpuarray.arange(*args, dtype=dtype)


def fill_linspace_on_host(n, working, start, factor, stop, divisor, set_last, floor):
    """_core._fill_linspace as docs/ndarray.md specifies it, computed with NumPy."""
    with numpy.errstate(all="ignore"):
        y = numpy.arange(n).astype(working)
        if divisor > 0:
            y = y / working.type(divisor)
        y = (y * numpy.asarray(factor, working)).astype(working)
        y = (y + numpy.asarray(start, working)).astype(working)
        if set_last:
            y[-1] = numpy.asarray(stop, working)
        return numpy.floor(y) if floor else y


LINSPACE_ENDS = [0, 1, -3, 2.5, 1e-320, 5e-324, 1e308, -1e308, numpy.inf, numpy.nan, 1j, 2 + 3j, numpy.float32(0.3),
                 numpy.int8(5), numpy.uint64(3), numpy.float16(1.5), numpy.float16(-7), True, 2 ** 62,
                 numpy.complex64(1 - 2j), numpy.float32(1e-40)]


@pytest.mark.parametrize("start", LINSPACE_ENDS)
def test_linspace_host_plan_reproduces_numpy(start):
    """The scalars computed on the host, with the fill the engine promises, give NumPy's
    linspace bit for bit."""
    for stop, num, endpoint, dtype in itertools.product(LINSPACE_ENDS, [0, 1, 2, 7, 50], [True, False],
                                                        [None, numpy.float32, numpy.int64, numpy.float16,
                                                         numpy.complex64]):
        result, np_exc = quietly(numpy.linspace, start, stop, num, endpoint, True, dtype)
        if np_exc is not None:
            continue
        expected, step = result
        with numpy.errstate(all="ignore"):  # NumPy's own overflow warnings, the same as linspace's
            working, factor, divisor, got_step = _ranges._linspace_plan(start, stop, num, endpoint)
        floor = dtype is not None and numpy.issubdtype(dtype, numpy.integer)
        y = fill_linspace_on_host(num, working, start, factor, stop, divisor, endpoint and num > 1, floor)
        got, _ = quietly(y.astype, expected.dtype)
        assert got.dtype == expected.dtype, (start, stop, num, endpoint, dtype)
        numpy.testing.assert_array_equal(got, expected, err_msg=str((start, stop, num, endpoint, dtype)))
        if got.dtype.kind in "fc":  # zeros of the right sign too
            numbers = ~numpy.isnan(expected.real)
            assert numpy.array_equal(numpy.signbit(got.real[numbers]), numpy.signbit(expected.real[numbers]))
        assert type(got_step) is type(step) and (got_step == step or (numpy.isnan(step) and numpy.isnan(got_step)))


@pytest.mark.parametrize("call, error", [
    (lambda xp: xp.linspace(0, 1, -1), ValueError),
    (lambda xp: xp.linspace(0, 1, 2.5), TypeError),
    (lambda xp: xp.linspace(0, 1, 5, axis=1), numpy.exceptions.AxisError),
    (lambda xp: xp.linspace(0, 1, 5, axis=-2), numpy.exceptions.AxisError),
    (lambda xp: xp.linspace(0, 1j, 5, dtype=int), TypeError),
    (lambda xp: xp.linspace("a", 1), TypeError),
    (lambda xp: xp.linspace([0, 1], [[2, 3, 4]]), ValueError),
    (lambda xp: xp.logspace(0, 1, -2), ValueError),
    (lambda xp: xp.geomspace(0, 1), ValueError),
    (lambda xp: xp.meshgrid([1, 2], indexing="xx"), ValueError),
])
def test_errors_raised_before_any_device_work(call, error):
    for xp in (numpy, gpuarray):
        with pytest.raises(error):
            call(xp)


# ------------------------------------------------------------------ arange

ARANGE_ARGS = [(5,), (0,), (-3,), (2, 9), (9, 2, -2), (0, 1, 0.1), (1, 0, -0.1), (0.5, 5.5), (-1e3, 1e3, 7.3),
               (0, 10, 3), (2 ** 62, 2 ** 62 + 5), (2 ** 40, 2 ** 41, 2 ** 37 + 1), (250, 260), (1, 2),
               (1j, 5 + 5j, 1 + 1j), (0, 5 + 10j, 1 + 1j), (numpy.float16(0), 1, numpy.float16(0.1)),
               (numpy.float32(0.5), 3),
               (numpy.int8(5), numpy.int8(-5), numpy.int8(-3)), (0, 3, 1j), (0, 1e-300, 1e-303)]
ARANGE_DTYPES = [None, numpy.int8, numpy.uint8, numpy.int64, numpy.uint64, numpy.float16, numpy.float32,
                 numpy.float64, numpy.complex64, numpy.complex128]


@gpu
@pytest.mark.parametrize("args", ARANGE_ARGS)
@pytest.mark.parametrize("dtype", ARANGE_DTYPES)
@testing.numpy_gpuarray_equal(check_strides=True)
def test_arange(xp, args, dtype):
    with warnings.catch_warnings(), numpy.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return xp.arange(*args, dtype=dtype)


@gpu
@pytest.mark.parametrize("args", [(0,), (1,), (2,), (-1, 1), (5, 3, -2), (0.5, 2), (0, 2, 1.5)])
@testing.numpy_gpuarray_equal()
def test_arange_bool(xp, args):
    return xp.arange(*args, dtype=bool)


@gpu
@pytest.mark.parametrize("args, dtype", [((-1, 3), numpy.uint8), ((200, 300), numpy.uint8),
                                         ((numpy.int64(-4), 10), numpy.uint8),
                                         ((numpy.float32(300.5), 302), numpy.uint8),
                                         ((128, 120, -1), numpy.int8), ((2 ** 64, 2 ** 64 + 2), numpy.uint64)])
@testing.numpy_gpuarray_equal()
def test_arange_values_out_of_the_dtype_range(xp, args, dtype):
    return xp.arange(*args, dtype=dtype)


@gpu
@testing.numpy_gpuarray_equal()
def test_arange_keywords_and_large(xp):
    return (xp.arange(stop=5), xp.arange(2, step=3, stop=11), xp.arange(1 << 20, dtype=numpy.float32),
            xp.arange(-(1 << 21), 1 << 21, 3, dtype=numpy.int32), xp.arange(0.0, 100.0, 0.01))


# ---------------------------------------------------------------- linspace

LINSPACE_PAIRS = [(0, 1), (-3, 7), (2.5, -0.1), (0, 1e-320), (1e308, -1e308), (1, 2 + 3j), (numpy.float32(0.3), 11),
                  (numpy.float16(1.5), numpy.float16(-7)), (numpy.complex64(1 - 2j), 3j), (0, numpy.inf)]


@gpu
@pytest.mark.parametrize("start, stop", LINSPACE_PAIRS)
@pytest.mark.parametrize("num", [0, 1, 2, 50])
@pytest.mark.parametrize("endpoint", [True, False])
@pytest.mark.parametrize("dtype", [None, numpy.float32])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_linspace(xp, start, stop, num, endpoint, dtype):
    with warnings.catch_warnings(), numpy.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return xp.linspace(start, stop, num, endpoint, True, dtype)


# Integer targets are floored, then cast: only values the cast defines (in range, finite).
@gpu
@pytest.mark.parametrize("start, stop, dtype", [(0, 1, numpy.int32), (-3, 7, numpy.int32), (2.5, -0.1, numpy.int64),
                                                (numpy.float32(0.3), 11, numpy.int16),
                                                (numpy.int8(5), 100, numpy.uint8),
                                                (0.5, 200, numpy.uint8), (-4, 5, numpy.int8), (1, 2 + 3j, numpy.int32)])
@pytest.mark.parametrize("num", [1, 7, 50])
@pytest.mark.parametrize("endpoint", [True, False])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_linspace_integer_dtypes(xp, start, stop, dtype, num, endpoint):
    return xp.linspace(start, stop, num, endpoint, True, dtype)


@gpu
@pytest.mark.parametrize("dtype", [numpy.float16, numpy.complex128, numpy.int8, numpy.uint64, numpy.bool_])
@testing.numpy_gpuarray_equal()
def test_linspace_other_dtypes_and_axis(xp, dtype):
    return xp.linspace(2, 90, 37, dtype=dtype), xp.linspace(0, 1, 4, axis=-1, dtype=dtype), xp.linspace(3, 0, 2500)


@gpu
@pytest.mark.parametrize("start, stop, axis", [([0, 1], 5, 0), ([0, 1], [[5], [9]], 1), (0, [1, 2, 3], -1),
                                               (numpy.float32(1), [2.5, 3.5], 0)])
@testing.numpy_gpuarray_equal()
def test_linspace_array_endpoints(xp, start, stop, axis):
    return xp.linspace(start, stop, 5, retstep=True, axis=axis), xp.linspace(start, stop, 1, endpoint=False, axis=axis)


@gpu
def test_linspace_device_endpoints():
    start = gpuarray.asarray(numpy.array([0.0, 1.0]))
    numpy.testing.assert_array_equal(gpuarray.linspace(start, 2.0, 5).get(), numpy.linspace([0.0, 1.0], 2.0, 5))
    numpy.testing.assert_array_equal(gpuarray.linspace(gpuarray.asarray(numpy.float32(2)), 3, 3).get(),
                                     numpy.linspace(numpy.array(numpy.float32(2)), 3, 3))


# ------------------------------------------------------ logspace, geomspace

@gpu
@pytest.mark.parametrize("start, stop, kwargs", [(0, 3, {}), (-1, 2.5, dict(num=7, base=2)),
                                                 (1, 0, dict(endpoint=False)),
                                                 (0, 2, dict(dtype=numpy.float32)), ([0, 1], 3, dict(num=4, axis=1)),
                                                 (0, 4, dict(num=5, dtype=int))])
@testing.numpy_gpuarray_equal()
def test_logspace(xp, start, stop, kwargs):
    return xp.logspace(start, stop, **kwargs)


@gpu
@pytest.mark.parametrize("start, stop, kwargs", [(1, 1000, dict(num=4)), (-1, -1e5, {}), (1j, 1000j, dict(num=4)),
                                                 (2, 64, dict(num=6, endpoint=False, dtype=numpy.float32)),
                                                 ([1, 2], [8, 32], dict(num=3, axis=-1))])
@testing.numpy_gpuarray_equal()
def test_geomspace(xp, start, stop, kwargs):
    return xp.geomspace(start, stop, **kwargs)


# ---------------------------------------------------------------- meshgrid

@gpu
@pytest.mark.parametrize("n", [0, 1, 2, 3])
@pytest.mark.parametrize("indexing", ["xy", "ij"])
@pytest.mark.parametrize("sparse", [False, True])
@pytest.mark.parametrize("copy", [True, False])
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_meshgrid(xp, n, indexing, sparse, copy):
    vectors = [xp.asarray(numpy.arange(3.0)), xp.asarray(numpy.arange(4, dtype=numpy.int16) * 2),
               xp.asarray(numpy.arange(2, dtype=numpy.complex64) - 1j)][:n]
    return xp.meshgrid(*vectors, indexing=indexing, sparse=sparse, copy=copy)


@gpu
@pytest.mark.parametrize("indexing", ["xy", "ij"])
@pytest.mark.parametrize("copy", [True, False])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_meshgrid_odd_inputs(xp, indexing, copy):
    matrix = xp.asarray(numpy.arange(6.0).reshape(2, 3))
    return (xp.meshgrid(matrix, xp.asarray(numpy.arange(0.0)), indexing=indexing, copy=copy),
            xp.meshgrid(xp.asarray(numpy.arange(1.0)), xp.asarray(numpy.arange(5.0))[::-2], indexing=indexing,
                        copy=copy),
            xp.meshgrid([1, 2], (3, 4, 5), indexing=indexing, copy=copy))
