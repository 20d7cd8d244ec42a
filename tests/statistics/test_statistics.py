# SPDX-License-Identifier: BSD-3-Clause
"""median, percentile, quantile and their nan-variants, average, cov, corrcoef,
trace and diagonal. Without a GPU: NumPy's positions and weights of every
quantile method (one count, and a count per row as the nan-variants use),
and the gather and search kernels, compiled with NVRTC and run on the host.
With one (marked `gpu`): against NumPy for every dtype, axis, q and method,
NaNs, empty inputs, weights and errors."""
import warnings

import numpy as np
import pytest

from gpuarray._stats import quantiles as Q
from gpuarray._stats import sorted_rows as R
from gpuarray.testing import DTYPES, FLOAT_DTYPES, INT_DTYPES, numpy_gpuarray_equal
from test_elementwise_codegen import compile_all, nvrtc_options, run_kernels_on_host  # noqa: F401 (a fixture)
from test_elementwise_kernel import host_kernel

gpu = pytest.mark.gpu

METHODS = list(Q._DISCRETE) + list(Q._CONTINUOUS)
BASIC_METHODS = ["linear", "lower", "higher", "nearest", "midpoint"]
REAL = [d for d in DTYPES if np.dtype(d).kind in "iuf"]


def data(xp, shape, dtype, seed=0, nans=False):
    """Values of `dtype` with duplicates; with `nans`, a NaN in some rows, the last row all NaN."""
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        host = rng.random(shape) < 0.5
    elif dtype.kind in "iu":
        host = rng.integers(0 if dtype.kind == "u" else -20, 21, shape).astype(dtype)
    elif dtype.kind == "c":
        host = (np.round(rng.standard_normal(shape) * 8) + 1j * np.round(rng.standard_normal(shape) * 8)).astype(dtype)
    else:
        host = (np.round(rng.standard_normal(shape) * 80) / 8).astype(dtype)
    if nans:
        flat = host.reshape(-1, shape[-1])
        flat[::3, 1] = np.nan
        flat[-1] = np.nan
    return xp.asarray(host)


def tol(dtype):
    kind = np.dtype(dtype)
    if kind.kind in "biu":
        return {"rtol": 1e-12}
    return {"rtol": {2: 2e-3, 4: 1e-5, 8: 1e-12}[np.dtype(kind.char.lower()).itemsize]}


def quiet(fn):
    """Runs fn with NumPy's warnings (empty and all-NaN slices, invalid values) silenced on both sides."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        return fn()


# ---- without a GPU: positions and weights ------------------------------------------

def lerp(below, above, gamma, dtype):
    """The device's interpolation, in NumPy."""
    diff = (above - below).astype(dtype)
    return np.where(gamma >= 0.5, above.astype(dtype) - diff * (1 - gamma).astype(dtype),
                    below.astype(dtype) + diff * gamma.astype(dtype))


