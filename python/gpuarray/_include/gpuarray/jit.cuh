// SPDX-License-Identifier: BSD-3-Clause
// Device-side support of the kernels gpuarray.jit generates from Python
// (python/gpuarray/jit): the array view its array parameters become, Python's
// integer and float semantics where C++'s differ (floor division, modulo,
// integer powers), and uniform spellings of the atomics and warp shuffles
// over every dtype the translator accepts. It lives at the top of the header
// folder so that the engine's cache key (which hashes that folder) covers it.
#pragma once

namespace ga {
namespace jit {

// An N-d array view: the data pointer, the shape and the strides in bytes,
// as a kernel receives them (each a separate scalar parameter; see
// python/gpuarray/jit/_kernel.py). Indexing does not wrap negative indices
// and does not check bounds, as CUDA C++.
template <typename T, int N>
struct Array {
  T* data;
  long long shape[N > 0 ? N : 1];
  long long strides[N > 0 ? N : 1];

  template <typename... I>
  __device__ __forceinline__ T& operator()(I... index) const {
    static_assert(sizeof...(I) == N, "one index per dimension");
    const long long offsets[] = {0LL, static_cast<long long>(index)...};
    char* p = reinterpret_cast<char*>(data);
#pragma unroll
    for (int d = 0; d < N; ++d) p += offsets[d + 1] * strides[d];
    return *reinterpret_cast<T*>(p);
  }

