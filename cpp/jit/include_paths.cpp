// SPDX-License-Identifier: BSD-3-Clause
#include "jit/include_paths.hpp"

#include <dlfcn.h>
#include <nvrtc.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>

#include "jit/hash.hpp"

namespace gpuarray::jit {
namespace fs = std::filesystem;
namespace {

struct State {
  std::mutex mutex;
  std::string header_dir;
  std::optional<std::uint64_t> headers_hash;
  std::optional<std::vector<std::string>> toolkit_dirs;
};

State& state() {
  static State s;
  return s;
}

bool has_file(const fs::path& dir, const char* name) {
  std::error_code ec;
  return !dir.empty() && fs::is_regular_file(dir / name, ec);
}

// The runtime's headers (cuda_fp16.h) and CCCL's (nv/target, which
// cuda_fp16.h includes; cuda/std, cub) are looked for separately: NVIDIA's
// pip wheels ship them in two packages (nvidia-cuda-runtime, nvidia-cuda-cccl),
// and an environment may hold the first without the second (PyTorch's does).
// CUDA 13 keeps CCCL in include/cccl, CUDA 12 in include itself.
std::vector<std::string> find_toolkit_include_dirs() {
  std::vector<fs::path> candidates;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&nvrtcVersion), &info) && info.dli_fname)
    candidates.push_back(fs::path(info.dli_fname).parent_path() / ".." / "include");
  for (const char* var : {"CUDA_PATH", "CUDA_HOME"})
    if (const char* root = std::getenv(var); root && *root) candidates.push_back(fs::path(root) / "include");
  candidates.emplace_back("/usr/local/cuda/include");
  std::vector<std::string> dirs;
  for (const auto& candidate : candidates)
    if (has_file(candidate, "cuda_fp16.h")) {
      dirs.push_back(candidate.lexically_normal().string());
      break;
    }
  for (const auto& candidate : candidates) {
    const fs::path cccl = has_file(candidate / "cccl" / "nv", "target") ? candidate / "cccl" : candidate;
    if (!has_file(cccl / "nv", "target")) continue;
    const std::string dir = cccl.lexically_normal().string();
    if (dirs.empty() || dirs.front() != dir) dirs.push_back(dir);
    break;
  }
  return dirs;
}

std::uint64_t hash_headers(const std::string& header_dir) {
  if (header_dir.empty()) return xxh64("");
  // Every header under gpuarray/, subfolders included (gpuarray/special/...),
  // named by its path below gpuarray/ so that a moved file changes the hash.
  const fs::path root = fs::path(header_dir) / "gpuarray";
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::recursive_directory_iterator(root, ec))
    if (entry.is_regular_file(ec)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::string all;
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream contents;
    contents << in.rdbuf();
    all += file.lexically_relative(root).generic_string() + '\0' + contents.str() + '\0';
  }
  return xxh64(all);
}

}  // namespace

void set_device_header_dir(std::string dir) {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.header_dir = std::move(dir);
  s.headers_hash.reset();
}

std::string device_header_dir() {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.header_dir;
}

std::uint64_t device_headers_hash() {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.headers_hash) s.headers_hash = hash_headers(s.header_dir);
  return *s.headers_hash;
}

std::vector<std::string> toolkit_include_dirs() {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.toolkit_dirs) s.toolkit_dirs = find_toolkit_include_dirs();
  return *s.toolkit_dirs;
}

std::vector<std::string> compiler_include_dirs() {
  std::vector<std::string> dirs = toolkit_include_dirs();
  const std::string header_dir = device_header_dir();
  if (!header_dir.empty()) dirs.insert(dirs.begin(), header_dir);
  return dirs;
}

}  // namespace gpuarray::jit
