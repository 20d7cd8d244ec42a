# SPDX-License-Identifier: BSD-3-Clause
"""repr and str of device arrays, as NumPy prints them, under NumPy's print options.

An array NumPy shows whole is downloaded and handed to NumPy. An array NumPy
summarizes (size above the threshold) is not downloaded whole: NumPy shows, and
derives the number format from, only the first and last `edgeitems` entries of
each axis longer than 2 * edgeitems. So only those entries, plus one more at
each end of the hidden middle (never shown), are gathered on the device, and
NumPy formats the small download with threshold=0: it summarizes the same axes
and shows the same entries in the same format.

Also NumPy's string forms of single numbers: base_repr and binary_repr (NumPy's
own), format_float_positional and format_float_scientific (NumPy's, taking a
0-d device array too, as CuPy's do)."""
import numpy
from numpy import base_repr, binary_repr
from numpy.lib import NumpyVersion

from gpuarray._core import ndarray

__all__ = ["array2string", "array_repr", "array_str", "base_repr", "binary_repr", "format_float_positional",
           "format_float_scientific"]

# NumPy 2.2 added the shape to the repr of summarized arrays (not in its legacy modes).
_SUMMARY_REPR_SHOWS_SHAPE = NumpyVersion(numpy.__version__) >= "2.2.0"
_PREFIX = "array("
# The scalar types whose dtype NumPy's repr leaves out (the values imply it);
# by type, as NumPy: dtype('q') equals int64 ('l') but is named.
_IMPLIED_TYPES = (numpy.float64, numpy.int_, numpy.complex128, numpy.bool_)


def _summary(a, threshold, edgeitems):
    """The entries of `a` that NumPy shows when it summarizes `a`, downloaded:
    each axis longer than 2 * edgeitems + 2 cut to its first and last
    edgeitems + 1 entries. None where NumPy shows every entry or no axis is cut."""
    # `not >` sends a NaN threshold to NumPy, which rejects it. With edgeitems 0
    # NumPy formats from whole axes (its trailing edge is a[-0:]), so cut nothing.
    if not a.size > threshold or edgeitems < 1:
        return None
    keep = edgeitems + 1
    shape, strides, cut_shape = [], [], []
    for n, s in zip(a.shape, a.strides):
        if n > 2 * keep:
            # One view axis of length n becomes (2, keep): the leading and trailing entries.
            shape += [2, keep]
            strides += [(n - keep) * s, s]
            cut_shape.append(2 * keep)
        else:
            shape.append(n)
            strides.append(s)
            cut_shape.append(n)
    if len(shape) == a.ndim:
        return None
    return a._view(tuple(shape), tuple(strides), 0)._download().reshape(cut_shape)


def _array_repr(a, max_line_width, precision, suppress_small):
    opts = numpy.get_printoptions()
    # A user's override_repr is NumPy's hook and gets the NumPy array.
    cut = None if opts.get("override_repr") else _summary(a, opts["threshold"], opts["edgeitems"])
    if cut is None:
        return numpy.array_repr(a._download(), max_line_width, precision, suppress_small)
    # NumPy's repr of `cut` would show cut's shape: wrap the same body with a's shape and dtype.
    body = _PREFIX + numpy.array2string(cut, max_line_width, precision, suppress_small, ", ", _PREFIX,
                                        threshold=0, suffix=")")
    legacy_113 = opts["legacy"] == "1.13"
    extras = []
    if _SUMMARY_REPR_SHOWS_SHAPE and opts["legacy"] is False:
        extras.append(f"shape={a.shape}")
    if a.dtype.type not in _IMPLIED_TYPES or (legacy_113 and a.dtype.type is numpy.bool_):
        extras.append(f"dtype={a.dtype.name}")
    if not extras:
        return body + ")"
    text, extras = body + ",", ", ".join(extras) + ")"
    # The extras go on a new line where they would make the last line too long.
    last_line = len(text) - (text.rfind("\n") + 1)
    width = opts["linewidth"] if max_line_width is None else max_line_width
    spacer = "\n" + " " * len(_PREFIX) if not legacy_113 and last_line + 1 + len(extras) > width else " "
    return text + spacer + extras


def _array_str(a, max_line_width, precision, suppress_small):
    opts = numpy.get_printoptions()
    cut = _summary(a, opts["threshold"], opts["edgeitems"])
    if cut is None:
        return numpy.array_str(a._download(), max_line_width, precision, suppress_small)
    return numpy.array2string(cut, max_line_width, precision, suppress_small, threshold=0)


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    """The string ``repr(arr)`` gives: NumPy's, for gpuarray and NumPy arrays.

    Parameters
    ----------
    arr : ndarray
        The array.
    max_line_width : int, optional
        Where to break lines (NumPy's print option by default).
    precision : int, optional
        Digits of floating-point values.
    suppress_small : bool, optional
        Print values very close to zero as zero.

    Returns
    -------
    str
        ``array([...], dtype=...)``, as NumPy writes it.

    See Also
    --------
    array_str, array2string, numpy.set_printoptions

    Notes
    -----
    Only what is printed is copied to the host: a large array is cut to its
    edges (NumPy's print options `threshold` and `edgeitems`) on the device
    first.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.array_repr(xp.array([1.5, 2.0], dtype=xp.float32))
    'array([1.5, 2. ], dtype=float32)'
    >>> xp.array_repr(xp.array([1e-10, 1.0]), suppress_small=True)
    'array([0., 1.])'
    """
    if not isinstance(arr, ndarray):
        return numpy.array_repr(arr, max_line_width, precision, suppress_small)
    return _array_repr(arr, max_line_width, precision, suppress_small)


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    """The string ``str(a)`` gives: NumPy's, for gpuarray and NumPy arrays.

    Parameters
    ----------
    a : ndarray
        The array.
    max_line_width : int, optional
        Where to break lines.
    precision : int, optional
        Digits of floating-point values.
    suppress_small : bool, optional
        Print values very close to zero as zero.

    Returns
    -------
    str
        The values without ``array(`` and the dtype.

    See Also
    --------
    array_repr, array2string

    Notes
    -----
    Only what is printed is copied to the host: a large array is cut to its
    edges (NumPy's print options `threshold` and `edgeitems`) on the device
    first.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.array_str(xp.arange(3))
    '[0 1 2]'
    >>> xp.array_str(xp.array([0.123456]), precision=2)
    '[0.12]'
    """
    if not isinstance(a, ndarray):
        return numpy.array_str(a, max_line_width, precision, suppress_small)
    return _array_str(a, max_line_width, precision, suppress_small)


