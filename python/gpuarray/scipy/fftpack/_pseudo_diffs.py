# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fftpack's differential and pseudo-differential operators of periodic
sequences: diff, tilbert, itilbert, hilbert, ihilbert and shift here, the
hyperbolic (a, b) operators cs_diff, sc_diff, ss_diff and cc_diff in
_hyperbolic_diffs.py, on the machinery below.

Note [Pseudo-differential operators]: each is y = irfft(m * rfft(x)) for
multipliers m_k (k = 0 .. n//2) fixed by the operator, SciPy's
``init_convolution_kernel`` and ``convolve`` written as complex factors:
``m_k = i^d K(k)`` for 0 < k < n/2, with K the operator's kernel and d its
derivative order (1 for the odd operators), ``m_0 = K(0)``, and the Nyquist
term (even n) zero for the odd operators and ``K(n/2)`` for the even ones;
shift has ``m_k = exp(i a k)`` and, at the Nyquist term, SciPy's
``cos(a n/2) + sin(a n/2)``. The n//2 + 1 factors (over n, for the
normalization) are computed on the host in float64 and kept on the device
(Note [Factor cache]); the work is an R2C, one multiply and an unscaled C2R.

As in SciPy, the computation is in float64 (float32 input gives float64);
complex input is the operator applied to its real and imaginary parts, done
here as one complex FFT with the Hermitian extension of the factors (the
same thing, since the operators are real-linear and m_0, m_(n/2) are real).
Only 1-D input is accepted, with SciPy's errors; SciPy's private `_cache`
argument is not offered (the factors are cached per device instead)."""
import math
import numbers

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray.fft import fft as _numpy_fft
from gpuarray.fft import ifft as _numpy_ifft
from gpuarray.fft import rfft as _numpy_rfft
from gpuarray.scipy.fft._arguments import host_or_device, to_device
from gpuarray.scipy.fft._factor_cache import cached_factors
from gpuarray.scipy.fft._r2r import _irfft_last_unscaled

__all__ = ["diff", "tilbert", "itilbert", "hilbert", "ihilbert", "shift"]


def signal_length(a):
    """len(x), with Python's error for a 0-d input."""
    if a.ndim == 0:
        raise TypeError("len() of unsized object")
    return a.shape[0]


def check_signal(a, n):
    """SciPy's remaining errors: no points (its kernel divides by n), more than one dimension."""
    if n == 0:
        raise ZeroDivisionError("float division")
    if a.ndim != 1:
        raise ValueError(f"Buffer has wrong number of dimensions (expected 1, got {a.ndim})")


def _hermitian(half, n):
    """The n factors of a complex FFT equal to the n//2 + 1 factors of rfft bins."""
    full = numpy.empty(n, numpy.complex128)
    full[:half.size] = half
    full[half.size:] = numpy.conj(half[n - numpy.arange(half.size, n)])
    return full


def apply_factors(a, n, key, factors):
    """irfft(m * rfft(a)), m = factors() (host, n//2 + 1 complex), in float64;
    complex `a` through the complex FFT with the Hermitian extension of m."""
    if a.dtype.kind == "c":
        m = cached_factors(("fftpack", "full", n) + key, lambda: asarray(_hermitian(factors(), n) / n))
        spectrum = _numpy_fft(to_device(a, numpy.complex128))
        spectrum *= m
        return _numpy_ifft(spectrum, norm="forward")
    m = cached_factors(("fftpack", "half", n) + key, lambda: asarray(factors() / n))
    spectrum = _numpy_rfft(to_device(a, numpy.float64))
    spectrum *= m
    return _irfft_last_unscaled(spectrum, n)


