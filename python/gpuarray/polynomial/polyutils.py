# SPDX-License-Identifier: BSD-3-Clause
"""numpy.polynomial.polyutils over device arrays: coefficient series
(lowest power first) made 1-D and of one dtype, trimmed of trailing zeros,
and the linear maps between domains.

Trimming is the one thing that reads the device: how many coefficients
remain is the result's length, so one reduction finds it and one integer is
read back per series."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.joining import stack
from gpuarray._core import ndarray
from gpuarray._ufunc.ufuncs import absolute

__all__ = ["as_series", "trimseq", "trimcoef", "getdomain", "mapdomain", "mapparms", "format_float"]

# Host printing of one number: NumPy's function itself.
format_float = numpy.polynomial.polyutils.format_float


def _kept_length(keep):
    """One past the last True of the 1-D device mask `keep` (0 if none):
    one reduction, one integer read back."""
    return int((keep * arange(1, keep.shape[0] + 1)).max()) if keep.shape[0] else 0


def trimseq(seq):
    """Remove small Poly series coefficients.

    Removes the trailing zeros of `seq`, keeping at least one coefficient.

    Parameters
    ----------
    seq : sequence
        Coefficients, lowest power first: a 1-D device array, or any host
        sequence (handled as NumPy's function handles it).

    Returns
    -------
    series : sequence
        `seq` itself when its last coefficient is nonzero or it is empty,
        else a slice of it (a view for a device array) without the trailing
        zeros; ``seq[:1]`` if all are zero.

    Notes
    -----
    For a device array the length kept is read back to the host, which waits
    for the device.

    See Also
    --------
    trimcoef, as_series

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polyutils
    >>> polyutils.trimseq(xp.array([1.0, 2.0, 0.0, 0.0]))
    array([1., 2.])
    >>> polyutils.trimseq(xp.array([0.0, 0.0]))
    array([0.])
    """
    if not isinstance(seq, ndarray):
        return numpy.polynomial.polyutils.trimseq(seq)
    if len(seq) == 0:
        return seq
    return seq[:max(_kept_length(seq != 0), 1)]


def as_series(alist, trim=True):
    """Return argument as a list of 1-d arrays.

    Each item becomes a 1-D device array (scalars get one axis), all of one
    floating or complex dtype, the result of `numpy.common_type`.

    Parameters
    ----------
    alist : sequence of array_like
        The coefficient series, lowest power first (host data is copied to
        the device).
    trim : bool, optional
        Whether to remove trailing zeros from each series (default True).

    Returns
    -------
    list of ndarray
        New device arrays (copies), one per series.

    Raises
    ------
    ValueError
        If a series is empty or has more than one dimension ("Coefficient
        array is empty", "Coefficient array is not 1-d"), checked before any
        host data is copied; or if the dtypes have no common floating type
        (booleans, for instance).

    Notes
    -----
    NumPy falls back to object arrays where there is no common type; device
    arrays hold no objects, so that case raises the ValueError NumPy raises
    when none of the inputs is an object array. Trimming reads one integer
    back per series.

    See Also
    --------
    trimseq, trimcoef

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polyutils
    >>> polyutils.as_series([xp.arange(3), [1, 0]])
    [array([0., 1., 2.]), array([1.])]
    >>> polyutils.as_series([[1.0, 0.0]], trim=False)
    [array([1., 0.])]
    """
    shapes = [numpy.shape(a) if not isinstance(a, ndarray) and not hasattr(a, "__cuda_array_interface__")
              else None for a in alist]
    for shape in shapes:  # host data: its errors before any copy
        if shape is not None:
            _check_series_shape(shape if len(shape) else (1,))
    arrays = [asarray(a) for a in alist]
    arrays = [a.reshape(1) if a.ndim == 0 else a for a in arrays]
    for a in arrays:
        _check_series_shape(a.shape)
    if trim:
        arrays = [trimseq(a) for a in arrays]
    try:
        dtype = numpy.common_type(*[numpy.empty(0, a.dtype) for a in arrays])
    except TypeError as e:
        raise ValueError("Coefficient arrays have no common type") from e
    return [a.astype(dtype, copy=True) for a in arrays]


def _check_series_shape(shape):
    if 0 in shape:
        raise ValueError("Coefficient array is empty")
    if len(shape) != 1:
        raise ValueError("Coefficient array is not 1-d")


def trimcoef(c, tol=0):
    """Remove "small" "trailing" coefficients from a polynomial.

    Parameters
    ----------
    c : array_like
        1-D coefficients, lowest power first.
    tol : number, optional
        Trailing coefficients whose absolute value is at most `tol` are
        removed (default 0: only zeros).

    Returns
    -------
    trimmed : ndarray
        A copy without those coefficients, in `as_series`'s dtype; ``[0]``
        if none is left.

    Raises
    ------
    ValueError
        If `tol` is negative, or as `as_series`.

    Notes
    -----
    One integer (the length kept) is read back to the host.

    See Also
    --------
    trimseq, as_series

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polyutils
    >>> polyutils.trimcoef(xp.array([0.0, 0.0, 3.0, 0.0, 5.0, 0.0, 0.0]))
    array([0., 0., 3., 0., 5.])
    >>> polyutils.trimcoef(xp.array([0.0, 1e-3, 3.0, 1e-5, 1e-4]), 1e-3)
    array([0.e+00, 1.e-03, 3.e+00])
    """
    if tol < 0:
        raise ValueError("tol must be non-negative")
    [c] = as_series([c])
    kept = _kept_length(absolute(c) > tol)
    return c[:1] * 0 if kept == 0 else c[:kept].copy()


def getdomain(x):
    """Return a domain suitable for given abscissae.

    Parameters
    ----------
    x : array_like
        1-D abscissae.

    Returns
    -------
    domain : ndarray
        ``[min, max]`` of `x` (in `as_series`'s dtype); for complex `x`, the
        corners of the smallest rectangle holding it, lower left first, as
        complex128.

    See Also
    --------
    mapdomain, mapparms

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polyutils
    >>> polyutils.getdomain(xp.array([1.0, 4.0, -2.0]))
    array([-2.,  4.])
    >>> polyutils.getdomain(xp.array([1 + 1j, -1 + 0j, 0 - 1j]))
    array([-1.-1.j,  1.+1.j])
    """
    [x] = as_series([x], trim=False)
    if x.dtype.kind == "c":
        re, im = x.real.astype(numpy.float64), x.imag.astype(numpy.float64)
        return stack([re.min() + 1j * im.min(), re.max() + 1j * im.max()])
    return stack([x.min(), x.max()])


def mapparms(old, new):
    """Linear map parameters between domains.

    The offset and scale of the map ``off + scl * x`` taking `old` to `new`.

    Parameters
    ----------
    old, new : array_like
        Two-element domains ``[a, b]``.

    Returns
    -------
    off, scl : scalar or 0-d ndarray
        Host numbers for host domains, 0-d device arrays for device domains.

    See Also
    --------
    mapdomain, getdomain

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polyutils
    >>> polyutils.mapparms((-1, 1), (-1, 3))
    (1.0, 2.0)
    >>> off, scl = polyutils.mapparms(xp.array([0.0, 2.0]), xp.array([1.0, 2.0]))
    >>> float(off), float(scl)
    (1.0, 0.5)
    """
    old_length = old[1] - old[0]
    new_length = new[1] - new[0]
    off = (old[1] * new[0] - old[0] * new[1]) / old_length
    return off, new_length / old_length


def mapdomain(x, old, new):
    """Apply linear map to input points.

    Maps `x` by the linear map taking domain `old` to domain `new`.

    Parameters
    ----------
    x : array_like
        Points (host arrays are copied to the device; Python and NumPy
        scalars stay scalars).
    old, new : array_like
        Two-element domains.

    Returns
    -------
    x_out : ndarray or scalar
        ``off + scl * x`` (see `mapparms`).

    See Also
    --------
    mapparms, getdomain

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.polynomial import polyutils
    >>> polyutils.mapdomain(xp.array([0.0, 1.0, 2.0]), (0, 2), (-1, 1))
    array([-1.,  0.,  1.])
    >>> polyutils.mapdomain(0.5, (0, 1), (0, 10))
    5.0
    """
    if type(x) not in (int, float, complex) and not isinstance(x, numpy.generic):
        x = asarray(x)
    off, scl = mapparms(old, new)
    return off + scl * x
