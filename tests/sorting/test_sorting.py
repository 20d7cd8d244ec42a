# SPDX-License-Identifier: BSD-3-Clause
"""sort, argsort, lexsort, partition, argpartition, sort_complex, searchsorted
and the ndarray methods. Without a GPU: the binary-search kernels compile with
NVRTC for every dtype and, run on the host, agree with NumPy's searchsorted
(NaNs, complex NaN groups). With one (marked `gpu`): every dtype and layout
against NumPy, duplicates (stability), NaN/-NaN/+-0/+-inf placement, errors."""
import numpy as np
import pytest

from gpuarray._sorting_searching import sort_kernels as K
from gpuarray.testing import DTYPES, numpy_gpuarray_equal
from test_elementwise_codegen import compile_all, nvrtc_options, run_kernels_on_host  # noqa: F401 (a fixture)
from test_elementwise_kernel import HOST_ATOMICS, host_kernel

gpu = pytest.mark.gpu


def sample(dtype, n=500, seed=0):
    """n values of `dtype` with many duplicates and, for inexact dtypes, NaN, -NaN, +-0 and +-inf."""
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, n).astype(bool)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        a = rng.integers(max(info.min, -20), min(info.max, 20), n, endpoint=True).astype(dtype)
        a[:2] = info.min, info.max
        return a
    part = np.dtype(dtype.char.lower()) if dtype.kind == "c" else dtype
    specials = np.array([np.nan, -np.nan, 0.0, -0.0, np.inf, -np.inf], part)
    specials[1] = np.copysign(specials[1], -1)

    def values():
        v = np.round(rng.standard_normal(n) * 4).astype(part)
        v[rng.integers(0, n, n // 10)] = specials[rng.integers(0, specials.size, n // 10)]
        return v
    if dtype.kind == "f":
        return values()
    out = np.empty(n, dtype)
    out.real, out.imag = values(), values()
    return out


# ---- without a GPU: the search kernels ----------------------------------------

def search_cases():
    """(name, kernel, args, expected) of the searching kernels on host arrays."""
    rng = np.random.default_rng(1)
    f = np.sort(sample(np.float64, 200))
    v = np.concatenate([sample(np.float64, 100, seed=2), f[:20]])
    c = np.sort(sample(np.complex128, 200))
    w = np.concatenate([sample(np.complex128, 100, seed=3), c[::10]])
    i = np.sort(rng.integers(-5, 5, 50))
    edges = np.array([0.0, 0.5, 0.5, 1.0, 2.0])
    x = np.array([-1.0, 0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, np.nan])
    return [
        ("searchsorted_left_nan", K._searchsorted, [f, v, False], np.searchsorted(f, v, "left")),
        ("searchsorted_right_nan", K._searchsorted, [f, v, True], np.searchsorted(f, v, "right")),
        ("searchsorted_complex_left", K._searchsorted, [c, w, False], np.searchsorted(c, w, "left")),
        ("searchsorted_complex_right", K._searchsorted, [c, w, True], np.searchsorted(c, w, "right")),
        ("searchsorted_int", K._searchsorted, [i, np.arange(-6, 6), True], np.searchsorted(i, np.arange(-6, 6),
                                                                                             "right")),
        ("contains", K._contains, [f, v, False], np.isin(v, f)),
        ("contains_invert_complex", K._contains, [c, w, True], np.isin(w, c, invert=True)),
        ("bin_index", K._bin_index, [edges, x], np.array([0, 1, 1, 3, 3, 4, 4, 4, 5, 5])),
        ("bin_of", K._bin_of, [edges, x], np.array([-1, 0, 0, 2, 2, 3, 3, 3, -1, -1])),
    ]


@pytest.fixture(scope="module")
def host_searches(tmp_path_factory):
    cases = search_cases()
    outs = [np.zeros(np.shape(args[1]), np.bool_ if "contains" in name else np.int64)
            for name, _, args, _ in cases]
    built = [host_kernel(k, args, [o], False) for (_, k, args, _), o in zip(cases, outs)]
    run_kernels_on_host(tmp_path_factory.mktemp("searches"), [k for k, _ in built], HOST_ATOMICS + "\n" + K._SEARCH)
    return {name: (out, want, k) for (name, _, _, want), out, (k, _) in zip(cases, outs, built)}


@pytest.mark.parametrize("name", [c[0] for c in search_cases()])
def test_search_kernels_compute_what_numpy_computes(host_searches, name):
    out, want, _ = host_searches[name]
    np.testing.assert_array_equal(out, want)


def test_run_starts_kernel_on_the_host(tmp_path_factory):
    s = np.array([1.0, 1.0, -0.0, 0.0, 2.0, np.nan, np.nan])
    cases = [(equal_nan, np.zeros(s.size, bool)) for equal_nan in (False, True)]
    built = [host_kernel(K._run_starts, [s, e], [o], True) for e, o in cases]
    run_kernels_on_host(tmp_path_factory.mktemp("runs"), [k for k, _ in built], K._SEARCH)
    np.testing.assert_array_equal(cases[0][1], [1, 0, 1, 0, 1, 1, 1])
    np.testing.assert_array_equal(cases[1][1], [1, 0, 1, 0, 1, 1, 0])


def test_sorting_kernels_compile_with_nvrtc_for_every_dtype(nvrtc_options):
    sources = []
    for dt in map(np.dtype, DTYPES):
        a, v = np.zeros(4, dt), np.zeros(3, dt)
        sources.append(host_kernel(K._searchsorted, [a, v, True], [np.zeros(3, np.int64)],
                                   False)[0]["source"])
        sources.append(host_kernel(K._contains, [a, v, False], [np.zeros(3, bool)],
                                   False)[0]["source"])
        sources.append(host_kernel(K._run_starts, [a, True], [np.zeros(4, bool)],
                                   True)[0]["source"])
        sources.append(host_kernel(K._row_starts, [a, 2], [np.zeros(2, bool)], True)[0]["source"])
        sources.append(host_kernel(K._gather, [a, np.zeros(3, np.int64)], [v], False)[0]["source"])
        sources.append(host_kernel(K._scatter, [np.zeros(3, np.int64), v], [a], True)[0]["source"])
        if dt.kind != "c":
            sources.append(host_kernel(K._bin_index, [a, v], [np.zeros(3, np.int64)], False)[0]["source"])
            sources.append(host_kernel(K._bin_of, [a, v], [np.zeros(3, np.int64)], False)[0]["source"])
    k = np.zeros(3, np.int64)
    sources.append(host_kernel(K._count, [k], [np.zeros(4, np.uint64)], True)[0]["source"])
    sources.append(host_kernel(K._count_weighted, [k, np.zeros(3)], [np.zeros(4)], True)[0]["source"])
    compile_all(sources, nvrtc_options)


# ---- with a GPU: sort and argsort ----------------------------------------------------

@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@numpy_gpuarray_equal()
def test_sort_1d(xp, dtype):
    return xp.sort(xp.asarray(sample(dtype)))


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@numpy_gpuarray_equal()
def test_argsort_is_stable(xp, dtype):
    return xp.argsort(xp.asarray(sample(dtype)), kind="stable")


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", [0, 1, -1, None])
@numpy_gpuarray_equal()
def test_sort_and_argsort_2d(xp, dtype, axis):
    a = xp.asarray(sample(dtype, 600).reshape(20, 30))
    return xp.sort(a, axis=axis), xp.argsort(a, axis=axis, kind="stable")


@gpu
@pytest.mark.parametrize("dtype", [np.int16, np.float32, np.complex64])
@pytest.mark.parametrize("layout", ["strided", "reversed", "transposed", "3d_middle", "3d_first"])
@numpy_gpuarray_equal()
def test_sort_layouts(xp, dtype, layout):
    a = xp.asarray(sample(dtype, 960).reshape(8, 12, 10))
    view, axis = {"strided": (a[:, ::3, 1], -1), "reversed": (a[::-1, ::-2, :], -1),
                  "transposed": (a.transpose(2, 0, 1), -1), "3d_middle": (a, 1), "3d_first": (a[:, :, ::-1], 0)}[layout]
    return xp.sort(view, axis=axis), xp.argsort(view, axis=axis, kind="stable")


@gpu
@pytest.mark.parametrize("shape,axis", [((0,), -1), ((3, 0), -1), ((0, 3), -1), ((0, 3), 0), ((1,), 0), ((), None)])
@numpy_gpuarray_equal()
def test_sort_empty_and_small(xp, shape, axis):
    a = xp.asarray(np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape))
    return xp.sort(a, axis=axis), xp.argsort(a, axis=axis)


@gpu
@pytest.mark.parametrize("dtype", [np.uint64, np.float32, np.complex64])
@pytest.mark.parametrize("shape,axis", [((1, 28), -1), ((1, 1, 5), -1), ((5, 1), 0), ((2, 1, 3), 0)])
@numpy_gpuarray_equal()
def test_argsort_of_one_row_with_more_dimensions(xp, shape, axis, dtype):
    """One row to sort but several dimensions (what multivariate_hypergeometric's
    'count' sorts for size=None): the engine's single-row argsort gave the
    right shape with the 1-D strides, so a view of the result, such as
    ``[..., :3]``, read from a made-up stride (cudaErrorMisalignedAddress in
    copy_int64)."""
    a = xp.asarray(sample(dtype, int(np.prod(shape)), seed=3).reshape(shape))
    positions = xp.argsort(a, axis=axis, kind="stable")  # NumPy's default order of ties differs
    return positions, positions[..., :3].ravel(), xp.lexsort([a, a], axis=axis), xp.sort(a, axis=axis)


@gpu
@numpy_gpuarray_equal()
def test_argsort_of_0d_is_one_index(xp):
    return xp.argsort(xp.asarray(np.float32(3)))


@gpu
@pytest.mark.parametrize("call", [
    lambda xp, a: xp.sort(a[0, 0]),                     # 0-d with an axis: AxisError
    lambda xp, a: xp.sort(a, axis=2),
    lambda xp, a: xp.sort(a, kind="foo"),
    lambda xp, a: xp.sort(a, kind="stable", stable=True),
    lambda xp, a: xp.argsort(a, order="x"),
    lambda xp, a: xp.partition(a, 4),
    lambda xp, a: xp.partition(a, -5),
    lambda xp, a: xp.argpartition(a, 1.5),
    lambda xp, a: xp.lexsort([a, a[:, :2]]),
    lambda xp, a: xp.lexsort([]),
    lambda xp, a: xp.searchsorted(a, 1.0),
    lambda xp, a: xp.searchsorted(a[0], 1.0, side="middle"),
    lambda xp, a: xp.searchsorted(a[0], 1.0, sorter=xp.arange(3)),
])
@numpy_gpuarray_equal()
def test_errors(xp, call):
    return call(xp, xp.asarray(np.arange(12.0).reshape(3, 4)))


@gpu
@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint64, np.float16, np.float64, np.complex128])
def test_ndarray_sort_in_place_and_argsort(dtype):
    import gpuarray as xp
    host = sample(dtype, 300).reshape(10, 30)
    a = xp.asarray(host)
    a.sort(axis=0)
    np.testing.assert_array_equal(a.get(), np.sort(host, axis=0))
    np.testing.assert_array_equal(xp.asarray(host).argsort(kind="stable").get(), np.argsort(host, kind="stable"))
    b = xp.asarray(host)[:, ::-1]
    b.sort()  # a view: the base changes too
    np.testing.assert_array_equal(b.get(), np.sort(host[:, ::-1]))


