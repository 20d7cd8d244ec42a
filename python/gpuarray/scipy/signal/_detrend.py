# SPDX-License-Identifier: BSD-3-Clause
"""detrend: remove the mean, or a least-squares line per segment between
breakpoints, along an axis. The line's fit is closed form (centred sums),
one reduction pass per segment, vectorized over the other axes."""
import operator

import numpy

from gpuarray.scipy.signal import _array_ops as xp

__all__ = ["detrend"]


def detrend(data, axis=-1, type="linear", bp=0, overwrite_data=False):
    """Remove linear or constant trend along axis from data.

    Parameters
    ----------
    data : array_like
        The input data.
    axis : int, optional
        The axis along which to detrend (default -1).
    type : {'linear', 'constant'}, optional
        'linear' (default): subtract a least-squares line fitted to each
        segment; 'constant': subtract the mean. 'l' and 'c' are accepted.
    bp : array_like of ints, optional
        Breakpoints between the segments of a 'linear' detrend.
    overwrite_data : bool, optional
        Accepted for SciPy's signature; a new array is always returned.

    Returns
    -------
    ret : ndarray
        The detrended data, float64 (or the input's float32/complex dtype),
        on the device.

    Raises
    ------
    ValueError
        For an unknown `type` or a breakpoint past the end of the data.

    Notes
    -----
    The line of each segment is fitted in closed form (slope from the
    centred sums), which is the least-squares solution SciPy computes with
    lstsq; results agree to rounding.

    See Also
    --------
    gpuarray.mean

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> xp.asnumpy(signal.detrend(xp.array([1.0, 2.0, 3.0, 4.0]))).round(12).tolist()
    [0.0, 0.0, 0.0, 0.0]
    >>> signal.detrend(xp.array([1.0, 2.0, 6.0]), type='constant').tolist()
    [-2.0, -1.0, 3.0]
    """
    if type not in ("linear", "l", "constant", "c"):
        raise ValueError("Trend type must be 'linear' or 'constant'.")
    data = xp.asarray(data)
    dtype = data.dtype if data.dtype.char in "dfDF" else numpy.dtype(numpy.float64)
    axis = operator.index(axis)
    if type in ("constant", "c"):
        return (data - xp.mean(data, axis=axis, keepdims=True)).astype(dtype, copy=False)
    n = data.shape[axis]
    breaks = numpy.sort(numpy.unique(numpy.concatenate([numpy.atleast_1d(0), numpy.atleast_1d(bp),
                                                         numpy.atleast_1d(n)]).astype(numpy.int64)))
    if numpy.any(breaks > n):
        raise ValueError("Breakpoints must be less than length of data along given axis.")
    moved = xp.moveaxis(data.astype(dtype), axis, -1)
    pieces = []
    for start, stop in zip(breaks[:-1], breaks[1:]):
        segment = moved[..., int(start):int(stop)]
        length = int(stop - start)
        t = numpy.arange(1, length + 1, dtype=numpy.float64) / length
        t = t - t.mean()
        centred = segment - xp.mean(segment, axis=-1, keepdims=True)
        denominator = float(numpy.dot(t, t))
        t_device = xp.asarray(t.astype(dtype.char.lower() if dtype.kind == "c" else dtype))
        if denominator > 0:
            slope = xp.sum(centred * t_device, axis=-1, keepdims=True) / denominator
            centred = centred - slope * t_device
        pieces.append(centred)
    out = xp.concatenate(pieces, axis=-1) if pieces else moved
    return xp.moveaxis(out, -1, axis).astype(dtype, copy=False)
