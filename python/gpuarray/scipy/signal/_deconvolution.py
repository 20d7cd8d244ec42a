# SPDX-License-Identifier: BSD-3-Clause
"""deconvolve: polynomial division of a signal by a divisor, as SciPy
computes it: the quotient is the divisor's inverse filter (`lfilter`)
driven by the signal over one impulse, the remainder what convolving the
quotient back leaves. Both on the device."""
import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._convolution import convolve
from gpuarray.scipy.signal._host_scipy import to_host
from gpuarray.scipy.signal._lfilter import lfilter

__all__ = ["deconvolve"]


def deconvolve(signal, divisor):
    """Deconvolves ``divisor`` out of ``signal`` using inverse filtering.

    Parameters
    ----------
    signal : array_like
        Signal data (1-D, non-empty).
    divisor : array_like
        Divisor data (1-D, non-empty); its first element must be nonzero.

    Returns
    -------
    quotient : ndarray
        Quotient: ``signal = convolve(divisor, quotient) + remainder``
        (an empty list when `divisor` is longer than `signal`, as SciPy).
    remainder : ndarray
        Remainder, on the device.

    Raises
    ------
    ValueError
        For inputs that are not non-empty 1-D arrays.

    Notes
    -----
    The quotient is the impulse response of ``signal / divisor`` by
    `lfilter` on the device (the divisor's coefficients are read to the
    host to build the recursion).

    See Also
    --------
    convolve, lfilter

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> quotient, remainder = signal.deconvolve(xp.array([0.0, 1.0, 0.5, 1.0, 0.5]), xp.array([1.0, 0.5]))
    >>> quotient.tolist(), remainder.tolist()
    ([0.0, 1.0, 0.0, 1.0], [0.0, 0.0, 0.0, 0.0, 0.0])
    """
    num = xp.asarray(signal)
    den = xp.asarray(divisor)
    if num.ndim == 0:
        num = num.reshape(1)
    if den.ndim == 0:
        den = den.reshape(1)
    if not (num.ndim == 1 and num.size > 0):
        raise ValueError(f"Parameter signal must be non-empty 1d array, but its shape is {num.shape}!")
    if not (den.ndim == 1 and den.size > 0):
        raise ValueError(f"Parameter divisor must be non-empty 1d array, but its shape is {den.shape}!")
    n, d = num.shape[0], den.shape[0]
    if d > n:
        return [], num
    impulse = numpy.zeros(n - d + 1)
    impulse[0] = 1
    quotient = lfilter(to_host(num), to_host(den), xp.asarray(impulse))
    return quotient, num - convolve(den, quotient, mode="full")
