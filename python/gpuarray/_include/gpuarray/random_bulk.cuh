// SPDX-License-Identifier: BSD-3-Clause
// The bulk streams of gpuarray.random (python/gpuarray/random/_bulk.py):
// uniform, normal and log-normal floats and raw words from XORWOW, MRG32k3a
// and Philox4x32-10, written with 16-byte stores.
//
// Note [Bulk streams]: output element e belongs to chunk e / W, one 16-byte
// vector of W = 16 / sizeof(T) elements, made from four 32-bit words of the
// generator (the last chunk may be cut short; its unused words are dropped).
// - Philox4x32-10 is counter-based: chunk c of a call is the block of counter
//   (offset + c, 0) under the key `seed`, and the generator advances `offset`
//   by the chunks it wrote. The numbers do not depend on the launch shape.
//   (The distribution kernels' counters of gpuarray/random.cuh carry their
//   call number, never 0, in the last word: the two never share a block.)
// - XORWOW and MRG32k3a keep one state per thread of a fixed grid of
//   `threads` threads, stored word-major (word k of thread t at
//   state[k * threads + t]) in pool memory. Thread t writes chunks t,
//   t + threads, t + 2 * threads, ...: it loads its state once, stores it back
//   once, and the next call goes on from there. Thread t starts from the
//   SplitMix64 outputs 6t .. 6t + 5 of the sequence that begins at the seed,
//   unrelated points of periods of 2^192 - 2^32 (XORWOW) and about 2^191
//   (MRG32k3a), so the threads' streams do not overlap in practice.
//
// Compiles as host C++ too (with stand-ins for blockIdx, blockDim and
// threadIdx), so that tests run the kernels on a machine without a GPU.
#pragma once

#include "gpuarray/philox.cuh"

