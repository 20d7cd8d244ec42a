// SPDX-License-Identifier: BSD-3-Clause
// The compiled-binary cache: in memory (per process), then on disk, then the
// binaries installed with the package (Note [Prebuilt kernels]), then the
// compiler. Works without a device; loading the binary is loaded_library.hpp.
#pragma once
#include <cstdint>
#include <memory>

#include "jit/arch.hpp"
#include "jit/compiled_module.hpp"

namespace gpuarray::jit {

enum class CacheOrigin : std::uint8_t { Memory, Disk, Prebuilt, Compiled };
const char* cache_origin_name(CacheOrigin origin);  // "memory", "disk", "prebuilt", "compiled"

struct CachedModule {
  std::shared_ptr<const CompiledModule> module;
  CacheOrigin origin;
};

// The binary for `request` on `arch`, keyed as Note [Kernel cache key] says.
// Throws CompileError when the source does not compile.
CachedModule compile_with_cache(const CompileRequest& request, const Arch& arch);

// Forgets the in-memory entries, as a new process would (for tests).
void clear_kernel_memory_cache();

}  // namespace gpuarray::jit
