// SPDX-License-Identifier: BSD-3-Clause
// gpuarray.scipy.ndimage's filter kernels (rows "ndimage_correlate1d" and
// "ndimage_rank" of cpp/kernels/device_templates.cpp):
//
//   correlate1d: out[a, j, b] = sum_k w[k] * in[a, ext(j + k - before), b] over
//     a C-contiguous (outer, n, inner) view, the line extended by SciPy's
//     filter modes (ext below; 'constant' reads cval). The weights are an
//     argument: a new sigma or size compiles nothing. One thread per output,
//     taps summed in order, so a thread's sum is the array-operation path's.
//   uniform1d: the mean of `size` samples along the axis, by a running sum in
//     double: each thread sums the first window of its chunk of `chunk`
//     outputs, then slides it one sample per output (add the entering sample,
//     subtract the leaving one), so the cost per output does not grow with
//     the size.
//   rank: out[i] = the rank-th smallest of in[i + deltas[k]], k < count (each
//     axis extended by the mode, as correlate1d; at most kMaxDims axes);
//     quickselect in a per-thread buffer of MaxTaps values. rank_small does the same for windows of at
//     most MaxTaps positions (the row instantiates 9: a 3 x 3 window; 25
//     takes ptxas minutes) with every loop unrolled, so the window stays in
//     registers: a selection sort up to the rank.
//
// Both run grid-stride loops with 64-bit indices (correct beyond 2^31
// elements).
#pragma once

