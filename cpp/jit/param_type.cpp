// SPDX-License-Identifier: BSD-3-Clause
#include "jit/param_type.hpp"

#include <algorithm>
#include <limits>

#include "jit/cxx_tokens.hpp"

namespace gpuarray::jit {
namespace {

using Tokens = std::vector<std::string_view>;

// Aliases of aliases resolve this deep at most (guards against cycles).
constexpr int kMaxAliasDepth = 8;

bool is_qualifier(std::string_view t) {
  static const std::string_view kQualifiers[] = {
      "const", "volatile", "__restrict__", "__restrict", "restrict", "struct", "class", "union",
      "typename", "__grid_constant__", "register"};
  return std::find(std::begin(kQualifiers), std::end(kQualifiers), t) != std::end(kQualifiers);
}

struct NamedType {
  std::string_view name;
  ParamKind kind;
  int size;
};

// Types known by name, after namespace qualification is dropped.
const NamedType kNamedTypes[] = {
    {"int8_t", ParamKind::SignedInt, 1},     {"int16_t", ParamKind::SignedInt, 2},
    {"int32_t", ParamKind::SignedInt, 4},    {"int64_t", ParamKind::SignedInt, 8},
    {"uint8_t", ParamKind::UnsignedInt, 1},  {"uint16_t", ParamKind::UnsignedInt, 2},
    {"uint32_t", ParamKind::UnsignedInt, 4}, {"uint64_t", ParamKind::UnsignedInt, 8},
    {"intptr_t", ParamKind::SignedInt, 8},   {"uintptr_t", ParamKind::UnsignedInt, 8},
    {"ptrdiff_t", ParamKind::SignedInt, 8},  {"ssize_t", ParamKind::SignedInt, 8},
    {"size_t", ParamKind::UnsignedInt, 8},   {"cudaTextureObject_t", ParamKind::UnsignedInt, 8},
    {"cudaSurfaceObject_t", ParamKind::UnsignedInt, 8}, {"__half", ParamKind::Half, 2},
    {"half", ParamKind::Half, 2},            {"__nv_bfloat16", ParamKind::BFloat16, 2},
    {"nv_bfloat16", ParamKind::BFloat16, 2}, {"float2", ParamKind::Complex, 8},
    {"cuFloatComplex", ParamKind::Complex, 8}, {"cuComplex", ParamKind::Complex, 8},
    {"double2", ParamKind::Complex, 16},     {"cuDoubleComplex", ParamKind::Complex, 16},
};

// signed/unsigned/char/short/int/long/float/double/bool combinations.
bool classify_builtin(const Tokens& words, ParamType& out) {
  int longs = 0, shorts = 0, chars = 0, ints = 0, floats = 0, doubles = 0, bools = 0;
  bool is_unsigned = false, is_signed = false;
  for (std::string_view w : words) {
    if (w == "long") ++longs;
    else if (w == "short") ++shorts;
    else if (w == "char") ++chars;
    else if (w == "int") ++ints;
    else if (w == "float") ++floats;
    else if (w == "double") ++doubles;
    else if (w == "bool") ++bools;
    else if (w == "unsigned") is_unsigned = true;
    else if (w == "signed") is_signed = true;
    else return false;
  }
  if (floats + doubles + bools > 0) {
    if (words.size() != 1) return false;  // "long double" and the like: not convertible
    out.kind = bools ? ParamKind::Bool : ParamKind::Float;
    out.size = bools ? 1 : floats ? 4 : 8;
    return true;
  }
  if (chars) {
    out.size = 1;
    // Plain char follows the host ABI, which NVRTC's device code shares.
    bool char_signed = is_signed || (!is_unsigned && std::numeric_limits<char>::is_signed);
    out.kind = char_signed ? ParamKind::SignedInt : ParamKind::UnsignedInt;
    return true;
  }
  out.size = shorts ? 2 : longs >= 2 ? 8 : longs == 1 ? static_cast<int>(sizeof(long)) : 4;
  out.kind = is_unsigned ? ParamKind::UnsignedInt : ParamKind::SignedInt;
  return true;
}

ParamType classify(const Tokens& tokens, const TypeAliases& aliases, int depth) {
  ParamType type;
  type.spelling = join_tokens(tokens);
  type.kind = ParamKind::Struct;
  for (std::string_view t : tokens)
    if (t == "*" || t == "&" || t == "[") {
      type.kind = ParamKind::Pointer;
      type.size = 8;
      return type;
    }
  Tokens words;
  for (std::string_view t : tokens)
    if (!is_qualifier(t)) words.push_back(t);

  auto open = std::find(words.begin(), words.end(), "<");
  if (open != words.end()) {
    // complex<float> and complex<double> in any namespace; other templates are structs.
    if (open != words.begin() && *(open - 1) == "complex" && words.end() - open == 3 && words.back() == ">") {
      std::string_view value = *(open + 1);
      if (value == "float" || value == "double") {
        type.kind = ParamKind::Complex;
        type.size = value == "float" ? 8 : 16;
      }
    }
    return type;
  }
  // Namespace qualification does not change what a name means here.
  auto last_scope = std::find(words.rbegin(), words.rend(), "::");
  if (last_scope != words.rend()) words.erase(words.begin(), last_scope.base());
  if (words.empty()) return type;

  if (words.size() == 1) {
    for (const auto& named : kNamedTypes)
      if (words[0] == named.name) {
        type.kind = named.kind;
        type.size = named.size;
        return type;
      }
    auto alias = aliases.find(std::string(words[0]));
    if (alias != aliases.end() && depth < kMaxAliasDepth) {
      ParamType resolved = classify(alias->second, aliases, depth + 1);
      resolved.spelling = type.spelling;
      return resolved;
    }
  }
  ParamType builtin;
  if (classify_builtin(words, builtin)) {
    builtin.spelling = type.spelling;
    return builtin;
  }
  return type;
}

}  // namespace

const char* param_kind_name(ParamKind kind) {
  switch (kind) {
    case ParamKind::Pointer: return "pointer";
    case ParamKind::SignedInt: return "int";
    case ParamKind::UnsignedInt: return "uint";
    case ParamKind::Bool: return "bool";
    case ParamKind::Float: return "float";
    case ParamKind::Half: return "half";
    case ParamKind::BFloat16: return "bfloat16";
    case ParamKind::Complex: return "complex";
    case ParamKind::Struct: return "struct";
    case ParamKind::Undeclared: return "undeclared";
  }
  return "unknown";
}

ParamType classify_type(const std::vector<std::string_view>& tokens, const TypeAliases& aliases) {
  return classify(tokens, aliases, 0);
}

}  // namespace gpuarray::jit
