# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fft's multi-dimensional cosine and sine transforms (dctn, idctn,
dstn, idstn): the 1-D transform along each axis in turn (they are
separable), with SciPy's N-d argument rules (see _basic_nd.py): no axes
returns `x` itself, repeated axes are an error."""
from gpuarray.scipy.fft._realtransforms import n_dimensional

__all__ = ["dctn", "idctn", "dstn", "idstn"]

_PARAMETERS = """    x : array_like
        The input array (complex input: real and imaginary parts separately).
    type : {1, 2, 3, 4}, optional
        Type of the transform (default 2; see `dct`).
    s : int or sequence of ints, optional
        Lengths of the transform along `axes` (crop or zero-pad; -1 keeps an
        axis' length). Given alone, it names the last ``len(s)`` axes.
    axes : int or sequence of ints, optional
        Distinct axes to transform (default: all, or the last ``len(s)``).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode, applied along each axis (see `dct`).
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`.
    workers : int, optional
        Checked as SciPy checks it, then ignored by the GPU.
    orthogonalize : bool, optional
        The orthogonalized variant along each axis (default: with "ortho").
        Not used for complex input, as in SciPy."""

_RETURNS_AND_RAISES = """    Returns
    -------
    y : ndarray of real
        The transformed array (float32 for float16 and float32 input, complex
        for complex input); `x` itself when there is no axis to transform.

    Raises
    ------
    ValueError
        If `type` is not 1-4, an axis is out of range or repeated, `s` and
        `axes` differ in length, a length is below one, or `norm` or
        `workers` is invalid.
    RuntimeError
        For a DCT of type 1 of one point along an axis.

    Notes
    -----
    One 1-D transform per axis (each a cuFFT transform with a reordering
    copy and a twiddle multiply), in the order of `axes`; the transforms are
    separable, so the order does not change the result beyond rounding."""


def dctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, orthogonalize=None):
    """Return multidimensional Discrete Cosine Transform along the specified axes.

    Parameters
    ----------
{parameters}

{returns}

    See Also
    --------
    idctn : Inverse multidimensional DCT.
    dct : The 1-D transform, whose Notes give the types.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> xp.round(fft.dctn(xp.array([[1.0, 2.0], [3.0, 5.0]])), 4)
    array([[ 44.    ,  -8.4853],
           [-14.1421,   2.    ]])
    >>> fft.dctn(xp.ones((4, 5, 6)), s=(3, 3), axes=(0, 2)).shape
    (3, 5, 3)
    """
    return n_dimensional("dct", True, x, type, s, axes, norm, workers, orthogonalize)


def idctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """Return multidimensional Inverse Discrete Cosine Transform along the specified axes.

    Parameters
    ----------
{parameters}

{returns}

    See Also
    --------
    dctn : Forward multidimensional DCT.
    idct : The 1-D inverse.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> x = xp.arange(12.0).reshape(3, 4)
    >>> xp.allclose(fft.idctn(fft.dctn(x, type=1), type=1), x)
    True
    >>> fft.idctn(x, axes=()) is x
    True
    """
    return n_dimensional("dct", False, x, type, s, axes, norm, workers, orthogonalize)


def dstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """Return multidimensional Discrete Sine Transform along the specified axes.

    Parameters
    ----------
{parameters}

{returns}

    See Also
    --------
    idstn : Inverse multidimensional DST.
    dst : The 1-D transform.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> xp.round(fft.dstn(xp.array([[1.0, 2.0], [3.0, 5.0]])), 4)
    array([[ 22.    ,  -8.4853],
           [-14.1421,   4.    ]])
    >>> fft.dstn(xp.ones((2, 3), dtype=xp.complex64)).dtype
    dtype('complex64')
    """
    return n_dimensional("dst", True, x, type, s, axes, norm, workers, orthogonalize)


def idstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """Return multidimensional Inverse Discrete Sine Transform along the specified axes.

    Parameters
    ----------
{parameters}

{returns}

    See Also
    --------
    dstn : Forward multidimensional DST.
    idst : The 1-D inverse.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> x = xp.arange(12.0).reshape(3, 4)
    >>> xp.allclose(fft.idstn(fft.dstn(x, type=4, norm="ortho"), type=4, norm="ortho"), x)
    True
    >>> fft.idstn(x, s=(5,)).shape
    (3, 5)
    """
    return n_dimensional("dst", False, x, type, s, axes, norm, workers, orthogonalize)


for _function in (dctn, idctn, dstn, idstn):
    _function.__doc__ = _function.__doc__.replace("{parameters}", _PARAMETERS).replace("{returns}",
                                                                                       _RETURNS_AND_RAISES)
del _function
