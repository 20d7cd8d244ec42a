# SPDX-License-Identifier: BSD-3-Clause
"""Comparisons of whole arrays: isclose (elementwise, within tolerances),
allclose, array_equal and array_equiv, with NumPy 2's signatures, result
dtypes and values. Each is a few ufunc calls; allclose, array_equal and
array_equiv reduce the result on the device and read one byte back (a
synchronization) to give a Python bool."""
import operator
import warnings

import numpy

from gpuarray import _core
from gpuarray._array_manipulation.broadcasting import broadcast_shapes
from gpuarray._base.dtypes import result_type
from gpuarray._core import ndarray
from gpuarray._ufunc.rounding import _asarray, _check, _is_python_scalar
from gpuarray._ufunc.ufuncs import (
    absolute, add, bitwise_and, bitwise_or, equal, isfinite, isnan, less_equal, multiply, subtract,
)

__all__ = ["isclose", "allclose", "array_equal", "array_equiv"]


def _all(mask):
    """A Python bool: the mask is reduced on the device, one byte comes back."""
    return bool(_core._reduce("all", mask, None, None, None, False, None, None, 0).get())


def _weak_or_ufunc(ufunc, op, *args):
    """`op` when every argument is a Python scalar (NumPy computes those in Python,
    so the result stays a weak scalar), the ufunc otherwise."""
    return op(*args) if all(map(_is_python_scalar, args)) else ufunc(*args)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Test elementwise whether two arrays are equal within a tolerance.

    `a` is close to `b` where ``absolute(a - b) <= atol + rtol * absolute(b)``
    and `b` is finite, or where ``a == b`` (so infinities are close only to
    themselves). NaNs are close to nothing unless `equal_nan` is True.

    Parameters
    ----------
    a, b : ndarray or scalar
        Values to compare (gpuarray arrays, or Python or NumPy scalars); they
        must broadcast together.
    rtol : float or ndarray, optional
        Relative tolerance, scaled by ``absolute(b)`` (default 1e-05).
    atol : float or ndarray, optional
        Absolute tolerance (default 1e-08).
    equal_nan : bool, optional
        If True, a NaN in `a` is close to a NaN in `b` (default False).

    Returns
    -------
    y : ndarray of bool
        Whether `a` and `b` are close, elementwise, in their broadcast shape.
        Scalar arguments give a 0-d device array (NumPy returns a scalar).

    Raises
    ------
    TypeError
        If an argument is a list or a NumPy array.
    FloatingPointError
        If `rtol` or `atol` is not finite and ``numpy.seterr(invalid='raise')``
        is in force.

    Warns
    -----
    RuntimeWarning
        If `rtol` or `atol` is not finite and ``invalid='warn'`` (NumPy's
        default) is in force.

    Notes
    -----
    The test is not symmetric in `a` and `b`. As in NumPy 2, `b` is made
    inexact (``result_type(b, 1.0)``) and sets the precision of the test;
    `a` is left as it is. Each arithmetic step and comparison is one kernel
    (about ten in all); nothing is read back to the host. Tolerances given
    as device arrays are not checked for being finite, since that would need
    a reduction.

    See Also
    --------
    allclose, array_equal, equal

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.isclose(xp.array([1e10, 1e-7]), xp.array([1.00001e10, 1e-8]))
    array([ True, False])
    >>> xp.isclose(xp.array([1e-8, 1e-7]), xp.array([0.0, 0.0]))
    array([ True, False])
    >>> x = xp.array([1.0, xp.nan])
    >>> xp.isclose(x, x)
    array([ True, False])
    >>> xp.isclose(x, x, equal_nan=True)
    array([ True,  True])
    """
    x, y, atol, rtol = map(_check, (a, b, atol, rtol))
    if isinstance(y, (ndarray, numpy.generic)):
        y = y.astype(result_type(y, 1.0), copy=False)
    elif isinstance(y, int):
        y = float(y)
    # NumPy's check of the tolerances, honouring numpy.seterr(invalid=...);
    # tolerances given as device arrays are not checked (it would need a reduction).
    if not all(numpy.isfinite(t) for t in (atol, rtol) if not isinstance(t, ndarray)):
        message, mode = f"One of rtol or atol is not valid, atol: {atol}, rtol: {rtol}", numpy.geterr()["invalid"]
        if mode == "raise":
            raise FloatingPointError(message)
        if mode == "warn":
            warnings.warn(message, RuntimeWarning, stacklevel=2)
        elif mode == "print":
            print(message)
    distance = _weak_or_ufunc(absolute, abs, _weak_or_ufunc(subtract, operator.sub, x, y))
    scaled = _weak_or_ufunc(multiply, operator.mul, rtol, _weak_or_ufunc(absolute, abs, y))
    tolerance = _weak_or_ufunc(add, operator.add, atol, scaled)
    result = bitwise_or(bitwise_and(less_equal(distance, tolerance), isfinite(y)),
                        _weak_or_ufunc(equal, operator.eq, x, y))
    if equal_nan:
        bitwise_or(result, bitwise_and(isnan(x), isnan(y)), out=result)
    return result


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Test whether two arrays are equal within a tolerance everywhere.

    Parameters
    ----------
    a, b : ndarray or scalar
        Values to compare (gpuarray arrays, or Python or NumPy scalars); they
        must broadcast together.
    rtol : float or ndarray, optional
        Relative tolerance, scaled by ``absolute(b)`` (default 1e-05).
    atol : float or ndarray, optional
        Absolute tolerance (default 1e-08).
    equal_nan : bool, optional
        If True, NaNs in the same places are equal (default False).

    Returns
    -------
    allclose : bool
        True if `isclose` holds for every element, as a Python bool.

    Raises
    ------
    TypeError
        If an argument is a list or a NumPy array.
    FloatingPointError
        If `rtol` or `atol` is not finite and ``numpy.seterr(invalid='raise')``
        is in force.

    Warns
    -----
    RuntimeWarning
        If `rtol` or `atol` is not finite and ``invalid='warn'`` (NumPy's
        default) is in force.

    Notes
    -----
    The elementwise test is `isclose`'s, not symmetric in `a` and `b`. Its
    result is reduced on the device and one byte is read back to the host,
    which waits for the device to finish.

    See Also
    --------
    isclose, array_equal, array_equiv, all

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.allclose(xp.array([1e10, 1e-7]), xp.array([1.00001e10, 1e-8]))
    False
    >>> xp.allclose(xp.array([1e10, 1e-8]), xp.array([1.00001e10, 1e-9]))
    True
    >>> xp.allclose(xp.array([1.0, xp.nan]), xp.array([1.0, xp.nan]), equal_nan=True)
    True
    """
    return _all(isclose(a, b, rtol, atol, equal_nan))


