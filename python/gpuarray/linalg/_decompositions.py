# SPDX-License-Identifier: BSD-3-Clause
"""QR and eigen-decompositions over stacks of matrices (the SVD is _svd.py's)."""
from collections import namedtuple

import functools

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty, zeros
from gpuarray._array_manipulation.joining import concatenate
from gpuarray._matrix_building.matrices import triu
from gpuarray._sorting_searching.searching import where
from gpuarray.linalg import _nonfinite as nonfinite
from gpuarray.linalg._lapack import (batch_size, check_stack, column_major, int_array, lapack_dtype, libs,
                                     raise_on_info, real_dtype)

__all__ = ["eig", "eigh", "eigvals", "eigvalsh", "qr"]

QRResult = namedtuple("QRResult", ["Q", "R"])
EighResult = namedtuple("EighResult", ["eigenvalues", "eigenvectors"])
EigResult = namedtuple("EigResult", ["eigenvalues", "eigenvectors"])


@nonfinite.guard()
def qr(a, mode="reduced"):
    """Compute the QR factorization of a matrix, or of each matrix of a stack.

    Factors each matrix as ``a = Q @ R`` with `Q` having orthonormal columns
    (unitary if complex) and `R` upper triangular.

    Parameters
    ----------
    a : array_like
        Matrices, shape ``(..., M, N)``; they need not be square.
    mode : {'reduced', 'complete', 'r', 'raw'}, optional
        'reduced' (default): `Q` of shape ``(..., M, K)`` and `R` of shape
        ``(..., K, N)``, ``K = min(M, N)``. 'complete': `Q` ``(..., M, M)``
        and `R` ``(..., M, N)``. 'r': only `R` of the reduced form. 'raw':
        the Householder reflectors and their scalars as LAPACK's ``geqrf``
        leaves them, ``(h, tau)`` with `h` of shape ``(..., N, M)``.

    Returns
    -------
    Q : ndarray
        The orthonormal factor (not for mode 'r' or 'raw').
    R : ndarray
        The upper-triangular factor.

    For 'reduced' and 'complete' a named tuple ``(Q, R)``; for 'r' the
    array `R` alone; for 'raw' the tuple ``(h, tau)``.

    Raises
    ------
    ValueError
        If `mode` is not one of the above.
    numpy.linalg.LinAlgError
        If `a` has fewer than two dimensions.
    TypeError
        If `a`'s dtype is not supported (float16, longdouble, object).

    Notes
    -----
    Householder QR by cuSOLVER's ``geqrf``, then `Q` formed by ``orgqr``
    (``ungqr`` for complex), per matrix; nothing is read back to the host,
    so the call does not wait for the device. Integer and bool input is
    factored in float64. A matrix holding NaN or an infinity gives all-NaN
    factors (Note [Non-finite input]), where NumPy's are partly NaN. The
    factorization is unique only up to the signs of `R`'s rows and `Q`'s
    columns; cuSOLVER's signs follow LAPACK's convention, but compare
    ``Q @ R`` rather than the factors themselves.

    See Also
    --------
    svd, cholesky, lstsq

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1., 2.], [3., 4.], [5., 6.]])
    >>> q, r = xp.linalg.qr(a)
    >>> q.shape, r.shape
    ((3, 2), (2, 2))
    >>> xp.allclose(q @ r, a)
    True
    >>> xp.allclose(q.T @ q, xp.eye(2))
    True
    >>> xp.linalg.qr(a, mode="complete").Q.shape
    (3, 3)
    >>> xp.linalg.qr(a, mode="r").shape
    (2, 2)
    """
    if mode not in ("reduced", "complete", "r", "raw"):
        raise ValueError(f"Unrecognized mode '{mode}'")
    a = asarray(a)
    check_stack(a, square=False)
    dtype = lapack_dtype(a.dtype)
    m, n = a.shape[-2:]
    k = min(m, n)
    batch, nbatch = a.shape[:-2], batch_size(a)
    fact = column_major(a, dtype)  # (..., n, m): column j of a is row j
    tau = zeros(batch + (k,), dtype=dtype)
    info = int_array(nbatch)
    if fact.size:
        libs().geqrf(dtype.char, m, n, fact.data.ptr, tau.data.ptr, info.data.ptr, nbatch)
    if mode == "raw":
        return fact, tau
    r_rows = m if mode == "complete" else k
    r = triu(fact.mT[..., :r_rows, :])
    if mode == "r":
        return r
    qcols = m if mode == "complete" else k
    q = zeros(batch + (qcols, m), dtype=dtype)  # column-major m x qcols
    q[..., :min(qcols, n), :] = fact[..., :min(qcols, n), :]
    if q.size:
        libs().orgqr(dtype.char, m, qcols, k, q.data.ptr, tau.data.ptr, info.data.ptr, nbatch)
    return QRResult(q.mT, r)



