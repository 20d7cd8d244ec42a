# SPDX-License-Identifier: BSD-3-Clause
"""The algebra of power series (numpy.polynomial.polynomial's polyadd,
polysub, polymulx, polymul, polydiv, polypow, polyline, polyfromroots) on
device arrays, coefficients lowest power first.

NumPy's algorithms over gpuarray operations. As NumPy's, every series goes
through `as_series`, which trims trailing zeros, and results are trimmed
again: each trim reads one integer back (Note in polyutils.py)."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import ones, zeros
from gpuarray._array_manipulation.joining import concatenate, stack
from gpuarray._core import ndarray
from gpuarray._math.correlation import convolve
from gpuarray._sorting_searching.sorting import sort
from gpuarray.polynomial.polyutils import as_series, trimseq

__all__ = ["polyline", "polyadd", "polysub", "polymulx", "polymul", "polydiv", "polypow", "polyfromroots"]


def polyline(off, scl):
    """Returns an array representing a linear polynomial.

    Parameters
    ----------
    off, scl : scalar
        The constant term and the slope.

    Returns
    -------
    y : ndarray
        ``[off, scl]``, or ``[off]`` when `scl` is zero.

    Notes
    -----
    A device `scl` is compared with zero on the host (the length depends on
    it), which waits for the device.

    See Also
    --------
    polyfromroots

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polyline(1, -1)
    array([ 1, -1])
    >>> P.polyline(2.5, 0)
    array([2.5])
    """
    if not isinstance(off, ndarray) and not isinstance(scl, ndarray):
        return asarray(numpy.array([off, scl]) if scl != 0 else numpy.array([off]))
    if scl != 0:
        return stack([asarray(off), asarray(scl)])
    return asarray(off).reshape(1)


def _padded_to(c, length):
    return c if len(c) == length else concatenate((c, zeros(length - len(c), c.dtype)))


def polyadd(c1, c2):
    """Add one polynomial to another.

    Parameters
    ----------
    c1, c2 : array_like
        1-D coefficient series, lowest power first.

    Returns
    -------
    out : ndarray
        The coefficients of the sum, trailing zeros removed.

    Notes
    -----
    Trimming the inputs and the sum reads three integers back.

    See Also
    --------
    polysub, polymul, polydiv, polypow

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polyadd(xp.array([1.0, 2.0, 3.0]), xp.array([3.0, 2.0, 1.0]))
    array([4., 4., 4.])
    >>> P.polyadd([1, 2], [0, 0, -3.0])
    array([ 1.,  2., -3.])
    """
    [c1, c2] = as_series([c1, c2])
    length = max(len(c1), len(c2))
    return trimseq(_padded_to(c1, length) + _padded_to(c2, length))


def polysub(c1, c2):
    """Subtract one polynomial from another.

    Parameters
    ----------
    c1, c2 : array_like
        1-D coefficient series, lowest power first.

    Returns
    -------
    out : ndarray
        The coefficients of ``c1 - c2``, trailing zeros removed.

    Notes
    -----
    Trimming the inputs and the difference reads three integers back.

    See Also
    --------
    polyadd, polymul, polydiv, polypow

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polysub(xp.array([1.0, 2.0, 3.0]), xp.array([3.0, 2.0, 1.0]))
    array([-2.,  0.,  2.])
    >>> P.polysub([1.0, 2.0, 3.0], [1.0, 2.0, 3.0])
    array([0.])
    """
    [c1, c2] = as_series([c1, c2])
    length = max(len(c1), len(c2))
    return trimseq(_padded_to(c1, length) - _padded_to(c2, length))


def polymulx(c):
    """Multiply a polynomial by x.

    Parameters
    ----------
    c : array_like
        1-D coefficient series, lowest power first.

    Returns
    -------
    out : ndarray
        The coefficients of ``x * c``: `c` shifted up one power (the zero
        polynomial stays ``[0]``).

    Notes
    -----
    Only a one-coefficient `c` is compared with zero on the host.

    See Also
    --------
    polymul, polyadd

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polymulx(xp.array([1.0, 2.0, 3.0]))
    array([0., 1., 2., 3.])
    >>> P.polymulx([0])
    array([0.])
    """
    [c] = as_series([c])
    if len(c) == 1 and bool(c[0] == 0):
        return c
    return concatenate((c[:1] * 0, c))


def polymul(c1, c2):
    """Multiply one polynomial by another.

    Parameters
    ----------
    c1, c2 : array_like
        1-D coefficient series, lowest power first.

    Returns
    -------
    out : ndarray
        The coefficients of the product, trailing zeros removed.

    Notes
    -----
    `convolve`'s direct sums on the device; trimming reads three integers.

    See Also
    --------
    polyadd, polysub, polydiv, polypow

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polymul(xp.array([1.0, 2.0, 3.0]), xp.array([3.0, 2.0, 1.0]))
    array([ 3.,  8., 14.,  8.,  3.])
    >>> P.polymul([1, 1], [-1, 1])
    array([-1.,  0.,  1.])
    """
    [c1, c2] = as_series([c1, c2])
    return trimseq(convolve(c1, c2))


def polydiv(c1, c2):
    """Divide one polynomial by another.

    Parameters
    ----------
    c1, c2 : array_like
        1-D coefficient series, lowest power first: dividend and divisor.

    Returns
    -------
    quo, rem : ndarray
        The quotient and the remainder (trailing zeros removed).

    Raises
    ------
    ZeroDivisionError
        If `c2` is the zero polynomial.

    Notes
    -----
    NumPy's long division: one small kernel per quotient coefficient. The
    divisor's leading coefficient is compared with zero on the host.

    See Also
    --------
    polymul, polyadd, polysub, polypow

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polydiv(xp.array([1.0, 2.0, 3.0]), xp.array([3.0, 2.0, 1.0]))
    (array([3.]), array([-8., -4.]))
    >>> P.polydiv([2.0, 3.0, 1.0], [1.0, 1.0])
    (array([2., 1.]), array([0.]))
    """
    [c1, c2] = as_series([c1, c2])
    if bool(c2[-1] == 0):
        raise ZeroDivisionError
    n1, n2 = len(c1), len(c2)
    if n1 < n2:
        return c1[:1] * 0, c1
    if n2 == 1:
        return c1 / c2[-1], c1[:1] * 0
    scale = c2[-1]
    c2 = c2[:-1] / scale
    i, j = n1 - n2, n1 - 1
    while i >= 0:  # the remainder's top coefficient, times the divisor, leaves it
        c1[i:j] -= c2 * c1[j]
        i -= 1
        j -= 1
    return c1[j + 1:] / scale, trimseq(c1[:j + 1])


def polypow(c, pow, maxpower=None):
    """Raise a polynomial to a power.

    Parameters
    ----------
    c : array_like
        1-D coefficient series, lowest power first.
    pow : int
        The non-negative power.
    maxpower : int, optional
        The largest power allowed (default: no limit).

    Returns
    -------
    coef : ndarray
        The coefficients of ``c ** pow`` (``[1]`` for power 0).

    Raises
    ------
    ValueError
        If `pow` is not a non-negative integer or exceeds `maxpower`.

    Notes
    -----
    ``pow - 1`` convolutions on the device, as NumPy's (no trimming between).

    See Also
    --------
    polymul, polyadd

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polypow(xp.array([1.0, 2.0, 3.0]), 2)
    array([ 1.,  4., 10., 12.,  9.])
    >>> P.polypow([1, 1], 0)
    array([1.])
    """
    [c] = as_series([c])
    power = int(pow)
    if power != pow or power < 0:
        raise ValueError("Power must be a non-negative integer.")
    if maxpower is not None and power > maxpower:
        raise ValueError("Power is too large")
    if power == 0:
        return ones(1, c.dtype)
    product = c
    for _ in range(power - 1):
        product = convolve(product, c)
    return product


def polyfromroots(roots):
    """Generate a monic polynomial with given roots.

    Parameters
    ----------
    roots : array_like
        1-D sequence of roots.

    Returns
    -------
    out : ndarray
        The coefficients, lowest power first, of ``prod(x - root)``; ``[1.]``
        for no roots. float64 for real roots (float16 and float32 included)
        and complex128 for complex ones, even in conjugate pairs, as NumPy's.

    Notes
    -----
    NumPy's method: the roots sorted, the linear factors multiplied pairwise
    in a balanced tree (``len(roots) - 1`` convolutions), which keeps the
    rounding close to NumPy's. The product of monic factors stays monic, so
    no trim (and no read back) is needed.

    See Also
    --------
    polyroots, polyvalfromroots, polyline

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polyfromroots(xp.array([-1.0, 0.0, 1.0]))
    array([ 0., -1.,  0.,  1.])
    >>> P.polyfromroots([])
    array([1.])
    """
    if len(roots) == 0:
        return ones(1)
    [roots] = as_series([roots], trim=False)
    # NumPy's factors are np.array([-root, 1]): the Python int 1 makes them
    # at least float64 (complex128), whatever the roots' precision.
    dtype = numpy.promote_types(roots.dtype, numpy.int64)
    roots = sort(roots).astype(dtype, copy=False)
    factors = stack([-roots, ones(len(roots), dtype)], axis=1)
    series = [factors[i] for i in range(len(roots))]
    while len(series) > 1:
        half, odd = divmod(len(series), 2)
        paired = [convolve(series[i], series[i + half]) for i in range(half)]
        if odd:
            paired[0] = convolve(paired[0], series[-1])
        series = paired
    return series[0].copy()
