# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.fuse: which functions fuse and into what (without a device), what
fused elementwise kernels compute on the CPU against NumPy, why the others
run unfused, and on a device fused results against NumPy's and the unfused
function's."""
import logging

import numpy as np
import pytest

import gpuarray
import gpuarray as xp
from gpuarray.jit._fuse import Fusion
from gpuarray.jit._types import WeakScalar
from fake_memory import fake_array
from test_elementwise_codegen import run_kernels_on_host
from test_elementwise_kernel import host_kernel

F4, F8, I1, I4 = (np.dtype(c) for c in ("f4", "f8", "i1", "i4"))
PY_FLOAT, PY_INT = WeakScalar(float), WeakScalar(int)
RNG = np.random.default_rng(5)
AXIS = 1


@xp.fuse()
def leaky(x, y, a):
    z = x * a + xp.sin(y)
    return xp.where(z > 0, z, 0.5 * z)


def leaky_numpy(x, y, a):
    z = x * a + np.sin(y)
    return np.where(z > 0, z, 0.5 * z)


@xp.fuse(kernel_name="clipped_pair")
def clipped_pair(x, y):
    return xp.clip(x - y, -1.0, 1.0), xp.maximum(x, y) ** 2


def clipped_pair_numpy(x, y):
    return np.clip(x - y, -1.0, 1.0), np.maximum(x, y) ** 2


@xp.fuse
def ufuncs_by_name(x, y):
    mask = xp.logical_and(xp.less(x, y), xp.logical_not(xp.equal(x, 0)))
    return xp.where(mask, xp.add(xp.multiply(x, 2), xp.negative(y)), xp.floor_divide(y, 3) + xp.remainder(x, 2))


def ufuncs_by_name_numpy(x, y):
    mask = np.logical_and(np.less(x, y), np.logical_not(np.equal(x, 0)))
    return np.where(mask, np.add(np.multiply(x, 2), np.negative(y)), np.floor_divide(y, 3) + np.remainder(x, 2))


@xp.fuse
def squared_distance(x, y):
    return xp.sum((x - y) ** 2, axis=-1, keepdims=True)


@xp.fuse
def row_mean(x):
    return (x * 2).mean(axis=AXIS)


@xp.fuse
def any_negative(x):
    return xp.any(x < 0)


@xp.fuse
def peak(x, y):
    return xp.max(xp.abs(x - y), axis=0)


@xp.fuse
def momentum_step(w, v, g, lr):
    # Note [In-place updates in fuse]: both arrays written by the kernel, w returned as itself
    v *= 0.9
    v += g
    xp.subtract(w, lr * v, out=w)
    return w, xp.abs(v)


def momentum_step_numpy(w, v, g, lr):
    v *= 0.9
    v += g
    np.subtract(w, lr * v, out=w)
    return w, np.abs(v)


@xp.fuse
def scaled_in_place(x, y):
    x += y * 2   # float64 y into an int32 x: NumPy's same_kind rule refuses it


@xp.fuse
def returned_out(x, y):
    return xp.multiply(x, y, out=x)


@xp.fuse
def centred_difference(x, h):
    # Note [Views in fuse]: x is passed only as its two views
    return (x[2:] - x[:-2]) / (2 * h)


@xp.fuse
def smooth_interior(x, weight):
    x[1:-1, 1:-1] += weight * (x[:-2, 1:-1] + x[2:, 1:-1])


@xp.fuse
def first_plus_rest(x):
    return x[0] + x[1:]


@xp.fuse
def add_shifted(x, y):
    x[1:] += y[:-1] * 2


@xp.fuse
def neighbour_products(x, n):
    return xp.sum(x[..., :n] * x[..., 1:n + 1], axis=-1)


@xp.fuse
def distance(x, y):
    return xp.linalg.norm(x - y, axis=-1)


@xp.fuse
def root_mean_square(x):
    return xp.sqrt(xp.sum(x * x, axis=0) / SAMPLES)


SAMPLES = 6


def plan(fusion, *types):
    result = fusion._plan(types)
    assert not isinstance(result, str), result
    return result


# --- Plans -----------------------------------------------------------------------------------

def test_decorator_forms():
    def f(x):
        return x + 1
    assert isinstance(xp.fuse(f), Fusion) and isinstance(xp.fuse()(f), Fusion)
    assert xp.fuse(kernel_name="k")(f).kernel_name == "k" and xp.fuse(f).__name__ == "f"
    with pytest.raises(TypeError, match="unexpected keyword"):
        xp.fuse(name="k")
    with pytest.raises(TypeError, match="Python function"):
        Fusion(len)