def _eigh(a, uplo, vectors):
    if uplo not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    a = asarray(a)
    check_stack(a)
    dtype = lapack_dtype(a.dtype)
    n, nbatch = a.shape[-1], batch_size(a)
    buf = column_major(a, dtype)
    w = empty(a.shape[:-1], dtype=real_dtype(dtype))
    if buf.size:
        info = int_array(nbatch)
        libs().syevd(dtype.char, vectors, uplo, n, buf.data.ptr, w.data.ptr, info.data.ptr, nbatch)
        raise_on_info(info, "Eigenvalues did not converge")
    return w, buf.mT


@nonfinite.guard(nan_error="Eigenvalues did not converge", square=True, uplo="UPLO")
def eigh(a, UPLO="L"):
    """Eigenvalues and eigenvectors of Hermitian (real symmetric) matrices.

    Parameters
    ----------
    a : array_like
        Hermitian or real symmetric matrices, shape ``(..., M, M)``. Only
        the triangle named by `UPLO` is read.
    UPLO : {'L', 'U'}, optional
        Read the lower (default) or the upper triangle.

    Returns
    -------
    A named tuple ``(eigenvalues, eigenvectors)``:

    eigenvalues : ndarray
        Shape ``(..., M)``, in ascending order, of the real dtype matching
        `a`'s.
    eigenvectors : ndarray
        Shape ``(..., M, M)``; column ``[:, i]`` is the normalized
        eigenvector of ``eigenvalues[i]``.

    Raises
    ------
    numpy.linalg.LinAlgError
        "Eigenvalues did not converge": if cuSOLVER does not converge, or a
        matrix holds NaN in the triangle read (checked before factoring).
        Also if `a` has fewer than two dimensions or its matrices are not
        square.
    ValueError
        If `UPLO` is not 'L' or 'U'.
    TypeError
        If `a`'s dtype is not supported (float16, longdouble, object).

    Notes
    -----
    cuSOLVER's divide-and-conquer ``cusolverDnXsyevd`` (real and complex)
    per matrix; its ``info`` is copied to the host, so the call waits for the
    device. A matrix holding an infinity in the triangle read gives NaN
    results (Note [Non-finite input]). Eigenvectors are defined only up to
    a phase (sign, if real), and for repeated eigenvalues only their span
    is: compare ``a @ v`` with ``v * w`` rather than the vectors.

    See Also
    --------
    eigvalsh, eig, svd, cholesky

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[2., 1.], [1., 2.]])
    >>> w, v = xp.linalg.eigh(a)
    >>> w.round(6)
    array([1., 3.])
    >>> xp.allclose(a @ v, v * w)
    True
    """
    w, v = _eigh(a, UPLO, True)
    return EighResult(w, v)


@nonfinite.guard(nan_error="Eigenvalues did not converge", square=True, uplo="UPLO")
def eigvalsh(a, UPLO="L"):
    """Eigenvalues of Hermitian (real symmetric) matrices.

    Parameters
    ----------
    a : array_like
        Hermitian or real symmetric matrices, shape ``(..., M, M)``. Only
        the triangle named by `UPLO` is read.
    UPLO : {'L', 'U'}, optional
        Read the lower (default) or the upper triangle.

    Returns
    -------
    w : ndarray
        The eigenvalues, shape ``(..., M)``, in ascending order, of the real
        dtype matching `a`'s.

    Raises
    ------
    numpy.linalg.LinAlgError
        "Eigenvalues did not converge": if cuSOLVER does not converge, or a
        matrix holds NaN in the triangle read.
        Also if `a` has fewer than two dimensions or its matrices are not
        square.
    ValueError
        If `UPLO` is not 'L' or 'U'.
    TypeError
        If `a`'s dtype is not supported (float16, longdouble, object).

    Notes
    -----
    cuSOLVER's ``cusolverDnXsyevd`` without vectors; its
    ``info`` is copied to the host, so the call waits for the device. A
    matrix holding an infinity in the triangle read gives NaN eigenvalues.

    See Also
    --------
    eigh, eigvals

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.linalg.eigvalsh(xp.array([[2., 1.], [1., 2.]])).round(6)
    array([1., 3.])
    >>> xp.linalg.eigvalsh(xp.array([[2., 1.], [99., 2.]]), UPLO="U").round(6)
    array([1., 3.])
    """
    return _eigh(a, UPLO, False)[0]


@functools.cache
def _numpy_eig_always_complex():
    """Whether the installed NumPy's eig gives complex results for every real
    input (NumPy 2.5 does; 2.4 returns real ones when every eigenvalue is real)."""
    return numpy.linalg.eigvals(numpy.eye(1)).dtype.kind == "c"


def _eig(a, vectors):
    """cusolverDnXgeev. NumPy's dtype rule: a real stack gives complex
    results, or, under a NumPy before 2.5, real ones when every eigenvalue of
    the whole stack is real (finding out costs one device-to-host copy)."""
    a = asarray(a)
    check_stack(a)
    dtype = lapack_dtype(a.dtype)
    wtype = numpy.result_type(dtype, numpy.complex64)
    n, nbatch = a.shape[-1], batch_size(a)
    buf = column_major(a, dtype)
    w = empty(a.shape[:-1], dtype=wtype)
    vr = empty(a.shape, dtype=dtype) if vectors else None
    if buf.size:
        info = int_array(nbatch)
        libs().geev(dtype.char, vectors, n, buf.data.ptr, w.data.ptr, vr.data.ptr if vectors else 0,
                    info.data.ptr, nbatch)
        raise_on_info(info, "Eigenvalues did not converge")
    v = vr.mT if vectors else None  # vr holds the vectors column-major
    if dtype.kind == "c":
        return w, v
    if not _numpy_eig_always_complex() and not bool((w.imag != 0).any().get()):
        return w.real.copy(), v
    return w, (_unpack_real_vectors(w, v) if vectors else None)


