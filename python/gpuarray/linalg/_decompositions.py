# SPDX-License-Identifier: BSD-3-Clause
"""QR, SVD and eigen-decompositions over stacks of matrices."""
from collections import namedtuple

import numpy

from gpuarray.linalg._lapack import (batch_size, check_stack, column_major, int_array, lapack_dtype, libs,
                                     raise_on_info, real_dtype, xp)

QRResult = namedtuple("QRResult", ["Q", "R"])
SVDResult = namedtuple("SVDResult", ["U", "S", "Vh"])
EighResult = namedtuple("EighResult", ["eigenvalues", "eigenvectors"])
EigResult = namedtuple("EigResult", ["eigenvalues", "eigenvectors"])


def qr(a, mode="reduced"):
    """Householder QR (geqrf), Q formed by orgqr/ungqr."""
    g = xp()
    if mode not in ("reduced", "complete", "r", "raw"):
        raise ValueError(f"Unrecognized mode '{mode}'")
    a = g.asarray(a)
    check_stack(a, square=False)
    dtype = lapack_dtype(a.dtype)
    m, n = a.shape[-2:]
    k = min(m, n)
    batch, nbatch = a.shape[:-2], batch_size(a)
    fact = column_major(a, dtype)  # (..., n, m): column j of a is row j
    tau = g.zeros(batch + (k,), dtype=dtype)
    info = int_array(nbatch)
    if fact.size:
        libs().geqrf(dtype.char, m, n, fact.data.ptr, tau.data.ptr, info.data.ptr, nbatch)
    if mode == "raw":
        return fact, tau
    r_rows = m if mode == "complete" else k
    r = g.triu(fact.mT[..., :r_rows, :])
    if mode == "r":
        return r
    qcols = m if mode == "complete" else k
    q = g.zeros(batch + (qcols, m), dtype=dtype)  # column-major m x qcols
    q[..., :min(qcols, n), :] = fact[..., :min(qcols, n), :]
    if q.size:
        libs().orgqr(dtype.char, m, qcols, k, q.data.ptr, tau.data.ptr, info.data.ptr, nbatch)
    return QRResult(q.mT, r)


def _svd(a, full_matrices, compute_uv):
    g = xp()
    a = g.asarray(a)
    check_stack(a, square=False)
    dtype = lapack_dtype(a.dtype)
    m, n = a.shape[-2:]
    p = min(m, n)
    batch, nbatch = a.shape[:-2], batch_size(a)
    buf = column_major(a, dtype)
    small_batched = nbatch > 1 and m <= 32 and n <= 32  # cuSOLVER's batched Jacobi: full U and V always
    econ = not full_matrices and not small_batched
    ucols, vcols = (p, p) if econ else (m, n)
    s = g.empty(batch + (p,), dtype=real_dtype(dtype))
    # U and V always get memory: gesvdj without vectors faulted on an H200
    # (illegal address, 2026-11-23), so values-only calls compute them too.
    u = g.empty(batch + (ucols, m), dtype=dtype)
    v = g.empty(batch + (vcols, n), dtype=dtype)
    if buf.size:
        info = int_array(nbatch)
        libs().gesvdj(dtype.char, True, econ, m, n, buf.data.ptr, s.data.ptr, u.data.ptr, v.data.ptr,
                      info.data.ptr, nbatch)
        raise_on_info(info, "SVD did not converge")
    elif compute_uv:  # empty matrices: identity factors, as LAPACK gives
        u = g.broadcast_to(g.eye(m, dtype=dtype)[:ucols], u.shape).copy()
        v = g.broadcast_to(g.eye(n, dtype=dtype)[:vcols], v.shape).copy()
    if not compute_uv:
        return s
    if not full_matrices:
        u, v = u[..., :p, :], v[..., :p, :]
    # u holds U column-major (rows of the C view are U's columns); v likewise
    # holds V, whose C view is V^T, so Vh is its conjugate.
    vh = g.conj(v) if dtype.kind == "c" else v
    return SVDResult(u.mT, s, vh)


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """Singular value decomposition by one-sided Jacobi (cuSOLVER gesvdj):
    faster than QR iteration on GPUs for the sizes NumPy code meets, and
    batched in one launch for stacks of matrices up to 32 x 32."""
    return _svd(a, full_matrices, compute_uv)


def svdvals(x, /):
    return _svd(x, False, False)


def _eigh(a, uplo, vectors):
    g = xp()
    if uplo not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    a = g.asarray(a)
    check_stack(a)
    dtype = lapack_dtype(a.dtype)
    n, nbatch = a.shape[-1], batch_size(a)
    buf = column_major(a, dtype)
    w = g.empty(a.shape[:-1], dtype=real_dtype(dtype))
    if buf.size:
        info = int_array(nbatch)
        libs().syevd(dtype.char, vectors, uplo, n, buf.data.ptr, w.data.ptr, info.data.ptr, nbatch)
        raise_on_info(info, "Eigenvalues did not converge")
    return w, buf.mT


def eigh(a, UPLO="L"):
    w, v = _eigh(a, UPLO, True)
    return EighResult(w, v)


def eigvalsh(a, UPLO="L"):
    return _eigh(a, UPLO, False)[0]


def _eig(a, vectors):
    """cusolverDnXgeev in complex arithmetic. Unlike NumPy, results are
    complex even when every eigenvalue of a real matrix is real (finding out
    would cost a device-to-host copy; CuPy makes the same choice)."""
    g = xp()
    a = g.asarray(a)
    check_stack(a)
    dtype = numpy.result_type(lapack_dtype(a.dtype), numpy.complex64)
    n, nbatch = a.shape[-1], batch_size(a)
    buf = column_major(a, dtype)
    w = g.empty(a.shape[:-1], dtype=dtype)
    vr = g.empty(a.shape, dtype=dtype) if vectors else None
    if buf.size:
        info = int_array(nbatch)
        libs().geev(dtype.char, vectors, n, buf.data.ptr, w.data.ptr, vr.data.ptr if vectors else 0,
                    info.data.ptr, nbatch)
        raise_on_info(info, "Eigenvalues did not converge")
    return w, (vr.mT if vectors else None)


def eig(a):
    w, v = _eig(a, True)
    return EigResult(w, v)


def eigvals(a):
    return _eig(a, False)[0]
