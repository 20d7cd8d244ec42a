# SPDX-License-Identifier: BSD-3-Clause
"""Generator.permuted and Generator.multivariate_hypergeometric (issue 25).

Without a GPU: NumPy's errors, in NumPy's order, before any device work; and
the algorithms themselves, with the array functions they call replaced by
NumPy's and the bulk streams on the host (test_random_bulk's host kernels),
so that the exact properties (each slice keeps its multiset, each variate
sums to nsample and stays within colors) and the laws (uniform independent
permutations; hypergeometric marginals, covariances) are checked on the CPU.
On a GPU: the same properties and laws on the device, every layout and
dtype, out=, both methods."""
import itertools

import numpy
import pytest
import scipy.stats as st

import gpuarray as xp
from fake_memory import fake_array
from gpuarray.random import _integers
from gpuarray.random import _multivariate_hypergeometric as mvh
from random_cases import P_MIN
from test_random_state import host, host_library, on_host

gpu = pytest.mark.gpu
SHARED_FIXTURES = (host_library, host, on_host)  # pytest finds them here by name


def _raised(call):
    try:
        call()
    except Exception as e:  # noqa: BLE001  (the error is the result compared)
        return type(e), str(e)
    return None


# ---- permuted: errors ----------------------------------------------------------------------

@pytest.mark.parametrize("shape, axis, out_shape, out_dtype", [
    ((3, 4), 2, None, None), ((3, 4), -3, None, None), ((3, 4), 1.0, None, None), ((3, 4), (0, 1), None, None),
    ((), None, None, None), ((), 0, None, None),
    ((3, 4), None, (4, 3), numpy.int64), ((3, 4), 1, (3,), numpy.int64),
    ((3, 4), None, (3, 4), numpy.int32), ((3, 4), 0, (3, 4), numpy.float16),
], ids=str)
def test_permuted_errors_are_numpys(shape, axis, out_shape, out_dtype):
    x = numpy.arange(int(numpy.prod(shape)), dtype=numpy.int64).reshape(shape)
    theirs = _raised(lambda: numpy.random.default_rng(0).permuted(
        x, axis=axis, out=None if out_shape is None else numpy.empty(out_shape, out_dtype)))
    ours = _raised(lambda: xp.random.default_rng(0).permuted(
        x, axis=axis, out=None if out_shape is None else fake_array(out_shape, out_dtype)[0]))
    assert theirs is not None and ours is not None and ours[0] is theirs[0]
    if theirs[0] is not TypeError or "cast" in theirs[1]:
        assert ours[1] == theirs[1]


def test_permuted_out_must_be_a_device_array():
    with pytest.raises(TypeError, match="out must be a gpuarray.ndarray"):
        xp.random.default_rng(0).permuted(numpy.arange(3), out=numpy.empty(3, numpy.int64))


def test_permuted_checks_device_inputs_before_device_work():
    x, _ = fake_array((2, 5), numpy.float32)
    with pytest.raises(xp.exceptions.AxisError):
        xp.random.default_rng(0).permuted(x, axis=2)
    with pytest.raises(TypeError, match="Cannot cast array data from dtype\\('float32'\\) to dtype\\('int32'\\)"):
        xp.random.default_rng(0).permuted(x, out=fake_array((2, 5), numpy.int32)[0])


# ---- permuted on the host -----------------------------------------------------------------

@pytest.fixture
def permuted_on_host(on_host, monkeypatch):
    """Generator.permuted with NumPy's array functions and the host bulk streams."""
    replacements = {"ndarray": numpy.ndarray, "asarray": numpy.asarray, "array": numpy.array,
                    "copyto": numpy.copyto, "take": numpy.take, "take_along_axis": numpy.take_along_axis,
                    "argsort": lambda a, axis=-1: numpy.argsort(a, axis=axis, kind="stable")}
    for name, value in replacements.items():
        monkeypatch.setattr(_integers, name, value)
    return on_host


