# SPDX-License-Identifier: BSD-3-Clause
"""Cumulative sums and products (cumsum, cumprod, nancumsum, nancumprod and
the ndarray methods), ``ufunc.accumulate``, and the differences diff and
ediff1d, with NumPy 2's signatures, result dtypes and errors.

The scans run in the engine (cpp/kernels/scan.cpp, accumulate.cpp): CUB's
single-pass scan for sums and products, a generated sequential kernel for
the other ufuncs' accumulate (docs/scans.md). Arguments are gpuarray arrays
or Python or NumPy scalars (a scalar becomes a 0-d device array); NumPy
arrays and lists raise TypeError, as ufuncs do."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray import _core
from gpuarray._broadcasting import broadcast_to
from gpuarray._core import ndarray
from gpuarray._creation import asarray, empty
from gpuarray._dtypes import can_cast
from gpuarray._joining import concatenate
from gpuarray._math_functions import _asarray
from gpuarray._shapes import ravel
from gpuarray._ufuncs import not_equal, subtract

__all__ = ["cumsum", "cumprod", "nancumsum", "nancumprod", "cumulative_sum", "cumulative_prod", "diff", "ediff1d"]

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


def _cumulative_with_initial(x, axis, dtype, out, include_initial, op):
    """The array API's form of a scan (NumPy 2's cumulative_sum/cumulative_prod): `axis`
    may be left out only for one dimension (a 0-d input counts as one), and
    `include_initial` puts the identity before the first element along it."""
    x = _asarray(x)
    _check_out(out)
    if x.ndim == 0:
        x = x.reshape(1)
    if axis is None:
        if x.ndim > 1:
            raise ValueError("For arrays which have more than one dimension ``axis`` argument is required.")
        axis = 0
    axis = normalize_axis_index(operator.index(axis), x.ndim)
    if dtype is not None:
        dtype = numpy.dtype(dtype)
    if not include_initial:
        return _core._cumulative(x, axis, op, dtype, out, False)
    if out is None:
        shape = x.shape[:axis] + (x.shape[axis] + 1,) + x.shape[axis + 1:]
        out = empty(shape, _core._cumulative_dtype(x.dtype) if dtype is None else dtype)
    along = [slice(None)] * x.ndim
    along[axis] = slice(1, None)
    _core._cumulative(x, axis, op, dtype, out[tuple(along)], False)  # checks out's shape
    along[axis] = 0
    out[tuple(along)] = 0 if op == "sum" else 1
    return out


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """Cumulative sum along an axis, optionally starting with 0 (array API).

    Parameters
    ----------
    x : ndarray or scalar
        Input values (a gpuarray array, or a Python or NumPy scalar; a 0-d
        input counts as one-dimensional). Positional only.
    axis : int, optional
        Axis along which to accumulate. It may be left out only when `x` has
        at most one dimension; there is no flattening, unlike `cumsum`.
    dtype : data-type, optional
        Dtype of the result and of the accumulation; the input is cast to it
        first. By default bool and signed integers narrower than 64 bits give
        int64, unsigned ones uint64, and other dtypes are kept.
    out : ndarray, optional
        Array to write the result into; it must have the result's shape
        (one longer along `axis` with `include_initial`), and the result is
        cast to its dtype.
    include_initial : bool, optional
        If True, the result starts with the identity, 0, along `axis`, so
        it is one element longer there than `x`. Default False.

    Returns
    -------
    cumulative_sum_along_axis : ndarray
        The running sums, a new array (or `out` when given) of `x`'s shape,
        one longer along `axis` with `include_initial`.

    Raises
    ------
    TypeError
        If `x` is not a gpuarray array or a Python or NumPy scalar, `out` is
        not a gpuarray array, or `axis` is not an integer.
    ValueError
        If `axis` is None and `x` has more than one dimension, or `out` does
        not have the result's shape or is read-only.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    The array API's form of `cumsum`. The scan is `cumsum`'s (CUB's
    single-pass scan, on the device, with nothing read back to the host);
    with `include_initial` it writes into the slice of the result after the
    first position along `axis`, and the identity is filled in separately.
    Floating-point sums are associated differently from NumPy's
    sequential loop, so they agree with NumPy's to rounding, not bit for bit;
    float16 is accumulated in float32. Unlike NumPy, `x` must be a gpuarray
    array or a Python or NumPy scalar: lists and NumPy arrays raise
    TypeError.

    See Also
    --------
    cumsum, cumulative_prod, nancumsum, sum

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cumulative_sum(xp.array([1, 2, 3, 4]))
    array([ 1,  3,  6, 10])
    >>> xp.cumulative_sum(xp.array([1, 2, 3, 4]), include_initial=True)
    array([ 0,  1,  3,  6, 10])
    >>> a = xp.array([[1, 2, 3], [4, 5, 6]])
    >>> xp.cumulative_sum(a, axis=1)
    array([[ 1,  3,  6],
           [ 4,  9, 15]])
    >>> xp.cumulative_sum(a, axis=0, include_initial=True)
    array([[0, 0, 0],
           [1, 2, 3],
           [5, 7, 9]])
    """
    return _cumulative_with_initial(x, axis, dtype, out, include_initial, "sum")


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """Cumulative product along an axis, optionally starting with 1 (array API).

    Parameters
    ----------
    x : ndarray or scalar
        Input values (a gpuarray array, or a Python or NumPy scalar; a 0-d
        input counts as one-dimensional). Positional only.
    axis : int, optional
        Axis along which to accumulate. It may be left out only when `x` has
        at most one dimension; there is no flattening, unlike `cumprod`.
    dtype : data-type, optional
        Dtype of the result and of the accumulation; the input is cast to it
        first. By default bool and signed integers narrower than 64 bits give
        int64, unsigned ones uint64, and other dtypes are kept.
    out : ndarray, optional
        Array to write the result into; it must have the result's shape
        (one longer along `axis` with `include_initial`), and the result is
        cast to its dtype.
    include_initial : bool, optional
        If True, the result starts with the identity, 1, along `axis`, so
        it is one element longer there than `x`. Default False.

    Returns
    -------
    cumulative_prod_along_axis : ndarray
        The running products, a new array (or `out` when given) of `x`'s
        shape, one longer along `axis` with `include_initial`.

    Raises
    ------
    TypeError
        If `x` is not a gpuarray array or a Python or NumPy scalar, `out` is
        not a gpuarray array, or `axis` is not an integer.
    ValueError
        If `axis` is None and `x` has more than one dimension, or `out` does
        not have the result's shape or is read-only.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    The array API's form of `cumprod`. The scan is `cumprod`'s (CUB's
    single-pass scan, on the device, with nothing read back to the host);
    with `include_initial` it writes into the slice of the result after the
    first position along `axis`, and the identity is filled in separately.
    Floating-point products are associated differently from NumPy's
    sequential loop, so they agree with NumPy's to rounding, not bit for bit;
    float16 is accumulated in float32. Unlike NumPy, `x` must be a gpuarray
    array or a Python or NumPy scalar: lists and NumPy arrays raise
    TypeError.

    See Also
    --------
    cumprod, cumulative_sum, nancumprod, prod

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cumulative_prod(xp.array([1, 2, 3, 4]))
    array([ 1,  2,  6, 24])
    >>> xp.cumulative_prod(xp.array([1, 2, 3, 4]), include_initial=True)
    array([ 1,  1,  2,  6, 24])
    >>> a = xp.array([[1, 2, 3], [4, 5, 6]])
    >>> xp.cumulative_prod(a, axis=1, include_initial=True)
    array([[  1,   1,   2,   6],
           [  1,   4,  20, 120]])
    """
    return _cumulative_with_initial(x, axis, dtype, out, include_initial, "prod")


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
    return _core._accumulate(ufunc.__name__, array, axis, dtype, out)


# ------------------------------------------------------------------ differences

def _edge(values, a, axis):
    """diff's prepend/append as an array; a scalar is broadcast to one slice of `a` along `axis`."""
    values = values if isinstance(values, ndarray) else asarray(values)
    if values.ndim == 0:
        shape = list(a.shape)
        shape[axis] = 1
        values = broadcast_to(values, tuple(shape))
    return values


