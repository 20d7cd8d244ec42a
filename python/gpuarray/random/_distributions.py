# SPDX-License-Identifier: BSD-3-Clause
"""The distributions RandomState and Generator share, with NumPy's parameter
names, defaults and checks. Each is one distribution kernel over a sampler of
gpuarray/random.cuh (see _sampling.sample); `self._bit_generator` supplies the
seed and call numbers."""
import numpy

from gpuarray._core import ndarray
from gpuarray.random._sampling import check, host_scalars, lognormal, param, sample, shape_of

_F8, _I8 = "float64", "int64"


def _nan(x):
    return x != x


class Distributions:
    """Mixin: every method returns a new float64 (int64 for counts) array of
    `size`, or of the parameters' broadcast shape when `size` is None."""

    def _sample(self, sampler, params, size, dtype=numpy.float64, out=None):
        return sample(self._bit_generator, sampler, params, size, dtype, out)

    def _scale_check(self, scale, name="scale"):
        scale = param(scale)
        check(lambda s: s < 0, f"{name} < 0", scale)
        return scale

    def beta(self, a, b, size=None):
        a, b = param(a), param(b)
        check(lambda x: x <= 0, "a <= 0", a)
        check(lambda x: x <= 0, "b <= 0", b)
        return self._sample("ga::random::beta(rng{args})", [(_F8, "a", a), (_F8, "b", b)], size)

    def binomial(self, n, p, size=None):
        n, p = param(n, numpy.int64), param(p)
        check(lambda x: x < 0, "n < 0", n)
        check(lambda x: (x < 0) | (x > 1) | _nan(x), "p < 0, p > 1 or p is NaN", p)
        return self._sample("ga::random::binomial(rng{args})", [(_I8, "n", n), (_F8, "p", p)], size, numpy.int64)

    def chisquare(self, df, size=None):
        df = param(df)
        check(lambda x: x <= 0, "df <= 0", df)
        return self._sample("ga::random::chisquare(rng{args})", [(_F8, "df", df)], size)

    def dirichlet(self, alpha, size=None):
        alpha = numpy.asarray(alpha.get() if isinstance(alpha, ndarray) else alpha, numpy.float64)
        if alpha.ndim != 1:
            raise ValueError("object too deep for desired array" if alpha.ndim > 1 else "alpha must be 1-dimensional")
        if numpy.any(alpha <= 0) or numpy.any(numpy.isnan(alpha)):
            raise ValueError("alpha <= 0")
        shape = shape_of(size) + alpha.shape
        g = self._sample("ga::random::standard_gamma(rng{args})", [(_F8, "a", param(alpha))], shape)
        return g / g.sum(axis=-1, keepdims=True)

    def exponential(self, scale=1.0, size=None):
        scale = self._scale_check(scale)
        return self._sample("scale * rng.exponential()", [(_F8, "scale", scale)], size)

    def f(self, dfnum, dfden, size=None):
        dfnum, dfden = param(dfnum), param(dfden)
        check(lambda x: x <= 0, "dfnum <= 0", dfnum)
        check(lambda x: x <= 0, "dfden <= 0", dfden)
        return self._sample("ga::random::f(rng{args})", [(_F8, "dfnum", dfnum), (_F8, "dfden", dfden)], size)

    def gamma(self, shape, scale=1.0, size=None):
        shape = self._scale_check(shape, "shape")
        scale = self._scale_check(scale)
        return self._sample("scale * ga::random::standard_gamma(rng, shape)",
                            [(_F8, "shape", shape), (_F8, "scale", scale)], size)

    def geometric(self, p, size=None):
        p = param(p)
        check(lambda x: (x <= 0) | (x > 1) | _nan(x), "p <= 0, p > 1 or p contains NaNs", p)
        return self._sample("ga::random::geometric(rng{args})", [(_F8, "p", p)], size, numpy.int64)

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        loc, scale = param(loc), self._scale_check(scale)
        return self._sample("ga::random::gumbel(rng{args})", [(_F8, "loc", loc), (_F8, "scale", scale)], size)

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        ngood, nbad, nsample = (param(x, numpy.int64) for x in (ngood, nbad, nsample))
        check(lambda x: x < 0, "ngood < 0", ngood)
        check(lambda x: x < 0, "nbad < 0", nbad)
        check(lambda x: x < self._min_nsample, f"nsample < {self._min_nsample}", nsample)
        check(lambda g, b, s: g + b < s, "ngood + nbad < nsample", ngood, nbad, nsample)
        return self._sample("ga::random::hypergeometric(rng{args})",
                            [(_I8, "ngood", ngood), (_I8, "nbad", nbad), (_I8, "nsample", nsample)], size,
                            numpy.int64)

    def laplace(self, loc=0.0, scale=1.0, size=None):
        loc, scale = param(loc), self._scale_check(scale)
        return self._sample("ga::random::laplace(rng{args})", [(_F8, "loc", loc), (_F8, "scale", scale)], size)

    def logistic(self, loc=0.0, scale=1.0, size=None):
        loc, scale = param(loc), self._scale_check(scale)
        return self._sample("ga::random::logistic(rng{args})", [(_F8, "loc", loc), (_F8, "scale", scale)], size)

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        return self._lognormal(mean, sigma, size, numpy.float64)

    def _lognormal(self, mean, sigma, size, dtype):
        """Host scalars: the bulk log-normal stream in `dtype`; device arrays:
        a distribution kernel, cast to `dtype`."""
        mean, sigma = param(mean), self._scale_check(sigma, "sigma")
        if host_scalars(mean, sigma):
            return lognormal(self._bit_generator, shape_of(size), dtype, mean, sigma)
        x = self._sample("exp(mean + sigma * rng.normal())", [(_F8, "mean", mean), (_F8, "sigma", sigma)], size)
        return x.astype(dtype, copy=False)

    def logseries(self, p, size=None):
        p = param(p)
        check(lambda x: (x < 0) | (x >= 1) | _nan(x), "p < 0, p >= 1 or p is NaN", p)
        return self._sample("ga::random::logseries(rng{args})", [(_F8, "p", p)], size, numpy.int64)

    def multinomial(self, n, pvals, size=None):
        from gpuarray._elementwise_kernel import ElementwiseKernel
        from gpuarray import _creation
        from gpuarray.random._sampling import _PREAMBLE
        pvals = numpy.asarray(pvals.get() if isinstance(pvals, ndarray) else pvals, numpy.float64)
        if pvals.ndim != 1:
            raise ValueError("pvals must be a 1-d sequence")
        if numpy.any(pvals < 0) or numpy.any(pvals > 1) or numpy.any(numpy.isnan(pvals)):
            raise ValueError("pvals < 0, pvals > 1 or pvals contains NaNs")
        if pvals[:-1].sum() > 1.0 + 1e-12:
            raise ValueError("sum(pvals[:-1]) > 1.0")
        n = int(n)
        if n < 0:
            raise ValueError("n < 0")
        shape = shape_of(size)
        out = _creation.empty(shape + pvals.shape, numpy.int64)
        rows = out.size // max(pvals.size, 1)
        if out.size:
            # One thread per row: binomial draws for each category in turn, of
            # the trials left, with the probability renormalized to what is left.
            kernel = ElementwiseKernel(
                "uint64 rng_seed, uint64 rng_call, raw float64 pvals, int64 ntrials, int64 k", "raw int64 out",
                """ga::random::Stream rng(rng_seed, rng_call, i);
                long long left = ntrials; double rest = 1.0;
                for (long long j = 0; j + 1 < k; ++j) {
                  double p = rest > 0.0 ? pvals[j] / rest : 1.0;
                  long long x = left > 0 ? ga::random::binomial(rng, left, p < 1.0 ? p : 1.0) : 0;
                  out[i * k + j] = x; left -= x; rest -= pvals[j];
                }
                out[i * k + k - 1] = left;""", "ga_random_multinomial", preamble=_PREAMBLE)
            kernel(self._bit_generator._seed, self._bit_generator._next_call(), _creation.asarray(pvals), n,
                   pvals.size, out, size=rows)
        return out

    def multivariate_normal(self, mean, cov, size=None, check_valid="warn", tol=1e-8, method="svd"):
        """NumPy's: the factor of `cov` is computed on the host (it is small);
        the samples, standard normals times the factor, on the device."""
        import warnings
        import gpuarray
        from gpuarray.random._sampling import normal
        mean = numpy.asarray(mean.get() if isinstance(mean, ndarray) else mean, numpy.float64)
        cov = numpy.asarray(cov.get() if isinstance(cov, ndarray) else cov, numpy.float64)
        if mean.ndim != 1:
            raise ValueError("mean must be 1 dimensional")
        if cov.ndim != 2 or cov.shape[0] != cov.shape[1]:
            raise ValueError("cov must be 2 dimensional and square")
        if mean.shape[0] != cov.shape[0]:
            raise ValueError("mean and cov must have same length")
        if check_valid not in ("warn", "raise", "ignore"):
            raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
        if method == "cholesky":
            factor = numpy.linalg.cholesky(cov).T
        else:
            u, s, vh = numpy.linalg.svd(cov)
            if check_valid != "ignore" and not numpy.allclose(numpy.dot(vh.T * s, vh), cov, rtol=tol, atol=tol):
                if check_valid == "warn":
                    warnings.warn("covariance is not symmetric positive-semidefinite.", RuntimeWarning, stacklevel=2)
                else:
                    raise ValueError("covariance is not symmetric positive-semidefinite.")
            factor = numpy.sqrt(s)[:, None] * vh
        shape = shape_of(size) + mean.shape
        z = normal(self._bit_generator, shape, numpy.float64)
        a = gpuarray.asarray(factor)
        return (z[..., :, None] * a).sum(axis=-2) + gpuarray.asarray(mean)

    def negative_binomial(self, n, p, size=None):
        n, p = param(n), param(p)
        check(lambda x: x <= 0, "n <= 0", n)
        check(lambda x: (x <= 0) | (x > 1) | _nan(x), "p < 0, p > 1 or p is NaN", p)
        return self._sample("ga::random::negative_binomial(rng{args})", [(_F8, "n", n), (_F8, "p", p)], size,
                            numpy.int64)

    def noncentral_chisquare(self, df, nonc, size=None):
        df, nonc = param(df), param(nonc)
        check(lambda x: x <= 0, "df <= 0", df)
        check(lambda x: x < 0, "nonc < 0", nonc)
        return self._sample("ga::random::noncentral_chisquare(rng{args})", [(_F8, "df", df), (_F8, "nonc", nonc)],
                            size)

    def noncentral_f(self, dfnum, dfden, nonc, size=None):
        dfnum, dfden, nonc = param(dfnum), param(dfden), param(nonc)
        check(lambda x: x <= 0, "dfnum <= 0", dfnum)
        check(lambda x: x <= 0, "dfden <= 0", dfden)
        check(lambda x: x < 0, "nonc < 0", nonc)
        return self._sample("ga::random::noncentral_f(rng{args})",
                            [(_F8, "dfnum", dfnum), (_F8, "dfden", dfden), (_F8, "nonc", nonc)], size)

    def pareto(self, a, size=None):
        a = param(a)
        check(lambda x: x <= 0, "a <= 0", a)
        return self._sample("ga::random::pareto(rng{args})", [(_F8, "a", a)], size)

    def poisson(self, lam=1.0, size=None):
        lam = param(lam)
        check(lambda x: (x < 0) | _nan(x), "lam < 0 or lam is NaN", lam)
        # NumPy's bound: beyond it the result would not fit in int64.
        check(lambda x: x > 9.223372006484771e18, "lam value too large", lam)
        return self._sample("ga::random::poisson(rng{args})", [(_F8, "lam", lam)], size, numpy.int64)

    def power(self, a, size=None):
        a = param(a)
        check(lambda x: x <= 0, "a <= 0", a)
        return self._sample("ga::random::power(rng{args})", [(_F8, "a", a)], size)

    def rayleigh(self, scale=1.0, size=None):
        scale = self._scale_check(scale)
        return self._sample("ga::random::rayleigh(rng{args})", [(_F8, "scale", scale)], size)

    def standard_cauchy(self, size=None):
        return self._sample("ga::random::standard_cauchy(rng)", [], size)

    def standard_t(self, df, size=None):
        df = param(df)
        check(lambda x: x <= 0, "df <= 0", df)
        return self._sample("ga::random::standard_t(rng{args})", [(_F8, "df", df)], size)

    def triangular(self, left, mode, right, size=None):
        left, mode, right = param(left), param(mode), param(right)
        check(lambda l, m: l > m, "left > mode", left, mode)
        check(lambda m, r: m > r, "mode > right", mode, right)
        check(lambda l, r: l == r, "left == right", left, right)
        return self._sample("ga::random::triangular(rng{args})",
                            [(_F8, "left", left), (_F8, "mode", mode), (_F8, "right", right)], size)

    def vonmises(self, mu, kappa, size=None):
        mu, kappa = param(mu), param(kappa)
        check(lambda x: x < 0, "kappa < 0", kappa)
        return self._sample("ga::random::vonmises(rng{args})", [(_F8, "mu", mu), (_F8, "kappa", kappa)], size)

    def wald(self, mean, scale, size=None):
        mean, scale = param(mean), param(scale)
        check(lambda x: x <= 0, "mean <= 0", mean)
        check(lambda x: x <= 0, "scale <= 0", scale)
        return self._sample("ga::random::wald(rng{args})", [(_F8, "mean", mean), (_F8, "scale", scale)], size)

    def weibull(self, a, size=None):
        a = param(a)
        check(lambda x: x < 0, "a < 0", a)
        return self._sample("ga::random::weibull(rng{args})", [(_F8, "a", a)], size)

    def zipf(self, a, size=None):
        a = param(a)
        check(lambda x: (x <= 1) | _nan(x), "a <= 1 or a is NaN", a)
        return self._sample("ga::random::zipf(rng{args})", [(_F8, "a", a)], size, numpy.int64)
