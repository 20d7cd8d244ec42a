// SPDX-License-Identifier: BSD-3-Clause
#include "core/dtype.hpp"

namespace gpuarray {
namespace {
using K = DTypeKind;
constexpr DTypeInfo kTable[kNumDTypes] = {
    {DType::Bool, "bool", '?', 1, K::Bool, "bool"},
    {DType::Int8, "int8", 'b', 1, K::SignedInt, "signed char"},
    {DType::Int16, "int16", 'h', 2, K::SignedInt, "short"},
    {DType::Int32, "int32", 'i', 4, K::SignedInt, "int"},
    {DType::Int64, "int64", 'l', 8, K::SignedInt, "long long"},
    {DType::UInt8, "uint8", 'B', 1, K::UnsignedInt, "unsigned char"},
    {DType::UInt16, "uint16", 'H', 2, K::UnsignedInt, "unsigned short"},
    {DType::UInt32, "uint32", 'I', 4, K::UnsignedInt, "unsigned int"},
    {DType::UInt64, "uint64", 'L', 8, K::UnsignedInt, "unsigned long long"},
    {DType::Float16, "float16", 'e', 2, K::Float, "__half"},
    {DType::Float32, "float32", 'f', 4, K::Float, "float"},
    {DType::Float64, "float64", 'd', 8, K::Float, "double"},
    {DType::Complex64, "complex64", 'F', 8, K::Complex, "ga::complex<float>"},
    {DType::Complex128, "complex128", 'D', 16, K::Complex, "ga::complex<double>"},
    {DType::BFloat16, "bfloat16", 'E', 2, K::Float, "__nv_bfloat16"},
};
}  // namespace

const DTypeInfo& dtype_info(DType dt) { return kTable[static_cast<int>(dt)]; }

const char* small_float_to_float(DType dt) { return dt == DType::BFloat16 ? "__bfloat162float" : "__half2float"; }

const char* small_float_from_float(DType dt) {
  return dt == DType::BFloat16 ? "__float2bfloat16_rn" : "__float2half_rn";
}

const char* small_float_header(DType dt) {
  return dt == DType::BFloat16 ? "gpuarray/bfloat16.cuh" : "gpuarray/half.cuh";
}

std::string dtype_code(DType dt) {
  const DTypeInfo& info = dtype_info(dt);
  if (dt == DType::BFloat16) return "bf2";
  const char kind = info.kind == K::Bool          ? 'b'
                    : info.kind == K::SignedInt   ? 'i'
                    : info.kind == K::UnsignedInt ? 'u'
                    : info.kind == K::Float       ? 'f'
                                                  : 'c';
  return kind + std::to_string(info.itemsize);
}

std::optional<DType> dtype_from_char(char c) {
  switch (c) {
    case 'q': return DType::Int64;
    case 'Q': return DType::UInt64;
    default: break;
  }
  for (const auto& info : kTable)
    if (info.type_char == c) return info.dtype;
  return std::nullopt;
}

}  // namespace gpuarray
