// SPDX-License-Identifier: BSD-3-Clause
#include "jit/loaded_library.hpp"

#include <mutex>
#include <unordered_map>
#include <vector>

#include "cuda/error.hpp"
#include "jit/hash.hpp"

namespace gpuarray::jit {

const LoadedLibrary& LoadedLibrary::load(std::shared_ptr<const CompiledModule> module) {
  // Keyed by the binary's contents, so equal binaries from different modules
  // (or the same .cubin opened twice) share one library. Never destroyed.
  static std::mutex mutex;
  static auto* loaded = new std::unordered_map<std::uint64_t, std::vector<const LoadedLibrary*>>();
  std::uint64_t hash = xxh64(module->binary);
  std::lock_guard<std::mutex> lock(mutex);
  auto& candidates = (*loaded)[hash];
  for (const LoadedLibrary* library : candidates)
    if (library->module_->kind == module->kind && library->module_->binary == module->binary) return *library;
  cudaLibrary_t handle = nullptr;
  GA_CUDA_CHECK(cudaLibraryLoadData(&handle, module->binary.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
  candidates.push_back(new LoadedLibrary(handle, std::move(module)));
  return *candidates.back();
}

cudaKernel_t LoadedLibrary::kernel(const std::string& symbol) const {
  cudaKernel_t kernel = nullptr;
  cudaError_t status = cudaLibraryGetKernel(&kernel, handle_, symbol.c_str());
  if (status != cudaSuccess) {
    cudaGetLastError();
    std::string call = "cudaLibraryGetKernel(\"" + symbol + "\")";
    if (symbol.rfind("_Z", 0) != 0)
      call += " (a C++ kernel needs extern \"C\" or its name in name_expressions)";
    throw CudaRuntimeError(status, call.c_str());
  }
  return kernel;
}

std::pair<void*, std::size_t> LoadedLibrary::global(const std::string& symbol) const {
  void* ptr = nullptr;
  std::size_t size = 0;
  cudaError_t status = cudaLibraryGetGlobal(&ptr, &size, handle_, symbol.c_str());
  if (status != cudaSuccess) {
    cudaGetLastError();
    std::string call = "cudaLibraryGetGlobal(\"" + symbol + "\")";
    throw CudaRuntimeError(status, call.c_str());
  }
  return {ptr, size};
}

}  // namespace gpuarray::jit
