# SPDX-License-Identifier: BSD-3-Clause
"""Eigenvalue problems: eigh and eigvalsh (standard and generalized), eig
and eigvals (right and left vectors).

Note [Generalized Hermitian problems by Cholesky reduction]
cuSOLVER's sygvd is not bound; eigh(a, b) follows LAPACK's sygst route on
the routines that are: b = L L^H (potrf), then the standard problem of
- type 1 (a x = w b x): C = L^-1 a L^-H, x = L^-H y;
- type 2 (a b x = w x) and type 3 (b a x = w x): C = L^H a L, with
  x = L^-H y (type 2) or x = L y (type 3);
solved by syevd. L^-1 is applied by triangular solves (Note [Triangular
solves through getrs]), never formed. The vectors come out normalized as
LAPACK's (x^H b x = I for types 1 and 2, x^H b^-1 x = I for type 3).

Note [Left eigenvectors from the right ones]
cuSOLVER's geev computes right eigenvectors only. The left ones are the
rows of VR^-1 (VR^-1 a = diag(w) VR^-1): vl = (VR^-1)^H, each column scaled
to unit norm with its largest component real, as LAPACK's. They are as
accurate as VR is well conditioned; for nearly defective matrices, where
the left vectors are themselves ill-conditioned, LAPACK's (computed from
the Schur form) are more accurate."""
import numpy
from numpy.linalg import LinAlgError

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty, ones
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._array_manipulation.joining import stack
from gpuarray._index_routines.indexing import take_along_axis
from gpuarray._reduction.arg_extrema import argmax
from gpuarray._ufunc.ufuncs import absolute, conj, sqrt
from gpuarray.linalg import eig as numpy_eig
from gpuarray.linalg import eigh as numpy_eigh
from gpuarray.linalg import eigvals as numpy_eigvals
from gpuarray.linalg import eigvalsh as numpy_eigvalsh
from gpuarray.linalg import inv as numpy_inv
from gpuarray.scipy.linalg._cholesky import potrf_factor
from gpuarray.scipy.linalg._solve import from_triangle
from gpuarray.scipy.linalg._triangular import effective_triangle, solve_with_triangle
from gpuarray.scipy.linalg._validation import blas_dtype, real_dtype, validated

__all__ = ["eig", "eigh", "eigvals", "eigvalsh"]

_DRIVERS = [None, "ev", "evd", "evr", "evx", "gv", "gvd", "gvx"]


def _check_eigh_options(b, type, driver, subset_by_index, subset_by_value):
    """SciPy's checks of eigh's options alone, made before any device work."""
    if driver not in _DRIVERS:
        names = '", "'.join(_DRIVERS[1:])
        raise ValueError(f'"{driver}" is unknown. Possible values are "None", "{names}".')
    if b is not None and type not in (1, 2, 3):
        raise ValueError('"type" keyword only accepts 1, 2, and 3.')
    if subset_by_index is not None and subset_by_value is not None:
        raise ValueError("Either index or value subset can be requested.")
    if subset_by_value is not None:
        lo, hi = subset_by_value
        if not (-numpy.inf <= lo < hi <= numpy.inf):
            raise ValueError(f"Requested eigenvalue bounds are not valid. Valid range is (-inf, inf) and low < high, "
                             f"but low={lo}, high={hi} is given")
    subset = subset_by_index is not None or subset_by_value is not None
    if driver:
        if b is None and driver in ("gv", "gvd", "gvx"):
            raise ValueError(f"{driver} requires input b array to be supplied for generalized eigenvalue problems.")
        if b is not None and driver in ("ev", "evd", "evr", "evx"):
            raise ValueError(f'"{driver}" does not accept input b array for standard eigenvalue problems.')
        if subset and driver in ("ev", "evd", "gv", "gvd"):
            raise ValueError(f'"{driver}" cannot compute subsets of eigenvalues')


def _check_eigh_shapes(a, b, subset_by_index):
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError('expected square "a" matrix')
    n = a.shape[-1]
    if b is not None:
        if b.ndim < 2 or b.shape[-1] != b.shape[-2]:
            raise ValueError('expected square "b" matrix')
        if b.shape[-2:] != a.shape[-2:]:
            raise ValueError(f"wrong b dimensions {b.shape[-2:]}, should be {a.shape[-2:]}")
    if subset_by_index is not None:
        lo, hi = (int(x) for x in subset_by_index)
        if not (0 <= lo <= hi < n):
            raise ValueError(f"Requested eigenvalue indices are not valid. Valid range is [0, {n - 1}] and start <= "
                             f"end, but start={lo}, end={hi} is given")


