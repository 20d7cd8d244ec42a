// SPDX-License-Identifier: BSD-3-Clause
// numpy.packbits and numpy.unpackbits over the last axis of C-contiguous rows
// (the caller moves the axis last). Big order puts a row's first element in
// a byte's most significant bit, Little in its least, as NumPy's bitorder.
//
// pack: `rows` rows of n bytes (any nonzero byte is a 1 bit) become rows of
// m = ceil(n / 8) bytes, the last one padded with zero bits. A thread makes
// one output byte; when n is a multiple of 8 and `in` 8-byte aligned, its
// eight inputs are one aligned 8-byte load, so a warp reads 256 consecutive
// bytes.
//
// unpack: rows of m bytes become rows of `count` bytes (0 or 1): bits past
// 8 m are 0 (NumPy's count > 8 m pads with zeros). A thread reads one input
// byte and writes its up to eight outputs, as one 8-byte store when they
// are whole and aligned.
#pragma once

namespace ga {
namespace bits {

struct Big {
  static __device__ __forceinline__ int shift(int k) { return 7 - k; }
};
struct Little {
  static __device__ __forceinline__ int shift(int k) { return k; }
};

template <class Order>
__device__ void pack(const unsigned char* __restrict__ in, unsigned char* __restrict__ out, long long rows,
                     long long n) {
  const long long m = (n + 7) / 8;
  const long long total = rows * m;
  const bool words = n % 8 == 0 && (unsigned long long)in % 8 == 0;
  for (long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x; o < total;
       o += (long long)gridDim.x * blockDim.x) {
    const long long r = o / m, j = o - r * m;
    const unsigned char* src = in + r * n + 8 * j;
    unsigned int byte = 0;
    if (words) {
      const unsigned long long w = *reinterpret_cast<const unsigned long long*>(src);
      for (int k = 0; k < 8; ++k) byte |= (unsigned int)(((w >> (8 * k)) & 0xffu) != 0) << Order::shift(k);
    } else {
      const int avail = (int)(n - 8 * j < 8 ? n - 8 * j : 8);
      for (int k = 0; k < avail; ++k) byte |= (unsigned int)(src[k] != 0) << Order::shift(k);
    }
    out[o] = (unsigned char)byte;
  }
}

template <class Order>
__device__ void unpack(const unsigned char* __restrict__ in, unsigned char* __restrict__ out, long long rows,
                       long long m, long long count) {
  const long long groups = (count + 7) / 8;  // output bytes in groups of eight, one per input byte
  const long long total = rows * groups;
  const bool whole = count % 8 == 0 && (unsigned long long)out % 8 == 0;
  for (long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x; g < total;
       g += (long long)gridDim.x * blockDim.x) {
    const long long r = g / groups, j = g - r * groups;
    const unsigned int byte = j < m ? in[r * m + j] : 0u;
    unsigned char* dst = out + r * count + 8 * j;
    if (whole) {
      unsigned long long w = 0;
      for (int k = 0; k < 8; ++k) w |= (unsigned long long)((byte >> Order::shift(k)) & 1u) << (8 * k);
      *reinterpret_cast<unsigned long long*>(dst) = w;
    } else {
      const int left = (int)(count - 8 * j < 8 ? count - 8 * j : 8);
      for (int k = 0; k < left; ++k) dst[k] = (unsigned char)((byte >> Order::shift(k)) & 1u);
    }
  }
}

}  // namespace bits
}  // namespace ga
