# SPDX-License-Identifier: BSD-3-Clause
"""bincount, digitize, histogram, histogram_bin_edges, histogram2d and
histogramdd against NumPy (GPU only). Their bin search kernels are checked
without a GPU in test_sorting.py. Weighted sums are atomic: compared with a
relative tolerance."""
import numpy as np
import pytest

from gpuarray.testing import numpy_gpuarray_equal

pytestmark = pytest.mark.gpu


def data(n=1000, seed=0, dtype=np.float64):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(n) * 3).astype(dtype)


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint16, np.int32, np.int64])
@numpy_gpuarray_equal(rtol=1e-12, atol=1e-12)
def test_bincount(xp, dtype):
    x = xp.asarray(np.random.default_rng(1).integers(0, 2 if dtype is np.bool_ else 50, 2000).astype(dtype))
    w = xp.asarray(data(2000))
    return (xp.bincount(x), xp.bincount(x, minlength=80), xp.bincount(x, weights=w),
            xp.bincount(xp.asarray(np.zeros(0, dtype)), minlength=3))


@pytest.mark.parametrize("case", ["negative", "float", "2d", "0d", "minlength", "weights_shape"])
@numpy_gpuarray_equal()
def test_bincount_errors(xp, case):
    x = xp.asarray(np.arange(5))
    return {"negative": lambda: xp.bincount(x - 2),
            "float": lambda: xp.bincount(x.astype(np.float32)), "2d": lambda: xp.bincount(x.reshape(1, 5)),
            "0d": lambda: xp.bincount(x[0]), "minlength": lambda: xp.bincount(x, minlength=-1),
            "weights_shape": lambda: xp.bincount(x, weights=x[:3])}[case]()


@pytest.mark.parametrize("right", [False, True])
@numpy_gpuarray_equal()
def test_digitize(xp, right):
    x = xp.asarray(np.array([-1.0, 0.0, 0.5, 1.0, 1.5, 2.0, 3.0, np.nan]))
    bins = xp.asarray(np.array([0.0, 1.0, 1.0, 2.0]))
    return xp.digitize(x, bins, right=right), xp.digitize(x, bins[::-1], right=right)


@numpy_gpuarray_equal()
def test_digitize_errors(xp):
    return xp.digitize(xp.asarray(np.arange(3.0)), xp.asarray(np.array([0.0, 2.0, 1.0])))


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64, np.int32, np.uint8])
@pytest.mark.parametrize("bins,range", [(10, None), (7, (-2, 3)), (1, None), (5, (0.5, 0.5))])
@numpy_gpuarray_equal()
def test_histogram_equal_bins(xp, dtype, bins, range):
    a = xp.asarray(data(3000, dtype=np.float64).astype(dtype) if dtype not in (np.uint8,) else
                   np.random.default_rng(0).integers(0, 255, 3000).astype(dtype))
    return xp.histogram(a, bins=bins, range=range)


@numpy_gpuarray_equal()
def test_histogram_edges_values_on_edges_and_outliers(xp):
    a = xp.asarray(np.array([0.0, 0.5, 1.0, 1.0, 2.0, 3.0, -1.0, 4.0, np.nan, 2.0]))
    edges = xp.asarray(np.array([0.0, 1.0, 1.0, 2.5, 3.0]))
    return xp.histogram(a, bins=edges), xp.histogram(a[:6], bins=3)


@pytest.mark.parametrize("wdtype", [np.float64, np.float32, np.int64, np.complex128])
@numpy_gpuarray_equal(rtol=1e-6)
def test_histogram_weights_and_density(xp, wdtype):
    a = xp.asarray(data(2000).reshape(40, 50))
    w = xp.asarray((np.abs(data(2000, seed=5)) * 10).astype(wdtype).reshape(40, 50))
    return (xp.histogram(a, bins=12, weights=w), xp.histogram(a, bins=12, density=True),
            xp.histogram(a, bins=xp.asarray(np.array([-3.0, -1.0, 0.0, 5.0])), density=True))


@pytest.mark.parametrize("estimator", ["auto", "fd", "sturges", "rice", "sqrt", "scott", "doane", "stone"])
@numpy_gpuarray_equal(rtol=1e-12)
def test_histogram_bin_estimators(xp, estimator):
    a = xp.asarray(data(5000))
    return xp.histogram(a, bins=estimator), xp.histogram_bin_edges(a, bins=estimator, range=(-1, 2))


@pytest.mark.parametrize("case", ["range_order", "range_inf", "nan_data", "bins_zero", "bins_2d", "bins_decreasing",
                                  "estimator", "weights_shape", "weights_estimator"])
@numpy_gpuarray_equal()
def test_histogram_errors(xp, case):
    a = xp.asarray(data(100))
    return {"range_order": lambda: xp.histogram(a, range=(2, 1)),
            "range_inf": lambda: xp.histogram(a, range=(0, np.inf)),
            "nan_data": lambda: xp.histogram(xp.asarray(np.array([1.0, np.nan]))),
            "bins_zero": lambda: xp.histogram(a, bins=0),
            "bins_2d": lambda: xp.histogram(a, bins=xp.asarray(np.ones((2, 2)))),
            "bins_decreasing": lambda: xp.histogram(a, bins=xp.asarray(np.array([1.0, 0.0]))),
            "estimator": lambda: xp.histogram(a, bins="nope"),
            "weights_shape": lambda: xp.histogram(a, weights=a[:5]),
            "weights_estimator": lambda: xp.histogram(a, bins="auto", weights=a)}[case]()


@pytest.mark.parametrize("bins", [10, (4, 6), [np.array([-2.0, 0.0, 2.0]), 5]])
@pytest.mark.parametrize("density", [False, True])
@numpy_gpuarray_equal(rtol=1e-9)
def test_histogram2d(xp, bins, density):
    x, y = xp.asarray(data(1000, 1)), xp.asarray(data(1000, 2, np.float32))
    w = xp.asarray(np.abs(data(1000, 3)))
    if not isinstance(bins, int) and not isinstance(bins[0], (int, tuple)):
        bins = [xp.asarray(bins[0]), bins[1]]
    return (xp.histogram2d(x, y, bins=bins, density=density),
            xp.histogram2d(x, y, bins=bins, range=[(-1, 1), (0, 4)], weights=w))


@numpy_gpuarray_equal(rtol=1e-9)
def test_histogramdd(xp):
    sample = xp.asarray(data(1500).reshape(500, 3))
    return (xp.histogramdd(sample, bins=(3, 4, 5)), xp.histogramdd(sample, bins=4, density=True),
            xp.histogramdd(sample[:, 0], bins=6))
