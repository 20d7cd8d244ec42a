# SPDX-License-Identifier: BSD-3-Clause
"""More frequency responses: group_delay, freqs (analog) and freqz_zpk,
evaluated by SciPy on the host (a polynomial per frequency on a small
grid); device inputs give device results, as `freqz`."""
from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._host_scipy import scipy_signal, to_host

__all__ = ["group_delay", "freqs", "freqs_zpk", "freqz_zpk"]


def _on_device_if(result, inputs):
    if any(isinstance(v, xp.ndarray) for v in inputs):
        return tuple(xp.asarray(r) for r in result)
    return result


def group_delay(system, w=512, whole=False, fs=6.283185307179586):
    """Compute the group delay of a digital filter.

    Parameters
    ----------
    system : tuple of array_like (b, a)
        Numerator and denominator of the filter.
    w : int or array_like, optional
        Number of frequencies (default 512), or the frequencies.
    whole : bool, optional
        Frequencies over the whole circle instead of up to Nyquist.
    fs : float, optional
        The sampling frequency (default 2*pi).

    Returns
    -------
    w : ndarray
        The frequencies.
    gd : ndarray
        The group delay, in samples.

    Notes
    -----
    scipy.signal.group_delay on the host; device coefficients give device
    results.

    See Also
    --------
    freqz

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> w, gd = signal.group_delay(([1.0, 1.0, 1.0], [1.0]), w=4)
    >>> gd.round(4).tolist()
    [1.0, 1.0, 1.0, 1.0]
    """
    b, a = system
    result = scipy_signal().group_delay((to_host(b), to_host(a)), w=to_host(w), whole=whole, fs=fs)
    return _on_device_if(result, (b, a, w))


def freqs(b, a, worN=200, plot=None):
    """Compute frequency response of analog filter.

    Parameters
    ----------
    b : array_like
        Numerator of the analog filter.
    a : array_like
        Denominator of the analog filter.
    worN : int or array_like, optional
        Number of frequencies (default 200), or the angular frequencies.
    plot : callable, optional
        Called with ``(w, h)``, as SciPy.

    Returns
    -------
    w : ndarray
        The angular frequencies.
    h : ndarray
        The complex response.

    Notes
    -----
    scipy.signal.freqs on the host; device inputs give device results.

    See Also
    --------
    freqz

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> w, h = signal.freqs([1.0], [1.0, 1.0], worN=[0.0, 1.0])
    >>> abs(h).round(4).tolist()
    [1.0, 0.7071]
    """
    result = scipy_signal().freqs(to_host(b), to_host(a), worN=to_host(worN), plot=plot)
    return _on_device_if(result, (b, a, worN))


def freqs_zpk(z, p, k, worN=200):
    """Compute frequency response of analog filter.

    Parameters
    ----------
    z : array_like
        Zeros of the analog filter.
    p : array_like
        Poles of the analog filter.
    k : float
        Gain of the analog filter.
    worN : int or array_like, optional
        Number of frequencies (default 200), or the angular frequencies.

    Returns
    -------
    w : ndarray
        The angular frequencies.
    h : ndarray
        The complex response.

    Notes
    -----
    scipy.signal.freqs_zpk on the host; device inputs give device results.

    See Also
    --------
    freqs, freqz_zpk

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> w, h = signal.freqs_zpk([], [-1.0], 1.0, worN=[0.0, 1.0])
    >>> abs(h).round(4).tolist()
    [1.0, 0.7071]
    """
    result = scipy_signal().freqs_zpk(to_host(z), to_host(p), to_host(k), worN=to_host(worN))
    return _on_device_if(result, (z, p, worN))


def freqz_zpk(z, p, k, worN=512, whole=False, fs=6.283185307179586):
    """Compute the frequency response of a digital filter in ZPK form.

    Parameters
    ----------
    z : array_like
        Zeros of the filter.
    p : array_like
        Poles of the filter.
    k : float
        Gain of the filter.
    worN : int or array_like, optional
        Number of frequencies (default 512), or the frequencies.
    whole : bool, optional
        Frequencies over the whole circle instead of up to Nyquist.
    fs : float, optional
        The sampling frequency (default 2*pi).

    Returns
    -------
    w : ndarray
        The frequencies.
    h : ndarray
        The complex response.

    Notes
    -----
    scipy.signal.freqz_zpk on the host; device inputs give device results.

    See Also
    --------
    freqz, freqz_sos

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> w, h = signal.freqz_zpk([0.5], [0.2], 1.0, worN=2)
    >>> abs(h).round(4).tolist()
    [0.625, 1.0963]
    """
    result = scipy_signal().freqz_zpk(to_host(z), to_host(p), to_host(k), worN=to_host(worN), whole=whole, fs=fs)
    return _on_device_if(result, (z, p, worN))
