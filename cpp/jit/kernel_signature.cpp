// SPDX-License-Identifier: BSD-3-Clause
#include "jit/kernel_signature.hpp"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

#include "jit/cxx_tokens.hpp"

namespace gpuarray::jit {
namespace {

using Tokens = std::vector<std::string_view>;

bool is_opening(std::string_view t) { return t == "(" || t == "<" || t == "[" || t == "{"; }
bool is_closing(std::string_view t) { return t == ")" || t == ">" || t == "]" || t == "}"; }

// The index of the bracket closing tokens[open], or tokens.size().
std::size_t matching_close(const Tokens& tokens, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < tokens.size(); ++i) {
    if (tokens[i] == tokens[open]) ++depth;
    else if ((tokens[open] == "(" && tokens[i] == ")") || (tokens[open] == "<" && tokens[i] == ">") ||
             (tokens[open] == "[" && tokens[i] == "]") || (tokens[open] == "{" && tokens[i] == "}"))
      if (--depth == 0) return i;
  }
  return tokens.size();
}

// Splits tokens[begin, end) at top-level commas.
std::vector<Tokens> split_params(const Tokens& tokens, std::size_t begin, std::size_t end) {
  std::vector<Tokens> params(1);
  int depth = 0;
  for (std::size_t i = begin; i < end; ++i) {
    if (is_opening(tokens[i])) ++depth;
    else if (is_closing(tokens[i])) --depth;
    if (depth == 0 && tokens[i] == ",") params.emplace_back();
    else params.back().push_back(tokens[i]);
  }
  if (params.size() == 1 && (params[0].empty() || (params[0].size() == 1 && params[0][0] == "void"))) return {};
  return params;
}

// Drops attributes (__attribute__((...)), [[...]], alignas(...), __align__(...))
// and a default argument.
Tokens drop_attributes_and_default(const Tokens& param) {
  Tokens out;
  for (std::size_t i = 0; i < param.size(); ++i) {
    std::string_view t = param[i];
    if (t == "=") break;
    if ((t == "__attribute__" || t == "alignas" || t == "__align__" || t == "__declspec") && i + 1 < param.size() &&
        param[i + 1] == "(") {
      i = matching_close(param, i + 1);
    } else if (t == "[" && i + 1 < param.size() && param[i + 1] == "[") {
      i = matching_close(param, i);
    } else {
      out.push_back(t);
    }
  }
  return out;
}

bool is_type_keyword(std::string_view t) {
  static const std::string_view kKeywords[] = {
      "void", "bool", "char", "short", "int", "long", "float", "double", "signed", "unsigned",
      "const", "volatile", "__restrict__", "__restrict", "restrict", "struct", "class", "union", "typename"};
  for (std::string_view k : kKeywords)
    if (t == k) return true;
  return false;
}

ParamDecl parse_param(const Tokens& raw, const TypeAliases& aliases) {
  Tokens tokens = drop_attributes_and_default(raw);
  ParamDecl decl;
  // An array parameter ("float x[4]") is a pointer.
  std::size_t bracket = 0;
  while (bracket < tokens.size() && tokens[bracket] != "[") ++bracket;
  bool is_array = bracket < tokens.size();
  tokens.resize(bracket);
  // The last identifier names the parameter when a type comes before it.
  std::size_t type_words = 0;
  for (std::string_view t : tokens)
    if (t != "const" && t != "volatile" && t != "__grid_constant__") ++type_words;
  if (tokens.size() >= 2 && is_identifier(tokens.back()) && !is_type_keyword(tokens.back()) && type_words >= 2 &&
      tokens[tokens.size() - 2] != "::") {
    decl.name = std::string(tokens.back());
    tokens.pop_back();
  }
  if (is_array) tokens.push_back("*");
  decl.type = classify_type(tokens, aliases);
  return decl;
}

// typedef T Name; and using Name = T; anywhere in the source.
TypeAliases collect_aliases(const Tokens& tokens) {
  TypeAliases aliases;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i] != "typedef" && tokens[i] != "using") continue;
    std::size_t end = i + 1;
    bool plain = true;  // no braces or parentheses: not a struct body or function type
    while (end < tokens.size() && tokens[end] != ";") {
      if (tokens[end] == "{" || tokens[end] == "(") plain = false;
      ++end;
    }
    if (!plain || end >= tokens.size()) continue;
    if (tokens[i] == "typedef" && end - i >= 3 && is_identifier(tokens[end - 1])) {
      aliases[std::string(tokens[end - 1])] = Tokens(tokens.begin() + i + 1, tokens.begin() + end - 1);
    } else if (tokens[i] == "using" && end - i >= 4 && is_identifier(tokens[i + 1]) && tokens[i + 2] == "=") {
      aliases[std::string(tokens[i + 1])] = Tokens(tokens.begin() + i + 3, tokens.begin() + end);
    }
    i = end;
  }
  return aliases;
}

}  // namespace

std::string describe_param(const ParamDecl& param) {
  if (param.type.kind == ParamKind::Undeclared) return std::to_string(param.type.size) + "-byte parameter";
  return param.name.empty() ? param.type.spelling : param.type.spelling + " " + param.name;
}

std::optional<KernelSignature> parse_kernel_signature(std::string_view source, std::string_view name) {
  std::string code = blank_non_code(source);
  Tokens tokens = tokenize(code);
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
    if (tokens[i] != name || tokens[i + 1] != "(") continue;
    // The declaration starts after the previous statement or brace.
    bool is_global = false, is_template = false;
    for (std::size_t k = i; k-- > 0;) {
      std::string_view t = tokens[k];
      if (t == ";" || t == "{" || t == "}") break;
      if (t == "__global__") is_global = true;
      if (t == "template") is_template = true;
    }
    if (!is_global || is_template) continue;
    std::size_t close = matching_close(tokens, i + 1);
    if (close == tokens.size()) return std::nullopt;
    TypeAliases aliases = collect_aliases(tokens);
    KernelSignature signature;
    for (const Tokens& param : split_params(tokens, i + 2, close))
      signature.params.push_back(parse_param(param, aliases));
    return signature;
  }
  return std::nullopt;
}

std::string demangle(const std::string& mangled) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> text(abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status),
                                              std::free);
  return status == 0 && text ? std::string(text.get()) : std::string();
}

std::optional<KernelSignature> signature_from_mangled_name(const std::string& mangled) {
  std::string text = demangle(mangled);
  Tokens tokens = tokenize(text);
  if (tokens.empty() || tokens.back() != ")") return std::nullopt;
  // The parameter list is the last top-level parenthesized group.
  int depth = 0;
  std::size_t open = tokens.size();
  for (std::size_t k = tokens.size(); k-- > 0;) {
    if (tokens[k] == ")") ++depth;
    else if (tokens[k] == "(" && --depth == 0) {
      open = k;
      break;
    }
  }
  if (open == tokens.size()) return std::nullopt;
  KernelSignature signature;
  for (const Tokens& param : split_params(tokens, open + 1, tokens.size() - 1))
    signature.params.push_back(ParamDecl{classify_type(param), ""});
  return signature;
}

}  // namespace gpuarray::jit
