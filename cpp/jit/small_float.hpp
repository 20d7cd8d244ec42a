// SPDX-License-Identifier: BSD-3-Clause
// double to the 16-bit float formats, rounded to nearest-even in one step
// (going through float would round twice, and differ from NumPy).
#pragma once
#include <cstdint>

namespace gpuarray::jit {

struct SmallFloat {
  std::uint16_t bits;
  bool overflow;  // a finite value rounded to infinity
};

SmallFloat double_to_half(double value);      // IEEE binary16 (__half, numpy.float16)
SmallFloat double_to_bfloat16(double value);  // bfloat16 (__nv_bfloat16)

}  // namespace gpuarray::jit
