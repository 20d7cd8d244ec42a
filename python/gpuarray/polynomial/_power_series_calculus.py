# SPDX-License-Identifier: BSD-3-Clause
"""Evaluating, differentiating and integrating power series
(numpy.polynomial.polynomial's polyval and its 2-D/3-D and grid forms,
polyvalfromroots, polyder, polyint) on device arrays, coefficients lowest
power first along the first axis.

NumPy's algorithms: Horner's rule (two elementwise kernels per coefficient),
derivatives and integrals as one elementwise product or quotient with the
powers per order. Nothing here reads the device, except polyint of a
one-coefficient series (NumPy asks whether it is zero)."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray._array_creation.from_data import array, asarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.axes import moveaxis
from gpuarray._core import ndarray
from gpuarray._reduction.reductions import prod

__all__ = ["polyval", "polyvalfromroots", "polyval2d", "polyval3d", "polygrid2d", "polygrid3d", "polyder", "polyint"]

_INTEGER_CODES = "?bBhHiIlLqQpP"


def _as_int(x, desc):
    """operator.index(x), with NumPy's message for what is not an integer."""
    try:
        return operator.index(x)
    except TypeError as e:
        raise TypeError(f"{desc} must be an integer, received {x}") from e


def _coefficients(c):
    """`c` as a device array with at least one axis, integers and booleans
    as float64 (a copy where `copy`)."""
    c = asarray(c)
    c = c.reshape(1) if c.ndim == 0 else c
    return c + 0.0 if c.dtype.char in _INTEGER_CODES else c


def _powers(n, dtype, start=1):
    """[start, ..., start + n - 1] in `dtype`, shaped to multiply the first axis."""
    return arange(start, start + n).astype(dtype)


def polyval(x, c, tensor=True):
    """Evaluate a polynomial at points x.

    ``c[0] + c[1] * x + ... + c[n] * x**n`` by Horner's rule.

    Parameters
    ----------
    x : array_like or scalar
        The points. Lists, tuples and host arrays are copied to the device;
        a Python or NumPy scalar stays a scalar.
    c : array_like
        Coefficients, lowest power first along the first axis; more axes
        hold more polynomials.
    tensor : bool, optional
        If True (default), each polynomial of `c` is evaluated at every
        point: the result's shape is ``c.shape[1:] + x.shape``. If False,
        `x` broadcasts against ``c.shape[1:]``.

    Returns
    -------
    values : ndarray
        The values (integer coefficients count as float64).

    See Also
    --------
    polyval2d, polygrid2d, polyval3d, polygrid3d, polyvalfromroots

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polyval(xp.array([1.0, 2.0]), [1, 2, 3])
    array([ 6., 17.])
    >>> P.polyval(xp.array([1.0, 2.0]), xp.array([[1.0, 2.0], [3.0, 4.0]]))
    array([[ 4.,  7.],
           [ 6., 10.]])
    """
    c = _coefficients(c)
    if isinstance(x, (tuple, list, numpy.ndarray)):
        x = asarray(x)
    if isinstance(x, ndarray) and tensor:
        c = c.reshape(c.shape + (1,) * x.ndim)
    value = c[-1] + x * 0
    for i in range(2, len(c) + 1):
        value = c[-i] + value * x
    return value


def polyvalfromroots(x, r, tensor=True):
    """Evaluate a polynomial specified by its roots at points x.

    ``prod(x - r, axis=0)``: the monic polynomial with roots `r`.

    Parameters
    ----------
    x : array_like or scalar
        The points (lists, tuples and host arrays are copied to the device).
    r : array_like
        Roots along the first axis; more axes hold more polynomials.
    tensor : bool, optional
        If True (default), each polynomial is evaluated at every point; if
        False, `x` broadcasts against ``r.shape[1:]``.

    Returns
    -------
    values : ndarray
        The values (integer roots count as float64).

    Raises
    ------
    ValueError
        If `tensor` is False and ``x.ndim >= r.ndim``.

    See Also
    --------
    polyval, polyfromroots, polyroots

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polyvalfromroots(xp.array([0.0, 2.0, 3.0]), [1, 2])
    array([2., 0., 2.])
    >>> P.polyvalfromroots(2.0, xp.array([[1.0, 2.0], [3.0, 4.0]]))  # (2 - 2) * (2 - 4) is -0.0
    array([-1., -0.])
    """
    r = asarray(r)
    r = r.reshape(1) if r.ndim == 0 else r
    if r.dtype.char in _INTEGER_CODES:
        r = r.astype(numpy.float64)
    if isinstance(x, (tuple, list, numpy.ndarray)):
        x = asarray(x)
    if isinstance(x, ndarray):
        if tensor:
            r = r.reshape(r.shape + (1,) * x.ndim)
        elif x.ndim >= r.ndim:
            raise ValueError("x.ndim must be < r.ndim when tensor == False")
    return prod(x - r, axis=0)


