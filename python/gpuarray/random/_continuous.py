# SPDX-License-Identifier: BSD-3-Clause
"""The continuous distributions RandomState and Generator share, with NumPy's
parameter names, defaults and checks, and dtype= (float32 or float64) on each.

One path serves every distribution and both dtypes: the sampler of `name` is
`ga::random::name<T>` in gpuarray/random.cuh, instantiated for the output's C
type T, so float32 samples are computed in float arithmetic (the exceptions,
and how the float32 and float64 streams relate, are in docs/random.md).
normal, lognormal and uniform with host-scalar parameters come from the bulk
streams (gpuarray/random_bulk.cuh) in the same dtype."""
import math

import numpy

from gpuarray.random import _sampling
from gpuarray.random._sampling import (check, float_dtype, host_scalars, infinite_range, negative, param, sample,
                                       shape_of)

_SIZE_DTYPE_RETURNS = """\
size : int or tuple of ints, optional
    Output shape. Default (None): the parameters' broadcast shape, a 0-d
    array when every parameter is a scalar.
dtype : {{float32, float64}}, optional
    Output dtype, float64 by default. float32 samples are computed in
    float32 arithmetic (docs/random.md lists the few steps kept in float64).

Returns
-------
out : gpuarray.ndarray
    The samples, of dtype `dtype`.

See Also
--------
{see_also}

Examples
--------
>>> import gpuarray as xp
>>> rng = xp.random.default_rng(123)
>>> x = rng.{name}({args}size=4, dtype=xp.float32)
>>> x.shape, x.dtype
((4,), dtype('float32'))
"""


def _doc(summary, params, example=""):
    """Decorator: a NumPy-style docstring from the summary, (name, meaning)
    pairs for the distribution's parameters and the example's arguments."""
    def document(method):
        lines = [summary, "", "Parameters", "----------"]
        for name, meaning in params:
            lines += [f"{name} : float or array_like of floats", f"    {meaning}"]
        args = example + ", " if example else ""
        method.__doc__ = "\n".join(lines) + "\n" + _SIZE_DTYPE_RETURNS.format(
            name=method.__name__, args=args, see_also=_SEE_ALSO[method.__name__])
        return method
    return document


# Each distribution's relatives, for its See Also section.
_SEE_ALSO = {
    "normal": "standard_normal, lognormal, multivariate_normal", "uniform": "random, triangular",
    "beta": "dirichlet, gamma", "chisquare": "noncentral_chisquare, gamma",
    "exponential": "standard_exponential, gamma, weibull", "f": "noncentral_f, chisquare",
    "gamma": "standard_gamma, exponential, beta", "gumbel": "weibull, logistic", "laplace": "exponential, normal",
    "logistic": "normal, laplace", "lognormal": "normal", "noncentral_chisquare": "chisquare",
    "noncentral_f": "f", "pareto": "power, exponential", "power": "pareto, uniform", "rayleigh": "weibull, normal",
    "standard_cauchy": "standard_t", "standard_exponential": "exponential", "standard_gamma": "gamma",
    "standard_t": "standard_normal, standard_cauchy", "triangular": "uniform", "vonmises": "uniform",
    "wald": "normal", "weibull": "exponential, gumbel",
}

_LOC = ("loc", "Location; default 0.")
_SCALE = ("scale", "Scale, >= 0; default 1.")