def test_elementwise_plan_types_follow_numpy():
    p = plan(leaky, F4, F4, PY_FLOAT)
    assert [q.dtype for q in p.kernel.out_params] == [F4]   # a Python float stays weak
    assert [q.dtype for q in plan(leaky, F4, F8, PY_FLOAT).kernel.out_params] == [F8]
    assert [q.dtype for q in plan(leaky, I1, I1, PY_INT).kernel.out_params] == [np.dtype("f2")]  # sin(int8)
    assert [q.dtype for q in plan(leaky, F4, F4, F8).kernel.out_params] == [F8]   # a NumPy scalar is strong
    pair = plan(clipped_pair, F4, I4)
    assert [q.dtype for q in pair.kernel.out_params] == [F8, F8] and pair.kernel.return_tuple
    assert "fused_clipped_pair" in pair.kernel.preamble


@pytest.mark.parametrize("fusion, dtype, out", [
    (squared_distance, "i1", "int64"), (squared_distance, "f4", "float32"), (squared_distance, "u2", "uint64"),
    (row_mean, "i4", "float64"), (row_mean, "f4", "float32"), (any_negative, "f8", "bool"),
    (peak, "f2", "float16"), (peak, "i8", "int64"),
])
def test_reduction_plans_follow_numpy(fusion, dtype, out):
    dt = np.dtype(dtype)
    p = plan(fusion, *([dt] * (fusion.__wrapped__.__code__.co_argcount)))
    assert p.kernel.out_params[0].dtype == np.dtype(out)
    assert p.reduction in ("sum", "mean", "any", "max")
    assert p.kernel.map_expr.count("fused_") == 1


def test_reduction_options():
    assert (squared_distance._plans, plan(squared_distance, F4, F4).axis) == ({}, -1)
    assert plan(squared_distance, F4, F4).keepdims is True
    assert plan(row_mean, F4).axis == AXIS   # a global read before the call
    assert plan(peak, F4, F4).kernel.reduce_expr == "ga::jit::maximum(a, b)"
    assert plan(peak, F4, F4).kernel.identity is None


def helper(v):
    if v > 0:
        return v
    return -v


def fusion_of(source_body, name="f", args="x, y"):
    namespace = {"xp": xp, "np": np, "helper": helper}
    source = f"def {name}({args}):\n{source_body}"
    filename = f"<fuse-{abs(hash(source))}>"
    gpuarray.jit.register_source(source, filename)
    exec(compile(source, filename, "exec"), namespace)
    return Fusion(namespace[name])


@pytest.mark.parametrize("body, reason", [
    ("    if x > 0:\n        return x\n    return y\n", "an if statement"),
    ("    return x if x > y else y\n", "a conditional expression"),
    ("    return max(x, y)\n", "Python's max()"),
    ("    return x.shape\n", "has no attribute 'shape'"),
    ("    return x[y > 0]\n", "not basic indexing"),
    ("    x[1:] += y\n    return x\n", "is used whole"),
    ("    x = x + y\n    return x\n", "updates the array in place"),
    ("    return xp.add(x, y, out=x) * 2\n", "out= inside an expression"),
    ("    x += y\n    return xp.sum(x)\n", "ends in a reduction"),
    ("    x += y\n    if True:\n        return x\n    return y\n", "a return before the end"),
    ("    return (x > 0) and (y > 0)\n", "and/or"),
    ("    return 0 < x < y\n", "chained comparison"),
    ("    return xp.sum(x + y, dtype=xp.float64)\n", "dtype"),
    ("    return xp.linalg.norm(x - y, ord=1)\n", "ord other than 2"),
    ("    return xp.sum(x) + xp.max(y)\n", "more than one reduction"),
    ("    return xp.sum(x) * y\n", "per element"),
    ("    return xp.mean(x) * 2\n", "a mean inside"),
    ("    return helper(x) + y\n", "an if statement"),   # a called helper sees arrays too
])
def test_unfusable_functions_say_why(body, reason):
    result = fusion_of(body)._plan((F4, F4))
    assert isinstance(result, str) and reason in result, result


def test_calls_that_run_unfused_and_log(caplog):
    calls = []

    def traced(x, y):
        calls.append((x, y))
        return "unfused"
    f = Fusion(traced)
    with caplog.at_level(logging.DEBUG, logger="gpuarray.fuse"):
        assert f(np.zeros(3), np.ones(3)) == "unfused"       # host arrays
        assert f(1.0, 2) == "unfused"                          # no array
        a, _ = fake_array((3,), np.float32)
        assert f(a, "text") == "unfused"                       # not an argument kernels take
    assert len(calls) == 3
    messages = [r.getMessage() for r in caplog.records]
    assert sum("no gpuarray array" in m for m in messages) == 2   # host arrays, scalars only
    assert any("str" in m for m in messages)


