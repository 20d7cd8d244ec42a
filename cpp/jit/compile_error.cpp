// SPDX-License-Identifier: BSD-3-Clause
#include "jit/compile_error.hpp"

#include <cstdio>

namespace gpuarray::jit {
namespace {

std::string message(const std::string& log, const std::string& source,
                    const std::vector<std::string>& options, const std::string& name) {
  std::string m = log;
  while (!m.empty() && (m.back() == '\n' || m.back() == '\0')) m.pop_back();
  m += "\n\nCompilation of '" + name + "' failed; options:";
  for (const auto& o : options) m += " " + o;
  m += "\nSource:\n" + number_lines(source);
  return m;
}

}  // namespace

std::string number_lines(const std::string& text) {
  std::string out;
  std::size_t line = 1, start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    if (end == text.size() && start == end && line > 1) break;  // no empty line after a final newline
    char number[16];
    std::snprintf(number, sizeof number, "%5zu | ", line++);
    out += number;
    out.append(text, start, end - start);
    out += '\n';
    start = end + 1;
  }
  return out;
}

CompileError::CompileError(std::string log, std::string source, std::vector<std::string> options, std::string name)
    : std::runtime_error(message(log, source, options, name)),
      log_(std::move(log)),
      source_(std::move(source)),
      options_(std::move(options)),
      name_(std::move(name)) {}

std::string CompileError::numbered_source() const { return number_lines(source_); }

}  // namespace gpuarray::jit
