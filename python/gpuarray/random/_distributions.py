# SPDX-License-Identifier: BSD-3-Clause
"""The discrete and multivariate distributions RandomState and Generator
share (the continuous ones are in _continuous.py), with NumPy's parameter
names, defaults and checks. Each is one distribution kernel over a sampler of
gpuarray/random.cuh (see _sampling.sample); `self._bit_generator` supplies the
seed and call numbers."""
import numpy

from gpuarray._array_creation import from_data as _creation
from gpuarray._array_creation import from_shape as _from_shape
from gpuarray._array_creation.from_data import asarray
from gpuarray._core import ndarray
from gpuarray._user_kernels.elementwise_kernel import ElementwiseKernel
from gpuarray.random import _replayed
from gpuarray.random._continuous import Continuous
from gpuarray.random._sampling import _PREAMBLE, check, float_dtype, normal, param, shape_of

_F8, _I8 = "float64", "int64"


def _nan(x):
    return x != x


class Distributions(Continuous):
    """Mixin: every method returns a new array (int64 for counts) of `size`,
    or of the parameters' broadcast shape when `size` is None."""

    def binomial(self, n, p, size=None):
        """Samples of the binomial distribution: successes in `n` trials of probability `p`.

        Parameters
        ----------
        n : int or array_like of ints
            Trials, >= 0.
        p : float or array_like of floats
            The probability of success, in [0, 1].
        size : int or tuple of ints, optional
            The output shape; None (default) gives the parameters' broadcast
            shape.

        Returns
        -------
        ndarray
            int64 samples.

        Raises
        ------
        ValueError
            ``n < 0``, or `p` outside [0, 1] or NaN (checked on the device, read
            back as one flag).

        See Also
        --------
        negative_binomial, multinomial, poisson

        Examples
        --------
        >>> import gpuarray as xp
        >>> rng = xp.random.default_rng(0)
        >>> x = rng.binomial(10, 0.5, size=1000)
        >>> x.dtype, bool(((x >= 0) & (x <= 10)).all())
        (dtype('int64'), True)
        >>> rng.binomial(xp.array([5, 50]), 0.1).shape
        (2,)
        """
        n, p = param(n, numpy.int64), param(p)
        check(lambda x: x < 0, "n < 0", n)
        check(lambda x: (x < 0) | (x > 1) | _nan(x), "p < 0, p > 1 or p is NaN", p)
        return self._sample("ga::random::binomial(rng{args})", [(_I8, "n", n), (_F8, "p", p)], size, numpy.int64)

    def dirichlet(self, alpha, size=None, dtype=numpy.float64):
        """Samples of the Dirichlet distribution: vectors of len(alpha)
        non-negative numbers that sum to 1.

        Parameters
        ----------
        alpha : sequence of floats
            Concentrations, each > 0 (a 1-d sequence; device arrays are read
            back to the host to be checked).
        size : int or tuple of ints, optional
            Shape of the batch of vectors: the output is
            ``size + (len(alpha),)``; default (None): one vector.
        dtype : {float32, float64}, optional
            Output dtype, float64 by default. The gammas are drawn and
            normalized in float64 for either dtype (for small alpha they
            underflow float32 and would give 0 / 0), then rounded.

        Returns
        -------
        out : gpuarray.ndarray
            The samples, of dtype `dtype`.

        See Also
        --------
        beta, multinomial

        Examples
        --------
        >>> import gpuarray as xp
        >>> rng = xp.random.default_rng(123)
        >>> x = rng.dirichlet([1.0, 2.0, 3.0], size=4, dtype=xp.float32)
        >>> x.shape, x.dtype
        ((4, 3), dtype('float32'))
        """
        dtype = float_dtype(dtype, "dirichlet")
        alpha = numpy.asarray(alpha.get() if isinstance(alpha, ndarray) else alpha, numpy.float64)
        if alpha.ndim != 1:
            raise ValueError("object too deep for desired array" if alpha.ndim > 1 else "alpha must be 1-dimensional")
        if numpy.any(alpha <= 0) or numpy.any(numpy.isnan(alpha)):
            raise ValueError("alpha <= 0")
        shape = shape_of(size) + alpha.shape
        g = self._continuous("standard_gamma", [("a", param(alpha))], shape, numpy.float64)
        return (g / g.sum(axis=-1, keepdims=True)).astype(dtype, copy=False)

    def geometric(self, p, size=None):
        """Samples of the geometric distribution: the number of trials up to the first success.

        Parameters
        ----------
        p : float or array_like of floats
            The probability of success of each trial, in (0, 1].
        size : int or tuple of ints, optional
            The output shape; None (default) gives the parameters' broadcast
            shape.

        Returns
        -------
        ndarray
            int64 samples. (at least 1).

        Raises
        ------
        ValueError
            `p` outside (0, 1] or NaN.

        See Also
        --------
        negative_binomial, exponential

        Examples
        --------
        >>> import gpuarray as xp
        >>> x = xp.random.default_rng(0).geometric(0.25, size=1000)
        >>> bool((x >= 1).all())
        True
        >>> int(xp.random.default_rng(0).geometric(1.0))
        1
        """
        p = param(p)
        check(lambda x: (x <= 0) | (x > 1) | _nan(x), "p <= 0, p > 1 or p contains NaNs", p)
        return self._sample("ga::random::geometric(rng{args})", [(_F8, "p", p)], size, numpy.int64)

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        """Samples of the hypergeometric distribution: good items among `nsample` drawn without replacement.

        Parameters
        ----------
        ngood : int or array_like of ints
            Good items in the urn, >= 0.
        nbad : int or array_like of ints
            Bad items in the urn, >= 0.
        nsample : int or array_like of ints
            Items drawn, at most ``ngood + nbad`` (>= 1 for RandomState, >= 0 for
            Generator, as NumPy).
        size : int or tuple of ints, optional
            The output shape; None (default) gives the parameters' broadcast
            shape.

        Returns
        -------
        ndarray
            int64 samples.

        Raises
        ------
        ValueError
            A count is negative, or ``ngood + nbad < nsample``.

        See Also
        --------
        binomial

        Examples
        --------
        >>> import gpuarray as xp
        >>> x = xp.random.default_rng(0).hypergeometric(7, 3, 5, size=100)
        >>> bool(((x >= 2) & (x <= 5)).all())
        True
        >>> x.dtype
        dtype('int64')
        """
        ngood, nbad, nsample = (param(x, numpy.int64) for x in (ngood, nbad, nsample))
        check(lambda x: x < 0, "ngood < 0", ngood)
        check(lambda x: x < 0, "nbad < 0", nbad)
        check(lambda x: x < self._min_nsample, f"nsample < {self._min_nsample}", nsample)
        check(lambda g, b, s: g + b < s, "ngood + nbad < nsample", ngood, nbad, nsample)
        return self._sample("ga::random::hypergeometric(rng{args})",
                            [(_I8, "ngood", ngood), (_I8, "nbad", nbad), (_I8, "nsample", nsample)], size,
                            numpy.int64)

    def logseries(self, p, size=None):
        """Samples of the logarithmic series distribution.

        Parameters
        ----------
        p : float or array_like of floats
            The shape parameter, in [0, 1).
        size : int or tuple of ints, optional
            The output shape; None (default) gives the parameters' broadcast
            shape.

        Returns
        -------
        ndarray
            int64 samples. (at least 1).

        Raises
        ------
        ValueError
            `p` outside [0, 1) or NaN.

        See Also
        --------
        geometric, zipf

        Examples
        --------
        >>> import gpuarray as xp
        >>> x = xp.random.default_rng(0).logseries(0.6, size=1000)
        >>> bool((x >= 1).all()), x.dtype
        (True, dtype('int64'))
        """
        p = param(p)
        check(lambda x: (x < 0) | (x >= 1) | _nan(x), "p < 0, p >= 1 or p is NaN", p)
        return self._sample("ga::random::logseries(rng{args})", [(_F8, "p", p)], size, numpy.int64)

    def multinomial(self, n, pvals, size=None):
        """Samples of the multinomial distribution: how `n` trials fall into the categories of `pvals`.

        Parameters
        ----------
        n : int
            Trials, >= 0.
        pvals : sequence of floats
            The categories' probabilities (a 1-D sequence; the last one is what
            the others leave). Device arrays are read back to be checked.
        size : int or tuple of ints, optional
            The batch shape: the output is ``size + (len(pvals),)``.

        Returns
        -------
        ndarray
            int64 counts; each row sums to `n`.

        Raises
        ------
        ValueError
            ``n < 0``, `pvals` not 1-D, a probability outside [0, 1] or NaN, or
            ``sum(pvals[:-1]) > 1``.

        See Also
        --------
        binomial, dirichlet

        Examples
        --------
        >>> import gpuarray as xp
        >>> x = xp.random.default_rng(0).multinomial(20, [0.2, 0.3, 0.5], size=4)
        >>> x.shape, x.sum(axis=1)
        ((4, 3), array([20, 20, 20, 20]))
        """
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
        out = _from_shape.empty(shape + pvals.shape, numpy.int64)
        rows = out.size // max(pvals.size, 1)
        if out.size:
            # One thread per row: binomial draws for each category in turn, of
            # the trials left, with the probability renormalized to what is left.
            kernel = ElementwiseKernel(
                "uint64 rng_seed, raw uint64 rng_base, uint64 rng_call, raw float64 pvals, int64 ntrials, int64 k",
                "raw int64 out",
                """ga::random::Stream rng(rng_seed, rng_base[0] + rng_call, i);
                long long left = ntrials; double rest = 1.0;
                for (long long j = 0; j + 1 < k; ++j) {
                  double p = rest > 0.0 ? pvals[j] / rest : 1.0;
                  long long x = left > 0 ? ga::random::binomial(rng, left, p < 1.0 ? p : 1.0) : 0;
                  out[i * k + j] = x; left -= x; rest -= pvals[j];
                }
                out[i * k + k - 1] = left;""", "ga_random_multinomial", preamble=_PREAMBLE)
            base, call = _replayed.call_number(self._bit_generator)
            kernel(self._bit_generator._seed, base, call, _creation.asarray(pvals), n, pvals.size, out, size=rows)
        return out

    def multivariate_normal(self, mean, cov, size=None, check_valid="warn", tol=1e-8, method="svd",
                            dtype=numpy.float64):
        """Samples of the multivariate normal distribution.

        Parameters
        ----------
        mean : 1-d array_like of length N
            Mean vector.
        cov : 2-d array_like of shape (N, N)
            Covariance matrix, symmetric and positive-semidefinite.
        size : int or tuple of ints, optional
            Shape of the batch of vectors: the output is ``size + (N,)``;
            default (None): one vector.
        check_valid : {'warn', 'raise', 'ignore'}, optional
            What to do when `cov` is not positive-semidefinite (method 'svd').
        tol : float, optional
            Tolerance of that check.
        method : {'svd', 'cholesky'}, optional
            How `cov` is factored (on the host: it is small).
        dtype : {float32, float64}, optional
            Output dtype, float64 by default; float32 samples are standard
            normals times the factor in float32 arithmetic.

        Returns
        -------
        out : gpuarray.ndarray
            The samples, of dtype `dtype`.

        See Also
        --------
        normal, dirichlet

        Examples
        --------
        >>> import gpuarray as xp
        >>> rng = xp.random.default_rng(123)
        >>> x = rng.multivariate_normal([0.0, 1.0], [[2.0, 0.5], [0.5, 1.0]], size=4, dtype=xp.float32)
        >>> x.shape, x.dtype
        ((4, 2), dtype('float32'))
        """
        import warnings
        dtype = float_dtype(dtype, "multivariate_normal")
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
        z = normal(self._bit_generator, shape, dtype)
        a = asarray(factor.astype(dtype))
        return (z[..., :, None] * a).sum(axis=-2) + asarray(mean.astype(dtype))

    def negative_binomial(self, n, p, size=None):
        """Samples of the negative binomial distribution: failures before the `n`-th success.

        Parameters
        ----------
        n : float or array_like of floats
            Successes wanted, > 0 (need not be an integer).
        p : float or array_like of floats
            The probability of success, in (0, 1].
        size : int or tuple of ints, optional
            The output shape; None (default) gives the parameters' broadcast
            shape.

        Returns
        -------
        ndarray
            int64 samples.

        Raises
        ------
        ValueError
            ``n <= 0``, or `p` outside (0, 1] or NaN.

        See Also
        --------
        binomial, geometric

        Examples
        --------
        >>> import gpuarray as xp
        >>> x = xp.random.default_rng(0).negative_binomial(3, 0.5, size=1000)
        >>> bool((x >= 0).all()), x.dtype
        (True, dtype('int64'))
        """
        n, p = param(n), param(p)
        check(lambda x: x <= 0, "n <= 0", n)
        check(lambda x: (x <= 0) | (x > 1) | _nan(x), "p < 0, p > 1 or p is NaN", p)
        return self._sample("ga::random::negative_binomial(rng{args})", [(_F8, "n", n), (_F8, "p", p)], size,
                            numpy.int64)

    def poisson(self, lam=1.0, size=None):
        """Samples of the Poisson distribution.

        Parameters
        ----------
        lam : float or array_like of floats, optional
            The expected number of events, >= 0 (1 by default).
        size : int or tuple of ints, optional
            The output shape; None (default) gives the parameters' broadcast
            shape.

        Returns
        -------
        ndarray
            int64 samples.

        Raises
        ------
        ValueError
            `lam` negative, NaN or too large for int64 samples.

        See Also
        --------
        binomial, exponential

        Examples
        --------
        >>> import gpuarray as xp
        >>> x = xp.random.default_rng(0).poisson(4.0, size=100000)
        >>> abs(float(x.mean()) - 4.0) < 0.05
        True
        >>> xp.random.default_rng(0).poisson(xp.array([1.0, 100.0])).shape
        (2,)
        """
        lam = param(lam)
        check(lambda x: (x < 0) | _nan(x), "lam < 0 or lam is NaN", lam)
        # NumPy's bound: beyond it the result would not fit in int64.
        check(lambda x: x > 9.223372006484771e18, "lam value too large", lam)
        return self._sample("ga::random::poisson(rng{args})", [(_F8, "lam", lam)], size, numpy.int64)

    def zipf(self, a, size=None):
        """Samples of the Zipf distribution.

        Parameters
        ----------
        a : float or array_like of floats
            The exponent, > 1.
        size : int or tuple of ints, optional
            The output shape; None (default) gives the parameters' broadcast
            shape.

        Returns
        -------
        ndarray
            int64 samples. (at least 1).

        Raises
        ------
        ValueError
            ``a <= 1`` or NaN.

        See Also
        --------
        logseries, pareto

        Examples
        --------
        >>> import gpuarray as xp
        >>> x = xp.random.default_rng(0).zipf(2.0, size=1000)
        >>> bool((x >= 1).all()), x.dtype
        (True, dtype('int64'))
        """
        a = param(a)
        check(lambda x: (x <= 1) | _nan(x), "a <= 1 or a is NaN", a)
        return self._sample("ga::random::zipf(rng{args})", [(_F8, "a", a)], size, numpy.int64)
