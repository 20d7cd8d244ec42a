// SPDX-License-Identifier: BSD-3-Clause
// Just enough C++ lexing to read kernel declarations: comments, string and
// character literals and preprocessor lines are blanked out, then the text
// splits into identifiers, numbers, "::" and single punctuation characters.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace gpuarray::jit {

// The source with comments, preprocessor directives and the contents of
// string and character literals replaced by spaces (offsets are kept).
std::string blank_non_code(std::string_view source);

std::vector<std::string_view> tokenize(std::string_view code);

bool is_identifier(std::string_view token);

// Tokens joined the way people write types: "const float*", "ga::complex<float>".
std::string join_tokens(const std::vector<std::string_view>& tokens);

}  // namespace gpuarray::jit
