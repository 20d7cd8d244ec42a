# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fft's 1-D transforms: fft, ifft, rfft, irfft, hfft and ihfft, with
SciPy's signatures, dtype rule and errors, on gpuarray.fft's cuFFT calls.

SciPy's arguments are checked here (_arguments.py) before any device work;
gpuarray.fft then runs the transform with NumPy's rules, which agree with
SciPy's once the input is in SciPy's dtype (float16 is cast to float32
first: NumPy 2 would return float16 from irfft and hfft)."""
import operator

from gpuarray.fft import fft as _numpy_fft
from gpuarray.fft import hfft as _numpy_hfft
from gpuarray.fft import ifft as _numpy_ifft
from gpuarray.fft import ihfft as _numpy_ihfft
from gpuarray.fft import irfft as _numpy_irfft
from gpuarray.fft import rfft as _numpy_rfft
from gpuarray.scipy.fft._arguments import (axis_length, check_plan, check_workers, checked_length, checked_norm,
                                           host_or_device, to_device)

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]


def _c2c(transform, x, n, axis, norm, workers, plan):
    check_plan(plan)
    a = host_or_device(x)
    norm = checked_norm(norm)
    check_workers(workers)
    n = checked_length(n, a.shape, axis)
    # NumPy 2's dtypes are SciPy's here (integers -> complex128); to_device makes float16 float32.
    return transform(to_device(a), n, axis, norm)


def _r2c(transform, x, n, axis, norm, workers, plan):
    check_plan(plan)
    a = host_or_device(x)
    norm = checked_norm(norm)
    check_workers(workers)
    if a.dtype.kind == "c":
        raise TypeError("x must be a real sequence")
    n = checked_length(n, a.shape, axis)
    return transform(to_device(a), n, axis, norm)


def real_output_length(n, shape, axis):
    """The output length of a transform with real output (irfft, hfft) and SciPy's
    errors. n=0 asks SciPy's pocketfft for its default odd length, 2*m - 1 with
    m = 1 input point kept: one point, which SciPy returns."""
    if n is None:
        n = (axis_length(shape, axis) - 1) * 2
        if n < 1:
            raise ValueError(f"Invalid number of data points ({n}) specified")
        return n
    n = operator.index(n)
    kept = n // 2 + 1
    if kept < 1:
        raise ValueError(f"invalid number of data points ({kept}) specified")
    axis_length(shape, axis)
    return n if n != 0 else 1


def _c2r(transform, x, n, axis, norm, workers, plan):
    check_plan(plan)
    a = host_or_device(x)
    norm = checked_norm(norm)
    check_workers(workers)
    n = real_output_length(n, a.shape, axis)
    return transform(to_device(a), n, axis, norm)


_SEE_ALSO_1D = """
    See Also
    --------
    gpuarray.fft.{name} : NumPy's spelling (no `workers`, `plan` or `overwrite_x`).
    scipy.fft.{name} : The host original this follows."""


def fft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the 1-D discrete Fourier transform.

    ``y[k] = sum_j x[j] exp(-2 pi i j k / n)``, one cuFFT execution over the
    whole batch.

    Parameters
    ----------
    x : array_like
        Input array, real or complex (host data is copied to the device).
    n : int, optional
        Length of the transformed axis of the output: `x` is cropped or
        zero-padded to it. Default: the length of `x` along `axis`.
    axis : int, optional
        Axis over which to compute the transform (default: the last).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode (default "backward": no scaling here, ``1/n`` on
        the inverse; "forward" the reverse; "ortho" ``1/sqrt(n)`` both ways).
    overwrite_x : bool, optional
        SciPy's permission to destroy `x`; gpuarray never writes to `x`.
    workers : int, optional
        Checked as SciPy checks it (zero is an error) and otherwise ignored:
        the GPU runs the transform as one cuFFT execution.
    plan : None, optional
        Must be None: gpuarray keeps no plan objects (cuFFT plans are cached
        per shape and dtype, `gpuarray.fft.config`). Anything else raises
        ValueError.

    Returns
    -------
    out : ndarray
        The transform, complex: complex64 for float16, float32 and complex64
        input, complex128 otherwise (SciPy's rule).

    Raises
    ------
    ValueError
        If `n` (or the axis length) is below one, `norm` is not one of the
        three, `workers` is zero or `plan` is not None.
    IndexError
        If `axis` is out of range (NumPy's AxisError, which is one).
{see_also}

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> y = fft.fft(xp.array([1.0, 2.0, 1.0, 0.0]))
    >>> y.dtype, y.shape
    (dtype('complex128'), (4,))
    >>> xp.allclose(y, xp.array([4, -2j, 0, 2j]))
    True
    >>> fft.fft(xp.ones(3, dtype=xp.float32), n=4).dtype
    dtype('complex64')
    """
    return _c2c(_numpy_fft, x, n, axis, norm, workers, plan)


