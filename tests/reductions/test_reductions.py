# SPDX-License-Identifier: BSD-3-Clause
"""Reductions against NumPy: every dtype, axis choices, layouts (contiguous,
strided, negative strides, broadcast, 0-d, empty), keepdims, dtype=, out=,
where=, initial=, NaN placement; and, without a GPU, that the generated
kernels compile with NVRTC."""
import numpy
import pytest

import gpuarray
from gpuarray import _core
from gpuarray.testing import DTYPES, FLOAT_DTYPES, COMPLEX_DTYPES, numpy_gpuarray_equal

gpu = pytest.mark.gpu

NUMERIC = [d for d in DTYPES if d is not numpy.bool_]


def tol(dtype):
    dtype = numpy.dtype(dtype)
    if dtype.kind in "biu":
        return {}
    if dtype == numpy.float16:  # NumPy rounds every partial sum to float16, gpuarray accumulates in float32
        return {"rtol": 2e-2, "atol": 5e-2}
    return {"rtol": {2: 1e-2, 4: 1e-4, 8: 1e-4, 16: 1e-10}.get(dtype.itemsize, 1e-10) if dtype.itemsize != 8
            or dtype.kind == "c" else 1e-10, "atol": 1e-3 if dtype.itemsize <= 2 else 1e-6}


def sample(xp, shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == "b":
        host = rng.random(shape) < 0.5
    elif dtype.kind in "iu":
        host = rng.integers(0 if dtype.kind == "u" else -5, 6, size=shape).astype(dtype)
    elif dtype.kind == "c":
        host = (rng.random(shape) * 4 - 2 + 1j * (rng.random(shape) * 4 - 2)).astype(dtype)
    else:
        host = (rng.random(shape) * 4 - 2).astype(dtype)
    return xp.asarray(host)


LAYOUTS = {
    "contiguous": lambda a: a,
    "strided": lambda a: a[::2, 1::2] if a.ndim == 2 else a[::2],
    "reversed": lambda a: a[::-1],
    "transposed": lambda a: a.T,
}

# ---- GPU: values and dtypes against NumPy ---------------------------------------------


@gpu
@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "all", "any", "mean"])
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 1)])
def test_reductions_every_dtype_and_axis(name, dtype, axis):
    if name == "mean" and dtype is numpy.bool_:
        pytest.skip("NumPy's mean of bool is float64 like any integer: covered by the int dtypes")
    @numpy_gpuarray_equal(**tol(dtype if name != "mean" or numpy.dtype(dtype).kind not in "biu" else numpy.float64))
    def body(xp):
        a = sample(xp, (37, 53), dtype)
        if name == "prod":
            a = sample(xp, (7, 5), dtype)
        return getattr(xp, name)(a, axis=axis)
    body()


@gpu
@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("axis", [None, 0, 1])
@pytest.mark.parametrize("name", ["sum", "max", "argmax", "argmin", "mean", "var", "std", "count_nonzero"])
def test_layouts(layout, axis, name):
    @numpy_gpuarray_equal(rtol=1e-5, atol=1e-5)
    def body(xp):
        a = LAYOUTS[layout](sample(xp, (64, 96), numpy.float32))
        return getattr(xp, name)(a, axis=axis)
    body()


@gpu
@pytest.mark.parametrize("shape", [(2**20,), (3, 2**18), (2**18, 3), (1000, 1000), (5, 7, 9, 11), (1,), ()])
@pytest.mark.parametrize("axis", [None, 0, -1])
def test_sizes_and_splits(shape, axis):
    if axis is not None and len(shape) == 0:
        axis = None
    @numpy_gpuarray_equal(rtol=1e-9)
    def body(xp):
        a = sample(xp, shape, numpy.float64)
        return xp.sum(a, axis=axis), xp.max(a, axis=axis), xp.argmin(a, axis=axis)
    body()


