// SPDX-License-Identifier: BSD-3-Clause
// DeviceRadixSort::SortPairs for uint8/16/32/64 keys with int64 values
// (Note [Radix sort buffers]). One value type keeps the instantiations to four:
// int64 indices serve argsort, lexsort and the row pass of segmented sorts.
#include "cub/radix_sort.hpp"
#include "cub/radix_sort_dispatch.cuh"

namespace gpuarray {

int radix_sort_pairs(void* keys, void* keys_alt, std::int64_t* values, std::int64_t* values_alt, std::int64_t n,
                     int key_bytes, int begin_bit, int end_bit, cudaStream_t stream) {
  using namespace radix_sort_detail;
  check_bits(key_bytes, begin_bit, end_bit);
  if (n <= 0) return 0;
  return with_key_type(key_bytes, [&](auto zero) {
    using Key = decltype(zero);
    cub::DoubleBuffer<Key> key_buffers(static_cast<Key*>(keys), static_cast<Key*>(keys_alt));
    cub::DoubleBuffer<std::int64_t> value_buffers(values, values_alt);
    run_two_call(
        [&](void* temp, std::size_t& temp_bytes) {
          return cub::DeviceRadixSort::SortPairs(temp, temp_bytes, key_buffers, value_buffers, n, begin_bit,
                                                 end_bit, stream);
        },
        "cub::DeviceRadixSort::SortPairs");
    return key_buffers.selector;
  });
}

}  // namespace gpuarray
