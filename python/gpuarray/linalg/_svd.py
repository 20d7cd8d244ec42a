# SPDX-License-Identifier: BSD-3-Clause
"""The singular value decomposition over stacks of matrices: svd and svdvals,
through the cuSOLVER routine that Note [SVD drivers] picks."""
from collections import namedtuple

import functools

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._matrix_building.matrices import eye
from gpuarray._ufunc.ufuncs import conj
from gpuarray.cuda.device import Device, get_device_id
from gpuarray.linalg import _nonfinite as nonfinite
from gpuarray.linalg._lapack import (batch_size, check_stack, column_major, int_array, lapack_dtype, libs,
                                     raise_on_info, real_dtype)

__all__ = ["svd", "svdvals"]

SVDResult = namedtuple("SVDResult", ["U", "S", "Vh"])


# Note [SVD drivers]
# svd_plan picks the cuSOLVER routine and the dtype it computes in, by
# accuracy first (issue 22): reconstruction and orthogonality errors at most
# 2x those of gesvd (LAPACK's algorithm, CuPy's choice) on every matrix class,
# measured by benchmarks/probes/svd_accuracy_probe.py (benchmarks/RESULTS.md, H100):
# - gesvdj (one-sided Jacobi) with cuSOLVER's default tolerance is 20-140x
#   gesvd's error on uniform, graded and rank-deficient matrices in every
#   dtype: not used outside the batched kernel below.
# - gesvdp (polar decomposition by QDWH, then a symmetric eigensolver) is as
#   accurate as gesvd, and about 4x faster at 1024^2, while it does not
#   perturb the matrix; when singular values near zero make it perturb by
#   more than rounding (cuSOLVER reports the amount) its vectors lose
#   orthogonality, so the matrix is factored again by gesvd.
# - float32/complex64 factored in float64/complex128 and cast back: 100x
#   more accurate than gesvd in float32 and, through gesvdp, 3x faster than
#   CuPy at 1024^2, on GPUs whose float64 rate is at least half the float32
#   rate (cudaDevAttrSingleToDoublePrecisionPerfRatio <= 2: A100, H100,
#   H200, B200). On others (GeForce, L4, L40: 32-64x slower float64) they
#   go to gesvd in their own dtype.
# - a batch of matrices both of whose sides are at most 32: the batched
#   Jacobi kernel (one launch for the whole batch; full U and V always),
#   which CuPy uses too: its error equals CuPy's.
# - gesvdp only from SVD_POLAR_MIN_SIDE on (H100, 2026-11-26: gesvdp in
#   float64 2.3 ms against gesvd's 2.9 at 64^2, 5.6 against 19.2 at 256^2;
#   below 64 not measured), and only in float64/complex128: in float32 it
#   perturbs uniform 1024^2 matrices and its singular values come out wrong
#   by 38x ||A||.
# Singular values alone follow the same plan; where it says gesvd (or gesvdp
# perturbed), gesvd without vectors in the plan's compute dtype. The
# values-only Jacobi call faulted on an H200 (illegal address, 2026-11-23).
# gesvd and gesvdp take m >= n; a wide matrix is factored as its transpose,
# which is what the C-order copy already holds in column-major order.
BATCHED_JACOBI_MAX_SIDE = 32
SVD_POLAR_MIN_SIDE = 64
_WIDER = {"f": numpy.dtype(numpy.float64), "F": numpy.dtype(numpy.complex128)}


def svd_plan(m, n, nbatch, dtype, fast_float64):
    """(driver, compute dtype) that Note [SVD drivers] picks for a stack of
    nbatch m x n matrices of `dtype`; fast_float64: the device's float64
    rate is at least half its float32 rate."""
    work = _WIDER.get(dtype.char, dtype) if fast_float64 else dtype
    if nbatch > 1 and m <= BATCHED_JACOBI_MAX_SIDE and n <= BATCHED_JACOBI_MAX_SIDE:
        return "gesvdj_batched", work
    if work.char in "dD" and min(m, n) >= SVD_POLAR_MIN_SIDE:
        return "gesvdp", work
    return "gesvd", work


