# SPDX-License-Identifier: BSD-3-Clause
"""numpy.interp on the device: one elementwise kernel, each point found by
binary search over the sample points (gpuarray/interp.cuh holds NumPy's
rules); periodic data is first folded into one period as NumPy folds it."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_manipulation.joining import concatenate
from gpuarray._sorting_searching.sorting import argsort
from gpuarray._user_kernels.elementwise_kernel import ElementwiseKernel

__all__ = ["interp"]

_interpolate = ElementwiseKernel(
    "float64 x, raw float64 xp, raw F fp, int64 n, F left, F right", "F y",
    "y = ga::interp::at(x, xp, fp, n, left, right);", "ga_interp", preamble='#include "gpuarray/interp.cuh"')


def _samples(values):
    """Sample points or values as a 1-D device array, with NumPy's errors."""
    values = asarray(values)
    if values.ndim != 1:
        raise ValueError("object of too small depth for desired array" if values.ndim == 0 else
                         "setting an array element with a sequence. The requested array would exceed the maximum "
                         "number of dimension of 1.")
    return values


def interp(x, xp, fp, left=None, right=None, period=None):
    """One-dimensional linear interpolation for monotonically increasing sample points.

    The piecewise-linear function through the points ``(xp, fp)``,
    evaluated at `x`.

    Parameters
    ----------
    x : array_like
        Where to evaluate (any shape; host data is copied to the device
        first).
    xp : 1-D sequence of floats
        The sample points, increasing (not checked, as in NumPy); with
        `period`, in any order.
    fp : 1-D sequence of float or complex
        The values at `xp`, as many.
    left : float or complex, optional
        The value below ``xp[0]`` (default ``fp[0]``).
    right : float or complex, optional
        The value above ``xp[-1]`` (default ``fp[-1]``).
    period : None or float, optional
        The period of periodic sample points: `x` and `xp` are folded into
        one period, and `left` and `right` are ignored.

    Returns
    -------
    y : ndarray
        Of `x`'s shape: float64, or complex128 for complex `fp`; a 0-d array
        for a scalar `x` (NumPy returns a scalar).

    Raises
    ------
    ValueError
        If `xp` or `fp` is not 1-D, they differ in length, `xp` is empty,
        or `period` is 0.
    TypeError
        If `x` or `xp` is complex.

    Notes
    -----
    One kernel: a binary search per point, then NumPy's formula and its
    handling of exact hits, NaN and infinite values (gpuarray/interp.cuh),
    so real results match NumPy's bit for bit. With `period`, NumPy's
    folding: a `mod`, an `argsort` of the sample points and two
    concatenations first.

    See Also
    --------
    searchsorted

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.interp(2.5, xp.array([1, 2, 3]), xp.array([3, 2, 0]))
    array(1.)
    >>> xp.interp(xp.array([0, 1, 1.5, 2.72, 3.14]), xp.array([1, 2, 3]), xp.array([3, 2, 0]))
    array([3.  , 3.  , 2.5 , 0.56, 0.  ])
    >>> xp.interp(3.14, xp.array([1, 2, 3]), xp.array([3, 2, 0]), right=-99.0)
    array(-99.)
    >>> xp.interp(xp.array([-180, 190]), xp.array([-170, 170]), xp.array([0.0, 1.0]), period=360)
    array([0.5, 0. ])
    """
    x = asarray(x)
    xp = _samples(xp)
    fp = _samples(fp)
    if x.dtype.kind == "c" or xp.dtype.kind == "c":
        raise TypeError("float() argument must be a string or a real number, not 'complex'")  # NumPy's words
    dtype = numpy.dtype(numpy.complex128 if fp.dtype.kind == "c" else numpy.float64)
    x, xp, fp = x.astype(numpy.float64, copy=False), xp.astype(numpy.float64, copy=False), fp.astype(dtype,
                                                                                                     copy=False)
    if period is not None:
        if period == 0:
            raise ValueError("period must be a non-zero value")
        if xp.shape[0] != fp.shape[0]:
            raise ValueError("fp and xp are not of the same length")
        period = abs(period)
        left = right = None
        x = x % period
        xp = xp % period
        order = argsort(xp)
        xp, fp = xp[order], fp[order]
        xp = concatenate((xp[-1:] - period, xp, xp[0:1] + period))
        fp = concatenate((fp[-1:], fp, fp[0:1]))
    n = xp.shape[0]
    if n == 0:
        raise ValueError("array of sample points is empty")
    if fp.shape[0] != n:
        raise ValueError("fp and xp are not of the same length.")
    left = fp[0] if left is None else dtype.type(left)
    right = fp[-1] if right is None else dtype.type(right)
    return _interpolate(x, xp, fp, numpy.int64(n), left, right)
