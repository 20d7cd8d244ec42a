# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fftpack's cosine and sine transforms: gpuarray.scipy.fft's forward
transforms with fftpack's conventions. fftpack's inverses are the forward
transforms of the inverse type (1 -> 1, 2 -> 3, 3 -> 2, 4 -> 4) with the
same norm, so under the default (no) normalization ``idct(dct(x))`` is
``2N x``, not `x`; the N-d forms take fftpack's `shape` (see fftpack.fftn)."""
from gpuarray.scipy.fft._realtransforms import n_dimensional, one_dimensional
from gpuarray.scipy.fftpack._basic import good_shape

__all__ = ["dct", "idct", "dst", "idst", "dctn", "idctn", "dstn", "idstn"]

_INVERSE_TYPE = {1: 1, 2: 3, 3: 2, 4: 4}


def _inverse_type(type):
    """fftpack's table lookup: KeyError for a type it does not know."""
    return _INVERSE_TYPE[type]


_PARAMETERS_1D = """    x : array_like
        The input array (complex: real and imaginary parts separately).
    type : {1, 2, 3, 4}, optional
        Type of the transform (default 2; see gpuarray.scipy.fft.dct).
    n : int, optional
        Length of the transform (crop or zero-pad along `axis`).
    axis : int, optional
        Axis along which the transform is computed (default: the last).
    norm : {None, "ortho"}, optional
        Normalization mode: None (no scaling) or "ortho" (orthonormal, with
        the orthogonalizing factors). "backward" and "forward" are taken as
        gpuarray.scipy.fft's forward transform takes them.
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`."""

_PARAMETERS_ND = """    x : array_like
        The input array.
    type : {1, 2, 3, 4}, optional
        Type of the transform (default 2).
    shape : int or array_like of ints or None, optional
        Sizes along `axes` (crop or zero-pad); without `axes`, one per
        dimension of `x` (-1 keeps a length).
    axes : int or array_like of ints or None, optional
        Distinct axes to transform (default: all).
    norm : {None, "ortho"}, optional
        Normalization mode (see `dct`).
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `x`."""

_RAISES = """    ValueError
        If `type` is not 1-4 (the forward transforms), the number of points
        is below one, or `norm` is invalid.
    KeyError
        If `type` is not 1-4 (the inverse transforms: fftpack's table
        lookup).
    RuntimeError
        For a DCT of type 1 of one point."""


def dct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False):
    """Return the Discrete Cosine Transform of arbitrary type sequence x.

    Parameters
    ----------
{p1}

    Returns
    -------
    y : ndarray of real
        The transformed input array (float32 for float16 and float32
        input).

    Raises
    ------
{raises}

    See Also
    --------
    idct : fftpack's inverse (type 3 for type 2, unscaled by default).
    gpuarray.scipy.fft.dct : The same transform with `workers` and
        `orthogonalize`.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> x = xp.array([4.0, 3.0, 5.0, 10.0])
    >>> xp.round(fftpack.dct(x), 4)
    array([ 44.    , -12.6173,   8.4853,  -0.8967])
    >>> xp.allclose(fftpack.idct(fftpack.dct(x)) / (2 * 4), x)
    True
    """
    return one_dimensional("dct", True, x, type, n, axis, norm, None, None)


def idct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False):
    """Return the Inverse Discrete Cosine Transform of an arbitrary type sequence.

    fftpack's convention: the forward DCT of the inverse type, with the same
    norm (so ``idct(dct(x)) == 2N x`` with the default norm).

    Parameters
    ----------
{p1}

    Returns
    -------
    idct : ndarray of real
        The transformed input array.

    Raises
    ------
{raises}

    See Also
    --------
    dct
    gpuarray.scipy.fft.idct : The exact inverse instead.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> x = xp.array([4.0, 3.0, 5.0, 10.0])
    >>> xp.allclose(fftpack.idct(fftpack.dct(x, norm="ortho"), norm="ortho"), x)
    True
    >>> xp.allclose(fftpack.idct(x, type=2), fftpack.dct(x, type=3))
    True
    """
    type = _inverse_type(type)
    return one_dimensional("dct", True, x, type, n, axis, norm, None, None)


def dst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False):
    """Return the Discrete Sine Transform of arbitrary type sequence x.

    Parameters
    ----------
{p1}

    Returns
    -------
    dst : ndarray of reals
        The transformed input array.

    Raises
    ------
{raises}

    See Also
    --------
    idst
    gpuarray.scipy.fft.dst

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> xp.round(fftpack.dst(xp.array([4.0, 3.0, 5.0, 10.0])), 4)
    array([ 25.4972, -11.3137,  19.7457,  -8.    ])
    >>> fftpack.dst(xp.ones((2, 6)), type=4).shape
    (2, 6)
    """
    return one_dimensional("dst", True, x, type, n, axis, norm, None, None)