def _tall_column_major(a, dtype):
    """(buffer, rows, cols, transposed): column-major copies of a's matrices,
    or of their transposes when a is wide, so that rows >= cols."""
    m, n = a.shape[-2:]
    if m >= n:
        return column_major(a, dtype), m, n, False
    return a.astype(dtype, order="C", copy=True), n, m, True


def _singular_values(a, dtype):
    """Singular values by svd_plan's driver and compute dtype; gesvd without
    vectors where the plan says gesvd or gesvdp perturbed the matrix."""
    m, n = a.shape[-2:]
    nbatch = batch_size(a)
    if a.size == 0:
        return empty(a.shape[:-2] + (min(m, n),), dtype=real_dtype(dtype))
    driver, work = svd_plan(m, n, nbatch, dtype, fast_float64(get_device_id()))
    s = None
    if driver == "gesvdj_batched":  # one launch for the whole stack
        s = _svd_jacobi(a, work)[1]
    elif driver == "gesvdp":
        factors, perturbed = _svd_polar(a, work, False)
        s = None if perturbed else factors[1]
    if s is None:
        buf, rows, cols, _ = _tall_column_major(a, work)
        s = empty(a.shape[:-2] + (cols,), dtype=real_dtype(work))
        info = int_array(nbatch)
        libs().gesvd(work.char, "N", rows, cols, buf.data.ptr, s.data.ptr, 0, 0, info.data.ptr, nbatch)
        raise_on_info(info, "SVD did not converge")
    return s.astype(real_dtype(dtype), copy=False)


def _svd_qr(a, dtype, full_matrices):
    """gesvd: bidiagonalization and QR iteration, as LAPACK (and CuPy)."""
    batch, nbatch = a.shape[:-2], batch_size(a)
    buf, rows, cols, transposed = _tall_column_major(a, dtype)
    ucols = rows if full_matrices else cols
    s = empty(batch + (cols,), dtype=real_dtype(dtype))
    u = empty(batch + (ucols, rows), dtype=dtype)
    vt = empty(batch + (cols, cols), dtype=dtype)
    info = int_array(nbatch)
    libs().gesvd(dtype.char, "A" if full_matrices else "S", rows, cols, buf.data.ptr, s.data.ptr, u.data.ptr,
                 vt.data.ptr, info.data.ptr, nbatch)
    raise_on_info(info, "SVD did not converge")
    # u and vt hold U and V^H column-major, so their C views are U^T and
    # conj(V). A wide matrix was factored as B = A^T = U_B S V_B^H, so
    # A = conj(V_B) S U_B^T: U is vt's C view and Vh is u's.
    if transposed:
        return vt, s, u
    return u.mT, s, vt.mT


def _svd_jacobi(a, dtype):
    """The batched Jacobi kernel: full U and V of every matrix."""
    m, n = a.shape[-2:]
    batch, nbatch = a.shape[:-2], batch_size(a)
    buf = column_major(a, dtype)
    s = empty(batch + (min(m, n),), dtype=real_dtype(dtype))
    u = empty(batch + (m, m), dtype=dtype)
    v = empty(batch + (n, n), dtype=dtype)
    info = int_array(nbatch)
    libs().gesvdj_batched(dtype.char, m, n, buf.data.ptr, s.data.ptr, u.data.ptr, v.data.ptr, info.data.ptr, nbatch)
    raise_on_info(info, "SVD did not converge")
    # u holds U column-major (rows of the C view are U's columns); v likewise
    # holds V, whose C view is V^T, so Vh is its conjugate.
    return u.mT, s, (conj(v) if dtype.kind == "c" else v)


