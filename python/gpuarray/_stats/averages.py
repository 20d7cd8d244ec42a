# SPDX-License-Identifier: BSD-3-Clause
"""Averages and correlations: average, cov and corrcoef, and trace (with
ndarray.trace), with NumPy 2's semantics (results stay on the device; 0-d
arrays stand for NumPy's scalars); the weights check that average and the
weighted quantiles share.

The order statistics are in _stats/medians.py (median, nanmedian), _stats/quantiles.py
(percentile, quantile) and _stats/nan_quantiles.py (nanpercentile, nanquantile),
over the sorted rows of _stats/sorted_rows.py."""
import warnings

import numpy
from numpy.lib.array_utils import normalize_axis_tuple

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty, full
from gpuarray._array_manipulation.axes import atleast_2d
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._core import ndarray
from gpuarray._reduction.moments import mean
from gpuarray._reduction.reductions import all as _all, any as _any, sum as _sum
from gpuarray._ufunc.rounding import clip
from gpuarray._ufunc.ufuncs import conjugate, multiply, rint, sqrt

__all__ = ["average", "cov", "corrcoef", "trace"]


def _array(a):
    return a if isinstance(a, ndarray) else asarray(a)


def _weights_like(a, weights, axis):
    """`weights` checked against `a` as NumPy does, shaped to broadcast against `a`
    (weights along `axis`, a normalized tuple, get ones elsewhere)."""
    w = _array(weights)
    if w.shape != a.shape:
        if axis is None:
            raise TypeError("Axis must be specified when shapes of a and weights differ.")
        if w.shape != tuple(a.shape[ax] for ax in axis):
            raise ValueError("Shape of weights must be consistent with shape of a along specified axis.")
        w = w.transpose(tuple(int(i) for i in numpy.argsort(axis)))
        w = w.reshape(tuple(s if ax in axis else 1 for ax, s in enumerate(a.shape)))
    return w


# ---------------------------------------------------------------- averages and correlations

def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """Weighted average along the given axes.

    Computes ``sum(a * w) / sum(w)`` over the axes; without weights this is the
    arithmetic mean.

    Parameters
    ----------
    a : array_like
        Input array (device array, or anything `asarray` accepts).
    axis : int, tuple of ints or None, optional
        Axes to average over; None (default) averages every element.
    weights : array_like, optional
        Weights of `a`'s shape or, with `axis`, of the shape of the axes
        averaged over (in the order of `axis`). None weighs every element 1.
    returned : bool, optional
        If True, return the pair ``(average, sum_of_weights)``, the sum of
        weights broadcast to the average's shape.
    keepdims : bool, optional
        If True, the reduced axes stay in the result with length 1.

    Returns
    -------
    average : ndarray or tuple of ndarray
        The averages, in float64 for integer and bool input (else the common
        dtype of `a` and `weights`); with `returned`, also the sum of the
        weights. A full reduction gives 0-d device arrays where NumPy gives
        scalars.

    Raises
    ------
    ZeroDivisionError
        If the weights along some slice sum to zero or, without weights, if
        the result is empty.
    TypeError
        If `weights` differs from `a` in shape and `axis` is None.
    ValueError
        If `weights` does not have the shape of the axes averaged over.

    Notes
    -----
    With weights, the check that no sum of weights is zero reads a flag back
    to the host, which waits for the device. Sums are taken by the device
    reductions, whose summation order differs from NumPy's pairwise summation,
    so floating results may differ from NumPy's in the last bits.

    See Also
    --------
    mean, sum, median

    Examples
    --------
    >>> import gpuarray as xp
    >>> data = xp.arange(1, 5)
    >>> float(xp.average(data))
    2.5
    >>> float(xp.average(data, weights=xp.array([4, 3, 2, 1])))
    2.0
    >>> a = xp.arange(6).reshape(3, 2)
    >>> xp.average(a, axis=1, weights=xp.array([0.25, 0.75]))
    array([0.75, 2.75, 4.75])
    >>> avg, total = xp.average(a, axis=0, returned=True)
    >>> avg
    array([2., 3.])
    >>> total
    array([3., 3.])
    """
    a = _array(a)
    if axis is not None:
        axis = normalize_axis_tuple(axis, a.ndim, "axis")
    if weights is None:
        avg = mean(a, axis, keepdims=keepdims)
        count = a.size / avg.size  # ZeroDivisionError for an empty result, as NumPy
        if not returned:
            return avg
        return avg, full(avg.shape, count, avg.dtype)
    w = _weights_like(a, weights, axis)
    if a.dtype.kind in "biu":
        dtype = numpy.result_type(a.dtype, w.dtype, numpy.float64)
    else:
        dtype = numpy.result_type(a.dtype, w.dtype)
    scale = _sum(w, axis=axis, dtype=dtype, keepdims=keepdims)
    if bool(_any(scale == 0)):
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    avg = _sum(multiply(a, w, dtype=dtype), axis=axis, keepdims=keepdims) / scale
    if not returned:
        return avg
    if scale.shape != avg.shape:
        scale = broadcast_to(scale, avg.shape).copy()
    return avg, scale


