// SPDX-License-Identifier: BSD-3-Clause
// gpuarray.scipy.ndimage.label's union-find (rows "ndimage_label_merge" and
// "ndimage_label_flatten" of cpp/kernels/device_templates.cpp).
//
// parent[i] starts as i for a foreground element (-1 for background). The
// merge kernel unites every foreground element with each foreground
// neighbour the structure names (deltas: count offset vectors of ndim
// components), always hanging the larger root under the smaller with a
// compare-and-swap, retried when another thread moved the root first, so
// each component's root ends as its smallest flat index: its first element
// in raster order, which is where SciPy's numbering starts it. The flatten
// kernel then points every element straight at its root. Two launches, no
// host round trip between rounds; 64-bit indices throughout.
#pragma once

namespace ga {
namespace ndimage {

__device__ __forceinline__ long long find_root(const long long* parent, long long x) {
  long long next = parent[x];
  while (next != x) {
    x = next;
    next = parent[x];
  }
  return x;
}

__device__ __forceinline__ void unite(long long* parent, long long a, long long b) {
  while (true) {
    a = find_root(parent, a);
    b = find_root(parent, b);
    if (a == b) return;
    if (a > b) {
      const long long t = a;
      a = b;
      b = t;
    }
    // hang root b under the smaller root a, unless b stopped being a root meanwhile
    const unsigned long long seen = atomicCAS(reinterpret_cast<unsigned long long*>(parent + b),
                                              static_cast<unsigned long long>(b),
                                              static_cast<unsigned long long>(a));
    if (seen == static_cast<unsigned long long>(b)) return;
  }
}

template <typename M>
__device__ void label_merge(const M* __restrict__ mask, long long* parent, long long size, int ndim,
                            const long long* __restrict__ shape, const long long* __restrict__ deltas, int count) {
  const long long stride = (long long)gridDim.x * blockDim.x;
  for (long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x; o < size; o += stride) {
    if (!mask[o]) continue;
    for (int k = 0; k < count; ++k) {
      const long long* delta = deltas + (long long)k * ndim;
      long long rest = o, neighbour = 0, scale = 1;
      bool inside = true;
      for (int d = ndim - 1; d >= 0; --d) {
        const long long i = rest % shape[d] + delta[d];
        rest /= shape[d];
        if (i < 0 || i >= shape[d]) {
          inside = false;
          break;
        }
        neighbour += i * scale;
        scale *= shape[d];
      }
      if (inside && mask[neighbour]) unite(parent, o, neighbour);
    }
  }
}

template <typename M>
__device__ void label_flatten(const M* __restrict__ mask, long long* parent, long long size) {
  const long long stride = (long long)gridDim.x * blockDim.x;
  for (long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x; o < size; o += stride) {
    if (mask[o]) parent[o] = find_root(parent, o);
  }
}

}  // namespace ndimage
}  // namespace ga
