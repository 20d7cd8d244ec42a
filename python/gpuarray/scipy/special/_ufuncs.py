# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special's ufuncs: one gpuarray ufunc object per row of the engine's
scipy.special table (cpp/kernels/ufuncs_special.cpp), whose device math is
gpuarray/special/*.cuh. They broadcast, take out=, dtype=, casting= and
where=, and resolve loops as SciPy's (the loop of exactly the inputs' dtypes
first, else the first that fits in SciPy's order)."""
from gpuarray import _core
from gpuarray._ufunc.ufuncs import ufunc

# One line per ufunc: its docstring (SciPy's definitions, in this project's words).
SUMMARIES = {
    "erf": "The error function, 2/sqrt(pi) * integral of exp(-t**2) from 0 to x.",
    "erfc": "The complementary error function, 1 - erf(x).",
    "erfcx": "The scaled complementary error function, exp(x**2) * erfc(x).",
    "erfinv": "The inverse of erf on (-1, 1).",
    "erfcinv": "The inverse of erfc on (0, 2).",
    "ndtr": "The standard normal distribution function, the integral of the Gaussian density up to x.",
    "ndtri": "The inverse of ndtr: the standard normal quantile of p.",
    "log_ndtr": "log(ndtr(x)), accurate far into both tails.",
    "dawsn": "Dawson's integral, exp(-x**2) * integral of exp(t**2) from 0 to x.",
    "gamma": "The gamma function.",
    "gammaln": "log|Gamma(x)|, the logarithm of the absolute value of the gamma function.",
    "loggamma": "The principal branch of log(Gamma(x)) for real x (NaN for x < 0).",
    "rgamma": "1/Gamma(x), zero at the poles of gamma.",
    "digamma": "The digamma function, the derivative of log(Gamma(x)).",
    "psi": "The digamma function (the same function as digamma).",
    "beta": "The beta function, Gamma(a) Gamma(b) / Gamma(a + b).",
    "betaln": "log|beta(a, b)|.",
    "poch": "The Pochhammer symbol (rising factorial), Gamma(z + m) / Gamma(z).",
    "gammainc": "The regularized lower incomplete gamma function P(a, x).",
    "gammaincc": "The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x).",
    "gammasgn": "The sign of the gamma function.",
    "betainc": "The regularized incomplete beta function I_x(a, b).",
    "betaincc": "The complement of the regularized incomplete beta function, 1 - I_x(a, b).",
    "bdtr": "The binomial distribution function: P(X <= k) for X ~ Binomial(n, p).",
    "bdtrc": "The binomial survival function: P(X > k) for X ~ Binomial(n, p).",
    "nbdtr": "The negative binomial distribution function: P(k or fewer failures before the n-th success).",
    "nbdtrc": "The negative binomial survival function, 1 - nbdtr(k, n, p).",
    "fdtr": "The F distribution function with dfn and dfd degrees of freedom.",
    "fdtrc": "The F survival function, 1 - fdtr(dfn, dfd, x).",
    "stdtr": "Student's t distribution function with df degrees of freedom.",
    "pdtr": "The Poisson distribution function: P(X <= k) for X ~ Poisson(m).",
    "pdtrc": "The Poisson survival function: P(X > k) for X ~ Poisson(m).",
    "chdtr": "The chi-square distribution function with v degrees of freedom.",
    "chdtrc": "The chi-square survival function, 1 - chdtr(v, x).",
    "gdtr": "The gamma distribution function with rate a and shape b.",
    "gdtrc": "The gamma survival function, 1 - gdtr(a, b, x).",
    "kolmogorov": "The complementary Kolmogorov distribution function, P(sqrt(n) D_n > y) as n grows.",
    "eval_hermite": "The physicists' Hermite polynomial H_n(x) of integer degree n.",
    "eval_hermitenorm": "The probabilists' Hermite polynomial He_n(x) of integer degree n.",
    "agm": "The arithmetic-geometric mean of a and b.",
    "gammaincinv": "The inverse of gammainc in x: x with gammainc(a, x) = y.",
    "gammainccinv": "The inverse of gammaincc in x: x with gammaincc(a, x) = y.",
    "betaincinv": "The inverse of betainc in x: x with betainc(a, b, x) = y.",
    "betainccinv": "The inverse of betaincc in x: x with betaincc(a, b, x) = y.",
    "chdtri": "The inverse of chdtrc in x: x with chdtrc(v, x) = p.",
    "pdtri": "The Poisson mean m with pdtr(k, m) = y.",
    "bdtri": "The binomial probability p with bdtr(k, n, p) = y.",
    "nbdtri": "The negative binomial probability p with nbdtr(k, n, p) = y.",
    "fdtri": "The F quantile: x with fdtr(dfn, dfd, x) = p.",
    "stdtrit": "Student's t quantile: t with stdtr(df, t) = p.",
    "ndtri_exp": "ndtri(exp(y)), accurate for very negative y.",
    "iv": "The modified Bessel function of the first kind of real order v, I_v(x).",
    "ive": "iv(v, x) * exp(-|x|), the exponentially scaled iv.",
    "kn": "The modified Bessel function of the second kind of integer order n.",
    "yn": "The Bessel function of the second kind of integer order n.",
    "spence": "Spence's function, the dilogarithm Li2(1 - z).",
    "expn": "The generalized exponential integral E_n(x).",
    "ellipk": "The complete elliptic integral of the first kind K(m).",
    "ellipkm1": "K(1 - p), the complete elliptic integral of the first kind near m = 1.",
    "ellipe": "The complete elliptic integral of the second kind E(m).",
    "ellipkinc": "The incomplete elliptic integral of the first kind F(phi | m).",
    "ellipeinc": "The incomplete elliptic integral of the second kind E(phi | m).",
    "exprel": "The relative error exponential, (exp(x) - 1) / x.",
    "j0": "The Bessel function of the first kind of order 0.",
    "j1": "The Bessel function of the first kind of order 1.",
    "y0": "The Bessel function of the second kind of order 0.",
    "y1": "The Bessel function of the second kind of order 1.",
    "i0": "The modified Bessel function of the first kind of order 0.",
    "i0e": "i0(x) * exp(-|x|), the exponentially scaled i0.",
    "i1": "The modified Bessel function of the first kind of order 1.",
    "i1e": "i1(x) * exp(-|x|), the exponentially scaled i1.",
    "k0": "The modified Bessel function of the second kind of order 0.",
    "k0e": "k0(x) * exp(x), the exponentially scaled k0.",
    "k1": "The modified Bessel function of the second kind of order 1.",
    "k1e": "k1(x) * exp(x), the exponentially scaled k1.",
    "kv": "The modified Bessel function of the second kind of real order v, K_v(x).",
    "kve": "kv(v, x) * exp(x), the exponentially scaled kv.",
    "_zeta": "The Hurwitz zeta function zeta(x, q) (scipy.special.zeta with q given).",
    "_riemann_zeta": "The Riemann zeta function (scipy.special.zeta without q).",
    "zetac": "zeta(x) - 1, accurate where zeta(x) is near 1.",
    "exp1": "The exponential integral E1(x), the integral of exp(-t)/t from x to infinity.",
    "expi": "The exponential integral Ei(x).",
    "expit": "The logistic sigmoid, 1 / (1 + exp(-x)).",
    "logit": "The logit function, log(p / (1 - p)), the inverse of expit.",
    "log_expit": "log(expit(x)), accurate for large |x|.",
    "xlogy": "x * log(y), 0 where x == 0 (unless y is NaN).",
    "xlog1py": "x * log1p(y), 0 where x == 0 (unless y is NaN).",
    "entr": "Elementwise entropy, -x log(x) for x > 0, 0 at 0, -inf below.",
    "rel_entr": "Elementwise relative entropy, x log(x / y).",
    "kl_div": "Elementwise Kullback-Leibler divergence term, x log(x / y) - x + y.",
    "huber": "The Huber loss of r with threshold delta.",
    "pseudo_huber": "The pseudo-Huber loss, delta**2 (sqrt(1 + (r/delta)**2) - 1).",
    "boxcox": "The Box-Cox transform, (x**lmbda - 1) / lmbda (log(x) for lmbda 0).",
    "boxcox1p": "The Box-Cox transform of 1 + x.",
    "inv_boxcox": "The inverse of boxcox.",
    "inv_boxcox1p": "The inverse of boxcox1p.",
    "sindg": "The sine of an angle in degrees.",
    "cosdg": "The cosine of an angle in degrees.",
    "tandg": "The tangent of an angle in degrees.",
    "cotdg": "The cotangent of an angle in degrees.",
    "radian": "An angle in degrees, arcminutes and arcseconds, in radians.",
    "cbrt": "The cube root.",
    "exp10": "10**x.",
    "exp2": "2**x.",
    "expm1": "exp(x) - 1, accurate near 0.",
    "log1p": "log(1 + x), accurate near 0.",
    "cosm1": "cos(x) - 1, accurate near 0.",
    "round": "The nearest integer, halves to even.",
}


class special_ufunc(ufunc):
    """A scipy.special ufunc on gpuarray arrays: gpuarray.ufunc over the
    engine's scipy.special table, with SciPy's loops (``types``) and a
    one-line docstring per function."""

    __slots__ = ()

    # The C base binds its table row in __new__, so the module goes there too.
    def __new__(cls, name):
        return super().__new__(cls, name, module="scipy.special")

    def __init__(self, name):
        super().__init__(name, module="scipy.special")

    @property
    def __doc__(self):
        return (f"{self.__name__}(*inputs, out=None, dtype=None, casting='same_kind', where=True)\n\n"
                f"{SUMMARIES[self.__name__]}\n\nscipy.special.{self.__name__.lstrip('_')} on the GPU: loops "
                f"{', '.join(self.types)} (SciPy's order).")

    def __repr__(self):
        return f"<ufunc '{self.__name__}'>"


UFUNCS = {name: special_ufunc(name) for name in _core._ufunc_names("scipy.special")}
__all__ = ["special_ufunc", "UFUNCS", "SUMMARIES"]
