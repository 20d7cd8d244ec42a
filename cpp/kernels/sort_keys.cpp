// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/sort_keys.hpp"

#include <array>
#include <stdexcept>
#include <string>

namespace gpuarray {
namespace {

// Sign bit and +inf bit pattern of a number of `bytes` bytes, as C++ literals
// (+inf only for the float sizes 2, 4 and 8; bfloat16's own for `bfloat16`).
struct FloatBits {
  std::string sign;
  std::string inf;
};

FloatBits float_bits(int bytes, bool bfloat16 = false) {
  const std::string sign = std::to_string(1ull << (8 * bytes - 1)) + "ull";
  switch (bytes) {
    case 2: return {sign, bfloat16 ? "0x7f80ull" : "0x7c00ull"};
    case 4: return {sign, "0x7f800000ull"};
    case 8: return {sign, "0x7ff0000000000000ull"};
  }
  return {sign, ""};
}

// Statements computing the key `out` of the float bits `in` (both of type T).
std::string float_key(const std::string& in, const std::string& out, const FloatBits& bits, bool canonical_zero) {
  const std::string sign = std::string("(T)") + bits.sign;
  std::string s = "{ const T mag = (T)(" + in + " & (T)(" + sign + " - 1)); ";
  s += "if (mag > (T)" + bits.inf + ") " + out + " = (T)~(T)0; ";  // every NaN: the largest key
  if (canonical_zero) s += "else if (mag == 0) " + out + " = " + sign + "; ";   // -0.0 sorts as +0.0
  s += "else " + out + " = (" + in + " & " + sign + ") ? (T)~" + in + " : (T)(" + in + " | " + sign + "); }";
  return s;
}

ElementwiseOp make_key_op(DType dt, bool canonical_zero) {
  const DTypeInfo& info = dtype_info(dt);
  const std::string name = "sort_key_" + std::string(dtype_name(dt)) + (canonical_zero ? "_z" : "");
  const std::string typedef_t = "typedef out0_type T; ";
  switch (info.kind) {
    case DTypeKind::Bool:
    case DTypeKind::UnsignedInt:
      return ElementwiseOp::make(name, "out0 = in0;");
    case DTypeKind::SignedInt:
      return ElementwiseOp::make(name, typedef_t + "out0 = (T)(in0 ^ (T)" + float_bits(info.itemsize).sign + ");");
    case DTypeKind::Float:
      return ElementwiseOp::make(name, typedef_t + float_key("in0", "out0", float_bits(info.itemsize, dt == DType::BFloat16), canonical_zero));
    case DTypeKind::Complex: break;
  }
  throw std::invalid_argument(std::string("sort_key_op: complex ") + info.name + " has three keys");
}

ElementwiseOp make_inverse_op(DType dt) {
  const DTypeInfo& info = dtype_info(dt);
  const std::string name = "sort_key_inverse_" + std::string(dtype_name(dt));
  const std::string sign = std::string("(T)") + float_bits(info.itemsize).sign;
  switch (info.kind) {
    case DTypeKind::Bool:
    case DTypeKind::UnsignedInt:
      return ElementwiseOp::make(name, "out0 = in0;");
    case DTypeKind::SignedInt:
      return ElementwiseOp::make(name, "typedef out0_type T; out0 = (T)(in0 ^ " + sign + ");");
    case DTypeKind::Float:
      return ElementwiseOp::make(name, "typedef out0_type T; out0 = (in0 & " + sign + ") ? (T)(in0 ^ " + sign +
                                           ") : (T)~in0;");
    case DTypeKind::Complex: break;
  }
  throw std::invalid_argument(std::string("sort_key_inverse_op: complex ") + info.name + " has three keys");
}

ElementwiseOp make_complex_op(DType dt) {
  const FloatBits bits = float_bits(itemsize(dt) / 2);
  const std::string inf = std::string("(T)") + bits.inf;
  const std::string sign = std::string("(T)") + bits.sign;
  std::string e = "typedef out1_type T; ";
  e += "const bool real_nan = (T)(in0 & (T)(" + sign + " - 1)) > " + inf + "; ";
  e += "const bool imag_nan = (T)(in1 & (T)(" + sign + " - 1)) > " + inf + "; ";
  e += "out0 = (unsigned char)(2 * real_nan + imag_nan); ";
  e += "out1 = 0; out2 = 0; ";
  e += "if (!real_nan) " + float_key("in0", "out1", bits, true) + " ";
  e += "if (!imag_nan) " + float_key("in1", "out2", bits, true);
  return ElementwiseOp::make("sort_keys_" + std::string(dtype_name(dt)), e);
}

template <typename Make>
std::array<ElementwiseOp, kNumDTypes> ops_by_dtype(Make make) {
  std::array<ElementwiseOp, kNumDTypes> ops;
  for (int i = 0; i < kNumDTypes; ++i) {
    const DType dt = static_cast<DType>(i);
    if (dtype_info(dt).kind != DTypeKind::Complex) ops[i] = make(dt);
  }
  return ops;
}

void check_not_complex(DType dt, const char* what) {
  if (dtype_info(dt).kind == DTypeKind::Complex)
    throw std::invalid_argument(std::string(what) + ": complex " + dtype_name(dt) + " has three keys");
}

}  // namespace

DType unsigned_key_dtype(int bytes) {
  switch (bytes) {
    case 1: return DType::UInt8;
    case 2: return DType::UInt16;
    case 4: return DType::UInt32;
    case 8: return DType::UInt64;
  }
  throw std::invalid_argument("sort keys are 1, 2, 4 or 8 bytes, not " + std::to_string(bytes));
}

int sort_key_bits(DType dt) { return dt == DType::Bool ? 1 : 8 * itemsize(dt); }

const ElementwiseOp& sort_key_op(DType dt, bool canonical_zero) {
  check_not_complex(dt, "sort_key_op");
  static const auto plain = ops_by_dtype([](DType d) { return make_key_op(d, false); });
  static const auto canonical = ops_by_dtype([](DType d) { return make_key_op(d, true); });
  return (canonical_zero ? canonical : plain)[static_cast<int>(dt)];
}

const ElementwiseOp& sort_key_inverse_op(DType dt) {
  check_not_complex(dt, "sort_key_inverse_op");
  static const auto ops = ops_by_dtype(make_inverse_op);
  return ops[static_cast<int>(dt)];
}

const ElementwiseOp& complex_sort_keys_op(DType dt) {
  static const ElementwiseOp c64 = make_complex_op(DType::Complex64);
  static const ElementwiseOp c128 = make_complex_op(DType::Complex128);
  if (dt == DType::Complex64) return c64;
  if (dt == DType::Complex128) return c128;
  throw std::invalid_argument(std::string("complex_sort_keys_op: ") + dtype_name(dt) + " is not complex");
}

}  // namespace gpuarray
