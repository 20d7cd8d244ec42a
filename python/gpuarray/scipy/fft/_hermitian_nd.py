# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fft's Hermitian N-d and 2-d transforms: hfftn, ihfftn, hfft2, ihfft2.

They are irfftn and rfftn in the other direction, with SciPy's N-d rules
(_basic_nd.py): hfftn(x) is irfftn(conj(x)) with the norm swapped, ihfftn(x)
the conjugate of rfftn(x) with the norm swapped; for any input, Hermitian or
not, these are SciPy's numbers."""
from gpuarray._ufunc.ufuncs import conjugate
from gpuarray.fft import irfftn as _numpy_irfftn
from gpuarray.fft import rfftn as _numpy_rfftn
from gpuarray.scipy.fft._arguments import swapped_norm
from gpuarray.scipy.fft._basic_nd import AXES_ERRORS, COMMON, real_input, real_output

__all__ = ["hfftn", "ihfftn", "hfft2", "ihfft2"]


def hfftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the N-D FFT of a Hermitian-symmetric signal given by its half.

    ``hfftn(x, s, axes, norm)`` equals ``irfftn(conj(x), s, axes, n2)``
    where `n2` is the other direction's norm; the output is real.

    Parameters
    ----------
    x : array_like
        The half signal; the last transformed axis holds ``m`` points of it.
    s : sequence of ints, optional
        Output sizes; the last defaults to ``2*(m - 1)``.
    axes : sequence of ints, optional
        Distinct axes to transform (default: all, or the last ``len(s)``).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode (see `fftn`).
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
    ihfftn, irfftn

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> y = fft.hfftn(xp.ones((2, 3)))
    >>> y.shape, xp.allclose(y[0, 0], 8)
    ((2, 4), True)
    >>> fft.hfftn(xp.ones((2, 3), dtype=xp.complex64)).dtype
    dtype('float32')
    """
    a, sizes, axes, norm = real_output(x, s, axes, norm, workers, plan)
    if a.dtype.kind == "c":
        a = conjugate(a)
    return _numpy_irfftn(a, s=sizes, axes=axes, norm=swapped_norm(norm))


def ihfftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the inverse of `hfftn`: the conjugated N-D half spectrum of real input.

    Parameters
    ----------
    x : array_like
        Real input (complex raises TypeError).
    s : sequence of ints, optional
        Sizes along the transformed axes.
    axes : sequence of ints, optional
        Distinct axes to transform (default: all, or the last ``len(s)``).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode (see `ifftn`).
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
    hfftn, rfftn

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> x = xp.arange(12.0).reshape(3, 4)
    >>> xp.allclose(fft.hfftn(fft.ihfftn(x), s=x.shape), x)
    True
    >>> fft.ihfftn(x).shape
    (3, 3)
    """
    a, sizes, axes, norm = real_input(x, s, axes, norm, workers, plan)
    result = _numpy_rfftn(a, s=sizes, axes=axes, norm=swapped_norm(norm))
    return conjugate(result, out=result)


def hfft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the 2-D FFT of a Hermitian-symmetric signal: `hfftn` over two axes.

    Parameters
    ----------
    x : array_like
        The half signal.
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
    hfftn, ihfft2

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> fft.hfft2(xp.ones((2, 3))).shape
    (2, 4)
    >>> fft.hfft2(xp.ones((2, 3)), s=(2, 5)).shape
    (2, 5)
    """
    return hfftn(x, s, axes, norm, overwrite_x, workers, plan=plan)


def ihfft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False, workers=None, *, plan=None):
    """Compute the inverse of `hfft2`: `ihfftn` over two axes.

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
        Complex.

    Raises
    ------
    TypeError
        If `x` is complex.
{errors}

    See Also
    --------
    ihfftn, hfft2

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> fft.ihfft2(xp.ones((2, 4))).shape
    (2, 3)
    >>> xp.allclose(fft.ihfft2(xp.ones((2, 4)))[0, 0], 1)
    True
    """
    return ihfftn(x, s, axes, norm, overwrite_x, workers, plan=plan)


for _function in (hfftn, ihfftn, hfft2, ihfft2):
    _function.__doc__ = _function.__doc__.replace("{common}", COMMON).replace("{errors}", AXES_ERRORS)
del _function
