# SPDX-License-Identifier: BSD-3-Clause
"""QR and RQ decompositions: qr, qr_multiply, rq (Householder QR by
cuSOLVER's geqrf/orgqr through gpuarray.linalg.qr).

Note [RQ from QR]
cuSOLVER has no gerqf. With J the reversal permutation of matching size,
the QR of ``B = (J a)^T = Q1 R1`` gives ``a = (J R1^T J)(J Q1^T)``: J R1^T J
is upper triangular (trapezoidal, zero below diagonal ``N - M``) and
J Q1^T has orthonormal rows (the plain transpose: Q1^T conj(Q1) = I). The
factorization is unique up to a phase per row of Q (column of R), so R and
Q may differ from LAPACK's gerqf in those phases; ``R @ Q`` does not."""
import warnings

import numpy

from gpuarray._array_creation.from_shape import empty, zeros
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._matrix_building.matrices import eye, triu
from gpuarray._ufunc.ufuncs import conj
from gpuarray.linalg import qr as numpy_qr
from gpuarray.scipy.linalg._validation import blas_dtype, validated

__all__ = ["qr", "qr_multiply", "rq"]

PIVOTING_UNAVAILABLE = ("QR with column pivoting (LAPACK's geqp3) is not in cuSOLVER, so gpuarray cannot compute it; "
                        "use pivoting=False")


_NoValue = numpy._NoValue
# SciPy 1.18's modes, in its order ('qr' is the old name of 'full').
_QR_MODES = ("full", "qr", "r", "raw", "economic")


def _empty_qr(a, mode, pivoting):
    """SciPy's results for an empty matrix (in the LAPACK dtype of a, as SciPy 1.18)."""
    batch, (m, n) = a.shape[:-2], a.shape[-2:]
    k = min(m, n)
    if mode not in ("economic", "raw"):
        q = broadcast_to(eye(m, dtype=a.dtype), batch + (m, m)).copy()
        r = empty(a.shape, dtype=a.dtype)
    else:
        q = empty(batch + (m, k), dtype=a.dtype)
        r = empty(batch + (k, n), dtype=a.dtype)
    rj = (r,)
    if mode == "r":
        return rj
    if mode == "raw":
        return ((empty(a.shape, dtype=a.dtype), zeros(batch + (k,), dtype=a.dtype)),) + rj
    return (q,) + rj


def qr(a, overwrite_a=False, lwork=_NoValue, mode="full", pivoting=False, check_finite=True):
    """Compute the QR decomposition of a matrix, or of each matrix of a stack.

    ``a = Q @ R`` with `Q` unitary (orthonormal columns) and `R` upper
    triangular (trapezoidal).

    Parameters
    ----------
    a : array_like
        Shape ``(..., M, N)``.
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `a` is never overwritten.
    lwork : int, optional
        Deprecated by SciPy 1.18 and unused (cuSOLVER sizes its own
        workspace): passing it warns (DeprecationWarning), and a value that
        is not None, -1 or above M raises ValueError, as SciPy does.
    mode : {'full', 'r', 'economic', 'raw'}, optional
        'full' (default; also 'qr'): `Q` ``(..., M, M)``, `R` ``(..., M,
        N)``. 'r': only `R` ``(..., M, N)``, returned as a 1-tuple as SciPy
        does. 'economic': `Q` ``(..., M, K)``, `R` ``(..., K, N)``, ``K =
        min(M, N)``. 'raw': ``((qr, tau), R)``, the Householder reflectors
        and scalars as LAPACK's geqrf leaves them, `R` economic.
    pivoting : bool, optional
        Column pivoting is not available (cuSOLVER has no geqp3): True
        raises.
    check_finite : bool, optional
        Raise ValueError if `a` holds NaN or an infinity (default True).

    Returns
    -------
    Q : ndarray
        The unitary factor (not for 'r' and 'raw').
    R : ndarray
        The upper-triangular factor.

    Raises
    ------
    ValueError
        If `mode` is not one of the above, `a` has fewer than two
        dimensions, or `check_finite` finds a NaN or an infinity.
    NotImplementedError
        If `pivoting` is True.

    Notes
    -----
    Householder QR by cuSOLVER's ``geqrf`` and ``orgqr``/``ungqr`` through
    `gpuarray.linalg.qr`, in SciPy's LAPACK dtype; nothing is read back.
    The signs (phases) of R's rows follow LAPACK's convention.

    See Also
    --------
    rq, qr_multiply, gpuarray.linalg.qr

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import qr
    >>> a = xp.array([[1., 2.], [3., 4.], [5., 6.]])
    >>> q, r = qr(a)
    >>> q.shape, r.shape
    ((3, 3), (3, 2))
    >>> xp.allclose(q @ r, a)
    True
    >>> q, r = qr(a, mode='economic')
    >>> q.shape, r.shape
    ((3, 2), (2, 2))
    """
    if mode not in _QR_MODES:
        raise ValueError(f"Mode argument should be one of {list(_QR_MODES)}")
    if pivoting:
        raise NotImplementedError(PIVOTING_UNAVAILABLE)
    if lwork is not _NoValue:
        shape = a.shape if hasattr(a, "shape") else numpy.shape(a)
        if lwork is not None and lwork != -1 and len(shape) >= 2 and lwork <= shape[-2]:
            raise ValueError(f"lwork should be None, -1 or > M, got {lwork}")
        warnings.warn("scipy.linalg: the `lwork` keyword is deprecated and no longer in use as of SciPy 1.18.0 "
                      "and will be removed in SciPy 1.20.0", DeprecationWarning, stacklevel=2)
    a = validated(a, check_finite=check_finite)
    if a.ndim < 2:
        raise ValueError("Expected at least a 2-D array")
    if a.size == 0:
        return _empty_qr(a.astype(blas_dtype(a.dtype), copy=False), mode, pivoting)
    a = a.astype(blas_dtype(a.dtype), copy=False)
    m, n = a.shape[-2:]
    if mode in ("full", "qr"):
        return tuple(numpy_qr(a, mode="complete"))
    if mode == "economic":
        return tuple(numpy_qr(a, mode="reduced"))
    h, tau = numpy_qr(a, mode="raw")
    factors = h.mT  # the C view of geqrf's column-major output: the M x N matrix SciPy returns
    if mode == "r":
        return (triu(factors),)
    r = triu(factors[..., :n, :]) if m >= n else triu(factors)
    return ((factors, tau), r)