def test_in_place_plans_write_the_updated_arguments():
    p = plan(momentum_step, F4, F4, F4, PY_FLOAT)
    assert p.in_place.updated == [0, 1] and p.in_place.returned == [("argument", 0), ("value", 0)]
    assert p.in_place.as_tuple and list(p.value_dtypes) == [F4]
    assert p.kernel.nin == 4 and p.kernel.nout == 3        # |v|, then w and v written in place
    q = plan(returned_out, I4, I4)
    assert q.in_place.returned == [("argument", 0)] and not q.in_place.as_tuple and q.kernel.nout == 1
    assert plan(scaled_in_place, I4, I4).in_place.returned == []   # returns None
    assert "type mismatch" in scaled_in_place._plan((I4, F8))       # NumPy raises; the unfused call does too
    assert "Python number" in Fusion(scaled_in_place.func)._plan((PY_INT, I4))


def test_view_plans_pass_views_in_place_of_their_arguments():
    p = plan(centred_difference, F8, PY_FLOAT)
    assert p.views.kept == [1] and p.views.used == ["_ga_view0", "_ga_view1"] and p.kernel.nin == 3
    x = np.arange(10.0) ** 2
    args = p.views.arguments([x, 0.5])
    assert args[0] == 0.5 and np.shares_memory(args[1], x) and args[1].shape == (8,)
    q = plan(smooth_interior, F4, PY_FLOAT)
    assert q.views.kept == [1] and q.in_place.updated == [1] and q.kernel.nout == 1   # the interior view
    r = plan(neighbour_products, F4, PY_INT)
    assert r.reduction == "sum" and r.views.kept == [1]
    assert "argument 'n'" in neighbour_products._plan((F4, I4))   # a bound from an array-typed argument


def test_compositions_of_a_reduction_run_in_its_post_map():
    p = plan(distance, F4, F4)
    assert p.reduction == "sum" and p.axis == -1 and "sqrt" in p.kernel.post_map_expr + p.kernel.preamble
    assert np.dtype(p.kernel.out_params[0].dtype) == F4      # NumPy's norm of float32 is float32
    assert np.dtype(plan(distance, I4, I4).kernel.out_params[0].dtype) == F8   # of integers float64
    q = plan(root_mean_square, F8)
    assert q.reduction == "sum" and "post" in q.kernel.post_map_expr


# --- Fused elementwise kernels on the CPU ----------------------------------------------------

def test_fused_elementwise_kernels_compute_what_numpy_computes(tmp_path):
    x = RNG.standard_normal((4, 5)).astype(np.float32)
    y = RNG.standard_normal(5).astype(np.float32)
    cases = [
        (leaky, [x, y, 2.5], [leaky_numpy(x, y, 2.5)]),
        (leaky, [x.T, y[:4].astype(np.float64), 0.25], [leaky_numpy(x.T, y[:4].astype(np.float64), 0.25)]),
        (clipped_pair, [x, y.astype(np.int32)], list(clipped_pair_numpy(x, y.astype(np.int32)))),
    ]
    xi, yi = RNG.integers(-9, 9, (3, 8)), RNG.integers(-9, 9, 8).astype(np.int16)
    cases.append((ufuncs_by_name, [xi, yi], [ufuncs_by_name_numpy(xi, yi)]))
    cases.append((ufuncs_by_name, [x, y], [ufuncs_by_name_numpy(x, y)]))
    kernels, outputs, keep = [], [], []
    for fusion, args, want in cases:
        types = tuple(a.dtype if isinstance(a, np.ndarray) else WeakScalar(type(a)) for a in args)
        ek = plan(fusion, *types).kernel
        outs = [np.zeros(w.shape, w.dtype) for w in want]
        k, alive = host_kernel(ek, args, outs, outputs_given=True)
        kernels.append(k)
        keep.append(alive)
        outputs.append((outs, want))
    run_kernels_on_host(tmp_path, kernels, '#include "gpuarray/jit.cuh"')
    for outs, want in outputs:
        for got, w in zip(outs, want):
            assert got.dtype == w.dtype
            np.testing.assert_allclose(got, w, rtol=1e-6)


