// SPDX-License-Identifier: BSD-3-Clause
// A fast 64-bit hash for cache keys, file names and disk-cache checksums:
// XXH64, the public xxHash algorithm (several GB/s, so checking a cached
// binary costs microseconds). Not cryptographic: the disk cache also stores
// and compares the full key, so a collision costs a recompile, never a wrong
// binary.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gpuarray::jit {

std::uint64_t xxh64(const void* data, std::size_t size, std::uint64_t seed = 0);
inline std::uint64_t xxh64(std::string_view bytes, std::uint64_t seed = 0) {
  return xxh64(bytes.data(), bytes.size(), seed);
}

// 16 lowercase hex digits.
std::string hex64(std::uint64_t value);

}  // namespace gpuarray::jit
