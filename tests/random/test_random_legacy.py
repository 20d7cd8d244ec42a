# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.random's legacy API (RandomState and the module functions):
distributions against scipy.stats, dtypes and shapes, reproducibility and
independence, and NumPy's errors for bad parameters."""
import re

import numpy
import pytest

import gpuarray as xp
from random_cases import CONTINUOUS, DISCRETE, N, P_MIN, case_ids, chi2_pvalue, ks_pvalue

gpu = pytest.mark.gpu


@gpu
@pytest.mark.parametrize("method, args, dist", CONTINUOUS, ids=case_ids(CONTINUOUS))
def test_continuous_distributions(method, args, dist):
    x = getattr(xp.random.RandomState(1234), method)(*args, size=N).get()
    assert x.shape == (N,) and x.dtype == numpy.float64
    assert ks_pvalue(x, dist) > P_MIN
    if numpy.isfinite(dist.mean()) and numpy.isfinite(dist.std()):
        assert abs(x.mean() - dist.mean()) < 6 * dist.std() / numpy.sqrt(N)


@gpu
@pytest.mark.parametrize("method, args, dist, kmax", DISCRETE, ids=case_ids(DISCRETE))
def test_discrete_distributions(method, args, dist, kmax):
    x = getattr(xp.random.RandomState(1234), method)(*args, size=N).get()
    assert x.shape == (N,) and x.dtype == numpy.int64
    assert chi2_pvalue(x, dist, kmax) > P_MIN


@gpu
def test_uniform_family_is_on_zero_one():
    import scipy.stats as st
    rs = xp.random.RandomState(5)
    for x in (rs.rand(N), rs.random_sample(N), xp.random.random(N), xp.random.ranf(N), xp.random.sample(N)):
        x = x.get()
        assert x.min() >= 0 and x.max() < 1
        assert ks_pvalue(x, st.uniform()) > P_MIN
    assert rs.rand(3, 4).shape == (3, 4) and rs.randn(2, 5).shape == (2, 5)
    assert rs.rand(5, dtype=numpy.float32).dtype == numpy.float32
    assert rs.standard_normal((3,), dtype=numpy.float32).dtype == numpy.float32
    assert rs.rand().shape == ()
    assert rs.randn(7).shape == (7,)  # an odd count: the last pair of normals is cut short


@gpu
def test_randint_and_random_integers():
    rs = xp.random.RandomState(7)
    x = rs.randint(3, 10, size=N).get()
    assert x.dtype == numpy.int64 and x.min() == 3 and x.max() == 9
    counts = numpy.bincount(x - 3)
    assert counts.min() > N / 7 * 0.95
    assert rs.randint(5, size=(2, 3), dtype=numpy.uint8).dtype == numpy.uint8
    big = rs.randint(-(2**63), 2**63 - 1, size=1000).get()
    assert big.min() < -(2**60) and big.max() > 2**60
    with pytest.warns(DeprecationWarning):
        y = rs.random_integers(1, 6, size=N).get()
    assert y.min() == 1 and y.max() == 6


@gpu
def test_same_seed_same_numbers_different_seeds_differ():
    for method, args in [("rand", (1000,)), ("randn", (1000,)), ("gamma", (2.0, 1.0, 1000)),
                         ("randint", (0, 100, 1000)), ("poisson", (4.0, 1000))]:
        a = getattr(xp.random.RandomState(42), method)(*args).get()
        b = getattr(xp.random.RandomState(42), method)(*args).get()
        c = getattr(xp.random.RandomState(43), method)(*args).get()
        numpy.testing.assert_array_equal(a, b)
        assert not numpy.array_equal(a, c)
    rs = xp.random.RandomState(1)
    first, second = rs.gamma(2.0, size=100).get(), rs.gamma(2.0, size=100).get()
    assert not numpy.array_equal(first, second), "each call draws new numbers"
    rs.seed(1)
    numpy.testing.assert_array_equal(rs.gamma(2.0, size=100).get(), first)


@gpu
def test_global_state_functions():
    xp.random.seed(3)
    a = xp.random.rand(10).get()
    xp.random.seed(3)
    numpy.testing.assert_array_equal(xp.random.rand(10).get(), a)
    rs = xp.random.RandomState(3)
    xp.random.set_random_state(rs)
    assert xp.random.get_random_state() is rs
    with pytest.raises(TypeError):
        xp.random.set_random_state(object())


@gpu
def test_generation_on_the_current_stream():
    s = xp.cuda.Stream()
    with s:
        a = xp.random.RandomState(9).standard_normal(1001)
        b = xp.random.RandomState(9).gamma(2.0, size=1001)
    s.synchronize()
    numpy.testing.assert_array_equal(a.get(), xp.random.RandomState(9).standard_normal(1001).get())
    numpy.testing.assert_array_equal(b.get(), xp.random.RandomState(9).gamma(2.0, size=1001).get())


