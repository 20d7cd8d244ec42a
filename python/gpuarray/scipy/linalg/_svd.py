# SPDX-License-Identifier: BSD-3-Clause
"""The singular value decomposition and what SciPy builds on it: svd,
svdvals, diagsvd, orth, null_space, subspace_angles, orthogonal_procrustes,
polar. The factorization is gpuarray.linalg's (Note [SVD drivers] there)."""
import numpy

from gpuarray._array_creation.from_shape import zeros
from gpuarray._array_creation.ranges import arange
from gpuarray._sorting_searching.searching import where
from gpuarray._ufunc.rounding import clip
from gpuarray._ufunc.ufuncs import arccos, arcsin, conj
from gpuarray.linalg import svd as numpy_svd
from gpuarray.scipy.linalg._validation import blas_dtype, validated

__all__ = ["diagsvd", "null_space", "orth", "orthogonal_procrustes", "polar", "subspace_angles", "svd", "svdvals"]


def _check_driver(lapack_driver):
    if not isinstance(lapack_driver, str):
        raise TypeError("lapack_driver must be a string")
    if lapack_driver not in ("gesdd", "gesvd"):
        raise ValueError(f'lapack_driver must be "gesdd" or "gesvd", not "{lapack_driver}"')


def _matrix_stack(a):
    if a.ndim < 2:
        raise ValueError(f"Expected at least ndim=2, got a1.ndim={a.ndim}")
    return a


def svd(a, full_matrices=True, compute_uv=True, overwrite_a=False, check_finite=True, lapack_driver="gesdd"):
    """Singular value decomposition of a matrix, or of each matrix of a stack.

    Factors ``a = U @ S @ Vh`` with `U` and `Vh` unitary and `S` zero but
    for the singular values `s` on its diagonal.

    Parameters
    ----------
    a : array_like
        Matrices, shape ``(..., M, N)``.
    full_matrices : bool, optional
        True (default): `U` is ``(..., M, M)`` and `Vh` ``(..., N, N)``;
        False: ``(..., M, K)`` and ``(..., K, N)``, ``K = min(M, N)``.
    compute_uv : bool, optional
        Return `U` and `Vh` as well as `s` (default True).
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `a` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `a` holds NaN or an infinity (default True).
    lapack_driver : {'gesdd', 'gesvd'}, optional
        Accepted and checked as SciPy does; the cuSOLVER routine is chosen
        by gpuarray.linalg for accuracy (see Notes).

    Returns
    -------
    U : ndarray
        Left singular vectors as columns (not with ``compute_uv=False``).
    s : ndarray
        Singular values, shape ``(..., K)``, non-increasing, of the real
        dtype matching `a`'s LAPACK dtype.
    Vh : ndarray
        Right singular vectors as rows (not with ``compute_uv=False``).

    Raises
    ------
    numpy.linalg.LinAlgError
        "SVD did not converge".
    ValueError
        If `a` has fewer than two dimensions, `lapack_driver` is not one of
        the above, or `check_finite` finds a NaN or an infinity.
    TypeError
        If `lapack_driver` is not a string.

    Notes
    -----
    `gpuarray.linalg.svd` on `a` cast to SciPy's LAPACK dtype (float16 and
    small integers in float32): cuSOLVER's ``gesvd``, ``gesvdp`` or the
    batched Jacobi kernel, chosen by shape and dtype for accuracy (Note
    [SVD drivers] in ``linalg/_svd.py``); float32 may be
    factored in float64. Singular vectors are unique only up to a phase
    per pair: compare reconstructions, not vectors.

    See Also
    --------
    svdvals, diagsvd, polar, gpuarray.linalg.svd

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import svd
    >>> a = xp.array([[3., 0.], [0., 4.], [0., 0.]])
    >>> u, s, vh = svd(a)
    >>> u.shape, s.round(6), vh.shape
    ((3, 3), array([4., 3.]), (2, 2))
    >>> svd(a, compute_uv=False).round(6)
    array([4., 3.])
    """
    _check_driver(lapack_driver)
    a = _matrix_stack(validated(a, check_finite=check_finite))
    dtype = blas_dtype(a.dtype)
    return numpy_svd(a.astype(dtype, copy=False), full_matrices=bool(full_matrices), compute_uv=bool(compute_uv))


