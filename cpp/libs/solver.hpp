// SPDX-License-Identifier: BSD-3-Clause
// cuSOLVER dense factorizations over a batch of column-major matrices stored
// one after another (matrix b starts at base + b * stride elements). Every
// routine writes one int of LAPACK `info` per matrix to `info` (device
// memory); the Python layer reads it to raise numpy.linalg.LinAlgError.
// Workspaces come from the memory pool on the current stream.
#pragma once
#include <cstdint>

namespace gpuarray::libs {

using Ptr = std::uintptr_t;
using Int = std::int64_t;

// LU with partial pivoting of n x n matrices in place; pivots int64 (batch x n).
void getrf(char t, Int n, Ptr a, Ptr pivots, Ptr info, Int batch);
// Solves with getrf's factors: b (n x nrhs each) is overwritten by x. With
// `transpose`, solves with the transpose of the factored matrix: a C-order
// matrix is its own transpose in column-major order, so LU of the C-order
// copy plus a transposed solve needs no transposing copy.
void getrs(char t, bool transpose, Int n, Int nrhs, Ptr lu, Ptr pivots, Ptr b, Ptr info, Int batch);
// Cholesky in place; uplo 'L' or 'U' names the triangle read and written.
void potrf(char t, char uplo, Int n, Ptr a, Ptr info, Int batch);
// Householder QR of m x n matrices in place; tau holds min(m, n) per matrix.
void geqrf(char t, Int m, Int n, Ptr a, Ptr tau, Ptr info, Int batch);
// Forms the first n columns of Q (m x n, n >= k) from geqrf's reflectors,
// which sit in the first k columns of a; matrix stride m * n.
void orgqr(char t, Int m, Int n, Int k, Ptr a, Ptr tau, Ptr info, Int batch);
// One-sided Jacobi SVD of a batch of m x n matrices, both sides at most 32
// (cuSOLVER's batched kernel, one launch; destroys a): s (min(m,n)), u
// (m x m) and v (n x n; V, not V^H).
void gesvdj_batched(char t, Int m, Int n, Ptr a, Ptr s, Ptr u, Ptr v, Ptr info, Int batch);
// Hermitian eigensolver in place: w ascending (real); the eigenvectors
// overwrite a when vectors.
void syevd(char t, bool vectors, char uplo, Int n, Ptr a, Ptr w, Ptr info, Int batch);
// General eigensolver: w (n, complex of a's precision) and, when vectors,
// right eigenvectors vr (n x n, a's type). For a real a, vr is LAPACK's
// packed form: a conjugate pair w[j], w[j+1] (imaginary part of w[j] > 0)
// has vectors vr[:, j] +- i vr[:, j+1].
void geev(char t, bool vectors, Int n, Ptr a, Ptr w, Ptr vr, Ptr info, Int batch);
// SVD by bidiagonalization and QR iteration, LAPACK's gesvd (m >= n, a
// cuSOLVER limit); a is destroyed. job 'N': singular values only; 'S': also
// u (m x n) and vt (n x n, V^H); 'A': u is m x m.
void gesvd(char t, char job, Int m, Int n, Ptr a, Ptr s, Ptr u, Ptr vt, Ptr info, Int batch);
// SVD through the polar decomposition and an eigensolver (m >= n): u is
// m x n (econ) or m x m, v is n x n (V, not V^H). Returns the largest
// perturbation cuSOLVER added to reach a unitary polar factor (0 when none;
// nonzero means singular values near zero moved by about that much). The
// amount is computed on the host, so each call waits for part of its device
// work.
double gesvdp(char t, bool econ, Int m, Int n, Ptr a, Ptr s, Ptr u, Ptr v, Ptr info, Int batch);

}  // namespace gpuarray::libs
