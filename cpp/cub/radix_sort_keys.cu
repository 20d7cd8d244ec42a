// SPDX-License-Identifier: BSD-3-Clause
// DeviceRadixSort::SortKeys for uint8/16/32/64 keys (Note [Radix sort buffers]).
#include "cub/radix_sort.hpp"
#include "cub/radix_sort_dispatch.cuh"

namespace gpuarray {

int radix_sort_keys(void* keys, void* keys_alt, std::int64_t n, int key_bytes, int begin_bit, int end_bit,
                    cudaStream_t stream) {
  using namespace radix_sort_detail;
  check_bits(key_bytes, begin_bit, end_bit);
  if (n <= 0) return 0;
  return with_key_type(key_bytes, [&](auto zero) {
    using Key = decltype(zero);
    cub::DoubleBuffer<Key> buffers(static_cast<Key*>(keys), static_cast<Key*>(keys_alt));
    run_two_call(
        [&](void* temp, std::size_t& temp_bytes) {
          return cub::DeviceRadixSort::SortKeys(temp, temp_bytes, buffers, n, begin_bit, end_bit, stream);
        },
        "cub::DeviceRadixSort::SortKeys");
    return buffers.selector;
  });
}

}  // namespace gpuarray