@gpu
def test_broadcast_parameters():
    rs = xp.random.RandomState(2)
    lam = xp.asarray([1.0, 10.0, 100.0])
    x = rs.poisson(lam, size=(N // 10, 3)).get()
    numpy.testing.assert_allclose(x.mean(axis=0), [1, 10, 100], rtol=0.03)
    assert rs.normal(xp.zeros((2, 3)), 1.0).shape == (2, 3)
    assert rs.gamma([1.0, 2.0]).shape == (2,)


@gpu
def test_choice_permutation_shuffle_bytes():
    rs = xp.random.RandomState(11)
    p = numpy.array([0.1, 0.0, 0.6, 0.3])
    x = rs.choice(4, size=N, p=p).get()
    numpy.testing.assert_allclose(numpy.bincount(x, minlength=4) / N, p, atol=0.01)
    y = rs.choice(xp.arange(10, 20), size=5, replace=False).get()
    assert len(set(y.tolist())) == 5 and y.min() >= 10 and y.max() < 20
    z = rs.choice(4, size=3, replace=False, p=p).get()
    assert sorted(z.tolist()) == [0, 2, 3]
    perm = rs.permutation(1000).get()
    assert sorted(perm.tolist()) == list(range(1000)) and perm.tolist() != list(range(1000))
    a = xp.arange(20).reshape(10, 2)
    rs.shuffle(a)
    rows = a.get()
    assert sorted(rows[:, 0].tolist()) == list(range(0, 20, 2)) and (rows[:, 1] == rows[:, 0] + 1).all()
    assert len(rs.bytes(10)) == 10


@gpu
def test_multivariate_distributions():
    rs = xp.random.RandomState(4)
    d = rs.dirichlet([1.0, 2.0, 3.0], size=N).get()
    numpy.testing.assert_allclose(d.sum(axis=1), 1.0)
    numpy.testing.assert_allclose(d.mean(axis=0), [1 / 6, 2 / 6, 3 / 6], atol=0.005)
    m = rs.multinomial(20, [0.2, 0.3, 0.5], size=N).get()
    assert (m.sum(axis=1) == 20).all()
    numpy.testing.assert_allclose(m.mean(axis=0), [4, 6, 10], rtol=0.01)
    cov = numpy.array([[2.0, 0.5], [0.5, 1.0]])
    mv = rs.multivariate_normal([1.0, -1.0], cov, size=N).get()
    numpy.testing.assert_allclose(mv.mean(axis=0), [1, -1], atol=0.02)
    numpy.testing.assert_allclose(numpy.cov(mv.T), cov, atol=0.03)


# --- Errors: NumPy's types and messages, raised before any device work -------------------

ERRORS = [
    ("normal", (0.0, -1.0), "scale < 0"),
    ("exponential", (-1.0,), "scale < 0"),
    ("gamma", (-1.0,), "shape < 0"),
    ("beta", (0.0, 1.0), "a <= 0"),
    ("binomial", (10, 1.5), "p < 0, p > 1 or p is NaN"),
    ("binomial", (-1, 0.5), "n < 0"),
    ("poisson", (-1.0,), "lam < 0 or lam is NaN"),
    ("chisquare", (0.0,), "df <= 0"),
    ("geometric", (0.0,), "p <= 0, p > 1 or p contains NaNs"),
    ("zipf", (1.0,), "a <= 1 or a is NaN"),
    ("triangular", (2.0, 1.0, 3.0), "left > mode"),
    ("wald", (0.0, 1.0), "mean <= 0"),
    ("hypergeometric", (2, 2, 5), "ngood + nbad < nsample"),
    ("vonmises", (0.0, -1.0), "kappa < 0"),
    ("logseries", (1.0,), "p < 0, p >= 1 or p is NaN"),
]


@pytest.mark.parametrize("method, args, message", ERRORS, ids=lambda c: str(c))
def test_bad_parameters_raise_numpy_errors(method, args, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        getattr(xp.random.RandomState(0), method)(*args)
    with pytest.raises(ValueError) as theirs:
        getattr(numpy.random.RandomState(0), method)(*args)
    assert str(theirs.value) == message


@pytest.mark.parametrize("call, message", [
    (lambda rs: rs.randint(5, 3), "low >= high"),
    (lambda rs: rs.randint(0), "high <= 0"),
    (lambda rs: rs.randint(0, 300, dtype=numpy.uint8), "high is out of bounds for uint8"),
    (lambda rs: rs.randint(-1, 3, dtype=numpy.uint8), "low is out of bounds for uint8"),
    (lambda rs: rs.rand(-1), "negative dimensions are not allowed"),
    (lambda rs: rs.choice(3, p=[0.5, 0.2, 0.2]), "probabilities do not sum to 1"),
    (lambda rs: rs.choice(3, p=[1.2, -0.2, 0.0]), "probabilities are not non-negative"),
    (lambda rs: rs.choice(3, size=4, replace=False), "Cannot take a larger sample than population when"),
    (lambda rs: rs.choice([[1, 2]]), "a must be 1-dimensional"),
])
def test_bad_bounds_and_sizes(call, message):
    with pytest.raises(ValueError, match=message):
        call(xp.random.RandomState(0))
