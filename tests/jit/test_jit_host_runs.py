# SPDX-License-Identifier: BSD-3-Clause
"""What translated kernels and vectorized functions compute, checked against
NumPy on the CPU: the generated CUDA is built as host C++ (jit_host.py; the
vectorize kernels through the elementwise engine's host runner), every thread
run in turn. Layouts: contiguous, strided, transposed, negative strides,
broadcast (zero strides), 0-d and empty."""
import math

import numpy as np
import pytest

import gpuarray
from gpuarray import jit
from jit_host import run_on_host
from test_elementwise_codegen import run_kernels_on_host
from test_elementwise_kernel import host_kernel

RNG = np.random.default_rng(7)


# --- Kernels -------------------------------------------------------------------------------

@jit.rawkernel()
def axpy(a, x, y, out):
    for i in range(jit.grid(1), x.size, jit.gridsize(1)):
        out[i] = a * x[i] + y[i]


@jit.rawkernel()
def python_division(a, b, q, r):
    for i in range(jit.grid(1), a.size, jit.gridsize(1)):
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]


@jit.rawkernel()
def powers(a, b, out):
    i = jit.grid(1)
    if i < a.size:
        out[i] = a[i] ** b[i]


@jit.rawkernel()
def mixed(a, b, out):
    i = jit.grid(1)
    if i < out.size:
        out[i] = a[i] - b[i] * 3 + (a[i] > b[i])


@jit.rawkernel()
def matrix_2d(x, out):
    # One thread per row, any strides.
    i = jit.grid(1)
    n, m = x.shape
    if i < n:
        for j in range(m):
            out[i, j] = x[i, j] * 2 + j


@jit.rawkernel()
def sum_3d(x, out):
    i = jit.grid(1)
    if i < x.shape[0]:
        total = 0.0
        for j in range(x.shape[1]):
            for k in range(x.shape[2] - 1, -1, -1):
                total += x[i, j, k]
        out[i] = total


def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
        if steps >= 1000:
            break
    return steps


@jit.rawkernel()
def collatz(values, out):
    i = jit.grid(1)
    if i < values.size:
        out[i] = collatz_steps(values[i])


@jit.rawkernel()
def control_flow(x, out):
    i = jit.grid(1)
    if i >= x.size:
        return
    v = x[i]
    count = 0
    for k in range(20, 0, -3):
        if k == 11:
            continue
        if k < v:
            break
        count += 1
    a, b = v, count
    a, b = b, a
    out[i] = (a * 100 + b if v > 5 else -(a + b)) + max(v, 3, count) - min(v, 3) + abs(v - 10)


def numpy_control_flow(x):
    out = []
    for v in x.tolist():
        count = 0
        for k in range(20, 0, -3):
            if k == 11:
                continue
            if k < v:
                break
            count += 1
        a, b = count, v
        out.append((a * 100 + b if v > 5 else -(a + b)) + max(v, 3, count) - min(v, 3) + abs(v - 10))
    return np.array(out)


@jit.rawkernel()
def math_functions(x, out):
    i = jit.grid(1)
    if i < x.size:
        v = x[i]
        out[i, 0] = math.sqrt(abs(v))
        out[i, 1] = np.exp(v / 4)
        out[i, 2] = np.arctan2(v, 2.0)
        out[i, 3] = math.floor(v) + np.ceil(v) * 10
        out[i, 4] = np.hypot(v, 3.0)
        out[i, 5] = np.log1p(abs(v))
        out[i, 6] = np.tanh(v)
        out[i, 7] = np.isnan(v) + 2 * np.isfinite(v)


def host(x, dtype=None):
    return np.asarray(x, dtype)


