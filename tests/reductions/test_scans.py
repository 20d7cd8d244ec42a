# SPDX-License-Identifier: BSD-3-Clause
"""Cumulative sums and products (cumsum, cumprod, nancumsum, nancumprod, the
ndarray methods), ufunc.accumulate, diff and ediff1d against NumPy.

Without a GPU: the result dtypes (cumsum's and every binary ufunc's
accumulate, for every dtype), NVRTC compilation of every generated kernel
(the sequential accumulate of every ufunc loop, the work-buffer loads), the
sequential accumulate run as host C++ against NumPy, and the errors raised
before the device is touched. Tests marked `gpu` run each body with
xp=numpy and xp=gpuarray (testing.numpy_gpuarray_equal)."""
import ctypes
import concurrent.futures
import os
import shutil
import subprocess

import numpy
import pytest

import gpuarray
from gpuarray import _core
from gpuarray.testing import DTYPES, numpy_gpuarray_equal
from fake_memory import fake_array
from test_elementwise_codegen import (HOST_FP16_HEADERS, HOST_PRELUDE, PACKAGE_INCLUDE,  # noqa: F401 (fixture)
                                      batched_sources, compile_all, cuda_include_dir, nvrtc_options, operand)

gpu = pytest.mark.gpu

BINARY = sorted(n for n in _core._ufunc_names()
                if (lambda i: i["nin"] == 2 and i["nout"] == 1)(_core._ufunc_info(n)))
HOST_CHARS = "?bhilBHILfd"  # no float16 or complex on the host


def numpy_accumulate_dtype(name, dtype):
    """NumPy's accumulate result dtype for a 1-d input of `dtype`, or None when it raises TypeError."""
    try:
        return getattr(numpy, name).accumulate(numpy.ones(3, dtype)).dtype
    except TypeError:
        return None


def attempt_loop(name, dtype, **kwargs):
    try:
        return _core._accumulate_loop(name, dtype, **kwargs)
    except TypeError:
        return None


# ---- dtype rules (no GPU) --------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
def test_cumulative_dtype_is_numpys(dtype):
    for fn in (numpy.cumsum, numpy.cumprod, numpy.nancumsum, numpy.nancumprod):
        assert _core._cumulative_dtype(dtype) == fn(numpy.ones(2, dtype)).dtype


def test_work_dtypes():
    work = {numpy.dtype(d).char: _core._scan_work_dtype(d).char for d in DTYPES}
    assert work == {"?": "l", "b": "l", "h": "l", "i": "l", "l": "l", "B": "L", "H": "L", "I": "L", "L": "L",
                    "e": "f", "f": "f", "d": "d", "F": "F", "D": "D"}


@pytest.mark.parametrize("name", BINARY)
def test_accumulate_loop_is_numpys(name):
    for dtype in DTYPES:
        want = numpy_accumulate_dtype(name, dtype)
        got = attempt_loop(name, dtype)
        assert (got is None) == (want is None), f"{name}.accumulate({numpy.dtype(dtype)}): {got} vs NumPy {want}"
        if got is not None:
            assert numpy.dtype(got[-1]) == want, f"{name}.accumulate({numpy.dtype(dtype)}): {got} vs NumPy {want}"


def test_accumulate_loop_with_dtype():
    assert _core._accumulate_loop("add", numpy.int8, numpy.int8) == "bb->b"
    assert _core._accumulate_loop("maximum", numpy.float32, numpy.float64) == "dd->d"
    with pytest.raises(TypeError):
        _core._accumulate_loop("less", numpy.float32, numpy.float32)


def test_accumulate_needs_a_binary_ufunc():
    with pytest.raises(ValueError, match="binary"):
        gpuarray.sin.accumulate(1.0)
    with pytest.raises(ValueError):
        _core._accumulate_loop("sin", numpy.float32)


def test_cumulative_sum_needs_an_axis_above_one_dimension():
    a, _ = fake_array((2, 3))
    for fn in (gpuarray.cumulative_sum, gpuarray.cumulative_prod, numpy.cumulative_sum):
        with pytest.raises(ValueError, match="``axis`` argument is required"):
            fn(a)
    with pytest.raises(numpy.exceptions.AxisError):
        gpuarray.cumulative_sum(a, axis=2)


