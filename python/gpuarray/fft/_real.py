# SPDX-License-Identifier: BSD-3-Clause
"""numpy.fft's transforms of real input and Hermitian spectra (rfft, irfft,
rfftn, irfftn, rfft2, irfft2, hfft, ihfft) on cuFFT."""
from gpuarray._core import ndarray
from gpuarray._array_creation.from_data import asarray
from gpuarray._ufunc.ufuncs import conjugate
from gpuarray.fft._transforms import _SWAP_DIRECTION, _c2r, _cook_nd_args, _engine, _r2c

__all__ = ["rfft", "irfft", "rfftn", "irfftn", "rfft2", "irfft2", "hfft", "ihfft"]


def _swap_direction(norm):
    try:
        return _SWAP_DIRECTION[norm]
    except KeyError:
        raise ValueError(f'Invalid norm value {norm}; should be "backward", "ortho" or "forward".') from None


def rfft(a, n=None, axis=-1, norm=None, out=None):
    """The one-dimensional discrete Fourier transform of real input.

    Only the ``n//2 + 1`` non-negative frequency terms are computed: the
    others are their complex conjugates.

    Parameters
    ----------
    a : array_like
        Real input (the imaginary part of complex input is discarded, with
        NumPy's ComplexWarning).
    n : int, optional
        Length of the transform: the input is cropped or zero-padded along
        `axis` to `n` points; by default its length there.
    axis : int, optional
        The axis to transform (the last by default).
    norm : {"backward", "ortho", "forward"}, optional
        The scaling, as in `fft`.
    out : ndarray, optional
        Where to write the result: complex, of the result's shape.

    Returns
    -------
    ndarray
        The spectrum, ``n//2 + 1`` long along `axis`: complex64 for
        float16 and float32 input, complex128 otherwise.

    Raises
    ------
    ValueError
        `n` is less than 1 or `norm` is not one of the three.

    See Also
    --------
    irfft, fft, rfftn, rfftfreq

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([1.0, 2.0, 3.0, 4.0])
    >>> abs(xp.fft.rfft(x))
    array([10.        ,  2.82842712,  2.        ])
    >>> xp.fft.rfft(xp.ones(9, dtype=xp.float32)).shape
    (5,)
    """
    if type(a) is not ndarray:
        a = asarray(a)
    if out is None:
        return _engine().rfft(a, n, axis, norm)
    if n is None:
        n = a.shape[axis]
    return _r2c(a, [n], [axis], norm, out)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    """The inverse of `rfft`: a real signal from its non-negative frequency terms.

    Parameters
    ----------
    a : array_like
        The half spectrum, ``m`` terms along `axis`.
    n : int, optional
        Length of the output along `axis`; by default ``2 * (m - 1)``. Give
        it for odd-length signals, whose length the half spectrum does not
        tell.
    axis : int, optional
        The axis to transform (the last by default).
    norm : {"backward", "ortho", "forward"}, optional
        The scaling, as in `ifft`.
    out : ndarray, optional
        Where to write the result: real, of the result's shape.

    Returns
    -------
    ndarray
        The real signal: float32 for single-precision input, float16 for
        float16, float64 otherwise.

    Raises
    ------
    ValueError
        The output length is less than 1.

    See Also
    --------
    rfft, ifft, irfftn

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([1.0, 2.0, 3.0, 4.0, 5.0])
    >>> xp.allclose(xp.fft.irfft(xp.fft.rfft(x), n=5), x)
    True
    >>> xp.fft.irfft(xp.fft.rfft(x)).shape
    (4,)
    """
    a = asarray(a)
    if n is None:
        n = (a.shape[axis] - 1) * 2
    return _c2r(a, [n], [axis], norm, out)


def rfftn(a, s=None, axes=None, norm=None, out=None):
    """The N-dimensional discrete Fourier transform of real input.

    The last axis of `axes` keeps only its non-negative frequencies; the
    others are transformed in full.

    Parameters
    ----------
    a : array_like
        Real input.
    s : sequence of ints, optional
        Length of the transform along each axis of `axes` (cropping or
        zero-padding); by default the input's lengths.
    axes : sequence of ints, optional
        The axes to transform; by default all (or the last ``len(s)``).
    norm : {"backward", "ortho", "forward"}, optional
        The scaling, as in `fft`, by the product of the lengths.
    out : ndarray, optional
        Where to write the result: complex, of the result's shape.

    Returns
    -------
    ndarray
        The spectrum; its last transformed axis is ``s[-1]//2 + 1`` long.

    See Also
    --------
    irfftn, rfft, fftn, rfft2

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ones((4, 6))
    >>> xp.fft.rfftn(a).shape
    (4, 4)
    >>> float(abs(xp.fft.rfftn(a)[0, 0]))
    24.0
    """
    a = asarray(a)
    s, axes = _cook_nd_args(a, s, axes)
    return _r2c(a, s, axes, norm, out)


