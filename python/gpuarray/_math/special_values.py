# SPDX-License-Identifier: BSD-3-Clause
"""sinc and nan_to_num as compositions of ufuncs, with NumPy 2's signatures,
result dtypes and values: the ufunc steps, then the special values (sinc at
0; NaN and the infinities) written in place where a mask holds. Arguments
follow _ufunc/rounding.py's rule: gpuarray arrays or Python or NumPy
scalars, a scalar becoming a 0-d device array."""
import numpy

from gpuarray._core import ndarray
from gpuarray._ufunc.rounding import _asarray
from gpuarray._ufunc.ufuncs import equal, isnan, multiply, positive, sin, true_divide

__all__ = ["sinc", "nan_to_num"]


def _fill_where(a, value, mask):
    """numpy.copyto(a, value, where=mask): `value` cast to a's dtype (same_kind)."""
    positive(value, out=a, where=mask, dtype=a.dtype)


def sinc(x):
    """Normalized sinc function, ``sin(pi x) / (pi x)``, elementwise.

    Parameters
    ----------
    x : ndarray or scalar
        Input values (a gpuarray array, or a Python or NumPy scalar).

    Returns
    -------
    out : ndarray
        ``sin(pi x) / (pi x)``, 1 where `x` is 0; float64 for integer and
        bool input. A scalar gives a 0-d device array.

    Raises
    ------
    TypeError
        If `x` is a list or a NumPy array.

    Notes
    -----
    Five kernels: ``pi * x``, a mask of its zeros, the zeros replaced by the
    dtype's machine epsilon (1e-20 for complex), the sine, and the division,
    so the value at 0 is exactly 1. NumPy replaces ``x == 0`` by 1e-20 before
    multiplying instead; the results are the same. The device's sine may
    differ from NumPy's in the last bits. Nothing is read back to the host.

    See Also
    --------
    sin, pi

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.round(xp.sinc(xp.array([0.0, 0.5, 1.5])), 6)
    array([ 1.      ,  0.63662 , -0.212207])
    >>> float(xp.sinc(xp.array(0.0)))
    1.0
    """
    y = multiply(numpy.pi, x)
    _fill_where(y, numpy.finfo(y.dtype).eps if y.dtype.kind == "f" else 1e-20, equal(y, 0))
    return true_divide(sin(y), y)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """Replace NaN and infinities with finite numbers.

    Parameters
    ----------
    x : ndarray or scalar
        Input values (a gpuarray array, or a Python or NumPy scalar).
    copy : bool, optional
        If True (default) work on a copy; if False a gpuarray array `x` is
        changed in place and returned.
    nan : int or float, optional
        Value for NaN (default 0.0).
    posinf : int or float, optional
        Value for positive infinity; by default the dtype's largest finite
        value.
    neginf : int or float, optional
        Value for negative infinity; by default the dtype's most negative
        finite value.

    Returns
    -------
    out : ndarray
        `x` with the replacements made, in the real and the imaginary part of
        complex values alike; `x` itself with ``copy=False``. Integer and bool
        arrays come back unchanged (copied unless ``copy=False``). A scalar
        gives a 0-d device array (NumPy returns a scalar).

    Raises
    ------
    TypeError
        If `x` is a list or a NumPy array.

    Notes
    -----
    For each real part the three masks (NaN, +inf, -inf) are computed first
    and the three replacements then written through them, each a kernel; the
    replacement values are cast to the dtype with ``same_kind`` casting.
    Nothing is read back to the host.

    See Also
    --------
    isnan, isinf, isfinite

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([xp.nan, xp.inf, -xp.inf, 1.0])
    >>> xp.nan_to_num(x)
    array([ 0.00000000e+000,  1.79769313e+308, -1.79769313e+308,
            1.00000000e+000])
    >>> xp.nan_to_num(x, nan=-1.0, posinf=9.0, neginf=-9.0)
    array([-1.,  9., -9.,  1.])
    """
    x = (x.copy("K") if copy else x) if isinstance(x, ndarray) else _asarray(x)
    if x.dtype.kind not in "fc":
        return x
    info = numpy.finfo(x.dtype)
    values = (nan, info.max if posinf is None else posinf, info.min if neginf is None else neginf)
    for part in (x.real, x.imag) if x.dtype.kind == "c" else (x,):
        masks = isnan(part), equal(part, numpy.inf), equal(part, -numpy.inf)  # all before any is replaced
        for value, mask in zip(values, masks):
            _fill_where(part, value, mask)
    return x