def test_diff_order_must_be_non_negative():
    with pytest.raises(ValueError, match="non-negative"):
        gpuarray.diff(None, n=-1)


def test_diff_of_order_zero_is_the_input():
    marker = object()
    assert gpuarray.diff(marker, n=0) is marker


def test_unsupported_arguments_raise_type_error():
    with pytest.raises(TypeError):
        gpuarray.cumsum([1, 2, 3])
    with pytest.raises(TypeError):
        gpuarray.cumsum(numpy.ones(3))


# ---- generated kernels (no GPU) ----------------------------------------------------

def accumulate_sources():
    """(name, source) of every distinct sequential accumulate kernel."""
    kernels = {}
    for name in BINARY:
        for dtype in DTYPES:
            try:
                kname, src = _core._accumulate_kernel(name, dtype)
            except TypeError:
                continue
            kernels[kname] = src
    return kernels


def test_every_accumulate_kernel_compiles(nvrtc_options):
    sources = list(accumulate_sources().values())
    assert len(sources) > 100
    compile_all(batched_sources(sources, 40), nvrtc_options)


def test_scan_load_ops_compile(nvrtc_options):
    sources = []
    for src in DTYPES:
        for dtype in {numpy.dtype(_core._cumulative_dtype(src)), numpy.dtype(numpy.bool_), numpy.dtype(numpy.int8),
                      numpy.dtype(numpy.float16), numpy.dtype(numpy.complex64)}:
            work = _core._scan_work_dtype(dtype)
            for nan in (False, True):
                name, expression, preamble = _core._scan_load_op(src, dtype, nan, "prod" if nan else "sum")
                k = _core._elementwise_kernel([operand((3, 5), src), operand((3, 5), work, out=True)],
                                              f"{name}{len(sources)}", expression, preamble)
                sources.append(k["source"])
    compile_all(batched_sources(sources, 60), nvrtc_options)


def test_nan_replacement_happens_before_the_cast():
    # nancumprod(dtype=int): NaN is 1 in the source type, then cast (a NaN cast to int would be 0).
    _, expression, preamble = _core._scan_load_op(numpy.float64, numpy.int32, True, "prod")
    assert expression.index("is_nan") < expression.index("out0")
    assert "ufunc_arith.cuh" in preamble
    _, expression, preamble = _core._scan_load_op(numpy.int32, numpy.int64, True, "sum")
    assert "is_nan" not in expression and preamble == ""


# ---- the sequential accumulate on the host -------------------------------------------

def host_accumulate_cases():
    """(ufunc, input char, kernel name, source) for every loop of a host dtype, add and multiply
    excepted (they run CUB's scan on the device)."""
    cases = []
    for name in BINARY:
        if name in ("add", "multiply"):
            continue
        for c in HOST_CHARS:
            try:
                kname, src = _core._accumulate_kernel(name, c)
            except TypeError:
                continue
            if _core._accumulate_loop(name, c)[-1] in HOST_CHARS:
                cases.append((name, c, kname, src))
    return cases


# One block of 256 threads, one after another (the tests have fewer rows than that).
HOST_RUNNER = """
template <typename T>
void ga_run_accumulate(void (*kernel)(T*, unsigned long long, unsigned long long), void* data,
                       unsigned long long rows, unsigned long long length) {
  gridDim.x = 1;
  blockDim.x = 256;
  blockIdx.x = 0;
  for (threadIdx.x = 0; threadIdx.x < 256; ++threadIdx.x) kernel(static_cast<T*>(data), rows, length);
}
"""


