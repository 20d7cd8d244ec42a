// SPDX-License-Identifier: BSD-3-Clause
// Target architectures. A device gets a CUBIN for its own sm_XY when NVRTC
// supports it (no driver JIT at load time); otherwise PTX for the newest
// compute_XY NVRTC supports below it, which the driver compiles on load.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace gpuarray::jit {

struct Arch {
  int number = 0;      // 90 for compute capability 9.0
  bool real = true;    // sm_XY (CUBIN) when true, compute_XY (PTX) when false
  std::string suffix;  // "a" or "f" for the arch- and family-specific targets

  std::string name() const;  // "sm_90", "compute_90", "sm_90a"
  friend bool operator==(const Arch& a, const Arch& b) {
    return a.number == b.number && a.real == b.real && a.suffix == b.suffix;
  }
  friend bool operator!=(const Arch& a, const Arch& b) { return !(a == b); }
};

// "sm_90", "compute_90", "sm_90a" name that target; a bare "90" means the
// best target for compute capability 9.0, as for a device. Throws
// std::invalid_argument for anything else.
Arch parse_arch(std::string_view text);

// The target for a device of compute capability `number` (e.g. 90), given
// the architectures NVRTC supports. Throws std::runtime_error when the
// device is older than every one of them.
Arch arch_for_compute_capability(int number, const std::vector<int>& supported);

// The target for `device`, from its compute capability.
Arch arch_for_device(int device);

}  // namespace gpuarray::jit
