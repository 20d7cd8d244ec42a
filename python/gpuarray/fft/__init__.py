# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.fft: numpy.fft on cuFFT, with CuPy's plan cache (``gpuarray.fft.config``).

Importing this package loads no CUDA library: cuFFT comes with the first
transform (gpuarray._base.libs)."""
from gpuarray._core import ndarray
from gpuarray._array_creation.from_data import asarray
from gpuarray._ufunc.ufuncs import conjugate
from gpuarray.fft import config
from gpuarray.fft._helper import fftfreq, fftshift, ifftshift, rfftfreq
from gpuarray.fft._transforms import _SWAP_DIRECTION, _c2c, _c2r, _cook_nd_args, _engine, _r2c

__all__ = ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn",
           "irfftn", "hfft", "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift", "config"]


def _swap_direction(norm):
    try:
        return _SWAP_DIRECTION[norm]
    except KeyError:
        raise ValueError(f'Invalid norm value {norm}; should be "backward", "ortho" or "forward".') from None


def fft(a, n=None, axis=-1, norm=None, out=None):
    """The 1-D discrete Fourier transform along `axis`, `n` points (cropped or zero-padded)."""
    if type(a) is not ndarray:
        a = asarray(a)
    if out is None:
        return _engine().fft(a, n, axis, norm)  # the whole call in C++ (Note [FFT call path])
    if n is None:
        n = a.shape[axis]
    return _c2c(a, [n], [axis], True, norm, out)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    """The inverse of fft."""
    if type(a) is not ndarray:
        a = asarray(a)
    if out is None:
        return _engine().ifft(a, n, axis, norm)
    if n is None:
        n = a.shape[axis]
    return _c2c(a, [n], [axis], False, norm, out)


def fftn(a, s=None, axes=None, norm=None, out=None):
    """The N-d discrete Fourier transform over `axes` (all by default), sizes `s`."""
    a = asarray(a)
    s, axes = _cook_nd_args(a, s, axes)
    return _c2c(a, s, axes, True, norm, out)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    """The inverse of fftn."""
    a = asarray(a)
    s, axes = _cook_nd_args(a, s, axes)
    return _c2c(a, s, axes, False, norm, out)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """fftn over the last two axes."""
    return fftn(a, s, axes, norm, out)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """ifftn over the last two axes."""
    return ifftn(a, s, axes, norm, out)


def rfft(a, n=None, axis=-1, norm=None, out=None):
    """The 1-D transform of real input: the n//2+1 non-negative frequency terms."""
    if type(a) is not ndarray:
        a = asarray(a)
    if out is None:
        return _engine().rfft(a, n, axis, norm)
    if n is None:
        n = a.shape[axis]
    return _r2c(a, [n], [axis], norm, out)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    """The inverse of rfft: `n` real points (2*(m-1) by default) from m complex ones."""
    a = asarray(a)
    if n is None:
        n = (a.shape[axis] - 1) * 2
    return _c2r(a, [n], [axis], norm, out)


def rfftn(a, s=None, axes=None, norm=None, out=None):
    """fftn of real input: the last axis in `axes` keeps its non-negative frequencies."""
    a = asarray(a)
    s, axes = _cook_nd_args(a, s, axes)
    return _r2c(a, s, axes, norm, out)


def irfftn(a, s=None, axes=None, norm=None, out=None):
    """The inverse of rfftn."""
    a = asarray(a)
    s, axes = _cook_nd_args(a, s, axes, invreal=True)
    return _c2r(a, s, axes, norm, out)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """rfftn over the last two axes."""
    return rfftn(a, s, axes, norm, out)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """irfftn over the last two axes."""
    return irfftn(a, s, axes, norm, out)


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """The transform of a Hermitian-symmetric signal given by its first half: real output."""
    a = asarray(a)
    if n is None:
        n = (a.shape[axis] - 1) * 2
    norm = _swap_direction(norm)  # NumPy's order: before n is checked
    return _c2r(a, [n], [axis], norm, out, conj=True)


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    """The inverse of hfft: the conjugated half spectrum of real input."""
    if type(a) is not ndarray:
        a = asarray(a)
    if n is None:
        n = a.shape[axis]
    norm = _swap_direction(norm)  # NumPy's order: before n is checked
    result = _engine().rfft(a, n, axis, norm) if out is None else _r2c(a, [n], [axis], norm, out)
    return conjugate(result, out=result)
