# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's warnings for empty slices and for slices without degrees of
freedom (Note [Empty-slice warnings] in _reduction/empty_slice_warnings.py): mean, var,
std and their nan-variants as functions and methods, average, median,
nanmedian and the nan-quantiles, over axis None / int / tuple, keepdims,
dtype=, out=, where=, ddof and correction, against the installed NumPy: the
same warnings (category and text, in NumPy's order) and the same values. Marked `gpu`
where arrays are made. Without a GPU: the decisions taken from shapes,
checked on NumPy arrays standing in for device arrays, and that np.errstate
governs the floating-point warnings as it governs NumPy's."""
import math
import warnings

import numpy as np
import pytest

import gpuarray as ga
from gpuarray._reduction import empty_slice_warnings as _reduction_warnings

gpu = pytest.mark.gpu
nan = np.nan

ARRAYS = {
    "empty": lambda: np.zeros(0), "empty_int": lambda: np.zeros(0, np.int64),
    "empty_f32": lambda: np.zeros(0, np.float32), "empty_f16": lambda: np.zeros(0, np.float16),
    "empty_c128": lambda: np.zeros(0, np.complex128), "empty_c64": lambda: np.zeros(0, np.complex64),
    "empty_rows": lambda: np.zeros((0, 3)), "empty_columns": lambda: np.zeros((3, 0)),
    "empty_middle": lambda: np.zeros((2, 0, 3)), "empty_both": lambda: np.zeros((0, 0)),
    "one": lambda: np.array([1.0]), "two": lambda: np.array([1.0, 2.0]), "equal": lambda: np.array([3.0, 3.0]),
    "two_int": lambda: np.arange(2), "two_f16": lambda: np.array([1, 2], np.float16),
    "two_c128": lambda: np.array([1 + 1j, 2]), "rows": lambda: np.array([[1.0, 2.0, 3.0], [4.0, 4.0, 4.0]]),
    "nans": lambda: np.array([nan, nan]), "nan_row": lambda: np.array([[nan, nan], [1.0, 2.0]]),
    "one_nan": lambda: np.array([1.0, nan]), "nan_columns": lambda: np.array([[nan, 1.0, 2.0], [nan, nan, 3.0]]),
}
EMPTY = [name for name in ARRAYS if name.startswith("empty")]


def record(call):
    """(result or None, exception type or None, [(category, text)]) of call()."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result, error = call(), None
        except Exception as exc:  # compared between NumPy and gpuarray
            result, error = None, type(exc)
    return result, error, [(w.category, str(w.message)) for w in caught]


def reduction_cases():
    """(array, function, kwargs): every reduction over each array's axes."""
    for name, make in ARRAYS.items():
        a = make()
        axes = [None, 0, -1] + ([(0, a.ndim - 1)] if a.ndim > 1 else [])
        for axis in axes:
            for keepdims in (False, True):
                for fn in ("mean", "nanmean"):
                    yield name, fn, dict(axis=axis, keepdims=keepdims)
                for fn in ("var", "std", "nanvar", "nanstd"):
                    for ddof in (0, 1, 2):
                        yield name, fn, dict(axis=axis, keepdims=keepdims, ddof=ddof)
        yield name, "var", dict(correction=2)
        yield name, "nanstd", dict(ddof=1.5)
        if a.dtype.kind != "c":
            yield name, "mean", dict(dtype=np.float32)
            yield name, "std", dict(dtype=np.float32, ddof=2)
            yield name, "mean", dict(out=np.zeros(()))
            yield name, "var", dict(out=np.zeros(()), ddof=2)
        if a.ndim == 2:
            mask = np.zeros(a.shape, bool)
            mask[..., :1] = True
            for fn, extra in [("mean", {}), ("var", {"ddof": 1}), ("var", {}), ("std", {"ddof": 1}),
                              ("nanmean", {}), ("nanvar", {"ddof": 1})]:
                yield name, fn, dict(axis=-1, where=mask, **extra)
            yield name, "var", dict(where=mask, ddof=1)
            yield name, "nanvar", dict(axis=0, out=np.zeros(a.shape[1]), ddof=1)


def statistics_cases():
    for name in EMPTY + ["nans", "nan_row", "nan_columns", "two"]:
        a = ARRAYS[name]()
        for axis in [None, 0] + ([-1] if a.ndim > 1 else []):
            yield name, "median", dict(axis=axis)
            yield name, "nanmedian", dict(axis=axis)
            yield name, "average", dict(axis=axis)
            yield name, "nanquantile", dict(q=0.5, axis=axis)
        yield name, "nanpercentile", dict(q=50, keepdims=True)
        yield name, "average", dict(axis=0, returned=True)


def ids(cases):
    return [pytest.param(*case, id=f"{case[1]}-{case[0]}-{case[2]}") for case in cases]


def on_device(kwargs):
    return {k: ga.asarray(v) if isinstance(v, np.ndarray) else v for k, v in kwargs.items()}


def results(x):
    """A result, or each of a tuple of results, as host arrays."""
    return tuple(v.get() if isinstance(v, ga.ndarray) else np.asarray(v) for v in (x if isinstance(x, tuple) else (x,)))


def check_same(np_call, ga_call):
    expected, np_error, np_warnings = record(np_call)
    got, ga_error, ga_warnings = record(ga_call)
    assert ga_warnings == np_warnings
    assert ga_error == np_error
    if np_error is None:
        for e, g in zip(results(expected), results(got), strict=True):
            assert g.shape == e.shape and g.dtype == e.dtype
            np.testing.assert_allclose(g, e, rtol=1e-6, equal_nan=True)


@gpu
@pytest.mark.parametrize("name,fn,kwargs", ids(reduction_cases()))
def test_reduction_warnings_as_numpy(name, fn, kwargs):
    a = ARRAYS[name]()
    check_same(lambda: getattr(np, fn)(a, **{k: v.copy() if isinstance(v, np.ndarray) else v
                                              for k, v in kwargs.items()}),
               lambda: getattr(ga, fn)(ga.asarray(a), **on_device(kwargs)))


@gpu
@pytest.mark.parametrize("name", EMPTY + ["one", "two", "rows"])
@pytest.mark.parametrize("method,kwargs", [("mean", {}), ("mean", {"axis": 0}), ("var", {"ddof": 1}),
                                           ("std", {"axis": -1, "ddof": 2}), ("var", {"keepdims": True})])
def test_method_warnings_as_numpy(name, method, kwargs):
    a = ARRAYS[name]()
    check_same(lambda: getattr(a, method)(**kwargs), lambda: getattr(ga.asarray(a), method)(**kwargs))


@gpu
@pytest.mark.parametrize("name,fn,kwargs", ids(statistics_cases()))
def test_statistics_warnings_as_numpy(name, fn, kwargs):
    a = ARRAYS[name]()
    check_same(lambda: getattr(np, fn)(a, **kwargs), lambda: getattr(ga, fn)(ga.asarray(a), **kwargs))


@gpu
@pytest.mark.parametrize("mode", ["ignore", "raise"])
@pytest.mark.parametrize("fn", ["mean", "var", "nanmean", "nanvar"])
def test_errstate_governs_the_division_warnings(fn, mode):
    """np.errstate acts on gpuarray's division warnings as on NumPy's; the
    nan-variants' own warnings stay."""
    for a in (np.zeros(0), np.zeros((0, 2))):
        with np.errstate(all=mode):
            check_same(lambda: getattr(np, fn)(a, axis=0), lambda: getattr(ga, fn)(ga.asarray(a), axis=0))


# Without a GPU: the decisions from shapes, on NumPy arrays standing in for device arrays.

def shape_cases():
    for name in EMPTY + ["one", "two", "rows", "two_int", "two_f16", "two_c128"]:
        a = ARRAYS[name]()
        for axis in [None, 0, -1] + ([(0, 1)] if a.ndim > 1 else []) + [()]:
            for keepdims in (False, True):
                for ddof in (0, 1, 2, 2.5):
                    yield name, axis, keepdims, ddof, None, None
        if a.dtype.kind != "c":
            yield name, None, False, 2, np.float32, None
            yield name, None, False, 2, None, np.zeros(())
            yield name, 0, False, 3, None, np.zeros(a.shape[1:], np.float32)


@pytest.mark.parametrize("name,axis,keepdims,ddof,dtype,out", list(shape_cases()))
def test_warnings_decided_from_shapes(name, axis, keepdims, ddof, dtype, out):
    """mean's warnings, and var's where no slice with elements is divided by
    zero, come from shapes alone and equal NumPy's; var otherwise says that
    the sums of squares decide the last one."""
    a = ARRAYS[name]()
    kwargs = dict(axis=axis, dtype=dtype, keepdims=keepdims)
    copy = (lambda: None) if out is None else out.copy
    _, _, expected = record(lambda: np.mean(a, out=copy(), **kwargs))
    _, _, got = record(lambda: _reduction_warnings._warn_empty_mean(a, axis, dtype, out, keepdims))
    assert got == expected
    _, _, expected = record(lambda: np.var(a, out=copy(), ddof=ddof, **kwargs))
    sums_needed, _, got = record(
        lambda: _reduction_warnings._warn_few_degrees(a, axis, dtype, out, ddof, keepdims, False))
    axes = set(range(a.ndim)) if axis is None else {ax % a.ndim for ax in (axis if isinstance(axis, tuple) else (axis,))}
    n = math.prod(a.shape[ax] for ax in axes)
    slices = math.prod(a.shape[ax] for ax in range(a.ndim) if ax not in axes)
    assert sums_needed == (0 < n <= ddof and slices > 0)
    assert got == (expected[:-1] if sums_needed else expected)


@pytest.mark.parametrize("mode", ["ignore", "raise", "warn"])
def test_division_stand_ins_follow_errstate(mode):
    """The floating-point warnings are NumPy's own, so np.errstate applies."""
    a = np.zeros((0, 2))
    with np.errstate(all=mode):
        expected = record(lambda: np.var(a, axis=0))
        got = record(lambda: _reduction_warnings._warn_few_degrees(a, 0, None, None, 0, False, False))
    assert got[1:] == expected[1:]