@pytest.fixture(scope="module")
def host_accumulate(tmp_path_factory):
    compiler = shutil.which("c++") or shutil.which("g++")
    cuda_inc = cuda_include_dir()
    if compiler is None or cuda_inc is None:
        pytest.skip("needs a host C++ compiler and the CUDA toolkit headers")
    cases = host_accumulate_cases()
    tmp = tmp_path_factory.mktemp("accumulate_host")
    units = 2 * (os.cpu_count() or 2)
    texts = [[] for _ in range(units)]
    for i, (_, _, kname, src) in enumerate(cases):
        texts[i % units].append((i, kname, src))

    def build(u):
        includes = sorted({line for _, _, s in texts[u] for line in s.splitlines() if line.startswith("#include")})
        text = HOST_FP16_HEADERS + HOST_PRELUDE + "\n".join(includes) + "\n" + HOST_RUNNER
        for i, kname, src in texts[u]:
            body = "\n".join(line for line in src.splitlines() if not line.startswith("#include"))
            body = body.replace('extern "C" ', "")
            text += (f"namespace case{i} {{\n{body}\n}}\n"
                     f'extern "C" void run_case{i}(void* data, unsigned long long rows, unsigned long long length) '
                     f"{{ ga_run_accumulate(&case{i}::{kname}, data, rows, length); }}\n")
        (tmp / f"acc{u}.cpp").write_text(text)
        lib = tmp / f"acc{u}.so"
        subprocess.run([compiler, "-std=c++17", "-O1", "-shared", "-fPIC", f"-I{PACKAGE_INCLUDE}", f"-I{cuda_inc}", str(tmp / f"acc{u}.cpp"), "-o", str(lib)],
                       check=True)
        return ctypes.CDLL(str(lib))

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        libs = list(pool.map(build, range(units)))
    return cases, libs, units


def test_sequential_accumulate_computes_what_numpy_computes(host_accumulate):
    cases, libs, units = host_accumulate
    assert len(cases) > 50
    x = numpy.array([[1, 2, 2, 1], [2, 1, 1, 2], [2, 2, 1, 1]])  # 3 rows of 4, values safe for every ufunc
    for i, (name, c, _, _) in enumerate(cases):
        dt = numpy.dtype(_core._accumulate_loop(name, c)[-1])
        want = getattr(numpy, name).accumulate(x.astype(c).astype(dt), axis=1)
        buffer = numpy.ascontiguousarray(x.astype(c).astype(dt).T)  # the axis first: length x rows
        getattr(libs[i % units], f"run_case{i}")(ctypes.c_void_p(buffer.ctypes.data), ctypes.c_ulonglong(3),
                                                 ctypes.c_ulonglong(4))
        numpy.testing.assert_allclose(buffer.T, want, rtol=1e-6, err_msg=f"{name}.accumulate on {c}")


# ---- on the device -----------------------------------------------------------------

def small_values(dtype, shape=(4, 6), product=False):
    """Values whose sums and products stay exact in every dtype (float16 included): small
    integers, for products mostly 1 and -1 with a few 2s; alternating bools; complex with
    an imaginary part."""
    dtype = numpy.dtype(dtype)
    n = int(numpy.prod(shape))
    base = numpy.array([1, -1, 2, 1, -1, 1, 1, -1] if product else [1, 2, -1, 0, 3, -2, 1, 1])
    v = numpy.resize(base, n).reshape(shape)
    if dtype.kind == "b":
        return (numpy.arange(n).reshape(shape) % 3) != 0
    if dtype.kind == "u":
        v = abs(v)
    if dtype.kind == "c":
        return (v + 1j * numpy.roll(v, 1)).astype(dtype) if not product else (v * (1 + 0j)).astype(dtype)
    return v.astype(dtype)


def layouts(xp, a):
    """Contiguous, every other column, both axes reversed, transposed, broadcast (stride 0), 0-d, empty."""
    return [a, a[:, ::2], a[::-1, ::-1], a.T, xp.broadcast_to(a[1:2], (3, a.shape[1])),
            a[1:2, 2:3].reshape(()), a[:0], a[:, :0]]


SCANS = ["cumsum", "cumprod", "nancumsum", "nancumprod"]


@gpu
@pytest.mark.parametrize("fn", SCANS)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
@numpy_gpuarray_equal()
def test_scans_every_dtype_and_layout(xp, fn, dtype, axis):
    a = xp.asarray(small_values(dtype, product="prod" in fn))
    results = []
    for x in layouts(xp, a):
        if x.ndim == 0 and axis not in (None, 0, -1):
            continue
        results.append(getattr(xp, fn)(x, axis=axis))
    return results


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@numpy_gpuarray_equal()
def test_methods(xp, dtype):
    a = xp.asarray(small_values(dtype, product=True))
    return [a.cumsum(), a.cumsum(axis=0), a.cumprod(axis=1), a.T.cumprod(0, numpy.float64)]


@gpu
@pytest.mark.parametrize("src", DTYPES)
@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.uint16, numpy.int64, numpy.float16, numpy.float32,
                                   numpy.complex128])
