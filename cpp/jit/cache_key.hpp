// SPDX-License-Identifier: BSD-3-Clause
// Note [Kernel cache key]
// Everything that decides a compiled binary, written down here and nowhere
// else: the key format version, the compiler and its version (NVRTC's
// version; nvcc's path, size and mtime), the target architecture, the hash of
// our device headers, the exact options the compiler gets (target, the
// device headers' folder as a token, the user's), the name expressions and
// the full source. The toolkit's include folders are left out: NVRTC's
// version stands for their contents, and where they lie differs from machine
// to machine (a toolkit, NVIDIA's pip wheels). The text is stored in each
// disk-cache file and compared on load, so a hash collision or a stale file
// is a miss, never a wrong binary. Bump kCacheKeyFormat whenever compilation
// changes in a way the text misses.
//
// A prebuilt kernel's key (Note [Prebuilt kernels]) names no NVRTC version
// either: its CUBIN was compiled once, by the build's NVRTC, and loads the
// same whichever NVRTC 13.x the user has.
#pragma once
#include <cstdint>
#include <string>

#include "jit/arch.hpp"
#include "jit/compiled_module.hpp"

namespace gpuarray::jit {

inline constexpr int kCacheKeyFormat = 3;

struct KernelCacheKey {
  std::string text;
  std::uint64_t hash = 0;  // xxh64(text)

  // The disk-cache file for this key: 16 hex digits and ".kernel".
  std::string file_name() const;
};

enum class KeyUse { Cache, Prebuilt };

KernelCacheKey make_cache_key(const CompileRequest& request, const Arch& arch, KeyUse use = KeyUse::Cache);

}  // namespace gpuarray::jit
