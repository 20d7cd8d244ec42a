# SPDX-License-Identifier: BSD-3-Clause
"""LU-based routines: solve, inv, det, slogdet; and cholesky."""
from collections import namedtuple

import numpy

from gpuarray._core import CUDARuntimeError
from gpuarray._array_creation.from_data import asarray, ascontiguousarray
from gpuarray._array_creation.from_shape import empty, empty_like, ones
from gpuarray._index_routines.index_tricks import diagonal
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._matrix_building.matrices import eye, tril, triu
from gpuarray._array_creation.ranges import arange
from gpuarray._sorting_searching.searching import where
from gpuarray._ufunc.ufuncs import absolute, log, sign
from gpuarray.cuda import _captures
from gpuarray.linalg import _nonfinite as nonfinite
from gpuarray.linalg import _row_swaps as row_swaps
from gpuarray.linalg import _small_inverse as small_inverse
from gpuarray.linalg._lapack import (BATCHED_LU_MAX_SIDE, batch_size, check_stack, column_major, int_array,
                                     lapack_dtype, libs, raise_on_info, real_dtype)

__all__ = ["cholesky", "det", "inv", "slogdet", "solve"]

SlogdetResult = namedtuple("SlogdetResult", ["sign", "logabsdet"])


def _lu(lu, n, nbatch):
    """LU of the (nbatch, n, n) buffer in place: (1-based pivots, info,
    whether cuBLAS's batched LU ran, whose pivots are int32)."""
    info = empty(max(nbatch, 1), dtype=numpy.int32)  # every LU routine writes it
    if nbatch > 1 and n <= BATCHED_LU_MAX_SIDE:
        pivots = empty((nbatch, n), dtype=numpy.int32)
        libs().getrf_batched(lu.dtype.char, n, lu.data.ptr, pivots.data.ptr, info.data.ptr, nbatch)
        return pivots, info, True
    pivots = empty((nbatch, n), dtype=numpy.int64)
    libs().getrf(lu.dtype.char, n, lu.data.ptr, pivots.data.ptr, info.data.ptr, nbatch)
    return pivots, info, False


