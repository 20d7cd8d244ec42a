# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fft's N-d and 2-d transforms: fftn, ifftn, rfftn, irfftn and their
2-d forms, on gpuarray.fft's N-d transforms (hfftn and ihfftn, which use the
same rules: _hermitian_nd.py).

SciPy's rules differ from NumPy's and are applied first (_arguments.py):
`s` alone names the last len(s) axes without a warning, -1 in `s` keeps an
axis' length, repeated axes are an error, no axes at all returns `x` itself
for the complex transforms and is an error for the real ones. Once the sizes
and axes are explicit and distinct, gpuarray.fft computes what SciPy does."""

from gpuarray.fft import fftn as _numpy_fftn
from gpuarray.fft import ifftn as _numpy_ifftn
from gpuarray.fft import irfftn as _numpy_irfftn
from gpuarray.fft import rfftn as _numpy_rfftn
from gpuarray.scipy.fft._arguments import (check_plan, check_workers, checked_norm, host_or_device, shape_and_axes,
                                           to_device)

__all__ = ["fftn", "ifftn", "fft2", "ifft2", "rfftn", "irfftn", "rfft2", "irfft2"]


def _c2cn(transform, x, s, axes, norm, workers, plan):
    check_plan(plan)
    a = host_or_device(x)
    sizes, axes = shape_and_axes(a.shape, s, axes)
    check_workers(workers)
    if not axes:
        return x  # SciPy returns its argument untouched
    norm = checked_norm(norm)
    return transform(to_device(a), s=sizes, axes=axes, norm=norm)


def real_input(x, s, axes, norm, workers, plan):
    """The checks of rfftn and ihfftn: (device array, sizes, axes, norm)."""
    check_plan(plan)
    a = host_or_device(x)
    if a.dtype.kind == "c":
        raise TypeError("x must be a real sequence")
    sizes, axes = shape_and_axes(a.shape, s, axes)
    norm = checked_norm(norm)
    check_workers(workers)
    if not axes:
        raise ValueError("at least 1 axis must be transformed")
    return to_device(a), sizes, axes, norm


def real_output(x, s, axes, norm, workers, plan):
    """The checks of irfftn and hfftn: (device array, sizes, axes, norm); the last
    size is the output length (2*(m - 1) by default; 0 there is SciPy's one point)."""
    check_plan(plan)
    a = host_or_device(x)
    shapeless = s is None
    sizes, axes = shape_and_axes(a.shape, s, axes)
    if not axes:
        raise ValueError("at least 1 axis must be transformed")
    if shapeless:
        sizes[-1] = (a.shape[axes[-1]] - 1) * 2
    norm = checked_norm(norm)
    check_workers(workers)
    if sizes[-1] == 0:
        sizes[-1] = 1  # pocketfft's default odd length 2*m - 1 for the m = 1 point kept
    return to_device(a), sizes, axes, norm


COMMON = """    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`.
    workers : int, optional
        Checked as SciPy checks it (zero is an error), then ignored: cuFFT
        runs each transform on the whole GPU.
    plan : None, optional
        Must be None: gpuarray keeps no plan objects (cuFFT plans are cached,
        `gpuarray.fft.config`); anything else raises ValueError."""

AXES_ERRORS = """    ValueError
        If an axis is out of range or repeated, `s` and `axes` differ in
        length, `s` names more axes than `x` has, a size is below one, or
        `norm`, `workers` or `plan` is invalid."""


def fftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the N-D discrete Fourier transform.

    Parameters
    ----------
    x : array_like
        Input array, real or complex.
    s : sequence of ints, optional
        Output sizes along the transformed axes (crop or zero-pad; -1 keeps
        an axis' length). Given alone, it names the last ``len(s)`` axes.
    axes : sequence of ints, optional
        Distinct axes to transform (default: all, or the last ``len(s)``).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode, as in `fft`; the scale is the product of the sizes.
{common}

    Returns
    -------
    out : ndarray
        Complex (complex64 for single-precision input). With no axes to
        transform, `x` itself is returned, as SciPy does.

    Raises
    ------
{errors}

    See Also
    --------
    ifftn : The inverse.
    gpuarray.fft.fftn : NumPy's rules (repeated axes allowed).

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> y = fft.fftn(xp.ones((2, 3, 4)))
    >>> y.shape, xp.allclose(y[0, 0, 0], 24)
    ((2, 3, 4), True)
    >>> fft.fftn(xp.ones((2, 3, 4)), s=(5, 6)).shape
    (2, 5, 6)
    """
    return _c2cn(_numpy_fftn, x, s, axes, norm, workers, plan)


def ifftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the N-D inverse discrete Fourier transform.

    Parameters
    ----------
    x : array_like
        Input array, real or complex.
    s : sequence of ints, optional
        Output sizes along the transformed axes (see `fftn`).
    axes : sequence of ints, optional
        Distinct axes to transform (default: all, or the last ``len(s)``).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode; "backward" scales by one over the product of the
        sizes.
{common}

    Returns
    -------
    out : ndarray
        Complex; `x` itself when there is no axis to transform.

    Raises
    ------
{errors}

    See Also
    --------
    fftn : The forward transform.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> x = xp.arange(12.0).reshape(3, 4)
    >>> xp.allclose(fft.ifftn(fft.fftn(x)), x)
    True
    >>> fft.ifftn(x, axes=(0,)).shape
    (3, 4)
    """
    return _c2cn(_numpy_ifftn, x, s, axes, norm, workers, plan)


def fft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the 2-D discrete Fourier transform: `fftn` over two axes.

    Parameters
    ----------
    x : array_like
        Input array, real or complex.
    s : sequence of ints, optional
        Output sizes along `axes`.
    axes : sequence of ints, optional
        The axes to transform (default: the last two).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode (see `fft`).
{common}

    Returns
    -------
    out : ndarray
        The complex transform.

    Raises
    ------
{errors}

    See Also
    --------
    fftn, ifft2

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> y = fft.fft2(xp.ones((4, 4)))
    >>> xp.allclose(y[0, 0], 16), xp.allclose(y[1:, :], 0)
    (True, True)
    >>> fft.fft2(xp.ones((3, 4, 4)), s=(2, 2)).shape
    (3, 2, 2)
    """
    return _c2cn(_numpy_fftn, x, s, axes, norm, workers, plan)


def ifft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the 2-D inverse discrete Fourier transform: `ifftn` over two axes.

    Parameters
    ----------
    x : array_like
        Input array, real or complex.
    s : sequence of ints, optional
        Output sizes along `axes`.
    axes : sequence of ints, optional
        The axes to transform (default: the last two).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode (see `ifft`).
{common}

    Returns
    -------
    out : ndarray
        The complex inverse transform.

    Raises
    ------
{errors}

    See Also
    --------
    ifftn, fft2

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> x = xp.arange(6.0).reshape(2, 3)
    >>> xp.allclose(fft.ifft2(fft.fft2(x)), x)
    True
    >>> fft.ifft2(x).dtype
    dtype('complex128')
    """
    return _c2cn(_numpy_ifftn, x, s, axes, norm, workers, plan)


def rfftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the N-D discrete Fourier transform of real input.

    The last transformed axis keeps its ``s[-1]//2 + 1`` non-negative
    frequencies; the others are full complex transforms.

    Parameters
    ----------
    x : array_like
        Real input (complex raises TypeError).
    s : sequence of ints, optional
        Sizes along the transformed axes (input points used; crop or pad).
    axes : sequence of ints, optional
        Distinct axes to transform (default: all, or the last ``len(s)``).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode (see `fftn`).
{common}

    Returns
    -------
    out : ndarray
        Complex; complex64 for float16 and float32 input.

    Raises
    ------
    TypeError
        If `x` is complex.
{errors}
        With no axis to transform, ValueError too, as in SciPy.

    See Also
    --------
    irfftn, fftn

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> fft.rfftn(xp.ones((4, 6))).shape
    (4, 4)
    >>> fft.rfftn(xp.ones((4, 6), dtype=xp.float32), axes=(0,)).shape
    (3, 6)
    """
    a, sizes, axes, norm = real_input(x, s, axes, norm, workers, plan)
    return _numpy_rfftn(a, s=sizes, axes=axes, norm=norm)


def irfftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the inverse of `rfftn`: real output.

    Parameters
    ----------
    x : array_like
        Input; the last transformed axis holds non-negative frequencies.
    s : sequence of ints, optional
        Output sizes; the last defaults to ``2*(m - 1)`` for `m` input points
        (a length-1 axis gives one point, as in SciPy).
    axes : sequence of ints, optional
        Distinct axes to transform (default: all, or the last ``len(s)``).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode (see `ifftn`).
{common}

    Returns
    -------
    out : ndarray
        Real: float32 for single-precision input, float64 otherwise.

    Raises
    ------
{errors}
        With no axis to transform, ValueError too.

    See Also
    --------
    rfftn, ifftn

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> x = xp.arange(24.0).reshape(4, 6)
    >>> xp.allclose(fft.irfftn(fft.rfftn(x), s=x.shape), x)
    True
    >>> fft.irfftn(xp.ones((4, 4), dtype=xp.complex64)).dtype
    dtype('float32')
    """
    a, sizes, axes, norm = real_output(x, s, axes, norm, workers, plan)
    return _numpy_irfftn(a, s=sizes, axes=axes, norm=norm)


def rfft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the 2-D discrete Fourier transform of real input: `rfftn` over two axes.

    Parameters
    ----------
    x : array_like
        Real input.
    s : sequence of ints, optional
        Sizes along `axes`.
    axes : sequence of ints, optional
        The axes to transform (default: the last two).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode.
{common}

    Returns
    -------
    out : ndarray
        Complex, with ``s[-1]//2 + 1`` points along the last axis.

    Raises
    ------
    TypeError
        If `x` is complex.
{errors}

    See Also
    --------
    rfftn, irfft2

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> fft.rfft2(xp.ones((3, 8, 8))).shape
    (3, 8, 5)
    >>> xp.allclose(fft.rfft2(xp.ones((2, 2)))[0, 0], 4)
    True
    """
    a, sizes, axes, norm = real_input(x, s, axes, norm, workers, plan)
    return _numpy_rfftn(a, s=sizes, axes=axes, norm=norm)


def irfft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the inverse of `rfft2`: `irfftn` over two axes.

    Parameters
    ----------
    x : array_like
        Input; the last axis holds non-negative frequencies.
    s : sequence of ints, optional
        Output sizes along `axes`.
    axes : sequence of ints, optional
        The axes to transform (default: the last two).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode.
{common}

    Returns
    -------
    out : ndarray
        Real.

    Raises
    ------
{errors}

    See Also
    --------
    irfftn, rfft2

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> x = xp.arange(12.0).reshape(3, 4)
    >>> xp.allclose(fft.irfft2(fft.rfft2(x), s=(3, 4)), x)
    True
    >>> fft.irfft2(xp.ones((3, 3))).shape
    (3, 4)
    """
    a, sizes, axes, norm = real_output(x, s, axes, norm, workers, plan)
    return _numpy_irfftn(a, s=sizes, axes=axes, norm=norm)


for _function in (fftn, ifftn, fft2, ifft2, rfftn, irfftn, rfft2, irfft2):
    _function.__doc__ = _function.__doc__.replace("{common}", COMMON).replace("{errors}", AXES_ERRORS)
del _function
