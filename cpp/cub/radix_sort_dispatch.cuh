// SPDX-License-Identifier: BSD-3-Clause
// Shared by radix_sort_keys.cu and radix_sort_pairs.cu: CUB's two-call
// protocol (ask for the temporary storage size, allocate it from the pool,
// sort) and the choice of key type from its width.
#pragma once
#include <cub/device/device_radix_sort.cuh>

#include <cstdint>
#include <stdexcept>
#include <string>

#include "cuda/error.hpp"
#include "memory/memory.hpp"

namespace gpuarray::radix_sort_detail {

// Runs `sort(temp, temp_bytes)` twice as CUB asks: first with no storage to
// learn its size, then with storage from the pool. The storage goes back to
// the pool on return, ordered after the sort on the current stream.
template <typename Sort>
void run_two_call(Sort sort, const char* what) {
  std::size_t temp_bytes = 0;
  check_cuda(sort(nullptr, temp_bytes), what);
  // At least one byte: a null pointer would make the second call another size query.
  MemoryPointer temp = allocate(temp_bytes > 0 ? temp_bytes : 1);
  check_cuda(sort(reinterpret_cast<void*>(temp.ptr()), temp_bytes), what);
}

// Calls body(UnsignedKey{}) with the unsigned type of `key_bytes` bytes.
template <typename Body>
int with_key_type(int key_bytes, Body body) {
  switch (key_bytes) {
    case 1: return body(std::uint8_t{});
    case 2: return body(std::uint16_t{});
    case 4: return body(std::uint32_t{});
    case 8: return body(std::uint64_t{});
  }
  throw std::invalid_argument("radix sort: keys are 1, 2, 4 or 8 bytes, got " + std::to_string(key_bytes));
}

inline void check_bits(int key_bytes, int begin_bit, int end_bit) {
  if (begin_bit < 0 || end_bit > 8 * key_bytes || begin_bit >= end_bit)
    throw std::invalid_argument("radix sort: bits [" + std::to_string(begin_bit) + ", " + std::to_string(end_bit) +
                                ") do not fit keys of " + std::to_string(key_bytes) + " bytes");
}

}  // namespace gpuarray::radix_sort_detail
