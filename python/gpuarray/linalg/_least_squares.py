# SPDX-License-Identifier: BSD-3-Clause
"""The pseudo-inverse and least squares through the reduced SVD: pinv, lstsq."""
import numpy
from numpy.linalg import LinAlgError

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty, zeros
from gpuarray._array_manipulation.axes import expand_dims
from gpuarray._sorting_searching.searching import where
from gpuarray._ufunc.ufuncs import absolute, conj, isnan
from gpuarray.linalg._lapack import lapack_dtype, real_dtype
from gpuarray.linalg._matmul import matmul
from gpuarray.linalg._svd import svd

__all__ = ["lstsq", "pinv"]


def pinv(a, rcond=None, hermitian=False, *, rtol=numpy._NoValue):
    """Compute the Moore-Penrose pseudo-inverse of a matrix, or of each of a stack.

    Parameters
    ----------
    a : array_like
        Matrices, shape ``(..., M, N)``.
    rcond : float or array_like, optional
        Cutoff: singular values at most ``rcond * S.max()`` are treated as
        zero. Default 1e-15 (NumPy's), unless `rtol` is given.
    hermitian : bool, optional
        Accepted for NumPy compatibility and ignored: the general SVD runs.
    rtol : float or array_like, optional
        The same cutoff under its array API name; None means
        ``max(M, N) * eps``. Only one of `rcond` and `rtol` may be given.

    Returns
    -------
    B : ndarray
        The pseudo-inverses, shape ``(..., N, M)``. An empty `a` gives an
        empty result of `a`'s dtype (integers too), as NumPy.

    Raises
    ------
    ValueError
        If both `rcond` and `rtol` are given.
    numpy.linalg.LinAlgError
        From `svd` ("SVD did not converge"), e.g. for a matrix holding NaN,
        or if `a` has fewer than two dimensions.

    Notes
    -----
    ``V @ diag(1/S) @ U^H`` from the reduced `svd` (cuSOLVER, Note [SVD
    drivers]; its ``info`` is read on the host), with the small singular
    values zeroed and one cuBLAS product on the device. A matrix holding an
    infinity gives NaN.

    See Also
    --------
    inv, lstsq, svd

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1., 2.], [3., 4.], [5., 6.]])
    >>> p = xp.linalg.pinv(a)
    >>> p.shape
    (2, 3)
    >>> xp.allclose(a @ p @ a, a)
    True
    >>> xp.allclose(p @ a, xp.eye(2))
    True
    """
    a = asarray(a)
    if rcond is None:
        if rtol is numpy._NoValue:
            rcond = 1e-15
        elif rtol is None:
            rcond = max(a.shape[-2:]) * numpy.finfo(lapack_dtype(a.dtype)).eps
        else:
            rcond = rtol
    elif rtol is not numpy._NoValue:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    if a.size == 0:  # NumPy keeps the dtype here, integers too
        return empty(a.shape[:-2] + (a.shape[-1], a.shape[-2]), dtype=a.dtype)
    u, s, vh = svd(a, full_matrices=False)
    cutoff = expand_dims(asarray(rcond), -1) * s.max(axis=-1, keepdims=True)
    s_inv = where(s > cutoff, 1 / where(s > cutoff, s, 1), 0).astype(s.dtype)
    vt = conj(vh) if vh.dtype.kind == "c" else vh
    ut = conj(u) if u.dtype.kind == "c" else u
    return matmul(vt.mT * s_inv[..., None, :], ut.mT)


