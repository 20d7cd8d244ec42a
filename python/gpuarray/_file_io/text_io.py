# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's text input and output through the host: loadtxt, savetxt,
genfromtxt and fromregex. NumPy parses and formats; arrays cross between host
and device as in _file_io/binary_io.py, which also says what a device array refuses."""
import numpy

from gpuarray._file_io.binary_io import _check_like, _to_device, _to_host

__all__ = ["loadtxt", "savetxt", "genfromtxt", "fromregex"]


def loadtxt(fname, dtype=float, comments="#", delimiter=None, converters=None, skiprows=0, usecols=None,
            unpack=False, ndmin=0, encoding=None, max_rows=None, *, quotechar=None, like=None):
    """Load data from a text file.

    Parameters
    ----------
    fname : file, str, pathlib.Path, list of str or generator
        The text to read, as for ``numpy.loadtxt``.
    dtype, comments, delimiter, converters, skiprows, usecols, unpack, ndmin, encoding, max_rows, quotechar
        NumPy's options, with NumPy's defaults and meanings.
    like : ndarray, optional
        None or a gpuarray array (the result is a device array either way).

    Returns
    -------
    out : ndarray or tuple of ndarray
        The data on the device; with ``unpack=True`` one device array per
        column.

    Raises
    ------
    ValueError
        As ``numpy.loadtxt`` for text it cannot parse.
    TypeError
        For a structured `dtype`, which device arrays do not hold.

    See Also
    --------
    savetxt, genfromtxt, load

    Examples
    --------
    >>> import gpuarray as xp
    >>> import io
    >>> xp.loadtxt(io.StringIO("1 2\\n3 4"))
    array([[1., 2.],
           [3., 4.]])
    >>> x, y = xp.loadtxt(io.StringIO("1,2\\n3,4"), delimiter=",", unpack=True)
    >>> y
    array([2., 4.])
    """
    _check_like(like, "loadtxt")
    result = numpy.loadtxt(fname, dtype=dtype, comments=comments, delimiter=delimiter, converters=converters,
                           skiprows=skiprows, usecols=usecols, unpack=unpack, ndmin=ndmin, encoding=encoding,
                           max_rows=max_rows, quotechar=quotechar)
    if isinstance(result, tuple):
        return tuple(_to_device(r, "loadtxt") for r in result)
    return _to_device(result, "loadtxt")


def savetxt(fname, X, fmt="%.18e", delimiter=" ", newline="\n", header="", footer="", comments="# ",
            encoding=None):
    """Save an array to a text file.

    Parameters
    ----------
    fname : file, str or pathlib.Path
        Where to write, as for ``numpy.savetxt``.
    X : array_like
        A 1-D or 2-D array; a device array is copied to the host first.
    fmt, delimiter, newline, header, footer, comments, encoding
        NumPy's options, with NumPy's defaults and meanings.

    Returns
    -------
    None

    Raises
    ------
    ValueError
        As ``numpy.savetxt`` (an array of more than two dimensions, a format
        that does not fit).

    See Also
    --------
    loadtxt, save

    Examples
    --------
    >>> import gpuarray as xp
    >>> import io
    >>> f = io.StringIO()
    >>> xp.savetxt(f, xp.array([[1, 2], [3, 4]]), fmt="%d", delimiter=",")
    >>> print(f.getvalue(), end="")
    1,2
    3,4
    """
    numpy.savetxt(fname, _to_host(X), fmt=fmt, delimiter=delimiter, newline=newline, header=header, footer=footer,
                  comments=comments, encoding=encoding)


def genfromtxt(fname, dtype=float, comments="#", delimiter=None, skip_header=0, skip_footer=0, converters=None,
               missing_values=None, filling_values=None, usecols=None, names=None, excludelist=None,
               deletechars=" !#$%&'()*+,-./:;<=>?@[\\]^{|}~", replace_space="_", autostrip=False,
               case_sensitive=True, defaultfmt="f%i", unpack=None, usemask=False, loose=True, invalid_raise=True,
               max_rows=None, encoding=None, *, ndmin=0, like=None):
    """Load data from a text file, with missing values handled as specified.

    Parameters
    ----------
    fname : file, str, pathlib.Path, list of str or generator
        The text to read, as for ``numpy.genfromtxt``.
    dtype, comments, delimiter, skip_header, skip_footer, converters, missing_values, filling_values, usecols,\
 names, excludelist, deletechars, replace_space, autostrip, case_sensitive, defaultfmt, unpack, usemask, loose,\
 invalid_raise, max_rows, encoding, ndmin
        NumPy's options, with NumPy's defaults and meanings.
    like : ndarray, optional
        None or a gpuarray array (the result is a device array either way).

    Returns
    -------
    out : ndarray or tuple of ndarray
        The data on the device (missing values as `filling_values` made
        them, NaN by default for floats).

    Raises
    ------
    ValueError
        As ``numpy.genfromtxt`` for rows it cannot parse.
    TypeError
        When the result would be a structured array (`names`, a structured
        or None `dtype` with mixed columns) or a masked array (``usemask=True``):
        device arrays hold neither.

    See Also
    --------
    loadtxt, savetxt

    Examples
    --------
    >>> import gpuarray as xp
    >>> import io
    >>> xp.genfromtxt(io.StringIO("1,,3\\n4,5,6"), delimiter=",")
    array([[ 1., nan,  3.],
           [ 4.,  5.,  6.]])
    >>> xp.genfromtxt(io.StringIO("1,,3"), delimiter=",", filling_values=0)
    array([1., 0., 3.])
    """
    _check_like(like, "genfromtxt")
    result = numpy.genfromtxt(
        fname, dtype=dtype, comments=comments, delimiter=delimiter, skip_header=skip_header, skip_footer=skip_footer,
        converters=converters, missing_values=missing_values, filling_values=filling_values, usecols=usecols,
        names=names, excludelist=excludelist, deletechars=deletechars, replace_space=replace_space,
        autostrip=autostrip, case_sensitive=case_sensitive, defaultfmt=defaultfmt, unpack=unpack, usemask=usemask,
        loose=loose, invalid_raise=invalid_raise, max_rows=max_rows, encoding=encoding, ndmin=ndmin)
    if isinstance(result, tuple):
        return tuple(_to_device(r, "genfromtxt") for r in result)
    return _to_device(result, "genfromtxt")


def fromregex(file, regexp, dtype, encoding=None):
    """Construct an array from a text file, using regular expression parsing.

    Parameters
    ----------
    file : file, str or pathlib.Path
        The text to read, as for ``numpy.fromregex``.
    regexp : str or regexp
        The pattern; each match's groups become one row.
    dtype : dtype
        The result's dtype. NumPy requires a structured dtype here, which a
        device array cannot hold, unless it has a single field: that field's
        values are returned.
    encoding : str, optional
        NumPy's option.

    Returns
    -------
    out : ndarray
        The matched values on the device: for a one-field structured `dtype`,
        that field (a plain array); see Raises for more fields.

    Raises
    ------
    TypeError
        If `dtype` has more than one field (device arrays are not structured).

    See Also
    --------
    loadtxt, genfromtxt

    Examples
    --------
    >>> import gpuarray as xp
    >>> import io
    >>> xp.fromregex(io.StringIO("x=1 x=22 x=333"), r"x=(\\d+)", [("num", xp.int64)])
    array([  1,  22, 333])
    """
    result = numpy.fromregex(file, regexp, dtype, encoding=encoding)
    if result.dtype.names is not None and len(result.dtype.names) == 1:
        result = result[result.dtype.names[0]]
    return _to_device(result, "fromregex")