def idst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False):
    """Return the Inverse Discrete Sine Transform of an arbitrary type sequence.

    fftpack's convention: the forward DST of the inverse type, same norm.

    Parameters
    ----------
{p1}

    Returns
    -------
    idst : ndarray of real
        The transformed input array.

    Raises
    ------
{raises}

    See Also
    --------
    dst
    gpuarray.scipy.fft.idst

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> x = xp.array([4.0, 3.0, 5.0, 10.0])
    >>> xp.allclose(fftpack.idst(fftpack.dst(x)) / (2 * 4), x)
    True
    >>> xp.allclose(fftpack.idst(fftpack.dst(x, type=1), type=1) / (2 * 5), x)
    True
    """
    type = _inverse_type(type)
    return one_dimensional("dst", True, x, type, n, axis, norm, None, None)


def dctn(x, type=2, shape=None, axes=None, norm=None, overwrite_x=False):
    """Return multidimensional Discrete Cosine Transform along the specified axes.

    Parameters
    ----------
{pn}

    Returns
    -------
    y : ndarray of real
        The transformed input array; `x` itself with no axis to transform.

    Raises
    ------
{raises}

    See Also
    --------
    idctn, dct

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> xp.round(fftpack.dctn(xp.array([[1.0, 2.0], [3.0, 5.0]])), 4)
    array([[ 44.    ,  -8.4853],
           [-14.1421,   2.    ]])
    >>> fftpack.dctn(xp.ones((3, 4)), shape=(2, 6)).shape
    (2, 6)
    """
    return n_dimensional("dct", True, x, type, good_shape(x, shape, axes), axes, norm, None, None)


def idctn(x, type=2, shape=None, axes=None, norm=None, overwrite_x=False):
    """Return multidimensional Inverse Discrete Cosine Transform along the specified axes.

    Parameters
    ----------
{pn}

    Returns
    -------
    y : ndarray of real
        The transformed input array.

    Raises
    ------
{raises}

    See Also
    --------
    dctn, idct

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> x = xp.arange(6.0).reshape(2, 3)
    >>> xp.allclose(fftpack.idctn(fftpack.dctn(x, norm="ortho"), norm="ortho"), x)
    True
    >>> fftpack.idctn(x, axes=(0,)).shape
    (2, 3)
    """
    type = _inverse_type(type)
    return n_dimensional("dct", True, x, type, good_shape(x, shape, axes), axes, norm, None, None)


def dstn(x, type=2, shape=None, axes=None, norm=None, overwrite_x=False):
    """Return multidimensional Discrete Sine Transform along the specified axes.

    Parameters
    ----------
{pn}

    Returns
    -------
    y : ndarray of real
        The transformed input array.

    Raises
    ------
{raises}

    See Also
    --------
    idstn, dst

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> xp.round(fftpack.dstn(xp.array([[1.0, 2.0], [3.0, 5.0]])), 4)
    array([[ 22.    ,  -8.4853],
           [-14.1421,   4.    ]])
    >>> fftpack.dstn(xp.ones((3, 4)), type=1).shape
    (3, 4)
    """
    return n_dimensional("dst", True, x, type, good_shape(x, shape, axes), axes, norm, None, None)


def idstn(x, type=2, shape=None, axes=None, norm=None, overwrite_x=False):
    """Return multidimensional Inverse Discrete Sine Transform along the specified axes.

    Parameters
    ----------
{pn}

    Returns
    -------
    y : ndarray of real
        The transformed input array.

    Raises
    ------
{raises}

    See Also
    --------
    dstn, idst

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fftpack
    >>> x = xp.arange(6.0).reshape(2, 3)
    >>> xp.allclose(fftpack.idstn(fftpack.dstn(x, norm="ortho"), norm="ortho"), x)
    True
    >>> fftpack.idstn(x, shape=(4, 4)).shape
    (4, 4)
    """
    type = _inverse_type(type)
    return n_dimensional("dst", True, x, type, good_shape(x, shape, axes), axes, norm, None, None)


for _function in (dct, idct, dst, idst, dctn, idctn, dstn, idstn):
    _function.__doc__ = (_function.__doc__.replace("{p1}", _PARAMETERS_1D).replace("{pn}", _PARAMETERS_ND)
                         .replace("{raises}", _RAISES))
del _function
