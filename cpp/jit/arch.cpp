// SPDX-License-Identifier: BSD-3-Clause
#include "jit/arch.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "cuda/device_properties.hpp"
#include "jit/nvrtc_compiler.hpp"

namespace gpuarray::jit {
namespace {

bool parse_number(std::string_view text, int& number, std::string& suffix) {
  std::size_t i = 0;
  number = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && i < 4)
    number = number * 10 + (text[i++] - '0');
  if (i == 0) return false;
  suffix = std::string(text.substr(i));
  return suffix.empty() || suffix == "a" || suffix == "f";
}

std::string capability_list(const std::vector<int>& supported) {
  std::string s;
  for (int a : supported) s += (s.empty() ? "" : ", ") + std::to_string(a / 10) + "." + std::to_string(a % 10);
  return s;
}

}  // namespace

std::string Arch::name() const { return (real ? "sm_" : "compute_") + std::to_string(number) + suffix; }

Arch parse_arch(std::string_view text) {
  Arch arch;
  bool ok;
  if (text.rfind("sm_", 0) == 0) {
    ok = parse_number(text.substr(3), arch.number, arch.suffix);
  } else if (text.rfind("compute_", 0) == 0) {
    arch.real = false;
    ok = parse_number(text.substr(8), arch.number, arch.suffix);
  } else {
    ok = parse_number(text, arch.number, arch.suffix) && arch.suffix.empty();
    if (ok) return arch_for_compute_capability(arch.number, nvrtc_supported_archs());
  }
  if (!ok)
    throw std::invalid_argument("arch must look like 'sm_90', 'compute_90', 'sm_90a' or '90', got '" +
                                std::string(text) + "'");
  return arch;
}

Arch arch_for_compute_capability(int number, const std::vector<int>& supported) {
  if (std::find(supported.begin(), supported.end(), number) != supported.end()) return Arch{number, true, ""};
  int best = 0;
  for (int a : supported)
    if (a < number) best = std::max(best, a);
  if (best == 0)
    throw std::runtime_error("NVRTC " + nvrtc_version_string() + " cannot compile for compute capability " +
                             std::to_string(number / 10) + "." + std::to_string(number % 10) +
                             "; it supports " + capability_list(supported));
  return Arch{best, false, ""};
}

Arch arch_for_device(int device) {
  // No cache of its own: the compute capability is (cuda/device_properties.hpp),
  // and the choice is a search of NVRTC's short list that allocates nothing.
  return arch_for_compute_capability(cached_device_properties(device).compute_capability, nvrtc_supported_archs());
}

}  // namespace gpuarray::jit
