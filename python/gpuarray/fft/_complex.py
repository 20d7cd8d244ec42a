# SPDX-License-Identifier: BSD-3-Clause
"""numpy.fft's complex transforms (fft, ifft, fftn, ifftn, fft2, ifft2) on
cuFFT. The 1-D calls without `out` go to C++ in one step (Note [FFT call
path] in cpp/libs/fft_call.hpp)."""
from gpuarray._core import ndarray
from gpuarray._array_creation.from_data import asarray
from gpuarray.fft._transforms import _c2c, _cook_nd_args, _engine

__all__ = ["fft", "ifft", "fftn", "ifftn", "fft2", "ifft2"]


def fft(a, n=None, axis=-1, norm=None, out=None):
    """The one-dimensional discrete Fourier transform.

    Parameters
    ----------
    a : array_like
        Input, real or complex.
    n : int, optional
        Length of the transform: the input is cropped or zero-padded along
        `axis` to `n` points; by default its length there.
    axis : int, optional
        The axis to transform (the last by default).
    norm : {"backward", "ortho", "forward"}, optional
        Which direction is scaled: "backward" (default, None) leaves the
        forward transform unscaled, "ortho" scales both by ``1/sqrt(n)``,
        "forward" scales this one by ``1/n``.
    out : ndarray, optional
        Where to write the result: complex, of the result's shape.

    Returns
    -------
    ndarray
        The complex spectrum: complex64 for float16, float32 and complex64
        input, complex128 otherwise (NumPy 2's rule).

    Raises
    ------
    ValueError
        `n` is less than 1 or `norm` is not one of the three.

    See Also
    --------
    ifft, rfft, fftn, fftfreq, gpuarray.scipy.fft.fft

    Notes
    -----
    cuFFT computes it; plans are cached (``gpuarray.fft.config``). Values
    agree with NumPy's to rounding, not bit for bit.

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([1.0, 2.0, 3.0, 4.0])
    >>> abs(xp.fft.fft(x))
    array([10.        ,  2.82842712,  2.        ,  2.82842712])
    >>> xp.fft.fft(x.astype(xp.float32), n=8).shape, xp.fft.fft(x.astype(xp.float32)).dtype
    ((8,), dtype('complex64'))
    """
    if type(a) is not ndarray:
        a = asarray(a)
    if out is None:
        return _engine().fft(a, n, axis, norm)  # the whole call in C++ (Note [FFT call path])
    if n is None:
        n = a.shape[axis]
    return _c2c(a, [n], [axis], True, norm, out)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    """The one-dimensional inverse discrete Fourier transform.

    ``ifft(fft(a)) == a`` to rounding.

    Parameters
    ----------
    a : array_like
        Input spectrum, complex or real.
    n : int, optional
        Length of the transform: the input is cropped or zero-padded along
        `axis` to `n` points; by default its length there.
    axis : int, optional
        The axis to transform (the last by default).
    norm : {"backward", "ortho", "forward"}, optional
        "backward" (default) scales this inverse by ``1/n``, "ortho" by
        ``1/sqrt(n)``, "forward" not at all.
    out : ndarray, optional
        Where to write the result: complex, of the result's shape.

    Returns
    -------
    ndarray
        The complex signal (complex64 for single-precision input, else
        complex128).

    Raises
    ------
    ValueError
        `n` is less than 1 or `norm` is not one of the three.

    See Also
    --------
    fft, irfft, ifftn

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([1.0, 2.0, 3.0, 4.0])
    >>> xp.allclose(xp.fft.ifft(xp.fft.fft(x)), x)
    True
    >>> xp.fft.ifft(xp.ones(4)).real
    array([1., 0., 0., 0.])
    """
    if type(a) is not ndarray:
        a = asarray(a)
    if out is None:
        return _engine().ifft(a, n, axis, norm)
    if n is None:
        n = a.shape[axis]
    return _c2c(a, [n], [axis], False, norm, out)


