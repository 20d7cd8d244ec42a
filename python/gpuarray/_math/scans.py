# SPDX-License-Identifier: BSD-3-Clause
"""Cumulative sums and products (cumsum, cumprod, nancumsum, nancumprod and
the ndarray methods) and ``ufunc.accumulate``, with NumPy 2's signatures,
result dtypes and errors.

The scans run in the engine (cpp/kernels/scan.cpp, accumulate.cpp): CUB's
single-pass scan for sums and products, a generated sequential kernel for
the other ufuncs' accumulate (docs/scans.md). Arguments are gpuarray arrays
or Python or NumPy scalars (a scalar becomes a 0-d device array); NumPy
arrays and lists raise TypeError, as ufuncs do. The array API's forms,
cumulative_sum and cumulative_prod, are in _math/cumulative.py; diff and ediff1d
in _math/differences.py."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray import _core
from gpuarray._array_manipulation.shapes import ravel
from gpuarray._core import ndarray
from gpuarray._ufunc.rounding import _asarray

__all__ = ["cumsum", "cumprod", "nancumsum", "nancumprod"]

_NoValue = numpy._NoValue


def _check_out(out):
    if out is not None and not isinstance(out, ndarray):
        raise TypeError(f"out must be a gpuarray.ndarray, not {type(out).__name__}")
    return out


def _cumulative(a, axis, dtype, out, op, nan):
    """The scan of `a` along `axis` (None: of the flattened array), as NumPy's
    cumsum/cumprod: bool and small integers accumulate in int64/uint64 unless
    `dtype` says otherwise; a 0-d array counts as one-dimensional."""
    a = _asarray(a)
    _check_out(out)
    if axis is None:
        a, axis = ravel(a), 0
    else:
        if a.ndim == 0:
            a = a.reshape(1)
        axis = normalize_axis_index(operator.index(axis), a.ndim)
    if dtype is not None:
        dtype = numpy.dtype(dtype)
    return _core._cumulative(a, axis, op, dtype, out, nan)


def cumsum(a, axis=None, dtype=None, out=None):
    """Cumulative sum of the elements along an axis.

    Parameters
    ----------
    a : ndarray or scalar
        Input values (a gpuarray array, or a Python or NumPy scalar).
    axis : int or None, optional
        Axis along which to accumulate; None (default) accumulates over the
        flattened array. A 0-d input counts as one-dimensional.
    dtype : data-type, optional
        Dtype of the result and of the accumulation; the input is cast to it
        first. By default bool and signed integers narrower than 64 bits give
        int64, unsigned ones uint64, and other dtypes are kept.
    out : ndarray, optional
        Array to write the result into; it must have the result's shape, and
        the result is cast to its dtype.

    Returns
    -------
    cumsum_along_axis : ndarray
        The running sums, a new array (or `out` when given) of `a`'s shape, or
        1-D of ``a.size`` elements when `axis` is None.

    Raises
    ------
    TypeError
        If `a` is not a gpuarray array or a Python or NumPy scalar, `out` is
        not a gpuarray array, or `axis` is not an integer.
    numpy.exceptions.AxisError
        If `axis` is out of range.
    ValueError
        If `out` does not have the result's shape or is read-only.

    Notes
    -----
    The scan runs on the device without reading anything back to the host:
    CUB's single-pass inclusive scan (a scan by key, the key being the row,
    when there are several rows along other axes), after one elementwise copy
    that casts the input and puts the scanned axis last unless it already is
    a C-contiguous array of the working dtype. Integer and bool results are
    accumulated in 64 bits and cast back, which gives NumPy's wrapped results
    for narrow dtypes; float16 is accumulated in float32 and rounded once at
    the end, so long float16 scans can differ from NumPy's (which rounds each
    partial result) in the last bits. Floating-point sums are associated
    differently from NumPy's sequential loop, so they agree with NumPy's to
    rounding, not bit for bit. Unlike NumPy, `a` must be a gpuarray array or
    a Python or NumPy scalar: lists and NumPy arrays raise TypeError.

    See Also
    --------
    cumulative_sum, nancumsum, cumprod, sum, diff, ndarray.cumsum

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2, 3], [4, 5, 6]])
    >>> xp.cumsum(a)
    array([ 1,  3,  6, 10, 15, 21])
    >>> xp.cumsum(a, axis=0)
    array([[1, 2, 3],
           [5, 7, 9]])
    >>> xp.cumsum(a, axis=1, dtype=float)
    array([[ 1.,  3.,  6.],
           [ 4.,  9., 15.]])
    >>> xp.cumsum(xp.array([True, True, False]))
    array([1, 2, 2])
    """
    return _cumulative(a, axis, dtype, out, "sum", False)


def cumprod(a, axis=None, dtype=None, out=None):
    """Cumulative product of the elements along an axis.

    Parameters
    ----------
    a : ndarray or scalar
        Input values (a gpuarray array, or a Python or NumPy scalar).
    axis : int or None, optional
        Axis along which to accumulate; None (default) accumulates over the
        flattened array. A 0-d input counts as one-dimensional.
    dtype : data-type, optional
        Dtype of the result and of the accumulation; the input is cast to it
        first. By default bool and signed integers narrower than 64 bits give
        int64, unsigned ones uint64, and other dtypes are kept.
    out : ndarray, optional
        Array to write the result into; it must have the result's shape, and
        the result is cast to its dtype.

    Returns
    -------
    cumprod : ndarray
        The running products, a new array (or `out` when given) of `a`'s
        shape, or 1-D of ``a.size`` elements when `axis` is None.

    Raises
    ------
    TypeError
        If `a` is not a gpuarray array or a Python or NumPy scalar, `out` is
        not a gpuarray array, or `axis` is not an integer.
    numpy.exceptions.AxisError
        If `axis` is out of range.
    ValueError
        If `out` does not have the result's shape or is read-only.

    Notes
    -----
    The scan runs on the device without reading anything back to the host:
    CUB's single-pass inclusive scan (a scan by key, the key being the row,
    when there are several rows along other axes), after one elementwise copy
    that casts the input and puts the scanned axis last unless it already is
    a C-contiguous array of the working dtype. Integer and bool results are
    accumulated in 64 bits and cast back, which gives NumPy's wrapped results
    for narrow dtypes; float16 is accumulated in float32 and rounded once at
    the end, so long float16 scans can differ from NumPy's (which rounds each
    partial result) in the last bits. Floating-point products are associated
    differently from NumPy's sequential loop, so they agree with NumPy's to
    rounding, not bit for bit. Unlike NumPy, `a` must be a gpuarray array or
    a Python or NumPy scalar: lists and NumPy arrays raise TypeError.

    See Also
    --------
    cumulative_prod, nancumprod, cumsum, prod, ndarray.cumprod

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2, 3], [4, 5, 6]])
    >>> xp.cumprod(a)
    array([  1,   2,   6,  24, 120, 720])
    >>> xp.cumprod(a, axis=1)
    array([[  1,   2,   6],
           [  4,  20, 120]])
    >>> xp.cumprod(xp.array([1.5, 2.0, 4.0]))
    array([ 1.5,  3. , 12. ])
    """
    return _cumulative(a, axis, dtype, out, "prod", False)


def nancumsum(a, axis=None, dtype=None, out=None):
    """Cumulative sum of the elements along an axis, with NaNs counted as zero.

    Leading NaNs give zeros, and an all-NaN slice gives zeros, not NaN.

    Parameters
    ----------
    a : ndarray or scalar
        Input values (a gpuarray array, or a Python or NumPy scalar); for
        non-floating dtypes this is `cumsum`.
    axis : int or None, optional
        Axis along which to accumulate; None (default) accumulates over the
        flattened array. A 0-d input counts as one-dimensional.
    dtype : data-type, optional
        Dtype of the result and of the accumulation; the input is cast to it
        first. By default bool and signed integers narrower than 64 bits give
        int64, unsigned ones uint64, and other dtypes are kept.
    out : ndarray, optional
        Array to write the result into; it must have the result's shape, and
        the result is cast to its dtype.

    Returns
    -------
    nancumsum : ndarray
        The running sums with NaNs skipped, a new array (or `out` when given)
        of `a`'s shape, or 1-D of ``a.size`` elements when `axis` is None.

    Raises
    ------
    TypeError
        If `a` is not a gpuarray array or a Python or NumPy scalar, `out` is
        not a gpuarray array, or `axis` is not an integer.
    numpy.exceptions.AxisError
        If `axis` is out of range.
    ValueError
        If `out` does not have the result's shape or is read-only.

    Notes
    -----
    The scan runs on the device without reading anything back to the host:
    CUB's single-pass inclusive scan (a scan by key, the key being the row,
    when there are several rows along other axes), after one elementwise copy
    that casts the input and puts the scanned axis last unless it already is
    a C-contiguous array of the working dtype. Integer and bool results are
    accumulated in 64 bits and cast back, which gives NumPy's wrapped results
    for narrow dtypes; float16 is accumulated in float32 and rounded once at
    the end, so long float16 scans can differ from NumPy's (which rounds each
    partial result) in the last bits. Floating-point sums are associated
    differently from NumPy's sequential loop, so they agree with NumPy's to
    rounding, not bit for bit. Unlike NumPy, `a` must be a gpuarray array or
    a Python or NumPy scalar: lists and NumPy arrays raise TypeError.

    NaNs are replaced by 0 in the same elementwise copy that prepares
    the scan, so this costs no extra pass over the data.

    See Also
    --------
    cumsum, nancumprod, nansum, cumulative_sum

    Examples
    --------
    >>> import gpuarray as xp
    >>> b = xp.array([[1.0, xp.nan], [3.0, 4.0]])
    >>> xp.nancumsum(b)
    array([1., 1., 4., 8.])
    >>> xp.nancumsum(b, axis=0)
    array([[1., 0.],
           [4., 4.]])
    >>> xp.nancumsum(xp.array([xp.nan, xp.nan]))
    array([0., 0.])
    """
    return _cumulative(a, axis, dtype, out, "sum", True)


def nancumprod(a, axis=None, dtype=None, out=None):
    """Cumulative product of the elements along an axis, with NaNs counted as one.

    Leading NaNs give ones, and an all-NaN slice gives ones, not NaN.

    Parameters
    ----------
    a : ndarray or scalar
        Input values (a gpuarray array, or a Python or NumPy scalar); for
        non-floating dtypes this is `cumprod`.
    axis : int or None, optional
        Axis along which to accumulate; None (default) accumulates over the
        flattened array. A 0-d input counts as one-dimensional.
    dtype : data-type, optional
        Dtype of the result and of the accumulation; the input is cast to it
        first. By default bool and signed integers narrower than 64 bits give
        int64, unsigned ones uint64, and other dtypes are kept.
    out : ndarray, optional
        Array to write the result into; it must have the result's shape, and
        the result is cast to its dtype.

    Returns
    -------
    nancumprod : ndarray
        The running products with NaNs skipped, a new array (or `out` when
        given) of `a`'s shape, or 1-D of ``a.size`` elements when `axis` is
        None.

    Raises
    ------
    TypeError
        If `a` is not a gpuarray array or a Python or NumPy scalar, `out` is
        not a gpuarray array, or `axis` is not an integer.
    numpy.exceptions.AxisError
        If `axis` is out of range.
    ValueError
        If `out` does not have the result's shape or is read-only.

    Notes
    -----
    The scan runs on the device without reading anything back to the host:
    CUB's single-pass inclusive scan (a scan by key, the key being the row,
    when there are several rows along other axes), after one elementwise copy
    that casts the input and puts the scanned axis last unless it already is
    a C-contiguous array of the working dtype. Integer and bool results are
    accumulated in 64 bits and cast back, which gives NumPy's wrapped results
    for narrow dtypes; float16 is accumulated in float32 and rounded once at
    the end, so long float16 scans can differ from NumPy's (which rounds each
    partial result) in the last bits. Floating-point products are associated
    differently from NumPy's sequential loop, so they agree with NumPy's to
    rounding, not bit for bit. Unlike NumPy, `a` must be a gpuarray array or
    a Python or NumPy scalar: lists and NumPy arrays raise TypeError.

    NaNs are replaced by 1 in the same elementwise copy that prepares
    the scan, so this costs no extra pass over the data.

    See Also
    --------
    cumprod, nancumsum, nanprod, cumulative_prod

    Examples
    --------
    >>> import gpuarray as xp
    >>> b = xp.array([[1.0, xp.nan], [3.0, 4.0]])
    >>> xp.nancumprod(b)
    array([ 1.,  1.,  3., 12.])
    >>> xp.nancumprod(b, axis=1)
    array([[ 1.,  1.],
           [ 3., 12.]])
    """
    return _cumulative(a, axis, dtype, out, "prod", True)


def _accumulate_axis(axis, ndim):
    """accumulate's one axis: None means 0 for a 1-d array; a tuple must name one axis."""
    if axis is None:
        if ndim != 1:
            raise ValueError("accumulate does not allow multiple axes")
        return 0
    if isinstance(axis, tuple):
        axes = [normalize_axis_index(operator.index(ax), ndim) for ax in axis]
        if len(axes) != 1:
            raise ValueError("accumulate does not allow multiple axes")
        return axes[0]
    return normalize_axis_index(operator.index(axis), ndim)


def accumulate(ufunc, array, axis=0, dtype=None, out=None):
    """``ufunc.accumulate(array, axis, dtype, out)``: NumPy's loop for the
    input (add and multiply widen bool and small integers, as cumsum does);
    add and multiply run the CUB scan, other ufuncs a sequential kernel."""
    if ufunc.nin != 2 or ufunc.nout != 1:
        raise ValueError("accumulate only supported for binary functions")
    array = _asarray(array)
    if array.ndim == 0:
        raise TypeError("cannot accumulate on a scalar")
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry")
        out = out[0]
    _check_out(out)
    axis = _accumulate_axis(axis, array.ndim)
    if dtype is not None:
        dtype = numpy.dtype(dtype)
    return _core._accumulate(ufunc.__name__, array, axis, dtype, out, ufunc._module)
