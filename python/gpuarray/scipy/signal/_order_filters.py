# SPDX-License-Identifier: BSD-3-Clause
"""Rank filters with zero padding: medfilt, medfilt2d, order_filter, and
the local-statistics wiener filter.

Note [Rank filter by sorting windows]: the zero-padded input is viewed as
its sliding windows (a strided view: every output's neighbourhood along
new trailing axes), the footprint's positions are gathered into one
trailing axis, and that axis is sorted; the rank-th value is the output.
The gather materializes outputs x footprint values, so the work runs in
slabs of the first axis of at most ~2^26 values. Correct for every dtype
and footprint, but a sort per output: a sorting-network or histogram kernel
(issue 27 item 3) would be much faster for large windows."""
import math
import warnings

import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._convolution import correlate

__all__ = ["medfilt", "medfilt2d", "order_filter", "wiener"]

_SLAB_VALUES = 1 << 26


def _rank_filter(a, rank, footprint):
    """a's zero-padded rank filter over the boolean host `footprint` (odd sizes, centred)."""
    shape = footprint.shape
    positions = numpy.flatnonzero(footprint.reshape(-1))
    if a.size == 0:
        return xp.copy(a)
    padded = xp.pad(a, [(k // 2, k // 2) for k in shape])
    out = xp.empty(a.shape, dtype=a.dtype)
    index = xp.asarray(positions)
    row_values = max(1, math.prod(a.shape[1:]) * positions.size)
    rows = max(1, _SLAB_VALUES // row_values)
    for start in range(0, a.shape[0], rows):
        stop = min(a.shape[0], start + rows)
        slab = padded[start:stop + shape[0] - 1]
        slab = xp.ascontiguousarray(slab)
        window_shape = (stop - start,) + a.shape[1:] + shape
        strides = tuple(slab.strides) + tuple(slab.strides)
        windows = xp.strided(slab, window_shape, strides)
        # the windows overlap in memory: gather them into a fresh array before flattening the window axes
        gathered = xp.take(xp.ascontiguousarray(windows).reshape(window_shape[:a.ndim] + (-1,)), index, axis=-1)
        out[start:stop] = xp.sort(gathered, axis=-1)[..., rank]
    return out


def _kernel_sizes(kernel_size, ndim):
    sizes = numpy.asarray([3] * ndim if kernel_size is None else kernel_size)
    if sizes.shape == ():
        sizes = numpy.repeat(sizes, ndim)
    return [int(k) for k in sizes]


def medfilt(volume, kernel_size=None):
    """Perform a median filter on an N-dimensional array.

    Parameters
    ----------
    volume : array_like
        An N-dimensional input array (integers, float32 or float64).
    kernel_size : array_like, optional
        The odd window size in each dimension (a scalar for all; default 3).

    Returns
    -------
    out : ndarray
        The median-filtered array, same shape and dtype, zero-padded at the
        edges, on the device.

    Raises
    ------
    ValueError
        For an unsupported dtype or an even kernel size.

    Warns
    -----
    UserWarning
        When the kernel is larger than the volume (it is zero-padded).

    Notes
    -----
    Note [Rank filter by sorting windows]: every output's window is sorted
    on the device.

    See Also
    --------
    medfilt2d, order_filter

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.medfilt(xp.array([2.0, 6.0, 5.0, 4.0, 0.0, 3.0, 5.0, 7.0, 9.0, 2.0, 0.0, 1.0])).tolist()
    [2.0, 5.0, 5.0, 4.0, 3.0, 3.0, 5.0, 7.0, 7.0, 2.0, 1.0, 0.0]
    >>> signal.medfilt(xp.arange(9).reshape(3, 3)).tolist()
    [[0, 1, 0], [1, 4, 2], [0, 4, 0]]
    """
    volume = xp.asarray(volume)
    if volume.ndim == 0:
        volume = volume.reshape(1)
    if not (volume.dtype.kind in "iu" or volume.dtype in (numpy.float32, numpy.float64)):
        raise ValueError(f"dtype={volume.dtype} is not supported by medfilt")
    sizes = _kernel_sizes(kernel_size, volume.ndim)
    for k in sizes:
        if k % 2 != 1:
            raise ValueError("Each element of kernel_size should be odd.")
    if any(k > s for k, s in zip(sizes, volume.shape)):
        warnings.warn("kernel_size exceeds volume extent: the volume will be zero-padded.", stacklevel=2)
    size = math.prod(sizes)
    return _rank_filter(volume, size // 2, numpy.ones(sizes, dtype=bool))


def medfilt2d(input, kernel_size=3):
    """Median filter a 2-dimensional array.

    Parameters
    ----------
    input : array_like
        A 2-dimensional input array.
    kernel_size : array_like, optional
        The odd window size in each dimension (a scalar for both; default 3).

    Returns
    -------
    out : ndarray
        The median-filtered array, zero-padded at the edges, on the device.

    Raises
    ------
    ValueError
        For an even kernel size or an unsupported dtype.

    See Also
    --------
    medfilt

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.medfilt2d(xp.ones((3, 3))).tolist()
    [[0.0, 1.0, 0.0], [1.0, 1.0, 1.0], [0.0, 1.0, 0.0]]
    >>> signal.medfilt2d(xp.ones((4, 4), dtype=xp.uint8), 1).tolist()
    [[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]]
    """
    image = xp.asarray(input)
    if image.dtype.type not in (numpy.ubyte, numpy.float32, numpy.float64):
        return medfilt(image, kernel_size)
    sizes = _kernel_sizes(kernel_size, 2)
    for k in sizes:
        if k % 2 != 1:
            raise ValueError("Each element of kernel_size should be odd.")
    return _rank_filter(image, math.prod(sizes) // 2, numpy.ones(sizes, dtype=bool))


def order_filter(a, domain, rank):
    """Perform an order filter on an N-D array.

    Parameters
    ----------
    a : ndarray
        The N-dimensional input array (integers, float32 or float64).
    domain : array_like
        A mask with as many dimensions as `a`, odd sizes: the neighbours
        (its nonzero elements) each output ranks.
    rank : int
        Which of the sorted neighbours is the output (0: the smallest).

    Returns
    -------
    out : ndarray
        The filtered array, same shape and dtype, zero-padded at the edges,
        on the device.

    Raises
    ------
    ValueError
        For an even `domain` size or an unsupported dtype.

    Notes
    -----
    Note [Rank filter by sorting windows]. The `domain` mask is read to the
    host (it is small).

    See Also
    --------
    medfilt

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> x = xp.arange(25.0).reshape(5, 5)
    >>> signal.order_filter(x, xp.identity(3), 0).tolist()[1]
    [0.0, 0.0, 1.0, 2.0, 0.0]
    >>> signal.order_filter(x, xp.identity(3), 2).tolist()[1]
    [11.0, 12.0, 13.0, 14.0, 9.0]
    """
    domain = numpy.asarray(xp.asnumpy(domain) if isinstance(domain, xp.ndarray) else domain)
    for size in domain.shape:
        if size % 2 != 1:
            raise ValueError("Each dimension of domain argument should have an odd number of elements.")
    a = xp.asarray(a)
    if not (a.dtype.kind in "iu" or a.dtype in (numpy.float32, numpy.float64)):
        raise ValueError(f"dtype={a.dtype} is not supported by order_filter")
    if domain.ndim != a.ndim:
        raise RuntimeError("footprint array has incorrect shape.")
    count = int(numpy.count_nonzero(domain))
    if not -count <= rank < count:
        raise ValueError("rank not within filter footprint size")
    return _rank_filter(a, rank % count, domain.astype(bool))


def wiener(im, mysize=None, noise=None):
    """Perform a Wiener filter on an N-dimensional array.

    Parameters
    ----------
    im : ndarray
        An N-dimensional array.
    mysize : int or array_like, optional
        The size of the local window in each dimension (default 3).
    noise : float, optional
        The noise power; default the mean of the local variance.

    Returns
    -------
    out : ndarray
        Wiener filtered result, same shape as `im`, on the device.

    Notes
    -----
    Local means and variances by `correlate` with a box of ones (direct or
    FFT by the cost model, so rounding may differ from SciPy's in the last
    digits where the FFT is used).

    See Also
    --------
    medfilt

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.wiener(xp.ones((4, 4))).shape
    (4, 4)
    >>> signal.wiener(xp.arange(9.0).reshape(3, 3), noise=0.0).dtype
    dtype('float64')
    """
    im = xp.asarray(im)
    if mysize is None:
        mysize = [3] * im.ndim
    if numpy.asarray(mysize).shape == ():
        mysize = [mysize] * im.ndim
    box = xp.ones(tuple(int(m) for m in mysize))
    size = float(math.prod(int(m) for m in mysize))
    local_mean = correlate(im, box, "same") / size
    local_var = correlate(im ** 2, box, "same") / size - local_mean ** 2
    if noise is None:
        noise = xp.mean(local_var.reshape(-1), axis=0)
    res = (im - local_mean) * (1 - noise / local_var) + local_mean
    return xp.where(local_var < noise, local_mean, res)