def irfftn(a, s=None, axes=None, norm=None, out=None):
    """The inverse of `rfftn`: a real N-dimensional signal from its half spectrum.

    Parameters
    ----------
    a : array_like
        The spectrum, as `rfftn` gives it.
    s : sequence of ints, optional
        Lengths of the output along `axes`; by default the input's, except
        the last, ``2 * (m - 1)`` for ``m`` terms. Give it for odd lengths.
    axes : sequence of ints, optional
        The axes to transform; by default all (or the last ``len(s)``).
    norm : {"backward", "ortho", "forward"}, optional
        The scaling, as in `ifft`, by the product of the lengths.
    out : ndarray, optional
        Where to write the result: real, of the result's shape.

    Returns
    -------
    ndarray
        The real signal.

    See Also
    --------
    rfftn, irfft, ifftn

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(15.0).reshape(3, 5)
    >>> xp.allclose(xp.fft.irfftn(xp.fft.rfftn(a), s=a.shape), a)
    True
    >>> xp.fft.irfftn(xp.fft.rfftn(a)).shape
    (3, 4)
    """
    a = asarray(a)
    s, axes = _cook_nd_args(a, s, axes, invreal=True)
    return _c2r(a, s, axes, norm, out)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The two-dimensional transform of real input: `rfftn` over two axes.

    Parameters
    ----------
    a : array_like
        Real input.
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
        The spectrum; the last axis is ``s[-1]//2 + 1`` long.

    See Also
    --------
    irfft2, rfftn, fft2

    Examples
    --------
    >>> import gpuarray as xp
    >>> image = xp.ones((8, 8), dtype=xp.float32)
    >>> spectrum = xp.fft.rfft2(image)
    >>> spectrum.shape, spectrum.dtype
    ((8, 5), dtype('complex64'))
    """
    return rfftn(a, s, axes, norm, out)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The inverse of `rfft2`: `irfftn` over two axes.

    Parameters
    ----------
    a : array_like
        The spectrum, as `rfft2` gives it.
    s : sequence of ints, optional
        Lengths of the output along `axes` (give it for an odd last length).
    axes : sequence of ints, optional
        The axes to transform, the last two by default.
    norm : {"backward", "ortho", "forward"}, optional
        The scaling, as in `ifft`.
    out : ndarray, optional
        Where to write the result: real, of the result's shape.

    Returns
    -------
    ndarray
        The real signal.

    See Also
    --------
    rfft2, irfftn, ifft2

    Examples
    --------
    >>> import gpuarray as xp
    >>> image = xp.arange(12.0).reshape(3, 4)
    >>> xp.allclose(xp.fft.irfft2(xp.fft.rfft2(image), s=image.shape), image)
    True
    >>> xp.fft.irfft2(xp.fft.rfft2(image)).dtype
    dtype('float64')
    """
    return irfftn(a, s, axes, norm, out)


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """The transform of a signal with Hermitian symmetry, given by its first half.

    The result is real: the signal's spectrum.

    Parameters
    ----------
    a : array_like
        The first half of the Hermitian-symmetric signal, ``m`` terms.
    n : int, optional
        Length of the output; by default ``2 * (m - 1)``.
    axis : int, optional
        The axis to transform (the last by default).
    norm : {"backward", "ortho", "forward"}, optional
        The scaling, as in `fft`.
    out : ndarray, optional
        Where to write the result: real, of the result's shape.

    Returns
    -------
    ndarray
        The real spectrum, `n` long along `axis`.

    Raises
    ------
    ValueError
        `norm` is not one of the three, or the output length is less
        than 1.

    See Also
    --------
    ihfft, irfft, rfft

    Examples
    --------
    >>> import gpuarray as xp
    >>> signal = xp.array([1.0, 2.0, 3.0, 2.0])
    >>> xp.allclose(xp.fft.hfft(signal[:3], 4), xp.fft.fft(signal).real)
    True
    >>> xp.fft.hfft(xp.ones(5)).shape
    (8,)
    """
    a = asarray(a)
    if n is None:
        n = (a.shape[axis] - 1) * 2
    norm = _swap_direction(norm)  # NumPy's order: before n is checked
    return _c2r(a, [n], [axis], norm, out, conj=True)


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    """The inverse of `hfft`: the half spectrum of a real signal, conjugated.

    Parameters
    ----------
    a : array_like
        Real input.
    n : int, optional
        Length of the transform (cropping or zero-padding); by default the
        input's length along `axis`.
    axis : int, optional
        The axis to transform (the last by default).
    norm : {"backward", "ortho", "forward"}, optional
        The scaling, as in `ifft`.
    out : ndarray, optional
        Where to write the result: complex, of the result's shape.

    Returns
    -------
    ndarray
        ``n//2 + 1`` complex terms along `axis`.

    Raises
    ------
    ValueError
        `norm` is not one of the three, or `n` is less than 1.

    See Also
    --------
    hfft, rfft

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([1.0, 2.0, 3.0, 4.0])
    >>> xp.allclose(xp.fft.hfft(xp.fft.ihfft(x), 4), x)
    True
    >>> xp.fft.ihfft(x).shape
    (3,)
    """
    if type(a) is not ndarray:
        a = asarray(a)
    if n is None:
        n = a.shape[axis]
    norm = _swap_direction(norm)  # NumPy's order: before n is checked
    result = _engine().rfft(a, n, axis, norm) if out is None else _r2c(a, [n], [axis], norm, out)
    return conjugate(result, out=result)
