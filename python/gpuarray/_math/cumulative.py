# SPDX-License-Identifier: BSD-3-Clause
"""NumPy 2's array-API scans, cumulative_sum and cumulative_prod: `axis` may
be left out only for one dimension (a 0-d input counts as one), and
`include_initial` puts the identity before the first element along it.
The scan itself is the engine's, as cumsum's and cumprod's (_math/scans.py):
CUB's single-pass scan, written straight into the result (or `out`) after
the initial element."""
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray import _core
from gpuarray._array_creation.from_shape import empty
from gpuarray._math.scans import _check_out
from gpuarray._ufunc.rounding import _asarray

__all__ = ["cumulative_sum", "cumulative_prod"]


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