  __device__ __forceinline__ long long size() const {
    long long n = 1;
#pragma unroll
    for (int d = 0; d < N; ++d) n *= shape[d];
    return n;
  }
};

// Python's // and %: the quotient rounds toward minus infinity and the
// remainder takes the divisor's sign. An integer division by zero gives 0,
// as NumPy's (which warns on the host).
template <typename T>
__device__ __forceinline__ T floor_divide(T a, T b) {
  if (b == 0) return T(0);
  T q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
template <typename T>
__device__ __forceinline__ T remainder(T a, T b) {
  if (b == 0) return T(0);
  T r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

// Floats: NumPy's algorithm (npy_divmod), so that results match NumPy's at
// the boundaries where floor(a / b) rounds differently, and the signs of zeros.
template <typename T>
__device__ __forceinline__ T float_divmod(T a, T b, T* mod_out) {
  T mod = fmod(a, b);
  if (b == T(0)) {
    *mod_out = mod;
    return a / b;
  }
  T div = (a - mod) / b;
  if (mod != T(0)) {
    if ((b < T(0)) != (mod < T(0))) {
      mod += b;
      div -= T(1);
    }
  } else {
    mod = copysign(T(0), b);
  }
  T floordiv;
  if (div != T(0)) {
    floordiv = floor(div);
    if (div - floordiv > T(0.5)) floordiv += T(1);
  } else {
    floordiv = copysign(T(0), a / b);
  }
  *mod_out = mod;
  return floordiv;
}
__device__ __forceinline__ float floor_divide(float a, float b) { float m; return float_divmod(a, b, &m); }
__device__ __forceinline__ double floor_divide(double a, double b) { double m; return float_divmod(a, b, &m); }
__device__ __forceinline__ float remainder(float a, float b) { float m; float_divmod(a, b, &m); return m; }
__device__ __forceinline__ double remainder(double a, double b) { double m; float_divmod(a, b, &m); return m; }

// Integer powers by squaring; a negative exponent gives 0 (NumPy raises on
// the host, a kernel cannot).
template <typename T>
__device__ __forceinline__ T integer_power(T base, T exponent) {
  if (exponent < 0) return (base == 1) ? T(1) : (base == T(-1) ? ((exponent & 1) ? T(-1) : T(1)) : T(0));
  T result = 1;
  while (exponent != 0) {
    if (exponent & 1) result *= base;
    base *= base;
    exponent >>= 1;
  }
  return result;
}

// numpy.maximum and numpy.minimum: a NaN operand wins.
template <typename T>
__device__ __forceinline__ T maximum(T a, T b) { return (a != a || a > b) ? a : b; }
template <typename T>
__device__ __forceinline__ T minimum(T a, T b) { return (a != a || a < b) ? a : b; }

// numpy.isnan, isinf, isfinite and signbit of float and double, spelled
// without the math library's macros (whose namespace differs between NVRTC
// and host compilers).
template <typename T>
__device__ __forceinline__ bool isnan(T x) { return x != x; }
template <typename T>
__device__ __forceinline__ bool isinf(T x) { return x == x && (x - x) != (x - x); }
template <typename T>
__device__ __forceinline__ bool isfinite(T x) { return (x - x) == (x - x); }
__device__ __forceinline__ bool signbit(float x) { return (*reinterpret_cast<const unsigned int*>(&x) >> 31) != 0; }
__device__ __forceinline__ bool signbit(double x) {
  return (*reinterpret_cast<const unsigned long long*>(&x) >> 63) != 0;
}

// What follows needs the device (PTX, atomics, shuffles); the arithmetic above
// is plain C++ that tests also compile for the host.
#ifdef __CUDA_ARCH__
__device__ __forceinline__ unsigned int laneid() {
  unsigned int id;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
  return id;
}

// --- Atomics: every 32- and 64-bit integer and float, returning the old value ---

template <typename T, typename U>
__device__ __forceinline__ U* as(T* p) { return reinterpret_cast<U*>(p); }

__device__ __forceinline__ int atomic_add(int* p, int v) { return atomicAdd(p, v); }
__device__ __forceinline__ unsigned int atomic_add(unsigned int* p, unsigned int v) { return atomicAdd(p, v); }
__device__ __forceinline__ unsigned long long atomic_add(unsigned long long* p, unsigned long long v) {
  return atomicAdd(p, v);
}
__device__ __forceinline__ long long atomic_add(long long* p, long long v) {
  return static_cast<long long>(atomicAdd(as<long long, unsigned long long>(p), static_cast<unsigned long long>(v)));
}
__device__ __forceinline__ float atomic_add(float* p, float v) { return atomicAdd(p, v); }
__device__ __forceinline__ double atomic_add(double* p, double v) { return atomicAdd(p, v); }

__device__ __forceinline__ int atomic_sub(int* p, int v) { return atomicSub(p, v); }
__device__ __forceinline__ unsigned int atomic_sub(unsigned int* p, unsigned int v) { return atomicSub(p, v); }
template <typename T>
__device__ __forceinline__ T atomic_sub(T* p, T v) { return atomic_add(p, static_cast<T>(T(0) - v)); }

// Compare-and-swap on the bits of any 4- or 8-byte type.
template <typename T>
__device__ __forceinline__ T atomic_cas(T* p, T expected, T desired) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "atomic_cas works on 4- and 8-byte values");
  if constexpr (sizeof(T) == 4) {
    unsigned int old = atomicCAS(as<T, unsigned int>(p), *reinterpret_cast<unsigned int*>(&expected),
                                 *reinterpret_cast<unsigned int*>(&desired));
    return *reinterpret_cast<T*>(&old);
  } else {
    unsigned long long old = atomicCAS(as<T, unsigned long long>(p), *reinterpret_cast<unsigned long long*>(&expected),
                                       *reinterpret_cast<unsigned long long*>(&desired));
    return *reinterpret_cast<T*>(&old);
  }
}

template <typename T>
__device__ __forceinline__ T atomic_exch(T* p, T v) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "atomic_exch works on 4- and 8-byte values");
  if constexpr (sizeof(T) == 4) {
    unsigned int old = atomicExch(as<T, unsigned int>(p), *reinterpret_cast<unsigned int*>(&v));
    return *reinterpret_cast<T*>(&old);
  } else {
    unsigned long long old = atomicExch(as<T, unsigned long long>(p), *reinterpret_cast<unsigned long long*>(&v));
    return *reinterpret_cast<T*>(&old);
  }
}

// min and max: native for integers, a compare-and-swap loop for floats (NaN
// propagates, as numpy.minimum and numpy.maximum).
#define GA_JIT_NATIVE_MINMAX(T)                                                                      \
  __device__ __forceinline__ T atomic_min(T* p, T v) { return atomicMin(p, v); }                  \
  __device__ __forceinline__ T atomic_max(T* p, T v) { return atomicMax(p, v); }
