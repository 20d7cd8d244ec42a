# SPDX-License-Identifier: BSD-3-Clause
"""comb, perm, factorial and factorial2 as SciPy's: from the gamma-family
ufuncs on the device, or, with exact=True, Python integers computed on the
host as SciPy returns them."""
import math

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.transfer import asnumpy
from gpuarray._core import ndarray
from gpuarray._sorting_searching.searching import where
from gpuarray._ufunc.ufuncs import exp2, floor, logical_and, power, remainder, sqrt
from gpuarray.scipy.special._ufuncs import UFUNCS

__all__ = ["comb", "perm", "factorial", "factorial2", "factorialk"]

_beta, _poch, _gamma = UFUNCS["beta"], UFUNCS["poch"], UFUNCS["gamma"]
_INT64_MAX = numpy.iinfo(numpy.int64).max
_NEEDS_COMPLEX = ("In order to use non-integer arguments, you must opt into this by passing `extend='complex'`. "
                  "Note that this changes the result for all negative arguments (which by default return 0).")


def _float64(x):
    """x on the device as float64, SciPy's result type for these functions."""
    x = x if isinstance(x, ndarray) else asarray(x)
    return x if x.dtype == numpy.float64 else x.astype(numpy.float64)


def _check_extend(extend, exact):
    if extend not in ("zero", "complex"):
        raise ValueError(f"argument `extend` must be either 'zero' or 'complex', received: {extend}")
    if exact and extend == "complex":
        raise ValueError("Incompatible options: `exact=True` and `extend='complex'`")


def _dtype_of(n):
    """n's dtype without copying device data; TypeError-free for Python scalars and lists."""
    if isinstance(n, ndarray):
        return n.dtype
    if isinstance(n, bool):
        return numpy.dtype(bool)
    return numpy.asarray(n).dtype


def _size(n):
    """The number of elements of n, without copying device data."""
    return n.size if isinstance(n, ndarray) else numpy.size(n)


def _exact(n, fn, name):
    """fn over host integers, as SciPy's exact=True: a Python int for a Python
    int, else an int64 array where every value fits and an object array where not."""
    dt = _dtype_of(n)
    if dt.kind not in "iu" or isinstance(n, bool):
        raise ValueError(f"`exact=True` only supports integers, cannot use data type {type(n) if numpy.isscalar(n) else dt}")
    if isinstance(n, int):
        return fn(n)
    host = asnumpy(n) if isinstance(n, ndarray) else numpy.asarray(n)
    values = [fn(int(v)) for v in host.ravel()]
    fits = all(v <= _INT64_MAX for v in values)
    out = numpy.empty(host.shape, dtype=numpy.int64 if fits else object)
    out.reshape(-1)[:] = values
    return out


def _host_scalar(v):
    return asnumpy(v) if isinstance(v, ndarray) else numpy.asarray(v)


def _exact_pair(N, k, squeeze):
    """N and k as Python ints for comb/perm with exact=True. As SciPy: comb
    takes scalars and 0-d arrays (TypeError for others); perm also size-1
    arrays (ValueError for others)."""
    n_host, k_host = _host_scalar(N), _host_scalar(k)
    if squeeze:
        n_host, k_host = n_host.squeeze(), k_host.squeeze()
        if n_host.ndim or k_host.ndim:
            raise ValueError("`N` and `k` must be scalar integers with `exact=True`.")
    elif n_host.ndim or k_host.ndim:
        raise TypeError("only 0-dimensional arrays can be converted to Python scalars")
    n_value, k_value = n_host.item(), k_host.item()
    if int(n_value) != n_value or int(k_value) != k_value:
        raise ValueError("Non-integer `N` and `k` with `exact=True` is not supported.")
    return int(n_value), int(k_value)