def svdvals(a, overwrite_a=False, check_finite=True):
    """Compute the singular values of a matrix, or of each matrix of a stack.

    Parameters
    ----------
    a : array_like
        Matrices, shape ``(..., M, N)``.
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `a` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `a` holds NaN or an infinity (default True).

    Returns
    -------
    s : ndarray
        Shape ``(..., min(M, N))``, non-increasing.

    Raises
    ------
    numpy.linalg.LinAlgError
        "SVD did not converge".
    ValueError
        If `a` has fewer than two dimensions, or `check_finite` finds a NaN
        or an infinity.

    Notes
    -----
    ``svd(a, compute_uv=False)``: gpuarray.linalg's singular values.

    See Also
    --------
    svd, gpuarray.linalg.svdvals

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import svdvals
    >>> m = xp.array([[1., 0.], [2., 3.], [1., 1.], [0., 2.], [1., 0.]])
    >>> svdvals(m).round(6)
    array([4.280916, 1.635164])
    >>> svdvals(xp.ones((3, 2, 4))).shape
    (3, 2)
    """
    return svd(a, compute_uv=False, check_finite=check_finite)


def diagsvd(s, M, N):
    """Construct the sigma matrix of an SVD from its singular values.

    Parameters
    ----------
    s : array_like
        Singular values, shape ``(..., K)`` with K equal to `M` or `N`.
    M : int
        Rows of the result.
    N : int
        Columns of the result.

    Returns
    -------
    S : ndarray
        Shape ``(..., M, N)``: `s` on the diagonal, zeros elsewhere, in
        `s`'s dtype.

    Raises
    ------
    ValueError
        "Length of s must be M or N."

    Notes
    -----
    One indexed write into a zero array on the device.

    See Also
    --------
    svd

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import diagsvd
    >>> diagsvd(xp.array([1, 2, 3]), 3, 4)
    array([[1, 0, 0, 0],
           [0, 2, 0, 0],
           [0, 0, 3, 0]])
    >>> diagsvd(xp.array([1, 2, 3]), 4, 3).shape
    (4, 3)
    """
    s = validated(s, check_finite=False)
    k = s.shape[-1] if s.ndim else 1
    if k == M:
        if N < M:
            raise ValueError("negative dimensions are not allowed")
    elif k == N:
        if M < N:
            raise ValueError("negative dimensions are not allowed")
    else:
        raise ValueError("Length of s must be M or N.")
    out = zeros(s.shape[:-1] + (M, N), dtype=s.dtype)
    out[..., arange(k), arange(k)] = s
    return out


def _rank(s, shape, rcond):
    """Host ints over the batch: singular values above rcond * max(s)
    (rcond defaulting to eps * max(M, N)); one read."""
    if rcond is None:
        rcond = numpy.finfo(s.dtype).eps * max(shape)
    if s.shape[-1] == 0:
        return numpy.zeros(s.shape[:-1], dtype=numpy.int64)
    tol = s.max(axis=-1, keepdims=True) * rcond
    return (s > tol).sum(axis=-1).get()


def _one_rank(ranks, what):
    ranks = numpy.unique(numpy.asarray(ranks))
    if ranks.size > 1:
        raise ValueError(f"the matrices of the batch have different ranks ({ranks.tolist()}): their {what} bases have "
                         "different shapes and cannot be stacked")
    return int(ranks[0]) if ranks.size else 0


