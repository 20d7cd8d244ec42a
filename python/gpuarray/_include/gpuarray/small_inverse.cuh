// SPDX-License-Identifier: BSD-3-Clause
// Inverses of a batch of small n x n matrices, one thread block per matrix
// held in shared memory: Gauss-Jordan elimination with partial (row)
// pivoting, in place. cuBLAS's getrfBatched + getriBatched make two passes
// through global memory with a launch each and spend most of their time on
// per-column steps of tiny matrices; here the whole elimination is n steps of
// three barriers on data that never leaves the SM.
//
// Step k picks the row p >= k whose column-k entry is largest in |re| + |im|
// (LAPACK's choice for getrf, so a matrix is reported singular exactly when
// getrf would report it: a zero pivot), swaps rows k and p, scales row k by
// the pivot's reciprocal and subtracts it from every other row; column k is
// stored in place of the identity column the elimination would build. The
// row swaps then reappear as column swaps of the result, undone in reverse
// order when the inverse is written out.
#pragma once

#include <gpuarray/complex.cuh>

namespace ga {
namespace small_inverse {

constexpr int kWarp = 32;
constexpr int kRowsPerPass = 8;  // blockDim is (kWarp, kRowsPerPass)
constexpr int kMaxSide = 64;

__device__ inline float magnitude(float x) { return fabsf(x); }
__device__ inline double magnitude(double x) { return fabs(x); }
template <typename R>
__device__ inline R magnitude(const complex<R>& z) { return magnitude(z.real()) + magnitude(z.imag()); }

// Row p >= k of the largest |column k| entry, lowest row on ties (warp 0 only).
template <typename T>
__device__ int pivot_row(const T* m, int ld, int n, int k) {
  using R = decltype(magnitude(T()));
  R best = R(-1);
  int row = k;
  for (int i = k + static_cast<int>(threadIdx.x); i < n; i += kWarp) {
    const R v = magnitude(m[i * ld + k]);
    if (v > best) best = v, row = i;
  }
  for (int offset = kWarp / 2; offset > 0; offset /= 2) {
    const R other = __shfl_down_sync(0xffffffffu, best, offset);
    const int other_row = __shfl_down_sync(0xffffffffu, row, offset);
    if (other > best || (other == best && other_row < row)) best = other, row = other_row;
  }
  return row;
}

// Shared memory for side n: the matrix with rows padded to n + 1 elements (so
// a warp reading a column hits distinct banks) and three rows of scratch.
__host__ __device__ constexpr long long shared_bytes(int n, int itemsize) {
  return (static_cast<long long>(n) * (n + 1) + 3LL * n) * itemsize;
}

// out[b] = inverse of a[b] for b < batch; both C-contiguous (batch, n, n).
// info[b] is 0, or k + 1 for the first step k whose pivot was zero (LAPACK's
// getrf info); such a matrix's inverse holds infinities or NaNs.
template <typename T>
__device__ void invert(const T* a, T* out, int* info, int n, long long batch) {
  extern __shared__ __align__(16) unsigned char shared_raw[];
  __shared__ int order[kMaxSide];   // order[k]: the row swapped with row k at step k
  __shared__ int source[kMaxSide];  // the column of m that column c of the inverse is
  __shared__ int singular;
  const int ld = n + 1;
  T* m = reinterpret_cast<T*>(shared_raw);
  T* pivot = m + n * ld;  // the pivot row as it was before step k
  T* moved = pivot + n;   // row k as it was before step k: it moves to row p
  T* column = moved + n;  // column k after the swap
  const int tx = threadIdx.x, ty = threadIdx.y, t = ty * kWarp + tx;
  const int threads = kWarp * kRowsPerPass;
  const long long size = static_cast<long long>(n) * n;
  for (long long b = blockIdx.x; b < batch; b += gridDim.x) {
    for (int i = ty; i < n; i += kRowsPerPass)
      for (int j = tx; j < n; j += kWarp) m[i * ld + j] = a[b * size + i * n + j];
    if (t == 0) singular = 0;
    __syncthreads();
    for (int k = 0; k < n; ++k) {
      if (ty == 0) {
        const int p = pivot_row(m, ld, n, k);
        if (tx == 0) {
          order[k] = p;
          if (singular == 0 && m[p * ld + k] == T(0)) singular = k + 1;
        }
      }
      __syncthreads();
      const int p = order[k];
      for (int j = t; j < n; j += threads) {
        pivot[j] = m[p * ld + j];
        moved[j] = m[k * ld + j];
        column[j] = m[(j == k ? p : j == p ? k : j) * ld + k];
      }
      __syncthreads();
      const T reciprocal = T(1) / pivot[k];
      for (int j = tx; j < n; j += kWarp) {
        const T scaled = (j == k ? T(1) : pivot[j]) * reciprocal;  // row k's new value
        for (int i = ty; i < n; i += kRowsPerPass) {
          if (i == k) {
            m[i * ld + j] = scaled;
          } else {
            const T old = j == k ? T(0) : i == p ? moved[j] : m[i * ld + j];
            m[i * ld + j] = old - column[i] * scaled;
          }
        }
      }
      __syncthreads();
    }
    if (t == 0) {
      for (int c = 0; c < n; ++c) source[c] = c;
      for (int k = n - 1; k >= 0; --k) {
        const int s = source[k];
        source[k] = source[order[k]];
        source[order[k]] = s;
      }
      info[b] = singular;
    }
    __syncthreads();
    for (int i = ty; i < n; i += kRowsPerPass)
      for (int j = tx; j < n; j += kWarp) out[b * size + i * n + j] = m[i * ld + source[j]];
    __syncthreads();  // the next matrix overwrites m, order and source
  }
}

}  // namespace small_inverse
}  // namespace ga
