# SPDX-License-Identifier: BSD-3-Clause
"""Complex numbers: real, imag and angle, and the tests iscomplexobj,
isrealobj, iscomplex and isreal, with NumPy 2's signatures, result dtypes
and values. real and imag are the argument's own parts (ndarray.real and
ndarray.imag: views of a complex array); angle is arctan2 of the parts; the
*obj tests look at the dtype alone, iscomplex and isreal at the values.
Arguments follow _ufunc/rounding.py's rule: gpuarray arrays or Python or
NumPy scalars."""
import numpy

from gpuarray._array_creation.from_shape import ones, zeros
from gpuarray._ufunc.rounding import _asarray, _check
from gpuarray._ufunc.ufuncs import arctan2, equal, not_equal

__all__ = ["real", "imag", "angle", "iscomplexobj", "isrealobj", "iscomplex", "isreal"]


def real(val):
    """Return the real part of the argument.

    Parameters
    ----------
    val : ndarray or scalar
        A gpuarray array, or a Python or NumPy scalar.

    Returns
    -------
    out : ndarray or scalar
        For a complex array, a view of its real parts (writing to it changes
        `val`); for a real array, the array itself; for a scalar, its
        ``.real``.

    Raises
    ------
    TypeError
        If `val` is a list or a NumPy array (NumPy converts those).

    Notes
    -----
    No kernel runs and nothing is copied.

    See Also
    --------
    imag, angle, iscomplexobj

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.real(xp.array([1+2j, 3-4j]))
    array([1., 3.])
    >>> xp.real(3+4j)
    3.0
    """
    return _check(val).real


def imag(val):
    """Return the imaginary part of the argument.

    Parameters
    ----------
    val : ndarray or scalar
        A gpuarray array, or a Python or NumPy scalar.

    Returns
    -------
    out : ndarray or scalar
        For a complex array, a view of its imaginary parts (writing to it
        changes `val`); for a real array, read-only zeros of its shape and
        dtype; for a scalar, its ``.imag``.

    Raises
    ------
    TypeError
        If `val` is a list or a NumPy array (NumPy converts those).

    Notes
    -----
    For a complex array no kernel runs and nothing is copied.

    See Also
    --------
    real, angle, iscomplexobj

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.imag(xp.array([1+2j, 3-4j]))
    array([ 2., -4.])
    >>> xp.imag(xp.array([1.0, 2.0]))
    array([0., 0.])
    """
    return _check(val).imag


def iscomplexobj(x):
    """Check whether the argument has a complex dtype.

    Parameters
    ----------
    x : any
        A gpuarray array, scalar, or anything NumPy can make an array of.

    Returns
    -------
    iscomplexobj : bool
        True if the dtype of `x` is complex, whatever its values.

    Notes
    -----
    Only the dtype is looked at: nothing runs on or is read from the device.
    An object without a NumPy dtype (a list, say) is converted on the host
    with ``numpy.asarray`` to find one, as NumPy does.

    See Also
    --------
    isrealobj, iscomplex, isreal

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.iscomplexobj(xp.array([1.0, 2.0]))
    False
    >>> xp.iscomplexobj(xp.array([1+0j]))
    True
    >>> xp.iscomplexobj(1j)
    True
    """
    dtype = getattr(x, "dtype", None)
    return (dtype if isinstance(dtype, numpy.dtype) else numpy.asarray(x).dtype).kind == "c"


def isrealobj(x):
    """Check whether the argument has a dtype that is not complex.

    Parameters
    ----------
    x : any
        A gpuarray array, scalar, or anything NumPy can make an array of.

    Returns
    -------
    isrealobj : bool
        False if the dtype of `x` is complex, True otherwise, whatever its
        values.

    Notes
    -----
    The negation of `iscomplexobj`: only the dtype is looked at, nothing runs
    on or is read from the device.

    See Also
    --------
    iscomplexobj, isreal, iscomplex

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.isrealobj(xp.array([1+0j]))
    False
    >>> xp.isrealobj(3.0)
    True
    """
    return not iscomplexobj(x)


def iscomplex(x):
    """Test elementwise for a non-zero imaginary part.

    Parameters
    ----------
    x : ndarray or scalar
        A gpuarray array, or a Python or NumPy scalar.

    Returns
    -------
    out : ndarray of bool
        True where the imaginary part is not zero; all False for a dtype that
        is not complex. A scalar gives a 0-d device array (NumPy returns a
        scalar).

    Raises
    ------
    TypeError
        If `x` is a list or a NumPy array.

    Notes
    -----
    One kernel; nothing is read back to the host.

    See Also
    --------
    isreal, iscomplexobj, imag

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.iscomplex(xp.array([1+1j, 1+0j, 4.5, 3, 2, 2j]))
    array([ True, False, False, False, False,  True])
    >>> xp.iscomplex(xp.array([1, 2]))
    array([False, False])
    """
    x = _asarray(x)
    return not_equal(x.imag, 0) if x.dtype.kind == "c" else zeros(x.shape, numpy.bool_)


def isreal(x):
    """Test elementwise for a zero imaginary part.

    Parameters
    ----------
    x : ndarray or scalar
        A gpuarray array, or a Python or NumPy scalar.

    Returns
    -------
    out : ndarray of bool
        True where the imaginary part is zero; all True for a dtype that is
        not complex. A scalar gives a 0-d device array (NumPy returns a
        scalar).

    Raises
    ------
    TypeError
        If `x` is a list or a NumPy array.

    Notes
    -----
    One kernel; nothing is read back to the host.

    See Also
    --------
    iscomplex, isrealobj, real

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.isreal(xp.array([1+1j, 1+0j, 4.5, 3, 2, 2j]))
    array([False,  True,  True,  True,  True, False])
    >>> xp.isreal(xp.array([1, 2]))
    array([ True,  True])
    """
    x = _asarray(x)
    return equal(x.imag, 0) if x.dtype.kind == "c" else ones(x.shape, numpy.bool_)


def angle(z, deg=False):
    """Return the angle of complex numbers, elementwise.

    The angle is measured counterclockwise from the positive real axis, in
    ``(-pi, pi]`` (in radians by default).

    Parameters
    ----------
    z : ndarray or scalar
        A gpuarray array, or a Python or NumPy scalar; real values are
        complex numbers with a zero imaginary part.
    deg : bool, optional
        If True give degrees instead of radians (default False).

    Returns
    -------
    angle : ndarray
        ``arctan2(z.imag, z.real)``; for real `z` ``arctan2(0, z)``, which is
        pi for negative values and -0.0. The dtype is arctan2's, as in
        NumPy: float16 for 8-bit integers, float32 for 16-bit ones.

    Raises
    ------
    TypeError
        If `z` is a list or a NumPy array.

    Notes
    -----
    One `arctan2` kernel, and an in-place multiplication for ``deg=True``.
    The device's arctangent may differ from NumPy's in the last bits. Nothing
    is read back to the host.

    See Also
    --------
    arctan2, absolute, real, imag

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.round(xp.angle(xp.array([1.0, -1.0, 1j])), 6)
    array([0.      , 3.141593, 1.570796])
    >>> xp.round(xp.angle(xp.array([1+1j, -1j]), deg=True), 6)
    array([ 45., -90.])
    >>> xp.round(xp.angle(xp.array([-2, 3])), 6)
    array([3.141593, 0.      ])
    """
    z = _check(z)
    a = arctan2(z.imag, z.real) if iscomplexobj(z) else arctan2(0, z)
    if deg:
        a *= 180 / numpy.pi
    return a
