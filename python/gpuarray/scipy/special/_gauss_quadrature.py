# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special's Gauss quadrature rules (roots_legendre, roots_hermite,
..., and their short aliases p_roots, h_roots, ...): the nodes and weights
of the n-point rule of each classical weight function, as device arrays.

A rule is small host work (n nodes), computed on the host and copied once:
the Chebyshev rules from their closed forms, every other one by the
Golub-Welsch method (the eigenvalues of the symmetric tridiagonal Jacobi
matrix of the family's three-term recurrence, NumPy's eigvalsh), each node
then polished by Newton steps on the orthonormal polynomial p_n, and the
weights from the Christoffel function, w_i = 1 / sum_k p_k(x_i)^2 over the
orthonormal p_0 ... p_(n-1) (no eigenvectors, so no loss for small weights).
The shifted rules map [-1, 1] to [0, 1]."""
import math
import operator

import numpy

from gpuarray._array_creation.from_data import asarray

__all__ = ["roots_legendre", "roots_chebyt", "roots_chebyu", "roots_chebyc", "roots_chebys", "roots_sh_legendre",
           "roots_sh_chebyt", "roots_sh_chebyu", "roots_hermite", "roots_hermitenorm", "roots_laguerre",
           "roots_genlaguerre", "roots_gegenbauer", "roots_jacobi", "roots_sh_jacobi"]


def _degree(n):
    """n as a Python int >= 1, or SciPy's ValueError."""
    try:
        m = operator.index(n)
    except TypeError:
        m = int(n) if numpy.ndim(n) == 0 and float(n) == int(n) else None
    if m is None or m < 1:
        raise ValueError("n must be a positive integer.")
    return m


def _jacobi_recurrence(n, a, b):
    """alpha_0..alpha_n, beta_1..beta_n of the monic Jacobi recurrence for the weight (1-x)^a (1+x)^b."""
    k = numpy.arange(n + 1, dtype=numpy.float64)
    s = 2 * k + a + b
    with numpy.errstate(all="ignore"):
        alpha = (b * b - a * a) / (s * (s + 2))
    alpha[0] = (b - a) / (a + b + 2)
    kk = k[1:]
    ss = s[1:]
    with numpy.errstate(all="ignore"):
        beta = 4 * kk * (kk + a) * (kk + b) * (kk + a + b) / (ss * ss * (ss + 1) * (ss - 1))
    beta[0] = 4 * (1 + a) * (1 + b) / ((2 + a + b) ** 2 * (3 + a + b))  # k = 1 without the (1 + a + b) / (1 + a + b)
    return alpha, beta


def _golub_welsch(alpha, beta, mu0, n):
    """The n nodes (ascending) and weights of the rule of the monic recurrence (alpha, beta) with total mass mu0."""
    off = numpy.sqrt(beta[:n - 1])
    jacobi = numpy.diag(alpha[:n]) + numpy.diag(off, 1) + numpy.diag(off, -1)
    x = numpy.linalg.eigvalsh(jacobi)
    root_beta = numpy.sqrt(beta)

    def orthonormal(x):
        """p_0 ... p_n (orthonormal) at x, and p_n'."""
        previous, current = numpy.zeros_like(x), numpy.full_like(x, 1 / math.sqrt(mu0))
        d_previous, d_current = numpy.zeros_like(x), numpy.zeros_like(x)
        squares = current * current
        for k in range(n):
            nxt = ((x - alpha[k]) * current - (root_beta[k - 1] if k else 0.0) * previous) / root_beta[k]
            d_nxt = (current + (x - alpha[k]) * d_current - (root_beta[k - 1] if k else 0.0) * d_previous) / root_beta[k]
            previous, current, d_previous, d_current = current, nxt, d_current, d_nxt
            if k < n - 1:
                squares = squares + current * current
        return squares, current, d_current

    with numpy.errstate(all="ignore"):
        for _ in range(2):  # Newton on p_n: the eigenvalues are within a few ulp already
            _, p, dp = orthonormal(x)
            step = p / dp
            x = numpy.where(numpy.isfinite(step), x - step, x)
        squares, _, _ = orthonormal(x)
        # sums that overflow (inf, or NaN from inf - inf; Hermite and Laguerre nodes far out) stand for a
        # weight below the smallest double: 0
        w = numpy.where(numpy.isfinite(squares), 1 / squares, 0.0)
    return x, w


def _result(x, w, mu, return_mu):
    x, w = asarray(x), asarray(w)
    return (x, w, float(mu)) if return_mu else (x, w)


_DOC = """The {n}-point Gauss-{name} quadrature rule: nodes and weights for {weight}.

    Parameters
    ----------
{params}    mu : bool, optional
        Also return the weight function's integral.

    Returns
    -------
    x : ndarray
        The nodes, ascending (float64, on the device).
    w : ndarray
        The weights.
    mu : float
        The integral of the weight function, when `mu` is True.

    Raises
    ------
    ValueError
        For `n` below 1 or not an integer{raises}, as SciPy.

    Notes
    -----
    Computed on the host (Golub-Welsch with Newton-polished nodes, or the closed form) and copied to the
    device; ``sum(w * f(x))`` integrates polynomials up to degree ``2n - 1`` against the weight exactly.

    See Also
    --------
    {see_also}

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import {function}
    >>> x, w = {function}({example})
    >>> round(float(w.sum()), 10)
    {total}
"""

