// SPDX-License-Identifier: BSD-3-Clause
// The dtypes gpuarray supports: NumPy's numeric types, and bfloat16 as the
// ml_dtypes package defines it for NumPy (Note [bfloat16]). Everything about a
// dtype (size, NumPy type char, C++ name for generated code) comes from one table.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace gpuarray {

enum class DType : std::uint8_t {
  Bool, Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64,
  Float16, Float32, Float64, Complex64, Complex128,
  BFloat16,  // last, so that NumPy's types keep their indices in every table
};
inline constexpr int kNumDTypes = 15;

enum class DTypeKind : std::uint8_t { Bool, SignedInt, UnsignedInt, Float, Complex };

struct DTypeInfo {
  DType dtype;
  const char* name;      // NumPy's name: "float32"
  char type_char;        // NumPy's dtype.char: 'f'
  int itemsize;          // bytes
  DTypeKind kind;
  const char* cpp_name;  // the type in generated device code
};

const DTypeInfo& dtype_info(DType dt);
inline int itemsize(DType dt) { return dtype_info(dt).itemsize; }
inline const char* dtype_name(DType dt) { return dtype_info(dt).name; }

// Note [bfloat16]
// bfloat16 is ml_dtypes' (the package JAX and TensorFlow use for NumPy),
// whose dtype.char is 'E'. Its rules, which gpuarray follows:
// - Casts: bool, int8 and uint8 go to it safely, it goes safely to float32,
//   float64 and complex; float16 and it do not cast safely either way. So
//   bfloat16 with int8 stays bfloat16, with int16 or float16 it is float32.
// - Values convert through float32 (ml_dtypes casts that way, so a float64
//   is rounded twice), and arithmetic is done in float32 and rounded once
//   per operation, as float16's is.
// - Every ufunc loop with float16 has a bfloat16 twin ('ee->e', 'EE->E'),
//   after NumPy's loops, which keep their indices; `ufunc.types` leaves the
//   twins out, as NumPy's does (ml_dtypes registers its loops apart from
//   that list). Resolution tries the twins first when an input is bfloat16,
//   which picks what a twin placed right after its float16 loop would: no
//   other input reaches a bfloat16 loop before a float16 one.
// - A Python float with a bfloat16 array stays bfloat16, as with float16
//   (NEP 50's weak scalars, and PyTorch's and JAX's rule); NumPy with
//   ml_dtypes gives float32 there, as its loops know no weak scalars.
// 16-bit floats are computed in float32 in generated code: these name the
// conversions (cuda_fp16.h and cuda_bf16.h) and the header that declares them.
inline bool is_small_float(DType dt) { return dt == DType::Float16 || dt == DType::BFloat16; }
const char* small_float_to_float(DType dt);    // "__half2float"
const char* small_float_from_float(DType dt);  // "__float2half_rn"
const char* small_float_header(DType dt);      // "gpuarray/half.cuh"

// NumPy's dtype.char ('?', 'b', 'h', 'i', 'l', 'q', 'B', ..., 'e', 'f', 'd', 'F', 'D').
// 'l'/'L' and 'q'/'Q' both map to 64-bit integers (LP64); the table holds
// 'l'/'L' so that a.dtype.type is numpy.int64 (NumPy prints 'q' arrays with a
// dtype suffix). Other chars give nullopt.
std::optional<DType> dtype_from_char(char c);

// A short code for kernel names: NumPy's dtype.str without the byte order
// (f4, i8, c16, b1), and bf2 for bfloat16, whose NumPy str (V2) says nothing.
std::string dtype_code(DType dt);

}  // namespace gpuarray
