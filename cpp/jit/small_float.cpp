// SPDX-License-Identifier: BSD-3-Clause
#include "jit/small_float.hpp"

#include <cmath>

namespace gpuarray::jit {
namespace {

// A format with `exponent_bits` and `mantissa_bits` (1 + e + m = 16).
SmallFloat round_double(double value, int exponent_bits, int mantissa_bits) {
  const std::uint16_t sign = std::signbit(value) ? std::uint16_t(1u << 15) : 0;
  const std::uint16_t exponent_mask = std::uint16_t(((1u << exponent_bits) - 1) << mantissa_bits);
  if (std::isnan(value)) return {std::uint16_t(sign | exponent_mask | (1u << (mantissa_bits - 1))), false};
  if (std::isinf(value)) return {std::uint16_t(sign | exponent_mask), false};
  double magnitude = std::fabs(value);
  if (magnitude == 0) return {sign, false};

  const int bias = (1 << (exponent_bits - 1)) - 1;
  const int min_exponent = 1 - bias;
  int exponent = 0;
  std::frexp(magnitude, &exponent);  // magnitude = f * 2^exponent, 0.5 <= f < 1
  exponent -= 1;                     // now 1 <= magnitude / 2^exponent < 2
  // Units of the last place: 2^(e - m) for normals, fixed below the normal range.
  int quantum = (exponent < min_exponent ? min_exponent : exponent) - mantissa_bits;
  // Exact scaling by a power of two, then round-half-even (the default mode).
  double units = std::nearbyint(std::ldexp(magnitude, -quantum));
  // Subnormals encode `units` directly; a normal adds its biased exponent. A
  // carry out of the mantissa lands in the exponent field, which is correct.
  double encoded = exponent < min_exponent
                       ? units
                       : std::ldexp(double(exponent + bias), mantissa_bits) + (units - std::ldexp(1.0, mantissa_bits));
  if (encoded >= double(exponent_mask)) return {std::uint16_t(sign | exponent_mask), true};
  return {std::uint16_t(sign | std::uint16_t(encoded)), false};
}

}  // namespace

SmallFloat double_to_half(double value) { return round_double(value, 5, 10); }
SmallFloat double_to_bfloat16(double value) { return round_double(value, 8, 7); }

}  // namespace gpuarray::jit
