// SPDX-License-Identifier: BSD-3-Clause
#include "jit/cxx_tokens.hpp"

#include <cctype>

namespace gpuarray::jit {
namespace {

bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

std::string blank_non_code(std::string_view source) {
  std::string out(source);
  std::size_t i = 0, n = out.size();
  bool line_start = true;  // only whitespace since the last newline
  auto blank = [&](std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to && k < n; ++k)
      if (out[k] != '\n') out[k] = ' ';
  };
  while (i < n) {
    char c = out[i];
    if (c == '/' && i + 1 < n && out[i + 1] == '/') {
      std::size_t end = out.find('\n', i);
      end = end == std::string::npos ? n : end;
      blank(i, end);
      i = end;
    } else if (c == '/' && i + 1 < n && out[i + 1] == '*') {
      std::size_t end = out.find("*/", i + 2);
      end = end == std::string::npos ? n : end + 2;
      blank(i, end);
      i = end;
    } else if (c == '#' && line_start) {
      // A directive runs to the first newline not escaped by a backslash.
      std::size_t end = i;
      while (end < n && !(out[end] == '\n' && out[end - 1] != '\\')) ++end;
      blank(i, end);
      i = end;
    } else if (c == '"' || c == '\'') {
      std::size_t end = i + 1;
      while (end < n && out[end] != c && out[end] != '\n') end += out[end] == '\\' ? 2 : 1;
      blank(i + 1, end);
      i = end + 1;
      line_start = false;
      continue;
    } else {
      ++i;
    }
    if (c == '\n') line_start = true;
    else if (!std::isspace(static_cast<unsigned char>(c))) line_start = false;
  }
  return out;
}

std::vector<std::string_view> tokenize(std::string_view code) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0, n = code.size();
  while (i < n) {
    char c = code[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (is_ident_start(c) || std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t start = i;
      while (i < n && (is_ident_char(code[i]) || code[i] == '.')) ++i;
      tokens.push_back(code.substr(start, i - start));
    } else if (c == ':' && i + 1 < n && code[i + 1] == ':') {
      tokens.push_back(code.substr(i, 2));
      i += 2;
    } else {
      tokens.push_back(code.substr(i++, 1));
    }
  }
  return tokens;
}

bool is_identifier(std::string_view token) { return !token.empty() && is_ident_start(token[0]); }

std::string join_tokens(const std::vector<std::string_view>& tokens) {
  std::string out;
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    std::string_view t = tokens[k];
    bool glue_left = t == "*" || t == "&" || t == "::" || t == "<" || t == ">" || t == "," || t == "[" || t == "]";
    bool after_glue = k > 0 && (tokens[k - 1] == "::" || tokens[k - 1] == "<" || tokens[k - 1] == "[" || tokens[k - 1] == ",");
    if (!out.empty() && !glue_left && !after_glue) out += ' ';
    out += t;
    if (t == ",") out += ' ';
  }
  return out;
}

}  // namespace gpuarray::jit