LAYOUTS = {
    "contiguous": lambda a: a,
    "fortran": numpy.asfortranarray,
    "strided": lambda a: numpy.repeat(a, 2, axis=-1)[..., ::2],
    "negative": lambda a: a[::-1, ::-1] if a.ndim > 1 else a[::-1],
}


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_host_permuted_keeps_each_slice(permuted_on_host, layout, axis):
    x = LAYOUTS[layout](numpy.arange(5 * 7).reshape(5, 7) * 3)
    before = x.copy()
    y = xp.random.default_rng(1).permuted(x, axis=axis)
    numpy.testing.assert_array_equal(x, before)
    assert y.shape == x.shape and y.dtype == x.dtype
    if axis is None:
        numpy.testing.assert_array_equal(numpy.sort(y, axis=None), numpy.sort(x, axis=None))
    else:
        numpy.testing.assert_array_equal(numpy.sort(y, axis=axis), numpy.sort(x, axis=axis))
    assert not numpy.array_equal(y, x)


def test_host_permuted_out(permuted_on_host):
    g = xp.random.default_rng(2)
    x = numpy.arange(24, dtype=numpy.int32).reshape(4, 6)
    out = numpy.empty((4, 6), numpy.float64)
    assert g.permuted(x, axis=1, out=out) is out
    numpy.testing.assert_array_equal(numpy.sort(out, axis=1), x)
    inplace = x.copy()
    assert g.permuted(inplace, axis=0, out=inplace) is inplace
    numpy.testing.assert_array_equal(numpy.sort(inplace, axis=0), x)
    assert g.permuted(numpy.empty((0, 3)), axis=1).shape == (0, 3)
    assert g.permuted([[1, 2], [3, 4]], axis=0).shape == (2, 2)


def test_host_permuted_slices_are_uniform_and_independent(permuted_on_host):
    """Each row of [0 1 2 3]s gets one of the 24 permutations uniformly, and
    consecutive rows' permutations are independent."""
    n = 24_000
    rows = xp.random.default_rng(3).permuted(numpy.tile(numpy.arange(4), (n, 1)), axis=1)
    code = (rows * numpy.array([64, 16, 4, 1])).sum(axis=1)
    perms = {sum(p * w for p, w in zip(perm, (64, 16, 4, 1))): i for i, perm in
             enumerate(itertools.permutations(range(4)))}
    index = numpy.array([perms[c] for c in code])
    assert st.chisquare(numpy.bincount(index, minlength=24)).pvalue > P_MIN
    first = numpy.argmax(rows == 0, axis=1)  # where 0 went, row by row
    table = numpy.zeros((4, 4))
    numpy.add.at(table, (first[:-1], first[1:]), 1)
    assert st.chi2_contingency(table).pvalue > P_MIN
    flat = xp.random.default_rng(4).permuted(numpy.tile(numpy.arange(4), (n, 1)).reshape(n, 2, 2), axis=None)
    assert sorted(numpy.bincount(flat.reshape(-1)).tolist()) == [n] * 4


# ---- multivariate_hypergeometric: errors -----------------------------------------------------

BAD = [
    ([3, 4, 5], 13, None, "marginals"), ([3, 4, 5], -1, None, "marginals"), ([3, -4, 5], 2, None, "marginals"),
    ([[3, 4], [5, 6]], 2, None, "marginals"), (5, 2, None, "marginals"), ([], 1, None, "marginals"),
    ([3, 4], 2, None, "foo"), ([3, 4], 2, None, None), ([10**9, 1], 6, None, "marginals"),
    ([2**62, 2**62], 6, None, "marginals"), ([2**62, 2**62], 6, None, "count"), ([3.5, 4], 2, None, "marginals"),
    ([3, 4], 2.5, None, "marginals"), ([3, 4], [2], None, "marginals"), ([True, False], 1, None, "marginals"),
    (numpy.array([3.0, 4.0]), 2, None, "marginals"), ([2**63], 1, None, "marginals"),
    ([2**64], 1, None, "marginals"), ([-1], 5, None, "foo"), ([3, 4], 10, -1, "marginals"),
    ([3, 4], 2, -1, "marginals"), ([3, 4], 2, 2.5, "count"), ([-1], 2.5, None, "marginals"),
    ([3, 4], -1, None, "count"), ([[]], 0, None, "marginals"), ([-1], -1, None, "marginals"),
    ([3], 2**63, None, "marginals"), ([-1], 2**64, None, "count"), ([2**60, 0], 1, None, "count"),
    ([2**61, 0], 2**62, None, "count"), ([10**9], 10**9 + 1, None, "marginals"), ([3, 4], 2, -1, "foo"),
]


