# SPDX-License-Identifier: BSD-3-Clause
"""Windows with a shape parameter: gaussian, general_gaussian, exponential,
kaiser and kaiser_bessel_derived. Computed on the device from SciPy's
definitions (the Kaiser window through gpuarray's i0)."""
import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal.windows._lengths import extended_length, positions, short_window, truncated

__all__ = ["gaussian", "general_gaussian", "exponential", "kaiser", "kaiser_bessel_derived"]


def gaussian(M, std, sym=True):
    """Gaussian window, ``exp(-n**2 / (2 std**2))`` about the centre.

    Parameters
    ----------
    M : int
        Number of points in the output window.
    std : float
        The standard deviation, in samples.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) window.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    See Also
    --------
    general_gaussian

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.gaussian(3, 1.0)).round(4).tolist()
    [0.6065, 1.0, 0.6065]
    """
    short = short_window(M)
    if short is not None:
        return short
    n = extended_length(M, sym)
    k = positions(n) - (n - 1.0) / 2.0
    return truncated(xp.exp(-(k * k) / (2.0 * std * std)), sym)


def general_gaussian(M, p, sig, sym=True):
    """Generalized Gaussian window, ``exp(-0.5 |n / sig| ** (2 p))``.

    Parameters
    ----------
    M : int
        Number of points in the output window.
    p : float
        Shape parameter: 1 is the Gaussian, 0.5 the Laplace shape.
    sig : float
        The standard deviation, in samples.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) window.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    See Also
    --------
    gaussian

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.general_gaussian(3, 1.0, 1.0)).round(4).tolist()
    [0.6065, 1.0, 0.6065]
    """
    short = short_window(M)
    if short is not None:
        return short
    n = extended_length(M, sym)
    k = positions(n) - (n - 1.0) / 2.0
    return truncated(xp.exp(-0.5 * xp.abs(k / sig) ** (2 * p)), sym)


def exponential(M, center=None, tau=1.0, sym=True):
    """Exponential (Poisson) window, ``exp(-|n - center| / tau)``.

    Parameters
    ----------
    M : int
        Number of points in the output window.
    center : float, optional
        The centre; default (None) the middle of the window. Must be None
        for a symmetric window.
    tau : float, optional
        The decay, in samples. Default 1.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) window.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    Raises
    ------
    ValueError
        If `sym` is True and `center` is given.

    See Also
    --------
    gaussian

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.exponential(3)).round(4).tolist()
    [0.3679, 1.0, 0.3679]
    """
    if sym and center is not None:
        raise ValueError("If sym==True, center must be None.")
    short = short_window(M)
    if short is not None:
        return short
    n = extended_length(M, sym)
    if center is None:
        center = (n - 1) / 2
    return truncated(xp.exp(-xp.abs(positions(n) - center) / tau), sym)


def kaiser(M, beta, sym=True):
    """Kaiser window, ``I0(beta sqrt(1 - (2n/(M-1) - 1)**2)) / I0(beta)``.

    Parameters
    ----------
    M : int
        Number of points in the output window.
    beta : float
        Shape parameter: the trade-off between main-lobe width and side-lobe
        level.
    sym : bool, optional
        Symmetric (True, default) or periodic (False) window.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    See Also
    --------
    kaiser_bessel_derived, gaussian

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.kaiser(3, 4.0)).round(4).tolist()
    [0.0885, 1.0, 0.0885]
    """
    short = short_window(M)
    if short is not None:
        return short
    n = extended_length(M, sym)
    half = (n - 1) / 2.0
    r = (positions(n) - half) / half
    w = xp.i0(beta * xp.sqrt(xp.maximum(1.0 - r * r, 0.0))) / xp.i0(xp.asarray(float(beta)))
    return truncated(w, sym)


def kaiser_bessel_derived(M, beta, *, sym=True):
    """Kaiser-Bessel derived window, for MDCT-type transforms (Princen-Bradley).

    Parameters
    ----------
    M : int
        Number of points in the output window; must be even.
    beta : float
        Kaiser shape parameter.
    sym : bool, optional
        Must be True: the window is only defined symmetric.

    Returns
    -------
    w : ndarray
        The window, float64, on the device.

    Raises
    ------
    ValueError
        If `sym` is False or `M` is odd.

    See Also
    --------
    kaiser

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.signal import windows
    >>> xp.asnumpy(windows.kaiser_bessel_derived(4, 1.0)).round(4).tolist()
    [0.5533, 0.833, 0.833, 0.5533]
    """
    if not sym:
        raise ValueError("Kaiser-Bessel Derived windows are only defined for symmetric shapes")
    if M < 1:
        return xp.zeros(0, dtype=numpy.float64)
    if M % 2:
        raise ValueError("Kaiser-Bessel Derived windows are only defined for even number of points")
    sums = xp.cumsum(kaiser(M // 2 + 1, beta))
    half = xp.sqrt(sums[:-1] / sums[-1])
    return xp.concatenate([half, half[::-1]])
