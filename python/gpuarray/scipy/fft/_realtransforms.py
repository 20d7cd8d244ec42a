# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fft's 1-D discrete cosine and sine transforms (dct, idct, dst, idst),
types 1 to 4, with SciPy's arguments, dtypes and errors; the transforms are
cuFFT plus array operations (_r2r.py, Note [DCT and DST through the FFT]).

SciPy's order of checks: the norm, `workers`, the number of points and the
axis, then the type (and the one-point DCT-I). Complex input is transformed
as its real and imaginary parts, each written straight into the result's
halves; as in SciPy, `orthogonalize` is then not used (the default for the
norm applies)."""
import operator

import numpy

from gpuarray._array_creation.from_shape import empty
from gpuarray.scipy.fft._arguments import (check_workers, checked_length, checked_norm, float_dtype,
                                           host_or_device, shape_and_axes, to_device)
from gpuarray.scipy.fft._r2r import check_length, transform_axes, transform_spec

__all__ = ["dct", "idct", "dst", "idst"]


def one_dimensional(kind, forward, x, type, n, axis, norm, workers, orthogonalize):
    """dct and its kin: SciPy's checks, then the transform along one axis."""
    a = host_or_device(x)
    norm = checked_norm(norm)
    check_workers(workers)
    n = checked_length(n, a.shape, axis)
    return _transform(kind, forward, a, type, [n], [operator.index(axis)], norm, orthogonalize)


def n_dimensional(kind, forward, x, type, s, axes, norm, workers, orthogonalize):
    """dctn and its kin: SciPy's checks, then one 1-D transform per axis."""
    a = host_or_device(x)
    sizes, axes = shape_and_axes(a.shape, s, axes)
    if not axes:
        return x  # SciPy returns its argument untouched
    norm = checked_norm(norm)
    check_workers(workers)
    return _transform(kind, forward, a, type, sizes, axes, norm, orthogonalize)


def _transform(kind, forward, a, type, sizes, axes, norm, orthogonalize):
    dtype = float_dtype(a.dtype)
    complex_input = dtype.kind == "c"
    spec = transform_spec(kind, type, forward, norm, None if complex_input else orthogonalize)
    for n in sizes:
        check_length(spec, n)
    a = to_device(a)
    if not complex_input:
        return transform_axes(a, sizes, axes, spec, dtype)
    shape = list(a.shape)
    for axis, n in zip(axes, sizes):
        shape[axis] = n
    out = empty(shape, dtype)
    real = numpy.finfo(dtype).dtype
    transform_axes(a.real, sizes, axes, spec, real, out.real)
    transform_axes(a.imag, sizes, axes, spec, real, out.imag)
    return out


_PARAMETERS = """    x : array_like
        The input array (host data is copied to the device). Complex input is
        transformed as its real and imaginary parts.
    type : {1, 2, 3, 4}, optional
        Type of the transform (default 2; see Notes).
    n : int, optional
        Length of the transform: `x` is cropped or zero-padded along `axis`
        to it. Default: the length of `x` along `axis`.
    axis : int, optional
        Axis along which the transform is computed (default: the last).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode (default "backward": no scaling here; see Notes).
    overwrite_x : bool, optional
        SciPy's permission to destroy `x`; gpuarray never writes to `x`.
    workers : int, optional
        Checked as SciPy checks it (zero is an error), then ignored: the GPU
        runs each transform as one cuFFT execution.
    orthogonalize : bool, optional
        Whether to use the orthogonalized variant (first and last terms
        rescaled so that, with ``norm="ortho"``, the matrix is orthogonal).
        Default: True with ``norm="ortho"``, False otherwise. Not used for
        complex input, as in SciPy."""

_RAISES = """    ValueError
        If `type` is not 1-4, the number of points is below one, or `norm`
        or `workers` is invalid.
    IndexError
        If `axis` is out of range (NumPy's AxisError, which is one).
    TypeError
        If `type` is not an integer.
    RuntimeError
        For a DCT of type 1 of one point (SciPy's error: its FFT would have
        no points)."""