@numpy_gpuarray_equal()
def test_dtype_argument(xp, src, dtype):
    values = small_values(src, product=True)
    if numpy.dtype(dtype).kind == "u" and values.dtype.kind in "fc":
        values = abs(values)  # a negative float to an unsigned integer is undefined in NumPy (docs/elementwise.md)
    a = xp.asarray(values)
    return [xp.cumsum(a, axis=1, dtype=dtype), xp.cumprod(a, axis=0, dtype=dtype), xp.cumsum(a, dtype=dtype)]


@gpu
@pytest.mark.parametrize("out_dtype", DTYPES)
@numpy_gpuarray_equal()
def test_out_with_casting(xp, out_dtype):
    a = xp.asarray(small_values(numpy.float64) / 2)  # halves: the cast happens after the sum, as NumPy's
    out = xp.zeros((4, 6), out_dtype)
    r = xp.cumsum(a, axis=1, out=out)
    assert r is out
    flat = xp.zeros(24, out_dtype)
    assert xp.cumprod(a, out=flat) is flat
    return [out, flat]


@gpu
@numpy_gpuarray_equal()
def test_out_may_be_the_input(xp):
    a = xp.asarray(small_values(numpy.int64))
    xp.cumsum(a, axis=0, out=a)
    b = xp.asarray(small_values(numpy.float32))
    xp.multiply.accumulate(b, axis=1, out=b)
    return [a, b]


@gpu
@pytest.mark.parametrize("case", ["wrong_shape", "bad_axis", "float_axis", "axis_on_0d", "read_only"])
@numpy_gpuarray_equal()
def test_errors(xp, case):
    a = xp.ones((2, 3))
    if case == "wrong_shape":
        return xp.cumsum(a, out=xp.zeros(5))
    if case == "bad_axis":
        return xp.cumprod(a, axis=2)
    if case == "float_axis":
        return xp.cumsum(a, axis=1.0)
    if case == "axis_on_0d":
        return xp.cumsum(xp.asarray(1.0), axis=1)
    out = xp.zeros((2, 3))
    out.flags.writeable = False
    return xp.cumsum(a, axis=0, out=out)


@gpu
@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128])
@numpy_gpuarray_equal()
def test_nan_variants_place_nan(xp, dtype):
    nan = numpy.nan
    rows = numpy.array([[nan, 1, 2, nan, 3, nan], [1, nan, nan, nan, nan, nan], [nan] * 6, [2, 2, 2, 2, 2, nan]])
    v = rows.astype(dtype)
    if numpy.dtype(dtype).kind == "c":
        v[0, 1] = complex(1, nan)  # NaN in the imaginary part alone counts as NaN
    a = xp.asarray(v)
    return [xp.nancumsum(a, axis=1), xp.nancumprod(a, axis=1), xp.nancumsum(a), xp.nancumprod(a.T, axis=0),
            xp.cumsum(a, axis=1), xp.nancumprod(a, axis=1, dtype=numpy.int32)]


@gpu
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.complex64])
@pytest.mark.parametrize("shape,axis", [((1 << 20,), 0), ((37, 5003), 1), ((5003, 37), 0), ((3, 70001), -1)])
def test_long_scans_span_many_tiles(dtype, shape, axis):
    # Against the exact-enough float64/complex128 scan: NumPy's own float32 scan adds
    # sequentially, and its rounding error grows with the length (1e-3 at 2^20 for cumprod).
    import gpuarray as xp
    rng = numpy.random.default_rng(7)
    v = rng.random(shape)
    if numpy.dtype(dtype).kind == "c":
        v = v + 1j * rng.random(shape)
    near_one = 1 + (v - 0.5) * 1e-5
    wide = numpy.complex128 if numpy.dtype(dtype).kind == "c" else numpy.float64
    for host, scan in ((v, "cumsum"), (near_one, "cumprod")):
        host = host.astype(dtype)
        got = getattr(xp, scan)(xp.asarray(host), axis=axis)
        assert got.dtype == dtype
        expected = getattr(numpy, scan)(host.astype(wide), axis=axis)
        # float32 products of near-one factors drift by rounding bias: NumPy's own
        # sequential float32 cumprod is 1.7e-3 off the float64 one at 2^20 elements,
        # CUB's tiled order 7.7e-3 (H100 run of 2026-11-23).
        rtol = 1e-10 if dtype == numpy.float64 else 1e-4 if scan == "cumsum" else 1e-2
        numpy.testing.assert_allclose(got.get(), expected, rtol=rtol)


