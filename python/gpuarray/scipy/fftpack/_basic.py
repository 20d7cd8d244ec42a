# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fftpack's FFTs: fft, ifft, fftn, ifftn, fft2, ifft2 (scipy.fft's
without `norm`, with fftpack's `shape`), and rfft and irfft in FFTPACK's
packed real format (Note [FFTPACK packed format])."""
import numpy

from gpuarray._array_creation.from_data import ascontiguousarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._array_manipulation.axes import moveaxis
from gpuarray._ufunc.ufuncs import multiply
from gpuarray.fft import rfft as _numpy_rfft
from gpuarray.fft._transforms import _resized
from gpuarray.scipy.fft import _basic, _basic_nd
from gpuarray.scipy.fft._arguments import checked_length, float_dtype, host_or_device, iterable_of_int, to_device
from gpuarray.scipy.fft._r2r import _irfft_last_unscaled
from gpuarray.scipy.fftpack._packed import pack, unpack

__all__ = ["fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "fft2", "ifft2"]


def good_shape(x, shape, axes):
    """fftpack's rule for `shape` without `axes`: one size per dimension of `x`."""
    if shape is not None and axes is None:
        shape = iterable_of_int(shape, "shape")
        ndim = x.ndim if hasattr(x, "ndim") else numpy.ndim(x)
        if len(shape) != ndim:
            raise ValueError("when given, axes and shape arguments have to be of the same length")
    return shape


def fft(x, n=None, axis=-1, overwrite_x=False):
    """Return discrete Fourier transform of real or complex sequence.

    ``y[k] = sum_j x[j] exp(-2 pi i j k / n)``, unscaled.

    Parameters
    ----------
    x : array_like
        Array to Fourier transform (host data is copied to the device).
    n : int, optional
        Length of the Fourier transform (crop or zero-pad). Default:
        ``x.shape[axis]``.
    axis : int, optional
        Axis along which the transform is computed (default: the last).
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`.

    Returns
    -------
    z : complex ndarray
        complex64 for float16, float32 and complex64 input, else complex128.

    Raises
    ------
    ValueError
        If the number of points is below one.
    IndexError
        If `axis` is out of range.

    See Also
    --------
    ifft : Inverse FFT.
    gpuarray.scipy.fft.fft : The same with `norm`, `workers` and `plan`.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> x = xp.arange(5.0)
    >>> xp.allclose(fftpack.fft(fftpack.ifft(x)), x)
    True
    >>> fftpack.fft(xp.ones(3, dtype=xp.float32)).dtype
    dtype('complex64')
    """
    return _basic.fft(x, n, axis, None, overwrite_x)


def ifft(x, n=None, axis=-1, overwrite_x=False):
    """Return discrete inverse Fourier transform of real or complex sequence.

    ``y[j] = (1/n) sum_k x[k] exp(2 pi i j k / n)``.

    Parameters
    ----------
    x : array_like
        Transformed data to invert.
    n : int, optional
        Length of the inverse transform (crop or zero-pad).
    axis : int, optional
        Axis along which the transform is computed (default: the last).
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`.

    Returns
    -------
    ifft : complex ndarray
        The inverse transform.

    Raises
    ------
    ValueError
        If the number of points is below one.
    IndexError
        If `axis` is out of range.

    See Also
    --------
    fft : Forward FFT.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> xp.allclose(fftpack.ifft(xp.array([6.0, -2 + 2j, -2, -2 - 2j])), xp.arange(4.0))
    True
    >>> fftpack.ifft(xp.ones(4), n=6).shape
    (6,)
    """
    return _basic.ifft(x, n, axis, None, overwrite_x)


def rfft(x, n=None, axis=-1, overwrite_x=False):
    """Discrete Fourier transform of a real sequence, in FFTPACK's packed format.

    ``[y(0), Re(y(1)), Im(y(1)), ..., Re(y(n/2))]`` for even `n`, and
    ``[..., Re(y((n-1)/2)), Im(y((n-1)/2))]`` for odd `n`: `n` reals.

    Parameters
    ----------
    x : array_like, real-valued
        The data to transform (complex raises TypeError).
    n : int, optional
        Length of the transform (crop or zero-pad).
    axis : int, optional
        Axis along which the transform is computed (default: the last).
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`.

    Returns
    -------
    z : real ndarray
        The packed spectrum: float32 for float16 and float32 input, float64
        otherwise.

    Raises
    ------
    TypeError
        If `x` is complex.
    ValueError
        If the number of points is below one.

    Notes
    -----
    One cuFFT R2C transform, then strided copies into the packed order.

    See Also
    --------
    irfft : Its inverse.
    gpuarray.scipy.fft.rfft : The complex half spectrum instead.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> xp.round(fftpack.rfft(xp.array([1.0, 2.0, 3.0, 4.0, 5.0])), 4)
    array([15.    , -2.5   ,  3.441 , -2.5   ,  0.8123])
    >>> xp.round(fftpack.rfft(xp.array([1.0, 2.0, 3.0, 4.0])), 4)
    array([10., -2.,  2., -2.])
    """
    a = host_or_device(x)
    if a.dtype.kind == "c":
        raise TypeError("x must be a real sequence")
    n = checked_length(n, a.shape, axis)
    dtype = float_dtype(a.dtype)
    a = to_device(a, dtype)
    spectrum = _numpy_rfft(a, n, axis)
    shape = list(a.shape)
    shape[axis] = n
    out = empty(shape, dtype)
    pack(moveaxis(spectrum, axis, -1), n, moveaxis(out, axis, -1))
    return out