def rq(a, overwrite_a=False, lwork=None, mode="full", check_finite=True):
    """Compute the RQ decomposition of a matrix, or of each matrix of a stack.

    ``a = R @ Q`` with `R` upper triangular (trapezoidal) and `Q` unitary
    (orthonormal rows).

    Parameters
    ----------
    a : array_like
        Shape ``(..., M, N)``.
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `a` is never overwritten.
    lwork : int, optional
        Accepted for SciPy compatibility.
    mode : {'full', 'r', 'economic'}, optional
        'full' (default): `R` ``(..., M, N)``, `Q` ``(..., N, N)``. 'r':
        only `R` (an array, as SciPy). 'economic': `R` ``(..., M, K)``, `Q`
        ``(..., K, N)``, ``K = min(M, N)``.
    check_finite : bool, optional
        Raise ValueError if `a` holds NaN or an infinity (default True).

    Returns
    -------
    R : ndarray
        The upper-triangular factor, zero below diagonal ``N - M``.
    Q : ndarray
        The unitary factor (not for 'r').

    Raises
    ------
    ValueError
        If `mode` is not one of the above, `a` has fewer than two
        dimensions, or `check_finite` finds a NaN or an infinity.

    Notes
    -----
    From the QR of the reversed transpose (Note [RQ from QR]): cuSOLVER
    has no gerqf. The phases of Q's rows may differ from SciPy's; compare
    ``R @ Q``.

    See Also
    --------
    qr

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import rq
    >>> a = xp.array([[1., 2., 3.], [4., 5., 6.]])
    >>> r, q = rq(a)
    >>> r.shape, q.shape
    ((2, 3), (3, 3))
    >>> xp.allclose(r @ q, a)
    True
    >>> xp.allclose(xp.tril(r), 0)  # zero below diagonal N - M = 1
    True
    """
    if mode not in ("full", "r", "economic"):
        raise ValueError("Mode argument should be one of ['full', 'r', 'economic']")
    a = validated(a, check_finite=check_finite)
    if a.ndim < 2:
        raise ValueError("expected matrix")
    batch, (m, n) = a.shape[:-2], a.shape[-2:]
    k = min(m, n)
    if a.size == 0:
        if mode != "economic":
            r, q = empty(a.shape, dtype=a.dtype), broadcast_to(eye(n, dtype=a.dtype), batch + (n, n)).copy()
        else:
            r, q = empty(batch + (m, k), dtype=a.dtype), empty(batch + (k, n), dtype=a.dtype)
        return r if mode == "r" else (r, q)
    a = a.astype(blas_dtype(a.dtype), copy=False)
    reversed_t = a[..., ::-1, :].mT  # (J a)^T, N x M
    q1, r1 = numpy_qr(reversed_t, mode="reduced" if mode == "economic" else "complete")
    r = r1.mT[..., ::-1, ::-1]  # J R1^T J: R1's zeros land below diagonal n - m
    if mode == "r":
        return r
    return r, q1.mT[..., ::-1, :]


