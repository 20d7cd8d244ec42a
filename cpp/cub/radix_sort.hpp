// SPDX-License-Identifier: BSD-3-Clause
// CUB's device-wide radix sort for unsigned keys, compiled once by nvcc
// (radix_sort_keys.cu, radix_sort_pairs.cu). Every dtype reaches these through
// an order-preserving unsigned key (see Note [Sort keys] in
// kernels/sort_keys.hpp), so four key widths cover all of them. Plain C++: no
// CUB types cross this header.
#pragma once
#include <cuda_runtime_api.h>

#include <cstdint>

namespace gpuarray {

// Note [Radix sort buffers]
// Each sort takes its data in two buffers of n elements (CUB's DoubleBuffer):
// the input in buffer 0, the other free. The sort ping-pongs between them and
// returns which buffer (0 or 1) holds the result; the other holds garbage.
// This needs no copy and only O(bit passes) temporary storage, which comes
// from gpuarray's pool on the current stream: `stream` must be the current
// stream. Keys are compared on bits [begin_bit, end_bit) only (a row id of
// 12 bits sorts in two 8-bit passes, not eight); sorts are stable.
// Nothing synchronizes; errors throw CudaRuntimeError.

// `key_bytes` is 1, 2, 4 or 8: keys are uint8/16/32/64.
int radix_sort_keys(void* keys, void* keys_alt, std::int64_t n, int key_bytes, int begin_bit, int end_bit,
                    cudaStream_t stream);

// Keys with int64 values (indices) moving along; keys and values end up in
// the same buffer number.
int radix_sort_pairs(void* keys, void* keys_alt, std::int64_t* values, std::int64_t* values_alt, std::int64_t n,
                     int key_bytes, int begin_bit, int end_bit, cudaStream_t stream);

}  // namespace gpuarray