@gpu
def test_sort_puts_every_nan_last_and_keeps_zero_order_in_argsort():
    import gpuarray as xp
    host = np.array([np.nan, 1.0, -0.0, -np.inf, 0.0, np.copysign(np.nan, -1), -0.0, np.inf], np.float32)
    s = xp.sort(xp.asarray(host)).get()
    np.testing.assert_array_equal(s[:6], [-np.inf, 0, 0, 0, 1, np.inf])
    assert np.isnan(s[6:]).all()
    np.testing.assert_array_equal(xp.argsort(xp.asarray(host)).get(), [3, 2, 4, 6, 1, 7, 0, 5])


@gpu
@pytest.mark.parametrize("n", [1 << 12, (1 << 20) + 7])
@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.uint8])
@numpy_gpuarray_equal()
def test_sort_large(xp, n, dtype):
    rng = np.random.default_rng(n)
    a = xp.asarray(rng.integers(0, 200, n).astype(dtype))
    return xp.sort(a), xp.argsort(a, kind="stable")


@gpu
@numpy_gpuarray_equal()
def test_sort_many_short_rows(xp):
    a = xp.asarray(sample(np.float64, 3 * 70001).reshape(70001, 3))
    return xp.sort(a), xp.argsort(a, kind="stable")


# ---- lexsort, partition, sort_complex -----------------------------------------------