namespace ga {
namespace bulk {

const int kStateWords = 6;  // 32-bit words of one thread's XORWOW or MRG32k3a state

// Output k (k = 0, 1, ...) of SplitMix64 started at `seed` (Steele, Lea and
// Flood, OOPSLA'14): computable for any k, so each thread seeds itself.
GA_RANDOM_FN unsigned long long splitmix64(unsigned long long seed, unsigned long long k) {
  unsigned long long z = seed + (k + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

struct Words {
  unsigned int w[4];
};

// Marsaglia's xorwow ("Xorshift RNGs", 2003): a 160-bit xorshift plus a Weyl
// sequence, the generator cuRAND and CuPy use by default.
struct Xorwow {
  unsigned int x[5], d;

  static GA_RANDOM_FN Xorwow seeded(unsigned long long seed, long long t) {
    Xorwow g;
    for (int k = 0; k < 5; ++k) g.x[k] = (unsigned int)(splitmix64(seed, 6ull * t + k) >> 32);
    g.d = (unsigned int)(splitmix64(seed, 6ull * t + 5) >> 32);
    if ((g.x[0] | g.x[1] | g.x[2] | g.x[3] | g.x[4]) == 0) g.x[0] = 1;  // the xorshift's one fixed point
    return g;
  }
  static GA_RANDOM_FN Xorwow load(const unsigned int* state, unsigned long long, unsigned long long, long long t,
                                  long long threads) {
    Xorwow g;
    for (int k = 0; k < 5; ++k) g.x[k] = state[k * threads + t];
    g.d = state[5 * threads + t];
    return g;
  }
  GA_RANDOM_FN void save(unsigned int* state, long long t, long long threads) const {
    for (int k = 0; k < 5; ++k) state[k * threads + t] = x[k];
    state[5 * threads + t] = d;
  }
  GA_RANDOM_FN unsigned int next() {
    const unsigned int s = x[0] ^ (x[0] >> 2);
    x[0] = x[1];
    x[1] = x[2];
    x[2] = x[3];
    x[3] = x[4];
    x[4] = (x[4] ^ (x[4] << 4)) ^ (s ^ (s << 1));
    d += 362437u;
    return x[4] + d;
  }
  GA_RANDOM_FN Words next4(unsigned long long) {
    Words r;
    for (int k = 0; k < 4; ++k) r.w[k] = next();
    return r;
  }
};

// L'Ecuyer's MRG32k3a ("Good parameters and implementations for combined
// multiple recursive random number generators", 1999), in 64-bit integers.
struct Mrg32k3a {
  static const unsigned int kM1 = 4294967087u, kM2 = 4294944443u;  // 2^32 - 209, 2^32 - 22853
  unsigned int s1[3], s2[3];

  static GA_RANDOM_FN Mrg32k3a seeded(unsigned long long seed, long long t) {
    Mrg32k3a g;
    for (int k = 0; k < 3; ++k) {
      g.s1[k] = (unsigned int)(splitmix64(seed, 6ull * t + k) % kM1);
      g.s2[k] = (unsigned int)(splitmix64(seed, 6ull * t + 3 + k) % kM2);
    }
    if ((g.s1[0] | g.s1[1] | g.s1[2]) == 0) g.s1[0] = 1;  // each component must not start at zero
    if ((g.s2[0] | g.s2[1] | g.s2[2]) == 0) g.s2[0] = 1;
    return g;
  }
  static GA_RANDOM_FN Mrg32k3a load(const unsigned int* state, unsigned long long, unsigned long long, long long t,
                                    long long threads) {
    Mrg32k3a g;
    for (int k = 0; k < 3; ++k) {
      g.s1[k] = state[k * threads + t];
      g.s2[k] = state[(3 + k) * threads + t];
    }
    return g;
  }
  GA_RANDOM_FN void save(unsigned int* state, long long t, long long threads) const {
    for (int k = 0; k < 3; ++k) {
      state[k * threads + t] = s1[k];
      state[(3 + k) * threads + t] = s2[k];
    }
  }
  // x mod m for x < 2^54 and m = 2^32 - c: 2^32 = c (mod m), so three folds of
  // the high word into the low one leave x < 2^32, and one subtraction x < m.
  static GA_RANDOM_FN unsigned int reduce(unsigned long long x, unsigned int c, unsigned int m) {
    for (int k = 0; k < 3; ++k) x = (x >> 32) * c + (x & 0xFFFFFFFFull);
    const unsigned int r = (unsigned int)x;
    return r >= m ? r - m : r;
  }
  GA_RANDOM_FN unsigned int next() {
    // -a * s = a * (m - s) (mod m): every term stays positive and below 2^53.
    const unsigned int p1 = reduce(1403580ull * s1[1] + 810728ull * (kM1 - s1[0]), 209u, kM1);
    const unsigned int p2 = reduce(527612ull * s2[2] + 1370589ull * (kM2 - s2[0]), 22853u, kM2);
    s1[0] = s1[1];
    s1[1] = s1[2];
    s1[2] = p1;
    s2[0] = s2[1];
    s2[1] = s2[2];
    s2[2] = p2;
    const unsigned int z = p1 > p2 ? p1 - p2 : p1 - p2 + kM1;  // in [1, m1]
    // z / (m1 + 1), a uniform on (0, 1), spread over 32 bits.
    return (unsigned int)((double)z * (4294967296.0 / 4294967088.0));
  }
  GA_RANDOM_FN Words next4(unsigned long long) {
    Words r;
    for (int k = 0; k < 4; ++k) r.w[k] = next();
    return r;
  }
};

// Philox4x32-10 over chunk numbers: nothing to load or save.
struct CounterPhilox {
  unsigned long long key, offset;

  static GA_RANDOM_FN CounterPhilox load(const unsigned int*, unsigned long long key, unsigned long long offset,
                                         long long, long long) {
    CounterPhilox g;
    g.key = key;
    g.offset = offset;
    return g;
  }
  GA_RANDOM_FN void save(unsigned int*, long long, long long) const {}
  GA_RANDOM_FN Words next4(unsigned long long chunk) const {
    const unsigned long long counter = offset + chunk;
    ga::random::Philox p;
    p.c[0] = (unsigned int)counter;
    p.c[1] = (unsigned int)(counter >> 32);
    p.c[2] = 0;
    p.c[3] = 0;
    p.k[0] = (unsigned int)key;
    p.k[1] = (unsigned int)(key >> 32);
    Words r;
    p.block(r.w);
    return r;
  }
};

// CounterPhilox inside a CUDA graph: the offset is a base in device memory
// (passed as `state`, which Philox does not otherwise use) plus the fill's
// offset within the graph, so every replay draws new chunks (Note [Replayed
// host state] in cuda/_captures.py).
struct ReplayedPhilox : CounterPhilox {
  static GA_RANDOM_FN ReplayedPhilox load(const unsigned int* base, unsigned long long key,
                                          unsigned long long offset, long long, long long) {
    ReplayedPhilox g;
    g.key = key;
    g.offset = *reinterpret_cast<const unsigned long long*>(base) + offset;
    return g;
  }
};

GA_RANDOM_FN unsigned long long join64(unsigned int hi, unsigned int lo) {
  return ((unsigned long long)hi << 32) | lo;
}

GA_RANDOM_FN void sincos_fast(float a, float* s, float* c) {
#if defined(__CUDA_ARCH__)
  __sincosf(a, s, c);  // |a| <= pi: absolute error below 2^-21
#else
  *s = std::sin(a);
  *c = std::cos(a);
#endif
}

GA_RANDOM_FN void sincos_pi(double a, double* s, double* c) {
#if defined(__CUDA_ARCH__)
  sincospi(a, s, c);
#else
  *s = std::sin(3.14159265358979323846 * a);
  *c = std::cos(3.14159265358979323846 * a);
#endif
}

// The outputs: Out::make turns four words into one chunk of Out::kWidth
// elements, shift + scale * x (exp of it for the log-normal).

// Uniform on [0, 1) as NumPy's: 24 (float) or 53 (double) random bits.
template <typename T> struct Uniform;
template <> struct Uniform<float> {
  typedef float Type;
  static const int kWidth = 4;
  static GA_RANDOM_FN void make(const Words& r, double shift, double scale, float* out) {
    const float a = (float)shift, b = (float)scale;
    for (int k = 0; k < 4; ++k) out[k] = a + b * ((float)(r.w[k] >> 8) * 0x1p-24f);
  }
};
template <> struct Uniform<double> {
  typedef double Type;
  static const int kWidth = 2;
  static GA_RANDOM_FN void make(const Words& r, double shift, double scale, double* out) {
    for (int k = 0; k < 2; ++k) out[k] = shift + scale * ((double)(join64(r.w[2 * k], r.w[2 * k + 1]) >> 11) * 0x1p-53);
  }
};

// Box-Muller, both values of each pair: the radius from a uniform on (0, 1]
// (its log is finite), the angle from a signed word, uniform on [-pi, pi).
template <typename T> struct Normal;
template <> struct Normal<float> {
  typedef float Type;
  static const int kWidth = 4;
  static GA_RANDOM_FN void make(const Words& r, double shift, double scale, float* out) {
    const float a = (float)shift, b = (float)scale;
    for (int k = 0; k < 2; ++k) {
      const float u = (float)r.w[2 * k] * 0x1p-32f + 0x1p-33f;
      const float radius = sqrtf(-2.0f * logf(u));
      float s, c;
      sincos_fast((float)(int)r.w[2 * k + 1] * 1.46291807926715968e-9f, &s, &c);  // pi / 2^31
      out[2 * k] = a + b * (radius * c);
      out[2 * k + 1] = a + b * (radius * s);
    }
  }
};
template <> struct Normal<double> {
  typedef double Type;
  static const int kWidth = 2;
  static GA_RANDOM_FN void make(const Words& r, double shift, double scale, double* out) {
    const double u = ((double)(join64(r.w[0], r.w[1]) >> 11) + 0.5) * 0x1p-53;
    const double radius = sqrt(-2.0 * log(u));
    double s, c;
    sincos_pi((double)((long long)join64(r.w[2], r.w[3]) >> 11) * 0x1p-52, &s, &c);
    out[0] = shift + scale * (radius * c);
    out[1] = shift + scale * (radius * s);
  }
};

template <typename T> struct LogNormal {
  typedef T Type;
  static const int kWidth = Normal<T>::kWidth;
  static GA_RANDOM_FN void make(const Words& r, double shift, double scale, T* out) {
    Normal<T>::make(r, shift, scale, out);
    for (int k = 0; k < kWidth; ++k) out[k] = exp(out[k]);
  }
};

// The generator's words: four 32-bit or two 64-bit (high word first) per chunk.
template <typename T> struct Raw;
template <> struct Raw<unsigned int> {
  typedef unsigned int Type;
  static const int kWidth = 4;
  static GA_RANDOM_FN void make(const Words& r, double, double, unsigned int* out) {
    for (int k = 0; k < 4; ++k) out[k] = r.w[k];
  }
};
template <> struct Raw<unsigned long long> {
  typedef unsigned long long Type;
  static const int kWidth = 2;
  static GA_RANDOM_FN void make(const Words& r, double, double, unsigned long long* out) {
    for (int k = 0; k < 2; ++k) out[k] = join64(r.w[2 * k], r.w[2 * k + 1]);
  }
};

template <typename T, int W> struct alignas(sizeof(T) * W) Chunk {
  T v[W];
};

// One thread's part of a fill (see Note [Bulk streams]): chunks t, t + threads,
// ... of n elements, stored as one vector where the chunk is whole and `out`
// 16-byte aligned, element by element otherwise.
template <class Gen, class Out>
GA_RANDOM_FN void fill(unsigned int* state, unsigned long long key, unsigned long long offset, long long threads,
                       typename Out::Type* out, long long n, double shift, double scale) {
  typedef typename Out::Type T;
  const int W = Out::kWidth;
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long chunks = (n + W - 1) / W;
  if (t >= threads || t >= chunks) return;  // a thread without a chunk leaves its state alone
  const bool vector = (unsigned long long)out % sizeof(Chunk<T, W>) == 0;
  Gen g = Gen::load(state, key, offset, t, threads);
  for (long long c = t; c < chunks; c += threads) {
    Chunk<T, W> v;
    Out::make(g.next4((unsigned long long)c), shift, scale, v.v);
    const long long e = c * W;
    if (vector && e + W <= n) {
      *reinterpret_cast<Chunk<T, W>*>(out + e) = v;
    } else {
      for (int k = 0; k < W && e + k < n; ++k) out[e + k] = v.v[k];
    }
  }
  g.save(state, t, threads);
}

// The state of thread t of `threads`, from the seed.
template <class Gen>
GA_RANDOM_FN void seed(unsigned int* state, unsigned long long seed, long long threads) {
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t < threads) Gen::seeded(seed, t).save(state, t, threads);
}

}  // namespace bulk
}  // namespace ga