@pytest.mark.parametrize("colors, nsample, size, method", BAD, ids=str)
def test_multivariate_hypergeometric_errors_are_numpys(colors, nsample, size, method):
    theirs = _raised(lambda: numpy.random.default_rng(0).multivariate_hypergeometric(colors, nsample, size, method))
    ours = _raised(lambda: xp.random.default_rng(0).multivariate_hypergeometric(colors, nsample, size, method))
    assert theirs is not None and ours == theirs


@pytest.mark.parametrize("colors, nsample, method", [
    ([3, 4, 5], 6, "marginals"), ([], 0, "count"), (numpy.array([], numpy.float64), 0, "marginals"),
    (numpy.array([3, 4], numpy.uint8), 2, "count"), ((3, 4), True, "marginals"), ([10**9, 1], 6, "count"),
    (numpy.array([5, 0], numpy.uint64), 1, "count"), ([0, 0], 0, "marginals")])
def test_multivariate_hypergeometric_accepts_what_numpy_accepts(colors, nsample, method):
    numpy.random.default_rng(0).multivariate_hypergeometric(colors, nsample, method=method)
    checked, n, total = mvh.check_arguments(colors, nsample, method)
    assert checked.dtype == numpy.int64 and n == int(nsample) and total == sum(int(c) for c in checked)


# ---- multivariate_hypergeometric on the host ---------------------------------------------------

@pytest.fixture
def mvh_on_host(on_host, monkeypatch):
    """multivariate_hypergeometric with NumPy's array functions, the host bulk
    streams for 'count', and NumPy's univariate sampler standing in for the
    distribution kernel of 'marginals' (asked only for nsample >= 1)."""
    rng = numpy.random.default_rng(77)
    calls = []

    def sample(bitgen, sampler, params, size, dtype):
        assert sampler == "ga::random::hypergeometric(rng{args})" and dtype == numpy.int64
        (_, _, good), (_, _, bad), (_, _, n) = params
        assert numpy.all(numpy.asarray(n) >= 1), "the device sampler needs nsample >= 1"
        calls.append((int(good), int(bad)))
        return numpy.asarray(rng.hypergeometric(good, bad, n, size=size))

    replacements = {"ndarray": numpy.ndarray, "asarray": numpy.asarray, "full": numpy.full, "zeros": numpy.zeros,
                    "bincount": numpy.bincount, "concatenate": numpy.concatenate, "stack": numpy.stack,
                    "arange": numpy.arange, "where": numpy.where, "maximum": numpy.maximum,
                    "searchsorted": numpy.searchsorted, "sample": sample,
                    "argsort": lambda a, axis=-1: numpy.argsort(a, axis=axis, kind="stable")}
    for name, value in replacements.items():
        monkeypatch.setattr(mvh, name, value)
    return calls


CASES = [([16, 8, 4], 6), ([16, 8, 4], 22), ([5, 0, 7, 3], 4), ([0, 9], 3), ([9, 0], 3), ([4, 4], 8), ([1], 1),
         ([2, 3, 5, 1, 1], 0), ([30], 11), ([3, 3, 3], 9)]


@pytest.mark.parametrize("method", ["marginals", "count"])
@pytest.mark.parametrize("colors, nsample", CASES, ids=str)
def test_host_variates_sum_to_nsample_within_colors(mvh_on_host, method, colors, nsample):
    x = xp.random.default_rng(5).multivariate_hypergeometric(colors, nsample, size=(40, 3), method=method)
    x = numpy.asarray(x)
    assert x.shape == (40, 3, len(colors)) and x.dtype == numpy.int64
    assert (x.sum(axis=-1) == nsample).all() and (x >= 0).all() and (x <= numpy.array(colors)).all()
    one = numpy.asarray(xp.random.default_rng(5).multivariate_hypergeometric(colors, nsample, method=method))
    assert one.shape == (len(colors),) and one.sum() == nsample


def test_host_marginals_skip_zero_colors_and_the_last(mvh_on_host):
    xp.random.default_rng(5).multivariate_hypergeometric([5, 0, 7, 3], 4, size=10)
    assert mvh_on_host == [(5, 10), (7, 3)], "one draw per nonzero color but the last"
    mvh_on_host.clear()
    xp.random.default_rng(5).multivariate_hypergeometric([5, 0, 7, 3], 12, size=10)  # the complement, 3 items
    assert mvh_on_host == [(5, 10), (7, 3)]


