// SPDX-License-Identifier: BSD-3-Clause
#include "jit/disk_cache.hpp"

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <string_view>

#include "jit/hash.hpp"
#include "jit/include_paths.hpp"

namespace gpuarray::jit {
namespace fs = std::filesystem;
namespace {

constexpr char kMagic[8] = {'G', 'A', 'K', 'E', 'R', 'N', 'E', 'L'};
constexpr std::uint32_t kFileFormat = 1;
constexpr std::size_t kHeaderSize = 8 + 4 + 4 + 8 + 8 + 4 + 4;
constexpr std::size_t kChecksumSize = 8;
// Anything larger is not ours: refuse to read it into memory.
constexpr std::size_t kMaxFileBytes = std::size_t{1} << 30;

std::mutex g_dir_mutex;
std::string g_dir;  // empty: not read yet

std::string default_cache_dir() {
  const char* home = std::getenv("HOME");
  if (!home || !*home) {
    const passwd* pw = getpwuid(getuid());
    home = pw ? pw->pw_dir : "/tmp";
  }
  return (fs::path(home) / ".cache" / "gpuarray").string();
}

template <typename T>
void append(std::string& out, T value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

void append_sized(std::string& out, const std::string& s) {
  append(out, static_cast<std::uint32_t>(s.size()));
  out += s;
}

// Bounds-checked reads over the file's bytes.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  template <typename T>
  bool read(T& value) {
    if (bytes_.size() - pos_ < sizeof value) return false;
    std::memcpy(&value, bytes_.data() + pos_, sizeof value);
    pos_ += sizeof value;
    return true;
  }
  bool read(std::string_view& out, std::uint64_t size) {
    if (bytes_.size() - pos_ < size) return false;
    out = bytes_.substr(pos_, size);
    pos_ += size;
    return true;
  }
  bool read_sized(std::string& out) {
    std::uint32_t size = 0;
    std::string_view view;
    if (!read(size) || !read(view, size)) return false;
    out = std::string(view);
    return true;
  }
  bool at_end() const { return pos_ == bytes_.size(); }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
};

bool read_whole_file(const std::string& path, std::string& out) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st {};
  bool ok = fstat(fd, &st) == 0 && st.st_size >= 0 && static_cast<std::size_t>(st.st_size) <= kMaxFileBytes;
  if (ok) {
    out.resize(static_cast<std::size_t>(st.st_size));
    std::size_t done = 0;
    while (done < out.size()) {
      ssize_t n = ::read(fd, out.data() + done, out.size() - done);
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    ok = done == out.size();
  }
  close(fd);
  return ok;
}

bool write_all(int fd, const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

std::string kernel_cache_dir() {
  std::lock_guard<std::mutex> lock(g_dir_mutex);
  if (g_dir.empty()) {
    const char* env = std::getenv("GPUARRAY_CACHE_DIR");
    g_dir = env && *env ? std::string(env) : default_cache_dir();
  }
  return g_dir;
}

void reset_kernel_cache_dir() {
  std::lock_guard<std::mutex> lock(g_dir_mutex);
  g_dir.clear();
}

std::string encode_cache_file(const KernelCacheKey& key, const CompiledModule& module) {
  std::string out;
  out.reserve(kHeaderSize + key.text.size() + module.binary.size() + 256);
  out.append(kMagic, sizeof kMagic);
  append(out, kFileFormat);
  append(out, static_cast<std::uint32_t>(module.kind));
  append(out, static_cast<std::uint64_t>(key.text.size()));
  append(out, static_cast<std::uint64_t>(module.binary.size()));
  append(out, static_cast<std::uint32_t>(module.lowered_names.size()));
  append(out, std::uint32_t{0});
  out += key.text;
  out += module.binary;
  for (const auto& [expression, lowered] : module.lowered_names) {
    append_sized(out, expression);
    append_sized(out, lowered);
  }
  append(out, xxh64(out));
  return out;
}

std::optional<CompiledModule> decode_cache_file(std::string_view bytes, const KernelCacheKey& key) {
  if (bytes.size() < kHeaderSize + kChecksumSize) return std::nullopt;
  std::string_view body = bytes.substr(0, bytes.size() - kChecksumSize);
  std::uint64_t checksum = 0;
  std::memcpy(&checksum, bytes.data() + body.size(), kChecksumSize);
  if (std::memcmp(body.data(), kMagic, sizeof kMagic) != 0 || xxh64(body) != checksum) return std::nullopt;

  Reader r(body.substr(sizeof kMagic));
  std::uint32_t format = 0, kind = 0, lowered_count = 0, zero = 0;
  std::uint64_t key_size = 0, binary_size = 0;
  std::string_view key_text, binary;
  if (!r.read(format) || format != kFileFormat || !r.read(kind) || !r.read(key_size) || !r.read(binary_size) ||
      !r.read(lowered_count) || !r.read(zero) || !r.read(key_text, key_size) || key_text != key.text ||
      !r.read(binary, binary_size))
    return std::nullopt;
  if (kind != static_cast<std::uint32_t>(BinaryKind::Cubin) && kind != static_cast<std::uint32_t>(BinaryKind::Ptx) &&
      kind != static_cast<std::uint32_t>(BinaryKind::Fatbin))
    return std::nullopt;
  CompiledModule module;
  module.kind = static_cast<BinaryKind>(kind);
  module.binary = std::string(binary);
  for (std::uint32_t i = 0; i < lowered_count; ++i) {
    std::string expression, lowered;
    if (!r.read_sized(expression) || !r.read_sized(lowered)) return std::nullopt;
    module.lowered_names.emplace_back(std::move(expression), std::move(lowered));
  }
  if (!r.at_end()) return std::nullopt;
  return module;
}

std::optional<CompiledModule> read_cached_module(const KernelCacheKey& key) {
  std::string bytes;
  if (!read_whole_file((fs::path(kernel_cache_dir()) / key.file_name()).string(), bytes)) return std::nullopt;
  return decode_cache_file(bytes, key);
}

std::string prebuilt_kernel_dir() {
  const char* env = std::getenv("GPUARRAY_PREBUILT_KERNELS");
  if (env && std::string_view(env) == "0") return {};
  const std::string headers = device_header_dir();
  if (headers.empty()) return {};
  return (fs::path(headers).parent_path() / "_kernels").string();
}

std::optional<CompiledModule> read_prebuilt_module(const KernelCacheKey& key, const Arch& arch) {
  const std::string dir = prebuilt_kernel_dir();
  std::string bytes;
  if (dir.empty() || !read_whole_file((fs::path(dir) / arch.name() / key.file_name()).string(), bytes))
    return std::nullopt;
  return decode_cache_file(bytes, key);
}

void write_cached_module(const KernelCacheKey& key, const CompiledModule& module) {
  fs::path dir = kernel_cache_dir();
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::string temp = (dir / ("." + key.file_name() + ".XXXXXX")).string();
  int fd = mkstemp(temp.data());
  if (fd < 0) return;
  bool ok = write_all(fd, encode_cache_file(key, module));
  ok = close(fd) == 0 && ok;
  if (!ok || std::rename(temp.c_str(), (dir / key.file_name()).c_str()) != 0) unlink(temp.c_str());
}

}  // namespace gpuarray::jit