def by_positions(s, method, q, weak, count=None):
    """The quantiles of the sorted rows `s` from Q._positions (with numpy standing in for the
    device when `count`, the non-NaN elements per row, is given), gathered and interpolated."""
    q = Q._host_quantiles(q, 100, "Percentiles")
    lead, q = q.shape, q.reshape(-1)
    rows = np.arange(s.shape[0])
    n = s.shape[1]
    if count is None:
        below, above, gamma = Q._positions(np, method, n, n, n - 1, q)
        below, above, gamma = (None if x is None else x[:, None] for x in (below, above, gamma))
    else:
        below, above, gamma = Q._positions(np, method, count, count.astype(q.dtype), (count - 1).astype(q.dtype),
                                           q[:, None])
    result = s[rows, np.broadcast_to(below, (q.size, rows.size))]
    if gamma is not None:
        high = s[rows, np.broadcast_to(above, result.shape)]
        result = lerp(result, high, gamma, np.result_type(s.dtype, 0.0 if weak else q.dtype))
    return result.reshape(lead + (rows.size,))


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64, np.int16, np.uint8])
@pytest.mark.parametrize("q", [50, 0, 100, 37.5, [0, 12.5, 33, 50, 66.7, 99.9, 100], np.float32([10, 90])])
def test_positions_match_numpy(method, dtype, q):
    weak = type(q) in (int, float)
    for n in (1, 2, 3, 4, 7, 10):
        a = data(np, (3, n), dtype, seed=n)
        got = by_positions(np.sort(a, axis=1), method, q, weak)
        want = np.percentile(a, q, axis=1, method=method)
        assert got.dtype == want.dtype, (n, got.dtype, want.dtype)
        np.testing.assert_array_equal(got, want, err_msg=f"n={n}")


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
@pytest.mark.parametrize("q", [50, [0, 12.5, 33, 50, 66.7, 99.9, 100], np.float32([10, 90])])
def test_positions_per_row_match_nanpercentile(method, dtype, q):
    weak = type(q) in (int, float)
    for n in (1, 2, 5, 8):
        a = data(np, (4, n), dtype, seed=n)
        a[0, : n // 2] = np.nan
        a[3] = np.nan
        s = np.sort(a, axis=1)
        got = quiet(lambda: by_positions(s, method, q, weak, np.count_nonzero(~np.isnan(s), axis=1)))
        want = quiet(lambda: np.nanpercentile(a, q, axis=1, method=method))
        assert got.dtype == want.dtype, (n, got.dtype, want.dtype)
        np.testing.assert_array_equal(got, want, err_msg=f"n={n}")


def test_quantile_range_errors_before_the_device():
    with pytest.raises(ValueError, match=r"Percentiles must be in the range \[0, 100\]"):
        Q._host_quantiles([10, 101], 100, "Percentiles")
    with pytest.raises(ValueError, match=r"Quantiles must be in the range \[0, 1\]"):
        Q._host_quantiles(np.nan, 1, "Quantiles")
    assert Q._host_quantiles(50, 100, "Percentiles").dtype == np.float64
    assert Q._host_quantiles(np.float16(50), 100, "Percentiles").dtype == np.float16


def kernel_cases():
    """(name, kernel, args, output, expected) for the gather and search kernels on host arrays."""
    s = np.arange(12.0).reshape(3, 4)
    k = np.array([[0, 3, 1], [2, 2, 0]])  # (q, row)
    perm = np.argsort(-s, axis=1)
    cdf = np.cumsum(np.array([[0, 1, 1, 2], [1, 0, 0, 3], [4, 0, 0, 0]], float), axis=1)
    cdf = np.where(cdf == 0, -1, cdf / cdf[:, -1:])
    q = np.broadcast_to(np.array([0.0, 0.25, 0.5, 1.0])[:, None], (4, 3)).copy()
    want_search = np.stack([np.minimum(np.searchsorted(cdf[r], q[:, r], "left"), 3) for r in range(3)], axis=1)
    return [
        ("take_rows_per_q", R._take_rows, [s, k, 3, 4, 1], np.zeros((2, 3)), s[np.arange(3), k]),
        ("take_rows_permute", R._take_rows, [s, perm, 3, 4, 4], np.zeros((3, 4)), np.take_along_axis(s, perm, 1)),
        ("take_rows_int8", R._take_rows, [s.astype(np.int8), k, 3, 4, 1], np.zeros((2, 3), np.int8),
         s.astype(np.int8)[np.arange(3), k]),
        ("search_cdf", Q._search_cdf, [cdf, q, 3, 4], np.zeros((4, 3), np.int64), want_search),
    ]


def test_kernels_on_the_host(tmp_path_factory):
    cases = kernel_cases()
    built = [host_kernel(k, args, [out], False) for _, k, args, out, _ in cases]
    run_kernels_on_host(tmp_path_factory.mktemp("statistics"), [b for b, _ in built], "")
    for name, _, _, out, want in cases:
        np.testing.assert_array_equal(out, want, err_msg=name)


def test_kernels_compile_with_nvrtc_for_every_dtype(nvrtc_options):
    k = np.zeros(3, np.int64)
    sources = [host_kernel(R._take_rows, [np.zeros(4, dt), k, 1, 4, 1], [np.zeros(3, dt)], False)[0]["source"]
               for dt in map(np.dtype, DTYPES)]
    sources += [host_kernel(Q._search_cdf, [np.zeros(4, dt), np.zeros(3, dt), 1, 4], [k], False)[0]["source"]
                for dt in map(np.dtype, FLOAT_DTYPES)]
    compile_all(sources, nvrtc_options)


# ---- with a GPU: median ---------------------------------------------------------------

@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 2), (2, 0, 1)])
def test_median_every_dtype_and_axis(dtype, axis):
    @numpy_gpuarray_equal(**tol(np.float64 if np.dtype(dtype).kind in "biu" else dtype))
    def body(xp):
        return xp.median(data(xp, (4, 5, 6), dtype), axis=axis), xp.median(data(xp, (3, 5, 7), dtype), axis=axis)
    body()


