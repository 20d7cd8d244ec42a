# SPDX-License-Identifier: BSD-3-Clause
"""Windows whose values come out of a solve rather than a formula per
sample: chebwin (a Chebyshev polynomial through an inverse DFT), taylor
(coefficients from a product over the side lobes) and dpss (eigenvectors of
a tridiagonal matrix). They are computed on the host in float64 NumPy and
uploaded: a window is a few thousand samples, made once, and the solves are
sequential. dpss is SciPy's own (scipy.signal.windows.dpss, imported on first
use): its eigen-solve, sign and normalisation conventions are SciPy's."""
import importlib
import warnings

import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal.windows._lengths import extended_length, short_window, truncated

__all__ = ["chebwin", "taylor", "dpss"]


def chebwin(M, at, sym=True):
    """Dolph-Chebyshev window, equiripple side lobes `at` dB below the main lobe.

    Parameters
    ----------
    M : int
        Number of points in the output window.
    at : float
        Side-lobe attenuation in dB.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) window.

    Returns
    -------
    w : ndarray
        The window, float64, on the device, with maximum 1.

    Warns
    -----
    UserWarning
        If ``|at| < 45`` (SciPy's warning: such windows suit spectral
        analysis poorly).

    Notes
    -----
    Computed on the host with NumPy (the Chebyshev polynomial sampled on the
    unit circle, then an inverse DFT) and uploaded.

    See Also
    --------
    taylor, kaiser

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.chebwin(5, 100)).round(4).tolist()
    [0.1687, 0.6687, 1.0, 0.6687, 0.1687]
    """
    if abs(at) < 45:
        warnings.warn("This window is not suitable for spectral analysis for attenuation values lower than "
                      "about 45dB because the equivalent noise bandwidth of a Chebyshev window does not grow "
                      "monotonically with increasing sidelobe attenuation when the attenuation is smaller than "
                      "about 45 dB.", stacklevel=2)
    short = short_window(M)
    if short is not None:
        return short
    n = extended_length(M, sym)
    order = n - 1.0
    beta = numpy.cosh(numpy.arccosh(10.0 ** (abs(at) / 20.0)) / order)
    k = numpy.arange(n, dtype=numpy.float64)
    x = beta * numpy.cos(numpy.pi * k / n)
    # T_order(x) from its closed forms in each range (a polynomial expansion loses digits)
    with numpy.errstate(invalid="ignore"):
        p = numpy.where(x > 1, numpy.cosh(order * numpy.arccosh(numpy.abs(x))),
                        numpy.cos(order * numpy.arccos(numpy.clip(x, -1, 1))))
        p = numpy.where(x < -1, (2 * (n % 2) - 1) * numpy.cosh(order * numpy.arccosh(numpy.abs(x))), p)
    if n % 2:
        w = numpy.real(numpy.fft.fft(p))
        half = (n + 1) // 2
        w = numpy.concatenate([w[1:half][::-1], w[:half]])
    else:
        w = numpy.real(numpy.fft.fft(p * numpy.exp(1j * numpy.pi / n * k)))
        half = n // 2 + 1
        w = numpy.concatenate([w[1:half][::-1], w[1:half]])
    w = w / w.max()
    return xp.asarray(truncated(w, sym))


def taylor(M, nbar=4, sll=30, norm=True, sym=True):
    """Taylor window, used in radar: `nbar` nearly constant side lobes `sll`
    dB below the main lobe.

    Parameters
    ----------
    M : int
        Number of points in the output window.
    nbar : int, optional
        Number of nearly constant-level side lobes next to the main lobe
        (default 4).
    sll : float, optional
        Desired suppression of the side lobes in dB, positive (default 30).
    norm : bool, optional
        If True (default), scale to 1 at the centre.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) window.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    Notes
    -----
    The ``nbar - 1`` coefficients come from products over the side lobes,
    on the host with NumPy; the cosine series over the samples is evaluated
    there too and uploaded.

    See Also
    --------
    chebwin

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.taylor(5)).round(4).tolist()
    [0.3325, 0.772, 1.0, 0.772, 0.3325]
    """
    short = short_window(M)
    if short is not None:
        return short
    n = extended_length(M, sym)
    B = 10 ** (sll / 20)
    A = numpy.arccosh(B) / numpy.pi
    s2 = nbar ** 2 / (A ** 2 + (nbar - 0.5) ** 2)
    m = numpy.arange(1, nbar, dtype=numpy.float64)
    m2 = m * m
    F = numpy.empty(nbar - 1)
    for i in range(nbar - 1):
        sign = 1.0 if i % 2 == 0 else -1.0
        numerator = sign * numpy.prod(1 - m2[i] / s2 / (A ** 2 + (m - 0.5) ** 2))
        others = numpy.delete(m2, i)
        F[i] = numerator / (2 * numpy.prod(1 - m2[i] / others))

    def series(samples):
        return 1 + 2 * F @ numpy.cos(2 * numpy.pi * m[:, None] * (samples - n / 2.0 + 0.5) / n)

    w = series(numpy.arange(n, dtype=numpy.float64))
    if norm:
        w = w / series(numpy.array([(n - 1) / 2.0]))[0]
    return xp.asarray(truncated(w, sym))


def dpss(M, NW, Kmax=None, sym=True, norm=None, return_ratios=False):
    """Discrete prolate spheroidal sequences (Slepian windows).

    Parameters
    ----------
    M : int
        Window length.
    NW : float
        Standardized half bandwidth, ``M * W``.
    Kmax : int or None, optional
        Number of sequences; None (default) returns one 1-D window.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) windows.
    norm : {2, 'approximate', 'subsample'} or None, optional
        Normalisation, as SciPy's (None: 'approximate' for Kmax None, else 2).
    return_ratios : bool, optional
        Also return the concentration ratios.

    Returns
    -------
    v : ndarray
        The windows, float64 on the device: shape ``(M,)`` or ``(Kmax, M)``.
    r : ndarray
        The concentration ratios, when `return_ratios` is True.

    Notes
    -----
    Computed on the host by scipy.signal.windows.dpss (imported on first
    use; its eigen-solve of the tridiagonal matrix fixes the signs and the
    normalisation) and uploaded.

    See Also
    --------
    chebwin, kaiser

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> w = windows.dpss(8, 2.0)
    >>> w.shape
    (8,)
    """
    host = _scipy_windows().dpss(M, NW, Kmax=Kmax, sym=sym, norm=norm, return_ratios=return_ratios)
    if return_ratios:
        return xp.asarray(host[0]), xp.asarray(host[1])
    return xp.asarray(host)


def _scipy_windows():
    try:
        return importlib.import_module("scipy.signal.windows")
    except ImportError as e:
        raise ImportError("gpuarray.scipy.signal.windows.dpss computes the sequences with SciPy on the host; "
                          "install SciPy (pip install scipy)") from e