def comb(N, k, *, exact=False, repetition=False):
    """The number of combinations of `N` things taken `k` at a time.

    Parameters
    ----------
    N, k : int or array_like
        Numbers of things and of elements taken.
    exact : bool, optional
        With True, a Python integer computed exactly on the host (scalars
        only, as SciPy); else float64 on the device.
    repetition : bool, optional
        Count combinations with repetition, ``comb(N + k - 1, k)``.

    Returns
    -------
    val : ndarray or int
        float64: 0 where ``k > N``, ``N < 0`` or ``k < 0`` (and for NaN); with
        `repetition`, SciPy's ``binom(N + k - 1, k)`` (NaN where ``N + k - 1``
        is a negative integer, 1 where ``k == 0`` and ``N >= 0``).

    Raises
    ------
    TypeError
        For exact=True with arrays that are not 0-d.
    ValueError
        For exact=True with non-integer `N` or `k`.

    Notes
    -----
    The float form is ``1 / ((N + 1) beta(N - k + 1, k + 1))`` through the
    device's beta.

    See Also
    --------
    perm, factorial

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import comb
    >>> comb(xp.array([10.0]), xp.array([3.0])).tolist()  # doctest: +ELLIPSIS
    [120.0...]
    >>> comb(10, 3, exact=True)
    120
    """
    if exact:
        n, kk = _exact_pair(N, k, squeeze=False)
        if repetition:
            n = n + kk - 1
            if kk == 0:
                return 1  # SciPy's: one way to choose nothing, even from nothing
        return math.comb(n, kk) if 0 <= kk <= n else 0
    N, k = _float64(N), _float64(k)
    if repetition:
        # SciPy's: binom(N + k - 1, k), NaN where N + k - 1 is a negative integer, 1 for k = 0 and
        # N >= 0, and no zeroing elsewhere (comb(-2, 3, repetition=True) is binom(0, 3) = 0).
        n = N + k - 1
        val = where(logical_and(n < 0, floor(n) == n), numpy.nan, _binom(n, k))
        return where(logical_and(k == 0, N >= 0), 1.0, val)
    # 0 unless k <= N, N >= 0 and k >= 0 all hold (so 0 for NaN, as SciPy)
    return where(_in_range(N, k), _binom(N, k), 0.0)


def _binom(n, k):
    """The binomial coefficient of real n and k, 1 / ((n + 1) B(n - k + 1, k + 1))."""
    return 1.0 / ((n + 1) * _beta(n - k + 1, k + 1))


def _in_range(N, k):
    return logical_and(logical_and(k <= N, N >= 0), k >= 0)


def perm(N, k, exact=False):
    """The number of permutations of `N` things taken `k` at a time, ``N! / (N - k)!``.

    Parameters
    ----------
    N, k : int or array_like
        Numbers of things and of elements taken.
    exact : bool, optional
        With True, a Python integer computed exactly on the host (scalars
        only, as SciPy); else float64 on the device.

    Returns
    -------
    val : ndarray or int
        0 where ``k > N``, ``N < 0`` or ``k < 0`` (and for NaN, as SciPy); float64.

    Raises
    ------
    ValueError
        For exact=True with non-integer `N` or `k`, or arrays of more than one element.

    See Also
    --------
    comb, factorial

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import perm
    >>> perm(xp.array([10.0]), xp.array([3.0])).tolist()
    [720.0]
    >>> perm(10, 3, exact=True)
    720
    """
    if exact:
        n, kk = _exact_pair(N, k, squeeze=True)
        return math.perm(n, kk) if 0 <= kk <= n else 0
    N, k = _float64(N), _float64(k)
    return where(_in_range(N, k), _poch(N - k + 1, k), 0.0)  # 0 for NaN too, as SciPy


def factorial(n, exact=False, extend="zero"):
    """The factorial ``n!``, ``gamma(n + 1)``.

    Parameters
    ----------
    n : int or array_like
        Input values; negative ones give 0 (with extend='zero').
    exact : bool, optional
        With True, computed exactly on the host from integer input, as
        SciPy: a Python int for an int, an int64 array where every value
        fits and an object array of Python ints where not.
    extend : {'zero', 'complex'}, optional
        'zero' gives 0 for negative `n`; 'complex' extends by
        ``gamma(n + 1)`` there too, NaN at the poles (real input only on the GPU).

    Returns
    -------
    nf : ndarray or int
        The factorials, float64 unless `exact`.

    Raises
    ------
    ValueError
        For exact=True with non-integer input or with extend='complex', for
        an unknown `extend`, or for bool input.

    See Also
    --------
    factorial2, comb

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import factorial
    >>> factorial(xp.array([3.0, 5.0])).tolist()
    [6.0, 120.0]
    >>> factorial(20, exact=True)
    2432902008176640000
    """
    _check_extend(extend, exact)
    if exact:
        return _exact(n, lambda v: math.factorial(v) if v >= 0 else 0, "factorial")
    if _dtype_of(n).kind not in "iuf":
        raise ValueError(f"Unsupported data type for `n` in factorial: {_dtype_of(n)}")
    if _size(n) == 0:
        return n if isinstance(n, ndarray) else asarray(n)  # SciPy returns an empty array as given, dtype and all
    n = _float64(n)
    if extend == "complex":
        return where(n == -1, numpy.nan, _gamma(n + 1))  # SciPy's: NaN at the pole -1, not gamma(0) = inf
    return where(n < 0, 0.0, _gamma(n + 1))


