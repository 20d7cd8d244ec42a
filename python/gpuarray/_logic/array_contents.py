# SPDX-License-Identifier: BSD-3-Clause
"""Tests of an array's values that NumPy builds from ufuncs: isposinf,
isneginf ("Logic functions: array contents"), real_if_close and
asarray_chkfinite. Each is NumPy's composition over gpuarray's ufuncs and
reductions; real_if_close and asarray_chkfinite read one bool back to the
host (they decide the result's type or whether to raise)."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._ufunc.ufuncs import absolute, isfinite, isinf, logical_and, logical_not, signbit

__all__ = ["isposinf", "isneginf", "real_if_close", "asarray_chkfinite"]


def _signbit(x):
    """signbit(x), with NumPy's TypeError for complex input (where the sign of
    an infinity is ambiguous)."""
    x = asarray(x)
    if x.dtype.kind == "c":
        raise TypeError(f"This operation is not supported for {x.dtype} values because it would be ambiguous.")
    return x, signbit(x)


def isposinf(x, out=None):
    """Test element-wise for positive infinity, return result as bool array.

    Parameters
    ----------
    x : array_like
        The input array (host data is copied to the device first).
    out : ndarray, optional
        A device array of `x`'s broadcast shape to hold the result; its dtype
        may be any that bool casts to.

    Returns
    -------
    out : ndarray
        True where `x` is positive infinity; a 0-d array for a scalar input
        (NumPy returns a bool scalar).

    Raises
    ------
    TypeError
        If `x` is complex (the sign of a complex infinity is ambiguous), as in
        NumPy.

    Notes
    -----
    ``logical_and(isinf(x), ~signbit(x))``, as NumPy computes it: three
    elementwise kernels. Integer and bool inputs give all False.

    See Also
    --------
    isneginf, isinf, isfinite, isnan

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.isposinf(xp.array([-xp.inf, 0.0, xp.inf, xp.nan]))
    array([False, False,  True, False])
    >>> xp.isposinf(xp.array([1, 2]))
    array([False, False])
    """
    x, negative = _signbit(x)
    return logical_and(isinf(x), logical_not(negative), out=out)


def isneginf(x, out=None):
    """Test element-wise for negative infinity, return result as bool array.

    Parameters
    ----------
    x : array_like
        The input array (host data is copied to the device first).
    out : ndarray, optional
        A device array of `x`'s broadcast shape to hold the result; its dtype
        may be any that bool casts to.

    Returns
    -------
    out : ndarray
        True where `x` is negative infinity; a 0-d array for a scalar input
        (NumPy returns a bool scalar).

    Raises
    ------
    TypeError
        If `x` is complex (the sign of a complex infinity is ambiguous), as in
        NumPy.

    Notes
    -----
    ``logical_and(isinf(x), signbit(x))``, as NumPy computes it: two
    elementwise kernels. Integer and bool inputs give all False.

    See Also
    --------
    isposinf, isinf, isfinite, isnan

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.isneginf(xp.array([-xp.inf, 0.0, xp.inf, xp.nan]))
    array([ True, False, False, False])
    """
    x, negative = _signbit(x)
    return logical_and(isinf(x), negative, out=out)


def real_if_close(a, tol=100):
    """If the input is complex with all imaginary parts close to zero, return
    the real parts.

    Parameters
    ----------
    a : array_like
        The input array (host data is copied to the device first).
    tol : float, optional
        The bound on ``|a.imag|``: in machine epsilons of `a`'s dtype when
        greater than one (default 100), else an absolute value.

    Returns
    -------
    out : ndarray
        ``a.real`` (a view) when `a` is complex and every ``|a.imag| < tol``;
        otherwise `a` itself.

    Notes
    -----
    As NumPy: one reduction over ``|a.imag| < tol`` decides, and its bool is
    read back to the host (the result's dtype depends on it), which waits for
    the device. Real input returns at once.

    See Also
    --------
    real, imag, isreal

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.real_if_close(xp.array([2.1 + 4e-14j, 5.2 + 3e-15j]), tol=1000)
    array([2.1, 5.2])
    >>> xp.real_if_close(xp.array([2.1 + 4e-14j, 5.2 + 3e-15j])).dtype
    dtype('complex128')
    """
    a = asarray(a)
    if a.dtype.kind != "c":
        return a
    if tol > 1:
        tol = numpy.finfo(a.dtype).eps * tol
    if bool((absolute(a.imag) < tol).all()):
        return a.real
    return a


def asarray_chkfinite(a, dtype=None, order=None):
    """Convert the input to a device array, checking for NaNs or Infs.

    Parameters
    ----------
    a : array_like
        Input data, as for `asarray` (device arrays are not copied unless
        `dtype` or `order` asks for it).
    dtype : data-type, optional
        The result's dtype; by default inferred from `a`.
    order : {'C', 'F', 'A', 'K'}, optional
        Memory layout, as for `asarray`.

    Returns
    -------
    out : ndarray
        ``asarray(a, dtype, order)``.

    Raises
    ------
    ValueError
        If the result is floating or complex and holds a NaN or an infinity.

    Notes
    -----
    One ``isfinite(...).all()`` reduction, whose bool is read back to the
    host, which waits for the device; integer and bool arrays are not
    checked.

    See Also
    --------
    asarray, isfinite, nan_to_num

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.asarray_chkfinite([1.0, 2.0])
    array([1., 2.])
    >>> xp.asarray_chkfinite([1.0, xp.inf])
    Traceback (most recent call last):
        ...
    ValueError: array must not contain infs or NaNs
    """
    a = asarray(a, dtype=dtype, order=order)
    if a.dtype.kind in "fc" and not bool(isfinite(a).all()):
        raise ValueError("array must not contain infs or NaNs")
    return a