def lstsq(a, b, rcond=None):
    """Least-squares solution of a linear matrix equation.

    Finds `x` minimizing ``norm(b - a @ x)`` (the minimum-norm one when `a`
    is rank deficient).

    Parameters
    ----------
    a : array_like
        Coefficient matrix, shape ``(M, N)`` (2-D only, no stacks).
    b : array_like
        Right-hand side, shape ``(M,)`` or ``(M, K)``.
    rcond : float, optional
        Singular values at most ``rcond * S[0]`` count as zero; a negative
        `rcond` means machine precision. Default ``eps * max(M, N)``.

    Returns
    -------
    x : ndarray
        The solution, shape ``(N,)`` or ``(N, K)``.
    residuals : ndarray
        Squared 2-norms of ``b - a @ x`` per column, shape ``(K,)`` (``(1,)``
        for 1-D `b`); empty unless the rank is N and M > N.
    rank : numpy.int32
        Rank of `a`, a host scalar.
    s : ndarray
        Singular values of `a`, descending.

    Raises
    ------
    numpy.linalg.LinAlgError
        If `a` or `b` is not 2-D (1-D for `b`), their first dimensions
        differ ("Incompatible dimensions"), or the SVD fails ("SVD did not
        converge in Linear Least Squares"; also for `a` holding NaN or an
        infinity).
    TypeError
        If the inputs promote to a dtype linalg does not support.

    Notes
    -----
    Through the reduced `svd` (cuSOLVER, Note [SVD drivers]) as LAPACK's
    ``gelsd`` (NumPy's routine) solves it, then cuBLAS products on the
    device. The rank is read back to the host, so the call waits for the
    device. Results agree with NumPy's to rounding; a NaN or an infinity in
    `b` leaves its columns of `x` non-finite, where NumPy's ``gelsd`` makes
    all of `x` NaN for an infinity.

    See Also
    --------
    solve, pinv, svd

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1., 0.], [1., 1.], [1., 2.]])
    >>> b = xp.array([1., 2., 4.])
    >>> x, residuals, rank, s = xp.linalg.lstsq(a, b)
    >>> x.round(6)
    array([0.833333, 1.5     ])
    >>> residuals.round(6)
    array([0.166667])
    >>> int(rank)
    2
    """
    a, b = asarray(a), asarray(b)
    vector = b.ndim == 1
    bm = b[:, None] if vector else b
    for x in (a, bm):
        if x.ndim != 2:
            raise LinAlgError(f"{x.ndim}-dimensional array given. Array must be two-dimensional")
    m, n = a.shape
    if bm.shape[0] != m:
        raise LinAlgError("Incompatible dimensions")
    dtype = lapack_dtype(numpy.result_type(a.dtype, bm.dtype))
    rdtype = real_dtype(dtype)
    eps = numpy.finfo(rdtype).eps
    if rcond is None:
        rcond = eps * max(m, n)
    elif rcond < 0:
        rcond = eps
    a, bm = a.astype(dtype, copy=False), bm.astype(dtype, copy=False)
    k = bm.shape[1]
    if a.size == 0:
        s = empty((min(m, n),), dtype=rdtype)
        rank = 0
        x = zeros((n, k), dtype=dtype)
    else:
        try:
            u, s, vh = svd(a, full_matrices=False)
        except LinAlgError:
            raise LinAlgError("SVD did not converge in Linear Least Squares") from None
        kept = s > rcond * s[0]
        # NaN singular values: `a` holds an infinity (Note [Non-finite input]), where
        # LAPACK's gelsd fails as it does on a NaN; read with the rank.
        rank = int(where(isnan(s[0]), -1, kept.sum()).get())
        if rank < 0:
            raise LinAlgError("SVD did not converge in Linear Least Squares")
        s_inv = where(kept, 1 / where(kept, s, 1), 0).astype(rdtype)
        uh = conj(u.mT) if dtype.kind == "c" else u.mT
        v = conj(vh.mT) if dtype.kind == "c" else vh.mT
        x = v @ ((uh @ bm) * s_inv[:, None])
    if rank == n and m > n:
        r = absolute(bm - a @ x)
        residuals = (r * r).sum(axis=0).astype(rdtype, copy=False)
    else:
        residuals = empty((0,), dtype=rdtype)
    return (x[:, 0] if vector else x), residuals, numpy.int32(rank), s
