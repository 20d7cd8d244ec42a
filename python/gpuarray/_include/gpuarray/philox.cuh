// SPDX-License-Identifier: BSD-3-Clause
// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3",
// SC'11), shared by the distribution kernels (gpuarray/random.cuh) and the
// bulk streams (gpuarray/random_bulk.cuh). Includes nothing on the device and
// compiles as host C++ too, so generators can be checked without a GPU.
#pragma once

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define GA_RANDOM_FN __device__ __forceinline__
#else
#include <cmath>
#define GA_RANDOM_FN inline
#endif

namespace ga {
namespace random {

GA_RANDOM_FN unsigned int mulhi32(unsigned int a, unsigned int b) {
#if defined(__CUDA_ARCH__)
  return __umulhi(a, b);
#else
  return (unsigned int)(((unsigned long long)a * b) >> 32);
#endif
}

// One Philox4x32-10 block: 128 random bits per (counter, key).
struct Philox {
  unsigned int c[4];
  unsigned int k[2];
  GA_RANDOM_FN void block(unsigned int out[4]) const {
    unsigned int x0 = c[0], x1 = c[1], x2 = c[2], x3 = c[3], k0 = k[0], k1 = k[1];
    for (int r = 0; r < 10; ++r) {
      unsigned int hi0 = mulhi32(0xD2511F53u, x0), lo0 = 0xD2511F53u * x0;
      unsigned int hi1 = mulhi32(0xCD9E8D57u, x2), lo1 = 0xCD9E8D57u * x2;
      x0 = hi1 ^ x1 ^ k0;
      x1 = lo1;
      x2 = hi0 ^ x3 ^ k1;
      x3 = lo0;
      k0 += 0x9E3779B9u;
      k1 += 0xBB67AE85u;
    }
    out[0] = x0; out[1] = x1; out[2] = x2; out[3] = x3;
  }
};

}  // namespace random
}  // namespace ga
