// SPDX-License-Identifier: BSD-3-Clause
// Integer and bool matmul (cuBLAS has no integer gemm that keeps NumPy's
// results): C[b] = A[b] @ B[b] for a batch of m x k and k x n matrices read
// through element strides, C contiguous (batch, m, n). Each 16 x 16 block of
// threads computes a 64 x 64 tile of C, staging 64 x 16 and 16 x 64 tiles of
// A and B in shared memory so that every element read from global memory is
// used 64 times, and keeping 4 x 4 sums per thread in registers so that every
// element read from shared memory is used 4 times.
//
// NumPy's integer products wrap modulo 2^bits; the sum runs in an unsigned
// type at least as wide as T, whose arithmetic wraps without undefined
// behaviour and agrees with T's modulo 2^bits. bool products are "any of
// (a and b)".
#pragma once

namespace ga {
namespace int_matmul {

constexpr int kThreads = 16;                       // a block is kThreads x kThreads threads
constexpr int kPerThread = 4;                      // each computes kPerThread x kPerThread outputs
constexpr int kTile = kThreads * kPerThread;       // of a kTile x kTile tile of C
constexpr int kDepth = 16;                         // k advances kDepth at a time through shared memory
constexpr int kLoadsPerThread = kTile * kDepth / (kThreads * kThreads);  // elements of each operand

template <bool Wide>
struct UnsignedSum {
  using type = unsigned int;
};
template <>
struct UnsignedSum<true> {
  using type = unsigned long long;
};

template <typename T>
struct Accumulator {
  using type = typename UnsignedSum<(sizeof(T) > 4)>::type;
  __device__ static type zero() { return 0; }
  __device__ static void add(type& acc, T x, T y) { acc += static_cast<type>(x) * static_cast<type>(y); }
  __device__ static T result(type acc) { return static_cast<T>(acc); }
};

template <>
struct Accumulator<bool> {
  using type = bool;
  __device__ static bool zero() { return false; }
  __device__ static void add(bool& acc, bool x, bool y) { acc = acc || (x && y); }
  __device__ static bool result(bool acc) { return acc; }
};

// Launch with blockDim (kThreads, kThreads); grid x covers n in kTile
// columns, y covers m in kTile rows, z the batch (each loops further when the
// grid is smaller than the work). Thread (tx, ty) computes the kPerThread x
// kPerThread outputs at rows ty + kThreads * i and columns tx + kThreads * j
// of the block's tile: in the inner loop a warp's reads of A are broadcasts
// and its reads of B consecutive words, and each element loaded from shared
// memory feeds kPerThread products.
template <typename T>
__device__ void matmul(const T* a, const T* b, T* c, long long m, long long n, long long k, long long batch,
                       long long a_batch, long long a_row, long long a_col, long long b_batch, long long b_row,
                       long long b_col) {
  using Acc = Accumulator<T>;
  __shared__ T a_tile[kDepth][kTile + 1];  // a_tile[q][r] = A[row0 + r][k0 + q]; +1: the stores, q fastest,
                                           // hit distinct banks
  __shared__ T b_tile[kDepth][kTile];      // b_tile[q][s] = B[k0 + q][col0 + s]
  const int tx = threadIdx.x, ty = threadIdx.y, t = ty * kThreads + tx;
  const long long col0 = static_cast<long long>(blockIdx.x) * kTile;
  for (long long p = blockIdx.z; p < batch; p += gridDim.z) {
    const T* ap = a + p * a_batch;
    const T* bp = b + p * b_batch;
    T* cp = c + p * m * n;
    for (long long row0 = static_cast<long long>(blockIdx.y) * kTile; row0 < m;
         row0 += static_cast<long long>(gridDim.y) * kTile) {
      typename Acc::type acc[kPerThread][kPerThread];
#pragma unroll
      for (int i = 0; i < kPerThread; ++i)
#pragma unroll
        for (int j = 0; j < kPerThread; ++j) acc[i][j] = Acc::zero();
      for (long long k0 = 0; k0 < k; k0 += kDepth) {
#pragma unroll
        for (int e = 0; e < kLoadsPerThread; ++e) {
          const int idx = t + e * kThreads * kThreads;
          const int aq = idx % kDepth, ar = idx / kDepth;  // A along k first: a C-order row is contiguous
          const long long arow = row0 + ar, ak = k0 + aq;
          a_tile[aq][ar] = (arow < m && ak < k) ? ap[arow * a_row + ak * a_col] : T(0);
          const int bs = idx % kTile, bq = idx / kTile;  // B along n first
          const long long bk = k0 + bq, bcol = col0 + bs;
          b_tile[bq][bs] = (bk < k && bcol < n) ? bp[bk * b_row + bcol * b_col] : T(0);
        }
        __syncthreads();
#pragma unroll
        for (int q = 0; q < kDepth; ++q) {
          T av[kPerThread], bv[kPerThread];
#pragma unroll
          for (int i = 0; i < kPerThread; ++i) av[i] = a_tile[q][ty + kThreads * i];
#pragma unroll
          for (int j = 0; j < kPerThread; ++j) bv[j] = b_tile[q][tx + kThreads * j];
#pragma unroll
          for (int i = 0; i < kPerThread; ++i)
#pragma unroll
            for (int j = 0; j < kPerThread; ++j) Acc::add(acc[i][j], av[i], bv[j]);
        }
        __syncthreads();
      }
#pragma unroll
      for (int i = 0; i < kPerThread; ++i) {
        const long long row = row0 + ty + kThreads * i;
#pragma unroll
        for (int j = 0; j < kPerThread; ++j) {
          const long long col = col0 + tx + kThreads * j;
          if (row < m && col < n) cp[row * n + col] = Acc::result(acc[i][j]);
        }
      }
    }
  }
}

}  // namespace int_matmul
}  // namespace ga
