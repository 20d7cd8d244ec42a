// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/nvrtc_check.hpp"

#include <nvrtc.h>

#include <chrono>
#include <stdexcept>

namespace gpuarray {
namespace {

void check(nvrtcResult r, const char* what) {
  if (r != NVRTC_SUCCESS) throw std::runtime_error(std::string(what) + " failed: " + nvrtcGetErrorString(r));
}

// Owns one nvrtcProgram.
struct Program {
  nvrtcProgram handle = nullptr;
  ~Program() {
    if (handle) nvrtcDestroyProgram(&handle);
  }
};

}  // namespace

NvrtcCheckResult nvrtc_compile_check(const std::string& source, const std::string& filename,
                                     const std::vector<std::string>& options) {
  std::vector<const char*> argv;
  for (const auto& o : options) argv.push_back(o.c_str());
  const auto start = std::chrono::steady_clock::now();
  Program prog;
  check(nvrtcCreateProgram(&prog.handle, source.c_str(), filename.c_str(), 0, nullptr, nullptr), "nvrtcCreateProgram");
  const nvrtcResult compiled = nvrtcCompileProgram(prog.handle, static_cast<int>(argv.size()), argv.data());
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

  NvrtcCheckResult result{compiled == NVRTC_SUCCESS, {}, {}, ms};
  std::size_t size = 0;
  check(nvrtcGetProgramLogSize(prog.handle, &size), "nvrtcGetProgramLogSize");
  result.log.resize(size);
  check(nvrtcGetProgramLog(prog.handle, result.log.data()), "nvrtcGetProgramLog");
  while (!result.log.empty() && result.log.back() == '\0') result.log.pop_back();
  if (result.ok) {
    check(nvrtcGetPTXSize(prog.handle, &size), "nvrtcGetPTXSize");
    result.ptx.resize(size);
    check(nvrtcGetPTX(prog.handle, result.ptx.data()), "nvrtcGetPTX");
    while (!result.ptx.empty() && result.ptx.back() == '\0') result.ptx.pop_back();
  }
  return result;
}

}  // namespace gpuarray