def array2string(a, max_line_width=None, precision=None, suppress_small=None, separator=" ", prefix="", *,
                 formatter=None, threshold=None, edgeitems=None, sign=None, floatmode=None, suffix="",
                 legacy=None):
    """The values of an array as a string, with NumPy's options.

    Parameters
    ----------
    a : ndarray
        The array (gpuarray or NumPy).
    max_line_width, precision, suppress_small, separator, prefix
        NumPy's options, with NumPy's defaults and meanings.
    formatter, threshold, edgeitems, sign, floatmode, suffix, legacy
        NumPy's keyword-only options.

    Returns
    -------
    str

    See Also
    --------
    array_str, array_repr, numpy.set_printoptions

    Notes
    -----
    Only what is printed is copied to the host: a large array is cut to its
    edges (NumPy's print options `threshold` and `edgeitems`) on the device
    first.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.array2string(xp.arange(3), separator=', ')
    '[0, 1, 2]'
    >>> xp.array2string(xp.arange(1000), threshold=5, edgeitems=2)
    '[  0   1 ... 998 999]'
    """
    if isinstance(a, ndarray):
        opts = numpy.get_printoptions()
        cut = _summary(a, opts["threshold"] if threshold is None else threshold,
                       opts["edgeitems"] if edgeitems is None else edgeitems)
        a, threshold = (a._download(), threshold) if cut is None else (cut, 0)
    return numpy.array2string(a, max_line_width, precision, suppress_small, separator, prefix,
                              formatter=formatter, threshold=threshold, edgeitems=edgeitems, sign=sign,
                              floatmode=floatmode, suffix=suffix, legacy=legacy)


def _repr(self):
    return _array_repr(self, None, None, None)


def _str(self):
    return _array_str(self, None, None, None)


def _format(self, spec):
    # As NumPy: a 0-d array formats as its scalar; object's rules (only the
    # empty spec, giving str) for the others.
    if self.ndim == 0:
        return format(self._download()[()], spec)
    return object.__format__(self, spec)


def _host_value(x):
    """A 0-d device array's value, copied to the host (a 0-d NumPy array); any other device
    array becomes a stand-in of its shape, never downloaded, that NumPy rejects as it would
    the array itself."""
    if not isinstance(x, ndarray):
        return x
    if x.ndim:
        return numpy.broadcast_to(numpy.zeros((), x.dtype), x.shape)
    return x.get()


def format_float_positional(x, precision=None, unique=True, fractional=True, trim="k", sign=False, pad_left=None,
                            pad_right=None, min_digits=None):
    """Format a floating-point scalar as a decimal string in positional notation.

    NumPy's numpy.format_float_positional, which also takes a 0-d gpuarray
    array.

    Parameters
    ----------
    x : float, NumPy floating scalar or 0-d ndarray
        The value to format; a 0-d gpuarray array's value is copied to the host.
    precision, unique, fractional, trim, sign, pad_left, pad_right, min_digits
        NumPy's options, with NumPy's defaults and meanings.

    Returns
    -------
    str
        The formatted value.

    Raises
    ------
    TypeError
        If `x` is an array with dimensions (NumPy's error, raised without
        copying the array).

    See Also
    --------
    format_float_scientific

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.format_float_positional(xp.float32(0.1))
    '0.1'
    >>> xp.format_float_positional(xp.array(2.5), precision=3, unique=False)
    '2.500'
    """
    return numpy.format_float_positional(_host_value(x), precision=precision, unique=unique, fractional=fractional,
                                         trim=trim, sign=sign, pad_left=pad_left, pad_right=pad_right,
                                         min_digits=min_digits)


def format_float_scientific(x, precision=None, unique=True, trim="k", sign=False, pad_left=None, exp_digits=None,
                            min_digits=None):
    """Format a floating-point scalar as a decimal string in scientific notation.

    NumPy's numpy.format_float_scientific, which also takes a 0-d gpuarray
    array.

    Parameters
    ----------
    x : float, NumPy floating scalar or 0-d ndarray
        The value to format; a 0-d gpuarray array's value is copied to the host.
    precision, unique, trim, sign, pad_left, exp_digits, min_digits
        NumPy's options, with NumPy's defaults and meanings.

    Returns
    -------
    str
        The formatted value.

    Raises
    ------
    TypeError
        If `x` is an array with dimensions (NumPy's error, raised without
        copying the array).

    See Also
    --------
    format_float_positional

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.format_float_scientific(xp.float64(12345.0))
    '1.2345e+04'
    >>> xp.format_float_scientific(xp.array(0.5), exp_digits=3)
    '5.e-001'
    """
    return numpy.format_float_scientific(_host_value(x), precision=precision, unique=unique, trim=trim, sign=sign,
                                         pad_left=pad_left, exp_digits=exp_digits, min_digits=min_digits)