def _points(args):
    """The coordinate arrays of polyval2d/3d, which must have one shape."""
    args = [asarray(a) for a in args]
    if any(a.shape != args[0].shape for a in args[1:]):
        raise ValueError({2: "x, y are incompatible", 3: "x, y, z are incompatible"}[len(args)])
    return args


def polyval2d(x, y, c):
    """Evaluate a 2-D polynomial at points (x, y).

    ``sum(c[i, j] * x**i * y**j)`` at each pair ``(x[k], y[k])``.

    Parameters
    ----------
    x, y : array_like
        The coordinates, of one shape.
    c : array_like
        Coefficients: ``c[i, j]`` multiplies ``x**i * y**j``; more axes hold
        more polynomials.

    Returns
    -------
    values : ndarray
        Of shape ``c.shape[2:] + x.shape``.

    Raises
    ------
    ValueError
        If `x` and `y` have different shapes.

    See Also
    --------
    polyval, polygrid2d, polyval3d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> c = xp.array([[1.0, 2.0], [3.0, 4.0]])
    >>> P.polyval2d(xp.array([1.0, 2.0]), xp.array([1.0, 0.5]), c)
    array([10., 12.])
    >>> P.polyval2d(0.0, 0.0, c)
    array(1.)
    """
    x, y = _points((x, y))
    return polyval(y, polyval(x, c), tensor=False)


def polyval3d(x, y, z, c):
    """Evaluate a 3-D polynomial at points (x, y, z).

    ``sum(c[i, j, k] * x**i * y**j * z**k)`` at each point.

    Parameters
    ----------
    x, y, z : array_like
        The coordinates, of one shape.
    c : array_like
        Coefficients: ``c[i, j, k]`` multiplies ``x**i * y**j * z**k``.

    Returns
    -------
    values : ndarray
        Of shape ``c.shape[3:] + x.shape``.

    Raises
    ------
    ValueError
        If the coordinates have different shapes.

    See Also
    --------
    polyval, polyval2d, polygrid3d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> c = xp.arange(8.0).reshape(2, 2, 2)
    >>> P.polyval3d(xp.array([1.0]), xp.array([1.0]), xp.array([1.0]), c)
    array([28.])
    >>> P.polyval3d(0.0, 0.0, 2.0, c)
    array(2.)
    """
    x, y, z = _points((x, y, z))
    return polyval(z, polyval(y, polyval(x, c), tensor=False), tensor=False)


def polygrid2d(x, y, c):
    """Evaluate a 2-D polynomial on the Cartesian product of x and y.

    Parameters
    ----------
    x, y : array_like or scalar
        The coordinates of the grid's axes.
    c : array_like
        Coefficients: ``c[i, j]`` multiplies ``x**i * y**j``.

    Returns
    -------
    values : ndarray
        Of shape ``c.shape[2:] + x.shape + y.shape``.

    See Also
    --------
    polyval2d, polygrid3d, polyval

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> c = xp.array([[1.0, 2.0], [3.0, 4.0]])
    >>> P.polygrid2d(xp.array([0.0, 1.0]), xp.array([0.0, 1.0, 2.0]), c)
    array([[ 1.,  3.,  5.],
           [ 4., 10., 16.]])
    >>> P.polygrid2d(1.0, 1.0, c)
    array(10.)
    """
    return polyval(y, polyval(x, c))


def polygrid3d(x, y, z, c):
    """Evaluate a 3-D polynomial on the Cartesian product of x, y and z.

    Parameters
    ----------
    x, y, z : array_like or scalar
        The coordinates of the grid's axes.
    c : array_like
        Coefficients: ``c[i, j, k]`` multiplies ``x**i * y**j * z**k``.

    Returns
    -------
    values : ndarray
        Of shape ``c.shape[3:] + x.shape + y.shape + z.shape``.

    See Also
    --------
    polyval3d, polygrid2d, polyval

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> c = xp.arange(8.0).reshape(2, 2, 2)
    >>> P.polygrid3d(xp.array([0.0, 1.0]), xp.array([1.0]), xp.array([1.0]), c).ravel()
    array([ 6., 28.])
    >>> P.polygrid3d(0.0, 0.0, 0.0, c)
    array(0.)
    """
    return polyval(z, polyval(y, polyval(x, c)))