def fftn(a, s=None, axes=None, norm=None, out=None):
    """The N-dimensional discrete Fourier transform.

    Parameters
    ----------
    a : array_like
        Input, real or complex.
    s : sequence of ints, optional
        Length of the transform along each axis of `axes` (cropping or
        zero-padding); by default the input's lengths.
    axes : sequence of ints, optional
        The axes to transform; by default all (or the last ``len(s)``
        when `s` is given).
    norm : {"backward", "ortho", "forward"}, optional
        The scaling, as in `fft`, by the product of the lengths.
    out : ndarray, optional
        Where to write the result: complex, of the result's shape.

    Returns
    -------
    ndarray
        The complex spectrum (complex64 for single-precision input, else
        complex128).

    Raises
    ------
    ValueError
        `s` and `axes` differ in length, or a length is less than 1.

    See Also
    --------
    ifftn, fft, fft2, rfftn

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ones((2, 3, 4))
    >>> float(abs(xp.fft.fftn(a)[0, 0, 0]))
    24.0
    >>> xp.fft.fftn(a, s=(4, 4), axes=(0, 2)).shape
    (4, 3, 4)
    """
    a = asarray(a)
    s, axes = _cook_nd_args(a, s, axes)
    return _c2c(a, s, axes, True, norm, out)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    """The N-dimensional inverse discrete Fourier transform.

    Parameters
    ----------
    a : array_like
        Input spectrum.
    s : sequence of ints, optional
        Length of the transform along each axis of `axes`; by default the
        input's lengths.
    axes : sequence of ints, optional
        The axes to transform; by default all (or the last ``len(s)``).
    norm : {"backward", "ortho", "forward"}, optional
        The scaling, as in `ifft`, by the product of the lengths.
    out : ndarray, optional
        Where to write the result: complex, of the result's shape.

    Returns
    -------
    ndarray
        The complex signal.

    Raises
    ------
    ValueError
        `s` and `axes` differ in length, or a length is less than 1.

    See Also
    --------
    fftn, ifft, ifft2, irfftn

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(12.0).reshape(3, 4)
    >>> xp.allclose(xp.fft.ifftn(xp.fft.fftn(a)), a)
    True
    >>> xp.fft.ifftn(a, axes=(1,)).shape
    (3, 4)
    """
    a = asarray(a)
    s, axes = _cook_nd_args(a, s, axes)
    return _c2c(a, s, axes, False, norm, out)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The two-dimensional discrete Fourier transform: `fftn` over two axes.

    Parameters
    ----------
    a : array_like
        Input, at least 2-D (or 1-D with a single axis in `axes`).
    s : sequence of ints, optional
        Length of the transform along each axis of `axes`.
    axes : sequence of ints, optional
        The axes to transform, the last two by default.
    norm : {"backward", "ortho", "forward"}, optional
        The scaling, as in `fft`.
    out : ndarray, optional
        Where to write the result: complex, of the result's shape.

    Returns
    -------
    ndarray
        The complex spectrum.

    See Also
    --------
    ifft2, fftn, rfft2

    Examples
    --------
    >>> import gpuarray as xp
    >>> image = xp.zeros((4, 4)); image[0, 0] = 1
    >>> abs(xp.fft.fft2(image))
    array([[1., 1., 1., 1.],
           [1., 1., 1., 1.],
           [1., 1., 1., 1.],
           [1., 1., 1., 1.]])
    >>> xp.fft.fft2(xp.ones((5, 4, 4)), s=(8, 8)).shape
    (5, 8, 8)
    """
    return fftn(a, s, axes, norm, out)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The two-dimensional inverse discrete Fourier transform: `ifftn` over two axes.

    Parameters
    ----------
    a : array_like
        Input spectrum.
    s : sequence of ints, optional
        Length of the transform along each axis of `axes`.
    axes : sequence of ints, optional
        The axes to transform, the last two by default.
    norm : {"backward", "ortho", "forward"}, optional
        The scaling, as in `ifft`.
    out : ndarray, optional
        Where to write the result: complex, of the result's shape.

    Returns
    -------
    ndarray
        The complex signal.

    See Also
    --------
    fft2, ifftn, irfft2

    Examples
    --------
    >>> import gpuarray as xp
    >>> image = xp.arange(16.0).reshape(4, 4)
    >>> xp.allclose(xp.fft.ifft2(xp.fft.fft2(image)).real, image)
    True
    >>> xp.fft.ifft2(image).dtype
    dtype('complex128')
    """
    return ifftn(a, s, axes, norm, out)