def orth(A, rcond=None):
    """Construct an orthonormal basis for the range of `A` using the SVD.

    Parameters
    ----------
    A : array_like
        Matrices, shape ``(..., M, N)``.
    rcond : float, optional
        Singular values below ``rcond * max(s)`` count as zero; default
        ``eps * max(M, N)``.

    Returns
    -------
    Q : ndarray
        Shape ``(..., M, K)``, K the effective rank.

    Raises
    ------
    ValueError
        If the matrices of a stack have different ranks (their bases cannot
        be stacked; SciPy raises then too), or `A` holds NaN or an infinity.

    Notes
    -----
    The rank is read back to the host to shape the result, so the call
    waits for the device.

    See Also
    --------
    null_space, svd

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import orth
    >>> xp.abs(orth(xp.array([[2., 0., 0.], [0., 5., 0.]]))).round(6)
    array([[0., 1.],
           [1., 0.]])
    >>> orth(xp.ones((4, 3))).shape
    (4, 1)
    """
    u, s, vh = svd(A, full_matrices=False)
    k = _one_rank(_rank(s, (u.shape[-2], vh.shape[-1]), rcond), "range")
    return u[..., :k]


def null_space(A, rcond=None, *, overwrite_a=False, check_finite=True, lapack_driver="gesdd"):
    """Construct an orthonormal basis for the null space of `A` using the SVD.

    Parameters
    ----------
    A : array_like
        Matrices, shape ``(..., M, N)``.
    rcond : float, optional
        Singular values below ``rcond * max(s)`` count as zero; default
        ``eps * max(M, N)``.
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `A` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `A` holds NaN or an infinity (default True).
    lapack_driver : {'gesdd', 'gesvd'}, optional
        Accepted as in `svd`.

    Returns
    -------
    Z : ndarray
        Shape ``(..., N, K)``, K the dimension of the null space.

    Raises
    ------
    ValueError
        If the matrices of a stack have null spaces of different
        dimensions, or `check_finite` finds a NaN or an infinity.

    Notes
    -----
    The full SVD, then the rank read back to the host.

    See Also
    --------
    orth, svd

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import null_space
    >>> a = xp.array([[1., 1.], [1., 1.]])
    >>> z = null_space(a)
    >>> z.shape
    (2, 1)
    >>> xp.allclose(a @ z, 0)
    True
    """
    _check_driver(lapack_driver)
    u, s, vh = svd(A, full_matrices=True, check_finite=check_finite, lapack_driver=lapack_driver)
    k = _one_rank(_rank(s, (u.shape[-1], vh.shape[-1]), rcond), "null space")
    return conj(vh[..., k:, :]).mT


def subspace_angles(A, B):
    """Compute the principal angles between two subspaces.

    Parameters
    ----------
    A : array_like
        Shape ``(..., M, N)``: its columns span the first subspace.
    B : array_like
        Shape ``(..., M, K)``: its columns span the second.

    Returns
    -------
    angles : ndarray
        The principal angles in radians, descending, shape
        ``(..., min(rank A, rank B))``.

    Raises
    ------
    ValueError
        If `A` or `B` has fewer than two dimensions, their row counts
        differ, they hold NaN or an infinity, or the ranks differ within a
        stack.

    Notes
    -----
    SciPy's algorithm (Knyazev and Argentati): orthonormal bases by `orth`,
    the cosines from the SVD of their product, small angles from the sines
    for accuracy. The ranks and one flag are read back to the host.

    See Also
    --------
    orth, svd

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import subspace_angles
    >>> x = xp.array([[1., 0.], [0., 1.], [0., 0.]])
    >>> y = xp.array([[1.], [1.], [0.]])
    >>> xp.degrees(subspace_angles(x, y)).round(6)
    array([0.])
    >>> xp.degrees(subspace_angles(x, xp.array([[0.], [0.], [1.]]))).round(6)
    array([90.])
    """
    A = validated(A)
    if A.ndim < 2:
        raise ValueError(f"expected 2D array, got shape {A.shape}")
    qa = orth(A)
    B = validated(B)
    if B.ndim < 2:
        raise ValueError(f"expected 2D array, got shape {B.shape}")
    if B.shape[-2] != qa.shape[-2]:
        raise ValueError(f"A and B must have the same number of rows, got {qa.shape[-2]} and {B.shape[-2]}")
    qb = orth(B)
    qa_h_qb = conj(qa).mT @ qb
    sigma = svdvals(qa_h_qb)
    if qa.shape[-1] >= qb.shape[-1]:
        rest = qb - qa @ qa_h_qb
    else:
        rest = qa - qb @ conj(qa_h_qb).mT
    mask = sigma ** 2 >= 0.5
    cosines = arccos(clip(sigma[..., ::-1], -1.0, 1.0))
    if bool(mask.any().get()):
        return where(mask, arcsin(clip(svdvals(rest), -1.0, 1.0)), cosines)
    return cosines


