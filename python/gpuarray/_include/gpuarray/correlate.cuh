// SPDX-License-Identifier: BSD-3-Clause
// Direct 1-D correlation, the kernel of numpy.correlate and numpy.convolve:
//
//   z[j] = sum over i < n of a[j + offset - (n - 1) + i] * w[i],   0 <= j < length,
//
// with a[] read as zero outside [0, m). The caller passes w already reversed
// (convolve) or conjugated (correlate of complex values) and picks `offset`
// and `length` for the mode ('full', 'same', 'valid').
//
// Each term is summed in order i = 0, 1, ..., n - 1, as NumPy's dot does,
// in Acc: T itself (integers wrap, bool ORs its AND terms, as NumPy's), or
// float for __half (NumPy's half dot accumulates in float). No FFT: its
// error grows with the norms of whole signals, a direct sum's only with the
// terms of each output (Note [Direct correlation] in _math/correlation.py).
//
// A block computes kTile consecutive outputs, kPerThread consecutive ones
// per thread. w goes through shared memory kChunk values at a time, with the
// kTile + kChunk - 1 values of a those outputs need for them. A thread keeps
// the kPerThread values of a its outputs multiply by w[i] in registers and
// slides them one place per step, so a step reads one new value of a and one
// of w for kPerThread multiply-adds. Shared a has a pad word after every 32
// (padded()), so the threads of a warp, kPerThread values apart, read
// distinct banks.
#pragma once

namespace ga {
namespace correlate {

constexpr int kThreads = 256;
constexpr int kPerThread = 8;
constexpr int kTile = kThreads * kPerThread;
constexpr int kChunk = 256;
constexpr int kSpan = kTile + kChunk - 1;  // values of a one chunk needs

__device__ __forceinline__ int padded(int k) { return k + (k >> 5); }

// Dynamic shared memory of a launch: w's chunk, then a's padded span.
__host__ __device__ constexpr long long shared_bytes(long long itemsize) {
  return (kChunk + kSpan + (kSpan >> 5) + 1) * itemsize;
}

// The sum's type: T, or float for __half (declared only where the kernel
// includes gpuarray/half.cuh, as every float16 kernel does).
template <typename T> struct Accumulator { typedef T type; };
#ifdef __CUDA_FP16_H__
template <> struct Accumulator<__half> { typedef float type; };
#endif

template <typename T, typename Acc = typename Accumulator<T>::type>
__device__ void direct(const T* __restrict__ a, long long m, const T* __restrict__ w, long long n,
                       T* __restrict__ z, long long length, long long offset) {
  extern __shared__ __align__(16) unsigned char shared[];
  T* w_chunk = reinterpret_cast<T*>(shared);  // kChunk values of w
  T* a_span = w_chunk + kChunk;               // kSpan values of a, padded
  const long long first = (long long)blockIdx.x * kTile;
  const int mine = threadIdx.x * kPerThread;  // this thread's first output in the tile
  Acc sums[kPerThread];
#pragma unroll
  for (int r = 0; r < kPerThread; ++r) sums[r] = Acc(0);
  for (long long base = 0; base < n; base += kChunk) {
    const int chunk = (int)(n - base < kChunk ? n - base : kChunk);
    __syncthreads();  // every thread is done with the previous chunk
    for (int i = threadIdx.x; i < chunk; i += kThreads) w_chunk[i] = w[base + i];
    const long long start = first + offset - (n - 1) + base;
    for (int i = threadIdx.x; i < kTile + chunk - 1; i += kThreads) {
      const long long p = start + i;
      a_span[padded(i)] = (p >= 0 && p < m) ? a[p] : T(0);
    }
    __syncthreads();
    Acc window[kPerThread];  // window[r] = a_span[mine + r + i] at step i
#pragma unroll
    for (int r = 0; r < kPerThread; ++r) window[r] = Acc(a_span[padded(mine + r)]);
    for (int i = 0; i < chunk; ++i) {
      const Acc wi = Acc(w_chunk[i]);
#pragma unroll
      for (int r = 0; r < kPerThread; ++r) sums[r] = Acc(sums[r] + window[r] * wi);
#pragma unroll
      for (int r = 0; r + 1 < kPerThread; ++r) window[r] = window[r + 1];
      if (i + 1 < chunk) window[kPerThread - 1] = Acc(a_span[padded(mine + kPerThread + i)]);
    }
  }
#pragma unroll
  for (int r = 0; r < kPerThread; ++r) {
    const long long j = first + mine + r;
    if (j < length) z[j] = T(sums[r]);
  }
}

}  // namespace correlate
}  // namespace ga