def _stack_rows(x, y):
    if x.shape[1] != y.shape[1]:
        raise ValueError("all the input array dimensions except for the concatenation axis must match exactly, "
                         f"but along dimension 1, the array at index 0 has size {x.shape[1]} and the array at "
                         f"index 1 has size {y.shape[1]}")
    out = empty((x.shape[0] + y.shape[0], x.shape[1]), x.dtype)
    out[:x.shape[0]] = x
    out[x.shape[0]:] = y
    return out


def _observation_weights(weights, kind, n):
    """fweights or aweights as float64, checked as NumPy does."""
    w = asarray(weights, dtype=numpy.float64)
    if kind == "fweights" and not bool(_all(w == rint(w))):
        raise TypeError("fweights must be integer")
    if w.ndim > 1:
        raise RuntimeError(f"cannot handle multidimensional {kind}")
    if w.shape[0] != n:
        raise RuntimeError(f"incompatible numbers of samples and {kind}")
    if bool(_any(w < 0)):
        raise ValueError(f"{kind} cannot be negative")
    return w


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None):
    """Covariance matrix of the given variables.

    Each row of `m` (each column with ``rowvar=False``) is a variable and each
    column an observation of all variables; `y` adds variables.

    Parameters
    ----------
    m : array_like
        1-D or 2-D array of variables and observations.
    y : array_like, optional
        More variables, of the same form as `m` and with as many observations.
    rowvar : bool, optional
        If True (default) rows are variables; otherwise columns are.
    bias : bool, optional
        If False (default) normalize by ``N - 1``, else by ``N`` (N is the
        number of observations, or the sum of the weights). Overridden by `ddof`.
    ddof : int, optional
        If given, normalize by ``N - ddof`` instead.
    fweights : array_like of int, optional
        1-D integer frequency weights: how often each observation occurs.
    aweights : array_like, optional
        1-D observation weights (reliability weights).
    dtype : data-type, optional
        Dtype of the result; by default at least float64.

    Returns
    -------
    out : ndarray
        The covariance matrix of the variables; a 0-d device array for a
        single variable (NumPy also gives a 0-d array there).

    Raises
    ------
    ValueError
        If `ddof` is not an integer, `m` or `y` has more than two dimensions,
        `m` and `y` have different numbers of observations, or a weight is
        negative.
    TypeError
        If `fweights` holds non-integer values.
    RuntimeError
        If `fweights` or `aweights` is not 1-D or does not have one weight
        per observation.

    Warns
    -----
    RuntimeWarning
        "Degrees of freedom <= 0 for slice" when the normalizing factor is not
        positive (the result is then inf or NaN).

    Notes
    -----
    There is no matrix product here yet: the product of the centred data with
    its conjugate transpose is a broadcast product summed over the
    observations, which needs a temporary of ``variables**2 * observations``
    elements. The weight checks and the normalizing factor are read back to
    the host, which waits for the device. Summation order differs from
    NumPy's, so floating results may differ from NumPy's in the last bits.

    See Also
    --------
    corrcoef, average, var

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([[0, 1, 2], [2, 1, 0]])
    >>> xp.cov(x)
    array([[ 1., -1.],
           [-1.,  1.]])
    >>> xp.cov(x, rowvar=False, bias=True)
    array([[ 1.,  0., -1.],
           [ 0.,  0.,  0.],
           [-1.,  0.,  1.]])
    >>> float(xp.cov(xp.array([1.0, 2.0, 3.0, 6.0])))
    4.666666666666666
    >>> xp.cov(xp.array([1.0, 2.0, 3.0]), xp.array([3.0, 1.0, 2.0]))
    array([[ 1. , -0.5],
           [-0.5,  1. ]])
    """
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    m = _array(m)
    if m.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    if y is not None:
        y = _array(y)
        if y.ndim > 2:
            raise ValueError("y has more than 2 dimensions")
    if dtype is None:
        dtype = numpy.result_type(m.dtype, numpy.float64) if y is None else \
            numpy.result_type(m.dtype, y.dtype, numpy.float64)
    x = atleast_2d(m.astype(dtype))
    if not rowvar and m.ndim != 1:
        x = x.T
    if x.shape[0] == 0:
        return empty((0, 0), numpy.float64)
    if y is not None:
        y = atleast_2d(y.astype(dtype))
        if not rowvar and y.shape[0] != 1:
            y = y.T
        x = _stack_rows(x, y)
    if ddof is None:
        ddof = 0 if bias else 1
    w = None
    if fweights is not None:
        w = _observation_weights(fweights, "fweights", x.shape[1])
    if aweights is not None:
        aweights = _observation_weights(aweights, "aweights", x.shape[1])
        w = aweights if w is None else w * aweights
    avg, w_sum = average(x, axis=1, weights=w, returned=True)
    w_sum = w_sum.dtype.type(w_sum[0].item())  # a NumPy scalar: NumPy orders complex ones
    if w is None:
        fact = x.shape[1] - ddof
    elif ddof == 0:
        fact = w_sum
    elif aweights is None:
        fact = w_sum - ddof
    else:
        fact = w_sum - ddof * _sum(w * aweights).item() / w_sum
    if fact <= 0:
        warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=2)
        fact = 0.0
    x = x - avg.reshape(-1, 1)
    xw = x if w is None else x * w
    nvar, nobs = x.shape
    c = _sum(x.reshape(nvar, 1, nobs) * conjugate(xw).reshape(1, nvar, nobs), axis=-1)
    c = c * numpy.true_divide(1, fact).item()  # inf for no degrees of freedom, as NumPy
    return c.squeeze()


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """Pearson product-moment correlation coefficients.

    The covariance matrix of `cov` divided by the product of the standard
    deviations, ``R[i, j] = C[i, j] / sqrt(C[i, i] * C[j, j])``.

    Parameters
    ----------
    x : array_like
        1-D or 2-D array of variables and observations, as for `cov`.
    y : array_like, optional
        More variables, of the same form as `x`.
    rowvar : bool, optional
        If True (default) rows are variables; otherwise columns are.
    dtype : data-type, optional
        Dtype of the result; by default at least float64.

    Returns
    -------
    R : ndarray
        The correlation coefficients, clipped to [-1, 1] (for complex data the
        real and imaginary parts are clipped separately). A single variable
        gives a 0-d device array (1, or NaN for constant data).

    Raises
    ------
    ValueError, TypeError, RuntimeError
        As `cov`, for invalid inputs.

    Notes
    -----
    NumPy's `bias` and `ddof` parameters, deprecated and without effect in
    NumPy, are not accepted. The matrix is computed by `cov`, with the same
    memory use and host synchronisation. A variable of constant data has zero
    standard deviation and gives NaN coefficients, as in NumPy.

    See Also
    --------
    cov

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([[0, 1, 2], [2, 1, 0]])
    >>> xp.corrcoef(x)
    array([[ 1., -1.],
           [-1.,  1.]])
    >>> xp.corrcoef(xp.array([1.0, 2.0, 3.0]), xp.array([3.0, 1.0, 2.0]))
    array([[ 1. , -0.5],
           [-0.5,  1. ]])
    """
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim == 0:
        return c / c
    stddev = sqrt(c.diagonal().real)
    c = c / stddev.reshape(-1, 1) / stddev.reshape(1, -1)
    if c.dtype.kind != "c":
        return clip(c, -1, 1)
    c.real = clip(c.real, -1, 1)
    c.imag = clip(c.imag, -1, 1)
    return c


