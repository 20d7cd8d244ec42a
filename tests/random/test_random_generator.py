# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.random's Generator API: default_rng, the three bit generators,
the distributions against scipy.stats, dtype= and out=, reproducibility,
independence and NumPy's errors."""
import numpy
import pytest
import scipy.stats as st

import gpuarray as xp
from random_cases import CONTINUOUS, DISCRETE, N, P_MIN, case_ids, chi2_pvalue, ks_pvalue

gpu = pytest.mark.gpu
BIT_GENERATORS = [xp.random.XORWOW, xp.random.Philox4x32_10, xp.random.MRG32k3a]


@gpu
@pytest.mark.parametrize("bitgen", BIT_GENERATORS, ids=lambda b: b.__name__)
def test_each_bit_generator_gives_uniforms_and_normals(bitgen):
    g = xp.random.Generator(bitgen(99))
    u = g.random(N).get()
    assert u.min() >= 0 and u.max() < 1 and ks_pvalue(u, st.uniform()) > P_MIN
    z = g.standard_normal(N + 1).get()
    assert z.shape == (N + 1,) and ks_pvalue(z, st.norm()) > P_MIN
    numpy.testing.assert_array_equal(xp.random.Generator(bitgen(99)).random(100).get(), u[:100])


@gpu
@pytest.mark.parametrize("method, args, dist", CONTINUOUS, ids=case_ids(CONTINUOUS))
def test_continuous_distributions(method, args, dist):
    x = getattr(xp.random.default_rng(2024), method)(*args, size=N).get()
    assert x.dtype == numpy.float64 and ks_pvalue(x, dist) > P_MIN


@gpu
@pytest.mark.parametrize("method, args, dist, kmax", DISCRETE, ids=case_ids(DISCRETE))
def test_discrete_distributions(method, args, dist, kmax):
    x = getattr(xp.random.default_rng(2024), method)(*args, size=N).get()
    assert x.dtype == numpy.int64 and chi2_pvalue(x, dist, kmax) > P_MIN


@gpu
def test_dtype_and_out():
    g = xp.random.default_rng(1)
    for method in ("random", "standard_normal", "standard_exponential"):
        x = getattr(g, method)((3, 5), dtype=numpy.float32)
        assert x.shape == (3, 5) and x.dtype == numpy.float32
        out = xp.empty((4, 3), numpy.float32)
        assert getattr(g, method)(dtype=numpy.float32, out=out) is out
        with pytest.raises(TypeError):
            getattr(g, method)(dtype=numpy.float64, out=out)
    out = xp.empty((7,), numpy.float64)
    assert g.standard_gamma(2.0, out=out) is out
    with pytest.raises(ValueError, match="size must match out.shape"):
        g.random(size=(2,), out=xp.empty(3))
    with pytest.raises(TypeError):
        g.random(dtype=numpy.int32)


@gpu
def test_integers():
    g = xp.random.default_rng(5)
    x = g.integers(-3, 4, size=N).get()
    assert x.min() == -3 and x.max() == 3 and x.dtype == numpy.int64
    y = g.integers(0, 10, size=N, endpoint=True, dtype=numpy.int32).get()
    assert y.dtype == numpy.int32 and y.max() == 10
    assert chi2_pvalue(y, st.randint(0, 11), 10) > P_MIN
    assert g.integers(2**32, 2**33, size=10).get().min() >= 2**32


@gpu
def test_reproducible_and_independent():
    a = xp.random.default_rng(7)
    b = xp.random.default_rng(7)
    c = xp.random.default_rng(8)
    for method, args in [("random", (500,)), ("poisson", (3.0, 500)), ("integers", (0, 1000, 500))]:
        x, y, z = (getattr(g, method)(*args).get() for g in (a, b, c))
        numpy.testing.assert_array_equal(x, y)
        assert not numpy.array_equal(x, z)
    assert xp.random.default_rng(a) is a
    bg = xp.random.Philox4x32_10(3)
    assert xp.random.default_rng(bg).bit_generator is bg


@gpu
def test_choice_permutation_shuffle():
    g = xp.random.default_rng(3)
    p = [0.5, 0.25, 0.25]
    x = g.choice(3, size=N, p=p).get()
    numpy.testing.assert_allclose(numpy.bincount(x) / N, p, atol=0.01)
    m = xp.arange(12).reshape(4, 3)
    rows = g.choice(m, size=2, replace=False).get()
    assert rows.shape == (2, 3) and (rows[:, 1] == rows[:, 0] + 1).all()
    cols = g.permutation(m, axis=1).get()
    assert sorted(cols[0].tolist()) == [0, 1, 2] and (cols[1] == cols[0] + 3).all()
    a = xp.arange(10)
    g.shuffle(a)
    assert sorted(a.get().tolist()) == list(range(10))
    assert len(g.bytes(7)) == 7


@pytest.mark.parametrize("call, message", [
    (lambda g: g.integers(5, 4, endpoint=True), "low > high"),
    (lambda g: g.integers(0), "high <= 0"),
    (lambda g: g.integers(3, 3), "low >= high"),
    (lambda g: g.normal(0.0, -2.0), "scale < 0"),
    (lambda g: g.hypergeometric(2, 2, -1), "nsample < 0"),
    (lambda g: g.choice(3, p=[0.3, 0.3, 0.3]), "Probabilities do not sum to 1"),
    (lambda g: g.choice(3, size=4, replace=False), "Cannot take a larger sample than population when replace is False"),
    (lambda g: g.random((2, -1)), "negative dimensions are not allowed"),
])
def test_errors_match_numpy(call, message):
    with pytest.raises(ValueError, match=message):
        call(xp.random.default_rng(0))
    with pytest.raises(ValueError, match=message):
        call(numpy.random.default_rng(0))


def test_generator_needs_a_bit_generator():
    with pytest.raises(TypeError):
        xp.random.Generator(numpy.random.PCG64())
