# SPDX-License-Identifier: BSD-3-Clause
"""Named matrices of a given size: hadamard, hilbert, invhilbert, pascal,
invpascal, helmert, dft.

Note [Binomial matrices on the host]
invhilbert, pascal and invpascal are products and sums of binomial
coefficients. The device has no binomial (or log-gamma) function, so their
entries are computed on the host in exact integer arithmetic and uploaded:
float64 results are the exact values rounded once, within an ulp or so of
SciPy's floating binomials. That is O(n^2) host work (O(n^3) for the
symmetric invpascal, as in SciPy) and one upload. Where SciPy returns an
object array of Python integers (exact=True past int64/uint64), a device
array cannot hold the values: ValueError says so."""
import math

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import ones
from gpuarray._array_creation.ranges import arange
from gpuarray._matrix_building.matrices import diag, tri
from gpuarray._sorting_searching.searching import where
from gpuarray._ufunc.ufuncs import bitwise_and, bitwise_count, exp, sqrt

__all__ = ["dft", "hadamard", "helmert", "hilbert", "invhilbert", "invpascal", "pascal"]


def hadamard(n, dtype=int):
    """Construct an n x n Hadamard matrix (Sylvester's construction).

    Parameters
    ----------
    n : int
        The order: a power of 2.
    dtype : data-type, optional
        The result's dtype (default int, i.e. int64).

    Returns
    -------
    H : ndarray
        ``H[i, j] = (-1) ** popcount(i & j)``: +1 and -1 entries with
        ``H @ H.T == n * I``.

    Raises
    ------
    ValueError
        If `n` is not a positive power of 2.

    Notes
    -----
    Built elementwise on the device from the bit counts of ``i & j``, which
    equals SciPy's recursive construction.

    See Also
    --------
    helmert, dft

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import hadamard
    >>> hadamard(2, dtype=complex)
    array([[ 1.+0.j,  1.+0.j],
           [ 1.+0.j, -1.-0.j]])
    >>> hadamard(4)
    array([[ 1,  1,  1,  1],
           [ 1, -1,  1, -1],
           [ 1,  1, -1, -1],
           [ 1, -1, -1,  1]])
    """
    lg2 = 0 if n < 1 else int(math.log(n, 2))
    if 2 ** lg2 != n:
        raise ValueError("n must be a positive integer, and n must be a power of 2")
    size = 2 ** lg2
    k = arange(size, dtype=numpy.int64)
    odd = bitwise_count(bitwise_and(k[:, None], k[None, :])) % 2 == 1
    plus = ones((size, size), dtype=dtype)
    return where(odd, -plus, plus)  # negated ones, as SciPy's -H (complex -1 carries -0j)


def hilbert(n):
    """Create a Hilbert matrix of order n.

    Parameters
    ----------
    n : int
        The order.

    Returns
    -------
    h : ndarray
        float64, ``h[i, j] = 1 / (i + j + 1)``.

    Notes
    -----
    Built elementwise on the device; equal to SciPy's to the bit (both
    round ``1 / (i + j + 1)`` once). Its condition number grows like
    ``exp(3.5 n)``: a test matrix for ill-conditioned solvers.

    See Also
    --------
    invhilbert

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import hilbert
    >>> hilbert(3)
    array([[1.        , 0.5       , 0.33333333],
           [0.5       , 0.33333333, 0.25      ],
           [0.33333333, 0.25      , 0.2       ]])
    >>> hilbert(0).shape
    (0, 0)
    """
    k = arange(max(n, 0), dtype=numpy.float64)
    return 1.0 / (k[:, None] + k[None, :] + 1.0)


def _to_device(host, exact, limit_dtype, name):
    if exact:
        if any(abs(v) > numpy.iinfo(limit_dtype).max for v in host.flat):
            raise ValueError(f"{name} with exact=True holds integers past {numpy.dtype(limit_dtype)} for this n, which "
                             "a device array cannot hold (SciPy returns an object array of Python integers); use "
                             "exact=False for float64")
        return asarray(numpy.array(host.tolist(), dtype=limit_dtype).reshape(host.shape))
    return asarray(numpy.array([float(v) for v in host.flat], dtype=numpy.float64).reshape(host.shape))


