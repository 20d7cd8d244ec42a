// SPDX-License-Identifier: BSD-3-Clause
// Integer and bool matmul (cuBLAS has no integer gemm that keeps NumPy's
// results): C[b] = A[b] @ B[b] for a batch of m x k and k x n matrices read
// through element strides, C contiguous (batch, m, n). Each 16 x 16 block of
// threads computes a 16 x 16 tile of C, staging tiles of A and B in shared
// memory so that every element read from global memory is used 16 times.
//
// NumPy's integer products wrap modulo 2^bits; the sum runs in an unsigned
// type at least as wide as T, whose arithmetic wraps without undefined
// behaviour and agrees with T's modulo 2^bits. bool products are "any of
// (a and b)".
#pragma once

namespace ga {
namespace int_matmul {

constexpr int kTile = 16;

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

// Launch with blockDim (kTile, kTile); grid x covers n, y covers m, z the
// batch (each loops further when the grid is smaller than the work).
template <typename T>
__device__ void matmul(const T* a, const T* b, T* c, long long m, long long n, long long k, long long batch,
                       long long a_batch, long long a_row, long long a_col, long long b_batch, long long b_row,
                       long long b_col) {
  using Acc = Accumulator<T>;
  __shared__ T a_tile[kTile][kTile + 1];  // +1: column reads hit distinct banks
  __shared__ T b_tile[kTile][kTile + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  for (long long p = blockIdx.z; p < batch; p += gridDim.z) {
    const T* ap = a + p * a_batch;
    const T* bp = b + p * b_batch;
    T* cp = c + p * m * n;
    for (long long row0 = static_cast<long long>(blockIdx.y) * kTile; row0 < m;
         row0 += static_cast<long long>(gridDim.y) * kTile) {
      const long long row = row0 + ty;
      const long long col = static_cast<long long>(blockIdx.x) * kTile + tx;
      typename Acc::type acc = Acc::zero();
      for (long long k0 = 0; k0 < k; k0 += kTile) {
        const long long ka = k0 + tx, kb = k0 + ty;
        a_tile[ty][tx] = (row < m && ka < k) ? ap[row * a_row + ka * a_col] : T(0);
        b_tile[ty][tx] = (kb < k && col < n) ? bp[kb * b_row + col * b_col] : T(0);
        __syncthreads();
#pragma unroll
        for (int q = 0; q < kTile; ++q) Acc::add(acc, a_tile[ty][q], b_tile[q][tx]);
        __syncthreads();
      }
      if (row < m && col < n) cp[row * n + col] = Acc::result(acc);
    }
  }
}

}  // namespace int_matmul
}  // namespace ga
