# SPDX-License-Identifier: BSD-3-Clause
"""Least squares and pseudo-inverses from the SVD and the Hermitian
eigendecomposition: lstsq, pinv, pinvh."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty, zeros
from gpuarray._sorting_searching.searching import where
from gpuarray._ufunc.ufuncs import absolute, conj
from gpuarray.linalg import eigh as numpy_eigh
from gpuarray.scipy.linalg._svd import svd
from gpuarray.scipy.linalg._validation import blas_dtype, real_dtype, validated

__all__ = ["lstsq", "pinv", "pinvh"]

_DRIVERS = ("gelsd", "gelsy", "gelss")


def _lstsq_dtype(a_dtype, b_dtype):
    """SciPy 1.18's lstsq dtype: the promotion of a and b, float64 where that is
    integral or bool (not find_best_blas_type's float32 for small integers),
    single precision for float16."""
    dtype = numpy.result_type(a_dtype, b_dtype)
    if dtype.kind not in "fc":
        return numpy.dtype(numpy.float64)
    if dtype.itemsize <= (8 if dtype.kind == "c" else 4):
        return numpy.dtype(numpy.complex64 if dtype.kind == "c" else numpy.float32)
    return dtype


def lstsq(a, b, cond=None, overwrite_a=False, overwrite_b=False, check_finite=True, lapack_driver=None):
    """Compute the least-squares solution of ``a @ x = b``.

    Finds `x` minimizing ``|b - a x|`` (the minimum-norm one when `a` is
    rank deficient), for each matrix of a stack.

    Parameters
    ----------
    a : array_like
        Shape ``(..., M, N)``.
    b : array_like
        Shape ``(M,)`` or ``(..., M, K)``; batch axes broadcast against
        `a`'s.
    cond : float, optional
        Singular values below ``cond * max(s)`` count as zero; default the
        LAPACK dtype's eps.
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `a` is never overwritten.
    overwrite_b : bool, optional
        Accepted for SciPy compatibility; `b` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `a` or `b` holds NaN or an infinity (default
        True).
    lapack_driver : {'gelsd', 'gelsy', 'gelss'}, optional
        SciPy's driver; checked, then the SVD below runs for each. As in
        SciPy, 'gelsy' gives empty residues and ``s = None``.

    Returns
    -------
    x : ndarray
        Shape ``(..., N)`` or ``(..., N, K)``.
    residues : ndarray
        The squared norms of the columns of ``b - a x``, shape ``(..., K)``
        (batch-shaped for 1-D `b`) and of `x`'s dtype, when ``M > N``; NaN
        for a matrix of rank below N (SciPy 1.18's rule). An empty array
        (shape ``(..., 0)``) when ``M <= N`` or for 'gelsy'.
    rank : int or numpy.ndarray
        The effective rank (a host int array over a stack).
    s : ndarray or None
        The singular values of `a`.

    Raises
    ------
    numpy.linalg.LinAlgError
        "SVD did not converge".
    ValueError
        If `a` has fewer than two dimensions, the row counts differ, the
        driver is unknown, or `check_finite` finds a NaN or an infinity.

    Notes
    -----
    From the SVD (`svd`, gpuarray.linalg's drivers): ``x = V S^+ U^H b``,
    as LAPACK's gelsd computes through its own bidiagonal SVD. The residues
    are computed as ``|b - a x|^2``. The rank is read back to the host,
    so the call waits for the device.

    See Also
    --------
    pinv, solve, gpuarray.linalg.lstsq

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import lstsq
    >>> x = xp.array([1., 2.5, 3.5, 4., 5., 7., 8.5])
    >>> y = xp.array([0.3, 1.1, 1.5, 2.0, 3.2, 6.6, 8.6])
    >>> m = xp.stack([xp.ones_like(x), x ** 2], axis=1)
    >>> p, res, rnk, s = lstsq(m, y)
    >>> p.round(6)
    array([0.209258, 0.120139])
    >>> rnk
    2
    """
    driver = "gelsd" if lapack_driver is None else lapack_driver
    if driver not in _DRIVERS:
        raise ValueError(f'LAPACK driver "{driver}" is not found')
    a, b = validated(a, b, check_finite=check_finite)
    if a.ndim < 2:
        raise ValueError(f"Input array a should be at least 2D, got a.shape = {a.shape}")
    m, n = a.shape[-2:]
    vector = b.ndim == 1
    bm = b[:, None] if vector else b
    if bm.ndim < 2 or bm.shape[-2] != m:
        raise ValueError(f"Shape mismatch: a and b should have the same number of rows ({m} != {bm.shape[-2]}).")
    dtype = _lstsq_dtype(a.dtype, b.dtype)
    batch = tuple(numpy.broadcast_shapes(a.shape[:-2], bm.shape[:-2]))
    k = bm.shape[-1]
    if m == 0 or n == 0:
        common = numpy.common_type(numpy.empty(0, a.dtype), numpy.empty(0, b.dtype))
        x = zeros(batch + (n, k), dtype=common)
        residues = (absolute(bm) ** 2).sum(axis=-2) if n == 0 else empty((0,), dtype=real_dtype(dtype))
        x = x[..., 0] if vector else x
        residues = residues[..., 0] if (vector and n == 0) else residues
        return x, residues, 0, empty((0,), dtype=real_dtype(dtype))
    if cond is None:
        cond = numpy.finfo(dtype).eps
    u, s, vh = svd(a.astype(dtype, copy=False), full_matrices=False, check_finite=False)
    keep = s > cond * s[..., :1]
    inverse = where(keep, 1 / where(keep, s, 1), 0).astype(s.dtype)
    x = conj(vh).mT @ (inverse[..., :, None] * (conj(u).mT @ bm.astype(dtype, copy=False)))
    ranks = numpy.asarray(keep.sum(axis=-1).get())
    rank = int(ranks) if ranks.ndim == 0 else ranks
    if driver == "gelsy" or m <= n:
        residues = empty(batch + (0,), dtype=dtype)  # SciPy stacks one empty array per matrix
    else:
        # SciPy 1.18: the squared norms in the solution's dtype (complex for
        # complex systems), NaN for a matrix of deficient rank.
        residues = (absolute(bm.astype(dtype, copy=False) - a.astype(dtype, copy=False) @ x) ** 2).sum(axis=-2)
        residues = where(asarray(ranks < n)[..., None], numpy.nan, residues).astype(dtype)
        residues = residues[..., 0] if vector else residues
    x = x[..., 0] if vector else x
    return x, residues, rank, (None if driver == "gelsy" else s)


def _tolerances(atol, rtol, side, dtype):
    atol = 0.0 if atol is None else atol
    rtol = side * numpy.finfo(dtype).eps if rtol is None else rtol
    if atol < 0.0 or rtol < 0.0:
        raise ValueError("atol and rtol values must be positive.")
    return atol, rtol


def pinv(a, *, atol=None, rtol=None, return_rank=False, check_finite=True):
    """Compute the (Moore-Penrose) pseudo-inverse of a matrix, or of each of a stack.

    Parameters
    ----------
    a : array_like
        Shape ``(..., M, N)``.
    atol : float, optional
        Absolute threshold on the singular values (default 0).
    rtol : float, optional
        Relative threshold (default ``max(M, N) * eps``): singular values at
        or below ``atol + rtol * max(s)`` count as zero.
    return_rank : bool, optional
        Also return the effective rank.
    check_finite : bool, optional
        Raise ValueError if `a` holds NaN or an infinity (default True).

    Returns
    -------
    B : ndarray
        Shape ``(..., N, M)``.
    rank : int or numpy.ndarray
        The effective rank (a host array over a stack), with `return_rank`.

    Raises
    ------
    numpy.linalg.LinAlgError
        "SVD did not converge".
    ValueError
        If `atol` or `rtol` is negative, or `check_finite` finds a NaN or
        an infinity.

    Notes
    -----
    ``B = V S^+ U^H`` from the reduced SVD; the singular values under the
    cut-off are masked on the device, so nothing is read back unless
    `return_rank`.

    See Also
    --------
    pinvh, lstsq, gpuarray.linalg.pinv

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import pinv
    >>> a = xp.array([[1., 2.], [3., 4.], [5., 6.]])
    >>> b = pinv(a)
    >>> xp.allclose(a @ b @ a, a)
    True
    >>> pinv(xp.array([[1., 1.], [1., 1.]]), return_rank=True)[1]
    1
    """
    _tolerances(atol, rtol, 1, numpy.float64)  # refuses negative tolerances before any device work
    a = validated(a, check_finite=check_finite)
    if a.ndim < 2:
        raise ValueError("expected matrix")
    dtype = blas_dtype(a.dtype)
    atol, rtol = _tolerances(atol, rtol, max(a.shape[-2:]), real_dtype(dtype))
    m, n = a.shape[-2:]
    if a.size == 0:
        b = zeros(a.shape[:-2] + (n, m), dtype=dtype)
        return (b, 0) if return_rank else b
    u, s, vh = svd(a.astype(dtype, copy=False), full_matrices=False, check_finite=False)
    keep = s > atol + rtol * s.max(axis=-1, keepdims=True)
    inverse = where(keep, 1 / where(keep, s, 1), 0).astype(s.dtype)
    b = (conj(vh).mT * inverse[..., None, :]) @ conj(u).mT
    if not return_rank:
        return b
    ranks = numpy.asarray(keep.sum(axis=-1).get())
    return b, (int(ranks) if ranks.ndim == 0 else ranks)


def pinvh(a, atol=None, rtol=None, lower=True, return_rank=False, check_finite=True):
    """Compute the (Moore-Penrose) pseudo-inverse of a Hermitian matrix.

    Parameters
    ----------
    a : array_like
        Hermitian (real symmetric) matrices, shape ``(..., N, N)``; only
        the triangle `lower` names is read.
    atol : float, optional
        Absolute threshold on the eigenvalues' magnitudes (default 0).
    rtol : float, optional
        Relative threshold (default ``N * eps``): eigenvalues with
        ``|w| <= atol + rtol * max(|w|)`` count as zero.
    lower : bool, optional
        Read the lower (default) or upper triangle.
    return_rank : bool, optional
        Also return the effective rank.
    check_finite : bool, optional
        Raise ValueError if `a` holds NaN or an infinity (default True).

    Returns
    -------
    B : ndarray
        Shape ``(..., N, N)``.
    rank : int or numpy.ndarray
        The effective rank, with `return_rank`.

    Raises
    ------
    numpy.linalg.LinAlgError
        "Eigenvalues did not converge".
    ValueError
        If `a` is not square, `atol` or `rtol` is negative, or
        `check_finite` finds a NaN or an infinity.

    Notes
    -----
    ``B = V W^+ V^H`` from cuSOLVER's ``syevd`` (gpuarray.linalg.eigh);
    small eigenvalues are masked on the device.

    See Also
    --------
    pinv, eigh

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import pinvh
    >>> a = xp.array([[2., 1.], [1., 2.]])
    >>> xp.allclose(pinvh(a) @ a, xp.eye(2))
    True
    >>> pinvh(xp.array([[1., 1.], [1., 1.]])).round(6)
    array([[0.25, 0.25],
           [0.25, 0.25]])
    """
    _tolerances(atol, rtol, 1, numpy.float64)
    a = validated(a, check_finite=check_finite)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError('expected square "a" matrix')
    dtype = blas_dtype(a.dtype)
    atol, rtol = _tolerances(atol, rtol, a.shape[-1], real_dtype(dtype))
    if a.size == 0:
        b = zeros(a.shape, dtype=dtype)
        return (b, 0) if return_rank else b
    w, v = numpy_eigh(a.astype(dtype, copy=False), UPLO="L" if lower else "U")
    size = absolute(w)
    keep = size > atol + rtol * size.max(axis=-1, keepdims=True)
    inverse = where(keep, 1 / where(keep, w, 1), 0).astype(w.dtype)
    b = (v * inverse[..., None, :]) @ conj(v).mT
    if not return_rank:
        return b
    ranks = numpy.asarray(keep.sum(axis=-1).get())
    return b, (int(ranks) if ranks.ndim == 0 else ranks)
