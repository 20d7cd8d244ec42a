// SPDX-License-Identifier: BSD-3-Clause
// RawModule and RawKernel, CuPy's user-written kernels: CUDA source (or a
// .cubin/.ptx/.fatbin file) compiled on first use for the current device's
// architecture, through the kernel cache, and loaded once per process.
#pragma once
#include "memory/memory.hpp"
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "jit/arch.hpp"
#include "jit/compiled_module.hpp"
#include "jit/kernel_function.hpp"
#include "jit/loaded_library.hpp"

namespace gpuarray::jit {

// A __device__ or __constant__ variable on one device.
class RawModule : public std::enable_shared_from_this<RawModule> {
 public:
  // Nothing is compiled until a kernel, a global or compile() needs it.
  static std::shared_ptr<RawModule> from_source(CompileRequest request, bool cooperative);
  // The contents of a .cubin, .ptx or .fatbin file, loaded on first use. The
  // kind comes from the bytes: ELF (cubin), the fatbin magic, else PTX.
  static std::shared_ptr<RawModule> from_binary(std::string bytes, bool cooperative);

  // The library for the current device, compiled and loaded if need be.
  const LoadedLibrary& library_for_current_device();

  // `name` is an extern "C" name, a name expression given at construction
  // ("add<float>") or a mangled name. The symbol and parameters of a name are
  // read once, so get_function in a loop stays cheap.
  std::shared_ptr<KernelFunction> get_function(const std::string& name);
  // A __device__ variable of the module on the current device; the pointer keeps the module alive.
  MemoryPointer get_global(const std::string& name);

  // The kernel `symbol` in this module built for `arch` (a module from a
  // binary has one binary for every architecture).
  cudaKernel_t kernel_for_arch(const std::string& symbol, const Arch& arch);

  bool cooperative() const { return cooperative_; }

  RawModule(std::optional<CompileRequest> request, std::shared_ptr<const CompiledModule> binary_module,
            bool cooperative)
      : request_(std::move(request)), binary_module_(std::move(binary_module)), cooperative_(cooperative) {}

 private:
  const LoadedLibrary& library_for_arch(const Arch& arch);

  std::optional<CompileRequest> request_;                // a module from source
  std::shared_ptr<const CompiledModule> binary_module_;    // a module from a binary
  bool cooperative_;
  struct KnownKernel {
    std::string symbol;
    std::shared_ptr<const KernelParams> params;
  };

  std::mutex mutex_;
  std::vector<std::pair<Arch, const LoadedLibrary*>> libraries_;
  std::unordered_map<std::string, KnownKernel> kernels_;  // by the name asked for
};

// RawKernel: one kernel of a module of its own, resolved on first use.
class RawKernel {
 public:
  RawKernel(std::shared_ptr<RawModule> module, std::string name) : module_(std::move(module)), name_(std::move(name)) {}

  // Compiles, loads and looks the kernel up on the first call.
  const KernelFunction& function();
  std::shared_ptr<KernelFunction> shared_function();
  bool resolved() const { return resolved_.load(std::memory_order_acquire) != nullptr; }
  const std::shared_ptr<RawModule>& module() const { return module_; }
  const std::string& name() const { return name_; }

 private:
  std::shared_ptr<RawModule> module_;
  std::string name_;
  std::mutex mutex_;
  std::shared_ptr<KernelFunction> function_;
  std::atomic<const KernelFunction*> resolved_{nullptr};
};

}  // namespace gpuarray::jit
