// SPDX-License-Identifier: BSD-3-Clause
// Strided N-d addressing: a linear (C-order) element index to a byte offset,
// given the shape and byte strides (any sign). The 32-bit variant is for
// arrays whose element count and every reachable byte offset fit in int32;
// its divisions are much cheaper, so the host picks it whenever sizes allow.
#pragma once

namespace ga {
namespace detail {
template <typename Offset> struct unsigned_index;
template <> struct unsigned_index<int> { typedef unsigned int type; };
template <> struct unsigned_index<long long> { typedef unsigned long long type; };
}  // namespace detail

// Passed to kernels by value; NDIM is fixed at compile time so the loop
// unrolls and shape/strides stay in registers.
template <int NDIM, typename Offset>
struct StridedLayout {
  static_assert(NDIM >= 1, "0-d arrays are contiguous: use a flat index");
  typedef typename detail::unsigned_index<Offset>::type Index;

  Index shape[NDIM];
  Offset strides[NDIM];  // bytes

  __host__ __device__ Offset offset(Index linear) const {
    Offset byte_offset = 0;
#pragma unroll
    for (int axis = NDIM - 1; axis >= 0; --axis) {
      Index coordinate = linear % shape[axis];
      linear /= shape[axis];
      byte_offset += static_cast<Offset>(coordinate) * strides[axis];
    }
    return byte_offset;
  }
};

template <int NDIM> using StridedLayout32 = StridedLayout<NDIM, int>;
template <int NDIM> using StridedLayout64 = StridedLayout<NDIM, long long>;

// The same with the number of dimensions known only at run time.
template <typename Offset>
__host__ __device__ Offset strided_offset(typename detail::unsigned_index<Offset>::type linear, int ndim,
                                          const typename detail::unsigned_index<Offset>::type* shape,
                                          const Offset* strides) {
  Offset byte_offset = 0;
  for (int axis = ndim - 1; axis >= 0; --axis) {
    byte_offset += static_cast<Offset>(linear % shape[axis]) * strides[axis];
    linear /= shape[axis];
  }
  return byte_offset;
}

// The element at `byte_offset` from `base`.
template <typename T, typename Offset>
__host__ __device__ T& element_at(char* base, Offset byte_offset) {
  return *reinterpret_cast<T*>(base + byte_offset);
}
template <typename T, typename Offset>
__host__ __device__ const T& element_at(const char* base, Offset byte_offset) {
  return *reinterpret_cast<const T*>(base + byte_offset);
}

}  // namespace ga
