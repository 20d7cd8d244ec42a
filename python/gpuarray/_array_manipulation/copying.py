# SPDX-License-Identifier: BSD-3-Clause
"""copyto (assignment with a casting rule and a mask) and require (an array
with the asked-for flags, copied only when it lacks them)."""
import numpy

from gpuarray import _core
from gpuarray._array_creation.from_data import array, asarray
from gpuarray._core import ndarray
from gpuarray._interop.cuda_array_interface import extent as _extent

__all__ = ["copyto", "require"]

_CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")


def _shares_memory(a, b):
    """Whether the byte ranges the two arrays span intersect (then the source is copied
    first, as NumPy does, so that no element is read after it was overwritten)."""
    if a.size == 0 or b.size == 0:
        return False
    a_low, a_high = _extent(a.shape, a.strides, a.itemsize)
    b_low, b_high = _extent(b.shape, b.strides, b.itemsize)
    a_ptr, b_ptr = a.data.ptr, b.data.ptr
    return a_ptr + a_low < b_ptr + b_high and b_ptr + b_low < a_ptr + a_high


def _source(src, dst, casting):
    """`src` as a device array, or as a 0-d host value of dst's dtype for scalars;
    NumPy's casting errors (a Python scalar is weak: its kind and value decide)."""
    if isinstance(src, ndarray):
        if not numpy.can_cast(src.dtype, dst.dtype, casting):
            raise TypeError(f"Cannot cast array data from {src.dtype!r} to {dst.dtype!r} according to the rule "
                            f"{casting!r}")
        return src.copy() if _shares_memory(src, dst) else src
    if numpy.ndim(src) == 0:
        # NumPy itself converts the scalar: its weak-scalar rules, errors and value.
        value = numpy.empty((), dst.dtype)
        numpy.copyto(value, src, casting=casting)
        return value
    host = numpy.asarray(src)
    if not numpy.can_cast(host.dtype, dst.dtype, casting):
        raise TypeError(f"Cannot cast array data from {host.dtype!r} to {dst.dtype!r} according to the rule "
                        f"{casting!r}")
    return asarray(host)


def _mask(where):
    """copyto's `where` as a bool device array: arrays must already be bool (NumPy casts
    them 'safe'), other values are converted to bool."""
    if isinstance(where, (ndarray, numpy.ndarray)):
        if where.dtype != numpy.bool_:
            raise TypeError(f"Cannot cast array data from {where.dtype!r} to dtype('bool') according to the rule "
                            "'safe'")
        return asarray(where)
    return asarray(numpy.asarray(where, dtype=numpy.bool_))


def copyto(dst, src, casting="same_kind", where=True):
    """Copies values from one array into another, broadcasting and casting.

    Parameters
    ----------
    dst : ndarray
        The device array written.
    src : array_like
        The values, broadcast to `dst`'s shape (host data is copied to the
        device first).
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        Which casts from `src`'s type to `dst`'s are allowed.
    where : array_like of bool, optional
        Only where this is True is `dst` written.

    Returns
    -------
    None

    Raises
    ------
    TypeError
        `dst` is not a gpuarray array, or the cast breaks `casting`.
    ValueError
        `src` or `where` do not broadcast to `dst`.

    See Also
    --------
    ndarray.fill, putmask, place

    Examples
    --------
    >>> import gpuarray as xp
    >>> dst = xp.zeros(4)
    >>> xp.copyto(dst, xp.arange(4), where=xp.arange(4) % 2 == 1)
    >>> dst
    array([0., 1., 0., 3.])
    >>> xp.copyto(dst, 7)
    >>> dst
    array([7., 7., 7., 7.])
    """
    if not isinstance(dst, ndarray):
        raise TypeError(f"copyto() argument 1 must be a gpuarray.ndarray, not {type(dst).__name__}")
    if casting not in _CASTINGS:
        raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' "
                         f"(got {casting!r})")
    if not dst._writeable:
        raise ValueError("assignment destination is read-only")
    src = _source(src, dst, casting)
    if where is True:
        if isinstance(src, ndarray):
            dst._copy_from(src)
        else:
            dst._fill(src)
        return
    mask = _mask(where)
    # dst is also the select's "else" operand: each element is read, then written, by one thread.
    _core._where(mask, src, dst, dst)


_REQUIREMENTS = {"C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C", "F": "F", "F_CONTIGUOUS": "F",
                 "FORTRAN": "F", "A": "A", "ALIGNED": "A", "W": "W", "WRITEABLE": "W", "O": "O",
                 "OWNDATA": "O", "E": "E", "ENSUREARRAY": "E"}


def require(a, dtype=None, requirements=None, *, like=None):
    """The input as a device array of a given type and with given properties, copied only when needed.

    Parameters
    ----------
    a : array_like
        Input.
    dtype : dtype, optional
        The type wanted.
    requirements : str or sequence of str, optional
        'C' (C-contiguous), 'F' (Fortran-contiguous), 'A' (either), 'W'
        (writeable), 'O' (own data), 'E' (ensure array), or their long names
        ('C_CONTIGUOUS', ...); a string is read as letters, as NumPy reads it.
    like : object, optional
        Accepted for NumPy's signature (NEP 35) and not used: the result is
        a gpuarray array.

    Returns
    -------
    ndarray
        `a` itself when it already satisfies everything, else a copy.

    Raises
    ------
    ValueError
        'C' and 'F' are both required.

    See Also
    --------
    asarray, ascontiguousarray, asfortranarray

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(6).reshape(2, 3)
    >>> xp.require(a, requirements='C') is a
    True
    >>> xp.require(a, dtype=xp.float32, requirements=['F']).flags.f_contiguous
    True
    """
    if not requirements:
        return asarray(a, dtype=dtype)
    wanted = {_REQUIREMENTS[r.upper()] for r in requirements}
    wanted.discard("E")  # gpuarray has no subclasses to turn into base-class arrays
    if {"C", "F"} <= wanted:
        raise ValueError('Cannot specify both "C" and "F" order')
    order = "C" if "C" in wanted else "F" if "F" in wanted else "A"
    wanted -= {"C", "F"}
    arr = array(a, dtype=dtype, copy=None, order=order)
    for flag in wanted:
        if not arr.flags[flag]:
            return arr.copy(order)
    return arr