def diff(a, n=1, axis=-1, prepend=_NoValue, append=_NoValue):
    """The n-th discrete difference along an axis.

    The first difference is ``a[i+1] - a[i]`` along `axis`; higher ones repeat
    it, each shortening the axis by one.

    Parameters
    ----------
    a : ndarray
        Input array (a gpuarray array of at least one dimension).
    n : int, optional
        How many times to take the difference (default 1). With 0, `a` itself
        is returned unchanged.
    axis : int, optional
        Axis along which to take differences (default -1, the last).
    prepend, append : array_like or scalar, optional
        Values joined to `a` along `axis` before (`prepend`) or after
        (`append`) the differences are taken. A scalar is broadcast to one
        slice of `a` along `axis`; an array must match `a`'s shape on the
        other axes. Unlike `a`, these may also be lists.

    Returns
    -------
    diff : ndarray
        The n-th differences: `a`'s shape with ``n`` fewer elements along
        `axis` (counting the joined values). Bool input gives bool
        (``a[i+1] != a[i]``); otherwise the dtype is that of the subtraction,
        and unsigned integers wrap as in NumPy.

    Raises
    ------
    ValueError
        If `n` is negative or `a` is 0-d.
    TypeError
        If `a` is not a gpuarray array or a Python or NumPy scalar.
    numpy.exceptions.AxisError
        If `axis` is out of range.

    Notes
    -----
    A composition, as NumPy's: `prepend` and `append` are joined with
    `concatenate`, then each difference is one elementwise `subtract` (or
    `not_equal` for bool) of two slices, so ``n`` differences are ``n``
    kernels with a temporary for each. Nothing is read back to the host.

    See Also
    --------
    ediff1d, cumsum, subtract

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([1, 2, 4, 7, 0])
    >>> xp.diff(x)
    array([ 1,  2,  3, -7])
    >>> xp.diff(x, n=2)
    array([  1,   1, -10])
    >>> xp.diff(x, prepend=0)
    array([ 1,  1,  2,  3, -7])
    >>> xp.diff(x, append=[10, 20])
    array([ 1,  2,  3, -7, 10, 10])
    >>> xp.diff(xp.array([[1, 2, 3], [4, 5, 6]]), axis=0)
    array([[3, 3, 3]])
    >>> xp.diff(xp.array([True, False, False, True]))
    array([ True, False,  True])
    """
    if n == 0:
        return a
    if n < 0:
        raise ValueError("order must be non-negative but got " + repr(n))
    a = _asarray(a)
    if a.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    axis = normalize_axis_index(axis, a.ndim)
    parts = []
    if prepend is not _NoValue:
        parts.append(_edge(prepend, a, axis))
    parts.append(a)
    if append is not _NoValue:
        parts.append(_edge(append, a, axis))
    if len(parts) > 1:
        a = concatenate(parts, axis)
    later = [slice(None)] * a.ndim
    earlier = [slice(None)] * a.ndim
    later[axis] = slice(1, None)
    earlier[axis] = slice(None, -1)
    later, earlier = tuple(later), tuple(earlier)
    op = not_equal if a.dtype == numpy.bool_ else subtract
    for _ in range(n):
        a = op(a[later], a[earlier])
    return a