def test_in_place_kernels_update_their_arguments_on_the_cpu(tmp_path):
    w, v, g = (RNG.standard_normal((3, 7)).astype(np.float32) for _ in range(3))
    want_w, want_v = w.copy(), v.copy()
    _, want_abs = momentum_step_numpy(want_w, want_v, g, 0.1)
    xi, yi = RNG.integers(-9, 9, (2, 5)).astype(np.int32), RNG.integers(-9, 9, 5).astype(np.int32)
    want_xi = xi * yi
    got_abs = np.zeros_like(want_abs)
    k1, alive1 = host_kernel(plan(momentum_step, F4, F4, F4, PY_FLOAT).kernel, [w, v, g, 0.1], [got_abs, w, v],
                             outputs_given=True)
    k2, alive2 = host_kernel(plan(returned_out, I4, I4).kernel, [xi, yi], [xi], outputs_given=True)
    run_kernels_on_host(tmp_path, [k1, k2], '#include "gpuarray/jit.cuh"')
    np.testing.assert_allclose(w, want_w, rtol=1e-6)
    np.testing.assert_allclose(v, want_v, rtol=1e-6)
    np.testing.assert_allclose(got_abs, want_abs, rtol=1e-6)
    np.testing.assert_array_equal(xi, want_xi)


def test_view_kernels_compute_what_numpy_computes_on_the_cpu(tmp_path):
    x = RNG.standard_normal(12)
    want = (x[2:] - x[:-2]) / (2 * 0.25)
    g, h = RNG.standard_normal(9).astype(np.float32), RNG.standard_normal(9).astype(np.float32)
    want_g = g.copy()
    want_g[1:] += h[:-1] * 2
    p, q = plan(centred_difference, F8, PY_FLOAT), plan(add_shifted, F4, F4)
    got = np.zeros_like(want)
    k1, alive1 = host_kernel(p.kernel, p.views.arguments([x, 0.25]), [got], outputs_given=True)
    args = q.views.arguments([g, h])   # the updated view of g, the view of h
    k2, alive2 = host_kernel(q.kernel, args, [args[0]], outputs_given=True)
    run_kernels_on_host(tmp_path, [k1, k2], '#include "gpuarray/jit.cuh"')
    np.testing.assert_allclose(got, want, rtol=1e-12)
    np.testing.assert_allclose(g, want_g, rtol=1e-6)


# --- On a device ---------------------------------------------------------------------------

@pytest.mark.gpu
def test_fused_results_match_numpy_and_the_unfused_function():
    x = RNG.standard_normal((64, 33)).astype(np.float32)
    y = RNG.standard_normal(33).astype(np.float32)
    dx, dy = xp.asarray(x), xp.asarray(y)
    # The fused kernel may contract a multiply and an add into one FMA: a few float32 ulp
    # apart from NumPy's separately rounded steps (H100: 7 of 2112 values at 5e-6).
    np.testing.assert_allclose(leaky(dx, dy, 2.5).get(), leaky_numpy(x, y, 2.5), rtol=1e-5)
    np.testing.assert_allclose(leaky(dx, dy, 2.5).get(), leaky.__wrapped__(dx, dy, 2.5).get(), rtol=1e-5)
    first, second = clipped_pair(dx, dy)
    want_first, want_second = clipped_pair_numpy(x, y)
    np.testing.assert_allclose(first.get(), want_first, rtol=1e-6)
    np.testing.assert_allclose(second.get(), want_second, rtol=1e-6)
    np.testing.assert_allclose(squared_distance(dx, dy).get(), ((x - y) ** 2).sum(axis=-1, keepdims=True),
                               rtol=1e-5)
    np.testing.assert_allclose(row_mean(dx).get(), (x * 2).mean(axis=AXIS), rtol=1e-5)
    xi = RNG.integers(-50, 50, (10, 7)).astype(np.int8)
    np.testing.assert_array_equal(squared_distance(xp.asarray(xi), xp.asarray(xi[0])).get(),
                                  ((xi - xi[0]) ** 2).sum(axis=-1, keepdims=True))
    assert bool(any_negative(dx).get()) == bool((x < 0).any())
    xn = x.copy()
    xn[3, 4] = np.nan
    assert np.isnan(peak(xp.asarray(xn), dy).get()[4])


@pytest.mark.gpu
def test_unfused_functions_give_the_same_results():
    x = xp.asarray(RNG.standard_normal(100))
    y = xp.asarray(RNG.standard_normal(100))

    @xp.fuse
    def in_place(a, b):
        a += b
        return a
    expected = x.get() + y.get()
    result = in_place(x, y)
    np.testing.assert_allclose(result.get(), expected)
    np.testing.assert_allclose(x.get(), expected)   # the argument was updated, as NumPy would

    @xp.fuse
    def norm(a):
        return xp.linalg.norm(a)
    np.testing.assert_allclose(float(norm(x).get()), np.linalg.norm(x.get()))

    @xp.fuse
    def sliced(a, b):
        return a[1:] * b[:-1]
    np.testing.assert_allclose(sliced(x, y).get(), x.get()[1:] * y.get()[:-1])