class Continuous:
    """Mixin over `self._bit_generator`: every method returns a new array of
    `size`, or of the parameters' broadcast shape when `size` is None."""

    _range_message = "Range exceeds valid bounds"  # uniform's OverflowError (Generator's differs)

    def _sample(self, sampler, params, size, dtype=numpy.float64, out=None):
        return sample(self._bit_generator, sampler, params, size, dtype, out)

    def _continuous(self, name, params, size, dtype, out=None):
        """ga::random::`name`<T> over [(name, value)] float64 parameters (cast to T by the call)."""
        return self._sample(f"ga::random::{name}<{{T}}>(rng{{args}})", [("float64", n, v) for n, v in params],
                            size, dtype, out)

    # Python numbers, the common parameters, are checked without NumPy, whose
    # scalar dispatch costs ~10 us a draw: as much as 3% of normal(2^28) in
    # float32 (issue 33). The tests are NumPy's: the sign bit (-0.0 fails),
    # and NaN passes.
    def _non_negative(self, value, name):
        if type(value) is float or type(value) is int:
            if math.copysign(1.0, value) < 0 and not math.isnan(value):
                raise ValueError(f"{name} < 0")
            return numpy.float64(value)
        value = param(value)
        check(negative, f"{name} < 0", value)
        return value

    def _positive(self, value, name):
        if type(value) is float or type(value) is int:
            if value <= 0:
                raise ValueError(f"{name} <= 0")
            return numpy.float64(value)
        value = param(value)
        check(lambda x: x <= 0, f"{name} <= 0", value)
        return value

    @_doc("Samples of the beta distribution, on [0, 1].", [("a", "Alpha, > 0."), ("b", "Beta, > 0.")], "0.5, 2.0")
    def beta(self, a, b, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "beta")
        a, b = self._positive(a, "a"), self._positive(b, "b")
        return self._continuous("beta", [("a", a), ("b", b)], size, dtype)

    @_doc("Samples of the chi-square distribution.", [("df", "Degrees of freedom, > 0.")], "3.0")
    def chisquare(self, df, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "chisquare")
        df = self._positive(df, "df")
        return self._continuous("chisquare", [("df", df)], size, dtype)

    @_doc("Samples of the exponential distribution of mean `scale`.", [_SCALE], "2.0")
    def exponential(self, scale=1.0, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "exponential")
        scale = self._non_negative(scale, "scale")
        return self._continuous("exponential", [("scale", scale)], size, dtype)

    @_doc("Samples of the F distribution (Fisher-Snedecor).",
          [("dfnum", "Degrees of freedom of the numerator, > 0."),
           ("dfden", "Degrees of freedom of the denominator, > 0.")], "5.0, 7.0")
    def f(self, dfnum, dfden, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "f")
        dfnum, dfden = self._positive(dfnum, "dfnum"), self._positive(dfden, "dfden")
        return self._continuous("f", [("dfnum", dfnum), ("dfden", dfden)], size, dtype)

    @_doc("Samples of the gamma distribution.", [("shape", "Shape k, >= 0."), _SCALE], "2.0, 0.5")
    def gamma(self, shape, scale=1.0, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "gamma")
        shape, scale = self._non_negative(shape, "shape"), self._non_negative(scale, "scale")
        return self._continuous("gamma", [("shape", shape), ("scale", scale)], size, dtype)

    @_doc("Samples of the Gumbel (extreme value type I) distribution.", [_LOC, _SCALE], "1.0, 2.0")
    def gumbel(self, loc=0.0, scale=1.0, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "gumbel")
        loc, scale = param(loc), self._non_negative(scale, "scale")
        return self._continuous("gumbel", [("loc", loc), ("scale", scale)], size, dtype)

    @_doc("Samples of the Laplace (double exponential) distribution.", [_LOC, _SCALE], "1.0, 2.0")
    def laplace(self, loc=0.0, scale=1.0, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "laplace")
        loc, scale = param(loc), self._non_negative(scale, "scale")
        return self._continuous("laplace", [("loc", loc), ("scale", scale)], size, dtype)

    @_doc("Samples of the logistic distribution.", [_LOC, _SCALE], "1.0, 2.0")
    def logistic(self, loc=0.0, scale=1.0, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "logistic")
        loc, scale = param(loc), self._non_negative(scale, "scale")
        return self._continuous("logistic", [("loc", loc), ("scale", scale)], size, dtype)

    @_doc("Samples of the log-normal distribution: exp of normal samples.",
          [("mean", "Mean of the underlying normal; default 0."),
           ("sigma", "Standard deviation of the underlying normal, >= 0; default 1.")], "0.0, 0.5")
    def lognormal(self, mean=0.0, sigma=1.0, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "lognormal")
        mean, sigma = param(mean), self._non_negative(sigma, "sigma")
        if host_scalars(mean, sigma):
            return _sampling.lognormal(self._bit_generator, shape_of(size), dtype, mean, sigma)
        return self._continuous("lognormal", [("mean", mean), ("sigma", sigma)], size, dtype)

    @_doc("Samples of the noncentral chi-square distribution.",
          [("df", "Degrees of freedom, > 0."), ("nonc", "Noncentrality, >= 0.")], "3.0, 2.0")
    def noncentral_chisquare(self, df, nonc, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "noncentral_chisquare")
        df, nonc = self._positive(df, "df"), self._non_negative(nonc, "nonc")
        return self._continuous("noncentral_chisquare", [("df", df), ("nonc", nonc)], size, dtype)

    @_doc("Samples of the noncentral F distribution.",
          [("dfnum", "Degrees of freedom of the numerator, > 0."),
           ("dfden", "Degrees of freedom of the denominator, > 0."), ("nonc", "Noncentrality, >= 0.")],
          "5.0, 7.0, 2.0")
    def noncentral_f(self, dfnum, dfden, nonc, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "noncentral_f")
        dfnum, dfden = self._positive(dfnum, "dfnum"), self._positive(dfden, "dfden")
        nonc = self._non_negative(nonc, "nonc")
        return self._continuous("noncentral_f", [("dfnum", dfnum), ("dfden", dfden), ("nonc", nonc)], size, dtype)

    @_doc("Samples of the normal (Gaussian) distribution.",
          [("loc", "Mean; default 0."), ("scale", "Standard deviation, >= 0; default 1.")], "0.0, 1.0")
    def normal(self, loc=0.0, scale=1.0, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "normal")
        loc, scale = param(loc), self._non_negative(scale, "scale")
        if host_scalars(loc, scale):
            return _sampling.normal(self._bit_generator, shape_of(size), dtype, loc, scale)
        return self._continuous("normal", [("loc", loc), ("scale", scale)], size, dtype)

    @_doc("Samples of the Pareto II (Lomax) distribution, on [0, inf).", [("a", "Shape, > 0.")], "3.0")
    def pareto(self, a, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "pareto")
        a = self._positive(a, "a")
        return self._continuous("pareto", [("a", a)], size, dtype)

    @_doc("Samples of the power distribution a x^(a - 1) on [0, 1].", [("a", "Exponent, > 0.")], "3.0")
    def power(self, a, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "power")
        a = self._positive(a, "a")
        return self._continuous("power", [("a", a)], size, dtype)

    @_doc("Samples of the Rayleigh distribution.", [("scale", "Mode, >= 0; default 1.")], "2.0")
    def rayleigh(self, scale=1.0, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "rayleigh")
        scale = self._non_negative(scale, "scale")
        return self._continuous("rayleigh", [("scale", scale)], size, dtype)

    @_doc("Samples of the standard Cauchy (Lorentz) distribution.", [])
    def standard_cauchy(self, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "standard_cauchy")
        return self._continuous("standard_cauchy", [], size, dtype)

    @_doc("Samples of the standard exponential distribution (mean 1).", [])
    def standard_exponential(self, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "standard_exponential")
        return self._continuous("standard_exponential", [], size, dtype)

    @_doc("Samples of the standard gamma distribution (scale 1).", [("shape", "Shape k, >= 0.")], "2.0")
    def standard_gamma(self, shape, size=None, dtype=numpy.float64):
        return self._standard_gamma(shape, size, dtype)

    def _standard_gamma(self, shape, size, dtype, out=None):
        dtype = float_dtype(dtype, "standard_gamma")
        shape = self._non_negative(shape, "shape")
        return self._continuous("standard_gamma", [("shape", shape)], size, dtype, out)

    @_doc("Samples of Student's t distribution.", [("df", "Degrees of freedom, > 0.")], "4.0")
    def standard_t(self, df, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "standard_t")
        df = self._positive(df, "df")
        return self._continuous("standard_t", [("df", df)], size, dtype)

    @_doc("Samples of the triangular distribution on [left, right].",
          [("left", "Lower limit."), ("mode", "Peak, left <= mode <= right."),
           ("right", "Upper limit, > left.")], "0.0, 1.0, 3.0")
    def triangular(self, left, mode, right, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "triangular")
        left, mode, right = param(left), param(mode), param(right)
        check(lambda lo, m: lo > m, "left > mode", left, mode)
        check(lambda m, hi: m > hi, "mode > right", mode, right)
        check(lambda lo, hi: lo == hi, "left == right", left, right)
        return self._continuous("triangular", [("left", left), ("mode", mode), ("right", right)], size, dtype)

    @_doc("Samples of the uniform distribution on [low, high).",
          [("low", "Lower bound; default 0."), ("high", "Upper bound; default 1. high - low must be finite.")],
          "-1.0, 3.0")
    def uniform(self, low=0.0, high=1.0, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "uniform")
        low, high = param(low), param(high)
        check(infinite_range, self._range_message, low, high, error=OverflowError)
        if host_scalars(low, high):
            return _sampling.uniform(self._bit_generator, shape_of(size), dtype, low, high)
        return self._continuous("uniform", [("low", low), ("high", high)], size, dtype)

    @_doc("Samples of the von Mises distribution, on [-pi, pi].",
          [("mu", "Mode (center)."), ("kappa", "Concentration, >= 0.")], "0.0, 2.0")
    def vonmises(self, mu, kappa, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "vonmises")
        mu, kappa = param(mu), self._non_negative(kappa, "kappa")
        return self._continuous("vonmises", [("mu", mu), ("kappa", kappa)], size, dtype)

    @_doc("Samples of the Wald (inverse Gaussian) distribution.",
          [("mean", "Mean, > 0."), ("scale", "Shape parameter lambda, > 0.")], "2.0, 3.0")
    def wald(self, mean, scale, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "wald")
        mean, scale = self._positive(mean, "mean"), self._positive(scale, "scale")
        return self._continuous("wald", [("mean", mean), ("scale", scale)], size, dtype)

    @_doc("Samples of the Weibull distribution (scale 1).", [("a", "Shape, >= 0.")], "1.5")
    def weibull(self, a, size=None, dtype=numpy.float64):
        dtype = float_dtype(dtype, "weibull")
        a = self._non_negative(a, "a")
        return self._continuous("weibull", [("a", a)], size, dtype)
