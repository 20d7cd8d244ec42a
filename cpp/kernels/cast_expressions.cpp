// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/cast_expressions.hpp"

#include <array>

namespace gpuarray {
namespace {

// How a value of a dtype is converted from; the 16-bit floats and complex
// need their own spelling, and the precision of the source picks the float16
// conversion.
enum SourceClass { kFromBool, kFromInt, kFromHalf, kFromFloat, kFromDouble, kFromComplexF, kFromComplexD, kNumSources };
// What a conversion produces: bool, a C arithmetic type, __half, complex, __nv_bfloat16.
enum TargetClass { kToBool, kToArithmetic, kToHalf, kToComplex, kToBFloat16, kNumTargets };

SourceClass source_class(DType dt) {
  switch (dtype_info(dt).kind) {
    case DTypeKind::Bool: return kFromBool;
    case DTypeKind::SignedInt:
    case DTypeKind::UnsignedInt: return kFromInt;
    case DTypeKind::Float: return is_small_float(dt) ? kFromHalf : dt == DType::Float32 ? kFromFloat : kFromDouble;
    case DTypeKind::Complex: return dt == DType::Complex64 ? kFromComplexF : kFromComplexD;
  }
  return kFromInt;
}

TargetClass target_class(DType dt) {
  switch (dtype_info(dt).kind) {
    case DTypeKind::Bool: return kToBool;
    case DTypeKind::Float:
      return dt == DType::Float16 ? kToHalf : dt == DType::BFloat16 ? kToBFloat16 : kToArithmetic;
    case DTypeKind::Complex: return kToComplex;
    default: return kToArithmetic;
  }
}

// Placeholders: $v the value, $T the target's C++ type, $R a complex
// target's real type, $F the source's 16-bit-float-to-float conversion. Notes on the semantics:
//  - to bool: nonzero is true; NaN is true; a complex is true if either part is.
//  - float to integer: C conversion, i.e. CUDA's cvt.rzi: truncation toward
//    zero, saturation at the 32/64-bit integer range, NaN to 0, then narrow
//    types keep the low bits (NumPy leaves out-of-range undefined).
//  - complex to real: the real part (NumPy also warns ComplexWarning).
//  - float16 goes through float; from double in one correctly rounded step.
//    Integers through float are exact: below 2^24 they are exact in float,
//    above it float16 is inf either way.
//  - bfloat16 goes through float from every type, as ml_dtypes converts
//    (Note [bfloat16]): a double or a large integer is rounded twice.
constexpr const char* kCastTable[kNumTargets][kNumSources] = {
    // kToBool
    {"$v", "($v != 0)", "($F($v) != 0.0f)", "($v != 0)", "($v != 0)",
     "(($v).real() != 0 || ($v).imag() != 0)", "(($v).real() != 0 || ($v).imag() != 0)"},
    // kToArithmetic
    {"($T)($v)", "($T)($v)", "($T)$F($v)", "($T)($v)", "($T)($v)", "($T)($v).real()", "($T)($v).real()"},
    // kToHalf
    {"__float2half_rn((float)($v))", "__float2half_rn((float)($v))", "__float2half_rn($F($v))", "__float2half_rn($v)",
     "__double2half($v)",
     "__float2half_rn(($v).real())", "__double2half(($v).real())"},
    // kToComplex
    {"$T(($R)($v), ($R)0)", "$T(($R)($v), ($R)0)", "$T(($R)$F($v), ($R)0)", "$T(($R)($v), ($R)0)",
     "$T(($R)($v), ($R)0)", "$T(($R)($v).real(), ($R)($v).imag())", "$T(($R)($v).real(), ($R)($v).imag())"},
    // kToBFloat16
    {"__float2bfloat16_rn((float)($v))", "__float2bfloat16_rn((float)($v))", "__float2bfloat16_rn($F($v))",
     "__float2bfloat16_rn($v)", "__float2bfloat16_rn((float)($v))", "__float2bfloat16_rn(($v).real())",
     "__float2bfloat16_rn((float)($v).real())"},
};

std::string expand(const char* pattern, const std::string& value, DType src, DType dst) {
  const char* real = dst == DType::Complex64 ? "float" : "double";
  std::string out;
  for (const char* c = pattern; *c; ++c) {
    if (*c != '$') {
      out += *c;
      continue;
    }
    ++c;
    if (*c == 'v') out += value;
    else if (*c == 'T') out += dtype_info(dst).cpp_name;
    else if (*c == 'R') out += real;
    else if (*c == 'F') out += small_float_to_float(src);
  }
  return out;
}

template <typename Make>
std::array<ElementwiseOp, kNumDTypes> ops_by_dtype(Make make) {
  std::array<ElementwiseOp, kNumDTypes> ops;
  for (int i = 0; i < kNumDTypes; ++i) ops[i] = make(static_cast<DType>(i));
  return ops;
}

std::string code(DType dt) { return dtype_info(dt).name; }

}  // namespace

std::string cast_expression(DType src, DType dst, const std::string& value) {
  if (src == dst) return value;
  return expand(kCastTable[target_class(dst)][source_class(src)], value, src, dst);
}

const ElementwiseOp& cast_op(DType src, DType dst) {
  static const std::array<std::array<ElementwiseOp, kNumDTypes>, kNumDTypes> ops = [] {
    std::array<std::array<ElementwiseOp, kNumDTypes>, kNumDTypes> table;
    for (int s = 0; s < kNumDTypes; ++s)
      table[s] = ops_by_dtype([s](DType d) {
        const DType from = static_cast<DType>(s);
        const std::string name = from == d ? "copy_" + code(d) : "cast_" + code(from) + "_" + code(d);
        return ElementwiseOp::make(name, "out0 = " + cast_expression(from, d, "in0") + ";");
      });
    return table;
  }();
  return ops[static_cast<int>(src)][static_cast<int>(dst)];
}

const ElementwiseOp& fill_op(DType dst) {
  static const std::array<ElementwiseOp, kNumDTypes> ops =
      ops_by_dtype([](DType d) { return ElementwiseOp::make("fill_" + code(d), "out0 = s0;"); });
  return ops[static_cast<int>(dst)];
}

}  // namespace gpuarray