def _ediff_edge(values, dtype, name):
    """ediff1d's to_begin/to_end, flattened; it must cast to the input's dtype under 'same_kind'."""
    if values is None:
        return None
    values = values if isinstance(values, ndarray) else asarray(values)
    if not can_cast(values, dtype, casting="same_kind"):
        raise TypeError(f"dtype of `{name}` must be compatible with input `ary` under the `same_kind` rule.")
    return ravel(values)


def ediff1d(ary, to_end=None, to_begin=None):
    """The differences between consecutive elements of a flattened array.

    Parameters
    ----------
    ary : ndarray or scalar
        Input values (a gpuarray array, or a Python or NumPy scalar); it is
        flattened first.
    to_end : array_like or scalar, optional
        Values appended after the differences (flattened).
    to_begin : array_like or scalar, optional
        Values put before the differences (flattened).

    Returns
    -------
    ediff1d : ndarray
        A 1-D array of ``ary.size - 1`` differences (none for fewer than two
        elements), with `to_begin` before and `to_end` after them, of `ary`'s
        dtype when either is given, else of the subtraction's.

    Raises
    ------
    TypeError
        If `ary` is not a gpuarray array or a Python or NumPy scalar, or
        `to_begin` or `to_end` cannot be cast to `ary`'s dtype under the
        'same_kind' rule.

    Notes
    -----
    As NumPy's: one elementwise `subtract` of two slices, written straight
    into the result when `to_begin` or `to_end` is given (they are copied
    into its ends). Nothing is read back to the host.

    See Also
    --------
    diff, subtract

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([1, 2, 4, 7, 0])
    >>> xp.ediff1d(x)
    array([ 1,  2,  3, -7])
    >>> xp.ediff1d(x, to_begin=-99, to_end=[88, 99])
    array([-99,   1,   2,   3,  -7,  88,  99])
    >>> xp.ediff1d(xp.array([[1, 2, 3], [4, 5, 6]]))
    array([1, 1, 1, 1, 1])
    """
    ary = ravel(_asarray(ary))
    if to_begin is None and to_end is None:
        return subtract(ary[1:], ary[:-1])
    begin = _ediff_edge(to_begin, ary.dtype, "to_begin")
    end = _ediff_edge(to_end, ary.dtype, "to_end")
    n_begin = 0 if begin is None else begin.size
    n_end = 0 if end is None else end.size
    n_diff = max(ary.size - 1, 0)
    result = empty(n_begin + n_diff + n_end, ary.dtype)
    if n_begin:
        result[:n_begin] = begin
    if n_end:
        result[n_begin + n_diff:] = end
    subtract(ary[1:], ary[:-1], out=result[n_begin:n_begin + n_diff])
    return result
