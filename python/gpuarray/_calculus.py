# SPDX-License-Identifier: BSD-3-Clause
"""Numerical integration: trapezoid, NumPy's composition of slices,
elementwise arithmetic and one sum over the device arrays."""
import operator

from gpuarray._creation import asarray
from gpuarray._scans import diff

__all__ = ["trapezoid"]


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """Integrate along the given axis using the composite trapezoidal rule.

    ``sum(d * (y[1:] + y[:-1]) / 2)`` along `axis`, where ``d`` is the spacing
    of the sample points.

    Parameters
    ----------
    y : array_like
        The values to integrate (host data is copied to the device first).
    x : array_like, optional
        The sample points: 1-D of ``y.shape[axis]`` values, or an array of
        `y`'s shape. None (default) spaces them `dx` apart.
    dx : scalar, optional
        The spacing when `x` is None (default 1.0).
    axis : int, optional
        The axis to integrate along (default -1).

    Returns
    -------
    trapezoid : ndarray
        `y`'s shape without `axis`; a 0-d array for 1-D input (NumPy returns
        a scalar). Its dtype is that of the arithmetic, as NumPy's (float64
        for integer `y`).

    Raises
    ------
    IndexError
        If `axis` is out of range for `y` (NumPy's error here, not AxisError),
        or `y` is 0-d.
    ValueError
        If `x` does not broadcast against `y` along `axis`.

    Notes
    -----
    NumPy's own formula, kernel for kernel: one `diff` of `x`, an add of the
    shifted slices of `y`, a multiply and a divide, then a `sum`, whose
    summation order differs from NumPy's (results may differ in the last
    bits). Bool `y` adds as NumPy's bool addition does (logical or).

    See Also
    --------
    sum, cumsum, diff

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.trapezoid(xp.array([1, 2, 3]))
    array(4.)
    >>> xp.trapezoid(xp.array([1, 2, 3]), x=xp.array([4, 6, 8]))
    array(8.)
    >>> xp.trapezoid(xp.array([[0, 1, 2], [3, 4, 5]]), axis=0)
    array([1.5, 2.5, 3.5])
    """
    y = asarray(y)
    axis = operator.index(axis)
    if not -y.ndim <= axis < y.ndim:
        raise IndexError("list assignment index out of range")  # NumPy's, from its list of slices
    axis %= y.ndim
    if x is None:
        d = dx
    else:
        x = asarray(x)
        if x.ndim == 1:
            d = diff(x)
            shape = [1] * y.ndim
            shape[axis] = d.shape[0]
            d = d.reshape(shape)  # along `axis`, broadcast over the others
        else:
            d = diff(x, axis=axis)
    later = tuple(slice(1, None) if k == axis else slice(None) for k in range(y.ndim))
    earlier = tuple(slice(None, -1) if k == axis else slice(None) for k in range(y.ndim))
    return (d * (y[later] + y[earlier]) / 2.0).sum(axis)
