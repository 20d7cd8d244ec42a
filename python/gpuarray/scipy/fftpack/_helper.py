# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fftpack's helpers: fftfreq (NumPy's signature), rfftfreq in the
packed format's order, next_fast_len (5-smooth lengths), and the shifts."""
import operator

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray.fft import fftfreq as _numpy_fftfreq
from gpuarray.scipy.fft._fast_lengths import next_fast_len as _next_fast_len
from gpuarray.scipy.fft._helper import fftshift, ifftshift

__all__ = ["fftshift", "ifftshift", "fftfreq", "rfftfreq", "next_fast_len"]


def fftfreq(n, d=1.0, device=None):
    """Return the Discrete Fourier Transform sample frequencies.

    ``[0, 1, ..., n//2 - 1 + n%2, -(n//2), ..., -1] / (d*n)``, as
    numpy.fft.fftfreq (which scipy.fftpack exposes).

    Parameters
    ----------
    n : int
        Window length.
    d : scalar, optional
        Sample spacing. Default 1.
    device : gpuarray.cuda.Device, optional
        The device of the result (None: the current one).

    Returns
    -------
    f : ndarray
        float64 frequencies, of length `n`.

    Raises
    ------
    ValueError
        If `device` is not None or a device.

    See Also
    --------
    rfftfreq : fftpack's frequencies of the packed format.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> fftpack.fftfreq(4, 0.5)
    array([ 0. ,  0.5, -1. , -0.5])
    >>> fftpack.fftfreq(5).shape
    (5,)
    """
    return _numpy_fftfreq(n, d, device=device)


def rfftfreq(n, d=1.0):
    """DFT sample frequencies (for usage with rfft, irfft).

    The frequency of each value of fftpack's packed `rfft` output:
    ``[0, 1, 1, 2, 2, ..., n/2] / (d*n)`` for even `n`.

    Parameters
    ----------
    n : int
        Window length.
    d : scalar, optional
        Sample spacing. Default 1.

    Returns
    -------
    out : ndarray
        float64, of length `n`.

    Raises
    ------
    ValueError
        If `n` is negative.
    TypeError
        If `n` is not an integer.

    See Also
    --------
    fftfreq
    gpuarray.scipy.fft.rfftfreq : The frequencies of the complex half spectrum.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> fftpack.rfftfreq(4, 0.5)
    array([0. , 0.5, 0.5, 1. ])
    >>> fftpack.rfftfreq(5).shape
    (5,)
    """
    n = operator.index(n)
    if n < 0:
        raise ValueError(f"n = {n} is not valid. n must be a nonnegative integer.")
    # n values, computed on the host with fftpack's formula and copied once.
    return asarray((numpy.arange(1, n + 1, dtype=int) // 2) / float(n * d))


def next_fast_len(target):
    """Find the next fast size of input data to `fft`, for zero-padding, etc.

    The smallest 5-smooth length ``>= target`` (prime factors 2, 3 and 5),
    fftpack's rule; lengths up to 6 are their own answer.

    Parameters
    ----------
    target : int
        Length to start searching from; a non-negative integer.

    Returns
    -------
    out : int
        The first 5-smooth number greater than or equal to `target`.

    Raises
    ------
    ValueError
        If `target` is negative or too large for any FFT.
    TypeError
        If `target` is not an integer.

    See Also
    --------
    gpuarray.scipy.fft.next_fast_len : With 11-smooth complex lengths.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> fftpack.next_fast_len(93059)
    93312
    >>> fftpack.next_fast_len(7)
    8
    """
    return _next_fast_len(target, True)