@gpu
@pytest.mark.parametrize("n", [1, 2, 3, 8, 9, 1000, 1001])
@pytest.mark.parametrize("keepdims", [False, True])
def test_median_lengths_and_keepdims(n, keepdims):
    @numpy_gpuarray_equal()
    def body(xp):
        a = data(xp, (3, n), np.float64, seed=n)
        return (xp.median(a, axis=1, keepdims=keepdims), xp.median(a, keepdims=keepdims),
                xp.median(a.T, axis=0, keepdims=keepdims))
    body()


@gpu
@pytest.mark.parametrize("dtype", FLOAT_DTYPES + (np.complex64,))
def test_median_nan_slices_give_nan(dtype):
    @numpy_gpuarray_equal(**tol(dtype))
    def body(xp):
        a = data(xp, (5, 6), dtype, nans=True)
        return xp.median(a, axis=1), xp.median(a, axis=0), xp.median(a)
    quiet(body)


@gpu
def test_median_empty_zero_d_out_and_overwrite():
    @numpy_gpuarray_equal()
    def body(xp):
        out = xp.zeros(4)
        a = data(xp, (3, 4), np.int32)
        xp.median(a, axis=0, out=out, overwrite_input=True)  # NumPy may leave `a` partitioned: not compared
        return (xp.median(xp.zeros((0, 3)), axis=0), xp.median(xp.zeros((0, 3)), axis=1), xp.median(xp.zeros(0)),
                xp.median(xp.asarray(np.float32(2.5))), xp.median(data(xp, (3, 4), np.int32), axis=()), out)
    quiet(body)


@gpu
@pytest.mark.parametrize("bad", [{"axis": 2}, {"axis": (0, 0)}, {"axis": 1.5}])
@numpy_gpuarray_equal()
def test_median_errors(xp, bad):
    return xp.median(data(xp, (3, 4), np.float64), **bad)


# ---- nanmedian ------------------------------------------------------------------------

@gpu
@pytest.mark.parametrize("dtype", FLOAT_DTYPES + (np.complex128, np.int16, np.bool_))
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 1)])
def test_nanmedian(dtype, axis):
    @numpy_gpuarray_equal(**tol(np.float64 if np.dtype(dtype).kind in "biu" else dtype))
    def body(xp):
        nans = np.dtype(dtype).kind in "fc"
        return (xp.nanmedian(data(xp, (6, 7), dtype, nans=nans), axis=axis),
                xp.nanmedian(data(xp, (5, 8), dtype, nans=nans), axis=axis, keepdims=True))
    quiet(body)


@gpu
def test_nanmedian_empty_and_all_nan():
    @numpy_gpuarray_equal()
    def body(xp):
        return (xp.nanmedian(xp.zeros((0, 3)), axis=0), xp.nanmedian(xp.zeros((3, 0)), axis=0, keepdims=True),
                xp.nanmedian(xp.asarray(np.full((2, 3), np.nan)), axis=1), xp.nanmedian(xp.zeros(0, np.int8)))
    quiet(body)


