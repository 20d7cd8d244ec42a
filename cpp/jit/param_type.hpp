// SPDX-License-Identifier: BSD-3-Clause
// What a kernel parameter's declared type means for argument conversion:
// a pointer, an integer of some size and signedness, a float, a complex, or
// a type we only know by size.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace gpuarray::jit {

enum class ParamKind : std::uint8_t {
  Pointer,      // any pointer or array parameter: a device address
  SignedInt,
  UnsignedInt,
  Bool,
  Float,        // float, double
  Half,         // __half
  BFloat16,     // __nv_bfloat16
  Complex,      // ga::complex<T>, complex<T>, cuComplex, float2, double2, ...
  Struct,       // declared, but not a type Python scalars convert to
  Undeclared,   // no declaration was found: only the size is known
};

struct ParamType {
  ParamKind kind = ParamKind::Undeclared;
  int size = 0;          // bytes; 0 for a struct until the runtime reports it
  std::string spelling;  // as declared ("const float*"); empty when undeclared
};

// "pointer", "int", "uint", "bool", "float", "half", "bfloat16", "complex", "struct", "undeclared".
const char* param_kind_name(ParamKind kind);

// typedef and using names declared in a source, to the tokens they stand for.
using TypeAliases = std::unordered_map<std::string, std::vector<std::string_view>>;

// The parameter type spelled by `tokens` (no parameter name), e.g.
// {"const", "float", "*", "__restrict__"} or {"ga", "::", "complex", "<", "float", ">"}.
ParamType classify_type(const std::vector<std::string_view>& tokens, const TypeAliases& aliases = {});

}  // namespace gpuarray::jit