@gpu
@numpy_gpuarray_equal()
def test_integer_scans_wrap_as_numpys(xp):
    rng = numpy.random.default_rng(3)
    big = xp.asarray(rng.integers(-(1 << 62), 1 << 62, size=(5, 3001)))
    ubig = xp.asarray(rng.integers(0, 1 << 64, size=3001, dtype=numpy.uint64))
    small = xp.asarray(rng.integers(-100, 100, size=(7, 901), dtype=numpy.int8))
    return [xp.cumsum(big, axis=1), xp.cumprod(big, axis=0), xp.cumsum(ubig), xp.cumprod(ubig),
            xp.cumsum(small, axis=1, dtype=numpy.int8), xp.cumprod(small, axis=1, dtype=numpy.uint8),
            xp.cumsum(small, axis=1, dtype=numpy.bool_), xp.cumprod(small != 0, axis=1, dtype=numpy.bool_)]


# ---- accumulate ------------------------------------------------------------------------

def accumulate_values(dtype):
    """1s and 2s: every binary ufunc is defined on them and nothing overflows in 4 steps."""
    return numpy.array([[1, 2, 2, 1, 2], [2, 1, 1, 2, 1], [2, 2, 1, 1, 2], [1, 1, 2, 2, 1]]).astype(dtype)


@gpu
@pytest.mark.parametrize("name", BINARY)
@pytest.mark.parametrize("dtype", DTYPES)
def test_accumulate_every_ufunc(name, dtype):
    rtol = 2e-3 if numpy.dtype(dtype).char in "e?bB" else 1e-6  # float16 loops (bool and int8 use them too)

    @numpy_gpuarray_equal(rtol=rtol)
    def body(xp):
        a = xp.asarray(accumulate_values(dtype))
        uf = getattr(xp, name)
        return [uf.accumulate(a), uf.accumulate(a, axis=1), uf.accumulate(a[::-1, ::2], axis=-1),
                uf.accumulate(a.T, axis=0), uf.accumulate(a[:, 0]), uf.accumulate(a[:0], axis=1)]
    body()


@gpu
@numpy_gpuarray_equal()
def test_accumulate_arguments(xp):
    a = xp.asarray(accumulate_values(numpy.int16))
    out = xp.zeros((4, 5), numpy.float32)
    r = xp.maximum.accumulate(a, axis=1, out=out)
    assert r is out
    return [out, xp.add.accumulate(a, dtype=numpy.int8), xp.subtract.accumulate(a, axis=1, dtype=numpy.float64),
            xp.add.accumulate(a[:, 0], axis=None), xp.multiply.accumulate(a, axis=(1,)),
            xp.minimum.accumulate(a, out=(xp.zeros((4, 5), numpy.int64),))]


@gpu
@pytest.mark.parametrize("case", ["scalar", "two_axes", "none_axis_2d", "bad_axis", "no_loop", "wrong_out"])
@numpy_gpuarray_equal()
def test_accumulate_errors(xp, case):
    a = xp.ones((2, 3))
    if case == "scalar":
        return xp.add.accumulate(xp.asarray(1.0))
    if case == "two_axes":
        return xp.add.accumulate(a, axis=(0, 1))
    if case == "none_axis_2d":
        return xp.maximum.accumulate(a, axis=None)
    if case == "bad_axis":
        return xp.add.accumulate(a, axis=-3)
    if case == "no_loop":
        return xp.less.accumulate(a)
    return xp.maximum.accumulate(a, out=xp.zeros((3, 2)))


@gpu
@numpy_gpuarray_equal(rtol=1e-12)
def test_sequential_accumulate_on_long_rows(xp):
    rng = numpy.random.default_rng(11)
    a = xp.asarray(rng.random((3, 20000)))
    return [xp.maximum.accumulate(a, axis=1), xp.minimum.accumulate(a, axis=0), xp.fmax.accumulate(a[0])]


