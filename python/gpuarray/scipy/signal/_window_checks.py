# SPDX-License-Identifier: BSD-3-Clause
"""check_COLA and check_NOLA: whether a window's overlapping copies add up
to a constant (COLA) or never to zero (NOLA), the conditions for STFT
inversion. A few sums over one window's samples, on the host."""
import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal.windows import get_window

__all__ = ["check_COLA", "check_NOLA"]


def _window_values(window, nperseg):
    if isinstance(window, str) or type(window) is tuple:
        return xp.asnumpy(get_window(window, nperseg))
    win = numpy.asarray(xp.asnumpy(window) if isinstance(window, xp.ndarray) else window)
    if win.ndim != 1:
        raise ValueError("window must be 1-D")
    if win.shape[0] != nperseg:
        raise ValueError("window must have length of nperseg")
    return win


def _bin_sums(win, nperseg, step):
    sums = sum(win[i * step:(i + 1) * step] for i in range(nperseg // step))
    if nperseg % step:
        sums[:nperseg % step] += win[-(nperseg % step):]
    return sums


def check_COLA(window, nperseg, noverlap, tol=1e-10):
    """Check whether the Constant OverLap Add (COLA) constraint is met.

    Parameters
    ----------
    window : str or tuple or array_like
        The window (a `get_window` name, or its values).
    nperseg : int
        Length of each segment.
    noverlap : int
        Number of points to overlap between segments.
    tol : float, optional
        The allowed deviation of a bin's sum from the median sum.

    Returns
    -------
    verdict : bool
        True if the window satisfies COLA within `tol`.

    Raises
    ------
    ValueError
        For a non-positive `nperseg`, `noverlap` not below it, or a window
        of the wrong shape.

    Notes
    -----
    Computed on the host from the window's values.

    See Also
    --------
    check_NOLA, stft, istft

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.check_COLA('hann', 64, 32)
    True
    >>> signal.check_COLA(('tukey', 0.5), 64, 10)
    False
    """
    nperseg = int(nperseg)
    if nperseg < 1:
        raise ValueError("nperseg must be a positive integer")
    if noverlap >= nperseg:
        raise ValueError("noverlap must be less than nperseg.")
    noverlap = int(noverlap)
    win = _window_values(window, nperseg)
    sums = _bin_sums(win, nperseg, nperseg - noverlap)
    return bool(numpy.max(numpy.abs(sums - numpy.median(sums))) < tol)


def check_NOLA(window, nperseg, noverlap, tol=1e-10):
    """Check whether the Nonzero Overlap Add (NOLA) constraint is met.

    Parameters
    ----------
    window : str or tuple or array_like
        The window (a `get_window` name, or its values).
    nperseg : int
        Length of each segment.
    noverlap : int
        Number of points to overlap between segments.
    tol : float, optional
        The smallest allowed sum of squared window values per bin.

    Returns
    -------
    verdict : bool
        True if the window satisfies NOLA.

    Raises
    ------
    ValueError
        For a non-positive `nperseg`, `noverlap` negative or not below it,
        or a window of the wrong shape.

    Notes
    -----
    Computed on the host from the window's values.

    See Also
    --------
    check_COLA, istft

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.check_NOLA('hann', 64, 32)
    True
    >>> signal.check_NOLA('boxcar', 64, 0)
    True
    """
    nperseg = int(nperseg)
    if nperseg < 1:
        raise ValueError("nperseg must be a positive integer")
    if noverlap >= nperseg:
        raise ValueError("noverlap must be less than nperseg")
    if noverlap < 0:
        raise ValueError("noverlap must be a nonnegative integer")
    noverlap = int(noverlap)
    win = _window_values(window, nperseg)
    return bool(numpy.min(_bin_sums(win ** 2, nperseg, nperseg - noverlap)) > tol)