def test_kernels_compute_what_numpy_computes(tmp_path):
    launches, checks = [], []

    def launch(kernel, grid, block, args, check):
        launches.append((kernel, grid, block, args))
        checks.append(check)

    for dtype in (np.float32, np.float64, np.int32, np.int64, np.uint8):
        x = (RNG.random(1000) * 100).astype(dtype)
        y = (RNG.random(1000) * 100).astype(dtype)
        out = np.zeros(1000, dtype)
        a = dtype(3)
        with np.errstate(over="ignore"):
            want = a * x + y
        launch(axpy, 3, 64, (a, x, y, out), lambda out=out, want=want: np.testing.assert_allclose(out, want, rtol=1e-6))
    # Python's // and % for every sign (and NumPy's 0 for integer division by zero).
    for dtype in (np.int8, np.int32, np.int64, np.float32, np.float64):
        a = np.array([7, -7, 7, -7, 0, 5, -5, 6], dtype)
        b = np.array([2, 2, -2, -2, 3, 3, 4, 0 if np.dtype(dtype).kind == "i" else 4], dtype)
        if a.dtype.kind == "f":   # where floor(a / b) is not NumPy's (1.0 // 0.1 is 9), zeros' signs, b = 0
            a = np.append(a, [1.0, -1.0, 0.7, -0.0, 0.0, 3.0, np.inf]).astype(dtype)
            b = np.append(b, [0.1, 0.1, 0.1, 3.0, -3.0, 0.0, 2.0]).astype(dtype)
        q, r = np.zeros_like(a), np.zeros_like(a)
        with np.errstate(all="ignore"):
            want_q, want_r = a // b, a % b
        launch(python_division, 2, 4, (a, b, q, r), lambda q=q, r=r, wq=want_q, wr=want_r: (
            np.testing.assert_array_equal(q, wq), np.testing.assert_array_equal(r, wr),
            np.testing.assert_array_equal(np.signbit(q), np.signbit(wq)),
            np.testing.assert_array_equal(np.signbit(r), np.signbit(wr))))
    for dtype in (np.int32, np.int64, np.float64):
        a = np.array([2, 3, -2, 5, 0, 1], dtype)
        b = np.array([10, 3, 3, 0, 2, 7], dtype)
        out = np.zeros_like(a)
        launch(powers, 1, 8, (a, b, out), lambda out=out, want=a ** b: np.testing.assert_array_equal(out, want))
    # Mixed types: int8 wraps as NumPy's int8 loop; uint32 and int64 meet in int64.
    for da, db in ((np.int8, np.int8), (np.uint32, np.int64), (np.int16, np.float32), (np.uint8, np.bool_)):
        a = (RNG.random(64) * 100).astype(da)
        b = (RNG.random(64) * 100).astype(db)
        with np.errstate(all="ignore"):
            want = a - b * 3 + (a > b)
        out = np.zeros(64, want.dtype)
        launch(mixed, 1, 64, (a, b, out), lambda out=out, want=want: np.testing.assert_allclose(out, want, rtol=1e-6))
    # N-d arrays of every layout: transposed, strided, negative strides, broadcast (stride 0).
    base = RNG.standard_normal((12, 10))
    for view in (base, base.T, base[::2, 1::3], base[::-1, ::-2], np.broadcast_to(base[0], (5, 10))):
        out = np.zeros(view.shape)
        launch(matrix_2d, 1, 32, (view, out), lambda out=out, v=view: np.testing.assert_allclose(
            out, v * 2 + np.arange(v.shape[1])))
    out_t = np.zeros((10, 12)).T   # writing through a transposed output
    launch(matrix_2d, 1, 32, (base, out_t), lambda: np.testing.assert_allclose(out_t, base * 2 + np.arange(10)))
    cube = RNG.standard_normal((4, 5, 6)).transpose(2, 0, 1)[:, ::-1]
    out3 = np.zeros(6)
    launch(sum_3d, 1, 8, (cube, out3), lambda: np.testing.assert_allclose(out3, cube.sum(axis=(1, 2))))
    empty = np.zeros((0, 3))
    launch(matrix_2d, 1, 4, (empty, np.zeros((0, 3))), lambda: None)
    values = np.arange(1, 200, dtype=np.int64)
    steps = np.zeros(199, np.int64)
    launch(collatz, 4, 64, (values, steps), lambda: np.testing.assert_array_equal(
        steps, [collatz_steps(int(v)) for v in values]))
    cf_in = np.arange(-3, 25, dtype=np.int64)
    cf_out = np.zeros_like(cf_in)
    launch(control_flow, 1, 32, (cf_in, cf_out), lambda: np.testing.assert_array_equal(cf_out,
                                                                                       numpy_control_flow(cf_in)))
    for dtype in (np.float32, np.float64):
        x = np.concatenate([RNG.standard_normal(30) * 4, [np.nan, np.inf, -0.0]]).astype(dtype)
        out = np.zeros((x.size, 8), dtype)
        with np.errstate(all="ignore"):
            want = np.stack([np.sqrt(abs(x)), np.exp(x / 4), np.arctan2(x, 2.0), np.floor(x) + np.ceil(x) * 10,
                             np.hypot(x, 3.0), np.log1p(abs(x)), np.tanh(x),
                             np.isnan(x) + 2 * np.isfinite(x)], axis=1).astype(dtype)
        tolerance = 1e-6 if dtype == np.float32 else 1e-13
        launch(math_functions, 1, 64, (x, out), lambda out=out, want=want, t=tolerance: np.testing.assert_allclose(
            out, want, rtol=t))
    run_on_host(tmp_path, launches)
    for check in checks:
        check()


# --- vectorize -----------------------------------------------------------------------------

def poly(x):
    return 3 * x ** 3 - 2 * x ** 2 + x - 5


def piecewise(x, y):
    if x > y:
        r = x - y
    elif x == y:
        r = x * 0
    else:
        r = (y - x) * 2
    return r


def with_tuple(a, b):
    return a + b, a * b


def polyval(p, x):
    result = 0.0
    for coefficient in p:
        result = result * x + coefficient
    return result


