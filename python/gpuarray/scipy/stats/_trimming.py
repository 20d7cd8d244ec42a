# SPDX-License-Identifier: BSD-3-Clause
"""Trimmed data and the trimmed mean: trimboth and trim_mean, with
scipy.stats' signatures.

Both sort along the axis on the device and slice off the same number of
values at each end (``int(proportiontocut * n)``)."""
from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._axis_nan_policy import device_array, reduce_along_axis
from gpuarray.scipy.stats._centering import as_float

__all__ = ["trimboth", "trim_mean"]


def _cuts(proportiontocut, n, strict):
    """(first kept, one past the last kept) of `n` sorted values, with SciPy's ValueError."""
    lowercut = int(proportiontocut * n)
    uppercut = n - lowercut
    if lowercut > uppercut or (strict and lowercut == uppercut):
        raise ValueError("Proportion too big.")
    return lowercut, uppercut


def trimboth(a, proportiontocut, axis=0):
    """Slices off a proportion of the values at both ends of the sorted data.

    Parameters
    ----------
    a : array_like
        Input data (device array, or anything `gpuarray.asarray` accepts).
    proportiontocut : float
        The proportion of values to cut at each end: ``int(proportiontocut * n)``
        of the `n` values along `axis`.
    axis : int or None, optional
        Axis along which to trim (default 0); None trims the flattened array.

    Returns
    -------
    out : ndarray
        The kept values along `axis`, in ascending order, in `a`'s dtype;
        an empty `a` is returned as it is.

    Raises
    ------
    ValueError
        "Proportion too big." when nothing would be left.

    Notes
    -----
    One sort along the axis on the device. SciPy partitions instead and
    returns the kept values in no particular order; sorted values are one
    of the orders it may return.

    See Also
    --------
    trim_mean, scipy.stats.trimboth

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> stats.trimboth(xp.arange(20), 0.1)
    array([ 2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17])
    >>> stats.trimboth(xp.asarray([[5.0, 1.0, 3.0, 9.0], [0.0, 8.0, 4.0, 2.0]]), 0.25, axis=1)
    array([[3., 5.],
           [2., 4.]])
    """
    a = device_array(a)
    if a.size == 0:
        return a
    if axis is None:
        a, axis = xp.reshape(a, (-1,)), 0
    lowercut, uppercut = _cuts(proportiontocut, a.shape[axis], strict=True)
    s = xp.moveaxis(xp.sort(xp.moveaxis(a, axis, -1), axis=-1)[..., lowercut:uppercut], -1, axis)
    return s


def _trim_mean_core(proportiontocut):
    def core(a):
        lowercut, uppercut = _cuts(proportiontocut, a.shape[-1], strict=False)
        kept = xp.sort(a, axis=-1)[..., lowercut:uppercut]
        return (xp.mean(as_float(kept), axis=-1),)
    return core


def trim_mean(a, proportiontocut, axis=0, *, nan_policy="propagate", keepdims=False):
    """Mean of the data with a proportion of the values cut at both ends.

    Parameters
    ----------
    a : array_like
        Input data (device array, or anything `gpuarray.asarray` accepts).
    proportiontocut : float
        The proportion of values to cut at each end of the sorted data:
        ``int(proportiontocut * n)`` of the `n` values of a slice.
    axis : int, tuple of ints or None, optional
        Axis along which the mean is computed (default 0); None uses every element.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs are left out
        before cutting; 'raise': a NaN raises ValueError.
    keepdims : bool, optional
        If True, the reduced axes are left in the result with length 1.

    Returns
    -------
    trim_mean : ndarray
        The trimmed mean, a device array (0-d for a single slice); float64 for
        integer input.

    Raises
    ------
    ValueError
        "Proportion too big." when more than all values would be cut, or for a
        `nan_policy` that is not one of the three (or 'raise' with a NaN).

    Notes
    -----
    One sort and one mean per slice on the device. Cutting exactly all
    values gives NaN, as in SciPy.

    See Also
    --------
    trimboth, scipy.stats.trim_mean

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> float(stats.trim_mean(xp.arange(20), 0.1))
    9.5
    >>> stats.trim_mean(xp.arange(20.0).reshape(5, 4), 0.2)
    array([ 8.,  9., 10., 11.])
    """
    return reduce_along_axis(_trim_mean_core(proportiontocut), [a], axis=axis, nan_policy=nan_policy,
                             keepdims=keepdims)[0]