@pytest.mark.gpu
def test_empty_max_raises_numpys_error():
    with pytest.raises(ValueError):
        peak(xp.zeros((0, 3)), xp.zeros(3))


@pytest.mark.gpu
def test_in_place_updates_match_numpy():
    rng = np.random.default_rng(3)
    w, v, g = (rng.standard_normal((40, 9)).astype(np.float32) for _ in range(3))
    dw, dv, dg = xp.asarray(w), xp.asarray(v), xp.asarray(g)
    returned_w, abs_v = momentum_step(dw, dv, dg, 0.1)
    want_w, want_abs = momentum_step_numpy(w, v, g, 0.1)
    assert returned_w is dw                      # the array itself, as NumPy returns it
    np.testing.assert_allclose(dw.get(), want_w, rtol=1e-5)
    np.testing.assert_allclose(dv.get(), v, rtol=1e-5)
    np.testing.assert_allclose(abs_v.get(), want_abs, rtol=1e-5)
    # broadcasting into the updated array; strided and negative-stride targets
    x = rng.integers(-9, 9, (6, 8)).astype(np.int32)
    dx = xp.asarray(x)
    assert returned_out(dx[:, ::-2], xp.asarray(x[0, ::2])) is not None
    x[:, ::-2] *= x[0, ::2]
    np.testing.assert_array_equal(dx.get(), x)
    # a target another argument overlaps runs unfused, with NumPy's result
    y = rng.integers(-9, 9, 10).astype(np.int32)
    dy = xp.asarray(y)
    returned_out(dy[1:], dy[:-1])
    np.multiply(y[1:], y[:-1], out=y[1:])
    np.testing.assert_array_equal(dy.get(), y)
    # NumPy's errors, from the unfused call: same_kind casting, a target smaller than the broadcast
    with pytest.raises(TypeError):
        scaled_in_place(xp.zeros(3, np.int32), xp.ones(3))
    with pytest.raises(ValueError):
        returned_out(xp.zeros(3, np.int32), xp.ones((2, 3), np.int32))


@pytest.mark.gpu
def test_views_match_numpy():
    rng = np.random.default_rng(4)
    x = rng.standard_normal(1000)
    np.testing.assert_allclose(centred_difference(xp.asarray(x), 0.1).get(), (x[2:] - x[:-2]) / 0.2, rtol=1e-12)
    g = rng.standard_normal((30, 20)).astype(np.float32)
    dg = xp.asarray(g)
    assert smooth_interior(dg, 0.5) is None
    # NumPy evaluates the right side into a temporary before adding. The kernel reads the neighbour views
    # of the array it writes: they overlap the interior, so this call runs unfused, with NumPy's result.
    g[1:-1, 1:-1] += np.float32(0.5) * (g[:-2, 1:-1] + g[2:, 1:-1])
    np.testing.assert_allclose(dg.get(), g, rtol=1e-6)
    y = rng.standard_normal((4, 9)).astype(np.float32)
    np.testing.assert_allclose(neighbour_products(xp.asarray(y), 5).get(), (y[:, :5] * y[:, 1:6]).sum(-1), rtol=1e-5)
    z = rng.standard_normal((5, 3))
    np.testing.assert_allclose(first_plus_rest(xp.asarray(z)).get(), z[0] + z[1:], rtol=1e-12)
    with pytest.raises(IndexError):   # NumPy's error, from the unfused call
        first_plus_rest(xp.zeros((0, 3)))


@pytest.mark.gpu
def test_reduction_compositions_match_numpy():
    rng = np.random.default_rng(6)
    x, y = rng.standard_normal((6, 50)).astype(np.float32), rng.standard_normal(50).astype(np.float32)
    np.testing.assert_allclose(distance(xp.asarray(x), xp.asarray(y)).get(), np.linalg.norm(x - y, axis=-1),
                               rtol=1e-5)
    xi = rng.integers(-5, 5, (6, 7))
    np.testing.assert_allclose(distance(xp.asarray(xi), xp.asarray(xi[0])).get(),
                               np.linalg.norm(xi - xi[0], axis=-1), rtol=1e-12)
    np.testing.assert_allclose(root_mean_square(xp.asarray(x.astype(np.float64))).get(),
                               np.sqrt((x.astype(np.float64) ** 2).sum(axis=0) / SAMPLES), rtol=1e-12)