def run_vectorized(tmp_path, cases):
    """Runs each (vectorize object, input arrays, excluded values) on the host; returns their outputs."""
    kernels, keep, outputs = [], [], []
    for v, inputs, values in cases:
        ek = v._make_kernel(values, [a.dtype for a in inputs])
        shape = np.broadcast_shapes(*[a.shape for a in inputs])
        outs = [np.zeros(shape, dt) for dt in (np.dtype(p.dtype) for p in ek.out_params)]
        k, alive = host_kernel(ek, list(inputs), outs, outputs_given=True)
        kernels.append(k)
        keep.append((alive, inputs))
        outputs.append(outs)
    run_kernels_on_host(tmp_path, kernels, '#include "gpuarray/jit.cuh"')
    return outputs


def test_vectorize_computes_what_numpy_vectorize_computes(tmp_path):
    cases, expected = [], []
    # float16 is left to the GPU tests: the host build's float-to-half conversions do not round as the
    # device's (and NumPy's) do, so host results differ in the last bit.
    for dtype in (np.float32, np.float64, np.int32, np.int64, np.int16):
        x = (RNG.standard_normal(50) * 3).astype(dtype)
        cases.append((gpuarray.vectorize(poly), [x], [None]))
        with np.errstate(all="ignore"):
            expected.append([np.vectorize(poly)(x)])
    a = RNG.integers(-5, 5, (4, 1, 6)).astype(np.float32)
    b = RNG.integers(-5, 5, (3, 1)).astype(np.int16)
    cases.append((gpuarray.vectorize(piecewise), [a, b], [None, None]))
    expected.append([np.vectorize(piecewise, otypes=[np.float32])(a, b)])
    c = RNG.integers(-5, 5, 7).astype(np.int32)
    d = np.asarray(3, np.int64)   # a 0-d operand broadcasts
    cases.append((gpuarray.vectorize(with_tuple), [c, d], [None, None]))
    expected.append(list(np.vectorize(with_tuple)(c, d)))
    cases.append((gpuarray.vectorize(polyval, excluded={0}), [np.linspace(-1, 1, 9)], [[1, -2, 3.5], None]))
    expected.append([np.polyval([1, -2, 3.5], np.linspace(-1, 1, 9))])
    strided = RNG.standard_normal((6, 8))[::2, ::-3]
    cases.append((gpuarray.vectorize(poly, otypes="f"), [strided], [None]))
    expected.append([poly(strided).astype(np.float32)])
    cases.append((gpuarray.vectorize(lambda t: t * 2 if t else -1), [np.array([True, False, True])], [None]))
    expected.append([np.array([2, -1, 2])])
    outputs = run_vectorized(tmp_path, cases)
    for (v, inputs, _), got, want in zip(cases, outputs, expected):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            assert g.dtype == w.dtype or v.otypes, (v, g.dtype, w.dtype)
            tolerance = 1e-3 if g.dtype == np.float16 else 1e-6
            np.testing.assert_allclose(g.astype(np.float64), np.asarray(w, np.float64), rtol=tolerance, atol=1e-12)


# --- vectorize: arguments, refused before any device work --------------------------------

def test_vectorize_signature_is_refused():
    with pytest.raises(ValueError, match="signature='\\(n\\)->\\(\\)'.*not supported"):
        gpuarray.vectorize(poly, signature="(n)->()")


def test_vectorize_arguments():
    v = gpuarray.vectorize(poly, doc="polynomial")
    assert v.__doc__ == "polynomial" and v.__name__ == "poly"
    assert gpuarray.vectorize(poly).__doc__ is None
    assert gpuarray.vectorize(polyval, excluded={"p"}).excluded == {"p"}
    with pytest.raises(TypeError, match="excluded holds positions"):
        gpuarray.vectorize(poly, excluded={1.5})
    with pytest.raises(TypeError, match="not a dtype|data type"):
        gpuarray.vectorize(poly, otypes=["nonsense"])
    with pytest.raises(jit.JitError, match="complex128"):
        gpuarray.vectorize(poly, otypes=[np.complex128])
    with pytest.raises(TypeError, match="needs a callable"):
        gpuarray.vectorize(3)
    with pytest.raises(TypeError, match=r"\*args"):
        gpuarray.vectorize(lambda *args: 1)

    @gpuarray.vectorize(otypes=[np.float32])
    def decorated(x):
        return x + 1
    assert isinstance(decorated, gpuarray.vectorize) and decorated.otypes == [np.dtype(np.float32)]
    assert decorated._kernel_source([None], [np.dtype(np.int64)])[1] == "float32 out0"


def test_vectorize_errors_before_the_device():
    with pytest.raises(TypeError, match="poly\\(\\)"):
        gpuarray.vectorize(poly)(1, 2)
    with pytest.raises(ValueError, match="otypes names 2 outputs"):
        gpuarray.vectorize(poly, otypes="ff")._kernel_source([None], [np.dtype("f8")])
    with pytest.raises(jit.JitError, match="returns nothing"):
        gpuarray.vectorize(lambda x: None)._kernel_source([None], [np.dtype("f8")])
    with pytest.raises(TypeError, match="excluded argument"):
        gpuarray.vectorize(polyval, excluded={0})(object(), gpuarray.float64(1))