def _svd_polar(a, dtype, full_matrices):
    """gesvdp: (factors, perturbed), perturbed when cuSOLVER moved the matrix
    by more than rounding to reach a unitary polar factor (Note [SVD drivers])."""
    batch, nbatch = a.shape[:-2], batch_size(a)
    buf, rows, cols, transposed = _tall_column_major(a, dtype)
    ucols = rows if full_matrices else cols
    s = empty(batch + (cols,), dtype=real_dtype(dtype))
    u = empty(batch + (ucols, rows), dtype=dtype)
    v = empty(batch + (cols, cols), dtype=dtype)
    info = int_array(nbatch)
    err_sigma = libs().gesvdp(dtype.char, not full_matrices, rows, cols, buf.data.ptr, s.data.ptr, u.data.ptr,
                              v.data.ptr, info.data.ptr, nbatch)
    raise_on_info(info, "SVD did not converge")
    perturbed = err_sigma > 0 and err_sigma > rows * numpy.finfo(s.dtype).eps * float(s[..., 0].max().get())
    conj_if_complex = conj if dtype.kind == "c" else (lambda x: x)
    if transposed:  # buf held B = A^T = U_B S V_B^H, so U = conj(V_B) and Vh = U_B^T
        return (conj_if_complex(v.mT), s, u), perturbed
    return (u.mT, s, conj_if_complex(v)), perturbed


@functools.cache
def fast_float64(device_id):
    """Whether the device computes float64 at least half as fast as float32."""
    return Device(device_id).attributes["SingleToDoublePrecisionPerfRatio"] <= 2


def _svd(a, full_matrices, compute_uv, driver=None, compute_dtype=None):
    """driver and compute_dtype override Note [SVD drivers]'s choice (driver
    "gesvd", "gesvdp" or "gesvdj_batched"; compute_dtype the LAPACK dtype to
    factor in, the results cast back); the accuracy probe, the tests and the
    benchmarks use them to measure one choice against another."""
    a = asarray(a)
    check_stack(a, square=False)
    dtype = lapack_dtype(a.dtype)
    if not compute_uv:
        return _singular_values(a, dtype)
    m, n = a.shape[-2:]
    if a.size == 0:  # identity factors, as LAPACK gives
        ucols, vrows = (m, n) if full_matrices else (min(m, n),) * 2
        u = broadcast_to(eye(m, ucols, dtype=dtype), a.shape[:-2] + (m, ucols)).copy()
        vh = broadcast_to(eye(vrows, n, dtype=dtype), a.shape[:-2] + (vrows, n)).copy()
        return SVDResult(u, empty(a.shape[:-2] + (min(m, n),), dtype=real_dtype(dtype)), vh)
    planned, work = svd_plan(m, n, batch_size(a), dtype, fast_float64(get_device_id()))
    driver, work = driver or planned, numpy.dtype(compute_dtype or work)
    factors = None
    if driver == "gesvdj_batched":
        factors = _svd_jacobi(a, work)
        if not full_matrices:
            p = min(m, n)
            factors = factors[0][..., :p], factors[1], factors[2][..., :p, :]
    elif driver == "gesvdp":
        factors, perturbed = _svd_polar(a, work, full_matrices)
        factors = None if perturbed else factors
    factors = factors or _svd_qr(a, work, full_matrices)
    if work != dtype:
        factors = [f.astype(dtype if f.dtype == work else real_dtype(dtype)) for f in factors]
    return SVDResult(*factors)