@gpu
@pytest.mark.parametrize("axis", [-1, 0])
@numpy_gpuarray_equal()
def test_lexsort(xp, axis):
    rng = np.random.default_rng(4)
    k0 = xp.asarray(rng.integers(0, 3, (6, 40)).astype(np.int8))
    k1 = xp.asarray(sample(np.float32, 240).reshape(6, 40))
    k2 = xp.asarray(rng.integers(0, 2, (6, 40)).astype(bool))
    return xp.lexsort((k0, k1, k2), axis=axis), xp.lexsort([k1], axis=axis), xp.lexsort([k0, k0], axis=axis)


@gpu
@numpy_gpuarray_equal()
def test_lexsort_of_a_2d_array_and_0d_keys(xp):
    keys = xp.asarray(np.array([[3, 1, 2, 1], [0, 0, 1, 1]]))
    return xp.lexsort(keys), xp.lexsort(xp.asarray(np.array([5, 3])))


@gpu
@pytest.mark.parametrize("dtype", [np.int32, np.float64, np.complex64, np.bool_])
@pytest.mark.parametrize("kth", [0, 5, -1, [1, 7]])
def test_partition_is_a_valid_partition(dtype, kth):
    import gpuarray as xp
    host = sample(dtype, 120).reshape(4, 30)
    p = xp.partition(xp.asarray(host), kth, axis=1).get()
    np.testing.assert_array_equal(p, np.sort(host, axis=1))  # a sort is a partition for every kth
    idx = xp.argpartition(xp.asarray(host), kth, axis=1).get()
    np.testing.assert_array_equal(np.take_along_axis(host, idx, 1), np.sort(host, axis=1))
    a = xp.asarray(host)
    a.partition(kth)
    np.testing.assert_array_equal(a.get(), np.sort(host))


@gpu
@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.float16, np.float32, np.complex64])
@numpy_gpuarray_equal()
def test_sort_complex(xp, dtype):
    return xp.sort_complex(xp.asarray(sample(dtype, 50)))


# ---- searchsorted -------------------------------------------------------------------

@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("side", ["left", "right"])
@numpy_gpuarray_equal()
def test_searchsorted(xp, dtype, side):
    a = xp.asarray(np.sort(sample(dtype, 300)))
    v = xp.asarray(sample(dtype, 200, seed=5).reshape(10, 20))
    return a.searchsorted(v, side=side), xp.searchsorted(a, v[0, 0], side=side)


@gpu
@pytest.mark.parametrize("side", ["left", "right"])
@numpy_gpuarray_equal()
def test_searchsorted_with_sorter_and_mixed_dtypes(xp, side):
    host = sample(np.int16, 100)
    a = xp.asarray(host)
    sorter = xp.asarray(np.argsort(host, kind="stable"))
    v = xp.asarray(np.linspace(-30, 30, 41))
    return (xp.searchsorted(a, v, side=side, sorter=sorter), xp.searchsorted(a, 3, side=side, sorter=sorter),
            xp.searchsorted(xp.asarray(np.zeros(0, np.float32)), v, side=side))