def _reduce_generalized(a, b, lower, type, dtype):
    """(C, back-transform) of Note [Generalized Hermitian problems by
    Cholesky reduction]; raises SciPy's LinAlgError when b is not positive
    definite."""
    c, info = potrf_factor(b, lower, dtype)
    failed = info[info > 0]
    if failed.size:
        raise LinAlgError(f"The leading minor of order {int(failed[0])} of B is not positive definite. The "
                          "factorization of B could not be completed and no eigenvalues or eigenvectors were "
                          "computed.")
    # L, the lower Cholesky factor (b = L L^H), as the effective triangle to solve with.
    if lower:
        factor = c
    else:
        factor = conj(c).mT  # b = U^H U: L = U^H
    factor_lower, _ = effective_triangle(factor, 0, True)
    full = from_triangle(a, lower, True).astype(dtype, copy=False)
    if type == 1:
        w1 = solve_with_triangle(factor_lower, True, False, full, dtype)             # L^-1 a
        reduced = solve_with_triangle(factor_lower, True, False, conj(w1).mT, dtype)  # L^-1 (a L^-H)
    else:
        reduced = conj(factor_lower).mT @ full @ factor_lower                        # L^H a L

    def back(y):
        if type == 3:
            return factor_lower @ y
        upper_h, upper_is_lower = effective_triangle(factor_lower, 2, True)        # L^H, upper
        return solve_with_triangle(upper_h, upper_is_lower, False, y, dtype)
    return reduced, back


