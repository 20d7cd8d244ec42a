// SPDX-License-Identifier: BSD-3-Clause
// The on-disk kernel cache: one file per key in $GPUARRAY_CACHE_DIR (read at
// first use; default ~/.cache/gpuarray).
//
// Note [Kernel cache file]
// A file is, in native byte order:
//   "GAKERNEL"  u32 format  u32 binary kind  u64 key size  u64 binary size
//   u32 lowered-name count  u32 zero
//   key text  binary  (u32 size, name expression, u32 size, lowered name)*
//   u64 XXH64 of everything before it
// Reading takes one read() of the whole file; a short, oversized or garbage
// file, a bad checksum or a key text other than the one asked for is a miss
// (the caller recompiles and overwrites it), never an error. Writing goes to
// a temporary file in the same folder that is then renamed over the final
// name, so concurrent processes see the old file or the new one, never half
// of one. Failing to write (read-only or full disk) only loses the caching.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "jit/cache_key.hpp"
#include "jit/compiled_module.hpp"

namespace gpuarray::jit {

std::string kernel_cache_dir();
// Makes the next use read $GPUARRAY_CACHE_DIR again (for tests).
void reset_kernel_cache_dir();

std::optional<CompiledModule> read_cached_module(const KernelCacheKey& key);

// Note [Prebuilt kernels]
// Installing gpuarray compiles the most common generated kernels (the ufunc
// calls of prebuilt_kernels.cpp) into <package>/_kernels/<target> (sm_90,
// ...), in this cache's file format, for each CUDA architecture it is built
// for (Note [CUDA architectures] in CMakeLists.txt), so that a new user's first
// `sin(a) * 2 + 1` loads binaries instead of waiting for NVRTC. The folder is
// read after the user's cache misses and never written. Files are found by
// their own key (KeyUse::Prebuilt in cache_key.hpp), which names neither the
// NVRTC version nor any folder of the build machine: the wheel's CUBINs load
// wherever it is installed, with whichever NVRTC 13.x is there; everything
// else in the key (arch, device-header hash, options, source) must agree,
// else the file is a miss like any other. $GPUARRAY_PREBUILT_KERNELS=0
// ignores the folder (to measure compiling).
std::string prebuilt_kernel_dir();  // "" when ignored or no header folder is set
std::optional<CompiledModule> read_prebuilt_module(const KernelCacheKey& key, const Arch& arch);
void write_cached_module(const KernelCacheKey& key, const CompiledModule& module);

// The file's bytes, and back; decoding returns nullopt on any mismatch.
std::string encode_cache_file(const KernelCacheKey& key, const CompiledModule& module);
std::optional<CompiledModule> decode_cache_file(std::string_view bytes, const KernelCacheKey& key);

}  // namespace gpuarray::jit
