# SPDX-License-Identifier: BSD-3-Clause
"""numpy.emath (scimath) on the device: sqrt, log, log2, log10, logn, power,
arccos, arcsin and arctanh whose result is complex where the real function
has no real value (a negative argument of sqrt and log, |x| > 1 of arccos,
arcsin and arctanh), as NumPy's.

NumPy's rule, followed here: when some element of a real input is out of the
real domain, the whole input is converted to complex first — complex64 for
float32 and the 8- and 16-bit integers, complex128 otherwise — and the
complex function is applied; otherwise the real function is, and the result
is real. Deciding reads one boolean back to the host (the result's dtype
depends on the values), so each call waits for the device."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._core import ndarray
from gpuarray._reduction.reductions import any as any_
from gpuarray._ufunc.ufuncs import absolute, arccos as _arccos, arcsin as _arcsin, arctanh as _arctanh, less, greater
from gpuarray._ufunc.ufuncs import log as _log, log2 as _log2, log10 as _log10, power as _power, sqrt as _sqrt
from gpuarray._ufunc.ufuncs import true_divide

__all__ = ["arccos", "arcsin", "arctanh", "log", "log10", "log2", "logn", "power", "sqrt"]

# NumPy's _tocomplex: these become complex64, every other real dtype complex128.
_SINGLE_COMPLEX = {numpy.dtype(t) for t in (numpy.float32, numpy.int8, numpy.int16, numpy.uint8, numpy.uint16)}


def _device(x):
    return x if isinstance(x, ndarray) else asarray(x)


def _to_complex(x):
    return x.astype(numpy.complex64 if x.dtype in _SINGLE_COMPLEX else numpy.complex128)


def _complex_if(x, outside):
    """`x` as an array, made complex when it is real and `outside(x)` holds somewhere."""
    x = _device(x)
    if x.dtype.kind in "biuf" and bool(any_(outside(x))):
        return _to_complex(x)
    return x


def _negative(x):
    return less(x, 0)


def _beyond_one(x):
    return greater(absolute(x), 1)


def _fixed_int_power(p):
    """NumPy's _fix_int_lt_zero: integer exponents with a negative element become float64."""
    p = _device(p)
    if p.dtype.kind in "biu" and bool(any_(less(p, 0))):
        return p.astype(numpy.float64)
    return p


def sqrt(x):
    """Square root, complex for negative real input (NumPy's emath.sqrt).

    Parameters
    ----------
    x : array_like
        Input (host data is copied to the device).

    Returns
    -------
    out : ndarray
        ``sqrt(x)``: real where every element of a real `x` is >= 0 (or NaN),
        otherwise complex (complex64 for float32 and small integers).

    Notes
    -----
    One read back to the host decides the dtype (module notes).

    See Also
    --------
    gpuarray.sqrt

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.emath.sqrt(xp.array([4.0, -4.0]))
    array([2.+0.j, 0.+2.j])
    >>> xp.emath.sqrt(xp.array([4.0, 9.0]))
    array([2., 3.])
    """
    return _sqrt(_complex_if(x, _negative))


def log(x):
    """Natural logarithm, complex for negative real input (NumPy's emath.log).

    Parameters
    ----------
    x : array_like
        Input.

    Returns
    -------
    out : ndarray
        ``log(x)``, complex where a real `x` has a negative element.

    See Also
    --------
    log2, log10, logn

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.emath.log(xp.array([1.0, -1.0]))
    array([0.+0.j        , 0.+3.14159265j])
    >>> xp.emath.log(xp.array([1.0])).dtype
    dtype('float64')
    """
    return _log(_complex_if(x, _negative))


def log2(x):
    """Base-2 logarithm, complex for negative real input (NumPy's emath.log2).

    Parameters
    ----------
    x : array_like
        Input.

    Returns
    -------
    out : ndarray
        ``log2(x)``, complex where a real `x` has a negative element.

    See Also
    --------
    log, log10, logn

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.emath.log2(xp.array([8.0]))
    array([3.])
    >>> xp.emath.log2(xp.array([-8.0])).dtype
    dtype('complex128')
    """
    return _log2(_complex_if(x, _negative))