@gpu
@pytest.mark.parametrize("axis", [(0, 2), (1, 3), (0, 1, 2), (3, 0), ()])
def test_axis_tuples(axis):
    @numpy_gpuarray_equal(rtol=1e-9)
    def body(xp):
        a = sample(xp, (4, 5, 6, 7), numpy.float64)
        return xp.sum(a, axis=axis), xp.min(a, axis=axis, keepdims=True), xp.mean(a, axis=axis)
    body()


@gpu
def test_repeated_reductions_see_new_values():
    # A repeated launch runs from a graph after its second time: each sum
    # must read the values written since, also when it takes two passes.
    for shape, axis in [((7,), None), ((64, 4096), 1), ((1 << 20,), None)]:
        host = numpy.ones(shape, numpy.float64)
        a = gpuarray.asarray(host)
        for i in range(5):
            numpy.testing.assert_allclose(a.sum(axis=axis).get(), host.sum(axis=axis), rtol=1e-12)
            a *= 2.0
            host *= 2.0


@gpu
def test_broadcast_input():
    @numpy_gpuarray_equal(rtol=1e-9)
    def body(xp):
        a = xp.broadcast_to(sample(xp, (5,), numpy.float64), (4, 5))
        return xp.sum(a, axis=0), xp.sum(a, axis=1), xp.argmax(a, axis=0), xp.var(a)
    body()


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_argmax_argmin_first_occurrence(dtype):
    @numpy_gpuarray_equal()
    def body(xp):
        a = xp.asarray(numpy.array([[0, 3, 3, 1, 3], [2, 2, 0, 0, 1]], dtype=dtype))
        return xp.argmax(a), xp.argmin(a), xp.argmax(a, axis=1), xp.argmin(a, axis=0), xp.argmax(a.T, axis=0)
    body()


@gpu
@pytest.mark.parametrize("dtype", FLOAT_DTYPES + COMPLEX_DTYPES)
def test_nan_placement(dtype):
    @numpy_gpuarray_equal(rtol=1e-3)
    def body(xp):
        host = numpy.array([[1, numpy.nan, 3, numpy.nan], [4, 5, 6, 7], [numpy.nan] * 4], dtype=dtype)
        a = xp.asarray(host)
        return (xp.max(a, axis=1), xp.min(a, axis=0), xp.argmax(a, axis=1), xp.argmin(a, axis=1),
                xp.sum(a, axis=1), xp.nansum(a, axis=1), xp.nanprod(a, axis=0), xp.nanmax(a, axis=1),
                xp.nanmin(a, axis=1), xp.nanargmax(a[:2], axis=1), xp.nanargmin(a[:2], axis=1))
    body()


@gpu
@pytest.mark.parametrize("name", ["nanmean", "nanvar", "nanstd"])
def test_nan_statistics(name):
    @numpy_gpuarray_equal(rtol=1e-6)
    def body(xp):
        a = xp.asarray(numpy.array([[1, numpy.nan, 3, 2], [4, 5, 6, 7]], dtype=numpy.float64))
        return getattr(xp, name)(a, axis=1), getattr(xp, name)(a)
    body()


@gpu
def test_nanargmax_all_nan_raises():
    a = gpuarray.asarray(numpy.array([[1.0, 2.0], [numpy.nan, numpy.nan]]))
    with pytest.raises(ValueError, match="All-NaN"):
        gpuarray.nanargmax(a, axis=1)


@gpu
@pytest.mark.parametrize("dtype", NUMERIC)
@pytest.mark.parametrize("name", ["var", "std"])
@pytest.mark.parametrize("ddof", [0, 1, 5])
def test_var_std(dtype, name, ddof):
    @numpy_gpuarray_equal(**tol(numpy.float64 if numpy.dtype(dtype).kind in "iu" else dtype))
    def body(xp):
        a = sample(xp, (4, 9), dtype)
        return getattr(xp, name)(a, axis=1, ddof=ddof), getattr(xp, name)(a, ddof=ddof)
    body()