def orthogonal_procrustes(A, B, check_finite=True):
    """Compute the matrix solution of the orthogonal Procrustes problem.

    Finds the unitary `R` minimizing the Frobenius norm of ``A @ R - B``.

    Parameters
    ----------
    A : array_like
        Shape ``(..., M, N)``.
    B : array_like
        Of `A`'s shape.
    check_finite : bool, optional
        Raise ValueError if `A` or `B` holds NaN or an infinity (default
        True).

    Returns
    -------
    R : ndarray
        Shape ``(..., N, N)``.
    scale : ndarray
        The sum of the singular values of ``A^H @ B``, shape of the batch
        (0-d for one matrix).

    Raises
    ------
    ValueError
        If `A` has fewer than two dimensions, or the shapes differ.

    Notes
    -----
    ``R = U @ Vh`` from the SVD of ``A^H @ B`` (gpuarray.linalg).

    See Also
    --------
    polar, svd

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import orthogonal_procrustes
    >>> a = xp.array([[2., 0., 1.], [-2., 0., 0.]])
    >>> r, scale = orthogonal_procrustes(a, xp.fliplr(a))
    >>> xp.allclose(r, xp.array([[0., 0., 1.], [0., 1., 0.], [1., 0., 0.]]))
    True
    >>> float(scale.round(6))
    9.0
    """
    A, B = validated(A, B, check_finite=check_finite)
    if A.ndim < 2:
        raise ValueError(f"expected ndim to be 2, but observed {A.ndim}")
    if A.shape[-2:] != B.shape[-2:]:
        raise ValueError(f"the shapes of A and B differ ({A.shape} vs {B.shape})")
    u, w, vt = svd((B.mT @ conj(A)).mT)
    return u @ vt, w.sum(axis=-1)


def polar(a, side="right"):
    """Compute the polar decomposition of a matrix, or of each matrix of a stack.

    ``a = u @ p`` (side 'right') or ``a = p @ u`` (side 'left'), `u` with
    orthonormal columns (rows) and `p` Hermitian positive semi-definite.

    Parameters
    ----------
    a : array_like
        Shape ``(..., M, N)``.
    side : {'right', 'left'}, optional
        Which side `p` stands on (default 'right').

    Returns
    -------
    u : ndarray
        Shape ``(..., M, N)``.
    p : ndarray
        ``(..., N, N)`` for 'right', ``(..., M, M)`` for 'left'.

    Raises
    ------
    ValueError
        If `side` is not one of the above or `a` has fewer than two
        dimensions.

    Notes
    -----
    From the reduced SVD ``w s vh``: ``u = w @ vh``, ``p = vh^H s vh`` (or
    ``w s w^H``), as SciPy.

    See Also
    --------
    svd, orthogonal_procrustes

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import polar
    >>> a = xp.array([[1., -1.], [2., 4.]])
    >>> u, p = polar(a)
    >>> xp.allclose(u @ p, a)
    True
    >>> xp.allclose(u.T @ u, xp.eye(2))
    True
    """
    if side not in ("right", "left"):
        raise ValueError("`side` must be either 'right' or 'left'")
    a = validated(a, check_finite=False)
    if a.ndim < 2:
        raise ValueError("`a` must be a 2-D array.")
    w, s, vh = svd(a, full_matrices=False)
    u = w @ vh
    if side == "right":
        p = (conj(vh).mT * s[..., None, :]) @ vh
    else:
        p = (w * s[..., None, :]) @ conj(w).mT
    return u, p
