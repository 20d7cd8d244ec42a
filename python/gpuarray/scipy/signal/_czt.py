# SPDX-License-Identifier: BSD-3-Clause
"""The chirp z-transform (CZT, czt, czt_points) and the zoom FFT (ZoomFFT,
zoom_fft) by Bluestein's algorithm: the transform along a spiral of m
points is a convolution of the input (times a chirp) with another chirp,
done by cuFFT at a 7-smooth length >= n + m - 1. The chirps are n + m
numbers made once per transform object on the host (float64) and uploaded;
each call is two transforms, one inverse and three products on the
device."""
import cmath
import numbers

import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._conv_core import fast_length

__all__ = ["czt", "zoom_fft", "CZT", "ZoomFFT", "czt_points"]


def _validate_sizes(n, m):
    if n < 1 or not isinstance(n, numbers.Integral):
        raise ValueError(f"Invalid number of CZT data points ({n}) specified. n must be positive and integer type.")
    if m is None:
        return n
    if m < 1 or not isinstance(m, numbers.Integral):
        raise ValueError(f"Invalid number of CZT output points ({m}) specified. m must be positive and integer "
                         "type.")
    return m


def czt_points(m, w=None, a=1 + 0j):
    """Return the points at which the chirp z-transform is computed.

    Parameters
    ----------
    m : int
        The number of points desired.
    w : complex, optional
        The ratio between points in each step (default: equally spaced
        around the unit circle).
    a : complex, optional
        The starting point in the complex plane (default 1).

    Returns
    -------
    out : numpy.ndarray
        The points ``a * w**-k``, a host array (as SciPy).

    Raises
    ------
    ValueError
        For `m` not a positive integer.

    See Also
    --------
    CZT, czt

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> abs(signal.czt_points(4) - 1).round(6).tolist()
    [0.0, 1.414214, 2.0, 1.414214]
    """
    m = _validate_sizes(1, m)
    k = numpy.arange(m)
    a = 1.0 * a
    if w is None:
        return a * numpy.exp(2j * numpy.pi * k / m)
    return a * (1.0 * w) ** -k


class CZT:
    """Create a callable chirp z-transform function.

    The transform computes ``X[k] = sum_n x[n] * (a * w**-k)**-n`` for
    ``k = 0 .. m - 1``: the z-transform on a spiral (by default, the FFT).

    Parameters
    ----------
    n : int
        The size of the signal.
    m : int, optional
        The number of output points (default `n`).
    w : complex, optional
        The ratio between points in each step (default: around the unit
        circle, as the FFT).
    a : complex, optional
        The starting point in the complex plane (default 1).

    Notes
    -----
    Bluestein's algorithm: the chirps are made on the host once and
    uploaded; each call is two cuFFT transforms and an inverse at a 7-smooth
    length >= n + m - 1 (SciPy pads to pocketfft's lengths; the values
    agree to rounding).

    See Also
    --------
    czt, ZoomFFT, czt_points

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> transform = signal.CZT(4)
    >>> abs(xp.asnumpy(transform(xp.array([1.0, 2.0, 3.0, 4.0])))).round(6).tolist()
    [10.0, 2.828427, 2.0, 2.828427]
    """

    def __init__(self, n, m=None, w=None, a=1 + 0j):
        m = _validate_sizes(n, m)
        k = numpy.arange(max(m, n), dtype=numpy.float64)
        if w is None:
            w = cmath.exp(-2j * numpy.pi / m)
            # k**2 reduced mod 2m first: the phase stays exact for large k
            kk = numpy.arange(max(m, n), dtype=numpy.int64) ** 2 % (2 * m)
            chirp = numpy.exp(-(1j * numpy.pi * kk) / m)
        else:
            chirp = w ** (k ** 2 / 2.0)
        self._setup(n, m, w, 1.0 * a, (1.0 * a) ** -k[:n] * chirp[:n], chirp)

    def _setup(self, n, m, w, a, pre, chirp):
        self.w, self.a, self.m, self.n = w, a, m, n
        self._nfft = fast_length(n + m - 1)
        kernel = 1 / numpy.hstack((chirp[n - 1:0:-1], chirp[:m]))
        self._kernel_spectrum = xp.fft(xp.asarray(kernel), self._nfft)
        self._pre = xp.asarray(pre)
        self._post = xp.asarray(chirp[:m])

    def __call__(self, x, *, axis=-1):
        """Calculate the chirp z-transform of a signal.

        Parameters
        ----------
        x : array
            The signal to transform (device or host data).
        axis : int, optional
            Axis over which to compute the transform (default -1).

        Returns
        -------
        out : ndarray
            The transform, complex, with `m` points along `axis`, on the
            device.

        See Also
        --------
        czt

        Examples
        --------
        >>> import gpuarray as xp
        >>> from gpuarray.scipy import signal
        >>> signal.CZT(3, m=2)(xp.ones((5, 3))).shape
        (5, 2)
        """
        x = xp.asarray(x)
        if x.shape[axis] != self.n:
            raise ValueError(f"CZT defined for length {self.n}, not {x.shape[axis]}")
        moved = xp.moveaxis(x, axis, -1)
        y = xp.ifft(self._kernel_spectrum * xp.fft(moved * self._pre, self._nfft))
        y = y[..., self.n - 1:self.n + self.m - 1] * self._post
        return xp.moveaxis(y, -1, axis)

    def points(self):
        """Return the points at which the chirp z-transform is computed.

        Parameters
        ----------
        None

        Returns
        -------
        points : numpy.ndarray
            The m points ``a * w**-k`` (host).

        See Also
        --------
        czt_points

        Examples
        --------
        >>> import gpuarray as xp
        >>> from gpuarray.scipy import signal
        >>> signal.CZT(4).points().shape
        (4,)
        """
        return czt_points(self.m, self.w, self.a)