@gpu
@pytest.mark.parametrize("name", ["nanmedian", "nanpercentile"])
def test_all_nan_slice_warns(name):
    import gpuarray
    a = gpuarray.asarray(np.array([[1.0, np.nan], [np.nan, np.nan]]))
    args = (50,) if name == "nanpercentile" else ()
    with pytest.warns(RuntimeWarning, match="All-NaN slice encountered"):
        got = getattr(gpuarray, name)(a, *args, axis=1)
    np.testing.assert_array_equal(got.get(), [1.0, np.nan])


# ---- percentile and quantile ----------------------------------------------------------

@gpu
@pytest.mark.parametrize("method", BASIC_METHODS)
@pytest.mark.parametrize("dtype", REAL)
def test_percentile_every_dtype(method, dtype):
    @numpy_gpuarray_equal(**tol(np.float64 if np.dtype(dtype).kind in "biu" else dtype))
    def body(xp):
        a = data(xp, (5, 9), dtype)
        return (xp.percentile(a, 30, axis=1, method=method), xp.percentile(a, [0, 25, 50.5, 100], method=method),
                xp.quantile(a, 0.4, axis=0, method=method))
    body()


@gpu
@pytest.mark.parametrize("method", BASIC_METHODS)
@pytest.mark.parametrize("where", ["percentile", "quantile"])
def test_percentile_of_bool(method, where):
    @numpy_gpuarray_equal()
    def body(xp):  # TypeError for the interpolating methods (no boolean subtract)
        return getattr(xp, where)(data(xp, (4, 5), np.bool_), 0.5 if where == "quantile" else 50, method=method)
    body()


@gpu
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("q", [0, 50, 100, 33.3, [5, 50, 95], np.array([[10.0, 20.0], [70.0, 99.0]]),
                               np.float32(62.5), np.array(12.5), np.array([25], np.float16)])
def test_percentile_methods_and_q(method, q):
    @numpy_gpuarray_equal(rtol=1e-12)
    def body(xp):
        a = data(xp, (4, 6, 5), np.float64)
        return xp.percentile(a, q, axis=1, method=method), xp.percentile(a[:, :, :4], q, method=method)
    body()


