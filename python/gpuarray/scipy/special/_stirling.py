# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special.stirling2: Stirling numbers of the second kind S(N, K), the
number of partitions of N things into K non-empty sets. Exact integers on the
host (the inclusion-exclusion sum (1/K!) sum_j (-1)^j C(K, j) (K - j)^N), so
the float result is the exact value rounded once (SciPy's float path is an
approximation, within about 2e-7 of it), copied to the device."""
import math

import numpy

from gpuarray._core import ndarray
from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.transfer import asnumpy

__all__ = ["stirling2"]


def _integers(values, name):
    host = asnumpy(values) if isinstance(values, ndarray) else numpy.asarray(values)
    if host.dtype.kind not in "iu":
        raise TypeError(f"Argument `{name}` must contain only integers")
    return host


def _exact(n, k):
    if n < 0 or k < 0 or k > n:
        return 1 if n == k == 0 else 0
    if n == k:
        return 1
    return sum((-1) ** j * math.comb(k, j) * (k - j) ** n for j in range(k + 1)) // math.factorial(k)


def _to_float(value):
    try:
        return float(value)
    except OverflowError:
        return math.inf


def stirling2(N, K, *, exact=False):
    """Stirling numbers of the second kind S(N, K): the ways to split N things into K non-empty sets.

    Parameters
    ----------
    N : int or array_like of int
        The numbers of things (negative ones give 0).
    K : int or array_like of int
        The numbers of sets, broadcast against `N`.
    exact : bool, optional
        With True, Python ints (an object array for array input), as SciPy.

    Returns
    -------
    out : ndarray or int
        float64 on the device (inf past the largest double) unless `exact`.

    Raises
    ------
    TypeError
        For non-integer `N` or `K`, as SciPy.

    Notes
    -----
    Computed exactly on the host and rounded once; SciPy's float path approximates large values (to about 2e-7).

    See Also
    --------
    comb, factorial

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import stirling2
    >>> stirling2(xp.array([10, 5]), 3).tolist()
    [9330.0, 25.0]
    >>> stirling2(10, 3, exact=True)
    9330
    """
    n_host, k_host = _integers(N, "N"), _integers(K, "K")
    n_b, k_b = numpy.broadcast_arrays(n_host, k_host)
    values = [_exact(int(a), int(b)) for a, b in zip(n_b.ravel(), k_b.ravel())]
    if exact:
        if n_b.ndim == 0:
            return values[0]
        out = numpy.empty(n_b.shape, dtype=object)
        out.reshape(-1)[:] = values
        return out
    return asarray(numpy.array([_to_float(v) for v in values], dtype=numpy.float64).reshape(n_b.shape))