def _series_along_first_axis(c, axis):
    """A device copy of `c` (integers as float64) and its axis, moved first."""
    c = array(c, ndmin=1, copy=True)
    if c.dtype.char in _INTEGER_CODES:
        c = c + 0.0
    return c, normalize_axis_index(axis, c.ndim)


def polyder(c, m=1, scl=1, axis=0):
    """Differentiate a polynomial.

    Parameters
    ----------
    c : array_like
        Coefficients, lowest power first along `axis`.
    m : int, optional
        Order of the derivative (default 1).
    scl : scalar, optional
        Each differentiation also multiplies by `scl` (a change of variable).
    axis : int, optional
        The axis of the powers (default 0).

    Returns
    -------
    der : ndarray
        The coefficients of the derivative (``m`` fewer along `axis`, or one
        zero if the series is shorter); integer input counts as float64.

    Raises
    ------
    TypeError
        If `m` or `axis` is not an integer.
    ValueError
        If `m` is negative.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    One product with the powers per order, in the coefficients' dtype.

    See Also
    --------
    polyint, polyval

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polyder(xp.array([1.0, 2.0, 3.0, 4.0]))
    array([ 2.,  6., 12.])
    >>> P.polyder([1, 2, 3, 4], 2, scl=-1)
    array([ 6., 24.])
    """
    count = _as_int(m, "the order of derivation")
    axis = _as_int(axis, "the axis")
    if count < 0:
        raise ValueError("The order of derivation must be non-negative")
    c, axis = _series_along_first_axis(c, axis)
    if count == 0:
        return c
    c = moveaxis(c, axis, 0)
    n = len(c)
    if count >= n:
        c = c[:1] * 0
    else:
        for _ in range(count):
            n -= 1
            c *= scl
            c = c[1:] * _powers(n, c.dtype).reshape((n,) + (1,) * (c.ndim - 1))
    return moveaxis(c, 0, axis)


def polyint(c, m=1, k=[], lbnd=0, scl=1, axis=0):  # noqa: B006  (NumPy's signature; never mutated)
    """Integrate a polynomial.

    Parameters
    ----------
    c : array_like
        Coefficients, lowest power first along `axis`.
    m : int, optional
        Order of the integral (default 1).
    k : scalar or list, optional
        Integration constants, the first integral's first; missing ones are
        zero. The integral at `lbnd` is ``k[i]``.
    lbnd : scalar, optional
        The lower bound of the integrals (default 0).
    scl : scalar, optional
        Each integration's result is multiplied by `scl`.
    axis : int, optional
        The axis of the powers (default 0).

    Returns
    -------
    S : ndarray
        The coefficients of the integral (``m`` more along `axis`); integer
        input counts as float64.

    Raises
    ------
    TypeError
        If `m` or `axis` is not an integer.
    ValueError
        If `m` is negative, there are more than `m` constants, or `lbnd` or
        `scl` is not a scalar.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    One quotient by the powers and one polyval at `lbnd` per order. A
    one-coefficient series is first compared with zero on the host, as
    NumPy's (the zero polynomial integrates to the constant alone).

    See Also
    --------
    polyder, polyval

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polynomial as P
    >>> P.polyint(xp.array([1.0, 2.0, 3.0]))
    array([0., 1., 1., 1.])
    >>> P.polyint([1, 2, 3], k=1, lbnd=-1)  # x + x**2 + x**3 + 2 is 1 at x = -1
    array([2., 1., 1., 1.])
    """
    if not numpy.iterable(k):
        k = [k]
    count = _as_int(m, "the order of integration")
    axis = _as_int(axis, "the axis")
    if count < 0:
        raise ValueError("The order of integration must be non-negative")
    if len(k) > count:
        raise ValueError("Too many integration constants")
    if numpy.ndim(lbnd) != 0:
        raise ValueError("lbnd must be a scalar.")
    if numpy.ndim(scl) != 0:
        raise ValueError("scl must be a scalar.")
    c, axis = _series_along_first_axis(c, axis)
    if count == 0:
        return c
    k = list(k) + [0] * (count - len(k))
    c = moveaxis(c, axis, 0)
    for i in range(count):
        n = len(c)
        c *= scl
        if n == 1 and bool((c[0] == 0).all()):
            c[0] += k[i]
            continue
        integral = empty((n + 1,) + c.shape[1:], c.dtype)
        integral[0] = c[0] * 0
        integral[1:] = c / _powers(n, c.dtype).reshape((n,) + (1,) * (c.ndim - 1))
        integral[0] += k[i] - polyval(lbnd, integral)
        c = integral
    return moveaxis(c, 0, axis)
