// SPDX-License-Identifier: BSD-3-Clause
// Many dense same-dtype copies in one launch (concatenate, stack): blockIdx.y
// picks a piece, the blocks along x walk its bytes in the widest words that
// its addresses and length allow. One launch instead of one per piece saves
// each piece's ramp-up and tail (cpp/kernels/batched_copy.cpp).
#pragma once

namespace ga {
namespace copy {

constexpr int kMaxPieces = 64;

struct Piece {
  const char* src;
  char* dst;
  unsigned long long bytes;
};
struct Pieces {
  Piece piece[kMaxPieces];
};
// 16 bytes moved as one access (the runtime's uint4 is not in NVRTC's -minimal mode).
struct alignas(16) Word16 {
  unsigned long long lo, hi;
};

template <typename Word>
__device__ __forceinline__ void copy_words(const Piece& p, unsigned long long first, unsigned long long step) {
  const Word* src = reinterpret_cast<const Word*>(p.src);
  Word* dst = reinterpret_cast<Word*>(p.dst);
  const unsigned long long n = p.bytes / sizeof(Word);
  for (unsigned long long i = first; i < n; i += step) dst[i] = src[i];
}

__device__ __forceinline__ void copy_piece(const Piece& p) {
  const unsigned long long first = static_cast<unsigned long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  const unsigned long long step = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  const unsigned long long bits = reinterpret_cast<unsigned long long>(p.src) |
                                  reinterpret_cast<unsigned long long>(p.dst) | p.bytes;
  if (bits % 16 == 0) copy_words<Word16>(p, first, step);
  else if (bits % 8 == 0) copy_words<unsigned long long>(p, first, step);
  else if (bits % 4 == 0) copy_words<unsigned int>(p, first, step);
  else copy_words<unsigned char>(p, first, step);
}

}  // namespace copy
}  // namespace ga

extern "C" __global__ void __launch_bounds__(256) ga_batched_copy(ga::copy::Pieces pieces) {
  ga::copy::copy_piece(pieces.piece[blockIdx.y]);
}
