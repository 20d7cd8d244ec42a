# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special's Bessel functions built from the modified Bessel ufuncs iv
and kv: their derivatives ivp and kvp (the n-th derivative as a binomial sum
of orders v - n, v - n + 2, ..., v + n), and the modified spherical Bessel
functions spherical_in and spherical_kn with their derivatives."""
import math
import operator

from gpuarray._array_creation.from_data import asarray
from gpuarray._sorting_searching.searching import where
from gpuarray._ufunc.ufuncs import sqrt
from gpuarray.scipy.special._ufuncs import UFUNCS

__all__ = ["ivp", "kvp", "spherical_in", "spherical_kn"]


def _order(n):
    """The derivative's order as an int >= 0: SciPy's TypeError for a non-integer, ValueError below 0."""
    try:
        m = operator.index(n)
    except TypeError:
        raise TypeError("n must be a non-negative integer") from None
    if m < 0:
        raise ValueError("n must be a non-negative integer")
    return m


def _derivative(function, v, z, n, alternating=False):
    """2^-n sum_k s^k C(n, k) f(v - n + 2k, z), s = -1 where `alternating`, else 1: the n-th derivative of
    J_v and Y_v (alternating: C_v' = (C_(v-1) - C_(v+1)) / 2), of I_v, and of K_v up to the sign (-1)^n
    (I_v' = (I_(v-1) + I_(v+1)) / 2 and K_v' = -(K_(v-1) + K_(v+1)) / 2), each applied n times."""
    total = None
    for k in range(n + 1):
        coefficient = (-1.0 if alternating and k % 2 else 1.0) * math.comb(n, k) / 2.0 ** n
        term = function(v - n + 2 * k, z) * coefficient
        total = term if total is None else total + term
    return total


def ivp(v, z, n=1):
    """The n-th derivative of the modified Bessel function of the first kind, d^n/dz^n I_v(z).

    Parameters
    ----------
    v : array_like of float
        The order.
    z : array_like of float
        The argument (real; SciPy's complex arguments have no loop here).
    n : int, optional
        The derivative's order (0 gives iv itself).

    Returns
    -------
    out : ndarray
        2^-n sum_k C(n, k) I_(v - n + 2k)(z).

    Raises
    ------
    TypeError
        For a non-integer `n`.
    ValueError
        For a negative `n`.

    See Also
    --------
    iv, kvp

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import ivp
    >>> float(ivp(1.5, xp.array(2.0)))  # doctest: +ELLIPSIS
    1.22163197...
    """
    m = _order(n)
    iv = UFUNCS["iv"]
    if m == 0:
        return iv(v, z)
    return _derivative(iv, v, z, m)


def kvp(v, z, n=1):
    """The n-th derivative of the modified Bessel function of the second kind, d^n/dz^n K_v(z).

    Parameters
    ----------
    v : array_like of float
        The order.
    z : array_like of float
        The argument (real; SciPy's complex arguments have no loop here).
    n : int, optional
        The derivative's order (0 gives kv itself).

    Returns
    -------
    out : ndarray
        (-1)^n 2^-n sum_k C(n, k) K_(v - n + 2k)(z).

    Raises
    ------
    TypeError
        For a non-integer `n`.
    ValueError
        For a negative `n`.

    See Also
    --------
    kv, ivp

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import kvp
    >>> float(kvp(1.5, xp.array(2.0), 2))  # doctest: +ELLIPSIS
    0.40853803...
    """
    m = _order(n)
    kv = UFUNCS["kv"]
    if m == 0:
        return kv(v, z)
    return _derivative(kv, v, z, m) * (-1.0 if m % 2 else 1.0)


def _spherical_i(n, z):
    z = asarray(z)
    value = sqrt(math.pi / 2 / z) * UFUNCS["iv"](n + 0.5, z)
    # i_0(0) = 1, i_n(0) = 0 for n > 0 (the formula is 0 * inf there)
    return where(z == 0, where(asarray(n) == 0, 1.0, 0.0), value)


def _spherical_k(n, z):
    z = asarray(z)
    return sqrt(math.pi / 2 / z) * UFUNCS["kv"](n + 0.5, z)


def spherical_in(n, z, derivative=False):
    """The modified spherical Bessel function of the first kind i_n(z) = sqrt(pi / (2z)) I_(n + 1/2)(z), or its derivative.

    Parameters
    ----------
    n : array_like of int
        The order (NaN for n < 0, as SciPy).
    z : array_like of float
        The argument (real; SciPy's complex arguments have no loop here).
    derivative : bool, optional
        Return i_n'(z) = i_(n-1)(z) - (n + 1) / z i_n(z) (i_0' = i_1) instead.

    Returns
    -------
    out : ndarray
        The values, float64.

    See Also
    --------
    spherical_kn, iv

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import spherical_in
    >>> spherical_in(2, xp.array([0.0, 3.0])).tolist()  # doctest: +ELLIPSIS
    [0.0, 1.0965015...]
    """
    n = asarray(n)
    n = where(n < 0, float("nan"), n)
    if not derivative:
        return _spherical_i(n, z)
    z = asarray(z)
    slope = _spherical_i(n - 1, z) - (n + 1) / z * _spherical_i(n, z)
    at_zero = where(n == 1, 1.0 / 3.0, 0.0)  # i_1'(0) = 1/3, every other i_n'(0) = 0
    return where(n == 0, _spherical_i(1.0, z), where(z == 0, at_zero, slope))


def spherical_kn(n, z, derivative=False):
    """The modified spherical Bessel function of the second kind k_n(z) = sqrt(pi / (2z)) K_(n + 1/2)(z), or its derivative.

    Parameters
    ----------
    n : array_like of int
        The order (NaN for n < 0, as SciPy).
    z : array_like of float
        The argument (real; SciPy's complex arguments have no loop here).
    derivative : bool, optional
        Return k_n'(z) = -k_(n-1)(z) - (n + 1) / z k_n(z) (k_0' = -k_1) instead.

    Returns
    -------
    out : ndarray
        The values, float64 (inf at z = 0).

    See Also
    --------
    spherical_in, kv

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import spherical_kn
    >>> float(spherical_kn(0, xp.array(0.5)))  # doctest: +ELLIPSIS
    1.90547...
    """
    n = asarray(n)
    n = where(n < 0, float("nan"), n)
    if not derivative:
        return _spherical_k(n, z)
    z = asarray(z)
    slope = -_spherical_k(n - 1, z) - (n + 1) / z * _spherical_k(n, z)
    return where(n == 0, -_spherical_k(1.0, z), slope)