@gpu
@pytest.mark.parametrize("axis", [None, 0, -1, (0, 2), (1, 2), (0, 1, 2)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_quantile_axes_and_keepdims(axis, keepdims):
    @numpy_gpuarray_equal(rtol=1e-6)
    def body(xp):
        a = data(xp, (3, 4, 5), np.float32)
        return (xp.quantile(a, [0.1, 0.5], axis=axis, keepdims=keepdims),
                xp.quantile(a, 0.75, axis=axis, keepdims=keepdims, method="nearest"),
                xp.quantile(a[::-1, ::2], xp.asarray(np.array(0.3)) if xp is not np else np.array(0.3), axis=axis))
    body()


@gpu
def test_quantile_integer_q_and_out():
    @numpy_gpuarray_equal()
    def body(xp):
        a = data(xp, (4, 5), np.float32)
        out = xp.zeros((2, 4), np.float32)
        xp.quantile(a, [0, 1], axis=1, out=out)
        return xp.quantile(a, [0, 1], axis=1), xp.quantile(a, 1, axis=0, method="midpoint"), out
    body()


@gpu
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
def test_percentile_nan_slices_give_nan(dtype):
    @numpy_gpuarray_equal(**tol(np.float64 if np.dtype(dtype).kind in "iu" else dtype))
    def body(xp):
        a = data(xp, (6, 5), dtype, nans=np.dtype(dtype).kind == "f")
        return xp.percentile(a, [10, 50], axis=1), xp.percentile(a, 40, axis=1, method="lower")
    quiet(body)


@gpu
@pytest.mark.parametrize("case", ["complex", "q_high", "q_low", "q_nan", "q_3d", "method", "empty", "axis",
                                  "repeated_axis", "weights_linear", "weights_negative", "weights_shape",
                                  "weights_no_axis", "weights_zero", "out_shape"])
@pytest.mark.parametrize("name", ["percentile", "quantile", "nanpercentile", "nanquantile"])
def test_percentile_errors(case, name):
    scale = 100 if "percentile" in name else 1

    @numpy_gpuarray_equal()
    def body(xp):
        a = data(xp, (3, 4), np.float64)
        f = getattr(xp, name)
        w = {"weights_negative": [1.0, -1.0, 1.0, 1.0], "weights_shape": [1.0, 1.0],
             "weights_no_axis": [1.0, 2.0, 1.0, 1.0], "weights_zero": [0.0] * 4}
        if case in w:
            kwargs = {"axis": None if case == "weights_no_axis" else 1, "method": "inverted_cdf"}
            return f(a, 0.5 * scale, weights=xp.asarray(np.array(w[case])), **kwargs)
        return {
            "complex": lambda: f(data(xp, (3,), np.complex64), 0.5 * scale),
            "q_high": lambda: f(a, [0.5 * scale, 1.01 * scale]),
            "q_low": lambda: f(a, -0.01),
            "q_nan": lambda: f(a, np.nan),
            "q_3d": lambda: f(a, np.full((2, 2, 2), 0.5 * scale)),
            "method": lambda: f(a, 0.5 * scale, method="bogus"),
            "empty": lambda: f(xp.zeros((0, 3)), 0.5 * scale, axis=0),
            "axis": lambda: f(a, 0.5 * scale, axis=2),
            "repeated_axis": lambda: f(a, 0.5 * scale, axis=(1, -1)),
            "weights_linear": lambda: f(a, 0.5 * scale, weights=xp.ones((3, 4))),
            "out_shape": lambda: f(a, [0.5 * scale], axis=0, out=xp.zeros(3)),
        }[case]()
    quiet(body)


@gpu
@pytest.mark.parametrize("name", ["percentile", "nanpercentile"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_weighted_inverted_cdf(name, axis):
    @numpy_gpuarray_equal()
    def body(xp):
        a = data(xp, (5, 6), np.float64, nans=name == "nanpercentile")
        host_w = np.random.default_rng(4).integers(0, 4, (5, 6)).astype(np.float64)
        host_w[:, 0] = 1  # no row of zero weights only
        host_w[0, 0] = 1
        w = xp.asarray(host_w)
        q = [0, 10, 50, 90, 100]
        results = [getattr(xp, name)(a, q, axis=axis, method="inverted_cdf", weights=w),
                   getattr(xp, name)(a, 50, axis=axis, method="inverted_cdf", weights=w, keepdims=True)]
        if axis is not None and name == "percentile":  # NumPy's nanpercentile fails on 1-d weights
            w1 = xp.asarray(np.arange(1.0, a.shape[axis] + 1))
            results.append(getattr(xp, name)(a, q, axis=axis, method="inverted_cdf", weights=w1))
        return tuple(results)
    quiet(body)


# ---- nanpercentile and nanquantile --------------------------------------------------

@gpu
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
def test_nanpercentile_methods(method, dtype):
    @numpy_gpuarray_equal(**tol(dtype))
    def body(xp):
        a = data(xp, (6, 7), dtype, nans=True)
        return (xp.nanpercentile(a, [0, 30, 50, 100], axis=1, method=method),
                xp.nanpercentile(a, 62.5, axis=0, method=method), xp.nanquantile(a, 0.3, method=method),
                xp.nanquantile(a, np.float32(0.7), axis=1, keepdims=True, method=method))
    quiet(body)


@gpu
@pytest.mark.parametrize("dtype", INT_DTYPES + (np.bool_,))
def test_nanpercentile_of_integers_is_percentile(dtype):
    @numpy_gpuarray_equal(**tol(np.float64))
    def body(xp):
        a = data(xp, (4, 6), dtype)
        return xp.nanpercentile(a, [20, 80], axis=1, method="lower"), xp.nanquantile(a, 0.5, method="higher")
    body()


@gpu
def test_nanpercentile_empty_and_axes():
    @numpy_gpuarray_equal(rtol=1e-12)
    def body(xp):
        a = data(xp, (3, 4, 5), np.float64, nans=True)
        return (xp.nanpercentile(xp.zeros((0, 3)), 50, axis=0), xp.nanquantile(xp.zeros((0, 3)), [0.5, 0.2], axis=1),
                xp.nanpercentile(a, 25, axis=(0, 2)), xp.nanpercentile(a, [25, 75], axis=(1, 2), keepdims=True))
    quiet(body)


# ---- average -------------------------------------------------------------------------

@gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_average_every_dtype(dtype):
    @numpy_gpuarray_equal(**tol(np.float64 if np.dtype(dtype).kind in "biu" else dtype))
    def body(xp):
        a = data(xp, (4, 6), dtype)
        w = xp.asarray(np.arange(1, 7, dtype=np.float32))
        return (xp.average(a), xp.average(a, axis=0), xp.average(a, axis=1, weights=w),
                xp.average(a, weights=data(xp, (4, 6), np.uint8) + 1, returned=True))
    body()


@gpu
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 2), (2, 0), -1])
@pytest.mark.parametrize("keepdims", [False, True])
def test_average_weights_axes_returned(axis, keepdims):
    @numpy_gpuarray_equal(rtol=1e-12)
    def body(xp):
        a = data(xp, (3, 4, 5), np.float64)
        full = data(xp, (3, 4, 5), np.int32, seed=2) + 30
        results = [xp.average(a, axis, returned=True, keepdims=keepdims),
                   xp.average(a, axis, weights=full, returned=True, keepdims=keepdims)]
        if axis is not None:
            axes = axis if isinstance(axis, tuple) else (axis,)
            w = data(xp, tuple(a.shape[ax] for ax in axes), np.float64, seed=3) + 20
            results.append(xp.average(a, axis, weights=w, returned=True, keepdims=keepdims))
        return tuple(results)
    body()


@gpu
@pytest.mark.parametrize("case", ["no_axis", "bad_shape", "zero_sum", "empty_result", "axis"])
@numpy_gpuarray_equal()
def test_average_errors(xp, case):
    a = data(xp, (3, 4), np.float64)
    return {
        "no_axis": lambda: xp.average(a, weights=xp.ones(4)),
        "bad_shape": lambda: xp.average(a, axis=1, weights=xp.ones(3)),
        "zero_sum": lambda: xp.average(a, axis=1, weights=xp.asarray(np.array([1.0, -1.0, 0.0, 0.0]))),
        "empty_result": lambda: xp.average(xp.zeros((3, 0)), axis=0),
        "axis": lambda: xp.average(a, axis=2),
    }[case]()


# ---- cov and corrcoef ---------------------------------------------------------------

@gpu
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int16, np.bool_, np.complex64, np.complex128])
@pytest.mark.parametrize("rowvar", [True, False])
def test_cov_and_corrcoef(dtype, rowvar):
    @numpy_gpuarray_equal(rtol=1e-5, atol=1e-6)
    def body(xp):
        m = data(xp, (3, 7), dtype)
        y = data(xp, (3, 7), dtype, seed=1)
        return (xp.cov(m, rowvar=rowvar), xp.cov(m, y, rowvar=rowvar), xp.cov(m, rowvar=rowvar, bias=True),
                xp.cov(m, rowvar=rowvar, ddof=2), xp.corrcoef(m, rowvar=rowvar), xp.corrcoef(m, y, rowvar=rowvar),
                xp.cov(m, rowvar=rowvar, dtype=np.complex128 if np.dtype(dtype).kind == "c" else np.float32))
    quiet(body)


