// SPDX-License-Identifier: BSD-3-Clause
// ufunc.at and ufunc.reduceat (python/gpuarray/_methods/ufunc_methods.py) on the
// device. The engine (cpp/kernels/ufunc_methods.cpp) writes the glue: the
// ufunc loop's body as a functor `Op` (out0 = op(in0[, in1])) and a kernel
// that calls one of these templates.
//
// at: offsets[i] is the byte offset of the i-th indexed element of `a`; one
// thread per element updates its target inside an atomic read-modify-write,
// so a repeated index applies repeatedly (NumPy's unbuffered at).
//
// reduceat: x is (outer, n, inner) and out (outer, m, inner), both C-ordered.
// Output element (o, j, k) folds x[o, starts[j]:end, k] in order, `end`
// being the next start (starts[j] + 1 when that is not larger), n for the
// last one.
#pragma once

namespace ga {
namespace ufunc_methods {

struct alignas(16) Word16 {
  unsigned long long lo, hi;
};

template <int Size> struct Unsigned;
template <> struct Unsigned<1> { typedef unsigned char type; };
template <> struct Unsigned<2> { typedef unsigned short type; };
template <> struct Unsigned<4> { typedef unsigned int type; };
template <> struct Unsigned<8> { typedef unsigned long long type; };

template <typename To, typename From>
__device__ __forceinline__ To bits(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "a reinterpretation keeps the size");
  To to;
  memcpy(&to, &from, sizeof(To));
  return to;
}

// *target = update(*target), atomically: a compare-and-swap loop on the word
// that holds the target.
template <typename T, class Update>
__device__ __forceinline__ void cas_update(T* target, const Update& update) {
  if constexpr (sizeof(T) <= 2) {
    // The aligned 4-byte word around it (allocations are 512-byte granular,
    // so the word lies inside one); CAS sees neighbours' updates too and retries.
    typedef typename Unsigned<sizeof(T)>::type U;
    const unsigned long long address = reinterpret_cast<unsigned long long>(target);
    unsigned int* word = reinterpret_cast<unsigned int*>(address & ~3ull);
    const unsigned int shift = (unsigned int)(address & 3ull) * 8u;
    const unsigned int mask = (sizeof(T) == 1 ? 0xffu : 0xffffu) << shift;
    unsigned int seen = *word, expected;
    do {
      expected = seen;
      const T old = bits<T>((U)((expected & mask) >> shift));
      const unsigned int next = (unsigned int)bits<U>(update(old)) << shift;
      seen = atomicCAS(word, expected, (expected & ~mask) | next);
    } while (seen != expected);
  } else if constexpr (sizeof(T) == 16) {
    // sm_90's 128-bit atomicCAS; a torn first read only costs a retry.
    Word16* word = reinterpret_cast<Word16*>(target);
    Word16 seen = *word, expected;
    do {
      expected = seen;
      const T old = bits<T>(expected);
      seen = atomicCAS(word, expected, bits<Word16>(update(old)));
    } while (seen.lo != expected.lo || seen.hi != expected.hi);
  } else {
    typedef typename Unsigned<sizeof(T)>::type U;
    U* word = reinterpret_cast<U*>(target);
    U seen = *word, expected;
    do {
      expected = seen;
      const T old = bits<T>(expected);
      seen = atomicCAS(word, expected, bits<U>(update(old)));
    } while (seen != expected);
  }
}

// The hardware atomics that compute exactly what a loop of the target's own
// type computes (the engine picks one only then): integer add, subtract and
// bitwise ops wrap alike in unsigned words; max and min compare in the
// target's type; float64 add rounds as the loop does, complex128 per part.
enum class Native { Add, Subtract, And, Or, Xor, Max, Min };

template <typename T> constexpr bool is_float64 = false;
template <> constexpr bool is_float64<double> = true;

template <Native N, typename T>
__device__ __forceinline__ void native_update(T* target, const T& value) {
  if constexpr (N == Native::Max) {
    atomicMax(target, value);
  } else if constexpr (N == Native::Min) {
    atomicMin(target, value);
  } else if constexpr (sizeof(T) == 16) {  // complex128: add or subtract per part
    double* parts = reinterpret_cast<double*>(target);
    const double sign = N == Native::Subtract ? -1.0 : 1.0;
    atomicAdd(parts, sign * value.real());
    atomicAdd(parts + 1, sign * value.imag());
  } else if constexpr (is_float64<T>) {
    atomicAdd(target, N == Native::Subtract ? -value : value);
  } else {
    typedef typename Unsigned<sizeof(T)>::type U;
    U* word = reinterpret_cast<U*>(target);
    if constexpr (N == Native::Add) atomicAdd(word, (U)value);
    else if constexpr (N == Native::Subtract) atomicAdd(word, (U)(0 - (U)value));
    else if constexpr (N == Native::And) atomicAnd(word, (U)value);
    else if constexpr (N == Native::Or) atomicOr(word, (U)value);
    else atomicXor(word, (U)value);
  }
}

// body(target, i) for each offset, grid-stride.
template <typename T, class Body>
__device__ __forceinline__ void for_each_target(char* a, const long long* offsets, long long n, const Body& body) {
  const long long step = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
    body(reinterpret_cast<T*>(a + offsets[i]), i);
}

// a[offsets] = op(a[offsets], b[i * b_step]) through a CAS loop.
template <typename T, typename V, class Op>
__device__ void at_binary(char* a, const long long* offsets, const V* b, long long b_step, long long n) {
  for_each_target<T>(a, offsets, n, [&](T* target, long long i) {
    const V value = b[i * b_step];
    cas_update(target, [&](const T& old) { return Op()(old, value); });
  });
}

// a[offsets] = op(a[offsets]) through a CAS loop.
template <typename T, class Op>
__device__ void at_unary(char* a, const long long* offsets, long long n) {
  for_each_target<T>(a, offsets, n,
                     [](T* target, long long) { cas_update(target, [](const T& old) { return Op()(old); }); });
}

// a[offsets] = a[offsets] (N) b[i * b_step] through a hardware atomic.
template <Native N, typename T>
__device__ void at_native(char* a, const long long* offsets, const T* b, long long b_step, long long n) {
  for_each_target<T>(a, offsets, n, [&](T* target, long long i) { native_update<N>(target, b[i * b_step]); });
}

template <typename T, class Op>
__device__ void reduceat(const T* x, const long long* starts, T* out, long long inner, long long m, long long n,
                         long long total) {
  const long long step = (long long)gridDim.x * blockDim.x;
  for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x; t < total; t += step) {
    const long long k = t % inner;
    const long long j = t / inner % m;
    const long long o = t / inner / m;
    const long long begin = starts[j];
    long long end = j + 1 < m ? starts[j + 1] : n;
    if (end <= begin) end = begin + 1;
    const T* p = x + (o * n + begin) * inner + k;
    T acc = *p;
    for (long long s = begin + 1; s < end; ++s) {
      p += inner;
      acc = Op()(acc, *p);
    }
    out[t] = acc;
  }
}

}  // namespace ufunc_methods
}  // namespace ga