@gpu
@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "argmax", "mean", "all", "any", "count_nonzero"])
def test_empty(name):
    @numpy_gpuarray_equal()
    def body(xp):
        a = xp.zeros((0, 3), dtype=numpy.float32)
        return getattr(xp, name)(a, axis=0), getattr(xp, name)(a, axis=1)
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        body()


@gpu
def test_zero_d():
    @numpy_gpuarray_equal()
    def body(xp):
        a = xp.asarray(numpy.float32(2.5))
        return xp.sum(a), xp.max(a), xp.argmax(a), xp.mean(a), xp.sum(a, axis=()), xp.prod(a, keepdims=True)
    body()


@gpu
def test_dtype_out_keepdims_initial_where():
    @numpy_gpuarray_equal(rtol=1e-6)
    def body(xp):
        a = sample(xp, (6, 8), numpy.int16)
        out = xp.zeros((6,), dtype=numpy.float32)
        xp.sum(a, axis=1, out=out)
        w = xp.asarray(numpy.arange(48).reshape(6, 8) % 3 == 0)
        return (xp.sum(a, dtype=numpy.int8), xp.sum(a, axis=0, keepdims=True), out,
                xp.sum(a, axis=1, initial=100), xp.max(a, axis=0, initial=3), xp.sum(a, axis=1, where=w),
                xp.max(a, axis=1, where=w, initial=-100), xp.mean(a, axis=1, where=w), xp.prod(a[:, :3], axis=0,
                                                                                           dtype=numpy.float64),
                xp.var(a, axis=0, where=w))
    body()


@gpu
def test_errors():
    @numpy_gpuarray_equal()
    def body(xp):
        a = xp.zeros((3, 4), dtype=numpy.float32)
        return xp.sum(a, axis=2)
    body()  # AxisError on both sides

    @numpy_gpuarray_equal()
    def empty_max(xp):
        return xp.max(xp.zeros((0,), dtype=numpy.float32))
    empty_max()

    @numpy_gpuarray_equal()
    def repeated(xp):
        return xp.sum(xp.zeros((2, 2)), axis=(0, 0))
    repeated()

    @numpy_gpuarray_equal()
    def where_without_initial(xp):
        return xp.max(xp.zeros((2, 2)), where=xp.asarray(numpy.array([True, False])))
    where_without_initial()


@gpu
@pytest.mark.parametrize("ufunc", ["add", "multiply", "maximum", "minimum", "subtract", "bitwise_and", "bitwise_or",
                                   "logical_xor", "fmax", "hypot", "true_divide"])
def test_ufunc_reduce(ufunc):
    @numpy_gpuarray_equal(rtol=1e-9)
    def body(xp):
        a = sample(xp, (5, 6), numpy.int32 if "bitwise" in ufunc else numpy.float64, seed=3)
        if ufunc == "true_divide":
            a = xp.asarray(numpy.linspace(1.0, 2.0, 30).reshape(5, 6))
        f = getattr(xp, ufunc)
        return f.reduce(a), f.reduce(a, axis=1), f.reduce(a, axis=None) if ufunc not in (
            "subtract", "true_divide") else f.reduce(a, axis=-1, keepdims=True)
    body()


@gpu
def test_non_reorderable_reduce_applies_in_order():
    # NumPy 2.4/2.5's float power.reduce gives 4.0 for [2, 3, 2] and its arctan2.reduce
    # differs from the fold too; the definition is the left fold: (2 ** 3) ** 2.
    host = numpy.array([[2.0, 3.0, 2.0], [1.5, 2.0, 0.5]])
    a = gpuarray.asarray(host)
    for name in ("power", "arctan2"):
        expected = [getattr(numpy, name)(getattr(numpy, name)(r[0], r[1]), r[2]) for r in host]
        numpy.testing.assert_allclose(getattr(gpuarray, name).reduce(a, axis=1).get(), expected, rtol=1e-12)