def _check_law(x, colors, nsample):
    """Each marginal is hypergeometric (chi-square), and the covariances are
    the multivariate hypergeometric's."""
    colors = numpy.array(colors)
    total = colors.sum()
    for i, c in enumerate(colors):
        law = st.hypergeom(total, c, nsample)
        ks = numpy.arange(min(c, nsample) + 1)
        expected = law.pmf(ks) * len(x)
        keep = expected >= 5
        observed = numpy.bincount(x[:, i], minlength=ks.size)[:ks.size]
        o, e = observed[keep], expected[keep]
        if keep.sum() > 1:
            assert st.chisquare(o, e * o.sum() / e.sum()).pvalue > P_MIN, f"color {i}"
    p = colors / total
    cov = -nsample * numpy.outer(p, p) * (total - nsample) / (total - 1)
    cov[numpy.diag_indices_from(cov)] = nsample * p * (1 - p) * (total - nsample) / (total - 1)
    numpy.testing.assert_allclose(numpy.cov(x.T), cov, atol=6 * numpy.abs(cov).max() / numpy.sqrt(len(x)) + 1e-12)


@pytest.mark.parametrize("method", ["marginals", "count"])
@pytest.mark.parametrize("colors, nsample", [([16, 8, 4], 6), ([16, 8, 4], 20), ([5, 0, 7, 3], 4)], ids=str)
def test_host_law(mvh_on_host, method, colors, nsample):
    x = numpy.asarray(xp.random.default_rng(8).multivariate_hypergeometric(colors, nsample, size=20_000,
                                                                          method=method))
    _check_law(x, colors, nsample)


def test_host_count_in_several_passes(mvh_on_host, monkeypatch):
    monkeypatch.setattr(mvh, "_COUNT_KEYS", 100)  # 3 variates of 28 items per pass
    x = numpy.asarray(xp.random.default_rng(9).multivariate_hypergeometric([16, 8, 4], 6, size=(5, 4),
                                                                          method="count"))
    assert x.shape == (5, 4, 3) and (x.sum(axis=-1) == 6).all()
    assert len({tuple(v) for v in x.reshape(-1, 3)}) > 1, "passes draw different variates"


# ---- GPU -----------------------------------------------------------------------------------------

DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int32, numpy.int64, numpy.float16, numpy.float32,
          numpy.float64, numpy.complex64, numpy.complex128]


def _device_layouts(a):
    """(name, device array) of `a` in several layouts."""
    d = xp.asarray(a)
    yield "contiguous", d
    yield "fortran", xp.asfortranarray(d)
    yield "strided", xp.asarray(numpy.repeat(a, 2, axis=-1))[..., ::2]
    yield "negative", d[::-1, ::-1]
    yield "broadcast", xp.broadcast_to(d[:1], d.shape)


@gpu
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: numpy.dtype(d).name)
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_device_permuted_keeps_each_slice(dtype, axis):
    host = (numpy.arange(6 * 9).reshape(6, 9) % 7).astype(dtype)
    for name, x in _device_layouts(host):
        before = x.get()
        y = xp.random.default_rng(1).permuted(x, axis=axis)
        numpy.testing.assert_array_equal(x.get(), before, err_msg=name)
        got = y.get()
        assert y.shape == x.shape and y.dtype == x.dtype, name
        numpy.testing.assert_array_equal(numpy.sort(got, axis=axis), numpy.sort(before, axis=axis), err_msg=name)