_N_PARAM = "    n : int\n        The number of nodes.\n"


def _document(function, name, weight, extra_params="", raises="", see_also="roots_legendre", example="5",
              total="2.0"):
    function.__doc__ = _DOC.format(n="n", name=name, weight=weight, params=_N_PARAM + extra_params, raises=raises,
                                   see_also=see_also, function=function.__name__, example=example, total=total)
    return function


def _legendre(n):
    m = _degree(n)
    k = numpy.arange(1, m + 1, dtype=numpy.float64)
    x, w = _golub_welsch(numpy.zeros(m + 1), k * k / (4 * k * k - 1), 2.0, m)
    return x, w, 2.0


def _chebyshev_first(n):
    m = _degree(n)
    i = numpy.arange(m, 0, -1, dtype=numpy.float64)
    return numpy.cos((2 * i - 1) * numpy.pi / (2 * m)), numpy.full(m, numpy.pi / m), numpy.pi


def _chebyshev_second(n):
    m = _degree(n)
    t = numpy.arange(m, 0, -1, dtype=numpy.float64) * numpy.pi / (m + 1)
    return numpy.cos(t), numpy.pi / (m + 1) * numpy.sin(t) ** 2, numpy.pi / 2


def _hermite(n, scale):
    """exp(-x^2) (scale 1/2) or exp(-x^2 / 2) (scale 1)."""
    m = _degree(n)
    k = numpy.arange(1, m + 1, dtype=numpy.float64)
    total = math.sqrt(2 * math.pi * scale)
    x, w = _golub_welsch(numpy.zeros(m + 1), k * scale, total, m)
    return x, w, total


def _genlaguerre(n, alpha):
    m = _degree(n)
    if not alpha >= -1:
        raise ValueError("alpha must be greater than -1.")
    if alpha == -1:  # SciPy's rule degenerates here: NaN
        return numpy.full(m, numpy.nan), numpy.full(m, numpy.nan), math.nan
    total = math.gamma(alpha + 1)
    k = numpy.arange(m + 1, dtype=numpy.float64)
    x, w = _golub_welsch(2 * k + alpha + 1, (k * (k + alpha))[1:], total, m)
    return x, w, total


def _jacobi(n, alpha, beta):
    m = _degree(n)
    if not (alpha > -1 and beta > -1):
        raise ValueError("alpha and beta must be greater than -1.")
    total = 2 ** (alpha + beta + 1) * math.exp(math.lgamma(alpha + 1) + math.lgamma(beta + 1) -
                                               math.lgamma(alpha + beta + 2))
    a, b = _jacobi_recurrence(m, alpha, beta)
    x, w = _golub_welsch(a, b, total, m)
    return x, w, total


def _sh_jacobi(n, p1, q1):
    if not (p1 - q1 > -1 and q1 > 0):
        raise ValueError("(p - q) must be greater than -1, and q must be greater than 0.")
    x, w, total = _jacobi(n, p1 - q1, q1 - 1)
    shifted = math.exp(math.lgamma(q1) + math.lgamma(p1 - q1 + 1) - math.lgamma(p1 + 1))  # B(q1, p1 - q1 + 1)
    return (x + 1) / 2, w * (shifted / total), shifted


def _gegenbauer(n, alpha):
    m = _degree(n)
    if not alpha >= -0.5:
        raise ValueError("alpha must be greater than -0.5.")
    if alpha == 0:  # SciPy's rule at alpha = 0 is Chebyshev's of the first kind
        return _chebyshev_first(m)
    if alpha == -0.5:  # degenerate: NaN, as SciPy
        return numpy.full(m, numpy.nan), numpy.full(m, numpy.nan), math.nan
    total = math.sqrt(math.pi) * math.exp(math.lgamma(alpha + 0.5) - math.lgamma(alpha + 1))
    k = numpy.arange(1, m + 1, dtype=numpy.float64)
    beta = k * (k + 2 * alpha - 1) / (4 * (k + alpha) * (k + alpha - 1))
    x, w = _golub_welsch(numpy.zeros(m + 1), beta, total, m)
    return x, w, total


def _shift(rule, weight_scale, total):
    x, w, _ = rule
    return (x + 1) / 2, w * weight_scale, total


# The host rules, by SciPy's family name: (x, w, mu) as NumPy arrays and a float.
HOST_RULES = {
    "legendre": _legendre,
    "sh_legendre": lambda n: _shift(_legendre(n), 0.5, 1.0),
    "chebyt": _chebyshev_first,
    "chebyu": _chebyshev_second,
    "chebyc": lambda n: tuple(v * 2 for v in _chebyshev_first(n)),
    "chebys": lambda n: (2 * _chebyshev_second(n)[0], 2 * _chebyshev_second(n)[1], numpy.pi),
    "sh_chebyt": lambda n: _shift(_chebyshev_first(n), 1.0, numpy.pi),
    "sh_chebyu": lambda n: _shift(_chebyshev_second(n), 0.25, numpy.pi / 8),
    "hermite": lambda n: _hermite(n, 0.5),
    "hermitenorm": lambda n: _hermite(n, 1.0),
    "laguerre": lambda n: _genlaguerre(n, 0.0),
    "genlaguerre": _genlaguerre,
    "gegenbauer": _gegenbauer,
    "jacobi": _jacobi,
    "sh_jacobi": _sh_jacobi,
}


