# SPDX-License-Identifier: BSD-3-Clause
"""Shared by tests/random/test_random_legacy.py and tests/random/test_random_generator.py:
each distribution with parameters and the scipy.stats law its samples must
follow, and the goodness-of-fit checks."""
import numpy
import scipy.stats as st

N = 200_000
P_MIN = 1e-4  # a fixed seed: a correct sampler passes at this level, a wrong parameterization fails by far

# (method, args, scipy distribution): continuous, checked by Kolmogorov-Smirnov.
CONTINUOUS = [
    ("beta", (0.5, 2.0), st.beta(0.5, 2.0)),
    ("chisquare", (3.0,), st.chi2(3.0)),
    ("exponential", (2.0,), st.expon(scale=2.0)),
    ("f", (5.0, 7.0), st.f(5.0, 7.0)),
    ("gamma", (0.5, 3.0), st.gamma(0.5, scale=3.0)),
    ("gamma", (4.0, 0.5), st.gamma(4.0, scale=0.5)),
    ("gumbel", (1.0, 2.0), st.gumbel_r(1.0, 2.0)),
    ("laplace", (1.0, 2.0), st.laplace(1.0, 2.0)),
    ("logistic", (1.0, 2.0), st.logistic(1.0, 2.0)),
    ("lognormal", (0.5, 0.75), st.lognorm(0.75, scale=numpy.exp(0.5))),
    ("noncentral_chisquare", (3.0, 2.0), st.ncx2(3.0, 2.0)),
    ("noncentral_chisquare", (0.5, 2.0), st.ncx2(0.5, 2.0)),
    ("noncentral_f", (5.0, 7.0, 2.0), st.ncf(5.0, 7.0, 2.0)),
    ("normal", (1.0, 3.0), st.norm(1.0, 3.0)),
    ("pareto", (3.0,), st.pareto(3.0, loc=-1.0)),
    ("power", (3.0,), st.powerlaw(3.0)),
    ("rayleigh", (2.0,), st.rayleigh(scale=2.0)),
    ("standard_cauchy", (), st.cauchy()),
    ("standard_exponential", (), st.expon()),
    ("standard_gamma", (2.5,), st.gamma(2.5)),
    ("standard_normal", (), st.norm()),
    ("standard_t", (4.0,), st.t(4.0)),
    ("triangular", (0.0, 1.0, 3.0), st.triang(1 / 3, loc=0.0, scale=3.0)),
    ("uniform", (-1.0, 3.0), st.uniform(-1.0, 4.0)),
    ("vonmises", (0.0, 2.0), st.vonmises(2.0)),
    ("wald", (2.0, 3.0), st.invgauss(2.0 / 3.0, scale=3.0)),
    ("weibull", (1.5,), st.weibull_min(1.5)),
]

# (method, args, scipy distribution, largest value counted): discrete, checked by chi-square.
DISCRETE = [
    ("binomial", (20, 0.3), st.binom(20, 0.3), 20),
    ("binomial", (1000, 0.7), st.binom(1000, 0.7), 1000),
    ("geometric", (0.2,), st.geom(0.2), 100),
    ("hypergeometric", (10, 20, 12), st.hypergeom(30, 10, 12), 12),
    ("logseries", (0.6,), st.logser(0.6), 60),
    ("negative_binomial", (3, 0.4), st.nbinom(3, 0.4), 100),
    ("poisson", (3.0,), st.poisson(3.0), 40),
    ("poisson", (50.0,), st.poisson(50.0), 200),
    ("zipf", (2.5,), st.zipf(2.5), 200),
]


def case_ids(cases):
    """Test ids from the method and its arguments: a frozen scipy law's repr
    holds its address, which differs from one pytest process to the next."""
    return [f"{method}-{args}" for method, args, *_ in cases]


def ks_pvalue(samples, dist):
    return st.kstest(numpy.asarray(samples, numpy.float64), dist.cdf).pvalue


def chi2_pvalue(samples, dist, kmax):
    """Pearson's chi-square over the values with at least 5 expected counts."""
    samples = numpy.asarray(samples)
    ks = numpy.arange(kmax + 1)
    observed = numpy.bincount(samples[(samples >= 0) & (samples <= kmax)], minlength=kmax + 1)[:kmax + 1]
    expected = dist.pmf(ks) * samples.size
    keep = expected >= 5
    o, e = observed[keep], expected[keep]
    return st.chisquare(o, e * o.sum() / e.sum()).pvalue