class ZoomFFT(CZT):
    """Create a callable zoom FFT transform function.

    The FFT of a signal at m equally spaced frequencies of a band
    ``[f1, f2)`` (or up to and including `f2`).

    Parameters
    ----------
    n : int
        The size of the signal.
    fn : array_like
        A length-2 sequence ``[f1, f2]`` giving the frequency range, or a
        scalar, for the range ``[0, fn]``.
    m : int, optional
        The number of points to evaluate (default `n`).
    fs : float, optional
        The sampling frequency (default 2).
    endpoint : bool, optional
        Whether `f2` is the last sample (default False).

    Notes
    -----
    A `CZT` whose spiral is the arc of the unit circle over the band.

    See Also
    --------
    zoom_fft, CZT

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> transform = signal.ZoomFFT(4, [0.0, 2.0])
    >>> abs(xp.asnumpy(transform(xp.array([1.0, 2.0, 3.0, 4.0])))).round(6).tolist()
    [10.0, 2.828427, 2.0, 2.828427]
    """

    def __init__(self, n, fn, m=None, *, fs=2, endpoint=False):
        m = _validate_sizes(n, m)
        k = numpy.arange(max(m, n), dtype=numpy.float64)
        if numpy.size(fn) == 2:
            f1, f2 = fn
        elif numpy.size(fn) == 1:
            f1, f2 = 0.0, fn
        else:
            raise ValueError("fn must be a scalar or 2-length sequence")
        self.f1, self.f2, self.fs = f1, f2, fs
        scale = ((f2 - f1) * m) / (fs * (m - 1)) if endpoint else (f2 - f1) / fs
        chirp = numpy.exp(-(1j * numpy.pi * scale * k ** 2) / m)
        pre = numpy.exp(-2j * numpy.pi * f1 / fs * k[:n]) * chirp[:n]
        self._setup(n, m, cmath.exp(-2j * numpy.pi / m * scale), cmath.exp(2j * numpy.pi * f1 / fs), pre, chirp)


def czt(x, m=None, w=None, a=1 + 0j, *, axis=-1):
    """Compute the frequency response around a spiral in the Z plane.

    Parameters
    ----------
    x : array
        The signal to transform.
    m : int, optional
        The number of output points (default the signal's length).
    w : complex, optional
        The ratio between points in each step.
    a : complex, optional
        The starting point in the complex plane (default 1).
    axis : int, optional
        Axis over which to compute the transform (default -1).

    Returns
    -------
    out : ndarray
        The transform, complex, on the device.

    See Also
    --------
    CZT, zoom_fft

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> abs(xp.asnumpy(signal.czt(xp.array([1.0, 0.0, 0.0])))).round(6).tolist()
    [1.0, 1.0, 1.0]
    """
    x = xp.asarray(x)
    return CZT(x.shape[axis], m=m, w=w, a=a)(x, axis=axis)


def zoom_fft(x, fn, m=None, *, fs=2, endpoint=False, axis=-1):
    """Compute the DFT of `x` only for frequencies in range `fn`.

    Parameters
    ----------
    x : array
        The signal to transform.
    fn : array_like
        A length-2 sequence ``[f1, f2]`` giving the frequency range, or a
        scalar, for the range ``[0, fn]``.
    m : int, optional
        The number of points to evaluate (default the signal's length).
    fs : float, optional
        The sampling frequency (default 2).
    endpoint : bool, optional
        Whether `f2` is the last sample (default False).
    axis : int, optional
        Axis over which to compute the transform (default -1).

    Returns
    -------
    out : ndarray
        The transformed signal, on the device.

    See Also
    --------
    ZoomFFT, czt

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.zoom_fft(xp.ones(8), [0.0, 0.5], m=4).shape
    (4,)
    """
    x = xp.asarray(x)
    return ZoomFFT(x.shape[axis], fn, m=m, fs=fs, endpoint=endpoint)(x, axis=axis)
