// SPDX-License-Identifier: BSD-3-Clause
// A compiled module loaded into the CUDA runtime (cudaLibraryLoadData: no
// driver API, no current-context bookkeeping). Its cudaKernel_t handles work
// on every device the binary supports.
#pragma once
#include <cuda_runtime_api.h>

#include <cstddef>
#include <memory>
#include <string>
#include <utility>

#include "jit/compiled_module.hpp"

namespace gpuarray::jit {

class LoadedLibrary {
 public:
  // The library holding `module`'s binary: loaded on the first request for
  // that binary in this process and kept until the process exits (unloading
  // during interpreter teardown would race the runtime's own teardown).
  static const LoadedLibrary& load(std::shared_ptr<const CompiledModule> module);

  // The kernel named `symbol` (an extern "C" name or a lowered C++ name).
  // Throws CudaRuntimeError naming the symbol when there is none.
  cudaKernel_t kernel(const std::string& symbol) const;
  // Address and size of the __device__ or __constant__ variable `symbol` on
  // the current device.
  std::pair<void*, std::size_t> global(const std::string& symbol) const;

  const CompiledModule& module() const { return *module_; }

  LoadedLibrary(const LoadedLibrary&) = delete;
  LoadedLibrary& operator=(const LoadedLibrary&) = delete;

 private:
  LoadedLibrary(cudaLibrary_t handle, std::shared_ptr<const CompiledModule> module)
      : handle_(handle), module_(std::move(module)) {}

  cudaLibrary_t handle_;
  std::shared_ptr<const CompiledModule> module_;
};

}  // namespace gpuarray::jit