def ifft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the 1-D inverse discrete Fourier transform.

    ``y[j] = (1/n) sum_k x[k] exp(2 pi i j k / n)`` (the scale follows
    `norm`): ``ifft(fft(x)) == x`` to rounding.

    Parameters
    ----------
    x : array_like
        Input array, real or complex.
    n : int, optional
        Length of the transformed axis of the output (crop or zero-pad).
    axis : int, optional
        Axis over which to compute the transform (default: the last).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode; "backward" (default) scales this direction by
        ``1/n``.
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`.
    workers : int, optional
        Checked as SciPy checks it, then ignored by the GPU.
    plan : None, optional
        Must be None (see `fft`).

    Returns
    -------
    out : ndarray
        The complex inverse transform (complex64 for single-precision input).

    Raises
    ------
    ValueError
        If the number of points is below one, or `norm`, `workers` or `plan`
        is invalid.
    IndexError
        If `axis` is out of range.
{see_also}

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> y = fft.ifft(xp.array([4.0, -2j, 0.0, 2j]))
    >>> xp.allclose(y, xp.array([1.0, 2.0, 1.0, 0.0]))
    True
    >>> x = xp.array([1.0, 2.0, 3.0])
    >>> xp.allclose(fft.ifft(fft.fft(x, norm="ortho"), norm="ortho"), x)
    True
    """
    return _c2c(_numpy_ifft, x, n, axis, norm, workers, plan)


def rfft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the 1-D discrete Fourier transform of real input.

    The ``n//2 + 1`` non-negative frequency terms of ``fft(x)``; the others
    are their complex conjugates.

    Parameters
    ----------
    x : array_like
        Real input (complex input raises TypeError, as in SciPy).
    n : int, optional
        Number of input points used along `axis` (crop or zero-pad).
    axis : int, optional
        Axis over which to compute the transform (default: the last).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode (see `fft`).
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`.
    workers : int, optional
        Checked as SciPy checks it, then ignored by the GPU.
    plan : None, optional
        Must be None (see `fft`).

    Returns
    -------
    out : ndarray
        Complex, of length ``n//2 + 1`` along `axis` (complex64 for float16
        and float32 input).

    Raises
    ------
    TypeError
        If `x` is complex.
    ValueError
        If the number of points is below one, or `norm`, `workers` or `plan`
        is invalid.
{see_also}

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> y = fft.rfft(xp.array([1.0, 2.0, 1.0, 0.0]))
    >>> xp.allclose(y, xp.array([4, -2j, 0]))
    True
    >>> fft.rfft(xp.ones((2, 5), dtype=xp.float32)).shape
    (2, 3)
    """
    return _r2c(_numpy_rfft, x, n, axis, norm, workers, plan)


def irfft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the inverse of `rfft`: real output from the non-negative frequencies.

    Parameters
    ----------
    x : array_like
        The half spectrum (real input is taken as complex with zero imaginary
        parts). The imaginary parts of the zero and (for even `n`) Nyquist
        terms are ignored.
    n : int, optional
        Length of the output along `axis`: ``2*(m - 1)`` by default for `m`
        input points; ``n//2 + 1`` input points are used (crop or zero-pad).
        As in SciPy, ``n=0`` gives one point.
    axis : int, optional
        Axis over which to compute the transform (default: the last).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode; "backward" scales by ``1/n``.
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`.
    workers : int, optional
        Checked as SciPy checks it, then ignored by the GPU.
    plan : None, optional
        Must be None (see `fft`).

    Returns
    -------
    out : ndarray
        Real, of length `n` along `axis`: float32 for single-precision input
        (float16 included), float64 otherwise.

    Raises
    ------
    ValueError
        If the default `n` is below one (a length-1 axis), ``n//2 + 1`` is
        below one, or `norm`, `workers` or `plan` is invalid.
{see_also}

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> x = fft.irfft(xp.array([4.0, -2j, 0.0]))
    >>> x.dtype, xp.allclose(x, xp.array([1.0, 2.0, 1.0, 0.0]))
    (dtype('float64'), True)
    >>> fft.irfft(xp.array([4.0, -2j, 0.0]), n=5).shape
    (5,)
    """
    return _c2r(_numpy_irfft, x, n, axis, norm, workers, plan)


def hfft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the FFT of a signal with Hermitian symmetry, given its first half.

    The result is real: ``hfft(x, n) == irfft(conj(x), n) * n`` for the
    default norm.

    Parameters
    ----------
    x : array_like
        The first half of the Hermitian-symmetric signal.
    n : int, optional
        Length of the output along `axis`, ``2*(m - 1)`` by default.
    axis : int, optional
        Axis over which to compute the transform (default: the last).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode (see `fft`).
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`.
    workers : int, optional
        Checked as SciPy checks it, then ignored by the GPU.
    plan : None, optional
        Must be None (see `fft`).

    Returns
    -------
    out : ndarray
        Real, of length `n` along `axis`.

    Raises
    ------
    ValueError
        As `irfft`.
{see_also}

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> y = fft.hfft(xp.array([1.0, 2j, 0.0]))
    >>> xp.allclose(y, xp.array([1.0, 5.0, 1.0, -3.0]))
    True
    >>> fft.hfft(xp.ones(3, dtype=xp.complex64)).dtype
    dtype('float32')
    """
    return _c2r(_numpy_hfft, x, n, axis, norm, workers, plan)


def ihfft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the inverse of `hfft`: the conjugated half spectrum of real input.

    Parameters
    ----------
    x : array_like
        Real input (complex raises TypeError).
    n : int, optional
        Number of input points used along `axis` (crop or zero-pad).
    axis : int, optional
        Axis over which to compute the transform (default: the last).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode; "backward" scales by ``1/n``.
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`.
    workers : int, optional
        Checked as SciPy checks it, then ignored by the GPU.
    plan : None, optional
        Must be None (see `fft`).

    Returns
    -------
    out : ndarray
        Complex, of length ``n//2 + 1`` along `axis`.

    Raises
    ------
    TypeError
        If `x` is complex.
    ValueError
        As `rfft`.
{see_also}

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> y = fft.ihfft(xp.array([1.0, 5.0, 1.0, -3.0]))
    >>> xp.allclose(y, xp.array([1.0, 2j, 0.0]))
    True
    >>> fft.ihfft(xp.ones(6)).shape
    (4,)
    """
    return _r2c(_numpy_ihfft, x, n, axis, norm, workers, plan)


for _function in (fft, ifft, rfft, irfft, hfft, ihfft):
    _function.__doc__ = _function.__doc__.replace("{see_also}", _SEE_ALSO_1D.format(name=_function.__name__))
del _function
