# SPDX-License-Identifier: BSD-3-Clause
"""p-values and quantiles of the test statistics' null distributions,
computed on the host with SciPy from statistics computed on the device.

gpuarray.scipy.special does not exist yet, so the distribution functions
(Student's t, the normal, the beta, Kolmogorov's) are SciPy's: the
statistics come back to the host once (one small array per test), SciPy
evaluates the tail probabilities in float64, and the p-values go back to the
device in the statistic's dtype. SciPy is imported on first use, so the
descriptive statistics work without it."""
import importlib

import numpy

from gpuarray.scipy.stats import _array_ops as xp

__all__ = ["ALTERNATIVE_MESSAGE", "check_alternative", "scipy_module", "to_host", "to_device", "tail_pvalue",
           "t_pvalue", "normal_pvalue", "beta_pvalue", "t_quantile", "normal_quantile"]

ALTERNATIVE_MESSAGE = "`alternative` must be 'less', 'greater', or 'two-sided'."


def check_alternative(alternative):
    """Raises SciPy's ValueError for an `alternative` that is not one of the three."""
    if alternative not in ("less", "greater", "two-sided"):
        raise ValueError(ALTERNATIVE_MESSAGE)


def scipy_module(name):
    """scipy.special or scipy.stats, imported on first use, with an ImportError that
    says what needs SciPy."""
    try:
        return importlib.import_module(name)
    except ImportError as e:
        raise ImportError(f"gpuarray.scipy.stats computes p-values with {name} on the host; "
                          "install SciPy (pip install scipy)") from e


def to_host(a):
    """A float64 NumPy copy of a device array (or of a number)."""
    return numpy.asarray(xp.asnumpy(a), dtype=numpy.float64)


def to_device(host, dtype):
    """The host result as a device array of `dtype`."""
    return xp.asarray(numpy.asarray(host, dtype=dtype))


def tail_pvalue(statistic, cdf, sf, alternative):
    """The p-value of `statistic` (host array) for a distribution symmetric about 0
    given by its `cdf` and `sf` (functions of host arrays), as SciPy's tests take it:
    the lower tail for 'less', the upper one for 'greater', twice the upper tail of
    ``|statistic|`` for 'two-sided'."""
    with numpy.errstate(all="ignore"):
        if alternative == "less":
            return cdf(statistic)
        if alternative == "greater":
            return sf(statistic)
        return 2 * sf(numpy.abs(statistic))


def t_pvalue(t, df, alternative):
    """p-value of Student's t statistic `t` with `df` degrees of freedom (host arrays)."""
    special = scipy_module("scipy.special")
    return tail_pvalue(t, lambda s: special.stdtr(df, s), lambda s: special.stdtr(df, -s), alternative)


def normal_pvalue(z, alternative):
    """p-value of a standard normal statistic `z` (host array)."""
    special = scipy_module("scipy.special")
    return tail_pvalue(z, special.ndtr, lambda s: special.ndtr(-s), alternative)


def beta_pvalue(r, n, alternative):
    """p-value of Pearson's r over `n` pairs: under the null hypothesis r follows the
    beta distribution with a = b = n/2 - 1 on [-1, 1]."""
    special = scipy_module("scipy.special")
    ab = numpy.asarray(n, dtype=numpy.float64) / 2 - 1
    return tail_pvalue(r, lambda s: special.betainc(ab, ab, (s + 1) / 2),
                       lambda s: special.betaincc(ab, ab, (s + 1) / 2), alternative)


def t_quantile(df, p):
    """Quantile `p` of Student's t with `df` degrees of freedom (host arrays)."""
    return scipy_module("scipy.special").stdtrit(df, p)


def normal_quantile(p):
    """Quantile `p` of the standard normal distribution."""
    return scipy_module("scipy.special").ndtri(p)
