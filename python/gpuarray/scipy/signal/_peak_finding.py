# SPDX-License-Identifier: BSD-3-Clause
"""Peak finding: argrelextrema, argrelmin and argrelmax on the device
(comparisons with shifted copies, SciPy's 'clip' and 'wrap' ends); and
find_peaks, peak_prominences and peak_widths, which are SciPy's own on the
host: their plateau handling, greedy distance selection and per-peak
searches for the bases are sequential over the peaks, so the 1-D signal is
read back once and the results uploaded. (A device version needs a
segmented scan for the bases; see docs/scipy_signal.md.)"""
import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._host_scipy import scipy_signal, to_host

__all__ = ["argrelextrema", "argrelmin", "argrelmax", "find_peaks", "peak_prominences", "peak_widths"]


def _relative_extrema(data, comparator, axis, order, mode):
    if int(order) != order or order < 1:
        raise ValueError("Order must be an int >= 1")
    data = xp.asarray(data)
    n = data.shape[axis]
    result = xp.ones(data.shape, dtype=bool)
    positions = numpy.arange(n)
    for shift in range(1, int(order) + 1):
        if mode == "clip":
            ahead, behind = numpy.clip(positions + shift, 0, n - 1), numpy.clip(positions - shift, 0, n - 1)
        elif mode == "wrap":
            ahead, behind = (positions + shift) % n, (positions - shift) % n
        else:
            raise ValueError(f"clipmode must be one of 'raise', 'wrap', or 'clip' (got '{mode}')")
        plus = xp.take(data, xp.asarray(ahead), axis=axis)
        minus = xp.take(data, xp.asarray(behind), axis=axis)
        result = result & comparator(data, plus) & comparator(data, minus)
    return result


def argrelextrema(data, comparator, axis=0, order=1, mode="clip"):
    """Calculate the relative extrema of `data`.

    Parameters
    ----------
    data : ndarray
        Array in which to find the relative extrema.
    comparator : callable
        Function comparing two arrays (``numpy.greater``, ``numpy.less``,
        ...), applied to device arrays.
    axis : int, optional
        Axis over which to select from `data` (default 0).
    order : int, optional
        How many points on each side to compare (default 1).
    mode : {'clip', 'wrap'}, optional
        How the ends are treated: clipped (default) or wrapped around.

    Returns
    -------
    extrema : tuple of ndarrays
        Indices of the extrema, one device array per dimension (as
        `nonzero`).

    Raises
    ------
    ValueError
        For `order` below 1.

    See Also
    --------
    argrelmin, argrelmax, find_peaks

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import signal
    >>> x = xp.array([2, 1, 2, 3, 2, 0, 1, 0])
    >>> signal.argrelextrema(x, np.greater)[0].tolist()
    [3, 6]
    """
    return xp.nonzero(_relative_extrema(data, comparator, axis, order, mode))


def argrelmin(data, axis=0, order=1, mode="clip"):
    """Calculate the relative minima of `data`.

    Parameters
    ----------
    data : ndarray
        Array in which to find the relative minima.
    axis : int, optional
        Axis over which to select from `data` (default 0).
    order : int, optional
        How many points on each side to compare (default 1).
    mode : {'clip', 'wrap'}, optional
        How the ends are treated.

    Returns
    -------
    extrema : tuple of ndarrays
        Indices of the minima, one device array per dimension.

    See Also
    --------
    argrelmax, argrelextrema

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.argrelmin(xp.array([2, 1, 2, 3, 2, 0, 1, 0]))[0].tolist()
    [1, 5]
    """
    return argrelextrema(data, numpy.less, axis, order, mode)


def argrelmax(data, axis=0, order=1, mode="clip"):
    """Calculate the relative maxima of `data`.

    Parameters
    ----------
    data : ndarray
        Array in which to find the relative maxima.
    axis : int, optional
        Axis over which to select from `data` (default 0).
    order : int, optional
        How many points on each side to compare (default 1).
    mode : {'clip', 'wrap'}, optional
        How the ends are treated.

    Returns
    -------
    extrema : tuple of ndarrays
        Indices of the maxima, one device array per dimension.

    See Also
    --------
    argrelmin, argrelextrema

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.argrelmax(xp.array([2, 1, 2, 3, 2, 0, 1, 0]))[0].tolist()
    [3, 6]
    """
    return argrelextrema(data, numpy.greater, axis, order, mode)


def _device(value):
    return xp.asarray(value) if isinstance(value, numpy.ndarray) else value