def qr_multiply(a, c, mode="right", pivoting=False, conjugate=False, overwrite_a=False, overwrite_c=False):
    """Calculate the QR decomposition and multiply Q with a matrix.

    Computes ``Q @ c`` ('left') or ``c @ Q`` ('right') with the economic
    `Q` of ``a = Q R``, and returns `R` too.

    Parameters
    ----------
    a : array_like
        Shape ``(..., M, N)``.
    c : array_like
        For 'left', shape ``(..., K, P)`` (``K = min(M, N)``) or ``(K,)``;
        with `overwrite_c` and ``M > N`` also ``(..., M, P)``, multiplied by
        the full `Q`, as SciPy. For 'right', shape ``(..., P, M)`` or
        ``(M,)``.
    mode : {'left', 'right'}, optional
        The side `Q` multiplies from (default 'right').
    pivoting : bool, optional
        Not available (see `qr`): True raises.
    conjugate : bool, optional
        Multiply by the complex conjugate of `Q` (default False).
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `a` is never overwritten.
    overwrite_c : bool, optional
        Never overwrites `c`; only widens the shapes 'left' accepts, as in
        SciPy.

    Returns
    -------
    CQ : ndarray
        The product, in `a`'s LAPACK dtype (`c` is cast to it, as SciPy
        does); 1-D when `c` is.
    R : ndarray
        The economic `R` of `a`.

    Raises
    ------
    ValueError
        If `mode` is not one of the above, the shapes do not match, or `a`
        or `c` holds NaN or an infinity.
    NotImplementedError
        If `pivoting` is True.

    Notes
    -----
    `Q` is formed (``orgqr``) and multiplied by cuBLAS; LAPACK's ``ormqr``,
    which applies the reflectors without forming `Q`, is not bound.

    See Also
    --------
    qr

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import qr, qr_multiply
    >>> a = xp.array([[1., 3., 3.], [2., 3., 2.], [2., 3., 3.], [1., 3., 2.]])
    >>> qc, r = qr_multiply(a, xp.array([[1., 0., 0.], [0., 1., 0.], [0., 0., 1.]]), mode='left')
    >>> xp.allclose(qc, qr(a, mode='economic')[0])
    True
    >>> qr_multiply(a, xp.ones(4))[0].shape
    (3,)
    """
    if mode not in ("left", "right"):
        raise ValueError(f"Mode argument can only be 'left' or 'right' but not '{mode}'")
    if pivoting:
        raise NotImplementedError(PIVOTING_UNAVAILABLE)
    c = validated(c, check_finite=True)
    a = validated(a, check_finite=False)
    if a.ndim < 2:
        a = a.reshape((1,) * (2 - a.ndim) + a.shape)
    m, n = a.shape[-2:]
    onedim = c.ndim < 2
    if onedim:
        c = c.reshape(1, -1)
        if mode == "left":
            c = c.mT
    if mode == "left":
        full = bool(overwrite_c) and m > n and c.shape[-2] == m
        if c.shape[-2] != min(m, n) and not full:
            raise ValueError(f"Array shapes are not compatible for Q @ c operation: {a.shape} vs {c.shape}")
    else:
        full = False
        if c.shape[-1] != m:
            raise ValueError(f"Array shapes are not compatible for c @ Q operation: {c.shape} vs {a.shape}")
    q, r = qr(a, mode="full" if full else "economic")
    if full:  # SciPy returns the economic R either way
        r = triu(r[..., :n, :])
    if c.size == 0:
        return empty(c.shape, dtype=c.dtype), r
    q = conj(q) if conjugate else q
    cq = q @ c.astype(q.dtype) if mode == "left" else c.astype(q.dtype) @ q
    if onedim:
        cq = cq.reshape(cq.shape[:-2] + (-1,))
    return cq, r
