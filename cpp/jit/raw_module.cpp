// SPDX-License-Identifier: BSD-3-Clause
#include "jit/raw_module.hpp"

#include <cstring>

#include "cuda/device.hpp"
#include "jit/kernel_cache.hpp"
#include "jit/kernel_signature.hpp"

namespace gpuarray::jit {
namespace {

BinaryKind detect_binary_kind(const std::string& bytes) {
  static const char kElfMagic[4] = {0x7f, 'E', 'L', 'F'};
  static const unsigned char kFatbinMagic[4] = {0x50, 0xed, 0x55, 0xba};  // 0xBA55ED50, little-endian
  if (bytes.size() >= 4 && std::memcmp(bytes.data(), kElfMagic, 4) == 0) return BinaryKind::Cubin;
  if (bytes.size() >= 4 && std::memcmp(bytes.data(), kFatbinMagic, 4) == 0) return BinaryKind::Fatbin;
  return BinaryKind::Ptx;
}

}  // namespace

std::shared_ptr<RawModule> RawModule::from_source(CompileRequest request, bool cooperative) {
  return std::make_shared<RawModule>(std::move(request), nullptr, cooperative);
}

std::shared_ptr<RawModule> RawModule::from_binary(std::string bytes, bool cooperative) {
  auto module = std::make_shared<CompiledModule>();
  module->binary = std::move(bytes);
  module->kind = detect_binary_kind(module->binary);
  if (module->kind == BinaryKind::Ptx) module->binary.push_back('\0');  // the loader reads PTX as a C string
  return std::make_shared<RawModule>(std::nullopt, std::move(module), cooperative);
}

const LoadedLibrary& RawModule::library_for_arch(const Arch& arch) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (binary_module_) {
    if (libraries_.empty()) libraries_.emplace_back(arch, &LoadedLibrary::load(binary_module_));
    return *libraries_.front().second;
  }
  for (const auto& [built_for, library] : libraries_)
    if (built_for == arch) return *library;
  CachedModule compiled = compile_with_cache(*request_, arch);
  libraries_.emplace_back(arch, &LoadedLibrary::load(std::move(compiled.module)));
  return *libraries_.back().second;
}

const LoadedLibrary& RawModule::library_for_current_device() {
  return library_for_arch(arch_for_device(current_device()));
}

cudaKernel_t RawModule::kernel_for_arch(const std::string& symbol, const Arch& arch) {
  return library_for_arch(arch).kernel(symbol);
}

std::shared_ptr<KernelFunction> RawModule::get_function(const std::string& name) {
  Arch arch = arch_for_device(current_device());
  const LoadedLibrary& library = library_for_arch(arch);
  KnownKernel known;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = kernels_.find(name); it != kernels_.end()) known = it->second;
  }
  if (!known.params) {
    const std::string* lowered = library.module().lowered_name(name);
    known.symbol = lowered ? *lowered : name;
    std::optional<KernelSignature> declared;
    if (known.symbol.rfind("_Z", 0) == 0) declared = signature_from_mangled_name(known.symbol);
    else if (request_) declared = parse_kernel_signature(request_->source, known.symbol);
    known.params =
        std::make_shared<const KernelParams>(read_kernel_params(name, library.kernel(known.symbol), declared));
    std::lock_guard<std::mutex> lock(mutex_);
    kernels_.emplace(name, known);
  }
  return std::make_shared<KernelFunction>(shared_from_this(), name, known.symbol, arch, library.kernel(known.symbol),
                                          known.params, cooperative_);
}

MemoryPointer RawModule::get_global(const std::string& name) {
  const LoadedLibrary& library = library_for_current_device();
  const std::string* lowered = library.module().lowered_name(name);
  auto [ptr, size] = library.global(lowered ? *lowered : name);
  return {std::make_shared<BorrowedMemory>(reinterpret_cast<std::uintptr_t>(ptr), size, current_device(),
                                           shared_from_this()),
          0};
}

const KernelFunction& RawKernel::function() {
  if (const KernelFunction* known = resolved_.load(std::memory_order_acquire)) return *known;
  std::lock_guard<std::mutex> lock(mutex_);
  if (!function_) {
    function_ = module_->get_function(name_);
    resolved_.store(function_.get(), std::memory_order_release);
  }
  return *function_;
}

std::shared_ptr<KernelFunction> RawKernel::shared_function() {
  function();
  std::lock_guard<std::mutex> lock(mutex_);
  return function_;
}

}  // namespace gpuarray::jit