def invhilbert(n, exact=False):
    """Compute the inverse of the Hilbert matrix of order n.

    Parameters
    ----------
    n : int
        The order.
    exact : bool, optional
        False (default): float64 entries. True: int64 entries, exact; only
        for ``n <= 14``, past which they exceed int64 (SciPy then returns
        an object array).

    Returns
    -------
    invh : ndarray
        The inverse of ``hilbert(n)``, whose entries are integers:
        ``(-1)**(i+j) (i+j+1) C(n+i, n-j-1) C(n+j, n-i-1) C(i+j, i)**2``.

    Raises
    ------
    ValueError
        If `exact` is True and ``n > 14``.

    Notes
    -----
    Computed on the host in exact integer arithmetic and uploaded (Note
    [Binomial matrices on the host]); float64 entries are the exact ones
    rounded once, within an ulp or so of SciPy's.

    See Also
    --------
    hilbert

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import invhilbert
    >>> invhilbert(3)
    array([[   9.,  -36.,   30.],
           [ -36.,  192., -180.],
           [  30., -180.,  180.]])
    >>> invhilbert(4, exact=True)[0]
    array([  16, -120,  240, -140])
    """
    return _to_device(invhilbert_entries(max(int(n), 0)), exact, numpy.int64, "invhilbert")


def invhilbert_entries(n):
    """The inverse Hilbert matrix of order n as Python integers (host)."""
    host = numpy.empty((n, n), dtype=object)
    for i in range(n):
        for j in range(i + 1):
            s = i + j
            value = (-1) ** s * (s + 1) * math.comb(n + i, n - j - 1) * math.comb(n + j, n - i - 1) * math.comb(s, i) ** 2
            host[i, j] = host[j, i] = value
    return host


def _pascal_lower(n):
    host = numpy.zeros((n, n), dtype=object)
    for i in range(n):
        for j in range(i + 1):
            host[i, j] = math.comb(i, j)
    return host


def pascal(n, kind="symmetric", exact=True):
    """Return the n x n Pascal matrix.

    Parameters
    ----------
    n : int
        The order.
    kind : {'symmetric', 'lower', 'upper'}, optional
        'symmetric' (default): ``P[i, j] = C(i + j, i)``; 'lower': ``C(i,
        j)``; 'upper': its transpose.
    exact : bool, optional
        True (default): uint64 entries, exact (only for ``n <= 34``, past
        which SciPy returns an object array); False: float64.

    Returns
    -------
    p : ndarray
        The Pascal matrix.

    Raises
    ------
    ValueError
        If `kind` is not one of the above, or `exact` is True and ``n >= 35``.

    Notes
    -----
    Computed on the host in exact integer arithmetic and uploaded (Note
    [Binomial matrices on the host]).

    See Also
    --------
    invpascal

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import pascal
    >>> pascal(4)
    array([[ 1,  1,  1,  1],
           [ 1,  2,  3,  4],
           [ 1,  3,  6, 10],
           [ 1,  4, 10, 20]], dtype=uint64)
    >>> pascal(3, kind='lower', exact=False)
    array([[1., 0., 0.],
           [1., 1., 0.],
           [1., 2., 1.]])
    """
    if kind not in ("symmetric", "lower", "upper"):
        raise ValueError("kind must be 'symmetric', 'lower', or 'upper'")
    n = max(int(n), 0)
    if exact and n >= 35:
        raise ValueError("pascal with exact=True and n >= 35 holds integers past uint64, which a device array cannot "
                         "hold (SciPy returns an object array of Python integers); use exact=False for float64")
    return _to_device(pascal_entries(n, kind), exact, numpy.uint64, "pascal")


def pascal_entries(n, kind):
    """The Pascal matrix of order n and `kind` as Python integers (host)."""
    if kind == "symmetric":
        host = numpy.empty((n, n), dtype=object)
        for i in range(n):
            for j in range(n):
                host[i, j] = math.comb(i + j, i)
        return host
    host = _pascal_lower(n)
    return host if kind == "lower" else host.T.copy()


