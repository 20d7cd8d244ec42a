# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special's orthogonal polynomial constructors (legendre(n),
chebyt(n), ..., sh_jacobi(n, p, q)): orthopoly1d objects, gpuarray poly1d
(device coefficients) that also carry the Gauss rule of their degree
(`weights`: nodes, weights, weights over the weight function), the weight
function, the interval (`limits`) and the norm (`normcoef`), as SciPy's.

The coefficients are the roots' monic polynomial (the nodes of
_gauss_quadrature's rule) times the family's leading coefficient k_n; the
norm sqrt(h_n) is the rule of degree n + 1 applied to p_n^2 (exact), over
|k_n| when `monic`. Calling one evaluates the family's eval_* ufunc where
gpuarray has it (the Chebyshev and Hermite families), else the polynomial.
At n = 0 the values are SciPy's own (it gives some families a norm of 1 and
three shifted ones the interval (-1, 1) there)."""
import math
import operator

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._poly.poly1d import poly1d
from gpuarray._ufunc.ufuncs import exp, power, sqrt
from gpuarray.scipy.special._gauss_quadrature import HOST_RULES
from gpuarray.scipy.special._ufuncs import UFUNCS

__all__ = ["legendre", "chebyt", "chebyu", "chebyc", "chebys", "jacobi", "laguerre", "genlaguerre", "hermite",
           "hermitenorm", "gegenbauer", "sh_legendre", "sh_chebyt", "sh_chebyu", "sh_jacobi"]


class orthopoly1d(poly1d):
    """A gpuarray poly1d with the Gauss rule, weight function, interval and norm of its family (SciPy's orthopoly1d)."""

    def __init__(self, coeffs, weights, normcoef, weight_func, limits, eval_func=None):
        super().__init__(asarray(numpy.asarray(coeffs, numpy.float64)))
        self.weights = asarray(weights)
        self.weight_func = weight_func
        self.limits = limits
        self.normcoef = normcoef
        self._eval_func = eval_func

    def __call__(self, v):
        if self._eval_func is not None and not isinstance(v, poly1d):
            return self._eval_func(v)
        return super().__call__(v)


def _degree(n):
    m = operator.index(n) if not isinstance(n, float) else (int(n) if n == int(n) else None)
    if m is None or m < 0:
        raise ValueError("n must be nonnegative.")
    return m


# family -> (leading coefficient k_n(n, *params), host weight function(x, *params), device weight function, limits)
_FAMILIES = {
    "legendre": (lambda n: math.exp(math.lgamma(2 * n + 1) - 2 * math.lgamma(n + 1)) / 2 ** n,
                 lambda x: numpy.ones_like(x), lambda x: 1.0, (-1, 1)),
    "chebyt": (lambda n: 2.0 ** (n - 1) if n else 1.0, lambda x: 1 / numpy.sqrt(1 - x * x),
               lambda x: 1 / sqrt(1 - x * x), (-1, 1)),
    "chebyu": (lambda n: 2.0 ** n, lambda x: numpy.sqrt(1 - x * x), lambda x: sqrt(1 - x * x), (-1, 1)),
    "chebyc": (lambda n: 1.0 if n else 2.0, lambda x: 1 / numpy.sqrt(1 - x * x / 4),
               lambda x: 1 / sqrt(1 - x * x / 4), (-2, 2)),
    "chebys": (lambda n: 1.0, lambda x: numpy.sqrt(1 - x * x / 4), lambda x: sqrt(1 - x * x / 4), (-2, 2)),
    "jacobi": (lambda n, a, b: math.exp(math.lgamma(2 * n + a + b + 1) - math.lgamma(n + 1) -
                                        math.lgamma(n + a + b + 1)) / 2 ** n,
               lambda x, a, b: (1 - x) ** a * (1 + x) ** b, lambda x, a, b: power(1 - x, a) * power(1 + x, b),
               (-1, 1)),
    "laguerre": (lambda n: (-1) ** n / math.factorial(n), lambda x: numpy.exp(-x), lambda x: exp(-x), (0, math.inf)),
    "genlaguerre": (lambda n, a: (-1) ** n / math.factorial(n), lambda x, a: x ** a * numpy.exp(-x),
                    lambda x, a: power(x, a) * exp(-x), (0, math.inf)),
    "hermite": (lambda n: 2.0 ** n, lambda x: numpy.exp(-x * x), lambda x: exp(-x * x), (-math.inf, math.inf)),
    "hermitenorm": (lambda n: 1.0, lambda x: numpy.exp(-x * x / 2), lambda x: exp(-x * x / 2),
                    (-math.inf, math.inf)),
    "gegenbauer": (lambda n, a: 2.0 ** n * math.exp(math.lgamma(n + a) - math.lgamma(n + 1) - math.lgamma(a)),
                   lambda x, a: (1 - x * x) ** (a - 0.5), lambda x, a: power(1 - x * x, a - 0.5), (-1, 1)),
    "sh_legendre": (lambda n: math.exp(math.lgamma(2 * n + 1) - 2 * math.lgamma(n + 1)), lambda x: numpy.ones_like(x),
                    lambda x: 1.0, (0, 1)),
    "sh_chebyt": (lambda n: 2.0 ** (2 * n - 1) if n else 1.0, lambda x: 1 / numpy.sqrt(x - x * x),
                  lambda x: 1 / sqrt(x - x * x), (0, 1)),
    "sh_chebyu": (lambda n: 4.0 ** n, lambda x: numpy.sqrt(x - x * x), lambda x: sqrt(x - x * x), (0, 1)),
    "sh_jacobi": (lambda n, p, q: 1.0, lambda x, p, q: (1 - x) ** (p - q) * x ** (q - 1),
                  lambda x, p, q: power(1 - x, p - q) * power(x, q - 1), (0, 1)),
}
# SciPy's norms at n = 0 where they are not the true sqrt(h_0), and its interval there for the shifted families
_NORM_AT_ZERO = {"chebyu": 1.0, "chebyc": math.sqrt(32 * math.pi), "jacobi": 1.0, "gegenbauer": 1.0,
                 "sh_legendre": 1.0, "sh_chebyt": 1.0, "sh_chebyu": 1.0, "sh_jacobi": 1.0}
# the families with an eval_* ufunc here: (its name, whether it takes the parameters)
_EVALUATORS = {"chebyt": "eval_chebyt", "chebyu": "eval_chebyu", "chebyc": "eval_chebyc", "chebys": "eval_chebys",
               "sh_chebyt": "eval_sh_chebyt", "sh_chebyu": "eval_sh_chebyu", "hermite": "eval_hermite",
               "hermitenorm": "eval_hermitenorm"}


def host_orthopoly(family, n, params=(), monic=False):
    """The host parts of family's degree-n polynomial: (coefficients, weights (n, 3), normcoef, limits, k_n)."""
    leading, host_weight, _, limits = _FAMILIES[family]
    kn = leading(n, *params)
    if n == 0:
        norm = _NORM_AT_ZERO.get(family)
        if norm is None:
            _, w, _ = HOST_RULES[family](1, *params)
            norm = math.sqrt(kn * kn * float(numpy.sum(w)))
        limits = (-1, 1) if family in ("sh_chebyt", "sh_chebyu", "sh_jacobi") else limits
        return (numpy.array([1.0 if monic else kn]), numpy.zeros((0,)), norm / abs(kn) if monic else norm, limits,
                kn)
    x, w, _ = HOST_RULES[family](n, *params)
    big_x, big_w, _ = HOST_RULES[family](n + 1, *params)
    values = numpy.prod(big_x[:, None] - x[None, :], axis=1)  # the monic p_n at the n + 1 nodes
    norm = abs(kn) * math.sqrt(float(numpy.sum(big_w * values * values)))  # sqrt(h_n)
    coeffs = numpy.poly(x) * (1.0 if monic else kn)
    with numpy.errstate(all="ignore"):
        weights = numpy.stack([x, w, w / host_weight(x, *params)], axis=1)
    return coeffs, weights, norm / abs(kn) if monic else norm, limits, kn


def _build(family, n, params, monic):
    m = _degree(n)
    coeffs, weights, norm, limits, kn = host_orthopoly(family, m, params, monic)
    device_weight = _FAMILIES[family][2]
    eval_func = None
    if family in _EVALUATORS:
        ufunc = UFUNCS.get(_EVALUATORS[family])
        if ufunc is not None:
            scale = kn if monic else 1.0
            eval_func = (lambda x: ufunc(m, x) / scale) if monic else (lambda x: ufunc(m, x))
    return orthopoly1d(coeffs, weights, norm, lambda x: device_weight(x, *params), limits, eval_func)


def legendre(n, monic=False):
    return _build("legendre", n, (), monic)


def chebyt(n, monic=False):
    return _build("chebyt", n, (), monic)


def chebyu(n, monic=False):
    return _build("chebyu", n, (), monic)


def chebyc(n, monic=False):
    return _build("chebyc", n, (), monic)


def chebys(n, monic=False):
    return _build("chebys", n, (), monic)


def sh_legendre(n, monic=False):
    return _build("sh_legendre", n, (), monic)


def sh_chebyt(n, monic=False):
    return _build("sh_chebyt", n, (), monic)


def sh_chebyu(n, monic=False):
    return _build("sh_chebyu", n, (), monic)


def hermite(n, monic=False):
    return _build("hermite", n, (), monic)


def hermitenorm(n, monic=False):
    return _build("hermitenorm", n, (), monic)


def laguerre(n, monic=False):
    return _build("laguerre", n, (), monic)


def genlaguerre(n, alpha, monic=False):
    if not alpha > -1:
        raise ValueError("alpha must be > -1")
    return _build("genlaguerre", n, (alpha,), monic)


def gegenbauer(n, alpha, monic=False):
    if not alpha > -0.5:
        raise ValueError("alpha must be > -0.5")
    return _build("gegenbauer", n, (alpha,), monic)


def jacobi(n, alpha, beta, monic=False):
    if not (alpha > -1 and beta > -1):
        raise ValueError("alpha and beta must be greater than -1.")
    return _build("jacobi", n, (alpha, beta), monic)


def sh_jacobi(n, p, q, monic=False):
    if not (p - q > -1 and q > 0):
        raise ValueError("(p - q) > -1 and q > 0 please.")
    return _build("sh_jacobi", n, (p, q), monic)


_DOC = """The {name} polynomial of degree n as an orthopoly1d (a gpuarray poly1d with its Gauss rule).

    Parameters
    ----------
    n : int
        The degree.
{params}    monic : bool, optional
        Scale the polynomial to a leading coefficient of 1.

    Returns
    -------
    p : orthopoly1d
        The polynomial (device coefficients) with ``weights`` (nodes, weights, weights over the weight
        function, for the n-point rule), ``weight_func``, ``limits`` and ``normcoef`` (sqrt of the norm
        squared, over the leading coefficient when `monic`), as SciPy's.

    Raises
    ------
    ValueError
        For a negative `n`{raises}.

    Notes
    -----
    Calling it evaluates {evaluation}.

    See Also
    --------
    {see_also}

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import {function}
    >>> p = {function}({example})
    >>> (p.coeffs.round(10) + 0.0).tolist()  # + 0.0: no negative zeros
    {coeffs}
"""


def _document(function, name, coeffs, example="2", extra="", raises="", see_also="roots_legendre"):
    evaluation = (f"``{_EVALUATORS[function.__name__]}`` (accurate for large degrees)"
                  if function.__name__ in _EVALUATORS else "the polynomial from its coefficients")
    function.__doc__ = _DOC.format(name=name, params=extra, raises=raises, evaluation=evaluation,
                                   see_also=see_also, function=function.__name__, example=example, coeffs=coeffs)


_ALPHA = "    alpha : float\n        The family's parameter.\n"
_document(legendre, "Legendre", "[1.5, 0.0, -0.5]", see_also="roots_legendre")
_document(chebyt, "Chebyshev (first kind)", "[2.0, 0.0, -1.0]", see_also="eval_chebyt, roots_chebyt")
_document(chebyu, "Chebyshev (second kind)", "[4.0, 0.0, -1.0]", see_also="eval_chebyu, roots_chebyu")
_document(chebyc, "Chebyshev C (first kind on [-2, 2])", "[1.0, 0.0, -2.0]", see_also="eval_chebyc, roots_chebyc")
_document(chebys, "Chebyshev S (second kind on [-2, 2])", "[1.0, 0.0, -1.0]", see_also="eval_chebys, roots_chebys")
_document(sh_legendre, "shifted Legendre", "[6.0, -6.0, 1.0]", see_also="roots_sh_legendre")
_document(sh_chebyt, "shifted Chebyshev (first kind)", "[8.0, -8.0, 1.0]", see_also="eval_sh_chebyt, roots_sh_chebyt")
_document(sh_chebyu, "shifted Chebyshev (second kind)", "[16.0, -16.0, 3.0]",
          see_also="eval_sh_chebyu, roots_sh_chebyu")
_document(hermite, "Hermite (physicists')", "[4.0, 0.0, -2.0]", see_also="eval_hermite, roots_hermite")
_document(hermitenorm, "Hermite (probabilists')", "[1.0, 0.0, -1.0]", see_also="eval_hermitenorm, roots_hermitenorm")
_document(laguerre, "Laguerre", "[0.5, -2.0, 1.0]", see_also="roots_laguerre")
_document(genlaguerre, "generalized Laguerre", "[0.5, -3.0, 3.0]", example="2, 1.0", extra=_ALPHA,
          raises=" or `alpha` at or below -1", see_also="roots_genlaguerre")
_document(gegenbauer, "Gegenbauer", "[4.0, 0.0, -1.0]", example="2, 1.0", extra=_ALPHA,
          raises=" or `alpha` at or below -1/2", see_also="roots_gegenbauer")
_document(jacobi, "Jacobi", "[1.5, 0.0, -0.5]", example="2, 0.0, 0.0",
          extra="    alpha, beta : float\n        The family's parameters.\n",
          raises=" or a parameter at or below -1", see_also="roots_jacobi")
_document(sh_jacobi, "shifted Jacobi", "[1.0, -1.0, 0.1666666667]", example="2, 1.0, 1.0",
          extra="    p, q : float\n        The family's parameters.\n", raises=" or parameters out of range",
          see_also="roots_sh_jacobi")