namespace ga {
namespace ndimage {

// SciPy's filter boundary modes, as the Python side numbers them.
enum Mode { kReflect = 0, kMirror = 1, kNearest = 2, kWrap = 3, kConstant = 4 };

// The index in [0, n) that position j of the extended line reads, or -1
// (constant mode) for a position outside the line.
__device__ __forceinline__ long long extend_index(long long j, long long n, int mode) {
  if (j >= 0 && j < n) return j;
  switch (mode) {
    case kReflect: {  // d c b a | a b c d | d c b a
      const long long period = 2 * n;
      long long m = j % period;
      if (m < 0) m += period;
      return m < n ? m : period - 1 - m;
    }
    case kMirror: {  // d c b | a b c d | c b a
      if (n == 1) return 0;
      const long long period = 2 * n - 2;
      long long m = j % period;
      if (m < 0) m += period;
      return m < n ? m : period - m;
    }
    case kNearest:
      return j < 0 ? 0 : n - 1;
    case kWrap: {
      long long m = j % n;
      return m < 0 ? m + n : m;
    }
    default:
      return -1;
  }
}

// The most axes the rank kernels take (the caller checks).
constexpr int kMaxDims = 8;

// The multi-index of flat output o of a C-contiguous array of `shape`.
__device__ __forceinline__ void coordinates(long long o, int ndim, const long long* shape, long long* at) {
  for (int d = ndim - 1; d >= 0; --d) {
    at[d] = o % shape[d];
    o /= shape[d];
  }
}

// in[at + delta], each axis extended by the mode (cval outside in 'constant' mode).
template <typename T>
__device__ __forceinline__ T tap(const T* in, int ndim, const long long* shape, const long long* at,
                                 const long long* delta, int mode, T cval) {
  long long index = 0;
  for (int d = 0; d < ndim; ++d) {
    const long long i = extend_index(at[d] + delta[d], shape[d], mode);
    if (i < 0) return cval;
    index = index * shape[d] + i;
  }
  return in[index];
}

template <typename T>
__device__ void correlate1d(const T* __restrict__ in, T* __restrict__ out, long long outer, long long n,
                            long long inner, const T* __restrict__ w, int taps, int before, int mode, T cval) {
  const long long total = outer * n * inner;
  const long long stride = (long long)gridDim.x * blockDim.x;
  for (long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x; o < total; o += stride) {
    const long long b = o % inner;
    const long long j = (o / inner) % n;
    const long long a = o / (inner * n);
    const T* line = in + a * n * inner + b;
    const long long first = j - before;
    T sum = T(0);
    if (first >= 0 && first + taps <= n) {
      for (int k = 0; k < taps; ++k) sum += w[k] * line[(first + k) * inner];
    } else {
      for (int k = 0; k < taps; ++k) {
        const long long index = extend_index(first + k, n, mode);
        sum += w[k] * (index < 0 ? cval : line[index * inner]);
      }
    }
    out[o] = sum;
  }
}

template <typename T>
__device__ void uniform1d(const T* __restrict__ in, T* __restrict__ out, long long outer, long long n,
                          long long inner, int size, int before, int mode, T cval, int chunk) {
  const long long chunks = (n + chunk - 1) / chunk;
  const long long total = outer * chunks * inner;
  const long long stride = (long long)gridDim.x * blockDim.x;
  for (long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x; o < total; o += stride) {
    const long long b = o % inner;
    const long long c = (o / inner) % chunks;
    const long long a = o / (inner * chunks);
    const T* line = in + a * n * inner + b;
    T* target = out + a * n * inner + b;
    const long long start = c * chunk;
    const long long stop = start + chunk < n ? start + chunk : n;
    double sum = 0.0;
    for (int k = 0; k < size; ++k) {
      const long long index = extend_index(start - before + k, n, mode);
      sum += index < 0 ? (double)cval : (double)line[index * inner];
    }
    target[start * inner] = (T)(sum / size);
    for (long long j = start + 1; j < stop; ++j) {
      const long long entering = extend_index(j - before + size - 1, n, mode);
      const long long leaving = extend_index(j - before - 1, n, mode);
      sum += (entering < 0 ? (double)cval : (double)line[entering * inner]) -
             (leaving < 0 ? (double)cval : (double)line[leaving * inner]);
      target[j * inner] = (T)(sum / size);
    }
  }
}

template <typename T, int MaxTaps>
__device__ void rank(const T* __restrict__ in, T* __restrict__ out, long long size, int ndim,
                     const long long* __restrict__ shape, const long long* __restrict__ deltas, int count, int rank,
                     int mode, T cval) {
  T v[MaxTaps];
  const long long stride = (long long)gridDim.x * blockDim.x;
  for (long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x; o < size; o += stride) {
    long long at[kMaxDims];
    coordinates(o, ndim, shape, at);
    for (int k = 0; k < count; ++k) v[k] = tap(in, ndim, shape, at, deltas + (long long)k * ndim, mode, cval);
    // Hoare quickselect: the pivot's own value stops both scans, so they stay in range
    int lo = 0, hi = count - 1;
    while (lo < hi) {
      const T pivot = v[(lo + hi) >> 1];
      int i = lo, j = hi;
      while (i <= j) {
        while (v[i] < pivot) ++i;
        while (pivot < v[j]) --j;
        if (i <= j) {
          const T t = v[i];
          v[i] = v[j];
          v[j] = t;
          ++i;
          --j;
        }
      }
      if (rank <= j) {
        hi = j;
      } else if (rank >= i) {
        lo = i;
      } else {
        break;
      }
    }
    out[o] = v[rank];
  }
}

template <typename T, int MaxTaps>
__device__ void rank_small(const T* __restrict__ in, T* __restrict__ out, long long size, int ndim,
                           const long long* __restrict__ shape, const long long* __restrict__ deltas, int count,
                           int rank, int mode, T cval) {
  const long long stride = (long long)gridDim.x * blockDim.x;
  for (long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x; o < size; o += stride) {
    long long at[kMaxDims];
    coordinates(o, ndim, shape, at);
    T v[MaxTaps];
#pragma unroll
    for (int k = 0; k < MaxTaps; ++k)
      if (k < count) v[k] = tap(in, ndim, shape, at, deltas + (long long)k * ndim, mode, cval);
#pragma unroll
    for (int i = 0; i < MaxTaps; ++i) {
      if (i <= rank) {
#pragma unroll
        for (int j = i + 1; j < MaxTaps; ++j) {
          if (j < count && v[j] < v[i]) {
            const T t = v[i];
            v[i] = v[j];
            v[j] = t;
          }
        }
      }
    }
    T result = v[0];
#pragma unroll
    for (int k = 1; k < MaxTaps; ++k)
      if (k == rank) result = v[k];
    out[o] = result;
  }
}

}  // namespace ndimage
}  // namespace ga