@gpu
def test_cov_weights():
    @numpy_gpuarray_equal(rtol=1e-10, atol=1e-12)
    def body(xp):
        m = data(xp, (4, 6), np.float64)
        f = xp.asarray(np.array([1, 2, 1, 3, 1, 1]))
        aw = xp.asarray(np.array([0.5, 1.0, 2.0, 1.0, 0.25, 1.0]))
        return (xp.cov(m, fweights=f), xp.cov(m, aweights=aw), xp.cov(m, fweights=f, aweights=aw),
                xp.cov(m, fweights=f, aweights=aw, ddof=0), xp.cov(m, fweights=f, bias=True),
                xp.cov(m.T, rowvar=False, aweights=aw))
    body()


@gpu
def test_cov_vectors_and_degenerate_cases():
    @numpy_gpuarray_equal(rtol=1e-12)
    def body(xp):
        x = data(xp, (6,), np.float64)
        y = data(xp, (6,), np.float64, seed=1)
        return (xp.cov(x), xp.cov(x, y), xp.corrcoef(x), xp.corrcoef(x, y), xp.cov(xp.zeros((0, 3))),
                xp.cov(x[:1]), xp.corrcoef(xp.zeros((0, 3))), xp.cov(x, ddof=6), xp.cov(x.reshape(1, 6), y))
    quiet(body)