@gpu
def test_ufunc_reduce_not_reorderable_raises():
    @numpy_gpuarray_equal()
    def body(xp):
        return xp.subtract.reduce(xp.ones((2, 3)), axis=(0, 1))
    body()


@gpu
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.int64, numpy.complex64])
def test_ufunc_outer(dtype):
    @numpy_gpuarray_equal(rtol=1e-6)
    def body(xp):
        a, b = sample(xp, (3,), dtype), sample(xp, (2, 4), dtype, seed=1)
        return xp.multiply.outer(a, b), xp.add.outer(a, b)
    body()


@gpu
def test_methods_and_large_sum():
    a = gpuarray.ones((2**26,), dtype=numpy.float32)
    assert float(a.sum().get()) == 2**26
    assert int(gpuarray.arange(1000).sum().get()) == 499500
    m = gpuarray.asarray(numpy.arange(12.0).reshape(3, 4))
    numpy.testing.assert_allclose(m.mean(axis=0).get(), numpy.arange(12.0).reshape(3, 4).mean(axis=0))
    assert m.argmax().get() == 11 and m.argmin(axis=1).shape == (3,)


@gpu
def test_allclose_reduces_on_device():
    a = gpuarray.ones((1000,))
    assert gpuarray.allclose(a, a) is True
    assert gpuarray.array_equal(a, a + 1) is False


# ---- no GPU: generated kernels compile ------------------------------------------------

def _nvrtc_options():
    from test_elementwise_codegen import PACKAGE_INCLUDE, cuda_include_dir
    inc = cuda_include_dir()
    if inc is None:
        pytest.skip("the CUDA toolkit headers (cuda_fp16.h) were not found: set CUDA_HOME")
    return ["--gpu-architecture=sm_90", "--std=c++17", f"-I{PACKAGE_INCLUDE}", f"-I{inc}"]


def _compile(sources):
    import concurrent.futures
    import os
    options = _nvrtc_options()
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda s: (s, _core._nvrtc_compile_check(s, "reduction.cu", options)), sources))
    for source, result in results:
        assert result["ok"], source + "\n" + result["log"]


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "all", "any", "mean", "var", "std", "argmax",
                                  "argmin", "nanargmax", "nansum", "nanmax", "count_nonzero"])
def test_every_dtype_compiles(name):
    sources = []
    for dtype in DTYPES:
        for inner, vec in ((True, 1), (False, 1)):
            sources.append(_core._reduction_test_source(name, numpy.dtype(dtype), 2, 1, inner, vec, False))
    vec = 1 if name in ("var", "std") else 4  # two inputs (the values and their mean) load one by one
    sources.append(_core._reduction_test_source(name, numpy.dtype(numpy.float32), 1, 3, True, vec, True))
    _compile(sources)


def test_ufunc_reduce_kernels_compile():
    sources = [_core._reduction_test_source("", numpy.dtype(d), 1, 1, False, 1, False, initial=1, ufunc=u)
               for u, d in [("subtract", "f8"), ("power", "i4"), ("hypot", "f2"), ("logaddexp", "f4"),
                            ("bitwise_xor", "u2"), ("fmin", "c8"), ("gcd", "i8"), ("arctan2", "f4")]]
    _compile(sources)


def test_result_dtypes_follow_numpy():
    for name in ["sum", "prod", "mean", "var", "max", "all", "argmax", "count_nonzero"]:
        for dtype in DTYPES:
            a = numpy.ones((2, 2), dtype=dtype)
            expected = numpy.dtype(getattr(numpy, name)(a).dtype) if name != "count_nonzero" else numpy.dtype(
                numpy.int64)
            request_dtype = _core._reduction_result_dtype(name, numpy.dtype(dtype))
            assert request_dtype == expected, (name, dtype)
