# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fft's sample frequencies and spectrum shifts: gpuarray.fft's, with
SciPy's signatures (fftfreq and rfftfreq take SciPy's keyword-only `xp`)."""
import numpy

from gpuarray.fft import fftfreq as _numpy_fftfreq
from gpuarray.fft import fftshift as _numpy_fftshift
from gpuarray.fft import ifftshift as _numpy_ifftshift
from gpuarray.fft import rfftfreq as _numpy_rfftfreq

__all__ = ["fftfreq", "rfftfreq", "fftshift", "ifftshift"]


def _frequencies(name, n, d, xp, device):
    """gpuarray's frequencies unless `xp` names another array namespace, which
    then makes them as SciPy asks it to (NumPy without a device)."""
    namespace = getattr(xp, "__name__", None)
    if xp is None or namespace == "gpuarray":
        return (_numpy_fftfreq if name == "fftfreq" else _numpy_rfftfreq)(n, d, device=device)
    if namespace == "numpy":
        if device is not None:
            raise ValueError("device parameter is not supported for input array type")
        return getattr(numpy.fft, name)(n, d=d)
    return getattr(xp.fft, name)(n, d=d, device=device)


def fftfreq(n, d=1.0, *, xp=None, device=None):
    """Return the Discrete Fourier Transform sample frequencies.

    ``[0, 1, ..., n//2 - 1 + n%2, -(n//2), ..., -1] / (d*n)``: the frequency
    of each term of ``fft`` for a window of `n` samples spaced `d` apart.

    Parameters
    ----------
    n : int
        Window length.
    d : scalar, optional
        Sample spacing (inverse of the sampling rate). Default 1.
    xp : array namespace, optional
        Where to make the array: None or ``gpuarray`` (a device array), or
        another namespace, asked as SciPy asks it (``numpy`` gives a host
        array and takes no `device`).
    device : gpuarray.cuda.Device, optional
        The device of the result (None: the current one).

    Returns
    -------
    f : ndarray
        float64 frequencies, of length `n`.

    Raises
    ------
    ValueError
        If `device` is given with ``xp=numpy``, or is not a device.

    Notes
    -----
    The values are NumPy's, computed on the host and copied across once.

    See Also
    --------
    rfftfreq, fftshift
    gpuarray.fft.fftfreq : NumPy's signature.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> fft.fftfreq(8, 0.1)
    array([ 0.  ,  1.25,  2.5 ,  3.75, -5.  , -3.75, -2.5 , -1.25])
    >>> import numpy
    >>> type(fft.fftfreq(4, xp=numpy)).__module__
    'numpy'
    """
    return _frequencies("fftfreq", n, d, xp, device)


def rfftfreq(n, d=1.0, *, xp=None, device=None):
    """Return the sample frequencies of `rfft`'s output.

    ``[0, 1, ..., n//2] / (d*n)``.

    Parameters
    ----------
    n : int
        Window length.
    d : scalar, optional
        Sample spacing. Default 1.
    xp : array namespace, optional
        Where to make the array (see `fftfreq`).
    device : gpuarray.cuda.Device, optional
        The device of the result (None: the current one).

    Returns
    -------
    f : ndarray
        float64 frequencies, of length ``n//2 + 1``.

    Raises
    ------
    ValueError
        As `fftfreq`.

    See Also
    --------
    fftfreq, rfft
    gpuarray.fft.rfftfreq : NumPy's signature.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> fft.rfftfreq(8, 0.1)
    array([0.  , 1.25, 2.5 , 3.75, 5.  ])
    >>> fft.rfftfreq(5).shape
    (3,)
    """
    return _frequencies("rfftfreq", n, d, xp, device)


def fftshift(x, axes=None):
    """Shift the zero-frequency component to the center of the spectrum.

    Parameters
    ----------
    x : array_like
        Input array.
    axes : int or shape tuple, optional
        Axes over which to shift (default: all).

    Returns
    -------
    y : ndarray
        The shifted array, a new device array.

    See Also
    --------
    ifftshift : The inverse shift.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> fft.fftshift(fft.fftfreq(5))
    array([-0.4, -0.2,  0. ,  0.2,  0.4])
    >>> fft.fftshift(xp.arange(6).reshape(2, 3), axes=1)
    array([[2, 0, 1],
           [5, 3, 4]])
    """
    return _numpy_fftshift(x, axes)


def ifftshift(x, axes=None):
    """The inverse of `fftshift` (the two differ for odd lengths).

    Parameters
    ----------
    x : array_like
        Input array.
    axes : int or shape tuple, optional
        Axes over which to shift (default: all).

    Returns
    -------
    y : ndarray
        The shifted array, a new device array.

    See Also
    --------
    fftshift

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> fft.ifftshift(fft.fftshift(xp.arange(5)))
    array([0, 1, 2, 3, 4])
    >>> fft.ifftshift(xp.arange(5))
    array([2, 3, 4, 0, 1])
    """
    return _numpy_ifftshift(x, axes)