@nonfinite.guard(nan_error="SVD did not converge")
def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """Singular value decomposition of a matrix, or of each matrix of a stack.

    Factors each matrix as ``a = (U * S[..., None, :]) @ Vh`` with `U` and
    `Vh` unitary and `S` the singular values in descending order.

    Parameters
    ----------
    a : array_like
        Matrices, shape ``(..., M, N)``; they need not be square.
    full_matrices : bool, optional
        If True (default), `U` is ``(..., M, M)`` and `Vh` ``(..., N, N)``;
        otherwise ``(..., M, K)`` and ``(..., K, N)``, ``K = min(M, N)``.
    compute_uv : bool, optional
        If True (default), return `U`, `S` and `Vh`; otherwise only `S`.
    hermitian : bool, optional
        Accepted for NumPy compatibility and ignored: the general routine
        runs either way.

    Returns
    -------
    A named tuple ``(U, S, Vh)`` when `compute_uv` is True, else `S`:

    U : ndarray
        Left singular vectors, as columns, in the floating or complex dtype
        `a` promotes to.
    S : ndarray
        Singular values, shape ``(..., K)``, descending, of the real dtype
        matching `a`'s.
    Vh : ndarray
        Right singular vectors, as rows (the conjugate transpose of `V`).

    Raises
    ------
    numpy.linalg.LinAlgError
        "SVD did not converge": if cuSOLVER does not converge, or a matrix
        holds NaN (checked before factoring, as NumPy fails there).
        Also if `a` has fewer than two dimensions.
    TypeError
        If `a`'s dtype is not supported (float16, longdouble, object).

    Notes
    -----
    The cuSOLVER routine is chosen by shape and dtype, accuracy first (Note
    [SVD drivers] in ``linalg/_svd.py``): a batch of matrices
    with both sides at most 32 goes to the batched Jacobi kernel
    (``gesvdjBatched``, one launch for the stack); float64/complex128
    matrices with the smaller side at least 64 to ``gesvdp`` (polar
    decomposition), falling back to ``gesvd`` when cuSOLVER reports that it
    perturbed the matrix by more than rounding; the rest to ``gesvd``
    (bidiagonalization and QR iteration, LAPACK's algorithm). On GPUs with
    fast float64 (A100, H100, H200, B200) float32 and complex64 are
    factored in float64/complex128 and cast back, which is more accurate
    than NumPy's float32 result. cuSOLVER's ``info`` (and, for ``gesvdp``,
    its perturbation estimate) is copied to the host, so the call waits
    for the device. A matrix holding an infinity gives NaN results
    (Note [Non-finite input]). Singular vectors are defined only up to a
    phase (sign, if real) per pair, and may differ from NumPy's by that:
    compare reconstructions, not vectors.

    See Also
    --------
    svdvals, pinv, matrix_rank, eigh, qr

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.ones((4, 3))
    >>> U, S, Vh = xp.linalg.svd(a)
    >>> U.shape, S.shape, Vh.shape
    ((4, 4), (3,), (3, 3))
    >>> U, S, Vh = xp.linalg.svd(a, full_matrices=False)
    >>> U.shape
    (4, 3)
    >>> xp.allclose((U * S) @ Vh, a)
    True
    >>> xp.linalg.svd(xp.array([[3., 0.], [0., 4.]]), compute_uv=False).round(6)
    array([4., 3.])
    """
    return _svd(a, full_matrices, compute_uv)


@nonfinite.guard(nan_error="SVD did not converge")
def svdvals(x, /):
    """Compute the singular values of a matrix, or of each matrix of a stack.

    Parameters
    ----------
    x : array_like
        Matrices, shape ``(..., M, N)``.

    Returns
    -------
    out : ndarray
        The singular values, shape ``(..., min(M, N))``, in descending
        order, of the real dtype matching `x`'s.

    Raises
    ------
    numpy.linalg.LinAlgError
        "SVD did not converge": if cuSOLVER does not converge, or a matrix
        holds NaN.
        Also if `x` has fewer than two dimensions.
    TypeError
        If `x`'s dtype is not supported (float16, longdouble, object).

    Notes
    -----
    Same as ``svd(x, compute_uv=False)``: the routine follows Note [SVD
    drivers] (batched Jacobi for a stack of matrices of sides at most 32,
    ``gesvdp`` for large float64/complex128 ones), and where that says
    ``gesvd`` cuSOLVER's ``gesvd`` runs without vectors. cuSOLVER's
    ``info`` is copied to the host, so the call waits for the device. A
    matrix holding an infinity gives NaN values.

    See Also
    --------
    svd, matrix_norm, cond, matrix_rank

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.linalg.svdvals(xp.array([[0., 2.], [1., 0.], [0., 0.]])).round(6)
    array([2., 1.])
    >>> xp.linalg.svdvals(xp.ones((5, 2, 3))).shape
    (5, 2)
    """
    return _svd(x, False, False)
