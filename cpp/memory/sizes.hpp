// SPDX-License-Identifier: BSD-3-Clause
// Byte-size helpers shared by the device and pinned pools. Internal to cpp/memory.
#pragma once
#include <cstddef>
#include <string>

namespace gpuarray {

// `n` rounded up to a multiple of `step`; the caller keeps `n` small enough
// not to overflow.
inline std::size_t round_up(std::size_t n, std::size_t step) { return (n + step - 1) / step * step; }

// 1073741824 -> "1,073,741,824": sizes in error messages are read by people.
inline std::string with_commas(std::size_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace gpuarray