def invpascal(n, kind="symmetric", exact=True):
    """Return the inverse of the n x n Pascal matrix.

    Parameters
    ----------
    n : int
        The order.
    kind : {'symmetric', 'lower', 'upper'}, optional
        Which Pascal matrix to invert (see `pascal`).
    exact : bool, optional
        True (default): int64 entries, exact (only for ``n <= 34``, past
        which SciPy returns an object array); False: float64.

    Returns
    -------
    invp : ndarray
        The inverse, whose entries are integers.

    Raises
    ------
    ValueError
        If `kind` is not one of the above, or `exact` is True and the
        entries exceed int64.

    Notes
    -----
    Computed on the host in exact integer arithmetic and uploaded (Note
    [Binomial matrices on the host]): ``(-1)**(i-j) sum_k C(i+k, k) C(i+k,
    i+k-j)`` for the symmetric kind, the Pascal matrix with alternating
    signs on its diagonals for the triangular ones.

    See Also
    --------
    pascal

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import invpascal
    >>> invpascal(4)
    array([[  4,  -6,   4,  -1],
           [ -6,  14, -11,   3],
           [  4, -11,  10,  -3],
           [ -1,   3,  -3,   1]])
    >>> invpascal(3, kind='lower', exact=False)
    array([[ 1.,  0.,  0.],
           [-1.,  1.,  0.],
           [ 1., -2.,  1.]])
    """
    if kind not in ("symmetric", "lower", "upper"):
        raise ValueError("'kind' must be 'symmetric', 'lower' or 'upper'.")
    return _to_device(invpascal_entries(max(int(n), 0), kind), exact, numpy.int64, "invpascal")


def invpascal_entries(n, kind):
    """The inverse Pascal matrix of order n and `kind` as Python integers (host)."""
    if kind == "symmetric":
        host = numpy.empty((n, n), dtype=object)
        for i in range(n):
            for j in range(i + 1):
                v = sum(math.comb(i + k, k) * math.comb(i + k, i + k - j) for k in range(n - i))
                host[i, j] = host[j, i] = (-1) ** (i - j) * v
        return host
    host = _pascal_lower(n)
    for i in range(n):
        for j in range(i + 1):
            host[i, j] *= (-1) ** (i - j)
    return host if kind == "lower" else host.T.copy()


def helmert(n, full=False):
    """Create a Helmert matrix of order n.

    Parameters
    ----------
    n : int
        The order, at least 1.
    full : bool, optional
        Return all n rows (default False: the ``n - 1`` rows below the
        first, the orthonormal contrasts).

    Returns
    -------
    M : ndarray
        float64, shape ``(n, n)`` or ``(n - 1, n)``, with orthonormal rows.

    Notes
    -----
    Built elementwise on the device.

    See Also
    --------
    hadamard, dft

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import helmert
    >>> helmert(3, full=True).round(6)
    array([[ 0.57735 ,  0.57735 ,  0.57735 ],
           [ 0.707107, -0.707107,  0.      ],
           [ 0.408248,  0.408248, -0.816497]])
    >>> helmert(5).shape
    (4, 5)
    """
    k = arange(n, dtype=numpy.float64)
    h = tri(n, k=-1) - diag(k)
    d = k * arange(1, n + 1, dtype=numpy.float64)
    h[0] = 1
    d[0] = n
    h = h / sqrt(d)[:, None]
    return h if full else h[1:]


def dft(n, scale=None):
    """Discrete Fourier transform matrix.

    Parameters
    ----------
    n : int
        The size.
    scale : {None, 'sqrtn', 'n'}, optional
        Divide the matrix by ``sqrt(n)`` ('sqrtn': unitary) or by n ('n');
        None (default) leaves it.

    Returns
    -------
    m : ndarray
        complex128, ``m[j, k] = exp(-2j pi j k / n)``: ``m @ x`` is
        ``fft(x)``.

    Raises
    ------
    ValueError
        If `scale` is not one of the above.

    Notes
    -----
    Built on the device from ``(j * k) % n`` in integers, so each entry is
    one complex exponential of an exact argument; SciPy raises each row's
    root of unity to successive powers, which differs in the last bits.

    See Also
    --------
    gpuarray.fft.fft

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import dft
    >>> dft(3).shape
    (3, 3)
    >>> xp.allclose(dft(8) @ xp.arange(8.0), xp.fft.fft(xp.arange(8.0)))
    True
    """
    if scale not in (None, "sqrtn", "n"):
        raise ValueError(f"scale must be None, 'sqrtn', or 'n'; {scale!r} is not valid.")
    k = arange(n, dtype=numpy.int64)
    turns = (k[:, None] * k[None, :]) % max(n, 1)
    m = exp((-2j * numpy.pi / max(n, 1)) * turns)
    if scale == "sqrtn":
        m = m / math.sqrt(n)
    elif scale == "n":
        m = m / n
    return m
