// SPDX-License-Identifier: BSD-3-Clause
// Note [Kernel cache key]
// Everything that decides a compiled binary, written down here and nowhere
// else: the key format version, the compiler and its version (NVRTC's
// version; nvcc's path, size and mtime), the target architecture, the hash of
// our device headers, the exact options the compiler gets (target, include
// folders with the device headers' own as a token, the user's), the name expressions and the full source. The text
// is stored in each disk-cache file and compared on load, so a hash
// collision or a stale file is a miss, never a wrong binary. Bump
// kCacheKeyFormat whenever compilation changes in a way the text misses.
#pragma once
#include <cstdint>
#include <string>

#include "jit/arch.hpp"
#include "jit/compiled_module.hpp"

namespace gpuarray::jit {

inline constexpr int kCacheKeyFormat = 2;

struct KernelCacheKey {
  std::string text;
  std::uint64_t hash = 0;  // xxh64(text)

  // The disk-cache file for this key: 16 hex digits and ".kernel".
  std::string file_name() const;
};

KernelCacheKey make_cache_key(const CompileRequest& request, const Arch& arch);

}  // namespace gpuarray::jit