@gpu
def test_device_permuted_shapes_and_out():
    g = xp.random.default_rng(2)
    x3 = xp.arange(2 * 3 * 50).reshape(2, 3, 50)
    for axis in (0, 1, 2, None):
        y = g.permuted(x3, axis=axis).get()
        numpy.testing.assert_array_equal(numpy.sort(y, axis=axis), numpy.sort(x3.get(), axis=axis))
    assert g.permuted(xp.empty((0, 4)), axis=1).shape == (0, 4)
    assert g.permuted(xp.arange(1)).get().tolist() == [0]
    assert g.permuted([3, 1, 2]).get().tolist() != []
    x = xp.arange(40, dtype=xp.int32).reshape(4, 10)
    out = xp.empty((4, 10), xp.float64)
    assert g.permuted(x, axis=1, out=out) is out
    numpy.testing.assert_array_equal(numpy.sort(out.get(), axis=1), x.get())
    strided_out = xp.empty((4, 20), xp.int64)[:, ::-2]
    assert g.permuted(x, axis=0, out=strided_out) is strided_out
    numpy.testing.assert_array_equal(numpy.sort(strided_out.get(), axis=0), x.get())
    inplace = x.copy()
    assert g.permuted(inplace, axis=1, out=inplace) is inplace
    numpy.testing.assert_array_equal(numpy.sort(inplace.get(), axis=1), x.get())
    numpy.testing.assert_array_equal(xp.random.default_rng(7).permuted(x3, axis=2).get(),
                                     xp.random.default_rng(7).permuted(x3, axis=2).get())


@gpu
def test_device_permuted_is_uniform_and_independent():
    n = 48_000
    rows = xp.random.default_rng(3).permuted(xp.tile(xp.arange(4), (n, 1)), axis=1).get()
    perms = {p: i for i, p in enumerate(itertools.permutations(range(4)))}
    index = numpy.array([perms[tuple(r)] for r in rows.tolist()])
    assert st.chisquare(numpy.bincount(index, minlength=24)).pvalue > P_MIN
    first = numpy.argmax(rows == 0, axis=1)
    table = numpy.zeros((4, 4))
    numpy.add.at(table, (first[:-1], first[1:]), 1)
    assert st.chi2_contingency(table).pvalue > P_MIN
    cols = xp.random.default_rng(4).permuted(xp.tile(xp.arange(4)[:, None], (1, n)), axis=0).get()
    assert st.chisquare(numpy.bincount(numpy.argmax(cols == 0, axis=0), minlength=4)).pvalue > P_MIN


@gpu
@pytest.mark.parametrize("method", ["marginals", "count"])
@pytest.mark.parametrize("colors, nsample", CASES, ids=str)
def test_device_variates_sum_to_nsample_within_colors(method, colors, nsample):
    g = xp.random.default_rng(5)
    x = g.multivariate_hypergeometric(colors, nsample, size=(400, 3), method=method)
    assert x.shape == (400, 3, len(colors)) and x.dtype == numpy.int64
    x = x.get()
    assert (x.sum(axis=-1) == nsample).all() and (x >= 0).all() and (x <= numpy.array(colors)).all()
    one = g.multivariate_hypergeometric(xp.asarray(colors), nsample, method=method)
    assert one.shape == (len(colors),) and int(one.sum().get()) == nsample
    assert g.multivariate_hypergeometric(colors, nsample, size=0, method=method).shape == (0, len(colors))


@gpu
@pytest.mark.parametrize("method", ["marginals", "count"])
@pytest.mark.parametrize("colors, nsample", [([16, 8, 4], 6), ([16, 8, 4], 20), ([5, 0, 7, 3], 4),
                                             ([300, 200, 100, 50], 90)], ids=str)
def test_device_law(method, colors, nsample):
    x = xp.random.default_rng(8).multivariate_hypergeometric(colors, nsample, size=100_000, method=method).get()
    _check_law(x, colors, nsample)


@gpu
def test_device_count_in_several_passes(monkeypatch):
    monkeypatch.setattr(mvh, "_COUNT_KEYS", 100)
    x = xp.random.default_rng(9).multivariate_hypergeometric([16, 8, 4], 6, size=3000, method="count").get()
    _check_law(x, [16, 8, 4], 6)


@gpu
def test_device_multivariate_hypergeometric_edges():
    g = xp.random.default_rng(10)
    assert g.multivariate_hypergeometric([], 0).shape == (0,)
    numpy.testing.assert_array_equal(g.multivariate_hypergeometric([3, 4, 5], 12, size=2).get(), [[3, 4, 5]] * 2)
    numpy.testing.assert_array_equal(g.multivariate_hypergeometric([3, 4, 5], 0, size=2).get(), [[0, 0, 0]] * 2)
    a = xp.random.default_rng(11).multivariate_hypergeometric([7, 8, 9], 10, size=50).get()
    b = xp.random.default_rng(11).multivariate_hypergeometric([7, 8, 9], 10, size=50).get()
    numpy.testing.assert_array_equal(a, b)