def log10(x):
    """Base-10 logarithm, complex for negative real input (NumPy's emath.log10).

    Parameters
    ----------
    x : array_like
        Input.

    Returns
    -------
    out : ndarray
        ``log10(x)``, complex where a real `x` has a negative element.

    See Also
    --------
    log, log2, logn

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.emath.log10(xp.array([100.0]))
    array([2.])
    >>> xp.emath.log10(xp.array([-10.0]))
    array([1.+1.36437635j])
    """
    return _log10(_complex_if(x, _negative))


def logn(n, x):
    """Logarithm of `x` to base `n`, complex where either is negative (NumPy's emath.logn).

    Parameters
    ----------
    n : array_like
        The base(s).
    x : array_like
        The values.

    Returns
    -------
    out : ndarray
        ``log(x) / log(n)``, each converted to complex where it has a negative
        real element.

    See Also
    --------
    log

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.emath.logn(2, xp.array([4.0, 8.0]))
    array([2., 3.])
    >>> xp.emath.logn(2, xp.array([-4.0])).dtype
    dtype('complex128')
    """
    return true_divide(_log(_complex_if(x, _negative)), _log(_complex_if(n, _negative)))


def power(x, p):
    """``x ** p``, complex for negative real `x` (NumPy's emath.power).

    Parameters
    ----------
    x : array_like
        The bases; a real `x` with a negative element is converted to complex.
    p : array_like
        The exponents; integer exponents with a negative element are taken as
        float64, as in NumPy.

    Returns
    -------
    out : ndarray
        ``x ** p``, broadcast.

    See Also
    --------
    sqrt, gpuarray.power

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.emath.power(xp.array([2, 4]), 2)
    array([ 4, 16])
    >>> xp.emath.power(xp.array([-4.0]), 0.5).round(6)
    array([0.+2.j])
    """
    return _power(_complex_if(x, _negative), _fixed_int_power(p))


def arccos(x):
    """Inverse cosine, complex for real input beyond [-1, 1] (NumPy's emath.arccos).

    Parameters
    ----------
    x : array_like
        Input.

    Returns
    -------
    out : ndarray
        ``arccos(x)``, complex where a real `x` has an element with abs(x) > 1.

    See Also
    --------
    arcsin, arctanh

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.emath.arccos(xp.array([1.0]))
    array([0.])
    >>> xp.emath.arccos(xp.array([2.0])).dtype
    dtype('complex128')
    """
    return _arccos(_complex_if(x, _beyond_one))


def arcsin(x):
    """Inverse sine, complex for real input beyond [-1, 1] (NumPy's emath.arcsin).

    Parameters
    ----------
    x : array_like
        Input.

    Returns
    -------
    out : ndarray
        ``arcsin(x)``, complex where a real `x` has an element with abs(x) > 1.

    See Also
    --------
    arccos, arctanh

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.emath.arcsin(xp.array([0.0]))
    array([0.])
    >>> xp.emath.arcsin(xp.array([2.0])).dtype
    dtype('complex128')
    """
    return _arcsin(_complex_if(x, _beyond_one))


def arctanh(x):
    """Inverse hyperbolic tangent, complex for real input beyond [-1, 1]
    (NumPy's emath.arctanh).

    Parameters
    ----------
    x : array_like
        Input.

    Returns
    -------
    out : ndarray
        ``arctanh(x)``, complex where a real `x` has an element with abs(x) > 1.

    See Also
    --------
    arccos, arcsin

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.emath.arctanh(xp.array([0.0]))
    array([0.])
    >>> xp.emath.arctanh(xp.array([2.0])).dtype
    dtype('complex128')
    """
    return _arctanh(_complex_if(x, _beyond_one))