def irfft(x, n=None, axis=-1, overwrite_x=False):
    """Return inverse discrete Fourier transform of a real sequence in packed format.

    The inverse of `rfft`: ``x`` holds a spectrum in FFTPACK's packed order.

    Parameters
    ----------
    x : array_like
        Packed spectrum, real (complex raises TypeError).
    n : int, optional
        Length of the inverse transform: `x` (packed) is cropped or
        zero-padded to `n` values first.
    axis : int, optional
        Axis along which the transform is computed (default: the last).
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`.

    Returns
    -------
    irfft : ndarray of floats
        The inverse, scaled by ``1/n``.

    Raises
    ------
    TypeError
        If `x` is complex.
    ValueError
        If the number of points is below one.

    Notes
    -----
    Strided copies out of the packed order, then one cuFFT C2R transform.

    See Also
    --------
    rfft

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> x = xp.array([1.0, 2.0, 3.0, 4.0, 5.0])
    >>> xp.allclose(fftpack.irfft(fftpack.rfft(x)), x)
    True
    >>> fftpack.irfft(xp.ones((2, 4), dtype=xp.float32)).dtype
    dtype('float32')
    """
    a = host_or_device(x)
    if a.dtype.kind == "c":
        raise TypeError("x must be a real sequence")
    n = checked_length(n, a.shape, axis)
    a = to_device(a, float_dtype(a.dtype))
    a, _ = _resized(a, axis, n)
    result = _irfft_last_unscaled(unpack(moveaxis(a, axis, -1)), n)
    multiply(result, 1.0 / n, out=result)
    return ascontiguousarray(moveaxis(result, -1, axis))


def fftn(x, shape=None, axes=None, overwrite_x=False):
    """Return multidimensional discrete Fourier transform.

    Parameters
    ----------
    x : array_like
        The (N-D) array to transform.
    shape : int or array_like of ints or None, optional
        The shape of the result; without `axes`, one size per dimension of
        `x`. -1 keeps a dimension's length.
    axes : int or array_like of ints or None, optional
        The distinct axes to transform (default: all).
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`.

    Returns
    -------
    y : complex-valued N-D ndarray
        The transform; `x` itself when there is no axis to transform.

    Raises
    ------
    ValueError
        If `shape` (alone) does not have one size per dimension, or as
        `gpuarray.scipy.fft.fftn`.

    See Also
    --------
    ifftn
    gpuarray.scipy.fft.fftn : With `s` instead of `shape`.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> x = xp.arange(16.0).reshape(4, 4)
    >>> xp.allclose(fftpack.ifftn(fftpack.fftn(x)), x)
    True
    >>> fftpack.fftn(x, shape=(2, 8)).shape
    (2, 8)
    """
    return _basic_nd.fftn(x, good_shape(x, shape, axes), axes, None, overwrite_x)


def ifftn(x, shape=None, axes=None, overwrite_x=False):
    """Return inverse multidimensional discrete Fourier transform.

    Parameters
    ----------
    x : array_like
        The (N-D) array to transform.
    shape : int or array_like of ints or None, optional
        The shape of the result (see `fftn`).
    axes : int or array_like of ints or None, optional
        The distinct axes to transform (default: all).
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`.

    Returns
    -------
    y : complex-valued N-D ndarray
        The inverse transform.

    Raises
    ------
    ValueError
        As `fftn`.

    See Also
    --------
    fftn

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> y = fftpack.ifftn(xp.ones((2, 3)))
    >>> xp.allclose(y[0, 0], 1), xp.allclose(y[1:, 1:], 0)
    (True, True)
    >>> fftpack.ifftn(xp.ones((2, 3)), axes=(1,)).shape
    (2, 3)
    """
    return _basic_nd.ifftn(x, good_shape(x, shape, axes), axes, None, overwrite_x)


def fft2(x, shape=None, axes=(-2, -1), overwrite_x=False):
    """2-D discrete Fourier transform: `fftn` over two axes.

    Parameters
    ----------
    x : array_like
        Input array.
    shape : sequence of ints, optional
        Sizes along `axes`.
    axes : sequence of ints, optional
        The axes to transform (default: the last two).
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`.

    Returns
    -------
    y : complex ndarray
        The transform.

    Raises
    ------
    ValueError
        As `fftn`.

    See Also
    --------
    fftn, ifft2

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> y = fftpack.fft2(xp.ones((3, 3)))
    >>> xp.allclose(y[0, 0], 9)
    True
    >>> fftpack.fft2(xp.ones((2, 3, 3)), shape=(4, 4)).shape
    (2, 4, 4)
    """
    return fftn(x, shape, axes, overwrite_x)


def ifft2(x, shape=None, axes=(-2, -1), overwrite_x=False):
    """2-D discrete inverse Fourier transform: `ifftn` over two axes.

    Parameters
    ----------
    x : array_like
        Input array.
    shape : sequence of ints, optional
        Sizes along `axes`.
    axes : sequence of ints, optional
        The axes to transform (default: the last two).
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`.

    Returns
    -------
    y : complex ndarray
        The inverse transform.

    Raises
    ------
    ValueError
        As `fftn`.

    See Also
    --------
    ifftn, fft2

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> x = xp.arange(6.0).reshape(2, 3)
    >>> xp.allclose(fftpack.ifft2(fftpack.fft2(x)), x)
    True
    >>> fftpack.ifft2(x).dtype
    dtype('complex128')
    """
    return ifftn(x, shape, axes, overwrite_x)
