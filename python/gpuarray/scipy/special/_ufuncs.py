# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special's ufuncs: one gpuarray ufunc object per row of the engine's
scipy.special table (cpp/kernels/ufuncs_special.cpp), whose device math is
gpuarray/special/*.cuh. They broadcast, take out=, dtype=, casting= and
where=, and resolve loops as SciPy's (the loop of exactly the inputs' dtypes
first, else the first that fits in SciPy's order)."""
from gpuarray import _core
from gpuarray._ufunc.docs import PerInstance, parameters_section, returns_section, signature_line, ufunc_signature, wrap
from gpuarray._ufunc.ufuncs import ufunc
from gpuarray.scipy.special._ufunc_examples import EXAMPLES

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
    "ive": "iv(v, x) * exp(-abs(x)), the exponentially scaled iv.",
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
    "i0e": "i0(x) * exp(-abs(x)), the exponentially scaled i0.",
    "i1": "The modified Bessel function of the first kind of order 1.",
    "i1e": "i1(x) * exp(-abs(x)), the exponentially scaled i1.",
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
    "log_expit": "log(expit(x)), accurate for large abs(x).",
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
    # added for issue 28's count (branch specialnames)
    "elliprc": "Carlson's degenerate symmetric elliptic integral R_C(x, y) (the Cauchy principal value for y < 0).",
    "elliprd": "Carlson's symmetric elliptic integral of the second kind R_D(x, y, z).",
    "elliprf": "Carlson's completely symmetric elliptic integral of the first kind R_F(x, y, z).",
    "elliprg": "Carlson's completely symmetric elliptic integral of the second kind R_G(x, y, z).",
    "binom": "The binomial coefficient of real n and k, Gamma(n + 1) / (Gamma(k + 1) Gamma(n - k + 1)).",
    "powm1": "x**y - 1, accurate where x**y is near 1.",
    "erfi": "The imaginary error function, -i erf(i x).",
    "wrightomega": "The Wright omega function: the w with w + log(w) = x.",
    "eval_chebyt": "The Chebyshev polynomial (function, for real n) of the first kind T_n(x).",
    "eval_chebyu": "The Chebyshev polynomial (function, for real n) of the second kind U_n(x).",
    "eval_chebyc": "The Chebyshev polynomial of the first kind on [-2, 2], C_n(x) = 2 T_n(x / 2).",
    "eval_chebys": "The Chebyshev polynomial of the second kind on [-2, 2], S_n(x) = U_n(x / 2).",
    "eval_sh_chebyt": "The shifted Chebyshev polynomial of the first kind, T_n(2x - 1).",
    "eval_sh_chebyu": "The shifted Chebyshev polynomial of the second kind, U_n(2x - 1).",
    "gdtria": "The gamma distribution's rate a with gdtr(a, b, x) = p.",
    "gdtrix": "The gamma distribution's quantile x with gdtr(a, b, x) = p.",
    "gdtrib": "The gamma distribution's shape b with gdtr(a, b, x) = p.",
    "chdtriv": "The chi-square degrees of freedom v with chdtr(v, x) = p.",
    "pdtrik": "The Poisson count k (real) with pdtr(k, m) = p.",
    "bdtrik": "The binomial count k (real) with bdtr(k, n, p) = y.",
    "bdtrin": "The binomial number of trials n (real) with bdtr(k, n, p) = y.",
    "nbdtrik": "The negative binomial count k (real) with nbdtr(k, n, p) = y.",
    "nbdtrin": "The negative binomial number of successes n (real) with nbdtr(k, n, p) = y.",
    "stdtridf": "Student's t degrees of freedom df with stdtr(df, t) = p.",
    "btdtria": "The beta distribution's first shape a with betainc(a, b, x) = p.",
    "btdtrib": "The beta distribution's second shape b with betainc(a, b, x) = p.",
    "kolmogi": "The inverse of kolmogorov: y with kolmogorov(y) = p.",
    "smirnovi": "The inverse of smirnov in d: d with smirnov(n, d) = p.",
    "chndtrix": "The noncentral chi-square quantile x with chndtr(x, df, nc) = p.",
    "chndtridf": "The noncentral chi-square degrees of freedom df with chndtr(x, df, nc) = p.",
    "chndtrinc": "The noncentral chi-square noncentrality nc with chndtr(x, df, nc) = p.",
    "chndtr": "The noncentral chi-square distribution function with df degrees of freedom and noncentrality nc.",
    "smirnov": "The one-sided Kolmogorov-Smirnov survival function P(D_n^+ >= d) of n samples.",
    "tklmbda": "Tukey's lambda distribution function at x with shape lmbda.",
    "nrdtrimn": "The normal mean mn with ndtr((x - mn) / std) = p.",
    "nrdtrisd": "The normal standard deviation std with ndtr((x - mn) / std) = p.",
    "besselpoly": "The integral of x**lmb * J_nu(2 a x) over [0, 1].",
    "owens_t": "Owen's T function T(h, a), the bivariate normal probability of a wedge.",
    "mathieu_a": "The characteristic value a_m(q) of the even Mathieu functions ce_m.",
    "mathieu_b": "The characteristic value b_m(q) of the odd Mathieu functions se_m.",
    "jv": "The Bessel function of the first kind of real order v, J_v(z), for real z.",
    "jn": "The Bessel function of the first kind (scipy.special.jn, the same function as jv).",
    "jve": "jv(v, z) * exp(-abs(imag(z))): for real z the same values as jv.",
    "yv": "The Bessel function of the second kind of real order v, Y_v(z), for real z.",
    "yve": "yv(v, z) * exp(-abs(imag(z))): for real z the same values as yv.",
    "hyp0f1": "The confluent hypergeometric limit function 0F1(; v; z) = sum of z**k / ((v)_k k!).",
    "ber": "The Kelvin function ber(x), the real part of J_0(x e^(3 pi i / 4)).",
    "bei": "The Kelvin function bei(x), the imaginary part of J_0(x e^(3 pi i / 4)).",
    "ker": "The Kelvin function ker(x), the real part of K_0(x e^(pi i / 4)).",
    "kei": "The Kelvin function kei(x), the imaginary part of K_0(x e^(pi i / 4)).",
    "berp": "The derivative of the Kelvin function ber(x).",
    "beip": "The derivative of the Kelvin function bei(x).",
    "kerp": "The derivative of the Kelvin function ker(x).",
    "keip": "The derivative of the Kelvin function kei(x).",
    "struve": "The Struve function H_v(x) of real order v.",
    "modstruve": "The modified Struve function L_v(x) of real order v.",
    "itstruve0": "The integral of the Struve function H_0(t) from 0 to x.",
    "itmodstruve0": "The integral of the modified Struve function L_0(t) from 0 to x.",
    "itj0y0": "The integrals of J_0(t) and Y_0(t) from 0 to x.",
    "iti0k0": "The integrals of I_0(t) and K_0(t) from 0 to x.",
    "sici": "The sine and cosine integrals (Si(x), Ci(x)); Ci(abs(x)) for x < 0.",
    "shichi": "The hyperbolic sine and cosine integrals (Shi(x), Chi(x)); Chi(abs(x)) for x < 0.",
    "fresnel": "The Fresnel integrals (S(x), C(x)) of sin and cos of pi t**2 / 2 from 0 to x.",
}

# The inputs' names, SciPy's where it names them ("x" for the others with one input).
ARGUMENTS = {
    "erf": "z", "erfinv": "y", "erfcinv": "y", "ndtri": "y", "gamma": "z", "loggamma": "z", "rgamma": "z",
    "digamma": "z", "psi": "z", "beta": "a b", "betaln": "a b", "poch": "z m", "gammainc": "a x",
    "gammaincc": "a x", "betainc": "a b x", "betaincc": "a b x", "bdtr": "k n p", "bdtrc": "k n p",
    "nbdtr": "k n p", "nbdtrc": "k n p", "fdtr": "dfn dfd x", "fdtrc": "dfn dfd x", "stdtr": "df t",
    "pdtr": "k m", "pdtrc": "k m", "chdtr": "v x", "chdtrc": "v x", "gdtr": "a b x", "gdtrc": "a b x",
    "kolmogorov": "y", "gammaincinv": "a y", "gammainccinv": "a y", "betaincinv": "a b y",
    "betainccinv": "a b y", "chdtri": "v p", "pdtri": "k y", "bdtri": "k n y", "nbdtri": "k n y",
    "fdtri": "dfn dfd p", "stdtrit": "df p", "ndtri_exp": "y", "iv": "v z", "ive": "v z", "kn": "n x",
    "yn": "n x", "kv": "v z", "kve": "v z", "spence": "z", "exp1": "z", "expn": "n x", "ellipk": "m",
    "ellipkm1": "p", "ellipe": "m", "ellipkinc": "phi m", "ellipeinc": "phi m", "eval_hermite": "n x",
    "eval_hermitenorm": "n x", "agm": "a b", "_zeta": "x q", "xlogy": "x y", "xlog1py": "x y",
    "rel_entr": "x y", "kl_div": "x y", "huber": "delta r", "pseudo_huber": "delta r", "boxcox": "x lmbda",
    "boxcox1p": "x lmbda", "inv_boxcox": "y lmbda", "inv_boxcox1p": "y lmbda", "radian": "d m s",
    "bdtrik": "y n p", "bdtrin": "k y p", "besselpoly": "a lmb nu", "binom": "x y", "btdtria": "p b x",
    "btdtrib": "a p x", "chdtriv": "p x", "chndtr": "x df nc", "chndtridf": "x p nc", "chndtrinc": "x df p",
    "chndtrix": "p df nc", "elliprc": "x y", "elliprd": "x y z", "elliprf": "x y z", "elliprg": "x y z",
    "erfi": "z", "eval_chebyc": "n x", "eval_chebys": "n x", "eval_chebyt": "n x", "eval_chebyu": "n x",
    "eval_sh_chebyt": "n x", "eval_sh_chebyu": "n x", "fresnel": "z", "gdtria": "p b x", "gdtrib": "a p x",
    "gdtrix": "a b p", "kolmogi": "p", "mathieu_a": "m q", "mathieu_b": "m q", "nbdtrik": "y n p",
    "nbdtrin": "k y p", "nrdtrimn": "p std x", "nrdtrisd": "mn p x", "owens_t": "h a", "pdtrik": "p m",
    "powm1": "x y", "shichi": "x", "sici": "x", "smirnov": "n d", "smirnovi": "n p", "stdtridf": "p t",
    "tklmbda": "x lmbda", "wrightomega": "z", "jv": "v z", "jn": "v z", "jve": "v z", "yv": "v z", "yve": "v z",
    "hyp0f1": "v z", "struve": "v x", "modstruve": "v x",
}


def special_ufunc_docstring(uf):
    """The docstring of a scipy.special ufunc: its signature line, SUMMARIES'
    sentence, the parameters every ufunc takes, its loops and an example."""
    name, public = uf.__name__, uf.__name__.lstrip("_")
    names = ARGUMENTS.get(name, "x").split()
    inputs = ("The argument" if uf.nin == 1 else "The arguments; they broadcast to a common shape, the output's") + "."
    return "\n\n".join([
        signature_line(public, uf.nin, uf.nout, names),
        wrap(SUMMARIES[name]),
        wrap(f"scipy.special.{public} on the GPU: one elementwise kernel over the engine's scipy.special table."),
        parameters_section(uf.nin, uf.nout, names, inputs),
        returns_section(name, uf.nout, (f"The values of {public}.",)),
        "Notes\n-----\n" + wrap(f"Loops in this build (``{public}.types``, SciPy's order): {', '.join(uf.types)}."
                                  " Floating-point errors give inf or NaN; scipy.special.errstate does not"
                                  " apply to device arrays."),
        "See Also\n--------\nscipy.special",
        "Examples\n--------\n>>> import gpuarray as xp\n>>> from gpuarray.scipy import special\n" + EXAMPLES[name],
    ]) + "\n"


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

    def __repr__(self):
        return f"<ufunc '{self.__name__}'>"

    __doc__ = PerInstance(special_ufunc_docstring, on_class=__doc__)
    __signature__ = PerInstance(lambda self: ufunc_signature(self.nin, self.nout,
                                                             ARGUMENTS.get(self.__name__, "x").split()))


UFUNCS = {name: special_ufunc(name) for name in _core._ufunc_names("scipy.special")}
__all__ = ["special_ufunc", "UFUNCS", "SUMMARIES", "ARGUMENTS"]
