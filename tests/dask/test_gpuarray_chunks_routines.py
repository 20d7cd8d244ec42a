# SPDX-License-Identifier: BSD-3-Clause
"""Dask's CuPy tests of reductions, percentiles, routines and slicing
(dask/array/tests/test_cupy_reductions.py, test_cupy_percentile.py,
test_cupy_routines.py, test_cupy_slicing.py) adapted to gpuarray chunks.

Left out: the CuPy-version skips; ``test_index_with_int_dask_array_nanchunks``
(skipped by Dask for CuPy too: ``Array.nonzero`` needs NumPy chunks);
``test_unique_kwargs`` with return_index/inverse/counts, which Dask refuses for
non-NumPy chunks (the ValueError is checked below instead)."""
import warnings

import numpy as np
import pytest

pytest.importorskip("dask.array")

import dask  # noqa: E402
import dask.array as da  # noqa: E402
from dask import config  # noqa: E402
from dask.array.utils import same_keys  # noqa: E402

import gpuarray  # noqa: E402
from dask_test_support import assert_eq, check_gpuarray_backed  # noqa: E402

pytestmark = pytest.mark.gpu


def _random(shape, seed=0):
    n = np.random.default_rng(seed).random(shape)
    return n, gpuarray.asarray(n)


# test_cupy_reductions.py


@pytest.mark.parametrize("dfunc, func", [(da.argmin, np.argmin), (da.argmax, np.argmax),
                                         (da.nanargmin, np.nanargmin), (da.nanargmax, np.nanargmax)])
def test_arg_reductions(dfunc, func):
    n, g = _random((10, 10, 10))
    a = da.from_array(g, chunks=(3, 4, 5))
    for axis in (None, 0, 1, 2):
        assert_eq(dfunc(a, axis), func(n, axis))
    with dask.config.set(split_every=2):
        for axis in (None, 0, 1, 2):
            assert_eq(dfunc(a, axis), func(n, axis))
    pytest.raises(ValueError, lambda: dfunc(a, 3))
    pytest.raises(TypeError, lambda: dfunc(a, (0, 1)))
    a2 = da.from_array(gpuarray.arange(10), chunks=3)
    assert_eq(dfunc(a2), func(np.arange(10)))
    assert_eq(dfunc(a2, 0), func(np.arange(10), 0))
    assert_eq(dfunc(a2, 0, split_every=2), func(np.arange(10), 0))


@pytest.mark.parametrize("dfunc, func", [(da.nanargmin, np.nanargmin), (da.nanargmax, np.nanargmax)])
def test_nanarg_reductions(dfunc, func):
    n, _ = _random((10, 10, 10))
    n[5] = np.nan
    a = da.from_array(gpuarray.asarray(n), chunks=(3, 4, 5))
    assert_eq(dfunc(a), func(n))
    assert_eq(dfunc(a, 0), func(n, 0))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # All-NaN slice encountered
        with pytest.raises(ValueError):
            dfunc(a, 1).compute()
        with pytest.raises(ValueError):
            dfunc(a, 2).compute()
        a = da.from_array(gpuarray.full((10, 10, 10), np.nan), chunks=(3, 4, 5))
        with pytest.raises(ValueError):
            dfunc(a).compute()


@pytest.mark.parametrize("func", [np.cumsum, np.cumprod])
def test_cumreduction(func):
    b = da.from_array(gpuarray.ones((10, 10)), chunks=(4, 4))
    assert_eq(func(b, axis=0), func(np.ones((10, 10)), axis=0))


@pytest.mark.parametrize("dfunc, func", [(da.mean, np.mean), (da.nanmean, np.nanmean), (da.var, np.var),
                                         (da.nanvar, np.nanvar), (da.std, np.std), (da.nanstd, np.nanstd),
                                         (da.nansum, np.nansum)])