# ---------------------------------------------------------------- diagonals

def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """Sum along a diagonal of an array.

    Parameters
    ----------
    a : array_like
        Array of at least two dimensions.
    offset : int, optional
        Diagonal to sum: 0 (default) the main one, positive above it,
        negative below it.
    axis1, axis2 : int, optional
        The two axes whose planes hold the diagonals (default 0 and 1).
    dtype : data-type, optional
        Dtype of the sum, as for `sum` (by default the input's, with small
        integers promoted as `sum` does).
    out : ndarray, optional
        Device array to write the result into.

    Returns
    -------
    sum_along_diagonals : ndarray
        For 2-D input a 0-d device array (NumPy gives a scalar); otherwise the
        sums of the diagonals of every plane, with the shape of `a` without
        `axis1` and `axis2`.

    Raises
    ------
    ValueError
        If `a` has fewer than two dimensions or `axis1` equals `axis2`.
    numpy.exceptions.AxisError
        If an axis is out of range.

    Notes
    -----
    A view of the diagonal is reduced with `sum` on the device; nothing is
    read back to the host.

    See Also
    --------
    diagonal, sum

    Examples
    --------
    >>> import gpuarray as xp
    >>> float(xp.trace(xp.eye(3)))
    3.0
    >>> int(xp.trace(xp.arange(9).reshape(3, 3), offset=1))
    6
    >>> xp.trace(xp.arange(8).reshape(2, 2, 2))
    array([6, 8])
    """
    return _sum(_array(a).diagonal(offset, axis1, axis2), axis=-1, dtype=dtype, out=out)


def _trace_method(self, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """The sum along a diagonal of the array: ``gpuarray.trace(a, offset, axis1, axis2, dtype, out)``.

    Parameters
    ----------
    offset : int, optional
        The diagonal: 0 the main one, positive above it, negative below.
    axis1, axis2 : int, optional
        The plane's axes.
    dtype : dtype, optional
        The type of the sum.
    out : ndarray, optional
        Where to write the result.

    Returns
    -------
    ndarray
        The sums (0-d for a 2-D array).

    See Also
    --------
    gpuarray.trace, ndarray.diagonal

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(9).reshape(3, 3)
    >>> int(a.trace())
    12
    >>> int(a.trace(offset=1))
    6
    """
    return trace(self, offset, axis1, axis2, dtype, out)