def solve(a, b):
    """Solve a linear matrix equation, or a stack of them.

    Finds `x` with ``a @ x == b`` for each square matrix of `a`. As in
    NumPy 2, `b` is taken as a vector only when it is 1-D; otherwise its last
    two axes are the matrices of right-hand sides, and the batch axes of `a`
    and `b` broadcast against each other.

    Parameters
    ----------
    a : array_like
        Coefficient matrices, shape ``(..., M, M)``; host data is copied to
        the device first.
    b : array_like
        Right-hand sides, shape ``(M,)`` or ``(..., M, K)``.

    Returns
    -------
    x : ndarray
        The solutions, of `b`'s shape (with the broadcast batch axes), in
        the floating or complex dtype the inputs promote to.

    Raises
    ------
    numpy.linalg.LinAlgError
        If a matrix of `a` is exactly singular ("Singular matrix"); raised
        for the whole call, after the factorization; also if `a` has fewer
        than two dimensions or its matrices are not square.
    ValueError
        If the last axis of `a` and the solve axis of `b` differ, or the
        batch axes do not broadcast.
    TypeError
        If the inputs promote to a dtype linalg does not support (float16,
        longdouble, object).

    Notes
    -----
    Each matrix of `a` is LU-factored on the device by cuSOLVER's ``getrf``
    (cuBLAS's batched ``getrfBatched`` for a batch of small matrices) and
    solved with ``getrs`` (``getrsBatched``); for a single right-hand side
    of a side that fits, two cuBLAS triangular solves (``trsv``) and a row
    swap kernel replace ``getrs``. The factorization's ``info`` is copied to
    the host to decide whether to raise, so the call waits for the device.

    A matrix of `a` holding NaN or an infinity gives NaN for its whole
    solution instead of NumPy's position-dependent result (Note [Non-finite
    input], docs/linalg.md); the other matrices of a batch are unaffected.
    Results may differ from NumPy's in the last bits.

    See Also
    --------
    inv, lstsq, tensorsolve, cholesky

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[3., 1.], [1., 2.]])
    >>> b = xp.array([9., 8.])
    >>> x = xp.linalg.solve(a, b)
    >>> x.round(6)
    array([2., 3.])
    >>> xp.allclose(a @ x, b)
    True
    >>> stack = xp.stack([2 * xp.eye(2), 4 * xp.eye(2)])
    >>> xp.linalg.solve(stack, xp.array([[2.], [4.]])).round(6)
    array([[[1. ],
            [2. ]],
    <BLANKLINE>
           [[0.5],
            [1. ]]])
    """
    a, b = asarray(a), asarray(b)
    check_stack(a)
    dtype = lapack_dtype(numpy.result_type(a.dtype, b.dtype))
    n = a.shape[-1]
    vector = b.ndim == 1
    bm = b[:, None] if vector else b
    if bm.shape[-2] != n:
        raise ValueError(f"solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                         f"(m,m),(m,n)->(m,n) (size {bm.shape[-2]} is different from {n})")
    batch = tuple(numpy.broadcast_shapes(a.shape[:-2], bm.shape[:-2]))
    a = broadcast_to(a, batch + (n, n))
    bm = broadcast_to(bm, batch + bm.shape[-2:])
    nbatch = batch_size(a)
    nrhs = bm.shape[-1]
    x = column_major(bm, dtype)
    if a.size and x.size:
        # The C-order copy holds a^T in column-major order: factor that and solve
        # with its transpose, which spares the transposing copy of a.
        bad = nonfinite.bad_matrices(a)
        lu = nonfinite.zero_bad(a, bad, dtype)
        pivots, info, batched = _lu(lu, n, nbatch)
        # The solve is queued before getrf's info is read, so the GPU does not
        # idle through that read; a singular factor only spoils x, which is dropped.
        if batched:
            libs().getrs_batched(dtype.char, True, n, nrhs, lu.data.ptr, pivots.data.ptr, x.data.ptr, nbatch)
        elif nrhs == 1 and row_swaps.fits(n, dtype):
            _solve_vector(lu, pivots, x, n, nbatch)
        else:
            if _captures.current() is not None:
                # Unverified in a graph: a captured pipeline with this path replayed wrong sums
                # on an H200 (2026-11-27, issue 30), so it refuses rather than risk that.
                raise CUDARuntimeError("numpy.linalg.solve with several right-hand sides (cuSOLVER's getrs) cannot "
                                       "be recorded in a CUDA graph yet: solve one vector at a time in the capture")
            solve_info = empty(nbatch, dtype=numpy.int32)  # getrs writes only argument errors here
            libs().getrs(dtype.char, True, n, nrhs, lu.data.ptr, pivots.data.ptr, x.data.ptr, solve_info.data.ptr,
                         nbatch)
        nonfinite.write_nan(bad, x)
        raise_on_info(nonfinite.clear_info(info, bad), "Singular matrix")
    x = x.mT
    return x[..., 0] if vector else x


def _solve_vector(lu, pivots, x, n, nbatch):
    """x = a^-1 x for one right-hand side, lu holding getrf's factors of a^T
    (P a^T = L U, so a = U^T L^T P): two of cuBLAS's triangular solves of one
    vector and the row swaps undone, about half of getrs's time for one vector
    (getrs runs general triangular solves of many columns)."""
    libs().trsv(lu.dtype.char, True, True, False, n, lu.data.ptr, x.data.ptr, nbatch)  # U^T y = x
    libs().trsv(lu.dtype.char, False, True, True, n, lu.data.ptr, x.data.ptr, nbatch)  # L^T z = y
    row_swaps.undo(x.reshape(nbatch, n), pivots, n, nbatch)  # x = P^T z


def inv(a):
    """Compute the inverse of a matrix, or of each matrix of a stack.

    Parameters
    ----------
    a : array_like
        Square matrices, shape ``(..., M, M)``; host data is copied to the
        device first.

    Returns
    -------
    ainv : ndarray
        The inverses, of `a`'s shape, in the floating or complex dtype `a`
        promotes to (integers and bool give float64).

    Raises
    ------
    numpy.linalg.LinAlgError
        If a matrix is exactly singular ("Singular matrix"), or `a` has
        fewer than two dimensions or its matrices are not square.
    TypeError
        If `a`'s dtype is not supported (float16, longdouble, object).

    Notes
    -----
    Matrices of side up to 64 (that fit the kernel's shared memory) are
    inverted by gpuarray's own Gauss-Jordan kernel with pivoting (one block
    per matrix, one launch for the whole stack); a batch of matrices of
    side up to 128 by cuBLAS's ``getrfBatched`` and ``getriBatched``; other
    sides by cuSOLVER's ``getrf`` and ``getrs`` against the identity. The
    per-matrix ``info`` is copied to the host to
    decide whether to raise, so the call waits for the device.

    A matrix holding NaN or an infinity gives an all-NaN inverse (Note
    [Non-finite input], docs/linalg.md), where NumPy's result depends on
    where the value sits. Results may differ from NumPy's in the last bits.

    See Also
    --------
    solve, pinv, tensorinv, matrix_power

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1., 2.], [3., 4.]])
    >>> ainv = xp.linalg.inv(a)
    >>> ainv.round(6)
    array([[-2. ,  1. ],
           [ 1.5, -0.5]])
    >>> xp.allclose(a @ ainv, xp.eye(2))
    True
    >>> xp.linalg.inv(xp.array([[2., 0.], [0., 4.]]))
    array([[0.5 , 0.  ],
           [0.  , 0.25]])
    """
    result, info = inverse_and_info(a)
    if info is not None:
        raise_on_info(info, "Singular matrix")
    return result


def inverse_and_info(a):
    """(inverses, LAPACK info per matrix, None for an empty stack) without
    raising: a singular matrix's inverse holds infinities or NaNs, a
    non-finite one's is NaN with info 0 (Note [Non-finite input]). Small
    sides go to the Gauss-Jordan kernel; larger ones to LU, where the C-order
    copy holds a^T in column-major order and inv(a^T) = inv(a)^T spares
    transposes."""
    a = asarray(a)
    check_stack(a)
    dtype = lapack_dtype(a.dtype)
    n, nbatch = a.shape[-1], batch_size(a)
    if a.size == 0:
        return a.astype(dtype, order="C", copy=True), None
    bad = nonfinite.bad_matrices(a)
    if small_inverse.fits(n, dtype):  # the kernel's own pivoting meets non-finite values safely
        source = ascontiguousarray(a.astype(dtype, copy=False))  # the kernel leaves it as it is
        result, info = empty(a.shape, dtype=dtype), empty(nbatch, dtype=numpy.int32)
        small_inverse.invert(source, result, info, n, nbatch)
    elif nbatch > 1 and n <= BATCHED_LU_MAX_SIDE:
        lu = nonfinite.zero_bad(a, bad, dtype)
        result = empty_like(lu)
        pivots = empty((nbatch, n), dtype=numpy.int32)
        info = empty(nbatch, dtype=numpy.int32)
        libs().inverse_batched(dtype.char, n, lu.data.ptr, pivots.data.ptr, result.data.ptr, info.data.ptr, nbatch)
    else:
        lu = nonfinite.zero_bad(a, bad, dtype)
        pivots, info, _ = _lu(lu, n, nbatch)
        result = broadcast_to(eye(n, dtype=dtype), lu.shape).copy()
        solve_info = int_array(nbatch)  # getrs reports only bad arguments; getrf's info stays
        libs().getrs(dtype.char, False, n, n, lu.data.ptr, pivots.data.ptr, result.data.ptr, solve_info.data.ptr,
                     nbatch)
    nonfinite.write_nan(bad, result)
    return result, nonfinite.clear_info(info, bad)


def _lu_diagonal(a):
    """(diagonal of U, pivot parity sign) for each matrix; det(a^T) = det(a)
    lets the C-order copy stand for the column-major one."""
    a = asarray(a)
    check_stack(a)
    dtype = lapack_dtype(a.dtype)
    n, nbatch = a.shape[-1], batch_size(a)
    if n == 0:
        return ones(a.shape[:-2] + (0,), dtype=dtype), ones(a.shape[:-2], dtype=dtype)
    bad = nonfinite.bad_matrices(a)
    lu = nonfinite.zero_bad(a, bad, dtype)
    pivots, _, _ = _lu(lu.reshape(nbatch, n, n), n, nbatch)
    swaps = (pivots != arange(1, n + 1, dtype=pivots.dtype)).sum(axis=-1).reshape(a.shape[:-2])
    parity = 1 - 2 * (swaps % 2)
    diag = diagonal(lu, 0, -2, -1).copy()  # the view is read-only
    nonfinite.write_nan(bad, diag)  # NaN det, and NaN sign and logabsdet
    return diag, parity.astype(dtype)


def det(a):
    """Compute the determinant of a matrix, or of each matrix of a stack.

    Parameters
    ----------
    a : array_like
        Square matrices, shape ``(..., M, M)``.

    Returns
    -------
    det : ndarray
        The determinants, shape ``a.shape[:-2]``: a 0-d device array for a
        single matrix (NumPy returns a scalar there). The floating or
        complex dtype `a` promotes to.

    Raises
    ------
    numpy.linalg.LinAlgError
        If `a` has fewer than two dimensions or its matrices are not square.
    TypeError
        If `a`'s dtype is not supported (float16, longdouble, object).

    Notes
    -----
    The product of the diagonal of the LU factors (cuSOLVER's ``getrf``, or
    cuBLAS's ``getrfBatched`` for a batch of small matrices), times the
    parity of the row swaps; everything stays on the device, nothing is
    read back, and a singular matrix gives 0 (or a value that rounding left
    near 0) without an error. For large
    matrices the product may overflow or underflow where `slogdet` does
    not. A matrix holding NaN or an infinity gives NaN (Note [Non-finite
    input]); NumPy gives ±inf or NaN by position and warns, gpuarray does
    not warn. The LU factors differ from LAPACK's in rounding, so results
    may differ from NumPy's in the last bits: round them to compare.

    See Also
    --------
    slogdet, inv, solve

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1., 2.], [3., 4.]])
    >>> xp.linalg.det(a).round(6)
    array(-2.)
    >>> xp.linalg.det(xp.stack([2 * xp.eye(2), 3 * xp.eye(2)])).round(6)
    array([4., 9.])
    """
    diag, parity = _lu_diagonal(a)
    return diag.prod(axis=-1) * parity


def slogdet(a):
    """Compute the sign and the natural logarithm of the absolute determinant.

    Parameters
    ----------
    a : array_like
        Square matrices, shape ``(..., M, M)``.

    Returns
    -------
    A named tuple ``(sign, logabsdet)``:

    sign : ndarray
        Shape ``a.shape[:-2]``: +1, -1 or 0 for real `a`; a complex number
        of modulus 1 (or 0) for complex `a`. 0-d for a single matrix.
    logabsdet : ndarray
        ``log(abs(det(a)))``, of the real dtype matching `a`'s; ``-inf``
        for a singular matrix (with `sign` 0).

    Raises
    ------
    numpy.linalg.LinAlgError
        If `a` has fewer than two dimensions or its matrices are not square.
    TypeError
        If `a`'s dtype is not supported (float16, longdouble, object).

    Notes
    -----
    From the same LU factorization as `det` (cuSOLVER's ``getrf`` or
    cuBLAS's ``getrfBatched``), summing the logarithms of the diagonal's
    absolute values instead of multiplying, so it does not overflow where
    `det` does. Computed wholly on the device; nothing is read back. A
    matrix holding NaN or an infinity gives NaN for both `sign` and
    `logabsdet` (Note [Non-finite input]), where NumPy's real result keeps a
    sign of ±1.

    See Also
    --------
    det

    Examples
    --------
    >>> import gpuarray as xp
    >>> sign, logabsdet = xp.linalg.slogdet(xp.array([[1., 2.], [3., 4.]]))
    >>> sign
    array(-1.)
    >>> logabsdet.round(6)
    array(0.693147)
    >>> xp.linalg.slogdet(xp.ones((3, 4, 4))).sign.shape
    (3,)
    """
    diag, parity = _lu_diagonal(a)
    absdiag = absolute(diag)
    logabsdet = log(absdiag).sum(axis=-1)
    if diag.dtype.kind == "c":
        unit = where(absdiag == 0, 0, diag / where(absdiag == 0, 1, absdiag))
        signs = unit.prod(axis=-1) * parity
    else:
        signs = sign(diag).prod(axis=-1) * parity
    return SlogdetResult(signs, logabsdet.astype(real_dtype(diag.dtype), copy=False))


def cholesky(a, /, *, upper=False):
    """Cholesky decomposition of Hermitian positive-definite matrices.

    Returns the lower-triangular `L` with ``a = L @ L.conj().T`` for each
    matrix of `a` (or the upper-triangular `U` with ``a = U.conj().T @ U``).

    Parameters
    ----------
    a : array_like
        Hermitian (symmetric if real) positive-definite matrices, shape
        ``(..., M, M)``. Only the lower triangle is read (the upper one when
        `upper` is True); the other is assumed to match.
    upper : bool, optional
        Return the upper-triangular factor instead of the lower one
        (default False).

    Returns
    -------
    L : ndarray
        The triangular factors, of `a`'s shape, in the floating or complex
        dtype `a` promotes to; the other triangle is zero.

    Raises
    ------
    numpy.linalg.LinAlgError
        If a matrix is not positive definite ("Matrix is not positive
        definite"), or `a` has fewer than two dimensions or its matrices are
        not square.
    TypeError
        If `a`'s dtype is not supported (float16, longdouble, object).

    Notes
    -----
    cuSOLVER's ``potrf`` on each matrix; its ``info`` is copied to the host
    to decide whether to raise, so the call waits for the device. A matrix
    holding NaN or an infinity in the triangle read gives NaN in the whole
    triangle (Note [Non-finite input]) and does not raise; NumPy's result
    there is partly NaN and, for some infinities, raises. Results may
    differ from NumPy's in the last bits.

    See Also
    --------
    eigh, solve, qr

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[4., 2.], [2., 3.]])
    >>> L = xp.linalg.cholesky(a)
    >>> L.round(6)
    array([[2.      , 0.      ],
           [1.      , 1.414214]])
    >>> xp.allclose(L @ L.T, a)
    True
    >>> xp.linalg.cholesky(a, upper=True).round(6)
    array([[2.      , 1.      ],
           [0.      , 1.414214]])
    """
    a = asarray(a)
    check_stack(a)
    dtype = lapack_dtype(a.dtype)
    uplo = "U" if upper else "L"
    if a.size == 0:
        buf = column_major(a, dtype)
    else:
        # potrf reads one triangle: values in the other do not flag a matrix, as in NumPy.
        bad = nonfinite.bad_matrices(a, uplo)
        buf = nonfinite.zero_bad(a.mT, bad, dtype)  # a in column-major order
        info = int_array(batch_size(a))
        libs().potrf(dtype.char, uplo, a.shape[-1], buf.data.ptr, info.data.ptr, batch_size(a))
        nonfinite.write_nan(bad, buf)
        raise_on_info(nonfinite.clear_info(info, bad), "Matrix is not positive definite")
    return triu(buf.mT) if upper else tril(buf.mT)