_NOTES = """    Notes
    -----
    The unscaled transforms (``norm="backward"``) are SciPy's, e.g.
    ``y[k] = 2 sum_n x[n] cos(pi k (2n+1) / (2N))`` for the DCT-II. The
    inverse of type 2 is type 3 and the inverse of types 1 and 4 the same
    type, scaled by ``1/(2N)`` (``1/(2(N-1))`` for DCT-I, ``1/(2(N+1))`` for
    DST-I) under "backward", the square root of that both ways under
    "ortho".

    On the GPU each is one cuFFT transform of about the same length with a
    reordering copy before and a twiddle multiply after (docs/scipy_fft.md);
    float32 input is computed in single precision (float16 in float32,
    integers in float64), as in SciPy."""


def dct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """Return the Discrete Cosine Transform of arbitrary type sequence x.

    Parameters
    ----------
{parameters}

    Returns
    -------
    y : ndarray of real
        The transformed input array: float32 for float16 and float32 input,
        float64 for integers and float64, complex for complex input.

    Raises
    ------
{raises}

{notes}

    See Also
    --------
    idct : Inverse DCT.
    dctn : Multi-dimensional DCT.
    scipy.fft.dct : The host original.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> x = xp.array([4.0, 3.0, 5.0, 10.0])
    >>> xp.round(fft.dct(x), 4)
    array([ 44.    , -12.6173,   8.4853,  -0.8967])
    >>> xp.allclose(fft.idct(fft.dct(x, type=4), type=4), x)
    True
    """
    return one_dimensional("dct", True, x, type, n, axis, norm, workers, orthogonalize)


def idct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """Return the Inverse Discrete Cosine Transform of an arbitrary type sequence.

    ``idct(dct(x, type), type) == x`` to rounding, for every norm.

    Parameters
    ----------
{parameters}

    Returns
    -------
    idct : ndarray of real
        The transformed input array (dtype as `dct`).

    Raises
    ------
{raises}

{notes}

    See Also
    --------
    dct : Forward DCT.
    idctn : Multi-dimensional inverse DCT.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> y = fft.dct(xp.array([4.0, 3.0, 5.0, 10.0]), norm="ortho")
    >>> xp.round(fft.idct(y, norm="ortho"), 6)
    array([ 4.,  3.,  5., 10.])
    >>> fft.idct(xp.ones(8, dtype=xp.float32), type=1).dtype
    dtype('float32')
    """
    return one_dimensional("dct", False, x, type, n, axis, norm, workers, orthogonalize)


def dst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """Return the Discrete Sine Transform of arbitrary type sequence x.

    Parameters
    ----------
{parameters}

    Returns
    -------
    dst : ndarray of reals
        The transformed input array (dtype as `dct`).

    Raises
    ------
{raises}

{notes}

    See Also
    --------
    idst : Inverse DST.
    dstn : Multi-dimensional DST.
    scipy.fft.dst : The host original.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> xp.round(fft.dst(xp.array([4.0, 3.0, 5.0, 10.0])), 4)
    array([ 25.4972, -11.3137,  19.7457,  -8.    ])
    >>> fft.dst(xp.ones((3, 5)), type=1, axis=0).shape
    (3, 5)
    """
    return one_dimensional("dst", True, x, type, n, axis, norm, workers, orthogonalize)


def idst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """Return the Inverse Discrete Sine Transform of an arbitrary type sequence.

    Parameters
    ----------
{parameters}

    Returns
    -------
    idst : ndarray of real
        The transformed input array (dtype as `dct`).

    Raises
    ------
{raises}

{notes}

    See Also
    --------
    dst : Forward DST.
    idstn : Multi-dimensional inverse DST.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> x = xp.array([4.0, 3.0, 5.0, 10.0])
    >>> xp.allclose(fft.idst(fft.dst(x, type=3), type=3), x)
    True
    >>> xp.allclose(fft.idst(fft.dst(x, type=1, norm="forward"), type=1, norm="forward"), x)
    True
    """
    return one_dimensional("dst", False, x, type, n, axis, norm, workers, orthogonalize)


for _function in (dct, idct, dst, idst):
    _function.__doc__ = (_function.__doc__.replace("{parameters}", _PARAMETERS).replace("{raises}", _RAISES)
                         .replace("{notes}", _NOTES))
del _function
