// SPDX-License-Identifier: BSD-3-Clause
#include "jit/nvrtc_compiler.hpp"

#include <nvrtc.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "jit/compile_error.hpp"
#include "jit/include_paths.hpp"

namespace gpuarray::jit {
namespace {

// The source's name in NVRTC's log ("kernel.cu(3): error ..."). The same for
// every program so that the name never changes a binary.
constexpr const char* kProgramName = "kernel.cu";
constexpr const char* kMinimalOption = "-minimal";

void check_nvrtc(nvrtcResult result, const char* call) {
  if (result != NVRTC_SUCCESS)
    throw std::runtime_error(std::string(call) + " failed: " + nvrtcGetErrorString(result));
}

struct ProgramDeleter {
  void operator()(nvrtcProgram p) const { nvrtcDestroyProgram(&p); }
};
using Program = std::unique_ptr<std::remove_pointer_t<nvrtcProgram>, ProgramDeleter>;

std::string program_log(nvrtcProgram program) {
  std::size_t size = 0;
  if (nvrtcGetProgramLogSize(program, &size) != NVRTC_SUCCESS || size == 0) return {};
  std::string log(size, '\0');
  if (nvrtcGetProgramLog(program, log.data()) != NVRTC_SUCCESS) return {};
  while (!log.empty() && log.back() == '\0') log.pop_back();
  return log;
}

struct Attempt {
  Program program;
  nvrtcResult result;
};

Attempt compile_once(const CompileRequest& request, const std::vector<std::string>& options) {
  nvrtcProgram raw = nullptr;
  check_nvrtc(nvrtcCreateProgram(&raw, request.source.c_str(), kProgramName, 0, nullptr, nullptr),
              "nvrtcCreateProgram");
  Program program(raw);
  for (const auto& expression : request.name_expressions)
    check_nvrtc(nvrtcAddNameExpression(raw, expression.c_str()), "nvrtcAddNameExpression");
  std::vector<const char*> argv;
  argv.reserve(options.size());
  for (const auto& o : options) argv.push_back(o.c_str());
  nvrtcResult result = nvrtcCompileProgram(raw, static_cast<int>(argv.size()), argv.data());
  return {std::move(program), result};
}

}  // namespace

int nvrtc_version() {
  static const int version = [] {
    int major = 0, minor = 0;
    check_nvrtc(nvrtcVersion(&major, &minor), "nvrtcVersion");
    return major * 1000 + minor * 10;
  }();
  return version;
}

std::string nvrtc_version_string() {
  int v = nvrtc_version();
  return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
}

const std::vector<int>& nvrtc_supported_archs() {
  static const std::vector<int> archs = [] {
    int n = 0;
    check_nvrtc(nvrtcGetNumSupportedArchs(&n), "nvrtcGetNumSupportedArchs");
    std::vector<int> out(n);
    if (n > 0) check_nvrtc(nvrtcGetSupportedArchs(out.data()), "nvrtcGetSupportedArchs");
    return out;
  }();
  return archs;
}

std::vector<std::string> nvrtc_options(const CompileRequest& request, const Arch& arch) {
  std::vector<std::string> options{"-arch=" + arch.name()};
  for (const auto& dir : compiler_include_dirs()) options.push_back("-I" + dir);
  options.insert(options.end(), request.options.begin(), request.options.end());
  return options;
}

// Note [Minimal mode]
// NVRTC's -minimal leaves out textures, surfaces, device-side runtime calls
// and the runtime's types, which makes a small kernel compile ~20% faster.
// Most kernels need none of that, so every compilation first tries -minimal
// and, only if that fails, compiles again without it: valid code always
// compiles, a failure reports the full-mode log, and an NVRTC too old for
// -minimal still works. The option is not part of the cache key: the outcome
// depends only on the request.
CompiledModule compile_with_nvrtc(const CompileRequest& request, const Arch& arch) {
  std::vector<std::string> options = nvrtc_options(request, arch);
  bool user_minimal = std::find(options.begin(), options.end(), kMinimalOption) != options.end();
  Attempt attempt{nullptr, NVRTC_ERROR_COMPILATION};
  if (!user_minimal) {
    options.push_back(kMinimalOption);
    attempt = compile_once(request, options);
    options.pop_back();
  }
  if (attempt.result != NVRTC_SUCCESS) attempt = compile_once(request, options);
  nvrtcProgram program = attempt.program.get();
  if (attempt.result == NVRTC_ERROR_COMPILATION || attempt.result == NVRTC_ERROR_INVALID_OPTION) {
    std::string log = program_log(program);
    if (attempt.result == NVRTC_ERROR_INVALID_OPTION) log = "invalid option: " + log;
    throw CompileError(log, request.source, options, request.name);
  }
  check_nvrtc(attempt.result, "nvrtcCompileProgram");

  CompiledModule module;
  std::size_t size = 0;
  if (arch.real) {
    module.kind = BinaryKind::Cubin;
    check_nvrtc(nvrtcGetCUBINSize(program, &size), "nvrtcGetCUBINSize");
    module.binary.resize(size);
    check_nvrtc(nvrtcGetCUBIN(program, module.binary.data()), "nvrtcGetCUBIN");
  } else {
    module.kind = BinaryKind::Ptx;
    check_nvrtc(nvrtcGetPTXSize(program, &size), "nvrtcGetPTXSize");  // includes the NUL
    module.binary.resize(size);
    check_nvrtc(nvrtcGetPTX(program, module.binary.data()), "nvrtcGetPTX");
  }
  for (const auto& expression : request.name_expressions) {
    const char* lowered = nullptr;
    nvrtcResult result = nvrtcGetLoweredName(program, expression.c_str(), &lowered);
    if (result != NVRTC_SUCCESS)
      throw CompileError("name expression '" + expression + "' names no __global__ function or __device__ variable (" +
                             nvrtcGetErrorString(result) + ")",
                         request.source, options, request.name);
    module.lowered_names.emplace_back(expression, lowered);
  }
  return module;
}

}  // namespace gpuarray::jit