def _unpack_real_vectors(w, v):
    """LAPACK's packed real eigenvectors to complex ones: for a conjugate
    pair w[j], w[j+1] (Im w[j] > 0) columns j and j+1 hold the real and
    imaginary parts of the vector of w[j]; w[j+1]'s is its conjugate."""
    v = v.astype(w.dtype)
    following = concatenate([v[..., 1:], v[..., :1]], axis=-1)   # column j + 1 at j
    preceding = concatenate([v[..., -1:], v[..., :-1]], axis=-1)  # column j - 1 at j
    first = (w.imag > 0)[..., None, :]
    second = (w.imag < 0)[..., None, :]
    return where(first, v + 1j * following, where(second, preceding - 1j * v, v))


@nonfinite.guard(nan_error=nonfinite.NOT_FINITE, inf_error=nonfinite.NOT_FINITE, square=True)
def eig(a):
    """Eigenvalues and right eigenvectors of general square matrices.

    Parameters
    ----------
    a : array_like
        Square matrices, shape ``(..., M, M)``.

    Returns
    -------
    A named tuple ``(eigenvalues, eigenvectors)``:

    eigenvalues : ndarray
        Shape ``(..., M)``, in no particular order; complex conjugate pairs
        of a real matrix are adjacent.
    eigenvectors : ndarray
        Shape ``(..., M, M)``; column ``[:, i]`` is the normalized (unit
        length) eigenvector of ``eigenvalues[i]``.

    The dtype follows the installed NumPy's rule: complex for complex
    input; for real input complex under NumPy 2.5 and later, and under
    earlier NumPy real when every eigenvalue of the whole stack is real,
    complex otherwise.

    Raises
    ------
    numpy.linalg.LinAlgError
        "Array must not contain infs or NaNs" if a matrix holds NaN or an
        infinity (checked first, as NumPy does); "Eigenvalues did not
        converge" if cuSOLVER does not converge.
        Also if `a` has fewer than two dimensions or its matrices are not
        square.
    TypeError
        If `a`'s dtype is not supported (float16, longdouble, object).

    Notes
    -----
    cuSOLVER's ``cusolverDnXgeev`` per matrix; its ``info`` is copied to
    the host, so the call waits for the device, and for real input under a
    NumPy before 2.5 one more read decides the result dtype. Real
    eigenvectors come packed as LAPACK's and are unpacked to complex ones
    on the device. Eigenvectors are defined only up to a complex factor of
    modulus 1 and the order of the eigenvalues is not specified: compare
    ``a @ v`` with ``v * w`` rather than the values printed.

    See Also
    --------
    eigvals, eigh, svd

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[0., -1.], [1., 0.]])
    >>> w, v = xp.linalg.eig(a)
    >>> xp.sort(w.imag).round(6)
    array([-1.,  1.])
    >>> xp.allclose(a @ v, v * w)
    True
    """
    w, v = _eig(a, True)
    return EigResult(w, v)


@nonfinite.guard(nan_error=nonfinite.NOT_FINITE, inf_error=nonfinite.NOT_FINITE, square=True)
def eigvals(a):
    """Eigenvalues of general square matrices.

    Parameters
    ----------
    a : array_like
        Square matrices, shape ``(..., M, M)``.

    Returns
    -------
    w : ndarray
        The eigenvalues, shape ``(..., M)``, in no particular order. Its
        dtype follows the installed NumPy's rule, as `eig`'s.

    Raises
    ------
    numpy.linalg.LinAlgError
        "Array must not contain infs or NaNs" if a matrix holds NaN or an
        infinity; "Eigenvalues did not converge" if cuSOLVER does not
        converge.
        Also if `a` has fewer than two dimensions or its matrices are not
        square.
    TypeError
        If `a`'s dtype is not supported (float16, longdouble, object).

    Notes
    -----
    cuSOLVER's ``cusolverDnXgeev`` without vectors; its ``info`` is copied
    to the host, so the call waits for the device. For real input under a
    NumPy before 2.5, whether every eigenvalue is real is read on the host
    too (a real result then, as NumPy's). Sort the eigenvalues before
    comparing them with NumPy's.

    See Also
    --------
    eig, eigvalsh

    Examples
    --------
    >>> import gpuarray as xp
    >>> w = xp.linalg.eigvals(xp.array([[1., 5.], [0., 2.]]))
    >>> xp.sort(xp.real(w)).round(6)
    array([1., 2.])
    >>> xp.linalg.eigvals(xp.ones((3, 4, 4))).shape
    (3, 4)
    """
    return _eig(a, False)[0]