def factorial2(n, exact=False, extend="zero"):
    """The double factorial ``n!! = n (n - 2) (n - 4) ...``.

    Parameters
    ----------
    n : int or array_like
        Integer input (any real with extend='complex'); negative values
        give 0 with extend='zero'.
    exact : bool, optional
        With True, computed exactly on the host, as `factorial` does.
    extend : {'zero', 'complex'}, optional
        'complex' evaluates SciPy's extension
        ``sqrt(2/pi) 2**(n/2) gamma(n/2 + 1)`` everywhere (which differs from
        ``n!!`` by ``sqrt(2/pi)`` at even integers).

    Returns
    -------
    nff : ndarray or int
        The double factorials, float64 unless `exact`.

    Raises
    ------
    ValueError
        For non-integer input without extend='complex', for exact=True with
        non-integer input or with extend='complex', or an unknown `extend`.

    Notes
    -----
    The float form is ``2**(n/2) gamma(n/2 + 1)`` for even `n` and
    ``2**((n+1)/2) gamma(n/2 + 1) / sqrt(pi)`` for odd `n`.

    See Also
    --------
    factorial

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import factorial2
    >>> factorial2(xp.array([7, 6])).round(6).tolist()
    [105.0, 48.0]
    >>> factorial2(7, exact=True)
    105
    """
    _check_extend(extend, exact)
    if exact:
        return _exact(n, lambda v: math.prod(range(v, 0, -2)) if v >= 0 else 0, "factorial2")
    kind = _dtype_of(n).kind
    if extend == "zero" and kind not in "iu":
        raise ValueError(_NEEDS_COMPLEX)
    if _size(n) == 0:
        return n if isinstance(n, ndarray) else asarray(n)
    n = _float64(n)
    # sqrt(2/pi) 2**(n/2) gamma(n/2 + 1): n!! at odd n, and SciPy's complex extension
    # (rescaled by sqrt(2/pi) at even n); 2**(n/2) gamma(n/2 + 1) at even n.
    extended = exp2(n / 2) * _gamma(n / 2 + 1)
    if extend == "complex":
        return where(n == -2, numpy.nan, extended * sqrt(2 / numpy.pi))  # NaN at the pole, as SciPy
    odd = n - 2 * floor(n / 2) == 1
    return where(n < 0, 0.0, where(odd, extended * sqrt(2 / numpy.pi), extended))


def factorialk(n, k, exact=False, extend="zero"):
    """The multifactorial ``n!(k) = n (n - k) (n - 2k) ...`` (down to a factor in 1..k).

    Parameters
    ----------
    n : int or array_like
        Integer input (any real with extend='complex'); negative values give 0 with extend='zero'.
    k : int
        The step, a positive integer (a positive number with extend='complex').
    exact : bool, optional
        With True, computed exactly on the host, as `factorial` does.
    extend : {'zero', 'complex'}, optional
        'complex' evaluates SciPy's extension ``k**((n-1)/k) gamma(n/k + 1) / gamma(1/k + 1)`` everywhere
        (equal to ``n!(k)`` where ``n % k == 1``).

    Returns
    -------
    nfk : ndarray or int
        The multifactorials, float64 unless `exact`.

    Raises
    ------
    ValueError
        For a `k` that is not a positive integer (with extend='zero'), non-integer `n` without
        extend='complex', exact=True with non-integer `n` or with extend='complex', or an unknown `extend`.

    Notes
    -----
    The float form: with ``r = (n - 1) % k + 1``, ``n!(k) = k**((n - r)/k + 1) gamma(n/k + 1) / gamma(r/k)``.

    See Also
    --------
    factorial, factorial2

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.special import factorialk
    >>> factorialk(xp.array([5, 7, 10]), 3).round(6).tolist()
    [10.0, 28.0, 280.0]
    >>> factorialk(10, 3, exact=True)
    280
    """
    _check_extend(extend, exact)
    if extend == "zero" and not (isinstance(k, (int, numpy.integer)) and not isinstance(k, bool) and k > 0):
        raise ValueError(f"For `extend='zero'`, k must be a positive integer, received: {k}")
    if extend == "complex" and not (numpy.ndim(k) == 0 and k > 0):
        raise ValueError(f"For `extend='complex'`, k must be a positive number, received: {k}")
    if exact:
        return _exact(n, lambda v: math.prod(range(v, 0, -int(k))) if v >= 0 else 0, "factorialk")
    kind = _dtype_of(n).kind
    if extend == "zero" and kind not in "iu":
        raise ValueError(_NEEDS_COMPLEX)
    n = _float64(n)
    k = float(k)
    if extend == "complex":
        return power(k, (n - 1) / k) * _gamma(n / k + 1) / math.gamma(1 / k + 1)
    r = remainder(n - 1, k) + 1  # the last factor, in 1..k
    value = power(k, (n - r) / k + 1) * _gamma(n / k + 1) / _gamma(r / k)
    return where(n < 0, 0.0, where(n == 0, 1.0, value))