def find_peaks(x, height=None, threshold=None, distance=None, prominence=None, width=None, wlen=None,
               rel_height=0.5, plateau_size=None):
    """Find peaks inside a signal based on peak properties.

    Parameters
    ----------
    x : sequence
        A signal with peaks (1-D).
    height : number or ndarray or sequence, optional
        Required height of peaks (minimum, or an interval).
    threshold : number or ndarray or sequence, optional
        Required vertical distance to the neighbouring samples.
    distance : number, optional
        Required minimal horizontal distance between neighbouring peaks.
    prominence : number or ndarray or sequence, optional
        Required prominence of peaks.
    width : number or ndarray or sequence, optional
        Required width of peaks in samples.
    wlen : int, optional
        Window length for the prominences.
    rel_height : float, optional
        Relative height at which the widths are measured.
    plateau_size : number or ndarray or sequence, optional
        Required size of the flat top of peaks in samples.

    Returns
    -------
    peaks : ndarray
        Indices of the peaks that satisfy all conditions, on the device.
    properties : dict
        The properties SciPy returns for the conditions given, each a
        device array.

    Raises
    ------
    ValueError
        SciPy's, for a signal that is not 1-D or bad conditions.

    Notes
    -----
    SciPy's find_peaks on the host: `x` (and array-valued conditions) are
    read back, the peaks and properties uploaded.

    See Also
    --------
    peak_prominences, peak_widths, argrelmax

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> peaks, props = signal.find_peaks(xp.array([0.0, 2.0, 0.0, 1.0, 1.0, 0.0, 3.0, 0.0]), height=1.5)
    >>> peaks.tolist(), props['peak_heights'].tolist()
    ([1, 6], [2.0, 3.0])
    """
    peaks, properties = scipy_signal().find_peaks(
        to_host(x), height=to_host(height), threshold=to_host(threshold), distance=distance,
        prominence=to_host(prominence), width=to_host(width), wlen=wlen, rel_height=rel_height,
        plateau_size=to_host(plateau_size))
    return xp.asarray(peaks), {k: _device(v) for k, v in properties.items()}


def peak_prominences(x, peaks, wlen=None):
    """Calculate the prominence of each peak in a signal.

    Parameters
    ----------
    x : sequence
        A signal with peaks.
    peaks : sequence
        Indices of peaks in `x`.
    wlen : int, optional
        A window length in samples limiting the search for the bases.

    Returns
    -------
    prominences : ndarray
        The prominence of each peak.
    left_bases : ndarray
        The peaks' left bases.
    right_bases : ndarray
        The peaks' right bases.

    Notes
    -----
    SciPy's peak_prominences on the host; results uploaded.

    See Also
    --------
    find_peaks, peak_widths

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> p, left, right = signal.peak_prominences(xp.array([0.0, 2.0, 1.0, 3.0, 0.0]), [1, 3])
    >>> p.tolist()
    [1.0, 3.0]
    """
    return tuple(xp.asarray(v) for v in scipy_signal().peak_prominences(to_host(x), to_host(peaks), wlen=wlen))


def peak_widths(x, peaks, rel_height=0.5, prominence_data=None, wlen=None):
    """Calculate the width of each peak in a signal.

    Parameters
    ----------
    x : sequence
        A signal with peaks.
    peaks : sequence
        Indices of peaks in `x`.
    rel_height : float, optional
        Relative height at which the widths are measured (default 0.5).
    prominence_data : tuple, optional
        The output of `peak_prominences` for the same peaks.
    wlen : int, optional
        Window length for the prominences, when they are computed here.

    Returns
    -------
    widths : ndarray
        The widths in samples.
    width_heights : ndarray
        The heights at which the widths were measured.
    left_ips, right_ips : ndarray
        Interpolated positions of the left and right intersection points.

    Notes
    -----
    SciPy's peak_widths on the host; results uploaded.

    See Also
    --------
    find_peaks, peak_prominences

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> w = signal.peak_widths(xp.array([0.0, 1.0, 2.0, 1.0, 0.0]), [2])[0]
    >>> w.tolist()
    [2.0]
    """
    if prominence_data is not None:
        prominence_data = tuple(to_host(v) for v in prominence_data)
    result = scipy_signal().peak_widths(to_host(x), to_host(peaks), rel_height=rel_height,
                                        prominence_data=prominence_data, wlen=wlen)
    return tuple(xp.asarray(v) for v in result)