def odd_factors(n, kernel):
    """i K(k) for 0 < k < n/2; 0 at k = 0 and at the Nyquist term."""
    m = numpy.zeros(n // 2 + 1, numpy.complex128)
    k = numpy.arange(1, (n - 1) // 2 + 1, dtype=numpy.float64)
    m[1:k.size + 1] = 1j * kernel(k)
    return m


def even_factors(n, kernel, at_zero):
    """K(k) for 0 < k <= n/2 (Nyquist included) and `at_zero` at k = 0."""
    m = numpy.zeros(n // 2 + 1, numpy.complex128)
    m[0] = at_zero
    m[1:] = kernel(numpy.arange(1, n // 2 + 1, dtype=numpy.float64))
    return m


def scaled(value, period):
    """`value` in radians per sample for a sequence of the given period."""
    return value if period is None else value * 2 * math.pi / period


def diff(x, order=1, period=None):
    """Return kth derivative (or integral) of a periodic sequence x.

    ``y_j = sum_k (i k c)^order x_k exp(i k j 2 pi / n)`` over the Fourier
    coefficients ``x_k`` of `x`, ``c = 2 pi / period``; the mean and, for even
    n, the Nyquist term are dropped.

    Parameters
    ----------
    x : array_like
        1-D input, periodic.
    order : int, optional
        The order of differentiation (default 1); negative integrates, with
        the mean assumed zero.
    period : float, optional
        The period of the sequence (default ``2*pi``).

    Returns
    -------
    diff : ndarray
        float64 (complex128 for complex input); `x` itself for order 0.

    Raises
    ------
    TypeError
        If `order` is not an integer, or `x` is 0-d.
    ValueError
        If `x` has more than one dimension.
    ZeroDivisionError
        If `x` is empty or `period` is zero.

    Notes
    -----
    One R2C transform, one multiply by SciPy's factors (computed on the host
    once per length and kept on the device), one C2R (Note
    [Pseudo-differential operators]).

    See Also
    --------
    tilbert, hilbert
    gpuarray.gradient : A finite-difference derivative.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> t = xp.linspace(0, 2 * xp.pi, 16, endpoint=False)
    >>> xp.allclose(fftpack.diff(xp.sin(t)), xp.cos(t))
    True
    >>> xp.allclose(fftpack.diff(xp.sin(t), order=-1), -xp.cos(t))
    True
    """
    if order == 0:
        return asarray(x)
    a = host_or_device(x)
    c = 1.0 if period is None else 2 * math.pi / period
    n = signal_length(a)
    if not isinstance(order, numbers.Integral):
        raise TypeError("an integer is required")
    check_signal(a, n)
    order = int(order)
    power = 1j ** (order % 4)
    return apply_factors(a, n, ("diff", order, c), lambda: _diff_factors(n, order, c, power))


def _diff_factors(n, order, c, power):
    m = numpy.zeros(n // 2 + 1, numpy.complex128)
    k = numpy.arange(1, (n - 1) // 2 + 1, dtype=numpy.float64)
    m[1:k.size + 1] = power * (c * k) ** order  # the Nyquist term is dropped for every order
    return m


def tilbert(x, h, period=None):
    """Return h-Tilbert transform of a periodic sequence x.

    ``y_j = sum_k sqrt(-1) coth(j h 2 pi / period) x_k exp(...)``: the
    Fourier coefficient of wavenumber j multiplied by ``i coth(j h')``, the
    mean dropped.

    Parameters
    ----------
    x : array_like
        1-D input, periodic.
    h : float
        Parameter of the transform (``h * 2 pi / period`` with a period).
    period : float, optional
        The period of the sequence (default ``2*pi``).

    Returns
    -------
    tilbert : ndarray
        float64 (complex128 for complex input).

    Raises
    ------
    TypeError
        If `x` is 0-d.
    ValueError
        If `x` has more than one dimension.
    ZeroDivisionError
        If `x` is empty or `period` is zero.

    Notes
    -----
    As `diff`: two cuFFT transforms around one multiply. ``h = 0`` divides
    by zero (NumPy's warning, NaN results), as in SciPy.

    See Also
    --------
    itilbert, hilbert

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> t = xp.linspace(0, 2 * xp.pi, 16, endpoint=False)
    >>> x = xp.cos(t)
    >>> xp.allclose(fftpack.itilbert(fftpack.tilbert(x, 0.5), 0.5), x)
    True
    >>> fftpack.tilbert(x, 0.5).dtype
    dtype('float64')
    """
    a = host_or_device(x)
    h = scaled(h, period)
    n = signal_length(a)
    check_signal(a, n)
    return apply_factors(a, n, ("tilbert", h), lambda: odd_factors(n, lambda k: 1.0 / numpy.tanh(h * k)))


def itilbert(x, h, period=None):
    """Return inverse h-Tilbert transform of a periodic sequence x.

    Multiplies the Fourier coefficient of wavenumber j by ``-i tanh(j h')``
    (the mean dropped).

    Parameters
    ----------
    x : array_like
        1-D input, periodic.
    h : float
        Parameter of the transform.
    period : float, optional
        The period of the sequence (default ``2*pi``).

    Returns
    -------
    itilbert : ndarray
        float64 (complex128 for complex input).

    Raises
    ------
    TypeError
        If `x` is 0-d.
    ValueError
        If `x` has more than one dimension.
    ZeroDivisionError
        If `x` is empty or `period` is zero.

    See Also
    --------
    tilbert

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> t = xp.linspace(0, 2 * xp.pi, 8, endpoint=False)
    >>> y = fftpack.itilbert(xp.sin(t), 1.0)
    >>> xp.allclose(y, -xp.tanh(1.0) * xp.cos(t))
    True
    >>> y.shape
    (8,)
    """
    a = host_or_device(x)
    h = scaled(h, period)
    n = signal_length(a)
    check_signal(a, n)
    return apply_factors(a, n, ("itilbert", h), lambda: odd_factors(n, lambda k: -numpy.tanh(h * k)))


def hilbert(x):
    """Return Hilbert transform of a periodic sequence x.

    Multiplies the Fourier coefficient of wavenumber j by ``i sign(j)``, the
    mean (and for even n the Nyquist term) dropped: ``hilbert(sin) = cos``.

    Parameters
    ----------
    x : array_like
        1-D input, periodic.

    Returns
    -------
    y : ndarray
        float64 (complex128 for complex input).

    Raises
    ------
    TypeError
        If `x` is 0-d.
    ValueError
        If `x` has more than one dimension.
    ZeroDivisionError
        If `x` is empty.

    Notes
    -----
    fftpack's definition, not scipy.signal.hilbert's analytic signal.

    See Also
    --------
    ihilbert, tilbert

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> t = xp.linspace(0, 2 * xp.pi, 16, endpoint=False)
    >>> xp.allclose(fftpack.hilbert(xp.sin(t)), xp.cos(t))
    True
    >>> xp.allclose(fftpack.hilbert(xp.ones(5)), 0)
    True
    """
    a = host_or_device(x)
    n = signal_length(a)
    check_signal(a, n)
    return apply_factors(a, n, ("hilbert",), lambda: odd_factors(n, numpy.ones_like))


def ihilbert(x):
    """Return inverse Hilbert transform of a periodic sequence x.

    ``-hilbert(x)``: the factor ``-i sign(j)``.

    Parameters
    ----------
    x : array_like
        1-D input, periodic.

    Returns
    -------
    y : ndarray
        float64 (complex128 for complex input).

    Raises
    ------
    TypeError
        If `x` is 0-d.
    ValueError
        If `x` has more than one dimension.
    ZeroDivisionError
        If `x` is empty.

    See Also
    --------
    hilbert

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> t = xp.linspace(0, 2 * xp.pi, 16, endpoint=False)
    >>> xp.allclose(fftpack.ihilbert(xp.cos(t)), xp.sin(t))
    True
    >>> fftpack.ihilbert(xp.sin(t) + 0j).dtype
    dtype('complex128')
    """
    a = host_or_device(x)
    n = signal_length(a)
    check_signal(a, n)
    return apply_factors(a, n, ("ihilbert",), lambda: odd_factors(n, lambda k: -numpy.ones_like(k)))


def shift(x, a, period=None):
    """Shift periodic sequence x by a: ``y(u) = x(u + a)``.

    Multiplies the Fourier coefficient of wavenumber j by ``exp(i j a)``;
    for even n the Nyquist term by ``cos(a n/2) + sin(a n/2)``, as SciPy.

    Parameters
    ----------
    x : array_like
        1-D input, periodic.
    a : float
        The shift (in units of ``period / (2 pi)``).
    period : float, optional
        The period of the sequence (default ``2*pi``).

    Returns
    -------
    shift : ndarray
        float64 (complex128 for complex input).

    Raises
    ------
    TypeError
        If `x` is 0-d.
    ValueError
        If `x` has more than one dimension.
    ZeroDivisionError
        If `x` is empty or `period` is zero.

    See Also
    --------
    diff

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> t = xp.linspace(0, 2 * xp.pi, 9, endpoint=False)
    >>> xp.allclose(fftpack.shift(xp.sin(t), 0.3), xp.sin(t + 0.3))
    True
    >>> xp.allclose(fftpack.shift(xp.arange(4.0), 1, period=4), xp.array([1.0, 2.0, 3.0, 0.0]))
    True
    """
    x_, a = host_or_device(x), scaled(a, period)
    n = signal_length(x_)
    check_signal(x_, n)
    return apply_factors(x_, n, ("shift", a), lambda: _shift_factors(n, a))


def _shift_factors(n, a):
    k = numpy.arange(n // 2 + 1, dtype=numpy.float64)
    m = numpy.exp(1j * a * k)
    if n % 2 == 0:
        m[-1] = numpy.cos(a * k[-1]) + numpy.sin(a * k[-1])
    return m
