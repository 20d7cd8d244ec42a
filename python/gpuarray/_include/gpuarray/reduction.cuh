// SPDX-License-Identifier: BSD-3-Clause
// The device loop of every reduction (sum, max, argmax, mean, var,
// ufunc.reduce, ReductionKernel). A generated kernel names its op (a struct
// with acc_type, identity, map, combine and finish) and calls reduce_loop;
// the host side is cpp/kernels/reduction_plan.cpp and reduction_launcher.cpp
// (Note [Reduction layouts]).
//
// Includes only elementwise.cuh (Pointers, StridedGeometry, strided_offsets).
#pragma once
#include "gpuarray/elementwise.cuh"

namespace ga {
template <typename T> struct complex;

namespace red {

// Note [Reduction layouts]
// Outputs are numbered o in [0, n_out), reduced elements j in [0, n_red).
// INNER: the reduced elements are the input's fastest dimension: threadIdx.x
//   walks j (consecutive lanes read consecutive addresses), threadIdx.y picks
//   one of blockDim.y outputs of the block.
// OUTER: the outputs are the input's fastest dimension: threadIdx.x picks an
//   output (consecutive lanes read consecutive columns), threadIdx.y walks j.
// Either way gridDim.y splits j further (a long reduction with few outputs);
// then each block writes its partial accumulator to `partials[y * n_out + o]`
// and reduce_partials finishes. Lanes combine through shared memory, tree
// order, so the op must be associative and commutative up to rounding; a
// non-reorderable op (subtract.reduce) runs OUTER with one lane per output,
// which visits j in order. An op without an identity carries a "have" flag.

template <typename T> struct limits;
#define GA_RED_LIMITS(T, LO, HI) \
  template <> struct limits<T> { \
    static __device__ T lowest() { return LO; } \
    static __device__ T highest() { return HI; } \
  };
GA_RED_LIMITS(bool, false, true)
GA_RED_LIMITS(signed char, -128, 127)
GA_RED_LIMITS(short, -32768, 32767)
GA_RED_LIMITS(int, -2147483647 - 1, 2147483647)
GA_RED_LIMITS(long long, -9223372036854775807LL - 1, 9223372036854775807LL)
GA_RED_LIMITS(unsigned char, 0, 255)
GA_RED_LIMITS(unsigned short, 0, 65535)
GA_RED_LIMITS(unsigned int, 0u, 4294967295u)
GA_RED_LIMITS(unsigned long long, 0ull, 18446744073709551615ull)
GA_RED_LIMITS(float, -__int_as_float(0x7f800000), __int_as_float(0x7f800000))
GA_RED_LIMITS(double, -__longlong_as_double(0x7ff0000000000000LL), __longlong_as_double(0x7ff0000000000000LL))
#undef GA_RED_LIMITS

template <typename T> __device__ T lowest() { return limits<T>::lowest(); }
template <typename T> __device__ T highest() { return limits<T>::highest(); }
template <typename T> __device__ T quiet_nan() { return T(0) * highest<T>(); }  // 0 * inf

template <typename T> __device__ bool nan_(const T& x) { return x != x; }  // complex: either part

// Order for argmax/argmin: complex numbers lexicographically, as NumPy.
template <typename T> __device__ bool less_(const T& a, const T& b) { return a < b; }
template <typename T> __device__ bool less_(const complex<T>& a, const complex<T>& b) {
  return a.real() < b.real() || (a.real() == b.real() && a.imag() < b.imag());
}

// |x|^2, var's squared deviation.
template <typename T> __device__ T abs2(const T& x) { return x * x; }
template <typename T> __device__ T abs2(const complex<T>& z) { return z.real() * z.real() + z.imag() * z.imag(); }

__device__ inline float sqrt_(float x) { return sqrtf(x); }
__device__ inline double sqrt_(double x) { return sqrt(x); }

// argmax/argmin: a value and its position; ties and NaN go to the smaller
// position, NaN wins (NumPy's first-NaN rule), so the tree order never
// matters. nan-variants map NaN to `missing` (value: the identity's, position:
// the largest), which every present element beats.
constexpr long long kNoPosition = 9223372036854775807LL;  // the position of "missing"
template <typename T> struct ArgAcc {
  T v;
  long long i;
};
template <typename T> __device__ ArgAcc<T> arg_pick(const ArgAcc<T>& a, const ArgAcc<T>& b, bool b_better) {
  const bool an = nan_(a.v), bn = nan_(b.v);
  if (an || bn) return (an && bn) ? (b.i < a.i ? b : a) : (an ? a : b);
  if (b_better) return b;
  if (a.v == b.v && b.i < a.i) return b;
  return a;
}

// One thread's (or one lane's) accumulator.
template <typename Op> struct Acc {
  typename Op::acc_type v;
  bool have;
};

template <typename Op> __device__ __forceinline__ void absorb(const Op& op, Acc<Op>& a, const typename Op::acc_type& v) {
  if constexpr (Op::kHasIdentity) {
    a.v = op.combine(a.v, v);
  } else {
    a.v = a.have ? op.combine(a.v, v) : v;
    a.have = true;
  }
}
template <typename Op> __device__ __forceinline__ void merge(const Op& op, Acc<Op>& a, const Acc<Op>& b) {
  if constexpr (Op::kHasIdentity) {
    a.v = op.combine(a.v, b.v);
  } else if (b.have) {
    a.v = a.have ? op.combine(a.v, b.v) : b.v;
    a.have = true;
  }
}
template <typename Op> __device__ __forceinline__ Acc<Op> start(const Op& op) {
  Acc<Op> a;
  if constexpr (Op::kHasIdentity) a.v = op.identity();
  a.have = Op::kHasIdentity;
  return a;
}

// Combines the accumulators of the lanes that share an output (threadIdx.x
// lanes for INNER, threadIdx.y lanes for OUTER; both extents are powers of
// two); the lane-0 thread ends up with the block's result. Every thread of
// the block must call it.
template <typename Op> __device__ Acc<Op> block_combine(const Op& op, Acc<Op> a, bool inner) {
  extern __shared__ __align__(16) unsigned char ga_red_shared[];
  Acc<Op>* s = reinterpret_cast<Acc<Op>*>(ga_red_shared);
  const unsigned int tid = threadIdx.y * blockDim.x + threadIdx.x;
  const unsigned int lanes = inner ? blockDim.x : blockDim.y;
  const unsigned int lane = inner ? threadIdx.x : threadIdx.y;
  const unsigned int step = inner ? 1u : blockDim.x;
  if (lanes == 1) return a;
  s[tid] = a;
  __syncthreads();
  for (unsigned int half = lanes / 2; half > 0; half /= 2) {
    if (lane < half) {
      Acc<Op> mine = s[tid];
      merge(op, mine, s[tid + half * step]);
      s[tid] = mine;
    }
    __syncthreads();
  }
  return s[tid];
}

// Elements visited per unrolled step: loads of UNROLL elements are issued
// before any is combined, so each thread keeps several reads in flight.
constexpr int UNROLL = 4;

template <typename Op, int ONDIM, int RNDIM, int NIN, typename Index, bool INNER, int VEC>
__device__ void reduce_loop(const ew::Pointers<NIN + 1>& p, ew::Counter<Index> n_out, ew::Counter<Index> n_red,
                            const ew::StridedGeometry<ONDIM, NIN + 1, Index>& og,
                            const ew::StridedGeometry<RNDIM, NIN, Index>& rg, void* partials, long long count,
                            const Op& op) {
  static_assert(VEC == 1 || NIN == 1, "vector loads are for reductions of one input");
  using C = ew::Counter<Index>;
  using acc_type = typename Op::acc_type;
  const C o = INNER ? C(blockIdx.x) * blockDim.y + threadIdx.y : C(blockIdx.x) * blockDim.x + threadIdx.x;
  const C lane = INNER ? C(blockIdx.y) * blockDim.x + threadIdx.x : C(blockIdx.y) * blockDim.y + threadIdx.y;
  const C lanes = INNER ? C(gridDim.y) * blockDim.x : C(gridDim.y) * blockDim.y;
  Acc<Op> acc = start(op);
  Index base[NIN + 1];
  const bool active = o < n_out;
  if (active) {
    ew::strided_offsets(og, o, base);
    if constexpr (VEC > 1) {
      // One dense input; element j of this output is at base + j * sizeof.
      using T = typename Op::ga_first_in_type;
      const ew::Vec<T, VEC>* v = reinterpret_cast<const ew::Vec<T, VEC>*>(p.data[0] + base[0]);
      const C n_vec = n_red / VEC;
      C k = lane;
      for (; k + (UNROLL - 1) * lanes < n_vec; k += UNROLL * lanes) {
        ew::Vec<T, VEC> r[UNROLL];
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) r[u] = v[k + u * lanes];
#pragma unroll
        for (int u = 0; u < UNROLL; ++u)
#pragma unroll
          for (int e = 0; e < VEC; ++e) absorb(op, acc, op.map(r[u].v[e], (long long)((k + u * lanes) * VEC + e)));
      }
      for (; k < n_vec; k += lanes) {
        const ew::Vec<T, VEC> r = v[k];
#pragma unroll
        for (int e = 0; e < VEC; ++e) absorb(op, acc, op.map(r.v[e], (long long)(k * VEC + e)));
      }
      const T* tail = reinterpret_cast<const T*>(v);
      for (C j = n_vec * VEC + lane; j < n_red; j += lanes) absorb(op, acc, op.map(tail[j], (long long)j));
    } else {
      C j = lane;
      for (; j + (UNROLL - 1) * lanes < n_red; j += UNROLL * lanes) {
        acc_type r[UNROLL];
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) {
          Index off[NIN];
          ew::strided_offsets(rg, j + u * lanes, off);
#pragma unroll
          for (int a = 0; a < NIN; ++a) off[a] += base[a];
          r[u] = op.at(p.data, off, (long long)(j + u * lanes));
        }
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) absorb(op, acc, r[u]);
      }
      for (; j < n_red; j += lanes) {
        Index off[NIN];
        ew::strided_offsets(rg, j, off);
#pragma unroll
        for (int a = 0; a < NIN; ++a) off[a] += base[a];
        absorb(op, acc, op.at(p.data, off, (long long)j));
      }
    }
  }
  acc = block_combine(op, acc, INNER);
  const bool leader = INNER ? threadIdx.x == 0 : threadIdx.y == 0;
  if (!active || !leader) return;
  if (gridDim.y > 1) {
    reinterpret_cast<Acc<Op>*>(partials)[C(blockIdx.y) * n_out + o] = acc;
  } else {
    op.finish(acc.v, *reinterpret_cast<typename Op::out0_type*>(p.data[NIN] + base[NIN]), count);
  }
}

