# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fft's fast Hankel transforms (FFTLog: fht, ifht) and fhtoffset.

The transform is a real FFT, a multiply by n//2 + 1 coefficients and an
inverse real FFT, reversed: on the device. The coefficients need the complex
log-gamma function at n//2 + 1 points, which SciPy computes on the host with
scipy.special.loggamma; so do these (SciPy is imported on the first call,
not before), and copy them across once per call."""
import math
import warnings

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.rearranging import flip
from gpuarray._ufunc.ufuncs import conjugate, exp
from gpuarray.scipy.fft._basic import irfft, rfft

__all__ = ["fht", "ifht", "fhtoffset"]

_LN2 = math.log(2.0)


def _special():
    """scipy.special's loggamma and poch, imported on first use."""
    try:
        from scipy.special import loggamma, poch
    except ImportError as error:
        raise ImportError("gpuarray.scipy.fft's fast Hankel transforms compute their coefficients with SciPy's "
                          "scipy.special.loggamma on the host: install scipy") from error
    return loggamma, poch


def _coefficients(n, dln, mu, offset, bias, inverse):
    """The n//2 + 1 FFTLog coefficients u_m = (k r)^(-2 i y_m) U_mu(q + 2 i y_m),
    y_m = pi m / (n dln), U_mu(x) = 2^x Gamma((mu+1+x)/2) / Gamma((mu+1-x)/2),
    on the host (complex128), with SciPy's handling of the singular cases."""
    loggamma, poch = _special()
    upper, lower = (mu + 1 + bias) / 2, (mu + 1 - bias) / 2
    y = numpy.linspace(0, numpy.pi * (n // 2) / (n * dln), n // 2 + 1)
    log_upper = loggamma(upper + 1j * y)
    log_lower = loggamma(lower + 1j * y)
    # log Gamma(lower - i y) is the conjugate of log Gamma(lower + i y).
    log_u = (log_upper.real - log_lower.real + _LN2 * bias) + 1j * (
        log_upper.imag + log_lower.imag + 2 * y * (_LN2 - offset))
    u = numpy.exp(log_u)
    if n % 2 == 0:
        u.imag[-1] = 0  # the Nyquist coefficient is real
    if not numpy.isfinite(u[0]):
        # u_0 = 2^q Gamma(upper)/Gamma(lower) = 2^q poch(lower, upper - lower), which
        # poch gets right at the poles (negative integers): inf or 0.
        u[0] = 2**bias * poch(lower, upper - lower)
    if numpy.isinf(u[0]) and not inverse:
        warnings.warn("singular transform; consider changing the bias", stacklevel=3)
        u[0] = 0
    elif u[0] == 0 and inverse:
        warnings.warn("singular inverse transform; consider changing the bias", stacklevel=3)
        u[0] = numpy.inf
    return u


def _fhtq(a, u, inverse):
    """The biased transform: rfft, times u (or over conj(u)), irfft, reversed."""
    n = a.shape[-1]
    spectrum = rfft(a, axis=-1)
    if inverse:
        spectrum /= conjugate(u)
    else:
        spectrum *= u
    return flip(irfft(spectrum, n, axis=-1), axis=-1)


def _offsets(n):
    """j - j_c for j < n, j_c = (n - 1)/2: the sample positions about the centre."""
    return arange(n, dtype=numpy.float64) - (n - 1) / 2


def fht(a, dln, mu, offset=0.0, bias=0.0):
    """Compute the fast Hankel transform.

    The discrete Hankel transform of a logarithmically spaced periodic
    sequence (FFTLog, Hamilton 2000) over the last axis:
    ``A(k) = int_0^inf a(r) J_mu(kr) k dr`` sampled at ``k_j = k_c
    exp((j - j_c) dln)``.

    Parameters
    ----------
    a : array_like (..., n)
        Real periodic input array, uniformly logarithmically spaced; the
        transform runs over the last axis.
    dln : float
        Uniform logarithmic spacing of the input array.
    mu : float
        Order of the Hankel transform, any real number.
    offset : float, optional
        Offset of the uniform logarithmic spacing of the output array
        (``log(k_c r_c)``); see `fhtoffset`.
    bias : float, optional
        Exponent of the power-law bias, any real number.

    Returns
    -------
    A : ndarray (..., n)
        The transformed output array, real, of the input's shape: float32
        for float32 input without bias, float64 otherwise (SciPy's dtypes).

    Raises
    ------
    TypeError
        If `a` is complex.
    ImportError
        If SciPy is not installed (the coefficients use scipy.special).

    Warns
    -----
    UserWarning
        If the transform is singular for this `mu` and `bias` (SciPy's
        warning); the singular coefficient is set to zero.

    Notes
    -----
    Two cuFFT transforms and a few elementwise passes on the device; the
    ``n//2 + 1`` coefficients are SciPy's, computed on the host with
    ``scipy.special.loggamma`` and copied to the device on each call.

    See Also
    --------
    ifht : The inverse transform.
    fhtoffset : Offset of the output spacing that avoids ringing.
    scipy.fft.fht : The host original.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> r = xp.logspace(-4, 4, 64)
    >>> a = r**2.5 * xp.exp(-r**2 / 2)
    >>> dln = float(xp.log(r[1] / r[0]))
    >>> A = fft.fht(a, dln, mu=1.5)
    >>> A.shape, A.dtype
    ((64,), dtype('float64'))
    >>> xp.allclose(fft.ifht(A, dln, mu=1.5), a)
    True
    """
    a = asarray(a)
    n = a.shape[-1]
    if bias != 0:
        j = _offsets(n)
        a = a * exp(-bias * j * dln)  # a_q(r) = a(r) (r/r_c)^-q
    A = _fhtq(a, asarray(_coefficients(n, dln, mu, offset, bias, inverse=False)), inverse=False)
    if bias != 0:
        A *= exp(-bias * (j * dln + offset))  # A(k) = A_q(k) (k/k_c)^-q (k_c r_c)^-q
    return A


def ifht(A, dln, mu, offset=0.0, bias=0.0):
    """Compute the inverse fast Hankel transform.

    ``a(r) = int_0^inf A(k) J_mu(kr) r dk``, the inverse of `fht` for the same
    `dln`, `mu`, `offset` and `bias`.

    Parameters
    ----------
    A : array_like (..., n)
        Real periodic input array, uniformly logarithmically spaced.
    dln : float
        Uniform logarithmic spacing of the input array.
    mu : float
        Order of the Hankel transform, any real number.
    offset : float, optional
        Offset of the uniform logarithmic spacing of the output array.
    bias : float, optional
        Exponent of the power-law bias, any real number.

    Returns
    -------
    a : ndarray (..., n)
        The transformed output array, real, of the input's shape.

    Raises
    ------
    TypeError
        If `A` is complex.
    ImportError
        If SciPy is not installed.

    Warns
    -----
    UserWarning
        If the inverse transform is singular (SciPy's warning).

    Notes
    -----
    As `fht`: two cuFFT transforms on the device, SciPy's coefficients from
    the host.

    See Also
    --------
    fht, fhtoffset
    scipy.fft.ifht : The host original.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> k = xp.logspace(-3, 3, 32)
    >>> A = k * xp.exp(-k**2 / 2)
    >>> a = fft.ifht(A, float(xp.log(k[1] / k[0])), mu=0.0)
    >>> a.shape
    (32,)
    >>> fft.ifht(xp.ones((3, 8), dtype=xp.float32), 0.1, 0.5).dtype
    dtype('float32')
    """
    A = asarray(A)
    n = A.shape[-1]
    if bias != 0:
        j = _offsets(n)
        A = A * exp(bias * (j * dln + offset))
    a = _fhtq(A, asarray(_coefficients(n, dln, mu, offset, bias, inverse=True)), inverse=True)
    if bias != 0:
        a /= exp(-bias * j * dln)
    return a


def fhtoffset(dln, mu, initial=0.0, bias=0.0):
    """Return optimal offset for a fast Hankel transform.

    The offset closest to `initial` that fulfils the low-ringing condition
    of Hamilton (2000) for `fht` with spacing `dln`, order `mu` and `bias`.

    Parameters
    ----------
    dln : float
        Uniform logarithmic spacing of the transform.
    mu : float
        Order of the Hankel transform, any real number.
    initial : float, optional
        Initial value for the offset; the closest low-ringing value is returned.
    bias : float, optional
        Exponent of the power-law bias, any real number.

    Returns
    -------
    offset : float
        Optimal offset of the uniform logarithmic spacing of the transform.

    Raises
    ------
    ImportError
        If SciPy is not installed (scipy.special.loggamma is used).

    Notes
    -----
    Host arithmetic only, SciPy's formula and numbers.

    See Also
    --------
    fht, ifht

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> print(round(float(fft.fhtoffset(0.1, 2.0, initial=0.5)), 6))
    0.545458
    >>> print(round(float(fft.fhtoffset(0.05, 0.0)), 6))
    -0.009496
    """
    loggamma, _ = _special()
    upper, lower = (mu + 1 + bias) / 2, (mu + 1 - bias) / 2
    y = numpy.pi / (2 * dln)
    phase = loggamma(upper + 1j * y).imag + loggamma(lower + 1j * y).imag
    arg = (_LN2 - initial) / dln + phase / numpy.pi
    return initial + (arg - numpy.round(arg)) * dln
