# SPDX-License-Identifier: BSD-3-Clause
"""Sample frequencies and spectrum shifts (numpy.fft's helpers)."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_manipulation.rearranging import roll
from gpuarray._base.device_arg import device_scope

__all__ = ["fftfreq", "rfftfreq", "fftshift", "ifftshift"]


def _frequencies(values, dtype, device, name):
    """`values` (NumPy's float64 result) on `device` as `dtype` (a real floating dtype,
    float64 by default, as the array API's fftfreq takes it)."""
    if dtype is not None:
        dtype = numpy.dtype(dtype)
        if dtype.kind != "f":
            raise ValueError(f"{name}: dtype must be a real floating-point dtype, not {dtype}")
        values = values.astype(dtype)
    # n values are a few kB at most in practice: computed on the host, one copy.
    with device_scope(device, f"{name}()"):
        return asarray(values)


def fftfreq(n, d=1.0, device=None, *, dtype=None):
    """The sample frequencies of an `n`-point discrete Fourier transform.

    Parameters
    ----------
    n : int
        The transform's length.
    d : float, optional
        The sample spacing (1 by default): frequencies are in cycles per
        unit of `d`.
    device : Device, optional
        Where to put the result; None is the current device.
    dtype : dtype, optional
        A real floating type for the result (the array API's argument);
        float64 by default.

    Returns
    -------
    ndarray
        ``[0, 1, ..., n//2 - 1 or (n-1)//2, -n//2, ..., -1] / (d*n)``, in
        the order `fft` gives its terms.

    Raises
    ------
    ValueError
        `dtype` is not a real floating type.

    See Also
    --------
    rfftfreq, fftshift, fft

    Notes
    -----
    The `n` values are computed on the host and copied once.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.fft.fftfreq(8, d=0.1)
    array([ 0.  ,  1.25,  2.5 ,  3.75, -5.  , -3.75, -2.5 , -1.25])
    >>> xp.fft.fftfreq(5, dtype=xp.float32).dtype
    dtype('float32')
    """
    return _frequencies(numpy.fft.fftfreq(n, d), dtype, device, "fftfreq")


def rfftfreq(n, d=1.0, device=None, *, dtype=None):
    """The sample frequencies of `rfft`'s output for an `n`-point transform.

    Parameters
    ----------
    n : int
        The transform's length.
    d : float, optional
        The sample spacing (1 by default).
    device : Device, optional
        Where to put the result; None is the current device.
    dtype : dtype, optional
        A real floating type for the result; float64 by default.

    Returns
    -------
    ndarray
        ``[0, 1, ..., n//2] / (d*n)``: the non-negative frequencies.

    Raises
    ------
    ValueError
        `dtype` is not a real floating type.

    See Also
    --------
    fftfreq, rfft

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.fft.rfftfreq(8, d=0.1)
    array([0.  , 1.25, 2.5 , 3.75, 5.  ])
    >>> xp.fft.rfftfreq(9).shape
    (5,)
    """
    return _frequencies(numpy.fft.rfftfreq(n, d), dtype, device, "rfftfreq")


def _shifts(x, axes, sign):
    if axes is None:
        axes = tuple(range(x.ndim))
        return [sign * (dim // 2) for dim in x.shape], axes
    if isinstance(axes, (int, numpy.integer)):
        return sign * (x.shape[axes] // 2), axes
    return [sign * (x.shape[ax] // 2) for ax in axes], axes


def fftshift(x, axes=None):
    """The spectrum with its zero-frequency term moved to the centre.

    Parameters
    ----------
    x : array_like
        A spectrum in `fft`'s order.
    axes : int or sequence of ints, optional
        The axes to shift; all by default.

    Returns
    -------
    ndarray
        `x` rolled by ``n//2`` along each axis: the frequencies in
        increasing order.

    See Also
    --------
    ifftshift, fftfreq

    Examples
    --------
    >>> import gpuarray as xp
    >>> freqs = xp.fft.fftfreq(6)
    >>> xp.fft.fftshift(freqs) * 6
    array([-3., -2., -1.,  0.,  1.,  2.])
    >>> xp.fft.fftshift(xp.arange(6).reshape(2, 3), axes=1)
    array([[2, 0, 1],
           [5, 3, 4]])
    """
    x = asarray(x)
    shift, axes = _shifts(x, axes, 1)
    return roll(x, shift, axes)


def ifftshift(x, axes=None):
    """The inverse of `fftshift`: the zero-frequency term back to the start.

    Parameters
    ----------
    x : array_like
        A centred spectrum.
    axes : int or sequence of ints, optional
        The axes to shift; all by default.

    Returns
    -------
    ndarray
        `x` rolled by ``-(n//2)`` along each axis (it differs from
        `fftshift` for odd lengths).

    See Also
    --------
    fftshift

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.arange(5)
    >>> xp.fft.ifftshift(xp.fft.fftshift(x))
    array([0, 1, 2, 3, 4])
    >>> xp.fft.ifftshift(x)
    array([2, 3, 4, 0, 1])
    """
    x = asarray(x)
    shift, axes = _shifts(x, axes, -1)
    return roll(x, shift, axes)