def roots_legendre(n, mu=False):
    return _result(*HOST_RULES["legendre"](n), mu)


def roots_sh_legendre(n, mu=False):
    return _result(*HOST_RULES["sh_legendre"](n), mu)


def roots_chebyt(n, mu=False):
    return _result(*HOST_RULES["chebyt"](n), mu)


def roots_chebyu(n, mu=False):
    return _result(*HOST_RULES["chebyu"](n), mu)


def roots_chebyc(n, mu=False):
    return _result(*HOST_RULES["chebyc"](n), mu)


def roots_chebys(n, mu=False):
    return _result(*HOST_RULES["chebys"](n), mu)


def roots_sh_chebyt(n, mu=False):
    return _result(*HOST_RULES["sh_chebyt"](n), mu)


def roots_sh_chebyu(n, mu=False):
    return _result(*HOST_RULES["sh_chebyu"](n), mu)


def roots_hermite(n, mu=False):
    return _result(*HOST_RULES["hermite"](n), mu)


def roots_hermitenorm(n, mu=False):
    return _result(*HOST_RULES["hermitenorm"](n), mu)


def roots_laguerre(n, mu=False):
    return _result(*HOST_RULES["laguerre"](n), mu)


def roots_genlaguerre(n, alpha, mu=False):
    return _result(*HOST_RULES["genlaguerre"](n, alpha), mu)


def roots_gegenbauer(n, alpha, mu=False):
    return _result(*HOST_RULES["gegenbauer"](n, alpha), mu)


def roots_jacobi(n, alpha, beta, mu=False):
    return _result(*HOST_RULES["jacobi"](n, alpha, beta), mu)


def roots_sh_jacobi(n, p1, q1, mu=False):
    return _result(*HOST_RULES["sh_jacobi"](n, p1, q1), mu)


_document(roots_legendre, "Legendre", "the weight 1 on [-1, 1]")
_document(roots_sh_legendre, "shifted Legendre", "the weight 1 on [0, 1]", total="1.0")
_document(roots_chebyt, "Chebyshev (first kind)", "the weight 1 / sqrt(1 - x**2) on [-1, 1]", total="3.1415926536")
_document(roots_chebyu, "Chebyshev (second kind)", "the weight sqrt(1 - x**2) on [-1, 1]", total="1.5707963268")
_document(roots_chebyc, "Chebyshev C", "the weight 1 / sqrt(1 - (x/2)**2) on [-2, 2]", total="6.2831853072")
_document(roots_chebys, "Chebyshev S", "the weight sqrt(1 - (x/2)**2) on [-2, 2]", total="3.1415926536")
_document(roots_sh_chebyt, "shifted Chebyshev (first kind)", "the weight 1 / sqrt(x - x**2) on [0, 1]",
          total="3.1415926536")
_document(roots_sh_chebyu, "shifted Chebyshev (second kind)", "the weight sqrt(x - x**2) on [0, 1]",
          total="0.3926990817")
_document(roots_hermite, "Hermite (physicists')", "the weight exp(-x**2) on the real line", total="1.7724538509")
_document(roots_hermitenorm, "Hermite (probabilists')", "the weight exp(-x**2 / 2) on the real line",
          total="2.5066282746")
_document(roots_laguerre, "Laguerre", "the weight exp(-x) on [0, inf)", total="1.0")
_document(roots_genlaguerre, "generalized Laguerre", "the weight x**alpha exp(-x) on [0, inf)",
          "    alpha : float\n        The weight's power, greater than -1.\n", " or `alpha` below -1",
          example="5, 0.5", total="0.8862269255")
_document(roots_gegenbauer, "Gegenbauer", "the weight (1 - x**2)**(alpha - 1/2) on [-1, 1]",
          "    alpha : float\n        The weight's parameter, at least -1/2.\n", " or `alpha` below -1/2",
          example="5, 1.5", total="1.3333333333")
_document(roots_jacobi, "Jacobi", "the weight (1 - x)**alpha (1 + x)**beta on [-1, 1]",
          "    alpha, beta : float\n        The weight's powers, greater than -1.\n", " or a power at or below -1",
          example="5, 0.5, 0.5", total="1.5707963268")
_document(roots_sh_jacobi, "shifted Jacobi", "the weight (1 - x)**(p1 - q1) x**(q1 - 1) on [0, 1]",
          "    p1, q1 : float\n        The weight's parameters: p1 - q1 > -1, q1 > 0.\n",
          " or parameters out of range", example="5, 2.0, 1.0", total="0.5")