@gpu
def test_repeated_accumulates_see_new_values():
    # A repeated launch runs from a graph after its second time; the
    # sequential kernel must read the values written since.
    host = numpy.arange(12.0).reshape(3, 4)
    a = gpuarray.asarray(host)
    for _ in range(4):
        numpy.testing.assert_array_equal(gpuarray.maximum.accumulate(a, axis=1).get(),
                                         numpy.maximum.accumulate(host, axis=1))
        a *= -1.5
        host *= -1.5


# ---- diff and ediff1d -------------------------------------------------------------------

@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@numpy_gpuarray_equal()
def test_diff_every_dtype(xp, dtype):
    a = xp.asarray(small_values(dtype))
    results = [xp.diff(a), xp.diff(a, axis=0), xp.diff(a[::-1, ::2], n=2), xp.diff(a.T, n=3, axis=-2),
               xp.diff(a, n=7), xp.diff(a[:0], axis=0)]
    if dtype != numpy.bool_:
        results += [xp.diff(a, prepend=0, append=xp.asarray(small_values(dtype, (4, 2)))),
                    xp.diff(a, axis=0, prepend=a[:1])]
    return results


@gpu
@pytest.mark.parametrize("case", ["zero_d", "bad_axis", "prepend_shape", "prepend_ndim", "bool_subtract_by_append"])
@numpy_gpuarray_equal()
def test_diff_errors(xp, case):
    a = xp.ones((2, 3))
    if case == "zero_d":
        return xp.diff(xp.asarray(1.0))
    if case == "bad_axis":
        return xp.diff(a, axis=2)
    if case == "prepend_shape":
        return xp.diff(a, axis=1, prepend=xp.ones((3, 1)))
    if case == "prepend_ndim":
        return xp.diff(a, axis=1, prepend=xp.ones(3))
    return xp.diff(xp.asarray(numpy.array([True, False])), append=xp.asarray(numpy.array([2.5])))


@gpu
@pytest.mark.parametrize("dtype", [d for d in DTYPES if d != numpy.bool_])
@numpy_gpuarray_equal()
def test_ediff1d(xp, dtype):
    a = xp.asarray(small_values(dtype))
    edge = xp.asarray(numpy.array([7, 8], dtype))
    five = xp.asarray(numpy.array(5, dtype))
    return [xp.ediff1d(a), xp.ediff1d(a[::-1, ::2], to_begin=edge), xp.ediff1d(a, to_end=five, to_begin=edge),
            xp.ediff1d(a[:0], to_end=edge), xp.ediff1d(a[:1, :1], to_begin=edge[:1])]


@gpu
@pytest.mark.parametrize("case", ["bool", "float_edge_on_int"])
@numpy_gpuarray_equal()
def test_ediff1d_errors(xp, case):
    if case == "bool":
        return xp.ediff1d(xp.asarray(numpy.array([True, False])))
    return xp.ediff1d(xp.asarray(numpy.arange(3)), to_begin=xp.asarray(numpy.array([0.5])))


@gpu
@pytest.mark.parametrize("fn", ["cumulative_sum", "cumulative_prod"])
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("include_initial", [False, True])
@numpy_gpuarray_equal()
def test_cumulative_api_every_dtype_and_layout(xp, fn, dtype, include_initial):
    a = xp.asarray(small_values(dtype, product=fn == "cumulative_prod"))
    scan = getattr(xp, fn)
    results = []
    for x in layouts(xp, a):
        axes = [None] if x.ndim == 0 else [0, 1, -1]
        results += [scan(x, axis=axis, include_initial=include_initial) for axis in axes]
    results.append(scan(a[0], include_initial=include_initial))  # one dimension: axis may be left out
    wide = numpy.complex128 if numpy.dtype(dtype).kind == "c" else numpy.float64
    results.append(scan(a, axis=1, dtype=wide, include_initial=include_initial))
    return results


@gpu
@pytest.mark.parametrize("include_initial", [False, True])
@numpy_gpuarray_equal()
def test_cumulative_api_out(xp, include_initial):
    a = xp.asarray(small_values(numpy.int32))
    out = xp.zeros((4, 7) if include_initial else (4, 6), numpy.float32)
    assert xp.cumulative_sum(a, axis=1, out=out, include_initial=include_initial) is out
    strided = xp.zeros((5 if include_initial else 4, 12), numpy.int64)[:, ::2]
    assert xp.cumulative_prod(a, axis=0, out=strided, include_initial=include_initial) is strided
    return [out, strided]