def eigh(a, b=None, *, lower=True, eigvals_only=False, overwrite_a=False, overwrite_b=False, type=1,
         check_finite=True, subset_by_index=None, subset_by_value=None, driver=None):
    """Solve a standard or generalized Hermitian eigenvalue problem.

    Finds `w` and `v` with ``a v = w v`` (standard), or ``a v = w b v``
    (type 1), ``a b v = w v`` (type 2), ``b a v = w v`` (type 3) for
    Hermitian `a` and Hermitian positive-definite `b`.

    Parameters
    ----------
    a : array_like
        Hermitian matrices, shape ``(..., M, M)``; only the triangle
        `lower` names is read.
    b : array_like, optional
        Hermitian positive-definite matrices of `a`'s shape; None (default)
        for the standard problem.
    lower : bool, optional
        Read the lower (default) or the upper triangles of `a` and `b`.
    eigvals_only : bool, optional
        Return only the eigenvalues (default False).
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `a` is never overwritten.
    overwrite_b : bool, optional
        Accepted for SciPy compatibility; `b` is never overwritten.
    type : {1, 2, 3}, optional
        The generalized problem (see above); ignored without `b`.
    check_finite : bool, optional
        Raise ValueError if `a` or `b` holds NaN or an infinity (default
        True).
    subset_by_index : iterable of 2 ints, optional
        ``(lo, hi)``: only the eigenvalues ``w[lo:hi + 1]`` (ascending
        order) and their vectors.
    subset_by_value : iterable of 2 floats, optional
        ``(lo, hi)``: only the eigenvalues in ``(lo, hi]``.
    driver : str, optional
        SciPy's LAPACK driver name; checked as SciPy checks it, but the
        routine is always cuSOLVER's ``syevd`` (see Notes).

    Returns
    -------
    w : ndarray
        Eigenvalues in ascending order, shape ``(..., N)``, of the real
        dtype matching the LAPACK dtype of `a` and `b`.
    v : ndarray
        Shape ``(..., M, N)``, column ``v[:, i]`` the eigenvector of
        ``w[i]``; not returned with `eigvals_only`.

    Raises
    ------
    numpy.linalg.LinAlgError
        If `b` is not positive definite (SciPy's message), or the
        eigensolver does not converge (gpuarray.linalg's "Eigenvalues did
        not converge").
    ValueError
        For the invalid arguments SciPy refuses (shapes, `type`, subsets,
        `driver`), for a NaN or an infinity when `check_finite`, or when a
        value subset keeps different numbers of eigenvalues across a stack.

    Notes
    -----
    cuSOLVER's divide-and-conquer ``syevd`` through `gpuarray.linalg.eigh`
    whatever `driver` names (SciPy's default is MRRR, ``evr``); both are
    backward stable. Subsets are slices of the full result (the subset
    drivers ``evr``/``evx`` are not bound), so a subset costs the full
    problem; a value subset reads its counts back to the host. The
    generalized problem follows Note [Generalized Hermitian problems by
    Cholesky reduction]. Eigenvectors are unique only up to a phase (and
    within repeated eigenvalues): compare ``a @ v`` with ``b @ v * w``.

    See Also
    --------
    eigvalsh, eig, gpuarray.linalg.eigh

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import eigh
    >>> a = xp.array([[6., 3., 1., 5.], [3., 0., 5., 1.], [1., 5., 6., 2.], [5., 1., 2., 2.]])
    >>> w, v = eigh(a)
    >>> xp.allclose(a @ v - v * w, 0)
    True
    >>> eigh(a, eigvals_only=True, subset_by_index=[1, 2]).round(6)
    array([-0.762639,  6.085023])
    >>> b = xp.array([[2., 0., 0., 0.], [0., 3., 0., 0.], [0., 0., 4., 0.], [0., 0., 0., 5.]])
    >>> w, v = eigh(a, b)
    >>> xp.allclose(a @ v, b @ v * w)
    True
    """
    _check_eigh_options(b, type, driver, subset_by_index, subset_by_value)
    a, b = validated(a, b, check_finite=check_finite)
    _check_eigh_shapes(a, b, subset_by_index)
    dtype = blas_dtype(a.dtype, None if b is None else b.dtype)
    n = a.shape[-1]
    batch = a.shape[:-2] if b is None else tuple(numpy.broadcast_shapes(a.shape[:-2], b.shape[:-2]))
    if n == 0:
        w = empty(batch + (0,), dtype=real_dtype(dtype))
        return w if eigvals_only else (w, empty(batch + (0, 0), dtype=dtype))
    uplo = "L" if lower else "U"
    back = None
    if b is not None:
        a, back = _reduce_generalized(a, b, lower, type, dtype)
        uplo = "L"
    a = a.astype(dtype, copy=False)
    if eigvals_only:
        w, v = numpy_eigvalsh(a, UPLO=uplo), None
    else:
        w, v = numpy_eigh(a, UPLO=uplo)
        if back is not None:
            v = back(v)
    w, v = _subset(w, v, subset_by_index, subset_by_value)
    return w if eigvals_only else (w, v)


def _subset(w, v, by_index, by_value):
    if by_index is not None:
        lo, hi = (int(x) for x in by_index)
        return w[..., lo:hi + 1], None if v is None else v[..., lo:hi + 1]
    if by_value is not None:
        lo, hi = by_value
        # w ascends: the eigenvalues in (lo, hi] are a contiguous run.
        first = numpy.asarray((w <= lo).sum(axis=-1).get())
        counts = numpy.asarray((w <= hi).sum(axis=-1).get()) - first
        if numpy.unique(counts).size > 1:
            raise ValueError(f"the matrices of the stack have different numbers of eigenvalues in ({lo}, {hi}] "
                             f"({counts.reshape(-1).tolist()}): their results cannot be stacked")
        count = int(counts.reshape(-1)[0]) if counts.size else 0
        if numpy.unique(first).size <= 1:
            start = int(first.reshape(-1)[0]) if first.size else 0
            return w[..., start:start + count], None if v is None else v[..., start:start + count]
        index = asarray((first[..., None] + numpy.arange(count)).astype(numpy.int64))
        return (take_along_axis(w, index, axis=-1),
                None if v is None else take_along_axis(v, broadcast_to(index[..., None, :], v.shape[:-1] + (count,)),
                                                       axis=-1))
    return w, v