GA_JIT_NATIVE_MINMAX(int)
GA_JIT_NATIVE_MINMAX(unsigned int)
GA_JIT_NATIVE_MINMAX(long long)
GA_JIT_NATIVE_MINMAX(unsigned long long)
#undef GA_JIT_NATIVE_MINMAX

template <typename T>
__device__ __forceinline__ bool same_bits(T a, T b) {
  if constexpr (sizeof(T) == 4) return *reinterpret_cast<unsigned int*>(&a) == *reinterpret_cast<unsigned int*>(&b);
  else return *reinterpret_cast<unsigned long long*>(&a) == *reinterpret_cast<unsigned long long*>(&b);
}

template <typename T, bool MAX>
__device__ __forceinline__ T atomic_float_extremum(T* p, T v) {
  T old = *p;
  while (true) {
    const T want = (old != old) ? old : (v != v) ? v : (MAX ? (v > old ? v : old) : (v < old ? v : old));
    if (same_bits(want, old)) return old;
    const T seen = atomic_cas(p, old, want);
    if (same_bits(seen, old)) return old;
    old = seen;
  }
}
__device__ __forceinline__ float atomic_min(float* p, float v) { return atomic_float_extremum<float, false>(p, v); }
__device__ __forceinline__ float atomic_max(float* p, float v) { return atomic_float_extremum<float, true>(p, v); }
__device__ __forceinline__ double atomic_min(double* p, double v) { return atomic_float_extremum<double, false>(p, v); }
__device__ __forceinline__ double atomic_max(double* p, double v) { return atomic_float_extremum<double, true>(p, v); }

__device__ __forceinline__ unsigned int atomic_inc(unsigned int* p, unsigned int v) { return atomicInc(p, v); }
__device__ __forceinline__ unsigned int atomic_dec(unsigned int* p, unsigned int v) { return atomicDec(p, v); }

#define GA_JIT_BITWISE(NAME, CUDA_NAME)                                                             \
  __device__ __forceinline__ int NAME(int* p, int v) { return CUDA_NAME(p, v); }                  \
  __device__ __forceinline__ unsigned int NAME(unsigned int* p, unsigned int v) { return CUDA_NAME(p, v); } \
  __device__ __forceinline__ unsigned long long NAME(unsigned long long* p, unsigned long long v) { \
    return CUDA_NAME(p, v);                                                                        \
  }                                                                                                \
  __device__ __forceinline__ long long NAME(long long* p, long long v) {                          \
    return static_cast<long long>(CUDA_NAME(as<long long, unsigned long long>(p),                 \
                                            static_cast<unsigned long long>(v)));                  \
  }
GA_JIT_BITWISE(atomic_and, atomicAnd)
GA_JIT_BITWISE(atomic_or, atomicOr)
GA_JIT_BITWISE(atomic_xor, atomicXor)
#undef GA_JIT_BITWISE

// --- Warp shuffles: values narrower than 4 bytes travel as int ---

#define GA_JIT_SHUFFLE(NAME, CUDA_NAME, LANE_TYPE)                                                  \
  template <typename T>                                                                            \
  __device__ __forceinline__ T NAME(unsigned int mask, T v, LANE_TYPE lane, int width) {           \
    if constexpr (sizeof(T) < 4) {                                                                 \
      return static_cast<T>(CUDA_NAME(mask, static_cast<int>(v), lane, width));                     \
    } else {                                                                                       \
      return CUDA_NAME(mask, v, lane, width);                                                      \
    }                                                                                              \
  }
GA_JIT_SHUFFLE(shfl_sync, __shfl_sync, int)
GA_JIT_SHUFFLE(shfl_up_sync, __shfl_up_sync, unsigned int)
GA_JIT_SHUFFLE(shfl_down_sync, __shfl_down_sync, unsigned int)
GA_JIT_SHUFFLE(shfl_xor_sync, __shfl_xor_sync, int)
#undef GA_JIT_SHUFFLE

#endif  // __CUDA_ARCH__

}  // namespace jit
}  // namespace ga
