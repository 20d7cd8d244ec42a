// SPDX-License-Identifier: BSD-3-Clause
// What a compilation is asked for and what it produces. A CompiledModule is
// plain bytes, independent of any device, so compilation and the disk cache
// work (and are tested) without a GPU; loading it is a separate step
// (loaded_library.hpp).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuarray::jit {

enum class Backend : std::uint8_t { Nvrtc, Nvcc };
const char* backend_name(Backend backend);

struct CompileRequest {
  std::string source;
  std::vector<std::string> options;           // the user's, as given
  std::vector<std::string> name_expressions;  // C++ names to lower, e.g. "add<float>"
  Backend backend = Backend::Nvrtc;
  std::string name;                           // the kernel or module, for error messages
};

enum class BinaryKind : std::uint8_t { Cubin = 1, Ptx = 2, Fatbin = 3 };
const char* binary_kind_name(BinaryKind kind);

struct CompiledModule {
  BinaryKind kind = BinaryKind::Cubin;
  std::string binary;  // a PTX binary keeps its terminating NUL, as the loader wants
  // (name expression, lowered symbol) for each requested name expression.
  std::vector<std::pair<std::string, std::string>> lowered_names;

  // The symbol of `name_expression`, or nullptr when it was not requested.
  const std::string* lowered_name(std::string_view name_expression) const {
    for (const auto& [expression, lowered] : lowered_names)
      if (expression == name_expression) return &lowered;
    return nullptr;
  }
};

}  // namespace gpuarray::jit