// The second pass after a split: `splits` partial accumulators per output,
// laid out [split][output]. inner: one block per output, threadIdx.x walks
// the splits; otherwise threadIdx.x picks outputs and threadIdx.y the splits.
template <typename Op, int ONDIM, int NIN, typename Index>
__device__ void reduce_partials(const ew::Pointers<NIN + 1>& p, ew::Counter<Index> n_out,
                                const ew::StridedGeometry<ONDIM, NIN + 1, Index>& og, const void* partials,
                                unsigned int splits, long long count, int inner, const Op& op) {
  using C = ew::Counter<Index>;
  const C o = inner ? C(blockIdx.x) : C(blockIdx.x) * blockDim.x + threadIdx.x;
  const unsigned int lane = inner ? threadIdx.x : threadIdx.y;
  const unsigned int lanes = inner ? blockDim.x : blockDim.y;
  const Acc<Op>* part = reinterpret_cast<const Acc<Op>*>(partials);
  Acc<Op> acc = start(op);
  const bool active = o < n_out;
  if (active)
    for (unsigned int s = lane; s < splits; s += lanes) merge(op, acc, part[C(s) * n_out + o]);
  acc = block_combine(op, acc, inner);
  if (!active || lane != 0) return;
  Index base[NIN + 1];
  ew::strided_offsets(og, o, base);
  op.finish(acc.v, *reinterpret_cast<typename Op::out0_type*>(p.data[NIN] + base[NIN]), count);
}

}  // namespace red
}  // namespace ga
