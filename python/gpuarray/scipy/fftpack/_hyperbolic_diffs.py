# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fftpack's hyperbolic pseudo-derivatives of periodic sequences:
cs_diff, sc_diff, ss_diff and cc_diff, each a multiplier per wavenumber built
from cosh and sinh of ``j a`` and ``j b`` (Note [Pseudo-differential
operators] in _pseudo_diffs.py, whose machinery they use)."""
import numpy

from gpuarray.scipy.fft._arguments import host_or_device
from gpuarray.scipy.fftpack._pseudo_diffs import (apply_factors, check_signal, even_factors, odd_factors, scaled,
                                                  signal_length)

__all__ = ["cs_diff", "sc_diff", "ss_diff", "cc_diff"]

_AB_PARAMETERS = """    x : array_like
        1-D input, periodic.
    a, b : float
        Parameters of the operator (times ``2 pi / period`` with a period).
    period : float, optional
        The period of the sequence (default ``2*pi``)."""

_AB_RAISES = """    TypeError
        If `x` is 0-d.
    ValueError
        If `x` has more than one dimension.
    ZeroDivisionError
        If `x` is empty or `period` is zero{extra}."""


def cs_diff(x, a, b, period=None):
    """Return (a,b)-cosh/sinh pseudo-derivative of a periodic sequence.

    Multiplies the Fourier coefficient of wavenumber j by
    ``-i cosh(j a) / sinh(j b)`` (the mean dropped).

    Parameters
    ----------
{parameters}

    Returns
    -------
    cs_diff : ndarray
        float64 (complex128 for complex input).

    Raises
    ------
{raises}

    See Also
    --------
    sc_diff, ss_diff, cc_diff

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> t = xp.linspace(0, 2 * xp.pi, 8, endpoint=False)
    >>> y = fftpack.cs_diff(xp.sin(t), 0.5, 1.0)
    >>> xp.allclose(y, -xp.cosh(0.5) / xp.sinh(1.0) * xp.cos(t))
    True
    >>> y.dtype
    dtype('float64')
    """
    x_, a, b = host_or_device(x), scaled(a, period), scaled(b, period)
    n = signal_length(x_)
    check_signal(x_, n)
    return apply_factors(x_, n, ("cs_diff", a, b),
                         lambda: odd_factors(n, lambda k: -numpy.cosh(a * k) / numpy.sinh(b * k)))


def sc_diff(x, a, b, period=None):
    """Return (a,b)-sinh/cosh pseudo-derivative of a periodic sequence x.

    Multiplies the Fourier coefficient of wavenumber j by
    ``i sinh(j a) / cosh(j b)`` (the mean dropped).

    Parameters
    ----------
{parameters}

    Returns
    -------
    sc_diff : ndarray
        float64 (complex128 for complex input).

    Raises
    ------
{raises}

    See Also
    --------
    cs_diff, ss_diff, cc_diff

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> t = xp.linspace(0, 2 * xp.pi, 8, endpoint=False)
    >>> y = fftpack.sc_diff(xp.sin(t), 0.5, 1.0)
    >>> xp.allclose(y, xp.sinh(0.5) / xp.cosh(1.0) * xp.cos(t))
    True
    >>> y.shape
    (8,)
    """
    x_, a, b = host_or_device(x), scaled(a, period), scaled(b, period)
    n = signal_length(x_)
    check_signal(x_, n)
    return apply_factors(x_, n, ("sc_diff", a, b),
                         lambda: odd_factors(n, lambda k: numpy.sinh(a * k) / numpy.cosh(b * k)))


def ss_diff(x, a, b, period=None):
    """Return (a,b)-sinh/sinh pseudo-derivative of a periodic sequence x.

    Multiplies the Fourier coefficient of wavenumber j by
    ``sinh(j a) / sinh(j b)``, and the mean by ``a / b``.

    Parameters
    ----------
{parameters}

    Returns
    -------
    ss_diff : ndarray
        float64 (complex128 for complex input).

    Raises
    ------
{raises}

    See Also
    --------
    cc_diff, cs_diff

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> t = xp.linspace(0, 2 * xp.pi, 8, endpoint=False)
    >>> y = fftpack.ss_diff(1 + xp.cos(t), 0.5, 1.0)
    >>> xp.allclose(y, 0.5 + xp.sinh(0.5) / xp.sinh(1.0) * xp.cos(t))
    True
    >>> y.dtype
    dtype('float64')
    """
    x_, a, b = host_or_device(x), scaled(a, period), scaled(b, period)
    n = signal_length(x_)
    at_zero = float(a) / b  # Python's ZeroDivisionError for b == 0, as SciPy's kernel
    check_signal(x_, n)
    return apply_factors(x_, n, ("ss_diff", a, b),
                         lambda: even_factors(n, lambda k: numpy.sinh(a * k) / numpy.sinh(b * k), at_zero))


def cc_diff(x, a, b, period=None):
    """Return (a,b)-cosh/cosh pseudo-derivative of a periodic sequence.

    Multiplies the Fourier coefficient of wavenumber j by
    ``cosh(j a) / cosh(j b)`` (the mean kept).

    Parameters
    ----------
{parameters}

    Returns
    -------
    cc_diff : ndarray
        float64 (complex128 for complex input).

    Raises
    ------
{raises}

    See Also
    --------
    ss_diff, cs_diff

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> t = xp.linspace(0, 2 * xp.pi, 8, endpoint=False)
    >>> y = fftpack.cc_diff(1 + xp.cos(t), 0.5, 1.0)
    >>> xp.allclose(y, 1 + xp.cosh(0.5) / xp.cosh(1.0) * xp.cos(t))
    True
    >>> y.shape
    (8,)
    """
    x_, a, b = host_or_device(x), scaled(a, period), scaled(b, period)
    n = signal_length(x_)
    check_signal(x_, n)
    return apply_factors(x_, n, ("cc_diff", a, b),
                         lambda: even_factors(n, lambda k: numpy.cosh(a * k) / numpy.cosh(b * k), 1.0))


for _function in (cs_diff, sc_diff, ss_diff, cc_diff):
    _function.__doc__ = _function.__doc__.replace("{parameters}", _AB_PARAMETERS).replace(
        "{raises}", _AB_RAISES.format(extra=", or `b` is zero (ss_diff's mean)" if _function is ss_diff else ""))
del _function