@gpu
@pytest.mark.parametrize("case", ["m_3d", "y_3d", "ddof", "fweights_float", "fweights_2d", "fweights_len",
                                  "fweights_negative", "aweights_2d", "aweights_len", "aweights_negative",
                                  "y_columns"])
@numpy_gpuarray_equal()
def test_cov_errors(xp, case):
    m = data(xp, (3, 5), np.float64)
    return {
        "m_3d": lambda: xp.cov(xp.zeros((2, 2, 2))),
        "y_3d": lambda: xp.cov(m, xp.zeros((2, 2, 2))),
        "ddof": lambda: xp.cov(m, ddof=1.5),
        "fweights_float": lambda: xp.cov(m, fweights=[1, 1.5, 1, 1, 1]),
        "fweights_2d": lambda: xp.cov(m, fweights=[[1] * 5]),
        "fweights_len": lambda: xp.cov(m, fweights=[1] * 4),
        "fweights_negative": lambda: xp.cov(m, fweights=[1, -1, 1, 1, 1]),
        "aweights_2d": lambda: xp.cov(m, aweights=[[1.0] * 5]),
        "aweights_len": lambda: xp.cov(m, aweights=[1.0] * 6),
        "aweights_negative": lambda: xp.cov(m, aweights=[1.0, -1.0, 1.0, 1.0, 1.0]),
        "y_columns": lambda: xp.cov(m, xp.zeros((2, 4))),
    }[case]()


# ---- trace and diagonal -------------------------------------------------------------

@gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_trace_every_dtype(dtype):
    @numpy_gpuarray_equal(**tol(dtype))
    def body(xp):
        a = data(xp, (4, 5), dtype)
        return xp.trace(a), a.trace(), xp.trace(a, 1), xp.trace(a, -2), xp.trace(a, 7), xp.diagonal(a, 1)
    body()


@gpu
def test_trace_axes_dtype_out():
    @numpy_gpuarray_equal(rtol=1e-12)
    def body(xp):
        a = data(xp, (3, 4, 5), np.int8)
        out = xp.zeros(4, np.float64)
        xp.trace(a, 0, 0, 2, out=out)
        return (xp.trace(a), xp.trace(a, 1, 1, 2), a.trace(-1, axis1=2, axis2=0), xp.trace(a, dtype=np.int8),
                xp.trace(a.astype(np.float32), dtype=np.float64), out, xp.diagonal(a, 0, -1, 0))
    body()


@gpu
@pytest.mark.parametrize("case", ["one_d", "same_axes", "axis_out_of_range"])
@numpy_gpuarray_equal()
def test_trace_errors(xp, case):
    a = data(xp, (3, 3), np.float64)
    return {
        "one_d": lambda: xp.trace(xp.zeros(3)),
        "same_axes": lambda: xp.trace(a, axis1=1, axis2=1),
        "axis_out_of_range": lambda: xp.diagonal(a, axis1=2),
    }[case]()
