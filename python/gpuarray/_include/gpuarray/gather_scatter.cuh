// SPDX-License-Identifier: BSD-3-Clause
// Loops of the gather and scatter kernels of advanced indexing (see
// docs/indexing.md and cpp/kernels/gather_scatter.cpp). Operands follow the
// elementwise engine's parameters (Note [Elementwise kernel parameters]):
// operand 0 is the source (gather) or destination (scatter), restrided to
// the result's shape with stride 0 on the index dimensions, so its offset is
// the basic part's; operands 1..K are the index arrays, broadcast to the
// result's shape; the last is the output (gather) or the value (scatter).
// The generated kernel adds index_k * stride_k to operand 0's offset and
// moves one element: the address role of operand 0 is why these are not
// elementwise ops (an op's operands are loaded values, not addresses).
#pragma once
#include "gpuarray/elementwise.cuh"

namespace ga {
namespace gs {

// The source axes the index arrays pick along, one per index operand,
// passed by value after the elementwise parameters.
template <int K> struct IndexedAxes {
  long long extent[K];
  long long stride[K];  // bytes
};

// Note [Out-of-range indices]
// Indexing never checks on the device (a check would need a synchronization
// to raise): an index outside [-extent, extent) wraps modulo extent, as
// CuPy's. `clip` (take/put mode='clip') instead sends negative indices to 0
// and too large ones to extent - 1, as NumPy's. The host guarantees
// extent > 0 whenever there is an element to move.
template <typename I> __host__ __device__ __forceinline__ long long wrap_index(I raw, long long extent) {
  long long i = static_cast<long long>(raw);
  if (i < 0) i += extent;
  if (static_cast<unsigned long long>(i) >= static_cast<unsigned long long>(extent)) {
    i %= extent;
    if (i < 0) i += extent;
  }
  return i;
}

template <typename I> __host__ __device__ __forceinline__ long long clip_index(I raw, long long extent) {
  const long long i = static_cast<long long>(raw);
  return i < 0 ? 0 : (i >= extent ? extent - 1 : i);
}

// The index operand's value at byte offset `off`.
template <typename I, typename Off> __host__ __device__ __forceinline__ I index_at(const char* base, Off off) {
  return *reinterpret_cast<const I*>(base + off);
}

#ifdef __CUDACC__
// Contiguous plans: operand a's byte offset for element i is i * BYTES[a]
// (0 for a broadcast operand), in 64 bits (32-bit counts, wider offsets).
template <int... BYTES, typename C, typename Body>
__device__ __forceinline__ void contiguous_elements(C n, const Body& body) {
  const C step = ew::thread_count<C>();
  for (C i = ew::thread_rank<C>(); i < n; i += step) {
    const long long off[] = {static_cast<long long>(i) * BYTES...};
    body(off);
  }
}

// Strided plans: the elementwise engine's offsets from the linear index.
template <int NDIM, typename Index, int NARGS, typename Body>
__device__ __forceinline__ void strided_elements(ew::Counter<Index> n, const ew::StridedGeometry<NDIM, NARGS, Index>& g,
                                                 const Body& body) {
  const ew::Counter<Index> step = ew::thread_count<ew::Counter<Index>>();
  for (ew::Counter<Index> i = ew::thread_rank<ew::Counter<Index>>(); i < n; i += step) {
    Index off[NARGS];
    ew::strided_offsets(g, i, off);
    body(off);
  }
}
#endif

}  // namespace gs
}  // namespace ga
