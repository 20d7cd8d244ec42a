// SPDX-License-Identifier: BSD-3-Clause
#include "jit/cache_key.hpp"

#include <algorithm>
#include <vector>

#include "jit/hash.hpp"
#include "jit/include_paths.hpp"
#include "jit/nvcc_compiler.hpp"
#include "jit/nvrtc_compiler.hpp"

namespace gpuarray::jit {
namespace {

// Length-prefixed, so no option, name or source can imitate another line.
void add_field(std::string& text, const char* label, const std::string& value) {
  text += label;
  text += '[' + std::to_string(value.size()) + "] ";
  text += value;
  text += '\n';
}

}  // namespace

std::string KernelCacheKey::file_name() const { return hex64(hash) + ".kernel"; }

KernelCacheKey make_cache_key(const CompileRequest& request, const Arch& arch, KeyUse use) {
  bool nvcc = request.backend == Backend::Nvcc;
  std::string text = "gpuarray kernel cache key " + std::to_string(kCacheKeyFormat) + "\n";
  add_field(text, "compiler",
            nvcc                        ? "nvcc " + nvcc_identity()
            : use == KeyUse::Prebuilt ? std::string("nvrtc")
                                      : "nvrtc " + nvrtc_version_string());
  add_field(text, "arch", arch.name());
  add_field(text, "device headers", hex64(device_headers_hash()));
  // The device headers' folder is named by a token: their contents are in the
  // key already, and prebuilt kernels are keyed in the build tree (Note
  // [Prebuilt kernels]).
  const std::string header_option = "-I" + device_header_dir();
  std::vector<std::string> toolkit_options;
  for (const auto& dir : toolkit_include_dirs()) toolkit_options.push_back("-I" + dir);
  for (const auto& option : nvcc ? nvcc_options(request, arch) : nvrtc_options(request, arch)) {
    if (std::find(toolkit_options.begin(), toolkit_options.end(), option) != toolkit_options.end()) continue;
    add_field(text, "option", option == header_option ? "-I<gpuarray device headers>" : option);
  }
  for (const auto& expression : request.name_expressions) add_field(text, "name expression", expression);
  add_field(text, "source", request.source);
  KernelCacheKey key;
  key.hash = xxh64(text);
  key.text = std::move(text);
  return key;
}

}  // namespace gpuarray::jit