def array_equal(a1, a2, equal_nan=False):
    """Test whether two arrays have the same shape and elements.

    Parameters
    ----------
    a1, a2 : ndarray or scalar
        Arrays to compare (gpuarray arrays, or Python or NumPy scalars, which
        become 0-d arrays).
    equal_nan : bool, optional
        If True, NaNs in the same places are equal (default False).

    Returns
    -------
    b : bool
        True if the shapes are the same and every pair of elements is equal,
        as a Python bool.

    Raises
    ------
    TypeError
        If an argument is a list or a NumPy array.

    Notes
    -----
    Different shapes give False on the host, without a kernel; with
    ``equal_nan=True`` an array compared with itself gives True without a
    look at its values. Otherwise the comparison (and the NaN test, for
    inexact dtypes with `equal_nan`) runs on the device, is reduced there, and
    one byte is read back to the host, which waits for the device to finish.

    See Also
    --------
    array_equiv, allclose, equal

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.array_equal(xp.array([1, 2]), xp.array([1, 2]))
    True
    >>> xp.array_equal(xp.array([1, 2]), xp.array([1, 2, 3]))
    False
    >>> a = xp.array([1.0, xp.nan])
    >>> xp.array_equal(a, a)
    False
    >>> xp.array_equal(a, a, equal_nan=True)
    True
    """
    a1, a2 = map(_asarray, (_check(a1), _check(a2)))  # both checked before either is uploaded
    if a1.shape != a2.shape:
        return False
    if equal_nan and a1 is a2:
        return True
    same = equal(a1, a2)
    if equal_nan and (a1.dtype.kind in "fc" or a2.dtype.kind in "fc"):
        bitwise_or(same, bitwise_and(isnan(a1), isnan(a2)), out=same)
    return _all(same)


def array_equiv(a1, a2):
    """Test whether two arrays broadcast together and are equal everywhere.

    Parameters
    ----------
    a1, a2 : ndarray or scalar
        Arrays to compare (gpuarray arrays, or Python or NumPy scalars, which
        become 0-d arrays).

    Returns
    -------
    b : bool
        True if the shapes broadcast together and every pair of broadcast
        elements is equal, as a Python bool.

    Raises
    ------
    TypeError
        If an argument is a list or a NumPy array.

    Notes
    -----
    Shapes that do not broadcast give False on the host, without a kernel.
    Otherwise the comparison runs on the device, is reduced there, and one
    byte is read back to the host, which waits for the device to finish.

    See Also
    --------
    array_equal, allclose, equal

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.array_equiv(xp.array([1, 2]), xp.array([[1, 2], [1, 2]]))
    True
    >>> xp.array_equiv(xp.array([1, 2]), xp.array([[1, 2, 1, 2], [1, 2, 1, 2]]))
    False
    >>> xp.array_equiv(xp.array([1, 2]), xp.array([[1, 2], [1, 3]]))
    False
    """
    a1, a2 = map(_asarray, (_check(a1), _check(a2)))  # both checked before either is uploaded
    try:
        broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return False
    return _all(equal(a1, a2))
