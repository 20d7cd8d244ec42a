# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special's functions built on the real-order Bessel ufuncs jv and yv:
their derivatives jvp and yvp (the n-th derivative as an alternating binomial
sum of orders v - n, v - n + 2, ..., v + n) and the spherical Bessel
functions spherical_jn and spherical_yn with their derivatives."""
import math

from gpuarray._array_creation.from_data import asarray
from gpuarray._sorting_searching.searching import where
from gpuarray._ufunc.ufuncs import absolute, isinf, sqrt, trunc
from gpuarray.scipy.special._bessel_extras import _derivative, _order
from gpuarray.scipy.special._ufuncs import UFUNCS

__all__ = ["jvp", "yvp", "spherical_jn", "spherical_yn"]


def jvp(v, z, n=1):
    """The n-th derivative of the Bessel function of the first kind, d^n/dz^n J_v(z).

    Parameters
    ----------
    v : array_like of float
        The order.
    z : array_like of float
        The argument (real; SciPy's complex arguments have no loop here).
    n : int, optional
        The derivative's order (0 gives jv itself).

    Returns
    -------
    out : ndarray
        2^-n sum_k (-1)^k C(n, k) J_(v - n + 2k)(z).

    Raises
    ------
    TypeError
        For a non-integer `n`.
    ValueError
        For a negative `n`.

    See Also
    --------
    jv, yvp

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import jvp
    >>> float(jvp(1.5, xp.array(2.0)))  # doctest: +ELLIPSIS
    0.14454580...
    """
    m = _order(n)
    jv = UFUNCS["jv"]
    return jv(v, z) if m == 0 else _derivative(jv, v, z, m, alternating=True)


def yvp(v, z, n=1):
    """The n-th derivative of the Bessel function of the second kind, d^n/dz^n Y_v(z).

    Parameters
    ----------
    v : array_like of float
        The order.
    z : array_like of float
        The argument (real; SciPy's complex arguments have no loop here).
    n : int, optional
        The derivative's order (0 gives yv itself).

    Returns
    -------
    out : ndarray
        2^-n sum_k (-1)^k C(n, k) Y_(v - n + 2k)(z).

    Raises
    ------
    TypeError
        For a non-integer `n`.
    ValueError
        For a negative `n`.

    See Also
    --------
    yv, jvp

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import yvp
    >>> float(yvp(1.5, xp.array(2.0), 3))  # doctest: +ELLIPSIS
    0.16921445...
    """
    m = _order(n)
    yv = UFUNCS["yv"]
    return yv(v, z) if m == 0 else _derivative(yv, v, z, m, alternating=True)


def _degree(n):
    """SciPy's integer loop: the degree truncated toward zero, NaN below 0."""
    n = trunc(asarray(n, dtype="float64"))
    return where(n < 0, float("nan"), n)


def _spherical_j(n, z):
    z = asarray(z)
    x = absolute(z)
    value = sqrt(math.pi / 2 / x) * UFUNCS["jv"](n + 0.5, x)
    # j_n(-x) = (-1)^n j_n(x); j_0(0) = 1, j_n(0) = 0 for n > 0; j_n(+-inf) = 0
    value = where(z < 0, where(n % 2 == 1, -value, value), value)
    value = where(z == 0, where(n == 0, 1.0, 0.0 * n), value)  # 0 * n: NaN for a negative n, as SciPy
    return where(isinf(z) & (n == n), 0.0, value)


def _spherical_y(n, z):
    z = asarray(z)
    x = absolute(z)
    value = sqrt(math.pi / 2 / x) * UFUNCS["yv"](n + 0.5, x)
    # y_n(-x) = (-1)^(n+1) y_n(x); y_n(0) = -inf; y_n(+-inf) = 0
    value = where(z < 0, where(n % 2 == 0, -value, value), value)
    value = where(z == 0, where(n == n, float("-inf"), value), value)
    return where(isinf(z) & (n == n), 0.0, value)


def spherical_jn(n, z, derivative=False):
    """The spherical Bessel function of the first kind j_n(z) = sqrt(pi / (2z)) J_(n + 1/2)(z), or its derivative.

    Parameters
    ----------
    n : array_like of int
        The order (truncated to an integer as SciPy's integer loop does; NaN for n < 0).
    z : array_like of float
        The argument (real; SciPy's complex arguments have no loop here).
    derivative : bool, optional
        Return j_n'(z) = j_(n-1)(z) - (n + 1) / z j_n(z) (j_0' = -j_1) instead.

    Returns
    -------
    out : ndarray
        The values, float64.

    See Also
    --------
    spherical_yn, jv

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import spherical_jn
    >>> spherical_jn(2, xp.array([0.0, 3.0])).tolist()  # doctest: +ELLIPSIS
    [0.0, 0.29863749...]
    """
    n = _degree(n)
    if not derivative:
        return _spherical_j(n, z)
    z = asarray(z)
    slope = _spherical_j(n - 1, z) - (n + 1) / z * _spherical_j(n, z)
    at_zero = where(n == 1, 1.0 / 3.0, 0.0)  # j_1'(0) = 1/3, every other j_n'(0) = 0
    return where(n == 0, -_spherical_j(1.0 + 0 * n, z), where(z == 0, at_zero, slope))


def spherical_yn(n, z, derivative=False):
    """The spherical Bessel function of the second kind y_n(z) = sqrt(pi / (2z)) Y_(n + 1/2)(z), or its derivative.

    Parameters
    ----------
    n : array_like of int
        The order (truncated to an integer as SciPy's integer loop does; NaN for n < 0).
    z : array_like of float
        The argument (real; SciPy's complex arguments have no loop here).
    derivative : bool, optional
        Return y_n'(z) = y_(n-1)(z) - (n + 1) / z y_n(z) (y_0' = -y_1) instead.

    Returns
    -------
    out : ndarray
        The values, float64 (-inf at z = 0; the derivative inf there for n = 0, NaN above, as SciPy's).

    See Also
    --------
    spherical_jn, yv

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import spherical_yn
    >>> float(spherical_yn(1, xp.array(3.0)))  # doctest: +ELLIPSIS
    0.06295916...
    """
    n = _degree(n)
    if not derivative:
        return _spherical_y(n, z)
    z = asarray(z)
    slope = _spherical_y(n - 1, z) - (n + 1) / z * _spherical_y(n, z)
    slope = where(z == 0, float("nan"), slope)  # SciPy's y_n'(0): inf for n = 0 (below), NaN above
    return where(n == 0, -_spherical_y(1.0 + 0 * n, z), slope)
