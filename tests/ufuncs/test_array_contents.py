# SPDX-License-Identifier: BSD-3-Clause
"""isposinf, isneginf, real_if_close and asarray_chkfinite against NumPy (issue 25)."""
import numpy
import pytest

from gpuarray import testing

gpu = pytest.mark.gpu

REAL = [numpy.float16, numpy.float32, numpy.float64, numpy.int32, numpy.uint8, numpy.bool_]
SPECIAL = [0.0, -0.0, 1.5, -2.0, numpy.inf, -numpy.inf, numpy.nan, -numpy.nan, 1e300, -1e-320]


def values(xp, dtype, layout):
    """SPECIAL in `dtype` (cast as NumPy casts), laid out as `layout` asks."""
    with numpy.errstate(all="ignore"):
        host = numpy.array(SPECIAL * 3, dtype=numpy.float64).astype(dtype).reshape(5, 6)
    a = xp.asarray(host)
    return {"contiguous": a, "transposed": a.T, "reversed": a[::-1, ::-2], "broadcast": xp.broadcast_to(a[0], (4, 6)),
            "0-d": a[1, 2], "empty": a[:0]}[layout]


LAYOUTS = ["contiguous", "transposed", "reversed", "broadcast", "0-d", "empty"]


@gpu
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", REAL, ids=lambda d: numpy.dtype(d).name)
@pytest.mark.parametrize("name", ["isposinf", "isneginf"])
@testing.numpy_gpuarray_equal()
def test_isposinf_isneginf(xp, name, dtype, layout):
    return getattr(xp, name)(values(xp, dtype, layout))


@gpu
@pytest.mark.parametrize("name", ["isposinf", "isneginf"])
@testing.numpy_gpuarray_equal()
def test_isposinf_isneginf_out(xp, name):
    x = xp.asarray(numpy.array([numpy.inf, -numpy.inf, 1.0]))
    out = xp.zeros(3, dtype=numpy.int8)
    result = getattr(xp, name)(x, out)
    assert result is out
    return out


@gpu
@pytest.mark.parametrize("name", ["isposinf", "isneginf"])
@pytest.mark.parametrize("dtype", [numpy.complex64, numpy.complex128])
@testing.numpy_gpuarray_equal()
def test_isposinf_isneginf_refuse_complex(xp, name, dtype):
    return getattr(xp, name)(xp.asarray(numpy.array([1 + 1j], dtype=dtype)))


@gpu
@pytest.mark.parametrize("tol", [100, 1, 1e-10, 0])
@pytest.mark.parametrize("imag", [0.0, 1e-15, 1e-14, 1e-6, -1e-6, numpy.nan])
@pytest.mark.parametrize("dtype", [numpy.complex64, numpy.complex128, numpy.float32, numpy.int16])
@testing.numpy_gpuarray_equal()
def test_real_if_close(xp, dtype, imag, tol):
    with numpy.errstate(all="ignore"):
        host = (numpy.array([1.5, -2.0, 3.25]) + (1j * imag if numpy.dtype(dtype).kind == "c" else 0)).astype(dtype)
    result = xp.real_if_close(xp.asarray(host), tol=tol)
    return result


@gpu
@pytest.mark.parametrize("layout", ["transposed", "0-d", "empty"])
@testing.numpy_gpuarray_equal()
def test_real_if_close_layouts(xp, layout):
    a = values(xp, numpy.float64, layout) + 0j
    return xp.real_if_close(xp.where(xp.isfinite(a), a, 0))


@gpu
@pytest.mark.parametrize("data", [[1.0, 2.0], [1, 2], [True], [], [1.0, numpy.nan], [numpy.inf], [[1 + 1j, 2]],
                                  [1 + numpy.inf * 1j]], ids=repr)
@pytest.mark.parametrize("dtype", [None, numpy.float32, numpy.int64])
@testing.numpy_gpuarray_equal()
def test_asarray_chkfinite(xp, data, dtype):
    with numpy.errstate(all="ignore"):
        if dtype is numpy.int64 and not numpy.isfinite(numpy.asarray(data)).all():
            pytest.skip("casting a NaN or an infinity to an integer is undefined")
        return xp.asarray_chkfinite(data, dtype=dtype)


@gpu
@testing.numpy_gpuarray_equal()
def test_asarray_chkfinite_order(xp):
    a = xp.asarray_chkfinite(numpy.arange(6.0).reshape(2, 3), order="F")
    assert a.flags.f_contiguous
    return a
