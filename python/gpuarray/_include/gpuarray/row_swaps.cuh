// SPDX-License-Identifier: BSD-3-Clause
// LAPACK's row interchanges (getrf's 1-based pivots: step i swapped rows i
// and pivots[i] - 1) undone on a batch of vectors: x[b] = P^T x[b], the
// swaps applied from the last to the first. One block per vector: the
// vector and its pivots are staged in shared memory, where one thread walks
// the swap chain (each swap depends on the ones before it), so every step
// costs shared-memory latency rather than a round trip to L2.
#pragma once

#include <gpuarray/complex.cuh>

namespace ga {
namespace row_swaps {

// Shared memory for n rows of T: the vector and its pivots as int.
__host__ __device__ constexpr long long shared_bytes(long long n, int itemsize) { return n * (itemsize + 4); }

template <typename T, typename Pivot>
__device__ void undo(T* x, const Pivot* pivots, int n, long long batch) {
  extern __shared__ __align__(16) unsigned char shared_raw[];
  T* v = reinterpret_cast<T*>(shared_raw);
  int* to = reinterpret_cast<int*>(v + n);
  for (long long b = blockIdx.x; b < batch; b += gridDim.x) {
    T* xb = x + b * n;
    const Pivot* pb = pivots + b * n;
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
      v[i] = xb[i];
      to[i] = static_cast<int>(pb[i]) - 1;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
      for (int i = n - 1; i >= 0; --i) {
        const int p = to[i];
        if (p != i) {
          const T t = v[i];
          v[i] = v[p];
          v[p] = t;
        }
      }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < n; i += blockDim.x) xb[i] = v[i];
    __syncthreads();
  }
}

}  // namespace row_swaps
}  // namespace ga
