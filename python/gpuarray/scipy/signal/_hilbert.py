# SPDX-License-Identifier: BSD-3-Clause
"""hilbert and hilbert2: the analytic signal, by cuFFT and a multiplier
on the spectrum (made on the host, a few numbers per frequency)."""
import operator

import numpy

from gpuarray.scipy.signal import _array_ops as xp

__all__ = ["hilbert", "hilbert2"]


def hilbert(x, N=None, axis=-1):
    """Compute the analytic signal, using the Hilbert transform.

    Parameters
    ----------
    x : array_like
        Real signal.
    N : int, optional
        Number of Fourier components (default ``x.shape[axis]``): the
        signal is cut or zero-padded to it.
    axis : int, optional
        Axis along which to transform (default -1).

    Returns
    -------
    xa : ndarray
        The analytic signal ``x + i H(x)`` along `axis`, complex (complex64
        for float32 input), on the device.

    Raises
    ------
    ValueError
        If `x` is complex or `N` is not positive.

    See Also
    --------
    hilbert2

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> xa = signal.hilbert(xp.array([1.0, 0.0, -1.0, 0.0]))
    >>> xp.asnumpy(xa.imag).round(6).tolist()
    [0.0, 1.0, 0.0, -1.0]
    """
    x = xp.asarray(x)
    if x.dtype.kind == "c":
        raise ValueError("x must be real.")
    axis = operator.index(axis)
    if N is None:
        N = x.shape[axis]
    if N <= 0:
        raise ValueError("N must be positive.")
    spectrum = xp.fft(x, N, axis=axis)
    h = numpy.zeros(N)
    h[0] = 1.0
    if N % 2 == 0:
        h[N // 2] = 1.0
        h[1:N // 2] = 2.0
    else:
        h[1:(N + 1) // 2] = 2.0
    shape = [1] * x.ndim
    shape[axis] = N
    multiplier = xp.asarray(h.reshape(shape).astype(spectrum.real.dtype))
    return xp.ifft(spectrum * multiplier, axis=axis)


def _multiplier(n):
    """SciPy's 2-D factor along one axis: 1 at DC, 2 below the middle, 0 from it on."""
    half = (n + 1) // 2
    m = numpy.zeros(n)
    m[0] = 1.0
    m[1:half] = 2.0
    return m


def hilbert2(x, N=None, axes=(-2, -1)):
    """Compute the '2-D' analytic signal of `x`.

    Parameters
    ----------
    x : array_like
        Real input, at least 2-D (fewer dimensions are prepended).
    N : int or tuple of two ints, optional
        Number of Fourier components along each of `axes` (default their
        lengths).
    axes : tuple of two ints, optional
        The two axes (default the last two).

    Returns
    -------
    xa : ndarray
        The analytic signal, complex, on the device.

    Raises
    ------
    ValueError
        For complex input, `axes` not two distinct axes, or a non-positive
        `N`, with SciPy's messages.

    See Also
    --------
    hilbert

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.hilbert2(xp.ones((4, 4))).shape
    (4, 4)
    >>> float(signal.hilbert2(xp.ones((4, 4))).real.sum())
    16.0
    """
    x = xp.asarray(x)
    while x.ndim < 2:
        x = x.reshape((1,) + x.shape)
    if x.dtype.kind == "c":
        raise ValueError("x must be real.")
    if len(axes) != 2:
        raise ValueError("axes must be a tuple of length 2")
    if axes[0] == axes[1]:
        raise ValueError("axes must contain 2 distinct axes")
    if N is None:
        N = (x.shape[axes[0]], x.shape[axes[1]])
    elif isinstance(N, int):
        if N <= 0:
            raise ValueError("N must be positive.")
        N = (N, N)
    elif len(N) != 2 or numpy.any(numpy.asarray(N) <= 0):
        raise ValueError("When given as a tuple, N must hold exactly two positive integers")
    spectrum = xp.fftn(x, N, axes=axes)
    shape = [1] * x.ndim
    shape[axes[0]] = N[0]
    factor0 = _multiplier(N[0]).reshape(shape)
    shape = [1] * x.ndim
    shape[axes[1]] = N[1]
    factor = factor0 * _multiplier(N[1]).reshape(shape)
    return xp.ifftn(spectrum * xp.asarray(factor.astype(spectrum.real.dtype)), axes=axes)
