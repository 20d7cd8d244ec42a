// SPDX-License-Identifier: BSD-3-Clause
// A kernel that does not compile. what() puts the compiler's log first (that
// is what the user needs), then the options and the source with line numbers
// so that the log's "kernel.cu(12): error" can be read against it.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

namespace gpuarray::jit {

class CompileError : public std::runtime_error {
 public:
  CompileError(std::string log, std::string source, std::vector<std::string> options, std::string name);

  const std::string& log() const { return log_; }
  const std::string& source() const { return source_; }
  const std::vector<std::string>& options() const { return options_; }
  const std::string& name() const { return name_; }
  // The source with a right-aligned line number before each line.
  std::string numbered_source() const;

 private:
  std::string log_;
  std::string source_;
  std::vector<std::string> options_;
  std::string name_;
};

// "    1 | first line\n    2 | second line\n"
std::string number_lines(const std::string& text);

}  // namespace gpuarray::jit
