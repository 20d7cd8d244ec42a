# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's __array_ufunc__/__array_function__ on gpuarray arrays: where each NumPy call is
routed (with stand-in implementations, no GPU needed), then real GPU runs."""
import sys
import types

import numpy
import pytest

import gpuarray
from gpuarray._ufunc import numpy_dispatch as _numpy_dispatch
from fake_memory import fake_array

gpu = pytest.mark.gpu


class Recorder:
    """Stands in for a gpuarray implementation: records how it was called."""

    def __init__(self, name="impl"):
        self.calls = []
        self.__name__ = name

    def __call__(self, *args, **kwargs):
        self.calls.append(("__call__", args, kwargs))
        return "called"

    def __getattr__(self, method):
        if method.startswith("__"):
            raise AttributeError(method)
        return lambda *args, **kwargs: self.calls.append((method, args, kwargs)) or method


@pytest.mark.parametrize("module, name, expected", [
    ("numpy", "sum", lambda: gpuarray.sum),
    ("numpy", "concatenate", lambda: gpuarray.concatenate),
    ("numpy", "add", lambda: gpuarray.add),
    ("numpy", "printoptions", lambda: None),  # re-exported from NumPy: no GPU implementation
    ("numpy", "no_such_function", lambda: None),
    ("numpy.no_such_module", "f", lambda: None),
    ("scipy.linalg", "svd", lambda: None),
])
def test_dispatch_table(module, name, expected):
    assert _numpy_dispatch.find_function(module, name) is expected()


def test_submodules_are_looked_up_at_call_time(monkeypatch):
    a, _ = fake_array((3, 3))
    monkeypatch.setitem(sys.modules, "gpuarray.linalg", types.ModuleType("gpuarray.linalg"))
    with pytest.raises(TypeError, match="numpy.linalg.svd"):
        numpy.linalg.svd(a)
    fake_linalg = types.ModuleType("gpuarray.linalg")
    fake_linalg.svd = Recorder()
    monkeypatch.setitem(sys.modules, "gpuarray.linalg", fake_linalg)
    assert numpy.linalg.svd(a, full_matrices=False) == "called"
    assert fake_linalg.svd.calls == [("__call__", (a,), {"full_matrices": False})]
    fake_fft = types.ModuleType("gpuarray.fft")
    fake_fft.fft = Recorder()
    monkeypatch.setitem(sys.modules, "gpuarray.fft", fake_fft)
    assert numpy.fft.fft(a, n=4) == "called"


def test_array_function_routes_by_name(monkeypatch):
    a, _ = fake_array((2, 2))
    b, _ = fake_array((2, 2))
    for name in ("sum", "concatenate"):
        monkeypatch.setattr(gpuarray, name, Recorder(name))
    assert numpy.sum(a, axis=1) == "called"
    assert gpuarray.sum.calls == [("__call__", (a,), {"axis": 1})]
    assert numpy.concatenate([a, b]) == "called"
    assert gpuarray.concatenate.calls[0][1][0] == [a, b]


def test_missing_function_names_itself(monkeypatch):
    a, _ = fake_array((2,))
    monkeypatch.delattr(gpuarray, "sum")
    with pytest.raises(TypeError, match="numpy.sum"):
        numpy.sum(a)


def test_numpy_functions_gpuarray_lacks_name_themselves():
    a, _ = fake_array((3, 3))
    lacking = [(name, call) for name, call in [
        ("numpy.busday_count", lambda: numpy.busday_count(a, a)),
        ("numpy.datetime_as_string", lambda: numpy.datetime_as_string(a)),
    ] if not hasattr(gpuarray, name.split(".")[1])]
    assert lacking, "gpuarray has all of them: pick other functions it lacks"
    for name, call in lacking:
        with pytest.raises(TypeError, match=f"{name} is not implemented in gpuarray"):
            call()


def test_host_arrays_mixed_in_raise_type_error():
    a, _ = fake_array((2,))
    with pytest.raises(TypeError, match="gpuarray.asarray"):
        numpy.add(a, numpy.ones(2))
    with pytest.raises(TypeError, match="gpuarray.asarray"):
        numpy.concatenate([a, numpy.ones(2)])
    with pytest.raises(TypeError, match="gpuarray.asarray"):
        numpy.add(a, 1, out=(numpy.ones(2),))


@pytest.mark.parametrize("method, call", [
    ("__call__", lambda u, a: u(a, 2)),
    ("reduce", lambda u, a: u.reduce(a, axis=0)),
    ("accumulate", lambda u, a: u.accumulate(a)),
    ("outer", lambda u, a: u.outer(a, a)),
    ("at", lambda u, a: u.at(a, [0, 1], 1)),
    ("reduceat", lambda u, a: u.reduceat(a, [0, 1])),
])
def test_ufunc_methods_route_to_the_gpuarray_ufunc(monkeypatch, method, call):
    a, _ = fake_array((3,))
    rec = Recorder("add")
    monkeypatch.setattr(gpuarray, "add", rec)
    call(numpy.add, a)
    assert rec.calls[0][0] == method and rec.calls[0][1][0] is a


def test_ufunc_out_tuple_is_unwrapped_for_one_output(monkeypatch):
    a, _ = fake_array((3,))
    out, _ = fake_array((3,))
    rec = Recorder("add")
    monkeypatch.setattr(gpuarray, "add", rec)
    numpy.add(a, 1, out=out)
    numpy.add.reduce(a, out=(out[:1].reshape(()),))
    assert rec.calls[0][2]["out"] is out
    assert isinstance(rec.calls[1][2]["out"], gpuarray.ndarray)


def test_ufunc_gpuarray_lacks(monkeypatch):
    a, _ = fake_array((3,))
    monkeypatch.delattr(gpuarray, "add")
    with pytest.raises(TypeError, match="numpy.add"):
        numpy.add(a, a)


def test_get_array_module():
    a, _ = fake_array((1,))
    assert gpuarray.get_array_module(a, 1) is gpuarray
    assert gpuarray.get_array_module(numpy.ones(1), 2.0) is numpy
    assert gpuarray.get_array_module() is numpy


# ------------------------------------------------------------ on a GPU

@gpu
def test_gpu_numpy_calls_run_on_the_device():
    x = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
    g = gpuarray.asarray(x)
    for result, expected in [
        (numpy.add(g, 1), x + 1),
        (numpy.sin(g), numpy.sin(x)),
        (numpy.add.reduce(g, axis=1), x.sum(1)),
        (numpy.multiply.accumulate(g, axis=0), numpy.multiply.accumulate(x, axis=0)),
        (numpy.subtract.outer(g[0], g[1]), numpy.subtract.outer(x[0], x[1])),
        (numpy.add.reduceat(g[0], [0, 2]), numpy.add.reduceat(x[0], [0, 2])),
        (numpy.sum(g, axis=0), x.sum(0)),
        (numpy.concatenate([g, g]), numpy.concatenate([x, x])),
        (numpy.float32(2) * g, 2 * x),
    ]:
        assert isinstance(result, gpuarray.ndarray)
        numpy.testing.assert_allclose(result.get(), expected, rtol=1e-6)
    out = gpuarray.empty((3, 4), numpy.float32)
    assert numpy.multiply(g, 2, out=out) is out
    numpy.testing.assert_array_equal(out.get(), x * 2)
    q, r = numpy.divmod(g, 3)
    numpy.testing.assert_array_equal(q.get(), x // 3)
    numpy.add.at(g, [0, 0], 1)
    x2 = x.copy()
    numpy.add.at(x2, [0, 0], 1)
    numpy.testing.assert_array_equal(g.get(), x2)


@gpu
def test_gpu_ufunc_methods_with_out():
    x = numpy.arange(12, dtype=numpy.float64).reshape(3, 4)
    g = gpuarray.asarray(x)
    out = gpuarray.empty(4)
    assert numpy.add.reduce(g, axis=0, out=out) is out
    numpy.testing.assert_array_equal(out.get(), x.sum(0))
    acc = gpuarray.empty((3, 4))
    assert numpy.add.accumulate(g, axis=1, out=acc) is acc
    numpy.testing.assert_array_equal(acc.get(), numpy.add.accumulate(x, axis=1))
    outer = gpuarray.empty((4, 4))
    assert numpy.multiply.outer(g[0], g[1], out=outer) is outer
    numpy.testing.assert_array_equal(outer.get(), numpy.multiply.outer(x[0], x[1]))
    q, r = gpuarray.empty((3, 4)), gpuarray.empty((3, 4))
    result = numpy.divmod(g, 5, out=(q, r))
    assert result[0] is q and result[1] is r
    numpy.testing.assert_array_equal(q.get(), x // 5)
    numpy.testing.assert_array_equal(r.get(), x % 5)
    kept = numpy.maximum.reduce(g, axis=1, keepdims=True)
    numpy.testing.assert_array_equal(kept.get(), x.max(1, keepdims=True))
    counts = gpuarray.zeros(3, numpy.int64)
    numpy.add.at(counts, gpuarray.asarray([0, 2, 2, 2]), 1)
    numpy.testing.assert_array_equal(counts.get(), [1, 0, 3])


@gpu
def test_gpu_numpy_functions_dispatch_to_gpuarray_modules():
    rng = numpy.random.default_rng(7)
    x = rng.standard_normal((6, 4))
    g = gpuarray.asarray(x)
    s = numpy.linalg.svd(g, compute_uv=False)
    assert isinstance(s, gpuarray.ndarray)
    numpy.testing.assert_allclose(s.get(), numpy.linalg.svd(x, compute_uv=False), rtol=1e-10)
    u, sv, vh = numpy.linalg.svd(g, full_matrices=False)
    numpy.testing.assert_allclose(((u * sv) @ vh).get(), x, atol=1e-10)
    f = numpy.fft.fft(g, axis=0)
    assert isinstance(f, gpuarray.ndarray)
    numpy.testing.assert_allclose(f.get(), numpy.fft.fft(x, axis=0), atol=1e-12)
    c = numpy.concatenate([g, g], axis=1)
    numpy.testing.assert_array_equal(c.get(), numpy.concatenate([x, x], axis=1))
    assert gpuarray.get_array_module(g) is gpuarray
    with pytest.raises(TypeError, match="gpuarray.asarray"):
        numpy.concatenate([g, x])
    with pytest.raises(TypeError, match="gpuarray.asarray"):
        numpy.add(x, g)