def eigvalsh(a, b=None, *, lower=True, overwrite_a=False, overwrite_b=False, type=1, check_finite=True,
             subset_by_index=None, subset_by_value=None, driver=None):
    """Eigenvalues of a standard or generalized Hermitian eigenvalue problem.

    Parameters
    ----------
    a : array_like
        Hermitian matrices, shape ``(..., M, M)``; only the triangle
        `lower` names is read.
    b : array_like, optional
        Hermitian positive-definite matrices of `a`'s shape, or None.
    lower : bool, optional
        Read the lower (default) or upper triangles.
    overwrite_a : bool, optional
        Accepted for SciPy compatibility.
    overwrite_b : bool, optional
        Accepted for SciPy compatibility.
    type : {1, 2, 3}, optional
        The generalized problem, as in `eigh`.
    check_finite : bool, optional
        Raise ValueError if `a` or `b` holds NaN or an infinity (default
        True).
    subset_by_index : iterable of 2 ints, optional
        As in `eigh`.
    subset_by_value : iterable of 2 floats, optional
        As in `eigh`.
    driver : str, optional
        As in `eigh`: checked, then cuSOLVER's ``syevd`` runs.

    Returns
    -------
    w : ndarray
        The eigenvalues in ascending order.

    Raises
    ------
    numpy.linalg.LinAlgError
        As `eigh`.
    ValueError
        As `eigh`.

    Notes
    -----
    ``eigh(..., eigvals_only=True)``.

    See Also
    --------
    eigh, eigvals

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import eigvalsh
    >>> eigvalsh(xp.array([[2., 1.], [1., 2.]])).round(6)
    array([1., 3.])
    >>> eigvalsh(xp.array([[2., 1.], [1., 2.]]), xp.array([[2., 0.], [0., 2.]])).round(6)
    array([0.5, 1.5])
    """
    return eigh(a, b, lower=lower, eigvals_only=True, type=type, check_finite=check_finite,
                subset_by_index=subset_by_index, subset_by_value=subset_by_value, driver=driver)


def _unit_columns_largest_real(v):
    """Each column scaled to unit 2-norm with its largest-magnitude entry
    real and positive (LAPACK's normalization of eigenvectors)."""
    norms = sqrt((absolute(v) ** 2).sum(axis=-2, keepdims=True))
    v = v / norms
    if v.dtype.kind != "c":
        return v
    big = argmax(absolute(v), axis=-2)[..., None, :]
    pivot = take_along_axis(v, big, axis=-2)
    return v * (conj(pivot) / absolute(pivot))


def _left_vectors(vr):
    """Note [Left eigenvectors from the right ones]."""
    try:
        inverse = numpy_inv(vr)
    except LinAlgError:
        raise LinAlgError("left eigenvectors: the right eigenvectors are singular (a defective matrix); they are "
                          "computed as the inverse of the right ones, cuSOLVER's geev giving no left ones") from None
    return _unit_columns_largest_real(conj(inverse).mT)


