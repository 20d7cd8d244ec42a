// SPDX-License-Identifier: BSD-3-Clause
#include "jit/kernel_cache.hpp"

#include <mutex>
#include <string>
#include <unordered_map>

#include "jit/cache_key.hpp"
#include "jit/disk_cache.hpp"
#include "jit/nvcc_compiler.hpp"
#include "jit/nvrtc_compiler.hpp"

namespace gpuarray::jit {
namespace {

std::mutex g_mutex;
std::unordered_map<std::string, std::shared_ptr<const CompiledModule>> g_modules;  // key text -> binary

}  // namespace

const char* cache_origin_name(CacheOrigin origin) {
  switch (origin) {
    case CacheOrigin::Memory: return "memory";
    case CacheOrigin::Disk: return "disk";
    case CacheOrigin::Prebuilt: return "prebuilt";
    case CacheOrigin::Compiled: return "compiled";
  }
  return "unknown";
}

CachedModule compile_with_cache(const CompileRequest& request, const Arch& arch) {
  KernelCacheKey key = make_cache_key(request, arch);
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto it = g_modules.find(key.text);
    if (it != g_modules.end()) return {it->second, CacheOrigin::Memory};
  }
  // Compiling takes milliseconds to seconds: other threads keep using the
  // cache meanwhile. Two threads may compile the same key; the first wins.
  CacheOrigin origin = CacheOrigin::Disk;
  std::optional<CompiledModule> found = read_cached_module(key);
  if (!found && (found = read_prebuilt_module(make_cache_key(request, arch, KeyUse::Prebuilt), arch)))
    origin = CacheOrigin::Prebuilt;
  if (!found) {
    origin = CacheOrigin::Compiled;
    found = request.backend == Backend::Nvcc ? compile_with_nvcc(request, arch) : compile_with_nvrtc(request, arch);
    write_cached_module(key, *found);
  }
  auto module = std::make_shared<const CompiledModule>(std::move(*found));
  std::lock_guard<std::mutex> lock(g_mutex);
  auto [it, inserted] = g_modules.emplace(std::move(key.text), std::move(module));
  return {it->second, origin};
}

void clear_kernel_memory_cache() {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_modules.clear();
}

}  // namespace gpuarray::jit
