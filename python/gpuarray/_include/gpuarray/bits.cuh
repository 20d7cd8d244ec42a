// SPDX-License-Identifier: BSD-3-Clause
// numpy.packbits and numpy.unpackbits over the last axis of C-contiguous rows
// (the caller moves the axis last). Big order puts a row's first element in
// a byte's most significant bit, Little in its least, as NumPy's bitorder.
//
// pack: `rows` rows of n bytes (any nonzero byte is a 1 bit) become rows of
// m = ceil(n / 8) bytes, the last one padded with zero bits. When n is a
// multiple of 8 the rows are one stream (output byte o packs input bytes
// 8o .. 8o + 7), and a thread packs 32 bytes from two 16-byte loads into one
// 4-byte store: the kernel then runs near the copy bandwidth. Other rows go
// one output byte per thread.
//
// unpack: rows of m bytes become rows of `count` bytes (0 or 1): bits past
// 8 m are 0 (NumPy's count > 8 m pads with zeros). With count == 8 m the
// rows are one stream again, and a thread writes the 16 outputs of two bytes
// as one 16-byte store.
//
// Eight bytes and eight bits convert with one multiply (the multiplier's
// partial products land the bytes' low bits in distinct positions of the
// top byte, so no carries mix them), as in the classic SWAR bit tricks.
#pragma once

namespace ga {
namespace bits {

struct Big {
  static constexpr unsigned long long kGather = 0x8040201008040201ull;  // byte k -> bit 7 - k of the top byte
  static constexpr unsigned long long kSpread = 0x0102040810204080ull;  // bit 7 - k -> byte k
  static __device__ __forceinline__ int shift(int k) { return 7 - k; }
};
struct Little {
  static constexpr unsigned long long kGather = 0x0102040810204080ull;  // byte k -> bit k
  static constexpr unsigned long long kSpread = 0x8040201008040201ull;  // bit k -> byte k
  static __device__ __forceinline__ int shift(int k) { return k; }
};

constexpr unsigned long long kLowBits = 0x0101010101010101ull;

// The bits of eight bytes (byte k of w nonzero -> its bit).
template <class Order>
__device__ __forceinline__ unsigned int gather(unsigned long long w) {
  w |= w >> 4;  // bit 0 of each byte becomes the OR of its eight bits (the
  w |= w >> 2;  // higher bits take neighbours' bits, and are masked off)
  w |= w >> 1;
  return (unsigned int)(((w & kLowBits) * Order::kGather) >> 56);
}

// Eight bytes of 0 or 1 from the bits of `byte`.
template <class Order>
__device__ __forceinline__ unsigned long long spread(unsigned int byte) {
  const unsigned long long w = ((unsigned long long)byte * kLowBits) & Order::kSpread;  // byte k: 0 or its bit
  return ((w + 0x7f7f7f7f7f7f7f7full) >> 7) & kLowBits;  // a nonzero byte carries into its bit 7
}

template <class Order>
__device__ void pack(const unsigned char* __restrict__ in, unsigned char* __restrict__ out, long long rows,
                     long long n) {
  const long long m = (n + 7) / 8;
  const long long total = rows * m;
  const long long first = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long step = (long long)gridDim.x * blockDim.x;
  long long o = first;
  if (n % 8 == 0) {
    if ((unsigned long long)in % 16 == 0 && (unsigned long long)out % 4 == 0) {
      const uint4* in16 = reinterpret_cast<const uint4*>(in);
      unsigned int* out4 = reinterpret_cast<unsigned int*>(out);
      const long long quads = total / 4;
      for (long long q = first; q < quads; q += step) {
        const uint4 lo = in16[2 * q], hi = in16[2 * q + 1];
        out4[q] = gather<Order>(((unsigned long long)lo.y << 32) | lo.x) |
                  gather<Order>(((unsigned long long)lo.w << 32) | lo.z) << 8 |
                  gather<Order>(((unsigned long long)hi.y << 32) | hi.x) << 16 |
                  gather<Order>(((unsigned long long)hi.w << 32) | hi.z) << 24;
      }
      o = 4 * quads + first;
    }
    for (; o < total; o += step) {
      unsigned long long w = 0;
      for (int k = 0; k < 8; ++k) w |= (unsigned long long)in[8 * o + k] << (8 * k);
      out[o] = (unsigned char)gather<Order>(w);
    }
    return;
  }
  for (; o < total; o += step) {
    const long long r = o / m, j = o - r * m;
    const unsigned char* src = in + r * n + 8 * j;
    const int avail = (int)(n - 8 * j < 8 ? n - 8 * j : 8);
    unsigned int byte = 0;
    for (int k = 0; k < avail; ++k) byte |= (unsigned int)(src[k] != 0) << Order::shift(k);
    out[o] = (unsigned char)byte;
  }
}

template <class Order>
__device__ void unpack(const unsigned char* __restrict__ in, unsigned char* __restrict__ out, long long rows,
                       long long m, long long count) {
  const long long first = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long step = (long long)gridDim.x * blockDim.x;
  if (count == 8 * m) {
    const long long total = rows * m;  // input bytes, each one 8-byte group of outputs
    long long g = first;
    if ((unsigned long long)out % 16 == 0) {
      uint4* out16 = reinterpret_cast<uint4*>(out);
      for (long long p = first; p < total / 2; p += step) {
        const unsigned long long lo = spread<Order>(in[2 * p]), hi = spread<Order>(in[2 * p + 1]);
        out16[p] = make_uint4((unsigned int)lo, (unsigned int)(lo >> 32), (unsigned int)hi, (unsigned int)(hi >> 32));
      }
      g = total / 2 * 2 + first;
    }
    for (; g < total; g += step) {
      const unsigned long long w = spread<Order>(in[g]);
      for (int k = 0; k < 8; ++k) out[8 * g + k] = (unsigned char)(w >> (8 * k));
    }
    return;
  }
  const long long groups = (count + 7) / 8;  // output bytes in groups of eight, one per input byte
  const long long total = rows * groups;
  for (long long g = first; g < total; g += step) {
    const long long r = g / groups, j = g - r * groups;
    const unsigned int byte = j < m ? in[r * m + j] : 0u;
    unsigned char* dst = out + r * count + 8 * j;
    const int left = (int)(count - 8 * j < 8 ? count - 8 * j : 8);
    for (int k = 0; k < left; ++k) dst[k] = (unsigned char)((byte >> Order::shift(k)) & 1u);
  }
}

}  // namespace bits
}  // namespace ga