def eig(a, b=None, left=False, right=True, overwrite_a=False, overwrite_b=False, check_finite=True,
        homogeneous_eigvals=False):
    """Solve an ordinary eigenvalue problem of a square matrix, or of each of a stack.

    Finds `w`, right eigenvectors `vr` (``a vr = vr w``) and left ones `vl`
    (``vl^H a = w vl^H``).

    Parameters
    ----------
    a : array_like
        Square matrices, shape ``(..., M, M)``.
    b : None, optional
        The generalized problem (a `b` matrix) is not available: cuSOLVER
        has no QZ algorithm (LAPACK's ggev); passing `b` raises.
    left : bool, optional
        Return the left eigenvectors (default False).
    right : bool, optional
        Return the right eigenvectors (default True).
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `a` is never overwritten.
    overwrite_b : bool, optional
        Accepted for SciPy compatibility.
    check_finite : bool, optional
        Raise ValueError if `a` holds NaN or an infinity (default True).
    homogeneous_eigvals : bool, optional
        Return the eigenvalues as pairs ``(w, 1)``, shape ``(..., 2, M)``.

    Returns
    -------
    w : ndarray
        The eigenvalues, complex, shape ``(..., M)`` (``(..., 2, M)``
        homogeneous).
    vl : ndarray
        Left eigenvectors as unit-norm columns, with `left`.
    vr : ndarray
        Right eigenvectors as unit-norm columns, with `right`. Real for
        real `a` when every eigenvalue of the stack is real, complex
        otherwise (SciPy's rule).

    Raises
    ------
    numpy.linalg.LinAlgError
        "Eigenvalues did not converge".
    ValueError
        If `a` is not square, or `check_finite` finds a NaN or an infinity.
    NotImplementedError
        If `b` is given: the generalized problem needs LAPACK's ggev, which
        cuSOLVER lacks.

    Notes
    -----
    cuSOLVER's ``geev`` through `gpuarray.linalg.eig`; left eigenvectors
    follow Note [Left eigenvectors from the right ones] (one inverse of the
    right ones). Whether every eigenvalue is real is read back to the host
    for the dtype rule. Eigenvalue order is not specified and vectors are
    unique up to a phase: compare ``a @ vr`` with ``vr * w``.

    See Also
    --------
    eigvals, eigh, gpuarray.linalg.eig

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import eig
    >>> a = xp.array([[0., -1.], [1., 0.]])
    >>> w, vl, vr = eig(a, left=True)
    >>> xp.allclose(xp.sort_complex(w), xp.array([-1j, 1j]))
    True
    >>> xp.allclose(a @ vr, vr * w)
    True
    >>> xp.allclose(vl.conj().T @ a, w[:, None] * vl.conj().T)
    True
    """
    if b is not None:
        raise NotImplementedError("scipy.linalg.eig with b (the generalized problem) needs LAPACK's QZ algorithm "
                                  "(ggev), which cuSOLVER does not provide; gpuarray does not emulate it")
    a = validated(a, check_finite=check_finite)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"Expected a square matrix or a batch of square matrices. Got a.shape = {a.shape}")
    dtype = blas_dtype(a.dtype)
    wtype = numpy.result_type(dtype, numpy.complex64)
    n = a.shape[-1]
    a = a.astype(dtype, copy=False)
    if n == 0:
        w = empty(a.shape[:-1], dtype=wtype)
        vl = vr = empty(a.shape, dtype=dtype)
    elif left or right:
        w, vr = numpy_eig(a)
        w = w.astype(wtype, copy=False)
        if dtype.kind != "c":
            vr = vr.real.copy() if not bool((w.imag != 0).any().get()) else vr.astype(wtype, copy=False)
        vl = _left_vectors(vr) if left else None
    else:
        w, vl, vr = numpy_eigvals(a).astype(wtype, copy=False), None, None
    if homogeneous_eigvals:
        w = stack([w, ones(w.shape, dtype=w.dtype)], axis=-2)
    if left and right:
        return w, vl, vr
    if left:
        return w, vl
    if right:
        return w, vr
    return w


def eigvals(a, b=None, overwrite_a=False, overwrite_b=False, check_finite=True, homogeneous_eigvals=False):
    """Compute the eigenvalues of a square matrix, or of each of a stack.

    Parameters
    ----------
    a : array_like
        Square matrices, shape ``(..., M, M)``.
    b : None, optional
        Not available (see `eig`); passing it raises.
    overwrite_a, overwrite_b : bool, optional
        Accepted for SciPy compatibility.
    check_finite : bool, optional
        Raise ValueError if `a` holds NaN or an infinity (default True).
    homogeneous_eigvals : bool, optional
        Return the eigenvalues as pairs ``(w, 1)``, shape ``(..., 2, M)``.

    Returns
    -------
    w : ndarray
        The eigenvalues, complex, in no particular order.

    Raises
    ------
    numpy.linalg.LinAlgError
        "Eigenvalues did not converge".
    ValueError
        If `a` is not square, or `check_finite` finds a NaN or an infinity.
    NotImplementedError
        If `b` is given (see `eig`).

    Notes
    -----
    cuSOLVER's ``geev`` without vectors, through `gpuarray.linalg.eigvals`;
    nothing is read back.

    See Also
    --------
    eig, eigvalsh

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import eigvals
    >>> xp.allclose(xp.sort_complex(eigvals(xp.array([[0., -1.], [1., 0.]]))), xp.array([-1j, 1j]))
    True
    >>> eigvals(xp.array([[1., 5.], [0., 2.]]), homogeneous_eigvals=True).shape
    (2, 2)
    """
    return eig(a, b, left=False, right=False, check_finite=check_finite, homogeneous_eigvals=homogeneous_eigvals)
