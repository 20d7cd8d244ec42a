# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special's bernoulli and euler: the Bernoulli numbers B_0 ... B_n
(B_1 = -1/2) and the Euler numbers E_0 ... E_n, computed exactly in
rationals and integers on the host (n numbers, O(n^2) exact operations)
and copied to the device as float64 (inf past the largest double)."""
import math
import operator
from fractions import Fraction

import numpy

from gpuarray._array_creation.from_data import asarray

__all__ = ["bernoulli", "euler"]


def _count(n):
    """n as an int >= 0: a non-integer is truncated, as SciPy."""
    try:
        m = operator.index(n)
    except TypeError:
        m = int(n) if n >= 0 else -1
    if m < 0:
        raise ValueError("n must be a non-negative integer.")
    return m


def _to_float(value):
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def bernoulli(n):
    """The Bernoulli numbers B_0, B_1, ..., B_n (with B_1 = -1/2), as SciPy.

    Parameters
    ----------
    n : int
        The last index.

    Returns
    -------
    out : ndarray
        n + 1 float64 values on the device (B_k for odd k > 1 is 0).

    Raises
    ------
    ValueError
        For a negative `n` (a non-integer is truncated, as SciPy).

    Notes
    -----
    Exact on the host (the recurrence sum_k C(m + 1, k) B_k = 0 in rationals), then rounded once.

    See Also
    --------
    euler, zeta

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import bernoulli
    >>> bernoulli(4).tolist()  # doctest: +ELLIPSIS
    [1.0, -0.5, 0.1666..., 0.0, -0.0333...]
    """
    return asarray(bernoulli_numbers(n))


def bernoulli_numbers(n):
    """B_0 ... B_n as a NumPy float64 array (the host part of bernoulli)."""
    m = _count(n)
    numbers = [Fraction(1)]
    for k in range(1, m + 1):
        if k > 1 and k % 2:
            numbers.append(Fraction(0))
            continue
        # B_k = -1/(k + 1) sum_{j < k} C(k + 1, j) B_j
        numbers.append(-sum(math.comb(k + 1, j) * numbers[j] for j in range(k) if numbers[j]) / (k + 1))
    return numpy.array([_to_float(b) for b in numbers])


def euler(n):
    """The Euler numbers E_0, E_1, ..., E_n (E_k = 0 for odd k), as SciPy.

    Parameters
    ----------
    n : int
        The last index.

    Returns
    -------
    out : ndarray
        n + 1 float64 values on the device (exact integers while they fit a double).

    Raises
    ------
    ValueError
        For a negative `n` (a non-integer is truncated, as SciPy).

    Notes
    -----
    Exact on the host (sum over even j of C(k, j) E_j = 0 for even k > 0, in integers), then rounded once.

    See Also
    --------
    bernoulli

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import euler
    >>> euler(6).tolist()
    [1.0, 0.0, -1.0, 0.0, 5.0, 0.0, -61.0]
    """
    return asarray(euler_numbers(n))


def euler_numbers(n):
    """E_0 ... E_n as a NumPy float64 array (the host part of euler)."""
    m = _count(n)
    numbers = [1]
    for k in range(1, m + 1):
        numbers.append(0 if k % 2 else -sum(math.comb(k, j) * numbers[j] for j in range(0, k, 2)))
    return numpy.array([_to_float(e) for e in numbers])