@pytest.mark.parametrize("axis", [None, 0, (1, 2)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_numel_reductions(dfunc, func, axis, keepdims):
    # mean/var/std count elements per chunk with numel/nannumel (gpuarray's registrations).
    n, _ = _random((6, 7, 8))
    n[1, 2] = np.nan
    a = da.from_array(gpuarray.asarray(n), chunks=(4, 3, 5))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        assert_eq(dfunc(a, axis=axis, keepdims=keepdims), func(n, axis=axis, keepdims=keepdims))


# test_cupy_percentile.py


def test_percentile():
    d = da.from_array(gpuarray.ones((16,)), chunks=(4,))
    qs = np.array([0, 50, 100])
    assert_eq(da.percentile(d, qs, method="midpoint"), np.array([1, 1, 1], dtype=d.dtype), check_type=False)
    x = gpuarray.asarray([0, 0, 5, 5, 5, 5, 20, 20])
    d = da.from_array(x, chunks=(3,))
    result = da.percentile(d, qs, method="midpoint")
    assert_eq(result, np.array([0, 5, 20], dtype=result.dtype), check_type=False)
    assert not same_keys(da.percentile(d, qs, "midpoint"), da.percentile(d, [0, 50], "midpoint"))


def test_percentile_tokenize():
    d = da.from_array(gpuarray.ones((16,)), chunks=(4,))
    qs = np.array([0, 50, 100])
    assert same_keys(da.percentile(d, qs), da.percentile(d, qs))


def test_percentiles_with_empty_arrays():
    x = da.from_array(gpuarray.ones(10), chunks=((5, 0, 5),))
    result = da.percentile(x, [10, 50, 90], method="midpoint")
    assert type(result._meta) is gpuarray.ndarray
    assert_eq(result, np.array([1, 1, 1], dtype=x.dtype), check_type=False)


def test_percentiles_with_empty_q():
    x = da.from_array(gpuarray.ones(10), chunks=((5, 0, 5),))
    result = da.percentile(x, [], method="midpoint")
    assert type(result._meta) is gpuarray.ndarray
    assert_eq(result, np.array([], dtype=x.dtype), check_type=False)


@pytest.mark.parametrize("q", [5, 5.0, np.int64(5), np.float64(5)])
def test_percentiles_with_scaler_percentile(q):
    d = da.from_array(gpuarray.ones((16,)), chunks=(4,))
    result = da.percentile(d, q, method="midpoint")
    assert type(result._meta) is gpuarray.ndarray
    assert_eq(result, np.array(1, dtype=d.dtype), check_type=False)


def test_percentiles_with_unknown_chunk_sizes():
    rng = da.random.default_rng(gpuarray.random.default_rng())
    x = rng.random(1000, chunks=(100,))
    x._chunks = ((np.nan,) * 10,)
    result = da.percentile(x, 50, method="midpoint").compute()
    assert type(result) is gpuarray.ndarray
    assert 0.1 < float(result) < 0.9
    a, b = da.percentile(x, [40, 60], method="midpoint").compute()
    assert type(a) is gpuarray.ndarray and type(b) is gpuarray.ndarray
    assert 0.1 < float(a) < float(b) < 0.9


# test_cupy_routines.py


def test_bincount():
    x = gpuarray.asarray([2, 1, 5, 2, 1])
    d = da.from_array(x, chunks=2, asarray=False)
    e = da.bincount(d, minlength=6)
    assert_eq(e, np.bincount([2, 1, 5, 2, 1], minlength=6))
    assert same_keys(da.bincount(d, minlength=6), e)
    assert da.bincount(d, minlength=6).name != da.bincount(d, minlength=7).name


def test_compress():
    n = np.random.default_rng(0).integers(0, 3, size=(10, 10))
    darr = da.from_array(gpuarray.asarray(n), chunks=(20, 5))
    res = da.compress(gpuarray.asarray([True]), darr, axis=0)
    assert_eq(np.compress([True], n, axis=0), res, check_type=False)


@pytest.mark.parametrize("shape, axis", [[(10, 15, 20), 0], [(10, 15, 20), 1], [(10, 15, 20), 2],
                                         [(10, 15, 20), -1]])
@pytest.mark.parametrize("n", [0, 1, 2])
def test_diff(shape, n, axis):
    x = np.random.default_rng(0).integers(0, 10, shape)
    a = da.from_array(gpuarray.asarray(x), chunks=(len(shape) * (5,)))
    assert_eq(da.diff(a, n, axis), np.diff(x, n, axis))


@pytest.mark.parametrize("n", [0, 1, 2])
@pytest.mark.parametrize("where", ["prepend", "append"])
def test_diff_prepend_append(n, where):
    x = np.arange(5) + 1
    a = da.from_array(gpuarray.asarray(x), chunks=2)
    for value in (0, [0], [-1, 0]):
        assert_eq(da.diff(a, n, **{where: value}), np.diff(x, n, **{where: value}))
    x = np.arange(16).reshape(4, 4)
    a = da.from_array(gpuarray.asarray(x), chunks=2)
    for axis, value in [(1, 0), (1, [[0], [0], [0], [0]]), (0, 0), (0, [[0, 0, 0, 0]])]:
        assert_eq(da.diff(a, n, axis=axis, **{where: value}), np.diff(x, n, axis=axis, **{where: value}))
    if n > 0:
        with pytest.raises(ValueError):
            da.diff(a, n, **{where: gpuarray.zeros((3, 3))})


@pytest.mark.parametrize("bins_on_device", [False, True])
def test_digitize(bins_on_device):
    x = np.array([2, 4, 5, 6, 1])
    bins = np.array([1, 2, 3, 4, 5])
    for chunks in [2, 4]:
        for right in [False, True]:
            d = da.from_array(gpuarray.asarray(x), chunks=chunks)
            b = gpuarray.asarray(bins) if bins_on_device else bins
            assert_eq(da.digitize(d, b, right=right), np.digitize(x, bins, right=right), check_type=False)
    x = np.random.default_rng(1).random(size=(100, 100))
    bins = np.sort(np.random.default_rng(2).random(size=13))
    for chunks in [(10, 10), (10, 20), (13, 17), (87, 54)]:
        for right in [False, True]:
            d = da.from_array(gpuarray.asarray(x), chunks=chunks)
            b = gpuarray.asarray(bins) if bins_on_device else bins
            assert_eq(da.digitize(d, b, right=right), np.digitize(x, bins, right=right), check_type=False)


def test_tril_triu():
    A = np.random.default_rng(0).standard_normal((20, 20))
    for chk in [5, 4]:
        dA = da.from_array(gpuarray.asarray(A), (chk, chk), asarray=False)
        assert_eq(da.triu(dA), np.triu(A))
        assert_eq(da.tril(dA), np.tril(A))
        for k in [-25, -20, -9, -1, 1, 8, 19, 21]:
            assert_eq(da.triu(dA, k), np.triu(A, k))
            assert_eq(da.tril(dA, k), np.tril(A, k))


def test_tril_triu_non_square_arrays():
    A = np.random.default_rng(0).integers(0, 11, (30, 35))
    dA = da.from_array(gpuarray.asarray(A), chunks=(5, 5), asarray=False)
    assert_eq(da.triu(dA), np.triu(A))
    assert_eq(da.tril(dA), np.tril(A))


def test_unique_kwargs_are_refused_for_gpuarray_chunks():
    d = da.from_array(gpuarray.asarray([1, 2, 4, 4, 5, 2]), chunks=(3,))
    assert_eq(da.unique(d), np.array([1, 2, 4, 5]))
    for kwargs in ({"return_index": True}, {"return_inverse": True}, {"return_counts": True}):
        with pytest.raises(ValueError):
            da.unique(d, **kwargs)


@pytest.mark.parametrize("seed", [23, 796])
@pytest.mark.parametrize("shape, chunks", [[(10,), (5,)], [(10,), (3,)], [(4, 5), (3, 2)], [(20, 20), (4, 5)]])
def test_unique_rand(seed, shape, chunks):
    a = np.random.default_rng(seed).integers(0, 10, size=shape)
    d = da.from_array(gpuarray.asarray(a), chunks=chunks)
    assert_eq(da.unique(d), np.unique(a))


# test_cupy_slicing.py

X = np.array([[10, 20, 30, 40, 50], [60, 70, 80, 90, 100], [110, 120, 130, 140, 150]])
EXPECT = np.array([[40, 10, 20], [90, 60, 70], [140, 110, 120]])


@pytest.mark.parametrize("idx_chunks", [None, 3, 2, 1])
@pytest.mark.parametrize("x_chunks", [(3, 5), (2, 3), (1, 2), (1, 1)])
@pytest.mark.parametrize("index_on_device", [False, True])
def test_index_with_int_dask_array(x_chunks, idx_chunks, index_on_device):
    x = da.from_array(gpuarray.asarray(X), chunks=x_chunks)
    idx = np.array([3, 0, 1])
    if index_on_device:
        idx = gpuarray.asarray(idx)
    if idx_chunks is not None:
        idx = da.from_array(idx, chunks=idx_chunks)
    assert_eq(x[:, idx], EXPECT)
    assert_eq(x.T[idx, :], EXPECT.T)


@pytest.mark.parametrize("chunks", [1, 2, 3])
def test_index_with_int_dask_array_0d(chunks):
    x = da.from_array(gpuarray.asarray([[10, 20, 30], [40, 50, 60]]), chunks=chunks)
    for idx0 in (da.from_array(1, chunks=1), da.from_array(gpuarray.array(1), chunks=1)):
        assert_eq(x[idx0, :], x[1, :])
        assert_eq(x[:, idx0], x[:, 1])


@pytest.mark.parametrize("chunks", [2, 4])
def test_index_with_int_dask_array_negindex(chunks):
    a = da.arange(4, chunks=chunks, like=gpuarray.array(()))
    for idx in (da.from_array([-1, -4], chunks=1), da.from_array(gpuarray.asarray([-1, -4]), chunks=1)):
        assert_eq(a[idx], np.array([3, 0]))


@pytest.mark.parametrize("chunks", [2, 4])
def test_index_with_int_dask_array_indexerror(chunks):
    a = da.arange(4, chunks=chunks, like=gpuarray.array(()))
    for bad in ([4], [-5]):
        for idx in (da.from_array(bad, chunks=1), da.from_array(gpuarray.asarray(bad), chunks=1)):
            with pytest.raises(IndexError):
                a[idx].compute()


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"])
def test_index_with_int_dask_array_dtypes(dtype):
    a = da.from_array(gpuarray.asarray([10, 20, 30, 40]), chunks=-1)
    for idx in (np.array([1, 2]).astype(dtype), gpuarray.asarray([1, 2]).astype(dtype)):
        assert_eq(a[da.from_array(idx, chunks=1)], np.array([20, 30]))


def test_index_with_int_dask_array_nocompute():
    def crash():
        raise NotImplementedError()

    x = da.arange(5, chunks=-1, like=gpuarray.array(()))
    idx = da.Array({("x", 0): (crash,)}, name="x", chunks=((2,),), dtype=np.int64)
    with pytest.raises(NotImplementedError):
        x[idx].compute()


@pytest.mark.parametrize("backend", ["gpuarray", "numpy"])
def test_indexed_assign(backend):
    with config.set({"array.backend": backend}):
        darr = da.random.default_rng().random((100, 3))
        arr = darr.compute()
        idx = (darr[:, 0] > 0.5).compute()
        arr[idx] *= -1
        darr[idx] *= -1
        if backend == "gpuarray":
            check_gpuarray_backed(darr)
            np.testing.assert_allclose(gpuarray.asnumpy(darr.compute()), gpuarray.asnumpy(arr))
        else:
            np.testing.assert_allclose(darr.compute(), arr)
